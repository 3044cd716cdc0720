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

def _ranks(*numbers: int) -> str:
    """A region of whole ranks (``*1 *2``)."""
    return " ".join(f"*{n}" for n in numbers)


_EVERY_RANK = _ranks(*range(1, 11))
"""Every square of the largest board (Fairy-Stockfish's ``AllSquares``)."""


def _all_but(files: int, ranks: int, *squares: str) -> str:
    """Every square of a ``files`` x ``ranks`` board but ``squares``."""
    return " ".join(f"{chr(97 + f)}{r + 1}" for r in range(ranks) for f in range(files)
                    if f"{chr(97 + f)}{r + 1}" not in squares)


_NO_CASTLING_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
_COMMONER_KING: Builtin = {"king": "-", "commoner": "k", "castlingKingPiece": "k"}
"""A king that is no royal piece (a commoner, castling as the king does)."""
_SHATRANJ_BARE: Builtin = {"extinctionValue": "loss", "extinctionClaim": "true", "extinctionPieceTypes": "*",
                           "extinctionPieceCount": "1", "extinctionOpponentPieceCount": "2"}
"""Shatranj's bare king: a side left with its king alone loses (unless it bares the other king at once)."""
_SITTUYIN: Builtin = {
    "parent": "makruk", "variantTemplate": "bughouse", "pieceToCharTable": "PN.R.F....SKpn.r.f....sk",
    "startFen": "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1", "fers": "f", "mustDrop": "true",
    "pieceDrops": "true", "capturesToHand": "false", "dropRegionWhite": _ranks(1, 2, 3),
    "dropRegionBlack": _ranks(8, 7, 6), "sittuyinRookDrop": "true", "sittuyinPromotion": "true",
    "promotionRegionWhite": "a8 b7 c6 d5 e5 f6 g7 h8", "promotionRegionBlack": "a1 b2 c3 d4 e4 f3 g2 h1",
    "promotionLimit": "f:1", "immobilityIllegal": "false", "countingRule": "asean", "nMoveRule": "50",
}
_SEIRAWAN: Builtin = {
    "variantTemplate": "seirawan", "pieceToCharTable": "PNBRQ.E..........H...Kpnbrq.e..........h...k",
    "archbishop": "h", "chancellor": "e",
    "startFen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1", "gating": "true",
    "seirawanGating": "true", "promotionPieceTypes": "heqrbn",
}
_KYOTOSHOGI: Builtin = {
    "parent": "minishogi-base", "lance": "l", "shogiKnight": "n", "startFen": "p+nks+l/5/5/5/+LSK+NP[-] w 0 1",
    "promotionRegionWhite": _EVERY_RANK, "promotionRegionBlack": _EVERY_RANK, "mandatoryPiecePromotion": "true",
    "pieceDemotion": "true", "dropPromoted": "true", "promotedPieceType": "l:g s:b n:g p:r g:- b:- r:-",
    "immobilityIllegal": "false", "shogiPawnDropMateIllegal": "false", "dropNoDoubled": "-",
}
_TORISHOGI: Builtin = {
    "reset": "true", "variantTemplate": "shogi", "pieceToCharTable": "S.....FLR.C+.....+.PKs.....flr.c+.....+.pk",
    "maxRank": "7", "maxFile": "7", "shogiPawn": "s", "king": "k", "customPiece1": "f:FsfW",
    "customPiece2": "c:FvW", "customPiece3": "l:fRrbBlbF", "customPiece4": "r:fRlbBrbF", "customPiece5": "p:bFfD",
    "customPiece6": "g:fAbD", "customPiece7": "e:KbRfBbF2",
    "startFen": "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR[-] w 0 1", "pieceDrops": "true",
    "capturesToHand": "true", "promotionRegionWhite": _ranks(6, 7), "promotionRegionBlack": _ranks(2, 1),
    "doubleStep": "false", "castling": "false", "promotedPieceType": "s:g f:e", "mandatoryPiecePromotion": "true",
    "dropNoDoubled": "s", "dropNoDoubledCount": "2", "immobilityIllegal": "true",
    "shogiPawnDropMateIllegal": "true", "stalemateValue": "loss", "nFoldValue": "win", "nFoldRule": "4",
    "nMoveRule": "0", "perpetualCheckIllegal": "true",
}
_YARISHOGI: Builtin = {
    "reset": "true", "variantTemplate": "shogi", "pieceToCharTable": "PNBR.......++++Kpnbr.......++++k",
    "maxRank": "9", "maxFile": "7", "king": "k", "shogiPawn": "p", "rook": "l", "customPiece1": "n:fRffN",
    "customPiece2": "b:fFfR", "customPiece3": "r:frlR", "customPiece4": "g:WfFbR", "customPiece5": "s:fKbR",
    "startFen": "rnnkbbr/7/ppppppp/7/7/7/PPPPPPP/7/RBBKNNR[-] w 0 1", "promotionRegionWhite": _ranks(7, 8, 9),
    "promotionRegionBlack": _ranks(3, 2, 1), "promotedPieceType": "p:s n:g b:g r:l", "pieceDrops": "true",
    "capturesToHand": "true", "doubleStep": "false", "castling": "false", "dropNoDoubled": "p",
    "immobilityIllegal": "true", "shogiPawnDropMateIllegal": "false", "stalemateValue": "loss", "nFoldRule": "3",
    "nMoveRule": "0", "perpetualCheckIllegal": "true",
}
_ISOLATION: Builtin = {
    "maxRank": "8", "maxFile": "6", "reset": "true", "customPiece1": "p:mK",
    "startFen": "3p2/6/6/6/6/6/6/2P3 w - - 0 1",
    "stalemateValue": "loss", "wallingRule": "static", "wallingRegion": _all_but(6, 8, "c1", "d8"),
}
_CLOBBER: Builtin = {
    "pieceToCharTable": "P.................p.................", "maxRank": "6", "maxFile": "5", "reset": "true",
    "clobber": "p", "startFen": "PpPpP/pPpPp/PpPpP/pPpPp/PpPpP/pPpPp w 0 1", "doubleStep": "false",
    "castling": "false", "stalemateValue": "loss", "immobilityIllegal": "false",
}
_TEN_BY_TEN_PAWNS: Builtin = {"doubleStepRegionWhite": "*3", "doubleStepRegionBlack": "*8"}
_JANGGI_VARIANTS: dict[str, Builtin] = {
    "janggitraditional": {"parent": "janggi", "materialCounting": "none"},
    "janggimodern": {"parent": "janggi", "bikjangRule": "false", "moveRepetitionIllegal": "true", "nFoldRule": "4",
                     "nMoveRule": "100"},
    "janggicasual": {"parent": "janggi", "bikjangRule": "false", "materialCounting": "none"},
}
_PALACE_DIAGONALS_WHITE = "d1 f1 e2 d3 f3"
_PALACE_DIAGONALS_BLACK = "d8 f8 e9 d10 f10"
_SUPPLY: Builtin = {
    "parent": "xiangqi-base", "variantTemplate": "bughouse",
    "startFen": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[] w - - 0 1", "twoBoards": "true",
    "pieceDrops": "true", "dropChecks": "false", "dropRegionWhite": _ranks(1, 2, 3, 4, 5),
    "dropRegionBlack": _ranks(6, 7, 8, 9, 10), "mobilityRegionWhiteFers": _PALACE_DIAGONALS_WHITE,
    "mobilityRegionBlackFers": _PALACE_DIAGONALS_BLACK,
    "mobilityRegionWhiteElephant": "c1 g1 a3 e3 i3 c5 g5", "mobilityRegionBlackElephant": "c6 g6 a8 e8 i8 c10 g10",
    "mobilityRegionWhiteSoldier": _ranks(6, 7, 8, 9, 10) + " a4 a5 c4 c5 e4 e5 g4 g5 i4 i5",
    "mobilityRegionBlackSoldier": _ranks(1, 2, 3, 4, 5) + " a6 a7 c6 c7 e6 e7 g6 g7 i6 i7",
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
                 "startFen": "8/8/8/3pP3/3Pp3/8/8/8[" + "P" * 60 + "p" * 60 + "] w 0 1",
                 "passOnStalemate": "true"},
    "ataxx": {"pieceToCharTable": "P.................p.................", "maxRank": "7", "maxFile": "7",
              "reset": "true", "customPiece1": "p:mDmNmA", "startFen": "P5p/7/7/7/7/7/p5P w 0 1",
              "pieceDrops": "true", "doubleStep": "false", "castling": "false", "immobilityIllegal": "false",
              "stalemateValue": "loss", "stalematePieceCount": "true", "passOnStalemate": "true",
              "enclosingDrop": "ataxx", "flipEnclosedPieces": "ataxx", "materialCounting": "unweighted",
              "adjudicateFullBoard": "true", "nMoveRule": "0", "freeDrops": "true"},
    "normal": {"parent": "chess"},
    "fischerandom": {"parent": "chess", "chess960": "true"},
    "nocastle": {"startFen": _NO_CASTLING_START, "castling": "false"},
    "armageddon": {"materialCounting": "blackdrawodds"},
    "torpedo": {"doubleStepRegionWhite": _EVERY_RANK, "doubleStepRegionBlack": _EVERY_RANK},
    "berolina": {"pawn": "-", "customPiece1": "p:mfFcfeWimfnA", "pawnTypes": "p", "nMoveRuleTypes": "p"},
    "pawnsideways": {"pawn": "-", "customPiece1": "p:fsmWfceFifmnD", "pawnTypes": "p", "nMoveRuleTypes": "p"},
    "pawnback": {"pawn": "-", "customPiece1": "p:fbmWfceFifmnD", "pawnTypes": "p", "nMoveRuleTypes": "-",
                 "mobilityRegionWhiteCustomPiece1": _ranks(2, 3, 4, 5, 6, 7, 8),
                 "mobilityRegionBlackCustomPiece1": _ranks(7, 6, 5, 4, 3, 2, 1)},
    "legan": {"pawn": "-", "customPiece1": "p:mflFcflW", "promotionRegionWhite": "a8 b8 c8 d8 a7 a6 a5",
              "promotionRegionBlack": "e1 f1 g1 h1 h2 h3 h4", "promotionPawnTypes": "p", "nMoveRuleTypes": "p",
              "startFen": "knbrp3/bqpp4/npp5/rp1p3P/p3P1PR/5PPN/4PPQB/3PRBNK w - - 0 1", "doubleStep": "false"},
    "fairy": {"silver": "s", "fers": "f", "archbishop": "a", "chancellor": "c", "commoner": "m"},
    "raazuvaa": {"startFen": _NO_CASTLING_START, "castling": "false", "doubleStep": "false"},
    "makpong": {"parent": "makruk", "makpongRule": "true"},
    "cambodian": {"parent": "makruk", "startFen": "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1",
                  "gating": "true", "cambodianMoves": "true", "countingRule": "cambodian"},
    "karouk": {"parent": "cambodian", "checkCounting": "true"},
    "asean": {"bishop": "-", "queen": "-", "silver": "b", "fers": "q",
              "startFen": "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1", "promotionPieceTypes": "rnbq",
              "doubleStep": "false", "castling": "false", "countingRule": "asean"},
    "ai-wok": {"parent": "makruk", "pieceToCharTable": "PN.R...A..SKpn.r...a..sk", "fers": "-", "aiwok": "a",
               "startFen": "rnsaksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKASNR w - - 0 1", "promotionPieceTypes": "a"},
    "shatranj": {"variantTemplate": "shatranj", "pieceToCharTable": "PN.R.QB....Kpn.r.qb....k", "bishop": "-",
                 "queen": "-", "alfil": "b", "fers": "q",
                 "startFen": "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1", "promotionPieceTypes": "q",
                 "doubleStep": "false", "castling": "false", **_SHATRANJ_BARE, "stalemateValue": "loss",
                 "nMoveRule": "70"},
    "chaturanga": {"parent": "shatranj", "startFen": _NO_CASTLING_START, "extinctionValue": "none"},
    "amazon": {"pieceToCharTable": "PNBR..............AKpnbr..............ak", "queen": "-", "amazon": "a",
               "startFen": "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1", "promotionPieceTypes": "arbn"},
    "georgian": {"parent": "amazon", "startFen": "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w - - 0 1",
                 "castling": "false", "enPassantRegion": "-"},
    "nightrider": {"knight": "-", "customPiece1": "n:NN", "promotionPieceTypes": "qrbn"},
    "grasshopper": {"customPiece1": "g:gQ", "promotionPieceTypes": "qrbng", "doubleStep": "false",
                    "startFen": "rnbqkbnr/gggggggg/pppppppp/8/8/PPPPPPPP/GGGGGGGG/RNBQKBNR w KQkq - 0 1"},
    "hoppelpoppel": {"knight": "-", "bishop": "-", "knibis": "n", "biskni": "b", "promotionPieceTypes": "qrbn"},
    "newzealand": {"rook": "-", "knight": "-", "rookni": "r", "kniroo": "n", "castlingRookPieces": "r",
                   "promotionPieceTypes": "qrbn"},
    "knightmate": {"commoner": "m", "knight": "-", "king": "k:N", "castlingKingPiece": "k",
                   "startFen": "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1",
                   "promotionPieceTypes": "mqrb"},
    "misere": {"checkmateValue": "win"},
    "losers": {"checkmateValue": "win", "stalemateValue": "win", "extinctionValue": "win",
               "extinctionPieceTypes": "*", "extinctionPieceCount": "1", "mustCapture": "true"},
    "suicide": {"parent": "antichess", "stalematePieceCount": "true"},
    "codrus": {"parent": "giveaway", "promotionPieceTypes": "qrbn", "extinctionPieceTypes": "k"},
    "kinglet": {"parent": "extinction", "promotionPieceTypes": "k", "extinctionPieceTypes": "p"},
    "threekings": {**_COMMONER_KING, "startFen": "knbqkbnk/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBNK w - - 0 1",
                   "extinctionValue": "loss", "extinctionPieceTypes": "k", "extinctionPieceCount": "2"},
    "horde": {"startFen": "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
              "doubleStepRegionWhite": _ranks(1, 2), "enPassantRegionWhite": "*6", "enPassantRegionBlack": "*3",
              "extinctionValue": "loss", "extinctionPieceTypes": "*"},
    "petrified": {"parent": "pawnsideways", **_COMMONER_KING, "extinctionValue": "loss",
                  "extinctionPieceTypes": "k", "extinctionPseudoRoyal": "true", "petrifyOnCaptureTypes": "kqrbn"},
    "atomar": {"parent": "nocheckatomic", "blastImmuneTypes": "k", "mutuallyImmuneTypes": "k"},
    "isolation": _ISOLATION,
    "isolation7x7": {"parent": "isolation", "maxRank": "7", "maxFile": "7", "startFen": "3p3/7/7/7/7/7/3P3 w - - 0 1",
                     "wallingRegion": _all_but(7, 7, "d1", "d7")},
    "joust": {"reset": "true", "customPiece1": "n:mN", "startFen": "8/8/8/4n3/3N4/8/8/8 w - - 0 1",
              "stalemateValue": "loss", "wallingRule": "past"},
    "fox-and-hounds": {"reset": "true", "customPiece1": "h:mfF", "customPiece2": "f:mF",
                       "startFen": "1h1h1h1h/8/8/8/8/8/8/4F3 w - - 0 1", "stalemateValue": "loss",
                       "flagPieceWhite": "f", "flagRegionWhite": "*8"},
    "duck": {**_COMMONER_KING, "extinctionValue": "loss", "extinctionPieceTypes": "k", "wallingRule": "duck",
             "stalemateValue": "win"},
    "5check": {"parent": "3check", "startFen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5+5 0 1"},
    "loop": {"parent": "crazyhouse", "dropLoop": "true"},
    "chessgi": {"parent": "loop", "firstRankPawnDrops": "true"},
    "bughouse": {"parent": "crazyhouse", "variantTemplate": "bughouse", "twoBoards": "true",
                 "capturesToHand": "false", "stalemateValue": "loss"},
    "koedem": {"parent": "bughouse", **_COMMONER_KING, "mustDrop": "true", "mustDropType": "k",
               "extinctionValue": "loss", "extinctionPieceTypes": "k", "extinctionOpponentPieceCount": "2"},
    "sittuyin": _SITTUYIN,
    "seirawan": _SEIRAWAN,
    "shouse": {"parent": "seirawan", "variantTemplate": "crazyhouse", "pieceDrops": "true",
               "capturesToHand": "true"},
    "dragon": {"variantTemplate": "bughouse", "pieceToCharTable": "PNBRQ............D...Kpnbrq............d...k",
               "archbishop": "d", "startFen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Dd] w KQkq - 0 1",
               "pieceDrops": "true", "capturesToHand": "false", "dropRegionWhite": "*1", "dropRegionBlack": "*8",
               "promotionPieceTypes": "dqrbn"},
    "paradigm": {"bishop": "-", "customPiece1": "b:BnN", "promotionPieceTypes": "qbrn"},
    "mini": {"parent": "minishogi"},
    "kyotoshogi": _KYOTOSHOGI,
    "micro": {"parent": "kyotoshogi", "maxFile": "4", "startFen": "kb+r+l/p3/4/3P/+L+RBK[-] w 0 1",
              "piecePromotionOnCapture": "true", "promotedPieceType": "l:s b:g r:g p:n s:- g:- n:-"},
    "dobutsu": {"parent": "minishogi-base", "reset": "true",
                "pieceToCharTable": "C....E...G.+.....Lc....e...g.+.....l", "pocketSize": "3", "maxRank": "4",
                "maxFile": "3", "shogiPawn": "c", "gold": "h", "fers": "e", "wazir": "g", "commoner": "l",
                "startFen": "gle/1c1/1C1/ELG[-] w 0 1", "promotionRegionWhite": "*4", "promotionRegionBlack": "*1",
                "mandatoryPiecePromotion": "true", "immobilityIllegal": "false", "shogiPawnDropMateIllegal": "false",
                "extinctionValue": "loss", "extinctionPieceTypes": "l", "flagPiece": "l", "flagRegionWhite": "*4",
                "flagRegionBlack": "*1", "flagPieceSafe": "true", "dropNoDoubled": "-", "nFoldValue": "draw",
                "perpetualCheckIllegal": "false"},
    "judkins": {"parent": "minishogi-base", "pieceToCharTable": "PNBR.S...G.++++.+Kpnbr.s...g.++++.+k",
                "maxRank": "6", "maxFile": "6", "shogiKnight": "n", "startFen": "rbnsgk/5p/6/6/P5/KGSNBR[-] w 0 1",
                "promotionRegionWhite": _ranks(5, 6), "promotionRegionBlack": _ranks(2, 1),
                "promotedPieceType": "n:g"},
    "torishogi": _TORISHOGI,
    "euroshogi": {"parent": "minishogi-base", "pieceToCharTable": "PNBR.....G.++++Kpnbr.....g.++++k",
                  "maxRank": "8", "maxFile": "8", "customPiece1": "n:fNsW",
                  "startFen": "1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[-] w 0 1",
                  "promotionRegionWhite": _ranks(6, 7, 8), "promotionRegionBlack": _ranks(3, 2, 1),
                  "promotedPieceType": "n:g", "mandatoryPiecePromotion": "true"},
    "almost": {"pieceToCharTable": "PNBR............CKpnbr............ck", "queen": "-", "chancellor": "c",
               "startFen": "rnbckbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1", "promotionPieceTypes": "crbn"},
    "sortofalmost": {"parent": "chess", "pieceToCharTable": "PNBRQ...........CKpnbrq...........ck",
                     "chancellor": "c", "startFen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1",
                     "promotionPieceTypesWhite": "crbn", "promotionPieceTypesBlack": "qrbn"},
    "chigorin": {"pieceToCharTable": "PNBR............CKpnbrq............k", "chancellor": "c",
                 "startFen": "rbbqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RNNCKNNR w KQkq - 0 1",
                 "promotionPieceTypesWhite": "crn", "promotionPieceTypesBlack": "qrb"},
    "perfect": {"chancellor": "c", "archbishop": "m", "amazon": "g",
                "startFen": "cmqgkbnr/pppppppp/8/8/8/8/PPPPPPPP/CMQGKBNR w KQkq - 0 1",
                "promotionPieceTypes": "gcmqrbn", "castlingRookPieces": "rc"},
    "spartan": {"parent": "threekings", "bers": "g", "archbishop": "w", "customPiece1": "h:fmFfcWimA",
                "customPiece2": "l:FAsmW", "customPiece3": "c:WD",
                "startFen": "lgkcckwl/hhhhhhhh/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "promotionPawnTypesBlack": "h",
                "nMoveRuleTypesBlack": "h", "promotionPieceTypesBlack": "kgwlc", "promotionLimit": "k:2",
                "enPassantRegion": "-", "extinctionPieceCount": "0", "extinctionPseudoRoyal": "true",
                "dupleCheck": "true"},
    "shatar": {"pieceToCharTable": "PNBR..........J......Kpnbr..........j......k", "queen": "-", "bers": "j",
               "startFen": "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1", "promotionPieceTypes": "j",
               "doubleStep": "false", "castling": "false", "extinctionValue": "draw", "extinctionPieceTypes": "*",
               "extinctionPieceCount": "1", "shatarMateRule": "true"},
    "coregal": {"extinctionValue": "loss", "extinctionPieceTypes": "q", "extinctionPseudoRoyal": "true",
                "extinctionPieceCount": "64"},
    "clobber": _CLOBBER,
    "checkshogi": {"parent": "shogi", "checkCounting": "true"},
    "shoshogi": {"parent": "shogi", "pieceToCharTable": "PNBRLSE..G.+.++.++Kpnbrlse..g.+.++.++k",
                 **_COMMONER_KING, "customPiece1": "e:FsfW",
                 "startFen": "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL w 0 1",
                 "capturesToHand": "false", "pieceDrops": "false", "promotedPieceType": "e:k",
                 "extinctionValue": "loss", "extinctionPieceTypes": "k", "extinctionPseudoRoyal": "true",
                 "extinctionPieceCount": "0"},
    "yarishogi": _YARISHOGI,
    "okisakishogi": {"parent": "minishogi-base", "maxRank": "10", "maxFile": "10", "customPiece1": "l:vR",
                     "knight": "n", "queen": "q",
                     "startFen": "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL[-] w 0 1",
                     "promotionRegionWhite": _ranks(8, 9, 10), "promotionRegionBlack": _ranks(3, 2, 1),
                     "promotedPieceType": "l:g n:g"},
    "capahouse": {"parent": "capablanca", "pieceDrops": "true", "capturesToHand": "true",
                  "startFen": "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR[] w KQkq - 0 1"},
    "caparandom": {"parent": "capablanca", "chess960": "true"},
    "gothic": {"parent": "capablanca",
               "startFen": "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1"},
    "modern": {"pieceToCharTable": "PNBRQ..M.............Kpnbrq..m.............k", "maxRank": "9", "maxFile": "9",
               "promotionRegionWhite": "*9", "promotionRegionBlack": "*1", "doubleStepRegionWhite": "*2",
               "doubleStepRegionBlack": "*8", "castlingKingsideFile": "g", "castlingQueensideFile": "c",
               "archbishop": "m", "startFen": "rnbqkmbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBMKQBNR w KQkq - 0 1",
               "promotionPieceTypes": "mqrbn"},
    "chancellor": {"pieceToCharTable": "PNBRQ...........CKpnbrq...........ck", "maxRank": "9", "maxFile": "9",
                   "promotionRegionWhite": "*9", "promotionRegionBlack": "*1", "doubleStepRegionWhite": "*2",
                   "doubleStepRegionBlack": "*8", "castlingKingsideFile": "g", "castlingQueensideFile": "c",
                   "chancellor": "c",
                   "startFen": "rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1",
                   "promotionPieceTypes": "cqrbn"},
    "embassy": {"parent": "capablanca", "castlingKingsideFile": "h", "castlingQueensideFile": "b",
                "startFen": "rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1"},
    "centaur": {"pieceToCharTable": "PNBRQ...............CKpnbrq...............ck", "maxFile": "10",
                "castlingKingsideFile": "i", "castlingQueensideFile": "c", "centaur": "c",
                "startFen": "rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1",
                "promotionPieceTypes": "cqrbn"},
    "gustav3": {"pieceToCharTable": "PNBRQ.............AKpnbrq.............ak", "maxFile": "10",
                "castlingKingsideFile": "h", "castlingQueensideFile": "d", "amazon": "a",
                "startFen": "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1",
                "promotionPieceTypes": "aqrbn"},
    "jesonmor": {"maxRank": "9", "maxFile": "9", "reset": "true", "knight": "n",
                 "startFen": "nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN w - - 0 1", "doubleStep": "false",
                 "castling": "false", "stalemateValue": "loss", "flagPiece": "n", "flagRegion": "e5",
                 "flagMove": "true"},
    "courier": {"maxFile": "12", "queen": "-", "alfil": "e", "fers": "f", "commoner": "m", "wazir": "w",
                "startFen": "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
                "promotionPieceTypes": "f", "doubleStep": "false", "castling": "false", **_SHATRANJ_BARE,
                "stalemateValue": "loss"},
    "opulent": {"parent": "grand", "pieceToCharTable": "PNBRQ..AC....W.......LKpnbrq..ac....w.......lk",
                "knight": "-", "customPiece1": "n:NW", "customPiece2": "w:CF", "customPiece3": "l:FDH",
                "startFen": "rw6wr/clbnqknbla/pppppppppp/10/10/10/10/PPPPPPPPPP/CLBNQKNBLA/RW6WR w - - 0 1",
                "promotionPieceTypes": "acqrbnwl", "promotionLimit": "a:1 c:1 q:1 r:2 b:2 n:2 w:2 l:2"},
    "tencubed": {"pieceToCharTable": "PNBRQ.CAM...........WKpnbrq.cam...........wk", "maxRank": "10",
                 "maxFile": "10", "archbishop": "a", "chancellor": "m", "customPiece1": "c:DAW",
                 "customPiece2": "w:CF",
                 "startFen": "2cwamwc2/1rnbqkbnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1/2CWAMWC2 w - - 0 1",
                 "promotionPieceTypes": "amq", "promotionRegionWhite": "*10", "promotionRegionBlack": "*1",
                 **_TEN_BY_TEN_PAWNS, "castling": "false"},
    "omicron": {"pieceToCharTable": "PNBRQ..C.W...........Kpnbrq..c.w...........k", "maxRank": "10",
                "maxFile": "12", "customPiece1": "c:DAW", "customPiece2": "w:CF",
                "startFen": "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/"
                            "*CRNBQKBNRC*/W**********W w KQkq - 0 1",
                "castlingKingsideFile": "i", "castlingQueensideFile": "e", "castlingRank": "2",
                "promotionRegionWhite": _ranks(9, 10), "promotionRegionBlack": _ranks(2, 1),
                "promotionPieceTypes": "wcqrbn", **_TEN_BY_TEN_PAWNS},
    "troitzky": {"maxRank": "10", "maxFile": "10",
                 "startFen": "****qk****/**rnbbnr**/*pppppppp*/*8*/10/10/*8*/*PPPPPPPP*/**RNBBNR**/****QK**** "
                             "w - - 0 1",
                 "promotionRegionWhite": "a6 b8 c9 d9 e10 f10 g9 h9 i8 j6",
                 "promotionRegionBlack": "a5 b3 c2 d2 e1 f1 g2 h2 i3 j5", **_TEN_BY_TEN_PAWNS, "castling": "false"},
    "wolf": {"maxRank": "10", "knight": "-", "chancellor": "w", "archbishop": "f", "customPiece1": "s:fKifmnD",
             "customPiece2": "n:NN", "customPiece3": "e:NNQ",
             "startFen": "qwfrbbnk/pssppssp/1pp2pp1/8/8/8/8/1PP2PP1/PSSPPSSP/KNBBRFWQ w - - 0 1",
             "promotionPawnTypes": "ps", "promotionPieceTypes": "qwfrb", "promotedPieceType": "p:e",
             "promotionRegionWhite": "*10", "promotionRegionBlack": "*1",
             "doubleStepRegionWhite": "*2 b3 c3 f3 g3", "doubleStepRegionBlack": "*9 b8 c8 f8 g8",
             "enPassantTypes": "p", "nMoveRuleTypes": "ps", "castling": "false"},
    "shako": {"pieceToCharTable": "PNBRQ.E....C.........Kpnbrq.e....c.........k", "maxRank": "10", "maxFile": "10",
              "fersAlfil": "e", "cannon": "c",
              "startFen": "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1",
              "promotionPieceTypes": "qrbnce", "promotionRegionWhite": "*10", "promotionRegionBlack": "*1",
              "castlingKingsideFile": "h", "castlingQueensideFile": "d", "castlingRookKingsideFile": "i",
              "castlingRookQueensideFile": "b", "castlingRank": "2", **_TEN_BY_TEN_PAWNS},
    "clobber10": {"parent": "clobber", "maxRank": "10", "maxFile": "10",
                  "startFen": "/".join(["PpPpPpPpPp", "pPpPpPpPpP"] * 5) + " w 0 1"},
    "flipello10": {"parent": "flipello", "maxRank": "10", "maxFile": "10",
                   "startFen": "10/10/10/10/4pP4/4Pp4/10/10/10/10[" + "P" * 96 + "p" * 96 + "] w - - 0 1",
                   "enclosingDropStart": "e5 f5 e6 f6"},
    "manchu": {"parent": "xiangqi-base", "pieceToCharTable": "PN.R.AB..K.C....M.....pn.r.ab..k.c..........",
               "banner": "m", "startFen": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/9/M1BAKAB2 w - - 0 1"},
    "supply": _SUPPLY,
    **_JANGGI_VARIANTS,
}
"""The built-in variants a section may name as its parent (those Fairy-Stockfish's own ``variants.ini`` uses and
their bases; ``minishogi-base`` and ``xiangqi-base`` are shared bases, not names Fairy-Stockfish knows)."""

HIDDEN = frozenset({"minishogi-base", "xiangqi-base"})
"""Entries of :data:`BUILTINS` that only serve as bases."""

__all__ = ["ALIASES", "BUILTINS", "CHESS_PIECES", "HIDDEN", "PIECES"]
