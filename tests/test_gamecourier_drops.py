"""Drop games written as Game Courier presets (:mod:`fairyport.converters.gamecourier.hands`): the GAME Code
interpreter on the written preset against the reference generator on the model (no code shared at play: the
interpreter runs only the written GAME Code), at the start (perft) and along seeded random playouts with
captures, promotions and drops, comparing at each ply the sets of legal moves by name (``P@c3``, ``c4c5+``) and
dividing where both hands hold pieces."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fairyport.converters.gamecourier.write import write_game
from fairyport.engines import load_engine
from fairyport.errors import UnsupportedError
from fairyport.loader import read_game
from fairyport.rules.gamecode import load_text
from fairyport.rules.perft import PerftPosition, divide, perft

GAMES = Path(__file__).parent.parent / "fixtures" / "games"


def _pair(name: str) -> tuple[PerftPosition, PerftPosition]:
    game = read_game(GAMES / f"{name}.idiagram")
    text, _ = write_game(game, best_effort=True)
    native = load_text(text, f"{name}.php").position()
    model = load_engine(GAMES / f"{name}.idiagram", engine="model").position(None, None)
    return native, model


def _names(pos: PerftPosition) -> set[str]:
    return {pos.uci(m) for m in pos.legal_raw()}


def _fen(pos: PerftPosition) -> str:
    return str(pos.fen())  # type: ignore[attr-defined]


def _hands_full(model: PerftPosition) -> bool:
    fen = _fen(model)
    held = fen[fen.index("[") + 1:fen.index("]")] if "[" in fen else ""
    return any(c.isupper() for c in held) and any(c.islower() for c in held)


@pytest.mark.slow
def test_minishogi_start_perft_equals_the_generator() -> None:
    native, model = _pair("minishogi")
    assert [perft(native, d) for d in (1, 2, 3)] == [perft(model, d) for d in (1, 2, 3)] == [14, 181, 2512]


@pytest.mark.parametrize("name", ["minishogi", pytest.param("mitregi90", marks=pytest.mark.slow)])
def test_playouts_agree_with_the_generator(name: str) -> None:
    rng = random.Random(9)
    native, model = _pair(name)
    plies = 24 if name == "minishogi" else 12
    divided = 0
    for ply in range(plies):
        gc, gen = _names(native), _names(model)
        assert gc == gen, (name, ply, _fen(model), sorted(gc ^ gen))
        if not gen:
            break
        if name == "minishogi" and _hands_full(model) and divided < 2:
            assert dict(divide(native, 2)) == dict(divide(model, 2))
            divided += 1
        captures = [m for m in sorted(gen) if "@" in m or m.endswith("+")]
        choice = rng.choice(captures if captures and rng.random() < 0.5 else sorted(gen))
        for pos in (native, model):
            pos.push_raw(next(m for m in pos.legal_raw() if pos.uci(m) == choice))


def test_drop_mate_rule_is_refused_or_listed() -> None:
    game = read_game(GAMES / "shogi.idiagram")
    with pytest.raises(UnsupportedError, match="Pawn"):
        write_game(game)
    _, lost = write_game(game, best_effort=True)
    assert lost == ["Pawn: no drop mate"]
