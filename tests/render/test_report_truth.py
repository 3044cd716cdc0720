"""The report says only what is true of a game that keeps code in its source's language: no "no piece is royal"
or "no promotion" that the kept code may contradict, the kept code named, a board of positions drawn by their
coordinates, and each format column written as ``fairyport convert`` writes it (issue 36, item 3)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from lxml import html
from paths import GAMES, ZRF_COLLECTIONS, skip_without

from fairyport.api import write_as_read
from fairyport.cli.main import main
from fairyport.formats import read_game
from fairyport.model import Board, ExtinctionGoal, Position
from fairyport.render.board import grid_of
from fairyport.render.rules import shown_path, true_rules
from fairyport.render.text import render_text
from fairyport.report.proof import format_texts

DOBUTSU = ZRF_COLLECTIONS / "DagazProject+ZRF" / "DobutsuShogi" / "Dobutsu.zrf"


def test_rules_kept_as_code_are_named_not_denied() -> None:
    game = read_game(GAMES / "minishogi.zrf")  # keeps its drops and captures to hand as ZRF code
    assert game.kept
    sentences = true_rules(game)
    assert not any(s.startswith(("No castling", "No en passant", "No piece promotes")) for s in sentences)
    assert any("kept as zrf code" in s for s in sentences)


def test_the_extinction_goal_is_said() -> None:
    game = read_game(GAMES / "chess.idiagram")
    game.rules = dataclasses.replace(game.rules, extinction=ExtinctionGoal(("K",), 0))
    assert "A side left with none of its king (on the board and in hand) loses." in true_rules(game)


def test_a_board_of_positions_is_drawn_by_their_coordinates() -> None:
    board = Board(0, 0, extra_positions=(Position("r1", 0, 0), Position("a1", 1, 0), Position("a2", 1, 1),
                                          Position("START")))
    grid = grid_of(board)
    assert (grid.files, grid.ranks) == (2, 2)
    assert sorted(name for _, _, name in grid.cells) == ["a1", "a2", "r1"]
    assert grid.file_labels == ("r", "a") and grid.rank_labels == ("1", "2")


def test_paths_are_shown_relative_to_the_current_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(GAMES.parent)
    assert shown_path(f"{GAMES / 'chess.zrf'}:3:1") == "games/chess.zrf:3:1"
    assert shown_path("/elsewhere/x.zrf") == "/elsewhere/x.zrf" and shown_path("<text>") == "<text>"


def test_the_format_columns_agree_with_convert() -> None:
    """minishogi.zrf's preset is its program's translation, as ``convert --to gamecourier`` writes it."""
    game = read_game(GAMES / "minishogi.zrf")
    texts = {t.format: t for t in format_texts(game, write_as_read)}
    assert texts["gamecourier"].text is not None and "fairyport-program" in texts["gamecourier"].text


@pytest.mark.slow
def test_the_dobutsu_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = skip_without(DOBUTSU)
    monkeypatch.chdir(source.parent)
    assert main(["report", source.name, "-o", str(tmp_path), "--depth", "2"]) == 0
    page = html.parse(str(tmp_path / "Dobutsu.html")).getroot()
    text = " ".join(page.text_content().split())
    assert "No piece is royal" not in text and "No piece promotes" not in text
    assert "Source: Dobutsu.zrf" in text and "None at the start; captures to hand and drops" in text
    assert page.xpath("//section[@id='setup']//svg")  # the board is drawn
    assert "gamecourier: cannot express" not in text


def test_show_names_the_moves_kept_as_code() -> None:
    """``show`` of a model that keeps ZRF move blocks says so under each piece and in the rules."""
    text = render_text(read_game(GAMES / "minishogi.zrf"))
    pieces = text.split("pieces:")[1].split("rules:")[0]
    assert "by zrf code kept as such, which the zrf interpreter plays" in pieces
    assert "are kept as zrf code" in text.split("rules:")[1]


def test_show_draws_a_board_of_positions_by_their_coordinates() -> None:
    game = read_game(GAMES / "chess.idiagram")
    positions = tuple(Position(p.name, p.file, p.rank) for p in game.board.positions)
    linked = dataclasses.replace(game, board=Board(0, 0, extra_positions=(*positions, Position("START")),
                                                   links={"n": {"a1": "a2"}}))
    text = render_text(linked)
    assert text.splitlines()[0].startswith("chess  [65 positions,")
    assert text.splitlines()[1].split() == ["8", "r", "n", "b", "q", "k", "b", "n", "r"]
    assert text.splitlines()[9].split() == list("abcdefgh")


def test_a_source_that_cannot_be_counted_names_what_was_to_count_it(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """mideast_chess.php is played by the GAME Code interpreter (which lacks its include), not the generator."""
    assert main(["report", str(GAMES.parent / "gamecourier" / "mideast_chess.php"), "-o", str(tmp_path),
                 "--depth", "1"]) == 0
    out = capsys.readouterr().out
    assert "not counted (the source cannot be played by the Game Courier preset's interpreter" in out
    assert "generator" not in out
