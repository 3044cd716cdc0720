"""What a Fairy-Stockfish ``variants.ini`` section holds exactly, and how the exporter writes it.

:data:`TABLE` is the exporter's contract: every model feature it meets is either written as the row says or
refused (UnsupportedError naming the piece or rule; ``--best-effort`` writes the nearest section and lists the
difference). The README's exactness table is this one; ``tests/test_fsf_export.py`` checks each row.
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Row:
    """One feature: whether Fairy-Stockfish holds it exactly, and how (or why not)."""

    feature: str
    exact: bool
    how: str


MAX_FILES = 12
"""Fairy-Stockfish's widest board (files)."""
MAX_RANKS = 10
"""Fairy-Stockfish's tallest board (ranks)."""
MAX_CUSTOM_PIECES = 25
"""Fairy-Stockfish's custom piece slots (``customPiece1`` .. ``customPiece25``)."""

TABLE: tuple[Row, ...] = (
    Row("board up to 12 files x 10 ranks, no holes", True, "maxFile, maxRank"),
    Row("board larger than 12 x 10, or with holes", False, "unsupported"),
    Row("single-leg XBetza inside FSF's subset (atoms WFDNAHCZGKRBQ, modes m c p g n)", True,
        "customPieceN = x:<betza>, each proven against the generator with pyffish when installed"),
    Row("a piece string FSF misreads (perft.md 6: vQ, vC3, fN, mpBmbrB, ...)", False,
        "unsupported: the pyffish proof finds the difference"),
    Row("multi-leg 'a' moves", False, "unsupported, except the lame leaps FSF writes nN / nA (xiangqi horse "
        "mafsW, elephant mafF), proven like every piece"),
    Row("chess pawn (ifmnD fmW fceF)", True, "pawn = p, doubleStep on the pawns' start rank, e.p."),
    Row("one royal piece type", True, "king = k (or k:<betza> for another move)"),
    Row("several royal types, or royal protection of the last royal only", False, "unsupported"),
    Row("castling (O atom on the royal piece, both ways, kings on one file of the first and last ranks, "
        "partners on the corners)", True,
        "castling = true, castlingKingFile, castlingKingsideFile / castlingQueensideFile (the files the royal "
        "lands on), castlingRookPieces (every corner partner's type)"),
    Row("castling the options cannot place: a destination off the board or with no room for the partner, "
        "kings on other files or ranks, a partner off its corner, one way only, a castling piece that is not "
        "the royal king", False, "unsupported, naming why (fairyport/fsf/castling.py); with --best-effort "
        "castling = false, no rights in startFen, listed as lost"),
    Row("chess-style promotion (moves ending in the last ranks, a choice of types)", True,
        "promotionPawnTypes, promotionPieceTypes, promotionRegionWhite/Black, mandatoryPawnPromotion"),
    Row("shogi-style promotion (one type, entering / within / leaving the zone, optional, forced where "
        "stuck)", True, "promotedPieceType, promotionRegionWhite/Black, immobilityIllegal"),
    Row("promotion triggers other than 'ends in the zone' (chess) or 'starts or ends in it' (shogi)", False,
        "unsupported"),
    Row("drops, captures to hand with demotion", True, "pieceDrops, capturesToHand, startFen holdings"),
    Row("one drop zone shared by every piece type", True, "dropRegionWhite / dropRegionBlack"),
    Row("no drop where the piece could never move again", True, "immobilityIllegal"),
    Row("at most N unpromoted pieces of one type per file (one type only)", True,
        "dropNoDoubled, dropNoDoubledCount"),
    Row("drop-mate prohibition (an fW piece: shogi's pawn)", True,
        "shogiPawn = x, shogiPawnDropMateIllegal: the game is the same, but FSF keeps the drop as a move that "
        "loses at once, so its perft counts it (with no replies)"),
    Row("drop zones per piece type, or drop limits per square colour", False, "unsupported"),
    Row("palace (confined piece)", True, "mobilityRegionWhite<Piece> / mobilityRegionBlack<Piece>"),
    Row("the xiangqi soldier's zoned move (fW, sW from the enemy's half of an even number of ranks)", True,
        "soldier = p, soldierPromotionRank = the first rank of the enemy's half"),
    Row("any other move that depends on a zone", False, "unsupported, naming the piece"),
    Row("royals may not face (flying general)", True, "flyingGeneral = true"),
    Row("stalemate draw / loss / win", True, "stalemateValue"),
    Row("checkmate", True, "checkmateValue = loss (the default)"),
    Row("bare-king rule", False, "unsupported"),
)
