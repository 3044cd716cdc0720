"""A ZRF hexagonal board read as the rectangle of half-cells it is drawn on.

Zillions' hexagonal boards (Gliński's, McCooey's, Shafran's chess, Xiang Hex) are one two-dimensional grid whose
columns (or rows) are staggered by half a cell (:func:`fairyport.zrf.rectangle.hexagonal`). Drawn on the screen,
every cell's centre lies on a rectangular lattice whose step is one cell across the stagger and half a cell along
it: placed there, each cell is a square of a rectangle, the lattice points no cell covers are holes (every other
point: the cells of one column sit two points apart), and each hexagonal direction is one constant step of that
rectangle: on a board of vertical columns (Gliński's) the six orthogonal directions are (0, ±2) and (±1, ±1), the
six diagonals (±2, 0) and (±1, ±3); the rook is ``vD0B``, the bishop ``sD0vC0``, the king ``DFvC``, Gliński's
knight ``sCvNXvAX``. This is the "doubled coordinates" layout of a hexagonal grid, a linear image of the grid's
own coordinates, so every move of the hexagonal board is the same move of the rectangle and the rectangle's XBetza
(read by the generator and the Interactive Diagram alike, which has no hexagonal board of its own) plays it
exactly. Its squares are named by the rectangle's files and ranks, not the file's hexagonal names (the reader
renames them: :func:`fairyport.zrf.rectangle.rectangle`).
"""

from __future__ import annotations

from fairyport.zrf.typed.geometry import Geometry
from fairyport.zrf.typed.tree import ZrfGame

Cell = tuple[int, int]

HEX_STAGGER = 2
"""A two-dimensional grid is hexagonal where one dimension's pixel step is straight along one screen axis and the
other's is oblique, moving 1/HEX_STAGGER of the first step along that axis: columns (or rows) of cells staggered
by half a cell, the layout Zillions' hexagonal boards (Glinski's, McCooey's, Xiang Hex) declare."""


def hex_axes(tree: ZrfGame) -> tuple[int, int, int] | None:
    """For a board whose first grid is laid out as hexagons (:data:`HEX_STAGGER`): (the screen axis along which
    cells are staggered, 0 for x or 1 for y; the lattice's pixel step along it, half a cell; its pixel step across,
    one cell); None for any other board."""
    if tree.board is None or not tree.board.grids or len(tree.board.grids[0].dimensions) != 2:
        return None
    first, second = (d.step for d in tree.board.grids[0].dimensions)
    if len(first) != 2 or len(second) != 2:
        return None
    for straight, oblique in ((first, second), (second, first)):
        for axis in (0, 1):
            if straight[1 - axis] == 0 and straight[axis] != 0 and oblique[1 - axis] != 0 \
                    and abs(oblique[axis]) * HEX_STAGGER == abs(straight[axis]):
                return axis, abs(oblique[axis]), abs(oblique[1 - axis])
    return None


def hex_cells(tree: ZrfGame, geometry: Geometry) -> dict[str, Cell] | None:
    """Each position of a hexagonal board's grid as (file, rank) of the rectangle of half-cells (see the module),
    files left to right and ranks bottom to top on the screen, counted from 0 at the grid's own lattice origin
    (the caller moves them to the rectangle's corner); None where the board is not hexagonal."""
    axes = hex_axes(tree)
    if axes is None or tree.board is None:
        return None
    axis, along, across = axes
    unit = (along, across) if axis == 0 else (across, along)
    steps = [d.step for d in tree.board.grids[0].dimensions]
    cells: dict[str, Cell] = {}
    for name, pos in geometry.positions.items():
        if pos.grid != 0 or pos.coordinates is None or pos.dummy:
            continue
        x = sum(c * s[0] for c, s in zip(pos.coordinates, steps, strict=True))
        y = sum(c * s[1] for c, s in zip(pos.coordinates, steps, strict=True))
        if x % unit[0] or y % unit[1]:
            return None
        cells[name] = (x // unit[0], -(y // unit[1]))  # the screen's y grows downwards, ranks upwards
    return cells if len(set(cells.values())) == len(cells) else None
