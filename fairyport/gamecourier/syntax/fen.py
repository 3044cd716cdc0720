"""Game Courier FEN codes (the ``code`` key, with its width from ``cols``).

Tokens: a letter is a piece (upper case first side, lower case second side), ``{label}`` a multi-character
label, digits a run of empty cells (multi-digit, base 10), ``-`` a hole (a non-cell), ``*`` fills the rest of
the rank with empty cells, ``/`` ends a rank and pads the rest of it with holes. The cells form one sequence
that wraps every ``cols`` cells, so a ``/`` at a rank boundary does nothing and ``*`` at the start of a rank
fills the whole rank; this is the only reading under which the documented equivalent chess codes and the Xiang
Hex code decode as stated. Ranks run from the top (the second side's back rank) down.

The tokens are read by a regular expression, :data:`FEN_TOKEN`, scanned in one pass::

    code    ::= token* END
    token   ::= run | '-' | '*' | '/' | letter | label
    run     ::= [0-9]+                       (at most 100000)
    letter  ::= a character str.isalpha() accepts
    label   ::= '{' [^{}]+ '}'

Anything else is refused where it stands (a ``{label}`` that is empty, holds a ``{`` or is not closed; any other
character), with a :class:`ParseError` at its offset. :func:`parse_fen` then
lays the tokens out on the grid: what ``*`` and ``/`` do depends on where the grid stands, which is no business of
the grammar.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Iterator
from typing import Literal, NoReturn

from fairyport.errors import Location, ParseError
from fairyport.model import MAX_BOARD_SIDE

CellKind = Literal["empty", "hole", "piece"]


@dataclasses.dataclass(frozen=True)
class Cell:
    """One cell of the grid: empty, a hole (not part of the board) or a piece label."""

    kind: CellKind
    label: str | None = None
    offset: int | None = dataclasses.field(default=None, compare=False)
    """Offset of the token that made this cell, in the FEN string."""

    @property
    def side(self) -> int | None:
        """1 for the first side (upper case), 2 for the second (lower case), None when the label has no letter.

        For multi-character labels the first letter decides (an inference: Game Courier documents the case
        convention for one-letter labels only).
        """
        if self.label is None:
            return None
        for ch in self.label:
            if ch.isalpha():
                return 1 if ch.isupper() else 2
        return None


HOLE = Cell("hole")


@dataclasses.dataclass(frozen=True)
class RankNote:
    """How one ``/``-separated segment of the code filled the grid (for width checks)."""

    offset: int
    """Offset of the segment's first character."""
    cells: int
    """Cells the segment produced before its ``/`` (or the end of the code)."""
    padded: int
    """Holes its ``/`` added to finish the rank."""
    started_mid_rank: bool


@dataclasses.dataclass
class FenBoard:
    """A decoded FEN code: ``ranks[0]`` is the top rank, each a list of ``cols`` cells."""

    cols: int
    ranks: list[list[Cell]]
    notes: list[RankNote] = dataclasses.field(default_factory=list)
    short_last_rank: int = 0
    """Cells missing from the last rank (padded with holes here; a finding for the linter)."""

    @property
    def cells(self) -> int:
        """Number of board cells (empty or occupied)."""
        return sum(1 for rank in self.ranks for cell in rank if cell.kind != "hole")

    @property
    def holes(self) -> int:
        """Number of non-cells."""
        return sum(1 for rank in self.ranks for cell in rank if cell.kind == "hole")

    def pieces(self) -> Counter[str]:
        """Count of each piece label."""
        return Counter(cell.label for rank in self.ranks for cell in rank if cell.label is not None)

    def first_cells(self) -> dict[str, Cell]:
        """Each piece label with the cell where it first appears, in reading order (top rank first)."""
        found: dict[str, Cell] = {}
        for rank in self.ranks:
            for cell in rank:
                if cell.label is not None:
                    found.setdefault(cell.label, cell)
        return found

    def piece_count(self) -> int:
        """Number of pieces."""
        return sum(self.pieces().values())

    def cell_at(self, file: int, rank: int) -> Cell:
        """The cell at 0-based ``file`` (from the left) and ``rank`` (from the bottom, as GAME Code counts)."""
        return self.ranks[len(self.ranks) - 1 - rank][file]


# --- the grammar ------------------------------------------------------------------------------------------------


TokenKind = Literal["piece", "run", "hole", "fill", "end of rank"]
"""What a token of a code does: a piece, a run of empty cells, a hole, ``*`` or ``/``."""


@dataclasses.dataclass(frozen=True)
class _Token:
    """One token of a code: what it does to the grid, where it stands, and its piece label or run length."""

    kind: TokenKind
    offset: int
    label: str | None = None
    count: int = 1


_MAX_RUN = 100_000

FEN_TOKEN = re.compile(
    r"(?P<run>[0-9]+)|(?P<sign>[-*/])|(?P<letter>[^\W\d_])|(?P<label>\{[^{}]+\})|(?P<bad>\{[^}]*\})"
    r"|(?P<unclosed>\{[^}]*\Z)|(?P<other>.)", re.DOTALL)
"""One token of a code, tried in this order (see the module docstring); ``bad``, ``unclosed`` and ``other`` are
the refused texts. A regular expression scanned lazily: a code is read in time linear in its length, and a code
that makes too many ranks stops at the token that does (40,000 letters took 7.7 s through a pyparsing grammar)."""

_SIGNS: dict[str, TokenKind] = {"-": "hole", "*": "fill", "/": "end of rank"}

_REFUSED = {
    "bad": ("bad {label}", "a label such as {Ca}"),
    "unclosed": ("unclosed {label}", "}"),
    "other": ("unexpected character in FEN code", "a piece letter, digits, -, *, / or {label}"),
}
"""Reason and expectation of each refused kind of text."""


def _run(offset: int, digits: str) -> _Token:
    if len(digits) > len(str(_MAX_RUN)) or int(digits) > _MAX_RUN:  # no int() of thousands of digits
        raise ParseError("empty run too long", Location(offset=offset), expected=f"at most {_MAX_RUN}",
                         found=digits if len(digits) <= 20 else f"{len(digits):,} digits")
    return _Token("run", offset, count=int(digits))


def _tokens(code: str) -> Iterator[_Token]:
    """The tokens of ``code`` in order; a :class:`ParseError` at the first refused text, located in the code."""
    for match in FEN_TOKEN.finditer(code):
        kind, text, offset = match.lastgroup, match.group(), match.start()
        if kind == "run":
            yield _run(offset, text)
        elif kind == "sign":
            yield _Token(_SIGNS[text], offset)
        elif kind == "letter" and text.isalpha():
            yield _Token("piece", offset, label=text)
        elif kind == "label":
            yield _Token("piece", offset, label=text[1:-1])
        else:
            reason, expected = _REFUSED.get(kind or "other", _REFUSED["other"])
            raise ParseError(reason, Location(offset=offset), expected=expected,
                             found="end of code" if kind == "unclosed" else repr(text))


# --- reading -------------------------------------------------------------------------------------------------------


def parse_fen(code: str, cols: int, *, file: str | None = None) -> FenBoard:
    """Decode ``code`` on a board ``cols`` cells wide: :data:`FEN_CODE` reads the tokens, which are then laid
    out on the grid (``*`` and ``/`` depend on where the grid stands).

    Errors are located in ``code`` itself (their ``offset`` indexes it); a caller that took the code from a
    file relocates them there (see :func:`~.analysis.analyse`).

    :raises ParseError: for an unknown character, an unclosed or empty ``{label}``, or ``cols < 1``.
    """
    if not 1 <= cols <= MAX_BOARD_SIDE:
        raise ParseError(f"the board width (cols) must be from 1 to {MAX_BOARD_SIDE}",
                         Location.from_offset(code, 0, file), expected=f"1 <= cols <= {MAX_BOARD_SIDE}",
                         found=str(cols))
    try:
        return _lay_out(code, _tokens(code), cols, file)
    except ParseError as error:
        if error.location.line is None:  # the tokens locate their errors in the code only
            raise error.relocated(Location.from_offset(code, error.location.offset or 0, file)) from None
        raise


def _lay_out(code: str, tokens: Iterator[_Token], cols: int, file: str | None) -> FenBoard:
    """The grid the ``tokens`` of ``code`` make (see :func:`parse_fen`)."""
    flat: list[Cell] = []
    notes: list[RankNote] = []
    segment_start = 0
    segment_cells = 0
    segment_mid = False
    for token in tokens:
        if token.kind == "end of rank":
            if len(notes) >= MAX_BOARD_SIDE:  # a rank end each: more than a board's ranks (1,000,000 '/')
                _too_many_ranks(code, token.offset, file)
            rest = (cols - len(flat) % cols) % cols
            flat.extend([Cell("hole", offset=token.offset)] * rest)
            notes.append(RankNote(segment_start, segment_cells, rest, segment_mid))
            segment_start, segment_cells, segment_mid = token.offset + 1, 0, len(flat) % cols != 0
            continue
        if token.kind == "piece":
            cells = [Cell("piece", token.label, token.offset)]
        elif token.kind == "hole":
            cells = [Cell("hole", offset=token.offset)]
        else:  # a run, or "*": the rest of the rank
            count = token.count if token.kind == "run" else cols - len(flat) % cols
            if len(flat) + count > cols * MAX_BOARD_SIDE:  # checked before the cells are made
                _too_many_ranks(code, token.offset, file)
            cells = [Cell("empty", offset=token.offset)] * count
        if len(flat) + len(cells) > cols * MAX_BOARD_SIDE:
            _too_many_ranks(code, token.offset, file)
        flat.extend(cells)
        segment_cells += len(cells)
    if segment_cells or not notes:
        notes.append(RankNote(segment_start, segment_cells, 0, segment_mid))
    short = (cols - len(flat) % cols) % cols
    flat.extend([HOLE] * short)
    ranks = [flat[k:k + cols] for k in range(0, len(flat), cols)]
    return FenBoard(cols, ranks, notes, short)


def _too_many_ranks(code: str, offset: int, file: str | None) -> NoReturn:
    raise ParseError(f"the code makes more than {MAX_BOARD_SIDE} ranks", Location.from_offset(code, offset, file),
                     expected=f"at most {MAX_BOARD_SIDE} ranks")


def write_fen(board: FenBoard) -> str:
    """The canonical code of ``board``: ranks joined by ``/``, empty runs as numbers, trailing holes of a
    rank left to the ``/`` that follows, ``{label}`` for every label that is not a single letter.
    ``parse_fen(write_fen(b), b.cols)`` gives back the same cells."""
    parts: list[str] = []
    last = len(board.ranks) - 1
    for index, rank in enumerate(board.ranks):
        cells = list(rank)
        slash_pads = index < last and cells and cells[-1].kind == "hole"
        if slash_pads:
            while cells and cells[-1].kind == "hole":
                cells.pop()
            if not cells:
                cells = [HOLE]  # a '/' at a rank start is a no-op: one explicit hole makes it pad
        text = []
        run = 0
        for cell in cells:
            if cell.kind == "empty":
                run += 1
                continue
            if run:
                text.append(str(run))
                run = 0
            text.append("-" if cell.kind == "hole" else _label_token(cell.label or ""))
        if run:
            text.append(str(run))
        parts.append("".join(text))
    return "/".join(parts)


def _label_token(label: str) -> str:
    if len(label) == 1 and label.isalpha():
        return label
    return "{" + label + "}"


def coordinate_labels(values: str | None, count: int, default: str) -> list[str]:
    """Coordinate labels from a ``files`` / ``ranks`` value (space-separated), or the defaults.

    ``default`` is ``"files"`` (a, b, c, ...) or ``"ranks"`` (1, 2, 3, ...). Index 0 is the leftmost file or
    the bottom rank. Missing labels are filled with the defaults so the list always has ``count`` entries.
    """
    given = values.split() if values else []
    result = []
    for index in range(count):
        if index < len(given):
            result.append(given[index])
        elif default == "files":
            result.append(_file_letter(index))
        else:
            result.append(str(index + 1))
    return result


def _file_letter(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(ord("a") + remainder) + letters
    return letters
