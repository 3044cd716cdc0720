"""Promotion choices of one side only (Fairy-Stockfish's ``promotionPieceTypesWhite`` / ``Black``), read as
:attr:`PromotionChoice.sides`: sortofalmost (White promotes to a chancellor, Black to a queen) and chigorin
(White to chancellor, rook or knight; Black to queen, rook or bishop). The counts are Fairy-Stockfish's (its
binary, commit c19b5f6); the FEN is perft.sh's, where both sides promote at once."""

from __future__ import annotations

import pytest
from fsf_compare import model_counts

from fairyport.fsf.read import read_text
from fairyport.fsf.write import write_section
from fairyport.model import BLACK, WHITE

RACE = "8/1k5P/8/8/8/3K4/p7/8 b - - 0 1"
CASES = [("sortofalmost", None, [22, 440, 10815]), ("sortofalmost", RACE, [12, 139, 1684]),
         ("chigorin", None, [26, 416, 11408]), ("chigorin", RACE, [11, 117, 1353])]


@pytest.mark.parametrize(("variant", "fen", "counts"), CASES, ids=[f"{v}-{bool(f)}" for v, f, _ in CASES])
def test_each_side_promotes_to_its_own_choices(variant: str, fen: str | None, counts: list[int]) -> None:
    game = read_text(f"[t:{variant}]\n", variant="t")
    assert model_counts(game, len(counts), fen) == counts


def test_chigorin_choices_and_their_sides() -> None:
    pawn = read_text("[t:chigorin]\n", variant="t").piece_type("P")
    assert pawn.promotion is not None
    assert {c.piece: c.sides for c in pawn.promotion.choices} == {
        "C": (WHITE,), "N": (WHITE,), "Q": (BLACK,), "B": (BLACK,), "R": ()}


def test_written_back_per_side() -> None:
    text, lost = write_section(read_text("[t:chigorin]\n", variant="t"), prove=False)
    assert lost == []
    assert "promotionPieceTypesWhite = cnr" in text and "promotionPieceTypesBlack = bqr" in text
    assert model_counts(read_text(text), 3, RACE) == [11, 117, 1353]
