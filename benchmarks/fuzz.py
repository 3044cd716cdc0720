"""Fuzz every reader with seeded examples and print, per reader, how many ran, how many failed and how fast.

    nice -n 10 python benchmarks/fuzz.py [--examples 100000] [--jobs 2] [--readers zrf,json] [--validate]
                                         [--round-trip] [--seconds S] [--limit-gib 1] [--start 0]

Example ``n`` of a reader is made from ``random.Random("reader:n")`` (``tests/helpers/fuzzing.py``): a mutation
of a small bundled text or a string of the format's tokens, so every failure printed as ``reader:seed`` replays
exactly: keep it in ``REGRESSION_SEEDS`` of ``tests/hostile/test_fuzz.py``. The examples run in-process in
``--jobs`` worker processes, each under an address-space limit (``--limit-gib``, the issue's 1 GiB) and a
per-example alarm (``--example-timeout``, the issue's 20 s); an example over either bound is a failure (``slow``,
``memory``), as is a traceback or an error that names no place in the file. By default each example is read
(the reader, as ``fairyport read``/``perft`` runs it); ``--validate`` also validates it and ``--round-trip``
writes every game that reads in every format and reads it back (both several times slower). ``--seconds`` stops
a reader early: the count that ran is printed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import signal
import sys
import time
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "helpers")]

import fuzzing  # noqa: E402

CHUNK = 500
"""Examples a worker runs per task."""


class _Slow(BaseException):  # not an Exception: the property catches those
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Slow


_SEEDS: dict[str, list[bytes]] = {}
_FOLDER: list[Path] = []


def _start_worker(gib: float, parent: str) -> None:
    size = int(gib * 1024 ** 3)
    resource.setrlimit(resource.RLIMIT_AS, (size, size))
    signal.signal(signal.SIGALRM, _alarm)
    folder = Path(parent) / str(os.getpid())
    folder.mkdir()
    _FOLDER.append(folder)


Task = tuple[str, int, int, float, bool, bool, float, float]
Result = tuple[str, int, dict[str, int], list[str]]


def run_chunk(task: Task) -> Result:
    """Run examples ``start .. start+count-1`` of a reader (stopping at ``deadline``); count the outcomes."""
    reader, start, count, timeout, validate, round_trip, gib, deadline = task
    if reader not in _SEEDS:
        _SEEDS[reader] = fuzzing.seed_texts(reader)
    counts: dict[str, int] = {}
    failures: list[str] = []
    ran = 0
    for seed in range(start, start + count):
        if time.time() > deadline:
            break
        data = fuzzing.example(reader, seed, _SEEDS[reader])
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            outcome = fuzzing.exercise(reader, data, _FOLDER[0], round_trip=round_trip, validate=validate)
        except _Slow:
            outcome = fuzzing.Outcome("slow", f"more than {timeout} s")
        except MemoryError:
            outcome = fuzzing.Outcome("memory", f"more than {gib} GiB")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        ran += 1
        counts[outcome.kind] = counts.get(outcome.kind, 0) + 1
        if outcome.kind not in ("read", "refused"):
            failures.append(f"{reader}:{seed} {outcome.kind}: {outcome.detail}")
    return reader, ran, counts, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=100_000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seconds", type=float, default=float("inf"), help="stop each reader after this long")
    parser.add_argument("--readers", default=",".join(fuzzing.READERS))
    parser.add_argument("--example-timeout", type=float, default=20.0)
    parser.add_argument("--limit-gib", type=float, default=1.0)
    parser.add_argument("--validate", action="store_true")
    parser.add_argument("--round-trip", action="store_true")
    args = parser.parse_args()
    context = multiprocessing.get_context("fork")
    total_failures = 0
    print(f"{args.examples} examples per reader from seed {args.start}, {args.jobs} workers, "
          f"{'read+validate' if args.validate else 'read'}{' +round trip' if args.round_trip else ''}, "
          f"bounds {args.example_timeout} s and {args.limit_gib} GiB per example; load average "
          f"{os.getloadavg()[0]:.1f}")
    print("reader | examples run | read | refused (located error) | failures | seconds | examples/s")
    with fuzzing.fresh_folder() as parent, \
            context.Pool(args.jobs, initializer=_start_worker, initargs=(args.limit_gib, parent)) as pool:
        for reader in args.readers.split(","):
            began = time.perf_counter()
            deadline = time.time() + args.seconds if args.seconds != float("inf") else float("inf")
            tasks: list[Task] = [(reader, start, min(CHUNK, args.start + args.examples - start),
                                  args.example_timeout, args.validate, args.round_trip, args.limit_gib, deadline)
                                 for start in range(args.start, args.start + args.examples, CHUNK)]
            ran = 0
            counts: dict[str, int] = {}
            shown = began
            for _, chunk_ran, chunk_counts, failures in pool.imap_unordered(run_chunk, tasks):
                ran += chunk_ran
                for kind, number in chunk_counts.items():
                    counts[kind] = counts.get(kind, 0) + number
                for failure in failures:
                    print(f"  FAIL {failure}", flush=True)
                if time.perf_counter() - shown > 60:
                    shown = time.perf_counter()
                    print(f"  ... {reader}: {ran} run, {ran - counts.get('read', 0) - counts.get('refused', 0)} "
                          f"failed, {shown - began:.0f} s", flush=True)
            failed = ran - counts.get("read", 0) - counts.get("refused", 0)
            total_failures += failed
            seconds = time.perf_counter() - began
            print(f"{reader} | {ran} | {counts.get('read', 0)} | {counts.get('refused', 0)} | {failed} | "
                  f"{seconds:.0f} | {ran / seconds:.0f}", flush=True)
    print(f"failures: {total_failures}; load average at the end {os.getloadavg()[0]:.1f}")
    return 1 if total_failures else 0


if __name__ == "__main__":
    sys.exit(main())
