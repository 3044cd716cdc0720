"""``fairyport convert IN --to FORMAT [-o OUT] [--best-effort] [--no-prove] [--prove-depth N]``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fairyport.api import PROVE_DEPTH, Conversion, convert
from fairyport.errors import EXIT_CHECK_FAILED
from fairyport.formats import NAMES
from fairyport.output import write_output


def run(args: argparse.Namespace) -> int:
    """Convert one file (same-format conversion goes through the syntax tree: a faithful rewrite); list on
    stderr what the target could not express (``--best-effort``); prove the conversion (:func:`prove`)."""
    conversion: Conversion = convert(Path(args.input), args.to, read=args.source_format, variant=args.variant,
                                     best_effort=args.best_effort, prove=args.prove, prove_depth=args.prove_depth)
    for item in conversion.lost:
        print(f"fairyport: warning: not expressible in {conversion.format}: {item}", file=sys.stderr)
    if not prove(conversion, args.best_effort):
        return EXIT_CHECK_FAILED
    data = conversion.text.encode("utf-8", errors="surrogateescape")
    if args.output:
        write_output(args.output, data)
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    return 0


def prove(conversion: Conversion, best_effort: bool) -> bool:
    """Say on stderr what the proof found; False when the written game differs from the source and
    ``best_effort`` was not given (then nothing is written). With ``best_effort`` a difference is a warning."""
    proof = conversion.proof
    if proof is None:
        return True
    if proof.same is None:
        print(f"fairyport: warning: the conversion is {proof.describe()}", file=sys.stderr)
        return True
    if proof.same:
        print(f"fairyport: proved: {proof.describe()}", file=sys.stderr)
        return True
    if best_effort:
        print(f"fairyport: warning: the written game is not the same game: {proof.describe()}", file=sys.stderr)
        return True
    print(f"fairyport: error: the written game is not the same game: {proof.describe()}; nothing written "
          "(--best-effort writes it anyway)", file=sys.stderr)
    return False


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``convert`` sub-command."""
    parser = subparsers.add_parser("convert", help="convert a rule file to another format")
    parser.add_argument("input", metavar="IN")
    parser.add_argument("--to", required=True, choices=NAMES, help="target format")
    parser.add_argument("--from", dest="source_format", choices=NAMES, help="format of IN if its name does not tell")
    parser.add_argument("-o", "--output", metavar="OUT", help="write here instead of stdout")
    parser.add_argument("--best-effort", action="store_true",
                        help="drop what the target cannot express and list it, instead of failing; a proof "
                             "that differs is then a warning")
    parser.add_argument("--variant", help="ZRF: which variant (title or 1-based index)")
    parser.add_argument("--no-prove", dest="prove", action="store_false",
                        help="do not prove the conversion (by default perft of the source and of the written "
                             "text read back must agree)")
    parser.add_argument("--prove-depth", type=int, default=PROVE_DEPTH, metavar="N",
                        help=f"depth of the proof's perft (default {PROVE_DEPTH})")
    parser.set_defaults(func=run)
