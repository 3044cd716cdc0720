"""A game as text: the start position rank by rank, its pieces with their moves, and a summary of the rules."""

from __future__ import annotations

import contextlib

from fairyport.model import BLACK, COLOR_NAMES, WHITE, BareKingRule, Game, PieceType, Promotion, square_name
from fairyport.xbetza.syntax import BetzaError
from fairyport.xbetza.words import describe_betza, hand_rules

EMPTY_MARK = "."
HOLE_MARK = "#"


def board_lines(game: Game) -> list[str]:
    """The start position, top rank first: FEN symbols, ``.`` for empty squares, ``#`` for holes."""
    board = game.board
    marks: dict[str, str] = {name: piece.symbol for name, piece in game.setup.placement.items()}
    width = max([1, *(len(m) for m in marks.values())])
    label_width = len(str(board.ranks - 1 + board.first_rank))
    lines = []
    for rank in reversed(range(board.ranks)):
        cells = []
        for file in range(board.files):
            name = square_name(file, rank, board.first_rank)
            cells.append(HOLE_MARK if name in board.holes else marks.get(name, EMPTY_MARK))
        label = str(rank + board.first_rank)
        lines.append(f"{label:>{label_width}} " + " ".join(c.ljust(width) for c in cells).rstrip())
    files = [square_name(f, 0)[:-1] for f in range(board.files)]
    lines.append(" " * (label_width + 1) + " ".join(f.ljust(width) for f in files).rstrip())
    return lines


def _promotion_text(promotion: Promotion) -> str:
    choices = []
    for choice in promotion.choices:
        text = choice.piece
        flags = []
        if not choice.on_last_rank:
            flags.append("not on the last rank")
        if choice.max_depth is not None:
            flags.append(f"within {choice.max_depth} ranks of the end")
        if choice.from_hand:
            flags.append("from hand")
        choices.append(text + (f" ({', '.join(flags)})" if flags else ""))
    where = f"zone {promotion.zone}" if promotion.zone else f"last {promotion.depth} rank(s)"
    kind = "must promote" if promotion.mandatory else "may promote"
    return f"{kind} in the {where} to " + ", ".join(choices)


def piece_lines(piece: PieceType) -> list[str]:
    """One line for a piece type: ID, name and move, then its moves in words (:mod:`fairyport.xbetza.words`) and its
    promotion."""
    flags = []
    if piece.royal:
        flags.append("royal")
    if piece.confined_to:
        flags.append(f"confined to {piece.confined_to}")
    head = f"  {piece.id:<3} {piece.name:<16} {piece.betza}"
    lines = [head + (f"  [{', '.join(flags)}]" if flags else "")]
    with contextlib.suppress(BetzaError):  # a game read from a file parses; a hand-made model may hold anything
        lines.extend(f"        {phrase}" for phrase in describe_betza(piece.betza))
    if piece.promotion is not None:
        lines.append("        " + _promotion_text(piece.promotion))
    return lines


def rules_lines(game: Game) -> list[str]:
    """The rules other than piece moves, one per line."""
    rules = game.rules
    lines = [f"  stalemate: {rules.stalemate.value} for the stalemated side",
             f"  royal pieces: {rules.royal_protection.value} royal piece protected"]
    if rules.bare_king is BareKingRule.LOSS:
        lines.append("  bare king: a side left with royal pieces only loses")
    if not rules.royals_may_face:
        lines.append("  royal pieces may not face each other on an open file")
    lines.extend(f"  {sentence}" for sentence in hand_rules(game))
    for zone in game.zones:
        owner = "both" if zone.color is None else COLOR_NAMES[zone.color]
        lines.append(f"  zone {zone.name} ({owner}): {' '.join(sorted(zone.squares))}")
    for color in (WHITE, BLACK):
        hand = game.setup.hands.get(color, {})
        if hand:
            lines.append(f"  {COLOR_NAMES[color]} in hand: " + " ".join(f"{k}x{n}" for k, n in hand.items()))
    return lines


def render_text(game: Game, notes: list[str] | None = None) -> str:
    """The whole text picture: title, board, pieces, rules and any notes."""
    board = game.board
    title = game.metadata.title or "(untitled)"
    lines = [f"{title}  [{board.files}x{board.ranks}, {len(game.setup.placement)} pieces, "
             f"{COLOR_NAMES[game.setup.side_to_move]} to move]"]
    lines.extend(board_lines(game))
    lines.append("pieces:")
    for piece in game.pieces:
        lines.extend(piece_lines(piece))
    lines.append("rules:")
    lines.extend(rules_lines(game))
    if notes:
        lines.append("notes:")
        lines.extend(f"  {note}" for note in notes)
    return "\n".join(lines) + "\n"
