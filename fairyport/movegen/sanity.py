"""Checks of a compiled game's start position, which the validators of the formats read through the model report.

A start position where the side *not* to move has a protected royal piece attacked is no position of a game:
the side to move could take that piece at once (python-chess calls it "opposite check"). Diagram texts, presets
and ``variants.ini`` sections that set one up are mistakes of their authors; ``fairyport validate`` says so.
"""

from __future__ import annotations

from fairyport.diagnostics import Finding, Severity
from fairyport.errors import Location, ParseError
from fairyport.model import COLOR_NAMES
from fairyport.movegen.compile import Variant
from fairyport.movegen.position import Position

OPPOSITE_CHECK = "opposite-check"
"""Finding code: the side not to move is in check in the start position."""


def opposite_checks(position: Position) -> list[tuple[str, str]]:
    """For each protected royal piece of the side *not* to move that the side to move attacks: (its square, the
    attacker, ``"rook on a8"``). Bounded by the side to move's pseudo-legal moves (and one attack test per piece
    of that side when no move takes it: check-only and facing rules)."""
    waiting = position.turn ^ 1
    attacked = position.checked_royals(waiting)
    if not attacked:
        return []
    v = position.variant
    names = v.geometry.names
    moves = [m for m in position.pseudo_legal() if m[0] >= 0]
    found = []
    for name in attacked:
        square = names.index(name)
        takers = [m[0] for m in moves if m[1] == square or square in m[3]] or _attackers(position, square)
        found.append((name, ", ".join(f"{_piece_name(position, t)} on {names[t]}" for t in sorted(set(takers)))))
    return found


def _attackers(position: Position, square: int) -> list[int]:
    """The side to move's pieces without which ``square`` would not be attacked."""
    board = position.board
    mine = [sq for sq, code in enumerate(board) if code and (code - 1) & 1 == position.turn]
    out = []
    for sq in mine:
        code, board[sq] = board[sq], 0
        try:
            if not position.is_attacked(square, position.turn):
                out.append(sq)
        finally:
            board[sq] = code
    return out


def _piece_name(position: Position, square: int) -> str:
    return position.variant.types[(position.board[square] - 1) >> 1].piece.name


def opposite_check_text(mover: str, other: str, checks: list[tuple[str, str]]) -> str:
    """``white to move while black's royal piece on e8 is attacked by rook on a8``."""
    attacked = "; ".join(f"{other}'s royal piece on {square} is attacked by {by or 'a piece'}"
                         for square, by in checks)
    return f"{mover} to move while {attacked}: {mover}'s first move could take it"


def start_findings(variant: Variant, where: Location) -> list[Finding]:
    """Findings about ``variant``'s start position, located at ``where`` (the file, or the setup's line)."""
    position = variant.start_position()
    checks = opposite_checks(position)
    if not checks:
        return []
    mover, other = COLOR_NAMES[position.turn], COLOR_NAMES[position.turn ^ 1]
    return [Finding(where, Severity.ERROR, OPPOSITE_CHECK,
                    "the start position has " + opposite_check_text(mover, other, checks),
                    fix=f"give the move to {other}, or set the pieces up so that no royal piece of {other} is "
                        "attacked")]


def opposite_check_error(mover: str, other: str, checks: list[tuple[str, str]],
                         where: Location | None) -> ParseError:
    """The error for a FEN (at ``where``) where ``other``, not to move, is in check (``checks``: see
    :func:`opposite_checks`); every engine's ``--fen`` refuses such a position."""
    return ParseError("the FEN has " + opposite_check_text(mover, other, checks), where or Location("fen"),
                      expected=f"a position where {other} is not in check (or {other} to move)")


def refuse_opposite_check(position: Position, where: Location | None) -> Position:
    """``position`` (read from a FEN), unless the side not to move is in check there: no position of a game.

    :raises ParseError: at ``where`` (the FEN), naming the attacked royal piece and its attacker.
    """
    checks = opposite_checks(position)
    if checks:
        raise opposite_check_error(COLOR_NAMES[position.turn], COLOR_NAMES[position.turn ^ 1], checks, where)
    return position


__all__ = ["OPPOSITE_CHECK", "opposite_check_error", "opposite_check_text", "opposite_checks", "refuse_opposite_check",
           "start_findings"]
