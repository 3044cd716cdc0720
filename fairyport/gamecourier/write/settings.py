"""Writing a new settings file from key/value pairs (for converters that generate presets)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from fairyport.gamecourier.syntax.phpstrings import render_string

_WHOLE_NUMBER = re.compile(r"[0-9]+")
NUMERIC_KEYS = ("cols",)
"""Keys written as bare PHP numbers when their value is a whole number."""


def write_settings(values: Mapping[str, str], *, author: str | None = None) -> str:
    """A settings file assigning each value to ``$default[key]`` in the given order.

    Multi-line values (GAME Code, rules HTML) are nowdocs tagged ``NOW`` (single quotes if a line of the
    value reads as that tag), other text single-quoted, whole numbers of :data:`NUMERIC_KEYS` bare. Reading
    the result with :func:`~.preset.parse_preset` gives the same values back.
    """
    lines = ["<?php"]
    if author is not None:
        lines.append(f"$author = {render_string(author, 'single')};")
    for key, value in values.items():
        if key in NUMERIC_KEYS and _WHOLE_NUMBER.fullmatch(value):
            literal = value
        elif "\n" in value:
            literal = render_string(value, "nowdoc", "NOW")
        else:
            literal = render_string(value, "single")
        lines.append(f"$default[{render_string(key, 'single')}] = {literal};")
    lines.append("?>")
    return "\n".join(lines) + "\n"
