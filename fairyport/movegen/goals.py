"""The flag goal (:class:`~fairyport.model.FlagGoal`): a game ends when a side's flag pieces reach its zone.

Kept apart from the generator's hot paths: :class:`~fairyport.movegen.compile.Variant` compiles a
:class:`FlagSpec` once and :meth:`Position.is_game_over` asks :func:`flag_won`. This module sits below
:mod:`~fairyport.movegen.position`: it names a position only by what it reads (:class:`FlagPosition`). The move
rules that narrow the legal moves (forced captures and drops, no checks) are in :mod:`.narrowing`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from fairyport.model import BLACK, WHITE, Color, Game
from fairyport.movegen.codes import RawMove, type_codes
from fairyport.movegen.geometry import Geometry


class FlagSpec(NamedTuple):
    """A compiled :class:`~fairyport.model.FlagGoal`: per colour the flag zone's squares and the flag codes."""

    squares: tuple[tuple[int, ...], tuple[int, ...]]
    codes: tuple[frozenset[int], frozenset[int]]
    needed: int
    blocked_win: bool
    extra_move: bool = False
    royal: tuple[bool, bool] = (False, False)
    """Per colour: the flag piece is a royal type (the extra move is then Black's, when it can reach)."""
    safe: bool = False
    """The flag counts only while safe (:attr:`~fairyport.model.FlagGoal.safe`)."""


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
                    (royal[0], royal[1]), flag.safe)


class _FlagTables(Protocol):
    @property
    def flag(self) -> FlagSpec | None: ...


class FlagPosition(Protocol):
    """What the flag goal reads of a position (:class:`~fairyport.movegen.position.Position` has it)."""

    @property
    def variant(self) -> _FlagTables: ...
    @property
    def board(self) -> Sequence[int]: ...
    @property
    def turn(self) -> Color: ...
    @property
    def royals(self) -> tuple[tuple[int, ...], tuple[int, ...]]: ...
    def in_check(self) -> bool: ...
    def pseudo_legal(self) -> list[RawMove]: ...
    def push_raw(self, move: RawMove) -> None: ...
    def pop_raw(self) -> None: ...
    def is_attacked(self, square: int, by: Color) -> bool: ...


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


def flag_won(pos: FlagPosition) -> bool:
    """True if the game is over by the flag goal before the player to move moves: the player who just moved has
    reached their flag; with :attr:`~fairyport.model.FlagGoal.extra_move`, the player to move has reached theirs
    (the opponent's extra move is over), or the opponent has and the player to move gets no extra move."""
    spec = pos.variant.flag
    if spec is None:
        return False
    if spec.safe:
        return safely_reached(pos, spec, pos.turn) or safely_reached(pos, spec, pos.turn ^ 1)
    if not spec.extra_move:
        return flag_reached(spec, pos.board, pos.turn ^ 1)
    if flag_reached(spec, pos.board, pos.turn):
        return True
    if not spec.royal[pos.turn] or not flag_reached(spec, pos.board, pos.turn ^ 1):
        return False
    return not (pos.turn == BLACK and not pos.in_check() and _royal_reaches(pos, spec))


def safely_reached(pos: FlagPosition, spec: FlagSpec, color: Color) -> bool:
    """Whether ``color``'s flag is reached and safe (:attr:`~fairyport.model.FlagGoal.safe`): with exactly the
    needed number of flag pieces in the zone, the opponent attacks none of them (with more, or a full zone's blocked
    win below the count, no piece is tested: Fairy-Stockfish's rule)."""
    if not flag_reached(spec, pos.board, color):
        return False
    inside = [sq for sq in spec.squares[color] if pos.board[sq] in spec.codes[color]]
    return len(inside) != spec.needed or not any(pos.is_attacked(sq, color ^ 1) for sq in inside)


def flag_winner(pos: FlagPosition) -> Color | None:
    """The winner of a game the flag goal ended (:func:`flag_won`): the player who just moved, except where the
    player to move reached its own flag first (extra move, safe flags; None: both are reached, a draw)."""
    spec = pos.variant.flag
    mover = pos.turn ^ 1
    if spec is None or not (spec.safe or spec.extra_move):
        return mover
    reached = safely_reached if spec.safe else (lambda p, s, c: flag_reached(s, p.board, c))
    if not reached(pos, spec, pos.turn):
        return mover
    both = reached(pos, spec, mover) and (spec.safe or (pos.turn == WHITE and spec.royal[mover]))
    return None if both else pos.turn


def _royal_reaches(pos: FlagPosition, spec: FlagSpec) -> bool:
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


__all__ = ["FlagPosition", "FlagSpec", "compile_flag", "flag_reached", "flag_winner", "flag_won", "safely_reached"]
