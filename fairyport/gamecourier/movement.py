"""Piece functions as movement terms: the bridge from GAME Code ``def``\\ s to a movement model.

A piece function is usually an ``or`` chain of ``check*`` primitives, some restricted by ``and`` conditions.
Because ``and`` / ``or`` group from the left without precedence, a condition applies to every term before
it: ``checkaleap -1 0 or checkaleap 1 0 and > rank #0 4 or checkaleap 0 1`` gives the two sideways steps
with the rank condition and the forward step without it. :func:`decompose` returns those terms, or None
when the function is not of that form (then it must be kept as code and run by an interpreter).
"""

from __future__ import annotations

import dataclasses

from fairyport.gamecourier.interpreter.expressions import CHECK_PRIMITIVES
from fairyport.gamecourier.interpreter.nodes import Atom, Call, Expr, Group, Logic, integer

_ENDPOINTS = ("#0", "#1")


@dataclasses.dataclass(frozen=True)
class MoveTerm:
    """One movement term of a piece function."""

    primitive: str
    """``checkleap``, ``checkaride``, ... or ``fn`` (a call of another piece function)."""
    exact: bool
    """True for ``checka*`` (the delta as given); False for the symmetric expansion."""
    deltas: tuple[int, ...]
    """``(dx, dy)``, or ``(x1, y1, x2, y2)`` for ``checkatwostep``; empty for ``fn``."""
    target: str | None = None
    """For ``fn``: the called function."""
    conditions: tuple[Expr, ...] = ()
    """Conditions that must also hold (``and`` terms), innermost first."""


def decompose(expr: Expr) -> list[MoveTerm] | None:
    """The movement terms of a piece function, or None if it is not an or/and chain of primitives whose
    endpoints are ``#0 #1`` (or implicit) and whose deltas are integers."""
    if isinstance(expr, Group):
        return decompose(expr.inner)
    if isinstance(expr, Logic):
        left = decompose(expr.left)
        if left is None:
            return None
        if expr.op == "and":
            return [dataclasses.replace(t, conditions=(*t.conditions, expr.right)) for t in left]
        right = decompose(expr.right)
        return None if right is None else left + right
    if isinstance(expr, Call):
        term = _term(expr)
        return None if term is None else [term]
    return None


def _term(call: Call) -> MoveTerm | None:
    texts = [a.text if isinstance(a, Atom) else None for a in call.args]
    if call.op == "fn":
        if len(texts) == 3 and texts[0] is not None and tuple(texts[1:]) == _ENDPOINTS:
            return MoveTerm("fn", False, (), target=texts[0])
        return None
    if call.op not in CHECK_PRIMITIVES:
        return None
    if not call.implicit_endpoints and tuple(texts[:2]) != _ENDPOINTS:
        return None
    operands = call.args if call.implicit_endpoints else call.args[2:]
    deltas = [value for arg in operands if (value := integer(arg)) is not None]
    if len(deltas) != len(operands):
        return None
    return MoveTerm(call.op, call.op.startswith("checka"), tuple(deltas))
