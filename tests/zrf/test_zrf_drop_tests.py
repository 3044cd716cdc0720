"""Drop blocks with tests the model's drop rules hold (:mod:`fairyport.zrf.recognise_drops`): a drop only on a
square no enemy piece attacks or a friendly piece defends (``DropRule.safe_square``), and drops that probe for the
enemy King along the piece's captures (``DropRule.no_drop_check`` with the zone where every probe fits), as in
Zillions' Genesis Chess. The shapes fixtures (``safe-drops``, ``probed-drops``) are counted by
``test_zrf_read_shapes``; here: that the rules matter, what stays code, the writers and the real file."""

from __future__ import annotations

import dataclasses

import pytest
from paths import ROOT, ZRF_COLLECTIONS, needs

import fairyport
from fairyport.errors import UnsupportedError
from fairyport.json import game_from_json, game_to_json
from fairyport.model import kept_code
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_variant, position
from fairyport.zrf.read import read_game, read_text
from fairyport.zrf.recognise_drops import PROBES_WHY
from fairyport.zrf.typed.reader import read_variant, read_variant_text

SHAPES = ROOT / "fixtures" / "zrf" / "shapes"
GENESIS = ZRF_COLLECTIONS / "GlukKazan+ZoG" / "Rules" / "GenesisChess.zrf"


def interpreter_perft(text: str, depth: int) -> int:
    return perft(position(compile_variant(read_variant_text(text, "t.zrf", None)), None), depth)


def test_the_safe_square_rule_decides_drops_as_the_interpreter_does() -> None:
    text = (SHAPES / "safe-drops.zrf").read_text()
    game = read_text(text, name="safe.zrf")
    variant = compile_game(game)
    assert perft(variant.start_position(), 2) == interpreter_perft(text, 2) == 1443
    # without the rule the model counts more: the Black Rook on c4 attacks squares no White piece defends
    free = dataclasses.replace(game)
    for piece in free.pieces:
        if piece.drop is not None:
            piece.drop = dataclasses.replace(piece.drop, safe_square=False)
    assert perft(compile_game(free).start_position(), 1) > 40


def test_probes_that_are_not_the_pieces_captures_keep_the_drops_as_code() -> None:
    text = (SHAPES / "probed-drops.zrf").read_text()
    # the Rook probes diagonals: not its captures, so its drops stay code, and so does every drop (all or none)
    other = text.replace("(ray n) (ray s) (ray e) (ray w)", "(ray ne) (ray nw) (ray se) (ray sw)")
    game = read_text(other, name="probed.zrf")
    assert not any(p.drop for p in game.pieces)
    assert any(PROBES_WHY in text for _, text in kept_code(game))


def test_drop_rules_round_trip_through_json_and_the_diagram_extension() -> None:
    game = read_game(SHAPES / "safe-drops.zrf")
    assert game_from_json(game_to_json(game)).piece_type("N").drop == game.piece_type("N").drop
    written = fairyport.write(game, "idiagram", best_effort=True)
    assert any("drop" in item for item in written.lost)
    back = fairyport.read(written.text, format="idiagram")
    assert {p.id: p.drop for p in back.pieces} == {p.id: p.drop for p in game.pieces}
    assert perft(compile_game(back).start_position(), 2) == 1443
    with pytest.raises(UnsupportedError, match="safe"):
        fairyport.write(game, "idiagram")


@pytest.mark.parametrize("fmt", ["fsf", "gamecourier", "zrf"])
def test_other_writers_refuse_the_safe_square_rule_by_name(fmt: str) -> None:
    game = read_game(SHAPES / "safe-drops.zrf")
    with pytest.raises(UnsupportedError):
        fairyport.write(game, fmt)
    lost = fairyport.write(game, fmt, best_effort=True).lost
    assert any("drop safety" in item or "no enemy piece attacks" in item for item in lost)


@needs(GENESIS)
@pytest.mark.parametrize(("variant", "nodes"), [("1", 3612), ("2", 3948), ("3", 60566), ("4", 2328),
                                                 ("5", 15514)])
def test_zillions_genesis_chess_reads_whole_and_counts_as_the_interpreter(variant: str, nodes: int) -> None:
    game = read_game(GENESIS, variant=variant)
    assert kept_code(game) == []
    assert any(p.drop is not None and p.drop.safe_square for p in game.pieces)
    native = position(compile_variant(read_variant(GENESIS, variant)), None)
    assert perft(compile_game(game).start_position(), 2) == nodes == perft(native, 2)
    back = fairyport.read(fairyport.write(game, "idiagram", best_effort=True).text, format="idiagram")
    assert perft(compile_game(back).start_position(), 2) == nodes
