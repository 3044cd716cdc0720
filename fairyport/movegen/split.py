"""Pieces that split when they move (:class:`~fairyport.model.Split`): each move leaves a piece behind on the
square it started from, and the mover lands as another type.

Kept apart from the generator's hot paths: :class:`~fairyport.movegen.compile.Variant` compiles the splits once
(:func:`compile_splits`), and a game with them gets positions of :func:`split_class`. Their moves of a split
piece carry the type it lands as in the move's promotion field; making one puts the piece left behind on the
origin square (taking it back needs nothing more: the origin's old content is restored anyway). The piece left
behind may block a line to the mover's royal piece, so the legality of these moves is tested by making them,
never by the pin shortcut (which takes the origin to be empty).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from fairyport.model import BLACK, WHITE, Game
from fairyport.movegen.codes import RawMove
from fairyport.movegen.derived import derived_once

if TYPE_CHECKING:
    from fairyport.movegen.position import Position

Splits = dict[int, tuple[int, int]]
"""Piece code of a split piece -> (code of the piece left behind, code of the type it lands as, 0 for itself)."""


def compile_splits(game: Game, code: Callable[[str, int], int]) -> Splits:
    """The splits of ``game``'s pieces, by piece code (``code(id, colour)`` gives a type's code)."""
    found: Splits = {}
    for piece in game.pieces:
        split = piece.split
        if split is None:
            continue
        for color in (WHITE, BLACK):
            moved = code(split.moved, color)
            own = code(piece.id, color)
            found[own] = (code(split.left, color), 0 if moved == own else moved)
    return found


@derived_once
def split_class(base: type[Position]) -> type[Position]:
    """``base`` (a position class) whose split pieces leave a piece behind when they move."""
    class Splitting(base):  # type: ignore[valid-type,misc]
        """A position of a game with pieces that split when they move."""

        _held: list[RawMove] | None = None

        def pseudo_legal(self) -> list[RawMove]:
            """The moves by the piece rules; a split piece's moves land as the type it becomes. While
            :meth:`legal_raw` runs the base class's test, those moves are held back for a test of their own."""
            splits = self.variant.splits
            board = self.board
            out: list[RawMove] = []
            held = self._held
            for move in super().pseudo_legal():
                split = splits.get(board[move[0]]) if move[0] >= 0 else None
                if split is None:
                    out.append(move)
                    continue
                frm, to, promo, caps, ep_created, castle, victim = move
                landed = (frm, to, promo or split[1], caps, ep_created, castle, victim)
                (held if held is not None else out).append(landed)
            return out

        def push_raw(self, move: RawMove) -> None:
            """Make ``move``; a split piece leaves its piece behind on the square it left."""
            frm = move[0]
            split = self.variant.splits.get(self.board[frm]) if frm >= 0 else None
            super().push_raw(move)
            if split is not None and move[1] != frm:
                self.board[frm] = split[0]
                if self.variant.royal[split[0]]:
                    self._find_royals()

        def legal_raw(self) -> list[RawMove]:
            """The legal moves: the base class's for every other move, then each split piece's move made and
            kept where it leaves no protected royal piece of the mover attacked."""
            if self.is_game_over():
                return []
            self._held = []
            try:
                moves: list[RawMove] = super().legal_raw()
                held = self._held
            finally:
                self._held = None
            made: list[RawMove] = self.made_legal(held)
            return moves + made

    return Splitting


__all__ = ["Splits", "compile_splits", "split_class"]
