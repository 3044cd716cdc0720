"""The official Chess.zrf played by the ZRF interpreter gives the standard chess perft numbers."""

from __future__ import annotations

import pytest
from zrf_helpers import corpus_file

from fairyport.movegen.perft import divide, perft
from fairyport.zrf.interpreter import Game, compile_file

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.fixture(scope="module")
def chess() -> Game:
    return compile_file(corpus_file("zrflib/Chess.zrf"), "Chess")


def test_start_perft_3(chess: Game) -> None:
    position = chess.start_position()
    assert [perft(position, d) for d in (1, 2, 3)] == [20, 400, 8902]


def test_kiwipete_perft_2(chess: Game) -> None:
    position = chess.position_from_fen(KIWIPETE)
    assert [perft(position, d) for d in (1, 2)] == [48, 2039]


def test_moves_have_uci_names_matching_python_chess(chess: Game) -> None:
    chess_module = pytest.importorskip("chess")
    board = chess_module.Board(KIWIPETE)
    position = chess.position_from_fen(KIWIPETE)
    assert sorted(position.uci(m) for m in position.legal_raw()) == sorted(m.uci() for m in board.legal_moves)


def test_divide_matches_python_chess_after_castling_and_en_passant(chess: Game) -> None:
    chess_module = pytest.importorskip("chess")
    fen = "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"
    board = chess_module.Board(fen)
    expected = {}
    for move in board.legal_moves:
        board.push(move)
        expected[move.uci()] = board.legal_moves.count()
        board.pop()
    assert divide(chess.position_from_fen(fen), 2) == expected


def test_promotion_offers_four_pieces(chess: Game) -> None:
    position = chess.position_from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1")
    names = {position.uci(m) for m in position.legal_raw()}
    assert {"a7a8n", "a7a8b", "a7a8r", "a7a8q"} <= names and "a7a8" not in names


def test_push_pop_restores_the_position(chess: Game) -> None:
    position = chess.position_from_fen(KIWIPETE)
    before = (list(position.board), position.turn, position.last_from, position.last_to)
    for move in position.legal_raw():
        position.push_raw(move)
        position.pop_raw()
    assert (position.board, position.turn, position.last_from, position.last_to) == before
    assert position.fen().split()[:2] == KIWIPETE.split()[:2]


@pytest.mark.slow
def test_deep_numbers(chess: Game) -> None:
    assert perft(chess.start_position(), 4) == 197_281
    assert perft(chess.position_from_fen(KIWIPETE), 3) == 97_862


@pytest.mark.slow
def test_start_perft_5(chess: Game) -> None:
    assert perft(chess.start_position(), 5) == 4_865_609


SETUP_VARIANTS = ["Pawn-Odds Chess", "Knight-Odds Chess", "Rook-Odds Chess", "Shuffle #1", "Shuffle #2",
                  "King and Pawns", "Little (3 Pawn) Chess"]
"""Variants of Chess.zrf that are chess from another setup: python-chess is their reference."""


def _python_chess_perft(board: object, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()  # type: ignore[attr-defined, no-any-return]
    total = 0
    for move in list(board.legal_moves):  # type: ignore[attr-defined]
        board.push(move)  # type: ignore[attr-defined]
        total += _python_chess_perft(board, depth - 1)
        board.pop()  # type: ignore[attr-defined]
    return total


def _setup_variant_counts(title: str, depth: int) -> tuple[int, int]:
    chess_module = pytest.importorskip("chess")
    position = compile_file(corpus_file("zrflib/Chess.zrf"), title).start_position()
    board = chess_module.Board(f"{position.fen().split()[0]} w KQkq - 0 1")
    board.castling_rights = board.clean_castling_rights()
    return perft(position, depth), _python_chess_perft(board, depth)


@pytest.mark.parametrize("title", SETUP_VARIANTS)
def test_setup_variants_agree_with_python_chess(title: str) -> None:
    ours, theirs = _setup_variant_counts(title, 2)
    assert ours == theirs


@pytest.mark.slow
@pytest.mark.parametrize("title", SETUP_VARIANTS)
def test_setup_variants_agree_with_python_chess_deep(title: str) -> None:
    ours, theirs = _setup_variant_counts(title, 3)
    assert ours == theirs
