"""The generator's rules as plug-ins: one ordered list, :data:`RULES`, that
:class:`~fairyport.movegen.compile.Variant` walks twice.

A :class:`Rule` is a rule of the model that the plain generator (:mod:`.position`) does not play. Each entry says how
it compiles its part (a step that sets the variant attribute its positions read: None when the game does not have
the rule), when it applies to a compiled game, and how it wraps the position class. Compiling a game runs the
compile steps in list order; making a position starts from :class:`~fairyport.movegen.position.Position` and lets
every rule that applies wrap the class, in list order, so the last one is the outermost class: its ``legal_raw``
runs first and narrows what the ones below it give.

The order (docs/movegen.md says why): the goals read by the position itself (flag, extinction), hands (whose
:class:`~fairyport.movegen.drops.HandPosition` extends the plain position), atomic captures, the connection goal,
joins and unloads, spared pieces, Circe rebirth, splits, check counting, and last the move rules that narrow the
legal moves (no checks, drops first, forced drops, forced captures). Adding a rule is its module and one entry here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Protocol

from fairyport.model import Color, Game
from fairyport.movegen.atomic import BlastSpec, blast_class, compile_blast
from fairyport.movegen.checks import checks_class
from fairyport.movegen.circe import circe_class, compile_rebirth
from fairyport.movegen.connect import compile_connect
from fairyport.movegen.drops import HandPosition
from fairyport.movegen.extinction import compile_extinction
from fairyport.movegen.goals import compile_flag
from fairyport.movegen.narrowing import rules_class
from fairyport.movegen.position import Position
from fairyport.movegen.spared import SparedSpec, compile_spared, spared_class
from fairyport.movegen.split import Splits, compile_splits, split_class
from fairyport.movegen.tables import Tables
from fairyport.movegen.transport import TransportSpec, compile_transport, transport_class


class Compiling(Tables[Position], Protocol):
    """A game being compiled, as the rules' steps see it: its tables, and the attributes the steps set for their
    positions (:class:`~fairyport.movegen.compile.Variant` has them all)."""

    type_ids: list[str]
    blast: BlastSpec | None
    transport: TransportSpec | None
    spared: SparedSpec | None
    rebirth: tuple[int, ...] | None
    splits: Splits

    def __init__(self, game: Game) -> None: ...

    def code(self, piece_id: str, color: Color) -> int:
        """The code of ``color``'s unpromoted piece of type ``piece_id``."""
        ...


@dataclasses.dataclass(frozen=True)
class Rule:
    """One generator rule: its compile step, when its positions apply, and how it wraps the position class."""

    name: str
    compile: Callable[[Compiling], None] | None = None
    """Sets the variant attribute the rule's positions read (None: the rule compiles nothing)."""
    applies: Callable[[Compiling], bool] | None = None
    """Whether the game's positions take :attr:`wrap` (None: the rule has no position class)."""
    wrap: Callable[[type[Position], Compiling], type[Position]] | None = None
    """The position class ``base`` extended by the rule."""


def _flag(v: Compiling) -> None:
    v.flag = compile_flag(v.game, v.geometry, v.type_ids)


def _extinction(v: Compiling) -> None:
    v.extinction = compile_extinction(v.game, v.type_ids)


def _hands(base: type[Position], v: Compiling) -> type[Position]:
    """The position with hands: it extends the plain position, so it comes first."""
    assert base is Position
    return HandPosition


def _blast(v: Compiling) -> None:
    v.blast = compile_blast(v.game, v.geometry, v.type_ids, v.hands_used)


def _connect(v: Compiling) -> None:
    v.connect = compile_connect(v.game, v.geometry, v.type_ids)


def _transport(v: Compiling) -> None:
    v.transport = compile_transport(v.game, v.hands_used, v.blast is not None, type(v))


def _spared(v: Compiling) -> None:
    v.spared = compile_spared(v.game)


def _rebirth(v: Compiling) -> None:
    v.rebirth = compile_rebirth(v.game, v.geometry, v.type_ids)


def _splits(v: Compiling) -> None:
    v.splits = compile_splits(v.game, v.code)


RULES: tuple[Rule, ...] = (
    Rule("flag", _flag),
    Rule("extinction", _extinction),
    Rule("drops", applies=lambda v: v.hands_used, wrap=_hands),
    Rule("atomic", _blast, lambda v: v.blast is not None, lambda base, v: blast_class(base)),
    Rule("connect", _connect),
    Rule("transport", _transport, lambda v: v.transport is not None, lambda base, v: transport_class(base)),
    Rule("spared", _spared, lambda v: v.spared is not None, lambda base, v: spared_class(base)),
    Rule("circe", _rebirth, lambda v: v.rebirth is not None, lambda base, v: circe_class(base)),
    Rule("split", _splits, lambda v: bool(v.splits), lambda base, v: split_class(base)),
    Rule("check count", applies=lambda v: v.game.rules.check_count > 0, wrap=lambda base, v: checks_class(base)),
    Rule("move rules", applies=lambda v: True, wrap=lambda base, v: rules_class(v.game, base)),
)
"""Every generator rule, in the order they compile and wrap (see the module docstring)."""


__all__ = ["RULES", "Compiling", "Rule"]
