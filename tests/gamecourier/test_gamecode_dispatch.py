"""The ``or``-chain dispatch of the GAME Code interpreter (:mod:`fairyport.gamecourier.interpreter.dispatch`)
gives exactly
the moves of plain left-to-right evaluation: the same legal moves (and the same states after them) with the
dispatch on and off, on the written presets and the hand-written test presets, along seeded random games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fairyport.expectations import bundled_fixtures
from fairyport.gamecourier.interpreter import dispatch
from fairyport.gamecourier.interpreter.board import Geometry
from fairyport.gamecourier.interpreter.game import GameCourierPosition, load_preset
from fairyport.gamecourier.interpreter.nodes import Command, Expr
from fairyport.gamecourier.interpreter.parser import parse_program

PRESETS = sorted((bundled_fixtures() / "games").glob("*.php")) + sorted(
    (Path(__file__).parent / "gamecode").glob("*.php"))


def _term(code: str) -> Expr:
    statement = parse_program(f"def X {code};").statements[0]
    assert isinstance(statement, Command) and statement.expr is not None
    return dispatch.or_terms(statement.expr)[0]


def test_guard_deltas() -> None:
    geometry = Geometry.build(list("abcd"), list("1234"), set())
    lame = _term("(checkaleap #0 #1 1 2 and empty where #0 0 1)")
    assert dispatch.guard_deltas(lame, geometry) == frozenset({(1, 2)})
    wazir = frozenset({(1, 0), (-1, 0), (0, 1), (0, -1)})
    assert dispatch.guard_deltas(_term("checkleap #0 #1 1 0"), geometry) == wazir
    assert dispatch.guard_deltas(_term("checkaride #0 #1 0 1"), geometry) == frozenset((0, k) for k in range(1, 5))
    assert dispatch.guard_deltas(_term("checkatwostep #0 #1 0 1 1 1"), geometry) == frozenset({(1, 2)})
    slide = "(onboard where #0 1 1 and empty where #0 1 1 and checkaride where #0 1 1 #1 1 0)"
    assert dispatch.guard_deltas(_term(slide), geometry) == frozenset((1 + k, 1) for k in range(1, 5))
    for unguarded in ("fn vacant #1 and checkaleap #0 #1 1 2", "checkaleap #1 #0 1 2", "checkaleap #0 #1 #x 2",
                      "(empty where #0 1 1 and checkaride where #0 1 1 #1 1 0)",
                      "(onboard where #0 1 1 and checkaride where #0 2 2 #1 1 0)"):
        assert dispatch.guard_deltas(_term(unguarded), geometry) is None, unguarded


def _moves(pos: GameCourierPosition) -> dict[str, tuple[object, ...]]:
    return {m.uci(): (sorted(m.after.board.items()), sorted(m.after.vars.items(), key=str),
                      sorted(m.after.flags.items(), key=str)) for m in pos.legal_raw()}


SLOW = {"mideast.php", "shatranj-kamil-x.php", "mirchess36.php"}
"""Presets whose plain (undispatched) evaluation takes seconds a position: their runs are slow-marked."""


CASES = [(p, 1 if p.name in SLOW else 4) for p in PRESETS] + [
    pytest.param(p, 4, marks=pytest.mark.slow) for p in PRESETS if p.name in SLOW]


@pytest.mark.parametrize(("path", "plies"), CASES, ids=str)
def test_dispatch_gives_the_moves_of_plain_evaluation(path: Path, plies: int, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = load_preset(path)
    monkeypatch.setattr(dispatch, "MIN_GUARDED_TERMS", 10**9)
    plain = load_preset(path)
    a, b = fast.position(), plain.position()
    rng = random.Random(path.name)
    for _ in range(plies):
        left, right = _moves(a), _moves(b)
        assert left == right
        if not left:
            break
        name = rng.choice(sorted(left))
        a.push_raw(next(m for m in a.legal_raw() if m.uci() == name))
        b.push_raw(next(m for m in b.legal_raw() if m.uci() == name))
