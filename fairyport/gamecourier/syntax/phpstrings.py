"""PHP string literals as they appear in Game Courier settings files: decoding and rendering.

Four quoting styles exist: single-quoted, double-quoted, heredoc (``<<<TAG``) and nowdoc (``<<<'TAG'``).
Decoding keeps, for each decoded character, the offset of the source character it came from, so that
findings inside a value (a GAME Code line, a FEN letter) can be located in the file. Nothing is evaluated:
``$variables`` in double-quoted and heredoc strings are kept literally and reported through
:attr:`DecodedString.interpolated`.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Literal

from fairyport.errors import Location, ParseError

QuoteStyle = Literal["single", "double", "heredoc", "nowdoc"]
"""How a PHP string value was written."""

_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "v": "\v", "e": "\x1b", "f": "\f", "\\": "\\", "$": "$"}
_INTERPOLATION = re.compile(r"\$[A-Za-z_\x80-\uffff]|\{\$")
_OCTAL = re.compile(r"[0-7]{1,3}")
_HEX = re.compile(r"[0-9A-Fa-f]{1,2}")
_UNICODE = re.compile(r"\{([0-9A-Fa-f]+)\}")


@dataclasses.dataclass(frozen=True)
class DecodedString:
    """A decoded PHP string: its value and where each character came from."""

    value: str
    offsets: tuple[int, ...]
    """``offsets[i]`` is the offset, in the whole source text, of the source character that gave ``value[i]``."""
    end_offset: int
    """Offset just after the last source character of the body (used for positions at the very end)."""
    interpolated: bool = False
    """True if PHP would substitute a variable here (an unescaped ``$name`` or ``{$``)."""

    def source_offset(self, index: int) -> int:
        """The source offset of value position ``index`` (``len(value)`` maps to the end of the body)."""
        if 0 <= index < len(self.offsets):
            return self.offsets[index]
        return self.end_offset


def decode_single(body: str, start: int) -> DecodedString:
    """Decode the body of a single-quoted string (only ``\\\\`` and ``\\'`` are escapes)."""
    chars: list[str] = []
    offsets: list[int] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body) and body[i + 1] in "\\'":
            chars.append(body[i + 1])
            offsets.append(start + i)
            i += 2
            continue
        chars.append(ch)
        offsets.append(start + i)
        i += 1
    return DecodedString("".join(chars), tuple(offsets), start + len(body))


def decode_double(body: str, start: int, *, quote_escape: bool, text: str = "", file: str | None = None
                  ) -> DecodedString:
    """Decode a double-quoted or heredoc body with PHP's escapes.

    :param quote_escape: True for double-quoted strings, where ``\\"`` is an escape.
    :param text: the whole source, for error locations.
    :raises ParseError: for a malformed ``\\u{...}`` escape, which PHP rejects too.
    """
    chars: list[str] = []
    offsets: list[int] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != "\\" or i + 1 >= len(body):
            chars.append(ch)
            offsets.append(start + i)
            i += 1
            continue
        nxt = body[i + 1]
        decoded: str | None = None
        length = 2
        if nxt in _SIMPLE_ESCAPES:
            decoded = _SIMPLE_ESCAPES[nxt]
        elif nxt == '"' and quote_escape:
            decoded = '"'
        elif (m := _OCTAL.match(body, i + 1)) is not None:
            decoded = chr(int(m.group(), 8) & 0xFF)
            length = 1 + len(m.group())
        elif nxt == "x" and (m := _HEX.match(body, i + 2)) is not None:
            decoded = chr(int(m.group(), 16))
            length = 2 + len(m.group())
        elif nxt == "u" and body.startswith("{", i + 2):
            m = _UNICODE.match(body, i + 2)
            if m is None or int(m.group(1), 16) > 0x10FFFF:
                raise ParseError("malformed \\u{...} escape in a PHP string",
                                 Location.from_offset(text, start + i, file),
                                 expected="\\u{hex digits} up to 10FFFF", found=body[i:i + 12])
            decoded = chr(int(m.group(1), 16))
            length = 2 + len(m.group())
        if decoded is None:
            chars.append(ch)
            offsets.append(start + i)
            i += 1
            continue
        chars.append(decoded)
        offsets.append(start + i)
        i += length
    unescaped_dollar = _INTERPOLATION.search(_blank_escapes(body)) is not None
    return DecodedString("".join(chars), tuple(offsets), start + len(body), interpolated=unescaped_dollar)


def _blank_escapes(body: str) -> str:
    """``body`` with every backslash escape pair replaced by two spaces (to find unescaped ``$``)."""
    return re.sub(r"\\.", "  ", body, flags=re.DOTALL)


def render_string(value: str, style: QuoteStyle, tag: str | None = None) -> str:
    """Write ``value`` as a PHP literal in ``style``; falls back to single quotes where the style cannot hold it.

    A heredoc or nowdoc cannot hold a line equal to its closing tag, and cannot be used without a tag.
    Decoding the result gives back ``value`` exactly.
    """
    if style in ("heredoc", "nowdoc") and tag and _fits_doc(value, tag):
        if style == "nowdoc":
            return f"<<<'{tag}'\n{value}\n{tag}"
        escaped = value.replace("\\", "\\\\").replace("$", "\\$")
        return f"<<<{tag}\n{escaped}\n{tag}"
    if style == "double":
        escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$")
        return f'"{escaped}"'
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def closing_tag(tag: str) -> re.Pattern[str]:
    """A line that closes a heredoc or nowdoc tagged ``tag`` (PHP 7.3: the tag, indented or not, not followed
    by a name character); group 1 is the indentation. The reader and :func:`render_string` share it."""
    return re.compile(r"^([ \t]*)" + re.escape(tag) + r"(?![A-Za-z0-9_\x80-\uffff])", re.MULTILINE)


def _fits_doc(value: str, tag: str) -> bool:
    """True if no line of ``value`` could be read as the closing ``tag`` of a heredoc or nowdoc."""
    pattern = closing_tag(tag)
    return not any(pattern.match(line) for line in value.split("\n")) and "\r" not in value
