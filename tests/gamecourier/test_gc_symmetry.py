"""Colour reversal of piece functions (the GC-ASYMMETRIC-DEFS check)."""

from __future__ import annotations

import pytest

from fairyport.gamecourier.interpreter.nodes import Command, Expr
from fairyport.gamecourier.interpreter.parser import parse_strict
from fairyport.gamecourier.symmetry import Board, Mode, normal_form, reverse

BOARD = Board(width=9, height=10, labels=frozenset("GgPpKk"))


def body(code: str) -> Expr:
    command = parse_strict(code).statements[0]
    assert isinstance(command, Command) and command.expr is not None
    return command.expr


@pytest.mark.parametrize(("upper", "lower", "mode"), [
    ("def P checkaleap -1 0 or checkaleap 1 0 and > rank #0 4 or checkaleap 0 1",
     "def p checkaleap 1 0 or checkaleap -1 0 and < rank #0 5 or checkaleap 0 -1", "reflect"),
    ("def P checkaleap #0 #1 0 2 and == rank #0 1 and empty where #0 0 1",
     "def p empty where #0 0 -1 and checkaleap #0 #1 0 -2 and == 8 rank #0", "reflect"),
    ("def G checkleap #0 #1 1 0 and not == #G #1", "def g checkleap #0 #1 1 0 and not == #g #1", "reflect"),
    ("def K checkaleap 1 -1 or checkaleap -1 1 or checkride 0 1",
     "def k checkaleap -1 1 or checkaleap 1 -1 or checkride 0 1", "rotate"),
    ("def K checkaride 2 1 and >= file #1 3", "def k checkaride -2 -1 and <= file #1 5", "rotate"),
])
def test_twins_match_under_reversal(upper: str, lower: str, mode: Mode) -> None:
    assert normal_form(reverse(body(upper), mode, BOARD)) == normal_form(body(lower))


def test_copy_paste_twin_does_not_match() -> None:
    upper = body("def G checkleap #0 #1 1 0 and not == #G #1")
    lower = body("def g checkleap #0 #1 1 0 and not == #G #1")
    for mode in ("reflect", "rotate"):
        assert normal_form(reverse(upper, mode, BOARD)) != normal_form(lower)


def test_mixed_chains_keep_their_order() -> None:
    assert normal_form(body("def a x or y and z")) != normal_form(body("def a z and y or x"))
    assert normal_form(body("def a x or y or z")) == normal_form(body("def a (z or x) or y"))


def test_operands_of_one_operator_commute() -> None:
    assert normal_form(body("def a x and y or z")) == normal_form(body("def a z or (y and x)"))
    assert normal_form(body("def a > rank #0 4")) == normal_form(body("def a < 4 rank #0"))
