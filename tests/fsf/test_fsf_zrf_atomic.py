"""ZRF files written for atomic captures without royal pieces (:mod:`fairyport.zrf.write.atomic`): the blast macro,
one dump per square, the blasted pieces' type left out of the counting goals. Each written file, played by the ZRF
interpreter, gives pyffish's perft from positions where the blast bites (en passant, two captures whose blasts
remove the same pieces, the last pieces blasted, the hill goal); without the blast's neighbours it does not.
Royal pieces with atomic captures are refused. (The ZRF reader keeps the blast code, so these files are not read
back into the model.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from fsf_compare import fsf_counts

from fairyport.errors import UnsupportedError
from fairyport.fsf.read import read_text
from fairyport.zrf.write.atomic import ASH, BLAST_MACRO
from fairyport.zrf.write.file import write_game as write_zrf
from tests.helpers.written_goals import written_counts

pyffish = pytest.importorskip("pyffish")

SECTIONS = """
[blastaway22z:giveaway]
blastOnCapture = true

[antiblast22z:giveaway]
blastOnCapture = true
castling = false
extinctionOpponentPieceCount = 1

[blasthill22z:giveaway]
blastOnCapture = true
flagPiece = k
flagRegion = d4 e4 d5 e5

[noblast22z:giveaway]

[royalblast22z:atomic]
"""

CASES = [
    # e.p.: the blast is centred on d6 (the bishop on c7 goes, the knight on c4 stays)
    ("blastaway22z", "4k3/2b5/8/3pP3/2n5/8/8/4K3 w - d6 0 1"),
    # Qxd7 and Qxe8 blast the same pieces: two moves all the same
    ("blastaway22z", "r1Q1k2r/pp1n1p1p/8/4p1pn/8/5P2/P2PPKP1/R7 w kq - 2 12"),
    ("antiblast22z", "8/8/3n4/2qRb3/8/8/7k/6K1 w - - 0 1"),
    ("antiblast22z", "rn2k2r/pp3p1p/8/4p1pn/8/5P2/P2PPKP1/R1Q5 w kq - 0 11"),
    # the king blasts itself capturing, or walks onto the hill
    ("blasthill22z", "8/8/8/8/4p3/2K5/8/6k1 w - - 0 1"),
]


@pytest.mark.parametrize(("name", "fen"), CASES)
def test_zrf_interpreter_plays_as_fairy_stockfish(name: str, fen: str, tmp_path: Path) -> None:
    game = read_text(SECTIONS, variant=name, name="atomic.ini")
    pyffish.load_variant_config(SECTIONS)
    expected = fsf_counts(pyffish, name, 3, fen)
    counts, _ = written_counts(game, "zrf", fen, 3, tmp_path)
    assert counts == expected


def test_the_blast_bites(tmp_path: Path) -> None:
    from fairyport.formats import load_engine
    from fairyport.movegen.perft import perft

    name, fen = CASES[1]
    pyffish.load_variant_config(SECTIONS)
    expected = fsf_counts(pyffish, name, 3, fen)
    assert expected != fsf_counts(pyffish, "noblast22z", 3, fen)
    text, _ = write_zrf(read_text(SECTIONS, variant=name))
    neighbours = "(if (and not-empty? (not (piece? Pawn))) capture)"
    assert f"(define {BLAST_MACRO}" in text and neighbours in text and f"(name {ASH})" in text
    path = tmp_path / "unblasted.zrf"
    path.write_text(text.replace(neighbours, ""), encoding="utf-8")
    start = load_engine(path, "zrf", engine="native").position(fen, None)
    assert [perft(start, d) for d in (1, 2, 3)] != expected


def test_royal_pieces_are_refused() -> None:
    with pytest.raises(UnsupportedError, match="atomic captures with royal pieces"):
        write_zrf(read_text(SECTIONS, variant="royalblast22z"))
