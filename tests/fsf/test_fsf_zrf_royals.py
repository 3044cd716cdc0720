"""ZRF files written for the last royal piece protected (Fairy-Stockfish's pseudo-royal pieces, two a side): the
unguarded copies and the guard macro (:mod:`fairyport.zrf.write.lastroyal`), played by the ZRF interpreter from
start positions where a royal piece is captured at once, give pyffish's perft; without the guard they do not.
(The ZRF reader keeps the guard's code, so these files are not read back into the model.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from fsf_compare import fsf_counts

from fairyport.errors import UnsupportedError
from fairyport.formats import load_engine
from fairyport.fsf.read import read_text
from fairyport.movegen.perft import perft
from fairyport.zrf.write.file import write_game as write_zrf
from fairyport.zrf.write.lastroyal import GUARD_MACRO, UNGUARDED

pyffish = pytest.importorskip("pyffish")

SECTIONS = """
[twodukes22z:chess]
maxRank = 6
maxFile = f
king = -
customPiece1 = d:K
startFen = d1r2d/1p2p1/6/R5/1P2P1/D3D1 w - - 0 1
promotionRegionWhite = *6
promotionRegionBlack = *1
promotionPieceTypes = nr
doubleStep = false
castling = false
extinctionValue = loss
extinctionPieceTypes = d
extinctionPseudoRoyal = true

[oneduke22z:twodukes22z]
startFen = d1r2d/1p2p1/6/R5/1P2P1/3D2 w - - 0 1

[dukepromo22z:twodukes22z]
promotionPieceTypes = nrd
"""


def start_counts(text: str, depth: int, tmp_path: Path) -> list[int]:
    """perft 1..``depth`` of the written file's own setup, played by the ZRF interpreter (the setup, not a FEN: a
    FEN letter names a type's unguarded copy for both sides)."""
    path = tmp_path / "written.zrf"
    path.write_text(text, encoding="utf-8")
    start = load_engine(path, "zrf", engine="native").position(None, None)
    return [perft(start, d) for d in range(1, depth + 1)]


@pytest.mark.parametrize("name", ["twodukes22z", "oneduke22z"])
def test_zrf_interpreter_plays_as_fairy_stockfish(name: str, tmp_path: Path) -> None:
    game = read_text(SECTIONS, variant=name, name="royals.ini")
    pyffish.load_variant_config(SECTIONS)
    expected = fsf_counts(pyffish, name, 3)
    text, lost = write_zrf(game)
    assert lost == []
    assert start_counts(text, 3, tmp_path) == expected
    # the rule bites: without the guard, the last duke stays unguarded after White's Rxa6
    unguarded = text.replace(f"({GUARD_MACRO}))", ")")
    assert unguarded != text
    assert start_counts(unguarded, 3, tmp_path)[1] > expected[1]


def test_the_copies_written() -> None:
    text, _ = write_zrf(read_text(SECTIONS, variant="oneduke22z"))
    duke = text.split("(board-setup")[1].split("(piece")[0]
    # White's single duke is royal from the start, Black's two are unguarded copies with the same notation
    assert "(CustomPiece1 d1)" in duke and f"(CustomPiece1{UNGUARDED} a6 f6)" in duke
    assert f'(name CustomPiece1{UNGUARDED})' in text and text.count('(notation "D")') == 2
    assert "(loss-condition (White Black) (checkmated CustomPiece1))" in text


def test_a_royal_promotion_is_refused() -> None:
    with pytest.raises(UnsupportedError, match="promotes to a royal type"):
        write_zrf(read_text(SECTIONS, variant="dukepromo22z"))
