"""Goals: a position where a goal is met has no moves; checkmated makes pieces royal."""

from __future__ import annotations

from pathlib import Path

import pytest
from zrf_helpers import corpus_file
from zrf_interp_helpers import compile_text, game_text, moves, play

from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter import compile_file

STEP = "((n add) (e add) (w add))"


TIC_TAC_TOE = [9, 72, 504, 3024, 15120, 54720, 148176]
"""The numbers of tic-tac-toe move sequences of each length (games end at three in a row from ply 5 on)."""


def test_tic_tac_toe_counts_every_game_prefix() -> None:
    game = compile_file(corpus_file("boarders/TicTacToe.zrf"), "Tic-Tac-Toe")
    assert [perft(game.start_position(), d) for d in range(1, 5)] == TIC_TAC_TOE[:4]


@pytest.mark.slow
def test_tic_tac_toe_counts_every_game_prefix_deep() -> None:
    game = compile_file(corpus_file("boarders/TicTacToe.zrf"), "Tic-Tac-Toe")
    assert [perft(game.start_position(), d) for d in (5, 6, 7)] == TIC_TAC_TOE[4:]


def test_pieces_remaining(tmp_path: Path) -> None:
    extra = "(loss-condition (White Black) (pieces-remaining 0))"
    position = play(tmp_path, "((n add))", "(White (Man c4)) (Black (Man c5))", extra)
    assert moves(position) == ["c4c5"]
    position.push_raw(position.legal_raw()[0])
    assert position.legal_raw() == []


def test_pieces_remaining_counts_off_board_pieces_with_the_option(tmp_path: Path) -> None:
    """As ``dagaz-site/cannon.zrf`` plays: the HQ waiting off the board is not lost before it is dropped."""
    others = "(piece (name HQ) (drops ((verify empty?) add)))"
    setup = "(White (Man c3) (HQ off 1)) (Black (Man a5) (HQ off 1))"
    extra = "(loss-condition (White Black) (pieces-remaining 0 HQ))"
    assert play(tmp_path, "((n add))", setup, extra, others).legal_raw() == []
    extra += ' (option "include off-pieces" true)'
    assert "c3c4" in moves(play(tmp_path, "((n add))", setup, extra, others))


def test_captured(tmp_path: Path) -> None:
    others = "(piece (name Rook) (moves))"
    extra = "(loss-condition (Black) (captured Rook))"
    position = play(tmp_path, "((n add))", "(White (Man c4)) (Black (Rook c5) (Man a5))", extra, others)
    position.push_raw(position.legal_raw()[0])
    assert position.legal_raw() == []


def test_absolute_config_positions_all_and_zone_any(tmp_path: Path) -> None:
    extra = "(win-condition (White) (absolute-config Man (c5 d5)))"
    position = play(tmp_path, STEP, "(White (Man c4) (Man d5)) (Black (Man a1))", extra)
    position.push_raw(next(m for m in position.legal_raw() if position.uci(m) == "c4c5"))
    assert position.legal_raw() == []
    extra = "(win-condition (White) (absolute-config Man (far)))"
    position = play(tmp_path, STEP, "(White (Man c4)) (Black (Man a1))", extra)
    position.push_raw(next(m for m in position.legal_raw() if position.uci(m) == "c4c5"))
    assert position.legal_raw() == []


def test_relative_config(tmp_path: Path) -> None:
    extra = "(win-condition (White) (relative-config Man e Man))"
    position = play(tmp_path, STEP, "(White (Man a3) (Man c4)) (Black (Man a1))", extra)
    assert position.legal_raw()
    position.push_raw(next(m for m in position.legal_raw() if position.uci(m) == "a3b3"))
    assert position.legal_raw()
    position = play(tmp_path, STEP, "(White (Man a3) (Man b4)) (Black (Man a1))", extra)
    position.push_raw(next(m for m in position.legal_raw() if position.uci(m) == "a3a4"))
    assert position.legal_raw() == []


def test_total_piece_count(tmp_path: Path) -> None:
    extra = "(draw-condition (White Black) (total-piece-count 1))"
    position = play(tmp_path, "((n add))", "(White (Man c4)) (Black (Man c5))", extra)
    position.push_raw(position.legal_raw()[0])
    assert position.legal_raw() == []


def test_and_or_not_goals(tmp_path: Path) -> None:
    extra = "(win-condition (White) (and (absolute-config Man (c5)) (not (absolute-config Man (a5)))))"
    position = play(tmp_path, "((n add))", "(White (Man c4) (Man a4)) (Black (Man e1))", extra)
    position.push_raw(next(m for m in position.legal_raw() if position.uci(m) == "c4c5"))
    assert position.legal_raw() == []


def test_checkmated_refuses_moves_into_attack(tmp_path: Path) -> None:
    king = "(piece (name King) (moves (n (verify not-friend?) add) (e (verify not-friend?) add)))"
    rook = "(piece (name Rook) (moves (n (while empty? n) (verify not-friend?) add)))"
    extra = "(loss-condition (White Black) (checkmated King))"
    text = game_text(f"{king} {rook}", "(White (King c3)) (Black (Rook d5) (King a5))", extra)
    position = compile_text(tmp_path, text).start_position()
    # d3 is on the black Rook's file: refused; c4 is safe
    assert moves(position) == ["c3c4"]


def test_repetition_is_ignored(tmp_path: Path) -> None:
    extra = "(loss-condition (White Black) repetition)"
    position = play(tmp_path, "((n add))", "(White (Man c3)) (Black (Man a5))", extra)
    assert moves(position) == ["c3c4"]
