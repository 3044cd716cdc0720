"""The compiled tables a position reads: the shapes of the per-square move tables, and :class:`Tables`, what
:class:`~fairyport.movegen.position.Position` and the rules' positions ask of their compiled game.

The generator's modules import one way: :class:`~fairyport.movegen.compile.Variant` builds these tables above
:mod:`~fairyport.movegen.position`, and a position names only :class:`Tables` (which ``Variant`` implements), so
the two never name each other.
"""

from __future__ import annotations

import dataclasses
from typing import Protocol, TypeVar

from fairyport.model import Color, DropRule, Game, PieceType, PromotionChoice
from fairyport.movegen.codes import CastlingSpec, LegNode, RayEntries
from fairyport.movegen.connect import ConnectSpec
from fairyport.movegen.extinction import ExtinctionSpec
from fairyport.movegen.geometry import Geometry
from fairyport.movegen.goals import FlagSpec
from fairyport.movegen.lazy import Lazy
from fairyport.xbetza import syntax as betza

CastlingPath = tuple[tuple[int, ...], int, int, int, tuple[int, ...], "CastlingSpec"]
"""A castling move of a royal on one square: (the squares along the rank that way, how far the royal moves,
its destination, the partner's destination, the squares that must not be attacked, the castling's rule)."""

Screened = tuple[tuple[tuple[tuple[int, ...], frozenset[int], int], ...], tuple[tuple[int, int, int], ...], RayEntries]
"""See :meth:`Tables.screened`."""

Leaps = tuple[tuple[int, int], ...]
"""Plain leaps from one square: (destination, flags)."""
Slides = tuple[tuple[tuple[int, ...], int], ...]
"""Plain slides from one square: (ray, flags)."""
Hops = tuple[tuple[tuple[int, ...], int, int], ...]
"""Hops from one square: (ray, flags, hop kind)."""

MovesFrom = tuple[Leaps, Slides, Hops, tuple["FlatPath", ...], tuple["Program", ...], int]
"""Everything a piece does from one square: leaps, slides, hops, flat paths, general moves, and bits telling
what the generator must do after them (:data:`MAY_PROMOTE`, :data:`MAY_REPEAT`)."""

FlatPath = tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...], bool]
"""A general move in flat form: (squares that must be empty, final ray, final flags, e.p. squares created,
initial: the piece must be virgin)."""

@dataclasses.dataclass(slots=True)
class Program:
    """A general move from one square: alternative first legs, and whether the piece must be virgin."""

    roots: tuple[LegNode, ...]
    initial: bool


@dataclasses.dataclass
class CompiledType:
    """Per-type facts the generator needs."""

    index: int
    piece: PieceType
    moves: tuple[betza.Move, ...]
    castling: tuple[CastlingSpec, ...] = ()
    is_castle_partner: bool = False
    base: int | None = None
    """For a promoted type (games whose captures go to hand): the index of the type it promoted from."""
    mark: str = ""
    """How FEN writes a promoted type: ``+`` before its base's id (one promotion choice, shogi) or ``~`` after
    its own id (several choices, crazyhouse)."""


P_co = TypeVar("P_co", covariant=True)
"""The position class a game's tables make (:meth:`Tables.new_position`)."""


class Tables(Protocol[P_co]):
    """What a position reads of its compiled game (:class:`~fairyport.movegen.compile.Variant` has it all)."""

    game: Game
    geometry: Geometry
    size: int
    codes: int
    """Piece codes: two per type (see :func:`~fairyport.movegen.codes.code_of`), plus the empty square 0."""
    types: list[CompiledType]
    code_by_symbol: dict[str, int]
    start_codes: dict[int, int]
    royal: list[bool]
    has_royals: bool
    protect_every: bool
    irreversible: Lazy[bool]
    moves_from: list[Lazy[MovesFrom | None]]
    programs: list[list[tuple[Program, ...]]]
    general: list[list[tuple[Program, ...]]]
    allowed: list[frozenset[int] | None]
    leap_attackers: tuple[Lazy[tuple[tuple[int, int], ...]], ...]
    ray_attackers: tuple[Lazy[RayEntries], ...]
    special_attackers: tuple[Lazy[tuple[tuple[int, int], ...]], ...]
    castlers: dict[int, tuple[CastlingSpec, ...]]
    free_castlers: tuple[frozenset[int], ...]
    promotion_squares: list[int]
    promotion_zone: list[frozenset[int]]
    promotion_triggers: list[int]
    promotion_choices: list[tuple[tuple[int, PromotionChoice], ...]]
    promoted_index: dict[tuple[int, str], int]
    last_rank_distance: list[list[int]]
    stuck: Lazy[frozenset[int]]
    flag: FlagSpec | None
    extinction: ExtinctionSpec | None
    connect: ConnectSpec | None
    # pieces in hand (games with drops, captures to hand or promotion from hand)
    hands_used: bool
    drops: bool
    captures_to_hand: bool
    captures_to_owner: bool
    hand_codes: tuple[tuple[int, ...], tuple[int, ...]]
    drop_rules: list[DropRule]
    drop_squares: list[tuple[int, ...]]
    drop_exposes: bool
    to_hand: list[int]
    take_from_hand: list[int]
    square_file: list[int]
    square_shade: list[int]

    def new_position(self) -> P_co:
        """An empty position of the game, of the class its rules make."""
        ...

    def promoted_to(self, base: int, piece_id: str) -> int:
        """The type index of ``base`` promoted to ``piece_id``."""
        ...

    def sensitive(self, color: Color, king: int) -> int:
        """The squares that matter to the safety of ``color``'s royal on ``king`` (a bit mask)."""
        ...

    def screened(self, color: Color, king: int) -> Screened:
        """The hopping rays and general attackers whose paths to ``color``'s royal on ``king`` a move may open."""
        ...

    def castling_paths(self, code: int, king: int) -> tuple[CastlingPath, ...]:
        """The castling moves of the royal ``code`` on ``king``."""
        ...

    def lines_through(self, enemy: Color, king: int, square: int) -> tuple[RayEntries, tuple[tuple[int, int], ...]]:
        """The reverse rays and general attackers of ``enemy`` to ``king`` that pass through ``square``."""
        ...


__all__ = ["CastlingPath", "CompiledType", "FlatPath", "Hops", "Leaps", "MovesFrom", "Program", "Screened", "Slides",
           "Tables"]
