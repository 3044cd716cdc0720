"""Fairy-Stockfish's own sections judged by the Interactive Diagram's script (issue 33).

Every section of a ``variants.ini`` that fairyport reads is written as plain Diagram text (no ``--best-effort``:
a text that would need a fairyport extension line is refused, naming the rule) and its perft(1..D) counted by
H. G. Muller's script (``tests/helpers/idscript.py``) and by Fairy-Stockfish (pyffish). Outcomes: ``same`` (the
script equals Fairy-Stockfish), ``differ``, ``refused`` (by rule: the writer's feature, or the reader's),
``script failed`` (it threw or ran over ``--timeout`` seconds), ``drops`` (written, but the script's AI makes no
drops, so a game whose perft reaches a drop is not compared).

Usage, from the project root, niced: ``nice -n 10 python benchmarks/idiagram_script_fsf.py
/work/fsfrepo/src/variants.ini [--depth 3] [--timeout 120] [--only NAME,...]``
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fairyport.errors import FairyportError, UnsupportedError
from fairyport.fsf.read import read_text
from fairyport.fsf.syntax import parse_ini
from fairyport.idiagram.write import write_game
from tests.helpers import idscript
from tests.helpers.fsf_compare import fsf_counts


def _rule(error: FairyportError) -> str:
    feature = getattr(error, "feature", None)
    return str(feature).split(": ")[-1] if isinstance(error, UnsupportedError) and feature else "reading"


def judge(pyffish: object, text: str, path: Path, name: str, depth: int, timeout: float) -> tuple[str, str]:
    """One section's outcome and its detail."""
    try:
        game = read_text(text, variant=name, name=str(path))
    except FairyportError as error:
        return "refused", "read: " + _rule(error)
    try:
        written, _ = write_game(game)
    except FairyportError as error:
        return "refused", _rule(error)
    run = idscript.run_script(written, depth, timeout=timeout)
    if run.failure:
        return "script failed", run.failure[:100]
    theirs = fsf_counts(pyffish, name, depth)
    if list(run.counts) == theirs:
        return "same", str(theirs)
    if game.rules.drops:
        return "drops", f"script {list(run.counts)}, Fairy-Stockfish {theirs} (the script makes no drops)"
    return "differ", f"script {list(run.counts)} != Fairy-Stockfish {theirs}"


def main() -> None:
    import pyffish

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ini", type=Path)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--only", default="")
    options = parser.parse_args()
    text = options.ini.read_text(encoding="utf-8")
    pyffish.load_variant_config(text)
    only = set(filter(None, options.only.split(",")))
    outcomes: list[tuple[str, str, str]] = []
    for section in parse_ini(text, str(options.ini)):
        if only and section.name not in only:
            continue
        status, detail = judge(pyffish, text, options.ini, section.name, options.depth, options.timeout)
        outcomes.append((section.name, status, detail))
        print(f"{section.name:24} {status:14} {detail}", flush=True)
    tally = collections.Counter(status for _, status, _ in outcomes)
    read = [o for o in outcomes if not o[2].startswith("read:")]
    print(f"summary: {len(outcomes)} sections, {len(read)} read by fairyport; of those {tally['same']} written plain "
          f"with the script's perft({options.depth}) = Fairy-Stockfish's, {tally['differ']} differ, "
          f"{tally['drops']} with drops (not compared), {tally['script failed']} script failed, "
          f"{sum(1 for o in read if o[1] == 'refused')} refused")
    refusals = collections.Counter(detail for _, status, detail in read if status == "refused")
    print("refused by rule: " + ", ".join(f"{why} {n}" for why, n in refusals.most_common()))


if __name__ == "__main__":
    main()
