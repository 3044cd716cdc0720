"""Interactive Diagram definitions: syntax tree, parser and writer (syntax only).

An Interactive Diagram (ID) definition is a sequence of directives, normally one per line:

- a **parameter** ``key=value`` (any line containing ``=``; further ``=`` belong to the value);
- a **piece line** ``name:ID:betza:image:squares[:holdings]`` (a line with at least five ``:`` fields);
- anything else is **prose**, which the Diagram script ignores (fairyport keeps it, e.g. as comments).

Copies taken from web pages often have their newlines collapsed into spaces (or left as ``<br>`` tags); the
parser splits such a line before every ``key=`` token and every piece-line token (a token with four or more
``:``), but only where both sides are directives, so a piece name with a space (``pawn (passed):Q:fsW::``) stays whole.

Every directive keeps its location (file, line, column, offset) and, for piece lines, each field's column.
:func:`write` turns a :class:`Document` back into text; an unmodified document gives back its text exactly.
What the directives *mean* (defaults, squares, promotion) is :mod:`fairyport.idiagram.rules`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from fairyport.errors import Location

PIECE_FIELDS = ("name", "id", "betza", "image", "squares", "holdings")
"""The fields of a piece line, in order (``holdings`` is optional)."""

_KEY_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9_]*=")
_LINE = re.compile(r"[^\n]*\n?")
_BR = re.compile(r"<br\s*/?>", re.IGNORECASE)
"""An HTML line break left in copied text (phpBB style); it separates words like a space."""
_TOKEN = re.compile(r"<br\s*/?>|(?:(?!<br\s*/?>)\S)+", re.IGNORECASE)
"""A word or a ``<br>`` tag."""


@dataclasses.dataclass(frozen=True)
class Field:
    """One ``:``-separated field of a piece line: its text and where it starts."""

    text: str
    location: Location


@dataclasses.dataclass(frozen=True)
class Parameter:
    """A ``key=value`` line. ``raw`` is the source text (None for a directive built in code)."""

    key: str
    value: str
    location: Location = dataclasses.field(default_factory=Location)
    value_location: Location = dataclasses.field(default_factory=Location)
    raw: str | None = None

    def render(self) -> str:
        """The directive's text: the source text if it has one, else ``key=value``."""
        return self.raw if self.raw is not None else f"{self.key}={self.value}"


@dataclasses.dataclass(frozen=True)
class PieceLine:
    """A piece line ``name:ID:betza:image:squares[:holdings]``: its fields in order (at least five)."""

    fields: tuple[Field, ...]
    location: Location = dataclasses.field(default_factory=Location)
    raw: str | None = None

    def field(self, name: str) -> Field | None:
        """The field called ``name`` (one of :data:`PIECE_FIELDS`), or None if the line has no such field."""
        index = PIECE_FIELDS.index(name)
        return self.fields[index] if index < len(self.fields) else None

    def text(self, name: str) -> str:
        """The text of the field called ``name``; empty if the line has no such field."""
        found = self.field(name)
        return found.text if found is not None else ""

    def render(self) -> str:
        """The directive's text: the source text if it has one, else the fields joined by ``:``."""
        return self.raw if self.raw is not None else ":".join(f.text for f in self.fields)


@dataclasses.dataclass(frozen=True)
class Prose:
    """A line the Diagram ignores (no ``=`` and fewer than five fields): prose, comments."""

    text: str
    location: Location = dataclasses.field(default_factory=Location)

    @property
    def raw(self) -> str:
        """The source text."""
        return self.text

    def render(self) -> str:
        """The directive's text."""
        return self.text


Directive = Parameter | PieceLine | Prose


@dataclasses.dataclass(frozen=True)
class Item:
    """A directive with the exact text (whitespace, newlines) that precedes it in the source."""

    directive: Directive
    separator: str = "\n"


@dataclasses.dataclass
class Document:
    """A parsed definition: its items in source order and the text after the last one."""

    items: list[Item] = dataclasses.field(default_factory=list)
    trailing: str = ""
    file: str | None = None

    @property
    def directives(self) -> list[Directive]:
        """Every directive, in order."""
        return [item.directive for item in self.items]

    def pieces(self) -> Iterator[PieceLine]:
        """Every piece line, in order."""
        return (d for d in self.directives if isinstance(d, PieceLine))

    def append(self, directive: Directive, separator: str | None = None) -> None:
        """Add a directive at the end, on a new line unless ``separator`` says otherwise."""
        if separator is None:
            separator = "\n" if self.items else ""
        self.items.append(Item(directive, separator))


def make_parameter(key: str, value: str) -> Parameter:
    """A parameter built in code (it is written as ``key=value``)."""
    return Parameter(key, value)


def make_piece(fields: list[str]) -> PieceLine:
    """A piece line built in code from its field texts."""
    return PieceLine(tuple(Field(text, Location()) for text in fields))


def make_prose(text: str) -> Prose:
    """A prose (comment) line built in code; it must not contain ``=`` or four ``:``."""
    return Prose(text)


def is_prose_text(text: str) -> bool:
    """True if the Diagram would ignore a line with this text (no ``=``, fewer than five ``:`` fields)."""
    return "=" not in text and "\n" not in text and text.count(":") < 4


def _classify(text: str, source: str, start: int, file: str | None) -> Directive:
    """The directive for the segment ``text``, which starts at offset ``start`` of ``source``."""
    location = Location.from_offset(source, start, file)
    if "=" in text:
        key, _, value = text.partition("=")
        value_location = Location.from_offset(source, start + len(key) + 1, file)
        return Parameter(key, value, location, value_location, raw=text)
    parts = text.split(":")
    if len(parts) >= 5:
        fields: list[Field] = []
        offset = start
        for part in parts:
            fields.append(Field(part, Location.from_offset(source, offset, file)))
            offset += len(part) + 1
        return PieceLine(tuple(fields), location, raw=text)
    return Prose(text, location)


def _is_directive_token(token: str) -> bool:
    return bool(_KEY_TOKEN.match(token)) or ("=" not in token and token.count(":") >= 4)


def _segments(content: str) -> list[tuple[int, int]]:
    """Split one physical line (collapsed form) into directive spans ``(start, end)`` relative to the line.

    A split comes before every directive token. Words between a directive's first token and a following
    piece token belong to that piece's name (``... pawn (passed):Q:fsW:pawn:``), since square lists and
    parameter values normally contain no spaces.
    """
    if "=" not in content and content.count(":") < 4 and "<" not in content:  # prose: one span, no token split
        stripped = content.strip()
        if not stripped:
            return []
        start = len(content) - len(content.lstrip())
        return [(start, start + len(stripped))]
    tokens = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(content) if not _BR.fullmatch(m.group())]
    groups: list[list[int]] = []
    for index, (_, _, token) in enumerate(tokens):
        if not groups or _is_directive_token(token):
            groups.append([index])
        else:
            groups[-1].append(index)
    heads = [group[0] for group in groups]
    for n in range(len(groups) - 1):
        following = tokens[heads[n + 1]][2]
        if _KEY_TOKEN.match(following):
            continue
        group = groups[n]
        keep = group.index(heads[n]) + 1 if _is_directive_token(tokens[heads[n]][2]) else 0
        groups[n + 1][:0] = group[keep:]
        del group[keep:]
    return [(tokens[g[0]][0], tokens[g[-1]][1]) for g in groups if g]


def parse(text: str, file: str | None = None) -> Document:
    """Parse an Interactive Diagram definition. Never fails: lines it cannot use are kept as prose."""
    document = Document(file=file)
    separator_start = 0
    offset = 0
    for match in _LINE.finditer(text):
        line = match.group()
        if not line:
            break
        content = line.rstrip("\r\n")
        for start, end in _segments(content):
            absolute = offset + start
            directive = _classify(content[start:end], text, absolute, file)
            document.items.append(Item(directive, text[separator_start:absolute]))
            separator_start = offset + end
        offset += len(line)
    document.trailing = text[separator_start:]
    return document


def write(document: Document) -> str:
    """The text of ``document``: source text where the directives have it, ``key=value`` etc. where built."""
    parts: list[str] = []
    for item in document.items:
        parts.append(item.separator)
        parts.append(item.directive.render())
    parts.append(document.trailing)
    return "".join(parts)
