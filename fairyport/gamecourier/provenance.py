"""What a preset fairyport wrote from a game program says of itself, and how the reader recognises it.

A preset written from the common model reads back into the same model (:mod:`.read`, by its piece table and
``def`` lines). One written from a game program (:mod:`.program`: a ZRF game the model cannot hold whole) enforces
the program's rules in GAME Code translated block by block, which no reader turns back into rules. Its ``rules``
text says so to players in one paragraph of class :data:`PROGRAM_CLASS`, naming the source file; the reader looks
for that class (not for any line of the code, which changes with the translation) and refuses such a preset in one
sentence naming what to convert from instead (:func:`program_refusal`).
"""

from __future__ import annotations

import html
import re
from pathlib import PurePath

from fairyport.errors import Location, UnsupportedError

PROGRAM_CLASS = "fairyport-program"
"""The class of the ``rules`` paragraph that marks a preset written from a game program."""
_MARK = re.compile(r'<p class="' + PROGRAM_CLASS + r'"[^>]*\bdata-source="([^"]*)"')
_POSITION = re.compile(r"(:\d+)+$")


def source_name(source: str) -> str:
    """The file name of a program's source (``/a/b/glinski.zrf:1:1`` -> ``glinski.zrf``; empty stays empty)."""
    return PurePath(_POSITION.sub("", source)).name if source else ""


def program_rules(title: str, source: str) -> str:
    """The ``rules`` HTML of a preset written from the program ``title`` read from ``source`` (a file, optionally
    with ``:line:column``): one paragraph for players and for fairyport's reader."""
    name = source_name(source)
    origin = f" of {html.escape(name)}" if name else ""
    return (f'<p class="{PROGRAM_CLASS}" data-source="{html.escape(name, quote=True)}">'
            f"{html.escape(title or 'This game')}: the rules are enforced by GAME Code that fairyport translated "
            f"from the game program{origin}.</p>\n")


def written_from_program(rules: str | None) -> str | None:
    """The source file name a preset's ``rules`` text says it was translated from ("" when it names none), or
    None when the preset was not written from a game program."""
    found = _MARK.search(rules or "")
    return None if found is None else html.unescape(found.group(1))


def program_refusal(source: str, where: Location) -> UnsupportedError:
    """The error reading a preset written from a game program into the model gives (``source``: the file it was
    translated from, "" if unknown)."""
    instead = f"convert from {source} instead" if source else "convert from the file it was written from instead"
    return UnsupportedError(
        f"this preset was written by fairyport from a game program: its rules are GAME Code translated from that "
        f"program, which fairyport cannot read back into its game model; {instead} (the preset itself plays: "
        f"perft and validate --run use its code)", where, feature="a preset translated from a game program")
