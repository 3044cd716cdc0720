"""``perft --jobs``: a worker that dies is an error, not a hang; every signal ends the workers with the parent,
without a traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from paths import GAMES

from fairyport.errors import EXIT_UNSUPPORTED, UsageError
from fairyport.movegen.perft import divide
from fairyport.movegen.workers import WorkerDiedError

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")

PATIENCE = 60.0
"""Seconds a run is given to end after the signal (generous: the machine is shared)."""


class _Tree:
    """A position whose every root move leads to one leaf; making the root move ``fatal`` kills the process with
    ``how`` (a signal number) or raises a usage error (``how`` 0)."""

    def __init__(self, fatal: int, how: int) -> None:
        self.fatal, self.how = fatal, how
        self.path: list[int] = []

    def legal_raw(self) -> Sequence[int]:
        return [] if len(self.path) > 1 else list(range(6))

    def push_raw(self, move: int) -> None:
        if not self.path and move == self.fatal:
            if self.how == 0:
                raise UsageError("the fatal move")
            os.kill(os.getpid(), self.how)
            time.sleep(PATIENCE)
        self.path.append(move)

    def pop_raw(self) -> None:
        self.path.pop()

    def uci(self, move: int) -> str:
        return f"m{move}"

    def copy(self) -> _Tree:
        return _Tree(self.fatal, self.how)


def test_a_killed_worker_is_an_error_naming_the_move() -> None:
    start = time.monotonic()
    with pytest.raises(WorkerDiedError, match=r"died \(killed by SIGKILL\) while counting the root move m3") as info:
        divide(_Tree(3, signal.SIGKILL), 2, jobs=2)
    assert time.monotonic() - start < PATIENCE
    assert info.value.exit_code == EXIT_UNSUPPORTED


def test_a_worker_error_comes_back_and_the_run_without_one_counts() -> None:
    with pytest.raises(UsageError, match="the fatal move"):
        divide(_Tree(2, 0), 2, jobs=2)
    assert divide(_Tree(99, 0), 2, jobs=2) == {f"m{n}": 6 for n in range(6)}
    assert divide(_Tree(99, 0), 2, jobs=4) == divide(_Tree(99, 0), 2, jobs=1)


def _children(pid: int) -> list[int]:
    return [int(child) for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()]


def _alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie waiting for a reaper has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.fixture
def perft_run() -> Iterator[tuple[subprocess.Popen[str], list[int]]]:
    """A ``perft --divide --depth 6 --jobs 2`` of chess in a session of its own, once both workers run."""
    command = [sys.executable, "-m", "fairyport", "perft", str(GAMES / "chess.idiagram"), "--depth", "6",
               "--divide", "--jobs", "2"]
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           start_new_session=True)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + PATIENCE
        while len(workers) < 2 and time.monotonic() < deadline and run.poll() is None:
            time.sleep(0.1)
            workers = _children(run.pid)
        assert len(workers) == 2, "the workers never started"
        yield run, workers
    finally:
        for pid in [run.pid, *workers]:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        run.communicate()


def _ended(run: subprocess.Popen[str], workers: list[int]) -> tuple[int, str]:
    """The exit code and error output of ``run``, once it and its workers have ended."""
    _, err = run.communicate(timeout=PATIENCE)
    deadline = time.monotonic() + PATIENCE
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if _alive(pid)], "workers left behind"
    assert "Traceback" not in err
    return run.returncode, err


def test_perft_with_a_killed_worker_ends_with_exit_3(perft_run: tuple[subprocess.Popen[str], list[int]]) -> None:
    run, workers = perft_run
    os.kill(workers[0], signal.SIGKILL)
    code, err = _ended(run, workers)
    assert code == EXIT_UNSUPPORTED
    assert f"fairyport: --jobs: a worker process (pid {workers[0]}) died (killed by SIGKILL)" in err


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_stop_signal_ends_the_workers_with_the_parent(perft_run: tuple[subprocess.Popen[str], list[int]],
                                                        signum: int) -> None:
    run, workers = perft_run
    os.kill(run.pid, signum)
    code, err = _ended(run, workers)
    assert code == 128 + signum
    assert err == f"fairyport: stopped by {signal.Signals(signum).name}\n"


def test_ctrl_c_ends_everything_with_exit_130(perft_run: tuple[subprocess.Popen[str], list[int]]) -> None:
    run, workers = perft_run
    os.killpg(run.pid, signal.SIGINT)  # as a terminal does: to the whole process group
    code, err = _ended(run, workers)
    assert code == 130
    assert err == "fairyport: interrupted\n"


def test_killing_the_parent_kills_the_workers(perft_run: tuple[subprocess.Popen[str], list[int]]) -> None:
    run, workers = perft_run
    os.kill(run.pid, signal.SIGKILL)
    code, _ = _ended(run, workers)
    assert code == -signal.SIGKILL
