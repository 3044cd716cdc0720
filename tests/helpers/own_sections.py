"""Sections of our own for every option the Fairy-Stockfish reader accepts, alone and in combination: start
positions (no royal, one royal, setup-like placements, a side in check, pawns about to promote) crossed with
option sets (redefined kings, custom riders, flag goals, extinction, connection, drops, promotion options,
checks and captures, castling). Each section inherits ``chess`` (or ``crazyhouse`` for drops) and is small enough
for perft(3) in seconds.

:func:`own_sections` gives ``(name, text)`` pairs; :func:`ini_text` joins them into one ``variants.ini``.
``benchmarks/fsf_own_sections.py`` counts every one against the Fairy-Stockfish binary (or pyffish), and
``tests/fsf/test_fsf_own_sections.py`` against pyffish.
"""

from __future__ import annotations

START_POSITIONS: dict[str, str] = {
    "full": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "pawns": "8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1",
    "lonely": "4k3/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1",
    "pieces": "r1b1k3/pppp4/8/8/8/8/PPPP4/RNBQ4 w - - 0 1",
    "setup": "r3k2r/1P4p1/8/3pP3/8/8/1p4P1/R3K2R w KQkq - 0 1",
    "check": "4k3/8/8/8/8/8/3q4/R3K2R w KQ - 0 1",
    "promote": "1n2k3/PPP5/8/8/8/8/5ppp/2K3N1 b - - 0 1",
    "black": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
}
"""Start positions by name: a full chess set, no royal at all, one side without one, pieces without royals,
castling rights in a crowded position, the side to move in check, pawns about to promote, Black to move."""

SINGLE_SECTIONS: dict[str, str] = {
    "passant": "startFen = 4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    "deadpassant": "startFen = 4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1",
    "nightrider": "customPiece1 = a:NN\nstartFen = 4k3/8/8/8/3A4/8/8/4K3 w - - 0 1",
    "alfilrider": "customPiece1 = a:mAAcB\nstartFen = 4k3/8/8/8/3A4/8/8/4K3 w - - 0 1",
    "dabbabarider": "customPiece1 = a:DD\nstartFen = 4k3/8/8/8/3A4/8/8/4K3 w - - 0 1",
    "knighthopper": "customPiece1 = a:pN\nstartFen = 4k3/8/8/8/3A4/8/8/4K3 w - - 0 1",
    "onesidecastle": "startFen = r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    "onesideextinct": "king = -\ncommoner = k\ncastlingKingPiece = k\nblastOnCapture = true\nextinctionValue = loss\n"
                      "extinctionPieceTypes = k\nextinctionPseudoRoyal = true\n"
                      "startFen = r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1",
}
"""Sections of one option each (added to ``chess``): en-passant squares that a pawn can and cannot use, riders of
leaps Fairy-Stockfish does and does not slide along, castling for one side only (with an extinction goal on the
castling piece)."""

OPTION_SETS: dict[str, str] = {
    "plain": "",
    "nocastle": "castling = false",
    "fcwking": "king = k:FcW",
    "rider": "customPiece1 = a:mAAcB\npromotionPieceTypes = aq",
    "flag": "flagPiece = *\nflagRegionWhite = *8\nflagRegionBlack = *1",
    "kingflag": "flagPiece = k\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagMove = true",
    "extinct": "extinctionValue = loss\nextinctionPieceTypes = *\nmustCapture = true\nstalemateValue = win",
    "pawnextinct": "extinctionValue = loss\nextinctionPieceTypes = p",
    "royalextinct": "extinctionValue = loss\nextinctionPieceTypes = k\nextinctionPseudoRoyal = true",
    "connect": "connectN = 3\nconnectPieceTypes = p",
    "nocheck": "checking = false",
    "capture": "mustCapture = true",
    "stalewin": "stalemateValue = loss",
    "promo": "promotionPieceTypes = nq\nmandatoryPawnPromotion = false\npromotionRegionWhite = *7 *8\n"
             "promotionRegionBlack = *1 *2",
    "shogipromo": "promotedPieceType = p:g n:g\ncustomPiece2 = g:WfF\npromotionRegionWhite = *6 *7 *8\n"
                  "promotionRegionBlack = *1 *2 *3\nmandatoryPiecePromotion = true",
    "doublestep": "doubleStepRegionWhite = *2 *3\ndoubleStepRegionBlack = *7 *6",
    "nodouble": "doubleStep = false",
    "mobility": "mobilityRegionWhiteKing = a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2\n"
                "mobilityRegionBlackKing = a8 b8 c8 d8 e8 f8 g8 h8 a7 b7 c7 d7 e7 f7 g7 h7",
    "flying": "flyingGeneral = true",
    "atomic": "blastOnCapture = true\nextinctionValue = loss\nextinctionPieceTypes = k",
    "pseudoatomic": "king = -\ncommoner = k\ncastlingKingPiece = k\nblastOnCapture = true\nextinctionValue = loss\n"
                    "extinctionPieceTypes = k\nextinctionPseudoRoyal = true",
}
"""Option sets by name, each added to a ``chess`` section."""

DROP_SETS: dict[str, str] = {
    "house": "",
    "nocheckdrop": "dropChecks = false",
    "mustdrop": "mustDrop = true",
    "droppawns": "firstRankPawnDrops = true\npromotionZonePawnDrops = true",
    "dropregion": "dropRegionWhite = *1 *2 *3\ndropRegionBlack = *6 *7 *8",
    "doubled": "dropNoDoubled = p\ndropNoDoubledCount = 1",
    "immobile": "immobilityIllegal = true\npromotionPieceTypes = nbr\npromotedPieceType = p:q\n"
                "promotionRegionWhite = *8\npromotionRegionBlack = *1",
}
"""Option sets added to a ``crazyhouse`` section, each tried with a start position with pieces in hand."""

DROP_POSITIONS: dict[str, str] = {
    "hand": "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[NPnp] w - - 0 1",
    "nohand": "r3k3/pp6/8/8/8/8/PP6/R3K3[] w - - 0 1",
    "noroyal": "8/pppp4/8/8/8/8/PPPP4/8[Pp] w - - 0 1",
}
"""Start positions for the drop sections (holdings in brackets)."""


def _section(name: str, parent: str, fen: str, options: str) -> str:
    body = f"startFen = {fen}\n" + (options + "\n" if options else "")
    return f"[{name}:{parent}]\n{body}"


def own_sections() -> list[tuple[str, str]]:
    """Every generated section as ``(name, text)``: each start position with each option set, the single
    sections, and each drop position with each drop option set."""
    out: list[tuple[str, str]] = []
    for pos, fen in START_POSITIONS.items():
        for key, options in OPTION_SETS.items():
            name = f"own-{pos}-{key}"
            out.append((name, _section(name, "chess", fen, options)))
    for key, options in SINGLE_SECTIONS.items():
        name = f"own-{key}"
        out.append((name, f"[{name}:chess]\n{options}\n"))
    for pos, fen in DROP_POSITIONS.items():
        for key, options in DROP_SETS.items():
            name = f"own-{pos}-{key}"
            out.append((name, _section(name, "crazyhouse", fen, options)))
    return out


def ini_text(sections: list[tuple[str, str]]) -> str:
    """One ``variants.ini`` text holding ``sections``."""
    return "\n".join(text for _, text in sections)


__all__ = ["DROP_POSITIONS", "DROP_SETS", "OPTION_SETS", "SINGLE_SECTIONS", "START_POSITIONS", "ini_text",
           "own_sections"]
