"""Benchmark of the ZRF syntax layer over the shared corpus (``../shared/corpus/zrf``).

Prints the time to read, tokenize and parse every file, to resolve includes and expand macros, and to build the
typed tree and resolve the board geometry of every selectable variant; then compares the hand-written scanner
and parser with an equivalent pyparsing grammar (same tokens, same tree shape, locations kept) on the same texts.

Run from the project root: ``python benchmarks/zrf_bench.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyparsing as pp

from fairyport.cli.common import collect_files
from fairyport.zrf.syntax.loader import expand_document
from fairyport.zrf.syntax.nodes import Atom, Node, SList, String
from fairyport.zrf.syntax.parser import parse
from fairyport.zrf.syntax.scanner import tokenize
from fairyport.zrf.syntax.source import SourceFile
from fairyport.zrf.syntax.structure import read_structure
from fairyport.zrf.typed.build import build_game
from fairyport.zrf.typed.geometry import Geometry, resolve

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))  # paths, harnesses: one copy

from paths import CORPUS as SHARED_CORPUS

CORPUS = SHARED_CORPUS / "zrf"


def pyparsing_grammar() -> pp.ParserElement:
    """ZRF S-expressions in pyparsing: strings without escapes, ``;`` comments, atoms, located lists."""
    pp.ParserElement.set_default_whitespace_chars(" \t\r\n\f\v\ufeff\x1a")
    comment = pp.Regex(r";[^\r\n]*")
    string = pp.Regex(r'"[^"]*"').set_parse_action(lambda s, loc, t: ("string", loc, t[0][1:-1]))
    atom = pp.Regex(r'[^\s();"]+').set_parse_action(lambda s, loc, t: ("atom", loc, t[0]))
    expression = pp.Forward()
    located_list = pp.Group(pp.Located(pp.Suppress("(") + pp.Group(pp.ZeroOrMore(expression)) + pp.Suppress(")")))
    expression <<= string | atom | located_list
    grammar = pp.ZeroOrMore(expression) + pp.StringEnd()
    grammar.ignore(comment)
    grammar.parse_with_tabs()  # by default pyparsing expands tabs, which would change strings
    return grammar


def shape_of_pyparsing(result: Any) -> Any:
    """The pyparsing result as nested tuples of ('atom'|'string', text), for comparison."""
    if isinstance(result, tuple):
        return result[0], result[2]
    _start, value, _end = result  # a located list: (start, [[items]], end)
    return tuple(shape_of_pyparsing(item) for item in value[0])


def shape_of_file(results: pp.ParseResults) -> Any:
    """Every top-level item of a parsed file, as :func:`shape_of_pyparsing`."""
    return tuple(shape_of_pyparsing(item) for item in results)


def shape_of_nodes(items: list[Node]) -> Any:
    """Our tree as the same nested tuples."""
    out: list[Any] = []
    for node in items:
        if isinstance(node, Atom):
            out.append(("atom", node.text))
        elif isinstance(node, String):
            out.append(("string", node.value))
        else:
            assert isinstance(node, SList)
            out.append(shape_of_nodes(node.items))
    return tuple(out)


def timed(label: str, repeat: int, function: Callable[[], Any]) -> tuple[float, Any]:
    """Best of ``repeat`` runs of ``function`` in CPU seconds of this process (robust against other load on the
    machine); prints and returns the time and the last result."""
    best = wall = float("inf")
    result = None
    for _ in range(repeat):
        started, clock = time.process_time(), time.perf_counter()
        result = function()
        best = min(best, time.process_time() - started)
        wall = min(wall, time.perf_counter() - clock)
    print(f"  {label:<44} {best * 1000:9.1f} ms CPU {wall * 1000:9.1f} ms wall")
    return best, result


def main() -> int:
    """Run the benchmark; exit 0, or 1 if the corpus is absent."""
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--repeat", type=int, default=3, help="runs per stage; the best is printed")
    args = options.parse_args()
    if not CORPUS.is_dir():
        print(f"corpus not found at {CORPUS}", file=sys.stderr)
        return 1
    paths = collect_files([str(CORPUS)], [".zrf", ".inc"])
    size = sum(p.stat().st_size for p in paths)
    print(f"ZRF corpus: {len(paths)} files, {size / 1024:.0f} KiB")
    total = 0.0

    elapsed, sources = timed("read + decode", args.repeat, lambda: [SourceFile.read(p) for p in paths])
    total += elapsed
    elapsed, documents = timed("tokenize + parse (hand-written scanner)", args.repeat,
                               lambda: [parse(s) for s in sources])
    total += elapsed

    elapsed, loaded = timed("includes + macro expansion", args.repeat,
                            lambda: [expand_document(d, []) for d in documents])
    total += elapsed

    def structure_and_geometry() -> tuple[int, int]:
        variants = boards = 0
        for result in loaded:
            if not any(isinstance(f, SList) and f.head == "game" for f in result.expanded):
                continue
            structure = read_structure(result)
            cache: dict[int, Geometry] = {}
            for variant in structure.choices:
                game = build_game(structure.sections(variant), [])
                variants += 1
                if game.board is not None and id(game.board.node) not in cache:
                    cache[id(game.board.node)] = resolve(game.board)
                    boards += 1
        return variants, boards

    elapsed, (variants, boards) = timed("variants + typed tree + geometry", args.repeat, structure_and_geometry)
    total += elapsed
    print(f"  ({variants} variants built, {boards} distinct boards resolved)")
    print(f"TOTAL read + parse + expand + every variant + geometry: {total:.2f} s CPU (target < 5 s)")

    print("\nscanner vs pyparsing (same texts, same tree shape, locations kept):")
    texts = [s.text for s in sources]
    timed("scanner: tokenize only", args.repeat, lambda: [tokenize(t) for t in texts])
    ours, trees = timed("scanner + parser", args.repeat, lambda: [parse(SourceFile(t)) for t in texts])
    grammar = pyparsing_grammar()
    theirs, results = timed("pyparsing grammar", max(1, args.repeat - 2),
                            lambda: [grammar.parse_string(t, parse_all=True) for t in texts])
    same = sum(shape_of_file(r) == shape_of_nodes(d.items) for r, d in zip(results, trees, strict=True))
    print(f"  pyparsing / scanner: {theirs / ours:.1f}x slower; identical trees for {same} of {len(texts)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
