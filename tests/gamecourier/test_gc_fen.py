"""Game Courier FEN codes: decoding rules, canonical writing, located errors."""

from __future__ import annotations

import pytest

from fairyport.errors import ParseError
from fairyport.gamecourier.syntax.fen import HOLE, coordinate_labels, parse_fen, write_fen

XIANG_HEX = "rnefg/pc3f/2p3e/4p2n/6pcr/P7p/RCP6/-N2P4/--E3P2/---F3CP/----GFENR"
"""The golden code of the project notes (section 3): 11 ranks, 79 cells, 32 pieces with cols = 9."""


def test_golden_xiang_hex() -> None:
    board = parse_fen(XIANG_HEX, 9)
    assert (len(board.ranks), board.cells, board.piece_count()) == (11, 79, 32)
    assert board.holes == 11 * 9 - 79
    assert [c.label or ("-" if c.kind == "hole" else ".") for c in board.ranks[0]] == list("rnefg----")
    assert [c.label or ("-" if c.kind == "hole" else ".") for c in board.ranks[7]] == list("-N..P....")
    assert write_fen(board) == XIANG_HEX


@pytest.mark.parametrize("code", [
    "rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "rnbqkbnr/pppppppp/****/PPPPPPPP/RNBQKBNR",
])
def test_equivalent_chess_codes(code: str) -> None:
    board = parse_fen(code, 8)
    assert write_fen(board) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    assert (len(board.ranks), board.cells, board.piece_count(), board.holes) == (8, 64, 32, 0)


@pytest.mark.parametrize(("code", "cols", "ranks", "pieces"), [
    ("rnegkenc/4pppp/pppp4/8/8/4PPPP/PPPP4/CNEKGENR", 8, 8, 32),
    ("c2gk2c/prneenrp/1pppppp1/8/8/1PPPPPP1/PRNEENRP/C2GK2C", 8, 8, 36),
    ("c3ke3c/1rnsefsnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/1RNSEFSNR1/C3KE3C", 10, 10, 44),
    ("rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR", 7, 7, 24),
    ("z1l1dd1l1z/rnb{cv}qk{cv}bnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNB{Cv}QK{Cv}BNR/Z1L1DD1L1Z", 10, 10, 52),
])
def test_seed_setups(code: str, cols: int, ranks: int, pieces: int) -> None:
    board = parse_fen(code, cols)
    assert (len(board.ranks), board.piece_count(), board.holes) == (ranks, pieces, 0)
    assert write_fen(board) == code


def test_multi_character_labels_sides_and_coordinates() -> None:
    board = parse_fen("{Cv}{.CBW}1{ar}/12", 4)
    labels = [c.label for c in board.ranks[0]]
    assert labels == ["Cv", ".CBW", None, "ar"]
    assert [c.side for c in board.ranks[0]] == [1, 1, None, 2]
    assert board.cell_at(0, 3).label == "Cv"  # file 0, rank 3 counted from the bottom (the top one)
    assert write_fen(board) == "{Cv}{.CBW}1{ar}/4/4/4"


def test_early_slash_pads_with_holes_and_all_hole_ranks_are_written() -> None:
    board = parse_fen("ab/---/c", 3)
    assert board.ranks[0] == [board.ranks[0][0], board.ranks[0][1], HOLE]
    assert all(cell.kind == "hole" for cell in board.ranks[1])
    assert board.short_last_rank == 2
    text = write_fen(board)
    assert parse_fen(text, 3).ranks == board.ranks


def test_rank_notes_record_overflow_and_padding() -> None:
    board = parse_fen("rnbqkbnrr/ppp", 8)
    first, second = board.notes
    assert (first.cells, first.padded, first.started_mid_rank) == (9, 7, False)
    assert (second.cells, second.started_mid_rank) == (3, False)


@pytest.mark.parametrize(("code", "index", "reason"), [
    ("rn{ab", 2, "unclosed {label}"),
    ("rn{}b", 2, "bad {label}"),
    ("rn b", 2, "unexpected character"),
    ("rn}b", 2, "unexpected character"),
    ("999999999", 0, "empty run too long"),
])
def test_errors_are_located(code: str, index: int, reason: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_fen(code, 8, file="p.php")
    error = info.value
    assert error.reason.startswith(reason)
    assert (error.location.file, error.location.line, error.location.column, error.location.offset) == (
        "p.php", 1, 1 + index, index)


def test_width_must_be_positive() -> None:
    with pytest.raises(ParseError):
        parse_fen("8", 0)


def test_coordinate_labels_fill_defaults() -> None:
    assert coordinate_labels("k j i", 4, "ranks") == ["k", "j", "i", "4"]
    assert coordinate_labels(None, 28, "files")[25:] == ["z", "aa", "ab"]


def test_only_ascii_digits_count_as_runs() -> None:
    with pytest.raises(ParseError) as info:
        parse_fen("rn²b", 8)
    assert info.value.location.offset == 2


def test_first_cells_keep_each_labels_first_occurrence_in_reading_order() -> None:
    board = parse_fen("1ab/Ka1", 3)
    assert [(label, cell.offset) for label, cell in board.first_cells().items()] == [("a", 1), ("b", 2), ("K", 4)]
