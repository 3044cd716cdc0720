"""Instructions and conditions of one move block (the ZRF move language, docs/zrf.md, as typed data).

A block runs on an unchanged board from a start position: instructions move a *current position* and record what
the move will do; ``Add`` hands the recorded move over. A failed step or condition abandons the block's branch.
Positions are named by their board names, directions, zones, piece types and flags by their names in the
:class:`~fairyport.program.game.GameProgram`.
"""

from __future__ import annotations

import dataclasses
import enum


@dataclasses.dataclass(frozen=True)
class Here:
    """The current position."""


@dataclasses.dataclass(frozen=True)
class Toward:
    """The position one step in ``direction`` from the current one (none when there is no link)."""

    direction: str


@dataclasses.dataclass(frozen=True)
class At:
    """A fixed position of the board."""

    position: str


Where = Here | Toward | At
"""Where an instruction or a condition looks."""

HERE = Here()


# -- conditions --------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Const:
    """``true`` or ``false``."""

    value: bool


@dataclasses.dataclass(frozen=True)
class Not:
    """The negation of a condition."""

    inner: Condition


@dataclasses.dataclass(frozen=True)
class All:
    """Every part holds (``and``; evaluated left to right, stopping at the first that fails)."""

    parts: tuple[Condition, ...]


@dataclasses.dataclass(frozen=True)
class Any:
    """Some part holds (``or``)."""

    parts: tuple[Condition, ...]


class Occupant(enum.Enum):
    """Who stands on a position, as ``empty?``, ``friend?``, ``enemy?`` and ``neutral?`` ask."""

    EMPTY = "empty"
    FRIEND = "friend"
    ENEMY = "enemy"
    NEUTRAL = "neutral"


@dataclasses.dataclass(frozen=True)
class Occupied:
    """The position exists and holds what ``occupant`` says (no position: false)."""

    occupant: Occupant
    where: Where = HERE


@dataclasses.dataclass(frozen=True)
class PieceIs:
    """The position holds a piece of ``piece_type`` (any owner)."""

    piece_type: str
    where: Where = HERE


@dataclasses.dataclass(frozen=True)
class PositionIs:
    """The current position is ``position``."""

    position: str


@dataclasses.dataclass(frozen=True)
class InZone:
    """The position is in the mover's ``zone``."""

    zone: str
    where: Where = HERE


@dataclasses.dataclass(frozen=True)
class OnBoard:
    """The position exists."""

    where: Where = HERE


class Anchor(enum.Enum):
    """Positions a block run remembers."""

    FROM = "from"
    TO = "to"
    LAST_FROM = "last-from"
    LAST_TO = "last-to"
    MARK = "mark"


@dataclasses.dataclass(frozen=True)
class IsAnchor:
    """The position is the anchor (``last-from?``, ``last-to?``, ``marked?``)."""

    anchor: Anchor
    where: Where = HERE


@dataclasses.dataclass(frozen=True)
class FlagSet:
    """The block's own flag ``name`` is true."""

    name: str


@dataclasses.dataclass(frozen=True)
class PositionFlagSet:
    """The block's position flag ``name`` is true at the position."""

    name: str
    where: Where = HERE


@dataclasses.dataclass(frozen=True)
class Attacked:
    """A piece of another player (``defended``: of the mover) could capture on the position."""

    where: Where = HERE
    defended: bool = False
    move_type: str | None = None


@dataclasses.dataclass(frozen=True)
class HasAttribute:
    """The piece on the position has the boolean attribute ``name`` set."""

    name: str
    where: Where = HERE


@dataclasses.dataclass(frozen=True)
class AdjacentToEnemy:
    """An enemy piece stands one link away from the position (in any direction)."""

    where: Where = HERE


@dataclasses.dataclass(frozen=True)
class GoalPosition:
    """The position is one of the mover's ``absolute-config`` goal positions."""

    where: Where = HERE


Condition = (Const | Not | All | Any | Occupied | PieceIs | PositionIs | InZone | OnBoard | IsAnchor | FlagSet
             | PositionFlagSet | Attacked | HasAttribute | AdjacentToEnemy | GoalPosition)
"""A condition: also an instruction (:class:`Verify`)."""


# -- instructions ------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Step:
    """Move the current position one link in ``direction``; abandon the branch when there is none."""

    direction: str


@dataclasses.dataclass(frozen=True)
class Jump:
    """Make ``where`` the current position (abandon when there is none)."""

    where: Where


@dataclasses.dataclass(frozen=True)
class GoTo:
    """``go``: make the anchor the current position (``back`` is ``GoTo(MARK)``)."""

    anchor: Anchor


@dataclasses.dataclass(frozen=True)
class Mark:
    """Remember the position as the mark."""

    where: Where = HERE


@dataclasses.dataclass(frozen=True)
class Verify:
    """Abandon the branch unless the condition holds."""

    condition: Condition


@dataclasses.dataclass(frozen=True)
class If:
    """Run ``then`` when the condition holds, else ``otherwise``."""

    condition: Condition
    then: tuple[Instruction, ...]
    otherwise: tuple[Instruction, ...] = ()


@dataclasses.dataclass(frozen=True)
class While:
    """Run ``body`` while the condition holds."""

    condition: Condition
    body: tuple[Instruction, ...]


class AddKind(enum.Enum):
    """How ``add`` hands the move over: complete or partial (the turn continues), moving or copying."""

    ADD = "add"
    ADD_COPY = "add-copy"
    ADD_PARTIAL = "add-partial"
    ADD_COPY_PARTIAL = "add-copy-partial"

    @property
    def partial(self) -> bool:
        """Whether the turn continues after this move."""
        return self in (AddKind.ADD_PARTIAL, AddKind.ADD_COPY_PARTIAL)

    @property
    def copy(self) -> bool:
        """Whether the piece stays on its origin too."""
        return self in (AddKind.ADD_COPY, AddKind.ADD_COPY_PARTIAL)


@dataclasses.dataclass(frozen=True)
class Add:
    """Hand over the move recorded so far: the piece goes from its origin to the current position (or ``To``).

    ``types``: the piece types the mover may become (one move each; empty: it keeps its type);
    ``continue_with``: for a partial add, the move type the turn continues with (None: the block's own).
    """

    kind: AddKind = AddKind.ADD
    types: tuple[str, ...] = ()
    continue_with: str | None = None


@dataclasses.dataclass(frozen=True)
class From:
    """The piece on the current position becomes the moving piece (abandon when it is empty)."""


@dataclasses.dataclass(frozen=True)
class To:
    """The current position becomes the destination."""


@dataclasses.dataclass(frozen=True)
class Cascade:
    """The move so far is a finished sub-move; the piece on the current position moves next."""


class Effect(enum.Enum):
    """What happens to the piece on a position when the move is made."""

    CAPTURE = "capture"
    FLIP = "flip"
    CHANGE_OWNER = "change-owner"


@dataclasses.dataclass(frozen=True)
class Affect:
    """Capture, flip or take over the piece on the position."""

    effect: Effect
    where: Where = HERE


@dataclasses.dataclass(frozen=True)
class ChangeType:
    """The piece on the position becomes a ``piece_type`` (owner kept)."""

    piece_type: str
    where: Where = HERE


@dataclasses.dataclass(frozen=True)
class Create:
    """A new ``piece_type`` of ``owner`` (None: the mover) appears on the position (``piece_type`` None: the
    mover's type, on a fixed position)."""

    piece_type: str | None
    where: Where = HERE
    owner: str | None = None


@dataclasses.dataclass(frozen=True)
class SetFlag:
    """Set the block's flag ``name`` to the condition's value."""

    name: str
    value: Condition


@dataclasses.dataclass(frozen=True)
class SetPositionFlag:
    """Set the block's position flag ``name`` at the position."""

    name: str
    value: Condition
    where: Where = HERE


@dataclasses.dataclass(frozen=True)
class SetAttribute:
    """Set the boolean attribute ``name`` of the piece on the current position when the move is made."""

    name: str
    value: Condition


Instruction = (Step | Jump | GoTo | Mark | Verify | If | While | Add | From | To | Cascade | Affect | ChangeType
               | Create | SetFlag | SetPositionFlag | SetAttribute)
"""One instruction of a move block."""


def walk(body: tuple[Instruction, ...]) -> list[Instruction]:
    """Every instruction of ``body``, nested ones included, in source order."""
    found: list[Instruction] = []
    for item in body:
        found.append(item)
        if isinstance(item, If):
            found.extend(walk(item.then))
            found.extend(walk(item.otherwise))
        elif isinstance(item, While):
            found.extend(walk(item.body))
    return found


def conditions(body: tuple[Instruction, ...]) -> list[Condition]:
    """Every condition of ``body`` (nested parts included)."""
    found: list[Condition] = []

    def add(c: Condition) -> None:
        found.append(c)
        if isinstance(c, Not):
            add(c.inner)
        elif isinstance(c, (All, Any)):
            for part in c.parts:
                add(part)

    for item in walk(body):
        if isinstance(item, (Verify, If, While)):
            add(item.condition)
        elif isinstance(item, (SetFlag, SetPositionFlag, SetAttribute)):
            add(item.value)
    return found
