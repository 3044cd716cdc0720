"""One view of a Game Courier preset, whether it came from a settings file or a query string.

:class:`Preset` maps each key to a :class:`PresetValue` (its text and where each character of it is in the
file) and knows which keys are well understood (:data:`KNOWN_KEYS`) and which hold GAME Code
(:data:`CODE_BLOCKS`). Everything else is kept verbatim by the underlying reader. Files are decoded as UTF-8
with ``surrogateescape``, so any byte sequence is written back unchanged.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Literal

from fairyport.errors import Location, ParseError
from fairyport.gamecourier.syntax.php import PhpArray, PhpRaw, PhpString, SettingsFile, parse_settings, value_as_text
from fairyport.gamecourier.syntax.query import QueryPreset, parse_query
from fairyport.inputs import read_input

ENCODING = "utf-8"
ERRORS = "surrogateescape"


@dataclasses.dataclass(frozen=True)
class CodeBlock:
    """What a GAME Code key is: its Edit-form label, its phase and (for per-side blocks) the side, from 1."""

    label: str
    phase: Literal["pregame", "premove", "postmove", "postgame"]
    side: int | None = None


CODE_BLOCKS: dict[str, CodeBlock] = {
    "pregame": CodeBlock("Pre-Game", "pregame"),
    "preauto1": CodeBlock("Pre-Move 1", "premove", 1),
    "preauto2": CodeBlock("Pre-Move 2", "premove", 2),
    "postauto1": CodeBlock("Post-Move 1", "postmove", 1),
    "postauto2": CodeBlock("Post-Move 2", "postmove", 2),
    "postgame1": CodeBlock("Post-Game 1", "postgame", 1),
    "postgame2": CodeBlock("Post-Game 2", "postgame", 2),
    "postgame": CodeBlock("Post-Game", "postgame"),
}
"""Keys read as GAME Code. Only ``postauto1`` is attested; the others follow its pattern (see the README).
Extend this table when a real settings file shows other names."""

KNOWN_KEYS: dict[str, str] = {
    "game": "game name",
    "settings": "settings file name",
    "code": "FEN code",
    "cols": "Max Columns (width of a rank)",
    "files": "file labels",
    "ranks": "rank labels",
    "board": "checker pattern",
    "shape": "board shape",
    "sides": "side names",
    "set": "piece set",
    "rulesurl": "rules page URL",
    "rules": "rules text (HTML)",
    **{key: block.label for key, block in CODE_BLOCKS.items()},
}
"""Keys whose meaning is known; every other key is kept verbatim and listed as unrecognised."""


@dataclasses.dataclass(frozen=True)
class PresetValue:
    """The text of one key and where it is."""

    key: str
    text: str | None
    """The value as Game Courier sees it; None for arrays and PHP expressions (kept verbatim, not evaluated)."""
    kind: str
    """``single``, ``double``, ``heredoc``, ``nowdoc``, ``int``, ``float``, ``bool``, ``null``, ``array``,
    ``expression`` (settings files) or ``query``."""
    offset: int
    """Source offset of the value's start."""
    char_offsets: tuple[int, ...]
    """Source offset of each character of ``text``."""
    interpolated: bool = False
    source: str = dataclasses.field(default="", repr=False, compare=False)
    """The whole text of the file the value is in (for locations)."""
    file: str | None = None

    def location(self, index: int | None = None) -> Location:
        """Where character ``index`` of the value is (the value's start if None), in its own file."""
        offset = self.offset if index is None else self.offset_of(index)
        return Location.from_offset(self.source, max(offset, 0), self.file)

    def offset_of(self, index: int) -> int:
        """The source offset of ``text[index]`` (the value's end for ``index == len(text)``)."""
        if 0 <= index < len(self.char_offsets):
            return self.char_offsets[index]
        if self.char_offsets:
            return self.char_offsets[-1] + 1
        return self.offset


@dataclasses.dataclass
class Preset:
    """A preset read from a settings file or a query string."""

    kind: Literal["settings", "query"]
    source: str
    file: str | None
    settings: SettingsFile | None = None
    query: QueryPreset | None = None
    values: dict[str, PresetValue] = dataclasses.field(default_factory=dict)
    duplicates: list[tuple[str, int]] = dataclasses.field(default_factory=list)
    """Keys assigned more than once, with the offset of each overridden assignment."""
    base: Preset | None = None
    """For a query-string preset: the settings file it names, when that file is at hand (see
    :func:`read_preset`). Its values are merged into :attr:`values` under the query's own."""

    def get(self, key: str) -> str | None:
        """The text of ``key``, or None if absent or not a plain value."""
        value = self.values.get(key)
        return None if value is None else value.text

    def location(self, offset: int) -> Location:
        """The location of a source offset."""
        return Location.from_offset(self.source, offset, self.file)

    def location_in(self, key: str, index: int = 0) -> Location:
        """The location of character ``index`` of the value of ``key``."""
        return self.values[key].location(index)

    def add_value(self, value: PresetValue) -> None:
        """Record the value of a key as read; a key read again is a duplicate and moves to its new place."""
        earlier = self.values.pop(value.key, None)
        if earlier is not None:
            self.duplicates.append((value.key, earlier.offset))
        self.values[value.key] = value

    def code_blocks(self) -> dict[str, PresetValue]:
        """The GAME Code keys present, in file order."""
        return {key: value for key, value in self.values.items() if key in CODE_BLOCKS}

    def to_text(self) -> str:
        """The preset written back (the source itself where nothing was edited)."""
        if self.settings is not None:
            return self.settings.to_text()
        assert self.query is not None
        return self.query.to_text()

    def to_bytes(self) -> bytes:
        """:meth:`to_text` encoded as the file was read."""
        return self.to_text().encode(ENCODING, ERRORS)

    def set(self, key: str, value: str) -> None:
        """Set ``key`` to ``value`` with correct quoting; the rest of the text is left as it is."""
        if self.settings is not None:
            self.settings.set_default(key, value)
        elif self.query is not None:
            self.query.set_value(key, value)
        self.values[key] = PresetValue(key, value, "edited", -1, (), source=self.source, file=self.file)


def looks_like_settings(text: str) -> bool:
    """True if ``text`` is PHP (a settings file) rather than a query string."""
    head = text.lstrip()
    return head.startswith("<?") or head.startswith("$") or "$default" in text or "<<<" in text


def parse_preset(text: str, file: str | None = None) -> Preset:
    """Parse a settings file or a query-string preset, telling them apart by content.

    :raises ParseError: if the text is malformed.
    """
    if not text.strip():
        raise ParseError("the file is empty", Location(file, 1, 1),
                         expected="a settings file (<?php $default['code'] = ...;) or a query string (code=...&...)")
    if looks_like_settings(text):
        return _from_settings(parse_settings(text, file), text, file)
    return _from_query(parse_query(text, file), text, file)


def read_preset(path: Path) -> Preset:
    """Read and parse a preset file.

    A query-string preset that names a settings file (``settings=NAME``) gets that file as its
    :attr:`~Preset.base` when ``NAME.php`` lies in the same folder: Game Courier applies the query's values
    over the settings file's, and so does the analysis. The preset's own text is not changed.

    :raises ParseError: if the file (or the settings file it names) cannot be read or parsed.
    """
    preset = parse_preset(_read_text(path), str(path))
    name = preset.get("settings") if preset.kind == "query" else None
    if name and "/" not in name and "\\" not in name and "\0" not in name and name not in (".", ".."):
        sibling = path.with_name(name + ".php")
        try:
            found = sibling.is_file()
        except OSError:  # a name the file system refuses (too long): no such settings file
            found = False
        if found:
            base = parse_preset(_read_text(sibling), str(sibling))
            if base.kind == "settings":
                preset.base = base
                own = preset.values
                preset.values = {**base.values, **own}
    return preset


def _read_text(path: Path) -> str:
    return read_input(path).decode(ENCODING, ERRORS)


def rewrite_file(path: Path) -> bytes:
    """Read a preset and write it back through the syntax tree: the same bytes for an unmodified file."""
    return read_preset(path).to_bytes()


def _from_settings(settings: SettingsFile, text: str, file: str | None) -> Preset:
    preset = Preset("settings", text, file, settings=settings)
    for assignment in settings.assignments("default"):
        if len(assignment.keys) != 1:
            continue
        key = assignment.keys[0]
        value = assignment.value
        if isinstance(value, PhpString):
            kind: str = value.style
            offsets = value.decoded.offsets
        elif isinstance(value, PhpArray):
            kind, offsets = "array", ()
        elif isinstance(value, PhpRaw):
            kind, offsets = "expression", ()
        else:
            kind = value.kind
            offsets = tuple(range(assignment.value_offset, assignment.value_offset + len(value.raw)))
        interpolated = isinstance(value, PhpString) and value.decoded.interpolated
        preset.add_value(PresetValue(key, value_as_text(value), kind, assignment.value_offset, offsets,
                                     interpolated, text, file))
    return preset


_PERCENT_RUN = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _from_query(query: QueryPreset, text: str, file: str | None) -> Preset:
    preset = Preset("query", text, file, query=query)
    for param in query.params:
        raw_value = param.raw[param.value_offset - param.offset:]
        offsets: list[int] = []
        position = 0
        while position < len(raw_value):
            match = _PERCENT_RUN.match(raw_value, position)
            if match is None:
                offsets.append(param.value_offset + position)
                position += 1
                continue
            decoded = bytes.fromhex(match.group().replace("%", "")).decode(ENCODING, "replace")
            offsets.extend([param.value_offset + position] * len(decoded))
            position = match.end()
        if len(offsets) != len(param.value):  # a malformed escape: fall back to the value's start
            offsets = [param.value_offset] * len(param.value)
        preset.add_value(PresetValue(param.key, param.value, "query", param.value_offset, tuple(offsets),
                                     source=text, file=file))
    return preset
