"""Perft speed benchmark: a table of nodes per second with ratios, all measured in one run (not a test).

    python benchmarks/perft_bench.py [--quick] [--baseline FILE] [--save FILE] [--no-zrf] [--dask DEPTH]

Every measurement runs in its own Python process, and the figure compared is that process's whole CPU time
(user + system: start-up, imports, compiling the game and the perft), so fairyport and python-chess are timed
the same way under the same load. The perft-only time is printed too.

Rows: fairyport against python-chess on chess perft(4) and perft(5) (bulk counting at the last ply for both),
then the reference generator on Shatranj Kamil X, Mir Chess 36, shogi, MiniXiangqi and Mideast Chess, then the
ZRF interpreter against the reference generator on the bundled ZRF games. Load on a shared machine changes
absolute figures; ratios measured in one run do not depend on it much, so ``--baseline`` compares each row's
speed *relative to python-chess's chess perft(4) speed in the same run* with the same figure of a saved run.

``--dask DEPTH`` adds the cluster's scaling: Shatranj Kamil X perft(DEPTH) in one process and with
``--dask local`` on one and on two worker processes (perft seconds as ``--json`` reports them, the cluster's
start-up left out), with the speed-up of each against one process.

``--save FILE`` writes the rows as JSON for a later ``--baseline FILE``; ``benchmarks/perft_baseline.json`` holds
the generator as it was before the speed work of issue 21 (measured on main 4dd8ed7, 2-core machine at load 9-12).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "fixtures" / "games"

GENERATOR_ROWS: list[tuple[str, Path, int, int]] = [
    ("chess", GAMES / "chess.idiagram", 4, 5),
    ("Shatranj Kamil X", GAMES / "shatranj-kamil-x.idiagram", 4, 4),
    ("Mir Chess 36", GAMES / "mirchess36.idiagram", 4, 4),
    ("shogi", ROOT / "fixtures" / "gamecourier" / "roundtrip" / "shogi.idiagram", 4, 4),
    ("MiniXiangqi", GAMES / "minixiangqi.idiagram", 4, 4),
    ("Mideast Chess", GAMES / "mideast.idiagram", 4, 4),
]
"""(name, file, quick depth, full depth) of the reference generator's rows."""

ZRF_GAMES = ("chess", "shatranj-kamil-x", "mirchess36", "minixiangqi", "mideast", "minishogi")
"""Bundled ZRF games timed with the ZRF interpreter and with the reference generator (the ``.zrf`` read into
the model); perft(3) for both."""


# ------------------------------------------------------------------------------------------------ child side
def _python_chess(depth: int) -> int:
    import chess

    def run(board: chess.Board, d: int) -> int:
        if d == 1:
            return board.legal_moves.count()
        total = 0
        for move in board.legal_moves:
            board.push(move)
            total += run(board, d - 1)
            board.pop()
        return total

    return run(chess.Board(), depth)


def _fairyport(path: str, depth: int, engine: str) -> int:
    sys.path.insert(0, str(ROOT))
    from fairyport.engines import EngineChoice
    from fairyport.formats import load_engine
    from fairyport.movegen import perft

    choices: dict[str, EngineChoice] = {"auto": "auto", "native": "native", "model": "model"}
    pos = load_engine(path, engine=choices[engine]).position(None, None)
    return perft(pos, depth)


def child(kind: str, path: str, depth: int) -> None:
    """Count one perft in this process and print {nodes, perft seconds, whole-process CPU seconds} as JSON."""
    start = time.perf_counter()
    nodes = _python_chess(depth) if kind == "python-chess" else _fairyport(path, depth, kind)
    seconds = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({"nodes": nodes, "perft_seconds": seconds, "cpu": usage.ru_utime + usage.ru_stime}))


# ----------------------------------------------------------------------------------------------- parent side
def measure(kind: str, path: Path | None, depth: int) -> dict[str, Any]:
    """Run one measurement in a fresh process."""
    command = [sys.executable, __file__, "--child", kind, str(path or "-"), str(depth)]
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def dask_scaling(depth: int) -> list[tuple[str, float]]:
    """Kamil X perft(depth) seconds in one process and on a local Dask cluster of one and of two workers."""
    game = GAMES / "shatranj-kamil-x.idiagram"
    timings = []
    for label, extra in (("one process, no cluster", []), ("--dask local --jobs 1", ["--dask", "local", "--jobs", "1"]),
                         ("--dask local --jobs 2", ["--dask", "local", "--jobs", "2"])):
        command = [sys.executable, "-m", "fairyport", "perft", str(game), "--depth", str(depth), "--json", *extra]
        done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
        data = json.loads(done.stdout[done.stdout.index("{"):])
        timings.append((label, float(data["seconds"][str(depth)])))
    return timings


def row(label: str, result: dict[str, Any]) -> dict[str, Any]:
    """A table row with the label and nodes per CPU second."""
    return {"label": label, **result, "nps": result["nodes"] / result["cpu"]}


def main() -> None:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="chess perft(5) left out, every game at its quick depth")
    parser.add_argument("--baseline", type=Path, help="a JSON file written by --save: print before/after ratios")
    parser.add_argument("--save", type=Path, help="write the rows as JSON")
    parser.add_argument("--no-zrf", action="store_true", help="leave out the ZRF interpreter rows")
    parser.add_argument("--dask", type=int, metavar="DEPTH", help="also time Kamil X perft(DEPTH) on 1 and 2 local "
                        "Dask workers")
    parser.add_argument("--child", nargs=3, metavar=("KIND", "FILE", "DEPTH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, path, depth = args.child
        child(kind, path, int(depth))
        return
    rows: list[dict[str, Any]] = []
    chess_depths = (4,) if args.quick else (4, 5)
    for depth in chess_depths:
        rows.append(row(f"python-chess chess perft({depth})", measure("python-chess", None, depth)))
        rows.append(row(f"fairyport chess perft({depth})", measure("model", GAMES / "chess.idiagram", depth)))
    for name, path, quick, full in GENERATOR_ROWS[1:]:
        depth = quick if args.quick else full
        rows.append(row(f"fairyport {name} perft({depth})", measure("model", path, depth)))
    if not args.no_zrf:
        for stem in ZRF_GAMES:
            path = GAMES / f"{stem}.zrf"
            rows.append(row(f"ZRF interpreter {stem}.zrf perft(3)", measure("native", path, 3)))
            rows.append(row(f"fairyport {stem}.zrf (model) perft(3)", measure("model", path, 3)))
    reference = rows[0]["nps"]
    for r in rows:
        r["vs_python_chess"] = r["nps"] / reference
    before = {}
    if args.baseline is not None:
        before = {r["label"]: r for r in json.loads(args.baseline.read_text())}
    print(f"{'measurement':<44} {'nodes':>11} {'perft s':>8} {'CPU s':>8} {'k nodes/s':>10} {'/ py-chess':>10}"
          + (f" {'speed-up':>9}" if before else ""))
    for r in rows:
        line = (f"{r['label']:<44} {r['nodes']:>11,} {r['perft_seconds']:>8.2f} {r['cpu']:>8.2f} "
                f"{r['nps'] / 1000:>10.1f} {r['vs_python_chess']:>10.2f}")
        old = before.get(r["label"])
        if old is not None:
            line += f" {r['vs_python_chess'] / old['vs_python_chess']:>8.2f}x"
        print(line)
    by_label = {r["label"]: r for r in rows}
    print()
    for depth in chess_depths:
        ours, theirs = by_label[f"fairyport chess perft({depth})"], by_label[f"python-chess chess perft({depth})"]
        print(f"chess perft({depth}) whole-process CPU, fairyport / python-chess: {ours['cpu'] / theirs['cpu']:.2f}")
    if not args.no_zrf:
        for stem in ZRF_GAMES:
            zrf = by_label[f"ZRF interpreter {stem}.zrf perft(3)"]
            model = by_label[f"fairyport {stem}.zrf (model) perft(3)"]
            print(f"{stem}.zrf perft(3): the ZRF interpreter takes {zrf['cpu'] / model['cpu']:.1f}x the CPU of the "
                  "reference generator (both whole-process)")
    if args.dask is not None:
        print()
        timings = dask_scaling(args.dask)
        alone = timings[0][1]
        print(f"{'Shatranj Kamil X perft(' + str(args.dask) + ')':<44} {'perft s':>8} {'speed-up':>9}")
        for label, seconds in timings:
            print(f"{label:<44} {seconds:>8.2f} {alone / seconds:>8.2f}x")
        print(f"two workers against one: {timings[1][1] / timings[2][1]:.2f}x")
    if args.save is not None:
        args.save.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
