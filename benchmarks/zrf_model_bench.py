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
from pathlib import Path

from fairyport.converters.zrf.play import engine as zrf_engine
from fairyport.converters.zrf.play import keeps_code
from fairyport.converters.zrf.read import read_game
from fairyport.engines import model_position
from fairyport.errors import FairyportError
from fairyport.formats.zrf.loader import load
from fairyport.formats.zrf.structure import read_structure
from fairyport.rules import compile_game
from fairyport.rules.perft import perft
from fairyport.rules.zrf.engine import compile_file

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "zrf"


def variants(path: Path) -> list[str]:
    """The selectable entries of ``path`` by 1-based index."""
    return [str(v.index) for v in read_structure(load(path)).choices]


def prove(path: Path, spec: str, depth: int) -> tuple[str, str]:
    """(outcome, detail) for one variant: ``not run``, ``unread``, ``agree``/``differ`` (+ ``full``/``kept``)."""
    try:
        original = perft(compile_file(path, spec).start_position(), depth)
    except (FairyportError, RecursionError) as error:
        return "not run", str(error)[:100]
    try:
        game = read_game(path, variant=spec)
    except FairyportError as error:
        return "unread", str(error)[:100]
    kind = "kept" if keeps_code(game) else "full"
    try:
        written = perft(zrf_engine(game, str(path)).position(None, None), depth)
    except FairyportError as error:
        return f"written fails ({kind})", str(error)[:100]
    if written != original:
        return f"differ ({kind})", f"interpreter {original}, written {written}"
    if kind == "full":
        try:
            generated = perft(model_position(compile_game(game), None), depth)
        except FairyportError as error:
            return "agree (full, generator refuses)", str(error)[:100]
        if generated != original:
            return "agree (full), generator differs", f"interpreter {original}, generator {generated}"
    return f"agree ({kind})", str(original)


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
