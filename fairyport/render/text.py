"""A game as text: the start position rank by rank, its pieces with their moves, and a summary of the rules."""

from __future__ import annotations

import contextlib

from fairyport.model import BLACK, COLOR_NAMES, WHITE, BareKingRule, Game, PieceType, Promotion
from fairyport.render.board import grid_of
from fairyport.render.rules import goal_sentences, kept_moves_format, kept_sentences
from fairyport.xbetza.syntax import BetzaError
from fairyport.xbetza.words import describe_betza, hand_rules

EMPTY_MARK = "."
HOLE_MARK = "#"


def board_lines(game: Game) -> list[str]:
    """The start position, top rank first: FEN symbols, ``.`` for empty squares, ``#`` for holes; a board of
    positions and links by its positions' coordinates (blank where none stands)."""
    grid = grid_of(game.board)
    marks: dict[str, str] = {name: piece.symbol for name, piece in game.setup.placement.items()}
    width = max([1, *(len(m) for m in marks.values()), *(len(f) for f in grid.file_labels)])
    label_width = max([1, *(len(r) for r in grid.rank_labels)])
    cells = {(f, r): HOLE_MARK if (f, r) in grid.holes else marks.get(name, EMPTY_MARK) for f, r, name in grid.cells}
    lines = []
    for rank in reversed(range(grid.ranks)):
        row = " ".join(cells.get((f, rank), " ").ljust(width) for f in range(grid.files))
        lines.append(f"{grid.rank_labels[rank]:>{label_width}} " + row.rstrip())
    lines.append(" " * (label_width + 1) + " ".join(f.ljust(width) for f in grid.file_labels).rstrip())
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


def piece_lines(piece: PieceType, game: Game | None = None) -> list[str]:
    """One line for a piece type: ID, name and move, then its moves in words (:mod:`fairyport.xbetza.words`), where
    ``game`` keeps them as code which format's, and its promotion."""
    flags = []
    if piece.royal:
        flags.append("royal")
    if piece.confined_to:
        flags.append(f"confined to {piece.confined_to}")
    head = f"  {piece.id:<3} {piece.name:<16} {piece.betza}"
    lines = [head + (f"  [{', '.join(flags)}]" if flags else "")]
    with contextlib.suppress(BetzaError):  # a game read from a file parses; a hand-made model may hold anything
        lines.extend(f"        {phrase}" for phrase in describe_betza(piece.betza))
    kept = kept_moves_format(game, piece) if game is not None else None
    if kept is not None:
        lines.append(f"        {'also moves' if piece.betza else 'moves'} by {kept} code kept as such, which the "
                     f"{kept} interpreter plays")
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
    lines.extend(f"  {sentence}" for sentence in (*goal_sentences(game), *kept_sentences(game)))
    return lines


def render_text(game: Game, notes: list[str] | None = None) -> str:
    """The whole text picture: title, board, pieces, rules and any notes."""
    board = game.board
    title = game.metadata.title or "(untitled)"
    shape = f"{len(board.positions)} positions" if board.links else f"{board.files}x{board.ranks}"
    lines = [f"{title}  [{shape}, {len(game.setup.placement)} pieces, "
             f"{COLOR_NAMES[game.setup.side_to_move]} to move]"]
    lines.extend(board_lines(game))
    lines.append("pieces:")
    for piece in game.pieces:
        lines.extend(piece_lines(piece, game))
    lines.append("rules:")
    lines.extend(rules_lines(game))
    if notes:
        lines.append("notes:")
        lines.extend(f"  {note}" for note in notes)
    return "\n".join(lines) + "\n"
