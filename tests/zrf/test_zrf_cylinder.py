"""Boards whose files wrap around (issue 17): Chess.zrf's Cylindrical Chess links h1 to a1 along ``e`` (and the
diagonals alike). The ZRF reader reads such a board as the plain rectangle and gives every move across files
XBetza's cylinder ``o``, which the move generator plays, the Interactive Diagram writes as it is, Game Courier
plays, the ZRF writer writes along directions whose files wrap (``e-o``), and Fairy-Stockfish refuses by name."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from paths import ROOT, ZRF_COLLECTIONS, needs

from fairyport.errors import UnsupportedError
from fairyport.fsf.write import write_game as write_fsf
from fairyport.idiagram.read import read_model_text
from fairyport.idiagram.write import write_game as write_diagram
from fairyport.model import kept_code
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.movegen.position import Position
from fairyport.zrf.cylinder import CYLINDER_WHY, on_cylinder
from fairyport.zrf.interpreter.engine import compile_file, compile_variant, position
from fairyport.zrf.read import read_game, read_text
from fairyport.zrf.typed.reader import read_variant
from fairyport.zrf.write.file import write_game as write_zrf

FIXTURE = ROOT / "fixtures" / "zrf" / "shapes" / "cylinder.zrf"
CHESS = ZRF_COLLECTIONS / "ludamad+zrflib" / "zrflib" / "examples" / "Chess.zrf"


@pytest.mark.parametrize(("text", "expected"), [
    ("WFsO2", "oWoFsO2"), ("fmWfcFifmnDfeF", "fmWfcoFifmnDfeoF"), ("N", "oN"), ("RB", "oRoB"), ("vR", "vR"),
    ("nN", None), ("mafsW", None), ("pR", None),
])
def test_moves_across_files_get_the_cylinder_o(text: str, expected: str | None) -> None:
    assert on_cylinder(text) == expected


def test_the_fixture_reads_whole_and_counts_as_the_interpreter() -> None:
    game = read_game(FIXTURE)
    assert kept_code(game) == [] and not game.board.links
    native = position(compile_file(FIXTURE), None)
    start = compile_game(game).start_position()
    assert [perft(start, d) for d in (1, 2, 3, 4)] == [perft(native, d) for d in (1, 2, 3, 4)] == [12, 148, 1555,
                                                                                                  19016]


def test_a_ride_stops_before_its_own_square() -> None:
    # a lone rook on an otherwise empty rank: the four other squares of its rank, and its file
    game = read_game(FIXTURE)
    moves = [str(m) for m in Position.from_fen(compile_game(game), "2k2/5/5/K4/R4 w - - 0 1").legal_moves()
             if str(m).startswith("a1")]
    assert sorted(moves) == ["a1b1", "a1c1", "a1d1", "a1e1"]


def test_a_board_that_wraps_only_in_part_keeps_its_moves_as_code() -> None:
    text = FIXTURE.read_text().replace("(links e (e1 a1) ", "(links e ")
    game = read_text(text, name="part.zrf")
    assert game.board.links and any("wraps around" in (p.why or "") or "links" in (p.why or "")
                                    for p in game.programs("R"))


def test_a_lame_move_across_files_on_a_cylinder_stays_code() -> None:
    # the knight made lame (nN): the generator plays 'o' on no lame move
    text = FIXTURE.read_text().replace("(define leap ($1 $2 (verify not-friend?) add))",
                                       "(define leap ($1 (verify empty?) $2 (verify not-friend?) add))")
    game = read_text(text, name="lame.zrf")
    assert any(p.why == CYLINDER_WHY for p in game.programs("N"))


def test_the_diagram_writes_the_cylinder_moves_plainly_and_reads_them_back() -> None:
    game = read_game(FIXTURE)
    text, lost = write_diagram(game)
    assert lost == [] and "Rook:R:oR:Rook:e1,,d5" in text.splitlines()
    back = compile_game(read_model_text(text)).start_position()
    assert [perft(back, d) for d in (1, 2, 3)] == [12, 148, 1555]


def test_fairy_stockfish_refuses_the_cylinder_by_name() -> None:
    with pytest.raises(UnsupportedError, match=r"'oW'"):
        write_fsf(read_game(FIXTURE))


def test_the_zrf_writer_writes_cylinder_moves_along_directions_whose_files_wrap(tmp_path: Path) -> None:
    game = read_game(FIXTURE)
    text, lost = write_zrf(game)
    assert lost == [] and "(links e-o" in text and "(e-o w-o)" in " ".join(text.split())
    path = tmp_path / "written.zrf"
    path.write_text(text)
    assert [perft(position(compile_file(path), None), d) for d in (1, 2, 3)] == [12, 148, 1555]


def test_cylinder_moves_on_a_board_with_links_are_refused_by_the_zrf_writer() -> None:
    game = read_game(FIXTURE)
    game.board = dataclasses.replace(game.board, links={"x": {"a1": "b1"}})
    with pytest.raises(UnsupportedError, match="mode 'o'"):
        write_zrf(game)


@needs(CHESS)
@pytest.mark.parametrize(("fen", "depth", "nodes"), [
    (None, 3, 9162),
    ("4k3/p7/8/7P/8/8/8/4K3 b - - 0 1", 4, 2695),  # e.p. across the seam
    ("k7/8/8/8/8/8/8/1R2K2q w - - 0 1", 3, None),  # checks across the seam
])
def test_cylindrical_chess_reads_whole_and_counts_as_the_interpreter(fen: str | None, depth: int,
                                                                    nodes: int | None) -> None:
    game = read_game(CHESS, variant="11")
    assert kept_code(game) == [] and game.piece_type("K").betza == "oWoFsO2"
    variant = compile_game(game)
    start = variant.start_position() if fen is None else Position.from_fen(variant, fen)
    native = position(compile_variant(read_variant(CHESS, "11")), fen)
    count = perft(start, depth)
    assert count == perft(native, depth) and (nodes is None or count == nodes)
