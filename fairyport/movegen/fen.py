"""FEN for positions of any rectangular game (the X-FEN conventions Fairy-Stockfish uses).

``<board> <side> <castling> <e.p.> [<halfmove> <fullmove>]``:

- the board lists ranks from the last to the first, files left to right; a run of empty squares is a number
  (``10`` on wide boards), a piece is its id (upper case White, lower case Black; ``{ID}`` for multi-letter
  ids), ``*`` is a hole; in games whose captures go to hand a promoted piece is ``+`` before the id of the
  piece it promoted from (one promotion choice, shogi: ``+P``) or ``~`` after its own id (several choices,
  crazyhouse: ``Q~``), as Fairy-Stockfish writes them; elsewhere the markers are read and dropped;
- pieces in hand follow the board in brackets, White's (upper case) then Black's, one letter per piece:
  ``[PPn]``; ``[]`` or ``[-]`` is an empty hand (Fairy-Stockfish's shogi FENs also leave out the castling and
  e.p. fields: ``...[-] w 0 1`` is read too);
- castling rights: ``K``/``Q`` (``k``/``q`` for Black) = the outermost piece right/left of the royal piece may
  still castle with it, or Shredder-style file letters; ``-`` for none;
- the e.p. square is a square an e.p. capture may move to; the piece taken is the one that just moved past it.

Virginity (for ``i`` moves) is not otherwise in a FEN: a royal piece is virgin when its side has a castling
right, a castling partner when its right is given, and every other piece when it stands on a square where the
game's setup has a piece of its type and colour (this is how Fairy-Stockfish treats pawns' double steps).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Protocol, TypeVar

from fairyport.errors import Location, ParseError
from fairyport.model import BLACK, WHITE, Color
from fairyport.movegen.codes import CastlingSpec, code_of
from fairyport.movegen.file_castling import file_partner
from fairyport.movegen.tables import Tables


class FenPosition(Protocol):
    """What reading and writing a FEN use of a position (:class:`~fairyport.movegen.position.Position` has it)."""

    board: list[int]
    turn: Color
    virgin: int
    ep: tuple[int, ...]
    ep_victim: int
    halfmove: int
    fullmove: int

    @property
    def variant(self) -> Tables[object]: ...
    def _find_royals(self) -> None: ...
    def set_hands(self, counts: list[int]) -> None: ...
    def hand_per_code(self) -> list[int] | None: ...
    def castler_squares(self, color: Color) -> tuple[int, ...]: ...
    def outermost(self, square: int, dx: int) -> int: ...
    def castle_partner(self, king: int, dx: int, color: Color, spec: CastlingSpec | None = None) -> int: ...


P = TypeVar("P", bound=FenPosition)

_TOKEN = re.compile(r"\d+|\+?(?:\{[^}]*\}|[A-Za-z])~?|\*")


def _error(fen: str, reason: str, offset: int, expected: str | None = None, found: str | None = None) -> ParseError:
    return ParseError(f"bad FEN {fen!r}: {reason}", Location(offset=offset), expected=expected, found=found)


def read_fen(pos: P, fen: str) -> P:
    """Fill ``pos`` from ``fen`` and return it.

    :raises ParseError: naming the offset in the FEN and the reason.
    """
    v = pos.variant
    geo = v.geometry
    fields = fen.split()
    if not fields:
        raise _error(fen, "empty FEN", 0, expected="a board")
    fields, checks = _check_counters(fields)
    if len(fields) in (3, 4) and all(f.isdecimal() for f in fields[2:]):
        fields = [*fields[:2], "-", "-", *fields[2:]]  # Fairy-Stockfish's shogi FEN: no castling or e.p.
    if len(fields) == 6 and fields[3].isdecimal():
        fields[3] = "-"  # Fairy-Stockfish's counting limit (makruk): no e.p.; the count does not change the moves
    board_text = fields[0]
    hand = ""
    if "[" in board_text:
        board_text, _, hand = board_text.partition("[")
        if not hand.endswith("]"):
            raise _error(fen, "unclosed pieces in hand", fen.index("["), expected="]")
        hand = hand[:-1].strip("-")
        if hand and not v.hands_used:
            raise _error(fen, "pieces in hand in a game without drops", fen.index("["), found=hand)
    rows = board_text.split("/")
    if len(rows) == geo.ranks + 1 and v.hands_used and not hand:
        hand = rows.pop()  # Fairy-Stockfish's pieces in hand as a rank below the board: .../4K3/Qn
    if len(rows) != geo.ranks:
        raise _error(fen, f"{len(rows)} ranks", 0, expected=f"{geo.ranks} ranks")
    board = [0] * v.size
    offset = 0
    for row_index, row in enumerate(rows):
        rank = geo.ranks - 1 - row_index
        file = 0
        pos_in_row = 0
        for match in _TOKEN.finditer(row):
            if match.start() != pos_in_row:
                raise _error(fen, "unexpected character", offset + pos_in_row, found=row[pos_in_row])
            pos_in_row = match.end()
            token = match.group()
            if token.isdecimal():
                file += int(token)
                continue
            if token == "*":
                file += 1
                continue
            code = _piece_code(pos, token, fen, offset + match.start())
            sq = geo.at(file, rank)
            if sq < 0:
                raise _error(fen, f"piece {token!r} on a square that is not on the board", offset + match.start())
            board[sq] = code
            file += 1
        if pos_in_row != len(row):
            raise _error(fen, "unexpected character", offset + pos_in_row, found=row[pos_in_row])
        if file != geo.files:
            raise _error(fen, f"rank {rank + 1} has {file} files", offset, expected=f"{geo.files} files")
        offset += len(row) + 1
    pos.board = board
    if hand:
        _read_hand(pos, hand, fen, fen.index("[") + 1 if "[" in fen else len(board_text) - len(hand))
    side = fields[1] if len(fields) > 1 else "w"
    if side not in ("w", "b"):
        raise _error(fen, "bad side to move", len(fields[0]) + 1, expected="w or b", found=side)
    pos.turn = WHITE if side == "w" else BLACK
    pos._find_royals()
    castling = fields[2] if len(fields) > 2 else "-"
    pos.virgin = _virginity(pos, castling, fen)
    ep = fields[3] if len(fields) > 3 else "-"
    pos.ep, pos.ep_victim = (), -1
    if ep != "-":
        pos.ep, pos.ep_victim = _en_passant(pos, ep, fen)
    try:
        pos.halfmove = int(fields[4]) if len(fields) > 4 else 0
        pos.fullmove = int(fields[5]) if len(fields) > 5 else 1
    except ValueError:
        raise _error(fen, "bad move counters", len(" ".join(fields[:4])) + 1, expected="two numbers") from None
    if checks is not None and hasattr(pos, "checks_left"):  # a game that counts checks (movegen.checks)
        pos.checks_left = list(checks)
    return pos


def _en_passant(pos: FenPosition, ep: str, fen: str) -> tuple[tuple[int, ...], int]:
    """The e.p. squares and victim of the e.p. field ``ep``: one square, the victim behind it; or
    Fairy-Stockfish's list of squares (``d3c4``, berolina), the empty ones passed by the piece on the other."""
    geo = pos.variant.geometry
    squares = [geo.square(name) for name in re.findall(r"[a-z]\d+", ep)]
    if not squares or "".join(geo.names[sq] for sq in squares if sq >= 0) != ep:
        raise _error(fen, "bad e.p. square", fen.find(ep), expected="a square, several, or -", found=ep)
    if len(squares) == 1:
        f, r = geo.coords[squares[0]]
        victim = geo.at(f, r - 1 if pos.turn == WHITE else r + 1)
        return ((squares[0],), victim) if victim >= 0 and pos.board[victim] else ((), -1)
    passed = tuple(sq for sq in squares if not pos.board[sq])
    victims = [sq for sq in squares if pos.board[sq]]
    return (passed, victims[0]) if len(victims) == 1 and passed else ((), -1)


_CHECKS_LEFT = re.compile(r"(\d+)\+(\d+)")
_CHECKS_GIVEN = re.compile(r"\+(\d+)\+(\d+)")
THREE_CHECK = 3
"""The checks to give of a FEN's checks-given counter (``+1+0``, lichess's three-check form)."""


def _check_counters(fields: list[str]) -> tuple[list[str], tuple[int, int] | None]:
    """The FEN's fields without its check counters, and the checks each side still needs (None: not given):
    Fairy-Stockfish's ``3+3`` after the e.p. square (checks left, White's first) or lichess's ``+2+0`` at the end
    (checks given, of three)."""
    checks: tuple[int, int] | None = None
    kept: list[str] = []
    for index, field in enumerate(fields):
        left = _CHECKS_LEFT.fullmatch(field) if index >= 2 else None
        given = _CHECKS_GIVEN.fullmatch(field) if index >= 2 else None
        if left is not None:
            checks = (int(left.group(1)), int(left.group(2)))
        elif given is not None:
            checks = (max(THREE_CHECK - int(given.group(1)), 0), max(THREE_CHECK - int(given.group(2)), 0))
        else:
            kept.append(field)
    return kept, checks


def _piece_code(pos: FenPosition, token: str, fen: str, offset: int) -> int:
    """The piece code of a board token (``P``, ``{AB}``, ``+P``, ``Q~``)."""
    v = pos.variant
    symbol = token.strip("+~{}")
    code = v.code_by_symbol.get(symbol)
    if code is None:
        raise _error(fen, f"unknown piece {symbol!r}", offset, expected="one of " + "".join(sorted(v.code_by_symbol)))
    color = (code - 1) & 1
    base = v.types[(code - 1) >> 1]
    if token.startswith("+"):
        promotion = base.piece.promotion
        if promotion is None or not promotion.choices:
            raise _error(fen, f"piece {symbol!r} marked promoted does not promote", offset, found=token)
        return code_of(v.promoted_to(base.index, promotion.choices[0].piece), color)
    if token.endswith("~") and v.captures_to_hand:
        for t in v.types:
            if t.base is None and (t.index, base.piece.id.upper()) in v.promoted_index:
                return code_of(v.promoted_index[(t.index, base.piece.id.upper())], color)
    return code


def _read_hand(pos: FenPosition, hand: str, fen: str, offset: int) -> None:
    """Fill the pieces in hand from the text between the brackets."""
    v = pos.variant
    counts = [0] * v.codes
    at = 0
    for match in re.finditer(r"\{[^}]*\}|[A-Za-z]", hand):
        if match.start() != at:
            raise _error(fen, "unexpected character in hand", offset + at, found=hand[at])
        at = match.end()
        symbol = match.group().strip("{}")
        code = v.code_by_symbol.get(symbol)
        if code is None:
            raise _error(fen, f"unknown piece {symbol!r} in hand", offset + match.start(),
                         expected="one of " + "".join(sorted(v.code_by_symbol)))
        counts[code] += 1
    if at != len(hand):
        raise _error(fen, "unexpected character in hand", offset + at, found=hand[at])
    pos.set_hands(counts)


def _virginity(pos: FenPosition, castling: str, fen: str) -> int:
    v = pos.variant
    geo = v.geometry
    virgin = 0
    partners: set[int] = set()
    castling_royals: set[int] = set()
    for color in (WHITE, BLACK):
        for king in pos.castler_squares(color):
            if pos.board[king] in v.castlers:
                castling_royals.add(king)
    for i, char in enumerate(castling if castling != "-" else ""):
        color = WHITE if char.isupper() else BLACK
        kings = [k for k in pos.castler_squares(color) if k in castling_royals]
        if not kings:
            raise _error(fen, f"castling right {char!r} without a castling royal piece", fen.find(castling) + i)
        king = kings[0]
        kr = geo.coords[king][1]
        letter = char.lower()
        target = -1
        if letter in "kq":
            target = _wing_partner(pos, king, 1 if letter == "k" else -1)
        elif "a" <= letter <= "z":
            target = geo.at(ord(letter) - ord("a"), kr)
        if target < 0 or not pos.board[target]:
            raise _error(fen, f"castling right {char!r} names no piece", fen.find(castling) + i)
        virgin |= 1 << king | 1 << target
        partners.add(target)
    start = v.start_codes
    castle_types = {(c - 1) >> 1 for c in v.castlers} | {t.index for t in v.types if t.is_castle_partner} | {
        kind for specs in v.castlers.values() for spec in specs for kind in spec.partners} if v.castlers else set()
    for sq, code in enumerate(pos.board):
        if not code or sq in castling_royals or sq in partners:
            continue
        if (code - 1) >> 1 in castle_types and _on_royal_rank(pos, sq):
            continue
        if start.get(sq) == code:
            virgin |= 1 << sq
    return virgin


def _wing_partner(pos: FenPosition, king: int, dx: int) -> int:
    """The square a ``K``/``Q`` right of the royal on ``king`` names that way: the square at the partner's
    distance where its castling places the partner there (:attr:`fairyport.model.Castling.partner_distance`) and
    a piece stands, else the outermost piece on the rank."""
    spec = _spec(pos, king, dx)
    if spec is not None and spec.king_file is not None:  # the outermost piece of a partner type and its colour
        return _outermost_partner(pos, king, spec)
    if spec is not None and spec.distance is not None:
        ray = pos.variant.geometry.ray(king, dx, 0, 0)
        if spec.distance <= len(ray) and pos.board[ray[spec.distance - 1]]:
            return ray[spec.distance - 1]
    return pos.outermost(king, dx)


def _outermost_partner(pos: FenPosition, king: int, spec: CastlingSpec) -> int:
    """The square of the outermost piece the royal on ``king`` may castle with by ``spec`` (a rule to fixed
    files), moved or not (Fairy-Stockfish's ``K``/``Q``), else -1."""
    ray = pos.variant.geometry.ray(king, spec.dx, 0, 0)
    j = file_partner(pos, ray, (pos.board[king] - 1) & 1, dataclasses.replace(spec, virgin=False))
    return ray[j] if j >= 0 else -1


def _right(pos: FenPosition, king: int, dx: int, partner: int) -> str:
    """White's letter of the right to castle with ``partner``: ``K``/``Q``, or the partner's file where a rule to
    fixed files castles with an inner piece (X-FEN)."""
    spec = _spec(pos, king, dx)
    if spec is not None and spec.king_file is not None and _outermost_partner(pos, king, spec) != partner:
        return chr(ord("A") + pos.variant.geometry.coords[partner][0])
    return "K" if dx > 0 else "Q"


def _spec(pos: FenPosition, king: int, dx: int) -> CastlingSpec | None:
    """The castling rule of the royal on ``king`` that way, or None."""
    return next((s for s in pos.variant.castlers.get(pos.board[king], ()) if s.dx == dx), None)


def _on_royal_rank(pos: FenPosition, sq: int) -> bool:
    geo = pos.variant.geometry
    rank = geo.coords[sq][1]
    color = (pos.board[sq] - 1) & 1
    return any(geo.coords[k][1] == rank for k in pos.castler_squares(color))


def write_fen(pos: FenPosition) -> str:
    """The FEN of ``pos``."""
    v = pos.variant
    geo = v.geometry
    rows: list[str] = []
    for rank in range(geo.ranks - 1, -1, -1):
        row = ""
        empty = 0
        for file in range(geo.files):
            sq = geo.at(file, rank)
            code = pos.board[sq] if sq >= 0 else 0
            if sq >= 0 and code == 0:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            if sq < 0:
                row += "*"
                continue
            row += _symbol(pos, code)
        if empty:
            row += str(empty)
        rows.append(row)
    castling = ""
    for color in (WHITE, BLACK):
        for king in pos.castler_squares(color):
            if pos.board[king] not in v.castlers or not pos.virgin >> king & 1:
                continue
            for dx in (1, -1):
                if (partner := pos.castle_partner(king, dx, color, _spec(pos, king, dx))) >= 0:
                    letter = _right(pos, king, dx, partner)
                    castling += letter if color == WHITE else letter.lower()
    ep = geo.names[pos.ep[0]] if pos.ep else "-"
    if pos.ep and (len(pos.ep) > 1 or _en_passant(pos, ep, ep)[1] != pos.ep_victim):
        # the victim not behind the square (berolina): Fairy-Stockfish's list, the passed squares and the victim
        ep = "".join(geo.names[sq] for sq in (*pos.ep, pos.ep_victim))
    side = "w" if pos.turn == WHITE else "b"
    hand = ""
    hands = pos.hand_per_code()
    if hands is not None:
        hand = "[" + "".join(_symbol(pos, code) * hands[code] for color in (WHITE, BLACK)
                             for code in v.hand_codes[color]) + "]"
    checks = getattr(pos, "checks_left", None)
    counters = "" if checks is None else f" {checks[0]}+{checks[1]}"
    return f"{'/'.join(rows)}{hand} {side} {castling or '-'} {ep}{counters} {pos.halfmove} {pos.fullmove}"


def _symbol(pos: FenPosition, code: int) -> str:
    """How the FEN writes the piece ``code``: ``P``, ``p``, ``{AB}``, ``+P``, ``Q~``."""
    v = pos.variant
    t = v.types[(code - 1) >> 1]
    shown = v.types[t.base] if t.mark == "+" and t.base is not None else t
    piece_id = shown.piece.id
    symbol = piece_id.upper() if (code - 1) & 1 == WHITE else piece_id.lower()
    symbol = symbol if len(symbol) == 1 else "{" + symbol + "}"
    return "+" + symbol if t.mark == "+" else symbol + "~" if t.mark == "~" else symbol
