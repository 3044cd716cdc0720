"""``fairyport show FILE [--svg OUT]``: print the board of a game or preset."""

from __future__ import annotations

import argparse
from pathlib import Path

from fairyport.cli.common import format_name
from fairyport.errors import Location, UnsupportedError
from fairyport.format import ShowOptions
from fairyport.formats import detect_format, get_format


def run(args: argparse.Namespace) -> int:
    """Show ``args.file`` with the shower of its format."""
    path = Path(args.file)
    fmt = detect_format(path, args.source_format)
    function = get_format(fmt).show
    if function is None:
        raise UnsupportedError(f"'show' does not support the {fmt} format yet", Location(str(path)), feature=fmt)
    return function(path, ShowOptions(variant=args.variant, svg=args.svg))


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``show`` sub-command."""
    parser = subparsers.add_parser("show", help="print the board (and write an SVG diagram)")
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--from", dest="source_format", type=format_name, metavar="FORMAT",
                        help="format of FILE if its name does not tell")
    parser.add_argument("--svg", metavar="OUT", help="also write an SVG diagram of the start position")
    parser.add_argument("--variant", help="ZRF: which variant (title or 1-based index)")
    parser.set_defaults(func=run)
