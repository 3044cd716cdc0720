"""Extinction goals and atomic captures (``extinctionValue`` and its counts, ``blastOnCapture``): read from
variants.ini, played by the reference generator with Fairy-Stockfish's counts (pyffish), kept by JSON, written
back to variants.ini, and refused by name by the writers that cannot express them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from fsf_compare import fsf_counts, model_counts

from fairyport import json as fp_json
from fairyport.errors import UnsupportedError
from fairyport.fsf.read import read_text
from fairyport.fsf.write import write_section
from fairyport.idiagram.write import write_game as write_idiagram
from fairyport.model import Blast, ExtinctionGoal, Game, RoyalProtection, StalemateResult
from fairyport.movegen import compile_game
from fairyport.zrf.write.file import write_game as write_zrf
from tests.helpers.written_goals import assert_diagram_plays_as_fsf, gc_fen, written_counts

Writer = Callable[..., tuple[str, list[str]]]

pyffish = pytest.importorskip("pyffish")

SECTIONS = """
[atom22:atomic]
castling = false

[nocheckatom22:nocheckatomic]
castling = false

[antiatomic22:giveaway]
blastOnCapture = true
castling = false
extinctionOpponentPieceCount = 1

[kamikaze22:chess]
extinctionValue = win
extinctionPieceTypes = r

[kings22:chess]
king = -
commoner = k
castling = false
extinctionValue = loss
extinctionPieceTypes = k
extinctionPieceCount = 1
startFen = knbqkbnk/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBNK w - - 0 1

[housext22:crazyhouse]
king = -
commoner = k
castling = false
extinctionValue = loss
extinctionPieceTypes = n

[giveaway22:giveaway]
castling = false
extinctionOpponentPieceCount = 2
extinctionValue = draw

[twomaha22:chess]
customPiece1 = m:QN
castling = false
startFen = 3mm3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1
extinctionValue = loss
extinctionPieceTypes = m
extinctionPseudoRoyal = true

[ecastle22:extinction]

[acastle22:atomic]

[absent22:extinction]
castling = false
pawn = -
startFen = rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1

[atomhouse22:atomic]
castling = false
pieceDrops = true
capturesToHand = true
"""

CASES = [  # (section, FEN, perft depth: 2 for the crowded positions, to keep the test fast)
    # atomic: a king may not capture (it would blast itself), nor a piece next to its own king; kings side by
    # side cannot check each other; blasting the enemy king is legal even from check; pawns next to a blast stay
    ("atom22", "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", 3),
    ("atom22", "8/8/2p5/3kK3/8/8/8/R7 w - - 0 1", 3),
    ("atom22", "3qk3/8/8/8/8/8/4r3/3RK3 w - - 0 1", 3),
    ("atom22", "r3k3/1p1p4/2n5/8/4Q3/2P5/1P1P4/4K3 w - - 0 1", 2),
    ("atom22", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", 3),
    # without pseudo-royal kings the king is just extinct when blasted
    ("nocheckatom22", "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", 3),
    ("nocheckatom22", "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5P2/PPPP2PP/RNBQKBNR w - - 0 1", 2),
    # forced captures with blasts; the game ends when the opponent still has a piece and one has none
    ("antiatomic22", "8/8/8/3p4/4P3/8/8/8 w - - 0 1", 3),
    ("antiatomic22", "8/8/2pp4/3p4/4P3/8/8/7n w - - 0 1", 3),
    # extinction of a type (a win for the extinct side), of one of two kings, counted in hand
    ("kamikaze22", "4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1", 3),
    ("kings22", "k3k3/8/8/8/8/8/3q4/K3K3 b - - 0 1", 3),
    ("housext22", "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R[] w - - 0 1", 2),
    ("housext22", "4k3/8/8/8/8/8/3n4/4KN2[] w - - 0 1", 3),
    ("giveaway22", "8/8/8/3p4/4P3/8/8/7N b - - 0 1", 3),
    # two pseudo-royal pieces may be left attacked; the last one may not (the king on the other side is royal)
    ("twomaha22", "3m4/8/8/8/3m4/8/8/R3K2Q b - - 0 1", 3),
    ("twomaha22", "3m4/8/8/8/8/8/8/3RK2Q b - - 0 1", 3),
    # a castling piece that is not royal castles through attacked squares (extinction chess); the pseudo-royal
    # king of atomic does not
    ("ecastle22", "r3k2r/pppqpppp/2n5/8/2b5/4QN2/PPPB1PPP/R3K2R w KQkq - 0 1", 2),
    ("acastle22", "r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1", 3),
    ("acastle22", "r3k2r/8/8/8/8/5q2/8/R3K2R w KQkq - 0 1", 2),
]


def _game(name: str) -> Game:
    return read_text(SECTIONS, variant=name, name="extinction.ini")


@pytest.mark.parametrize(("name", "fen", "depth"), CASES)
def test_perft_as_fairy_stockfish(name: str, fen: str, depth: int) -> None:
    pyffish.load_variant_config(SECTIONS)
    assert model_counts(_game(name), depth, fen) == fsf_counts(pyffish, name, depth, fen)


def test_read_into_the_model() -> None:
    atom = _game("atom22")
    assert atom.rules.blast == Blast(("P",))
    assert atom.rules.extinction == ExtinctionGoal(("K",), 0, 0, StalemateResult.LOSS)
    assert [p.id for p in atom.pieces if p.royal] == ["K"]
    assert _game("antiatomic22").rules.extinction == ExtinctionGoal(None, 0, 1, StalemateResult.WIN)
    assert _game("kings22").rules.extinction == ExtinctionGoal(("K",), 1, 0, StalemateResult.LOSS)
    assert _game("giveaway22").rules.extinction == ExtinctionGoal(None, 0, 2, StalemateResult.DRAW)
    assert _game("kamikaze22").rules.blast is None
    maharajah = _game("twomaha22")
    assert maharajah.rules.royal_protection is RoyalProtection.LAST and maharajah.rules.extinction is None


@pytest.mark.parametrize(("fen", "reason", "result"), [
    ("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", "extinction", "0-1"),  # Black has no rook: Black wins (kamikaze)
    ("8/8/8/8/8/8/8/R3K3 b - - 0 1", "no royal piece", "1-0"),
])
def test_outcome_names_the_extinction(fen: str, reason: str, result: str) -> None:
    variant = compile_game(_game("kamikaze22"))
    pos = variant.new_position().from_fen(variant, fen)
    assert pos.legal_raw() == []
    outcome = pos.outcome()
    assert outcome is not None and (outcome.reason, outcome.result) == (reason, result)


def test_a_blast_is_taken_back() -> None:
    variant = compile_game(_game("atom22"))
    fen = "r3k3/1p1p4/2n5/8/4Q3/2P5/1P1P4/4K3 w - - 0 1"
    pos = variant.new_position().from_fen(variant, fen)
    for move in pos.legal_raw():
        pos.push_raw(move)
        pos.pop_raw()
        assert pos.fen() == fen


@pytest.mark.parametrize(("name", "option"), [("absent22", "extinctionPieceTypes"),
                                              ("atomhouse22", "blastOnCapture")])
def test_refused_by_name(name: str, option: str) -> None:
    with pytest.raises(UnsupportedError, match=option):
        _game(name)


@pytest.mark.parametrize("name", ["atom22", "antiatomic22", "housext22"])
def test_json_round_trip(name: str) -> None:
    game = _game(name)
    assert fp_json.game_from_json(fp_json.game_to_json(game)).rules == game.rules


@pytest.mark.parametrize(("name", "fen"), [("atom22", "r3k3/1p1p4/2n5/8/4Q3/2P5/1P1P4/4K3 w - - 0 1"),
                                           ("antiatomic22", "8/8/2pp4/3p4/4P3/8/8/7n w - - 0 1"),
                                           ("kings22", "k3k3/8/8/8/8/8/3q4/K3K3 b - - 0 1")])
def test_fsf_write_read_back(name: str, fen: str) -> None:
    game = _game(name)
    text, lost = write_section(game, name=f"back{name}", prove=False)
    assert lost == []
    back = read_text(text, variant=f"back{name}")
    assert back.rules.extinction == game.rules.extinction and back.rules.blast == game.rules.blast
    pyffish.load_variant_config(SECTIONS + "\n" + text)
    expected = fsf_counts(pyffish, name, 2, fen)
    assert fsf_counts(pyffish, f"back{name}", 2, fen) == expected  # Fairy-Stockfish plays the export the same
    assert model_counts(back, 2, fen) == expected


@pytest.mark.parametrize(("write", "name", "feature"), [
    # ZRF writes atomic captures without royal pieces (nocheckatom22: tests/fsf/test_fsf_zrf_atomic.py), not with
    (write_zrf, "atom22", "atomic captures"), (write_zrf, "giveaway22", "extinction"),  # opponent's count of 2
    (write_idiagram, "kamikaze22", "extinction"), (write_idiagram, "nocheckatom22", "atomic captures")])
def test_writers_refuse_by_name(write: Writer, name: str, feature: str) -> None:
    game = _game(name)
    with pytest.raises(UnsupportedError) as raised:
        write(game)
    assert raised.value.feature in (feature, "extinction")
    _, lost = write(game, best_effort=True)
    assert any(feature in item for item in lost)


@pytest.mark.parametrize(("name", "fen", "depth"), [case for case in CASES if gc_fen(case[1])])
def test_gamecourier_writes_the_rules(name: str, fen: str, depth: int, tmp_path: Path) -> None:
    # blasts, pseudo-royal kings, extinction, forced captures, non-royal castling: the written GAME Code plays as
    # Fairy-Stockfish from positions where the rules bite, and reads back to the same rules
    game = _game(name)
    pyffish.load_variant_config(SECTIONS)
    counts, back = written_counts(game, "gamecourier", fen, 2, tmp_path)
    assert counts == fsf_counts(pyffish, name, 2, fen)
    assert back.rules == game.rules and not back.kept


@pytest.mark.parametrize(("name", "fen"), [("kamikaze22", "4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1"),
                                           ("kings22", "k3k3/8/8/8/8/8/3q4/K3K3 b - - 0 1"),
                                           ("ecastle22", "r3k2r/pppqpppp/2n5/8/2b5/4QN2/PPPB1PPP/R3K2R w KQkq - 0 1")])
def test_zrf_writes_extinction_and_non_royal_castling(name: str, fen: str, tmp_path: Path) -> None:
    game = _game(name)
    pyffish.load_variant_config(SECTIONS)
    counts, back = written_counts(game, "zrf", fen, 2, tmp_path)
    assert counts == fsf_counts(pyffish, name, 2, fen)
    assert back.rules.extinction == game.rules.extinction and not back.kept


@pytest.mark.parametrize(("name", "fen", "depth"), CASES)
def test_diagram_extension_lines_play_as_fairy_stockfish(name: str, fen: str, depth: int) -> None:
    # the Diagram has no parameter for these rules: --best-effort writes fairyport's extension lines, which
    # fairyport reads back into the same rules, playing as Fairy-Stockfish from positions where they bite
    assert_diagram_plays_as_fsf(_game(name), SECTIONS, name, fen, min(depth, 2))
