"""Move blocks that can never take a piece: an attack test need not run them.

An attack test (``attacked?``, the royal check) puts a piece on the tested square and asks whether some enemy block
captures it there: lands on it, captures it, or moves it as a cascaded sub-move. A block whose every ``add`` lands
on a square the block has just verified empty, and that neither captures, cascades, names another destination
(``to``) nor takes another moving piece (``from``), can do none of these, so the translated preset skips it in
attack tests (``QUIET_BLOCKS_SKIPPED`` in :mod:`.write`). The analysis follows every path: a position is known
empty only from a test of the current position that every path to the ``add`` passed after its last step.
"""

from __future__ import annotations

from fairyport.program import nodes as pn


def never_takes(body: tuple[pn.Instruction, ...]) -> bool:
    """True when no run of ``body`` can land on, capture or cascade onto an occupied square."""
    try:
        _sequence(body, False)
    except _MayTake:
        return False
    return True


class _MayTake(Exception):
    """An instruction through which the block may take a piece."""


def _sequence(body: tuple[pn.Instruction, ...], empty: bool) -> bool:
    """Follow ``body`` from a state where the current position is known empty (``empty``) or not; the state at
    its end."""
    for item in body:
        empty = _instruction(item, empty)
    return empty


def _instruction(item: pn.Instruction, empty: bool) -> bool:
    if isinstance(item, (pn.Step, pn.Jump, pn.GoTo)):
        return False
    if isinstance(item, pn.Verify):
        return empty or _says_empty(item.condition)
    if isinstance(item, pn.If):
        then = _sequence(item.then, empty or _says_empty(item.condition))
        otherwise = _sequence(item.otherwise, empty or _says_empty(pn.Not(item.condition)))
        return then and otherwise
    if isinstance(item, pn.While):
        # the body starts after a true test of the condition, from the entry or from the end of a turn
        start = _says_empty(item.condition) or empty
        end = _sequence(item.body, start)
        if not end and start and not _says_empty(item.condition):
            start = False
            end = _sequence(item.body, start)
        return empty and end
    if isinstance(item, pn.Add):
        if not empty:
            raise _MayTake
        return empty
    if isinstance(item, (pn.To, pn.From, pn.Cascade)):
        raise _MayTake
    if isinstance(item, pn.Affect) and item.effect is pn.Effect.CAPTURE:
        raise _MayTake
    return empty  # marks, flags, attributes, flips, changes of type or owner, creations: no capture


def _says_empty(condition: pn.Condition) -> bool:
    """Whether the condition holds only where the current position is empty."""
    if isinstance(condition, pn.Occupied):
        return condition.occupant is pn.Occupant.EMPTY and isinstance(condition.where, pn.Here)
    if isinstance(condition, pn.All):
        return any(_says_empty(part) for part in condition.parts)
    if isinstance(condition, pn.Any):
        return bool(condition.parts) and all(_says_empty(part) for part in condition.parts)
    if isinstance(condition, pn.Not):
        inner = condition.inner
        if isinstance(inner, pn.Not):
            return _says_empty(inner.inner)
        if isinstance(inner, pn.Any):
            return any(_says_empty(pn.Not(part)) for part in inner.parts)
        if isinstance(inner, pn.All):
            return bool(inner.parts) and all(_says_empty(pn.Not(part)) for part in inner.parts)
    return False
