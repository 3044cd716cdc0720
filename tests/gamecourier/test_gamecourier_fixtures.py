"""The conversion fixtures ``fairyport check`` runs: ZRF -> GC (``fixtures/gamecourier/from-zrf/``, the presets
the Game Courier writer makes of ``fixtures/games/NAME.zrf`` read through the ZRF reader, played by the GAME Code
interpreter) and ID -> GC -> ID (``fixtures/gamecourier/roundtrip/``, the Interactive Diagrams written from
``fixtures/games/NAME.php`` read back through the preset reader, played by the reference generator). Each must
be what the converters write now, byte for byte, and its expectation file must name it."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairyport.expectations import bundled_fixtures, read_expectation
from fairyport.features import drop_rules
from fairyport.formats import read_game
from fairyport.gamecourier.write import write_game
from fairyport.idiagram import write as idiagram

GAMES = bundled_fixtures() / "games"
NAMES = sorted(p.stem for p in GAMES.glob("*.zrf") if not drop_rules(read_game(GAMES / f"{p.stem}.idiagram")))
"""The bundled ZRF games without drops (the drop games' ZRF files keep their hands as code: issue 9 section 4)."""
FROM_ZRF = bundled_fixtures() / "gamecourier" / "from-zrf"
ROUND_TRIP = bundled_fixtures() / "gamecourier" / "roundtrip"


def test_every_bundled_zrf_game_has_both_fixtures() -> None:
    assert NAMES == ["chess", "mideast", "minixiangqi", "mirchess32", "mirchess36", "shatranj-kamil-x"]
    assert sorted(p.stem for p in FROM_ZRF.glob("*.php")) == NAMES
    drop_games = ["minishogi", "mitregi108", "mitregi120", "mitregi144", "mitregi90", "shogi"]  # test_gamecourier_drops
    assert sorted(p.stem for p in ROUND_TRIP.glob("*.idiagram")) == sorted(NAMES + drop_games)


@pytest.mark.parametrize("name", NAMES)
def test_zrf_to_gc_fixture_is_what_the_writer_writes(name: str) -> None:
    text, lost = write_game(read_game(GAMES / f"{name}.zrf"))
    assert lost == []
    assert text.encode("utf-8") == (FROM_ZRF / f"{name}.php").read_bytes()
    expectation = read_expectation(FROM_ZRF / f"{name}.perft")
    assert Path(expectation.game).resolve() == (FROM_ZRF / f"{name}.php").resolve()


@pytest.mark.parametrize("name", NAMES)
def test_id_gc_id_fixture_is_what_the_converters_write(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(bundled_fixtures().parent)  # the Diagram names its source as given: fixtures/games/NAME.php
    text, _ = idiagram.write_game(read_game(Path("fixtures/games") / f"{name}.php"), best_effort=True)
    assert text.encode("utf-8") == (ROUND_TRIP / f"{name}.idiagram").read_bytes()
    expectation = read_expectation(ROUND_TRIP / f"{name}.perft")
    assert Path(expectation.game).resolve() == (ROUND_TRIP / f"{name}.idiagram").resolve()


def regenerate() -> None:
    """Rewrite both fixture sets (and the lint expectations of the ZRF -> GC presets) from the converters as they
    are now: ``PYTHONPATH=.:tests/helpers python tests/gamecourier/test_gamecourier_fixtures.py`` from the
    repository root, after a change to the writer, the ZRF reader or the Diagram writer (then look at the diff
    and run ``fairyport check``)."""
    import json
    import os

    from test_gc_lint import _findings

    os.chdir(bundled_fixtures().parent)
    for name in NAMES:
        text, _ = write_game(read_game(GAMES / f"{name}.zrf"))
        preset = FROM_ZRF / f"{name}.php"
        preset.write_bytes(text.encode("utf-8"))
        preset.with_name(preset.name + ".expected.json").write_text(json.dumps(_findings(preset), indent=2) + "\n")
        back, _ = idiagram.write_game(read_game(Path("fixtures/games") / f"{name}.php"), best_effort=True)
        (ROUND_TRIP / f"{name}.idiagram").write_bytes(back.encode("utf-8"))


if __name__ == "__main__":
    regenerate()
