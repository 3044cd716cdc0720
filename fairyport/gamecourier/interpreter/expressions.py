"""GAME Code expressions: Polish (prefix) notation with infix ``and`` / ``or``.

Game Courier evaluates an expression from the right with a stack; ``and`` and ``or`` short-circuit on the
value computed so far, so they behave as infix operators with no precedence, grouped from the left:
``a or b and c or d`` means ``((a or b) and c) or d`` (the reading under which the xiangqi include's soldier
definition is correct). This parser mirrors that: the tokens are split at ``and`` / ``or`` outside
parentheses, each part is reduced from the right with the operand counts in :data:`OPERATORS`, and the parts
are joined from the left. Words it does not know are operands (:class:`~.nodes.Atom`); operands no known
operator takes are kept in a :class:`~.nodes.Sequence`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from collections.abc import Sequence as Sequence_

from fairyport.errors import Location, ParseError
from fairyport.gamecourier.interpreter.lexer import Token
from fairyport.gamecourier.interpreter.nodes import (
    Atom,
    AtomKind,
    Binding,
    Call,
    Expr,
    Group,
    Logic,
    Sequence,
    walk_expr,
)

VARIADIC = -1
"""Operand count of operators that take every operand to their right (up to ``and`` / ``or``)."""

CHECK_PRIMITIVES: dict[str, int] = {
    "checkleap": 4, "checkaleap": 4, "checkride": 4, "checkaride": 4, "checkhop": 4, "checkahop": 4,
    "checkgrasshop": 4, "checklongleap": 4, "checkatwostep": 6,
}
"""Movement primitives and their full operand counts (from, to, then deltas). Each also has a short form
without ``from to`` (two fewer operands), seen in quoted fragments and accepted here."""

OPERATORS: dict[str, int] = {
    "not": 1, "!": 1, "rank": 1, "file": 1, "space": 1, "empty": 1, "flag": 1, "var": 1, "eval": 1,
    "abs": 1, "onboard": 1, "isupper": 1, "islower": 1, "toupper": 1, "tolower": 1, "count": 1,
    "==": 2, "!=": 2, "<": 2, ">": 2, "<=": 2, ">=": 2, "equal": 2, "+": 2, "-": 2, "*": 2, "/": 2, "%": 2,
    "<<": 2, ">>": 2, "join": 2, "merge": 2, "findpiece": 2, "where": 3, "cond": 3, "spaces": 0,
    "capture": 0, "captured": 0,
    "fn": VARIADIC, "sub": VARIADIC, "list": VARIADIC, "array": VARIADIC,
    "elem": 2, "keys": 1, "range": 2, "min": 2, "max": 2, "onlyupper": 0, "onlylower": 0, "checkpath": 3,
    "match": VARIADIC,
    **CHECK_PRIMITIVES,
}
"""Operators this parser knows, with their operand counts. Extend it as more of the language is confirmed;
unknown words are read as operands."""

MAX_DEPTH = 100
"""How deeply an expression may nest (parentheses, and operators taking operators' results). A deeper expression
is a located error, so no input can exhaust the recursion of the stages that walk expression trees."""

LOGIC = ("and", "or")
_NUMBER = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)$")
_PARAM = re.compile(r"#[0-9]+$")


@dataclasses.dataclass
class ParsedExpr:
    """The result of parsing one expression."""

    expr: Expr | None
    bindings: list[Binding]
    errors: list[ParseError]


def atom_kind(token: Token) -> AtomKind:
    """Classify an operand token."""
    if token.kind == "string":
        return "string"
    if _NUMBER.match(token.text):
        return "number"
    if _PARAM.match(token.text):
        return "param"
    if token.text.startswith("#") and len(token.text) > 1:
        return "variable"
    return "word"


def parse_expression(tokens: list[Token], code: str, file: str | None = None,
                     arities: Mapping[str, int] | None = None) -> ParsedExpr:
    """Parse ``tokens`` (taken from ``code``) as one expression; never raises, errors are collected.

    ``arities`` (the operands each ``def`` uses, :func:`def_arities`): ``fn NAME`` with a written name in it reads
    only that many operands (:data:`~.readings.ARITY_DEF`); without it every ``fn`` takes the rest."""
    state = _State(code, file, arities)
    expr = state.expression(tokens, tokens[0].offset if tokens else 0)
    return ParsedExpr(expr, state.bindings, state.errors)


@dataclasses.dataclass
class _Unit:
    """A token, or a parenthesised group of tokens."""

    token: Token
    inner: list[Token] | None = None


class _State:
    def __init__(self, code: str, file: str | None, arities: Mapping[str, int] | None = None) -> None:
        self.code = code
        self.file = file
        self.arities = arities
        self.bindings: list[Binding] = []
        self.errors: list[ParseError] = []
        self.groups = 0
        """Parentheses open around the part being parsed."""
        self.too_deep = False
        """True once a part nested deeper than :data:`MAX_DEPTH` (reported once, never read twice)."""
        self.depths: dict[int, int] = {}
        """The depth of each node built so far (by ``id``; atoms are 0)."""

    def bounded(self, node: Expr, children: tuple[Expr, ...]) -> Expr:
        """``node``, or a placeholder atom with a located error when it nests deeper than :data:`MAX_DEPTH`."""
        depth = 1 + max((self.depths.get(id(c), 0) for c in children), default=0)
        if depth > MAX_DEPTH:
            if not self.too_deep:
                self.error(f"expression nested deeper than {MAX_DEPTH}", node.offset, f"at most {MAX_DEPTH} levels",
                           "more")
            self.too_deep = True
            return Atom("...", "word", node.offset)
        self.depths[id(node)] = depth
        return node

    def error(self, reason: str, offset: int, expected: str, found: str) -> None:
        self.errors.append(ParseError(reason, Location.from_offset(self.code, offset, self.file),
                                      expected=expected, found=found))

    def units(self, tokens: list[Token]) -> list[_Unit]:
        result: list[_Unit] = []
        i = 0
        while i < len(tokens):
            token = tokens[i]
            if token.kind == "lparen":
                depth, j = 1, i + 1
                while j < len(tokens) and depth:
                    depth += {"lparen": 1, "rparen": -1}.get(tokens[j].kind, 0)
                    j += 1
                if depth:
                    self.error("unclosed parenthesis", token.offset, "')'", "end of expression")
                    result.append(_Unit(token, tokens[i + 1:j]))
                else:
                    result.append(_Unit(token, tokens[i + 1:j - 1]))
                i = j
                continue
            if token.kind == "rparen":
                self.error("unmatched ')'", token.offset, "an operand", "')'")
            else:
                result.append(_Unit(token))
            i += 1
        return result

    def expression(self, tokens: list[Token], offset: int) -> Expr | None:
        units = self.units(tokens)
        if not units:
            return None
        parts: list[list[_Unit]] = [[]]
        ops: list[_Unit] = []
        for unit in units:
            if unit.inner is None and unit.token.kind == "word" and unit.token.text in LOGIC:
                ops.append(unit)
                parts.append([])
            else:
                parts[-1].append(unit)
        if any(not part for part in parts):
            # 'and' / 'or' used in prefix position: read them as two-operand prefix operators
            return self.reduce(units, prefix_logic=True)
        errors, bindings = len(self.errors), list(self.bindings)
        infix = self.infix(parts, ops)
        if len(self.errors) == errors or self.too_deep:
            return infix  # (no second reading of what nests too deeply: it would double the work at every level)
        infix_errors, infix_bindings = self.errors[errors:], self.bindings
        del self.errors[errors:]
        self.bindings = list(bindings)
        prefix = self.reduce(units, prefix_logic=True)
        if len(self.errors) == errors:
            return prefix  # e.g. 'not and a b'
        del self.errors[errors:]
        self.errors.extend(infix_errors)
        self.bindings = infix_bindings
        return infix

    def infix(self, parts: list[list[_Unit]], ops: list[_Unit]) -> Expr | None:
        """Reduce each part and join them with ``and`` / ``or`` from the left."""
        result = self.reduce(parts[0])
        for op, part in zip(ops, parts[1:], strict=True):
            right = self.reduce(part)
            if result is None or right is None:
                return result or right
            result = self.bounded(Logic("and" if op.token.text == "and" else "or", result, right, result.offset),
                                  (result, right))
        return result

    def variadic(self, text: str, stack: list[Expr]) -> int:
        """How many operands a variadic operator takes from ``stack``: all of them, or for ``fn NAME`` with
        ``NAME`` in :attr:`arities` the name and the operands the function uses."""
        if text == "fn" and self.arities is not None and stack:
            head = stack[-1]
            if isinstance(head, Atom) and head.kind == "word" and head.text in self.arities:
                return min(len(stack), 1 + self.arities[head.text])
        return len(stack)

    def reduce(self, units: list[_Unit], *, prefix_logic: bool = False) -> Expr | None:
        """Reduce prefix notation from the right with a stack (the top is the leftmost operand so far)."""
        stack: list[Expr] = []
        for unit in reversed(units):
            token = unit.token
            if unit.inner is not None:
                if self.groups >= MAX_DEPTH:
                    if not self.too_deep:
                        self.error(f"parentheses nested deeper than {MAX_DEPTH}", token.offset,
                                   f"at most {MAX_DEPTH} nested parentheses", "more")
                    self.too_deep = True
                    continue
                self.groups += 1
                try:
                    inner = self.expression(unit.inner, token.offset)
                finally:
                    self.groups -= 1
                if inner is not None:
                    stack.append(self.bounded(Group(inner, token.offset), (inner,)))
                continue
            text = token.text
            if token.kind == "word" and text.startswith("=") and len(text) > 1 and text not in OPERATORS:
                self.bindings.insert(0, Binding(text[1:], _assigned(stack, token.offset), token.offset))
                continue
            arity = OPERATORS.get(text) if token.kind == "word" else None
            if prefix_logic and token.kind == "word" and text in LOGIC:
                arity = 2
            if arity is None:
                stack.append(Atom(text, atom_kind(token), token.offset))
                continue
            implicit = False
            if arity == VARIADIC:
                arity = self.variadic(text, stack)
                if text in ("fn", "sub") and not stack:
                    self.error(f"'{text}' needs a function name", token.offset, "a name", "nothing")
            elif text in CHECK_PRIMITIVES and len(stack) < arity:
                if len(stack) >= arity - 2:
                    arity -= 2
                    implicit = True
                else:
                    self.error(f"'{text}' needs {arity} operands (or {arity - 2} in the short form)", token.offset,
                               f"{arity} operands", f"{len(stack)}")
                    arity = len(stack)
            elif len(stack) < arity:
                self.error(f"'{text}' needs {arity} operand{'s' if arity != 1 else ''}", token.offset,
                           f"{arity}", f"{len(stack)}")
                arity = len(stack)
            args = tuple(stack.pop() for _ in range(arity))
            if prefix_logic and text in LOGIC and len(args) == 2:
                stack.append(self.bounded(Logic("and" if text == "and" else "or", args[0], args[1], token.offset),
                                          args))
            else:
                stack.append(self.bounded(Call(text, args, token.offset, implicit), args))
        if not stack:
            return None
        if len(stack) == 1:
            return stack[0]
        items = tuple(reversed(stack))
        return Sequence(items, items[0].offset)


def _assigned(stack: list[Expr], offset: int) -> Expr | None:
    """The value of a named variable ``=name`` in a ``def``, taken off ``stack`` (the operands to its right): none
    (a named parameter), the one operand, or several made one array ("If more than one argument follows a variable
    assignment, they will be converted into an array, leaving nothing to the right of the assignment", Fergus
    Duniho, 2020-07-29, ``listcomments.php?id=39873``)."""
    if len(stack) <= 1:
        return stack.pop() if stack else None
    items = tuple(reversed(stack))
    stack.clear()
    return Call("list", items, offset)


def def_arity(expr: Expr | None, bindings: Sequence_[Binding]) -> int:
    """How many operands ``fn`` reads for a ``def`` with body ``expr``: its named parameters (``=x`` without a
    value), else its highest numbered parameter ``#N`` plus one ("numbered parameters will not work with named
    parameters", Fergus Duniho 2020); a ``check*`` primitive in its short form counts as ``#0 #1``."""
    named = sum(1 for b in bindings if b.value is None)
    if named:
        return named
    numbers = [int(node.text[1:]) for node in walk_expr(expr) if isinstance(node, Atom) and node.kind == "param"]
    if any(isinstance(node, Call) and node.implicit_endpoints for node in walk_expr(expr)):
        numbers.append(1)  # a check primitive's short form reads #0 and #1
    return max(numbers, default=-1) + 1
