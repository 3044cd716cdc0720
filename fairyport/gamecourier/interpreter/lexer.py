"""Tokens of GAME Code: words, quoted strings, parentheses, ``;`` and ``:``.

Game Courier ends statements with ``;`` (line breaks are plain white space: a 2008 error message shows a
``// comment`` line run together with the next statement) and block headers with ``:``. Strings are
double-quoted (the only kind seen in real code), start only where a token starts and end on the line they
start; a single quote is an ordinary character, so free text such as ``die You don't;`` or ``say 'Tis done;``
stays words. Lexing never fails: an unpaired double quote is reported in :attr:`Lexed.errors`
and read as part of a word.
"""

from __future__ import annotations

import dataclasses
from typing import Literal

from fairyport.errors import Location, ParseError

TokenKind = Literal["word", "string", "lparen", "rparen", "semi", "colon"]
_SINGLE: dict[str, TokenKind] = {";": "semi", ":": "colon", "(": "lparen", ")": "rparen"}
_BREAKS = set(";:()") | {"\n", "\r", "\t", " ", "\f", "\v"}
"""What ends a word. A double quote is not among them: a string starts only where a token starts (after white
space, ``(`` and the like), so a quote inside a word is part of it (``a"b``)."""


@dataclasses.dataclass(frozen=True)
class Token:
    """One token: its kind, exact text and offset in the code block."""

    kind: TokenKind
    text: str
    offset: int

    @property
    def end(self) -> int:
        """Offset just after the token."""
        return self.offset + len(self.text)

    @property
    def value(self) -> str:
        """The text, without the quotes for a string."""
        if self.kind == "string":
            quote = self.text[0]
            return self.text[1:-1] if len(self.text) >= 2 and self.text.endswith(quote) else self.text[1:]
        return self.text


@dataclasses.dataclass
class Lexed:
    """The tokens of a code block and the problems met while cutting them."""

    tokens: list[Token]
    errors: list[ParseError]


def tokenize(code: str, file: str | None = None) -> Lexed:
    """Cut ``code`` into tokens. Locations in errors are relative to ``code``."""
    tokens: list[Token] = []
    errors: list[ParseError] = []
    i = 0
    n = len(code)
    while i < n:
        ch = code[i]
        if ch.isspace():
            i += 1
            continue
        kind = _SINGLE.get(ch)
        if kind is not None:
            tokens.append(Token(kind, ch, i))
            i += 1
            continue
        if ch == '"':
            close = code.find('"', i + 1)
            newline = code.find("\n", i + 1)
            if close >= 0 and not (0 <= newline < close):
                tokens.append(Token("string", code[i:close + 1], i))
                i = close + 1
                continue
            errors.append(ParseError("unterminated string", Location.from_offset(code, i, file),
                                     expected='closing " on the same line', found="end of line"))
            # read on as part of a word, so that the rest of the line still splits into statements
        j = i + 1
        while j < n and code[j] not in _BREAKS and not code[j].isspace():
            j += 1
        tokens.append(Token("word", code[i:j], i))
        i = j
    return Lexed(tokens, errors)
