"""Where a piece's blocks may take, as grid offsets (attack tests of translated presets skip pieces that cannot
reach the tested square)."""

from __future__ import annotations

from fairyport.gamecourier.program.reach import Pattern, piece_reach
from fairyport.program import nodes as pn

OFFSETS: dict[str, tuple[int, int] | None] = {"n": (0, 1), "e": (1, 0), "next": None}
EMPTY = pn.Occupied(pn.Occupant.EMPTY)
ENEMY = pn.Occupied(pn.Occupant.ENEMY)


def test_steps_leaps_and_slides() -> None:
    step = (pn.Step("n"), pn.Add())
    leap = (pn.Step("n"), pn.Step("n"), pn.Step("e"), pn.Add())
    slide = (pn.Step("e"), pn.While(EMPTY, (pn.Add(), pn.Step("e"))), pn.Verify(ENEMY), pn.Add())
    assert piece_reach([step, leap, slide], OFFSETS) == {
        Pattern((0, 1)), Pattern((1, 2)), Pattern((1, 0), (1, 0))}


def test_a_capture_beside_the_landing_square_counts() -> None:
    hop = (pn.Step("n"), pn.Verify(ENEMY), pn.Affect(pn.Effect.CAPTURE), pn.Step("n"), pn.Verify(EMPTY), pn.Add())
    assert piece_reach([hop], OFFSETS) == {Pattern((0, 1)), Pattern((0, 2))}
    sideways = (pn.Step("n"), pn.Affect(pn.Effect.CAPTURE, pn.Toward("e")), pn.Add())
    assert piece_reach([sideways], OFFSETS) == {Pattern((1, 1)), Pattern((0, 1))}


def test_a_walk_undone_by_back_is_followed() -> None:
    walk = (pn.Mark(), pn.Jump(pn.At("a1")), pn.While(pn.OnBoard(pn.Toward("next")), (pn.Step("next"),)),
            pn.GoTo(pn.Anchor.MARK), pn.Step("n"), pn.Verify(EMPTY), pn.Add())
    assert piece_reach([walk], OFFSETS) == {Pattern((0, 1))}


def test_what_it_cannot_follow_gives_up() -> None:
    assert piece_reach([(pn.Step("next"), pn.Add())], OFFSETS) is None
    assert piece_reach([(pn.Jump(pn.At("a1")), pn.Add())], OFFSETS) is None
    assert piece_reach([(pn.Step("n"), pn.Cascade(), pn.Step("n"), pn.Add())], OFFSETS) is None
    zigzag = (pn.While(EMPTY, (pn.If(ENEMY, (pn.Step("n"),), (pn.Step("e"),)),)), pn.Add())
    assert piece_reach([zigzag], OFFSETS) is None
