"""Where the model's castling goes in Fairy-Stockfish's castling options, or why it cannot (the FSF writer).

Fairy-Stockfish castles the ``castlingKingPiece`` (the writer's ``king``) from its square on the first rank
(White) or the last (Black) to the absolute files ``castlingKingsideFile`` / ``castlingQueensideFile``, with the
partner the ``K``/``Q`` right names: the outermost ``castlingRookPieces`` piece from the corner inwards. The
model's (default) castling moves the royal ``step`` squares each way from wherever it starts, with the outermost
piece of the rank that way when it is virgin and stands on the corner (or moves as a rook), landing beyond the
royal's destination. The two agree only when :func:`castling_plan` finds no reason they differ.
"""

from __future__ import annotations

import dataclasses

from fairyport.model import BLACK, COLOR_NAMES, WHITE, Castling, file_name
from fairyport.movegen.compile import CompiledType, Variant, code_of


@dataclasses.dataclass(frozen=True)
class FsfCastling:
    """The castling options: the royal's file, its destination files (0-based) and the partner letters."""

    king_file: int
    kingside_file: int
    queenside_file: int
    partners: str


class CastlingMisfit(Exception):
    """The model's castling has no place in Fairy-Stockfish's options: the message says why."""


WINGS = ((1, "K", "kingside"), (-1, "Q", "queenside"))
"""(direction along the rank, right letter, name) of the two wings."""


def castling_plan(variant: Variant, castlers: list[CompiledType], slots: dict[str, str]) -> FsfCastling:
    """The options that place ``castlers``' castling (the variant's types that castle) on the board.

    :raises CastlingMisfit: naming the reason Fairy-Stockfish would castle otherwise (or not at all).
    """
    if len(castlers) != 1:
        raise CastlingMisfit("more than one piece type castles: " + ", ".join(t.piece.name for t in castlers))
    king = castlers[0]
    if slots.get(king.piece.id) != "king":
        raise CastlingMisfit(f"the castling piece {king.piece.name!r} is not the royal king Fairy-Stockfish "
                             "castles")
    steps = {spec.dx: spec.step for spec in king.castling}
    if set(steps) != {-1, 1}:
        raise CastlingMisfit(f"{king.piece.name!r} castles one way only")
    rule = king.piece.castling
    squares = [_royal_square(variant, king, color) for color in (WHITE, BLACK)]
    if rule is not None and rule.king_files is not None:
        return _to_files(variant, king, rule, squares)
    if rule is not None and not castles_as_fsf(rule):
        raise CastlingMisfit(f"{king.piece.name!r} castles by another rule than Fairy-Stockfish's (after moving, "
                             "through check, or with attack tests of another type)")
    geo = variant.geometry
    files = {geo.coords[sq][0] for sq in squares}
    if len(files) != 1:
        raise CastlingMisfit("the castling pieces start on different files ("
                             + ", ".join(geo.names[sq] for sq in squares)
                             + "): Fairy-Stockfish's castling files are the same for both sides")
    (kf,) = files
    for dx, _, wing in WINGS:
        corner = geo.files - 1 if dx > 0 else 0
        if abs(corner - kf) <= steps[dx]:
            where = kf + dx * steps[dx]
            lands = file_name(where) if 0 <= where < geo.files else f"off the board ({geo.files} files)"
            raise CastlingMisfit(f"castling {steps[dx]} squares {wing} from file {file_name(kf)} lands on "
                                 f"{lands}, with no room for the partner beyond: the model never castles that "
                                 "way, Fairy-Stockfish would")
    partners = {p for sq, color in zip(squares, (WHITE, BLACK), strict=True) for p in _partners(variant, sq, color)}
    return FsfCastling(kf, kf + steps[1], kf - steps[-1], "".join(sorted(partners)))


def castles_as_fsf(rule: Castling) -> bool:
    """Whether ``rule`` castles by Fairy-Stockfish's tests: unmoved pieces, not out of or through check, the
    royal piece's own attack test (the partner's distance and types may be given: ``castlingRookPieces``)."""
    return rule.virgin and rule.safe and rule.tested_as is None


def _to_files(variant: Variant, king: CompiledType, rule: Castling, squares: list[int]) -> FsfCastling:
    """The options of castling to fixed files: Fairy-Stockfish's own rule, with partners of the rule's types
    (the outermost of each wing, which the ``K``/``Q`` rights name) and the usual tests."""
    assert rule.king_files is not None
    if not castles_as_fsf(rule) or not rule.partners:
        raise CastlingMisfit(f"{king.piece.name!r} castles to fixed files by another rule than Fairy-Stockfish's "
                             "(after moving, through check, with attack tests of another type, or with partners "
                             "of no named type)")
    geo = variant.geometry
    return FsfCastling(geo.coords[squares[0]][0], rule.king_files[1], rule.king_files[0],
                       "".join(sorted(p.lower() for p in rule.partners)))


def _royal_square(variant: Variant, king: CompiledType, color: int) -> int:
    """The one start square of ``color``'s castling piece, on its first rank."""
    geo = variant.geometry
    squares = [sq for sq, code in variant.start_codes.items() if code == code_of(king.index, color)]
    name = COLOR_NAMES[color]
    if len(squares) != 1:
        raise CastlingMisfit(f"{name} has {len(squares)} castling pieces {king.piece.name!r}, not one")
    rank = 0 if color == WHITE else geo.ranks - 1
    if geo.coords[squares[0]][1] != rank:
        raise CastlingMisfit(f"{name}'s {king.piece.name!r} starts on {geo.names[squares[0]]}, not on rank "
                             f"{rank + 1}: Fairy-Stockfish castles on the first rank only")
    return squares[0]


def _partners(variant: Variant, king: int, color: int) -> set[str]:
    """The letters of the pieces ``color``'s royal on ``king`` castles with at the start, each on its corner
    (Fairy-Stockfish's right stays with the corner; the model would take an inner rook-like piece)."""
    start = variant.start_position()
    geo = variant.geometry
    found = set()
    for dx, letter, wing in WINGS:
        partner = start.castle_partner(king, dx, color)
        if partner < 0:
            continue
        if geo.coords[partner][0] != (geo.files - 1 if dx > 0 else 0):
            raise CastlingMisfit(f"{COLOR_NAMES[color]} castles {wing} ({letter}) with the piece on "
                                 f"{geo.names[partner]}, not on the corner: Fairy-Stockfish's right would stay "
                                 "with it wherever pieces move outside it")
        found.add(variant.types[(start.board[partner] - 1) >> 1].piece.id.lower())
    return found


__all__ = ["CastlingMisfit", "FsfCastling", "castling_plan"]
