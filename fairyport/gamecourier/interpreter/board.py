"""The board of a preset as GAME Code sees it: coordinates, 0-based file and rank, and the movement primitives.

Squares are named ``file label + rank label`` (``e4``); ``file`` and ``rank`` count from 0 at the left and at
the bottom. Holes (``-`` in the FEN code) are not squares. The board's contents live in the interpreter's state
as ``{square: label}`` with :data:`~.values.EMPTY` for empty squares.

The ``check*`` primitives (sources: docs/gamecourier.md, "What Game Courier documents"): an ``a`` in the name means the
exact delta ``(dx, dy)``; without it, every sign and swap image of the delta. Deltas are ``(file, rank)`` steps. The
primitives look at the squares *between* the two ends only, never at what stands on them: in Post-Move code the move has
already been made, so the origin is empty and the destination holds the mover.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable

from fairyport.gamecourier.interpreter.values import EMPTY

Board = dict[str, str]
"""Square -> label (``@`` when empty)."""


@functools.lru_cache(maxsize=4096)
def images(dx: int, dy: int) -> tuple[tuple[int, int], ...]:
    """Every sign and swap image of ``(dx, dy)``: 8 for an oblique delta, 4 for an orthogonal or diagonal one."""
    found: list[tuple[int, int]] = []
    for x, y in ((dx, dy), (dy, dx)):
        for sx in (1, -1):
            for sy in (1, -1):
                step = (x * sx, y * sy)
                if step not in found:
                    found.append(step)
    return tuple(found)


def _steps(d: tuple[int, int], dx: int, dy: int) -> int:
    """How many ``(dx, dy)`` steps make ``d`` (0 if it is not a whole positive multiple)."""
    if (dx, dy) == (0, 0):
        return 0
    if dx == 0:
        if d[0] != 0 or d[1] * dy <= 0 or d[1] % dy:
            return 0
        return d[1] // dy
    if d[0] * dx <= 0 or d[0] % dx:
        return 0
    k = d[0] // dx
    return k if d[1] == k * dy else 0


@functools.lru_cache(maxsize=65536)
def _line_of(fx: int, fy: int, dx: int, dy: int, exact: bool) -> tuple[int, int, int] | None:
    """The step (one of ``(dx, dy)``'s images, or that delta only when ``exact``) and how many of them make the
    offset ``(fx, fy)``, or None when no image does (the first image in :func:`images`' order that does)."""
    for sx, sy in ((dx, dy),) if exact else images(dx, dy):
        steps = _steps((fx, fy), sx, sy)
        if steps:
            return sx, sy, steps
    return None


@dataclasses.dataclass
class Geometry:
    """Coordinates of a board: names, positions and neighbours."""

    files: list[str]
    ranks: list[str]
    squares: list[str]
    """Every square (holes excluded), bottom rank first, left to right."""
    position: dict[str, tuple[int, int]]
    """Square -> (file, rank), 0-based."""
    at: dict[tuple[int, int], str]
    """(file, rank) -> square."""
    holes: dict[str, tuple[int, int]] = dataclasses.field(default_factory=dict)
    """The name of each hole (file label + rank label) -> (file, rank): no square, named for the reading
    :data:`~.readings.HOLES_MISSING`."""

    @classmethod
    def build(cls, files: list[str], ranks: list[str], holes: set[tuple[int, int]]) -> Geometry:
        """Name every cell that is not a hole."""
        squares: list[str] = []
        position: dict[str, tuple[int, int]] = {}
        at: dict[tuple[int, int], str] = {}
        named: dict[str, tuple[int, int]] = {}
        for r, rank in enumerate(ranks):
            for f, file in enumerate(files):
                name = file + rank
                if (f, r) in holes:
                    named[name] = (f, r)
                    continue
                squares.append(name)
                position[name] = (f, r)
                at[(f, r)] = name
        return cls(files, ranks, squares, position, at, named)

    def where(self, square: str, dx: int, dy: int) -> str | None:
        """The square ``(dx, dy)`` away from ``square``, or None off the board or on a hole."""
        pos = self.position.get(square)
        if pos is None:
            return None
        return self.at.get((pos[0] + dx, pos[1] + dy))

    def delta(self, a: str, b: str) -> tuple[int, int] | None:
        """``b - a`` as (file, rank) steps, or None if either is not a square."""
        pa, pb = self.position.get(a), self.position.get(b)
        if pa is None or pb is None:
            return None
        return pb[0] - pa[0], pb[1] - pa[1]

    # --- movement primitives -------------------------------------------------------------------------------

    def leap(self, board: Board, a: str, b: str, dx: int, dy: int, exact: bool) -> bool:
        """``checkleap`` / ``checkaleap``: ``b`` is one leap of ``(dx, dy)`` from ``a``."""
        d = self.delta(a, b)
        if d is None:
            return False
        if exact:
            return d == (dx, dy)
        return d in images(dx, dy)

    def _squares_between(self, a: str, b: str, dx: int, dy: int, exact: bool) -> list[str | None] | None:
        """The cells strictly between ``a`` and ``b`` when ``b`` lies on a line of ``(dx, dy)`` steps from ``a``
        (that delta only, or any of its images), None otherwise; a hole is None in the list."""
        pa, pb = self.position.get(a), self.position.get(b)
        if pa is None or pb is None:
            return None
        line = _line_of(pb[0] - pa[0], pb[1] - pa[1], dx, dy, exact)
        if line is None:
            return None
        sx, sy, steps = line
        at = self.at
        return [at.get((pa[0] + sx * i, pa[1] + sy * i)) for i in range(1, steps)]

    def ride(self, board: Board, a: str, b: str, dx: int, dy: int, exact: bool) -> bool:
        """``checkride`` / ``checkaride``: ``b`` is reached by repeating ``(dx, dy)`` over empty squares."""
        between = self._squares_between(a, b, dx, dy, exact)
        return between is not None and all(sq is not None and board[sq] == EMPTY for sq in between)

    def _occupied_between(self, board: Board, a: str, b: str, dx: int, dy: int, exact: bool) -> list[bool] | None:
        """For each square between ``a`` and ``b`` on a line (see :meth:`_squares_between`), whether it is
        occupied; None if there is no such line or a hole interrupts it."""
        between = self._squares_between(a, b, dx, dy, exact)
        if between is None or any(sq is None for sq in between):
            return None
        return [board[sq] != EMPTY for sq in between if sq is not None]

    def hop(self, board: Board, a: str, b: str, dx: int, dy: int, exact: bool) -> bool:
        """``checkhop`` / ``checkahop``: along a line of ``(dx, dy)`` steps, exactly one occupied square lies
        between ``a`` and ``b`` (the cannon's capture; the sources leave the arguments unattested)."""
        occupied = self._occupied_between(board, a, b, dx, dy, exact)
        return occupied is not None and sum(occupied) == 1

    def grasshop(self, board: Board, a: str, b: str, dx: int, dy: int) -> bool:
        """``checkgrasshop``: along a line of ``(dx, dy)`` steps (every image), the first occupied square is the
        one just before ``b`` (the grasshopper)."""
        occupied = self._occupied_between(board, a, b, dx, dy, False)
        return bool(occupied) and occupied is not None and occupied[-1] and not any(occupied[:-1])

    def longleap(self, board: Board, a: str, b: str, dx: int, dy: int) -> bool:
        """``checklongleap``: along a line of ``(dx, dy)`` steps (every image), at least one occupied square lies
        between and ``b`` is empty (the checkers king's long leap; removing the leapt pieces is the code's job)."""
        if board.get(b) != EMPTY:
            return False
        occupied = self._occupied_between(board, a, b, dx, dy, False)
        return occupied is not None and any(occupied)

    def twostep(self, board: Board, a: str, b: str, x1: int, y1: int, x2: int, y2: int) -> bool:
        """``checkatwostep``: a step of exactly ``(x1, y1)`` onto an empty square, then ``(x2, y2)`` onto ``b``."""
        middle = self.where(a, x1, y1)
        if middle is None or board[middle] != EMPTY:
            return False
        return self.where(middle, x2, y2) == b

    def path(self, board: Board, a: str, b: str, steps: list[tuple[int, int]]) -> bool:
        """``checkpath``: the exact steps one after another, every square on the way empty, ending on ``b``."""
        square: str | None = a
        for i, (dx, dy) in enumerate(steps):
            assert square is not None
            square = self.where(square, dx, dy)
            if square is None:
                return False
            if i < len(steps) - 1 and board[square] != EMPTY:
                return False
        return bool(steps) and square == b


PrimitiveCheck = Callable[..., bool]
