"""Fuzz every reader with seeded examples and print, per reader, how many ran and how many failed.

    nice -n 10 python benchmarks/fuzz.py [--examples 100000] [--seconds S] [--readers zrf,json] [--round-trip]
                                         [--limit-gib 2] [--start 0]

Each reader runs in its own child process under an address-space limit (``--limit-gib``); example ``n`` of a
reader is made from ``random.Random("reader:n")`` (``tests/helpers/fuzzing.py``), so every failure printed as
``reader:seed`` replays exactly: keep it in ``REGRESSION_SEEDS`` of ``tests/hostile/test_fuzz.py``. An example
that takes longer than ``--example-timeout`` seconds counts as a failure (``slow``). ``--seconds`` stops a reader
early (the count that ran is printed); ``--round-trip`` also validates each example and writes every game that
reads in every format and reads it back (slower).
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import signal
import sys
import time
from pathlib import Path
from queue import Empty
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "helpers")]

import fuzzing  # noqa: E402

READERS = ("zrf", "gamecourier", "idiagram", "html", "json")


class _Slow(BaseException):  # not an Exception: the property catches those
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Slow


def run_reader(reader: str, start: int, examples: int, seconds: float, timeout: float, gib: float,
               round_trip: bool, queue: multiprocessing.Queue[tuple[str, int, dict[str, int], list[str]]]) -> None:
    """Run ``examples`` examples of ``reader`` from seed ``start`` (at most ``seconds``); report on ``queue``."""
    size = int(gib * 1024 ** 3)
    resource.setrlimit(resource.RLIMIT_AS, (size, size))
    signal.signal(signal.SIGALRM, _alarm)
    seeds = fuzzing.seed_texts(reader)
    counts: dict[str, int] = {}
    failures: list[str] = []
    began = time.perf_counter()
    ran = 0
    with fuzzing.fresh_folder() as folder:
        for seed in range(start, start + examples):
            if time.perf_counter() - began > seconds:
                break
            data = fuzzing.example(reader, seed, seeds)
            signal.setitimer(signal.ITIMER_REAL, timeout)
            try:
                outcome = fuzzing.exercise(reader, data, Path(folder), round_trip=round_trip)
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
    queue.put((reader, ran, counts, failures))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=100_000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--seconds", type=float, default=float("inf"), help="stop each reader after this long")
    parser.add_argument("--readers", default=",".join(READERS))
    parser.add_argument("--example-timeout", type=float, default=20.0)
    parser.add_argument("--limit-gib", type=float, default=2.0)
    parser.add_argument("--round-trip", action="store_true")
    args = parser.parse_args()
    context = multiprocessing.get_context("fork")
    queue: multiprocessing.Queue[tuple[str, int, dict[str, int], list[str]]] = context.Queue()
    total_failures = 0
    print("reader | examples run | read | refused (located error) | failures | seconds")
    for reader in args.readers.split(","):
        began = time.perf_counter()
        child = context.Process(target=run_reader, args=(reader, args.start, args.examples, args.seconds,
                                                          args.example_timeout, args.limit_gib, args.round_trip,
                                                          queue))
        child.start()
        while True:
            try:
                name, ran, counts, failures = queue.get(timeout=5)
                break
            except Empty:
                if not child.is_alive():
                    name, ran, counts, failures = reader, 1, {}, [f"{reader}: the child died ({child.exitcode})"]
                    break
        child.join()
        for failure in failures:
            print(f"  FAIL {failure}")
        failed = ran - counts.get("read", 0) - counts.get("refused", 0)
        total_failures += failed
        print(f"{name} | {ran} | {counts.get('read', 0)} | {counts.get('refused', 0)} | {failed} | "
              f"{time.perf_counter() - began:.0f}", flush=True)
    print(f"failures: {total_failures}")
    return 1 if total_failures else 0


if __name__ == "__main__":
    sys.exit(main())
