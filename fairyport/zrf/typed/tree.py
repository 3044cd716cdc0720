"""The typed tree of one expanded ZRF game (the game itself or one materialised variant).

Every element keeps the syntax node it was read from (``node``), so every name, number and move instruction
has an exact file, line and column (and, for text produced by macros, the call that produced it). Move and drop
programs and goal conditions stay as located S-expression trees (:class:`MoveBlock`, :class:`Goal`): a later
stage interprets the ZRF move language on them. Forms this layer does not know are kept in ``unknown`` lists.
"""

from __future__ import annotations

import dataclasses
import functools

from fairyport.diagnostics import Finding
from fairyport.errors import ParseError, UnsupportedError
from fairyport.zrf.syntax.nodes import Node, Plain, SList, plain


@dataclasses.dataclass
class Ref:
    """A name as written somewhere (a piece, position, player, direction, zone ...) and where."""

    text: str
    node: Node


@dataclasses.dataclass
class Text:
    """A string-valued form such as ``(title "...")`` or ``(move-sound "...")``."""

    value: str
    node: SList


@dataclasses.dataclass
class Option:
    """``(option "name" value)``; ``value`` is the atom's text or the string's value."""

    name: str
    value: str
    node: SList


@dataclasses.dataclass
class Flag:
    """A ZRF 1.x top-level flag such as ``(pass-turn forced)`` or ``(recycle-captures true)``."""

    name: str
    value: str | None
    node: SList


@dataclasses.dataclass
class TurnEntry:
    """One entry of ``turn-order``: ``White``, ``(White normal)``, ``(Chaos Order)`` or ``(?Dice Black setup)``.

    ``owner`` is the player whose pieces are moved when it differs from ``player``; ``move_type`` restricts
    the moves to that type.
    """

    player: Ref
    owner: Ref | None
    move_type: Ref | None
    node: Node


@dataclasses.dataclass
class TurnOrder:
    """The ``turn-order``: ``entries`` in order; the cycle restarts at ``repeat_from`` (0 without ``repeat``)."""

    entries: list[TurnEntry]
    repeat_from: int
    node: SList


@dataclasses.dataclass
class Dimension:
    """One grid dimension: the names along it (split on ``/``) and the pixel step between two positions."""

    names: list[str]
    step: tuple[int, ...]
    node: SList


@dataclasses.dataclass
class DirectionDef:
    """``(n 0 -1)``: a direction name and its index delta per dimension."""

    name: str
    vector: tuple[int, ...]
    node: SList


@dataclasses.dataclass
class Grid:
    """A ``grid``: positions are the product of the dimension names, links follow the direction vectors."""

    start_rectangle: tuple[int, ...] | None
    dimensions: list[Dimension]
    directions: list[DirectionDef]
    node: SList


@dataclasses.dataclass
class PositionDef:
    """An explicit position: ``(name x1 y1 x2 y2)`` in ``positions``, or a ``dummy`` (no rectangle)."""

    name: str
    rectangle: tuple[int, ...] | None
    node: Node


@dataclasses.dataclass
class LinkDef:
    """One ``(from to)`` pair of a ``(links DIR ...)`` form."""

    direction: Ref
    source: Ref
    target: Ref
    node: SList


@dataclasses.dataclass
class Unlink:
    """``unlink`` entry: a bare position (all its links go) or a ``(from to)`` pair (that link goes)."""

    source: Ref
    target: Ref | None
    node: Node


@dataclasses.dataclass
class Symmetry:
    """``(symmetry P (d1 d2) ...)``: for player P, stepping d1 steps d2."""

    player: Ref
    pairs: list[tuple[Ref, Ref]]
    node: SList


@dataclasses.dataclass
class Zone:
    """``(zone (name Z) (players P...) (positions ...))``."""

    name: Ref
    players: list[Ref]
    positions: list[Ref]
    node: SList


@dataclasses.dataclass
class Board:
    """A ``board`` section, as written (see :mod:`.geometry` for the resolved positions and links)."""

    node: SList
    images: list[str] = dataclasses.field(default_factory=list)
    grids: list[Grid] = dataclasses.field(default_factory=list)
    positions: list[PositionDef] = dataclasses.field(default_factory=list)
    dummies: list[PositionDef] = dataclasses.field(default_factory=list)
    links: list[LinkDef] = dataclasses.field(default_factory=list)
    unlinks: list[Unlink] = dataclasses.field(default_factory=list)
    kills: list[Ref] = dataclasses.field(default_factory=list)
    symmetries: list[Symmetry] = dataclasses.field(default_factory=list)
    zones: list[Zone] = dataclasses.field(default_factory=list)
    unknown: list[SList] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class MoveBlock:
    """One move (or drop) program: a located list of instructions, and the ``move-type`` it is tagged with."""

    node: SList
    move_type: Ref | None

    @property
    def instructions(self) -> list[Node]:
        """The instructions, in order."""
        return self.node.items

    @functools.cached_property
    def plain(self) -> tuple[Plain, ...]:
        """The instructions as plain data (:func:`~fairyport.zrf.syntax.nodes.plain`), made once: the reader's
        passes look at a block many times, and a macro expansion can hold hundreds of thousands of nodes."""
        return tuple(plain(item) for item in self.node.items)


@dataclasses.dataclass
class Attribute:
    """``(attribute name value)``: a per-piece attribute and its initial value (an atom in ZoG)."""

    name: Ref
    value: Node | None
    node: SList


@dataclasses.dataclass
class Piece:
    """A ``piece`` section."""

    name: Ref
    node: SList
    help: Text | None = None
    description: Text | None = None
    notation: Text | None = None
    images: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    """Player -> image files."""
    attributes: list[Attribute] = dataclasses.field(default_factory=list)
    dummy: bool = False
    moves: list[MoveBlock] = dataclasses.field(default_factory=list)
    drops: list[MoveBlock] = dataclasses.field(default_factory=list)
    unknown: list[SList] = dataclasses.field(default_factory=list)
    unread: list[Finding] = dataclasses.field(default_factory=list)
    """The entries of ``moves`` and ``drops`` that are no move program (an atom, a malformed ``move-type``), as
    their findings: reading the game refuses them (:meth:`ZrfGame.require_move_programs`)."""


@dataclasses.dataclass
class SetupEntry:
    """``(Pawn a2 b2)`` or ``(Knight off 1 b1)`` inside a player's setup."""

    piece: Ref
    positions: list[Ref]
    off: int | None
    node: SList


@dataclasses.dataclass
class SetupPlayer:
    """One player's part of ``board-setup``."""

    player: Ref
    entries: list[SetupEntry]
    node: SList
    section: SList | None = None
    """The ``board-setup`` section this part belongs to."""


@dataclasses.dataclass
class Goal:
    """``(win-condition (P...) condition...)`` (also ``loss-``, ``draw-``, ``count-condition``).

    ``kind`` is ``win``, ``loss``, ``draw`` or ``count``; the conditions stay located S-expressions.
    """

    kind: str
    players: list[Ref]
    conditions: list[Node]
    node: SList


@dataclasses.dataclass
class DialectMarker:
    """Evidence of a dialect: ``zog1``, ``dagaz``, ``axiom`` or ``prezrf``, with the reason and where."""

    dialect: str
    reason: str
    node: Node | None


@dataclasses.dataclass
class ZrfGame:
    """One playable game: the ``game`` form, or a variant materialised over it."""

    sections: list[SList]
    """The sections this game was built from, in order."""
    title: str | None = None
    texts: dict[str, Text] = dataclasses.field(default_factory=dict)
    """``description``, ``history``, ``strategy``, ``notation``, ``solution``, the sounds, ``music`` ..."""
    options: list[Option] = dataclasses.field(default_factory=list)
    flags: list[Flag] = dataclasses.field(default_factory=list)
    players: list[Ref] = dataclasses.field(default_factory=list)
    turn_order: TurnOrder | None = None
    board: Board | None = None
    pieces: list[Piece] = dataclasses.field(default_factory=list)
    setup: list[SetupPlayer] = dataclasses.field(default_factory=list)
    goals: list[Goal] = dataclasses.field(default_factory=list)
    move_priorities: list[Ref] = dataclasses.field(default_factory=list)
    engine: Text | None = None
    dialects: list[DialectMarker] = dataclasses.field(default_factory=list)
    unknown: list[SList] = dataclasses.field(default_factory=list)

    def option(self, name: str) -> Option | None:
        """The option called ``name`` (spaces and dashes are the same), or None."""
        wanted = name.replace("-", " ")
        return next((o for o in self.options if o.name.replace("-", " ") == wanted), None)

    def require_own_rules(self) -> None:
        """Refuse a game whose rules live in an external engine (``(engine "Axiom.dll")``: Ordo, Rithmomachy,
        Afrika, ...): its file holds pieces and a board but not the moves, so neither the interpreter nor the
        model reader can play or read it.

        :raises UnsupportedError: naming the engine, at its ``engine`` form.
        """
        if self.engine is not None:
            raise UnsupportedError(f"the game's rules live in an external engine ({self.engine.value}), not in the "
                                   "file", self.engine.node.location, feature="engine")

    def require_move_programs(self) -> None:
        """Refuse a piece whose ``moves`` or ``drops`` list holds an entry that is no move program: ZoG calls a
        macro only as a list (``(slide n)``), so an atom there would be dropped and the piece play fewer moves
        than its author wrote. ``validate`` reports every such entry; reading stops at the first.

        :raises ParseError: at the entry.
        """
        for piece in self.pieces:
            if piece.unread:
                first = piece.unread[0]
                raise ParseError(f"{first.message} (piece {piece.name.text!r})", first.location)

    def piece(self, name: str) -> Piece | None:
        """The piece called ``name``, or None."""
        return next((p for p in self.pieces if p.name.text == name), None)
