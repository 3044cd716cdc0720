"""The Interactive Diagram's own script as the judge of what fairyport writes and reads (issue 33).

Every bundled game's Diagram output is played by H. G. Muller's script (``tests/helpers/idscript.py``) and its
perft compared with fairyport's. The script's AI, which the shared driver runs, makes no drops: a drop game is
played by fairyport's own drop driver (``tests/helpers/iddrops.js``), the script's functions deciding every rule
(its Hold for captures to hand, the page's WeirdPromotion for each drop, MakeMove). Shogi-style promotion and the
drop limits are written in the script's terms (``maxPromote``/``promoOffset`` and a ``WeirdPromotion`` page
function); shogi's pawn-drop mate is not (an extension line, left out on fairyport's side for the comparison).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from fairyport import api
from fairyport.errors import UnsupportedError
from fairyport.idiagram.read import read_game, read_text
from fairyport.idiagram.write import write_game
from fairyport.model import BLACK, WHITE, Game
from tests.helpers import idscript
from tests.helpers.paths import GAMES

DEPTH = 3

SLOW = {"mitregi90", "mitregi108", "mitregi120", "mitregi144", "shogi"}
"""Bundled games whose perft(3) takes the script more than 5 s (each also runs at perft(2) by default)."""

BUNDLED = [pytest.param(path, DEPTH, marks=pytest.mark.slow) if path.stem in SLOW else pytest.param(path, DEPTH)
           for path in sorted(GAMES.glob("*.idiagram"))] + [
    pytest.param(GAMES / f"{name}.idiagram", 2) for name in sorted(SLOW)]
"""The bundled games' Diagram texts, with the depth to compare at."""

def _as_the_script_plays(game: Game) -> Game:
    """``game`` without what its written text says only in fairyport's extension lines, which the script ignores:
    of the bundled games, shogi's pawn-drop mate (no drop mates at the depths compared)."""
    pieces = [dataclasses.replace(p, drop=dataclasses.replace(p.drop, no_drop_mate=False)) if p.drop else p
              for p in game.pieces]
    return dataclasses.replace(game, pieces=pieces)


def _compare(text: str, game: Game, depth: int) -> None:
    """The script's perft of ``text`` equals fairyport's of ``game`` at every depth up to ``depth`` (with drops
    by fairyport's drop driver where the game has them)."""
    run = idscript.run_script(text, depth, drops=game.rules.drops)
    assert not run.failure, run.failure
    ours = _as_the_script_plays(game)
    assert list(run.counts) == [api.perft(ours, d) for d in range(1, depth + 1)]


@pytest.mark.parametrize(("path", "depth"), BUNDLED, ids=lambda p: Path(p).stem if isinstance(p, Path) else str(p))
def test_bundled_games_written_plain_play_the_same_in_the_script(path: Path, depth: int) -> None:
    idscript.require()
    game = read_game(path)
    try:
        text, lost = write_game(game)
    except UnsupportedError as error:  # shogi's pawn-drop mate: the script has no way to say it
        assert error.feature == "Pawn: drop" and "nomate" in error.reason, error
        text, lost = write_game(game, best_effort=True)
        assert len(lost) == 1
    extensions = [line for line in text.splitlines() if line.startswith("fairyport")]
    assert extensions in ([], ["fairyportDrop=file:1,nomate"])  # all else in the script's own terms
    _compare(text, game, depth)


def test_royal_is_written_as_the_piece_number() -> None:
    idscript.require()
    game = read_game(GAMES / "minixiangqi.idiagram")
    text, _ = write_game(game, best_effort=True)
    assert "royal=5" in text.splitlines()
    # the script's parseInt("K") is NaN: no piece is royal, so the king may step into the rook's file
    unroyal = "files=7\nranks=7\nsymmetry=none\nroyal=K\nking:K:K::d1,,d7\nrook:R:R::,,c5\n"
    assert idscript.run_script(unroyal, 1).counts == (api.perft(read_text(unroyal), 1),) == (5,)
    assert idscript.run_script(unroyal.replace("royal=K", "royal=1"), 1).counts == (3,)


SYMMETRY_TEXTS = [
    # Black's pawn only on h7 after the colour switch: the script's mirror gives a7 one too
    "symmetry=mirror\npawn::::a2,,h7\nking:K:K::e1\n",
    "symmetry=rotate\nrook::::a1,,a8\nking:K:K::e1\n",
    "pawn::::a2-d2,,h7\nknight::::b1,,b8\nking:K:K::e1\n",
]


@pytest.mark.parametrize("text", SYMMETRY_TEXTS)
def test_symmetry_is_read_as_the_script_reads_it(text: str) -> None:
    idscript.require()
    game = read_text(text)
    run = idscript.run_script(text, 2)
    assert list(run.counts) == [api.perft(game, d) for d in (1, 2)]
    written, _ = write_game(game)
    assert list(idscript.run_script(written, 2).counts) == list(run.counts)


def test_a_black_pawn_listed_after_the_switch_keeps_the_mirrored_one() -> None:
    game = read_text("symmetry=mirror\npawn::::h2,,h7\nking::::e1\n")
    black = sorted(s for s, p in game.setup.placement.items() if p.color == BLACK and p.id == "P")
    assert black == ["h7"]
    game = read_text("symmetry=mirror\npawn::::a2,,h7\nking::::e1\n")
    black = sorted(s for s, p in game.setup.placement.items() if p.color == BLACK and p.id == "P")
    assert black == ["a7", "h7"]


HALVES = """<script>
function BadZone(x, y, piece, color) {
  var rank = color ? ranks - 1 - y : y;
  if(piece == 2) return rank > 3 || x < 1 && rank > 1;   /* rooks keep to their own half */
  if(piece == 3) { if(color) return y < 5; else return y > 2; }
  return 0;
}
</script>
<div class="idiagram">
files=8
ranks=8
king:K:K::e1
rook:R:R::a1,h1
bishop:B:B::c1
pawn:P:fmWfcF::b2,d2,g2
royal=1
</div>
"""
"""A page whose ``BadZone()`` confines by files and ranks, as Diagram authors write it (``var``, ``?:``, blocks)."""


def test_a_badzone_by_files_and_ranks_is_read_and_plays_as_in_the_script() -> None:
    game = read_text(HALVES)
    rook, bishop = game.piece_type("R"), game.piece_type("B")
    assert rook.confined_to and bishop.confined_to and game.piece_type("K").confined_to is None
    assert "a3" not in game.zone_squares(rook.confined_to, WHITE) and "b3" in game.zone_squares(rook.confined_to, WHITE)
    assert game.zone_squares(bishop.confined_to, BLACK) == frozenset(f"{f}{r}" for f in "abcdefgh" for r in "678")
    idscript.require()
    _compare(HALVES, game, DEPTH)
    written, lost = write_game(game)
    assert lost == [] and "function BadZone" in written
    _compare(written, read_text(written), DEPTH)


@pytest.mark.parametrize(("code", "line", "found"), [
    ("function BadZone(x, y, piece, color) {\n  return board[y][x] != 0;\n}", 2, "'['"),
    ("function BadZone(x, y, piece, color) {\n  for(;;) return 1;\n}", 2, "'for'"),
    ("function BadZone(x, y, piece, color) {\n  if(piece == 1) return nothing;\n  return 0;\n}", 2, "'nothing'"),
])
def test_other_page_code_is_refused_naming_the_function_and_line(code: str, line: int, found: str) -> None:
    page = f"<p>page</p>\n<script>\n{code}\n</script>\n<div class=\"idiagram\">\nking:K:K::e1\n</div>\n"
    with pytest.raises(UnsupportedError) as info:
        read_text(page, file="page.idiagram")
    assert "BadZone() cannot be read" in info.value.reason and found in info.value.reason
    assert (info.value.location.file, info.value.location.line) == ("page.idiagram", line + 2)


@pytest.mark.parametrize(("text", "script_says"), [
    # a castling piece that is not royal, and no royal castler on the board: the script throws (aSide)
    ("royal=3\nrook:R:R::a1,h1\nman:M:KisO2::e1\nking:K:K::d1\n", "aSide"),
    # a bishop in the corner next to the king: the script castles with it, landing the king beyond the board
    ("royal=1\nking:K:KisO2::g1\nbishop:B:B::h1\nrook:R:R::a1\n", "i1"),
])
def test_castling_the_script_misplays_is_refused(text: str, script_says: str) -> None:
    game = read_text(text)
    with pytest.raises(UnsupportedError) as info:
        write_game(game)
    assert info.value.feature == "castling"
    idscript.require()
    assert script_says in idscript.run_script(text, 1, divide=True).output


def test_castling_the_script_plays_is_written() -> None:
    text = "files=10\nroyal=1\nking:K:KisO3::e1\nrook:R:R::a1,j1\nbishop::::c1,h1\n"
    written, lost = write_game(read_text(text))
    assert lost == []
    idscript.require()
    _compare(written, read_text(written), 2)


def test_a_promotion_without_choices_is_warned_about() -> None:
    text = "promoChoice=X\npawn:P:fmWfcF::b7\nqueen::::d1\nking:K:K::e1\n"
    game = read_text(text)
    assert any("offers no piece type" in w["message"] for w in game.format_data["idiagram"]["warnings"])
    idscript.require()
    assert idscript.run_script(text, 1).counts == (api.perft(game, 1) - 1,)  # the script: no b7-b8 at all
