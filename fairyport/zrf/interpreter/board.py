"""The board compiled for the interpreter: positions and directions as integers, links as integer arrays.

Built from :class:`fairyport.zrf.typed.geometry.Geometry`, so every board the syntax layer resolves (grids of
any dimension, several grids, explicit positions, links, unlinks, killed positions) is played the same way.
``step[player][direction][position]`` is the position reached (``-1`` when there is no link), with the
player's ``symmetry`` already applied, so a step costs one list lookup.
"""

from __future__ import annotations

import dataclasses

from fairyport.zrf.typed.geometry import Geometry

NO_LINK = -1
"""The value of a link table entry where a direction leads nowhere."""


@dataclasses.dataclass
class Board:
    """Positions, directions, per-player step tables, opposites and zones, all by index."""

    names: list[str]
    index: dict[str, int]
    directions: list[str]
    direction_index: dict[str, int]
    links: list[list[int]]
    """``links[d][p]``: the raw link of direction ``d`` from ``p`` (no symmetry)."""
    step: list[list[list[int]]]
    """``step[player][d][p]``: the link after ``player``'s symmetry."""
    opposite: list[int]
    """``opposite[d]``: the opposite direction, or -1."""
    zones: dict[str, list[frozenset[int]]]
    """Zone name -> per player index, the positions of that zone for that player."""
    grid_coordinates: list[tuple[int, ...] | None]
    dummy: list[bool]
    rectangles: list[tuple[int, ...] | None] = dataclasses.field(default_factory=list)
    """``rectangles[p]``: the position's screen rectangle (left, top, right, bottom) where the file gives one."""

    def rectangle(self, ignore: frozenset[int] = frozenset()) -> tuple[int, int, list[list[int]]] | None:
        """``(files, ranks, rows)`` if the board is one full 2-D grid (rows top first, each by file), else None.

        This is what FEN needs: every non-dummy position sits on one grid of two dimensions with no holes.
        Positions in ``ignore`` (storage positions holding pieces in hand) are left out.
        """
        cells = [(c, p) for p, c in enumerate(self.grid_coordinates) if not self.dummy[p] and p not in ignore]
        if not cells or any(c is None or len(c) != 2 for c, _ in cells):
            return None
        files = 1 + max(c[0] for c, _ in cells if c is not None)
        ranks = 1 + max(c[1] for c, _ in cells if c is not None)
        if len(cells) != files * ranks:
            return None
        rows = [[NO_LINK] * files for _ in range(ranks)]
        for c, p in cells:
            assert c is not None
            rows[c[1]][c[0]] = p
        if any(NO_LINK in row for row in rows):
            return None
        return files, ranks, rows


def compile_board(geometry: Geometry, players: list[str]) -> Board:
    """The integer form of ``geometry`` for ``players`` (in the game's player order)."""
    names = list(geometry.positions)
    index = {name: i for i, name in enumerate(names)}
    directions = list(geometry.links)
    for mapping in geometry.symmetries.values():
        for name in (*mapping.keys(), *mapping.values()):
            if name not in geometry.links and name not in directions:
                directions.append(name)
    direction_index = {name: i for i, name in enumerate(directions)}
    links = []
    for name in directions:
        table = [NO_LINK] * len(names)
        for source, target in geometry.links.get(name, {}).items():
            if source in index and target in index:
                table[index[source]] = index[target]
        links.append(table)
    step = []
    for player in players:
        mapping = geometry.symmetries.get(player, {})
        step.append([links[direction_index[mapping.get(d, d)]] for d in directions])
    opposite = [direction_index.get(geometry.opposites.get(d, ""), NO_LINK) for d in directions]
    zones = {}
    for zone in geometry.zones:
        zones[zone] = [frozenset(index[p] for p in geometry.zone(zone, player) if p in index) for player in players]
    coordinates = [geometry.positions[n].coordinates if geometry.positions[n].grid == 0 else None for n in names]
    dummy = [geometry.positions[n].dummy for n in names]
    rectangles = [geometry.positions[n].rectangle for n in names]
    return Board(names, index, directions, direction_index, links, step, opposite, zones, coordinates, dummy,
                 rectangles)
