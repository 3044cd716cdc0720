"""Helpers shared by the sub-commands: file collection, progress display, JSON output."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from fairyport.errors import Location, UsageError
from fairyport.fsf.sources import PREFIX as BUILTIN_PREFIX


def stderr_console() -> Console:
    """A rich console on stderr (progress bars and tables never pollute stdout's machine output)."""
    return Console(stderr=True)


class Advance(Protocol):
    """Callback that moves a progress bar on by ``n`` steps, optionally naming the current item and setting the
    total (when it is known only once the work has started)."""

    def __call__(self, n: int = 1, description: str | None = None, total: int | None = None) -> None: ...


@contextmanager
def progress(total: int | None, label: str) -> Iterator[Advance]:
    """A progress bar on stderr, shown only when stderr is a terminal; yields an ``advance`` callback."""
    if not sys.stderr.isatty():
        def silent(n: int = 1, description: str | None = None, total: int | None = None) -> None:
            return None

        yield silent
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=stderr_console(), transient=True) as bar:
        task = bar.add_task(label, total=total)

        def advance(n: int = 1, description: str | None = None, total: int | None = None) -> None:
            if description is not None:
                bar.update(task, description=description)
            if total is not None:
                bar.update(task, total=total)
            bar.advance(task, n)

        yield advance


def collect_files(paths: Iterable[str], suffixes: Iterable[str]) -> list[Path]:
    """Expand ``paths``: files are kept as given, folders are searched recursively for ``suffixes``.

    :raises UsageError: if a path does not exist.
    """
    wanted = {s.lower() for s in suffixes}
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in wanted))
        elif path.exists() or name.startswith(BUILTIN_PREFIX):  # fsf:makruk, a built-in variant
            files.append(path)
        else:
            raise UsageError("no such file or folder", Location(file=name))
    return files


def print_json(data: Any) -> None:
    """Print ``data`` as indented JSON on stdout."""
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
