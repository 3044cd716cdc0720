"""Games turned round for a preset whose first side is Black (:mod:`fairyport.gamecourier.turned`): the board rotated
by 180 degrees and the colours swapped is the same game for the other player (perft unchanged), turning twice gives
the game back, and what turning would change is named."""

from __future__ import annotations

import dataclasses

import pytest
from fsf_compare import model_counts
from paths import GAMES

from fairyport.formats import read_game
from fairyport.gamecourier.turned import swap_names, turned, why_not_turned
from fairyport.model import BLACK, WHITE, ConnectGoal, FlagGoal, Zone

GAMES_TURNED = ["chess", "minishogi", "minixiangqi", "mideast", "mitregi90"]
"""Castling and e.p. (chess), drops and zones (minishogi, Mitregi 90), the palace and facing rule (MiniXiangqi)."""


@pytest.mark.parametrize("name", GAMES_TURNED)
def test_turned_game_is_the_same_game_for_the_other_player(name: str) -> None:
    game = read_game(GAMES / f"{name}.idiagram")
    assert why_not_turned(game) is None
    other = turned(game)
    assert other.setup.side_to_move == BLACK
    assert model_counts(other, 2) == model_counts(game, 2)
    assert turned(other) == game


def test_turning_moves_squares_pieces_hands_and_flag_pieces() -> None:
    game = read_game(GAMES / "minishogi.idiagram")
    game.setup.hands = {WHITE: {"S": 1}}
    game.zones = [Zone("camp", frozenset({"a1", "b1"}), WHITE)]
    game.rules.flag = FlagGoal("camp", white_piece="K", black_piece="P")
    game.pieces[0].rebirth = "b2"
    other = turned(game)
    assert other.pieces[0].rebirth == "d4" and turned(other) == game
    assert game.setup.placement["a1"].color == WHITE
    assert other.setup.placement["e5"] == dataclasses.replace(game.setup.placement["a1"], color=BLACK)
    assert other.setup.hands == {BLACK: {"S": 1}}
    assert other.rules.flag == FlagGoal("camp", white_piece="P", black_piece="K")
    assert other.zones == [Zone("camp", frozenset({"e5", "d5"}), BLACK)]


def test_what_turning_would_change_is_named() -> None:
    game = read_game(GAMES / "chess.idiagram")
    game.rules.connect = ConnectGoal(zones=("a", "b"))
    assert why_not_turned(game) == "a connection chain (it grows eastwards and northwards only)"
    game.rules.connect = None
    game.rules.flag = FlagGoal("z", extra_move=True)
    assert "extra move" in (why_not_turned(game) or "")
    game.rules.flag = None
    game.board = dataclasses.replace(game.board, links={"n": {"a1": "a2"}})
    assert "off the grid" in (why_not_turned(game) or "")


def test_swap_names_only_in_messages() -> None:
    code = "if sub checked white black:\n  say Checkmate! White has won.;\n  die Black may not move.;\nset White 1;\n"
    assert swap_names(code) == ("if sub checked white black:\n  say Checkmate! Black has won.;\n"
                                "  die White may not move.;\nset White 1;\n")
