"""XBetza costs bounded by the string: its length, the legs of one move, the squares the legs of a game pass."""

from __future__ import annotations

import pytest

import fairyport
from fairyport.errors import UnsupportedError
from fairyport.movegen import compile as compiler
from fairyport.movegen.compile import compile_game
from fairyport.xbetza.syntax import MAX_BETZA_LENGTH, MAX_LEGS, BetzaError, parse


def _game(betza: str) -> fairyport.model.Game:
    return fairyport.read(f"files=8\nranks=8\nx:X:{betza}:x:d4\nking:K:K:king:a1,,h8\n", format="idiagram")


def test_a_string_at_the_length_bound_reads_one_past_is_an_error_before_parsing() -> None:
    text = "fW" * (MAX_BETZA_LENGTH // 2)
    assert len(parse(text).items) == MAX_BETZA_LENGTH // 2
    with pytest.raises(BetzaError, match="too long") as info:
        parse(text + "W")
    assert info.value.offset == MAX_BETZA_LENGTH
    with pytest.raises(BetzaError, match="MAX_BETZA_LENGTH"):
        parse("fW" * 100_000)


def test_a_move_at_the_leg_bound_reads_one_more_leg_is_an_error_at_that_leg() -> None:
    assert len(parse("a" * (MAX_LEGS - 1) + "W").items[0].legs) == MAX_LEGS  # type: ignore[union-attr]
    with pytest.raises(BetzaError, match="too many legs") as info:
        parse("m" + "a" * MAX_LEGS + "W")
    assert info.value.offset == MAX_LEGS
    with pytest.raises(BetzaError, match="MAX_LEGS"):
        parse("a" * 600 + "K")  # was a RecursionError


def test_the_diagram_reports_too_many_legs_at_the_field() -> None:
    with pytest.raises(BetzaError, match="too many legs") as info:
        _game("a" * 600 + "W")
    assert (info.value.location.line, info.value.location.column) == (3, 4 + MAX_LEGS)


def test_a_repetition_group_expands_within_the_leg_bound() -> None:
    moves = parse("(a)W").moves(10_000)
    assert [len(move.legs) for move in moves] == list(range(1, MAX_LEGS + 1))
    assert max(len(move.legs) for move in parse("m(aa)99W").moves(99)) == MAX_LEGS - 1


def test_the_legs_of_a_game_are_bounded_at_and_past_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _game("mamaK")
    passed = compile_game(game).leg_squares
    assert passed > 1000
    monkeypatch.setattr(compiler, "MAX_LEG_SQUARES", passed)
    assert compile_game(game).leg_squares == passed
    monkeypatch.setattr(compiler, "MAX_LEG_SQUARES", passed - 1)
    with pytest.raises(UnsupportedError, match=r"piece 'x': XBetza 'mamaK'.*MAX_LEG_SQUARES"):
        compile_game(game)


@pytest.mark.parametrize("betza", ["aaaaaaW", "mamamamamaK"])
def test_exponential_strings_are_refused_before_they_cost(betza: str) -> None:
    with pytest.raises(UnsupportedError, match="MAX_LEG_SQUARES"):
        compile_game(_game(betza))
