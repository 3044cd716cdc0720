"""Which move blocks can never take a piece (attack tests of translated presets skip them)."""

from __future__ import annotations

from fairyport.gamecourier.program.quiet import never_takes
from fairyport.program import nodes as pn

EMPTY = pn.Occupied(pn.Occupant.EMPTY)
ENEMY = pn.Occupied(pn.Occupant.ENEMY)
N = pn.Step("n")


def test_a_step_onto_a_square_verified_empty_never_takes() -> None:
    assert never_takes((N, pn.Verify(EMPTY), pn.Add()))
    assert never_takes((N, pn.Verify(pn.All((ENEMY, EMPTY))), pn.Add(pn.AddKind.ADD_PARTIAL)))
    assert never_takes((N, pn.If(EMPTY, (pn.Add(),))))
    assert never_takes((N, pn.If(pn.Not(EMPTY), (), (pn.Add(),))))


def test_a_slide_over_empty_squares_never_takes_but_its_capture_does() -> None:
    slide = (N, pn.While(EMPTY, (pn.Add(), N)))
    assert never_takes(slide)
    assert not never_takes((*slide, pn.Verify(ENEMY), pn.Add()))


def test_a_test_before_the_last_step_does_not_count() -> None:
    assert not never_takes((pn.Verify(EMPTY), N, pn.Add()))
    assert not never_takes((N, pn.Verify(EMPTY), pn.While(pn.OnBoard(), (N,)), pn.Add()))
    assert not never_takes((N, pn.Verify(pn.Any((EMPTY, ENEMY))), pn.Add()))
    assert not never_takes((N, pn.Verify(pn.Not(ENEMY)), pn.Add()))


def test_a_walk_and_a_return_before_the_step_keeps_it_quiet() -> None:
    walk = (pn.Mark(), pn.Jump(pn.At("a1")), pn.While(pn.OnBoard(pn.Toward("next")), (pn.Step("next"),)),
            pn.GoTo(pn.Anchor.MARK))
    assert never_takes((*walk, N, pn.Verify(EMPTY), pn.Add()))


def test_captures_cascades_and_other_destinations_may_take() -> None:
    assert not never_takes((N, pn.Verify(EMPTY), pn.Affect(pn.Effect.CAPTURE, pn.Toward("n")), pn.Add()))
    assert not never_takes((N, pn.Verify(EMPTY), pn.Cascade(), N, pn.Verify(EMPTY), pn.Add()))
    assert not never_takes((N, pn.Verify(EMPTY), pn.To(), pn.Add()))
    assert not never_takes((N, pn.Verify(EMPTY), pn.From(), pn.Add()))
    assert never_takes((N, pn.Verify(EMPTY), pn.Affect(pn.Effect.FLIP, pn.Toward("n")), pn.Add()))
