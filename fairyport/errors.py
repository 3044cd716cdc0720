"""Exceptions shared by every part of fairyport.

Every error that input can cause is a :class:`FairyportError` carrying a :class:`Location` and a reason, so
the command line can print ``file:line:column: reason`` and exit with the documented code instead of a
traceback. All of them are also :class:`ValueError` subclasses, as in python-chess, so that callers who
catch ``ValueError`` keep working.
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from collections import OrderedDict

EXIT_OK = 0
"""Exit code: success."""
EXIT_CHECK_FAILED = 1
"""Exit code: a check failed (perft mismatch, validation findings with errors)."""
EXIT_USAGE = 2
"""Exit code: bad command-line usage."""
EXIT_UNSUPPORTED = 3
"""Exit code: the input is understood but cannot be expressed or run."""
EXIT_UNPARSABLE = 4
"""Exit code: the input could not be read or parsed (also: not a regular file, larger than the input limit)."""
EXIT_OUTPUT = 5
"""Exit code: an output file could not be written (missing permission, full disk, a folder in the way)."""
EXIT_WRITE = 6
"""Exit code: the written text is broken (a writer failed on a game it had read, or its text does not read back):
a fairyport bug, please report."""


UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Characters no message shows as they are: the C0 controls but tab and newline, DEL, the C1 controls (a
terminal obeys ``ESC ] 0 ; title BEL`` and ``ESC [ 2 J``) and the bidirectional overrides."""


def printable(text: str) -> str:
    """``text`` with every :data:`UNPRINTABLE` character written as an escape (``\\x1b``, ``\\u202e``): what
    every message, finding and warning passes through before it is shown."""
    return UNPRINTABLE.sub(lambda match: _escape(match.group()), text)


def _escape(character: str) -> str:
    code = ord(character)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


INDEXED_TEXT_LENGTH = 4096
"""Texts at least this long get an index of their line starts when :meth:`Location.from_offset` is asked about them
(shorter ones are counted directly)."""
_INDEXES: OrderedDict[int, tuple[str, list[int]]] = OrderedDict()
_INDEXES_KEPT = 4
_NEWLINE = re.compile("\n")


def _line_starts(text: str) -> list[int]:
    """The offsets where the lines of ``text`` start (the few most recent texts' are kept)."""
    key = id(text)
    entry = _INDEXES.get(key)
    if entry is not None and entry[0] is text:
        _INDEXES.move_to_end(key)
        return entry[1]
    starts = [0, *(m.end() for m in _NEWLINE.finditer(text))]
    _INDEXES[key] = (text, starts)
    while len(_INDEXES) > _INDEXES_KEPT:
        _INDEXES.popitem(last=False)
    return starts


@dataclasses.dataclass(frozen=True)
class Location:
    """Where something is in a source text. All fields are optional; lines and columns count from 1."""

    file: str | None = None
    line: int | None = None
    column: int | None = None
    offset: int | None = None
    """Character offset from the start of the text (or of the string being parsed), from 0."""

    def __str__(self) -> str:
        parts = [self.file or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        elif self.offset is not None:
            parts.append(f"offset {self.offset}")
        return ":".join(parts)

    @staticmethod
    def from_offset(text: str, offset: int, file: str | None = None) -> Location:
        """Compute line and column of ``offset`` in ``text`` (in time logarithmic in the text's length for a long
        text asked about repeatedly: a parser locating every node of a large file stays linear)."""
        offset = max(0, min(offset, len(text)))
        if len(text) < INDEXED_TEXT_LENGTH:
            line = text.count("\n", 0, offset) + 1
            column = offset - (text.rfind("\n", 0, offset) + 1) + 1
            return Location(file=file, line=line, column=column, offset=offset)
        starts = _line_starts(text)
        index = bisect.bisect_right(starts, offset) - 1
        return Location(file=file, line=index + 1, column=offset - starts[index] + 1, offset=offset)


class FairyportError(ValueError):
    """Base class of every error fairyport raises for bad input or impossible requests."""

    exit_code: int = EXIT_UNPARSABLE

    def __init__(
        self,
        reason: str,
        location: Location | None = None,
        *,
        expected: str | None = None,
        found: str | None = None,
    ) -> None:
        self.reason = reason
        self.location = location or Location()
        self.expected = expected
        self.found = found
        super().__init__(self.message())

    def message(self) -> str:
        """The one-line message: ``location: reason (expected ..., found ...)``."""
        text = f"{self.location}: {self.reason}"
        extra = []
        if self.expected is not None:
            extra.append(f"expected {self.expected}")
        if self.found is not None:
            extra.append(f"found {self.found}")
        if extra:
            text += " (" + ", ".join(extra) + ")"
        return printable(text)

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle with every field (errors come back from ``--jobs`` worker processes): the default would rebuild
        the error from its message alone and lose the location (printing ``<input>: file:line: ...``)."""
        return (_rebuild, (type(self), dict(self.__dict__)))

    def relocated(self, location: Location) -> FairyportError:
        """Set a more precise location (for errors raised inside a sub-parser) and return ``self``."""
        self.location = location
        self.args = (self.message(),)
        return self


def _rebuild(cls: type[FairyportError], state: dict[str, object]) -> FairyportError:
    """An error unpickled from :meth:`FairyportError.__reduce__`."""
    error = cls.__new__(cls)
    error.__dict__.update(state)
    error.args = (error.message(),)
    return error


class ParseError(FairyportError):
    """The input text is not valid in its format."""

    exit_code = EXIT_UNPARSABLE


class ModelError(FairyportError):
    """The input parses but describes an inconsistent game (unknown piece in a setup, square off the board)."""

    exit_code = EXIT_UNPARSABLE


class UnsupportedError(FairyportError):
    """The game cannot be expressed in the target format or run by the move generator.

    ``feature`` names the piece or rule that cannot be expressed.
    """

    exit_code = EXIT_UNSUPPORTED

    def __init__(self, reason: str, location: Location | None = None, *, feature: str | None = None) -> None:
        self.feature = feature
        super().__init__(reason, location)


class WriteError(FairyportError):
    """A writer failed on a game that reads fine, or the text it wrote does not read back: the error is put on the
    written text (``<written FORMAT>``), never on the input."""

    exit_code = EXIT_WRITE


class UsageError(FairyportError):
    """The command line or API call is wrong."""

    exit_code = EXIT_USAGE
