"""Fairy-Stockfish's built-in pieces and the built-in variants a section may inherit from, as data.

The facts come from Fairy-Stockfish's documentation and source (``src/piece.cpp``, ``src/variant.cpp`` at
``c19b5f6c``); they are written here as ``variants.ini`` options, so that a built-in parent is applied by the
same code as a section of the file. :data:`PIECES` lists the piece types in Fairy-Stockfish's own order (the
order in which it reads them, which decides which piece a reused letter removes).
"""

from __future__ import annotations

PIECES: dict[str, str] = {
    "pawn": "fmWfceF", "knight": "N", "bishop": "B", "rook": "R", "queen": "Q", "fers": "F", "alfil": "A",
    "fersAlfil": "FA", "silver": "FfW", "aiwok": "RNF", "bers": "RF", "archbishop": "BN", "chancellor": "RN",
    "amazon": "QN", "knibis": "mNcB", "biskni": "mBcN", "kniroo": "mNcR", "rookni": "mRcN", "shogiPawn": "fW",
    "lance": "fR", "shogiKnight": "fN", "gold": "WfF", "dragonHorse": "BW", "clobber": "cW",
    "breakthrough": "fmWfF", "immobile": "", "cannon": "mRcpR", "janggiCannon": "pR", "soldier": "fsW",
    "horse": "nN", "elephant": "nA", "janggiElephant": "nZ", "banner": "RcpRnN", "wazir": "W", "commoner": "K",
    "centaur": "KN",
    **{f"customPiece{n}": "" for n in range(1, 26)},
    "king": "K",
}
"""Every piece type Fairy-Stockfish names, in its order, with its moves in Fairy-Stockfish's Betza (custom
pieces get theirs from the section). The pawn's string is nominal: Fairy-Stockfish generates pawn moves itself
(single step, diagonal capture, double step from its region, en passant)."""

ALIASES = {"khon": "silver", "met": "fers", "dragon": "bers"}
"""Other names Fairy-Stockfish's source gives some types (not option names; listed for the reader's messages)."""

SPECIAL_PIECES = {
    "janggiCannon": "a cannon that may neither hop over nor capture another janggi cannon (Fairy-Stockfish's "
                    "move generator special-cases it; its Betza pR does not say so)",
}
"""Fairy-Stockfish's built-in piece types with rules beyond their Betza (refused by name by the reader, never written by
name by the writer)."""

CHESS_PIECES = {"pawn": "p", "knight": "n", "bishop": "b", "rook": "r", "queen": "q", "king": "k"}
"""The pieces of Fairy-Stockfish's default variant (what a built-in variant starts from)."""

Builtin = dict[str, str]
"""A built-in variant: ``variants.ini`` options; ``parent`` names the built-in it starts from, ``reset`` = ``true``
starts it with no pieces (as a section without a parent does)."""

_SHOGI_BASE: Builtin = {
    "reset": "true", "maxRank": "5", "maxFile": "5", "shogiPawn": "p", "silver": "s", "gold": "g", "bishop": "b",
    "dragonHorse": "h", "rook": "r", "bers": "d", "king": "k", "startFen": "rbsgk/4p/5/P4/KGSBR[-] w 0 1",
    "pieceDrops": "true", "capturesToHand": "true", "promotionRegionWhite": "*5", "promotionRegionBlack": "*1",
    "doubleStep": "false", "castling": "false", "promotedPieceType": "p:g s:g b:h r:d", "dropNoDoubled": "p",
    "immobilityIllegal": "true", "shogiPawnDropMateIllegal": "true", "stalemateValue": "loss", "nFoldRule": "4",
    "nMoveRule": "0", "perpetualCheckIllegal": "true", "variantTemplate": "shogi",
}
_MINIXIANGQI: Builtin = {
    "reset": "true", "variantTemplate": "xiangqi", "pieceToCharTable": "PN.R.....K.C.pn.r.....k.c.",
    "maxRank": "7", "maxFile": "7", "rook": "r", "horse": "n", "king": "k:W", "cannon": "c", "soldier": "p",
    "startFen": "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1",
    "mobilityRegionWhiteKing": "c1 d1 e1 c2 d2 e2 c3 d3 e3",
    "mobilityRegionBlackKing": "c5 d5 e5 c6 d6 e6 c7 d7 e7",
    "doubleStep": "false", "castling": "false", "stalemateValue": "loss", "perpetualCheckIllegal": "true",
    "flyingGeneral": "true",
}
_PALACE_WHITE = "d1 e1 f1 d2 e2 f2 d3 e3 f3"
_PALACE_BLACK = "d8 e8 f8 d9 e9 f9 d10 e10 f10"
_XIANGQI_BASE: Builtin = {
    "parent": "minixiangqi", "pieceToCharTable": "PN.R.AB..K.C..........pn.r.ab..k.c..........",
    "maxRank": "10", "maxFile": "9", "elephant": "b", "fers": "a",
    "startFen": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "mobilityRegionWhiteKing": _PALACE_WHITE, "mobilityRegionBlackKing": _PALACE_BLACK,
    "mobilityRegionWhiteFers": _PALACE_WHITE, "mobilityRegionBlackFers": _PALACE_BLACK,
    "mobilityRegionWhiteElephant": "*1 *2 *3 *4 *5", "mobilityRegionBlackElephant": "*6 *7 *8 *9 *10",
    "soldierPromotionRank": "6",
}
_GIVEAWAY: Builtin = {
    "variantTemplate": "giveaway", "king": "-", "commoner": "k", "castlingKingPiece": "k",
    "promotionPieceTypes": "kqrbn", "stalemateValue": "win", "extinctionValue": "win",
    "extinctionPieceTypes": "*", "mustCapture": "true",
}
_NOCHECKATOMIC: Builtin = {
    "variantTemplate": "atomic", "king": "-", "commoner": "k", "castlingKingPiece": "k", "extinctionValue": "loss",
    "extinctionPieceTypes": "k", "blastOnCapture": "true",
}
_FLIPERSI: Builtin = {
    "reset": "true", "pieceToCharTable": "P.................p.................", "immobile": "p",
    "startFen": "8/8/8/8/8/8/8/8[" + "P" * 32 + "p" * 32 + "] w 0 1", "pieceDrops": "true",
    "doubleStep": "false", "castling": "false", "immobilityIllegal": "false", "stalemateValue": "loss",
    "stalematePieceCount": "true", "enclosingDrop": "reversi", "enclosingDropStart": "d4 e4 d5 e5",
    "flipEnclosedPieces": "reversi", "materialCounting": "unweighted", "adjudicateFullBoard": "true",
}

BUILTINS: dict[str, Builtin] = {
    "chess": {"pieceToCharTable": "PNBRQ................Kpnbrq................k"},
    "crazyhouse": {"variantTemplate": "crazyhouse", "pieceDrops": "true", "capturesToHand": "true",
                   "startFen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
    "pocketknight": {"variantTemplate": "bughouse", "pocketSize": "2", "pieceDrops": "true",
                     "capturesToHand": "false",
                     "startFen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1"},
    "placement": {"variantTemplate": "bughouse",
                  "startFen": "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
                  "mustDrop": "true", "pieceDrops": "true", "capturesToHand": "false", "dropRegionWhite": "*1",
                  "dropRegionBlack": "*8", "dropOppositeColoredBishop": "true", "castlingDroppedPiece": "true"},
    "gardner": {"maxRank": "5", "maxFile": "5", "startFen": "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1",
                "promotionRegionWhite": "*5", "promotionRegionBlack": "*1", "doubleStep": "false",
                "castling": "false"},
    "losalamos": {"pieceToCharTable": "PN.RQ................Kpn.rq................k", "maxRank": "6",
                  "maxFile": "6", "bishop": "-", "startFen": "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
                  "promotionRegionWhite": "*6", "promotionRegionBlack": "*1", "promotionPieceTypes": "qrn",
                  "doubleStep": "false", "castling": "false"},
    "capablanca": {"pieceToCharTable": "PNBRQ..AC............Kpnbrq..ac............k", "maxFile": "10",
                   "castlingKingsideFile": "i", "castlingQueensideFile": "c", "archbishop": "a",
                   "chancellor": "c",
                   "startFen": "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
                   "promotionPieceTypes": "acqrbn"},
    "grand": {"variantTemplate": "grand", "pieceToCharTable": "PNBRQ..AC............Kpnbrq..ac............k",
              "maxRank": "10", "maxFile": "10", "archbishop": "a", "chancellor": "c",
              "startFen": "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
              "promotionPieceTypes": "acqrbn", "promotionRegionWhite": "*8 *9 *10",
              "promotionRegionBlack": "*3 *2 *1", "promotionLimit": "a:1 c:1 q:1 r:2 b:2 n:2",
              "mandatoryPawnPromotion": "false", "immobilityIllegal": "true", "doubleStepRegionWhite": "*3",
              "doubleStepRegionBlack": "*8", "castling": "false"},
    "janus": {"pieceToCharTable": "PNBRQ............J...Kpnbrq............j...k", "maxFile": "10",
              "castlingKingsideFile": "i", "castlingQueensideFile": "b", "archbishop": "j",
              "startFen": "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1",
              "promotionPieceTypes": "jqrbn"},
    "makruk": {"variantTemplate": "makruk", "pieceToCharTable": "PN.R.M....SKpn.r.m....sk", "bishop": "-",
               "queen": "-", "silver": "s", "fers": "m",
               "startFen": "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
               "promotionRegionWhite": "*6 *7 *8", "promotionRegionBlack": "*3 *2 *1",
               "promotionPieceTypes": "m", "doubleStep": "false", "castling": "false", "nMoveRule": "0",
               "countingRule": "makruk"},
    "shogi": {"parent": "minishogi-base", "maxRank": "9", "maxFile": "9", "lance": "l", "shogiKnight": "n",
              "startFen": "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
              "promotionRegionWhite": "*7 *8 *9", "promotionRegionBlack": "*3 *2 *1",
              "promotedPieceType": "p:g s:g b:h r:d l:g n:g"},
    "minishogi-base": _SHOGI_BASE,
    "minishogi": {"parent": "minishogi-base", "pieceToCharTable": "P.BR.S...G.+.++.+Kp.br.s...g.+.++.+k",
                  "pocketSize": "5", "nFoldValue": "loss", "nFoldValueAbsolute": "true"},
    "gorogoro": {"parent": "minishogi-base", "pieceToCharTable": "P....S...G.+....+Kp....s...g.+....+k",
                 "pocketSize": "3", "maxRank": "6", "startFen": "sgkgs/5/1ppp1/1PPP1/5/SGKGS[-] w 0 1",
                 "promotionRegionWhite": "*5 *6", "promotionRegionBlack": "*2 *1"},
    "minixiangqi": _MINIXIANGQI,
    "xiangqi-base": _XIANGQI_BASE,
    "xiangqi": {"parent": "xiangqi-base", "chasingRule": "axf"},
    "janggi": {"parent": "xiangqi-base", "variantTemplate": "janggi",
               "pieceToCharTable": ".N.R.AB.P..C.........K.n.r.ab.p..c.........k", "fers": "-", "cannon": "-",
               "elephant": "-", "wazir": "a", "janggiCannon": "c", "janggiElephant": "b",
               "startFen": "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
               "mobilityRegionWhiteWazir": _PALACE_WHITE, "mobilityRegionBlackWazir": _PALACE_BLACK,
               "soldierPromotionRank": "1", "flyingGeneral": "false", "bikjangRule": "true",
               "materialCounting": "janggi", "diagonalLines": "d1 f1 e2 d3 f3 d8 f8 e9 d10 f10", "pass": "true",
               "nFoldValue": "draw", "perpetualCheckIllegal": "true"},
    "giveaway": _GIVEAWAY,
    "antichess": {"parent": "giveaway", "startFen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                  "castling": "false"},
    "nocheckatomic": _NOCHECKATOMIC,
    "atomic": {"parent": "nocheckatomic", "extinctionPseudoRoyal": "true"},
    "extinction": {"king": "-", "commoner": "k", "castlingKingPiece": "k", "promotionPieceTypes": "kqrbn",
                   "extinctionValue": "loss", "extinctionPieceTypes": "kqrbnp"},
    "3check": {"startFen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
               "checkCounting": "true"},
    "kingofthehill": {"flagPiece": "k", "flagRegionWhite": "d4 e4 d5 e5", "flagRegionBlack": "d4 e4 d5 e5",
                      "flagMove": "false"},
    "racingkings": {"startFen": "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", "flagPiece": "k",
                    "flagRegionWhite": "*8", "flagRegionBlack": "*8", "flagMove": "true", "castling": "false",
                    "checking": "false"},
    "amazons": {"pieceToCharTable": "....Q.....................q.................", "maxRank": "10",
                "maxFile": "10", "reset": "true", "customPiece1": "q:mQ",
                "startFen": "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1", "stalemateValue": "loss",
                "wallingRule": "arrow"},
    "snailtrail": {"maxRank": "7", "maxFile": "7", "reset": "true", "customPiece1": "p:mK",
                   "startFen": "6p/7/7/7/7/7/P6 w - - 0 1", "stalemateValue": "loss", "wallingRule": "past"},
    "breakthrough": {"pieceToCharTable": "P.................p.................", "reset": "true",
                     "breakthrough": "p", "startFen": "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1",
                     "doubleStep": "false", "castling": "false", "stalemateValue": "loss", "flagPiece": "p",
                     "flagRegionWhite": "*8", "flagRegionBlack": "*1"},
    "flipersi": _FLIPERSI,
    "flipello": {"parent": "flipersi",
                 "startFen": "8/8/8/3pP3/3Pp3/8/8/8[" + "P" * 30 + "p" * 30 + "] w 0 1",
                 "passOnStalemate": "true"},
    "ataxx": {"pieceToCharTable": "P.................p.................", "maxRank": "7", "maxFile": "7",
              "reset": "true", "customPiece1": "p:mDmNmA", "startFen": "P5p/7/7/7/7/7/p5P w 0 1",
              "pieceDrops": "true", "doubleStep": "false", "castling": "false", "immobilityIllegal": "false",
              "stalemateValue": "loss", "stalematePieceCount": "true", "passOnStalemate": "true",
              "enclosingDrop": "ataxx", "flipEnclosedPieces": "ataxx", "materialCounting": "unweighted",
              "adjudicateFullBoard": "true", "nMoveRule": "0", "freeDrops": "true"},
}
"""The built-in variants a section may name as its parent (those Fairy-Stockfish's own ``variants.ini`` uses and
their bases; ``minishogi-base`` and ``xiangqi-base`` are shared bases, not names Fairy-Stockfish knows)."""

HIDDEN = frozenset({"minishogi-base", "xiangqi-base"})
"""Entries of :data:`BUILTINS` that only serve as bases."""

__all__ = ["ALIASES", "BUILTINS", "CHESS_PIECES", "HIDDEN", "PIECES"]
