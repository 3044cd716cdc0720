"""GAME Code lines whose meaning is the same under every reading of the points Game Courier's pages leave open:
the order in which ``and`` / ``or`` evaluate, and how many operands ``fn`` reads.

Game Courier evaluates an expression from the right, and its pages do not say whether a chain stops early
(:mod:`~fairyport.gamecourier.interpreter.readings`); a test that is only safe once an earlier one held (``fn
space #at #at #king`` after ``#at``) is therefore written as its own statement, run only when the tests before it
held.
"""

from __future__ import annotations

from fairyport.gamecourier.interpreter.expressions import def_arity, parse_expression
from fairyport.gamecourier.interpreter.lexer import tokenize


def return_all(tests: list[str], indent: str = "  ") -> list[str]:
    """``return T1 and T2 and ... and Tn;`` with each test evaluated only when those before it held."""
    lines: list[str] = []
    for test in tests[:-1]:
        lines += [f"{indent}if not {test}:", f"{indent}  return false;", f"{indent}endif;"]
    return [*lines, f"{indent}return {tests[-1]};"]


def if_all(tests: list[str], body: list[str], indent: str = "  ") -> list[str]:
    """``if T1 and ... and Tn: BODY endif;`` with each test evaluated only when those before it held (nested
    ``if`` blocks; ``body`` lines are given without indentation)."""
    if not tests:
        return [f"{indent}{line}" for line in body]
    return [f"{indent}if {tests[0]}:", *if_all(tests[1:], body, indent + "  "), f"{indent}endif;"]


def fn_call(name: str, body: str, operands: list[str]) -> str:
    """``fn NAME`` with as many of ``operands`` as the ``def NAME BODY`` uses, so that no operand is left over for
    the enclosing expression (Game Courier's ``fn`` reads only the operands the function uses)."""
    parsed = parse_expression(tokenize(body).tokens, body)
    count = def_arity(parsed.expr, parsed.bindings)
    return " ".join(["fn", name, *operands[:count]])


def never(*operands: str) -> str:
    """A test that is always false and reads each of ``operands`` (``!= #0 #0``): the body of a ``def`` that holds
    for nothing, so that ``fn NAME`` still reads the operands its callers give it."""
    return " and ".join(f"!= {operand} {operand}" for operand in operands) or "false"
