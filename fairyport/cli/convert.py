"""``fairyport convert IN --to FORMAT [-o OUT] [--best-effort]``."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from fairyport.cli.registry import MODEL_READERS, MODEL_WRITERS, REWRITERS, VARIANT_READERS, resolve
from fairyport.converters import programs_lost, require_translated, untranslated
from fairyport.errors import Location, UnsupportedError
from fairyport.formats.detect import FORMATS, detect_format


def run(args: argparse.Namespace) -> int:
    """Convert one file. Same-format conversion goes through the syntax tree (a faithful rewrite)."""
    path = Path(args.input)
    source = detect_format(path, args.source_format)
    target = args.to
    data: bytes
    if source == target and (rewrite := resolve(REWRITERS, source)) is not None:
        data = rewrite(path)
    else:
        reader = resolve(MODEL_READERS, source)
        writer = resolve(MODEL_WRITERS, target)
        if reader is None:
            raise UnsupportedError(f"reading the {source} format into the game model is not supported yet",
                                   Location(str(path)), feature=source)
        if writer is None:
            raise UnsupportedError(f"writing the {target} format is not supported yet", feature=target)
        game = reader(path, variant=args.variant) if args.variant and source in VARIANT_READERS else reader(path)
        dropped = [] if target == "json" else programs_lost(game, target, args.best_effort)
        missing = untranslated(game)
        if missing and not args.best_effort:
            require_translated(game, f"{path} cannot be written as {target}")
        try:
            text, lost = writer(game, best_effort=args.best_effort)
        except UnsupportedError as error:
            if error.location.file is None:  # the writer knows the game, not the file it came from
                error.relocated(dataclasses.replace(error.location, file=str(path)))
            raise
        lost = dropped + missing + lost
        for item in lost:
            print(f"fairyport: warning: not expressible in {target}, dropped: {item}", file=sys.stderr)
        data = text.encode("utf-8")
    if args.output:
        Path(args.output).write_bytes(data)
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``convert`` sub-command."""
    parser = subparsers.add_parser("convert", help="convert a rule file to another format")
    parser.add_argument("input", metavar="IN")
    parser.add_argument("--to", required=True, choices=FORMATS, help="target format")
    parser.add_argument("--from", dest="source_format", choices=FORMATS, help="format of IN if its name does not tell")
    parser.add_argument("-o", "--output", metavar="OUT", help="write here instead of stdout")
    parser.add_argument("--best-effort", action="store_true",
                        help="drop what the target cannot express and list it, instead of failing")
    parser.add_argument("--variant", help="ZRF: which variant (title or 1-based index)")
    parser.set_defaults(func=run)
