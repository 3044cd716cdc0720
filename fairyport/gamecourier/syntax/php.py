"""Game Courier settings files: the PHP subset they are written in, read and written without evaluating PHP.

A settings file is a sequence of :data:`Segment`\\ s: :class:`Trivia` (inline text, ``<?php`` / ``?>`` tags,
whitespace, comments), :class:`Assignment` (``$default['key'] = value;``, ``$author = value;``) and
:class:`RawStatement` (any other PHP statement, kept verbatim). Every segment keeps its exact source text,
so :meth:`SettingsFile.to_text` of an unmodified file gives the input back character for character; an
edited value is rendered again in its original quoting style (:func:`render_string`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from fairyport.errors import Location, ParseError
from fairyport.gamecourier.syntax.phpstrings import (
    DecodedString,
    QuoteStyle,
    closing_tag,
    decode_double,
    decode_single,
    render_string,
)

_IDENT = re.compile(r"[A-Za-z_\x80-\uffff][A-Za-z0-9_\x80-\uffff]*")
_NUMBER = re.compile(r"[+-]?(?:0[xX][0-9A-Fa-f_]+|0[bB][01_]+|(?:[0-9][0-9_]*)?\.?[0-9][0-9_]*(?:[eE][+-]?[0-9]+)?)")
_DOC_OPEN = re.compile(r"<<<[ \t]*(?:'([A-Za-z_][A-Za-z0-9_]*)'|\"([A-Za-z_][A-Za-z0-9_]*)\"|([A-Za-z_][A-Za-z0-9_]*))"
                       r"(\r?\n)")
_OPEN_TAG = re.compile(r"<\?php(?=\s)|<\?php$|<\?=|<\?(?!xml)")


class _NotALiteral(ParseError):
    """A right-hand side that is not a literal this reader models: kept as a raw expression, not rejected."""


@dataclasses.dataclass(frozen=True)
class PhpString:
    """A string literal: its decoded value, quoting style and (heredoc / nowdoc) tag."""

    decoded: DecodedString
    style: QuoteStyle
    tag: str | None = None

    @property
    def value(self) -> str:
        """The decoded string."""
        return self.decoded.value


@dataclasses.dataclass(frozen=True)
class PhpScalar:
    """A number, boolean or null, kept as written (``8``, ``TRUE``, ``null``)."""

    kind: str
    """``int``, ``float``, ``bool`` or ``null``."""
    raw: str


@dataclasses.dataclass(frozen=True)
class PhpArray:
    """``array(...)`` or ``[...]``: items in order, each with its key (None for a list item)."""

    items: tuple[tuple[PhpValue | None, PhpValue], ...]


@dataclasses.dataclass(frozen=True)
class PhpRaw:
    """Any other PHP expression (concatenation, constants, calls): kept verbatim, never evaluated."""

    text: str


PhpValue = PhpString | PhpScalar | PhpArray | PhpRaw
"""A parsed right-hand side."""


@dataclasses.dataclass
class Trivia:
    """Text between statements: inline text, PHP tags, whitespace and comments."""

    text: str
    offset: int


@dataclasses.dataclass
class RawStatement:
    """A PHP statement that is not a simple assignment; kept verbatim."""

    text: str
    offset: int


@dataclasses.dataclass
class Assignment:
    """``$variable[key]... = value;`` with its exact text split in head, value and tail."""

    variable: str
    """The variable name without ``$`` (``default``, ``author``)."""
    keys: tuple[str, ...]
    """The decoded index keys (``('code',)`` for ``$default['code']``); empty for a plain variable."""
    head: str
    """Source from ``$`` up to the value (``$default['code'] = ``)."""
    value: PhpValue
    value_text: str
    tail: str
    """Source after the value, up to and including ``;``."""
    offset: int
    """Offset of ``$`` in the source."""

    @property
    def value_offset(self) -> int:
        """Offset of the value's first character in the source (meaningless once edited)."""
        return self.offset + len(self.head)

    @property
    def text(self) -> str:
        """The statement's source text (rendered again where edited)."""
        return self.head + self.value_text + self.tail

    @property
    def key(self) -> str | None:
        """The first index key, or None for a plain variable."""
        return self.keys[0] if self.keys else None


Segment = Trivia | RawStatement | Assignment
"""One piece of a settings file."""


@dataclasses.dataclass
class SettingsFile:
    """A parsed settings file. ``segments`` joined give the source back."""

    segments: list[Segment]
    source: str
    file: str | None = None

    def to_text(self) -> str:
        """The file's text: the source itself where nothing was edited."""
        return "".join(s.text for s in self.segments)

    def assignments(self, variable: str | None = None) -> Iterator[Assignment]:
        """Every assignment in file order, optionally only those to ``$variable``."""
        for segment in self.segments:
            if isinstance(segment, Assignment) and (variable is None or segment.variable == variable):
                yield segment

    def defaults(self) -> dict[str, Assignment]:
        """``$default`` keys in first-assignment order, each mapped to its last (effective) assignment."""
        result: dict[str, Assignment] = {}
        for assignment in self.assignments("default"):
            if len(assignment.keys) == 1:
                result[assignment.keys[0]] = assignment
        return result

    def location(self, offset: int) -> Location:
        """The location of a source offset."""
        return Location.from_offset(self.source, offset, self.file)

    def set_default(self, key: str, value: str) -> None:
        """Set ``$default[key]`` to the string ``value``, keeping the quoting style where possible (a number
        replacing a number is written bare).

        A key that is not in the file yet is appended as a nowdoc assignment before a closing ``?>``.
        """
        assignment = self.defaults().get(key)
        if assignment is not None:
            old = assignment.value
            if isinstance(old, PhpScalar) and old.kind in ("int", "float") and _NUMBER.fullmatch(value):
                assignment.value = PhpScalar(old.kind, value)  # a number stays a number
                assignment.value_text = value
                return
            if isinstance(old, PhpString):
                style, tag = old.style, old.tag
            else:
                style, tag = "single", None
            text = render_string(value, style, tag)
            assignment.value = PhpString(DecodedString(value, (), 0), style, tag)
            assignment.value_text = text
            return
        head = f"$default['{_single_escape(key)}'] = "
        text = render_string(value, "nowdoc", "NOW")
        new = Assignment("default", (key,), head, PhpString(DecodedString(value, (), 0), "nowdoc", "NOW"), text, ";",
                         len(self.source))
        position = len(self.segments)
        for index in range(len(self.segments) - 1, -1, -1):
            segment = self.segments[index]
            if isinstance(segment, Trivia) and segment.text.lstrip().startswith("?>"):
                position = index
                break
            if not isinstance(segment, Trivia):
                break
        self.segments[position:position] = [Trivia("\n", len(self.source)), new]


def _single_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("'", "\\'")


def parse_settings(text: str, file: str | None = None) -> SettingsFile:
    """Parse the text of a settings file.

    Text before ``<?php`` and after ``?>`` is kept as inline text. A text that does not start with markup is
    read as PHP code from its first character (users often paste only the assignments).

    :raises ParseError: for an unterminated string, heredoc, comment, array or statement.
    """
    return _Parser(text, file).parse()


class _Parser:
    """Recursive-descent reader of the PHP subset; positions are offsets into ``text``."""

    def __init__(self, text: str, file: str | None) -> None:
        self.text = text
        self.file = file
        self.pos = 0
        self.segments: list[Segment] = []

    def error(self, reason: str, offset: int, expected: str | None = None, found: str | None = None) -> ParseError:
        return ParseError(reason, Location.from_offset(self.text, offset, self.file), expected=expected, found=found)

    def not_literal(self, reason: str, offset: int, expected: str, found: str) -> _NotALiteral:
        return _NotALiteral(reason, Location.from_offset(self.text, offset, self.file), expected=expected,
                            found=found)

    def found_at(self, offset: int) -> str:
        if offset >= len(self.text):
            return "end of file"
        return repr(self.text[offset:offset + 12])

    def parse(self) -> SettingsFile:
        text = self.text
        # a file that does not start with markup is PHP from its first character (users paste assignments)
        in_php = not text.lstrip("\ufeff \t\r\n").startswith("<")
        while self.pos < len(text):
            if not in_php:
                match = _OPEN_TAG.search(text, self.pos)
                end = len(text) if match is None else match.end()
                self.add_trivia(end)
                in_php = match is not None
                continue
            start = self.pos
            self.skip_trivia()
            if text.startswith("?>", self.pos):
                self.pos += 2
                in_php = False
            if self.pos > start:
                self.add_trivia(self.pos, start)
                continue
            if text[self.pos] == "$":
                self.statement(assignment=True)
            else:
                self.statement(assignment=False)
        return SettingsFile(self.segments, text, self.file)

    def add_trivia(self, end: int, start: int | None = None) -> None:
        begin = self.pos if start is None else start
        piece = Trivia(self.text[begin:end], begin)
        if self.segments and isinstance(self.segments[-1], Trivia):
            last = self.segments[-1]
            last.text += piece.text
        else:
            self.segments.append(piece)
        self.pos = end

    def skip_trivia(self) -> None:
        """Move past whitespace and comments."""
        text = self.text
        while self.pos < len(text):
            ch = text[self.pos]
            if ch.isspace():
                self.pos += 1
            elif text.startswith("/*", self.pos):
                end = text.find("*/", self.pos + 2)
                if end < 0:
                    raise self.error("unterminated /* comment", self.pos, expected="*/", found="end of file")
                self.pos = end + 2
            elif text.startswith("//", self.pos) or (ch == "#" and not text.startswith("#[", self.pos)):
                newline = text.find("\n", self.pos)
                close = text.find("?>", self.pos)
                ends = [e for e in (newline, close) if e >= 0]
                self.pos = min(ends) if ends else len(text)
            else:
                return

    def statement(self, *, assignment: bool) -> None:
        start = self.pos
        if assignment:
            parsed = self.try_assignment()
            if parsed is not None:
                self.segments.append(parsed)
                return
            self.pos = start
        ends = self.skip_expression(start)
        if ends is None:
            raise self.error("unterminated PHP statement", start, expected="';'", found="end of file")
        self.segments.append(RawStatement(self.text[start:ends[1]], start))
        self.pos = ends[1]

    def try_assignment(self) -> Assignment | None:
        """``$name[key]... = value;``; None (nothing consumed) if the statement has another shape."""
        text = self.text
        start = self.pos
        name = _IDENT.match(text, start + 1)
        if name is None:
            return None
        self.pos = name.end()
        keys: list[str] = []
        while True:
            self.skip_trivia()
            if not text.startswith("[", self.pos):
                break
            self.pos += 1
            self.skip_trivia()
            try:
                key = self.value()
            except ParseError:
                return None
            if isinstance(key, PhpString):
                keys.append(key.value)
            elif isinstance(key, PhpScalar):
                keys.append(key.raw)
            else:
                return None
            self.skip_trivia()
            if not text.startswith("]", self.pos):
                return None
            self.pos += 1
        if not text.startswith("=", self.pos) or text.startswith("==", self.pos) or text.startswith("=>", self.pos):
            return None
        self.pos += 1
        self.skip_trivia()
        value_start = self.pos
        value: PhpValue | None
        try:
            value = self.value()
        except _NotALiteral:  # any other ParseError is a broken literal and propagates
            value = None
        value_end = self.pos
        self.skip_trivia()
        if value is None or not text.startswith((";", "?>"), self.pos):
            ends = self.skip_expression(value_start)
            if ends is None:
                raise self.error("unterminated assignment", start, expected="';'", found="end of file")
            value_end = len(text[value_start:ends[0]].rstrip()) + value_start
            value = PhpRaw(text[value_start:value_end])
            self.pos = value_end
            self.skip_trivia()
        tail_start = value_end
        if text.startswith(";", self.pos):
            self.pos += 1
        else:  # '?>' ends the statement and stays for the caller; trivia before it is not part of the tail
            self.pos = tail_start
        return Assignment(name.group(), tuple(keys), text[start:value_start], value, text[value_start:value_end],
                          text[tail_start:self.pos], start)

    def value(self) -> PhpValue:
        """One literal value at ``pos``.

        :raises ParseError: if there is none or it is malformed.
        """
        text = self.text
        pos = self.pos
        if pos >= len(text):
            raise self.not_literal("missing value", pos, expected="a PHP value", found="end of file")
        ch = text[pos]
        if ch == "'":
            end = self.string_end(pos, "'")
            self.pos = end + 1
            return PhpString(decode_single(text[pos + 1:end], pos + 1), "single")
        if ch == '"':
            end = self.string_end(pos, '"')
            self.pos = end + 1
            return PhpString(decode_double(text[pos + 1:end], pos + 1, quote_escape=True, text=text, file=self.file),
                             "double")
        if text.startswith("<<<", pos):
            return self.doc_string()
        if ch == "[":
            self.pos += 1
            return self.array_items("]")
        word = _IDENT.match(text, pos)
        if word is not None:
            lowered = word.group().lower()
            if lowered == "array":
                self.pos = word.end()
                self.skip_trivia()
                if text.startswith("(", self.pos):
                    self.pos += 1
                    return self.array_items(")")
            if lowered in ("true", "false"):
                self.pos = word.end()
                return PhpScalar("bool", word.group())
            if lowered == "null":
                self.pos = word.end()
                return PhpScalar("null", word.group())
            raise self.not_literal("not a PHP literal", pos, expected="a string, number, boolean or array",
                                   found=repr(word.group()))
        number = _NUMBER.match(text, pos)
        if number is not None and number.group() not in ("", "+", "-"):
            self.pos = number.end()
            raw = number.group()
            is_hex = raw.lower().lstrip("+-").startswith("0x")
            kind = "float" if any(c in raw for c in ".eE") and not is_hex else "int"
            return PhpScalar(kind, raw)
        raise self.not_literal("not a PHP literal", pos, expected="a string, number, boolean or array",
                               found=self.found_at(pos))

    def array_items(self, close: str) -> PhpArray:
        items: list[tuple[PhpValue | None, PhpValue]] = []
        text = self.text
        while True:
            self.skip_trivia()
            if text.startswith(close, self.pos):
                self.pos += 1
                return PhpArray(tuple(items))
            first = self.value()
            self.skip_trivia()
            if text.startswith("=>", self.pos):
                self.pos += 2
                self.skip_trivia()
                items.append((first, self.value()))
            else:
                items.append((None, first))
            self.skip_trivia()
            if text.startswith(",", self.pos):
                self.pos += 1
            elif not text.startswith(close, self.pos):
                raise self.not_literal("malformed array", self.pos, expected=f"',' or {close!r}",
                                       found=self.found_at(self.pos))

    def string_end(self, start: int, quote: str) -> int:
        """Offset of the quote closing the string that opens at ``start``."""
        text = self.text
        i = start + 1
        while i < len(text):
            if text[i] == "\\":
                i += 2
                continue
            if text[i] == quote:
                return i
            i += 1
        raise self.error("unterminated string", start, expected=f"closing {quote}", found="end of file")

    def doc_string(self) -> PhpString:
        """A heredoc or nowdoc at ``pos``; PHP 7.3 rules: the closing tag may be indented, and that
        indentation is removed from every body line."""
        text = self.text
        start = self.pos
        opener = _DOC_OPEN.match(text, start)
        if opener is None:
            raise self.error("malformed heredoc opener", start, expected="<<<TAG or <<<'TAG' and a line break",
                             found=self.found_at(start))
        tag = opener.group(1) or opener.group(2) or opener.group(3)
        nowdoc = opener.group(1) is not None
        body_start = opener.end()
        match = closing_tag(tag).search(text, body_start)
        if match is None:
            raise self.error(f"unterminated heredoc: no closing {tag}", start, expected=tag, found="end of file")
        indent = match.group(1)
        body_end = match.start()
        # the line break before the closing tag is not part of the value
        if body_end > body_start:
            body_end -= 1
            if body_end > body_start and text[body_end - 1] == "\r":
                body_end -= 1
        body = text[body_start:max(body_start, body_end)]
        self.pos = match.end()
        pieces: list[tuple[str, int]] = []
        offset = body_start
        for line in body.split("\n"):
            if indent:
                if line.strip() and not line.startswith(indent):
                    raise self.error("heredoc line is less indented than its closing tag", offset,
                                     expected=f"{len(indent)} characters of indentation", found=repr(line[:12]))
                cut = min(len(indent), len(line))
                pieces.append((line[cut:], offset + cut))
            else:
                pieces.append((line, offset))
            offset += len(line) + 1
        decoded = _join_lines(pieces, body_start + len(body))
        if not nowdoc:
            decoded = _redecode(decoded, text, self.file)
        return PhpString(decoded, "nowdoc" if nowdoc else "heredoc", tag)

    def skip_expression(self, start: int) -> tuple[int, int] | None:
        """Where the statement starting at ``start`` ends: ``(end of its text, end including the terminator)``.

        The terminator is ``;`` at bracket depth 0 (strings, heredocs and comments skipped), a ``}`` that
        closes a block opened in the statement (kept in the text), or ``?>`` (which ends a statement in PHP and
        is left for the caller). None if the text ends first."""
        text = self.text
        depth = 0
        i = start
        while i < len(text):
            ch = text[i]
            if ch in "'\"":
                i = self.string_end(i, ch) + 1
                continue
            if text.startswith("<<<", i):
                saved = self.pos
                self.pos = i
                try:
                    self.doc_string()
                    i = self.pos
                except ParseError:
                    i += 3
                finally:
                    self.pos = saved
                continue
            if text.startswith("?>", i) and depth <= 0:
                return i, i
            if text.startswith("/*", i) or text.startswith("//", i) or ch == "#":
                saved = self.pos
                self.pos = i
                self.skip_trivia()
                i, self.pos = max(self.pos, i + 1), saved
                continue
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
                if ch == "}" and depth == 0:
                    return i + 1, i + 1
            elif ch == ";" and depth <= 0:
                return i, i + 1
            i += 1
        return None

def _join_lines(pieces: list[tuple[str, int]], end: int) -> DecodedString:
    chars: list[str] = []
    offsets: list[int] = []
    for index, (line, offset) in enumerate(pieces):
        if index:
            chars.append("\n")
            offsets.append(offset - 1)
        chars.append(line)
        offsets.extend(range(offset, offset + len(line)))
    return DecodedString("".join(chars), tuple(offsets), end)


def _redecode(raw: DecodedString, text: str, file: str | None) -> DecodedString:
    """Apply heredoc escapes to an indentation-stripped body, keeping source offsets."""
    try:
        decoded = decode_double(raw.value, 0, quote_escape=False, text=raw.value, file=file)
    except ParseError as exc:
        offset = raw.source_offset(exc.location.offset or 0)
        raise exc.relocated(Location.from_offset(text, offset, file)) from None
    offsets = tuple(raw.source_offset(i) for i in decoded.offsets)
    return DecodedString(decoded.value, offsets, raw.end_offset, decoded.interpolated)


def value_as_text(value: PhpValue) -> str | None:
    """A scalar value as Game Courier would see it as text; None for arrays and raw expressions."""
    if isinstance(value, PhpString):
        return value.value
    if isinstance(value, PhpScalar):
        if value.kind == "bool":
            return "1" if value.raw.lower() == "true" else ""
        if value.kind == "null":
            return ""
        return value.raw
    return None
