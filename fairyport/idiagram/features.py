"""The rule features (:mod:`fairyport.features`) the Interactive Diagram reads and writes, and how:
:data:`SUPPORT`.

What the Diagram's own parameters say is :attr:`~fairyport.features.How.EXACT`; the rest is written as a
``fairyport...`` extension line, which fairyport reads back and the Diagram script ignores
(:attr:`~fairyport.features.How.EXTENSION`). The game-wide rules are listed as lost by
:func:`fairyport.conversion.refusals`; a piece's extension lines are listed where the writer writes them
(``listed=False``).
"""

from __future__ import annotations

from fairyport.features import FeatureSupport, How, Support, Wording, declare
from fairyport.idiagram.goals import (
    ATOMIC_KEY,
    CASTLING_KEY,
    CONNECT_KEY,
    DROPS_KEY,
    EXTINCTION_KEY,
    FLAG_KEY,
    MUST_CAPTURE_KEY,
    MUST_DROP_KEY,
    NO_CHECKS_KEY,
    SPLIT_KEY,
)
from fairyport.idiagram.read import royal_optional_said
from fairyport.idiagram.rules import DROP_KEY, PROMOTION_KEY, REBIRTH_KEY, ZONED_KEY
from fairyport.idiagram.transport import (
    CANNOT_CAPTURE_KEY,
    JOIN_KEY,
    UNLOAD_KEY,
    UNMOVED_WHEN_MADE_KEY,
    VIRGIN_MOVES_KEY,
)
from fairyport.model import Game

EXTENSION = How.EXTENSION
NO_SUCH_RULE = ("{text}: the Diagram has no such rule (written as the fairyport extension {extension}, which the "
                "Diagram script ignores)")


def _line(key: str) -> Support[Game]:
    """Written as the extension line ``key`` after a piece line, and listed there."""
    return Support(EXTENSION, extension=key, listed=False)


def _royal_optional_said(game: Game) -> bool:
    """Said by ``extinction`` where a side has no royal piece at all or pieces may capture their own
    (:mod:`fairyport.idiagram.royalty`); elsewhere refused (the extension ``fairyportRoyalOptional``)."""
    return royal_optional_said(game)


SUPPORT: FeatureSupport[Game] = declare(
    "idiagram", How.NOT, wording=Wording("the Interactive Diagram cannot express {text}", "{text}"),
    extension_wording=Wording("the Interactive Diagram cannot express " + NO_SUCH_RULE, NO_SUCH_RULE),
    reads=("flag goal", "must capture", "drop checks", "no checks", "must drop", "rebirth", "drop safety",
           "drops first", "royal optional", "extinction", "connection", "atomic captures", "joins", "unloads",
           "virgin moves", "capture restrictions", "unmoved when made", "drops", "promotion", "castling", "split",
           "stalemate", "bare king", "royals may face", "royal protection", "captures to owner", "royal",
           "chess promotion", "confinement", "zoned moves", "drop"),
    flag_goal=Support(EXTENSION, extension=FLAG_KEY), must_capture=Support(EXTENSION, extension=MUST_CAPTURE_KEY),
    must_drop=Support(EXTENSION, extension=MUST_DROP_KEY), no_checks=Support(EXTENSION, extension=NO_CHECKS_KEY),
    royal_optional=Support(How.EXACT, when=_royal_optional_said),
    extinction=Support(EXTENSION, extension=EXTINCTION_KEY), connection=Support(EXTENSION, extension=CONNECT_KEY),
    atomic_captures=Support(EXTENSION, extension=ATOMIC_KEY),
    drop_checks=_line(DROP_KEY), drop_safety=_line(DROP_KEY), drops_first=_line(DROP_KEY),
    drop=Support(How.SOME),  # WeirdPromotion beside shogi-style keys, else a fairyportDrop line
    rebirth=_line(REBIRTH_KEY), joins=_line(JOIN_KEY), unloads=_line(UNLOAD_KEY),
    virgin_moves=_line(VIRGIN_MOVES_KEY), capture_restrictions=_line(CANNOT_CAPTURE_KEY),
    unmoved_when_made=_line(UNMOVED_WHEN_MADE_KEY), castling=_line(CASTLING_KEY), split=_line(SPLIT_KEY),
    confinement=Support(How.CODE), zoned_moves=_line(ZONED_KEY),
    drops=Support(How.EXACT, extension=DROPS_KEY), promotion=_line(PROMOTION_KEY),
    stalemate=Support(How.EXACT), bare_king=Support(How.EXACT), royals_may_face=Support(How.SOME),
    royal_protection=Support(How.EXACT), captures_to_owner=Support(How.EXACT), royal=Support(How.EXACT),
    chess_promotion=Support(How.SOME),
)
"""What the Interactive Diagram does with each rule feature."""
