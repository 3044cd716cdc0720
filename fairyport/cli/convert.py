"""``fairyport convert IN --to FORMAT [-o OUT] [--best-effort] [--no-prove] [--prove-depth N] [--form]``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fairyport.api import (
    LOST,
    PROVE_DEPTH,
    PROVE_FALLBACK_DEPTH,
    PROVE_NODE_BUDGET,
    SAME,
    UNPROVEN,
    Conversion,
    convert,
)
from fairyport.cli.common import announce_variant, format_name, progress
from fairyport.errors import EXIT_CHECK_FAILED, EXIT_OK, UsageError
from fairyport.formats import NAMES
from fairyport.gamecourier.write.form import edit_form
from fairyport.output import write_output


def run(args: argparse.Namespace) -> int:
    """Convert one file (same-format conversion goes through the syntax tree: a faithful rewrite); list on
    stderr what the target could not express (``--best-effort``); prove the conversion (:func:`prove`)."""
    if args.form and args.to != "gamecourier":
        raise UsageError("--form shows a Game Courier preset's Edit form: use it with --to gamecourier")
    announce_variant(args.input, args.source_format, args.variant)
    with progress(None, "converting") as advance:  # on a terminal: the step and the time so far
        conversion: Conversion = convert(Path(args.input), args.to, read=args.source_format, variant=args.variant,
                                         best_effort=args.best_effort, prove=args.prove,
                                         prove_depth=args.prove_depth, progress=lambda step: advance(0, step))
    for item in conversion.lost:
        print(f"fairyport: warning: not expressible in {conversion.format}: {item}", file=sys.stderr)
    code = prove(conversion, args.best_effort)
    if code != EXIT_OK and not args.best_effort:
        return code
    text = conversion.text
    if args.form:
        text = edit_form(text, args.output)
    data = text.encode("utf-8", errors="surrogateescape")
    if args.output:
        write_output(args.output, data)
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    return code


def prove(conversion: Conversion, best_effort: bool) -> int:
    """Say on stderr what the proof found; the exit code: :data:`EXIT_CHECK_FAILED` when the counts differ
    (without ``best_effort`` nothing is then written; with it the text is written all the same), else 0. A
    conversion that lost rules is never "proved": it says the written game differs, the counts not testing it."""
    proof = conversion.proof
    if proof is None:
        return EXIT_OK
    verdict = proof.verdict
    if verdict == SAME:
        print(f"fairyport: proved: {proof.describe()}", file=sys.stderr)
    elif verdict == UNPROVEN:
        print(f"fairyport: warning: the conversion is {proof.describe()}", file=sys.stderr)
    elif verdict == LOST:
        print(f"fairyport: warning: the written game differs from the source: it lost {len(proof.lost)} rule(s) "
              f"or piece(s) listed above, not tested by the count ({proof.counts()})", file=sys.stderr)
    else:
        written = ("written anyway (--best-effort)" if best_effort
                   else "nothing written (--best-effort writes it anyway)")
        print(f"fairyport: error: the written game is not the same game: {proof.describe()}; {written}",
              file=sys.stderr)
        return EXIT_CHECK_FAILED
    return EXIT_OK


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``convert`` sub-command."""
    parser = subparsers.add_parser("convert", help="convert a rule file to another format")
    parser.add_argument("input", metavar="IN")
    parser.add_argument("--to", required=True, type=format_name, metavar="FORMAT",
                        help=f"target format: {', '.join(NAMES)} (or gc)")
    parser.add_argument("--from", dest="source_format", type=format_name, metavar="FORMAT",
                        help="format of IN if its name does not tell")
    parser.add_argument("-o", "--output", metavar="OUT", help="write here instead of stdout")
    parser.add_argument("--best-effort", action="store_true",
                        help="drop what the target cannot express and list it, instead of failing; a proof "
                             "that differs still exits 1 but the text is written; a written game that cannot "
                             "move is refused (exit 3)")
    parser.add_argument("--form", action="store_true",
                        help="Game Courier: print the preset as its Edit form shows it (each field's text under "
                             "the field's label, the boxes to tick) instead of the settings file")
    parser.add_argument("--variant", help="ZRF: which variant (title or 1-based index)")
    parser.add_argument("--no-prove", dest="prove", action="store_false",
                        help="do not prove the conversion (by default perft of the source and of the written "
                             "text read back must agree)")
    parser.add_argument("--prove-depth", type=int, default=None, metavar="N",
                        help=f"depth of the proof's perft (default {PROVE_DEPTH} where its estimated count is at "
                             f"most {PROVE_NODE_BUDGET:,} nodes, else {PROVE_FALLBACK_DEPTH})")
    parser.set_defaults(func=run)
