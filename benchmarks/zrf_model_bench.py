"""Proof of the ZRF reader and writer over the shared corpus (``../shared/corpus/zrf``).

For every selectable variant of every corpus file that the ZRF interpreter runs to perft(2): read it into the
model, write the model back as ZRF, run the interpreter on the written text, and compare perft(2); where the model
holds the whole game (no kept programs or rules, no board links) the reference generator plays the model too.
Prints one line per variant and a table of the figures.

Run from the project root: ``python benchmarks/zrf_model_bench.py [--depth N] [--only SUBSTRING]``.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

from fairyport.errors import FairyportError
from fairyport.zrf.interpreter.engine import compile_file
from fairyport.zrf.play import round_trip
from fairyport.zrf.syntax.loader import load
from fairyport.zrf.syntax.structure import read_structure

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))  # paths, harnesses: one copy

from paths import CORPUS as SHARED_CORPUS

CORPUS = SHARED_CORPUS / "zrf"


def variants(path: Path) -> list[str]:
    """The selectable entries of ``path`` by 1-based index."""
    return [str(v.index) for v in read_structure(load(path)).choices]


def prove(path: Path, spec: str, depth: int) -> tuple[str, str]:
    """(outcome, detail) for one variant: ``not run``/``unread``, ``agree``/``differ`` (``full``/``kept``)."""
    try:
        compile_file(path, spec)
    except (FairyportError, RecursionError) as error:
        return "not run (interpreter)", str(error)[:120]
    try:
        result = round_trip(path, spec, depth)
    except (FairyportError, RecursionError) as error:
        return "unread (model)", str(error)[:120]
    kind = "kept" if result.kept else "full"
    if result.written != result.original:
        return f"differ ({kind})", f"interpreter {result.original}, written {result.written}"
    if result.generated is not None and result.generated != result.original:
        return "generator differs", f"interpreter {result.original}, generator {result.generated}"
    return f"agree ({kind})", str(result.original)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    counts: collections.Counter[str] = collections.Counter()
    for path in sorted(CORPUS.rglob("*.zrf")):
        if args.only not in str(path):
            continue
        try:
            specs = variants(path)
        except FairyportError as error:
            counts["file unreadable"] += 1
            print(f"{path.relative_to(CORPUS)}: file unreadable: {str(error)[:100]}", flush=True)
            continue
        for spec in specs:
            outcome, detail = prove(path, spec, args.depth)
            counts[outcome] += 1
            print(f"{path.relative_to(CORPUS)}#{spec}: {outcome}: {detail}", flush=True)
    print()
    for outcome, n in sorted(counts.items()):
        print(f"{outcome:40} {n:5}")


if __name__ == "__main__":
    main()
