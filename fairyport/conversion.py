"""What a conversion may lose, checked here for every format and every command.

A reader keeps as code (:attr:`fairyport.model.Game.kept`) what the model cannot hold: :func:`untranslated` /
:func:`require_translated` for code it could not translate (Game Courier piece functions, rules), and
:func:`programs_lost` (over :func:`fairyport.model.kept_code`) for code its own interpreter plays (ZRF move
blocks and rules, a board with links). :func:`drop_rules` names the drop rules a writer without drops must refuse.
"""

from __future__ import annotations

from fairyport.errors import Location, UnsupportedError
from fairyport.model import CHESS_TRIGGERS, UNTRANSLATED, Game, kept_code


def untranslated(game: Game) -> list[str]:
    """Everything a reader could not translate into the model (empty for a complete model)."""
    return [k.text for k in game.kept if k.kind == UNTRANSLATED]


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


def castling_lost(game: Game, target: str, best_effort: bool) -> list[str]:
    """Castling rules other than the Interactive Diagram's (:attr:`fairyport.model.PieceType.castling`), which
    the Diagram, Game Courier and Fairy-Stockfish writers cannot say (ZRF writes them in code, JSON as data);
    written as ``O`` they would castle by the Diagram's rule, another game.
    Raise :class:`UnsupportedError` naming the piece and the rule, or, with ``best_effort``, list them as dropped.
    """
    lost: list[str] = []
    for piece in game.pieces:
        rule = piece.castling
        if rule is None:
            continue
        parts = [text for on, text in ((not rule.virgin, "after the royal piece or its partner has moved"),
                                       (not rule.safe, "out of or through check"),
                                       (rule.partner_distance is not None,
                                        f"with the partner {rule.partner_distance} squares away (left, right)"),
                                       (bool(rule.partners), "with a partner of type " + "/".join(rule.partners)),
                                       (rule.tested_as is not None,
                                        f"with attack tests asking whether a {rule.tested_as} could be captured"))
                 if on]
        item = f"the castling of {piece.name!r} ({', '.join(parts) or 'as the Diagram castles'})"
        if not best_effort:
            raise UnsupportedError(f"{item} cannot be written as {target} (its castling is the Interactive "
                                   "Diagram's rule)", Location(game.metadata.source or None),
                                   feature=f"{piece.name}: castling")
        lost.append(item)
    return lost


def split_lost(game: Game, target: str, best_effort: bool) -> list[str]:
    """Pieces that split when they move (:attr:`fairyport.model.PieceType.split`), which the Game Courier,
    Fairy-Stockfish and ZRF writers cannot say (the Diagram writes them as an extension line, JSON as data).
    Raise :class:`UnsupportedError` naming the piece and the rule, or, with ``best_effort``, list them as dropped.
    """
    lost: list[str] = []
    for piece in game.pieces:
        if piece.split is None:
            continue
        item = (f"the split of {piece.name!r} (each move leaves a {piece.split.left} on its square and lands as a "
                f"{piece.split.moved})")
        if not best_effort:
            raise UnsupportedError(f"{item} cannot be written as {target}", Location(game.metadata.source or None),
                                   feature=f"{piece.name}: split")
        lost.append(item)
    return lost


def programs_lost(game: Game, target: str, best_effort: bool) -> list[str]:
    """Code a game keeps in its source format's language (:func:`kept_code`: ZRF move blocks not recognised as
    XBetza, ZRF rules, a board with links) cannot go to another format: raise :class:`UnsupportedError` naming
    the piece or rule, the code and where it is, or, with ``best_effort``, list them as dropped."""
    lost: list[str] = []
    found = kept_code(game, target)
    for feature, item in found:  # the code first: a board keeps its links because code names its positions
        if not best_effort and feature != "board links":
            raise UnsupportedError(f"{item}: the model has no place for it, so the game cannot be written as "
                                   f"{target}", Location(game.metadata.source or None), feature=feature)
    if target != "zrf" and not (game.board.files and game.board.ranks):
        raise UnsupportedError(f"a board of {len(game.board.positions)} positions that are not a rectangle of "
                               f"files and ranks (positions and links read as written) cannot be written as "
                               f"{target}", Location(game.metadata.source or None), feature="board links")
    for feature, item in found:
        if not best_effort:
            raise UnsupportedError(f"{item}: the model has no place for it, so the game cannot be written as "
                                   f"{target}", Location(game.metadata.source or None), feature=feature)
        lost.append(item)
    return lost
