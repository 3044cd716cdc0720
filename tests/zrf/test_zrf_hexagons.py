"""Hexagonal ZRF boards read as the rectangle of half-cells they are drawn on (issue 17, :mod:`fairyport.zrf.hexagons`):
each cell a square of that rectangle, each hexagonal direction one constant step, the pieces' moves plain XBetza
(leaps no plain atom makes with one ``X`` extension). The fixture under ``fixtures/zrf/hexagons`` (fairyport's own
game) and the real Gliński and McCooey files are counted by the ZRF interpreter, the move generator on the model
and the Interactive Diagram written from the model and read back."""

from __future__ import annotations

import pytest
from paths import ROOT, ZRF_COLLECTIONS, needs

from fairyport.errors import UnsupportedError
from fairyport.expectations import read_expectation
from fairyport.idiagram.read import read_text as read_diagram
from fairyport.idiagram.write import write_game
from fairyport.json import game_from_json, game_to_json
from fairyport.model import kept_code
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.hexagons import hex_axes, hex_cells
from fairyport.zrf.interpreter.engine import compile_variant, position
from fairyport.zrf.read import read_game, read_text
from fairyport.zrf.typed.reader import read_variant, read_variant_text
from fairyport.zrf.write.file import write_game as write_zrf
from fairyport.zrf.write.holes import LAME_OVER_HOLE

HEXAGONS = ROOT / "fixtures" / "zrf" / "hexagons"
LITTLE_HEX = HEXAGONS / "little-hex.zrf"


def test_little_hex_reads_whole_as_the_rectangle_of_half_cells() -> None:
    game = read_game(LITTLE_HEX)
    assert kept_code(game) == []
    # 7 files, 13 half-cell ranks; 37 cells, so 91 - 37 = 54 holes (every other point and the cut corners)
    assert (game.board.files, game.board.ranks, len(game.board.holes)) == (7, 13, 54)
    assert not game.board.links
    assert {p.id: p.betza for p in game.pieces} == {
        "P": "fmDfcFfeF", "N": "sCvNXvAX", "B": "sD0vC0", "R": "vD0B", "Q": "D0BvC0", "K": "DFvC"}
    # the file's d1 (the bottom cell of the middle file) is the rectangle's d1; its d7 (the top) is d13
    assert game.setup.placement["d1"].id == "K" and game.setup.placement["d13"].id == "K"
    (pawn,) = (p for p in game.pieces if p.id == "P")
    assert [(z.betza, z.zone) for z in pawn.zoned_moves] == [("fmnnWX", "passing-cells-behind")]


def test_little_hex_counts_alike_in_the_interpreter_the_model_and_the_diagram_read_back() -> None:
    game = read_game(LITTLE_HEX)
    text, lost = write_game(game, best_effort=True)
    assert "hole::::" in text and "files=7" in text and "ranks=13" in text
    assert len(lost) == 2  # the promotion zone and the double step from named cells: extension lines
    generator = compile_game(game).start_position()
    diagram = compile_game(read_diagram(text)).start_position()
    interpreter = position(compile_variant(read_variant_text(LITTLE_HEX.read_text(), str(LITTLE_HEX), None)), None)
    (case,) = read_expectation(HEXAGONS / "little-hex.perft").cases
    for line in case.expected:
        if line.depth <= 3:
            assert perft(interpreter, line.depth) == perft(generator, line.depth) == perft(diagram, line.depth) \
                == line.nodes


def test_little_hex_survives_the_json_round_trip() -> None:
    game = read_game(LITTLE_HEX)
    again = game_from_json(game_to_json(game))
    assert again.board == game.board and [p.betza for p in again.pieces] == [p.betza for p in game.pieces]
    assert perft(compile_game(again).start_position(), 2) == 273


STAGGERED_ROWS = """(game (title "Rows") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 50 50) (dimensions ("a/b/c" (70 0)) ("3/2/1" (35 60)))
      (directions (e 1 0) (w -1 0) (nw 0 -1) (se 0 1) (ne 1 -1) (sw -1 1))))
  (board-setup (White (King a1)) (Black (King c3)))
  (piece (name King) (moves (e (verify not-friend?) add) (w (verify not-friend?) add) (ne (verify not-friend?) add)
    (sw (verify not-friend?) add) (nw (verify not-friend?) add) (se (verify not-friend?) add)))
  (loss-condition (White Black) (checkmated King))
)
"""


def test_rows_staggered_by_half_a_cell_make_files_of_half_cells() -> None:
    zv = read_variant_text(STAGGERED_ROWS, "rows.zrf", None)
    assert zv.geometry is not None
    assert hex_axes(zv.game) == (0, 35, 60)
    cells = hex_cells(zv.game, zv.geometry)
    assert cells is not None
    # cells of a row are 2 points apart along the screen's x axis; each row down shifts its cells by one point
    assert (cells["b3"][0] - cells["a3"][0], cells["b3"][1] - cells["a3"][1]) == (2, 0)
    assert (cells["a1"][0] - cells["a3"][0], cells["a1"][1] - cells["a3"][1]) == (2, -2)
    game = read_text(STAGGERED_ROWS, name="rows.zrf")
    assert kept_code(game) == []
    (king,) = game.pieces
    assert king.betza == "sDF"  # the six sides: (±2, 0) along the rows, (±1, ±1) to the rows above and below
    interpreter = position(compile_variant(zv), None)
    assert perft(interpreter, 3) == perft(compile_game(game).start_position(), 3)


DAGAZ = ZRF_COLLECTIONS / "DagazProject+DagazProject.github.io" / "checkmate" / "zrf"


@needs(DAGAZ)
@pytest.mark.parametrize(("file", "variant", "nodes"), [
    ("glinski.zrf", None, (51, 2586, 137858)),
    ("mccooey.zrf", "1", (31, 947, 33307)),
    ("mccooey.zrf", "2", (40, 1599, 68007)),
])
def test_real_hexagonal_chess_reads_whole_and_counts_as_the_interpreter(
        file: str, variant: str | None, nodes: tuple[int, int, int | None]) -> None:
    path = DAGAZ / file
    game = read_game(path, variant=variant)
    assert kept_code(game) == []
    zv = read_variant(path, variant)
    interpreter = position(compile_variant(zv), None)
    generator = compile_game(game).start_position()
    text, _ = write_game(game, best_effort=True)
    diagram = compile_game(read_diagram(text)).start_position()
    for depth, expected in enumerate(nodes, 1):
        if expected is None:
            continue
        assert perft(generator, depth) == expected
        if depth <= 2:
            assert perft(interpreter, depth) == perft(diagram, depth) == expected


GLINSKI_FILES = "abcdefghikl"
"""Gliński's files as the Dagaz file names them (no j); its ranks 1-11 with a cell (file q, rank r) on the board
where 5 <= q + r - 1 <= 15 (the file's kill-positions)."""
AXIAL_SIDES = ((0, 1), (0, -1), (1, 0), (-1, 0), (-1, 1), (1, -1))
AXIAL_CORNERS = ((2, -1), (-2, 1), (1, 1), (-1, -1), (-1, 2), (1, -2))
AXIAL_KNIGHT = ((1, 2), (2, 1), (3, -1), (3, -2), (2, -3), (1, -3), (-1, -2), (-2, -1), (-3, 1), (-3, 2), (-2, 3),
                (-1, 3))


def glinski_first_moves() -> int:
    """White's moves from Gliński's start counted on the file's own (file, rank) grid, in axial coordinates (code
    independent of the rectangle of half-cells): no piece attacks a king at the start, so every move is legal."""
    def at(name: str) -> tuple[int, int]:
        return GLINSKI_FILES.index(name[0]), int(name[1:])

    def on_board(q: int, r: int) -> bool:
        return 0 <= q <= 10 and 1 <= r <= 11 and 5 <= q + r - 1 <= 15

    white = {"P": "b5 c5 d5 e5 f5 g4 h3 i2 k1", "R": "c4 i1", "N": "d3 h1", "B": "f1 f2 f3", "Q": "e2", "K": "g1"}
    black = {"P": "b11 c10 d9 e8 f7 g7 h7 i7 k7", "R": "c11 i8", "N": "d11 h9", "B": "f11 f10 f9", "Q": "e11",
             "K": "g10"}
    board = {at(c): (side, kind) for side, army in ((1, white), (-1, black))
             for kind, cells in army.items() for c in cells.split()}
    count = 0
    for (q, r), (side, kind) in board.items():
        if side != 1:
            continue
        if kind == "P":  # every pawn stands where it may double-step; nothing to capture yet
            for ahead in (1, 2):
                if not on_board(q, r + ahead) or (q, r + ahead) in board:
                    break
                count += 1
            continue
        steps = {"R": AXIAL_SIDES, "B": AXIAL_CORNERS, "Q": AXIAL_SIDES + AXIAL_CORNERS,
                 "K": AXIAL_SIDES + AXIAL_CORNERS, "N": AXIAL_KNIGHT}[kind]
        for dq, dr in steps:
            t = (q + dq, r + dr)
            while on_board(*t) and board.get(t, (0, ""))[0] != 1:
                count += 1
                if t in board or kind in "NK":
                    break
                t = (t[0] + dq, t[1] + dr)
    return count


@needs(DAGAZ)
def test_glinski_first_moves_counted_on_the_hexagons_themselves_agree() -> None:
    game = read_game(DAGAZ / "glinski.zrf")
    assert glinski_first_moves() == perft(compile_game(game).start_position(), 1) == 51


def test_the_zrf_writer_refuses_the_double_step_over_the_half_cells_by_name() -> None:
    game = game_from_json(game_to_json(read_game(LITTLE_HEX)))  # the model alone, not the source file
    with pytest.raises(UnsupportedError, match="XBetza 'fmnnWX' cannot be written as ZRF") as error:
        write_zrf(game)
    assert LAME_OVER_HOLE in str(error.value) and "'b3' to 'b7' over 'b4'" in str(error.value)
    # without the double step the rest is written, and the interpreter plays it as the model does
    (pawn,) = (p for p in game.pieces if p.id == "P")
    pawn.zoned_moves = ()
    text, lost = write_zrf(game)
    assert lost == []
    written = position(compile_variant(read_variant_text(text, "written.zrf", None)), None)
    assert perft(written, 3) == perft(compile_game(game).start_position(), 3)
