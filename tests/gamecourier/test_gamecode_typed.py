"""Turns typed as on Game Courier (:mod:`fairyport.gamecourier.interpreter.typed`): the screening Game Courier
does (``maxmove``, ``ban``, ``allow``) in force, and every bundled written preset refusing extra sub-moves, the
opponent's pieces, drops from the opponent's hand and bare commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fairyport.cli.main import main
from fairyport.errors import EXIT_CHECK_FAILED, EXIT_OK, EXIT_UNPARSABLE, EXIT_USAGE
from fairyport.expectations import bundled_fixtures
from fairyport.gamecourier.interpreter.game import GameCourierGame, load_preset, load_text
from fairyport.gamecourier.interpreter.state import State
from fairyport.gamecourier.interpreter.typed import classify, split_turn

GAMES = bundled_fixtures() / "games"
WRITTEN = bundled_fixtures() / "gamecourier"
PRESETS = [*sorted(GAMES.glob("*.php")), *sorted((WRITTEN / "from-zrf").glob("*.php")),
           *sorted((WRITTEN / "drops").glob("*.php"))]
IDS = [f"{p.parent.name}/{p.stem}" for p in PRESETS]
HANDS = {"minishogi": "5/s4/rb1gk/4p/5/P4/KG1BR/S4/5 w"}
"""Positions with a piece in each hand (Game Courier FEN, storage ranks included)."""


def plain(pregame: str, postmove: str = "") -> GameCourierGame:
    return load_text(f"<?php\n$default['code'] = '4k3/8/8/8/8/8/8/R2QK3';\n$default['cols'] = 8;\n"
                     f"$default['pregame'] = <<<'NOW'\n{pregame}\nNOW;\n"
                     f"$default['postauto1'] = <<<'NOW'\n{postmove}\nNOW;\n?>\n", "t.php")


def test_split_and_classify() -> None:
    assert split_turn("P e7-e8; Q-e8; // promotes") == ["P e7-e8", "Q-e8"]
    board = {"e7": "P", "e8": "@", "d8": "q"}
    labels = {"P", "Q", "q"}
    assert [classify(t, board, labels).kind for t in ("e7-e8", "Pe7-d8", "Q-d8", "Q-e8", "Q*e8", "@-d8", "d8-",
                                                       "setflag e8")] == \
        ["moves", "captures", "promotions", "drops", "drops", "removals", "removals", "commands"]
    assert classify("P e7-e8", board, labels).label == "P"


def test_without_screening_anything_goes() -> None:
    game = plain("")
    turn = game.play(game.start(), "a1-a5; a5-h5; e8-")
    assert turn.accepted and turn.state.board["h5"] == "R" and turn.state.board["e8"] == "@"


def test_maxmove_ban_and_allow_screen_turns() -> None:
    game = plain("setsystem maxmove 2; ban commands allmoves; allow moves 1 captures 1 promotions 2;")
    start = game.start()
    assert game.play(start, "a1-a5").accepted
    assert game.play(start, "a1-a5; Q-a5").accepted
    refused = {text: game.play(start, text) for text in (
        "a1-a5; a5-h5", "a1-a5; Q-h5", "a1-a5; Q-a5; Q-a5", "setflag a1", "a1-a5; @-e8", "e8-")}
    assert {t: r.accepted for t, r in refused.items()} == dict.fromkeys(refused, False)
    assert "maxmove" in refused["a1-a5; Q-a5; Q-a5"].message
    assert "commands are banned" in refused["setflag a1"].message
    assert refused["setflag a1"].state is start


def test_unbanned_command_runs_and_postmove_refuses() -> None:
    game = plain("", "if != moved R: die Only the rook.; endif;")
    start = game.start()
    assert game.play(start, "a1-a2").accepted
    turn = game.play(start, "e1-e2")
    assert not turn.accepted and turn.message == "Only the rook." and turn.state is start
    assert game.play(start, "P a1-a2").message == "'P a1-a2': the piece on a1 is R, not P"


def _start(game: GameCourierGame, preset: Path) -> State:
    fen = HANDS.get(preset.stem)
    return game.position(fen).state if fen is not None else game.start()


def _flipped(state: State) -> State:
    other = state.copy()
    other.side = 3 - state.side
    return other


@pytest.mark.parametrize("preset", PRESETS, ids=IDS)
def test_written_presets_screen_typed_turns(preset: Path) -> None:
    game = load_preset(preset)
    state = _start(game, preset)
    moves = game.legal_moves(state)
    for move in moves:  # every legal move, typed, is accepted
        assert game.play(state, move.notation()).accepted, move.notation()
    first, second = moves[0], next(m for m in moves if m.origin != moves[0].origin)
    theirs = game.legal_moves(_flipped(state))
    drops = [m for m in theirs if m.dropped is not None]
    illegal = [f"{first.origin}-{first.dest}; {second.origin}-{second.dest}",
               f"{first.origin}-{first.dest}; {first.dest}-{first.origin}",
               f"{theirs[0].origin}-{theirs[0].dest}",
               *(f"{m.origin}-{m.dest}" for m in drops[:3]),
               f"setflag {first.origin}", f"move {first.origin} {first.dest}", f"empty {theirs[0].origin}"]
    for text in illegal:
        turn = game.play(state, text)
        assert not turn.accepted and turn.state is state, text
    assert drops or preset.stem not in HANDS


# --- fairyport validate PRESET --moves FILE ----------------------------------------------------------------

def test_validate_moves_prints_each_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("e2-e4\n\n# black tries two moves\ne7-e6; e6-e5\nd7-d5\nP e4-d5\n", encoding="utf-8")
    assert main(["validate", str(GAMES / "chess.php"), "--moves", str(moves)]) == EXIT_CHECK_FAILED
    assert capsys.readouterr().out.splitlines() == [
        "e2-e4: accepted", "e7-e6; e6-e5: refused: sub-move 2 'e6-e5': moves are banned there (ban / allow)",
        "d7-d5: accepted", "P e4-d5: accepted"]
    assert main(["validate", str(GAMES / "chess.php"), "--moves", str(moves), "--json"]) == EXIT_CHECK_FAILED
    data = json.loads(capsys.readouterr().out)
    assert data[1] == {"move": "e7-e6; e6-e5", "accepted": False,
                       "message": "sub-move 2 'e6-e5': moves are banned there (ban / allow)"}
    assert [d["accepted"] for d in data] == [True, False, True, True]


def test_validate_moves_all_accepted_and_bad_arguments(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("e2-e4\ne7-e5\n", encoding="utf-8")
    assert main(["validate", str(GAMES / "chess.php"), "--moves", str(moves)]) == EXIT_OK
    assert main(["validate", str(GAMES / "chess.zrf"), "--moves", str(moves)]) == EXIT_USAGE
    assert main(["validate", str(GAMES / "chess.php"), "--moves", str(tmp_path / "none.txt")]) == EXIT_UNPARSABLE
    assert "cannot read" in capsys.readouterr().err
