"""Perft and divide: count the leaves of the legal-move tree (see shared notes on perft conventions).

Bulk counting: at depth 1 the number of legal moves is returned without making them. ``jobs > 1`` spreads the
root moves over worker processes.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable

from fairyport.rules.position import Position, RawMove


def perft(pos: Position, depth: int) -> int:
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


def _divide_one(args: tuple[Position, RawMove, int]) -> tuple[str, int]:
    pos, move, depth = args
    name = pos.uci(move)
    pos.push_raw(move)
    count = perft(pos, depth - 1)
    pos.pop_raw()
    return name, count


def divide(pos: Position, depth: int, *, jobs: int = 1,
           progress: Callable[[str, int], None] | None = None) -> dict[str, int]:
    """``perft(pos after m, depth - 1)`` for every legal root move ``m``, keyed by the move's UCI text.

    ``jobs`` > 1 runs the root moves in that many processes. ``progress`` is called after each root move.
    """
    if depth < 1:
        return {}
    tasks = [(pos.copy(), move, depth) for move in pos.legal_raw()]
    results: dict[str, int] = {}
    if jobs > 1 and len(tasks) > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for name, count in pool.imap_unordered(_divide_one, tasks):
                results[name] = count
                if progress is not None:
                    progress(name, count)
    else:
        for task in tasks:
            name, count = _divide_one(task)
            results[name] = count
            if progress is not None:
                progress(name, count)
    order = [pos.uci(move) for _, move, _ in tasks]
    return {name: results[name] for name in order}


def perft_jobs(pos: Position, depth: int, *, jobs: int = 1,
               progress: Callable[[str, int], None] | None = None) -> int:
    """:func:`perft` that can spread the root moves over ``jobs`` processes."""
    if jobs <= 1 and progress is None:
        return perft(pos, depth)
    return sum(divide(pos, depth, jobs=jobs, progress=progress).values()) if depth >= 1 else 1
