"""The generator's base layer, which every rule module and the compiler import: piece codes, move-mode flags, hop
kinds and the raw move.

Piece codes: 0 is an empty square; a piece of type index ``t`` and colour ``c`` has code ``2 * t + c + 1``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from fairyport.model import Color

QUIET = 1
"""The move may end on an empty square (``m``)."""
CAPTURE = 2
"""The move may capture an enemy piece (``c``)."""
FRIEND = 4
"""The move may capture a friendly piece (``d``)."""
EP = 8
"""The move may capture en passant (``e``)."""
ROYAL_ONLY = 16
"""The move may only capture a royal piece (``k``): it is never played, it only gives check."""
HOP = 32
"""A non-final leg may end on any occupied square, which is passed over (``p``, ``g``)."""

HOP_NONE, HOP_CANNON, HOP_GRASSHOPPER = 0, 1, 2

MAY_PROMOTE = 1
"""A :data:`~fairyport.movegen.tables.MovesFrom` bit: a move from this square may start or end in the piece's
promotion zone."""
MAY_REPEAT = 2
"""A :data:`~fairyport.movegen.tables.MovesFrom` bit: two moves from this square may have the same effect (two
moves of the piece reach one square, or a general move whose paths may meet)."""

RawMove = tuple[int, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
"""A move as the generator makes it: ``(from, to, promotion code, locust captures, e.p. squares created, castling
partner (from, to) or (), e.p. victim or -1)`` (see :mod:`fairyport.movegen.position`)."""

DROP = -1
"""The origin of a drop in a raw move (:mod:`fairyport.movegen.drops`)."""

RayEntries = tuple[tuple[tuple[int, ...], int, dict[int, int]], ...]
"""Reverse rays from a square: (squares outwards, hop kind, {attacker code: range limit, 0 = unlimited})."""
KingLines = tuple[RayEntries, tuple[tuple[int, int, frozenset[int]], ...]]


@dataclasses.dataclass(slots=True)
class LegNode:
    """One leg of a general move from a fixed square in a fixed direction.

    ``squares`` are the squares along the leg, nearest first. For a non-final leg ``nexts[i]`` are the legs that
    continue from ``squares[i]``; a final leg has ``nexts`` None. ``lame[i]`` are squares that must be empty for
    ``squares[i]`` to be reached (``n``), ``jump[i]`` squares of which one must be occupied (``j``).
    """

    squares: tuple[int, ...]
    flags: int
    hop: int = HOP_NONE
    lame: tuple[tuple[int, ...], ...] | None = None
    jump: tuple[tuple[int, ...], ...] | None = None
    nexts: tuple[tuple[LegNode, ...], ...] | None = None
    creates_ep: bool = False


@dataclasses.dataclass(frozen=True)
class CastlingSpec:
    """Castling of a royal piece: direction along the rank (-1 left, +1 right), how far the royal moves, and the
    rule (:class:`fairyport.model.Castling`; the defaults are the Interactive Diagram's): ``distance`` of the
    partner (None: the outermost piece), ``virgin`` and ``safe`` tests, ``partners`` (type indices; empty: a
    rook-like piece or a piece on the corner); ``king_file``: the file the royal lands on, wherever it starts
    (:attr:`fairyport.model.Castling.king_files`, :mod:`fairyport.movegen.file_castling`; ``step`` unused)."""

    dx: int
    step: int
    distance: int | None = None
    virgin: bool = True
    safe: bool = True
    partners: frozenset[int] = frozenset()
    king_file: int | None = None


DEFAULT_CASTLING = CastlingSpec(0, 0)
"""The Interactive Diagram's castling rule (only the rule fields are read: partner distance, virgin, partners)."""


def code_of(type_index: int, color: Color) -> int:
    """The piece code of type index ``type_index`` and ``color``."""
    return 2 * type_index + color + 1


def type_codes(type_ids: Sequence[str], pieces: Iterable[str] | None, color: Color) -> frozenset[int]:
    """The codes of ``color``'s types (type index -> id in ``type_ids``) whose id is one of ``pieces``
    (case-insensitive; None: every type)."""
    wanted = None if pieces is None else {p.upper() for p in pieces}
    return frozenset(code_of(i, color) for i, pid in enumerate(type_ids) if wanted is None or pid.upper() in wanted)


__all__ = ["CAPTURE", "DEFAULT_CASTLING", "DROP", "EP", "FRIEND", "HOP", "HOP_CANNON", "HOP_GRASSHOPPER", "HOP_NONE",
           "MAY_PROMOTE", "MAY_REPEAT", "QUIET", "ROYAL_ONLY", "CastlingSpec", "KingLines", "LegNode", "RawMove",
           "RayEntries", "code_of", "type_codes"]
