"""Drop games written as Game Courier presets (:mod:`fairyport.gamecourier.write.hands`): the GAME Code
interpreter on the written preset against the reference generator on the model (no code shared at play: the
interpreter runs only the written GAME Code), at the start (perft) and along seeded random playouts with
captures, promotions and drops, comparing at each ply the sets of legal moves by name (``P@c3``, ``c4c5+``) and
dividing where both hands hold pieces."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from paths import GAMES

from fairyport.errors import UnsupportedError
from fairyport.formats import load_engine, read_game
from fairyport.gamecourier.interpreter.game import load_text
from fairyport.gamecourier.write import write_game
from fairyport.idiagram import write as idiagram
from fairyport.movegen.perft import PerftPosition, divide, perft


def _pair(name: str) -> tuple[PerftPosition, PerftPosition]:
    game = read_game(GAMES / f"{name}.idiagram")
    text, _ = write_game(game, best_effort=True)
    native = load_text(text, f"{name}.php").position()
    model = load_engine(GAMES / f"{name}.idiagram", engine="model").position(None, None)
    return native, model


def _names(pos: PerftPosition) -> set[str]:
    return {pos.uci(m) for m in pos.legal_raw()}


def _listed(pos: PerftPosition) -> list[str]:
    """The legal moves by name, sorted, repeats kept (a set would hide a move generated twice)."""
    return sorted(pos.uci(m) for m in pos.legal_raw())


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
        gc, gen = _listed(native), _listed(model)
        assert gc == gen, (name, ply, _fen(model), sorted(set(gc) ^ set(gen)))
        if not gen:
            break
        if name == "minishogi" and _hands_full(model) and divided < 2:
            assert dict(divide(native, 2)) == dict(divide(model, 2))
            divided += 1
        board = model.board  # type: ignore[attr-defined]
        taking = {model.uci(m) for m in model.legal_raw() if m[0] >= 0 and board[m[1]]}
        keen = [m for m in gen if "@" in m or m.endswith("+") or m in taking]  # drops, promotions, captures
        choice = rng.choice(keen if keen and rng.random() < 0.5 else gen)
        for pos in (native, model):
            pos.push_raw(next(m for m in pos.legal_raw() if pos.uci(m) == choice))
    if name == "minishogi":
        assert divided, "no position of the playout had pieces in both hands: the divide check never ran"


def test_drop_mate_rule_is_written_and_read_back(tmp_path: Path) -> None:
    game = read_game(GAMES / "shogi.idiagram")
    assert any(p.drop is not None and p.drop.no_drop_mate for p in game.pieces)
    text, lost = write_game(game)
    assert lost == [] and "sub canmove side enemy:" in text
    path = tmp_path / "shogi.php"
    path.write_text(text, encoding="utf-8")
    assert [p.drop for p in read_game(path, "gamecourier").pieces] == [p.drop for p in game.pieces]


DROP_GAMES = ["minishogi", "shogi", "mitregi90", "mitregi108", "mitregi120", "mitregi144"]
"""The bundled drop games, each written to ``fixtures/gamecourier/drops/NAME.php`` (shogi and minishogi with their
pawn-drop-mate rule, ``sub canmove``)."""
DROPS = GAMES.parent / "gamecourier" / "drops"
HAND_POSITIONS = {  # a position with pieces in both hands: Game Courier FEN (storage ranks included), model FEN
    "minishogi": ("5/s4/rb1gk/4p/5/P4/KG1BR/S4/5 w", "rb1gk/4p/5/P4/KG1BR[Ss] w - - 0 1"),
}
"""Both hands hold a silver (the pawns still on the board): drops from storage for both sides."""


def _written(name: str) -> str:
    text, _ = write_game(read_game(GAMES / f"{name}.idiagram"))
    return text


@pytest.mark.parametrize("name", DROP_GAMES)
def test_drop_fixture_is_what_the_writer_writes(name: str) -> None:
    assert (DROPS / f"{name}.php").read_bytes() == _written(name).encode("utf-8")
    assert f"game {name}.php" in (DROPS / f"{name}.perft").read_text(encoding="utf-8")


def test_hand_position_fixture_equals_the_generator() -> None:
    gc_fen, model_fen = HAND_POSITIONS["minishogi"]
    native = load_text(_written("minishogi"), "minishogi.php").position(gc_fen)
    model = load_engine(GAMES / "minishogi.idiagram", engine="model").position(model_fen, None)
    assert dict(divide(native, 1)) == dict(divide(model, 1))
    # by hand: the silver drops on every empty square (it can move back from the last rank): 25 - 10 pieces
    assert {m for m in _names(native) if "@" in m} == {f"S@{f}{r}" for f in "abcde" for r in "12345"} - {
        "S@a1", "S@b1", "S@d1", "S@e1", "S@a2", "S@e4", "S@a5", "S@b5", "S@d5", "S@e5"}


ROUND_TRIP = GAMES.parent / "gamecourier" / "roundtrip"


def _round_trip(name: str) -> str:
    """The Interactive Diagram written from the preset of ``fixtures/gamecourier/drops/NAME.php`` read back."""
    text, _ = idiagram.write_game(read_game(Path("fixtures/gamecourier/drops") / f"{name}.php"), best_effort=True)
    return text


@pytest.mark.parametrize("name", DROP_GAMES)
def test_round_trip_fixture_is_what_the_converters_write(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(GAMES.parent.parent)  # the Diagram names its source as given
    assert (ROUND_TRIP / f"{name}.idiagram").read_bytes() == _round_trip(name).encode("utf-8")


@pytest.mark.parametrize("name", DROP_GAMES)
def test_read_back_model_keeps_the_drop_rules(name: str) -> None:
    back = read_game(DROPS / f"{name}.php")
    original = read_game(GAMES / f"{name}.idiagram")
    assert back.rules.drops and back.rules.captures_to_hand and back.rules.demote_captured
    assert back.setup.placement == original.setup.placement
    for piece in original.pieces:
        got = back.piece_type(piece.id)
        assert got.betza == piece.betza
        if piece.drop is not None:  # the drop-mate rule is the one loss (listed when written)
            assert got.drop is not None
            assert (got.drop.max_per_file, got.drop.max_per_square_color) == (
                piece.drop.max_per_file, piece.drop.max_per_square_color)
        if piece.promotion is not None:
            assert got.promotion is not None
            assert got.promotion.triggers == piece.promotion.triggers
            assert got.promotion.depth == piece.promotion.depth
            assert got.promotion.choices == piece.promotion.choices


def test_round_trip_perft_on_a_position_with_hands() -> None:
    model_fen = HAND_POSITIONS["minishogi"][1]
    back = load_engine(DROPS / "minishogi.php", engine="model").position(model_fen, None)
    model = load_engine(GAMES / "minishogi.idiagram", engine="model").position(model_fen, None)
    assert dict(divide(back, 2)) == dict(divide(model, 2))


def regenerate() -> None:
    """Rewrite ``fixtures/gamecourier/drops/`` and the drop games of ``fixtures/gamecourier/roundtrip/`` from
    the converters and the generator: ``PYTHONPATH=.:tests/helpers python
    tests/gamecourier/test_gamecourier_drops.py`` from the repository root (then look at the diff)."""
    import json
    import os

    from test_gc_lint import _findings

    os.chdir(GAMES.parent.parent)
    DROPS.mkdir(exist_ok=True)
    for name in DROP_GAMES:
        preset = DROPS / f"{name}.php"
        preset.write_bytes(_written(name).encode("utf-8"))
        preset.with_name(preset.name + ".expected.json").write_text(json.dumps(_findings(preset), indent=2) + "\n")
        (ROUND_TRIP / f"{name}.idiagram").write_bytes(_round_trip(name).encode("utf-8"))
        start = read_expectation_numbers(name, 4)
        (ROUND_TRIP / f"{name}.perft").write_text("\n".join([
            f"# The ID -> GC -> ID round trip: the Interactive Diagram written from ../drops/{name}.php (the preset",
            f"# the Game Courier writer makes of {name}.idiagram) read back through the preset reader",
            "# (tests/gamecourier/test_gamecourier_drops.py checks that it is what the converters write now). "
            "Played by the",
            f"# reference generator; the numbers are those of fixtures/games/{name}.perft (independently confirmed).",
            f"game {name}.idiagram", f"source ../../games/{name}.perft", "", "id start", "fen startpos",
            *(f"perft {d} {n}" + (" slow" if d > 3 else "") for d, n in enumerate(start, 1))]) + "\n",
            encoding="utf-8")
        start = start[:2]
        lines = [f"# The preset fairyport's Game Courier writer makes of {name}.idiagram (hands on storage ranks,",
                 "# drops, captures to hand, shogi-style promotion; test_gamecourier_drops checks that it is",
                 "# what the writer writes now), played by the GAME Code interpreter. Numbers: those of the game's",
                 f"# own expectation file fixtures/games/{name}.perft (independently confirmed there). The",
                 "# interpreter takes 2-60 s for perft(2) on a loaded 2-core machine, so depth 2 is marked slow.",
                 f"game {name}.php", f"source ../../games/{name}.perft", "", "id start", "fen startpos",
                 f"perft 1 {start[0]}", f"perft 2 {start[1]} slow"]
        if name in HAND_POSITIONS:
            gc_fen, model_fen = HAND_POSITIONS[name]
            model = load_engine(GAMES / f"{name}.idiagram", engine="model").position(model_fen, None)
            lines += ["", "# both hands hold a silver; numbers from the reference generator on the model's FEN",
                      f"# {model_fen}", "id hands", f"fen {gc_fen}",
                      f"perft 1 {perft(model, 1)}", f"perft 2 {perft(model, 2)} slow"]
        (DROPS / f"{name}.perft").write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_expectation_numbers(name: str, depth: int = 2) -> list[int]:
    """perft(1) ... perft(depth) at the start (as far as given), from the game's own expectation file."""
    from fairyport.expectations import read_expectation

    found = {c.depth: c.nodes for p in read_expectation(GAMES / f"{name}.perft").cases if p.id == "start"
             for c in p.expected}
    return [found[d] for d in range(1, depth + 1) if d in found]


if __name__ == "__main__":
    regenerate()


def test_reader_refuses_storage_files_clearly(tmp_path: Path) -> None:
    from fairyport.gamecourier.read import read_game as read_preset_game

    text = (DROPS / "minishogi.php").read_text(encoding="utf-8")
    odd = tmp_path / "odd.php"
    odd.write_text(text.replace("$default['files'] = 'a b c d e';", "$default['files'] = '!a b c d e';"),
                   encoding="utf-8")
    with pytest.raises(UnsupportedError, match="storage files") as caught:
        read_preset_game(odd)
    assert caught.value.feature == "pieces in hand (storage files)"


def test_postgame_lists_drops_among_the_legal_moves() -> None:
    gc_fen, _ = HAND_POSITIONS["minishogi"]
    game = load_text(_written("minishogi"), "minishogi.php")
    pos = game.position(gc_fen)
    recorded = pos.recorded_legal()
    assert recorded is not None
    board = pos.state.board
    named = {(board[a].upper() + "@" + b) if a in game.storage else a + b for a, b in recorded}
    assert named == {m.rstrip("+") for m in _names(pos)}  # the display lists every move (promotion or not)


def test_promotion_triggers_read_from_the_long_form_of_earlier_presets(tmp_path: Path) -> None:
    # presets written before spell shogi's "enter, within or leave" as three cases; both read the same
    text = (DROPS / "minishogi.php").read_text(encoding="utf-8")
    compact = "(fn promo_zone_P #from or fn promo_zone_P #to)"
    assert compact in text
    long = ("(not fn promo_zone_P #from and fn promo_zone_P #to) or (fn promo_zone_P #from and fn promo_zone_P #to) "
            "or (fn promo_zone_P #from and not fn promo_zone_P #to)")
    earlier = tmp_path / "minishogi.php"
    earlier.write_text(text.replace(compact, long), encoding="utf-8")
    now, before = read_game(DROPS / "minishogi.php"), read_game(earlier)
    for piece in now.pieces:
        assert piece.promotion == before.piece_type(piece.id).promotion
    assert now.piece_type("P").promotion is not None
