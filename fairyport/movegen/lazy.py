"""Tables filled on first use, so that compiling a game stays linear in the number of squares.

A 256x256 board has 65,536 squares; a queen's rays from every square would hold about 55 million square
indices per piece code, and the reverse rays to every square as many again. The move generator builds such
tables per square (or per piece code) only when a position asks for them: a perft visits few squares.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

V = TypeVar("V")


class Lazy(dict[int, V], Generic[V]):
    """A table indexed by square (or piece code) whose entries ``build(key)`` computes on first lookup."""

    __slots__ = ("_build",)

    def __init__(self, build: Callable[[int], V]) -> None:
        super().__init__()
        self._build = build

    def __missing__(self, key: int) -> V:
        value = self[key] = self._build(key)
        return value
