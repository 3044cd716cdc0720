"""Castling to fixed files (:attr:`fairyport.model.Castling.king_files`): Fairy-Stockfish's castling, which
Chess960 needs, where the royal lands on the same file wherever on its rank it starts.

The partner is the outermost unmoved piece of the royal's colour and of a partner type on the royal's rank
that way; the royal lands on the wing's file, the partner next to it on the side the royal came from. Every
square either crosses or lands on, but the two start squares, must be empty (Fairy-Stockfish's castling path).
A royal piece castling safely may not be in check, and no square from its start to its destination may be
attacked before the move (Fairy-Stockfish tests them so; :meth:`Position.passage_attacked`, which atomic
captures' pseudo-royal rule narrows); the position after the move is then tested as every move is. Either piece
may stay where it is (a King on g1 castling short only moves its Rook to f1).
"""

from __future__ import annotations

from typing import Protocol

from fairyport.model import Color
from fairyport.movegen.codes import CastlingSpec, RawMove
from fairyport.movegen.tables import Tables


class PartnerBoard(Protocol):
    """What finding the partner reads of a position (a FEN's reader has it too)."""

    board: list[int]
    virgin: int

    @property
    def variant(self) -> Tables[object]: ...


class CastlingBoard(PartnerBoard, Protocol):
    """What the castling rule reads of a position."""

    def passage_attacked(self, squares: tuple[int, ...]) -> bool:
        """Whether the royal of the side to move, castling from ``squares[0]`` to ``squares[-1]`` through the
        others, is in check or passes or lands on an attacked square (before the move)."""
        ...


def file_partner(pos: PartnerBoard, ray: tuple[int, ...], color: Color, spec: CastlingSpec) -> int:
    """The index in ``ray`` (the royal's rank one way) of its partner by ``spec``, else -1: the outermost piece
    of ``color`` and of a partner type (a rook-like one where the rule names none), unmoved if ``spec.virgin``."""
    board = pos.board
    types = pos.variant.types
    for j in range(len(ray) - 1, -1, -1):
        code = board[ray[j]]
        if not code or ((code - 1) & 1) != color or (spec.virgin and not pos.virgin >> ray[j] & 1):
            continue
        kind = (code - 1) >> 1
        if kind in spec.partners if spec.partners else types[kind].is_castle_partner:
            return j
    return -1


def _span(start: int, end: int) -> range:
    """The files from ``start`` (excluded) to ``end`` (included), in that order, either way along the rank."""
    return range(start + 1, end + 1) if end >= start else range(start - 1, end - 1, -1)


def file_castling_move(pos: CastlingBoard, king: int, ray: tuple[int, ...], spec: CastlingSpec) -> RawMove | None:
    """The castling move of the royal on ``king`` towards ``ray`` by ``spec`` (a rule with a king file), or None
    where it may not castle that way now (the virgin test of the royal itself is the caller's)."""
    assert spec.king_file is not None
    v = pos.variant
    geo = v.geometry
    board = pos.board
    code = board[king]
    color = (code - 1) & 1
    j = file_partner(pos, ray, color, spec)
    if j < 0:
        return None
    partner = ray[j]
    king_file, rank = geo.coords[king]
    partner_file = geo.coords[partner][0]
    king_to = geo.at(spec.king_file, rank)
    partner_to = geo.at(spec.king_file - spec.dx, rank)
    if king_to < 0 or partner_to < 0:
        return None
    for start, end in ((king_file, spec.king_file), (partner_file, spec.king_file - spec.dx)):
        for file in _span(start, end):
            sq = geo.at(file, rank)
            if sq < 0 or (board[sq] and sq not in (king, partner)):
                return None
    if spec.safe and v.royal[code] and pos.passage_attacked(
            (king, *(geo.at(file, rank) for file in _span(king_file, spec.king_file)))):
        return None
    return (king, king_to, 0, (), (), (partner, partner_to), -1)


__all__ = ["CastlingBoard", "PartnerBoard", "file_castling_move", "file_partner"]
