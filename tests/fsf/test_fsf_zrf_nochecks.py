"""ZRF files written for games without checks (:mod:`fairyport.zrf.write.nochecks`): the landing piece's paths
and the lines through the emptied squares, read on the board after the move through position flags. Each written
file, played by the ZRF interpreter, gives pyffish's perft from positions where the rule bites (castling, a
discovered check, promotions, en passant, Black's castling); without the discovered-check test it does not.
(The ZRF reader keeps the test code, so these files are not read back into the model.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from fsf_compare import fsf_counts

from fairyport.formats import load_engine
from fairyport.fsf.read import read_text
from fairyport.movegen.perft import perft
from fairyport.zrf.write.file import write_game as write_zrf
from fairyport.zrf.write.nochecks import DISCOVERED

pyffish = pytest.importorskip("pyffish")

SECTIONS = """
[nocheck22z:chess]
checking = false
stalemateValue = loss

[check22z:chess]
stalemateValue = loss
"""

CASES = [
    "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",  # O-O-O puts the rook on the king's file
    "4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1",  # every knight move uncovers the rook
    "3k4/1P6/8/8/8/8/8/4K3 w - - 0 1",  # b8=Q and b8=R check, b8=N and b8=B do not
    "8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1",  # exd6 e.p. opens the rank, e6 does not
    "r3k3/8/8/8/8/8/8/3K4 b q - 0 1",  # Black's O-O-O
]


@pytest.mark.parametrize("fen", CASES)
def test_zrf_interpreter_plays_as_fairy_stockfish(fen: str, tmp_path: Path) -> None:
    game = read_text(SECTIONS, variant="nocheck22z", name="nochecks.ini")
    pyffish.load_variant_config(SECTIONS)
    expected = fsf_counts(pyffish, "nocheck22z", 2, fen)
    assert expected != fsf_counts(pyffish, "check22z", 2, fen)  # the rule bites here
    text, _ = write_zrf(game)
    path = tmp_path / "nochecks.zrf"
    path.write_text(text, encoding="utf-8")
    start = load_engine(path, "zrf", engine="native").position(fen, None)
    assert [perft(start, d) for d in (1, 2)] == expected


def test_the_discovered_check_test_bites(tmp_path: Path) -> None:
    text, _ = write_zrf(read_text(SECTIONS, variant="nocheck22z"))
    found = f"(set-flag {DISCOVERED} true)"
    assert found in text
    path = tmp_path / "uncovered.zrf"
    path.write_text(text.replace(found, f"(set-flag {DISCOVERED} false)"), encoding="utf-8")
    start = load_engine(path, "zrf", engine="native").position(CASES[1], None)
    pyffish.load_variant_config(SECTIONS)
    assert perft(start, 1) > fsf_counts(pyffish, "nocheck22z", 1, CASES[1])[0]
