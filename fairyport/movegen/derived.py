"""Position classes derived from a base class for one rule (atomic captures, rebirth, splits ...), made once.

A rule that changes how moves are made or tested is a subclass of the game's position class; the rules a game has
stack up in :data:`fairyport.movegen.plugins.RULES` order (:meth:`fairyport.movegen.compile.Variant.new_position`).
:func:`derived_once` makes each rule's class factory build one class per base class, so positions of one game share
their class.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

C = TypeVar("C", bound=type)


def derived_once(build: Callable[[C], C]) -> Callable[[C], C]:
    """``build`` (base class -> derived class) calling itself once per base class."""
    made: dict[C, C] = {}

    @functools.wraps(build)
    def derived(base: C) -> C:
        found = made.get(base)
        if found is None:
            found = made[base] = build(base)
        return found

    return derived


__all__ = ["derived_once"]
