"""The input gate: every file fairyport reads goes through :func:`read_input` (or :func:`read_head` to sniff it).

The gate makes three promises, whatever the file:

- only regular files are read: a folder, a FIFO, a device (``/dev/zero``, a terminal) or a socket is a located
  :class:`InputError` naming what it is, raised before anything is read (a FIFO is opened without blocking);
- at most :func:`max_input_size` bytes are read (16 MiB unless raised with ``--max-input-size`` or
  :func:`input_size_limit`): a larger file is an :class:`InputError` naming the limit, and memory never grows with
  what a file claims or streams;
- text decodes strictly (:func:`decode_utf8`): an invalid byte is an error at its line and column, never replaced.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path

from fairyport.errors import Location, ParseError, UsageError

DEFAULT_MAX_INPUT_SIZE = 16 * 1024 * 1024
"""The default cap on the size of one input file, in bytes (16 MiB: the largest real rule file known is under
1 MiB; the cap keeps every reader's time and memory bounded)."""

_LIMIT: contextvars.ContextVar[int] = contextvars.ContextVar("max_input_size", default=DEFAULT_MAX_INPUT_SIZE)

_UNITS = {"": 1, "b": 1, "k": 1000, "kb": 1000, "kib": 1024, "m": 1000 ** 2, "mb": 1000 ** 2, "mib": 1024 ** 2,
          "g": 1000 ** 3, "gb": 1000 ** 3, "gib": 1024 ** 3}
_SIZE = re.compile(r"\s*(\d+)\s*([a-zA-Z]*)\s*")


_INCLUDE_PATH: contextvars.ContextVar[tuple[Path, ...]] = contextvars.ContextVar("include_path", default=())


class InputError(ParseError):
    """A file that the gate refuses: not a regular file, too large, unreadable, or not valid text (exit 4)."""


def max_input_size() -> int:
    """The current cap on one input file, in bytes."""
    return _LIMIT.get()


def set_max_input_size(size: int) -> None:
    """Set the cap on one input file (``size`` bytes, at least 1) for the rest of this context (the command line
    sets it once from ``--max-input-size``)."""
    if size < 1:
        raise UsageError("the input size limit must be at least 1 byte", found=str(size))
    _LIMIT.set(size)


@contextlib.contextmanager
def input_size_limit(size: int) -> Iterator[None]:
    """Within the block, input files may be up to ``size`` bytes."""
    if size < 1:
        raise UsageError("the input size limit must be at least 1 byte", found=str(size))
    token = _LIMIT.set(size)
    try:
        yield
    finally:
        _LIMIT.reset(token)


def parse_size(text: str) -> int:
    """``"16MiB"``, ``"64M"``, ``"500k"``, ``"1000000"`` -> bytes (k/M/G are powers of 1000, KiB/MiB/GiB of
    1024).

    :raises UsageError: for anything else.
    """
    match = _SIZE.fullmatch(text)
    unit = match.group(2).lower() if match else ""
    if match is None or unit not in _UNITS or int(match.group(1)) < 1:
        raise UsageError("not a size", expected="a positive number of bytes, optionally with k, M, G, KiB, MiB or "
                         "GiB", found=repr(text))
    return int(match.group(1)) * _UNITS[unit]


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _human(size: int) -> str:
    for unit, factor in (("GiB", 1024 ** 3), ("MiB", 1024 ** 2), ("KiB", 1024)):
        if size >= factor and size % factor == 0:
            return f"{size // factor} {unit}"
    return f"{size} bytes"


def _open(path: Path) -> int:
    """A descriptor of the regular file at ``path``; a FIFO is opened without blocking and then refused."""
    name = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except IsADirectoryError:
        raise InputError("this is a folder, not a file", Location(name), expected="a regular file") from None
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror or exc}", Location(name)) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise InputError(f"this is {_kind(mode)}, not a regular file", Location(name), expected="a regular file")
    return fd


def _read(fd: int, most: int) -> bytes:
    chunks: list[bytes] = []
    left = most
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_input(path: str | Path) -> bytes:
    """The bytes of the regular file at ``path``, at most :func:`max_input_size` of them.

    :raises InputError: for a folder, FIFO, device or socket, a file that cannot be opened, or a file larger
        than the limit (the message names ``--max-input-size``).
    """
    path = Path(path)
    limit = max_input_size()
    fd = _open(path)
    try:
        size = os.fstat(fd).st_size
        data = _read(fd, limit + 1) if size <= limit else b""
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror or exc}", Location(str(path))) from None
    finally:
        os.close(fd)
    if size > limit or len(data) > limit:
        raise InputError(f"the file is larger than the input limit of {_human(limit)}", Location(str(path)),
                         expected="a smaller file, or a higher limit with --max-input-size",
                         found=f"{max(size, len(data))} bytes" if size > limit else f"more than {limit} bytes")
    _refuse_wide(data, str(path))
    return data


WIDE_BYTE_ORDER_MARKS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
                         (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))
"""Byte order marks of the encodings no format here is written in (a Windows editor's "Unicode")."""


def _refuse_wide(data: bytes, file: str) -> None:
    """An error at 1:1 for a file that starts with a UTF-16 or UTF-32 byte order mark."""
    for mark, encoding in WIDE_BYTE_ORDER_MARKS:
        if data.startswith(mark):
            raise InputError(f"the file is {encoding} text; fairyport reads UTF-8 (save the file as UTF-8)",
                             Location(file, 1, 1, 0), expected="UTF-8",
                             found=f"the {encoding} byte order mark {mark.hex(' ').upper()}")


def read_head(path: str | Path, count: int) -> bytes:
    """The first ``count`` bytes of the regular file at ``path`` (to recognise its format).

    :raises InputError: as :func:`read_input` for what is not a readable regular file.
    """
    path = Path(path)
    fd = _open(path)
    try:
        return _read(fd, count)
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror or exc}", Location(str(path))) from None
    finally:
        os.close(fd)


def decode_utf8(data: bytes, file: str | None) -> str:
    """``data`` decoded as UTF-8.

    :raises InputError: at the line and column of the first byte that is not UTF-8.
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = exc.start
        before = data[:start].decode("utf-8")
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        raise InputError("the file is not UTF-8 text", Location(file, line, column, len(before)),
                         expected="UTF-8", found=f"byte 0x{data[start]:02x}") from None


def read_input_text(path: str | Path) -> str:
    """The text of the UTF-8 file at ``path``, through the gate (:func:`read_input`, :func:`decode_utf8`)."""
    return decode_utf8(read_input(path), str(path))


def include_path() -> tuple[Path, ...]:
    """The folders (besides the including file's own folder tree) that included files may come from."""
    return _INCLUDE_PATH.get()


def set_include_path(folders: list[str] | tuple[str, ...] | tuple[Path, ...]) -> None:
    """Allow included files from ``folders`` too (the command line's ``--include-path``), for the rest of this
    context.

    :raises UsageError: for a name that is not a folder.
    """
    resolved: list[Path] = []
    for folder in folders:
        path = Path(folder)
        if not path.is_dir():
            raise UsageError("not a folder", Location("--include-path"), found=str(folder))
        resolved.append(path.resolve())
    _INCLUDE_PATH.set(tuple(resolved))


def inside(path: Path, folders: tuple[Path, ...] | list[Path]) -> bool:
    """Whether ``path`` (symbolic links followed) lies in the tree of one of ``folders`` (already resolved)."""
    real = path.resolve()
    return any(real == folder or real.is_relative_to(folder) for folder in folders)
