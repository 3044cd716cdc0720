"""The GAME Code syntax tree: expressions (:data:`Expr`) and statements (:data:`Statement`).

Every node keeps ``offset`` (in its code block) and the exact source text it came from, so a later stage can
quote and locate it, and so unknown constructs survive verbatim.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from typing import Literal

from fairyport.errors import ParseError
from fairyport.gamecourier.interpreter.lexer import Token

AtomKind = Literal["number", "string", "variable", "param", "word"]
_INTEGER = re.compile(r"-?[0-9]+")


@dataclasses.dataclass(frozen=True)
class Atom:
    """An operand: a number, a quoted string, ``#name`` (variable), ``#0`` (parameter) or a bare word
    (coordinate, piece label, constant, or an operator this parser does not know)."""

    text: str
    kind: AtomKind
    offset: int

    def canonical(self) -> str:
        """The operand as written."""
        return self.text


@dataclasses.dataclass(frozen=True)
class Call:
    """A prefix operator or function with its operands, leftmost first."""

    op: str
    args: tuple[Expr, ...]
    offset: int
    implicit_endpoints: bool = False
    """True for a ``check*`` primitive written without its ``#0 #1`` (the short form)."""

    def canonical(self) -> str:
        """Polish notation, with the explicit ``#0 #1`` form of ``check*`` primitives."""
        parts = [self.op]
        if self.implicit_endpoints:
            parts += ["#0", "#1"]
        parts += [_operand(a) for a in self.args]
        return " ".join(parts)


@dataclasses.dataclass(frozen=True)
class Logic:
    """``left and right`` / ``left or right``: infix, no precedence, grouped from the left."""

    op: Literal["and", "or"]
    left: Expr
    right: Expr
    offset: int

    def canonical(self) -> str:
        """Infix text; ``and`` / ``or`` chains read left to right, so no parentheses are needed."""
        right = self.right.canonical()
        if isinstance(self.right, Logic):
            right = f"({right})"
        return f"{self.left.canonical()} {self.op} {right}"


@dataclasses.dataclass(frozen=True)
class Group:
    """A parenthesised sub-expression."""

    inner: Expr
    offset: int

    def canonical(self) -> str:
        """``( inner )``."""
        return f"({self.inner.canonical()})"


@dataclasses.dataclass(frozen=True)
class Sequence:
    """Operands left over after every known operator took its operands (e.g. an unknown operator's arguments).
    Kept in order; whether Game Courier accepts it cannot be decided without knowing the operator."""

    items: tuple[Expr, ...]
    offset: int

    def canonical(self) -> str:
        """The items separated by spaces."""
        return " ".join(_operand(item) for item in self.items)


Expr = Atom | Call | Logic | Group | Sequence
"""An expression node."""


def _operand(expr: Expr) -> str:
    """An operand's text; an ``and`` / ``or`` operand is parenthesised, or it would split the expression."""
    text = expr.canonical()
    return f"({text})" if isinstance(expr, Logic) else text


@dataclasses.dataclass(frozen=True)
class Binding:
    """A named parameter (``=x``, pops an argument) or a named local (``=v value``) of a ``def``."""

    name: str
    value: Expr | None
    offset: int


@dataclasses.dataclass
class Command:
    """One statement: a command word and its arguments.

    ``known`` says whether the command is in :data:`~.parser.COMMANDS`; an unknown word (a subroutine called
    by name, a move, a command this parser has not heard of) is kept with its tokens.
    """

    name: str
    offset: int
    end: int
    text: str
    """The statement's source text, without the ``;``."""
    args: tuple[Token, ...]
    """Tokens after the command word (and after the target, when there is one)."""
    known: bool
    target: str | None = None
    """``def`` / ``set`` / ``setsystem`` / ``gosub`` / ``sub``: the name being defined or called."""
    expr: Expr | None = None
    bindings: tuple[Binding, ...] = ()
    message: str | None = None
    """``die`` / ``say``: the message text as written."""
    colon: bool = False
    """True if the statement ended with ``:`` (a header) rather than ``;``."""


@dataclasses.dataclass
class Branch:
    """One arm of an ``if``: its keyword, condition (None for ``else``) and body."""

    keyword: Literal["if", "elseif", "else"]
    header: Command
    condition: Expr | None
    body: list[Statement]


@dataclasses.dataclass
class IfBlock:
    """``if ...:`` ... [``elseif ...:`` ...] [``else:`` ...] ``endif;``."""

    branches: list[Branch]
    offset: int
    end: int


@dataclasses.dataclass
class SubBlock:
    """``sub NAME params:`` ... ``endsub;``."""

    header: Command
    name: str
    params: tuple[str, ...]
    body: list[Statement]
    offset: int
    end: int


Statement = Command | IfBlock | SubBlock
"""A statement node."""


@dataclasses.dataclass
class Program:
    """A parsed code block: its statements and the syntax errors met (locations relative to the block)."""

    source: str
    statements: list[Statement]
    errors: list[ParseError]

    def walk(self) -> Iterator[tuple[Command, tuple[Statement, ...]]]:
        """Every command (block headers included) with the blocks enclosing it, outermost first."""
        yield from _walk(self.statements, ())


def _walk(statements: list[Statement], parents: tuple[Statement, ...]) -> Iterator[tuple[Command,
                                                                                        tuple[Statement, ...]]]:
    for statement in statements:
        if isinstance(statement, Command):
            yield statement, parents
        elif isinstance(statement, IfBlock):
            for branch in statement.branches:
                yield branch.header, parents
                yield from _walk(branch.body, (*parents, statement))
        else:
            yield statement.header, parents
            yield from _walk(statement.body, (*parents, statement))


def integer(expr: Expr) -> int | None:
    """The value of an operand written as a whole number (``2``, ``-1``), else None."""
    if isinstance(expr, Atom) and _INTEGER.fullmatch(expr.text):
        return int(expr.text)
    return None


def walk_expr(expr: Expr | None) -> Iterator[Expr]:
    """Every node of an expression, parents before children."""
    if expr is None:
        return
    yield expr
    if isinstance(expr, Call):
        for arg in expr.args:
            yield from walk_expr(arg)
    elif isinstance(expr, Logic):
        yield from walk_expr(expr.left)
        yield from walk_expr(expr.right)
    elif isinstance(expr, Group):
        yield from walk_expr(expr.inner)
    elif isinstance(expr, Sequence):
        for item in expr.items:
            yield from walk_expr(item)
