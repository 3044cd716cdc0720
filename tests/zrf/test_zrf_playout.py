"""Random playouts comparing the ZRF interpreter with the generator (fairyport.zrf.playout)."""

from __future__ import annotations

import fairyport
from fairyport.expectations import bundled_fixtures
from fairyport.formats import game_engine, load_engine
from fairyport.zrf.playout import paired_playout, renamer

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


def test_renamer_puts_the_models_square_names_and_drops_into_interpreter_texts() -> None:
    name = renamer({"x10": "a1", "x2": "a2", "x1": "b1"}, frozenset({"s1"}))
    assert name("x10x2q") == "a1a2q"  # the longest position name first: x10, not x1
    assert name("x1x10") == "b1a1"
    assert name("s1x2") == "@a2"  # a move out of a storage column is a drop
