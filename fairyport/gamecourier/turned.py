"""A game whose second player moves first, turned round for Game Courier, whose first side always moves first.

Game Courier has no setting for who moves first that its documentation names: its first side (the one whose pieces have
upper-case labels) moves first, and the ``sides`` setting lists the side names with the first mover first
(docs/gamecourier.md, "What Game Courier documents": the Edit form's "Skip First Move" box is in the pages searched, its
key and meaning are not). So a game in which Black moves first is written turned round (:func:`turned`): the board
rotated by 180 degrees and the colours swapped, which the model's rules do not see (Black's moves are White's turned by
180 degrees), so the first side, upper case, moving up the board, is the game's Black; ``sides`` then names it first
(:data:`BLACK_FIRST_SIDES`), and the preset reader turns the game read back round again.
"""

from __future__ import annotations

import copy
import dataclasses
import re

from fairyport.model import BLACK, WHITE, Color, Game, Piece, Zone, square_name

WHITE_FIRST_SIDES = "White Black"
"""The ``sides`` setting of a preset in which White moves first (its first side, upper case, is White)."""
BLACK_FIRST_SIDES = "Black White"
"""The ``sides`` setting of a preset written turned round (:func:`turned`): its first side, upper case, moving
first, is the game's Black."""


def why_not_turned(game: Game) -> str | None:
    """Why turning ``game`` round would change its rules (None: it would not): a board off the grid, a connection
    chain (Fairy-Stockfish's grows eastwards and northwards only), a flag goal's extra move (Black's only where
    the flag piece is royal), code kept in a format's own language."""
    if game.board.extra_positions or game.board.links:
        return "a board with positions off the grid"
    connect = game.rules.connect
    if connect is not None and connect.zones is not None:
        return "a connection chain (it grows eastwards and northwards only)"
    flag = game.rules.flag
    if flag is not None and flag.extra_move:
        return "a flag goal's extra move (the second player's only)"
    if game.kept:
        return "code kept in its format's own language"
    return None


def turned(game: Game) -> Game:
    """``game`` with the board rotated by 180 degrees and the colours swapped (an involution on games whose zones
    list each name's White zone before its Black one, as the readers do): every square name rotated (setup, holes,
    zones, rebirth squares), each piece and hand given to the other side, zones and flag pieces to the other
    player, the side to move swapped, castling partners' distances (given as White sees the board) left for
    right. The rules are those of ``game`` for the other player, so perft is unchanged."""
    board = game.board

    spin = {square_name(f, r, board.first_rank): square_name(board.files - 1 - f, board.ranks - 1 - r,
                                                               board.first_rank)
            for f in range(board.files) for r in range(board.ranks)}

    def rotate(name: str) -> str:
        return spin[name]

    def other(color: Color | None) -> Color | None:
        return None if color is None else BLACK if color == WHITE else WHITE

    result = copy.deepcopy(game)
    result.board = dataclasses.replace(board, holes=frozenset(rotate(h) for h in board.holes))
    result.setup.placement = {rotate(sq): Piece(p.id, BLACK if p.color == WHITE else WHITE)
                              for sq, p in game.setup.placement.items()}
    result.setup.hands = {BLACK if c == WHITE else WHITE: dict(hand) for c, hand in game.setup.hands.items()}
    result.setup.side_to_move = BLACK if game.setup.side_to_move == WHITE else WHITE
    names = list(dict.fromkeys(z.name for z in game.zones))
    result.zones = sorted((Zone(z.name, frozenset(rotate(s) for s in z.squares), other(z.color)) for z in game.zones),
                          key=lambda z: (names.index(z.name), -1 if z.color is None else z.color))  # White's first
    flag = game.rules.flag
    if flag is not None:
        result.rules.flag = dataclasses.replace(flag, white_piece=flag.black_piece, black_piece=flag.white_piece)
    for piece in result.pieces:
        if piece.rebirth is not None:  # Circe's square, one for both colours
            piece.rebirth = rotate(piece.rebirth)
        castling = piece.castling
        if castling is not None and castling.partner_distance is not None:
            left, right = castling.partner_distance
            piece.castling = dataclasses.replace(castling, partner_distance=(right, left))
    return result


_MESSAGE = re.compile(r"^(\s*(?:say|die) )(.*)$", re.MULTILINE)
_NAMES = {"White": "Black", "Black": "White"}


def swap_names(code: str) -> str:
    """``code`` with the side names ``White`` and ``Black`` swapped in its ``say`` and ``die`` messages (the only
    place the writer spells them with a capital), for a preset written turned round: its first side is Black."""
    return _MESSAGE.sub(lambda m: m.group(1) + re.sub(r"\b(White|Black)\b", lambda n: _NAMES[n.group(1)],
                                                      m.group(2)), code)
