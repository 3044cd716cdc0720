"""Converters between each format's syntax tree and the common game model (:mod:`fairyport.model`).

What a reader keeps as code instead of translating it is checked here, for every format and every command:
:func:`untranslated` / :func:`require_translated` (rules listed in ``Game.format_data[fmt]["untranslated"]``,
Game Courier) and :func:`programs_lost` (move blocks kept on a piece, ``PieceType.extra[fmt]["programs"]``, ZRF).
:func:`drop_rules` names the drop rules a writer without drops must refuse.
"""

from __future__ import annotations

from fairyport.errors import Location, UnsupportedError
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


EXCERPT = 80
"""Characters of kept code quoted in a message (then ``…``): a kept block can be thousands of characters."""


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """``text`` cut to ``limit`` characters, with ``…`` where it was cut."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "…"


KEPT = "rules"
"""Key of ``Game.format_data[fmt]`` listing rules a reader kept as code of its format, each a dict with
``rule``, ``text`` and ``location`` (ZRF: move priorities, turn orders, options, goals outside the model)."""


def kept_code(game: Game, target: str | None = None) -> list[tuple[str, str]]:
    """What ``game`` keeps as code of a format other than ``target`` (None: any format), and its board's links:
    (feature, description) pairs, each description naming the piece or rule, an excerpt and the location."""
    found: list[tuple[str, str]] = []
    for piece in game.pieces:
        for fmt, data in piece.extra.items():
            if fmt == target or not isinstance(data, dict):
                continue
            for program in data.get("programs", []):
                found.append((f"{piece.name}: {fmt} program", f"piece {piece.name!r}: {fmt} move block "
                              f"{excerpt(program['block'])} at {program['location']}"))
    for fmt, data in game.format_data.items():
        if fmt == target or not isinstance(data, dict):
            continue
        for rule in data.get(KEPT, []):
            found.append((f"{fmt} {rule['rule']}", f"{fmt} rule {excerpt(rule['text'])} at {rule['location']}"))
    if game.board.links and target != "zrf":
        found.append(("board links", f"a board with links ({len(game.board.positions)} positions, directions "
                      + ", ".join(sorted(game.board.links)[:8]) + ")"))
    return found


def programs_lost(game: Game, target: str, best_effort: bool) -> list[str]:
    """Code a game keeps in its source format's language (:func:`kept_code`: ZRF move blocks not recognised as
    XBetza, ZRF rules, a board with links) cannot go to another format: raise :class:`UnsupportedError` naming
    the piece or rule, the code and where it is, or, with ``best_effort``, list them as dropped."""
    lost: list[str] = []
    if target != "zrf" and not (game.board.files and game.board.ranks):
        raise UnsupportedError(f"a board of {len(game.board.positions)} positions without a rectangle of files and "
                               f"ranks cannot be written as {target}", Location(game.metadata.source or None),
                               feature="board links")
    for feature, item in kept_code(game, target):
        if not best_effort:
            raise UnsupportedError(f"{item} has no place in the model and cannot be written as {target}",
                                   Location(game.metadata.source or None), feature=feature)
        lost.append(item)
    return lost
