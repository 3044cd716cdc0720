"""GAME Code interpreter speed: perft on Game Courier presets next to the reference generator on the same game
(not a test).

    python benchmarks/gamecode_bench.py [--depth 3] [--preset PATH --idiagram PATH]

Run from the repository root with ``PYTHONPATH=.``. By default: the plain-GAME-Code chess and MiniXiangqi presets of
tests/gamecode/ against fixtures/games/chess.idiagram and minixiangqi.idiagram, then the presets the Game Courier
writer makes of Mir Chess 32 and Mideast Chess (fixtures/games/mirchess32.php, mideast.php; Mideast at depth 3 takes
minutes, so ``--depth 2`` is the quick run). This is the one Game Courier benchmark (it replaced
gamecourier_bench.py, which timed only Mir Chess 32). Prints nodes, seconds and nodes per second
for both engines (CPU seconds of this process, so a busy machine does not distort them), the ratio,
and the number of Post-Move runs the interpreter made (every candidate move is one).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from fairyport.formats import read_game
from fairyport.gamecourier.gamecode.game import load_preset
from fairyport.movegen import compile_game, perft

ROOT = Path(__file__).resolve().parents[1]
PAIRS = [
    (ROOT / "tests" / "gamecode" / "chess.php", ROOT / "fixtures" / "games" / "chess.idiagram"),
    (ROOT / "tests" / "gamecode" / "minixiangqi.php", ROOT / "fixtures" / "games" / "minixiangqi.idiagram"),
    (ROOT / "fixtures" / "games" / "mirchess32.php", ROOT / "fixtures" / "games" / "mirchess32.idiagram"),
    (ROOT / "fixtures" / "games" / "mideast.php", ROOT / "fixtures" / "games" / "mideast.idiagram"),
]


def bench(preset: Path, idiagram: Path, depth: int) -> None:
    """Time both engines on one game and print a line each."""
    game = load_preset(preset)
    runs = 0
    original = game._try

    def counting(*args: object, **kwargs: object) -> object:
        nonlocal runs
        runs += 1
        return original(*args, **kwargs)  # type: ignore[arg-type]

    game._try = counting  # type: ignore[method-assign]
    start = time.process_time()
    nodes = perft(game.position(), depth)
    interp = time.process_time() - start
    reference = compile_game(read_game(idiagram)).start_position()
    start = time.process_time()
    ref_nodes = perft(reference, depth)
    generator = time.process_time() - start
    print(f"{preset.name:<20} perft({depth}) interpreter {nodes:>8,} nodes {interp:8.2f} s "
          f"{nodes / interp:8.0f} nodes/s  ({runs:,} Post-Move runs, {runs / interp:,.0f}/s)")
    print(f"{idiagram.name:<20} perft({depth}) generator   {ref_nodes:>8,} nodes {generator:8.2f} s "
          f"{ref_nodes / generator:8.0f} nodes/s  (interpreter / generator time: {interp / generator:.0f}x)")
    if nodes != ref_nodes:
        print(f"  MISMATCH: {nodes} != {ref_nodes}")


def main() -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--preset", type=Path)
    parser.add_argument("--idiagram", type=Path)
    args = parser.parse_args()
    pairs = [(args.preset, args.idiagram)] if args.preset and args.idiagram else PAIRS
    for preset, idiagram in pairs:
        if preset.is_file() and idiagram.is_file():
            bench(preset, idiagram, args.depth)
        else:
            print(f"{preset.name}: not present, skipped")


if __name__ == "__main__":
    main()
