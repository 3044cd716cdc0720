"""A ZRF board that is a rectangle of files and ranks, however its grid is declared.

A board of one two-dimensional ``grid`` whose positions are named file letter + rank number is read directly
(:func:`fairyport.zrf.read._plain_grid`). Other rectangular grids (TicTacToe's ``top-left`` ... ``bottom-right``,
rows listed before columns, grids with extra positions for pieces in storage) are rectangles too:
:func:`rectangle` places each grid position by its screen layout (files left to right, ranks bottom to top),
renames it to the model's square name, and reads each direction whose resolved links (after ``links``,
``unlink`` and ``kill-positions``) are one constant step between squares of the rectangle, linking every pair of
squares that step apart, as that step.

- Positions declared outside the grid whose screen rectangles lie on the grid's lattice and that a direction
  links (Omega Chess's wizard squares) are squares too: the rectangle grows to hold them, with holes around.
- Other positions are storage: those no constant step links (outside the grid, or inside it: a reserve column
  that only a ``next`` direction steps through, or none, as Knight's Court and Chessence keep pieces off the
  board). Storage is left out, with the zone squares on it; no piece of the setup may stand there (those pieces
  are off the board: :func:`direction_reasons` says so).
- The other directions (storage sequences, lines drawn between some squares only, steps that wrap around the
  edge) are no XBetza step: :func:`direction_reasons` says why, and a move along one stays ZRF code. A board
  where no direction is a step of the rectangle, or where one links a square to storage, is no rectangle.
"""

from __future__ import annotations

import collections
import dataclasses

from fairyport.model import Board, square_name
from fairyport.zrf.hexagons import hex_axes, hex_cells
from fairyport.zrf.names import Vector
from fairyport.zrf.typed.geometry import Geometry
from fairyport.zrf.typed.tree import ZrfGame

Cell = tuple[int, int]


@dataclasses.dataclass(frozen=True)
class Rectangle:
    """A rectangular reading of a board: the model board, ZRF position name -> square name, and each direction's
    (file, rank) step (only the directions that are steps of the rectangle)."""

    board: Board
    rename: dict[str, str]
    vectors: dict[str, Vector]


def rectangle(tree: ZrfGame, geometry: Geometry) -> Rectangle | None:
    """The board of ``tree`` as a rectangle, or None where it is not one (see the module)."""
    parts = _parts(tree, geometry)
    if parts is None or parts.stored:
        return None
    cells, at = parts.cells, {cell: name for name, cell in parts.cells.items()}
    vectors = {direction: step for direction, step in parts.constant.items()
               if _missing(geometry.links[direction], at, step) is None}
    if not vectors:
        return None
    files, ranks = max(f for f, _ in cells.values()) + 1, max(r for _, r in cells.values()) + 1
    rename = {name: square_name(f, r, 1) for name, (f, r) in cells.items()}
    holes = frozenset(square_name(f, r, 1) for f in range(files) for r in range(ranks) if (f, r) not in at)
    return Rectangle(Board(files, ranks, holes, 1), rename, vectors)


@dataclasses.dataclass(frozen=True)
class _Parts:
    """A board's squares (name -> (file, rank) from 0, storage left out), the directions that are one constant
    step between them, and the setup's positions on storage."""

    cells: dict[str, Cell]
    constant: dict[str, Cell]
    stored: list[str]


def _parts(tree: ZrfGame, geometry: Geometry) -> _Parts | None:
    """The board's squares and steps (see the module), or None where its layout is no grid along the screen's
    axes or it has links but none is a constant step."""
    cells = _layout(tree, geometry)
    if cells is None:
        return None
    constant: dict[str, Cell] = {}
    for direction, table in geometry.links.items():
        found = _steps(table, cells)
        step = next(iter(found), None)
        if len(found) == 1 and step is not None:
            constant[direction] = step
    if any(geometry.links.values()):
        # the squares are what the steps link; the rest is storage (linked only by the other directions, or not at
        # all: reserve columns that no move steps onto)
        on_board = {name for d in constant for pair in geometry.links[d].items() for name in pair}
        cells = {name: cell for name, cell in cells.items() if name in on_board}
    if not cells:
        return None
    low_f, low_r = min(f for f, _ in cells.values()), min(r for _, r in cells.values())
    cells = {name: (f - low_f, r - low_r) for name, (f, r) in cells.items()}
    placed = {ref.text for part in tree.setup for entry in part.entries for ref in entry.positions}
    # (positions the geometry left out are no concern here: storage the reader holds as hands, .storage)
    return _Parts(cells, constant, sorted((placed & set(geometry.positions)) - set(cells)))


def direction_reasons(tree: ZrfGame, geometry: Geometry, vectors: dict[str, Vector]) -> dict[str, str]:
    """Why each direction that links positions but is not in ``vectors`` is no XBetza step, in model terms: a
    phrase that follows "a step along the direction 'd'," (see :func:`fairyport.zrf.explain.why_not`)."""
    others = [d for d, table in geometry.links.items() if table and d not in vectors]
    if hexagonal(tree):
        return {d: HEX_WHY for d in others}
    parts = _parts(tree, geometry)
    cells = parts.cells if parts is not None else _layout(tree, geometry) or {}
    at = {cell: name for name, cell in cells.items()}
    reasons: dict[str, str] = {}
    for direction in others:
        table = geometry.links[direction]
        steps = collections.Counter(_step(a, b, cells) for a, b in table.items())
        usual = steps.most_common(1)[0][0]
        if usual is None or len(steps) > 1:
            source, target = next((a, b) for a, b in table.items() if usual is None or _step(a, b, cells) != usual)
            wraps = usual is not None and all(step is not None and _wraps(step, usual, cells) for step in steps)
            reasons[direction] = (
                f"which wraps around the edge of the board, from {source!r} to {target!r} (boards of the model have "
                "edges)"
                if wraps else "which links positions in an order no one step of files and ranks follows, as from "
                f"{source!r} to {target!r} (storage or a sequence of positions)")
            continue
        gap = _missing(table, at, usual)
        if gap is not None:
            reasons[direction] = (f"which links only some of the squares one step apart (not {gap[0]!r} to "
                                  f"{gap[1]!r}): lines drawn between squares, not a rectangle of files and ranks")
        elif parts is not None and parts.stored:
            reasons[direction] = (f"which steps on a rectangle whose setup puts pieces on storage positions "
                                  f"({', '.join(parts.stored[:4])}): pieces off the board, which the model holds only "
                                  "in hand")
        else:
            reasons[direction] = ("which links positions that are no rectangle of files and ranks (XBetza moves need "
                                  "one)")
    return reasons


def cylinder_vectors(tree: ZrfGame, geometry: Geometry) -> dict[str, Vector] | None:
    """The steps of a cylinder board's directions that wrap around (Chess.zrf's Cylindrical Chess: ``e`` links
    h1 to a1): each links every square to the square one step away with the files taken around, the a-file next to
    the last (XBetza's ``o``). None unless the board is a whole rectangle (no holes, no storage) on which every
    direction that steps across files wraps so and every other direction is a constant step."""
    parts = _parts(tree, geometry)
    if parts is None or parts.stored or hexagonal(tree):
        return None
    cells = parts.cells
    files, ranks = max(f for f, _ in cells.values()) + 1, max(r for _, r in cells.values()) + 1
    if len(cells) != files * ranks:
        return None
    at = {cell: name for name, cell in cells.items()}
    found: dict[str, Vector] = {}
    for direction, table in geometry.links.items():
        if not table:
            continue
        steps = collections.Counter(_step(a, b, cells) for a, b in table.items())
        usual = steps.most_common(1)[0][0]
        if usual is None:
            return None
        wrapped = {name: at.get(((f + usual[0]) % files, r + usual[1])) for name, (f, r) in cells.items()}
        if {name: table.get(name) for name in cells} != wrapped or set(table) - set(cells):
            return None
        if usual[0] != 0:
            found[direction] = usual
    return found or None


HEX_WHY = ("of a hexagonal board, which is no one step of the rectangle of half-cells the board is drawn on (the "
           "model's form of a hexagonal board, and the Interactive Diagram's)")
"""Why a direction of a hexagonal board is no XBetza step, where the board is not read as the rectangle of
half-cells it is drawn on (:mod:`.hexagons`)."""


def hexagonal(tree: ZrfGame) -> bool:
    """Whether the board's first grid is laid out as hexagons (:data:`.hexagons.HEX_STAGGER`)."""
    return hex_axes(tree) is not None


def _layout(tree: ZrfGame, geometry: Geometry) -> dict[str, Cell] | None:
    """Each position of the grid, and each linked position declared on its lattice, as (file, rank) counted
    from the screen's left and bottom edges of the grid (lattice positions may lie outside it); None where the
    board is not one two-dimensional grid laid out along the screen's axes."""
    board = tree.board
    if hexagonal(tree):
        return hex_cells(tree, geometry)
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

    def oriented(f: int, r: int) -> Cell:
        return f if left_to_right else files - 1 - f, ranks - 1 - r if top_down else r

    cells = {name: oriented(pos.coordinates[fi], pos.coordinates[ri]) for name, pos in geometry.positions.items()
             if pos.grid == 0 and pos.coordinates is not None and not pos.dummy}
    linked = {name for table in geometry.links.values() for pair in table.items() for name in pair}
    for name, (f, r) in _on_lattice(geometry, (dims[fi].step[0], dims[ri].step[1])).items():
        if name in linked:  # a position no direction links is storage, wherever it is drawn
            cells[name] = oriented(f, r)
    return cells if len(set(cells.values())) == len(cells) else None


def _step(source: str, target: str, cells: dict[str, Cell]) -> Cell | None:
    """The (file, rank) step of one link, None where an end is not on the layout."""
    if source not in cells or target not in cells:
        return None
    return cells[target][0] - cells[source][0], cells[target][1] - cells[source][1]


def _steps(table: dict[str, str], cells: dict[str, Cell]) -> set[Cell | None]:
    """The distinct steps of a direction's links (None for a link with an end off the layout)."""
    return {_step(a, b, cells) for a, b in table.items()}


def _missing(table: dict[str, str], at: dict[Cell, str], step: Cell) -> tuple[str, str | None] | None:
    """The first square whose link along ``step`` differs from the square that step away (it may be no square:
    None), or None where the direction links exactly the squares ``step`` apart."""
    for (f, r), name in at.items():
        target = at.get((f + step[0], r + step[1]))
        if table.get(name) != target:
            return name, target
    return None


def _wraps(step: Cell, usual: Cell, cells: dict[str, Cell]) -> bool:
    """Whether ``step`` is ``usual`` taken around the board's edge: off by the board's width or height."""
    width = max(f for f, _ in cells.values()) - min(f for f, _ in cells.values()) + 1
    height = max(r for _, r in cells.values()) - min(r for _, r in cells.values()) + 1
    df, dr = step[0] - usual[0], step[1] - usual[1]
    return df % width == 0 and dr % height == 0


LATTICE_TOLERANCE = 4
"""How far (in parts of a cell, ``1/LATTICE_TOLERANCE``) a position declared outside the grid may sit from a point of
the grid's lattice and still be read as the square there: ZRF authors place such positions by hand (Omega Chess's
wizard squares lie 2 pixels off the 50-pixel lattice)."""


def _on_lattice(geometry: Geometry, steps: tuple[int, int]) -> dict[str, tuple[int, int]]:
    """Positions declared outside the grid whose screen rectangle is a grid cell's shifted by whole cells (within
    the tolerance above): name -> (file index, rank index) in the grid's own counting, which may lie outside it."""
    origin = next((p.rectangle for p in geometry.positions.values()
                   if p.grid == 0 and p.coordinates is not None and not any(p.coordinates) and p.rectangle), None)
    if origin is None or len(origin) != 4:
        return {}
    width, height = origin[2] - origin[0], origin[3] - origin[1]
    placed: dict[str, tuple[int, int]] = {}
    for name, pos in geometry.positions.items():
        box = pos.rectangle
        if pos.grid is not None or pos.dummy or box is None or len(box) != 4:
            continue
        if abs(box[2] - box[0] - width) * LATTICE_TOLERANCE > abs(steps[0]) or \
                abs(box[3] - box[1] - height) * LATTICE_TOLERANCE > abs(steps[1]):
            continue
        along = [(box[0] - origin[0]) / steps[0], (box[1] - origin[1]) / steps[1]]
        index = [round(a) for a in along]
        if any(abs(a - i) * LATTICE_TOLERANCE > 1 for a, i in zip(along, index, strict=True)):
            continue
        placed[name] = (index[0], index[1])
    return placed


def _across(step: tuple[int, ...]) -> bool:
    """A pixel step along the screen's x axis only."""
    return len(step) >= 2 and step[0] != 0 and step[1] == 0


def _down(step: tuple[int, ...]) -> bool:
    """A pixel step along the screen's y axis only."""
    return len(step) >= 2 and step[0] == 0 and step[1] != 0
