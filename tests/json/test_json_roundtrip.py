"""JSON dump of the game model: complete, stable, and read back to an equal game; bad input is located."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from paths import GAMES

from fairyport.errors import ModelError, ParseError
from fairyport.idiagram.read import read_game
from fairyport.json import game_from_json, game_to_json
from fairyport.json import read_game as read_json
from fairyport.model import BLACK, WHITE, Position, Zone, ZonedMove

FIXTURES = sorted((GAMES).glob("*.idiagram"))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_fixture_round_trip(path: Path) -> None:
    game = read_game(path)
    text = game_to_json(game)
    again = game_from_json(text)
    assert again == game
    assert game_to_json(again) == text


def test_every_field_and_stable_order() -> None:
    game = read_game(FIXTURES[0])
    game.setup.hands = {WHITE: {"P": 1}, BLACK: {"Q": 2}}
    game.board = dataclasses.replace(game.board, extra_positions=(Position("off1"),), links={"n": {"a1": "a2"}})
    data = json.loads(game_to_json(game))
    assert list(data) == ["fairyport", "version", "game"]
    assert list(data["game"]) == ["metadata", "board", "pieces", "setup", "rules", "zones", "format_data"]
    assert list(data["game"]["board"]) == ["files", "ranks", "holes", "first_rank", "extra_positions", "links"]
    assert data["game"]["setup"]["hands"] == {"0": {"P": 1}, "1": {"Q": 2}}
    assert game_from_json(game_to_json(game)) == game


def test_bad_json_is_located(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"fairyport": "game",\n  "version": 1,\n  "game": {,}}')
    with pytest.raises(ParseError) as info:
        read_json(path)
    assert (info.value.location.file, info.value.location.line, info.value.location.column) == (str(path), 3, 12)


@pytest.mark.parametrize(("edit", "where"), [
    (lambda d: d["game"]["board"].update(files="8"), "game.board.files"),
    (lambda d: d["game"]["rules"].update(stalemate="maybe"), "game.rules.stalemate"),
    (lambda d: d["game"]["pieces"][0].update(colour=1), "game.pieces[0].colour"),
    (lambda d: d["game"]["setup"]["placement"]["a2"].update(color="white"), "game.setup.placement.a2.color"),
])
def test_bad_values_name_their_path(edit: object, where: str) -> None:
    data = json.loads(game_to_json(read_game(FIXTURES[0])))
    edit(data)  # type: ignore[operator]
    with pytest.raises(ModelError) as info:
        game_from_json(json.dumps(data))
    assert where in info.value.reason


def test_not_a_game_document() -> None:
    with pytest.raises(ParseError):
        game_from_json('{"fairyport": "preset"}')
    with pytest.raises(ParseError):
        game_from_json('{"fairyport": "game", "version": 9, "game": {}}')


def test_zoned_moves_round_trip_and_bad_values() -> None:
    game = read_game(FIXTURES[0])
    squares = frozenset({"a3", "b3"})
    game.zones = [*game.zones, Zone("far", squares, WHITE), Zone("far", squares, BLACK)]
    game.pieces[0] = dataclasses.replace(game.pieces[0], zoned_moves=(
        ZonedMove("sW", "far"), ZonedMove("mfnD", "far", on="to", inside=False)))
    text = game_to_json(game)
    assert '"zoned_moves"' in text
    again = game_from_json(text)
    assert again == game
    assert again.pieces[0].zoned_moves[1] == ZonedMove("mfnD", "far", "to", False)
    assert '"zoned_moves"' not in game_to_json(read_game(FIXTURES[0]))  # games without them are unchanged
    data = json.loads(text)
    data["game"]["pieces"][0]["zoned_moves"][0]["on"] = "over"
    with pytest.raises(ModelError, match=r"game.pieces\[0\].zoned_moves\[0\].on"):
        game_from_json(json.dumps(data))
    data["game"]["pieces"][0]["zoned_moves"][0].update(on="from", zone="nowhere")
    with pytest.raises(ModelError, match="unknown zone 'nowhere'"):
        game_from_json(json.dumps(data))
    data["game"]["pieces"][0]["zoned_moves"][0].update(zone="far", betza="sW[")
    with pytest.raises(ModelError, match=r"game.pieces\[0\].zoned_moves\[0\].betza"):
        game_from_json(json.dumps(data))
