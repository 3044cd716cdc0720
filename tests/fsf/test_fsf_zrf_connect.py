"""Connection goals of several piece types written to ZRF: one ``relative-config`` per way of filling each line
with the types. The file played by the ZRF interpreter and read back into the model gives Fairy-Stockfish's
perft (pyffish) from positions where a mixed line wins, and the goal reads back equal."""

from __future__ import annotations

from pathlib import Path

import pytest
from fsf_compare import fsf_counts

from fairyport.fsf.read import read_text
from fairyport.zrf.write.file import MAX_CONNECT_CONFIGS
from fairyport.zrf.write.file import write_game as write_zrf
from tests.helpers.written_goals import assert_zrf_plays_as_fsf

pyffish = pytest.importorskip("pyffish")

SECTIONS = """
[twotypes22z]
maxRank = 4
maxFile = d
customPiece1 = a:mW
customPiece2 = b:mF
connectN = 3
startFen = aBaB/4/4/AbAb w - - 0 1
nMoveRule = 0
nFoldRule = 0

[onlya22z:twotypes22z]
connectPieceTypes = a
"""

CASES = [(name, fen) for name in ("twotypes22z", "onlya22z")
         for fen in ("a2b/4/AB2/2A1 w - - 0 1", "a2b/3B/AB2/2A1 b - - 0 1", None)]


@pytest.mark.parametrize(("name", "fen"), CASES)
def test_zrf_plays_and_reads_back_as_fairy_stockfish(name: str, fen: str | None, tmp_path: Path) -> None:
    assert_zrf_plays_as_fsf(SECTIONS, name, fen, 3, tmp_path)


def test_the_mixed_line_bites() -> None:
    pyffish.load_variant_config(SECTIONS)
    fen = "a2b/4/AB2/2A1 w - - 0 1"
    assert fsf_counts(pyffish, "twotypes22z", 3, fen) != fsf_counts(pyffish, "onlya22z", 3, fen)


def test_one_condition_per_filling() -> None:
    text, _ = write_zrf(read_text(SECTIONS, variant="twotypes22z"))
    assert text.count("(relative-config") == 4 * 2 ** 3  # four line steps, two types on three squares
    assert MAX_CONNECT_CONFIGS >= 4 * 3 ** 3  # tic-tac-chess: three types
