"""fairyport reads back what it writes: every format written from a bundled game reads back, a Game Courier preset
written from the model reads back into the same model, and one written from a game program says in one sentence
that fairyport cannot read it back and what to convert from instead."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from newcomer_files import NEWCOMER_FILES
from paths import GAMES, ZRF_COLLECTIONS, skip_without

import fairyport
from fairyport.errors import UnsupportedError
from fairyport.formats import FORMATS
from fairyport.gamecourier.provenance import PROGRAM_CLASS, program_rules, source_name, written_from_program
from fairyport.model import Game

WRITTEN = [name for name, form in FORMATS.items() if form.write is not None]
"""Every format fairyport writes."""
ONE_EACH = sorted(p for p in GAMES.glob("*.idiagram") if not p.stem.startswith("mitregi1"))
"""One file of each bundled game (the three large Mitregi boards are in :func:`test_every_bundled_file`)."""
REAL = NEWCOMER_FILES
"""The ten real ZRF files of issue 36's newcomer run (in the public collections, ``../zrfcorpus``)."""


def comparable(game: Game) -> Game:
    """The game without what only a format or a file path carries, nor zones of no square (a ZRF zone over
    positions off the board, as Oblong Shatranj's dice-zone: no rule reads a square of it, and a preset has
    nothing to write for it)."""
    return dataclasses.replace(game, format_data={}, metadata=dataclasses.replace(game.metadata, source=""),
                               pieces=[dataclasses.replace(p, extra={}) for p in game.pieces],
                               zones=[z for z in game.zones if z.squares])


def reads_back(path: Path, fmt: str) -> str:
    """Write ``path`` in ``fmt`` and read the text back: "model" (the same model again, for a preset written from
    the model), "read" (it reads), "program" (a preset written from a game program, refused in one sentence naming
    the source), or "not written" (the target cannot express the game)."""
    source = fairyport.read(path)
    try:
        written = fairyport.convert(path, fmt, prove=False)
    except UnsupportedError:
        return "not written"
    if fmt == "gamecourier" and written_from_program(written.text) is not None:
        with pytest.raises(UnsupportedError) as refused:
            fairyport.read(written.text, format=fmt)
        message = refused.value.message()
        assert "cannot read back" in message and f"convert from {path.name} instead" in message
        assert message.count(". ") == 0, "one sentence"
        return "program"
    back = fairyport.read(written.text, format=fmt)
    if fmt == "gamecourier":
        assert comparable(back) == comparable(source), f"{path.name}: the preset reads back into another model"
        return "model"
    return "read"


@pytest.mark.parametrize("fmt", WRITTEN)
@pytest.mark.parametrize("path", ONE_EACH, ids=[p.stem for p in ONE_EACH])
def test_every_written_format_reads_back(path: Path, fmt: str) -> None:
    assert reads_back(path, fmt) in ("model", "read", "not written")


@pytest.mark.slow
@pytest.mark.parametrize("fmt", WRITTEN)
@pytest.mark.parametrize("path", sorted(p for p in GAMES.iterdir() if p.suffix in (".zrf", ".idiagram", ".php")),
                         ids=lambda p: p.name)
def test_every_bundled_file(path: Path, fmt: str) -> None:
    assert reads_back(path, fmt) in ("model", "read", "program", "not written")


def test_a_preset_written_from_a_program_names_what_to_convert_from() -> None:
    """Bundled minishogi.zrf keeps its drop rules as ZRF code: its preset is the program's translation."""
    assert reads_back(GAMES / "minishogi.zrf", "gamecourier") == "program"


def test_the_mark_is_in_the_rules_text_not_the_code() -> None:
    rules = program_rules("Glinski's Hexagonal Chess", "/corpus/glinski.zrf:1:1")
    assert f'class="{PROGRAM_CLASS}"' in rules and "/corpus" not in rules
    assert written_from_program(rules) == "glinski.zrf"
    assert written_from_program("<p>Chess.</p>") is None
    assert source_name("C:game.zrf:12:3") == "C:game.zrf" and source_name("") == ""


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(REAL))
def test_the_ten_real_files_round_trip_through_game_courier(name: str) -> None:
    path = skip_without(ZRF_COLLECTIONS / REAL[name])
    assert reads_back(path, "gamecourier") in ("model", "program", "not written")
