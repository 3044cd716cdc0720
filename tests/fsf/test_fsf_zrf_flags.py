"""Flag goals the ZRF writer used to refuse: the blocked win (a full flag zone holding one of the player's flag
pieces) and a count one player can never meet (more flag pieces than that player's flag squares). Written to
ZRF, the file played by the ZRF interpreter and read back into the model gives Fairy-Stockfish's perft (pyffish)
from positions where the goal bites, and the rules come back equal. The blocked win is written only where the
opponent can never complete the zone."""

from __future__ import annotations

from pathlib import Path

import pytest
from fsf_compare import fsf_counts

from fairyport.errors import UnsupportedError
from fairyport.fsf.read import read_text
from fairyport.zrf.write.file import write_game as write_zrf
from tests.helpers.written_goals import assert_zrf_plays_as_fsf

pyffish = pytest.importorskip("pyffish")

SECTIONS = """
[fullzone22z]
maxRank = 5
maxFile = e
customPiece1 = p:mfF
startFen = ppppp/p3p/5/P3P/PPPPP w - - 0 1
flagPiece = p
flagRegionWhite = a5 b5 c5 d5 e5
flagRegionBlack = a1 b1 c1 d1 e1
flagPieceCount = 5
flagPieceBlockedWin = true
nFoldRule = 0
nMoveRule = 0

[fillable22z:fullzone22z]
customPiece1 = p:mF

[halma22z]
maxRank = 6
maxFile = f
customPiece1 = n:mN
startFen = 4nn/5n/6/6/N5/NN4 w - - 0 1
flagPiece = n
flagRegionWhite = e6 f6
flagRegionBlack = a1 b1 a2
flagPieceCount = 3
stalemateValue = loss
nFoldRule = 0
nMoveRule = 0
"""

CASES = [
    # White fills the zone (four black pieces and its own): won; the same without the blocked win goes on
    ("fullzone22z", "pp1pp/1P3/5/p4/P4 w - - 0 1"),
    ("fullzone22z", "pp1pp/1P3/5/5/P3p w - - 0 1"),
    ("fullzone22z", None),
    # Black fills its three squares and wins; White's two squares can never hold three knights
    ("halma22z", "6/6/6/2n3/6/nn3N w - - 0 1"),
    ("halma22z", "4N1/3N2/6/2n3/6/nn4 w - - 0 1"),
]


@pytest.mark.parametrize(("name", "fen"), CASES)
def test_zrf_plays_and_reads_back_as_fairy_stockfish(name: str, fen: str | None, tmp_path: Path) -> None:
    assert_zrf_plays_as_fsf(SECTIONS, name, fen, 3, tmp_path)


def test_the_blocked_win_bites() -> None:
    # pyffish keeps the first definition of a name: the plain variant gets its own
    plain = SECTIONS.replace("flagPieceBlockedWin = true", "flagPieceBlockedWin = false").replace(
        "[fullzone22z]", "[fullzoneplain22z]")
    pyffish.load_variant_config(plain)
    fen = CASES[0][1]
    assert fen is not None
    without = fsf_counts(pyffish, "fullzoneplain22z", 3, fen)
    pyffish.load_variant_config(SECTIONS)
    assert fsf_counts(pyffish, "fullzone22z", 3, fen) != without


def test_a_zone_the_opponent_can_fill_is_refused() -> None:
    # backward steps let Black complete White's zone: the model then waits for White's move, Zillions (and the
    # ZRF interpreter) would end the game at once, as it tests every player's goals after each move
    with pytest.raises(UnsupportedError) as raised:
        write_zrf(read_text(SECTIONS, variant="fillable22z"))
    assert raised.value.feature == "flag goal"


def test_the_goals_written() -> None:
    text, _ = write_zrf(read_text(SECTIONS, variant="fullzone22z"))
    assert "(opponent CustomPiece1)" in text
    halma, _ = write_zrf(read_text(SECTIONS, variant="halma22z"))
    assert "(win-condition (Black)" in halma and "(win-condition (White)" not in halma
