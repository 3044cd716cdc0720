"""ZRF files written for drops that may not give check (:mod:`fairyport.zrf.write.dropchecks`): the dropped
piece's own attacks and the drop square as a cannon's screen, tested from the drop square. Each written file,
played by the ZRF interpreter, gives pyffish's perft from positions where the rule bites; with either test
switched off it does not. The advisors' moves also prove a confined piece's landing in a drop game (the palace).
(The ZRF reader keeps the storage columns' code, so these files are not read back into the model.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from fsf_compare import fsf_counts

from fairyport.fsf.read import read_text
from fairyport.zrf.write.dropchecks import AHEAD_FLAG, CHECK_FLAG
from fairyport.zrf.write.file import write_game as write_zrf
from tests.helpers.written_goals import written_counts

pyffish = pytest.importorskip("pyffish")

SECTIONS = """
[drophouse22z:xiangqi]
pieceDrops = true
capturesToHand = true
dropChecks = false

[checkhouse22z:drophouse22z]
dropChecks = true
"""

CASES = [
    # horse and elephant in hand; a cannon on the e-file aims past the empty file at nothing yet
    ("3k5/9/9/9/9/9/9/4C4/9/4K4[NB] w - - 0 1", 2),
    # an advisor dropped on e2 would be the screen of the cannon on e1 against the general on e10
    ("4k4/9/9/9/9/9/9/9/9/3KC4[A] w - - 0 1", 2),
    # Black drops a soldier: on the e-file below its cannon it would screen it, next to the general it attacks
    ("4k4/9/4c4/9/9/9/9/9/9/4K4[p] b - - 0 1", 2),
]


@pytest.mark.parametrize(("fen", "depth"), CASES)
def test_zrf_interpreter_plays_as_fairy_stockfish(fen: str, depth: int, tmp_path: Path) -> None:
    game = read_text(SECTIONS, variant="drophouse22z", name="drops.ini")
    pyffish.load_variant_config(SECTIONS)
    expected = fsf_counts(pyffish, "drophouse22z", depth, fen)
    assert expected != fsf_counts(pyffish, "checkhouse22z", depth, fen)  # the rule bites here
    counts, _ = written_counts(game, "zrf", fen, depth, tmp_path)
    assert counts == expected


@pytest.mark.parametrize(("fen", "off"), [
    (CASES[0][0], f"(set-flag {CHECK_FLAG} true)"),  # no test at all
    (CASES[1][0], f"(set-flag {AHEAD_FLAG} true)"),  # no cannon screens
])
def test_each_test_bites(fen: str, off: str, tmp_path: Path) -> None:
    from fairyport.formats import load_engine
    from fairyport.movegen.perft import perft

    game = read_text(SECTIONS, variant="drophouse22z", name="drops.ini")
    text, _ = write_zrf(game)
    assert off in text
    path = tmp_path / "off.zrf"
    path.write_text(text.replace(off, off.replace("true", "false")), encoding="utf-8")
    start = load_engine(path, "zrf", engine="native").position(fen, None)
    pyffish.load_variant_config(SECTIONS)
    assert perft(start, 1) > fsf_counts(pyffish, "drophouse22z", 1, fen)[0]
