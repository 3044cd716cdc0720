"""Positions built to exercise each recognised rule (fairyport.zrf.rule_positions), the comparison of the
interpreter and the generator on them (benchmarks/zrf_rule_positions.py), and castling read with the partner
its blocks test where the setup's partner is not the model's default one."""

from __future__ import annotations

import dataclasses
import importlib
import sys
from typing import Any

import pytest
from paths import ROOT

import fairyport
from fairyport.formats import game_engine
from fairyport.model import Castling, Game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_variant, position
from fairyport.zrf.rule_positions import rule_positions
from fairyport.zrf.typed.reader import read_variant_text

SHAPES = ROOT / "fixtures" / "zrf" / "shapes"
GAMES = ROOT / "fixtures" / "games"

SHUFFLED = """
(define step ($1 (verify not-friend?) (set-attribute never-moved? false) add))
(define slide ($1 (while empty? add $1) (verify not-friend?) add))
(define rook-slide ($1 (while empty? (set-attribute never-moved? false) add $1) (verify not-friend?)
   (set-attribute never-moved? false) add))
(define short ((verify never-moved?) e (verify empty?) e (verify empty?) cascade e
   (verify (and friend? (piece? Rook) never-moved?)) from back (verify not-attacked?) e (verify not-attacked?) to
   (set-attribute never-moved? false) e (set-attribute never-moved? false) add))
(define long ((verify never-moved?) w (verify empty?) w (verify empty?) cascade w (verify empty?) w
   (verify (and friend? (piece? Rook) never-moved?)) from back (verify not-attacked?) w (verify not-attacked?) to
   (set-attribute never-moved? false) w (set-attribute never-moved? false) add))
(game (title "Shuffled") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c/d/e/f/g/h" (10 0)) ("3/2/1" (0 10)))
    (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0) (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1)))
    (symmetry Black (n s) (s n) (ne se) (se ne) (nw sw) (sw nw)))
  (board-setup (White (Bishop a1 h1 e2) (Rook d1) (King g1)) (Black (Bishop a3) (Rook e3) (King b3)))
  (piece (name King) (attribute never-moved? true)
    (moves (step n) (step s) (step e) (step w) (step ne) (step nw) (step se) (step sw) (short) (long)))
  (piece (name Rook) (attribute never-moved? true) (moves (rook-slide n) (rook-slide s) (rook-slide e) (rook-slide w)))
  (piece (name Bishop) (moves (slide ne) (slide nw) (slide se) (slide sw)))
  (loss-condition (White Black) (checkmated King))
)
"""
"""Castling written as Chess.zrf writes it (a never-moved Rook exactly 3 squares east or 4 west), on a shuffled
setup: White's Rook stands 3 squares west of the King, a Bishop on each corner; Black's Rook 3 east."""

OPENED = "bk2r3/4B3/B5KB w KQkq - 0 1"
"""The setup without White's Rook: the file lets White's King castle with nothing (no Rook 4 squares west); the
model's default partner would be the Bishop on a1, the outermost piece on the rank."""


@pytest.fixture(scope="module")
def bench() -> Any:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        return importlib.import_module("zrf_rule_positions")
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


def _native(text: str, fen: str | None) -> Any:
    return position(compile_variant(read_variant_text(text, "shuffled.zrf")), fen)


def test_castling_on_a_shuffled_setup_takes_the_partner_its_blocks_test() -> None:
    game = fairyport.read(SHUFFLED, format="zrf")
    assert game.piece_type("K").castling == Castling(partner_distance=(4, 3), partners=("R",))
    model = game_engine(game, "shuffled.zrf").position(OPENED, None)
    assert perft(model, 1) == perft(_native(SHUFFLED, OPENED), 1) == 12


def test_castling_whose_setup_partner_is_the_default_one_keeps_the_default_rule() -> None:
    """The Rooks on the corners are the outermost pieces, as the model's own castling takes them (conversions
    keep the Diagram's castling); so where neither rule ever castles one way (Rook-Odds Chess)."""
    setup = "(board-setup (White (Bishop a1 h1 e2) (Rook d1) (King g1)) (Black (Bishop a3) (Rook e3) (King b3)))"
    assert setup in SHUFFLED

    def castling(white: str) -> Castling | None:
        text = SHUFFLED.replace(setup, f"(board-setup (White {white}) (Black (Rook a3 h3) (King e3)))")
        return fairyport.read(text, format="zrf").piece_type("K").castling

    assert castling("(Rook a1 h1) (King e1)") is None
    assert castling("(Rook h1) (King e1) (Bishop c1)") is None  # neither rule ever castles west
    assert castling("(Rook g1) (Bishop h1) (King e1)") is not None  # the default would take the Bishop


def _kinds(game: Game) -> set[str]:
    return {p.rule for p in rule_positions(game)}


def test_positions_exercise_each_rule_where_the_game_has_it() -> None:
    shuffled = rule_positions(fairyport.read(SHUFFLED, format="zrf"))
    edits = {p.exercises.split(": ")[-1] for p in shuffled if p.rule == "castling"}
    assert {"the way cleared", "the partner has moved (the right gone)", "the partner absent"} <= edits
    assert {p.rule for p in shuffled} == {"start", "castling"}  # no pawns, no promotion, no hands
    assert any("partner B a1" in p.exercises for p in shuffled)  # no Rook 4 squares west: the outermost piece
    chess = fairyport.read(GAMES / "chess.zrf")
    edits = {p.exercises.split(": ")[-1] for p in rule_positions(chess) if p.rule == "castling"}
    assert {"the partner replaced by a Queen", "the partner one square nearer"} <= edits
    assert _kinds(chess) == {"start", "castling", "en passant", "promotion"}
    passant = [p for p in rule_positions(chess) if p.rule == "en passant"]
    assert passant and all(p.fen.split()[3] != "-" for p in passant)
    assert "drop" in _kinds(fairyport.read(SHAPES / "drops.zrf"))


def test_replaced_or_moved_partners_that_keep_their_right_are_marked_unreachable() -> None:
    chess = rule_positions(fairyport.read(GAMES / "chess.zrf"))
    unreachable = {p.exercises.split(": ")[-1] for p in chess if not p.reachable}
    assert unreachable == {"the partner replaced by a Queen", "the partner replaced by a Knight",
                           "the partner one square nearer"}


def test_every_position_of_chess_counts_alike_in_both_engines() -> None:
    game = fairyport.read(GAMES / "chess.zrf")
    text = (GAMES / "chess.zrf").read_text(encoding="utf-8")
    for rule_position in rule_positions(game):
        model = game_engine(game, "chess.zrf").position(rule_position.fen, None)
        assert perft(_native(text, rule_position.fen), 1) == perft(model, 1), rule_position.exercises


def _compare(bench: Any, game: Game, text: str) -> list[dict[str, object]]:
    native = dataclasses.replace(game_engine(game, "x"), position=lambda fen, where: _native(text, fen))
    found = bench.compare_all(native, game_engine(game, "x"), None, False, rule_positions(game), {})
    return list(found["differences"])


def test_the_comparison_finds_a_castling_read_with_the_default_partner(bench: Any) -> None:
    game = fairyport.read(SHUFFLED, format="zrf")
    assert _compare(bench, game, SHUFFLED) == []
    king = game.piece_type("K")
    misread = dataclasses.replace(game, pieces=[dataclasses.replace(p, castling=None) if p is king else p
                                                for p in game.pieces])
    differences = _compare(bench, misread, SHUFFLED)
    reached = [d for d in differences if d["reachable"]]
    assert reached and all(d["interpreter only"] == [] for d in reached)
    assert any(d["model only"] == ["g1e1"] for d in reached)
