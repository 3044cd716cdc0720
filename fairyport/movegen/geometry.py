"""Board geometry for the move generator: square indices, coordinates and steps.

Squares are numbered 0..N-1 in the order of :attr:`fairyport.model.Board.positions` (rank by rank from the
first rank, holes left out). :meth:`Geometry.at` maps coordinates to an index, or -1 off the board or on a hole.
"""

from __future__ import annotations

from fairyport.errors import UnsupportedError
from fairyport.model import Board


class Geometry:
    """Index <-> coordinates for a rectangular board with holes."""

    def __init__(self, board: Board) -> None:
        if board.links or board.extra_positions:
            raise UnsupportedError(
                "the move generator supports rectangular boards with holes; linked or extra positions arrive "
                "with the ZRF model issue",
                feature="board links",
            )
        self.board = board
        self.files = board.files
        self.ranks = board.ranks
        self.names: list[str] = [p.name for p in board.positions]
        self.coords: list[tuple[int, int]] = [(p.file or 0, p.rank or 0) for p in board.positions]
        self.index: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        self._grid = [[-1] * self.ranks for _ in range(self.files)]
        for i, (f, r) in enumerate(self.coords):
            self._grid[f][r] = i
        self.size = len(self.names)

    def at(self, file: int, rank: int) -> int:
        """Index of the square at (file, rank), or -1 if off the board or a hole."""
        if 0 <= file < self.files and 0 <= rank < self.ranks:
            return self._grid[file][rank]
        return -1

    def step(self, square: int, dx: int, dy: int) -> int:
        """Index of the square (dx, dy) away from ``square``, or -1."""
        f, r = self.coords[square]
        return self.at(f + dx, r + dy)

    def ray(self, square: int, dx: int, dy: int, limit: int, wrap: bool = False) -> tuple[int, ...]:
        """Squares reached by repeating the step (dx, dy) from ``square``, at most ``limit`` times (0: no limit),
        ending at a hole or the board's edge. ``wrap``: on a cylinder (XBetza's ``o``), the files wrap around, the
        a-file next to the last one, and the ride ends before it would come back to ``square``."""
        out: list[int] = []
        f, r = self.coords[square]
        while limit == 0 or len(out) < limit:
            f = (f + dx) % self.files if wrap else f + dx
            r += dy
            target = self.at(f, r)
            if target < 0 or target == square:
                break
            out.append(target)
        return tuple(out)

    def name(self, square: int) -> str:
        """The square's name (``e4``)."""
        return self.names[square]

    def square(self, name: str) -> int:
        """The index of the square called ``name``; -1 if there is none."""
        return self.index.get(name, -1)
