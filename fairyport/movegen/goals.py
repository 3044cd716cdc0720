"""Rules that end or narrow a position's moves besides the piece rules: flag goals, forced captures and drops, no
checks.

Kept apart from the generator's hot paths: :class:`~fairyport.movegen.compile.Variant` compiles a
:class:`FlagSpec` once, :meth:`Position.is_game_over` asks :func:`flag_won`, and a game with
:attr:`~fairyport.model.Rules.no_checks`, :attr:`~fairyport.model.Rules.must_drop` or
:attr:`~fairyport.model.Rules.must_capture` (or drops that go first, :attr:`~fairyport.model.DropRule.first`) gets
positions (:func:`rules_class`) whose legal moves pass through :func:`gives_no_check`, :func:`first_drops`, the forced
drops, then :func:`captures_only`.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from fairyport.model import BLACK, WHITE, Color, Game
from fairyport.movegen.codes import DROP, RawMove, type_codes
from fairyport.movegen.geometry import Geometry

if TYPE_CHECKING:
    from fairyport.movegen.compile import Variant
    from fairyport.movegen.position import Position


class FlagSpec(NamedTuple):
    """A compiled :class:`~fairyport.model.FlagGoal`: per colour the flag zone's squares and the flag codes."""

    squares: tuple[tuple[int, ...], tuple[int, ...]]
    codes: tuple[frozenset[int], frozenset[int]]
    needed: int
    blocked_win: bool
    extra_move: bool = False
    royal: tuple[bool, bool] = (False, False)
    """Per colour: the flag piece is a royal type (the extra move is then Black's, when it can reach)."""


def compile_flag(game: Game, geometry: Geometry, type_ids: Sequence[str]) -> FlagSpec | None:
    """The flag goal of ``game`` for a board of ``geometry`` whose type indexes carry the ids ``type_ids`` (promoted
    types included: a promoted piece counts as its type), or None without one."""
    flag = game.rules.flag
    if flag is None:
        return None
    squares: list[tuple[int, ...]] = []
    codes: list[frozenset[int]] = []
    royal: list[bool] = []
    for color in (WHITE, BLACK):
        squares.append(tuple(sorted(geometry.square(name) for name in game.zone_squares(flag.zone, color))))
        wanted = flag.piece(color)
        codes.append(type_codes(type_ids, None if wanted is None else (wanted,), color))
        royal.append(wanted is not None and game.piece_type(wanted).royal)
    return FlagSpec((squares[0], squares[1]), (codes[0], codes[1]), flag.count, flag.blocked_win, flag.extra_move,
                    (royal[0], royal[1]))


def flag_reached(spec: FlagSpec, board: Sequence[int], color: Color) -> bool:
    """True if ``color`` has enough flag pieces in its flag zone (or, with ``blocked_win``, one in a full zone)."""
    codes = spec.codes[color]
    inside = 0
    full = True
    for sq in spec.squares[color]:
        code = board[sq]
        if code in codes:
            inside += 1
        elif not code:
            full = False
    return inside >= spec.needed or (inside > 0 and spec.blocked_win and full)


def flag_won(pos: Position) -> bool:
    """True if the game is over by the flag goal before the player to move moves: the player who just moved has
    reached their flag; with :attr:`~fairyport.model.FlagGoal.extra_move`, the player to move has reached theirs
    (the opponent's extra move is over), or the opponent has and the player to move gets no extra move."""
    spec = pos.variant.flag
    if spec is None:
        return False
    if not spec.extra_move:
        return flag_reached(spec, pos.board, pos.turn ^ 1)
    if flag_reached(spec, pos.board, pos.turn):
        return True
    if not spec.royal[pos.turn] or not flag_reached(spec, pos.board, pos.turn ^ 1):
        return False
    return not (pos.turn == BLACK and not pos.in_check() and _royal_reaches(pos, spec))


def _royal_reaches(pos: Position, spec: FlagSpec) -> bool:
    """Whether a legal move takes a royal flag piece of the player to move into their flag zone."""
    color = pos.turn
    zone = spec.squares[color]
    for move in pos.pseudo_legal():
        if not 0 <= move[0] < len(pos.board) or pos.board[move[0]] not in spec.codes[color] or move[1] not in zone \
                or move[5]:
            continue
        pos.push_raw(move)
        safe = not any(pos.is_attacked(sq, color ^ 1) for sq in pos.royals[color])
        pos.pop_raw()
        if safe:
            return True
    return False


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


_FIRST_CODES: weakref.WeakKeyDictionary[Variant, frozenset[int]] = weakref.WeakKeyDictionary()
"""Per compiled game, the piece codes whose drops go first."""


Narrowing = Callable[["Position", list["RawMove"]], list["RawMove"]]
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


__all__ = ["FlagSpec", "captures_only", "compile_flag", "drops_only", "first_drops", "flag_reached", "flag_won",
           "gives_no_check", "is_capture", "narrowed_class", "rules_class"]
