"""The operators of GAME Code expressions (other than ``fn``, ``sub``, ``var``, ``cond``, ``eval`` and the
``check*`` primitives, which the compiler handles itself): each takes the activation and its evaluated operands.

Values are bounded (:data:`MAX_INTEGER`, :data:`MAX_TEXT`, :data:`MAX_ARRAY`), so no code can make the process
run out of memory; a value of the wrong kind raises :class:`~.values.ValueProblem`, which the compiler turns into
a located error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from fairyport.gamecourier.interpreter import values as V
from fairyport.gamecourier.interpreter.board import Geometry
from fairyport.gamecourier.interpreter.state import State, side_of
from fairyport.gamecourier.interpreter.values import EMPTY, Value, ValueProblem

MAX_INTEGER = 2 ** 63
"""Whole numbers beyond this (either sign) are an error, so arithmetic in a loop cannot eat the memory."""
MAX_TEXT = 100_000
"""Longest string ``join`` may build."""
MAX_ARRAY = 10_000
"""Most elements an array may hold."""



class Board(Protocol):
    """What an operator reads of the interpreter: the board's geometry, and what the reading of holes makes of
    them (:class:`~.interpreter.Interpreter`)."""

    @property
    def geometry(self) -> Geometry: ...

    @property
    def hole_labels(self) -> dict[str, str]: ...

    @property
    def reach_position(self) -> dict[str, tuple[int, int]]: ...

    def where(self, square: str, dx: int, dy: int) -> str | None: ...


class Activation(Protocol):
    """What an operator reads of its activation (:class:`~.interpreter.Ctx`): the state and the interpreter."""

    @property
    def s(self) -> State: ...

    @property
    def it(self) -> Board: ...


Operator = Callable[[Activation, list[Value]], Value]

def _square_value(c: Activation, value: Value) -> Value:
    sq = V.text(value)
    return c.s.board.get(sq) if sq in c.it.geometry.position else c.it.hole_labels.get(sq)


def _space(c: Activation, a: list[Value]) -> Value:
    return _square_value(c, a[0])


def _empty(c: Activation, a: list[Value]) -> Value:
    return _square_value(c, a[0]) == EMPTY


def _rank(c: Activation, a: list[Value]) -> Value:
    pos = c.it.reach_position.get(V.text(a[0]))
    return pos[1] if pos is not None else None


def _file(c: Activation, a: list[Value]) -> Value:
    pos = c.it.reach_position.get(V.text(a[0]))
    return pos[0] if pos is not None else None


def _where(c: Activation, a: list[Value]) -> Value:
    found = c.it.where(V.text(a[0]), V.integer(a[1]), V.integer(a[2]))
    return found if found is not None else False


def _onboard(c: Activation, a: list[Value]) -> Value:
    return V.text(a[0]) in c.it.geometry.position


def _spaces(c: Activation, a: list[Value]) -> Value:
    return dict(c.s.board.items()) | c.it.hole_labels


def _only(side: int) -> Operator:
    def only(c: Activation, a: list[Value]) -> Value:
        # the empty test first: on a big board nearly every square is empty (3x faster on 256x256)
        return {sq: label for sq, label in c.s.board.items() if label != EMPTY and side_of(label) == side}
    return only


def _findpiece(c: Activation, a: list[Value]) -> Value:
    label = V.text(a[0])
    board = c.s.board
    position = c.it.geometry.position
    for key, value in V.as_array(a[1]).items():
        if isinstance(value, str) and value in position and value != label:
            if board.get(value) == label:
                return value
        elif V.text(value) == label:
            return key
    return False


def _flag(c: Activation, a: list[Value]) -> Value:
    return V.truthy(c.s.flags.get(V.text(a[0]), False))


def _arith(op: str) -> Operator:
    def arith(c: Activation, a: list[Value]) -> Value:
        result = _arith_value(V.number(a[0]), V.number(a[1]))
        if isinstance(result, int) and abs(result) > MAX_INTEGER:
            raise ValueProblem(f"a whole number beyond {MAX_INTEGER}")
        return result

    def _arith_value(x: int | float, y: int | float) -> Value:
        if op == "+":
            return x + y
        if op == "-":
            return x - y
        if op == "*":
            return x * y
        if op == "/":
            q = x / y
            return int(q) if q.is_integer() else q
        if op == "%":  # PHP's: whole numbers, the remainder takes the dividend's sign (-7 % 3 is -1)
            remainder = abs(int(x)) % abs(int(y))
            return -remainder if x < 0 else remainder
        shift = int(y)
        if not 0 <= shift < 64:
            raise ValueProblem(f"a shift by {shift}")
        return int(x) << shift if op == "<<" else int(x) >> shift
    return arith


def _compare(test: Callable[[int], bool]) -> Operator:
    return lambda c, a: test(V.compare(a[0], a[1]))


def _match(c: Activation, a: list[Value]) -> Value:
    if not a:
        return False
    first, rest = a[0], a[1:]
    for item in rest:
        for v in (item.values() if isinstance(item, dict) else (item,)):
            if V.loose_equal(first, v):
                return True
    return False


def _range(c: Activation, a: list[Value]) -> Value:
    lo, hi = V.integer(a[0]), V.integer(a[1])
    if abs(hi - lo) >= MAX_ARRAY:
        raise ValueProblem(f"a range of more than {MAX_ARRAY} numbers")
    step = 1 if hi >= lo else -1
    return V.make_array(list(range(lo, hi + step, step)))


def _merge(c: Activation, a: list[Value]) -> Value:
    result: dict[Any, Value] = {}
    for value in a:
        for key, item in V.as_array(value).items():
            if isinstance(key, int):
                ints = [k for k in result if isinstance(k, int)]
                result[max(ints) + 1 if ints else 0] = item
            else:
                result[key] = item
    return _sized(result)


def _join(a: list[Value]) -> Value:
    joined = V.text(a[0]) + V.text(a[1])
    if len(joined) > MAX_TEXT:
        raise ValueProblem(f"a string longer than {MAX_TEXT} characters")
    return joined


def _sized(array: dict[Any, Value]) -> dict[Any, Value]:
    if len(array) > MAX_ARRAY:
        raise ValueProblem(f"an array of more than {MAX_ARRAY} elements")
    return array


def _elem(c: Activation, a: list[Value]) -> Value:
    key, array = a[0], V.as_array(a[1])
    if key in array:
        return array[key]
    if V.is_numeric(key) and int(V.number(key)) in array:
        return array[int(V.number(key))]
    return array.get(V.text(key))


OPERATORS: dict[str, tuple[int, Operator]] = {
    "not": (1, lambda c, a: not V.truthy(a[0])),
    "!": (1, lambda c, a: not V.truthy(a[0])),
    "rank": (1, _rank),
    "file": (1, _file),
    "space": (1, _space),
    "empty": (1, _empty),
    "flag": (1, _flag),
    "abs": (1, lambda c, a: abs(V.number(a[0]))),
    "onboard": (1, _onboard),
    "isupper": (1, lambda c, a: side_of(V.text(a[0])) == 1),
    "islower": (1, lambda c, a: side_of(V.text(a[0])) == 2),
    "toupper": (1, lambda c, a: V.text(a[0]).upper()),
    "tolower": (1, lambda c, a: V.text(a[0]).lower()),
    "count": (1, lambda c, a: len(V.as_array(a[0]))),
    "keys": (1, lambda c, a: V.make_array(list(V.as_array(a[0]).keys()))),
    "==": (2, lambda c, a: V.loose_equal(a[0], a[1])),
    "!=": (2, lambda c, a: not V.loose_equal(a[0], a[1])),
    "equal": (2, lambda c, a: type(a[0]) is type(a[1]) and a[0] == a[1]),
    "<": (2, _compare(lambda r: r < 0)),
    ">": (2, _compare(lambda r: r > 0)),
    "<=": (2, _compare(lambda r: r <= 0)),
    ">=": (2, _compare(lambda r: r >= 0)),
    "+": (2, _arith("+")),
    "-": (2, _arith("-")),
    "*": (2, _arith("*")),
    "/": (2, _arith("/")),
    "%": (2, _arith("%")),
    "<<": (2, _arith("<<")),
    ">>": (2, _arith(">>")),
    "min": (2, lambda c, a: a[0] if V.compare(a[0], a[1]) <= 0 else a[1]),
    "max": (2, lambda c, a: a[0] if V.compare(a[0], a[1]) >= 0 else a[1]),
    "join": (2, lambda c, a: _join(a)),
    "merge": (2, _merge),
    "elem": (2, _elem),
    "range": (2, _range),
    "findpiece": (2, _findpiece),
    "where": (3, _where),
    "spaces": (0, _spaces),
    "captured": (0, lambda c, a: c.s.old),
    "capture": (0, lambda c, a: c.s.old is not None and c.s.old != EMPTY),
    "onlyupper": (0, _only(1)),
    "onlylower": (0, _only(2)),
    "list": (-1, lambda c, a: V.make_array(a)),
    "array": (-1, lambda c, a: V.make_array(a)),
    "match": (-1, _match),
}
"""Operators: operand count (-1 = every operand to the right) and implementation."""
"""Operators: operand count (-1 = every operand to the right) and implementation."""
