"""``fairyport check [PATH...]``: run every expectation file's perft and compare (the bundled games by default)."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from fairyport.cli.common import collect_files, print_json
from fairyport.cli.perft import counted, position_of
from fairyport.errors import EXIT_CHECK_FAILED, EXIT_OK, FairyportError
from fairyport.expectations import read_expectation
from fairyport.loader import bundled_fixtures, read_game
from fairyport.rules import compile_game


def run(args: argparse.Namespace) -> int:
    """Check every expectation file found; print a table; exit 1 on any mismatch or unreadable game."""
    paths = args.paths or [str(bundled_fixtures())]
    files = collect_files(paths, [".perft"])
    rows: list[dict[str, Any]] = []
    failed = False
    for path in files:
        try:
            expectation = read_expectation(path)
            game = read_game(expectation.game)
            variant = compile_game(game)
        except FairyportError as exc:
            rows.append({"file": str(path), "id": "-", "depth": None, "expected": None, "got": None,
                         "seconds": None, "status": f"error: {exc.message()}"})
            failed = True
            continue
        for case in expectation.cases:
            try:
                pos = position_of(variant, case.fen, case.fen_location)
            except FairyportError as exc:
                rows.append({"file": str(path), "game": game.metadata.title, "id": case.id, "depth": None,
                             "expected": None, "got": None, "seconds": None, "status": f"error: {exc.message()}"})
                failed = True
                continue
            for line in case.expected:
                if (line.slow and not args.slow) or (args.max_depth is not None and line.depth > args.max_depth):
                    continue
                start = time.perf_counter()
                got = counted(pos, line.depth, args.jobs, f"{path.stem} {case.id} perft({line.depth})")
                ok = got == line.nodes
                failed = failed or not ok
                rows.append({"file": str(path), "game": game.metadata.title, "id": case.id, "depth": line.depth,
                             "expected": line.nodes, "got": got, "seconds": round(time.perf_counter() - start, 3),
                             "status": "ok" if ok else "MISMATCH"})
    if args.json:
        print_json(rows)
    else:
        print_table(rows)
    return EXIT_CHECK_FAILED if failed or not rows else EXIT_OK


def print_table(rows: list[dict[str, Any]]) -> None:
    """The results as a table on stdout."""
    table = Table(title="fairyport check")
    for column in ("game", "position", "depth", "expected", "got", "seconds", "status"):
        table.add_column(column, justify="right" if column in ("depth", "expected", "got", "seconds") else "left")
    for row in rows:
        table.add_row(row.get("game") or Path(row["file"]).name, row["id"], str(row["depth"] or ""),
                      f"{row['expected']:,}" if row["expected"] is not None else "",
                      f"{row['got']:,}" if row["got"] is not None else "",
                      f"{row['seconds']:.2f}" if row["seconds"] is not None else "", row["status"])
    Console().print(table)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``check`` sub-command."""
    parser = subparsers.add_parser("check", help="run the perft expectations of the bundled games (or PATHs)")
    parser.add_argument("paths", nargs="*", metavar="PATH", help="expectation files or folders (default: bundled)")
    parser.add_argument("--max-depth", type=int, help="skip expectations deeper than this")
    parser.add_argument("--slow", action="store_true", help="also run expectations marked slow")
    parser.add_argument("--jobs", type=int, default=1, help="spread root moves over N processes")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.set_defaults(func=run)
