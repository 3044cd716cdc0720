"""Real chess-like ZRF games exported to Fairy-Stockfish's ``variants.ini``: refusals per reason, and every written
file proven against the ZRF interpreter by perft in the Fairy-Stockfish binary.

For every ``.zrf`` file under the given folders (files with the same bytes once) and every selectable variant, a
forked child (address-space and time limits) reads the variant and keeps it when it is *chess-like*
(``zrf_model_reach.chess_like``: two players, a ``checkmated`` loss goal, captures by replacement) on one grid of
8 to 12 files. It is read into the model (``model refused``: the ZRF reader's refusal) and written with
``fairyport convert --to fsf``'s writer (``refused``: counted by the feature the refusal names, with the first
reason of each). A written section is counted by the Fairy-Stockfish binary (``go perft``, depth 1..``--depth``)
and the ZRF interpreter counts the variant itself: ``agree`` or ``DIFFER`` (``--depth 0``: ``written``, not
counted). ``--from-json FILE`` runs again only the variants an earlier run's ``--json`` kept.

Run from the project root, niced::

    nice -n 10 timeout 3000 .venv/bin/python benchmarks/zrf_fsf_export.py ../zrfcorpus/* [--depth 3]
        [--timeout 120] [--binary PATH] [--json FILE] [--from-json FILE] [--only SUBSTRING]

Prints one line per kept variant, then the table of outcomes and refusal reasons.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import multiprocessing
import re
import resource
import sys
import tempfile
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fsf_own_sections import BINARY, binary_counts
from zrf_model_reach import chess_like
from zrf_sweep import add_sweep_arguments, first_line, list_variants, zrf_files

from fairyport.errors import UnsupportedError
from fairyport.fsf.write import write_game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_variant
from fairyport.zrf.read import game_from_variant
from fairyport.zrf.typed.reader import read_variant

FILES = range(8, 13)
"""The board widths kept (files)."""


def _measure(path: str, spec: str, depth: int, binary: Path) -> dict[str, Any]:
    """The outcome of one variant (see the module docstring) as a JSON-ready record."""
    zv = read_variant(Path(path), spec)
    record: dict[str, Any] = {"title": zv.variant.title}
    if not chess_like(zv) or len(zv.game.board.grids) != 1:
        return {**record, "outcome": "skipped"}
    try:
        game = game_from_variant(zv, path, Path(path).stem)
    except Exception as error:  # the reader's refusal of this game, whatever its class
        return {**record, "outcome": "model refused", "reason": first_line(error)}
    if game.board.files not in FILES:
        return {**record, "outcome": "skipped"}
    try:
        text, _ = write_game(game)
    except UnsupportedError as error:
        feature = (error.feature or "?").split(": ")[-1]  # "Pawn: zoned moves": counted as "zoned moves"
        return {**record, "outcome": "refused", "feature": feature, "reason": error.reason}
    if not depth:
        return {**record, "outcome": "written"}
    header = re.search(r"^\[([^\]:]+)", text, re.MULTILINE)
    name = header.group(1) if header else ""
    with tempfile.TemporaryDirectory() as tmp:
        ini = Path(tmp) / "export.ini"
        ini.write_text(text, encoding="utf-8")
        theirs = binary_counts(binary, ini, name, depth)
    start = compile_variant(zv).start_position()
    mine = [perft(start, d) for d in range(1, depth + 1)]
    return {**record, "outcome": "agree" if mine == theirs else "DIFFER", "zrf": mine, "fsf": theirs,
            "section": text}


def _child(conn: Connection, path: str, spec: str, depth: int, binary: str, memory: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    sys.setrecursionlimit(20000)
    try:
        conn.send(_measure(path, spec, depth, Path(binary)))
    except Exception as error:
        conn.send({"outcome": "error", "reason": first_line(error)})


def measure(path: Path, index: int, args: argparse.Namespace) -> dict[str, Any]:
    """Run one variant's child within ``--timeout`` seconds."""
    context = multiprocessing.get_context("fork")
    parent, child_end = context.Pipe()
    memory = int(args.memory_gb * 1024 ** 3)
    process = context.Process(target=_child, args=(child_end, str(path), str(index), args.depth, str(args.binary),
                                                   memory), daemon=True)
    process.start()
    child_end.close()
    try:
        if not parent.poll(args.timeout):
            return {"outcome": "timeout"}
        answer: dict[str, Any] = parent.recv()
        return answer
    except (EOFError, OSError):
        return {"outcome": "error", "reason": "the child died"}
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        parent.close()


def report(records: list[dict[str, Any]]) -> None:
    """The outcome counts of the kept variants and the refusals per feature (with an example reason)."""
    kept = [r for r in records if r["outcome"] != "skipped"]
    outcomes = collections.Counter(r["outcome"] for r in kept)
    print(f"\n{len(kept)} chess-like variants on one grid of 8-12 files: "
          + ", ".join(f"{k} {v}" for k, v in outcomes.most_common()))
    refused = [r for r in kept if r["outcome"] == "refused"]
    features = collections.Counter(r["feature"] for r in refused)
    print("\n| refusal (feature) | games | first reason |\n|---|---|---|")
    for feature, count in features.most_common():
        reason = next(r["reason"] for r in refused if r["feature"] == feature)
        print(f"| {feature} | {count} | {reason[:140]} |")
    for record in kept:
        if record["outcome"] in ("DIFFER", "model refused", "error", "timeout"):
            print(f"{record['outcome']}: {record['file']} #{record['variant']}: "
                  f"{record.get('reason') or (record.get('zrf'), record.get('fsf'))}")


def _variants(args: argparse.Namespace) -> list[tuple[Path, int]]:
    """The variants to run: those an earlier run kept (``--from-json``), else every variant of every file (the
    same bytes once)."""
    if args.from_json:
        earlier = json.loads(args.from_json.read_text(encoding="utf-8"))
        return [(Path(r["file"]), r["variant"]) for r in earlier if r["outcome"] != "skipped"]
    seen: set[str] = set()
    out: list[tuple[Path, int]] = []
    for _, path in zrf_files(args.folders, args.only):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        if digest in seen:
            continue
        seen.add(digest)
        indices = list_variants(path, args.timeout, int(args.memory_gb * 1024 ** 3))
        out.extend((path, index) for index in (indices if isinstance(indices, list) else []))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_sweep_arguments(parser)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--binary", type=Path, default=BINARY)
    parser.add_argument("--from-json", type=Path, help="run only the variants an earlier --json kept")
    args = parser.parse_args()
    records: list[dict[str, Any]] = []
    for path, index in _variants(args):
        record = {"file": str(path), "variant": index, **measure(path, index, args)}
        records.append(record)
        if record["outcome"] != "skipped":
            detail = record.get("feature") or record.get("reason") or (record.get("zrf"), record.get("fsf"))
            print(f"{record['outcome']:13} {path.name} #{index} {record.get('title')}: {detail}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(records, indent=1), encoding="utf-8")
    report(records)


if __name__ == "__main__":
    main()
