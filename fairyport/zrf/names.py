"""Names the ZRF writer gives to directions and pieces, and the reader's way back from directions to vectors.

A direction is named after its (file, rank) step seen from White: one ``n``/``s`` per rank and one ``e``/``w``
per file, ranks first (``n`` = (0, 1), ``ne`` = (1, 1), ``nne`` = (1, 2), ``nnee`` = (2, 2)). Every written
direction has its negation too, which is what Black steps (the symmetry is a 180-degree turn, as the move
generator reads XBetza for Black).
"""

from __future__ import annotations

import re

Vector = tuple[int, int]
"""A (file, rank) step, rank upwards (White's forward)."""

_UNSAFE = re.compile(r"[^A-Za-z0-9!?_-]+")


def direction_name(vector: Vector) -> str:
    """The name of the direction stepping ``vector``: ``(1, 2)`` -> ``nne``."""
    dx, dy = vector
    if vector == (0, 0):
        raise ValueError("a direction cannot be the null step")
    return ("n" * dy if dy > 0 else "s" * -dy) + ("e" * dx if dx > 0 else "w" * -dx)


def negate(vector: Vector) -> Vector:
    """The opposite step."""
    return -vector[0], -vector[1]


def piece_name(name: str, taken: set[str]) -> str:
    """A ZRF atom for a model piece name: words capitalised and joined by ``-``; made unique against ``taken``.

    ``"war elephant"`` -> ``War-Elephant``. The name is added to ``taken``.
    """
    words = [w for w in _UNSAFE.sub(" ", name).split() if w]
    base = "-".join(w[:1].upper() + w[1:] for w in words) or "Piece"
    if base[0].isdigit() or base[0] in "-?":
        base = "P" + base
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    taken.add(candidate)
    return candidate
