"""``fairyport report FILE... [-o DIR] [--depth N] [--variant V]``: one HTML page per game, and an index page."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from fairyport.api import validate_path, write_as_read
from fairyport.cli.common import announce_variant, progress
from fairyport.errors import EXIT_CHECK_FAILED, EXIT_OK, FairyportError, UsageError
from fairyport.format import ValidateOptions
from fairyport.formats import FORMATS, read_game
from fairyport.output import ensure_folder, write_output
from fairyport.report.proof import SOURCE, Proof, format_texts, perft_proof, source_format

if TYPE_CHECKING:
    from fairyport.report.page import GamePage

INDEX_NAME = "index.html"


def page_name(path: Path, taken: set[str]) -> str:
    """The page file name for ``path``: its stem, made unique among ``taken``."""
    stem = "".join(c if c.isalnum() or c in "-_." else "-" for c in path.stem) or "game"
    name = f"{stem}.html"
    number = 2
    while name in taken or name == INDEX_NAME:
        name = f"{stem}-{number}.html"
        number += 1
    taken.add(name)
    return name


def build_page(path: Path, depth: int, variant: str | None) -> tuple[GamePage, str]:
    """Read, write in every format, count and validate one game; returns the page data and its HTML."""
    from fairyport.report.page import GamePage, game_page  # lxml and the renderers: only for this command

    source = f"{path}#{variant}" if variant else str(path)
    announce_variant(str(path), None, variant)
    game = read_game(source)
    texts = format_texts(game, write_as_read)  # each column as ``convert`` writes it
    steps = (1 + sum(1 for t in texts if t.text is not None)) * depth
    proof: Proof | None
    with progress(steps, f"{path.name}: perft") as advance:
        try:
            proof = perft_proof(path, texts, depth, variant=variant, advance=lambda label: advance(1, label),
                                squares=len(game.board.positions))
        except FairyportError:
            proof = None
    report = validate_path(path, ValidateOptions(variant=variant))
    findings = list(report.findings)
    page = GamePage(game, str(path), texts, proof, findings)
    if report.unreadable is not None:
        page.problems.append(report.unreadable.message())
    return page, game_page(page)


def source_player(path: Path, variant: str | None) -> str:
    """What counts the source column, in words: its format's interpreter or the reference generator."""
    fmt = source_format(path, variant)
    return "the reference generator" if fmt is None else f"the {FORMATS[fmt].title}'s interpreter"


def run(args: argparse.Namespace) -> int:
    """Write one page per game (and an index page with several); exit 1 on any perft mismatch."""
    from fairyport.report.page import IndexEntry, index_page

    if args.depth < 1:
        raise UsageError("--depth must be at least 1", found=str(args.depth))
    out = Path(args.output)
    ensure_folder(out)
    taken: set[str] = set()
    entries: list[IndexEntry] = []
    failed = False
    for name in args.files:
        path = Path(name)
        page, text = build_page(path, args.depth, args.variant)
        target = out / page_name(path, taken)
        write_output(target, text)
        proof = page.proof
        skipped = [] if proof is None else proof.skipped()
        if proof is None or proof.source_error is not None:
            why = ("board over the report's bound for its interpreter" if SOURCE in skipped
                   else f"the source cannot be played by {source_player(path, args.variant)}: see the page")
            verdict, ok = f"not counted ({why})", False
        elif proof.mismatches():
            verdict, ok = f"MISMATCH ({len(proof.mismatches())})", False
        else:
            counted = len(proof.columns) - len(skipped)
            verdict, ok = f"{counted} readings agree to depth {proof.depth}", True
            if skipped:
                verdict += f" ({', '.join(skipped)} not counted: board over the report's bound, see the page)"
            if proof.lossy():
                verdict += f"; {', '.join(proof.lossy())} lost rules the counts do not test (not the same game)"
        failed |= proof is not None and bool(proof.mismatches())
        game = page.game
        entries.append(IndexEntry(game.metadata.title or path.stem, target.name,
                                  f"{game.board.files}\u00d7{game.board.ranks}", len(game.pieces), verdict, ok))
        print(f"{target}: {verdict}")
    if len(entries) > 1:
        index = out / INDEX_NAME
        write_output(index, index_page(entries))
        print(f"{index}: index of {len(entries)} games")
    if failed:
        print("fairyport: perft mismatch between formats (see the pages)", file=sys.stderr)
        return EXIT_CHECK_FAILED
    return EXIT_OK


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``report`` sub-command."""
    parser = subparsers.add_parser(
        "report", help="write an HTML page per game: board, move diagrams, rules, every format, perft proof")
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("-o", "--output", default=".", metavar="DIR", help="folder for the pages (default: .)")
    parser.add_argument("--depth", type=int, default=3, help="perft depth of the proof table (default 3)")
    parser.add_argument("--variant", help="the variant of a file that holds several (ZRF title or number, "
                                          "Diagram page number)")
    parser.set_defaults(func=run)
