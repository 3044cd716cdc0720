"""What the ZRF sweeps over whole collections share (``zrf_zero_moves.py``, ``zrf_model_reach.py``).

The command-line arguments every sweep takes, the ``.zrf`` files of the folders, each file's variants read in a
bounded child process, the progress line, and the small text helpers of the reports.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import sys
from multiprocessing.connection import Connection
from pathlib import Path

from fairyport.zrf.syntax.loader import load
from fairyport.zrf.syntax.structure import read_structure


def add_sweep_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of every sweep: the folders, the limits of each child, ``--only`` and ``--json``."""
    parser.add_argument("folders", nargs="+", type=Path, help="collections: folders searched for .zrf files")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per stage of one variant")
    parser.add_argument("--memory-gb", type=float, default=3.0, help="address-space limit of each child")
    parser.add_argument("--only", default="", help="only files whose path contains this text")
    parser.add_argument("--json", type=Path, help="write every variant's record here")


def zrf_files(folders: list[Path], only: str) -> list[tuple[Path, Path]]:
    """``(folder, file)`` for each ``.zrf`` file below each folder (recursively) whose path contains ``only``."""
    jobs: list[tuple[Path, Path]] = []
    for folder in folders:
        folder = folder.resolve()
        jobs.extend((folder, p) for p in sorted(folder.rglob("*")) if p.suffix.lower() == ".zrf" and p.is_file()
                    and only in str(p))
    return jobs


def show_progress(line: str, tty: bool) -> None:
    """One progress line on stderr: rewritten in place on a terminal, one line each otherwise."""
    print(("\r" + line[:150] + "\x1b[K") if tty else line, file=sys.stderr, end="" if tty else "\n", flush=True)


def first_line(error: BaseException) -> str:
    """``Type: first line of the message``."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0] if text else ''}"[:300]


def cell(text: str) -> str:
    """Text safe in a markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def list_variants(path: Path, timeout: float, memory: int) -> list[int] | str:
    """The selectable indices of ``path`` (read in a child), or why it cannot be read."""
    context = multiprocessing.get_context("fork")
    parent, child_end = context.Pipe()

    def run(conn: Connection) -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        try:
            conn.send([v.index for v in read_structure(load(path)).choices])
        except Exception as error:
            conn.send(first_line(error))

    process = context.Process(target=run, args=(child_end,), daemon=True)
    process.start()
    child_end.close()
    try:
        if not parent.poll(timeout):
            return "timeout: reading the file"
        answer: list[int] | str = parent.recv()
        return answer
    except (EOFError, OSError):
        return "the reading child died"
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        parent.close()
