"""Hypothesis round trips of the ZRF writer: random small games from the model -> ZRF -> (interpreter, reader).

The written file, played by the ZRF interpreter, has the same legal moves as the model under the generator along
a random playout; the reader brings the written file back to a model with the same perft.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from zrf_proof import compare_playout

from fairyport.model import BLACK, WHITE, Board, Game, Metadata, Piece, PieceType, Promotion, PromotionChoice, Setup
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_file, position
from fairyport.zrf.read import read_game
from fairyport.zrf.write.file import write_game

MOVES = ["W", "F", "N", "R", "B", "Q", "K", "D", "A", "C", "Z", "NAD", "FA", "WfF", "fmWfcF", "mRcpR", "mBcpB",
         "gQ", "W2", "R3", "mafsW", "afFasF", "yafsF", "fsW", "vRsW", "ifmnDfmWfcF", "mNcK", "bFfW", "FfW", "nD",
         "nA", "frN", "N0", "A0"]
"""XBetza strings the writer and the generator both support."""


@st.composite
def games(draw: st.DrawFn) -> Game:
    files = draw(st.integers(4, 6))
    ranks = draw(st.integers(4, 6))
    kinds = draw(st.lists(st.sampled_from(MOVES), min_size=1, max_size=3, unique=True))
    pieces = [PieceType("king", "K", "K", royal=True)]
    pieces += [PieceType(f"piece {i}", "ABCDE"[i], betza) for i, betza in enumerate(kinds)]
    if len(kinds) > 1 and draw(st.booleans()):  # to another type (promotion to itself is no move in ZRF)
        pieces[1].promotion = Promotion((PromotionChoice(pieces[-1].id),), 1, None, draw(st.booleans()))
    squares = [(f, r) for f in range(files) for r in range(1, ranks - 1)]
    chosen = draw(st.lists(st.sampled_from(squares), min_size=2, max_size=8, unique=True))
    placement: dict[str, Piece] = {}
    for k, (f, r) in enumerate(chosen):
        placement[f"{'abcdef'[f]}{r + 1}"] = Piece(pieces[1 + k % (len(pieces) - 1)].id, WHITE if k % 2 == 0 else BLACK)
    placement["a1"] = Piece("K", WHITE)
    placement[f"{'abcdef'[files - 1]}{ranks}"] = Piece("K", BLACK)
    return Game(Metadata("random"), Board(files, ranks), pieces, Setup(placement))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.integers(0, 1000))
def test_written_game_plays_like_the_model_and_reads_back(game: Game, seed: int) -> None:
    variant = compile_game(game)
    start = variant.start_position()
    black_king = variant.geometry.square(next(sq for sq, p in game.setup.placement.items() if p == Piece("K", BLACK)))
    assume(not start.is_attacked(black_king, WHITE))  # a legal start: the side not to move is not in check
    text, lost = write_game(game)
    assert lost == []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "random.zrf"
        path.write_text(text, newline="")
        compare_playout(position(compile_file(path), None), variant.start_position(), seed, 16, 1)
        again = compile_game(read_game(path))
        assert perft(again.start_position(), 2) == perft(variant.start_position(), 2)
