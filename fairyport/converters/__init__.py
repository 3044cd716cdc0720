"""Converters between each format's syntax tree and the common game model (:mod:`fairyport.model`).

What a reader keeps as code instead of translating it is checked here, for every format and every command:
:func:`untranslated` / :func:`require_translated` (rules listed in ``Game.format_data[fmt]["untranslated"]``,
Game Courier) and :func:`programs_lost` (move blocks kept on a piece, ``PieceType.extra[fmt]["programs"]``, ZRF).
:func:`drop_rules` names the drop rules a writer without drops must refuse.
"""

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


def programs_lost(game: Game, target: str, best_effort: bool) -> list[str]:
    """Move programs a piece keeps in its source format's language (``PieceType.extra[fmt]["programs"]``: ZRF
    blocks not recognised as XBetza) cannot go to another format: raise :class:`UnsupportedError` naming the
    piece, the block and where it is, or, with ``best_effort``, list them as dropped."""
    lost: list[str] = []
    for piece in game.pieces:
        for fmt, data in piece.extra.items():
            if fmt == target or not isinstance(data, dict):
                continue
            for program in data.get("programs", []):
                item = f"piece {piece.name!r}: {fmt} move block {program['block']} at {program['location']}"
                if not best_effort:
                    raise UnsupportedError(f"{item} is not XBetza and cannot be written as {target}",
                                           feature=f"{piece.name}: {fmt} program")
                lost.append(item)
    return lost
