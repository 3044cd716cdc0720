"""``fairyport validate PATH... [--variant V] [--json]``: structural validation and linting of rule files;
``fairyport validate PRESET --moves FILE``: typed turns played on a Game Courier preset.

Each format's :attr:`~fairyport.format.Format.validate` does the work (:func:`fairyport.api.validate_path`), so
that this command knows nothing about any one format.
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

from fairyport.api import validate_path
from fairyport.cli.common import collect_files, print_json, print_table, progress
from fairyport.diagnostics import FileReport
from fairyport.errors import EXIT_CHECK_FAILED, EXIT_OK, EXIT_UNSUPPORTED, UsageError
from fairyport.format import ValidateOptions
from fairyport.formats import FORMATS, SUFFIXES
from fairyport.gamecourier.validate.moves import play_moves, turn_line


def run(args: argparse.Namespace) -> int:
    """Validate every file named or found under the folders named; print findings and a summary."""
    if args.moves is not None:
        return run_moves(args)
    suffixes = [s for s, fmt in SUFFIXES.items() if FORMATS[fmt].validate is not None]
    files = collect_files(args.paths, suffixes)
    options = ValidateOptions(variant=args.variant, against=args.against, depth=args.depth, run=args.run,
                              strict=args.strict)
    reports: list[FileReport] = []
    with progress(len(files), "validating") as advance:
        for path in files:
            def step(what: str, name: str = path.name) -> None:
                advance(0, f"{name}: {what}")

            reports.append(validate_path(path, dataclasses.replace(options, progress=step)))
            advance(1, path.name)
    if args.json:
        print_json([r.to_json() for r in reports])
    else:
        for report in reports:
            if report.unreadable is not None:
                label = "unsupported" if report.unreadable.exit_code == EXIT_UNSUPPORTED else "unreadable"
                print(f"{report.unreadable.message()} [{label}]")
            for finding in report.findings:
                print(finding)
        if len(reports) > 1:
            print_summary(reports)
    refused = [r.unreadable.exit_code for r in reports if r.unreadable is not None]
    if refused:  # as perft gives it: 4 unreadable, 3 past a bound or not supported (the highest of several files)
        return max(refused)
    if any(r.has_errors for r in reports):
        return EXIT_CHECK_FAILED
    return EXIT_OK


def run_moves(args: argparse.Namespace) -> int:
    """``validate PRESET --moves FILE``: each typed turn of FILE, accepted or refused (exit 1 if one is refused)."""
    if len(args.paths) != 1:
        raise UsageError("--moves plays the turns on one Game Courier preset: name exactly one")
    if SUFFIXES.get(Path(args.paths[0]).suffix.lower()) != "gamecourier":
        raise UsageError(f"--moves plays turns on a Game Courier preset (.php, .gc), not {args.paths[0]}")
    turns = play_moves(Path(args.paths[0]), Path(args.moves))
    if args.json:
        print_json([turn.to_json() for turn in turns])
    else:
        for turn in turns:
            print(turn_line(turn))
    return EXIT_OK if all(turn.accepted for turn in turns) else EXIT_CHECK_FAILED


def print_summary(reports: list[FileReport]) -> None:
    """A summary table on stderr: files clean / with warnings only / with errors / unreadable (plain lines when
    stderr is not a terminal)."""
    counts = {status: sum(1 for r in reports if r.status == status) for status in
              ("clean", "warnings", "findings", "unreadable")}
    columns = ["clean", "warnings only", "with errors", "unreadable", "total"]
    row = [*(str(counts[s]) for s in ("clean", "warnings", "findings", "unreadable")), str(len(reports))]
    print_table("validation summary", columns, [row], numeric=columns, stderr=True)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``validate`` sub-command."""
    parser = subparsers.add_parser("validate", help="validate rule files (files or folders, searched recursively)")
    parser.add_argument("paths", nargs="+", metavar="PATH")
    parser.add_argument("--variant", help="ZRF: validate only this variant (title or 1-based index)")
    parser.add_argument("--json", action="store_true", help="print one JSON record per file")
    parser.add_argument("--against", metavar="GAME",
                        help="Game Courier: run the preset and list the moves that differ from GAME's")
    parser.add_argument("--run", action="store_true",
                        help="Game Courier: run the code and check that the two sides' moves mirror each other; "
                             "ZRF: check each variant's start position with the interpreter (opposite-check)")
    parser.add_argument("--strict", action="store_true",
                        help="Game Courier, with --run: run the code under every reading of the points Game "
                             "Courier's pages leave open and report where it relies on one")
    parser.add_argument("--moves", metavar="FILE",
                        help="Game Courier: play FILE's turns (one a line, as typed; sub-moves split by ';') and "
                             "print each as accepted or refused")
    parser.add_argument("--depth", type=int, default=2, help="plies deep for --against and --run (default 2)")
    parser.set_defaults(func=run)
