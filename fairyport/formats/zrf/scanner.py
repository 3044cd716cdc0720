"""The ZRF tokenizer: a hand-written scanner driven by one compiled regular expression.

Token kinds: ``(``, ``)``, atoms, strings and trivia (whitespace and ``;`` comments, merged into one token).
Strings have no escapes, may span lines and may hold ``;`` and parentheses; a ``;`` outside a string starts a
comment that runs to the end of the line. Everything else that is not whitespace is part of an atom, so
``never-moved?``, ``Lion!``, ``1i``, ``$1-x`` and ``'$1'`` are single atoms and ``-3`` is an integer atom.
"""

from __future__ import annotations

import re
from typing import NamedTuple

LPAREN = "("
RPAREN = ")"
ATOM = "atom"
STRING = "string"
UNTERMINATED = "unterminated-string"
TRIVIA = "trivia"

WHITESPACE = " \t\r\n\f\v\ufeff\x1a"
"""Characters that separate tokens (U+FEFF: a byte-order mark; U+001A: the DOS end-of-file mark)."""

_TOKEN = re.compile(
    rf"""(?:[{WHITESPACE}]+|;[^\r\n]*)+   # trivia
       |\(|\)
       |"[^"]*"?                          # string (unterminated if the closing quote is missing)
       |[^{WHITESPACE}();"]+              # atom
    """,
    re.VERBOSE,
)


class Token(NamedTuple):
    """One token: its kind and its ``[start, end)`` offsets in the text."""

    kind: str
    start: int
    end: int


def _kind(text: str, start: int, end: int) -> str:
    first = text[start]
    if first == "(":
        return LPAREN
    if first == ")":
        return RPAREN
    if first == '"':
        return STRING if end - start >= 2 and text[end - 1] == '"' else UNTERMINATED
    if first == ";" or first in WHITESPACE:
        return TRIVIA
    return ATOM


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into tokens. Every character belongs to exactly one token, so tokens rebuild the text."""
    return [Token(_kind(text, m.start(), m.end()), m.start(), m.end()) for m in _TOKEN.finditer(text)]
