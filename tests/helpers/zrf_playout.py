"""Random playouts that compare the ZRF interpreter with the reference generator, move set by move set.

perft compares counts; a playout compares the legal moves themselves at every ply of a random game, deep into
positions perft from the start never reaches (promotions, drops, rebirths, late castling). Moves are matched by a
text both engines write alike (:func:`move_groups`); where one text stands for several moves (a ZRF piece that
reaches a square by two blocks with different effects, a drop of either of two stored pieces), the counts per
text are compared, and the generator's move that stands for the interpreter's chosen one is the one that leaves
the same replies two plies deep.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping

from fairyport.movegen.drops import DROP
from fairyport.movegen.perft import PerftPosition
from fairyport.movegen.position import Position
from fairyport.zrf.interpreter.position import Move, ZrfPosition

Namer = Callable[[str], str]
"""A move's text as one engine writes it -> as the other does (the ZRF interpreter's position names -> the model's
square names on a board the reader renamed)."""


def move_groups(pos: PerftPosition, namer: Namer | None = None, by_squares: bool = False) -> dict[str, list[object]]:
    """Legal moves grouped by a text both engines write alike: the squares (after ``namer``), then ``=`` and the
    name of the type the moving piece changes into (a promotion, a join, an unload: the interpreter writes its own
    notation letters, which several types may share, as Zillions' Circe's six Rook types share R, and the model
    its ids; a drop: ``@``, its square, ``=`` and the type dropped), else the first letter of what the move's
    text adds (the interpreter numbers moves that share a name, ``a1b1~2``); ``by_squares``: else the squares
    only (a drop: ``@`` and its square), where the two engines letter the pieces differently. Moves of one text
    with different effects stay apart in the list."""
    out: dict[str, list[object]] = {}
    for move in pos.legal_raw():
        text = pos.uci(move).split("~")[0]
        if namer is not None:
            text = namer(text)
        squares = _squares_end(text)
        becomes = _becomes(pos, move)
        dropped = _dropped(pos, move) if "@" in text else None
        if dropped is not None:
            key = f"{text[text.index('@'):squares]}={dropped}"
        elif becomes is not None:
            key = f"{text[:squares]}={becomes}"
        elif not by_squares:
            key = text[:squares] + text[squares:squares + 1]
        else:
            key = text[text.index("@"):squares] if "@" in text else text[:squares]
        out.setdefault(key, []).append(move)
    return out


def _becomes(pos: PerftPosition, move: object) -> str | None:
    """The name of the type the piece that ``move`` moves changes into on its landing square, for the ZRF
    interpreter's and the generator's positions; None where it keeps its type, for drops and other positions."""
    if isinstance(pos, ZrfPosition) and isinstance(move, Move):
        piece = pos.board[move.frm] if 0 <= move.frm < len(pos.board) else None
        landed = dict(move.changes).get(move.dest)
        if piece is None or landed is None or landed[0] != piece[0] or landed[1] == piece[1]:
            return None
        return pos.game.types[landed[1]]
    if isinstance(pos, Position) and isinstance(move, tuple) and move[2] and move[0] >= 0 and pos.board[move[0]]:
        mover, promoted = _type_name(pos, pos.board[move[0]]), _type_name(pos, move[2])
        return None if promoted == mover else promoted
    return None


def _dropped(pos: PerftPosition, move: object) -> str | None:
    """The name of the type a drop puts on the board (the interpreter's drop from hand or storage, the generator's
    ``(DROP, square, code, ...)``), for those two engines' positions; else None."""
    if isinstance(pos, ZrfPosition) and isinstance(move, Move):
        landed = dict(move.changes).get(move.dest)
        return None if landed is None else pos.game.types[landed[1]]
    if isinstance(pos, Position) and isinstance(move, tuple) and move[0] == DROP:
        return _type_name(pos, move[2])
    return None


def _type_name(pos: Position, code: int) -> str:
    """The game's name of the type of piece ``code`` (a type the generator adds for a promoted piece that demotes
    when captured, ``Gold (promoted Silver)``, is its game type's, ``Gold``)."""
    piece = pos.variant.types[(code - 1) >> 1].piece
    return next(t.piece.name for t in pos.variant.types if t.piece.id == piece.id)


def _squares_end(text: str) -> int:
    """Where the two square names of a move text (``a10b9q``; a drop ``P@e4``: the piece and its square) end."""
    index = text.index("@") + 1 if "@" in text else 0
    for _ in range(1 if index else 2):
        while index < len(text) and text[index].isalpha():
            index += 1
        while index < len(text) and text[index].isdigit():
            index += 1
    return index


def renamer(rename: Mapping[str, str], storage: frozenset[str] = frozenset()) -> Namer:
    """A :data:`Namer` putting the squares of ``rename`` (ZRF position -> model square) into a move text: the
    longest position name that starts the text, then the longest that starts the rest; the rest (a promotion)
    is kept. A move from a ``storage`` position (a drop from a ZRF storage column) is written ``@`` and its
    square, as a drop."""
    names = sorted([*rename, *storage], key=len, reverse=True)

    def name(text: str) -> str:
        out, rest = "", text
        for _ in range(2):
            found = next((n for n in names if rest.startswith(n)), None)
            if found is None:
                return out + rest
            out, rest = out + ("@" if found in storage else rename.get(found, found)), rest[len(found):]
        return out + rest

    return name


def _two_plies(pos: PerftPosition, namer: Namer | None,
               by_squares: bool) -> list[tuple[str, tuple[tuple[tuple[str, int], ...], ...]]]:
    """Per move text, the sorted counts of the replies by text after each move of that text."""
    found = []
    for text, moves in move_groups(pos, namer, by_squares).items():
        replies = []
        for move in moves:
            pos.push_raw(move)
            replies.append(tuple(sorted((t, len(m)) for t, m in move_groups(pos, namer, by_squares).items())))
            pos.pop_raw()
        found.append((text, tuple(sorted(replies))))
    return sorted(found)


@dataclasses.dataclass
class Playout:
    """One compared playout: the moves played, and the first difference (None: none found)."""

    played: list[str]
    difference: str | None = None


def paired_playout(native: PerftPosition, model: PerftPosition, seed: int, plies: int,
                   namer: Namer | None = None, by_squares: bool = False) -> Playout:
    """Play ``plies`` random moves (``seed``) in both positions, comparing the legal moves by text and count at
    every ply (the interpreter's texts put through ``namer``; ``by_squares``: see :func:`move_groups`); stops at
    the first difference, which :attr:`Playout.difference` describes."""
    rng = random.Random(seed)
    played: list[str] = []
    for _ in range(plies):
        a, b = move_groups(native, namer, by_squares), move_groups(model, None, by_squares)
        counts_a = sorted((t, len(m)) for t, m in a.items())
        counts_b = sorted((t, len(m)) for t, m in b.items())
        if counts_a != counts_b:
            only = sorted(set(counts_a) ^ set(counts_b))
            return Playout(played, f"moves by text and count differ: {only} (interpreter first: "
                                   f"{[c for c in only if c in counts_a]})")
        if not a:
            break
        choice = rng.choice(sorted(a))
        native.push_raw(rng.choice(a[choice]))
        wanted = _two_plies(native, namer, by_squares) if len(b[choice]) > 1 else None
        for move in b[choice]:
            model.push_raw(move)
            if wanted is None or _two_plies(model, None, by_squares) == wanted:
                break
            model.pop_raw()
        else:
            return Playout(played, f"no move of the generator plays as {choice}")
        played.append(choice)
    return Playout(played)


__all__ = ["Namer", "Playout", "move_groups", "paired_playout", "renamer"]
