"""A ZRF promotion into the promoting piece's own type (Kantorai's Rook: ``(add Rook)`` in the zone)."""

from __future__ import annotations

from zrf_playout import paired_playout

from fairyport.formats import game_engine
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_variant, position
from fairyport.zrf.read import read_text
from fairyport.zrf.typed.reader import read_variant_text

TEXT = """
(define glide ($1 (while empty? (if (in-zone? far) (add $2) else add) $1)
   (verify enemy?) (if (in-zone? far) (add $2) else add)))
(define step ($1 (verify not-friend?) (if (in-zone? far) (add $2) else add)))
(define step2 ($1 (verify not-friend?) (if (in-zone? far) (add $2 $3) else add)))
(game (title "Own promotion") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c/d/e" (10 0)) ("5/4/3/2/1" (0 10)))
    (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
    (zone (name far) (players White) (positions a5 b5 c5 d5 e5))
    (zone (name far) (players Black) (positions a1 b1 c1 d1 e1))
    (symmetry Black (n s) (s n) (nw sw) (sw nw) (ne se) (se ne)))
  (board-setup (White (King c1) (Rook a1) (Soldier b2 d2))
               (Black (King c5) (Rook e5) (Soldier b4 d4)))
  (piece (name King) (moves (step n King) (step s King) (step e King) (step w King) (step ne King)
      (step nw King) (step se King) (step sw King)))
  (piece (name Rook) (moves (glide n Rook) (glide s Rook) (glide e Rook) (glide w Rook)))
  (piece (name Soldier) (moves (step2 n Soldier Rook) (step2 ne Soldier Rook) (step2 nw Soldier Rook)))
  (loss-condition (White Black) (checkmated King))
)
"""


def test_a_promotion_into_the_own_type_is_no_promotion_and_beside_others_leaves_a_choice() -> None:
    game = read_text(TEXT, name="own.zrf")
    assert game.piece_type("K").promotion is None and game.piece_type("R").promotion is None
    soldier = game.piece_type("S").promotion
    assert soldier is not None and [c.piece for c in soldier.choices] == ["R"] and not soldier.mandatory
    native = position(compile_variant(read_variant_text(TEXT, "own.zrf")), None)
    assert perft(compile_game(game).start_position(), 3) == perft(native, 3)
    # the generator names a Rook's move in the zone as the interpreter does (no promotion letter)
    model = game_engine(game, "own.zrf").position(None, None)
    native = position(compile_variant(read_variant_text(TEXT, "own.zrf")), None)
    playout = paired_playout(native, model, seed=1, plies=40)
    assert playout.difference is None, playout.difference
