"""A board with holes written to variants.ini as Fairy-Stockfish's walls (``*`` in ``startFen``): the same game
where no piece hops (a wall is a screen, a hole is not), proven by pyffish on the written section."""

from __future__ import annotations

import dataclasses

import pytest
from fsf_compare import fsf_counts, model_counts

from fairyport.errors import UnsupportedError
from fairyport.fsf.read import read_text
from fairyport.fsf.write import write_section

pyffish = pytest.importorskip("pyffish")


def test_holes_written_as_walls_and_counted_by_fairy_stockfish() -> None:
    game = read_text("[holes22:troitzky]\n", variant="holes22", name="holes.ini")
    assert game.board.holes
    text, lost = write_section(game, name="holeswritten22")
    assert not lost and "*" in next(line for line in text.splitlines() if line.startswith("startFen"))
    pyffish.load_variant_config(text)
    assert model_counts(game, 3) == fsf_counts(pyffish, "holeswritten22", 3)
    back = read_text(text, variant="holeswritten22", name="back.ini")
    assert back.board.holes == game.board.holes


def test_holes_with_a_hopper_are_refused() -> None:
    game = read_text("[holes22:troitzky]\n", variant="holes22", name="holes.ini")
    rook = next(p for p in game.pieces if p.name == "rook")
    hopper = dataclasses.replace(game, pieces=[dataclasses.replace(p, betza="mRpcR") if p is rook else p
                                               for p in game.pieces])
    with pytest.raises(UnsupportedError, match="hop"):
        write_section(hopper, name="hopper22")


def test_castling_with_its_partner_at_a_distance_is_written() -> None:
    """Castling(partner_distance, partners) with unmoved pieces and the attack tests is Fairy-Stockfish's castling
    (``castlingRookPieces``); Dagaz's castling after moving or through check stays refused."""
    from fairyport.fsf.write import write_game
    from fairyport.model import Castling

    game = read_text("[castle22:chess]\n", variant="castle22", name="castle.ini")
    king = next(p for p in game.pieces if p.royal)
    ruled = dataclasses.replace(game, pieces=[dataclasses.replace(p, castling=Castling(
        partner_distance=(4, 3), partners=("R",))) if p is king else p for p in game.pieces])
    text, lost = write_game(ruled)
    assert not lost and "castling = true" in text
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    name = text.split("[", 1)[1].split("]", 1)[0]
    pyffish.load_variant_config(text)
    assert model_counts(ruled, 2, fen) == fsf_counts(pyffish, name, 2, fen)
    dagaz = dataclasses.replace(ruled, pieces=[dataclasses.replace(p, castling=Castling(
        virgin=False, safe=False, partner_distance=(4, 3), partners=("R",))) if p is king else p
        for p in game.pieces])
    with pytest.raises(UnsupportedError, match="castling"):
        write_game(dagaz)
