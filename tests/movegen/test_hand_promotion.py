"""Promotion to a piece taken from hand (the Interactive Diagram's ``*`` choices with ``holdingsType=1``):
read from a Diagram, played by the generator and counted against ``tests/independent_hand_promotion.py``, an
independent brute-force generator written from the rules in words."""

from __future__ import annotations

import random

import independent_hand_promotion as indep
import pytest

from fairyport.idiagram.read import read_text
from fairyport.idiagram.write import write_game
from fairyport.model import BLACK, WHITE, PromotionChoice
from fairyport.movegen import Position, compile_game, perft

HAND_PROMOTION = """\
# A 5x5 test game: pawns promote on the last rank only to a Rook or Knight taken from their own hand
# (promoChoice *R*N), captured pieces go back to their owner's hand (holdingsType 1), each side starts with a
# Rook in hand (the holdings field).
files=5
ranks=5
holdingsType=1
promoZone=1
maxPromote=1
promoChoice=*R*N
pawn:P:fmWfcF:pawn:b2,d2
knight:N:N:knight:e1
rook:R:R:rook:a1:1
king:K:K:king:c1
"""

GAME = read_text(HAND_PROMOTION, file="hand-promotion.idiagram")
VARIANT = compile_game(GAME)
POSITIONS = [
    "startpos",
    "5/P2k1/5/4p/2K2[Rn] w - - 0 1",  # a White pawn that may promote (to R) and a Black one (to n)
    "r1k2/P1P2/5/2pp1/1NK2[] w - - 0 1",  # nothing in hand: the pawns may not step onto the last rank
    "1rk2/P4/4R/4p/2K2[N] b - - 0 1",  # Black's pawn waits; White's a4 pawn may take b5 and promote to N
]


def _position(fen: str) -> Position:
    return VARIANT.start_position() if fen == "startpos" else Position.from_fen(VARIANT, fen)


def _indep(pos: Position) -> tuple[indep.Board, indep.Hands, int]:
    return indep.read(pos.fen())


def test_read_from_the_diagram() -> None:
    assert GAME.rules.captures_to_owner and not GAME.rules.drops and not GAME.rules.captures_to_hand
    promotion = GAME.piece_type("P").promotion
    assert promotion is not None and promotion.mandatory
    assert promotion.choices == (PromotionChoice("R", from_hand=True), PromotionChoice("N", from_hand=True))
    assert GAME.setup.hands == {WHITE: {"R": 1}, BLACK: {"R": 1}}


@pytest.mark.parametrize("fen", POSITIONS)
def test_perft_matches_independent_generator(fen: str) -> None:
    pos = _position(fen)
    board, hands, side = _indep(pos)
    assert {m.uci for m in pos.legal_moves()} == {n for _, _, n in indep.legal(board, hands, side)}
    for depth in (1, 2, 3):
        assert perft(pos, depth) == indep.perft(board, hands, side, depth), (fen, depth)


def test_promotion_takes_the_piece_from_hand_and_waits_without_one() -> None:
    pos = _position("5/P2k1/5/4p/2K2[Rn] w - - 0 1")
    moves = {m.uci for m in pos.legal_moves()}
    assert "a4a5r" in moves and "a4a5n" not in moves and "a4a5" not in moves
    pos.push(pos.parse_uci("a4a5r"))
    assert pos.fen().split()[0].endswith("[n]")  # the rook left White's hand
    assert "e2e1n" in {m.uci for m in pos.legal_moves()} and "e2e1r" not in {m.uci for m in pos.legal_moves()}
    empty = _position("r1k2/P1P2/5/2pp1/1NK2[] w - - 0 1")
    assert not any(m.uci.startswith(("a4a5", "c4c5", "c4b5")) for m in empty.legal_moves())


def test_captured_pieces_go_back_to_their_owner() -> None:
    waiting = _position("1rk2/P4/4R/4p/2K2[N] b - - 0 1")
    assert not any(m.uci.startswith("e2e1") for m in waiting.legal_moves())
    pos = _position("2k2/5/4r/5/2K1R[] b - - 0 1")
    pos.push(pos.parse_uci("e3e1"))  # Black's rook takes White's rook: it goes to White's hand
    assert pos.fen().split()[0].endswith("[R]")


def test_random_playouts_match_independent_generator() -> None:
    rng = random.Random(5)
    promotions = 0
    for _ in range(6):
        pos = VARIANT.start_position()
        for _ in range(40):
            ours = {m.uci for m in pos.legal_moves()}
            board, hands, side = _indep(pos)
            assert ours == {n for _, _, n in indep.legal(board, hands, side)}, pos.fen()
            if not ours:
                break
            promotions += sum(m[-1] in "rn" for m in ours)
            moves = pos.legal_moves()
            captures = [m for m in moves if pos.board[m.raw[1]]]
            pos.push(rng.choice(captures if captures and rng.random() < 0.7 else moves))
    assert promotions > 0


def test_diagram_round_trip_keeps_the_star_choices() -> None:
    text, lost = write_game(GAME)
    assert not lost and "promoChoice=*R*N" in text and "holdingsType=1" in text
    again = read_text(text, file="again.idiagram")
    assert again.rules == GAME.rules and again.pieces == GAME.pieces and again.setup == GAME.setup
