"""Move rules that narrow a position's legal moves besides the piece rules: forced captures and drops, no checks.

A game with :attr:`~fairyport.model.Rules.no_checks`, :attr:`~fairyport.model.Rules.must_drop` or
:attr:`~fairyport.model.Rules.must_capture` (or drops that go first, :attr:`~fairyport.model.DropRule.first`) gets
positions (:func:`rules_class`) whose legal moves pass through :func:`gives_no_check`, :func:`first_drops`, the forced
drops, then :func:`captures_only`.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from fairyport.model import Game
from fairyport.movegen.codes import DROP, RawMove
from fairyport.movegen.position import Position
from fairyport.movegen.tables import Tables


def is_capture(pos: Position, move: RawMove) -> bool:
    """True if ``move`` (a raw move of ``pos``) captures: an enemy piece on its destination, a locust capture or
    an e.p. victim. Drops and castling are not captures."""
    frm, to, _, caps, _, castle, victim = move
    if caps or victim >= 0:
        return True
    if castle or frm == to or not 0 <= frm < len(pos.board):
        return False
    code = pos.board[to]
    return bool(code) and (code - 1) & 1 != pos.turn


def captures_only(pos: Position, moves: list[RawMove]) -> list[RawMove]:
    """``moves`` narrowed to the captures when there is one (:attr:`~fairyport.model.Rules.must_capture`)."""
    captures = [m for m in moves if is_capture(pos, m)]
    return captures or moves


def gives_no_check(pos: Position, moves: list[RawMove]) -> list[RawMove]:
    """``moves`` without those that leave a protected royal piece of the opponent attacked
    (:attr:`~fairyport.model.Rules.no_checks`)."""
    out: list[RawMove] = []
    for move in moves:
        pos.push_raw(move)
        checks = pos.in_check()
        pos.pop_raw()
        if not checks:
            out.append(move)
    return out


def drops_only(pos: Position, moves: list[RawMove]) -> list[RawMove]:
    """``moves`` narrowed to the drops when there is one (:attr:`~fairyport.model.Rules.must_drop`)."""
    drops = [m for m in moves if m[0] == DROP]
    return drops or moves


def first_drops(pos: Position, moves: list[RawMove]) -> list[RawMove]:
    """``moves`` narrowed to the drops of the types whose drops go first when there is one
    (:attr:`~fairyport.model.DropRule.first`)."""
    variant = pos.variant
    first = _FIRST_CODES.get(variant)
    if first is None:
        ids = {p.id.upper() for p in variant.game.pieces if p.drop is not None and p.drop.first}
        first = _FIRST_CODES[variant] = frozenset(code for symbol, code in variant.code_by_symbol.items()
                                                  if symbol.upper() in ids)
    drops = [m for m in moves if m[0] == DROP and m[2] in first]
    return drops or moves


_FIRST_CODES: weakref.WeakKeyDictionary[Tables[Position], frozenset[int]] = weakref.WeakKeyDictionary()
"""Per compiled game, the piece codes whose drops go first."""


Narrowing = Callable[[Position, list[RawMove]], list[RawMove]]
"""A move rule: a position's legal moves in, the moves it allows out."""

_NARROWED: dict[tuple[type[Position], Narrowing], type[Position]] = {}


def narrowed_class(base: type[Position], narrow: Narrowing) -> type[Position]:
    """``base`` (a position class) whose :meth:`legal_raw` passes its moves through ``narrow``."""
    key = (base, narrow)
    found = _NARROWED.get(key)
    if found is None:
        class Narrowed(base):  # type: ignore[valid-type,misc]
            """A position of a game whose move rules narrow the legal moves."""

            def legal_raw(self) -> list[RawMove]:
                """The legal moves the rule allows."""
                return narrow(self, super().legal_raw())

        Narrowed.__name__ = Narrowed.__qualname__ = f"{base.__name__}_{narrow.__name__}"
        found = _NARROWED[key] = Narrowed
    return found


def rules_class(game: Game, base: type[Position]) -> type[Position]:
    """``base`` narrowed by the game's move rules: no checks first, then forced drops, then forced captures among
    what is left."""
    if game.rules.no_checks:
        base = narrowed_class(base, gives_no_check)
    if game.rules.drops and any(p.drop is not None and p.drop.first for p in game.pieces):
        base = narrowed_class(base, first_drops)
    if game.rules.must_drop:
        base = narrowed_class(base, drops_only)
    return narrowed_class(base, captures_only) if game.rules.must_capture else base


__all__ = ["Narrowing", "captures_only", "drops_only", "first_drops", "gives_no_check", "is_capture", "narrowed_class",
           "rules_class"]
