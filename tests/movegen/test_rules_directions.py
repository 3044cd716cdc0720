"""XBetza direction semantics on the board (shared/notes/idiagram-xbetza.md B.4, B.6, B.9)."""

from __future__ import annotations

import pytest
from rules_helpers import lone_piece_targets

from fairyport.xbetza.geometry import DEFAULT_CONTINUATION, AtomClass, first_leg_directions


def squares(text: str) -> set[str]:
    return set(text.split())


@pytest.mark.parametrize(("betza", "expected"), [
    ("fW", "d5"), ("vW", "d5 d3"), ("sW", "c4 e4"), ("frW", "d5 e4"), ("fsW", "d5 c4 e4"), ("W", "d5 d3 c4 e4"),
    ("fhW", "d5 d3"),  # the Interactive Diagram reads h as b on orthogonal atoms
    ("fF", "c5 e5"), ("lF", "c5 c3"), ("frF", "e5"), ("frblF", "e5 c3"), ("vF", "c5 e5 c3 e3"),
    ("sF", "c5 e5 c3 e3"),
    ("fN", "c6 e6"), ("sN", "b5 b3 f5 f3"), ("fsN", "b5 f5"), ("frN", "f5"), ("rfN", "e6"), ("ffN", "c6 e6"),
    ("fhN", "c6 e6 b5 f5"), ("hrN", "e6 f3 c2 b5"), ("hlN", "f5 e2 b3 c6"), ("sfN", "b5 b3 f5 f3 c6 e6"),
    ("fK", "d5"), ("sK", "c4 e4"), ("vK", "d5 d3"), ("frK", "e5"), ("fsK", "c5 e5"), ("bsK", "c3 e3"),
    ("fD", "d6"), ("fA", "b6 f6"), ("C", "c7 e7 g5 g3 e1 c1 a3 a5"), ("fFX", "c8 e8"), ("FX", "c8 e8 h5 h3"),
])
def test_first_leg_directions(betza: str, expected: str) -> None:
    assert lone_piece_targets(betza) == squares(expected)


def test_black_directions_are_turned() -> None:
    assert lone_piece_targets("fW", black=True) == {"d3"}
    assert lone_piece_targets("frN", black=True) == {"b3"}


def test_empty_direction_sets_mean_all() -> None:
    assert first_leg_directions("", AtomClass.OBLIQUE) == frozenset(range(8))
    assert first_leg_directions("v", AtomClass.DIAGONAL) == frozenset({1, 3, 5, 7})


def test_default_continuation_is_all_but_back() -> None:
    assert frozenset({0, 1, 2, 3, 5, 6, 7}) == DEFAULT_CONTINUATION


def test_continuation_legs() -> None:
    d_n_f_w = "d6 d2 b4 f4 c6 e6 c2 e2 b5 b3 f5 f3 c5 e5 c3 e3 d5 d3 c4 e4"
    assert lone_piece_targets("aW") == squares(d_n_f_w)  # 20 squares, as the Diagram script
    assert lone_piece_targets("afsW") == squares("c6 e6 c2 e2 b5 b3 f5 f3")  # mao
    assert lone_piece_targets("asW") == squares("c5 e5 c3 e3")
    assert lone_piece_targets("afW") == squares("d6 d2 b4 f4")
    assert lone_piece_targets("afsF") == squares("c6 e6 c2 e2 b5 b3 f5 f3")  # moa
    assert lone_piece_targets("asF") == squares("d6 d2 b4 f4")
    assert lone_piece_targets("afF") == squares("b6 f6 b2 f2")


def test_locust_capture_then_step() -> None:
    # caW with one victim on d5: capture it, then step on (not back to d4)
    assert lone_piece_targets("caW", others="p@d5") == squares("c4 c5 c6 d6 e4 e5 e6")


def test_return_to_origin_is_a_move_as_in_the_diagram() -> None:
    assert lone_piece_targets("abW") == {"d4"}  # RETURN_TO_ORIGIN_IS_A_MOVE: the Diagram emits the pass
    assert lone_piece_targets("abW", others="P@d5 P@d3 P@c4 P@e4") == set()  # needs an empty first square
    assert lone_piece_targets("cabW", others="p@d5") == {"d4"}  # igui: capture and return


def test_lame_leapers() -> None:
    assert lone_piece_targets("mafsW", others="P@d5") == squares("b5 b3 f5 f3 c2 e2")
    assert lone_piece_targets("mafF", others="P@e5") == squares("b6 b2 f2")
    assert lone_piece_targets("nD", others="P@d5") == squares("d2 b4 f4")
    assert lone_piece_targets("jD", others="P@d5") == squares("d6")


def test_cannon_screens() -> None:
    assert lone_piece_targets("mRcpR", "a1", others="P@a3 p@a6 p@a8") == squares("a2 b1 c1 d1 e1 f1 g1 h1 a6")
    assert lone_piece_targets("mRcpR", "a1", others="P@a3 P@a4 p@a6") == squares("a2 b1 c1 d1 e1 f1 g1 h1")


def test_grasshopper_lands_behind_hurdle() -> None:
    assert lone_piece_targets("gQ", "a1", others="P@a5 p@c3") == squares("a6 d4")


def test_nightrider_blocked() -> None:
    assert lone_piece_targets("N0", "a1", others="P@c2") == squares("b3 c5 d7")


def test_elephant_afFasF() -> None:
    # two ferz steps, first square empty, may turn 90 degrees, never back to the start
    assert lone_piece_targets("afFasF") == squares("b6 f6 b2 f2 d6 d2 b4 f4")
    assert lone_piece_targets("afFasF", others="P@e5") == squares("b6 b2 f2 d6 d2 b4 f4")
    assert lone_piece_targets("afFasF", others="P@e5 P@c5") == squares("b2 f2 d2 b4 f4")


def test_griffon_and_cavalier() -> None:
    griffon = lone_piece_targets("yafsF", "a1")
    assert griffon == squares("b3 b4 b5 b6 b7 b8 c2 d2 e2 f2 g2 h2")
    assert lone_piece_targets("yafsF", "a1", others="P@b2") == set()
    assert lone_piece_targets("yafsW", "a1", others="P@a2") == squares("c2 d3 e4 f5 g6 h7")
