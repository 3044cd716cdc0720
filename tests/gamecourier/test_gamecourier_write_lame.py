"""The Game Courier writer's lame moves: lame oblique leaps (``nN``: the orthogonal and the diagonal square
towards the destination empty) and lame rides of one-square steps (``nR`` = ``R``), each proven by the GAME Code
interpreter's moves on the written preset against the reference generator's on the model."""

from __future__ import annotations

import random
from typing import Any

import pytest

from fairyport.engines import model_position
from fairyport.expectations import bundled_fixtures
from fairyport.formats import read_game
from fairyport.gamecourier.interpreter.game import load_text
from fairyport.gamecourier.terms import oblique_passed
from fairyport.gamecourier.write import write_game
from fairyport.model import Game
from fairyport.movegen import compile_game
from fairyport.movegen.perft import PerftPosition, divide

OPEN = "r1bqkb1r/pppppppp/2n2n2/8/3P4/2N2N2/PPP1PPPP/R1BQKB1R"
"""Knights in the open: their lame leaps are blocked by some pieces and not others."""


def _game(betza: str) -> Game:
    game = read_game(bundled_fixtures() / "games" / "chess.idiagram")
    game.pieces[1].betza = betza  # the knight
    return game


def _legal(pos: PerftPosition) -> dict[str, Any]:
    return {pos.uci(m): m for m in pos.legal_raw()}


def test_oblique_passed_squares() -> None:
    assert oblique_passed(1, 2) == [(0, 1), (1, 1)]
    assert oblique_passed(-2, 1) == [(-1, 0), (-1, 1)]
    assert oblique_passed(1, 3) == [(0, 1), (0, 2), (1, 1), (1, 2)]  # camel-like: both two-square paths


@pytest.mark.parametrize(("betza", "depth", "plies"), [("nN", 1, 6), ("nR", 1, 4), ("nNmnC", 1, 4),
                                                        pytest.param("nN", 2, 10, marks=pytest.mark.slow),
                                                        pytest.param("nNmnC", 2, 10, marks=pytest.mark.slow)])
def test_lame_moves_are_written_and_play_as_the_model(betza: str, depth: int, plies: int) -> None:
    game = _game(betza)
    text, lost = write_game(game)
    assert lost == []
    preset = load_text(text, "lame.php")
    variant = compile_game(game)
    native, model = preset.position(OPEN + " b"), model_position(variant, OPEN + " b - - 0 1")
    assert divide(native, depth) == divide(model, depth)
    rng = random.Random(betza)
    for _ in range(2):
        a, b = native.copy(), model.copy()
        for _ in range(plies):
            left, right = _legal(a), _legal(b)
            assert sorted(left) == sorted(right)
            if not left:
                break
            name = rng.choice(sorted(left))
            a.push_raw(left[name])
            b.push_raw(right[name])


def test_lame_rides_of_long_atoms_stay_refused() -> None:
    from fairyport.errors import UnsupportedError

    with pytest.raises(UnsupportedError, match=r"knight.*lame ride of a long or oblique atom"):
        write_game(_game("nNN"))
