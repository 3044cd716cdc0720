"""Variants of the official Chess.zrf and fairychess.zrf that are Fairy-Stockfish built-ins agree with pyffish:
perft at the start and the exact legal-move sets along random playouts.

Variants with other rules are listed in docs/zrf.md (the ZRF interpreter).
"""

from __future__ import annotations

import random

import pytest
from zrf_helpers import corpus_file

from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter import Game, compile_file

sf = pytest.importorskip("pyffish")

PAIRS = [
    ("zrflib/Chess.zrf", "Chess", "chess"),
    ("zrflib/Chess.zrf", "Extinction Chess", "extinction"),
    ("zrflib/Chess.zrf", "Kinglet Chess", "kinglet"),
    ("zrflib/Chess.zrf", "Losing Chess", "giveaway"),
    ("zrflib/Chess.zrf", "Knightmate", "knightmate"),
    ("zrflib/Chess.zrf", "Pocket Knight Chess", "pocketknight"),
    ("zrflib/fairychess.zrf", "Shatranj", "shatranj"),
    ("zrflib/fairychess.zrf", "Berolina Chess", "berolina"),
    ("zrflib/fairychess.zrf", "Grasshopper Chess", "grasshopper"),
    ("zrflib/fairychess.zrf", "Grand Chess", "grand"),
]


def fsf_perft(variant: str, fen: str, moves: list[str], depth: int) -> int:
    legal = sf.legal_moves(variant, fen, moves)
    if depth <= 1:
        return len(legal)
    return sum(fsf_perft(variant, fen, [*moves, m], depth - 1) for m in legal)


def _game(path: str, title: str) -> Game:
    return compile_file(corpus_file(path), title)


@pytest.mark.parametrize(("path", "title", "fsf"), PAIRS, ids=[p[1] for p in PAIRS])
def test_start_perft_2_agrees(path: str, title: str, fsf: str) -> None:
    position = _game(path, title).start_position()
    fen = sf.start_fen(fsf)
    assert [perft(position, d) for d in (1, 2)] == [fsf_perft(fsf, fen, [], d) for d in (1, 2)]


@pytest.mark.parametrize(("path", "title", "fsf"), PAIRS, ids=[p[1] for p in PAIRS])
def test_random_playouts_have_the_same_moves(path: str, title: str, fsf: str) -> None:
    game = _game(path, title)
    fen = sf.start_fen(fsf)
    rng = random.Random(title)
    for _ in range(2):
        position = game.start_position()
        played: list[str] = []
        for _ply in range(rng.randrange(6, 30)):
            legal = position.legal_raw()
            assert sorted(position.uci(m) for m in legal) == sorted(sf.legal_moves(fsf, fen, played)), played
            if not legal:
                break
            move = rng.choice(legal)
            played.append(position.uci(move))
            position.push_raw(move)


@pytest.mark.slow
@pytest.mark.parametrize(("path", "title", "fsf"), PAIRS, ids=[p[1] for p in PAIRS])
def test_start_perft_3_agrees(path: str, title: str, fsf: str) -> None:
    position = _game(path, title).start_position()
    assert perft(position, 3) == fsf_perft(fsf, sf.start_fen(fsf), [], 3)


def test_losing_chess_differs_from_antichess_by_castling() -> None:
    # Zillions' Losing Chess keeps castling; FSF's antichess has none (giveaway has it, and agrees above)
    game = _game("zrflib/Chess.zrf", "Losing Chess")
    fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    ours = {m for m in (game.position_from_fen(fen).uci(x) for x in game.position_from_fen(fen).legal_raw())}
    assert "e1g1" in ours and "e1g1" not in sf.legal_moves("antichess", fen, [])
