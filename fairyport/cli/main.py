"""Entry point of the ``fairyport`` command: argument parsing, error reporting and exit codes."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence

from fairyport.cli.common import refuse_urls
from fairyport.errors import EXIT_OK, EXIT_UNPARSABLE, EXIT_USAGE, FairyportError, Location, UsageError
from fairyport.inputs import parse_size, set_include_path, set_max_input_size
from fairyport.version import __version__

COMMAND_MODULES = (
    "fairyport.cli.check",
    "fairyport.cli.perft",
    "fairyport.cli.show",
    "fairyport.cli.convert",
    "fairyport.cli.validate",
    "fairyport.cli.report",
)
"""Modules that each define ``register(subparsers)``; the order is the order of ``fairyport --help``."""


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser with every sub-command."""
    parser = argparse.ArgumentParser(
        prog="fairyport",
        description="Read, convert, validate and perft-check chess-variant rule files: Zillions ZRF, Game "
        "Courier presets, Interactive Diagrams, Fairy-Stockfish variants.ini (read and written) and fairyport "
        "JSON. Three jobs: convert a game (convert, proven by perft), validate presets and rule files (validate), "
        "count moves (perft, check).",
    )
    parser.add_argument("--version", action="version", version=f"fairyport {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    for command in subparsers.choices.values():
        add_input_options(command)
    return parser


def add_input_options(parser: argparse.ArgumentParser) -> None:
    """``--max-input-size``, which every sub-command that reads files accepts."""
    parser.add_argument("--max-input-size", metavar="SIZE",
                        help="largest input file read, in bytes or with a unit (500k, 64MiB, 1G; default 16MiB)")
    parser.add_argument("--include-path", metavar="DIR", action="append", default=[],
                        help="ZRF: a folder whose files (include \"...\") may name, besides the game's own folder "
                             "(repeatable)")


def apply_input_options(args: argparse.Namespace) -> None:
    """Set the input gate's size limit from ``--max-input-size`` and the include path from ``--include-path``."""
    set_include_path(getattr(args, "include_path", []))
    size = getattr(args, "max_input_size", None)
    if size is not None:
        try:
            set_max_input_size(parse_size(size))
        except UsageError as exc:
            raise exc.relocated(Location("--max-input-size")) from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (0 ok, 1 check failed, 2 usage, 3 unsupported, 4 unparsable,
    5 output not written)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors and 0 on --help
        return int(exc.code or 0)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        apply_input_options(args)
        refuse_urls(args)
        return int(args.func(args))
    except FairyportError as exc:
        print(f"fairyport: {exc.message()}", file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:
        # the reader went away (``fairyport ... | head``): stop quietly, as Unix tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except OSError as exc:  # the readers and writers turn theirs into located errors; this is the last guard
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"fairyport: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_UNPARSABLE
    except KeyboardInterrupt as exc:  # Ctrl-C; SIGTERM/SIGHUP while perft workers run (exit 128 + signal)
        with contextlib.suppress(OSError):  # a hung-up terminal
            print(f"fairyport: {str(exc) or 'interrupted'}", file=sys.stderr)
        return int(getattr(exc, "exit_code", 130))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
