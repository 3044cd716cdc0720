"""Positions: FEN, make/unmake, game end, promotion, en passant, castling, royal rules."""

from __future__ import annotations

import pytest
from rules_helpers import game_of

from fairyport.errors import ParseError
from fairyport.expectations import bundled_fixtures
from fairyport.formats import read_game
from fairyport.model import BareKingRule, PieceType, Promotion, PromotionChoice, RoyalProtection, Rules
from fairyport.movegen import Position, compile_game, perft


def chess() -> Position:
    return compile_game(read_game(bundled_fixtures() / "games" / "chess.idiagram")).start_position()


def moves(pos: Position) -> set[str]:
    return {m.uci for m in pos.legal_moves()}


def test_fen_round_trip() -> None:
    pos = chess()
    fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert Position.from_fen(pos.variant, fen).fen() == fen
    assert pos.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@pytest.mark.parametrize("fen", [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
    "",
])
def test_bad_fen_is_a_located_error(fen: str) -> None:
    with pytest.raises(ParseError) as info:
        Position.from_fen(chess().variant, fen)
    assert info.value.location.offset is not None


def test_push_pop_restores() -> None:
    pos = chess()
    before = pos.fen()
    for move in pos.legal_moves():
        pos.push(move)
        pos.pop()
        assert pos.fen() == before


def test_en_passant_and_double_step() -> None:
    pos = chess()
    for uci in ("e2e4", "a7a6", "e4e5", "d7d5"):
        pos.push(pos.parse_uci(uci))
    assert pos.fen().split()[3] == "d6"
    assert "e5d6" in moves(pos)
    pos.push(pos.parse_uci("e5d6"))
    assert pos.fen().startswith("rnbqkbnr/1pp1pppp/p2P4/")


def test_castling_through_check_is_illegal() -> None:
    pos = Position.from_fen(chess().variant, "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1")
    assert "e1c1" in moves(pos) and "e1g1" not in moves(pos)
    pos = Position.from_fen(chess().variant, "4k3/8/8/8/8/8/8/R3K2R w - - 0 1")
    assert "e1c1" not in moves(pos) and "e1g1" not in moves(pos)


def test_promotion_choices_and_mandatory() -> None:
    pos = Position.from_fen(chess().variant, "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    promotions = {m for m in moves(pos) if m.startswith("a7")}
    assert promotions == {"a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n"}


def test_optional_promotion_and_depth_limits() -> None:
    pieces = [PieceType("soldier", "P", "fW", promotion=Promotion(
        (PromotionChoice("G"), PromotionChoice("R", max_depth=1)), depth=2, mandatory=False)),
        PieceType("general", "G", "K"), PieceType("rook", "R", "R"), PieceType("king", "K", "K", royal=True)]
    variant = compile_game(game_of(5, 5, pieces))
    near = Position.from_fen(variant, "k4/5/P4/5/4K w - - 0 1")
    assert {m for m in moves(near) if m.startswith("a3")} == {"a3a4", "a3a4g"}
    last = Position.from_fen(variant, "k4/P4/5/5/4K w - - 0 1")
    assert {m for m in moves(last) if m.startswith("a4")} == {"a4a5", "a4a5g", "a4a5r"}


def test_promotion_from_hand_is_played() -> None:
    """A '*' choice (from hand) is offered only with the piece in hand, and a compulsory promotion without one
    waits (the full proof against an independent generator: tests/movegen/test_hand_promotion.py)."""
    pieces = [PieceType("pawn", "P", "fW", promotion=Promotion((PromotionChoice("Q", from_hand=True),))),
              PieceType("queen", "Q", "Q"), PieceType("king", "K", "K", royal=True)]
    variant = compile_game(game_of(8, 8, pieces))
    with_queen = Position.from_fen(variant, "7k/P7/8/8/8/8/8/K7[Q] w - - 0 1")
    assert "a7a8q" in moves(with_queen) and not any(m == "a7a8" for m in moves(with_queen))
    without = Position.from_fen(variant, "7k/P7/8/8/8/8/8/K7[] w - - 0 1")
    assert not any(m.startswith("a7") for m in moves(without))


def test_checkmate_and_stalemate_have_no_moves() -> None:
    assert perft(Position.from_fen(chess().variant, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"), 1) == 0
    assert perft(Position.from_fen(chess().variant, "7k/8/6QK/8/8/8/8/8 b - - 0 1"), 1) == 0


def test_bare_king_ends_the_game() -> None:
    pieces = [PieceType("ferz", "F", "F"), PieceType("king", "K", "K", royal=True)]
    variant = compile_game(game_of(8, 8, pieces, Rules(bare_king=BareKingRule.LOSS)))
    bare = Position.from_fen(variant, "k7/8/8/8/8/8/8/5FK1 b - - 0 1")
    assert bare.is_game_over() and perft(bare, 1) == 0
    both_bare = Position.from_fen(variant, "k7/8/8/8/8/8/8/6K1 b - - 0 1")
    assert not both_bare.is_game_over() and perft(both_bare, 1) == 3


def test_royal_protection_last_only() -> None:
    pieces = [PieceType("rook", "R", "R"), PieceType("king", "K", "K", royal=True)]
    every = compile_game(game_of(8, 8, pieces))
    last = compile_game(game_of(8, 8, pieces, Rules(royal_protection=RoyalProtection.LAST)))
    fen = "k7/8/8/8/8/8/r7/K6K w - - 0 1"  # the a1 king is attacked, White has two kings
    assert perft(Position.from_fen(every, fen), 1) < perft(Position.from_fen(last, fen), 1)


def test_generals_may_not_face() -> None:
    variant = compile_game(read_game(bundled_fixtures() / "games" / "minixiangqi.idiagram"))
    pos = Position.from_fen(variant, "3k3/7/7/7/7/7/2K4 w - - 0 1")
    assert moves(pos) == {"c1c2"}  # c1-d1 would face the d7 general; c1-b1 leaves the palace
    assert "c1d1" not in moves(pos)


def test_outcomes() -> None:
    variant = chess().variant
    assert Position.from_fen(variant, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").outcome() == (0, "checkmate")
    stalemate = Position.from_fen(variant, "7k/8/6QK/8/8/8/8/8 b - - 0 1").outcome()
    assert stalemate is not None and stalemate.result == "1/2-1/2"
    assert chess().outcome() is None
    minixiangqi = compile_game(read_game(bundled_fixtures() / "games" / "minixiangqi.idiagram"))
    # the black general has no move and is not attacked: stalemate, which loses in MiniXiangqi
    stuck = Position.from_fen(minixiangqi, "2k4/R6/3R3/7/7/7/3K3 b - - 0 1")
    assert stuck.outcome() == (0, "stalemate")
    kamil = compile_game(read_game(bundled_fixtures() / "games" / "shatranj-kamil-x.idiagram"))
    bare = Position.from_fen(kamil, "4k5/10/10/10/10/10/10/10/10/4K4R b - - 0 1")
    assert bare.outcome() == (0, "bare king")


def test_move_counters() -> None:
    pos = chess()
    for uci in ("e2e4", "e7e5", "g1f3"):
        pos.push(pos.parse_uci(uci))
    assert pos.fen().endswith(" 1 2")
    pos.push(pos.parse_uci("b8c6"))
    assert pos.fen().endswith(" 2 3")
    pos.push(pos.parse_uci("f3e5"))  # a capture resets the clock
    assert pos.fen().endswith(" 0 3")
    pos.pop()
    pos.pop()
    assert pos.fen().endswith(" 1 2")
    assert pos.variant.irreversible[pos.board[pos.variant.geometry.square("d2")]]  # a pawn never retreats
    assert not pos.variant.irreversible[pos.board[pos.variant.geometry.square("g1")]]
