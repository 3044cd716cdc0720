"""ZRF files written for drop games with rules that bite on the hands: forced captures (drops are quiet moves),
extinction counting pieces in hand, per-file drop limits other than one. Each written file, played by the ZRF
interpreter, gives Fairy-Stockfish's perft (pyffish) from positions where the rule bites. (The ZRF reader keeps
the storage columns' code, so these files are not read back into the model.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from fsf_compare import fsf_counts

from fairyport.fsf.read import read_text
from fairyport.zrf.write.file import write_game as write_zrf
from tests.helpers.written_goals import written_counts

pyffish = pytest.importorskip("pyffish")

SECTIONS = """
[forcedhouse22z:crazyhouse]
mustCapture = true

[antihouse22z:giveaway]
pieceDrops = true
capturesToHand = true
castling = false

[twopawns22z:chess]
maxFile = 7
maxRank = 7
pieceDrops = true
capturesToHand = true
promotionRegionWhite = *7
promotionRegionBlack = *1
promotionPieceTypes = nbr
doubleStep = false
castling = false
dropNoDoubled = p
dropNoDoubledCount = 2
startFen = rbbknnr/ppppppp/7/7/7/PPPPPPP/RBBKNNR[] w - - 0 1

[nopawns22z:twopawns22z]
dropNoDoubledCount = 0
"""

CASES = [
    # a capture is forced (the drops wait), then none is (drops and quiet moves)
    ("forcedhouse22z", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 0 1", 3),
    ("forcedhouse22z", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[Nn] w KQkq - 0 1", 3),
    # all pieces lost wins, the hand counted: with nothing in hand Black's last capture ends the game
    ("antihouse22z", "8/8/8/8/8/8/k7/K7[] w - - 0 1", 3),
    ("antihouse22z", "8/8/8/8/8/8/k7/K7[q] w - - 0 1", 3),
    ("antihouse22z", "8/8/8/8/8/8/k7/K7[Q] w - - 0 1", 3),
    ("antihouse22z", "8/8/8/8/8/8/kp6/K7[] b - - 0 1", 3),
    # two pawns on a file at most: the e-file is full for White
    ("twopawns22z", "k6/7/7/7/4P2/4P2/K6[PPp] w - - 0 1", 3),
    ("twopawns22z", "k6/p6/7/p6/7/4P2/K6[PPp] b - - 0 1", 3),
    ("nopawns22z", "k6/7/7/7/4P2/7/K6[PNp] w - - 0 1", 3),
]


@pytest.mark.parametrize(("name", "fen", "depth"), CASES)
def test_zrf_interpreter_plays_as_fairy_stockfish(name: str, fen: str, depth: int, tmp_path: Path) -> None:
    game = read_text(SECTIONS, variant=name, name="hands.ini")
    pyffish.load_variant_config(SECTIONS)
    counts, _ = written_counts(game, "zrf", fen, depth, tmp_path)
    assert counts == fsf_counts(pyffish, name, depth, fen)


def test_the_idioms_written() -> None:
    forced, _ = write_zrf(read_text(SECTIONS, variant="forcedhouse22z"))
    assert "(move-priorities capture-type normal-type)" in forced
    extinction, _ = write_zrf(read_text(SECTIONS, variant="antihouse22z"))
    assert "(pieces-remaining 0)" in extinction
    two, _ = write_zrf(read_text(SECTIONS, variant="twopawns22z"))
    assert "(flag? file-2)" in two and "file-3" not in two
    none, _ = write_zrf(read_text(SECTIONS, variant="nopawns22z"))
    pawn = none.split("(name Pawn)")[1].split("(piece")[0]
    assert "hand-zone" not in pawn and "hand-zone" in none.split("(name Knight)")[1]  # no pawn drops at all
