"""Forked worker processes for ``perft --jobs``: tasks run by index, never lost, never left behind.

:func:`run_forked` forks ``jobs`` processes that inherit the task list and are sent task numbers over a pipe, so
nothing but the number and the result is pickled. The parent waits on every worker's pipe and its process
sentinel at once: a worker that dies (``kill -9``, the out-of-memory killer, a crash) is a
:class:`WorkerDiedError` at once, not a wait for ever. Workers ignore ``SIGINT`` (a Ctrl-C reaches the whole
process group: the parent alone answers it) and are killed by the kernel when the parent dies (Linux
``PR_SET_PDEATHSIG``; elsewhere a watcher thread polls the parent). While tasks run, ``SIGTERM`` and ``SIGHUP``
to the parent raise :class:`Stopped`, so that every worker is ended before the parent exits.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import multiprocessing
import os
import pickle
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any, TypeVar

from fairyport.errors import EXIT_UNSUPPORTED, FairyportError, Location

T = TypeVar("T")
R = TypeVar("R")

STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
"""Signals that end a run of workers with the parent (``SIGINT`` is Python's :class:`KeyboardInterrupt`)."""
WORKER_END_SECONDS = 2.0
"""How long ended workers get to exit after ``SIGTERM`` before they are killed."""
_PR_SET_PDEATHSIG = 1
_MASKED = {signal.SIGINT, *STOP_SIGNALS}
"""Signals held back while a worker is forked, until it has set its own handlers (the parent's would raise
in the worker)."""


class WorkerDiedError(FairyportError):
    """A worker process died before it returned its task's result: there is no count."""

    exit_code = EXIT_UNSUPPORTED


class Stopped(KeyboardInterrupt):
    """``SIGTERM`` or ``SIGHUP`` reached the parent while workers ran; ``exit_code`` is ``128 + signal``."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        self.exit_code = 128 + signum
        super().__init__(f"stopped by {signal.Signals(signum).name}")


def _die_with_parent(parent: int) -> None:
    """Have this (forked) process end when ``parent`` does."""
    libc_name = ctypes.util.find_library("c")
    if libc_name is not None:
        with contextlib.suppress(OSError, AttributeError):
            if ctypes.CDLL(libc_name, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL) == 0:
                if os.getppid() != parent:  # the parent died before the call
                    os._exit(1)
                return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def _reply(func: Callable[[T], R], task: T) -> tuple[str, Any]:
    """``("ok", result)`` or ``("error", exception)`` (a traceback text where the exception does not pickle)."""
    try:
        return "ok", func(task)
    except Exception as exc:  # every failure goes back to the parent, which raises it
        try:
            pickle.dumps(exc)
        except Exception:
            return "error", RuntimeError("".join(traceback.format_exception(exc)))
        return "error", exc


def _serve(conn: Connection, func: Callable[[T], R], tasks: Sequence[T], parent: int) -> None:
    """A worker's life: take task numbers from ``conn`` and answer each until ``None`` or the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _MASKED)
    _die_with_parent(parent)
    try:
        while (index := conn.recv()) is not None:
            conn.send(_reply(func, tasks[index]))
    except (EOFError, OSError):  # the parent went away
        pass
    finally:
        os._exit(0)


@contextlib.contextmanager
def _stop_signals_raise() -> Iterator[None]:
    """``SIGTERM`` and ``SIGHUP`` raise :class:`Stopped` in the block (in the main thread; elsewhere unchanged)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, _frame: object) -> None:
        raise Stopped(signum)

    previous = {signum: signal.signal(signum, stop) for signum in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _end(processes: Sequence[multiprocessing.process.BaseProcess]) -> None:
    """End every worker: ``SIGTERM``, then ``SIGKILL`` for those still there after :data:`WORKER_END_SECONDS`."""
    for process in processes:
        if process.is_alive():
            process.terminate()
    deadline = time.monotonic() + WORKER_END_SECONDS
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join()


def _death(process: multiprocessing.process.BaseProcess) -> str:
    """How a worker ended (``killed by SIGKILL``, ``exit code 1``)."""
    code = process.exitcode
    if code is not None and code < 0:
        return f"killed by {signal.Signals(-code).name}"
    return f"exit code {code}"


def run_forked(func: Callable[[T], R], tasks: Sequence[T], jobs: int, name: Callable[[int], str],
               done: Callable[[int, R], None]) -> None:
    """Run ``func`` on every task in ``jobs`` forked processes; call ``done(index, result)`` in the parent as each
    ends. A task's exception is raised in the parent; a worker that dies raises :class:`WorkerDiedError` naming
    the task (``name(index)``). Every worker has ended when this returns or raises."""
    context = multiprocessing.get_context("fork")
    pending = list(range(len(tasks)))[::-1]
    running: dict[Connection, tuple[multiprocessing.process.BaseProcess, int]] = {}
    processes = []
    with _stop_signals_raise():
        try:
            for _ in range(min(jobs, len(tasks))):
                mine, theirs = context.Pipe()
                process = context.Process(target=_serve, args=(theirs, func, tasks, os.getpid()), daemon=True)
                masked = signal.pthread_sigmask(signal.SIG_BLOCK, _MASKED)
                try:
                    process.start()
                finally:
                    signal.pthread_sigmask(signal.SIG_SETMASK, masked)
                theirs.close()
                processes.append(process)
                index = pending.pop()
                mine.send(index)
                running[mine] = (process, index)
            while running:
                _collect(running, pending, name, done)
        finally:
            for conn in running:
                with contextlib.suppress(OSError):
                    conn.close()
            _end(processes)


def _collect(running: dict[Connection, tuple[multiprocessing.process.BaseProcess, int]], pending: list[int],
             name: Callable[[int], str], done: Callable[[int, Any], None]) -> None:
    """Wait for the next answer or death among the ``running`` workers and deal with it."""
    by_sentinel = {process.sentinel: conn for conn, (process, _) in running.items()}
    for ready in wait([*running, *by_sentinel]):
        conn = by_sentinel[ready] if isinstance(ready, int) else ready
        if not isinstance(conn, Connection) or conn not in running:
            continue
        process, index = running[conn]
        try:
            status, value = conn.recv() if conn.poll() else ("died", None)
        except (EOFError, OSError):
            status, value = "died", None
        if status == "died":
            process.join(WORKER_END_SECONDS)
            raise WorkerDiedError(
                f"a worker process (pid {process.pid}) died ({_death(process)}) while counting {name(index)}: "
                "no count (out of memory? try fewer --jobs)", Location("--jobs"))
        if status == "error" and isinstance(value, BaseException):
            raise value
        done(index, value)
        following = pending.pop() if pending else None
        with contextlib.suppress(OSError):  # a worker gone after its answer: its sentinel says so next
            conn.send(following)
        if following is None:
            del running[conn]
            conn.close()
        else:
            running[conn] = (process, following)
