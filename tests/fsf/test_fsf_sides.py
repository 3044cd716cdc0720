"""Per-side castling rights, the pawn's shogi-style promoted type and the built-in pieces refused by name, read
from variants.ini and counted against Fairy-Stockfish (pyffish) from the start position."""

from __future__ import annotations

from pathlib import Path

import pytest
from fsf_compare import fsf_counts, model_counts

from fairyport.errors import UnsupportedError
from fairyport.fsf.build import NO_CASTLING_KING
from fairyport.fsf.read import read_text
from fairyport.model import Game

pyffish = pytest.importorskip("pyffish")

SECTIONS = """
[whitecastles22:chess]
startFen = r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQ - 0 1

[blackcastles22:chess]
startFen = r3k2r/p6p/8/8/8/8/P6P/R3K2R w kq - 0 1
flagPiece = k
flagRegionWhite = *8
flagRegionBlack = *1

[pawnpromo22:chess]
commoner = c
promotionPieceTypes = -
promotedPieceType = p:c
startFen = 4k3/1P4P1/8/8/8/8/1p4p1/4K3 w - - 0 1

[pawnboth22:chess]
commoner = c
promotionPieceTypes = qn
promotedPieceType = p:c
mandatoryPawnPromotion = false
startFen = 2r1k3/1P4P1/8/8/8/8/1p4p1/4K1R1 w - - 0 1

[zonedpawn22:chess]
startFen = rnbqkbnr/ppp2ppp/3pp3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1

[cannons22:chess]
janggiCannon = c
startFen = 4k3/8/8/c1c5/8/8/8/4K3 w - - 0 1
"""


def _game(name: str) -> Game:
    return read_text(SECTIONS, variant=name, name="sides.ini")


@pytest.mark.parametrize("name", ["whitecastles22", "blackcastles22", "pawnpromo22", "pawnboth22"])
def test_perft_3_as_fairy_stockfish(name: str) -> None:
    pyffish.load_variant_config(SECTIONS)
    assert model_counts(_game(name), 3) == fsf_counts(pyffish, name, 3)


def test_the_side_without_rights_gets_a_king_without_castling() -> None:
    game = _game("blackcastles22")
    kings = {p.name: p for p in game.pieces if p.royal}
    assert set(kings) == {"king", NO_CASTLING_KING}
    plain = kings[NO_CASTLING_KING]
    assert "O" in kings["king"].betza and "O" not in plain.betza
    assert game.setup.placement["e1"].id == plain.id and game.setup.placement["e8"].id == kings["king"].id
    # the flag goal follows White's king to its new type
    assert game.rules.flag is not None and game.rules.flag.white_piece == plain.id
    assert game.rules.flag.black_piece == kings["king"].id


def test_pawn_promotes_to_its_promoted_type_among_the_choices() -> None:
    pawn = next(p for p in _game("pawnboth22").pieces if p.name == "pawn")
    assert pawn.promotion is not None
    assert {c.piece for c in pawn.promotion.choices} == {"Q", "N", "C"}
    assert not pawn.promotion.mandatory


def test_janggi_cannon_is_refused_by_name() -> None:
    with pytest.raises(UnsupportedError) as caught:
        _game("cannons22")
    assert caught.value.feature == "janggiCannon"
    assert "sides.ini:" in caught.value.message()


def test_game_courier_keeps_zoned_moves(tmp_path: Path) -> None:
    from fairyport.formats import read_game
    from fairyport.gamecourier.write import write_game

    game = _game("zonedpawn22")
    pawn = next(p for p in game.pieces if p.name == "pawn")
    assert pawn.zoned_moves  # Black's pawns do not all start on the double-step rank
    text, lost = write_game(game)
    assert lost == []
    path = tmp_path / "zoned.php"
    path.write_text(text, encoding="utf-8")
    back = read_game(path, "gamecourier")
    assert back.piece_type(pawn.id).zoned_moves == pawn.zoned_moves and not back.kept
    pyffish.load_variant_config(SECTIONS)
    assert model_counts(back, 3) == model_counts(game, 3) == fsf_counts(pyffish, "zonedpawn22", 3)
