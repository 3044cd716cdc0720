"""What a conversion may lose, checked here for every format and every command.

A reader keeps as code (:attr:`fairyport.model.Game.kept`) what the model cannot hold: :func:`untranslated` /
:func:`require_translated` for code it could not translate (Game Courier piece functions, rules), and
:func:`programs_lost` (over :func:`fairyport.model.kept_code`) for code its own interpreter plays (ZRF move
blocks and rules, a board with links). :func:`refusals` and :func:`rules_lost` are the one refusal and loss list
of the rule features (:mod:`fairyport.features`): every writer calls them with its format's declaration
(``FORMAT.features``) instead of keeping its own table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from fairyport.errors import Location, UnsupportedError
from fairyport.features import C, Feature, FeatureSupport, How, Use, uses
from fairyport.model import UNTRANSLATED, Game, kept_code


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


@dataclasses.dataclass(frozen=True)
class Refusal:
    """One feature use a writer does not say exactly, worded as its format words it."""

    use: Use
    reason: str
    """The :class:`UnsupportedError`'s message."""
    lost: str
    """The lost-list entry under ``--best-effort``."""
    located: bool = False
    """The error names the game's source file."""


def refusals(game: Game, support: FeatureSupport[C], context: C, features: Sequence[Feature], *,
             by_piece: bool = False) -> list[Refusal]:
    """The uses of ``features`` in ``game`` that the format declaring ``support`` does not write exactly (nor in
    its code): those it does not write (:attr:`How.NOT`, or where the declared per-game test fails on
    ``context``, the writer's own object) and those it writes as an extension line (:attr:`How.EXTENSION`, unless
    the writer lists them itself), in :func:`fairyport.features.uses` order (``by_piece``: ordered by the piece
    each names, game-wide rules first; for writers that word each piece of a rule).

    :attr:`How.SOME` features are left to the writer, which refuses the games it cannot say with its own reason.
    """
    found: list[Refusal] = []
    for use in uses(game, features):
        said = support.support(use.feature)
        if said.how in (How.EXACT, How.CODE, How.SOME) and (said.when is None or said.when(context)):
            continue
        if said.how is How.EXTENSION and not said.listed:
            continue
        wording = said.wording or (support.extension_wording if said.how is How.EXTENSION else None) \
            or support.wording
        for each in said.each(game, use) if said.each is not None else [use]:
            words = {"text": each.text, "key": each.key, "target": support.format, "extension": said.extension}
            found.append(Refusal(each, wording.reason.format(**words), wording.lost.format(**words),
                                 wording.located))
    if by_piece:
        order = {id(p): i for i, p in enumerate(game.pieces)}
        found.sort(key=lambda r: -1 if r.use.piece is None else order[id(r.use.piece)])
    return found


def refuse(found: Iterable[Refusal], game: Game, best_effort: bool) -> list[str]:
    """Raise :class:`UnsupportedError` for the first of ``found`` (naming its feature key), or, with
    ``best_effort``, return their lost-list entries."""
    lost: list[str] = []
    for refusal in found:
        if not best_effort:
            raise UnsupportedError(refusal.reason, Location(game.metadata.source or None) if refusal.located else None,
                                   feature=refusal.use.key)
        lost.append(refusal.lost)
    return lost


def rules_lost(game: Game, support: FeatureSupport[C], context: C, features: Sequence[Feature],
               best_effort: bool, *, by_piece: bool = False) -> list[str]:
    """:func:`refuse` over :func:`refusals`: what a writer loses of ``features`` (raising without
    ``best_effort``)."""
    return refuse(refusals(game, support, context, features, by_piece=by_piece), game, best_effort)


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
