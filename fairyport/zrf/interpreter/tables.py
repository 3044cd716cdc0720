"""What the positions, programs, goals and FEN of a compiled ZRF game read of it: :class:`GameTables`, and the
turn order's entries (:class:`Turn`).

The interpreter's modules import one way: :class:`~fairyport.zrf.interpreter.game.Game` is built above the
modules that play it, which name only :class:`GameTables` (or a protocol extending it) for its type.
"""

from __future__ import annotations

import dataclasses
from typing import Protocol

from fairyport.errors import Location
from fairyport.zrf.interpreter.board import Board


@dataclasses.dataclass
class Turn:
    """One entry of the turn order: who moves, whose pieces, which move type (``ANY_TYPE``: all)."""

    player: int
    owner: int
    move_type: int


class GameTables(Protocol):
    """The compiled game as the modules that play it read it (:class:`~fairyport.zrf.interpreter.game.Game` has
    it all)."""

    board: Board
    location: Location
    players: list[str]
    player_index: dict[str, int]
    types: list[str]
    type_index: dict[str, int]
    notation: list[str]
    move_type_index: dict[str, int]
    attribute_bit: dict[str, int]
    initial_attributes: list[int]
    neutral: list[bool]
    turns: list[Turn]
    royal: list[frozenset[int]]
    goal_positions: list[frozenset[int]]
    include_off_pieces: bool

    def declare_move_type(self, name: str) -> int:
        """The index of move type ``name``, declared now if no block has it."""
        ...


__all__ = ["GameTables", "Turn"]
