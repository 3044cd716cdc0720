"""The text layer of ``variants.ini``: sections ``[name]`` / ``[name:parent]`` and their ``key = value`` lines.

Fairy-Stockfish reads the file line by line: ``#`` and ``;`` start a comment line, a line ``[name]`` or
``[name:parent]`` opens a section, every other line with ``=`` is an option of the open section (the key and
the value are trimmed; a later line with the same key wins). :func:`parse_ini` keeps the line of every option
so that the reader can locate what it refuses.
"""

from __future__ import annotations

import dataclasses
import re

from fairyport.errors import Location, ParseError

_HEADER = re.compile(r"^\[([^\]:]*)(?::([^\]]*))?\]\s*$")


@dataclasses.dataclass(frozen=True)
class Option:
    """One ``key = value`` line."""

    key: str
    value: str
    line: int


@dataclasses.dataclass
class Section:
    """One section: its name, the section or built-in variant it inherits from, and its options in file order."""

    name: str
    parent: str | None
    line: int
    options: list[Option] = dataclasses.field(default_factory=list)

    def latest(self) -> dict[str, Option]:
        """Each key's last option (the one Fairy-Stockfish keeps)."""
        return {option.key: option for option in self.options}


def parse_ini(text: str, file: str = "<text>") -> list[Section]:
    """The sections of a ``variants.ini`` text, in file order.

    :raises ParseError: for an option line before the first section, or a line that is neither comment,
        header nor ``key = value``.
    """
    sections: list[Section] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        header = _HEADER.match(line)
        if header is not None:
            name = header.group(1).strip()
            if not name:
                raise ParseError("a section header needs a name", Location(file, number, 1),
                                 expected="[name] or [name:parent]", found=line)
            parent = header.group(2).strip() if header.group(2) is not None else None
            sections.append(Section(name, parent or None, number))
            continue
        if "=" not in line:
            raise ParseError("not an option line", Location(file, number, 1), expected="key = value",
                             found=line)
        if not sections:
            raise ParseError("option before the first section", Location(file, number, 1),
                             expected="a [name] header first", found=line)
        key, _, value = line.partition("=")
        sections[-1].options.append(Option(key.strip(), value.strip(), number))
    return sections


__all__ = ["Option", "Section", "parse_ini"]
