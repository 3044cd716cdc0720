"""The ZRF interpreter and the reference generator compared on positions built to exercise each rule.

For every variant of the ``.zrf`` files under the given folders that reads whole into the model (the selection of
``zrf_model_reach.py``: :func:`zrf_model_reach.read_whole`), :func:`fairyport.zrf.rule_positions.rule_positions`
builds the start position and positions for each recognised castling (the way cleared; the partner moved,
absent, replaced by another type, nearer, farther), en-passant, promotion and drop rule. Both engines take each
position by its FEN (the interpreter's with the file's notation letters; the start position as each engine sets
it up; not compared where several types share a notation letter, which the interpreter's FEN cannot tell apart)
and their legal moves are compared by
text and count (:func:`zrf_playout.move_groups`): perft(1) and the moves only one of them has, which
localise a difference as ``fairyport perft FILE --variant N --fen FEN --divide`` does. A position the
interpreter cannot take (its FEN reader) is counted as not compared.

Each variant runs in a forked child with a wall-clock limit and an address-space limit. Prints one line per
variant read whole (with each difference under it) and a summary line; a progress line goes to standard error.
``--json FILE`` writes every such variant's record; the file also serves ``zrf_playouts.py`` (its
``interpreter`` field is the interpreter's perft(1) from the start).

Run from the project root, niced:
``nice -n 10 python benchmarks/zrf_rule_positions.py FOLDER... [--timeout 20] [--memory-gb 3] [--only SUBSTRING]
[--json FILE] [--chess-only]``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import resource
import sys
import time
from multiprocessing.connection import Connection
from pathlib import Path

from zrf_model_reach import VariantRecord, chess_like, read_whole
from zrf_playouts import paired_engines
from zrf_sweep import add_sweep_arguments, first_line, list_variants, show_progress, zrf_files

import fairyport
from fairyport.engines import Engine
from fairyport.movegen.perft import PerftPosition
from fairyport.zrf.interpreter.engine import compile_variant
from fairyport.zrf.rule_check import interpreter_fen, interpreter_letters, shared_letters
from fairyport.zrf.rule_positions import RulePosition, rule_positions
from fairyport.zrf.typed.reader import read_variant

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))  # paths, harnesses: one copy

from zrf_playout import Namer, move_groups


@dataclasses.dataclass
class Record(VariantRecord):
    """One variant's figures."""

    model: str = ""
    """``whole``, ``partial``, ``refused`` or empty (not read)."""
    interpreter: int | str | None = None
    """The interpreter's perft(1) from the start (``zrf_playouts.py`` reads it), or why it did not count."""
    positions: int = 0
    compared: int = 0
    differences: list[dict[str, object]] = dataclasses.field(default_factory=list)
    not_compared: list[str] = dataclasses.field(default_factory=list)
    error: str = ""


def compare(native: PerftPosition, model: PerftPosition, namer: Namer | None, by_squares: bool,
            position: RulePosition) -> dict[str, object] | None:
    """The difference of the legal moves (by text and count) of the two engines on one position, or None."""
    a = {t: len(m) for t, m in move_groups(native, namer, by_squares).items()}
    b = {t: len(m) for t, m in move_groups(model, None, by_squares).items()}
    if a == b:
        return None
    return {"rule": position.rule, "exercises": position.exercises, "fen": position.fen,
            "reachable": position.reachable,
            "interpreter": sum(a.values()), "model": sum(b.values()),
            "interpreter only": sorted(t for t in a if a[t] != b.get(t)),
            "model only": sorted(t for t in b if b[t] != a.get(t))}


def child(conn: Connection, path: str, spec: str, memory: int, chess_only: bool) -> None:
    """Measure one variant; send the :class:`Record` fields to fill in."""
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    found: dict[str, object] = {}
    try:
        zv = read_variant(Path(path), spec)
        found.update(title=zv.variant.title, chess=chess_like(zv))
        if chess_only and not found["chess"]:
            conn.send(found)
            return
        game = fairyport.read(Path(path), format="zrf", variant=spec)
        found["model"] = "whole" if read_whole(game) else "partial"
        if found["model"] != "whole":
            conn.send(found)
            return
        native_engine, model_engine, namer, by_squares = paired_engines(path, spec)
        compiled = compile_variant(zv)
        letters = interpreter_letters(compiled, game)
        found["interpreter"] = len(native_engine.position(None, None).legal_raw())
        positions = rule_positions(game)
        found["positions"] = len(positions)
        found.update(compare_all(native_engine, model_engine, namer, by_squares, positions, letters))
    except Exception as error:
        found["error"] = first_line(error)
    conn.send(found)


def compare_all(native_engine: Engine, model_engine: Engine, namer: Namer | None, by_squares: bool,
                positions: list[RulePosition], letters: dict[str, str]) -> dict[str, object]:
    """``compared``, ``differences`` and ``not_compared`` over ``positions``."""
    differences: list[dict[str, object]] = []
    not_compared: list[str] = []
    compared = 0
    shared = shared_letters(letters)
    for position in positions:
        start = position.rule == "start"  # the engines' own start positions
        if shared and not start:
            not_compared.append(f"{position.exercises}: the interpreter's FEN letters {shared} stand for several "
                                "types")
            continue
        try:
            native = native_engine.position(None if start else interpreter_fen(position.fen, letters), None)
        except Exception as error:
            not_compared.append(f"{position.exercises}: {first_line(error)}")
            continue
        model = model_engine.position(None if start else position.fen, None)
        compared += 1
        difference = compare(native, model, namer, by_squares, position)
        if difference is not None:
            differences.append(difference)
    return {"compared": compared, "differences": differences, "not_compared": not_compared}


def measure(collection: Path, path: Path, index: int, timeout: float, memory: int, chess_only: bool) -> Record:
    """One variant in a child with a wall-clock limit."""
    record = Record(collection.name, str(path.relative_to(collection)), index)
    context = multiprocessing.get_context("fork")
    parent, child_end = context.Pipe()
    process = context.Process(target=child, args=(child_end, str(path), str(index), memory, chess_only),
                              daemon=True)
    process.start()
    child_end.close()
    try:
        if not parent.poll(timeout):
            record.error = f"timeout after {timeout:.0f} s"
        else:
            for key, value in parent.recv().items():
                setattr(record, key, value)
    except (EOFError, OSError):
        record.error = "crash (out of memory?)"
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        parent.close()
    return record


def show(record: Record) -> None:
    """The variant's line and its differences."""
    print(f"{record.collection}/{record.file}#{record.variant} {record.title!r}: {record.positions} positions, "
          f"{record.compared} compared, {len(record.differences)} differ"
          + (f", {len(record.not_compared)} not compared" if record.not_compared else "")
          + (f"; {record.error}" if record.error else ""), flush=True)
    for d in record.differences:
        print(f"    {'' if d['reachable'] else '(unreachable) '}{d['exercises']}: interpreter {d['interpreter']}, "
              f"model {d['model']}; interpreter only {d['interpreter only']}, model only {d['model only']}; "
              f"fen {d['fen']}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_sweep_arguments(parser)
    parser.add_argument("--chess-only", action="store_true", help="only the chess-like variants")
    args = parser.parse_args()
    memory = int(args.memory_gb * 2**30)
    tty = sys.stderr.isatty()
    started = time.perf_counter()
    records: list[Record] = []
    unreadable = 0
    jobs = zrf_files(args.folders, args.only)
    for number, (collection, path) in enumerate(jobs, 1):
        variants = list_variants(path, args.timeout, memory)
        if isinstance(variants, str):
            unreadable += 1
            continue
        for index in variants:
            record = measure(collection, path, index, args.timeout, memory, args.chess_only)
            if record.model == "whole" or (record.error and record.model != "partial"):
                records.append(record)
            if record.model == "whole":
                show(record)
        differ = sum(bool(r.differences) for r in records)
        show_progress(f"[{number}/{len(jobs)} files, {len(records)} variants read whole, {differ} differ, "
                      f"{time.perf_counter() - started:.0f} s]", tty)
    if tty:
        print(file=sys.stderr)
    whole = [r for r in records if r.model == "whole"]
    found = [d for r in whole for d in r.differences]
    reached = [d for d in found if d["reachable"]]
    if args.json is not None:
        args.json.write_text(json.dumps([dataclasses.asdict(r) for r in whole], indent=1), encoding="utf-8")
    in_variants = len({id(r) for r in whole for d in r.differences})
    reached_in = len({id(r) for r in whole for d in r.differences if d["reachable"]})
    print(f"\nsummary: {len(jobs)} files ({unreadable} unreadable), {len(whole)} variants read whole"
          f"{' (chess-like)' if args.chess_only else ''}: {sum(r.positions for r in whole)} positions, "
          f"{sum(r.compared for r in whole)} compared, {len(found)} differ in {in_variants} variants "
          f"({len(reached)} in positions the game reaches, in {reached_in} variants), "
          f"{sum(len(r.not_compared) for r in whole)} not compared; {sum(bool(r.error) for r in records)} variants "
          f"not finished (time, memory or an error); {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
