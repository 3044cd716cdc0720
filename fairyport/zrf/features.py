"""The rule features (:mod:`fairyport.features`) ZRF reads and writes, and how: :data:`SUPPORT`.

ZRF says its rules in its own code (goals, move priorities, macros), so a feature written at all is
:attr:`~fairyport.features.How.CODE`; the per-game tests look at the writer (:class:`.write.file.Writer`), which
knows the shapes it can write (a flag goal of a few flag squares, forced captures without kept move blocks ...).
"""

from __future__ import annotations

from typing import Any, Protocol

from fairyport.features import SPLIT_LOST, FeatureSupport, How, Support, Wording, declare
from fairyport.model import Game


class Writer(Protocol):
    """What the per-game tests read of the ZRF writer (:class:`.write.file.Writer`), which imports this module."""

    @property
    def game(self) -> Game: ...
    @property
    def kept(self) -> dict[str, Any]: ...
    @property
    def must_drop(self) -> bool: ...
    @property
    def atomic(self) -> bool: ...
    @property
    def no_checks(self) -> object | None: ...
    @property
    def hands(self) -> object | None: ...
    @property
    def drop_checks_written(self) -> bool: ...
    def flag_written(self) -> bool: ...
    def extinction_written(self) -> bool: ...
    def connect_types(self) -> list[str] | None: ...


def _one_royal_type(writer: Writer) -> bool:
    """A side without royal pieces plays on under ZRF's checkmated goal of both players (one royal type)."""
    return sum(1 for p in writer.game.pieces if p.royal) == 1


CODE = How.CODE
SUPPORT: FeatureSupport[Writer] = declare(
    "zrf", How.NOT, wording=Wording("{text} is not written in ZRF", "{text} is not written in ZRF"),
    reads=("flag goal", "must capture", "drop checks", "must drop", "rebirth", "drop safety", "drops first",
           "royal optional", "extinction", "connection", "joins", "unloads", "virgin moves", "capture restrictions",
           "unmoved when made", "promotion", "castling", "split", "stalemate", "bare king",
           "captures to owner", "royal", "chess promotion", "confinement", "zoned moves", "drop"),
    flag_goal=Support(CODE, lambda w: w.flag_written()),
    must_capture=Support(CODE, lambda w: not w.kept),
    must_drop=Support(CODE, lambda w: w.must_drop),
    extinction=Support(CODE, lambda w: w.extinction_written()),
    connection=Support(CODE, lambda w: w.connect_types() is not None),
    atomic_captures=Support(CODE, lambda w: w.atomic),
    no_checks=Support(CODE, lambda w: w.no_checks is not None),
    drop_checks=Support(CODE, lambda w: w.hands is not None and w.drop_checks_written),
    royal_optional=Support(CODE, _one_royal_type),
    drops=Support(CODE), promotion=Support(How.SOME), castling=Support(How.SOME),
    split=Support(How.NOT, wording=SPLIT_LOST),
    stalemate=Support(CODE), bare_king=Support(CODE), royals_may_face=Support(How.SOME),
    royal_protection=Support(How.SOME), captures_to_owner=Support(How.SOME), royal=Support(How.SOME),
    chess_promotion=Support(How.SOME), confinement=Support(How.SOME), zoned_moves=Support(How.SOME),
    drop=Support(How.SOME),
)
"""What ZRF does with each rule feature (drops are not read back: the reader keeps the written storage and drop
blocks as code)."""
