"""Small game builders for the move-generator tests."""

from __future__ import annotations

from fairyport.model import Board, Game, Metadata, PieceType, Rules, Setup, Zone
from fairyport.movegen import Position, compile_game


def lone_piece_targets(betza: str, square: str = "d4", *, files: int = 8, ranks: int = 8,
                       others: str = "", black: bool = False) -> set[str]:
    """Destinations of piece X (moves ``betza``) on ``square`` of an empty board.

    ``others`` places blockers as ``"P@d5 p@e5"`` (upper case white, lower case black pawns that never move).
    """
    pieces = [PieceType("x", "X", betza), PieceType("pawn", "P", "")]
    game = Game(Metadata("test"), Board(files, ranks), pieces, Setup())
    variant = compile_game(game)
    pos = Position(variant)
    geo = variant.geometry
    color = 1 if black else 0
    pos.board[geo.square(square)] = variant.code_by_symbol["x" if black else "X"]
    for item in others.split():
        symbol, _, where = item.partition("@")
        pos.board[geo.square(where)] = variant.code_by_symbol[symbol]
    pos.turn = color
    pos._find_royals()
    return {geo.names[m.raw[1]] for m in pos.legal_moves() if geo.names[m.raw[0]] == square}


def game_of(files: int, ranks: int, pieces: list[PieceType], rules: Rules | None = None,
            zones: list[Zone] | None = None) -> Game:
    """A game with an empty setup (positions come from FENs)."""
    return Game(Metadata("test"), Board(files, ranks), pieces, Setup(), rules or Rules(), zones or [])
