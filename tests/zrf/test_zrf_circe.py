"""Circe rebirth read from ZRF (:mod:`fairyport.zrf.recognise_circe`) and played by the generator
(:mod:`fairyport.movegen.circe`): the fixture ``circe`` (counted by ``test_zrf_read_shapes`` as well), what is
not read as rebirth, the writers, and Zillions' ``00.Circe.zrf``."""

from __future__ import annotations

import pytest
from paths import ROOT, ZRF_COLLECTIONS, needs
from zrf_playout import paired_playout

import fairyport
from fairyport.errors import UnsupportedError
from fairyport.formats import game_engine, load_engine
from fairyport.json import game_from_json, game_to_json
from fairyport.model import kept_code
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_variant, position
from fairyport.zrf.read import read_game, read_text
from fairyport.zrf.typed.reader import read_variant, read_variant_text

CIRCE = ROOT / "fixtures" / "zrf" / "shapes" / "circe.zrf"
ZOG_CIRCE = ZRF_COLLECTIONS / "GlukKazan+ZoG" / "Rules" / "00.Circe.zrf"


def test_the_fixture_reads_rebirth_squares_per_type_and_counts_as_the_interpreter() -> None:
    game = read_game(CIRCE)
    assert {p.name: p.rebirth for p in game.pieces} == {"WRook": "a1", "BRook": "e5", "WKnight": "b1",
                                                       "BKnight": "d5", "King": None}
    native = position(compile_variant(read_variant(CIRCE, None)), None)
    assert perft(compile_game(game).start_position(), 3) == perft(native, 3) == 1744


def test_a_captured_piece_whose_square_is_taken_or_left_by_the_capturer_is_gone() -> None:
    # the White Rook on e5 (the Black Rook's square) takes it on e2: not reborn, its square was not empty before
    # the move; taken from e1 it goes back to e5; the Black Knight taken on d2 goes back to d5
    setups = {"(White (King c1) (WRook e5)) (Black (King a4) (BRook e2))": 641,
              "(White (King c1) (WRook e1)) (Black (King a4) (BRook e2))": 332,
              "(White (King c1) (WRook a2)) (Black (King e4) (BKnight d2))": 712}
    for setup, nodes in setups.items():
        text = CIRCE.read_text().replace("(White (King c1) (WRook a1) (WKnight b1 c3))\n"
                                         "               (Black (King c5) (BRook e5) (BKnight d5 b4))", setup)
        assert setup in text
        native = position(compile_variant(read_variant_text(text, "circe.zrf", None)), None)
        model = compile_game(read_text(text, name="circe.zrf")).start_position()
        assert (perft(model, 3), perft(native, 3)) == (nodes, nodes)


def test_rebirth_items_missing_from_a_capture_are_not_read_as_rebirth() -> None:
    text = CIRCE.read_text().replace("(define step ($1 (verify not-friend?) (rebirth) add))",
                                     "(define step ($1 (verify not-friend?) add))")
    game = read_text(text, name="circe.zrf")
    assert not any(p.rebirth for p in game.pieces) and kept_code(game)
    # a type reborn for the other player than the one it belongs to: not the model's rule (it keeps the colour)
    text = CIRCE.read_text().replace("(reborn WRook a1 White)", "(reborn WRook a1 Black)")
    assert not any(p.rebirth for p in read_text(text, name="circe.zrf").pieces)
    native = position(compile_variant(read_variant_text(text, "circe.zrf", None)), None)
    assert perft(native, 1) == 16


def test_rebirth_round_trips_through_json_and_the_diagram_extension_and_other_writers_refuse_it() -> None:
    game = read_game(CIRCE)
    assert {p.id: p.rebirth for p in game_from_json(game_to_json(game)).pieces} == {
        p.id: p.rebirth for p in game.pieces}
    written = fairyport.write(game, "idiagram", best_effort=True)
    assert any("rebirth" in item for item in written.lost)
    assert "fairyportRebirth=a1" in written.text
    back = fairyport.read(written.text, format="idiagram")
    assert {p.id: p.rebirth for p in back.pieces} == {p.id: p.rebirth for p in game.pieces}
    assert perft(compile_game(back).start_position(), 3) == 1744
    for fmt in ("idiagram", "fsf", "gamecourier", "zrf"):
        with pytest.raises(UnsupportedError, match=r"reborn|rebirth"):
            fairyport.write(game, fmt)


def test_a_rebirth_square_off_the_board_is_a_model_error() -> None:
    text = fairyport.write(read_game(CIRCE), "idiagram", best_effort=True).text
    with pytest.raises(fairyport.errors.FairyportError):
        fairyport.read(text.replace("fairyportRebirth=a1", "fairyportRebirth=z9"), format="idiagram")
    with pytest.raises(fairyport.errors.FairyportError, match="fairyportRebirth"):
        fairyport.read(text.replace("fairyportRebirth=a1", "fairyportRebirth=a-1"), format="idiagram")


@needs(ZOG_CIRCE)
@pytest.mark.parametrize(("variant", "nodes"), [("1", 8902), ("2", 8698)])
def test_zillions_circe_reads_whole_and_counts_as_the_interpreter(variant: str, nodes: int) -> None:
    game = read_game(ZOG_CIRCE, variant=variant)
    assert kept_code(game) == [] and any(p.rebirth for p in game.pieces)
    native = position(compile_variant(read_variant(ZOG_CIRCE, variant)), None)
    assert perft(compile_game(game).start_position(), 3) == nodes == perft(native, 3)


@needs(ZOG_CIRCE)
def test_zillions_castling_partner_tested_by_a_list_of_rook_types_is_the_one_on_the_corner() -> None:
    """Twist of Fate's Rooks start on b1 and g1; its castling blocks want a never-moved Rook (``(or (piece?
    Rook-a1) ...)``) on a1 or h1, so the King never castles with them (the outermost piece is not the partner).
    A random game that clears c1 and d1 found the generator castling e1c1 with the b1 Rook."""
    game = read_game(ZOG_CIRCE, variant="2")
    king = game.piece_type("K")
    assert king.castling is not None and king.castling.partner_distance == (4, 3)
    assert {game.piece_type(p).name for p in king.castling.partners} >= {"Rook-a1", "Rook-h1", "Rook-b1", "Rook-g1"}
    native = load_engine(ZOG_CIRCE, "zrf", variant="2", engine="native").position(None, None)
    model = game_engine(game, str(ZOG_CIRCE)).position(None, None)
    playout = paired_playout(native, model, seed=3, plies=80)
    assert playout.difference is None and len(playout.played) == 80


@needs(ZOG_CIRCE)
def test_zillions_circe_promotions_play_alike_in_a_random_game() -> None:
    """Seed 1 reaches a Pawn-h2 promoting on f8 at ply 76: the interpreter names its choices by letters several
    types share (R for every Rook type), the generator by ids; the playout compares the types made."""
    game = read_game(ZOG_CIRCE, variant="1")
    native = load_engine(ZOG_CIRCE, "zrf", variant="1", engine="native").position(None, None)
    model = game_engine(game, str(ZOG_CIRCE)).position(None, None)
    playout = paired_playout(native, model, seed=1, plies=80)
    assert playout.difference is None and len(playout.played) == 80
