"""The state of one reading of a ZRF variant into the model, and the pipeline that runs the reader's passes on it.

A pass (:data:`Pass`) is a function of the :class:`Reading`: it reads what earlier passes found there and adds
its own part. It returns None to go on, or :class:`Flags` to read the variant again from the first pass with those
flags (the pipeline's retry step, :func:`run_passes`). The passes and their order: :data:`fairyport.zrf.read.PASSES`
(docs/zrf.md, "The reader's passes").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from fairyport.errors import Location
from fairyport.model import Board, DropRule, Game, KeptCode, Piece, PieceType, Rules, Unload, Zone
from fairyport.zrf.names import Vector
from fairyport.zrf.recognise import BlockReader, Found, Landing
from fairyport.zrf.recognise_drops import Probe
from fairyport.zrf.recognise_shogi import ShogiHands
from fairyport.zrf.recognise_spared import Spared
from fairyport.zrf.recognise_split import SplitBlocks
from fairyport.zrf.recognise_transport import TransportBlock
from fairyport.zrf.storage import StorageDrops
from fairyport.zrf.syntax.nodes import Node, Plain
from fairyport.zrf.typed.geometry import Geometry
from fairyport.zrf.typed.reader import ZrfVariant
from fairyport.zrf.typed.tree import Goal, MoveBlock, ZrfGame
from fairyport.zrf.typed.tree import Piece as ZrfPiece

Partner = tuple[int, int, tuple[str, ...]]
"""A castling block's partner as :func:`~fairyport.zrf.recognise_transport.castle_partner` finds it."""
Condition = tuple[Goal, Node, tuple[Plain, ...]]
"""A goal condition kept for a later look: the goal, the condition and its plain text."""


@dataclasses.dataclass(frozen=True)
class Flags:
    """How one reading goes (:func:`fairyport.zrf.read.game_from_variant` says what each flag does)."""

    rename: bool = True
    reasons: dict[int, str] | None = None
    storage: tuple[frozenset[int], str] | None = None
    ranked: bool = True


@dataclasses.dataclass
class Held:
    """One piece type as the pieces pass read it: its ZRF piece, its model type and its blocks kept as code."""

    zp: ZrfPiece
    piece: PieceType
    programs: list[KeptCode]


@dataclasses.dataclass
class Reading:
    """What the passes found so far (each field set by the pass named; read only after it ran)."""

    zv: ZrfVariant
    source: str
    stem: str
    flags: Flags
    # players
    tree: ZrfGame = dataclasses.field(init=False)
    geometry: Geometry = dataclasses.field(init=False)  # (the storage and shogi passes cut it to the board)
    where: Location = dataclasses.field(init=False)
    players: tuple[str, ...] = dataclasses.field(init=False)
    kept: list[KeptCode] = dataclasses.field(init=False)
    rename: bool = dataclasses.field(init=False)  # (the board pass clears it on a plain grid)
    # storage, shogi
    stock: StorageDrops | None = None
    hands_found: ShogiHands | None = None
    # board
    board: Board = dataclasses.field(init=False)
    vectors: dict[str, Vector] = dataclasses.field(default_factory=dict)
    renaming: dict[str, str] | None = None
    cylinder: dict[str, Vector] | None = None
    # types
    present: set[str] = dataclasses.field(default_factory=set)
    named: set[str] = dataclasses.field(default_factory=set)
    in_hand: set[str] = dataclasses.field(default_factory=set)
    stored: dict[str, tuple[str, str]] = dataclasses.field(default_factory=dict)
    setup_only: set[str] = dataclasses.field(default_factory=set)
    reader: BlockReader = dataclasses.field(init=False)
    linked: dict[str, str] = dataclasses.field(default_factory=dict)
    symmetry: dict[str, str] = dataclasses.field(default_factory=dict)
    # zones, setup
    zones: list[Zone] = dataclasses.field(default_factory=list)
    notation: dict[str, str] = dataclasses.field(default_factory=dict)
    placement: dict[str, Piece] = dataclasses.field(default_factory=dict)
    hands: dict[int, dict[str, int]] = dataclasses.field(default_factory=dict)
    # goals
    rules: Rules = dataclasses.field(default_factory=Rules)
    royal: set[str] = dataclasses.field(default_factory=set)
    royal_ids: set[str] = dataclasses.field(default_factory=set)
    mate_goal: Goal | None = None
    bare_draws: list[tuple[Goal, Node]] = dataclasses.field(default_factory=list)
    counts: list[Condition] = dataclasses.field(default_factory=list)
    lines: list[Condition] = dataclasses.field(default_factory=list)
    never_met: list[Condition] = dataclasses.field(default_factory=list)
    # move types
    attributes: frozenset[str] = frozenset()
    unmoved: frozenset[str] = frozenset()
    typed: bool = False
    first_types: set[str] = dataclasses.field(default_factory=set)
    # drops, circe, split
    drop_rules: dict[str, DropRule] = dataclasses.field(default_factory=dict)
    drop_whys: dict[int, str] = dataclasses.field(default_factory=dict)
    probed: dict[str, tuple[Probe, ...]] = dataclasses.field(default_factory=dict)
    skipped: frozenset[int] = frozenset()
    rebirths: dict[str, str] = dataclasses.field(default_factory=dict)
    splits: SplitBlocks = dataclasses.field(default_factory=dict)
    # block items, transport, moves, spared (by block identity)
    items: dict[int, list[Plain]] = dataclasses.field(default_factory=dict)
    transported: dict[int, TransportBlock] = dataclasses.field(default_factory=dict)
    readings: dict[int, list[Found] | None] = dataclasses.field(default_factory=dict)
    sparing: dict[int, Spared] = dataclasses.field(default_factory=dict)
    # pieces
    held: list[Held] = dataclasses.field(default_factory=list)
    unused: list[str] = dataclasses.field(default_factory=list)
    first_reasons: dict[int, str] = dataclasses.field(default_factory=dict)
    captures_own: bool = False
    landings: list[tuple[PieceType, Unload, Landing, MoveBlock]] = dataclasses.field(default_factory=list)
    castles: dict[str, list[Partner | None]] = dataclasses.field(default_factory=dict)
    castle_blocks: dict[str, list[MoveBlock]] = dataclasses.field(default_factory=dict)
    # kept code, game
    keeps_code: bool = False
    game: Game = dataclasses.field(init=False)


Pass = Callable[[Reading], Flags | None]
"""One pass of the reader: None to go on, or the flags to read the variant again with."""


def run_passes(passes: Sequence[tuple[str, Pass]], zv: ZrfVariant, source: str, stem: str, flags: Flags) -> Game:
    """The game the ``passes`` read from ``zv``, in order, each on the reading the earlier ones left; a pass that
    asks for a retry starts the reading again from the first pass with the flags it returns (:func:`read_again`)."""
    while True:
        reading = Reading(zv, source, stem, flags)
        again = read_again(passes, reading)
        if again is None:
            return reading.game
        flags = again


def read_again(passes: Sequence[tuple[str, Pass]], reading: Reading) -> Flags | None:
    """The retry step: runs the passes on ``reading`` up to the first that asks to read again, and returns its
    flags (None where every pass ran)."""
    for _, step in passes:
        again = step(reading)
        if again is not None:
            return again
    return None
