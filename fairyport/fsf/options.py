"""Every option of a ``variants.ini`` section that Fairy-Stockfish reads: its value type, the slots it sets and
their defaults (facts from Fairy-Stockfish's ``src/parser.cpp`` and ``src/variant.h``), and what fairyport does
with it.

An option either sets slots (``promotionPieceTypes`` sets the White and the Black slot,
``promotionPieceTypesWhite`` only the White one) that :mod:`.build` reads into the model or refuses when they
differ from the default, or is :data:`KEEP`: it cannot change the moves (draw rules, evaluation hints), so the
reader keeps it as format data and perft is unaffected.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from fairyport.fsf.exactness import MAX_FILES, MAX_RANKS

KEEP = "keep"
BOOL = "bool"
INT = "int"
RESULT = "result"
REGION = "region"
PIECES_OPT = "pieces"
ALL_PIECES = "*"
"""A piece set's ``*``: Fairy-Stockfish's ALL_PIECES, all of a side's pieces counted together (not each type)."""
PIECE = "piece"
FILE = "file"
RANK = "rank"
PROMOTED = "promoted"
TEXT = "text"


@dataclasses.dataclass(frozen=True)
class Spec:
    """How an option is read: its value type and the slots it sets."""

    kind: str
    slots: tuple[str, ...] = ()


def _pair(kind: str, name: str) -> dict[str, Spec]:
    """``name`` (both colours), ``nameWhite`` and ``nameBlack``."""
    return {name: Spec(kind, (f"{name}.white", f"{name}.black")),
            f"{name}White": Spec(kind, (f"{name}.white",)), f"{name}Black": Spec(kind, (f"{name}.black",))}


def _one(kind: str, *names: str) -> dict[str, Spec]:
    return {name: Spec(kind, (name,)) for name in names}


def _colours(kind: str, name: str) -> dict[str, Spec]:
    """Only ``nameWhite`` and ``nameBlack`` (no option for both)."""
    return {f"{name}White": Spec(kind, (f"{name}.white",)), f"{name}Black": Spec(kind, (f"{name}.black",))}


_KEPT = ("variantTemplate", "pieceToCharTable", "pocketSize", "pieceValueMg", "pieceValueEg", "nMoveRule",
         "nFoldRule", "nFoldValue", "nFoldValueAbsolute", "perpetualCheckIllegal", "moveRepetitionIllegal",
         "chasingRule", "materialCounting", "adjudicateFullBoard", "countingRule", "stalematePieceCount",
         "nMoveRuleTypes", "nMoveRuleTypesWhite", "nMoveRuleTypesBlack")
"""Options that cannot change the legal moves: draws by repetition or move count and their values, counting
rules, evaluation hints, the piece-letter table, the pocket size shown by GUIs. Fairy-Stockfish's move generator
ignores them (perft counts no repetition), so the reader keeps them as format data."""

OPTIONS: dict[str, Spec] = {
    **{key: Spec(KEEP) for key in _KEPT},
    **_one(BOOL, "chess960", "twoBoards", "sittuyinPromotion", "piecePromotionOnCapture", "mandatoryPawnPromotion",
           "mandatoryPiecePromotion", "pieceDemotion", "blastOnCapture", "petrifyBlastPieces", "doubleStep",
           "castling", "castlingDroppedPiece", "oppositeCastling", "checking", "dropChecks", "mustCapture",
           "mustDrop", "pieceDrops", "dropLoop", "capturesToHand", "firstRankPawnDrops", "promotionZonePawnDrops",
           "sittuyinRookDrop", "dropOppositeColoredBishop", "dropPromoted", "immobilityIllegal", "gating",
           "wallOrMove", "seirawanGating", "cambodianMoves", "makpongRule", "flyingGeneral",
           "shogiPawnDropMateIllegal", "shatarMateRule", "bikjangRule", "extinctionClaim", "extinctionPseudoRoyal",
           "dupleCheck", "flagPieceBlockedWin", "flagMove", "flagPieceSafe", "checkCounting", "connectHorizontal",
           "connectVertical", "connectDiagonal"),
    **_pair(BOOL, "pass"), **_pair(BOOL, "passOnStalemate"),
    **_one(TEXT, "startFen", "enclosingDrop", "flipEnclosedPieces", "wallingRule", "castlingWins"),
    **_one(INT, "dropNoDoubledCount", "extinctionPieceCount", "extinctionOpponentPieceCount", "flagPieceCount",
           "connectN", "connectNxN", "collinearN"),
    **_one(TEXT, "promotionLimit"),
    **_one(RESULT, "stalemateValue", "checkmateValue", "extinctionValue", "connectValue"),
    **_colours(REGION, "promotionRegion"), **_colours(REGION, "doubleStepRegion"),
    **_colours(REGION, "tripleStepRegion"), **_pair(REGION, "enPassantRegion"), **_colours(REGION, "dropRegion"),
    **_pair(REGION, "wallingRegion"), **_pair(REGION, "flagRegion"), **_colours(REGION, "connectRegion1"),
    **_colours(REGION, "connectRegion2"), **_one(REGION, "enclosingDropStart", "diagonalLines"),
    **_pair(PIECES_OPT, "promotionPawnTypes"), **_pair(PIECES_OPT, "promotionPieceTypes"),
    **_pair(PIECES_OPT, "enPassantTypes"), **_pair(PIECES_OPT, "castlingRookPieces"),
    **_one(PIECES_OPT, "blastImmuneTypes", "mutuallyImmuneTypes", "petrifyOnCaptureTypes", "extinctionPieceTypes",
           "connectPieceTypes"),
    **_pair(PIECE, "castlingKingPiece"), **_pair(PIECE, "flagPiece"), **_one(PIECE, "mustDropType", "dropNoDoubled"),
    **_one(FILE, "castlingKingsideFile", "castlingQueensideFile", "castlingKingFile", "castlingRookKingsideFile",
           "castlingRookQueensideFile"),
    **_one(RANK, "castlingRank", "soldierPromotionRank"),
    "promotedPieceType": Spec(PROMOTED, ("promotedPieceType",)),
    "pawnTypes": Spec(PIECES_OPT, ("promotionPawnTypes.white", "promotionPawnTypes.black", "enPassantTypes.white",
                                   "enPassantTypes.black")),
}
"""Every option Fairy-Stockfish reads besides the board size, the piece names and the mobility regions."""

DEPRECATED = ("promotionRank", "doubleStepRank", "doubleStepRankMin", "whiteFlag", "blackFlag",
              "castlingRookPiece", "whiteDropRegion", "blackDropRegion", "dropOnTop")
"""Older option names Fairy-Stockfish still reads; fairyport refuses them by name (use the current ones)."""
OPTIONS.update({key: Spec(TEXT, (key,)) for key in DEPRECATED})

_RANK_1 = frozenset((f, 0) for f in range(MAX_FILES))
_RANK_2 = frozenset((f, 1) for f in range(MAX_FILES))
_RANK_7 = frozenset((f, 6) for f in range(MAX_FILES))
_RANK_8 = frozenset((f, 7) for f in range(MAX_FILES))
_ALL = frozenset((f, r) for f in range(MAX_FILES) for r in range(MAX_RANKS))
_PAWN = frozenset({"pawn"})
_ROOK = frozenset({"rook"})

DEFAULTS: dict[str, Any] = {
    "maxRank": 8, "maxFile": 8, "startFen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "promotionRegion.white": _RANK_8, "promotionRegion.black": _RANK_1,
    "promotionPawnTypes.white": _PAWN, "promotionPawnTypes.black": _PAWN,
    "promotionPieceTypes.white": frozenset(), "promotionPieceTypes.black": frozenset(),
    "promotedPieceType": {}, "promotionLimit": "",
    "mandatoryPawnPromotion": True, "mandatoryPiecePromotion": False,
    "doubleStep": True, "doubleStepRegion.white": _RANK_2, "doubleStepRegion.black": _RANK_7,
    "tripleStepRegion.white": frozenset(), "tripleStepRegion.black": frozenset(),
    "enPassantRegion.white": _ALL, "enPassantRegion.black": _ALL,
    "enPassantTypes.white": _PAWN, "enPassantTypes.black": _PAWN,
    "castling": True, "castlingKingsideFile": 6, "castlingQueensideFile": 2, "castlingRank": 0,
    "castlingKingFile": 4, "castlingKingPiece.white": "king", "castlingKingPiece.black": "king",
    "castlingRookKingsideFile": MAX_FILES - 1, "castlingRookQueensideFile": 0,
    "castlingRookPieces.white": _ROOK, "castlingRookPieces.black": _ROOK,
    "checking": True, "dropChecks": True, "mustCapture": False, "mustDrop": False, "mustDropType": "*",
    "pieceDrops": False, "dropLoop": False, "capturesToHand": False, "firstRankPawnDrops": False,
    "promotionZonePawnDrops": False, "enclosingDrop": "none", "enclosingDropStart": frozenset(),
    "dropRegion.white": _ALL, "dropRegion.black": _ALL, "sittuyinRookDrop": False,
    "dropOppositeColoredBishop": False, "dropPromoted": False, "dropNoDoubled": None, "dropNoDoubledCount": 1,
    "immobilityIllegal": False, "gating": False, "wallingRule": "none", "wallingRegion.white": _ALL,
    "wallingRegion.black": _ALL, "wallOrMove": False, "seirawanGating": False, "cambodianMoves": False,
    "diagonalLines": frozenset(), "pass.white": False, "pass.black": False, "passOnStalemate.white": False,
    "passOnStalemate.black": False, "makpongRule": False, "flyingGeneral": False, "soldierPromotionRank": 0,
    "flipEnclosedPieces": "none", "stalemateValue": "draw", "checkmateValue": "loss",
    "shogiPawnDropMateIllegal": False, "shatarMateRule": False, "bikjangRule": False, "extinctionValue": "none",
    "extinctionClaim": False, "extinctionPseudoRoyal": False, "dupleCheck": False,
    "extinctionPieceTypes": frozenset(), "extinctionPieceCount": 0, "extinctionOpponentPieceCount": 0,
    "flagPiece.white": "*", "flagPiece.black": "*", "flagRegion.white": frozenset(),
    "flagRegion.black": frozenset(), "flagPieceCount": 1, "flagPieceBlockedWin": False, "flagMove": False,
    "flagPieceSafe": False, "checkCounting": False, "connectN": 0, "connectPieceTypes": frozenset({"*"}),
    "connectHorizontal": True, "connectVertical": True, "connectDiagonal": True,
    "connectRegion1.white": frozenset(), "connectRegion1.black": frozenset(), "connectRegion2.white": frozenset(),
    "connectRegion2.black": frozenset(), "connectNxN": 0, "collinearN": 0, "connectValue": "win",
    "castlingWins": "-", "chess960": False, "twoBoards": False, "sittuyinPromotion": False,
    "piecePromotionOnCapture": False, "pieceDemotion": False, "blastOnCapture": False, "petrifyBlastPieces": False,
    "castlingDroppedPiece": False, "oppositeCastling": False, "blastImmuneTypes": frozenset(),
    "mutuallyImmuneTypes": frozenset(), "petrifyOnCaptureTypes": frozenset(),
    **{key: None for key in DEPRECATED},
}
"""Fairy-Stockfish's default of every slot (regions as 0-based (file, rank) squares on the largest board)."""

__all__ = ["DEFAULTS", "DEPRECATED", "KEEP", "MAX_FILES", "MAX_RANKS", "OPTIONS", "Spec"]
