"""The ZRF writer: every bundled game written as ZRF plays, under the ZRF interpreter, exactly as the model
plays under the reference generator (start position and random playouts); the committed fixtures are what the
writer writes now; what ZRF cannot express is refused naming the piece, or listed with best effort."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import GAMES
from zrf_proof import compare_playout

from fairyport.errors import UnsupportedError
from fairyport.formats import read_game
from fairyport.model import Board, Game, Metadata, Piece, PieceType, Setup
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_file, position
from fairyport.zrf.write.file import write_game

NAMES = ["chess", "mirchess32", "mirchess36", "shatranj-kamil-x", "minixiangqi", "mideast"]


def written(tmp_path: Path, name: str) -> Path:
    game = read_game(GAMES / f"{name}.idiagram")
    text, lost = write_game(game)
    assert lost == []
    out = tmp_path / f"{name}.zrf"
    out.write_bytes(text.encode("utf-8"))
    return out


@pytest.mark.parametrize("name", NAMES)
def test_committed_fixture_is_what_the_writer_writes(name: str) -> None:
    text, _ = write_game(read_game(GAMES / f"{name}.idiagram"))
    assert (GAMES / f"{name}.zrf").read_bytes() == text.encode("utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_written_file_plays_like_the_model(tmp_path: Path, name: str) -> None:
    path = written(tmp_path, name)
    zrf = compile_file(path)
    variant = compile_game(read_game(GAMES / f"{name}.idiagram"))
    assert perft(position(zrf, None), 2) == perft(variant.start_position(), 2)
    for seed in range(3):
        compare_playout(position(zrf, None), variant.start_position(), seed, 40, 1)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_written_file_plays_like_the_model_deep(tmp_path: Path, name: str) -> None:
    path = written(tmp_path, name)
    zrf = compile_file(path)
    variant = compile_game(read_game(GAMES / f"{name}.idiagram"))
    assert perft(position(zrf, None), 3) == perft(variant.start_position(), 3)
    for seed in range(10, 20):
        compare_playout(position(zrf, None), variant.start_position(), seed, 80, 2)


def tiny(betza: str, **rules: object) -> Game:
    pieces = [PieceType("king", "K", "K", royal=True), PieceType("odd", "X", betza)]
    setup = Setup({"a1": Piece("K", 0), "e5": Piece("K", 1), "c3": Piece("X", 0)})
    return Game(Metadata("tiny"), Board(5, 5), pieces, setup)


@pytest.mark.parametrize("betza", ["xW", "mcdW", "nN", "cabW", "jR", "fkW"])
def test_unsupported_moves_name_the_piece(betza: str) -> None:
    with pytest.raises(UnsupportedError, match="piece 'Odd'"):
        write_game(tiny(betza))


def test_best_effort_lists_what_is_dropped(tmp_path: Path) -> None:
    text, lost = write_game(tiny("WxN"), best_effort=True)
    assert len(lost) == 1 and "Odd" in lost[0] and "xN" in lost[0]
    out = tmp_path / "tiny.zrf"
    out.write_text(text, newline="")
    assert perft(position(compile_file(out), None), 1) == 3 + 4  # king a1: a2 b1 b2; the wazir on c3: four steps


@pytest.mark.parametrize("betza", ["ifmnDmW", "yafsF", "gQ", "mRcpR", "W3", "fmFbcW", "afFasF", "mafsW", "mFcW"])
def test_small_games_play_like_the_model(tmp_path: Path, betza: str) -> None:
    game = tiny(betza)
    text, _ = write_game(game)
    out = tmp_path / "tiny.zrf"
    out.write_text(text, newline="")
    zrf = compile_file(out)
    variant = compile_game(game)
    for seed in range(4):
        compare_playout(position(zrf, None), variant.start_position(), seed, 30, 2)


def test_limited_slider_does_not_attack_beyond_its_range() -> None:
    """Found by the ZRF proof: the generator's reverse rays marked a W3 ray that meets the board edge as
    unlimited, so a W3 on a4 'attacked' e4 (5x5 board)."""
    from fairyport.movegen.position import Position

    pos = Position.from_fen(compile_game(tiny("W3")), "5/X4/K2k1/5/5 b - - 0 1")
    assert "d3e4" in {pos.uci(m) for m in pos.legal_raw()}


def test_holes_are_killed_positions_and_read_back(tmp_path: Path) -> None:
    import dataclasses

    from fairyport.zrf.read import read_game as read_zrf

    game = tiny("QN")
    game.board = dataclasses.replace(game.board, holes=frozenset({"b2", "d4", "c5"}))
    text, _ = write_game(game)
    assert "(kill-positions b2 c5 d4)" in text
    out = tmp_path / "holes.zrf"
    out.write_text(text, newline="")
    variant = compile_game(game)
    for seed in range(3):
        compare_playout(position(compile_file(out), None), variant.start_position(), seed, 30, 2)
    assert read_zrf(out).board.holes == game.board.holes
