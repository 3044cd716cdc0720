"""ZRF interpreter speed: perft on the official Chess.zrf next to the reference generator on chess (not a test).

    python -m benchmarks.zrf_perft_bench [--depth 3] [--repeat 3]     (from the worktree root)

Both count with bulk counting at the last ply. The figure to compare is the ratio (target: within 5x).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

from fairyport.expectations import bundled_fixtures
from fairyport.formats import read_game
from fairyport.movegen import compile_game, perft
from fairyport.zrf.interpreter import compile_file

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))  # paths, harnesses: one copy

from paths import CORPUS

CHESS_ZRF = CORPUS / "zrf" / "zrflib" / "Chess.zrf"


def timed(label: str, run: Callable[[], int], repeat: int) -> float:
    """Print and return the best of ``repeat`` wall-clock times of ``run``, with its node count."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        nodes = run()
        best = min(best, time.perf_counter() - start)
    print(f"{label}: {nodes:,} nodes, best of {repeat}: {best:.2f} s")
    return best


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--zrf", type=Path, default=CHESS_ZRF, help="the Chess.zrf to use")
    args = parser.parse_args()
    if not args.zrf.is_file():
        sys.exit(f"{args.zrf} not found (the shared corpus is needed)")
    start = time.perf_counter()
    zrf_game = compile_file(args.zrf, "Chess")
    print(f"reading and compiling Chess.zrf: {time.perf_counter() - start:.2f} s")
    reference = compile_game(read_game(bundled_fixtures() / "games" / "chess.idiagram"))
    ours = timed(f"ZRF interpreter Chess.zrf perft({args.depth})",
                 lambda: perft(zrf_game.start_position(), args.depth), args.repeat)
    generic = timed(f"reference generator chess perft({args.depth})",
                    lambda: perft(reference.start_position(), args.depth), args.repeat)
    print(f"interpreter / generator time: {ours / generic:.1f}x (target: at most 5x)")


if __name__ == "__main__":
    main()
