"""Board geometry: the positions of a board and its directed links per direction, resolved.

Order of resolution: grid positions and grid links (a link exists only where the target exists), explicit
``positions`` and ``dummy`` positions, ``links`` (added, replacing a grid link of the same direction and origin),
``unlink`` (a bare position loses every link from or to it; a pair loses that link), and ``kill-positions``
(the positions disappear with every link from or to them). A direction with fewer components than the grid
has dimensions gets zeros for the missing ones (``dagaz-site/3d-xiangqi.zrf`` writes 2-D vectors on a 3-D grid),
with a warning; one with more is an error. Opposite directions are computed from the links: the
opposite of ``d`` is a direction ``e`` such that every link ``a -d-> b`` has ``b -e-> a`` (for grid directions
the negated vector is preferred).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import operator

from fairyport.diagnostics import Finding, Severity
from fairyport.errors import UnsupportedError
from fairyport.model import MAX_BOARD_SIDE
from fairyport.zrf.syntax.nodes import Node
from fairyport.zrf.typed.tree import Board, Grid, Ref

GRID_MISMATCH = "grid-mismatch"
MAX_GRID_POSITIONS = MAX_BOARD_SIDE * MAX_BOARD_SIDE
"""Most positions one grid may make (the product of its dimensions' sizes): the model's largest board, 256x256.
A bigger grid (a mutated file repeating ``(dimensions ...)`` makes 2^19) is refused before a position is made."""
UNKNOWN_POSITION = "unknown-position"


@dataclasses.dataclass
class Position:
    """A resolved position: its name, screen rectangle, grid coordinates (index per dimension) if any."""

    name: str
    rectangle: tuple[int, ...] | None
    grid: int | None
    coordinates: tuple[int, ...] | None
    dummy: bool
    node: Node


@dataclasses.dataclass
class Geometry:
    """Positions (in definition order), links ``direction -> {from: to}`` and per-player mappings."""

    positions: dict[str, Position]
    links: dict[str, dict[str, str]]
    opposites: dict[str, str]
    symmetries: dict[str, dict[str, str]]
    """Player -> direction -> the direction actually stepped."""
    zones: dict[str, dict[str, list[str]]]
    """Zone -> player -> positions (player ``""`` when the zone names no players)."""

    def step(self, position: str, direction: str, player: str | None = None) -> str | None:
        """Where stepping ``direction`` from ``position`` leads (after ``player``'s symmetry), or None."""
        if player is not None:
            direction = self.symmetries.get(player, {}).get(direction, direction)
        return self.links.get(direction, {}).get(position)

    def zone(self, name: str, player: str) -> list[str]:
        """The positions of zone ``name`` for ``player``."""
        per_player = self.zones.get(name, {})
        return per_player.get(player, per_player.get("", []))


def _grid_positions(grid: Grid, index: int, findings: list[Finding]) -> list[Position]:
    sizes = [len(d.names) for d in grid.dimensions]
    for direction in grid.directions:
        if len(direction.vector) > len(sizes):
            findings.append(Finding(direction.node.location, Severity.ERROR, GRID_MISMATCH,
                                    f"direction {direction.name!r} has {len(direction.vector)} components but the "
                                    f"grid has {len(sizes)} dimensions{direction.node.where()}"))
        elif len(direction.vector) < len(sizes):
            findings.append(Finding(direction.node.location, Severity.WARNING, GRID_MISMATCH,
                                    f"direction {direction.name!r} has {len(direction.vector)} components for "
                                    f"{len(sizes)} dimensions; the missing ones are taken as 0"
                                    f"{direction.node.where()}"))
    if grid.start_rectangle is not None and len(grid.start_rectangle) != 4:
        findings.append(Finding(grid.node.location, Severity.ERROR, GRID_MISMATCH,
                                f"start-rectangle needs 4 numbers, found {len(grid.start_rectangle)}"))
    for dimension in grid.dimensions:
        if len(dimension.step) not in (0, 2):
            findings.append(Finding(dimension.node.location, Severity.ERROR, GRID_MISMATCH,
                                    f"a dimension's pixel step needs 2 numbers, found {len(dimension.step)}"))
    if not sizes:
        return []
    if math.prod(sizes) > MAX_GRID_POSITIONS:
        shape = " x ".join(map(str, sizes)) if len(sizes) < 5 else f"{len(sizes)} dimensions of"
        raise UnsupportedError(f"a grid of {shape} positions: at most {MAX_GRID_POSITIONS:,} "
                               f"(a {MAX_BOARD_SIDE}x{MAX_BOARD_SIDE} board) are supported", grid.node.location,
                               feature="board size")
    start = grid.start_rectangle if grid.start_rectangle and len(grid.start_rectangle) == 4 else None
    # per dimension and index: the name part and the pixel offset, so that a position costs tuple work in C
    axes = [[(part, i * d.step[0], i * d.step[1]) if len(d.step) == 2 else (part, 0, 0)
             for i, part in enumerate(d.names)] for d in grid.dimensions]
    result = []
    for coordinates, parts in zip(itertools.product(*(range(n) for n in sizes)), itertools.product(*axes),
                                  strict=True):
        names, xs, ys = zip(*parts, strict=True)
        rectangle = None
        if start is not None:
            dx, dy = sum(xs), sum(ys)
            rectangle = (start[0] + dx, start[1] + dy, start[2] + dx, start[3] + dy)
        result.append(Position("".join(names), rectangle, index, coordinates, False, grid.node))
    return result


def resolve(board: Board, findings: list[Finding] | None = None) -> Geometry:
    """Resolve ``board``. Problems (grid mismatches, links naming unknown positions) go to ``findings``."""
    found: list[Finding] = [] if findings is None else findings
    positions: dict[str, Position] = {}
    links: dict[str, dict[str, str]] = {}
    vectors: dict[str, set[tuple[int, ...]]] = {}
    for index, grid in enumerate(board.grids):
        cells = _grid_positions(grid, index, found)
        by_coordinates = {p.coordinates: p.name for p in cells}
        for cell in cells:
            positions.setdefault(cell.name, cell)
        for direction in grid.directions:
            table = links.setdefault(direction.name, {})
            if len(direction.vector) > len(grid.dimensions):
                continue
            vector = direction.vector + (0,) * (len(grid.dimensions) - len(direction.vector))
            vectors.setdefault(direction.name, set()).add(vector)
            add = operator.add
            for cell in cells:
                assert cell.coordinates is not None
                name = by_coordinates.get(tuple(map(add, cell.coordinates, vector)))  # both as long as the grid
                if name is not None:
                    table[cell.name] = name
    for explicit in board.positions:
        positions[explicit.name] = Position(explicit.name, explicit.rectangle, None, None, False, explicit.node)
    for dummy in board.dummies:
        positions.setdefault(dummy.name, Position(dummy.name, None, None, None, True, dummy.node))

    def known(ref: Ref, what: str) -> bool:
        if ref.text in positions:
            return True
        found.append(Finding(ref.node.location, Severity.ERROR, UNKNOWN_POSITION,
                             f"{what} names position {ref.text!r}, which is not on the board{ref.node.where()}"))
        return False

    for link in board.links:
        if known(link.source, "links") and known(link.target, "links"):
            links.setdefault(link.direction.text, {})[link.source.text] = link.target.text
    for unlink in board.unlinks:
        if not known(unlink.source, "unlink"):
            continue
        if unlink.target is None:
            _cut(links, {unlink.source.text})
        elif known(unlink.target, "unlink"):
            for table in links.values():
                if table.get(unlink.source.text) == unlink.target.text:
                    del table[unlink.source.text]
    killed = {ref.text for ref in board.kills if known(ref, "kill-positions")}
    for name in killed:
        del positions[name]
    _cut(links, killed)
    symmetries = {s.player.text: {a.text: b.text for a, b in s.pairs} for s in board.symmetries}
    zones: dict[str, dict[str, list[str]]] = {}
    for zone in board.zones:
        for player in zone.players or [Ref("", zone.node)]:
            zones.setdefault(zone.name.text, {})[player.text] = [p.text for p in zone.positions]
    return Geometry(positions, links, opposites(links, vectors), symmetries, zones)


def _cut(links: dict[str, dict[str, str]], names: set[str]) -> None:
    if not names:
        return
    for direction, table in links.items():
        links[direction] = {a: b for a, b in table.items() if a not in names and b not in names}


def opposites(links: dict[str, dict[str, str]], vectors: dict[str, set[tuple[int, ...]]]) -> dict[str, str]:
    """The opposite of each direction that has one (see the module docstring)."""
    negated: dict[str, list[str]] = {}
    for name, own in vectors.items():
        negated[name] = [other for other, theirs in vectors.items()
                         if any(tuple(-c for c in v) in theirs for v in own)]
    result: dict[str, str] = {}
    for direction, table in links.items():
        if not table:
            continue
        candidates = negated.get(direction, []) + [d for d in links if d not in negated.get(direction, [])]
        # ``other`` is the opposite when it links every target back to its source: the inverted table is part
        # of ``other``'s (compared by the dictionaries' item views, not pair by pair in Python)
        inverted = {b: a for a, b in table.items()}
        if len(inverted) != len(table):  # two sources share a target: no direction links back to both
            continue
        for other in candidates:
            reverse = links.get(other, {})
            if reverse and inverted.items() <= reverse.items():
                result[direction] = other
                break
    return result
