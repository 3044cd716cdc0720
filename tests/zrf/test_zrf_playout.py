"""Random playouts comparing the ZRF interpreter with the generator (tests/helpers/zrf_playout.py)."""

from __future__ import annotations

from paths import ROOT
from zrf_playout import move_groups, paired_playout, renamer

import fairyport
from fairyport.expectations import bundled_fixtures
from fairyport.formats import game_engine, load_engine
from fairyport.zrf.interpreter.engine import compile_variant, position
from fairyport.zrf.typed.reader import read_variant_text

GAMES = bundled_fixtures() / "games"


def test_the_same_game_plays_alike_move_by_move() -> None:
    native = load_engine(GAMES / "chess.zrf", engine="native").position(None, None)
    model = game_engine(fairyport.read(GAMES / "chess.idiagram"), "chess").position(None, None)
    playout = paired_playout(native, model, seed=3, plies=60)
    assert playout.difference is None and len(playout.played) == 60


def test_a_different_piece_is_found_where_its_moves_first_differ() -> None:
    """A Knight that also steps like a Wazir: blocked at the start, found once a square beside a Knight empties."""
    native = load_engine(GAMES / "chess.zrf", engine="native").position(None, None)
    text = (GAMES / "chess.idiagram").read_text(encoding="utf-8").replace("knight:N:N:", "knight:N:NW:")
    model = game_engine(fairyport.read(text, format="idiagram"), "chess").position(None, None)
    playout = paired_playout(native, model, seed=3, plies=60)
    assert playout.difference is not None and len(playout.played) < 60
    assert "(interpreter first: [])" in playout.difference  # the generator has moves the interpreter has not


SHARED_LETTER = """
(define glide ($1 (while empty? add $1) (verify enemy?) add))
(define step ($1 (verify not-friend?) add))
(define rise ($1 (verify empty?) (if (in-zone? far) (add Tower Rook) else add)))
(game (title "Two rooks") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c/d/e" (10 0)) ("5/4/3/2/1" (0 10)))
    (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
    (zone (name far) (players White) (positions a5 b5 c5 d5 e5))
    (zone (name far) (players Black) (positions a1 b1 c1 d1 e1))
    (symmetry Black (n s) (s n) (nw sw) (sw nw) (ne se) (se ne)))
  (board-setup (White (King c1) (Soldier a4)) (Black (King c5) (Soldier e2)))
  (piece (name King) (moves (step n) (step s) (step e) (step w) (step ne) (step nw) (step se) (step sw)))
  (piece (name Rook) (notation "R") (moves (glide n) (glide s) (glide e) (glide w)))
  (piece (name Tower) (notation "R") (moves (glide n) (glide s) (glide e) (glide w) (step ne)))
  (piece (name Soldier) (moves (rise n)))
  (loss-condition (White Black) (checkmated King))
)
"""


def test_promotions_are_told_apart_by_the_type_they_make_not_by_a_letter_types_share() -> None:
    """Zillions' Circe gives all six Rook types the letter R in the interpreter and six ids in the model: the
    moves are grouped by the name of the type the piece becomes, the same in both engines."""
    game = fairyport.read(SHARED_LETTER, format="zrf")
    model = game_engine(game, "rooks.zrf").position(None, None)
    native = position(compile_variant(read_variant_text(SHARED_LETTER, "rooks.zrf")), None)
    assert {t for t in move_groups(native) if t.startswith("a4a5")} == {"a4a5=Tower", "a4a5=Rook"}
    assert {t for t in move_groups(model) if t.startswith("a4a5")} == {"a4a5=Tower", "a4a5=Rook"}
    assert paired_playout(native, model, seed=2, plies=30).difference is None


def test_renamer_puts_the_models_square_names_and_drops_into_interpreter_texts() -> None:
    name = renamer({"x10": "a1", "x2": "a2", "x1": "b1"}, frozenset({"s1"}))
    assert name("x10x2q") == "a1a2q"  # the longest position name first: x10, not x1
    assert name("x1x10") == "b1a1"
    assert name("s1x2") == "@a2"  # a move out of a storage column is a drop


def test_drops_are_keyed_by_square_and_the_type_dropped_in_both_engines() -> None:
    path = ROOT / "fixtures" / "zrf" / "shapes" / "drops.zrf"
    native = load_engine(path, "zrf", engine="native").position(None, None)
    model = game_engine(fairyport.read(path, format="zrf"), str(path)).position(None, None)
    drops = {t for t in move_groups(native) if "@" in t}
    assert drops and drops == {t for t in move_groups(model) if "@" in t}
    assert all(t.startswith("@") and "=" in t for t in drops)
    assert paired_playout(native, model, seed=1, plies=20).difference is None
