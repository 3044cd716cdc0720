"""The GAME Code interpreter's perft against independent generators.

The test presets in ``tests/gamecode/`` are plain GAME Code written for these tests (chess, MiniXiangqi). Their
counts through the interpreter are compared with published numbers, with python-chess (legal-move sets on
random playouts, special moves included) and with the reference generator on the bundled Interactive Diagrams
(root-move divides). Deep runs are marked slow.
"""

from __future__ import annotations

import random
from pathlib import Path

import chess
import pytest
from paths import GAMES

from fairyport.gamecourier.interpreter.game import GameCourierGame, load_preset
from fairyport.idiagram.read import read_game
from fairyport.movegen import compile_game, divide, perft

HERE = Path(__file__).parent / "gamecode"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.fixture(scope="module")
def chess_game() -> GameCourierGame:
    return load_preset(HERE / "chess.php")


@pytest.fixture(scope="module")
def xiangqi_game() -> GameCourierGame:
    return load_preset(HERE / "minixiangqi.php")


def test_chess_start(chess_game: GameCourierGame) -> None:
    pos = chess_game.position()
    assert [perft(pos, d) for d in (1, 2)] == [20, 400]


def test_kiwipete_depth_1(chess_game: GameCourierGame) -> None:
    assert perft(chess_game.position(KIWIPETE), 1) == 48


def test_minixiangqi_start(xiangqi_game: GameCourierGame) -> None:
    assert [perft(xiangqi_game.position(), d) for d in (1, 2)] == [19, 331]


def test_chess_divide_matches_reference_generator(chess_game: GameCourierGame) -> None:
    reference = compile_game(read_game(GAMES / "chess.idiagram")).start_position()
    assert divide(chess_game.position(), 2) == divide(reference, 2)


def test_minixiangqi_divide_matches_reference_generator(xiangqi_game: GameCourierGame) -> None:
    reference = compile_game(read_game(GAMES / "minixiangqi.idiagram")).start_position()
    assert divide(xiangqi_game.position(), 2) == divide(reference, 2)


def _python_chess_positions(seed: int, games: int, plies: int) -> list[str]:
    """FENs of random playouts, with positions rich in promotions, castling and e.p. added."""
    rng = random.Random(seed)
    fens = ["r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1",   # promotions with capture, e.p., castling
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",                  # castling for black
            "4k3/8/8/8/8/8/8/r3K2R w K - 0 1",                       # castling through / into attack
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",              # CPW position 3 (e.p. pins)
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"]  # CPW position 5
    for _ in range(games):
        board = chess.Board()
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            fens.append(board.fen())
    return fens


@pytest.mark.parametrize("seed", [1, 2])
def test_chess_move_sets_match_python_chess(chess_game: GameCourierGame, seed: int) -> None:
    for fen in _python_chess_positions(seed, 2, 40)[:: 3 if seed == 1 else 4]:
        board = chess.Board(fen)
        if board.ep_square is not None and not any(board.is_en_passant(m) for m in board.legal_moves):
            continue  # python-chess keeps e.p. squares a GC position cannot carry; only real e.p. matters
        ours = _gc_position(chess_game, board)
        theirs = {m.uci() for m in board.legal_moves}
        assert {m.uci() for m in ours.legal_raw()} == theirs, fen


def _gc_position(game: GameCourierGame, board: chess.Board):  # type: ignore[no-untyped-def]
    """The python-chess position as a GC position: castling rights come from Pre-Game's flags, so the rights
    python-chess has lost are taken away by unsetting those flags; the e.p. square is set as the preset does."""
    pos = game.position(board.fen())
    state = pos.state
    for square, right in (("a1", chess.BB_A1), ("h1", chess.BB_H1), ("a8", chess.BB_A8), ("h8", chess.BB_H8)):
        if not board.castling_rights & right:
            state.flags[square] = False
    if board.ep_square is not None:
        ep = chess.square_name(board.ep_square)
        state.vars["ep"] = ep[0] + ("5" if ep[1] == "6" else "4")
    return pos


@pytest.mark.slow
def test_chess_depth_3_and_kiwipete_depth_2(chess_game: GameCourierGame) -> None:
    assert perft(chess_game.position(), 3) == 8902
    assert perft(chess_game.position(KIWIPETE), 2) == 2039


@pytest.mark.slow
def test_minixiangqi_depth_3(xiangqi_game: GameCourierGame) -> None:
    assert perft(xiangqi_game.position(), 3) == 6664


WRITTEN = sorted(GAMES.glob("*.php"))
"""Presets written by the Game Courier writer (branch gc-convert), when present."""


@pytest.mark.skipif(not WRITTEN, reason="no written presets in fixtures/games")
@pytest.mark.parametrize("path", WRITTEN, ids=lambda p: p.name)
def test_written_presets_record_the_moves_found_by_trying_every_candidate(path: Path) -> None:
    """Where a preset records setlegal moves (the legal-move display, in Post-Game), they equal the moves the
    interpreter finds by trying every candidate, at the start and along a random playout."""
    game = load_preset(path)
    pos = game.position()
    rng = random.Random(7)
    for _ in range(4):
        moves = pos.legal_raw()
        assert pos.recorded_legal() == ({(m.origin, m.dest) for m in moves} or None), pos.fen()
        if not moves:
            break
        pos.push_raw(rng.choice(moves))


def test_one_line_ifs_run_like_the_block_form() -> None:
    """The castling flags of the chess test preset rewritten in the one-line form Game Courier's author uses
    (``if == K space e1: setflag e1;`` without ``endif``), plus his ``if == thismove null: say ...;``: the code
    parses, runs, and castling still works (Kiwipete has both sides' castling moves)."""
    from fairyport.gamecourier.interpreter.game import load_text

    text = (HERE / "chess.php").read_text()
    one_line = text
    for piece, square in (("K", "e1"), ("R", "a1"), ("R", "h1"), ("k", "e8"), ("r", "a8"), ("r", "h8")):
        block = f"if == {piece} space {square}:\n  setflag {square};\nendif;\n"
        assert block in one_line
        one_line = one_line.replace(block, f"if == {piece} space {square}: setflag {square};\n")
    one_line = one_line.replace("setflag rules;\n", "setflag rules;\nif == thismove null:\n  say Hello.;\n", 1)
    game = load_text(one_line, "one_line_chess.php")
    assert [perft(game.position(), d) for d in (1, 2)] == [20, 400]
    assert perft(game.position(KIWIPETE), 1) == 48
