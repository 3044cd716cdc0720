"""Query-string presets: ``game=...&settings=...&code=...&cols=...`` (optionally after a ``play.php?`` URL).

Parameters are kept in order with their exact encoded text; an unmodified preset is written back character
for character, an edited value is percent-encoded again. ``&amp;`` (from HTML pages) is accepted as a
separator and kept as written.
"""

from __future__ import annotations

import dataclasses
import re
from urllib.parse import quote_plus, unquote_plus

from fairyport.errors import Location, ParseError

_SEPARATOR = re.compile(r"&amp;|&")
_SAFE = "/-*{}:,@!~._"


@dataclasses.dataclass
class QueryParam:
    """One ``key=value`` parameter."""

    raw: str
    """The parameter as written (``code=rnbqkbnr%2F...``)."""
    key: str
    value: str
    offset: int
    value_offset: int
    """Offset of the first character after ``=`` (the parameter's end when there is no ``=``)."""


@dataclasses.dataclass
class QueryPreset:
    """A query-string preset: prefix (URL up to ``?``), parameters, separators and trailing text."""

    prefix: str
    params: list[QueryParam]
    separators: list[str]
    """``separators[i]`` is written between ``params[i]`` and ``params[i + 1]``."""
    trailer: str
    source: str

    def to_text(self) -> str:
        """The preset text: the source itself where nothing was edited."""
        parts = [self.prefix]
        for index, param in enumerate(self.params):
            if index:
                parts.append(self.separators[index - 1])
            parts.append(param.raw)
        parts.append(self.trailer)
        return "".join(parts)

    def values(self) -> dict[str, QueryParam]:
        """Keys in first-occurrence order, each mapped to its last (effective) parameter."""
        result: dict[str, QueryParam] = {}
        for param in self.params:
            result[param.key] = param
        return result

    def set_value(self, key: str, value: str) -> None:
        """Set ``key`` to ``value`` (percent-encoded); a new key is appended."""
        encoded = f"{quote_plus(key, safe=_SAFE)}={quote_plus(value, safe=_SAFE)}"
        existing = self.values().get(key)
        if existing is not None:
            existing.raw, existing.value = encoded, value
            return
        if self.params:
            self.separators.append("&")
        self.params.append(QueryParam(encoded, key, value, len(self.source), len(self.source)))


def parse_query(text: str, file: str | None = None) -> QueryPreset:
    """Parse a query-string preset.

    :raises ParseError: if there is no parameter, a parameter has no name, or the text has several lines.
    """
    stripped = text.rstrip()
    trailer = text[len(stripped):]
    leading = len(stripped) - len(stripped.lstrip())
    question = stripped.find("?")
    before = stripped[:question] if question >= 0 else ""
    has_prefix = question >= 0 and "=" not in before and "&" not in before  # a URL up to '?', not a value's '?'
    start = question + 1 if has_prefix else leading
    if "\n" in stripped[start:]:
        offset = stripped.index("\n", start)
        raise ParseError("a query-string preset is one line", Location.from_offset(text, offset, file),
                         expected="key=value pairs separated by &", found="a line break")
    params: list[QueryParam] = []
    separators: list[str] = []
    position = start
    body = stripped
    for match in [*_SEPARATOR.finditer(body, start), None]:
        end = len(body) if match is None else match.start()
        raw = body[position:end]
        if not raw and match is None and params:
            raise ParseError("empty parameter at the end of the query string", Location.from_offset(text, end, file),
                             expected="key=value", found="nothing")
        key_raw, equals, value_raw = raw.partition("=")
        if not key_raw:
            raise ParseError("query-string parameter without a name", Location.from_offset(text, position, file),
                             expected="key=value", found=repr(raw[:20]) if raw else "nothing")
        value_offset = position + len(key_raw) + len(equals)
        params.append(QueryParam(raw, unquote_plus(key_raw), unquote_plus(value_raw), position, value_offset))
        if match is not None:
            separators.append(match.group())
            position = match.end()
    return QueryPreset(body[:start], params, separators, trailer, text)
