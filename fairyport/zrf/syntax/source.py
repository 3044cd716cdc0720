"""Source texts: decoding with a remembered encoding, line endings and offset -> line/column lookup."""

from __future__ import annotations

import bisect
import re
from pathlib import Path

from fairyport.errors import Location
from fairyport.inputs import read_input

UTF8 = "utf-8"
CP1252 = "cp1252"

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class SourceFile:
    """One decoded ZRF text.

    ``encoding`` is ``utf-8`` or ``cp1252``; cp1252 text is decoded with ``surrogateescape`` so that even the
    five bytes cp1252 leaves undefined survive a round trip. ``newline`` is the dominant line ending.
    """

    __slots__ = ("_line_starts", "encoding", "name", "newline", "path", "text")

    def __init__(self, text: str, name: str = "<input>", *, encoding: str = UTF8, path: Path | None = None) -> None:
        self.text = text
        self.name = name
        self.encoding = encoding
        self.path = path
        crlf = text.count("\r\n")
        lf = text.count("\n") - crlf
        self.newline = "\r\n" if crlf >= lf and crlf > 0 else "\n"
        self._line_starts: list[int] | None = None

    @classmethod
    def from_bytes(cls, data: bytes, name: str = "<input>", path: Path | None = None) -> SourceFile:
        """Decode ``data``: UTF-8 if valid, otherwise cp1252."""
        try:
            return cls(data.decode(UTF8), name, encoding=UTF8, path=path)
        except UnicodeDecodeError:
            return cls(data.decode(CP1252, errors="surrogateescape"), name, encoding=CP1252, path=path)

    @classmethod
    def read(cls, path: Path) -> SourceFile:
        """Read and decode the file at ``path`` through the input gate (:func:`fairyport.inputs.read_input`).

        :raises InputError: for what is not a readable regular file within the input size limit.
        """
        return cls.from_bytes(read_input(path), str(path), path)

    def encode(self, text: str | None = None) -> bytes:
        """Encode ``text`` (default: the source text) the way the file was encoded."""
        return (self.text if text is None else text).encode(self.encoding, errors="surrogateescape")

    def line_column(self, offset: int) -> tuple[int, int]:
        """Line and column (both from 1) of ``offset``. CRLF, LF and lone CR all end a line."""
        if self._line_starts is None:
            self._line_starts = [0] + [m.end() for m in _LINE_BREAK.finditer(self.text)]
        index = bisect.bisect_right(self._line_starts, offset) - 1
        return index + 1, offset - self._line_starts[index] + 1

    def location(self, offset: int) -> Location:
        """The :class:`Location` of ``offset`` in this file."""
        line, column = self.line_column(offset)
        return Location(file=self.name, line=line, column=column, offset=offset)
