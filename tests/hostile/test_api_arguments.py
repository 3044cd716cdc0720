"""The API's entry points answer wrong arguments with a located usage error, never a raw TypeError."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from paths import GAMES

import fairyport
from fairyport.errors import UsageError

CHESS = GAMES / "chess.idiagram"


@pytest.mark.parametrize(("call", "where", "found"), [
    (lambda game: fairyport.read(b"files=8"), "source", "decode bytes to str first"),
    (lambda game: fairyport.read(None), "source", "found NoneType"),
    (lambda game: fairyport.validate(None), "source", "found NoneType"),
    (lambda game: fairyport.convert(b"x", to="zrf"), "source", "found bytes"),
    (lambda game: fairyport.write(None, "zrf"), "source", "expected Game"),
    (lambda game: fairyport.perft(None, 1), "source", "found NoneType"),
    (lambda game: fairyport.perft(game, "x"), "depth", "found 'x'"),
    (lambda game: fairyport.perft(game, True), "depth", "found True"),
    (lambda game: fairyport.perft(game, -1), "depth", "found -1"),
    (lambda game: fairyport.divide(game, 0), "depth", "at least 1"),
    (lambda game: fairyport.divide(game, 2, jobs="2"), "jobs", "found '2'"),
    (lambda game: fairyport.perft(game, 1, engine="bogus"), "engine", "found 'bogus'"),
])
def test_wrong_arguments_are_usage_errors(call: Callable[[Any], object], where: str, found: str) -> None:
    game = fairyport.read(CHESS)
    with pytest.raises(UsageError, match=found) as info:
        call(game)
    assert info.value.location.file == where


def test_right_arguments_still_count() -> None:
    assert fairyport.perft(CHESS, 2, engine="model") == 400
    assert sum(fairyport.divide(fairyport.read(CHESS), 2, jobs=2).values()) == 400
