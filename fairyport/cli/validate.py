"""``fairyport validate PATH... [--variant V] [--json]``: structural validation and linting of rule files.

Each format's :attr:`~fairyport.format.Format.validate` does the work (:func:`fairyport.api.validate_path`), so
that this command knows nothing about any one format.
"""

from __future__ import annotations

import argparse

from fairyport.api import validate_path
from fairyport.cli.common import collect_files, print_json, print_table, progress
from fairyport.diagnostics import FileReport
from fairyport.errors import EXIT_CHECK_FAILED, EXIT_OK, EXIT_UNPARSABLE
from fairyport.format import ValidateOptions
from fairyport.formats import FORMATS, SUFFIXES


def run(args: argparse.Namespace) -> int:
    """Validate every file named or found under the folders named; print findings and a summary."""
    suffixes = [s for s, fmt in SUFFIXES.items() if FORMATS[fmt].validate is not None]
    files = collect_files(args.paths, suffixes)
    options = ValidateOptions(variant=args.variant, against=args.against, depth=args.depth, run=args.run)
    reports: list[FileReport] = []
    with progress(len(files), "validating") as advance:
        for path in files:
            reports.append(validate_path(path, options))
            advance(1, path.name)
    if args.json:
        print_json([r.to_json() for r in reports])
    else:
        for report in reports:
            if report.unreadable is not None:
                print(f"{report.unreadable.message()} [unreadable]")
            for finding in report.findings:
                print(finding)
        if len(reports) > 1:
            print_summary(reports)
    if any(r.unreadable is not None for r in reports):
        return EXIT_UNPARSABLE
    if any(r.has_errors for r in reports):
        return EXIT_CHECK_FAILED
    return EXIT_OK


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
    parser.add_argument("--depth", type=int, default=2, help="plies deep for --against and --run (default 2)")
    parser.set_defaults(func=run)
