"""Atomic captures (:class:`~fairyport.model.Blast`): a capture also removes the capturing piece and the pieces
around the capture square.

Kept apart from the generator's hot paths: :class:`~fairyport.movegen.compile.Variant` compiles a
:class:`BlastSpec` once, and a game with a blast gets positions of :func:`blast_class`, whose moves clear the
blast squares after the move (and put them back before taking it back) and whose legal moves follow
Fairy-Stockfish's pseudo-royal rule for royal pieces (see :class:`~fairyport.model.Blast`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from fairyport.errors import UnsupportedError
from fairyport.model import BLACK, WHITE, Game
from fairyport.movegen.codes import RawMove, type_codes
from fairyport.movegen.derived import derived_once
from fairyport.movegen.geometry import Geometry
from fairyport.movegen.narrowing import is_capture
from fairyport.movegen.position import Position
from fairyport.movegen.tables import Tables

KING_STEPS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
"""The eight squares around a capture square that the blast reaches."""


class BlastSpec(NamedTuple):
    """A compiled blast: per square the squares around it, and the piece codes an explosion next to them spares."""

    around: tuple[tuple[int, ...], ...]
    spared: frozenset[int]
    immune: frozenset[int] = frozenset()
    """The codes no explosion removes, the capturing piece's included (:attr:`~fairyport.model.Blast.immune`)."""


def compile_blast(game: Game, geometry: Geometry, type_ids: Sequence[str], hands_used: bool) -> BlastSpec | None:
    """The blast of ``game`` for type indexes carrying the ids ``type_ids``, or None without one.

    :raises UnsupportedError: for a game with pieces in hand (where blasted pieces would go is not modelled).
    """
    blast = game.rules.blast
    if blast is None:
        return None
    if hands_used:
        raise UnsupportedError("atomic captures in a game with pieces in hand", feature="atomic captures")
    spared = type_codes(type_ids, blast.spared, WHITE) | type_codes(type_ids, blast.spared, BLACK)
    immune = type_codes(type_ids, blast.immune, WHITE) | type_codes(type_ids, blast.immune, BLACK) \
        if blast.immune else frozenset()
    around = tuple(tuple(t for t in (geometry.step(sq, dx, dy) for dx, dy in KING_STEPS) if t >= 0)
                   for sq in range(geometry.size))
    return BlastSpec(around, spared | immune, immune)


def blasted(spec: BlastSpec, board: Sequence[int], to: int) -> list[tuple[int, int]]:
    """The (square, piece code) pairs a capture on ``to`` removes from ``board``, the capturing piece (on ``to``)
    first."""
    out = [(to, board[to])] if board[to] and board[to] not in spec.immune else []
    for sq in spec.around[to]:
        code = board[sq]
        if code and code not in spec.spared:
            out.append((sq, code))
    return out


@derived_once
def blast_class(base: type[Position]) -> type[Position]:
    """``base`` (a position class) whose captures explode and whose royal pieces are pseudo-royal."""
    class Atomic(base):  # type: ignore[valid-type,misc]
        """A position of a game with atomic captures."""

        def __init__(self, variant: Tables[Position]) -> None:
            super().__init__(variant)
            self._blasts: list[list[tuple[int, int]]] = []

        def push_raw(self, move: RawMove) -> None:
            """Make ``move``; a capture then removes the blast squares' pieces."""
            capture = is_capture(self, move)
            super().push_raw(move)
            cleared = blasted(self.variant.blast, self.board, move[1]) if capture else []
            royal = self.variant.royal
            touched = False
            for sq, code in cleared:
                self.board[sq] = 0
                self.virgin &= ~(1 << sq)
                touched = touched or royal[code]
            if touched:
                self._find_royals()
            self._blasts.append(cleared)

        def pop_raw(self) -> None:
            """Take back the last move, blast included."""
            for sq, code in self._blasts.pop():
                self.board[sq] = code
            super().pop_raw()

        def passage_attacked(self, squares: tuple[int, ...]) -> bool:
            """Fairy-Stockfish's test of a pseudo-royal piece castling: the squares from its start up to its
            destination (not included, unless it stays) attacked with the piece lifted, but not those next to an
            enemy royal piece (the destination is tested after the move)."""
            king = squares[0]
            enemy = self.turn ^ 1
            around = self.variant.blast.around
            near = {t for sq in self.royals[enemy] for t in around[sq]}
            piece, self.board[king] = self.board[king], 0
            try:
                return any(sq not in near and self.is_attacked(sq, enemy) for sq in squares[:-1] or squares)
            finally:
                self.board[king] = piece

        def legal_raw(self) -> list[RawMove]:
            """The legal moves: no own protected royal piece blasted; blasting an enemy royal piece is legal
            whatever it leaves attacked; a royal piece next to an enemy royal piece is not attacked."""
            if self.is_game_over():
                return []
            color = self.turn
            enemy = color ^ 1
            moves: list[RawMove] = self.pseudo_legal()
            if not self._protected(color):
                return moves
            own = len(self.royals[color])
            theirs = len(self.royals[enemy])
            around = self.variant.blast.around
            legal: list[RawMove] = []
            for move in moves:
                self.push_raw(move)
                if len(self.royals[color]) < own:
                    ok = False
                elif len(self.royals[enemy]) < theirs:
                    ok = True
                else:
                    near = {t for sq in self.royals[enemy] for t in around[sq]}
                    ok = not any(sq not in near and self.is_attacked(sq, enemy) for sq in self._protected(color))
                self.pop_raw()
                if ok:
                    legal.append(move)
            return legal

    return Atomic


__all__ = ["KING_STEPS", "BlastSpec", "blast_class", "blasted", "compile_blast"]
