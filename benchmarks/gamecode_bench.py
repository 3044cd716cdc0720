"""GAME Code interpreter speed: each bundled game's written Game Courier preset next to the reference generator
(not a test).

    PYTHONPATH=. python benchmarks/gamecode_bench.py [--depth 3] [--games chess,shogi] [--timeout 600]

For every game of ``fixtures/games/*.idiagram``, the preset fairyport's Game Courier writer makes of it
(``fixtures/games/NAME.php``, or ``fixtures/gamecourier/drops/NAME.php`` for the drop games) is counted by the GAME
Code interpreter (``fairyport perft PRESET --engine native``) and the Diagram by the reference generator
(``fairyport perft NAME.idiagram``), each as a whole process (start-up, reading and compiling included), one after
the other in this run. Times are the CPU seconds (user + system) of each child process, so a busy machine
distorts them less than wall-clock time would; the ratio is interpreter / generator. A last line sums up: the
largest ratio, their geometric mean and how many games are within :data:`TARGET` times the generator.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "fixtures" / "games"
DROPS = ROOT / "fixtures" / "gamecourier" / "drops"
TARGET = 10.0
"""The issue's bound: a written preset's perft within this factor of the generator's time (whole process)."""


def written_preset(name: str) -> Path | None:
    """The written preset of a bundled game, if there is one."""
    for folder in (GAMES, DROPS):
        path = folder / f"{name}.php"
        if path.is_file():
            return path
    return None


def timed(args: list[str], timeout: float) -> tuple[str, float]:
    """Run ``python -m fairyport ARGS``; its last output line (or the error) and its CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        done = subprocess.run([sys.executable, "-m", "fairyport", *args], capture_output=True, text=True,
                              timeout=timeout, env=env, check=False)
        output = (done.stdout.strip().splitlines() or [""])[-1] if done.returncode == 0 else \
            f"exit {done.returncode}: {(done.stderr.strip().splitlines() or [''])[-1]}"
    except subprocess.TimeoutExpired:
        output = f"timed out after {timeout:.0f} s"
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return output, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    """Run the benchmark and print one line per game and a summary."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--games", help="comma-separated names (default: every bundled game)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per process")
    args = parser.parse_args()
    names = args.games.split(",") if args.games else sorted(p.stem for p in GAMES.glob("*.idiagram"))
    ratios: list[float] = []
    print(f"{'game':<18} {'GAME Code':>10} {'generator':>10} {'ratio':>7}  perft({args.depth})")
    for name in names:
        preset = written_preset(name)
        if preset is None:
            print(f"{name:<18} no written preset, skipped")
            continue
        gc_out, gc_time = timed(["perft", str(preset), "--engine", "native", "--depth", str(args.depth)], args.timeout)
        ref_out, ref_time = timed(["perft", str(GAMES / f"{name}.idiagram"), "--depth", str(args.depth)],
                                  args.timeout)
        ratio = gc_time / ref_time if ref_time else math.inf
        agree = "equal" if gc_out == ref_out else f"DIFFERENT: {gc_out!r} vs {ref_out!r}"
        print(f"{name:<18} {gc_time:9.2f}s {ref_time:9.2f}s {ratio:6.1f}x  {ref_out} {agree}", flush=True)
        if gc_out == ref_out:
            ratios.append(ratio)
    if ratios:
        mean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        within = sum(r <= TARGET for r in ratios)
        print(f"summary: {len(ratios)} games with equal counts, largest ratio {max(ratios):.1f}x, geometric mean "
              f"{mean:.1f}x, {within} of {len(ratios)} within {TARGET:.0f}x of the generator (whole process, CPU "
              f"seconds, load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
