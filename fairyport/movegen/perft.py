"""Perft and divide: count the leaves of the legal-move tree (see shared notes on perft conventions).

Bulk counting: at depth 1 the number of legal moves is returned without making them. ``jobs > 1`` spreads the
root moves over worker processes (:mod:`fairyport.movegen.workers`: a dead worker is an error, never a hang).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from fairyport.movegen.workers import run_forked


class PerftPosition(Protocol):
    """What perft needs of a position: the reference generator's :class:`~fairyport.movegen.position.Position`
    and the format interpreters' positions (ZRF, GAME Code) all provide it."""

    def legal_raw(self) -> Sequence[Any]:
        """The legal moves, in any internal form."""

    def push_raw(self, move: Any) -> None:
        """Make ``move`` (one of :meth:`legal_raw`)."""

    def pop_raw(self) -> None:
        """Take back the last move made by :meth:`push_raw`."""

    def uci(self, move: Any) -> str:
        """The move's name for ``divide`` (from and to square, promotion, extra captures)."""

    def copy(self) -> PerftPosition:
        """An independent copy (for worker processes)."""


def perft(pos: PerftPosition, depth: int) -> int:
    """Number of leaf nodes of the legal-move tree of ``depth`` plies below ``pos``."""
    if depth <= 0:
        return 1
    moves = pos.legal_raw()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        pos.push_raw(move)
        total += perft(pos, depth - 1)
        pos.pop_raw()
    return total


def _divide_one(args: tuple[PerftPosition, Any, int, str]) -> tuple[str, int]:
    pos, move, depth, name = args
    pos.push_raw(move)
    count = perft(pos, depth - 1)
    pos.pop_raw()
    return name, count


SAME_NAME_MARK = "~"
"""Two legal root moves an engine names alike (the same origin and destination, different effects) are listed
apart by :func:`divide`, the second and later as ``NAME~2``, ``NAME~3``: merged under one name, their counts
would overwrite each other and the divide would no longer sum to the perft."""


def distinct_names(names: list[str]) -> list[str]:
    """``names`` with the second and later of each repeated name marked ``NAME~2``, ``NAME~3`` (in order);
    :data:`SAME_NAME_MARK`."""
    seen: dict[str, int] = {}
    distinct = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        distinct.append(name if seen[name] == 1 else f"{name}{SAME_NAME_MARK}{seen[name]}")
    return distinct


def divide(pos: PerftPosition, depth: int, *, jobs: int = 1,
           progress: Callable[[str, int], None] | None = None) -> dict[str, int]:
    """``perft(pos after m, depth - 1)`` for every legal root move ``m``, keyed by the move's UCI text (moves
    named alike kept apart, see :data:`SAME_NAME_MARK`), so that the counts sum to ``perft(pos, depth)``.

    ``jobs`` > 1 runs the root moves in that many processes. ``progress`` is called after each root move.
    """
    if depth < 1:
        return {}
    moves = list(pos.legal_raw())
    names = distinct_names([pos.uci(move) for move in moves])
    tasks = [(pos.copy(), move, depth, name) for move, name in zip(moves, names, strict=True)]
    results: dict[str, int] = {}

    def done(_index: int, result: tuple[str, int]) -> None:
        results[result[0]] = result[1]
        if progress is not None:
            progress(*result)

    if jobs > 1 and len(tasks) > 1:
        run_forked(_divide_one, tasks, jobs, lambda index: f"the root move {names[index]}", done)
    else:
        for index, task in enumerate(tasks):
            done(index, _divide_one(task))
    return {name: results[name] for name in names}


def perft_jobs(pos: PerftPosition, depth: int, *, jobs: int = 1,
               progress: Callable[[str, int], None] | None = None) -> int:
    """:func:`perft` that can spread the root moves over ``jobs`` processes."""
    if jobs <= 1 and progress is None:
        return perft(pos, depth)
    return sum(divide(pos, depth, jobs=jobs, progress=progress).values()) if depth >= 1 else 1
