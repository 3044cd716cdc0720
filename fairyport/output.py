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
import tempfile
from pathlib import Path

from fairyport.errors import EXIT_OUTPUT, FairyportError, Location


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
    if path.is_symlink():
        path = path.resolve()
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
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
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


def _write_special(path: Path, payload: bytes) -> Path:
    """Write to a device or FIFO the user named (no rename is possible there)."""
    try:
        with path.open("wb") as stream:
            stream.write(payload)
            stream.flush()
    except OSError as exc:
        raise _fail(path, exc) from None
    return path
