"""FEN for ZRF games on a rectangular board: letters are the pieces' ``notation``, the first player upper case.

Rows run from the grid's first rank index (the top row of the board picture) to the last, files in index order;
the side field is ``w``/``b`` for the first/second turn of the turn order. Castling rights and the en-passant
square are translated to ZRF state as :data:`~fairyport.zrf.interpreter.constants.FEN_CASTLING_ATTRIBUTES` says.

Pieces in hand (``[...]`` after the placement, Fairy-Stockfish's holdings) are read and written for boards that
keep hands in storage columns as fairyport's ZRF writer lays them out (:mod:`fairyport.zrf.write.hands`):
the positions of the zone :data:`STORAGE_ZONE` are not part of the FEN grid; a held piece of type ``T`` goes
to the first empty position of the column its owner reaches from :data:`STORAGE_START` by the direction
``T-hand`` (after that player's symmetry), then along :data:`STORAGE_NEXT`. Notations may start with ``+``
(``+P``, a promoted Pawn), as in Fairy-Stockfish's FEN.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from fairyport.errors import Location, ParseError, UnsupportedError
from fairyport.zrf.interpreter.board import NO_LINK
from fairyport.zrf.interpreter.program import Piece
from fairyport.zrf.interpreter.tables import GameTables

P_co = TypeVar("P_co", covariant=True)
P = TypeVar("P")


class FenGame(GameTables, Protocol[P_co]):
    """What reading a FEN uses of a compiled game: its tables, and making a position of type ``P_co``."""

    def position(self, board: list[Piece | None], stock: dict[tuple[int, int], int], turn: int,
                 last_from: int, last_to: int) -> P_co:
        """A position of this game."""
        ...


class FenPosition(Protocol):
    """What writing a FEN reads of a position (:class:`~fairyport.zrf.interpreter.position.ZrfPosition` has it)."""

    @property
    def game(self) -> GameTables: ...
    @property
    def board(self) -> list[Piece | None]: ...
    @property
    def turn(self) -> int: ...
    @property
    def last_from(self) -> int: ...
    @property
    def last_to(self) -> int: ...


STORAGE_ZONE = "hand-zone"
"""The zone of the storage positions that hold pieces in hand (fairyport's ZRF writer's layout)."""
STORAGE_START = "hand-start"
"""The dummy position the columns of pieces in hand are entered from."""
STORAGE_NEXT = "hand-next"
"""The direction from one storage position of a column to the next."""
STORAGE_COLUMN = "-hand"
"""Suffix of the direction from :data:`STORAGE_START` to a type's column (``Pawn-hand``)."""


def storage_positions(game: GameTables) -> frozenset[int]:
    """The storage positions of pieces in hand (the zone :data:`STORAGE_ZONE`) and :data:`STORAGE_START`, outside
    the FEN grid (the start is a dummy, or a plain position where a model read back wrote it again)."""
    zone = game.board.zones.get(STORAGE_ZONE)
    if not zone:
        return frozenset()
    start = game.board.index.get(STORAGE_START)
    return zone[0] | ({start} if start is not None else set())


def _rectangle(game: GameTables) -> tuple[int, int, list[list[int]]]:
    shape = game.board.rectangle(storage_positions(game))
    if shape is None or len(game.players) > 2:
        raise UnsupportedError("FEN needs a rectangular board of one 2-D grid and at most two players",
                               game.location, feature="FEN")
    return shape


def _letters(game: GameTables) -> dict[str, tuple[int, int]]:
    letters: dict[str, tuple[int, int]] = {}
    for kind, notation in enumerate(game.notation):
        letter = notation.upper()
        letters.setdefault(letter, (0, kind))
        letters.setdefault(notation.lower(), (1, kind))
    return letters


def parse_fen(game: FenGame[P], fen: str) -> P:
    """The position ``fen`` describes.

    :raises ParseError: for a malformed FEN (the offset of the problem in ``location``).
    """
    files, ranks, rows = _rectangle(game)
    fields = fen.split()
    if not fields:
        raise ParseError("empty FEN", Location(offset=0))
    letters = _letters(game)
    board: list[Piece | None] = [None] * len(game.board.names)
    held = ""
    if fields[0].endswith("]") and "[" in fields[0]:
        fields[0], held = fields[0][:-1].split("[", 1)
    placement = fields[0].split("/")
    if len(placement) != ranks:
        raise ParseError(f"the board has {ranks} ranks", Location(offset=0), found=f"{len(placement)} in the FEN")
    offset = 0
    for row, text in zip(rows, placement, strict=True):
        column = 0
        i = 0
        while i < len(text):
            char = text[i]
            if char == "+" and i + 1 < len(text):
                char = text[i:i + 2]
                i += 1
            if char.isdecimal():
                j = i
                while j < len(text) and text[j].isdecimal():
                    j += 1
                column += int(text[i:j])
                i = j
                continue
            if char not in letters:
                raise ParseError(f"unknown piece letter {char!r}", Location(offset=offset + i),
                                 expected="one of " + "".join(sorted(letters)))
            if column >= files:
                raise ParseError("rank too long", Location(offset=offset + i))
            owner, kind = letters[char]
            board[row[column]] = (owner, kind, game.initial_attributes[kind])
            column += 1
            i += 1
        if column != files:
            raise ParseError(f"rank has {column} files, the board {files}", Location(offset=offset))
        offset += len(text) + 1
    if held:
        _hold(game, board, letters, held, len(fields[0]) + 1)
    turn = 0
    if len(fields) > 1:
        if fields[1] not in ("w", "b"):
            raise ParseError("bad side to move", Location(offset=offset), expected="w or b", found=fields[1])
        turn = 0 if fields[1] == "w" else 1
    turn = min(turn, len(game.turns) - 1)
    if len(fields) > 2:
        _castling(game, board, rows, fields[2])
    last_from = last_to = NO_LINK
    if len(fields) > 3 and fields[3] != "-":
        name = fields[3]
        if name not in game.board.index:
            raise ParseError("unknown en-passant square", Location(offset=len(" ".join(fields[:3])) + 1),
                             found=name)
        coordinates = game.board.grid_coordinates[game.board.index[name]]
        assert coordinates is not None
        mover_moved_up = turn == 1
        x, y = coordinates
        behind, ahead = (y + 1, y - 1) if mover_moved_up else (y - 1, y + 1)
        if 0 <= behind < ranks and 0 <= ahead < ranks:
            last_from, last_to = rows[behind][x], rows[ahead][x]
    return game.position(board, {}, turn, last_from, last_to)


def _hold(game: GameTables, board: list[Piece | None], letters: dict[str, tuple[int, int]], held: str,
          offset: int) -> None:
    """Put the pieces of a holdings field on their owners' storage columns."""
    start = game.board.index.get(STORAGE_START)
    chain = game.board.direction_index.get(STORAGE_NEXT)
    for i, char in enumerate(held):
        if char == "-":
            continue
        if char not in letters:
            raise ParseError(f"unknown piece letter {char!r} in hand", Location(offset=offset + i),
                             expected="one of " + "".join(sorted(letters)))
        owner, kind = letters[char]
        column = game.board.direction_index.get(game.types[kind] + STORAGE_COLUMN)
        p = NO_LINK if start is None or column is None else game.board.step[owner][column][start]
        while p != NO_LINK and board[p] is not None and chain is not None:
            p = game.board.step[owner][chain][p]
        if p == NO_LINK or board[p] is not None:
            raise UnsupportedError(f"no storage position for {char!r} in hand: pieces in hand need the storage "
                                   "columns fairyport's ZRF writer writes", game.location, feature="FEN holdings")
        board[p] = (owner, kind, game.initial_attributes[kind])


def _castlers(game: GameTables) -> tuple[set[int], set[int]]:
    """The kinds whose attributes a FEN's castling field decides: kings (notation K) and rooks (notation R)."""
    kings = {k for k, n in enumerate(game.notation) if n.upper() == "K"}
    rooks = {k for k, n in enumerate(game.notation) if n.upper() == "R"}
    return kings, rooks


def _wing_rook(board: list[Piece | None], row: list[int], king: int, wing: str, rooks: set[int]) -> int | None:
    """The outermost rook of the king's owner on the king's row on ``wing`` (``K``: higher files), or None."""
    owner = board[king][0]  # type: ignore[index]
    column = row.index(king)
    outward = row[column + 1:][::-1] if wing == "K" else row[:column]
    return next((q for q in outward if (other := board[q]) is not None and other[0] == owner and other[1] in rooks),
                None)


def _row_of(rows: list[list[int]], p: int) -> list[int] | None:
    return next((r for r in rows if p in r), None)


def _castling(game: GameTables, board: list[Piece | None], rows: list[list[int]], rights: str) -> None:
    kings, rooks = _castlers(game)
    keep: set[int] = set()
    for p, piece in enumerate(board):
        row = _row_of(rows, p)
        if piece is None or piece[1] not in kings or row is None:
            continue
        wings = {"K", "Q"} & {c.upper() for c in rights if c.isupper() == (piece[0] == 0)}
        if not wings:
            continue
        keep.add(p)
        keep.update(q for wing in wings if (q := _wing_rook(board, row, p, wing, rooks)) is not None)
    for p, piece in enumerate(board):
        if piece is not None and (piece[1] in kings or piece[1] in rooks) and p not in keep:
            board[p] = (piece[0], piece[1], 0)


def _castling_field(position: FenPosition, rows: list[list[int]]) -> str:
    """The castling field that :func:`_castling` reads back to ``position``'s attributes: a wing for a king and
    its wing's rook that both hold their type's initial attributes (a king's, not zero)."""
    game, board = position.game, position.board
    kings, rooks = _castlers(game)

    def fresh(p: int | None) -> bool:
        piece = board[p] if p is not None else None
        return piece is not None and piece[2] == game.initial_attributes[piece[1]]

    wings: set[str] = set()
    for p, piece in enumerate(board):
        row = _row_of(rows, p)
        if piece is None or piece[1] not in kings or row is None or not piece[2] or not fresh(p):
            continue
        for wing in ("K", "Q"):
            if fresh(_wing_rook(board, row, p, wing, rooks)):
                wings.add(wing if piece[0] == 0 else wing.lower())
    return "".join(w for w in "KQkq" if w in wings) or "-"


def _en_passant_field(position: FenPosition, rows: list[list[int]], side: str) -> str:
    """The square the last move passed if it went two ranks straight forward (whatever the piece: ZRF has no pawn
    of its own), so that the FEN reader sets the same previous move; else ``-``."""
    coordinates = position.game.board.grid_coordinates
    if NO_LINK in (position.last_from, position.last_to) or any(
            _row_of(rows, p) is None for p in (position.last_from, position.last_to)):
        return "-"  # no previous move, or one from or to storage (a drop)
    start, end = coordinates[position.last_from], coordinates[position.last_to]
    if start is None or end is None or len(start) != 2 or len(end) != 2 or start[0] != end[0]:
        return "-"
    if start[1] - end[1] != (2 if side == "b" else -2):
        return "-"
    return position.game.board.names[rows[(start[1] + end[1]) // 2][start[0]]]


def write_fen(position: FenPosition) -> str:
    """The FEN of ``position``: placement (and holdings), side, the castling rights and the e.p. square that
    :func:`parse_fen` reads back to the same position (see :func:`_castling_field`, :func:`_en_passant_field`),
    ``0 1``."""
    game = position.game
    _, _, rows = _rectangle(game)
    parts = []
    for row in rows:
        text = ""
        empty = 0
        for p in row:
            piece = position.board[p]
            if piece is None:
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            letter = game.notation[piece[1]]
            text += letter.upper() if piece[0] == 0 else letter.lower()
        parts.append(text + (str(empty) if empty else ""))
    side = "w" if game.turns[position.turn].owner == 0 else "b"
    held = sorted((piece[0], game.notation[piece[1]]) for p in storage_positions(game)
                  if (piece := position.board[p]) is not None)
    hand = "".join(n.upper() if owner == 0 else n.lower() for owner, n in held)
    rights, passed = _castling_field(position, rows), _en_passant_field(position, rows, side)
    return f"{'/'.join(parts)}{f'[{hand}]' if storage_positions(game) else ''} {side} {rights} {passed} 0 1"
