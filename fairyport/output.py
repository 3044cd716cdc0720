"""Writing output files: whole or not at all.

Every file fairyport writes for the user (``convert -o``, ``show --svg``, the ``report`` pages) goes through
:func:`write_output`: the bytes go to a temporary file in the target's own folder, are flushed to disk, and the
temporary file is renamed over the target. A run killed at any moment leaves the old file or the complete new
one, never a truncated mix. The target's folder is created when missing (as ``report -o DIR`` always did). A
failure (a read-only folder, a full disk, a target that is a folder) is an :class:`OutputError`, exit code
:data:`~fairyport.errors.EXIT_OUTPUT`, naming the target.

A target that exists and is not a regular file (``/dev/null``, ``/dev/stdout``, a FIFO) cannot be replaced by a
rename; it is written directly.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO, cast

from fairyport.errors import EXIT_OUTPUT, FairyportError, Location, printable


class OutputError(FairyportError):
    """An output file could not be written (exit code :data:`~fairyport.errors.EXIT_OUTPUT`)."""

    exit_code = EXIT_OUTPUT


def _fail(path: Path, exc: OSError, what: str = "cannot write the file") -> OutputError:
    return OutputError(f"{what}: {exc.strerror or exc}", Location(str(path)))


def ensure_folder(folder: str | Path) -> Path:
    """Create ``folder`` (and its parents) if missing.

    :raises OutputError: if it cannot be created or is not a folder.
    """
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutputError("this is a file, not a folder", Location(str(folder)), expected="a folder") from None
    except OSError as exc:
        raise _fail(folder, exc, "cannot create the folder") from None
    return folder


def _new_file_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_output(path: str | Path, data: bytes | str) -> Path:
    """Write ``data`` (text is written as UTF-8) to ``path`` atomically: a temporary file in the same folder,
    flushed, then renamed over ``path``. Returns the path written.

    :raises OutputError: naming ``path`` if anything fails; the old file, if any, is then left as it was.
    """
    path = Path(path)
    payload = data.encode("utf-8", errors="surrogateescape") if isinstance(data, str) else data
    try:
        if path.is_symlink():
            path = path.resolve(strict=False)
    except (RuntimeError, OSError) as exc:  # Python 3.11 raises RuntimeError for a loop of links
        raise OutputError("cannot write the file: a loop of symbolic links", Location(str(path))) from exc
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise _fail(path, exc) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError("this is a folder, not a file", Location(str(path)), expected="a file name")
    if mode is not None and not stat.S_ISREG(mode):
        return _write_special(path, payload)
    folder = ensure_folder(path.parent)
    try:
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=f".{_short(path.name)}.", suffix=".tmp")
    except OSError as exc:
        raise _fail(path, exc) from None
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(payload)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, stat.S_IMODE(mode) if mode is not None else _new_file_mode())
        os.replace(temporary, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise _fail(path, exc) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return path


TEMPORARY_NAME_KEPT = 100
"""Bytes of the target's name kept in its temporary file's name (``.NAME.random.tmp``), so that a target whose
name is as long as the system allows (255 bytes) still gets a temporary name it allows."""


def _short(name: str) -> str:
    """``name`` cut to :data:`TEMPORARY_NAME_KEPT` bytes of UTF-8 (whole characters)."""
    return name.encode("utf-8", "surrogateescape")[:TEMPORARY_NAME_KEPT].decode("utf-8", "ignore")


def _write_special(path: Path, payload: bytes) -> Path:
    """Write to a device or FIFO the user named (no rename is possible there)."""
    try:
        with path.open("wb") as stream:
            stream.write(payload)
            stream.flush()
    except OSError as exc:
        raise _fail(path, exc) from None
    return path


STDOUT_NAME = "<stdout>"
"""How messages name the standard output."""


class StdoutGuard:
    """The standard output, whose write failures (``/dev/full``, a full disk) are :class:`OutputError` naming
    :data:`STDOUT_NAME` (exit 5); a reader that went away stays a :class:`BrokenPipeError`. After a failure the
    descriptor is pointed at ``/dev/null``, so that the buffered rest cannot fail again at exit."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def _failed(self, exc: OSError) -> OutputError:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.stream.fileno())
            os.close(devnull)
        return _fail(Path(STDOUT_NAME), exc, "cannot write")

    def write(self, text: str) -> int:
        """Write ``text`` (see the class)."""
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._failed(exc) from None

    def flush(self) -> None:
        """Flush (see the class)."""
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._failed(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


class EscapedStream:
    """A stream of messages (standard error) that shows no control character from input: everything written
    passes through :func:`~fairyport.errors.printable`."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        """Write ``text``, escaped."""
        return self.stream.write(printable(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextlib.contextmanager
def guarded_streams() -> Iterator[None]:
    """In the block ``sys.stdout`` is a :class:`StdoutGuard` (flushed at the end) and ``sys.stderr`` an
    :class:`EscapedStream`."""
    stdout, stderr = sys.stdout, sys.stderr
    sys.stdout = cast(TextIO, StdoutGuard(stdout))
    sys.stderr = cast(TextIO, EscapedStream(stderr))
    try:
        yield
        sys.stdout.flush()
    finally:
        sys.stdout, sys.stderr = stdout, stderr
