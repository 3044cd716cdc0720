"""Benchmark of the XBetza reader and of reading every bundled game.

Collects every XBetza string the project bundles: the ``betza`` field of every piece line of every ``.idiagram``
file in ``fixtures/`` and ``tests/``, the ``betza`` of every piece of every game in ``fixtures/games`` that reads
into the model, every ``"betza"`` value of the JSON files in ``tests/`` and ``fixtures/``, the 99 Fairy-Stockfish
strings of ``../shared/notes/fsf_betza_strings.tsv`` (when present) and every string literal of
``tests/xbetza/test_betza_parse.py`` (valid and malformed forms: the error paths). Then prints one table: the time to
parse each distinct string once (first parse, no cache), the time per string, the time to read every file of
``fixtures/games`` with :func:`fairyport.formats.read_game` (the project's target: under one second in all), and
how much of that reading is spent in :func:`fairyport.xbetza.syntax.parse`. Times are CPU times of this process,
so that other load on the machine counts little; run it before and after a change to the reader to compare.

Run from the project root: ``PYTHONPATH=. python benchmarks/xbetza_bench.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import ast
import csv
import functools
import json
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from fairyport.errors import FairyportError
from fairyport.formats import read_game
from fairyport.idiagram.syntax import parse as parse_idiagram
from fairyport.xbetza import syntax
from fairyport.xbetza.syntax import BetzaError, BetzaString

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))  # paths, harnesses: one copy

from paths import NOTES

ROOT = Path(__file__).resolve().parents[1]
FSF_TSV = NOTES / "fsf_betza_strings.tsv"
GAMES = ROOT / "fixtures" / "games"


def game_files() -> list[Path]:
    """Every file of ``fixtures/games`` except the perft tables."""
    return sorted(p for p in GAMES.iterdir() if p.is_file() and p.suffix != ".perft")


def json_betza(value: Any) -> Iterator[str]:
    """Every string stored under a ``"betza"`` key anywhere in a decoded JSON value."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "betza" and isinstance(item, str):
                yield item
            else:
                yield from json_betza(item)
    elif isinstance(value, list):
        for item in value:
            yield from json_betza(item)


def collect() -> dict[str, list[str]]:
    """The bundled XBetza strings by source (duplicates kept within a source)."""
    sources: dict[str, list[str]] = {"idiagram piece lines": [], "game models": [], "json": [], "fsf tsv": []}
    for path in sorted([*ROOT.glob("fixtures/**/*.idiagram"), *ROOT.glob("tests/**/*.idiagram")]):
        document = parse_idiagram(path.read_text(encoding="utf-8"), str(path))
        sources["idiagram piece lines"].extend(line.text("betza").strip() for line in document.pieces())
    for path in game_files():
        try:
            game = read_game(path)
        except FairyportError:
            continue
        sources["game models"].extend(piece.betza for piece in game.pieces)
    for path in sorted([*ROOT.glob("tests/**/*.json"), *ROOT.glob("fixtures/**/*.json")]):
        sources["json"].extend(json_betza(json.loads(path.read_text(encoding="utf-8"))))
    if FSF_TSV.exists():
        with FSF_TSV.open(newline="", encoding="utf-8") as handle:
            sources["fsf tsv"] = [row["betza"] for row in csv.DictReader(handle, delimiter="\t")]
    tree = ast.parse((ROOT / "tests" / "xbetza" / "test_betza_parse.py").read_text(encoding="utf-8"))
    sources["tests/xbetza/test_betza_parse.py literals"] = [
        node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]
    return sources


def parse_all(texts: list[str]) -> tuple[int, int]:
    """Parse each text; (parsed, refused with BetzaError)."""
    parsed = refused = 0
    for text in texts:
        try:
            syntax.parse(text)
            parsed += 1
        except BetzaError:
            refused += 1
    return parsed, refused


def best_of(repeat: int, function: Callable[[], Any]) -> tuple[float, Any]:
    """The best CPU time of ``repeat`` runs of ``function``, in seconds (CPU time of this process, robust against
    other load on the machine), and its last result. A cache on :func:`~fairyport.xbetza.syntax.parse`, if any,
    is cleared before each run, so that the reader is timed and not the cache."""
    best = float("inf")
    result = None
    for _ in range(repeat):
        clear = getattr(syntax.parse, "cache_clear", None)
        if clear is not None:
            clear()
        started = time.process_time()
        result = function()
        best = min(best, time.process_time() - started)
    return best, result


def read_all(files: list[Path]) -> int:
    """Read every file with :func:`read_game`; the number that read into the model (files of formats without a
    model reader are skipped)."""
    count = 0
    for path in files:
        try:
            read_game(path)
        except FairyportError:
            continue
        count += 1
    return count


def parse_share(files: list[Path]) -> tuple[int, int, float]:
    """Read every file once (the parse cache cleared first) with :func:`~fairyport.xbetza.syntax.parse` timed:
    (calls, distinct strings, CPU seconds spent in it). Every caller reaches ``parse`` through the module."""
    original = syntax.parse
    texts: list[str] = []
    spent = 0.0

    def timed_parse(text: str) -> BetzaString:
        nonlocal spent
        texts.append(text)
        started = time.process_time()
        try:
            return original(text)
        finally:
            spent += time.process_time() - started

    clear = getattr(original, "cache_clear", None)
    if clear is not None:
        clear()
    setattr(syntax, "parse", timed_parse)  # noqa: B010 (mypy would refuse a plain assignment of another type)
    try:
        read_all(files)
    finally:
        setattr(syntax, "parse", original)  # noqa: B010
    return len(texts), len(set(texts)), spent


def main() -> int:
    """Run the benchmark and print the table; exit 0."""
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--repeat", type=int, default=5, help="runs per row; the best is printed")
    args = options.parse_args()
    sources = collect()
    print(f"XBetza reader: {syntax.parse.__module__}.parse; CPU time, best of {args.repeat} runs")
    print(f"{'what':<44} {'count':>6}  {'result':<22} {'ms':>9} {'us each':>9}")

    def row(name: str, count: int, result: str, seconds: float) -> None:
        each = f"{seconds / count * 1e6:9.1f}" if count else ""
        print(f"{name:<44} {count:>6}  {result:<22} {seconds * 1000:>9.2f} {each:>9}")

    everything = sorted({text for texts in sources.values() for text in texts})
    for name, texts in [*sources.items(), ("all distinct strings", everything)]:
        distinct = sorted(set(texts))
        elapsed, (parsed, refused) = best_of(args.repeat, functools.partial(parse_all, distinct))
        row(f"parse: {name}", len(distinct), f"{parsed} ok, {refused} refused", elapsed)
    files = game_files()
    total = 0.0
    for suffix in sorted({p.suffix for p in files}):
        chosen = [p for p in files if p.suffix == suffix]
        elapsed, count = best_of(max(1, args.repeat // 2), functools.partial(read_all, chosen))
        total += elapsed
        row(f"read_game: fixtures/games/*{suffix}", count, "games read", elapsed)
    row("read_game: every game of fixtures/games", len(files), "target < 1000 ms", total)
    calls, strings, spent = parse_share(files)
    row("  of which in xbetza parse (calls)", calls, f"{strings} distinct strings", spent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
