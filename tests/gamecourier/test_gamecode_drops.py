"""Drops in the GAME Code interpreter: pieces kept in storage squares (labels beginning with ``!``) are dropped
onto the board, one candidate per label and destination (``game.STORAGE_MARK``, ``game.DROPS_BY_LABEL``).

Proof: ``tests/gamecode/wazirdrops.php`` (a drop game written in plain GAME Code) against the reference
generator on its model ``tests/gamecode/wazirdrops.json`` (drops and captures to hand in the model, no code
shared), at the start and on positions with pieces in hand; perft(1) = 4 at the start is also a hand count
(the King to a2 or b2, the Wazir to b2 or c1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairyport.formats import load_engine
from fairyport.gamecourier.interpreter.game import load_preset
from fairyport.movegen.perft import divide, perft

HERE = Path(__file__).parent / "gamecode"
PRESET = HERE / "wazirdrops.php"
MODEL = HERE / "wazirdrops.json"

POSITIONS = [  # (Game Courier FEN on the 6-rank board with its storage ranks, the model's FEN with hands)
    (None, None),
    ("4/3k/4/1w2/K3/WW2 w", "3k/4/1w2/K3[WW] w - - 0 1"),  # two Wazirs in White's hand: one drop a square
    ("w3/3k/4/1w2/K3/W3 b", "3k/4/1w2/K3[Ww] b - - 0 1"),  # one in each hand, Black to move
]


@pytest.mark.parametrize(("gc_fen", "model_fen"), POSITIONS)
def test_drop_game_divides_equal_the_reference_generator(gc_fen: str | None, model_fen: str | None) -> None:
    native = load_engine(PRESET, engine="native").position(gc_fen, None)
    model = load_engine(MODEL, engine="model").position(model_fen, None)
    assert dict(divide(native, 2)) == dict(divide(model, 2))


def test_start_perft_and_hand_count() -> None:
    native = load_engine(PRESET, engine="native").position(None, None)
    model = load_engine(MODEL, engine="model").position(None, None)
    assert perft(native, 1) == 4  # by hand
    assert [perft(native, d) for d in (1, 2, 3, 4)] == [perft(model, d) for d in (1, 2, 3, 4)] == [4, 15, 91, 545]


def test_drops_are_named_and_counted_once_per_label() -> None:
    pos = load_preset(PRESET).position("4/3k/4/1w2/K3/WW2 w")
    drops = sorted(m.uci() for m in pos.legal_raw() if m.dropped is not None)
    empty = sorted(f + r for f in "abcd" for r in "1234" if f + r not in ("a1", "b2", "d4"))
    assert drops == ["W@" + sq for sq in empty]  # every empty square of the board, once (not once per Wazir)
    assert all(m.dest[1] != "!" for m in pos.legal_raw())  # nothing goes to storage


@pytest.mark.slow
def test_drop_game_deeper() -> None:
    native = load_engine(PRESET, engine="native").position("w3/3k/4/1w2/K3/W3 b", None)
    model = load_engine(MODEL, engine="model").position("3k/4/1w2/K3[Ww] b - - 0 1", None)
    assert perft(native, 3) == perft(model, 3) == 2313
    start = load_engine(PRESET, engine="native").position(None, None)
    assert perft(start, 5) == perft(load_engine(MODEL, engine="model").position(None, None), 5) == 2977
