"""ZRF boards read as rectangles however they are declared (issue 17): positions declared beyond the grid on its
lattice (Omega Chess's wizard squares), reserve positions inside the grid, and the reasons given for directions
that are no step of a rectangle (hexagonal boards, steps around the edge, lines between some squares, storage
sequences). The fixture under ``fixtures/zrf/boards`` is counted by the ZRF interpreter, the move generator on the
model and the Interactive Diagram written from the model and read back."""

from __future__ import annotations

import pytest
from paths import ROOT, ZRF_COLLECTIONS, needs

from fairyport.expectations import read_expectation
from fairyport.idiagram.read import read_text as read_diagram
from fairyport.idiagram.write import write_game
from fairyport.model import kept_code
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_variant, position
from fairyport.zrf.read import BESIDE_KEPT_WHY, read_game, read_text
from fairyport.zrf.rectangle import rectangle
from fairyport.zrf.typed.reader import read_variant, read_variant_text

BOARDS = ROOT / "fixtures" / "zrf" / "boards"
WIZARD = BOARDS / "wizard-corners.zrf"


def interpreter_perft(text: str, depth: int) -> int:
    """perft of the ZRF interpreter on a game text."""
    return perft(compile_variant(read_variant_text(text, "game.zrf", None)).start_position(), depth)


def test_positions_beyond_the_grid_on_its_lattice_widen_the_rectangle_and_play_alike_everywhere() -> None:
    game = read_game(WIZARD)
    assert kept_code(game) == []
    assert (game.board.files, game.board.ranks, len(game.board.holes)) == (6, 6, 18)
    assert game.setup.placement["a1"].id == "B" and game.setup.placement["f6"].id == "B"  # w1 and w2
    assert {p.id: p.betza for p in game.pieces} == {"K": "WF", "B": "B", "R": "R", "N": "N"}
    text, lost = write_game(game)
    assert lost == [] and "hole::::" in text
    generator = compile_game(game).start_position()
    diagram = compile_game(read_diagram(text)).start_position()
    interpreter = position(compile_variant(read_variant_text(WIZARD.read_text(), str(WIZARD), None)), None)
    (case,) = read_expectation(BOARDS / "wizard-corners.perft").cases
    for line in case.expected:
        if line.depth <= 3:
            assert perft(interpreter, line.depth) == perft(generator, line.depth) == perft(diagram, line.depth) \
                == line.nodes


KNIGHT_STEPS = ("(piece (name Knight) (moves (n n e (verify not-friend?) add) (n n w (verify not-friend?) add) "
                "(s s e (verify not-friend?) add) (s s w (verify not-friend?) add) (e e n (verify not-friend?) add) "
                "(e e s (verify not-friend?) add) (w w n (verify not-friend?) add) (w w s (verify not-friend?) add)))")


def test_a_leap_written_as_steps_that_pass_a_hole_stays_zrf_code_with_the_squares() -> None:
    text = WIZARD.read_text()
    start = text.index("  (piece (name Knight)")
    text = text[:start] + "  " + KNIGHT_STEPS + text[text.index("\n  (loss-condition"):]
    # the interpreter's knight cannot pass the holes next to the wizard squares; an XBetza N would (1036)
    assert interpreter_perft(text, 3) == 1025
    game = read_text(text, name="steps.zrf")
    knight = {k.why for k in game.programs("N")}
    assert "a leap written as steps that pass a square the board lacks (a hole or beyond the edge) from 'w1' to " \
           "'a2', where an XBetza leap passes over it: block at steps.zrf:22:31" in knight
    # the other pieces fit the model; they are kept beside the knight's code, not for a reason of their own, and
    # a refusal names the knight's block first
    assert {(k.why, k.beside) for k in game.programs("K")} == {(BESIDE_KEPT_WHY, True)}
    assert kept_code(game)[0][0] == "Knight: zrf program"


RESERVE = """(game (title "Reserve") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("x/a/b/c/y" (10 0)) ("3/2/1" (0 10))))
    (links n (a1 a2) (a2 a3) (b1 b2) (b2 b3) (c1 c2) (c2 c3)) (links s (a2 a1) (a3 a2) (b2 b1) (b3 b2) (c2 c1) (c3 c2))
    (links e (a1 b1) (b1 c1) (a2 b2) (b2 c2) (a3 b3) (b3 c3)) (links w (b1 a1) (c1 b1) (b2 a2) (c2 b2) (b3 a3) (c3 b3))
    (links next (x1 x2) (x2 x3) (x3 a1) (y1 y2) (y2 y3) (y3 c3)))
  (board-setup (White (King a1) (Rook b1)) (Black (King c3) (Rook b3)))
  (piece (name King) (moves (n (verify not-friend?) add) (s (verify not-friend?) add) (e (verify not-friend?) add)
    (w (verify not-friend?) add)))
  (piece (name Rook) (moves (n (while empty? add n) (verify not-friend?) add)
    (s (while empty? add s) (verify not-friend?) add) (e (while empty? add e) (verify not-friend?) add)
    (w (while empty? add w) (verify not-friend?) add)))
  (loss-condition (White Black) (checkmated King))
)
"""


def test_reserve_columns_inside_the_grid_that_no_step_reaches_are_storage() -> None:
    game = read_text(RESERVE, name="reserve.zrf")
    assert kept_code(game) == []
    assert (game.board.files, game.board.ranks, game.board.holes) == (3, 3, frozenset())
    assert perft(compile_game(game).start_position(), 3) == interpreter_perft(RESERVE, 3)


def test_pieces_set_up_on_storage_are_named_as_pieces_off_the_board() -> None:
    text = RESERVE.replace("(White (King a1) (Rook b1))", "(White (King a1) (Rook b1 x1))")
    (program, *_) = read_text(text, name="reserve.zrf").programs("K")
    assert program.why.startswith("a step along the direction 'n', which steps on a rectangle whose setup puts "
                                  "pieces on storage positions (x1): pieces off the board")


def test_a_step_along_a_storage_sequence_says_so() -> None:
    text = RESERVE.replace("(w (verify not-friend?) add)))",
                           "(w (verify not-friend?) add) (next (verify empty?) add)))")
    reasons = {k.why.split(": ")[0] for k in read_text(text, name="reserve.zrf").programs("K")}
    assert "a step along the direction 'next', which links positions in an order no one step of files and ranks " \
           "follows, as from 'x1' to 'x2' (storage or a sequence of positions)" in reasons


CYLINDER = """(game (title "Cylinder") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c/d" (10 0)) ("4/3/2/1" (0 10)))
      (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))
    (links e (d1 a1) (d2 a2) (d3 a3) (d4 a4)))
  (board-setup (White (King a1)) (Black (King d4)))
  (piece (name King) (moves (n (verify not-friend?) add) (e (verify not-friend?) add)))
  (loss-condition (White Black) (checkmated King))
)
"""

@pytest.mark.parametrize(("text", "reason"), [
    (CYLINDER, "a step along the direction 'e', which wraps around the edge of the board, from 'd1' to 'a1' (boards "
               "of the model have edges): e at cylinder.zrf:6:59"),
])
def test_directions_that_are_no_step_of_a_rectangle_say_which_shape_they_have(text: str, reason: str) -> None:
    reasons = {k.why for k in read_text(text, name="cylinder.zrf").programs("K")}
    assert reason in reasons


DAGAZ = ZRF_COLLECTIONS / "DagazProject+DagazProject.github.io" / "checkmate" / "zrf"
"""Real games from one of the public ZRF collections issue 17 names (beside the repository; the tests skip
without it)."""


@needs(DAGAZ)
def test_omega_chess_is_a_12x12_rectangle_and_its_refusal_names_what_does_not_fit() -> None:
    zv = read_variant(DAGAZ / "omega-chess.zrf", None)
    assert zv.geometry is not None
    board = rectangle(zv.game, zv.geometry)
    assert board is not None and (board.board.files, board.board.ranks) == (12, 12)
    assert board.rename["w1"] == "a1" and board.rename["a0"] == "b2"  # a wizard square and the old corner
    # the diagonals skip the squares beside the wizard squares (x2 to x1), so they are no XBetza step
    assert set(board.vectors) == {"n", "s", "e", "w"}
    first = next(k for k in read_game(DAGAZ / "omega-chess.zrf").kept if not k.beside)
    assert first.why.startswith("a move that depends on a zone in a way the model cannot hold: in-zone?")


TROITZKY = ZRF_COLLECTIONS / "GlukKazan+Dagaz" / "src" / "debug" / "games" / "chess" / "troitzky-chess.zrf"


@needs(TROITZKY)
def test_a_real_rectangular_game_keeping_code_gives_the_reason_found_on_the_rectangle() -> None:
    # Troitzky Chess: a 10x10 grid with odd file names and killed corners; its castling creates a rook
    game = read_game(TROITZKY)
    reasons = {k.why.split(": ")[0] for k in game.kept if not k.beside}
    assert reasons == {"a move that puts, changes or leaves pieces on squares other than its landing square"}
