"""The ZRF tokenizer: a hand-written scanner driven by one compiled regular expression.

Token kinds: ``(``, ``)``, atoms, strings and trivia (whitespace and ``;`` comments, merged into one token).
Strings have no escapes, may span lines and may hold ``;`` and parentheses; a ``;`` outside a string starts a
comment that runs to the end of the line. Everything else that is not whitespace is part of an atom, so
``never-moved?``, ``Lion!``, ``1i``, ``$1-x`` and ``'$1'`` are single atoms and ``-3`` is an integer atom.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

LPAREN = "("
RPAREN = ")"
ATOM = "atom"
STRING = "string"
UNTERMINATED = "unterminated-string"
TRIVIA = "trivia"

WHITESPACE = " \t\r\n\f\v\ufeff\x1a"
"""Characters that separate tokens (U+FEFF: a byte-order mark; U+001A: the DOS end-of-file mark)."""

TOKEN = re.compile(
    rf"""((?:[{WHITESPACE}]+|;[^\r\n]*)+)   # 1: trivia
       |(\()|(\))                        # 2, 3: parentheses
       |("[^"]*"?)                       # 4: string (unterminated if the closing quote is missing)
       |([^{WHITESPACE}();"]+)           # 5: atom
    """,
    re.VERBOSE,
)
"""The tokens, one group per kind (``_KINDS``); the parser matches it itself, in its own loop."""
GROUP_TRIVIA, GROUP_LPAREN, GROUP_RPAREN, GROUP_STRING, GROUP_ATOM = 1, 2, 3, 4, 5
""":data:`TOKEN`'s group numbers (``match.lastindex``), one per kind."""
_KINDS = (None, TRIVIA, LPAREN, RPAREN, STRING, ATOM)


def string_closed(text: str, start: int, end: int) -> bool:
    """Whether the string token ``text[start:end]`` has its closing quote."""
    return end - start >= 2 and text[end - 1] == '"'


class Token(NamedTuple):
    """One token: its kind and its ``[start, end)`` offsets in the text."""

    kind: str
    start: int
    end: int


def scan(text: str) -> Iterator[tuple[str, int, int]]:
    """Yield ``(kind, start, end)`` for every token of ``text``; every character belongs to exactly one token."""
    kinds = _KINDS
    for match in TOKEN.finditer(text):
        kind = kinds[match.lastindex or 0]
        start, end = match.span()
        if kind is STRING and not string_closed(text, start, end):
            kind = UNTERMINATED
        assert kind is not None
        yield kind, start, end


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into tokens (see :func:`scan`), as a list of :class:`Token`."""
    return [Token(*token) for token in scan(text)]
