"""How two move generators' answers differ, in the words of the oracle tests' failure messages."""

from __future__ import annotations


def move_difference(ours: list[str], theirs: list[str]) -> str:
    """The moves the reference generator lacks and those it has over ``theirs``."""
    missing = sorted(set(theirs) - set(ours))
    extra = sorted(set(ours) - set(theirs))
    return f"reference lacks {missing}, reference has extra {extra}"


def divide_difference(ours: dict[str, int], theirs: dict[str, int]) -> dict[str, tuple[int | None, int | None]]:
    """``move -> (ours, theirs)`` for each root move whose divide counts differ (``None`` where one lacks it)."""
    return {m: (ours.get(m), theirs.get(m)) for m in set(ours) | set(theirs) if ours.get(m) != theirs.get(m)}
