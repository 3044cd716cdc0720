"""Conversions keep the game: every bundled game gives the same perft after a round trip through each format."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairyport import json
from fairyport.expectations import bundled_fixtures
from fairyport.formats import read_game
from fairyport.idiagram import write as idiagram
from fairyport.movegen import compile_game, perft

GAMES = sorted((bundled_fixtures() / "games").glob("*.idiagram"))


def counts(path: Path, depth: int = 3) -> list[int]:
    start = compile_game(read_game(path)).start_position()
    return [perft(start, d) for d in range(1, depth + 1)]


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_perft_survives_json_and_idiagram(path: Path, tmp_path: Path) -> None:
    expected = counts(path)
    as_json = tmp_path / f"{path.stem}.json"
    as_json.write_text(json.write_game(read_game(path), best_effort=False)[0], encoding="utf-8")
    assert counts(as_json) == expected
    text, lost = idiagram.write_game(read_game(as_json), best_effort=True)
    again = tmp_path / f"{path.stem}.idiagram"
    again.write_text(text, encoding="utf-8")
    assert counts(again) == expected
    assert read_game(again).pieces == read_game(path).pieces
    assert all("confined" in item or "palace" in item.lower() or "BadZone" in item
               or "fairyportPromotion" in item or "fairyportDrop" in item for item in lost)
