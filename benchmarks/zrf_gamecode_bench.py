"""ZRF games translated into GAME Code, proven by two interpreters: per class, how many convert and agree.

For every variant of every ``.zrf`` file under the given folders (or the variants a reach list names, see
``--reach``), in a forked child process with a wall-clock limit, a CPU-time limit and an address-space limit:

1. the ZRF interpreter compiles the variant and counts perft(2) (``--depth``); variants with other than two
   players, or with no move at depth 2, are not counted (``skipped``);
2. the variant is classed: ``chess-like`` as ``zrf_model_reach.chess_like`` says (two players, a ``checkmated``
   loss goal, captures by replacement), else ``drops`` (drop blocks and off-board stock), ``checkers``
   (``add-partial`` chains, or pieces named like checkers men), ``hex & linked`` (a board that is not one full
   rectangle of uniform offsets: hex grids, holes, explicit links), else ``abstract``;
3. the game is lowered into the program form and written as a Game Courier preset (``refused``: the construct
   named is counted), and the GAME Code interpreter counts the same perft on the written preset: ``agree`` or
   ``differ``; ``timeout`` (which stage: ``zrf`` or ``gc``; wall clock or CPU) or ``error``.

Every result is appended as one JSON line to a cache (``--cache``, default
``~/.cache/fairyport/zrf_gamecode_bench.jsonl``, outside the repository) keyed by the file's content hash, the
variant, the depth and the translation version (:data:`fairyport.gamecourier.program.write.TRANSLATION_VERSION`;
``--key commit`` keys by fairyport's git commit instead). A run skips what the cache holds (timeouts are run
again only with ``--retry-timeouts`` or when the limit is now larger), so it can be stopped and resumed, and
``--shard I/N`` runs every N-th variant (from the I-th) so that shards can run side by side or across sessions.
Files with the same bytes are run once. The variants of each file are cached the same way.

Prints a progress line to standard error, then the table per class over the selected variants (this run's and
the cached ones): counted, agree, differ, refused (by construct), timeout, error; ``--summary`` prints it from
the cache without running anything.

Run from the project root, niced:
``nice -n 10 python benchmarks/zrf_gamecode_bench.py FOLDER... [--reach 17a_reach_end.json [--chess-only]]
[--depth 2] [--timeout 300] [--cpu-timeout 60] [--memory-gb 3] [--shard 1/2] [--only SUBSTRING]
[--cache FILE] [--key version|commit] [--retry-timeouts] [--summary [--translation-version N]] [--list]``
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import datetime
import hashlib
import json
import multiprocessing
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Iterable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from zrf_model_reach import chess_like
from zrf_sweep import first_line, list_variants, show_progress, zrf_files

import fairyport
from fairyport.errors import FairyportError
from fairyport.gamecourier.interpreter.game import GameCourierGame, load_text
from fairyport.gamecourier.interpreter.readings import COMBINATIONS, Readings
from fairyport.gamecourier.program.write import TRANSLATION_VERSION, write_program
from fairyport.gamecourier.syntax.preset import parse_preset
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_variant
from fairyport.zrf.interpreter.game import Game
from fairyport.zrf.lower import lower_game
from fairyport.zrf.syntax.nodes import to_text
from fairyport.zrf.typed.reader import read_variant

CLASSES = ("chess-like", "checkers", "hex & linked", "abstract", "drops")
CHECKERS_NAMES = ("man", "checker", "draught", "pawn-man")
DEFAULT_CACHE = Path.home() / ".cache" / "fairyport" / "zrf_gamecode_bench.jsonl"
FINAL = ("agree", "differ", "refused", "error", "skipped")
"""Outcomes a run does not repeat (a timeout is repeated when asked, or when the limits are now larger)."""


def classify(game: Game, chess: bool) -> str:
    """The class of a compiled two-player game (see the module docstring); ``chess``: chess-like."""
    if chess:
        return "chess-like"
    if any(game.drops[k] for k in range(len(game.types))) and any(game.stock.values()):
        return "drops"
    blocks = [b for per in game.blocks for b in per]
    if any("add-partial" in to_text(b.node) or "add-copy-partial" in to_text(b.node) for b in blocks) or any(
            t.lower() in CHECKERS_NAMES for t in game.types):
        return "checkers"
    if game.board.rectangle() is None or not _uniform(game):
        return "hex & linked"
    return "abstract"


def _uniform(game: Game) -> bool:
    board = game.board
    coordinates = board.grid_coordinates
    for table in board.links:
        offsets = {(tuple(a - b for a, b in zip(coordinates[q], coordinates[p], strict=True)))  # type: ignore[arg-type]
                   for p, q in enumerate(table) if q >= 0 and coordinates[p] is not None and coordinates[q] is not None}
        if len(offsets) > 1:
            return False
    return True


def _under_readings(text: str, file: str, depth: int, zrf: int,
                    readings: tuple[Readings, ...]) -> tuple[str, dict[str, Any]]:
    """The written preset's perft under each reading, ``and`` / ``or`` exactly as the reading says (no fast chains;
    the other shortcuts do not depend on the reading):
    ``agree`` when every count is the ZRF count, else ``differ`` naming the readings that give another count or an
    error."""
    counts: dict[str, int | str] = {}
    started = time.process_time()
    for reading in readings:
        try:
            game = GameCourierGame(parse_preset(text, file), readings=reading, exact=True)
            counts[reading.name] = perft(game.position(), depth)
        except FairyportError as error:
            counts[reading.name] = f"error: {first_line(error)[:200]}"
    wrong = {name: count for name, count in counts.items() if count != zrf}
    detail = f"zrf {zrf}; " + ("every reading agrees" if not wrong else "; ".join(
        f"{name}: {count}" for name, count in wrong.items()))
    return ("differ" if wrong else "agree"), {"readings": counts, "gc_cpu": round(time.process_time() - started, 3),
                                              "detail": detail}


def _child(conn: Connection, path: str, spec: str, depth: int, memory_gb: float, cpu_seconds: float,
           known: dict[str, dict[str, Any]], readings: tuple[Readings, ...] = ()) -> None:
    size = int(memory_gb * 1024 ** 3)
    resource.setrlimit(resource.RLIMIT_AS, (size, size))
    cpu = max(1, int(cpu_seconds + 0.999))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    sys.setrecursionlimit(20000)
    try:
        zv = read_variant(Path(path), spec)
        game = compile_variant(zv)
        conn.send(("stage", "", {"title": zv.variant.title, "stage": "zrf"}))
        if len(game.players) != 2:
            conn.send(("skipped", "", {"detail": f"{len(game.players)} players"}))
            return
        started = time.process_time()
        zrf = perft(game.start_position(), depth)
        zrf_time = time.process_time() - started
        if zrf == 0:
            conn.send(("skipped", "", {"detail": "perft 0"}))
            return
        kind = classify(game, chess_like(zv))
        conn.send(("stage", kind, {"stage": "gc", "zrf": zrf, "zrf_cpu": round(zrf_time, 3)}))
        try:
            written = write_program(lower_game(game))
        except FairyportError as error:
            feature = getattr(error, "feature", None) or first_line(error)[:100]
            conn.send(("refused", kind, {"detail": str(feature), "message": first_line(error)}))
            return
        text_sha = hashlib.sha256(written.text.encode()).hexdigest()
        conn.send(("stage", kind, {"text_sha": text_sha}))
        earlier = known.get(text_sha)
        if earlier is not None and earlier.get("zrf") == zrf:  # the same preset, measured before: its outcome
            conn.send((earlier["outcome"], kind, {
                field: earlier[field] for field in ("gc", "gc_cpu", "ratio", "detail") if field in earlier}
                | {"reused": earlier.get("fairyport", "?")}))
            return
        if readings:
            outcome, fields = _under_readings(written.text, f"{path}.php", depth, zrf, readings)
            conn.send((outcome, kind, fields))
            return
        start = load_text(written.text, f"{path}.php").position()
        started = time.process_time()
        gc = perft(start, depth)
        gc_time = time.process_time() - started
        conn.send(("agree" if gc == zrf else "differ", kind,
                   {"gc": gc, "gc_cpu": round(gc_time, 3), "ratio": round(gc_time / max(zrf_time, 1e-3), 1),
                    "detail": f"zrf {zrf}, gc {gc}"}))
    except (FairyportError, RecursionError, MemoryError, Exception) as error:
        conn.send(("error", "", {"detail": first_line(error)}))


def run(path: Path, spec: str, depth: int, timeout: float, cpu_timeout: float, memory_gb: float,
        known: dict[str, dict[str, Any]] | None = None, readings: tuple[Readings, ...] = ()) -> dict[str, Any]:
    """The record of one variant: ``outcome``, ``class`` and what the child told (counts, CPU times, detail).
    ``readings``: play the written preset under each of these, exactly (``--readings``), instead of once.

    ``known``: earlier records of this variant by the digest of the preset they measured (``--key text``); a
    preset written the same again takes that record's GAME Code outcome without being played again.
    """
    receive, send = multiprocessing.Pipe(duplex=False)
    process = multiprocessing.get_context("fork").Process(
        target=_child, args=(send, str(path), spec, depth, memory_gb, cpu_timeout, known or {}, readings))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    process.start()
    send.close()
    record: dict[str, Any] = {"outcome": "", "class": ""}
    deadline = started + timeout
    while time.monotonic() < deadline:
        if receive.poll(max(0.0, min(1.0, deadline - time.monotonic()))):
            try:
                message: Any = receive.recv()
            except EOFError:
                break
            outcome, kind, fields = message
            if kind:
                record["class"] = kind
            record.update(fields)
            if outcome != "stage":
                record["outcome"] = outcome
                break
        elif not process.is_alive():
            break
    if process.is_alive():
        process.kill()
    process.join()
    receive.close()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    record["wall"] = round(time.monotonic() - started, 2)
    record["cpu"] = round(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, 2)
    if not record["outcome"]:
        stage = record.get("stage", "zrf")
        if process.exitcode in (-signal.SIGXCPU, -signal.SIGKILL) and record["cpu"] >= cpu_timeout * 0.95:
            record.update(outcome="timeout", detail=f"{stage}: over {cpu_timeout:.0f} s CPU")
        elif record["wall"] >= timeout:
            record.update(outcome="timeout", detail=f"{stage}: over {timeout:.0f} s wall clock")
        else:
            record.update(outcome="error", detail=f"{stage}: the child died (exit code {process.exitcode})")
    record.pop("stage", None)
    return record


# -- the cache ---------------------------------------------------------------------------------------------------


def version_key(how: str, version: int = TRANSLATION_VERSION) -> str:
    """What results are keyed by beside the file and variant: the translation version, fairyport's commit, or
    (``text``) the preset written: every run plays the ZRF side and writes the preset again, and plays the preset
    only where no earlier ``text`` record holds the same preset text with the same ZRF count."""
    if how == "version":
        return f"v{version}"
    if how == "text":
        return "text"
    root = Path(fairyport.__file__).resolve().parent.parent
    try:
        commit = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True,
                                check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        raise SystemExit(f"--key commit: {root} is not a git checkout") from None
    return f"c{commit[:12]}"


def read_cache(path: Path) -> dict[tuple[str, ...], dict[str, Any]]:
    """Key -> the last record the cache holds for it (lines that do not parse are ignored)."""
    found: dict[tuple[str, ...], dict[str, Any]] = {}
    if not path.exists():
        return found
    for line in path.read_text().splitlines():
        try:
            record = json.loads(line)
            found[tuple(record["key"])] = record
        except (ValueError, KeyError, TypeError):
            continue
    return found


def text_records(path: Path) -> dict[tuple[str, ...], dict[str, dict[str, Any]]]:
    """``text`` key -> preset digest -> the last record of an outcome measured by playing that preset (agree,
    differ, or a timeout or error after the preset was written)."""
    found: dict[tuple[str, ...], dict[str, dict[str, Any]]] = {}
    if not path.exists():
        return found
    for line in path.read_text().splitlines():
        try:
            record = json.loads(line)
            key, sha = tuple(record["key"]), record.get("text_sha")
        except (ValueError, KeyError, TypeError):
            continue
        # a record with the preset's digest got as far as playing the preset: its outcome is the preset's
        if key[-1:] == ("text",) and sha and record.get("outcome") in ("agree", "differ", "timeout", "error") \
                and "reused" not in record:
            found.setdefault(key, {})[sha] = record
    return found


def append(path: Path, record: dict[str, Any]) -> None:
    """One JSON line added to the cache (each write is one line, so shards can share the file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as out:
        out.write(json.dumps(record, sort_keys=True) + "\n")


@dataclasses.dataclass(frozen=True)
class Job:
    """One variant to measure."""

    collection: str
    file: str
    path: Path
    digest: str
    spec: str


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def jobs_from_folders(folders: list[Path], only: str, cache: dict[tuple[str, ...], dict[str, Any]],
                      cache_path: Path, memory: int, timeout: float) -> Iterable[Job]:
    """Every variant of every distinct ``.zrf`` file of the folders (the variants read in a child, cached)."""
    seen: set[str] = set()
    for folder, path in zrf_files(folders, only):
        digest = _digest(path)
        if digest in seen:
            continue
        seen.add(digest)
        key = ("variants", digest)
        if key not in cache:
            indices = list_variants(path, timeout, memory)
            cache[key] = {"key": list(key), "variants": indices}
            if not isinstance(indices, str) or not indices.startswith("timeout"):
                append(cache_path, cache[key])
        indices = cache[key]["variants"]
        if isinstance(indices, str):
            print(f"{folder.name}/{path.relative_to(folder)}: unreadable: {indices}", file=sys.stderr)
            continue
        for index in indices:
            yield Job(folder.name, str(path.relative_to(folder)), path, digest, str(index))


def jobs_from_reach(reach: Path, folders: list[Path], chess_only: bool, only: str) -> Iterable[Job]:
    """The variants a reach list (``zrf_model_reach.py --json``) says the interpreter plays (``chess_only``: the
    chess-like ones), found in the folders named like their collections; the same bytes and variant once."""
    by_name = {folder.resolve().name: folder.resolve() for folder in folders}
    seen: set[tuple[str, str]] = set()
    for entry in json.loads(reach.read_text()):
        if not isinstance(entry.get("interpreter"), int) or (chess_only and not entry.get("chess")):
            continue
        folder = by_name.get(entry["collection"])
        if folder is None or only not in f"{folder}/{entry['file']}":
            continue
        path = folder / entry["file"]
        digest = _digest(path)
        if (digest, str(entry["variant"])) in seen:
            continue
        seen.add((digest, str(entry["variant"])))
        yield Job(entry["collection"], entry["file"], path, digest, str(entry["variant"]))


# -- the report --------------------------------------------------------------------------------------------------


def summary(records: list[dict[str, Any]], depth: int) -> str:
    """The table per class, the refusals by construct, the timeouts by stage and the time ratios."""
    lines = ["| class | counted | agree | differ | refused | timeout | error | agree % |",
             "|---|---|---|---|---|---|---|---|"]
    table: dict[str, collections.Counter[str]] = {kind: collections.Counter() for kind in CLASSES}
    refused: dict[str, collections.Counter[str]] = {kind: collections.Counter() for kind in CLASSES}
    timeouts: collections.Counter[str] = collections.Counter()
    other: collections.Counter[str] = collections.Counter()
    ratios: list[float] = []
    for record in records:
        kind, outcome = record.get("class", ""), record["outcome"]
        if outcome == "timeout":
            timeouts[f"{kind or '?'} ({record['detail'].split(':')[0]})"] += 1
        if kind not in table:
            other[outcome if outcome != "timeout" else f"timeout ({record['detail'].split(':')[0]})"] += 1
            continue
        table[kind][outcome] += 1
        if outcome == "refused":
            refused[kind][record["detail"]] += 1
        if outcome == "agree" and "ratio" in record:
            ratios.append(float(record["ratio"]))
    total: collections.Counter[str] = collections.Counter()
    rows = [(kind, table[kind]) for kind in CLASSES]
    for _, row in rows:
        total.update(row)
    others: collections.Counter[str] = collections.Counter()
    for kind in CLASSES[1:]:
        others.update(table[kind])
    rows += [("**others**", others), ("**total**", total)]
    for kind, row in rows:
        counted = sum(row.values())
        share = f"{100 * row['agree'] / counted:.1f}" if counted else "-"
        lines.append(f"| {kind} | {counted} | {row['agree']} | {row['differ']} | {row['refused']} | "
                     f"{row['timeout']} | {row['error']} | {share} |")
    for kind in CLASSES:
        if refused[kind]:
            lines.append(f"refused in {kind}: " + "; ".join(f"{what} ({n})" for what, n in refused[kind].most_common()))
    if timeouts:
        lines.append("timeouts by class (stage): " + "; ".join(f"{what} {n}" for what, n in timeouts.most_common()))
    lines.append(f"not counted (zrf timeouts, errors before the class is known, skipped): {dict(other)}")
    if ratios:
        ratios.sort()
        lines.append(f"GAME Code CPU time / ZRF CPU time (perft({depth}) alone, both compiled first) over the "
                     f"{len(ratios)} agreeing variants: median {ratios[len(ratios) // 2]:.0f}x, "
                     f"min {ratios[0]:.0f}x, max {ratios[-1]:.0f}x")
    return "\n".join(lines)


def _zrf_timeout(record: dict[str, Any] | None, args: argparse.Namespace) -> bool:
    """Whether ``record`` is a timeout of the ZRF side (before any class) that the current limits would repeat."""
    return (record is not None and record["outcome"] == "timeout" and not record.get("class")
            and not args.retry_timeouts and record.get("cpu_timeout", 0) >= args.cpu_timeout)


def _readings(text: str) -> tuple[Readings, ...]:
    """``--readings``: ``all`` (every combination of :mod:`~fairyport.gamecourier.interpreter.readings`) or names
    such as ``right-first/def,left-first/rest``."""
    by_name = {reading.name: reading for reading in COMBINATIONS}
    if text == "all":
        return COMBINATIONS
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in by_name]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"--readings: all, or names among {', '.join(by_name)}")
    return tuple(by_name[name] for name in names)


def _shard(text: str) -> tuple[int, int]:
    index, _, count = text.partition("/")
    i, n = int(index), int(count)
    if not 1 <= i <= n:
        raise argparse.ArgumentTypeError("--shard I/N with 1 <= I <= N")
    return i, n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="+", type=Path, help="collections: folders searched for .zrf files")
    parser.add_argument("--reach", type=Path, help="a zrf_model_reach.py --json list: run the variants it says "
                                                   "the interpreter plays, instead of every variant")
    parser.add_argument("--chess-only", action="store_true", help="with --reach: its chess-like variants only")
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=300.0, help="wall-clock seconds per variant")
    parser.add_argument("--cpu-timeout", type=float, default=60.0, help="CPU seconds per variant")
    parser.add_argument("--memory-gb", type=float, default=3.0, help="address-space limit of each child")
    parser.add_argument("--only", default="", help="only files whose path contains this text")
    parser.add_argument("--shard", type=_shard, default=(1, 1), help="I/N: every N-th variant from the I-th")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help=f"JSON lines (default {DEFAULT_CACHE})")
    parser.add_argument("--key", choices=("version", "commit", "text"), default="version",
                        help="what a cached result is valid for: the translation version (default), fairyport's "
                             "commit, or the preset text written (the ZRF side is always run again)")
    parser.add_argument("--translation-version", type=int, default=TRANSLATION_VERSION,
                        help="with --summary: the table of results an earlier translation version gave")
    parser.add_argument("--retry-timeouts", action="store_true", help="run cached timeouts again")
    parser.add_argument("--summary", action="store_true", help="print the table from the cache, run nothing")
    parser.add_argument("--list", action="store_true", help="print one line per variant of the table")
    parser.add_argument("--readings", type=_readings, default=(),
                        help="play each written preset exactly under these readings (all, or names such as "
                             "right-first/def,left-first/rest): agree only when every one gives the ZRF count")
    args = parser.parse_args()
    if args.translation_version != TRANSLATION_VERSION and not args.summary:
        parser.error("--translation-version other than the current one goes with --summary only")
    version = version_key(args.key, args.translation_version)
    commit = version_key("commit")
    cache = read_cache(args.cache)
    texts = text_records(args.cache) if args.key == "text" else {}
    memory = int(args.memory_gb * 2 ** 30)
    if args.reach:
        jobs = list(jobs_from_reach(args.reach, args.folders, args.chess_only, args.only))
    else:
        jobs = list(jobs_from_folders(args.folders, args.only, cache, args.cache, memory, args.timeout))
    shard, shards = args.shard
    jobs = [job for number, job in enumerate(jobs) if number % shards == shard - 1]
    tty = sys.stderr.isatty()
    records: list[dict[str, Any]] = []
    started = time.monotonic()
    outcomes: collections.Counter[str] = collections.Counter()
    for number, job in enumerate(jobs, 1):
        key = (job.digest, job.spec, str(args.depth), version) + (
            ("readings " + ",".join(r.name for r in args.readings),) if args.readings else ())
        record = cache.get(key)
        if args.key == "text" and not args.summary and not _zrf_timeout(record, args):
            record = None  # the ZRF side and the translation run again; the preset's outcome may be reused
        fresh = record is None or (record["outcome"] not in FINAL and (
            args.retry_timeouts or record.get("cpu_timeout", 0) < args.cpu_timeout
            or record.get("timeout", 0) < args.timeout))
        if fresh and not args.summary:
            known = {sha: earlier for sha, earlier in texts.get(key, {}).items()
                     if earlier["outcome"] != "timeout" or (not args.retry_timeouts
                     and earlier.get("cpu_timeout", 0) >= args.cpu_timeout)}
            record = run(job.path, job.spec, args.depth, args.timeout, args.cpu_timeout, args.memory_gb, known,
                         args.readings)
            now = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
            record.update(key=list(key), collection=job.collection, file=job.file, variant=job.spec,
                          timeout=args.timeout, cpu_timeout=args.cpu_timeout, fairyport=commit, date=now,
                          load=os.getloadavg()[0])
            append(args.cache, record)
            cache[key] = record
        if record is None:
            continue
        records.append(record)
        outcomes[record["outcome"]] += 1
        elapsed = time.monotonic() - started
        bar = "#" * (20 * number // len(jobs))
        show_progress(f"[{bar:20}] {number}/{len(jobs)} {elapsed:.0f}s "
                      + " ".join(f"{k} {v}" for k, v in sorted(outcomes.items()))
                      + f" | {job.collection}/{job.file}#{job.spec}: {record.get('class') or '-'} "
                        f"{record['outcome']}", tty)
    if tty:
        print(file=sys.stderr)
    if args.list:
        for record in records:
            print(f"{record['collection']}/{record['file']}#{record['variant']} {record.get('title', '')!r}: "
                  f"{record.get('class') or '-'}: {record['outcome']}: {record.get('detail', '')} "
                  f"(cpu {record.get('cpu')}s, wall {record.get('wall')}s)")
        print()
    reused = sum("reused" in record for record in records)
    print(f"{len(records)} of {len(jobs)} selected variants measured (shard {shard}/{shards}, key {version}, "
          f"depth {args.depth}, cache {args.cache})"
          + (f"; {reused} presets written the same as before, their outcome reused" if args.key == "text" else ""))
    print(summary(records, args.depth))


if __name__ == "__main__":
    main()
