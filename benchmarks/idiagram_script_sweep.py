"""The Interactive Diagram judged by its own script over the ZRF collections (issue 33).

For every chess-like two-player variant (``zrf_model_reach.chess_like``) of every ``.zrf`` file under the given
folders, a forked child (address-space and time limits) reads it into the model, writes it as plain Diagram text
(no ``--best-effort``: a text that would need a fairyport extension line is refused, naming the rule) and counts
perft(2) two ways: the ZRF interpreter, and H. G. Muller's script on the written text (the shared oracle,
``tests/helpers/idscript.py``). Outcomes per variant:

- ``agree``: the script's perft(2) equals the interpreter's, and so does perft(3) where each counts it within
  :data:`DEEP_SECONDS` (the table says how many were compared at perft(3));
- ``differ``: it does not (the target is none);
- ``refused``: the writer refused, by the feature it names (``promotion``, ``castling``, ...), or the model does
  not hold the whole game (``model: ...``); ``script failed``: the script threw or timed out on the text;
- ``no interpreter``: the interpreter cannot count a written game (not part of the percentage; the interpreter
  counts only the games written, so the percentage is of the chess-like games, whether it counts them or not).

Prints a table per collection and the refusals by frequency; ``--json FILE`` keeps every record.

Run from the project root, niced:
``nice -n 10 python benchmarks/idiagram_script_sweep.py /work/zrfcorpus/* [--timeout 30] [--only TEXT]``
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import multiprocessing
import re
import resource
import signal
import sys
from multiprocessing.connection import Connection
from pathlib import Path

from zrf_model_reach import chess_like, read_whole
from zrf_sweep import add_sweep_arguments, cell, first_line, list_variants, show_progress, zrf_files

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import fairyport
from fairyport.errors import UnsupportedError
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_variant
from fairyport.zrf.read import game_from_variant
from fairyport.zrf.typed.reader import read_variant
from tests.helpers import idscript

DEPTH = 2
DEEP_SECONDS = 30.0
"""perft(3) is compared too where each side counts it within this many seconds."""


@dataclasses.dataclass
class Record:
    """One variant: where it is, its title, and what became of it."""

    collection: str
    file: str
    variant: int
    title: str = ""
    chess: bool = False
    interpreter: int | None = None
    outcome: str = ""
    why: str = ""
    script: int | None = None
    deep: tuple[int, int] | None = None
    """perft(3): the interpreter's and the script's, where both took under :data:`DEEP_SECONDS`."""


def _refusal(error: Exception) -> str:
    """The rule a refusal names (its feature without the piece's name), else its message's start."""
    feature = getattr(error, "feature", None)
    if isinstance(error, UnsupportedError) and feature:
        return str(feature).split(": ")[-1]
    return re.sub(r"'[^']*'", "'…'", first_line(error))[:90]


def child(conn: Connection, path: str, spec: str, memory: int, timeout: float) -> None:
    """Measure one variant, sending ``(field, value)`` pairs, then ``("done", None)``."""
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    try:
        zv = read_variant(Path(path), spec)
        conn.send(("title", (zv.variant.title, chess_like(zv))))
        if not chess_like(zv):
            return
        game = game_from_variant(zv, path, Path(path).stem)
        if not read_whole(game):
            conn.send(("outcome", ("refused", "model: the model does not hold the whole game")))
            return
        try:
            text = fairyport.write(game, "idiagram").text
        except Exception as error:
            conn.send(("outcome", ("refused", _refusal(error))))
            return
        try:  # counted only for the games written: the refused ones need no count
            conn.send(("interpreter", perft(compile_variant(zv).start_position(), DEPTH)))
        except Exception as error:
            conn.send(("outcome", ("no interpreter", first_line(error))))
            return
        run = idscript.run_script(text, DEPTH, timeout=timeout)
        if run.failure:
            conn.send(("outcome", ("script failed", run.failure[:120])))
            return
        conn.send(("script", run.perft(DEPTH)))
        deeper = _deeper(zv, text)
        if deeper is not None:
            conn.send(("deep", deeper))
    except Exception as error:
        conn.send(("outcome", ("refused", "model: " + _refusal(error))))
    finally:
        conn.send(("done", None))


class _Late(Exception):
    """The interpreter's perft(3) ran over :data:`DEEP_SECONDS`."""


def _alarm(signum: int, frame: object) -> None:
    raise _Late


def _deeper(zv: object, text: str) -> tuple[int, int] | None:
    """perft(3) by the interpreter and by the script, where each takes under :data:`DEEP_SECONDS` (else None)."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, DEEP_SECONDS)
    try:
        ours = perft(compile_variant(zv).start_position(), DEPTH + 1)  # type: ignore[arg-type]
    except _Late:
        return None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    run = idscript.run_script(text, DEPTH + 1, timeout=DEEP_SECONDS)
    return None if run.failure else (ours, run.perft(DEPTH + 1))


def measure(collection: Path, path: Path, index: int, timeout: float, memory: int) -> Record:
    """Run one variant's child; a child that exceeds ``timeout`` (three stages) counts as refused ``timeout``."""
    record = Record(collection.name, str(path.relative_to(collection)), index)
    context = multiprocessing.get_context("fork")
    parent, child_end = context.Pipe()
    process = context.Process(target=child, args=(child_end, str(path), str(index), memory, timeout), daemon=True)
    process.start()
    child_end.close()
    try:
        while True:
            if not parent.poll(3 * timeout):
                if record.script is None:  # else only perft(3) ran over: perft(2) stands
                    record.outcome, record.why = "refused", "timeout"
                break
            field, value = parent.recv()
            if field == "done":
                break
            if field == "title":
                record.title, record.chess = value
            elif field == "outcome":
                record.outcome, record.why = value
            else:
                setattr(record, field, tuple(value) if field == "deep" else value)
    except (EOFError, OSError):
        record.outcome, record.why = record.outcome or "refused", record.why or "the child died"
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        parent.close()
    if record.script is not None:
        same = record.script == record.interpreter and (record.deep is None or record.deep[0] == record.deep[1])
        record.outcome = "agree" if same else "differ"
    return record


def report(records: list[Record]) -> None:
    """The table per collection, the refusals by frequency and the differences."""
    chess = [r for r in records if r.chess]
    print("| collection | chess-like | counted | agree | of those at perft(3) | differ | refused | script failed "
          "| agree % |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in [*sorted({r.collection for r in records}), "all"]:
        rows = [r for r in chess if name in ("all", r.collection)]
        counted = [r for r in rows if r.outcome != "no interpreter"]
        tally = collections.Counter(r.outcome for r in counted)
        share = 100 * tally["agree"] / len(counted) if counted else 0.0
        deep = sum(1 for r in counted if r.outcome == "agree" and r.deep is not None)
        print(f"| {name} | {len(rows)} | {len(counted)} | {tally['agree']} | {deep} | {tally['differ']} "
              f"| {tally['refused']} | {tally['script failed']} | {share:.0f} % |")
    print("\nRefusals by rule (chess-like variants the interpreter counts):\n")
    for why, count in collections.Counter(r.why for r in chess if r.outcome == "refused").most_common():
        print(f"- {count} x {cell(why)}")
    for r in chess:
        if r.outcome in ("differ", "script failed"):
            print(f"{r.outcome}: {r.collection}/{r.file}#{r.variant} {r.title!r}: interpreter {r.interpreter}, "
                  f"script {r.script}, perft(3) {r.deep} {r.why}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_sweep_arguments(parser)
    options = parser.parse_args()
    memory = int(options.memory_gb * 2**30)
    records: list[Record] = []
    jobs = zrf_files(options.folders, options.only)
    for number, (folder, path) in enumerate(jobs, start=1):
        variants = list_variants(path, options.timeout, memory)
        for index in variants if isinstance(variants, list) else []:
            records.append(measure(folder, path, index, options.timeout, memory))
            last = records[-1]
            show_progress(f"{number}/{len(jobs)} {folder.name}/{last.file}#{index} {last.outcome} {last.why}"[:140],
                          sys.stderr.isatty())
    if options.json:
        options.json.write_text(json.dumps([dataclasses.asdict(r) for r in records], indent=1), encoding="utf-8")
    report(records)


if __name__ == "__main__":
    main()
