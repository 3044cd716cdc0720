"""The rules of a report page and of ``show``, saying only what is true of the game, and which pieces move by
kept code (:func:`kept_moves_format`).

The model's rules in words (:func:`fairyport.xbetza.words.describe_rules`) say "no piece is royal" or "no piece
promotes" of a model that has none. Where the game keeps code in its source's language (:attr:`Game.kept`:
move blocks that are no XBetza, rules the model has no place for), that code may make pieces royal, promote them,
drop them or send captures to hand, so those negative sentences are not known to be true: :func:`true_rules`
leaves them out and says instead which pieces and rules are kept as code, and where. It also says the model's
goals that the sentences above do not cover (extinction, flag).
"""

from __future__ import annotations

import os
from pathlib import Path

from fairyport.model import KEPT_RULE, UNTRANSLATED, Game, PieceType, StalemateResult
from fairyport.xbetza.words import describe_rules

UNKNOWN_WITH_CODE = ("No piece is royal", "No piece promotes", "No castling", "No en passant")
"""The starts of the sentences that the kept code may contradict."""
RESULTS = {StalemateResult.LOSS: "loses", StalemateResult.WIN: "wins", StalemateResult.DRAW: "draws"}


def kept_formats(game: Game) -> list[str]:
    """The formats whose code the game keeps (moves, rules or untranslated code), in first-kept order."""
    return list(dict.fromkeys(k.format for k in game.kept))


def goal_sentences(game: Game) -> list[str]:
    """The model's extinction and flag goals in words."""
    lines = []
    names = {p.id: p.name for p in game.pieces}
    extinction = game.rules.extinction
    if extinction is not None:
        kinds = ("pieces" if extinction.pieces is None
                 else " or ".join(names.get(pid, pid) for pid in extinction.pieces))
        held = "none" if extinction.count == 0 else f"at most {extinction.count}"
        lines.append(f"A side left with {held} of its {kinds} (on the board and in hand) "
                     f"{RESULTS[extinction.result]}.")
    flag = game.rules.flag
    if flag is not None:
        pieces = {names.get(pid, pid) for pid in (flag.white_piece, flag.black_piece) if pid is not None}
        who = " or ".join(sorted(pieces)) if pieces else "any piece"
        lines.append(f"A side wins when {flag.count} of its {who} stand{'s' if flag.count == 1 else ''} in its "
                     f"zone {flag.zone} after its move.")
    return lines


def kept_sentences(game: Game) -> list[str]:
    """What the game keeps as code, in words: the pieces whose moves are code and each rule kept as code."""
    lines = []
    for fmt in kept_formats(game):
        programs = [p.name for p in game.pieces if any(k.format == fmt for k in game.programs(p.id))]
        if programs:
            lines.append(f"The moves of {', '.join(programs)} are kept as {fmt} code, which the {fmt} interpreter "
                         f"plays: whatever that code does (royal pieces, promotions, captures to hand, drops) is "
                         f"not read into these sentences.")
        for rule in game.kept:
            if rule.format == fmt and rule.kind == KEPT_RULE:
                lines.append(f"Kept as {fmt} code: {rule.name or 'a rule'} at {shown_path(rule.location)}.")
        untranslated = [k.text for k in game.kept if k.format == fmt and k.kind == UNTRANSLATED]
        if untranslated:
            lines.append(f"Not translated from {fmt} code (the model lacks these rules): {'; '.join(untranslated)}.")
    return lines


def kept_moves_format(game: Game, piece: PieceType) -> str | None:
    """The format whose code holds the moves of ``piece`` (a kept program, or an untranslated piece function of
    a piece without XBetza), or None where the model's XBetza says them all."""
    programs = game.programs(piece.id)
    if programs:
        return programs[0].format
    if piece.betza:
        return None
    prefix = f"{piece.name}: "
    return next((k.format for k in game.kept if k.kind == UNTRANSLATED and k.text.startswith(prefix)), None)


def true_rules(game: Game) -> list[str]:
    """The game's rules in words: the model's (:func:`describe_rules`) and goals, without the negative sentences
    that code kept in a format's language may contradict, then what that code is."""
    lines = describe_rules(game)
    if game.kept:
        lines = [line for line in lines if not line.startswith(UNKNOWN_WITH_CODE)]
    return [*lines, *goal_sentences(game), *kept_sentences(game)]


def hand_sentence(game: Game) -> str | None:
    """What to say of pieces in hand when no side starts with any: None when that is all (the model plays the
    game, or its code is not kept), else a sentence saying that kept code may fill them."""
    if not game.kept or any(game.setup.hands.values()):
        return None
    return ("None at the start; captures to hand and drops, if any, are in the code kept as "
            f"{' and '.join(kept_formats(game))} (see the rules).")


def shown_path(location: str) -> str:
    """A file (or ``file:line:column``) as a page shows it: relative to the current folder when it lies below it,
    so that a report names its sources as the command line did, not where this machine keeps them."""
    if not location or location.startswith("<"):
        return location
    try:
        path = Path(location)
        if path.is_absolute() and path.is_relative_to(Path.cwd()):
            return os.path.relpath(path)
    except (OSError, ValueError):
        pass
    return location
