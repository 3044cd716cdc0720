"""Bounds of GAME Code that no input can pass: the whole-command step bound (code looping a little under the
per-run bound in every run still stops, exit 3 naming the bound) and the nesting bounds of the parser (blocks and
expressions nested without end give a located error, not a RecursionError)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairyport.cli.main import main
from fairyport.errors import ParseError, UnsupportedError
from fairyport.gamecourier.interpreter import interpreter as interpreter_module
from fairyport.gamecourier.interpreter.expressions import MAX_DEPTH
from fairyport.gamecourier.interpreter.game import load_text
from fairyport.gamecourier.interpreter.parser import MAX_NESTING
from fairyport.movegen.perft import perft


def preset(pregame: str, post: str = "", *, code: str = "4k/5/5/5/4K") -> str:
    extra = f"$default['postauto1'] = <<<'NOW'\n{post}\nNOW;\n" if post else ""
    return (f"<?php\n$default['code'] = '{code}';\n$default['cols'] = 5;\n"
            f"$default['pregame'] = <<<'NOW'\n{pregame}\nNOW;\n{extra}?>\n")


def _looping(loops: int) -> str:
    post = f"set i 0;\ndo while < #i {loops}:\n  set i + #i 1;\nloop;"
    return preset("def K checkleap #0 #1 1 0;", post)


def test_a_run_within_its_bound_still_stops_at_the_command_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(interpreter_module, "STEP_LIMIT", 10_000)
    monkeypatch.setattr(interpreter_module, "FREE_STEPS_PER_RUN", 1_000)
    monkeypatch.setattr(interpreter_module, "COMMAND_STEP_BUDGET", 50_000)
    game = load_text(_looping(6_000), "t.php")  # under the per-run bound, 24 candidates a position
    with pytest.raises(UnsupportedError, match="COMMAND_STEP_BUDGET") as info:
        perft(game.position(), 2)
    assert info.value.exit_code == 3 and info.value.feature == "command step budget"
    assert "t.php:" in str(info.value)
    assert game.interpreter.steps < 50_000 + 11 * 6_000  # stopped in the run that spent the budget


def test_runs_that_end_in_die_are_charged_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(interpreter_module, "FREE_STEPS_PER_RUN", 1_000)
    monkeypatch.setattr(interpreter_module, "COMMAND_STEP_BUDGET", 20_000)
    post = "set i 0;\ndo while < #i 6000:\n  set i + #i 1;\nloop;\ndie \"no\";"
    game = load_text(preset("def K checkleap #0 #1 1 0;", post), "t.php")  # every candidate is illegal
    with pytest.raises(UnsupportedError, match="COMMAND_STEP_BUDGET"):
        perft(game.position(), 1)


def test_runs_within_the_free_steps_are_never_charged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(interpreter_module, "FREE_STEPS_PER_RUN", 1_000)
    monkeypatch.setattr(interpreter_module, "COMMAND_STEP_BUDGET", 1)
    game = load_text(_looping(900), "t.php")
    assert perft(game.position(), 2) == perft(load_text(_looping(0), "t.php").position(), 2)
    assert game.interpreter.charged == 0 and game.interpreter.steps > 20 * 900


def test_one_run_past_the_per_run_bound_names_that_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(interpreter_module, "STEP_LIMIT", 10_000)
    game = load_text(_looping(20_000), "t.php")
    with pytest.raises(UnsupportedError, match="STEP_LIMIT") as info:
        perft(game.position(), 1)
    assert info.value.feature == "step limit"


@pytest.mark.slow
def test_600000_loops_a_run_stop_perft_2_at_the_real_bound(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "loop.php"
    path.write_text(_looping(600_000), encoding="utf-8")
    assert main(["perft", str(path), "--depth", "2"]) == 3
    assert "COMMAND_STEP_BUDGET" in capsys.readouterr().err


@pytest.mark.parametrize(("code", "found"), [
    ("if 1:\n" * 5000 + "endif;\n" * 5000, f"blocks nested deeper than {MAX_NESTING}"),
    ("print " + "(" * 5000 + "1" + ")" * 5000 + ";", f"parentheses nested deeper than {MAX_DEPTH}"),
    ("print " + "not " * 20000 + "1;", f"expression nested deeper than {MAX_DEPTH}"),
], ids=["blocks", "parentheses", "operators"])
def test_nesting_without_end_is_a_located_error(code: str, found: str) -> None:
    with pytest.raises(ParseError, match=found) as info:
        load_text(preset(code), "t.php")
    assert str(info.value).startswith("t.php:")


def test_nesting_within_the_bounds_runs() -> None:
    depth = MAX_NESTING - 1
    state = load_text(preset("if 1:\n" * depth + "print " + "(" * (MAX_DEPTH - 2) + "7" + ")" * (MAX_DEPTH - 2)
                             + ";\n" + "endif;\n" * depth), "t.php").start()
    assert state.output == ["7"]
