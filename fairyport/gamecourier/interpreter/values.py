"""GAME Code values and how operators read them.

Game Courier is written in PHP and its values behave like PHP's: numbers, strings, booleans, null and arrays
(ordered maps). Here they are Python ``int`` / ``float`` / ``str`` / ``bool`` / ``None`` and ``dict``. Arrays
have value semantics: every command that changes an array builds a new ``dict``, so a saved state never
shares a changing array with the running one.
"""

from __future__ import annotations

import re
from typing import Any

Value = Any
"""A GAME Code value: ``int``, ``float``, ``str``, ``bool``, ``None`` or ``dict`` (an array)."""

EMPTY = "@"
"""The label of an empty square (the GAME Code Tutorial: "@, which is the internal label for an empty space")."""

_NUMERIC_START = frozenset("0123456789+-. \t\n\r")
_NUMBER = re.compile(r"\s*[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)\s*$")


class ValueProblem(Exception):
    """A value of the wrong kind for an operator; the interpreter turns it into a located error."""


def truthy(value: Value) -> bool:
    """PHP truth: ``false``, ``null``, ``0``, ``0.0``, ``""``, ``"0"`` and the empty array are false."""
    if value is True or value is False:
        return value  # the commonest case (comparisons and check primitives), first
    if isinstance(value, str):
        return value not in ("", "0")
    return bool(value)


def is_numeric(value: Value) -> bool:
    """True for numbers and numeric strings (PHP's ``is_numeric``); booleans count as 0 / 1."""
    if isinstance(value, (bool, int, float)):
        return True
    return isinstance(value, str) and _NUMBER.match(value) is not None


def number(value: Value) -> int | float:
    """The value as a number: numbers, numeric strings, booleans and null (0).

    :raises ValueProblem: for other strings and for arrays.
    """
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)):
        return value
    if value is None:
        return 0
    if isinstance(value, str) and _NUMBER.match(value):
        text = value.strip()
        try:
            return int(text)
        except ValueError:
            return float(text)
    raise ValueProblem(f"not a number: {show(value)}")


def integer(value: Value) -> int:
    """The value as a whole number (floats are truncated, as PHP's ``(int)`` does).

    :raises ValueProblem: also for infinite and undefined floats.
    """
    try:
        return int(number(value))
    except (OverflowError, ValueError):
        raise ValueProblem(f"not a whole number: {show(value)}") from None


def text(value: Value) -> str:
    """The value as PHP would print it: ``true`` -> ``1``, ``false`` / ``null`` -> empty, arrays ``Array``."""
    if value is True:
        return "1"
    if value is False or value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dict):
        return "Array"
    return str(value)


def show(value: Value) -> str:
    """A value for an error message."""
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, dict):
        return "an array"
    return {True: "true", False: "false", None: "null"}.get(value, str(value)) if not isinstance(
        value, (int, float)) or isinstance(value, bool) else str(value)


def loose_equal(a: Value, b: Value) -> bool:
    """``==``: numerically when both sides are numeric, else as text (PHP's loose comparison of scalars)."""
    if a is b:
        return True
    if isinstance(a, str) and isinstance(b, str):
        if a == b:
            return True
        if not a or not b or a[0] not in _NUMERIC_START or b[0] not in _NUMERIC_START:
            return False
        if is_numeric(a) and is_numeric(b):
            return number(a) == number(b)
        return False
    if isinstance(a, dict) or isinstance(b, dict):
        return bool(a == b)
    if isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
        return truthy(a) == truthy(b)
    if is_numeric(a) and is_numeric(b):
        return number(a) == number(b)
    return text(a) == text(b)


def compare(a: Value, b: Value) -> int:
    """``<`` / ``>`` ordering: numerically when both are numeric, else as text. Returns -1, 0 or 1."""
    if is_numeric(a) and is_numeric(b):
        x, y = number(a), number(b)
        return (x > y) - (x < y)
    s, t = text(a), text(b)
    return (s > t) - (s < t)


def as_array(value: Value) -> dict[Any, Value]:
    """The value as an array: arrays as they are, null as the empty array, a scalar as a one-element array."""
    if isinstance(value, dict):
        return value
    if value is None or value is False:
        return {}
    return {0: value}


def make_array(items: list[Value]) -> dict[Any, Value]:
    """A list as an array with keys 0, 1, 2, ..."""
    return dict(enumerate(items))
