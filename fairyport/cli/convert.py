"""``fairyport convert IN --to FORMAT [-o OUT] [--best-effort]``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fairyport.api import Conversion, convert
from fairyport.formats import NAMES
from fairyport.output import write_output


def run(args: argparse.Namespace) -> int:
    """Convert one file (same-format conversion goes through the syntax tree: a faithful rewrite); list on
    stderr what the target could not express (``--best-effort``)."""
    conversion: Conversion = convert(Path(args.input), args.to, read=args.source_format, variant=args.variant,
                                     best_effort=args.best_effort)
    for item in conversion.lost:
        print(f"fairyport: warning: not expressible in {conversion.format}, dropped: {item}", file=sys.stderr)
    data = conversion.text.encode("utf-8", errors="surrogateescape")
    if args.output:
        write_output(args.output, data)
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``convert`` sub-command."""
    parser = subparsers.add_parser("convert", help="convert a rule file to another format")
    parser.add_argument("input", metavar="IN")
    parser.add_argument("--to", required=True, choices=NAMES, help="target format")
    parser.add_argument("--from", dest="source_format", choices=NAMES, help="format of IN if its name does not tell")
    parser.add_argument("-o", "--output", metavar="OUT", help="write here instead of stdout")
    parser.add_argument("--best-effort", action="store_true",
                        help="drop what the target cannot express and list it, instead of failing")
    parser.add_argument("--variant", help="ZRF: which variant (title or 1-based index)")
    parser.set_defaults(func=run)
