"""Converters between each format's syntax tree and the common game model (:mod:`fairyport.model`)."""

from __future__ import annotations

from fairyport.errors import UnsupportedError
from fairyport.model import CHESS_TRIGGERS, Game

UNTRANSLATED = "untranslated"
"""Key of ``Game.format_data[fmt]`` listing what a reader kept as code instead of translating it (a piece
function, a rule): the model does not carry those rules, so it is neither played nor written elsewhere."""


def untranslated(game: Game) -> list[str]:
    """Everything a reader could not translate into the model (empty for a complete model)."""
    found: list[str] = []
    for data in game.format_data.values():
        if isinstance(data, dict):
            found.extend(str(item) for item in data.get(UNTRANSLATED, ()))
    return found


def require_translated(game: Game, purpose: str) -> None:
    """Refuse a game whose rules are partly untranslated code.

    :raises UnsupportedError: naming every untranslated piece function or rule.
    """
    missing = untranslated(game)
    if missing:
        raise UnsupportedError(f"{purpose}: the model lacks rules kept as code: " + "; ".join(missing),
                               feature="untranslated code")


def drop_rules(game: Game) -> list[tuple[str, str]]:
    """The drop and shogi-style promotion rules of ``game`` that a writer without drop support must refuse:
    (feature, description) pairs, empty for a game without them. Writers call this so that no format drops
    these rules silently."""
    found: list[tuple[str, str]] = []
    if game.rules.drops or game.rules.captures_to_hand:
        found.append(("drops", "drops and captures to hand"))
    for piece in game.pieces:
        promotion = piece.promotion
        if promotion is not None and (promotion.triggers != CHESS_TRIGGERS or promotion.mandatory_where_stuck):
            found.append((f"{piece.name}: promotion", f"the shogi-style promotion of {piece.id} (on leaving the "
                          "zone, or forced only where the piece could not move again)"))
    return found
