"""The rule extension lines of the Interactive Diagram (``fairyport/idiagram/goals.py``): every rule the model holds
that the Diagram has no parameter for is read from its line, written back to it (listed as lost for the Diagram's
own script, refused naming the rule without ``--best-effort``), and a bad value is an error at its column."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairyport.errors import FairyportError, UnsupportedError
from fairyport.idiagram.read import read_model_text, read_text
from fairyport.idiagram.write import write_game
from fairyport.model import (
    BLACK,
    CONNECT_DIRECTIONS,
    Blast,
    ConnectGoal,
    ExtinctionGoal,
    FlagGoal,
    Game,
    StalemateResult,
)
from fairyport.movegen import compile_game, perft

BASE = """files=5
ranks=5
fairyportZone=hill:c3
fairyportZone=far:a5-e5,,a1-e1
pawn:P:fW:pawn:a2-e2
knight:N:N:knight:b1
king:K:K:king:c1
"""


def _game(**rules: object) -> Game:
    game = read_text(BASE)
    game.rules = dataclasses.replace(game.rules, **rules)  # type: ignore[arg-type]
    return game


RULES = {
    "flag": {"flag": FlagGoal("hill", "K", "K")},
    "flag count full extra": {"flag": FlagGoal("far", None, "P", count=2, blocked_win=True, extra_move=True)},
    "must capture": {"must_capture": True},
    "must drop": {"must_drop": True, "drops": True, "captures_to_hand": True},
    "no checks": {"no_checks": True},
    "extinction": {"extinction": ExtinctionGoal(("N", "P"), count=1, opponent_count=2, result=StalemateResult.DRAW)},
    "extinction all": {"extinction": ExtinctionGoal(None, result=StalemateResult.WIN)},
    "connect": {"connect": ConnectGoal(3, ("horizontal", "diagonal"), ("P",), square=2, zones=("far", "hill"),
                                       result=StalemateResult.LOSS)},
    "atomic": {"blast": Blast(("P",))},
    "drops without hand": {"drops": True},
    "stalemate win": {"stalemate": StalemateResult.WIN},
}


@pytest.mark.parametrize("name", RULES)
def test_rule_written_as_extension_line_and_read_back(name: str) -> None:
    game = _game(**RULES[name])
    with pytest.raises(UnsupportedError) as refused:
        write_game(game)
    assert "fairyport extension fairyport" in refused.value.reason
    text, lost = write_game(game, best_effort=True)
    assert any("fairyport extension" in item for item in lost)
    back = read_model_text(text)
    assert back.rules == game.rules
    assert write_game(back, best_effort=True)[0] == text  # stable on the second write
    start, again = compile_game(game).start_position(), compile_game(back).start_position()
    assert [perft(again, d) for d in (1, 2)] == [perft(start, d) for d in (1, 2)]


def test_black_to_move_is_an_extension_line() -> None:
    game = _game()
    game.setup.side_to_move = BLACK
    with pytest.raises(UnsupportedError, match=r"Black to move.*fairyportFirst"):
        write_game(game)
    text, _ = write_game(game, best_effort=True)
    assert "fairyportFirst=black" in text.splitlines()
    assert read_model_text(text).setup.side_to_move == BLACK


def test_own_lines_are_written_back_as_written() -> None:
    text = BASE + "fairyportFlag= hill ; white:k ;black:K\nfairyportMustCapture=1\nfairyportExtinction=result:loss\n"
    game = read_text(text)
    assert game.rules.flag == FlagGoal("hill", "K", "K") and game.rules.extinction == ExtinctionGoal()
    written, lost = write_game(game, best_effort=True)
    assert written == text and len(lost) == 3


@pytest.mark.parametrize(("line", "column", "expected"), [
    ("fairyportFlag=hill;count:x", 26, "a whole number"),
    ("fairyportFlag=hill;colour:K", 20, "white:ID"),
    ("fairyportFlag=hill;white:Q", 26, "the ID of a piece line"),
    ("fairyportFlag=nowhere", 15, "a zone defined by fairyportZone"),
    ("fairyportFlag=;white:K", 15, "ZONE"),
    ("fairyportMustCapture=yes", 22, "1 or 0"),
    ("fairyportExtinction=pieces:P+Q", 30, "the ID of a piece line"),
    ("fairyportExtinction=result:lost", 21, "result:win"),
    ("fairyportConnect=line:3;directions:up", 25, "horizontal"),
    ("fairyportConnect=chain:far", 18, "chain:ZONE+ZONE"),
    ("fairyportAtomic=kept:P", 17, "spared:ID+ID"),
    ("fairyportStalemate=lost", 20, "win, loss or draw"),
    ("fairyportFirst=red", 16, "white or black"),
])
def test_errors_are_located_at_their_column(line: str, column: int, expected: str) -> None:
    text = BASE + line + "\n"
    with pytest.raises(FairyportError) as raised:
        read_text(text, file="bad.idiagram")
    location = raised.value.location
    assert (location.file, location.line, location.column) == ("bad.idiagram", 8, column)
    assert expected in raised.value.message()


def test_drop_rule_words_nocheck_stuck_and_first() -> None:
    text = BASE.replace("files=5", "files=5\nholdingsType=-2") + "fairyportDrop=nocheck,stuck,first\n"
    king = read_text(text).piece_type("K")
    assert king.drop is not None and king.drop.no_drop_check and king.drop.where_stuck and king.drop.first
    assert "fairyportDrop=nocheck,stuck,first" in write_game(read_text(text), best_effort=True)[0].splitlines()


def test_castling_line_is_located_and_read() -> None:
    text = BASE + "fairyportCastling=moved;distance:4+3;partners:N\n"
    king = read_text(text).piece_type("K")
    assert king.castling is not None and not king.castling.virgin and king.castling.safe
    assert king.castling.partner_distance == (4, 3) and king.castling.partners == ("N",)
    with pytest.raises(FairyportError) as raised:
        read_text(BASE + "fairyportCastling=moved;distance:1+3\n", file="bad.idiagram")
    assert (raised.value.location.line, raised.value.location.column) == (8, 34)


_IDS = st.sampled_from(("P", "N", "K"))
_RESULTS = st.sampled_from(tuple(StalemateResult))
_RULES = st.fixed_dictionaries({}, optional={
    "flag": st.builds(FlagGoal, st.sampled_from(("hill", "far")), st.none() | _IDS, st.none() | _IDS,
                      st.integers(1, 5), st.booleans(), st.booleans()),
    "must_capture": st.booleans(), "must_drop": st.booleans(), "no_checks": st.booleans(),
    "royal_optional": st.booleans(), "stalemate": _RESULTS,
    "extinction": st.builds(ExtinctionGoal, st.none() | st.lists(_IDS, min_size=1, max_size=3, unique=True).map(tuple),
                            st.integers(0, 3), st.integers(0, 3), _RESULTS),
    "connect": st.builds(ConnectGoal, st.integers(0, 5),
                         st.lists(st.sampled_from(CONNECT_DIRECTIONS), min_size=1, max_size=3, unique=True).map(tuple),
                         st.none() | st.lists(_IDS, min_size=1, max_size=3, unique=True).map(tuple),
                         st.integers(0, 3), st.none() | st.sampled_from((("far", "hill"), ("hill", "far"))), _RESULTS),
    "blast": st.builds(Blast, st.lists(_IDS, max_size=3, unique=True).map(tuple)),
})


@settings(max_examples=80, deadline=None)
@given(rules=_RULES)
def test_any_combination_of_rules_reads_back_equal(rules: dict[str, object]) -> None:
    game = _game(**rules)
    text, _ = write_game(game, best_effort=True)
    back = read_model_text(text)
    assert back.rules == game.rules
    assert write_game(back, best_effort=True)[0] == text
