"""A ZRF board that is a rectangle of files and ranks, however its grid is declared.

A board of one two-dimensional ``grid`` whose positions are named file letter + rank number is read directly
(:func:`fairyport.zrf.read._plain_grid`). Other rectangular grids (TicTacToe's ``top-left`` ... ``bottom-right``,
rows listed before columns, grids with extra positions for pieces in storage) are rectangles too:
:func:`rectangle` places each grid position by its screen layout (files left to right, ranks bottom to top),
renames it to the model's square name, and accepts the board only where every resolved direction link
(after ``links``, ``unlink`` and ``kill-positions``) is one constant step between squares of the rectangle.
Positions outside the grid are storage: the board is a rectangle only where no link and no piece of the setup
touches them (they are then left out, with the zone squares on them).
"""

from __future__ import annotations

import dataclasses

from fairyport.model import Board, square_name
from fairyport.zrf.names import Vector
from fairyport.zrf.typed.geometry import Geometry
from fairyport.zrf.typed.tree import ZrfGame


@dataclasses.dataclass(frozen=True)
class Rectangle:
    """A rectangular reading of a board: the model board, ZRF position name -> square name, and each direction's
    (file, rank) step."""

    board: Board
    rename: dict[str, str]
    vectors: dict[str, Vector]


def rectangle(tree: ZrfGame, geometry: Geometry) -> Rectangle | None:
    """The board of ``tree`` as a rectangle, or None where it is not one (see the module)."""
    board = tree.board
    if board is None or len(board.grids) != 1 or len(board.grids[0].dimensions) != 2:
        return None
    dims = board.grids[0].dimensions
    if _across(dims[0].step) and _down(dims[1].step):
        fi, ri = 0, 1
    elif _down(dims[0].step) and _across(dims[1].step):
        fi, ri = 1, 0
    else:
        return None
    files, ranks = len(dims[fi].names), len(dims[ri].names)
    left_to_right, top_down = dims[fi].step[0] > 0, dims[ri].step[1] > 0
    cells: dict[str, tuple[int, int]] = {}
    for name, pos in geometry.positions.items():
        if pos.grid == 0 and pos.coordinates is not None and not pos.dummy:
            f, r = pos.coordinates[fi], pos.coordinates[ri]
            cells[name] = (f if left_to_right else files - 1 - f, ranks - 1 - r if top_down else r)
    storage = set(geometry.positions) - set(cells)
    placed = {ref.text for part in tree.setup for entry in part.entries for ref in entry.positions}
    if placed & storage:
        return None
    at = {cell: name for name, cell in cells.items()}
    vectors: dict[str, Vector] = {}
    for direction, table in geometry.links.items():
        if not table:
            continue
        steps = {(cells[b][0] - cells[a][0], cells[b][1] - cells[a][1]) if a in cells and b in cells else None
                 for a, b in table.items()}
        if len(steps) != 1 or None in steps:
            return None
        step = steps.pop()
        assert step is not None
        for (f, r), name in at.items():
            if table.get(name) != at.get((f + step[0], r + step[1])):
                return None
        vectors[direction] = step
    rename = {name: square_name(f, r, 1) for name, (f, r) in cells.items()}
    holes = frozenset(square_name(f, r, 1) for f in range(files) for r in range(ranks) if (f, r) not in at)
    return Rectangle(Board(files, ranks, holes, 1), rename, vectors)


def _across(step: tuple[int, ...]) -> bool:
    """A pixel step along the screen's x axis only."""
    return len(step) >= 2 and step[0] != 0 and step[1] == 0


def _down(step: tuple[int, ...]) -> bool:
    """A pixel step along the screen's y axis only."""
    return len(step) >= 2 and step[0] == 0 and step[1] != 0
