"""The generator's fast legality (pins found once per node, royal moves tested in place, screened squares) gives
the same moves as the plain rule "make the move, then the mover's protected royal piece may not be attacked", on
random playouts of every bundled game with a generator reading, including positions in check and with pinned
pieces."""

from __future__ import annotations

import random

import pytest

from fairyport.expectations import bundled_fixtures
from fairyport.formats import read_game
from fairyport.movegen import compile_game
from fairyport.movegen.position import Position, RawMove

GAMES = sorted(p.name for p in (bundled_fixtures() / "games").glob("*.idiagram"))


def made_and_tested(pos: Position) -> list[RawMove]:
    """The legal moves by the plain rule: every pseudo-legal move made, kept if no protected royal is attacked."""
    if pos.is_game_over():
        return []
    color = pos.turn
    legal = []
    for move in pos.pseudo_legal():
        pos.push_raw(move)
        if not pos._royal_attacked(color):
            legal.append(move)
        pos.pop_raw()
    return legal


@pytest.mark.parametrize("name", GAMES)
def test_fast_legality_equals_make_and_test(name: str) -> None:
    variant = compile_game(read_game(bundled_fixtures() / "games" / name))
    rng = random.Random(name)
    pinned_seen = 0
    for _ in range(4):
        pos = variant.start_position()
        for _ in range(50):
            fast = pos.legal_raw()
            board_moves = [move for move in fast if move[0] >= 0]  # drops have their own test (drops.py)
            assert sorted(board_moves) == sorted(made_and_tested(pos)), pos.fen()
            royals = pos._protected(pos.turn)
            if len(royals) == 1:
                pinned_seen += bool(pos._pins(variant.screened(pos.turn, royals[0])[2]))
            if not fast:
                break
            before = list(pos.board)
            pos.push_raw(rng.choice(fast))
            pos.pop_raw()
            assert pos.board == before  # unmake restores exactly what make wrote
            pos.push_raw(rng.choice(fast))
    if name in ("chess.idiagram", "mideast.idiagram", "mirchess36.idiagram"):
        assert pinned_seen, "no playout reached a pin: the test would not see pin bugs"


def test_a_pinned_piece_moves_only_along_its_line() -> None:
    variant = compile_game(read_game(bundled_fixtures() / "games" / "chess.idiagram"))
    pos = Position.from_fen(variant, "4k3/8/8/8/4r3/8/4R3/4K3 w - - 0 1")  # the e2 rook is pinned by the e4 rook
    moves = {m.uci for m in pos.legal_moves()}
    assert {m for m in moves if m.startswith("e2")} == {"e2e3", "e2e4"}
    assert {m for m in moves if m.startswith("e1")} == {"e1d1", "e1d2", "e1f1", "e1f2"}
    pos = Position.from_fen(variant, "4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1")  # the d2 knight is pinned by the a5 bishop
    assert not {m.uci for m in pos.legal_moves()} & {"d2b1", "d2b3", "d2c4", "d2e4", "d2f3", "d2f1"}
