"""The attack tests' reach analysis (:mod:`fairyport.zrf.interpreter.reach`): where a block may capture, an
over-approximation; a ``mark ... back`` stretch that lands, captures and moves no mark is stepped over."""

from __future__ import annotations

from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_variant, position
from fairyport.zrf.interpreter.reach import Reach
from fairyport.zrf.typed.reader import read_variant_text

GAME = """(game (title "Walks") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c/d" (10 0)) ("4/3/2/1" (0 10)))
    (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))
    (links nx (a1 a2) (a2 a3) (a3 a4) (a4 b1) (b1 b2) (b2 b3) (b3 b4) (b4 c1) (c1 c2) (c2 c3) (c3 c4) (c4 d1)
      (d1 d2) (d2 d3) (d3 d4))
    (symmetry Black (n s) (s n)))
  (board-setup (White (King a1) (Rook b2) (Man c1) (Ghost d1)) (Black (King d4) (Rook c3) (Man b4) (Ghost a4)))
  (piece (name Man) (attribute turned? false)
    (moves (n (verify not-friend?) mark a1 (while (on-board? nx) nx (if enemy? (set-attribute turned? true)))
      back add)
      (e (verify not-friend?) mark a1 (while (on-board? nx) nx (if (and empty? (on-board? e)) add)) back add)))
  (piece (name Ghost) (moves (n (if empty? add) n (verify empty?) add) (e (verify empty?) add)
      (s mark e to back (verify empty?) add)))
  (piece (name Rook) (moves (n (while empty? add n) (verify enemy?) add) (e (while empty? add e) (verify enemy?) add)
      (s (while empty? add s) (verify enemy?) add) (w (while empty? add w) (verify enemy?) add)))
  (piece (name King) (moves (n (verify not-friend?) add) (s (verify not-friend?) add) (e (verify not-friend?) add)
      (w (verify not-friend?) add)))
  (loss-condition (White Black) (checkmated King)))
"""


def test_an_inert_walk_is_stepped_over_and_one_that_lands_is_not() -> None:
    game = compile_variant(read_variant_text(GAME, "w.zrf"))
    man = game.type_index["Man"]
    walk, landing = game.blocks[man][:2]
    reach = Reach(game.board)
    c1 = game.board.index["c1"]
    # the walk only sets attributes: the block lands one step ahead (c2), as without the walk
    assert reach.targets(walk.node, 0, c1) == frozenset({game.board.index["c2"]})
    # a walk that adds: every square it adds on is a target too
    targets = reach.targets(landing.node, 0, c1)
    assert targets is not None and game.board.index["a2"] in targets and game.board.index["d1"] in targets


def test_an_add_on_an_empty_position_is_no_capture_unless_it_lands_elsewhere() -> None:
    # an attack test's target holds a piece: (if empty? add) and (verify empty?) add never capture there
    game = compile_variant(read_variant_text(GAME, "w.zrf"))
    steps, side, moved = game.blocks[game.type_index["Ghost"]]
    reach = Reach(game.board)
    b2 = game.board.index["b2"]
    assert reach.targets(steps.node, 0, b2) == frozenset()
    assert reach.targets(side.node, 0, b2) == frozenset()
    # with the destination set elsewhere (to), the add lands there, whatever the current position holds
    assert reach.targets(moved.node, 0, b2) == frozenset({game.board.index["c1"]})


def test_the_interpreter_counts_as_before_with_attack_tests() -> None:
    # checkmate goals run attack tests over every block, the walks too (the same counts before the step-over)
    native = position(compile_variant(read_variant_text(GAME, "w.zrf")), None)
    assert [perft(native, d) for d in (1, 2, 3)] == [11, 150, 1396]
