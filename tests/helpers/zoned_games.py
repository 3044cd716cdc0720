"""Games with zone-conditioned moves (:class:`~fairyport.model.ZonedMove`), built in the model, for the generator
and writer tests: xiangqi (the soldier's sideways step beyond the river) and a small sampler of every kind of
zone condition (from a zone, onto a zone, outside a zone, a lame double step from a start zone)."""

from __future__ import annotations

from fairyport.model import (
    BLACK,
    WHITE,
    Board,
    Game,
    Metadata,
    Piece,
    PieceType,
    Promotion,
    PromotionChoice,
    Rules,
    Setup,
    StalemateResult,
    Zone,
    ZonedMove,
)
from fairyport.movegen import Position, compile_game


def ranks(board: Board, low: int, high: int) -> frozenset[str]:
    """The squares of ranks ``low``..``high`` (1-based) of ``board``."""
    return frozenset(p.name for p in board.positions if p.rank is not None and low - 1 <= p.rank <= high - 1)


XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def xiangqi() -> Game:
    """Xiangqi in the model: the soldier steps sideways only beyond the river (a zoned move)."""
    board = Board(9, 10)
    palace_white = frozenset(f"{f}{r}" for f in "def" for r in (1, 2, 3))
    palace_black = frozenset(f"{f}{r}" for f in "def" for r in (8, 9, 10))
    zones = [Zone("palace", palace_white, WHITE), Zone("palace", palace_black, BLACK),
             Zone("own-half", ranks(board, 1, 5), WHITE), Zone("own-half", ranks(board, 6, 10), BLACK),
             Zone("beyond-river", ranks(board, 6, 10), WHITE), Zone("beyond-river", ranks(board, 1, 5), BLACK)]
    pieces = [
        PieceType("soldier", "P", "fW", zoned_moves=(ZonedMove("sW", "beyond-river"),)),
        PieceType("chariot", "R", "R"),
        PieceType("horse", "N", "mafsW"),
        PieceType("elephant", "B", "nA", confined_to="own-half"),
        PieceType("advisor", "A", "F", confined_to="palace"),
        PieceType("general", "K", "W", royal=True, confined_to="palace"),
        PieceType("cannon", "C", "mRcpR"),
    ]
    game = Game(Metadata("xiangqi"), board, pieces, Setup(),
                Rules(stalemate=StalemateResult.LOSS, royals_may_face=False), zones)
    game.setup = placement_of(game, XIANGQI_START)
    return game


def placement_of(game: Game, fen: str) -> Setup:
    """The setup of ``game`` given by ``fen`` (placement and side to move)."""
    pos = Position.from_fen(compile_game(game), fen)
    names = pos.variant.geometry.names
    return Setup(placement={names[sq]: Piece(game.pieces[(code - 1) >> 1].id, (code - 1) & 1)
                            for sq, code in enumerate(pos.board) if code},
                 side_to_move=WHITE if fen.split()[1] == "w" else BLACK)


def sampler() -> Game:
    """A 6x6 game with every kind of zone condition:

    - the pawn steps forward and captures diagonally, double-steps (lame) only from its start rank and steps
      sideways beyond the middle; it promotes to a rook on the last rank;
    - the warden is a wazir that may step only onto its own half (a landing zone);
    - the stray is a king that has no moves from the centre squares (outside a zone);
    - the lancer is a rook that may land only in the enemy's half.
    """
    board = Board(6, 6)
    centre = frozenset({"c3", "d3", "c4", "d4"})
    zones = [Zone("start", ranks(board, 2, 2), WHITE), Zone("start", ranks(board, 5, 5), BLACK),
             Zone("far", ranks(board, 4, 6), WHITE), Zone("far", ranks(board, 1, 3), BLACK),
             Zone("home", ranks(board, 1, 3), WHITE), Zone("home", ranks(board, 4, 6), BLACK),
             Zone("centre", centre)]
    pieces = [
        PieceType("king", "K", "K", royal=True),
        PieceType("pawn", "P", "fmWfcF", promotion=Promotion((PromotionChoice("R"),)),
                  zoned_moves=(ZonedMove("mfnD", "start"), ZonedMove("sW", "far"))),
        PieceType("rook", "R", "R"),
        PieceType("warden", "W", "", zoned_moves=(ZonedMove("W", "home", on="to"),)),
        PieceType("stray", "S", "", zoned_moves=(ZonedMove("K", "centre", inside=False),)),
        PieceType("lancer", "L", "", zoned_moves=(ZonedMove("R", "far", on="to"),)),
    ]
    game = Game(Metadata("zoned sampler"), board, pieces, Setup(), Rules(), zones)
    game.setup = placement_of(game, SAMPLER_START)
    return game


SAMPLER_START = "lswkrs/pppppp/6/6/PPPPPP/SRKWSL w - - 0 1"
