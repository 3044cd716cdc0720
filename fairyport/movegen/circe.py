"""Circe rebirth: a captured piece whose type has a rebirth square (:attr:`~fairyport.model.PieceType.rebirth`)
is put back there, in its own colour and unmoved (virgin), where that square was empty before the move; otherwise
it leaves the game (Zillions' ``00.Circe.zrf``: ``(if (piece? T) mark SQ (if empty? (create C T)) back)`` tested
before the capturing piece leaves its square, so its start square is never empty).

:func:`circe_class` extends a position class: :meth:`push_raw` writes the rebirth after the move, and
:meth:`legal_raw` tests every capture of such a piece by making it, as the reborn piece may give check to the
capturing side or block a check to it (the base class's tests that avoid making a move look only at the moving
piece's squares).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from fairyport.model import WHITE, Game
from fairyport.movegen.codes import RawMove, code_of
from fairyport.movegen.derived import derived_once
from fairyport.movegen.geometry import Geometry

if TYPE_CHECKING:
    from fairyport.movegen.compile import Variant
    from fairyport.movegen.position import Position


def compile_rebirth(game: Game, geometry: Geometry, type_ids: Sequence[str]) -> tuple[int, ...] | None:
    """Per piece code (0: empty), the square a captured piece of that code is reborn on (-1: none); None in a
    game without rebirth."""
    if not any(p.rebirth is not None for p in game.pieces):
        return None
    squares = [-1] * (2 * len(type_ids) + 1)
    for index, pid in enumerate(type_ids):
        piece = game.piece_type(pid)
        if piece.rebirth is not None:
            for color in (WHITE, WHITE ^ 1):
                squares[code_of(index, color)] = geometry.square(piece.rebirth)
    return tuple(squares)


def reborn(pos: Position, move: RawMove) -> list[tuple[int, int]]:
    """The (square, piece code) pairs ``move`` puts back on the board of ``pos`` (before it is made)."""
    squares = pos.variant.rebirth
    assert squares is not None
    board = pos.board
    frm, to, _, caps, _, _, ep_victim = move
    out: list[tuple[int, int]] = []
    taken = set()
    for sq in (to, *caps, ep_victim):
        if sq < 0 or sq == frm or sq in taken:
            continue
        taken.add(sq)
        victim = board[sq]
        if not victim or (victim - 1) & 1 == pos.turn:
            continue
        home = squares[victim]
        if home >= 0 and not board[home] and all(home != s for s, _ in out):
            out.append((home, victim))
    return out


@derived_once
def circe_class(base: type[Position]) -> type[Position]:
    """``base`` (a position class) whose captured pieces are reborn (see the module docstring)."""
    class Circe(base):  # type: ignore[valid-type,misc]
        """A position of a game with Circe rebirth."""

        def __init__(self, variant: Variant) -> None:
            super().__init__(variant)
            self._reborn: list[list[tuple[int, int]]] = []

        def push_raw(self, move: RawMove) -> None:
            """Make ``move``; a captured piece with a rebirth square that was empty is then put back there."""
            back = reborn(self, move) if move[0] >= 0 else []
            super().push_raw(move)
            for sq, code in back:
                self.board[sq] = code
                self.virgin |= 1 << sq
            self._reborn.append(back)

        def pop_raw(self) -> None:
            """Take back the last move, rebirth included."""
            for sq, _ in self._reborn.pop():
                self.board[sq] = 0
            super().pop_raw()

        def legal_raw(self) -> list[RawMove]:
            """The base class's legal moves, every move that gives a piece back tested by making it."""
            if self.is_game_over():
                return []
            color = self.turn
            if not self._protected(color):
                return list(super().legal_raw())
            tested = [m for m in self.pseudo_legal() if m[0] >= 0 and reborn(self, m)]
            if not tested:
                return list(super().legal_raw())
            keys = set(tested)
            made: list[RawMove] = self.made_legal(tested)
            return [m for m in super().legal_raw() if m not in keys] + made

    return Circe
