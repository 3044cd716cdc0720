"""Helpers shared by the sub-commands: file collection, progress display, JSON output."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from fairyport.errors import FairyportError, Location, UsageError
from fairyport.format import split_game_path
from fairyport.formats import detect_format, get_format
from fairyport.fsf.sources import PREFIX as BUILTIN_PREFIX
from fairyport.inputs import InputError

FILE_ARGUMENTS = ("input", "file", "files", "paths", "against")
"""The arguments of the sub-commands that name files to read (:func:`refuse_urls`)."""
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
MISSING = "cannot read the file: No such file or directory"
"""What every command says of a file that does not exist (the input gate's words; exit 4 everywhere)."""


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


def format_name(value: str) -> str:
    """An argparse ``type`` for ``--to`` / ``--from``: a format's name or alias in any case (``gc``, ``FSF``), as its
    registry name."""
    try:
        return get_format(value).name
    except UsageError as error:
        raise argparse.ArgumentTypeError(error.message().removeprefix("<input>: ")) from None


def announce_variant(name: str, declared: str | None, variant: str | None) -> None:
    """Say on stderr which game of a file holding several is taken when the command line names none (``variant``
    None and no ``file#game``), and how to pick another."""
    path, fragment = split_game_path(Path(name))
    if variant is not None or fragment is not None or not path.is_file():
        return
    listing = get_format(detect_format(path, declared)).variant_names
    if listing is None:
        return
    try:
        names, default = listing(path)
    except FairyportError:  # the command's own reading says what is wrong with the file
        return
    if len(names) < 2:
        return
    number = names.index(default) + 1 if default in names else 1
    print(f"fairyport: note: {name} holds {len(names)} games; taking {default!r} (number {number}, the default): "
          f"pick another with --variant TITLE or --variant 1..{len(names)}", file=sys.stderr)


def print_table(title: str, columns: list[str], rows: list[list[str]], *, numeric: Iterable[str] = (),
                stderr: bool = False) -> None:
    """A table on stdout (or stderr): drawn by rich on a terminal, long names folded; elsewhere (a pipe, a file,
    CI) plain lines, one per row, columns aligned and nothing folded or cut, so that each row stays one line."""
    right = set(numeric)
    stream = sys.stderr if stderr else sys.stdout
    if stream.isatty():
        table = Table(title=title)
        for column in columns:
            table.add_column(column, justify="right" if column in right else "left",
                             no_wrap=column in right or column == "status", overflow="fold")
        for row in rows:
            table.add_row(*row)
        Console(stderr=stderr).print(table)
        return
    widths = [max([len(column), *(len(row[i]) for row in rows)]) for i, column in enumerate(columns)]
    for cells in [columns, *rows]:
        line = "  ".join(cell.rjust(w) if column in right else cell.ljust(w)
                         for cell, w, column in zip(cells, widths, columns, strict=True))
        print(line.rstrip(), file=stream)


def collect_files(paths: Iterable[str], suffixes: Iterable[str]) -> list[Path]:
    """Expand ``paths``: files are kept as given, folders are searched recursively for ``suffixes``.

    :raises InputError: if a path does not exist (exit 4, as the input gate's missing file).
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
            raise InputError(MISSING, Location(file=name))
    return files


def refuse_urls(args: argparse.Namespace) -> None:
    """A file argument that is a URL is refused before anything is read: fairyport reads local files only.

    :raises InputError: naming the argument (exit 4, as for any file that cannot be read).
    """
    for name in FILE_ARGUMENTS:
        value = getattr(args, name, None)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str) and _URL.match(item):
                raise InputError("this is a URL, and fairyport does not fetch URLs: it reads local files only",
                                 Location(file=item), expected="the path of a downloaded file")


def print_json(data: Any) -> None:
    """Print ``data`` as indented JSON on stdout."""
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
