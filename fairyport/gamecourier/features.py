"""The rule features (:mod:`fairyport.features`) Game Courier reads and writes, and how: :data:`SUPPORT`.

The written preset enforces its rules in GAME Code (:mod:`.write.goals`), so a feature written at all is
:attr:`~fairyport.features.How.CODE`. A feature it does not write is refused as "not written in GAME Code"; its
lost-list entry is the feature's name.
"""

from __future__ import annotations

from fairyport.features import CASTLING_LOST, SPLIT_LOST, FeatureSupport, How, Support, Wording, declare
from fairyport.model import Game

CODE = How.CODE
SUPPORT: FeatureSupport[Game] = declare(
    "gamecourier", How.NOT, wording=Wording("{text} is not written in GAME Code", "{key}"),
    reads=("flag goal", "must capture", "drop checks", "must drop", "no checks", "extinction", "connection",
           "atomic captures", "drops", "stalemate", "royal", "chess promotion", "royals may face",
           "royal protection", "zoned moves", "confinement", "drop"),
    flag_goal=Support(CODE), must_capture=Support(CODE), must_drop=Support(CODE), no_checks=Support(CODE),
    drop_checks=Support(CODE), extinction=Support(CODE), atomic_captures=Support(CODE),
    connection=Support(How.SOME),  # lines and blocks; a chain between zones is refused by .write.goals.unwritten
    castling=Support(How.NOT, wording=CASTLING_LOST), split=Support(How.NOT, wording=SPLIT_LOST),
    drops=Support(CODE), promotion=Support(CODE), stalemate=Support(CODE), bare_king=Support(CODE),
    royals_may_face=Support(How.SOME), royal_protection=Support(How.SOME), captures_to_owner=Support(How.SOME),
    royal=Support(How.SOME), chess_promotion=Support(How.SOME), confinement=Support(How.SOME),
    zoned_moves=Support(How.SOME), drop=Support(How.SOME),
)
"""What Game Courier does with each rule feature (the context of its per-game tests is the game)."""
