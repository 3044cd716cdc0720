"""Zone-dependent moves in the written GAME Code: each term of a zoned move asks its zone of the start square
(``#0``) or the destination (``#1``); proven by the GAME Code interpreter's moves on the written preset against
the reference generator's on the model (the interpreter is slow: depth 1 by default, depth 2 marked slow)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from zoned_games import sampler, xiangqi
from zrf_proof import compare_playout

from fairyport.engines import model_position
from fairyport.expectations import bundled_fixtures
from fairyport.gamecourier.interpreter.game import load_text
from fairyport.gamecourier.read import read_text
from fairyport.gamecourier.write import write_game
from fairyport.movegen import compile_game
from fairyport.movegen.perft import PerftPosition, divide

XIANGQI_POSITIONS = [
    "4k4/9/9/2P1P4/9/9/4p1p2/9/9/3K5 w",
    "r3k4/2P6/4c4/pP2P2p1/9/9/1p5Pp/4C4/4p4/3K4R w",
]


def _pair(build: Any, fen: str | None = None) -> tuple[PerftPosition, PerftPosition]:
    game = build()
    text, lost = write_game(game)
    assert lost == []
    variant = compile_game(game)
    fen = fen or " ".join(variant.start_position().fen().split()[:2])
    return load_text(text, "zoned.php").position(fen), model_position(variant, fen + " - - 0 1")


def test_sampler_playouts_match_the_model() -> None:
    native, model = _pair(sampler)
    compare_playout(native, model, 17, 8, 1)


@pytest.mark.parametrize("fen", XIANGQI_POSITIONS)
def test_xiangqi_soldiers_beyond_the_river(fen: str) -> None:
    native, model = _pair(xiangqi, fen)
    assert divide(native, 1) == divide(model, 1)


def test_zone_tests_as_written() -> None:
    text, _ = write_game(sampler())
    assert "and (>= file #0 0 and <= file #0 5 and >= rank #0 1 and <= rank #0 1))" in text  # the double step
    assert "and not (" in text  # the stray: outside the centre


def test_zone_tests_are_one_operand_and_both_forms_read() -> None:
    """``_zone_test`` brackets a test of more than one comparison wherever it goes (confinement, ``def zone_``,
    ``not``); presets written before, with the rectangle unbracketed, read to the same model."""
    text = (bundled_fixtures() / "games" / "minixiangqi.php").read_text(encoding="utf-8")
    assert "def zone_palace_white (>= file #0 2 and <= file #0 4 and >= rank #0 0 and <= rank #0 2);" in text
    assert "def K ((checkleap #0 #1 1 0)) and (>= file #1 2 and <= file #1 4 and >= rank #1 0 and <= rank #1 2);" \
        in text
    old = re.sub(r"(def \w+ .*?) \((>= file [^()]*)\);", r"\1 \2;", text)
    assert old != text and "and >= file #1 2 and <= file #1 4 and >= rank #1 0 and <= rank #1 2;" in old
    new_game, old_game = read_text(text), read_text(old)
    assert [(z.name, z.color, sorted(z.squares)) for z in new_game.zones] == [
        (z.name, z.color, sorted(z.squares)) for z in old_game.zones]
    assert [p.confined_to for p in new_game.pieces] == [p.confined_to for p in old_game.pieces]
    assert any(p.confined_to == "palace" for p in new_game.pieces)


@pytest.mark.slow
@pytest.mark.parametrize("build", [sampler, xiangqi], ids=["sampler", "xiangqi"])
def test_written_zoned_moves_perft_2(build: Any) -> None:
    native, model = _pair(build)
    assert divide(native, 2) == divide(model, 2)
