"""Sections of our own (``tests/helpers/own_sections.py``) counted by fairyport and by Fairy-Stockfish.

Usage::

    nice timeout 3000 .venv/bin/python benchmarks/fsf_own_sections.py [--depth 3] [--binary PATH] [--only a,b]

Every generated section is read by fairyport and counted by the reference generator at perft(1..depth) from its
start position, and counted by the Fairy-Stockfish binary (``go perft``; default ``/work/fsfrepo/src/stockfish``,
pyffish when the binary is missing). Each line says ``agree``, ``DIFFER`` (both read it, the counts differ),
``refused`` (fairyport refuses it, naming the option), ``invalid`` (the counts differ on a start position
``fairyport validate`` reports as no position of a game: the side not to move is in check, and
Fairy-Stockfish's first move takes its king) or ``fsf-error`` (Fairy-Stockfish rejects the section or the
start position); the summary gives the count of each.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))

from fsf_compare import aligned, fsf_counts, model_counts
from own_sections import ini_text, own_sections

from fairyport.errors import FairyportError, Location
from fairyport.fsf.read import read_text
from fairyport.movegen import compile_game
from fairyport.movegen.sanity import start_findings

BINARY = Path("/work/fsfrepo/src/stockfish")


def binary_counts(binary: Path, ini: Path, variant: str, depth: int) -> list[int]:
    """perft(1..depth) of ``variant``'s start position by the Fairy-Stockfish binary ([] if it rejects it)."""
    lines = ["uci", f"setoption name VariantPath value {ini}", f"setoption name UCI_Variant value {variant}",
             "position startpos", *(f"go perft {d}" for d in range(1, depth + 1)), "quit"]
    done = subprocess.run([str(binary)], input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=300)
    if f"info string variant {variant}" not in done.stdout:
        return []
    return [int(n) for n in re.findall(r"Nodes searched: (\d+)", done.stdout)]


def pyffish_counts(ini: Path, variant: str, depth: int) -> list[int]:
    """perft(1..depth) by pyffish ([] if it does not know the section)."""
    import pyffish

    pyffish.load_variant_config(ini.read_text())
    if variant not in pyffish.variants():
        return []
    return fsf_counts(pyffish, variant, depth)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--binary", type=Path, default=BINARY)
    parser.add_argument("--only", default="", help="comma-separated section names")
    args = parser.parse_args(argv)
    sections = own_sections()
    if args.only:
        wanted = set(args.only.split(","))
        sections = [s for s in sections if s[0] in wanted]
    text = ini_text(sections)
    tally: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        ini = Path(tmp) / "own.ini"
        ini.write_text(text)
        for name, _ in sections:
            start = time.monotonic()
            theirs = (binary_counts(args.binary, ini, name, args.depth) if args.binary.exists()
                      else pyffish_counts(ini, name, args.depth))
            invalid = False
            try:
                game, note = aligned(read_text(text, variant=name, name=str(ini)))
                invalid = bool(start_findings(compile_game(game), Location(str(ini))))
                mine: list[int] | str = model_counts(game, args.depth)
            except FairyportError as error:
                mine, note = f"{error.reason} ({error.location})", ""
            status = ("fsf-error" if not theirs else "refused" if isinstance(mine, str)
                      else "agree" if mine == theirs else "invalid" if invalid else "DIFFER")
            tally[status] = tally.get(status, 0) + 1
            print(f"{status:9} {name}: fairyport {mine} fsf {theirs}{note} ({time.monotonic() - start:.1f} s)",
                  flush=True)
    print(f"\n{len(sections)} sections: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))
    return 1 if tally.get("DIFFER") else 0


if __name__ == "__main__":
    sys.exit(main())
