"""Captures that spare pieces by kind (:attr:`~fairyport.model.PieceType.cannot_capture`,
:attr:`~fairyport.model.PieceType.cannot_capture_own`): Non-Prise Chess's pieces that capture Pawns and the King
only, Caissa's pieces that capture their own pieces but their Queen.

Kept apart from the generator's hot paths: :func:`compile_spared` gives, per piece code, the codes its moves may
not capture, and a game with such pieces gets positions of :func:`spared_class`, whose pseudo-legal moves leave
out every move that would capture one of them (on its landing square, by a locust capture or en passant). No
royal type may be spared by an enemy, so attacks on royal pieces, the only attacks the rules test, stay as the
pieces' moves give them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from fairyport.errors import UnsupportedError
from fairyport.model import BLACK, WHITE, Game
from fairyport.movegen.codes import RawMove, code_of
from fairyport.movegen.derived import derived_once

if TYPE_CHECKING:
    from fairyport.movegen.position import Position


class SparedSpec(NamedTuple):
    """Compiled capture restrictions: per piece code the codes its moves may not capture, and per colour the code
    of the type its castling's attack tests ask about (:attr:`~fairyport.model.Castling.tested_as`; 0: the royal
    piece, as the generator tests it)."""

    spared: list[frozenset[int]]
    tested: tuple[int, int]


def compile_spared(game: Game) -> SparedSpec | None:
    """The capture restrictions of ``game``, compiled; None in a game without them.

    :raises UnsupportedError: where a royal type is spared by enemies (its attacks would change) or the game also
        has joins or splits.
    """
    if not any(p.cannot_capture or p.cannot_capture_own for p in game.pieces):
        return None
    index = {p.id.upper(): i for i, p in enumerate(game.pieces)}
    for piece in game.pieces:
        royal = [pid for pid in piece.cannot_capture if game.piece_type(pid).royal]
        if royal:
            raise UnsupportedError(f"piece {piece.name!r} may not capture the royal type {royal[0]!r}: the generator "
                                   "tests attacks on royal pieces by the pieces' moves", feature="capture restrictions")
    if any(p.joins or p.unloads or p.split is not None for p in game.pieces):
        raise UnsupportedError("captures that spare pieces by kind in a game with joins, unloads or splits",
                               feature="capture restrictions")
    spared: list[frozenset[int]] = [frozenset()] * (2 * len(game.pieces) + 1)
    for t, piece in enumerate(game.pieces):
        for color in (WHITE, BLACK):
            spared[code_of(t, color)] = frozenset(
                {code_of(index[pid.upper()], color ^ 1) for pid in piece.cannot_capture}
                | {code_of(index[pid.upper()], color) for pid in piece.cannot_capture_own})
    tested_as = {p.castling.tested_as.upper() for p in game.pieces
                 if p.castling is not None and p.castling.tested_as is not None}
    if len(tested_as) > 1:
        raise UnsupportedError("castling whose attack tests ask about different types (" + ", ".join(sorted(tested_as))
                               + ")", feature="castling")
    kind = index[tested_as.pop()] if tested_as else -1
    tested = (code_of(kind, WHITE), code_of(kind, BLACK)) if kind >= 0 else (0, 0)
    return SparedSpec(spared, tested)


@derived_once
def spared_class(base: type[Position]) -> type[Position]:
    """``base`` (a position class) whose pieces' captures spare the kinds their types name."""
    class Sparing(base):  # type: ignore[valid-type,misc]
        """A position of a game whose captures spare pieces by kind."""

        def pseudo_legal(self) -> list[RawMove]:
            """The moves of the piece rules, without the captures of spared pieces."""
            moves: list[RawMove] = super().pseudo_legal()
            spec = self.variant.spared
            assert spec is not None
            spared = spec.spared
            board = self.board
            kept: list[RawMove] = []
            for move in moves:
                frm, to, _, caps, _, castle, victim = move
                if not 0 <= frm < len(board) or castle:
                    kept.append(move)  # a drop or a castling captures nothing
                    continue
                spare = spared[board[frm]]
                if spare and (board[to] in spare or any(board[sq] in spare for sq in caps)
                              or (victim >= 0 and board[victim] in spare)):
                    continue
                kept.append(move)
            return kept

        def _castling_moves(self, out: list[RawMove]) -> None:
            """Castling whose attack tests ask whether a piece of the tested type could be captured: the enemy
            pieces that spare that type stand, for the tests, as pieces of the castling side that have moved (they
            still block and screen, and they attack nothing)."""
            spec = self.variant.spared
            assert spec is not None
            color = self.turn
            tested = spec.tested[color]
            royals = self.royals[color]
            if not tested or not royals:
                super()._castling_moves(out)
                return
            board = self.board
            stand_in = board[royals[0]]
            swapped = [(sq, code) for sq, code in enumerate(board)
                       if code and (code - 1) & 1 != color and tested in spec.spared[code]]
            cleared = sum(1 << sq for sq, _ in swapped)
            unmoved = self.virgin & cleared
            for sq, _ in swapped:
                board[sq] = stand_in
            self.virgin &= ~cleared
            try:
                super()._castling_moves(out)
            finally:
                for sq, code in swapped:
                    board[sq] = code
                self.virgin |= unmoved

    return Sparing


__all__ = ["SparedSpec", "compile_spared", "spared_class"]
