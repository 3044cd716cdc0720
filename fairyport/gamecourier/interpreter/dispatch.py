"""A faster ``or`` chain of movement terms, with exactly the semantics of evaluating it left to right.

A piece function is mostly an ``or`` chain whose terms each begin (leftmost in a left-to-right ``and`` chain) with
a movement primitive on the function's own endpoints and constant deltas: ``(checkaleap #0 #1 1 2 and empty where
#0 0 1) or (checkride #0 #1 1 0) or ...``. Such a *guard* has no side effects, reads no square but those strictly
between the endpoints, and is false unless ``#1 - #0`` is one of a few deltas known when the code is compiled
(a leap's images, a ride's or hop's multiples up to the board's size, a two-step's sum). Since ``and`` stops at its
first false operand, a term whose guard cannot hold for the endpoints' delta is false without evaluating anything
else, so skipping it changes nothing: not the value, not the side effects of other terms (the remaining terms run
in their order), not which squares are looked at. :func:`or_chain` computes the delta once per call and runs only
the terms that may hold for it (:data:`MIN_GUARDED_TERMS`).
"""

from __future__ import annotations

from collections.abc import Callable

from fairyport.gamecourier.interpreter import values as V
from fairyport.gamecourier.interpreter.board import Geometry, images
from fairyport.gamecourier.interpreter.nodes import Atom, Call, Expr, Group, Logic
from fairyport.gamecourier.interpreter.values import Value

MIN_GUARDED_TERMS = 3
"""Chains with fewer guarded terms are compiled as plain left-to-right ``or`` (the dispatch would not pay)."""

_LEAPS = {"checkleap": False, "checkaleap": True}
_LINES = {"checkride": False, "checkaride": True, "checkhop": False, "checkahop": True, "checkgrasshop": False}
"""Primitives along a line of steps (True: that exact direction only): the destination is a whole number of steps
away (for ``checkgrasshop`` at least two)."""

Delta = tuple[int, int]


def or_terms(e: Expr) -> list[Expr]:
    """The terms of a left-to-right ``or`` chain (``a or b or c`` is ``(a or b) or c``)."""
    return _chain(e, "or")


def and_terms(e: Expr) -> list[Expr]:
    """The operands of a left-to-right ``and`` chain, in evaluation order (groups kept: see :func:`_conjuncts`)."""
    return _chain(e, "and")


def _chain(e: Expr, op: str) -> list[Expr]:
    terms: list[Expr] = []
    while isinstance(e, Logic) and e.op == op:
        terms.append(e.right)
        e = e.left
    terms.append(e)
    return terms[::-1]


def _conjuncts(e: Expr) -> list[Expr]:
    """The operands of a left-to-right ``and`` chain, groups unwrapped, in evaluation order."""
    while isinstance(e, Group):
        e = e.inner
    if isinstance(e, Logic) and e.op == "and":
        return [*_conjuncts(e.left), e.right]
    return [e]


def _is_param(e: Expr, index: int) -> bool:
    return isinstance(e, Atom) and e.kind == "param" and e.text == f"#{index}"


def _offset_square(e: Expr) -> Delta | None:
    """``(x, y)`` for ``where #0 x y`` with constant offsets, else None."""
    if isinstance(e, Group):
        e = e.inner
    if isinstance(e, Call) and e.op == "where" and len(e.args) == 3 and _is_param(e.args[0], 0):
        x, y = _constant(e.args[1]), _constant(e.args[2])
        if x is not None and y is not None:
            return x, y
    return None


def _guard(term: Expr) -> tuple[Call, Delta] | None:
    """The term's guard and the offset of its first endpoint from ``#0``: the leftmost conjunct, or the first
    after conjuncts ``onboard where #0 x y`` / ``empty where #0 x y`` (side-effect free, never failing once
    ``onboard`` has held) when the guard then starts from that same ``where #0 x y``."""
    conjuncts = _conjuncts(term)
    start: Delta | None = None
    for i, conjunct in enumerate(conjuncts):
        inner = conjunct.inner if isinstance(conjunct, Group) else conjunct
        if not isinstance(inner, Call):
            return None
        if inner.op in ("onboard", "empty") and len(inner.args) == 1 and (i > 0 or inner.op == "onboard"):
            offset = _offset_square(inner.args[0])
            if offset is None or (start is not None and offset != start):
                return None
            start = offset
            continue
        if start is None:
            return inner, (0, 0)
        if inner.implicit_endpoints or len(inner.args) < 2 or _offset_square(inner.args[0]) != start:
            return None
        return inner, start
    return None


def _constant(e: Expr) -> int | None:
    if not isinstance(e, Atom) or e.kind != "number":
        return None
    try:
        return V.integer(e.text)
    except V.ValueProblem:
        return None


def guard_deltas(term: Expr, geometry: Geometry) -> frozenset[Delta] | None:
    """The deltas ``#1 - #0`` for which ``term``'s guard may hold, or None when the term has no guard (see
    :func:`_guard`: a movement primitive from ``#0``, or from ``where #0 x y`` after ``onboard`` / ``empty`` of
    that square, to ``#1``, with constant deltas)."""
    found = _guard(term)
    if found is None:
        return None
    call, (ox, oy) = found
    op = call.op
    args = list(call.args)
    if not call.implicit_endpoints:
        if len(args) < 2 or not _is_param(args[1], 1) or ((ox, oy) == (0, 0) and not _is_param(args[0], 0)):
            return None
        args = args[2:]
    deltas = _deltas(op, args, geometry)
    return None if deltas is None else frozenset((dx + ox, dy + oy) for dx, dy in deltas)


def _deltas(op: str, args: list[Expr], geometry: Geometry) -> frozenset[Delta] | None:
    """The deltas from the first endpoint to the second for which primitive ``op`` with constant ``args`` may
    hold."""
    numbers = [_constant(a) for a in args]
    if any(n is None for n in numbers):
        return None
    ints = [n for n in numbers if n is not None]
    if op in _LEAPS and len(ints) == 2:
        dx, dy = ints
        return frozenset([(dx, dy)] if _LEAPS[op] else images(dx, dy))
    if op in _LINES and len(ints) == 2:
        dx, dy = ints
        if (dx, dy) == (0, 0):
            return frozenset()
        reach = max(len(geometry.files), len(geometry.ranks))
        steps = [(dx, dy)] if _LINES[op] else list(images(dx, dy))
        return frozenset((sx * k, sy * k) for sx, sy in steps for k in range(1, reach + 1))
    if op == "checkatwostep" and len(ints) == 4:
        x1, y1, x2, y2 = ints
        return frozenset([(x1 + x2, y1 + y2)])
    return None


def or_chain(terms: list[Expr], compiled: list[Callable[..., Value]], geometry: Geometry,
             endpoints: Callable[..., tuple[Value, Value]]) -> Callable[..., Value] | None:
    """The dispatching ``or`` of ``compiled`` (the terms' code), or None when it would not pay.

    ``endpoints(c)`` gives the values of ``#0`` and ``#1`` in the running function (as the guards read them).
    """
    guards = [guard_deltas(t, geometry) for t in terms]
    if sum(g is not None for g in guards) < MIN_GUARDED_TERMS:
        return None
    universe = frozenset().union(*(g for g in guards if g is not None))
    unguarded = tuple(f for f, g in zip(compiled, guards, strict=True) if g is None)
    table = {d: tuple(f for f, g in zip(compiled, guards, strict=True) if g is None or d in g) for d in universe}
    delta = geometry.delta
    truthy = V.truthy

    def run(c: object) -> Value:
        a, b = endpoints(c)
        d = delta(a if isinstance(a, str) else V.text(a), b if isinstance(b, str) else V.text(b))
        return any(truthy(term(c)) for term in (table.get(d, unguarded) if d is not None else unguarded))
    return run


def guard(term: Expr) -> tuple[Call, Delta] | None:
    """The guard of an ``or`` term (see :func:`guard_deltas`): the movement primitive and the offset of its first
    endpoint from ``#0``, or None when the term has none."""
    return _guard(term)


Reach = tuple[tuple[str, int, int, int, int], ...]
"""How a piece function's guards reach from ``#0``: ``("leap", dx, dy, 0, 0)`` one square, ``("ride", dx, dy, 0,
0)`` every square along the steps up to the first occupied one, ``("hop", dx, dy, 0, 0)`` those after exactly one
occupied square, ``("bent", dx, dy, sx, sy)`` a ride of ``(dx, dy)`` steps from the square ``(sx, sy)`` away when
that square is empty."""
_KIND = {"checkleap": "leap", "checkaleap": "leap", "checkride": "ride", "checkaride": "ride", "checkhop": "hop",
         "checkahop": "hop"}


def function_reach(body: Expr, geometry: Geometry) -> Reach | None:
    """Where a piece function's ``body`` may be true, or None when that is not known from its form: the union over
    the terms of an ``or`` chain of what their guards reach (see :func:`guard_deltas`); ``X and Y`` may hold only
    where ``X`` may (``and`` evaluates ``X`` first and stops when it is false), or where a required
    ``== #1 where #0 x y`` puts it after conjuncts that cannot fail (a castling term); a parenthesised body is its
    inside; ``false`` holds nowhere. Outside its reach the body is false without a side effect and without an
    error (every guard is a primitive on the endpoints with constant deltas)."""
    found: dict[tuple[str, int, int, int, int], None] = {}
    pending = [body]
    while pending:
        e = pending.pop()
        while True:
            if isinstance(e, Group):
                e = e.inner
                continue
            entries = _term_reach(e, geometry)
            if entries is not None:
                found.update(dict.fromkeys(entries))
                break
            if isinstance(e, Logic) and e.op == "and":
                pinned = _pinned(_conjuncts(e))
                if pinned is not None:
                    found[("leap", *pinned, 0, 0)] = None
                    break
                e = e.left
                continue
            if isinstance(e, Logic):
                pending.extend(or_terms(e))
                break
            if isinstance(e, Atom) and e.kind == "word" and e.text == "false":
                break
            return None
    return tuple(found)


def _term_reach(term: Expr, geometry: Geometry) -> list[tuple[str, int, int, int, int]] | None:
    deltas = guard_deltas(term, geometry)
    if deltas is None:
        return None
    found = _guard(term)
    assert found is not None
    call, start = found
    args = list(call.args if call.implicit_endpoints else call.args[2:])
    ints = [_constant(a) for a in args]
    kind = _KIND.get(call.op)
    if kind is None or kind == "leap" or len(ints) != 2 or None in ints or (start != (0, 0) and kind != "ride"):
        return [("leap", dx, dy, 0, 0) for dx, dy in sorted(deltas)]  # every square the guard may reach, one by one
    dx, dy = ints[0], ints[1]
    assert dx is not None and dy is not None
    steps = [(dx, dy)] if call.op.startswith("checka") else list(images(dx, dy))
    if start != (0, 0):  # a step onto an empty square, then a ride from there
        return [("bent", x, y, *start) for x, y in steps]
    return [(kind, x, y, 0, 0) for x, y in steps]


_HARMLESS = ("flag", "empty", "onboard")
"""Operators that cannot raise or change anything, whatever their operand."""


def _pinned(conjuncts: list[Expr]) -> Delta | None:
    """``(x, y)`` when an ``and`` chain, after conjuncts that cannot raise (:data:`_HARMLESS` of a parameter or of
    ``where #0`` with constant offsets), requires ``== #1 where #0 x y`` (a castling term): it is false elsewhere."""
    for conjunct in conjuncts:
        while isinstance(conjunct, Group):
            conjunct = conjunct.inner
        if not isinstance(conjunct, Call) or len(conjunct.args) not in (1, 2):
            return None
        if conjunct.op == "==" and len(conjunct.args) == 2:
            for end, square in (conjunct.args, conjunct.args[::-1]):
                offset = _offset_square(square)
                if _is_param(end, 1) and offset is not None:
                    return offset
            return None
        operand = conjunct.args[0]
        if conjunct.op not in _HARMLESS or len(conjunct.args) != 1 or not (
                (isinstance(operand, Atom) and operand.kind == "param") or _offset_square(operand) is not None):
            return None
    return None
