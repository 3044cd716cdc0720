"""Custom en-passant takers (Fairy-Stockfish's ``e`` in a pawn type's Betza): berolina's pawn steps diagonally,
captures straight ahead and takes e.p. with that capture; pawnsideways and pawnback's pawns. Fairy-Stockfish's
FEN lists the squares a double step passed and the pawn that made it (``d3c4``), read and written. The counts
are Fairy-Stockfish's (its binary, commit c19b5f6; the FENs are perft.sh's)."""

from __future__ import annotations

import pytest
from fsf_compare import model_counts

from fairyport.fsf.read import read_text
from fairyport.movegen import compile_game

CASES = [
    ("berolina", None, [30, 900, 28328]),
    ("berolina", "rnbqkbnr/pppp1ppp/8/2p5/5P2/8/PPP1PPPP/RNBQKBNR w KQkq c5d6 2 2", [37, 1256, 46643]),
    ("berolina", "k7/6P1/8/8/8/2K2p2/4p3/8 w - - 0 1", [16, 152, 1983]),
    ("berolina", "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PP1PPPPP/RNBQKBNR w KQkq d6c5 0 1", [32, 1047]),  # d5d6 takes c5
    ("pawnsideways", None, [20, 400, 10022]),
    ("pawnback", None, [20, 400, 9222]),
]


@pytest.mark.parametrize(("variant", "fen", "counts"), CASES, ids=[f"{v}-{i}" for i, (v, _, _) in enumerate(CASES)])
def test_custom_en_passant_takers_count_as_fairy_stockfish(variant: str, fen: str | None, counts: list[int]) -> None:
    assert model_counts(read_text(f"[t:{variant}]\n", variant="t"), len(counts), fen) == counts


def test_berolina_en_passant_field_as_fairy_stockfish_writes_it() -> None:
    variant = compile_game(read_text("[t:berolina]\n", variant="t"))
    pos = variant.start_position()
    pos.push(pos.parse_uci("e2c4"))
    assert pos.fen().split()[3] == "d3c4"
    again = variant.new_position().from_fen(variant, pos.fen())
    assert (again.ep, again.ep_victim) == (pos.ep, pos.ep_victim)
