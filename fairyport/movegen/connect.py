"""The connection goal (:class:`~fairyport.model.ConnectGoal`): lines, blocks and chains of a player's pieces.

Kept apart from the generator's hot paths: :class:`~fairyport.movegen.compile.Variant` compiles a
:class:`ConnectSpec` once and :meth:`Position.is_game_over` / :meth:`Position.outcome` ask :func:`connected`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from fairyport.model import BLACK, WHITE, Game, StalemateResult
from fairyport.movegen.codes import type_codes
from fairyport.movegen.geometry import Geometry

if TYPE_CHECKING:
    from fairyport.movegen.position import Position

STEPS = {"horizontal": ((1, 0),), "vertical": ((0, 1),), "diagonal": ((1, 1), (1, -1))}
"""Per direction name, the steps (file, rank) of Fairy-Stockfish's connection directions (east, north, north-east
and south-east): lines are counted along them, and chains grow only along them."""


class ConnectSpec(NamedTuple):
    """A compiled connection goal: per colour the connecting codes; the line length and steps per square; the block
    side; per colour the chain's two zones."""

    codes: tuple[frozenset[int], frozenset[int]]
    length: int
    """Pieces in a line that connect (0: no line goal)."""
    steps: tuple[tuple[int, ...], ...]
    """Per square, the next square along each step (-1 off the board)."""
    square: int
    block: tuple[tuple[int, ...], ...]
    """Per square, the squares of the ``square`` x ``square`` block it is the south-east corner of (empty if it
    does not fit)."""
    zones: tuple[tuple[frozenset[int], frozenset[int]], tuple[frozenset[int], frozenset[int]]] | None
    result: StalemateResult


def compile_connect(game: Game, geometry: Geometry, type_ids: Sequence[str]) -> ConnectSpec | None:
    """The connection goal of ``game`` for type indexes carrying the ids ``type_ids``, or None without one."""
    goal = game.rules.connect
    if goal is None:
        return None
    codes = tuple(type_codes(type_ids, goal.pieces, color) for color in (WHITE, BLACK))
    deltas = [step for name in goal.directions for step in STEPS[name]]
    steps = tuple(tuple(geometry.step(sq, dx, dy) for dx, dy in deltas) for sq in range(geometry.size))
    block: list[tuple[int, ...]] = []
    for sq in range(geometry.size):
        cells = [geometry.step(sq, -dx, dy) for dx in range(goal.square) for dy in range(goal.square)]
        block.append(tuple(cells) if goal.square and min(cells) >= 0 else ())
    zones = None
    if goal.zones is not None:
        zones = tuple(tuple(frozenset(geometry.square(name) for name in game.zone_squares(zone, color))
                            for zone in goal.zones) for color in (WHITE, BLACK))
    return ConnectSpec((codes[0], codes[1]), goal.count, steps, goal.square, tuple(block),
                       zones, goal.result)  # type: ignore[arg-type]


def _line(spec: ConnectSpec, mine: set[int]) -> bool:
    for sq in mine:
        for k in range(len(spec.steps[sq])):
            run, at = 1, spec.steps[sq][k]
            while at in mine and run < spec.length:
                run += 1
                at = spec.steps[at][k]
            if run >= spec.length:
                return True
    return False


def _chain(spec: ConnectSpec, mine: set[int], start: frozenset[int], target: frozenset[int]) -> bool:
    reached = mine & start
    todo = list(reached)
    while todo:
        sq = todo.pop()
        for nxt in spec.steps[sq]:
            if nxt in mine and nxt in target:  # a step onto the target, even onto a square already reached
                return True
            if nxt in mine and nxt not in reached:
                reached.add(nxt)
                todo.append(nxt)
    return False


def connected(pos: Position) -> bool:
    """True if the player who just moved has connected (the game is over)."""
    spec = pos.variant.connect
    if spec is None:
        return False
    color = pos.turn ^ 1
    codes = spec.codes[color]
    mine = {sq for sq, code in enumerate(pos.board) if code in codes}
    if spec.length and _line(spec, mine):
        return True
    if spec.square and any(cells and all(c in mine for c in cells) for cells in (spec.block[sq] for sq in mine)):
        return True
    if spec.zones is not None:
        start, target = spec.zones[color]
        if mine & start and mine & target and _chain(spec, mine, start, target):
            return True
    return False


__all__ = ["STEPS", "ConnectSpec", "compile_connect", "connected"]
