"""Colour reversal of GAME Code piece functions, to compare a first-side ``def`` with its second-side twin.

The second side's pieces are the first side's seen from the other end of the board: either reflected
across the middle rank (chess) or turned half a turn (Mir Chess 32, Xiang Hex). Reversal swaps the case of
piece labels (also in ``#label`` variables), changes the rank sign of directional ``checka*`` and ``where``
deltas (both signs when turning), and rewrites comparisons of ``rank`` (and, when turning, ``file``) with a number.
"""

from __future__ import annotations

import dataclasses
from typing import Literal

from fairyport.gamecourier.interpreter.expressions import CHECK_PRIMITIVES
from fairyport.gamecourier.interpreter.nodes import Atom, Call, Expr, Group, Logic, Sequence, integer

Mode = Literal["reflect", "rotate"]
_MIRRORED = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!=", "equal": "equal"}


@dataclasses.dataclass(frozen=True)
class Board:
    """What reversal needs to know about the board."""

    width: int
    height: int
    labels: frozenset[str]


def reverse(expr: Expr, mode: Mode, board: Board) -> Expr:
    """``expr`` as the other side would write it."""
    if isinstance(expr, Atom):
        return _reverse_atom(expr, board)
    if isinstance(expr, Group):
        return Group(reverse(expr.inner, mode, board), expr.offset)
    if isinstance(expr, Logic):
        return Logic(expr.op, reverse(expr.left, mode, board), reverse(expr.right, mode, board), expr.offset)
    if isinstance(expr, Sequence):
        return Sequence(tuple(reverse(item, mode, board) for item in expr.items), expr.offset)
    compared = _reverse_comparison(expr, mode, board)
    if compared is not None:
        return compared
    args = [reverse(arg, mode, board) for arg in expr.args]
    directional = expr.op in CHECK_PRIMITIVES and expr.op.startswith("checka")
    if directional or (expr.op == "where" and len(args) == 3):
        start = 1 if expr.op == "where" else 0 if expr.implicit_endpoints else 2
        for index in range(start, len(args)):
            is_rank = (index - start) % 2 == 1
            if is_rank or mode == "rotate":
                args[index] = _negate(args[index])
    return Call(expr.op, tuple(args), expr.offset, expr.implicit_endpoints)


def _reverse_atom(atom: Atom, board: Board) -> Atom:
    name = atom.text[1:] if atom.kind == "variable" else atom.text
    if atom.kind in ("word", "variable") and name in board.labels and name.swapcase() in board.labels:
        prefix = "#" if atom.kind == "variable" else ""
        return Atom(prefix + name.swapcase(), atom.kind, atom.offset)
    return atom


def _negate(expr: Expr) -> Expr:
    if isinstance(expr, Atom) and expr.kind == "number":
        text = expr.text[1:] if expr.text.startswith("-") else ("0" if expr.text == "0" else "-" + expr.text)
        return Atom(text.lstrip("+") or "0", "number", expr.offset)
    return Call("-", (Atom("0", "number", expr.offset), expr), expr.offset)


def _reverse_comparison(call: Call, mode: Mode, board: Board) -> Expr | None:
    """``OP rank X N`` (or ``OP N rank X``) with rank counted from the other end; ``file`` too when turning."""
    if call.op not in _MIRRORED or len(call.args) != 2:
        return None
    for coord_index in (0, 1):
        coord, number = call.args[coord_index], call.args[1 - coord_index]
        value = integer(number)
        if not (isinstance(coord, Call) and coord.op in ("rank", "file")) or value is None:
            continue
        if coord.op == "file" and mode == "reflect":
            return Call(call.op, tuple(reverse(a, mode, board) for a in call.args), call.offset)
        size = board.height if coord.op == "rank" else board.width
        flipped = Atom(str(size - 1 - value), "number", number.offset)
        new_coord = Call(coord.op, tuple(reverse(a, mode, board) for a in coord.args), coord.offset)
        args = (new_coord, flipped) if coord_index == 0 else (flipped, new_coord)
        return Call(_MIRRORED[call.op], args, call.offset)
    return None


def normal_form(expr: Expr) -> str:
    """A text that is equal for expressions that differ only in the order of the operands of ``or`` (or of
    ``and``), in the side a comparison is written from, in redundant parentheses, or in writing ``check*``
    primitives with or without ``#0 #1``."""
    if isinstance(expr, Group):
        return normal_form(expr.inner)
    if isinstance(expr, Logic):
        return "(" + f" {expr.op} ".join(sorted(normal_form(t) for t in _chain(expr))) + ")"
    if isinstance(expr, Call):
        args = [normal_form(a) for a in expr.args]
        op = expr.op
        if op in _MIRRORED and len(args) == 2 and args[0] > args[1]:
            op, args = _MIRRORED[op], args[::-1]  # '== 8 rank #0' is '== rank #0 8'; '< a b' is '> b a'
        parts = [op] + (["#0", "#1"] if expr.implicit_endpoints else []) + args
        return "[" + " ".join(parts) + "]"
    if isinstance(expr, Sequence):
        return "{" + " ".join(normal_form(i) for i in expr.items) + "}"
    return expr.text


def _chain(expr: Logic) -> list[Expr]:
    """The operands of a run of ``expr.op`` (through parentheses); both operators are commutative, so the
    order of these operands does not matter. An operand using the other operator is one term."""
    terms: list[Expr] = []
    for side in (expr.left, expr.right):
        inner = side.inner if isinstance(side, Group) else side
        if isinstance(inner, Logic) and inner.op == expr.op:
            terms.extend(_chain(inner))
        else:
            terms.append(side)
    return terms
