"""Fairy-Stockfish's own perft suite (``tests/perft.sh`` of its repository) run through fairyport.

Usage::

    PYTHONPATH=. python benchmarks/fsf_perft_suite.py [--repo ../fsfrepo] [--nodes 20000] [--only NAME,...]
        [--json out.json]
    PYTHONPATH=. python benchmarks/fsf_perft_suite.py --tsv ../shared/corpus/perft/fairy_stockfish_perft.tsv

Each check of ``perft.sh`` names a built-in variant, a position (``startpos`` or a FEN) and a depth. fairyport
reads the variant by name (as a section ``[v:NAME]`` inheriting Fairy-Stockfish's built-in), reads the FEN,
and counts perft at the deepest depth up to the check's own whose count, by Fairy-Stockfish's binary
(``src/stockfish`` of the repository, built with large boards and all variants), is at most ``--nodes``. A check
is ``agree`` (same count), ``DIFFER``, ``unreadable`` (the variant unknown, or the FEN not read) or ``refused`` (an
option the model cannot hold, named); a check Fairy-Stockfish runs in Chess960 mode reads the variant with
``chess960 = true``. The repository is Fairy-Stockfish's (never committed here): ``--repo`` or
``$FAIRYPORT_FSF_REPO``. Without it, ``--tsv`` reads the same checks from the shared corpus's table and pyffish
counts (slower: pyffish gives legal moves, not perft).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from fairyport.errors import FairyportError, UnsupportedError
from fairyport.fsf.read import read_text

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))  # paths, harnesses: one copy

from fsf_compare import aligned, fsf_counts, model_counts
from fsf_suite import Check, script_checks, section_text, table_checks

REPO_VARIABLE = "FAIRYPORT_FSF_REPO"
"""The environment variable naming Fairy-Stockfish's repository (default: ``../fsfrepo``)."""


class Binary:
    """Fairy-Stockfish's binary, one process, asked for perft counts."""

    def __init__(self, path: Path) -> None:
        self.process = subprocess.Popen([str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        bufsize=1)
        self._send("uci")
        self._until("uciok")

    def _send(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()

    def _until(self, prefix: str) -> str:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError(f"Fairy-Stockfish stopped before {prefix!r}")

    def perft(self, check: Check, depth: int) -> int:
        """Fairy-Stockfish's perft of ``check``'s position at ``depth``."""
        self._send(f"setoption name UCI_Chess960 value {str(check.chess960).lower()}")
        self._send(f"setoption name UCI_Variant value {check.variant}")
        self._send("position startpos" if check.fen is None else f"position fen {check.fen}")
        self._send(f"go perft {depth}")
        return int(self._until("Nodes searched").split(":")[1])

    def close(self) -> None:
        self._send("quit")
        self.process.wait(timeout=10)


class Pyffish:
    """pyffish in the binary's place: perft by its legal moves."""

    def perft(self, check: Check, depth: int) -> int:
        import pyffish

        return fsf_counts(pyffish, check.variant, depth, check.fen, check.chess960)[-1]

    def close(self) -> None:
        """Nothing to stop."""


@dataclasses.dataclass
class Outcome:
    check: Check
    status: str
    detail: str
    depth: int = 0
    seconds: float = 0.0


def depth_for(binary: Binary | Pyffish, check: Check, budget: int) -> tuple[int, int]:
    """The deepest depth up to the check's whose count is at most ``budget`` (at least 1), and that count."""
    if check.nodes <= budget:
        return check.depth, check.nodes
    best = (1, binary.perft(check, 1))
    for depth in range(2, check.depth):
        count = binary.perft(check, depth)
        if count > budget:
            break
        best = (depth, count)
    return best


def run_check(binary: Binary | Pyffish, check: Check, budget: int) -> Outcome:
    """Read ``check``'s variant and FEN and compare perft at the depth chosen."""
    start = time.perf_counter()
    try:
        game = read_text(section_text(check), variant="perftsuite", name=f"perft.sh:{check.line}")
    except UnsupportedError as error:
        kind = "unreadable" if "neither an earlier section nor a built-in" in error.reason else "refused"
        return Outcome(check, kind, error.message())
    except FairyportError as error:
        return Outcome(check, "unreadable", error.message())
    depth, theirs = depth_for(binary, check, budget)
    played, note = aligned(game)
    try:
        ours = model_counts(played, depth, check.fen)[-1]
    except UnsupportedError as error:
        return Outcome(check, "refused", error.message(), depth)
    except FairyportError as error:
        return Outcome(check, "unreadable", "FEN: " + error.message(), depth)
    seconds = time.perf_counter() - start
    if ours == theirs:
        return Outcome(check, "agree", f"perft({depth}) {ours}{note}", depth, seconds)
    return Outcome(check, "DIFFER", f"perft({depth}) {ours} != Fairy-Stockfish {theirs}{note}", depth, seconds)


STATUSES = ("agree", "DIFFER", "unreadable", "refused")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, default=Path(os.environ.get(REPO_VARIABLE, "../fsfrepo")))
    parser.add_argument("--nodes", type=int, default=20000, help="the largest count tried (lowers the depth)")
    parser.add_argument("--only", default="", help="comma-separated variant names")
    parser.add_argument("--json", type=Path, help="write the outcomes here")
    parser.add_argument("--tsv", type=Path, help="the checks from this table, counted by pyffish (no repository)")
    args = parser.parse_args(argv)
    only = set(filter(None, args.only.split(",")))
    binary: Binary | Pyffish = Pyffish() if args.tsv else Binary(args.repo / "src" / "stockfish")
    outcomes: list[Outcome] = []
    try:
        for check in table_checks(args.tsv) if args.tsv else script_checks(args.repo / "tests" / "perft.sh"):
            if only and check.variant not in only:
                continue
            outcome = run_check(binary, check, args.nodes)
            outcomes.append(outcome)
            print(f"{check.line:4} {check.variant:14} {outcome.status:10} {outcome.detail} "
                  f"({outcome.seconds:.1f} s)", flush=True)
    finally:
        binary.close()
    counts = {s: sum(o.status == s for o in outcomes) for s in STATUSES}
    variants = {o.check.variant for o in outcomes}
    whole = {v for v in variants if all(o.status == "agree" for o in outcomes if o.check.variant == v)}
    print(f"summary: {len(outcomes)} checks over {len(variants)} variants: " +
          ", ".join(f"{counts[s]} {s}" for s in STATUSES) + f"; {len(whole)} variants agree on every check")
    if args.json is not None:
        args.json.write_text(json.dumps([{"line": o.check.line, "variant": o.check.variant, "fen": o.check.fen,
                                          "depth": o.depth, "status": o.status, "detail": o.detail}
                                         for o in outcomes], indent=1) + "\n", encoding="utf-8")
    return 1 if counts["DIFFER"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
