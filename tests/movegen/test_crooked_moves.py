"""Crooked (``z``) and circular (``q``) turns: continuation legs that mirror or repeat the previous turn, the
Diagram's crooked nightrider ``(az)7N`` and old Betza's crooked riders (``zB``), checked against an independent
generator (``tests/helpers/crooked_pieces.py``) and hand-counted squares."""

from __future__ import annotations

import random

import pytest
from crooked_pieces import FERZ, KNIGHT, WAZIR, crooked_targets
from rules_helpers import lone_piece_targets

from fairyport.model import Board, Game, Metadata, PieceType, Setup
from fairyport.movegen import Position, compile_game
from fairyport.xbetza.geometry import CROOKED_FIRST_TURN, turn_directions


def test_turn_directions_mirror_or_repeat_the_previous_turn() -> None:
    assert turn_directions("", "z", 1) == {7}  # 45 degrees right, then 45 left
    assert turn_directions("f", "z", 2) == {6}
    assert turn_directions("", "q", 1) == {1}
    assert turn_directions("", "z", 0) == {0}  # no turn to mirror: straight on
    assert turn_directions("fs", "z", 2) == {5, 7}  # letters count from the mirrored turn
    assert turn_directions("", "z", None) == CROOKED_FIRST_TURN == {2, 6}
    assert turn_directions("fr", "z", None) == {1}
    assert turn_directions("", "", 3) == {0, 1, 2, 3, 5, 6, 7}  # a plain leg ignores the previous turn


def test_betzas_crooked_bishop() -> None:
    # Betza's Crooked Bishop page: from e4 the eight paths e4-d5-e6-d7-e8, e4-f5-e6-f7-e8, e4-f5-g4-h5,
    # e4-f3-g4-h3, e4-f3-e2-f1, e4-d3-e2-d1, e4-d3-c4-b3-a4, e4-d5-c4-b5-a4
    paths = ["d5 e6 d7 e8", "f5 e6 f7 e8", "f5 g4 h5", "f3 g4 h3", "f3 e2 f1", "d3 e2 d1", "d3 c4 b3 a4",
             "d5 c4 b5 a4"]
    assert lone_piece_targets("zB", "e4") == {s for path in paths for s in path.split()}


def test_zig_zag_and_circular_continuations_by_hand() -> None:
    # afsafzW: W, then F 45 degrees to a side, then W turning back: a (1, 3) leap along a zig-zag path
    assert lone_piece_targets("afsafzW", "d4") == {"c7", "e7", "c1", "e1", "g3", "g5", "a3", "a5"}
    # afsafqW turns the same way twice: W, F, W at right angles, a (2, 2) leap
    assert lone_piece_targets("afsafqW", "d4") == {"b2", "b6", "f2", "f6"}
    # the zig-zag path needs its corner squares empty: d5 blocks both paths through it
    assert lone_piece_targets("afsafzW", "d4", others="P@d5") == {"c1", "e1", "g3", "g5", "a3", "a5"}


@pytest.mark.parametrize(("betza", "vectors", "steps"), [
    ("(az)7N", KNIGHT, 8), ("(az)2N", KNIGHT, 3), ("zNN", KNIGHT, 8), ("zB", FERZ, 8), ("zB3", FERZ, 3),
    ("zR", WAZIR, 8),
])
def test_crooked_pieces_match_the_independent_generator(betza: str, vectors: tuple[tuple[int, int], ...],
                                                         steps: int) -> None:
    variant = compile_game(Game(Metadata("t"), Board(8, 8), [PieceType("x", "X", betza), PieceType("pawn", "P", "")],
                                Setup()))
    geo = variant.geometry
    rng = random.Random(20)
    for _ in range(25):
        start = f"{'cdef'[rng.randrange(4)]}{rng.randrange(3, 7)}"
        squares = {f"{chr(97 + rng.randrange(8))}{rng.randrange(1, 9)}" for _ in range(rng.randrange(14))} - {start}
        others = {s: rng.choice("Pp") for s in sorted(squares)}
        position = Position(variant)
        position.board[geo.square(start)] = variant.code_by_symbol["X"]
        for square, symbol in others.items():
            position.board[geo.square(square)] = variant.code_by_symbol[symbol]
        played = {geo.names[m.raw[1]] for m in position.legal_moves()}
        expected = crooked_targets(vectors, start, steps, others=" ".join(f"{p}@{s}" for s, p in others.items()))
        assert played == expected, others


def test_words_name_the_turns_the_generator_plays() -> None:
    from fairyport.xbetza.words import describe_betza

    # afsafzW ends with a W step (the 45 degree turn back converts F to W), as the generator plays it
    (text,) = describe_betza("afsafzW")
    assert text.endswith("one square orthogonally, turning 45 degrees either way, crooked: turning back the way "
                         "its previous leg turned")
    (text,) = describe_betza("azN")
    assert "turning 90 degrees either way, crooked: its first turn" in text
    (text,) = describe_betza("zB")
    assert "right angle, alternately left and right" in text


def test_the_falcons_crooked_paths_reach_its_squares() -> None:
    # the Falcon as the notes give it in the later z form (afafsKafsafzfK): the straight-then-turn paths and the
    # turn-then-turn-back paths reach the same 16 (1, 3) and (2, 3) squares
    straight_then_turn = lone_piece_targets("afafsK", "d4")
    turn_and_back = lone_piece_targets("afsafzfK", "d4")
    assert straight_then_turn == turn_and_back == {"a2", "a3", "a5", "a6", "b1", "b7", "c1", "c7", "e1", "e7", "f1",
                                                   "f7", "g2", "g3", "g5", "g6"}
    # the paths of this form to f7 and g6 all start with the diagonal step to e5 (e5-e6-f7, e5-f5-g6)
    assert lone_piece_targets("afsafzfK", "d4", others="p@e5") == turn_and_back - {"f7", "g6"}
