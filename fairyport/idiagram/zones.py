"""Promotion in a named zone said the Interactive Diagram's own way: ``promoZone=N``, the last N ranks.

The Diagram's text knows one kind of promotion zone, the last ``promoZone`` ranks of each side. A model promotion
in a named zone (ZRF's ``(in-zone? promotion)``) is written that way when it plays the same:

- each player's part of the zone is a band of whole ranks (every square of those ranks on the board, counted from
  that player's side), the same band for both players;
- a band that reaches the last rank is the last N ranks: the same zone;
- a band that stops short of the last rank (Makruk's sixth rank) plays as the last N ranks only if no piece of
  the type can stand beyond it unpromoted: its promotion is mandatory, no move of the type advances more ranks
  than the band is deep (so no move jumps over it), none of them stands on or beyond the band at the start,
  the game has no drops and no other piece promotes to it.

Anything else stays a loss the writer names (the Diagram has no other zone in its text).
"""

from __future__ import annotations

import dataclasses

from fairyport.model import BLACK, WHITE, Color, Game, PieceType, Promotion
from fairyport.xbetza.geometry import forward_reach
from fairyport.xbetza.syntax import BetzaError, parse_moves


def last_ranks_promotion(game: Game, piece: PieceType) -> Promotion | None:
    """``piece``'s promotion in a named zone as the same promotion in the last N ranks (``zone`` None,
    ``depth`` N), or None where that would not play the same (see the module's rules)."""
    promotion = piece.promotion
    if promotion is None or promotion.zone is None or game.board.links:
        return None
    depths: set[int] = set()
    for color in (WHITE, BLACK):
        band = _rank_band(game, game.zone_squares(promotion.zone, color), color)
        if band is None:
            return None
        low, high = band
        if high != game.board.ranks - 1 and not _never_beyond(game, piece, promotion, low, high, color):
            return None
        depths.add(game.board.ranks - low)
    if len(depths) != 1:
        return None
    return dataclasses.replace(promotion, zone=None, depth=depths.pop())


def _relative_rank(game: Game, rank: int, color: Color) -> int:
    """``rank`` counted from ``color``'s side (0 = that player's first rank)."""
    return rank if color == WHITE else game.board.ranks - 1 - rank


def _rank_band(game: Game, squares: frozenset[str], color: Color) -> tuple[int, int] | None:
    """The lowest and highest rank (from ``color``'s side) of ``squares`` when they are every board square of
    the ranks between, else None."""
    board = game.board
    ranks: set[int] = set()
    for name in squares:
        position = board.by_name.get(name)
        if position is None or position.rank is None:
            return None
        ranks.add(_relative_rank(game, position.rank, color))
    if not ranks:
        return None
    low, high = min(ranks), max(ranks)
    band = {p.name for p in board.positions
            if p.rank is not None and low <= _relative_rank(game, p.rank, color) <= high}
    return (low, high) if band == set(squares) else None


def _never_beyond(game: Game, piece: PieceType, promotion: Promotion, low: int, high: int, color: Color) -> bool:
    """True if no unpromoted ``piece`` of ``color`` can reach the ranks beyond ``high`` without stopping in the
    band ``low..high`` (where it must promote)."""
    if not promotion.mandatory or game.rules.drops:
        return False
    if any(other.promotion is not None and any(c.piece == piece.id for c in other.promotion.choices)
           for other in game.pieces):
        return False
    try:
        moves = parse_moves(piece.betza) + tuple(m for z in piece.zoned_moves for m in parse_moves(z.betza))
    except BetzaError:
        return False
    reach = forward_reach(moves)
    if reach is None or reach > high - low + 1:
        return False
    board = game.board
    for square, placed in game.setup.placement.items():
        position = board.by_name.get(square)
        if placed.id == piece.id and placed.color == color and (
                position is None or position.rank is None or _relative_rank(game, position.rank, color) >= low):
            return False
    return True
