"""A conversion's proof checks the model a ZRF file was read into against the ZRF interpreter on positions that
exercise each recognised rule (fairyport.zrf.rule_check), where a count from the start cannot show a misread."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from paths import GAMES
from test_zrf_rule_positions import SHUFFLED

import fairyport
import fairyport.api
from fairyport.api import DIFFERS, SAME
from fairyport.model import Castling, Game
from fairyport.zrf.rule_check import check_rules


def _misread(game: Game) -> Game:
    """``game`` with its King castling by the model's default rule (the outermost piece of the rank as partner),
    the misreading of Chess.zrf's Shuffle variants."""
    king = dataclasses.replace(game.piece_type("K"), castling=Castling())
    return dataclasses.replace(game, pieces=[king if p.id == "K" else p for p in game.pieces])


@pytest.fixture()
def shuffled(tmp_path: Path) -> Path:
    path = tmp_path / "shuffled.zrf"
    path.write_text(SHUFFLED, encoding="utf-8")
    return path


def test_the_rule_positions_agree_with_the_file_as_read(shuffled: Path) -> None:
    found = check_rules(shuffled, None, fairyport.read(shuffled))
    assert found.compared > 0 and found.differences == ()


def test_a_misread_castling_differs_on_a_rule_position_where_the_start_count_agrees(shuffled: Path) -> None:
    misread = _misread(fairyport.read(shuffled))
    assert fairyport.perft(misread, 2) == fairyport.perft(shuffled, 2, engine="native")  # the start cannot tell
    found = check_rules(shuffled, None, misread)
    assert found.differences and all("castling" in d for d in found.differences)


def test_the_proof_names_the_rule_positions(shuffled: Path) -> None:
    proof = fairyport.convert(shuffled, "json").proof
    assert proof is not None and proof.verdict == SAME and proof.rule_positions > 0
    assert f"{proof.rule_positions} rule position(s) agree" in proof.describe()


def test_a_proof_with_a_differing_rule_position_is_not_the_same_game(shuffled: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    read = fairyport.api.read_file
    monkeypatch.setattr(fairyport.api, "read_file", lambda *args: _misread(read(*args)))
    proof = fairyport.convert(shuffled, "json").proof
    assert proof is not None and proof.verdict == DIFFERS and not proof.same
    assert "differs from the source on" in proof.describe()


def test_a_written_zrf_game_read_back_has_rule_positions() -> None:
    proof = fairyport.convert(GAMES / "chess.zrf", "idiagram").proof
    assert proof is not None and proof.verdict == SAME and proof.rule_positions >= 10
