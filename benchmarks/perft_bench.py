"""Perft speed benchmark: prints nodes per second (not a test).

    python benchmarks/perft_bench.py [--depth 4] [--repeat 1]

Measures fairyport's generator on chess and Shatranj Kamil X, and python-chess on chess in the same run (if
installed: it is in the test extra), with bulk counting at the last ply for both. The figure to compare is
the ratio on chess.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from fairyport.expectations import bundled_fixtures
from fairyport.formats import read_game
from fairyport.movegen import compile_game, perft


def timed(label: str, count: Callable[[], int], repeat: int) -> float:
    """Run ``count`` ``repeat`` times; print the best time and nodes per second; return the best time."""
    best = float("inf")
    nodes = 0
    for _ in range(repeat):
        start = time.perf_counter()
        nodes = count()
        best = min(best, time.perf_counter() - start)
    print(f"{label:<34} {nodes:>10,} nodes {best:8.2f} s {nodes / best / 1000:9.1f} k nodes/s")
    return best


def python_chess_perft(depth: int) -> Callable[[], int] | None:
    """python-chess perft with bulk counting, or None if python-chess is not installed."""
    try:
        import chess
    except ImportError:
        return None

    def run(board: chess.Board, d: int) -> int:
        if d == 1:
            return board.legal_moves.count()
        total = 0
        for move in board.legal_moves:
            board.push(move)
            total += run(board, d - 1)
            board.pop()
        return total

    return lambda: run(chess.Board(), depth)


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    games = bundled_fixtures() / "games"
    start = time.perf_counter()
    chess_variant = compile_game(read_game(games / "chess.idiagram"))
    kamil_variant = compile_game(read_game(games / "shatranj-kamil-x.idiagram"))
    print(f"compiling both games: {time.perf_counter() - start:.2f} s")
    ours = timed(f"fairyport chess perft({args.depth})",
                 lambda: perft(chess_variant.start_position(), args.depth), args.repeat)
    timed(f"fairyport Shatranj Kamil X perft({args.depth})",
          lambda: perft(kamil_variant.start_position(), args.depth), args.repeat)
    reference = python_chess_perft(args.depth)
    if reference is None:
        print("python-chess is not installed: no comparison")
        return
    theirs = timed(f"python-chess chess perft({args.depth})", reference, args.repeat)
    print(f"fairyport / python-chess time on chess: {ours / theirs:.1f}x")


if __name__ == "__main__":
    main()
