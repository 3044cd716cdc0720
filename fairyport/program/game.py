"""A whole game as a program: board, pieces with their move blocks, turn order, setup and goals."""

from __future__ import annotations

import dataclasses
import enum

from fairyport.program.nodes import Instruction


@dataclasses.dataclass(frozen=True)
class Position:
    """One position: its name, its cell on the drawing grid (file, rank from the bottom left; None: not on the
    grid) and whether it is a dummy (off the board: stock, storage)."""

    name: str
    cell: tuple[int, int] | None
    dummy: bool = False


@dataclasses.dataclass(frozen=True)
class BoardProgram:
    """Positions and directions. ``links[direction][position]`` is the position one step away (absent: none);
    ``symmetry[player][direction]`` the direction a player steps when a block says ``direction`` (absent: the
    same); ``zones[zone][player]`` the positions of a zone for that player."""

    positions: tuple[Position, ...]
    links: dict[str, dict[str, str]]
    symmetry: dict[str, dict[str, str]]
    zones: dict[str, dict[str, frozenset[str]]]

    def link(self, player: str, direction: str, position: str) -> str | None:
        """Where ``player`` gets from ``position`` by one step in ``direction``."""
        real = self.symmetry.get(player, {}).get(direction, direction)
        return self.links.get(real, {}).get(position)

    def grid(self) -> tuple[int, int] | None:
        """``(files, ranks)`` of the drawing grid when every position has a cell, else None."""
        cells = [p.cell for p in self.positions]
        if not cells or any(c is None for c in cells):
            return None
        return 1 + max(c[0] for c in cells if c), 1 + max(c[1] for c in cells if c)


@dataclasses.dataclass(frozen=True)
class Block:
    """One move (or drop) block of a piece, with its move type (None: untyped)."""

    body: tuple[Instruction, ...]
    move_type: str | None = None
    source: str = ""
    """Where the block comes from (``file:line``), for messages."""


@dataclasses.dataclass(frozen=True)
class PieceProgram:
    """A piece type: its name, notation letter, move blocks and drop blocks."""

    name: str
    notation: str
    moves: tuple[Block, ...]
    drops: tuple[Block, ...] = ()
    attributes: tuple[tuple[str, bool], ...] = ()
    """Boolean attributes with their initial values."""


@dataclasses.dataclass(frozen=True)
class Turn:
    """One entry of the turn order: who moves, whose pieces, which move type (None: any)."""

    player: str
    owner: str
    move_type: str | None = None


# -- goals ---------------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Checkmated:
    """The player to move has no legal move while a royal piece (of ``types``) is attacked: the types are royal,
    moves leaving one attacked are illegal."""

    types: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class Stalemated:
    """The player to move has no legal move."""


@dataclasses.dataclass(frozen=True)
class PiecesRemaining:
    """The player (``total``: every player together) has ``count`` pieces (of ``piece_type``; None: of any) on
    the board (and in stock when ``off_board``); ``exactly``: equal, else at most."""

    count: int
    piece_type: str | None = None
    total: bool = False
    exactly: bool = True
    off_board: bool = False


@dataclasses.dataclass(frozen=True)
class Captured:
    """The previous move took a piece of the player of one of ``types`` off the board."""

    types: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class ConfigPiece:
    """A piece of an ``absolute-config``: its type, whose (own, opponent, any) and whether it is banned."""

    piece_type: str
    owner: str = "own"
    banned: bool = False


@dataclasses.dataclass(frozen=True)
class AbsoluteConfig:
    """Every element (per player: the positions it allows) holds a wanted piece and no banned piece."""

    pieces: tuple[ConfigPiece, ...]
    elements: tuple[dict[str, tuple[str, ...]], ...]


@dataclasses.dataclass(frozen=True)
class RelativeConfig:
    """From some position, ``pieces[0]`` stands there, and each next piece one step further in the next of
    ``directions`` (the player's symmetry applied); a banned piece must not stand there."""

    pieces: tuple[ConfigPiece, ...]
    directions: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class GoalNot:
    """Negation."""

    inner: GoalCondition


@dataclasses.dataclass(frozen=True)
class GoalAll:
    """Conjunction."""

    parts: tuple[GoalCondition, ...]


@dataclasses.dataclass(frozen=True)
class GoalAny:
    """Disjunction."""

    parts: tuple[GoalCondition, ...]


GoalCondition = (Checkmated | Stalemated | PiecesRemaining | Captured | AbsoluteConfig | RelativeConfig | GoalNot
                 | GoalAll | GoalAny)


class Outcome(enum.Enum):
    """What meeting a goal means for its players."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"
    COUNT = "count"


@dataclasses.dataclass(frozen=True)
class Goal:
    """A goal of ``players``: when ``condition`` holds for one of them, the game is over."""

    outcome: Outcome
    players: tuple[str, ...]
    condition: GoalCondition


@dataclasses.dataclass(frozen=True)
class Options:
    """Turn rules besides the move blocks."""

    pass_turn: str = ""
    """``""`` (no passing), ``"true"`` or ``"forced"`` (only without another move)."""
    pass_partial: bool = False
    maximal_captures: bool = False
    recycle_captures: bool = False
    priorities: tuple[str, ...] = ()
    """Move types in priority order: a turn makes moves of the first type that has any."""
    neutral: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class GameProgram:
    """A game whose moves are programs: what a rule-enforcing target needs to play it."""

    title: str
    players: tuple[str, ...]
    board: BoardProgram
    pieces: tuple[PieceProgram, ...]
    turns: tuple[Turn, ...]
    setup: dict[str, tuple[str, str]]
    """Position -> (owner, piece type) at the start."""
    stock: dict[tuple[str, str], int] = dataclasses.field(default_factory=dict)
    """(owner, piece type) -> how many are off the board at the start (to be dropped)."""
    goals: tuple[Goal, ...] = ()
    options: Options = dataclasses.field(default_factory=Options)
    repeat_from: int = 0
    """The turn order starts over at this entry."""
    source: str = ""

    def piece(self, name: str) -> PieceProgram:
        """The piece type named ``name``."""
        for piece in self.pieces:
            if piece.name == name:
                return piece
        raise KeyError(name)

    def royal(self) -> tuple[str, ...]:
        """The piece types of every ``checkmated`` goal (royal pieces), each once."""
        found: list[str] = []

        def visit(c: GoalCondition) -> None:
            if isinstance(c, Checkmated):
                found.extend(t for t in c.types if t not in found)
            elif isinstance(c, GoalNot):
                visit(c.inner)
            elif isinstance(c, (GoalAll, GoalAny)):
                for part in c.parts:
                    visit(part)
        for goal in self.goals:
            visit(goal.condition)
        return tuple(found)
