"""The written preset's quiet-move shortcut (``write/quiet.py``): what an attack on the royal square depends on, and
the proof that skipping the check test for quiet moves changes no legal move (random playouts against the same
preset with the shortcut switched off, in positions where pieces are pinned, kings walk and cannons find screens)."""

from __future__ import annotations

import random
import re

import pytest

from fairyport.expectations import bundled_fixtures
from fairyport.gamecourier.interpreter.board import Geometry
from fairyport.gamecourier.interpreter.game import GameCourierGame, GameCourierPosition, GCMove, load_text
from fairyport.gamecourier.write.quiet import Relevance, exposes_def, relevance, screens_def

GEOMETRY = Geometry.build([str(f) for f in range(8)], [str(r) for r in range(8)], set())
GAMES = bundled_fixtures() / "games"
DROPS = bundled_fixtures() / "gamecourier" / "drops"


def _preset(name: str) -> str:
    path = GAMES / f"{name}.php"
    return (path if path.is_file() else DROPS / f"{name}.php").read_text(encoding="utf-8")


def test_chess_terms_depend_on_lines_and_the_castling_squares() -> None:
    terms = ["checkaleap #0 #1 0 2 and fn vacant #1 and flag #0 and empty where #0 0 1",
             "checkaleap #0 #1 1 1 and (fn occupied #1 or == #1 #ep)", "checkleap #0 #1 1 2", "checkride #0 #1 1 0",
             "checkride #0 #1 1 1",
             "(flag #0 and == #1 where #0 2 0 and flag where #0 3 0 and fn vacant where #0 1 0 and fn vacant where #0 "
             "2 0)"]
    found = relevance(terms, GEOMETRY)
    assert found is not None
    assert found.lines == {(0, 1), (1, 1)} and found.hop_lines == set()
    assert found.offsets == {(-1, 0)} and found.box() == 1  # the castling King's path; the pawn's push attacks nothing
    assert exposes_def(found) == ("def exposes checkride #0 #1 0 1 or checkride #0 #1 1 1 or (<= abs - file #1 file #0 "
                                  "1 and <= abs - rank #1 rank #0 1);")
    assert found.fill_offsets == set() and screens_def(found) is None  # a piece landing there only blocks


def test_filling_matters_only_where_a_term_reads_more_than_emptiness() -> None:
    lame = relevance(["checkatwostep #0 #1 1 1 1 1", "checkleap #0 #1 1 2 and empty where #0 1 1"], GEOMETRY)
    assert lame is not None and (-1, -1) in lame.offsets and lame.fill_offsets == set()  # passed or must be empty
    needs_piece = relevance(["checkleap #0 #1 1 2 and not empty where #1 0 1"], GEOMETRY)
    assert needs_piece is not None and needs_piece.fill_offsets == {(0, 1)}
    assert screens_def(needs_piece) == "def screens (<= abs - file #1 file #0 1 and <= abs - rank #1 rank #0 1);"
    either = relevance(["checkleap #0 #1 1 0 and (fn occupied where #1 0 1 or fn vacant where #1 0 1)"], GEOMETRY)
    assert either is not None and either.fill_offsets == {(0, 1)}  # an 'or': not a plain emptiness test


def test_cannons_lame_leaps_and_bent_rides() -> None:
    cannon = relevance(["checkride #0 #1 1 0 and fn vacant #1", "checkhop #0 #1 1 0 and fn occupied #1"], GEOMETRY)
    assert cannon == Relevance(set(), {(0, 1)}, set())
    assert exposes_def(cannon) == "def exposes checkride #0 #1 0 1 or checkhop #0 #1 0 1;"
    assert screens_def(cannon) == "def screens checkride #0 #1 0 1;"
    horse = relevance(["checkatwostep #0 #1 0 1 1 1"], GEOMETRY)
    assert horse is not None and horse.offsets == {(-1, -1)}  # the leg, next to the attacked square
    bent = relevance(["onboard where #0 1 1 and empty where #0 1 1 and checkaride where #0 1 1 #1 1 0"], GEOMETRY)
    assert bent == Relevance({(0, 1)}, set(), set(), bends={((1, 1), (0, 1))})  # its attacker: a step off the line
    assert screens_def(bent) is None and bent.lines_only()
    assert relevance(["checkride #0 #1 2 4"], GEOMETRY) == Relevance({(1, 2)}, set(), set(), unit_rides=False)
    assert cannon.lines_only() and horse is not None and horse.lines_only()  # the leg: within the box
    assert not cannon.ride_reads and not horse.ride_reads  # the cannon's target test reads the royal square
    rider = relevance(["checkride #0 #1 1 0 and empty where #1 0 1"], GEOMETRY)
    assert rider is not None and rider.ride_reads and rider.offsets == {(0, 1)}
    assert not Relevance({(0, 1)}, {(0, 1)}, set(), bends={((1, 1), (0, 1))}).lines_only()  # bends and hops


def test_lines_only_for_unit_rides_and_plain_leaps() -> None:
    shogi = relevance(["checkaleap #0 #1 0 1", "checkride #0 #1 1 1", "checkride #0 #1 1 0", "checkleap #0 #1 1 1",
                       "checkaride #0 #1 0 1", "checkleap #0 #1 1 2"], GEOMETRY)
    assert shogi is not None and shogi.lines_only()
    for odd in ("checkride #0 #1 2 0", "checkride #0 #1 1 2"):
        found = relevance(["checkride #0 #1 1 1", odd], GEOMETRY)
        assert found is not None and not found.lines_only(), odd


@pytest.mark.parametrize("term", ["checkpath #0 #1 (1 0 1 0)", "fn other #0 #1", "checkride #0 #1 1 0 and empty "
                                  "where #0 0 1", "checkleap #1 #0 1 2", "checkleap #0 #1 1 2 and empty #2"])
def test_unknown_forms_write_no_shortcut(term: str) -> None:
    assert relevance(["checkleap #0 #1 1 0", term], GEOMETRY) is None


def _without_shortcut(text: str) -> str:
    text = re.sub(r"^set kingsq sub royalsquare .*;$", "set kingsq false;", text, flags=re.MULTILINE)
    text = re.sub(r"^gosub searched .*;\n", "", text, flags=re.MULTILINE)  # sub attacked searches every piece
    text = re.sub(r"^( *)set quiet not fn exposes .*;$", r"\1set quiet false;", text, flags=re.MULTILINE)
    return re.sub(r"^( *)set kingat cond .*;$", r"\1set kingat false;", text, flags=re.MULTILINE)


def _names(game: GameCourierGame, pos: GameCourierPosition) -> dict[str, GCMove]:
    return {m.uci(): m for m in game.legal_moves(pos.state)}


@pytest.mark.parametrize("name", ["chess", "minixiangqi", "mideast", "shatranj-kamil-x", "minishogi", "shogi",
                                  "mirchess32"])
def test_quiet_moves_change_no_legal_move(name: str) -> None:
    text = _preset(name)
    assert "set quiet not fn exposes" in text
    fast, plain = load_text(text), load_text(_without_shortcut(text))
    assert "set quiet not fn exposes" not in _without_shortcut(text) and "set kingsq sub" not in _without_shortcut(text)
    assert "gosub searched" not in _without_shortcut(text)
    rng = random.Random(name)
    for _ in range(2):
        a, b = fast.position(), plain.position()
        line: list[str] = []
        for _ in range(30):
            left, right = _names(fast, a), _names(plain, b)
            assert sorted(left) == sorted(right), f"{name} after {' '.join(line) or 'the start'}"
            if not left:
                break
            move = rng.choice(sorted(left))
            line.append(move)
            a.push_raw(left[move])
            b.push_raw(right[move])


@pytest.mark.parametrize(("name", "fen", "illegal"), [
    ("chess", "4k3/8/8/b7/8/8/3N4/4K3 w", "d2b3"),  # the Knight on d2 is pinned by the Bishop on a5
    ("chess", "4k3/8/8/8/4r3/8/4Q3/4K3 w", "e2d2"),  # the Queen is pinned on the file
    ("minixiangqi", "2k4/3c3/7/7/R6/7/3K3 w", "a3d3"),  # a Rook on d3 would be the Cannon's screen
    ("minixiangqi", "2k4/7/7/7/4n2/4R2/3K3 w", "e2f2"),  # the Rook on e2 blocks the Horse's leg
    ("minishogi", "5/5/4k/3b1/5/1S3/K4/5/5 w", "b2b3"),  # the Silver is pinned by the Bishop (sub uncovered)
    ("minishogi", "5/5/r3k/5/5/G4/K4/5/5 w", "a2b2"),  # the Gold is pinned on the file
    ("minishogi", "5/5/4k/5/r4/G4/K4/5/5 w", "a2b2"),  # ... by a Rook next to it
    ("mideast", "k9/10/10/10/10/4v5/10/5N4/5K4/10 w", "f3d4"),  # the Knight blocks the v's ride after its step
    ("mideast", "k9/10/10/10/10/4v5/5N4/10/5K4/10 w", "f4d3"),  # the Knight stands on the v's bend
    ("mirchess32", "4c2k/8/8/8/8/4R3/4N3/4K3 w", "e3a3"),  # the Rook leaves the Knight the Cannon's only screen
    ("mirchess32", "4r2k/8/8/8/8/8/4N3/4K3 w", "e2c3"),  # a Rook's pin where Cannons are about
    ("chess", "4k3/8/8/b7/8/2N5/8/4K3 w", "c3d5"),  # a pin away from the King: sub uncovered
    ("chess", "4k3/8/8/8/8/8/r7/4K3 w", "e1e2"),  # the King moves: sub attacked on its new square
    ("minishogi", "5/5/4k/5/1r3/5/K4/5/5 w", "a1b1"),
    ("minixiangqi", "2k4/7/3r3/7/3R3/7/3K3 w", "d3a3"),  # ... on the file
    ("minixiangqi", "2k4/3c3/7/3N3/3R3/7/3K3 w", "d3a3"),  # the Rook leaves the Horse the Cannon's only screen
    ("shatranj-kamil-x", "4c4k/10/10/10/10/10/10/R9/10/4K5 w", "a3e3"),  # a new screen far from the King
    ("shatranj-kamil-x", "4c4k/10/10/10/10/10/10/10/R9/4K5 w", "a2e2"),  # ... next to it
    ("shatranj-kamil-x", "9k/10/10/10/10/10/10/1R8/10/c3K5 w", "b3b1"),  # a screen on the rank
    ("mirchess32", "4c2k/8/8/8/8/8/R7/4K3 w", "a2e2"),
    ("mideast", "k9/10/10/10/10/10/10/1v8/10/6K3 w", "g1g2"),  # the King steps into the v's bent ride (Pre-Move's list)
])
def test_moves_that_uncover_an_attack_are_still_checked(name: str, fen: str, illegal: str) -> None:
    text = _preset(name)
    fast, plain = load_text(text), load_text(_without_shortcut(text))
    found = sorted(m.uci() for m in fast.legal_moves(fast.position(fen).state))
    assert found == sorted(m.uci() for m in plain.legal_moves(plain.position(fen).state))
    assert illegal not in found and found
