"""The extinction goal (:class:`~fairyport.model.ExtinctionGoal`): the game ends when a side runs out of a piece type.

Kept apart from the generator's hot paths: :class:`~fairyport.movegen.compile.Variant` compiles an
:class:`ExtinctionSpec` once and :meth:`Position.is_game_over` / :meth:`Position.outcome` ask :func:`extinct`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from fairyport.model import BLACK, WHITE, Color, Game, StalemateResult
from fairyport.movegen.codes import type_codes


class ExtinctionSpec(NamedTuple):
    """A compiled extinction goal: per counted group, per colour the piece codes counted together."""

    groups: tuple[tuple[frozenset[int], frozenset[int]], ...]
    most: int
    """The game ends when a side has at most this many of a group."""
    opponent_count: int
    result: StalemateResult
    claim: int = 0
    """1 where the player to move needs the other to have one more (:attr:`~fairyport.model.ExtinctionGoal.claim`)."""


def compile_extinction(game: Game, type_ids: Sequence[str]) -> ExtinctionSpec | None:
    """The extinction goal of ``game`` for type indexes carrying the ids ``type_ids``, or None without one."""
    goal = game.rules.extinction
    if goal is None:
        return None
    wanted: list[tuple[str] | None] = [None] if goal.pieces is None else [(p,) for p in goal.pieces]
    groups = tuple((type_codes(type_ids, ids, WHITE), type_codes(type_ids, ids, BLACK)) for ids in wanted)
    return ExtinctionSpec(groups, goal.count, goal.opponent_count, goal.result, int(goal.claim))


def _count(counts: Counter[int], hands: list[int] | None, codes: frozenset[int]) -> int:
    found = sum(n for code, n in counts.items() if code in codes)
    return found + sum(hands[code] for code in codes) if hands is not None else found


class _ExtinctionTables(Protocol):
    @property
    def extinction(self) -> ExtinctionSpec | None: ...


class ExtinctionPosition(Protocol):
    """What the extinction goal reads of a position (:class:`~fairyport.movegen.position.Position` has it; the
    hands, when there are, are read as ``hands``)."""

    @property
    def variant(self) -> _ExtinctionTables: ...
    @property
    def board(self) -> Sequence[int]: ...
    @property
    def turn(self) -> Color: ...


def extinct(pos: ExtinctionPosition) -> Color | None:
    """The side that ran out of an extinction type (the player who just moved is looked at first), or None."""
    spec = pos.variant.extinction
    if spec is None:
        return None
    counts = Counter(pos.board)  # one pass over the board, however many groups are counted
    hands: list[int] | None = getattr(pos, "hands", None)
    for color, needed in ((pos.turn ^ 1, spec.opponent_count), (pos.turn, spec.opponent_count + spec.claim)):
        for group in spec.groups:
            if _count(counts, hands, group[color]) <= spec.most and _count(counts, hands, group[color ^ 1]) >= needed:
                return color
    return None


def scored_winner(result: StalemateResult, side: Color) -> Color | None:
    """The winner when ``side`` scores ``result`` (None: a draw): an extinction, connection or stalemate."""
    if result is StalemateResult.DRAW:
        return None
    return side ^ 1 if result is StalemateResult.LOSS else side


__all__ = ["ExtinctionPosition", "ExtinctionSpec", "compile_extinction", "extinct", "scored_winner"]
