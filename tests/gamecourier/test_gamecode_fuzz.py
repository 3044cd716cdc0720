"""Property tests of the GAME Code interpreter: random GAME Code and mutated test presets, run through Pre-Game and
one round of candidate moves, never raise anything but fairyport's own located errors; the legacy fixtures run
or stop with a located error."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paths import FIXTURES

from fairyport.errors import FairyportError
from fairyport.gamecourier.interpreter import interpreter as interpreter_module
from fairyport.gamecourier.interpreter.game import load_preset, load_text

HERE = Path(__file__).parent / "gamecode"
LEGACY = FIXTURES / "gamecourier"
PROFILE = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                          HealthCheck.function_scoped_fixture])
WORDS = st.sampled_from([
    *"; :()\"#=-0123456789\n", "if ", "elseif ", "else", "endif", "sub f a", "endsub", "def F ", "set x ", "fn F ",
    "and ", "or ", "not ", "checkleap ", "checkride ", "checkhop ", "checkatwostep ", "checkpath ", "#0 ", "#1 ",
    "#x ", "#a ", "== ", "+ ", "* ", "/ ", "<< ", "die no", "print ", "setflag ", "flag ", "=x ", "list ", "where ",
    "space ", "spaces ", "findpiece ", "K ", "k ", "a1 ", "b2 ", "do", "loop", "while ", "until ", "for ", "foreach ",
    "next", "switch ", "case ", "default", "endswitch", "break", "continue", "return ", "gosub f ", "sub f ",
    "my ", "local ", "push x ", "setelem x ", "add K ", "move a1 b2", "capture ", "setlegal a1 ", "eval ", "join ",
    "merge ", "range ", "setsystem maxmove 2", "origin ", "dest ", "moved ", "old ", "cond ", "match ", "var ",
])
CODE = st.lists(WORDS, max_size=40).map("".join)


def _template(pregame: str, postmove: str) -> str:
    return ("<?php\n$default['code'] = 'k2/1K1/3';\n$default['cols'] = 3;\n"
            f"$default['pregame'] = <<<'NOW'\n{pregame}\nNOW;\n"
            f"$default['postauto1'] = <<<'NOW'\n{postmove}\nNOW;\n?>\n")


def _run_or_located(text: str) -> None:
    try:
        game = load_text(text, "fuzz.php")
        pos = game.position()
        for move in pos.legal_raw()[:3]:
            pos.push_raw(move)
            pos.legal_raw()
            pos.pop_raw()
    except FairyportError as exc:
        assert exc.location.file == "fuzz.php" or exc.location.file is None or exc.location.offset is not None, exc


@PROFILE
@given(CODE, CODE)
def test_random_code_never_raises_a_traceback(monkeypatch: pytest.MonkeyPatch, pregame: str, postmove: str) -> None:
    monkeypatch.setattr(interpreter_module, "STEP_LIMIT", 3000)
    _run_or_located(_template(pregame, postmove))


@PROFILE
@given(st.sampled_from(sorted(HERE.glob("*.php"))), st.integers(min_value=0), st.integers(min_value=0, max_value=30),
       st.text(alphabet="; :()#=-01 KkPpe\n", max_size=6))
def test_mutated_test_presets(monkeypatch: pytest.MonkeyPatch, path: Path, start: int, length: int,
                              insert: str) -> None:
    monkeypatch.setattr(interpreter_module, "STEP_LIMIT", 20000)
    source = path.read_text()
    start %= len(source) + 1
    _run_or_located(source[:start] + insert + source[start + length:])


LEGACY_OUTCOMES = {
    "asymmetric_defs.php": 5, "castle_flags.php": 26, "fen_width.php": 945, "fixed_royal.php": 3, "hex_deltas.php": 11,
    "initial_only.php": 6048, "label_not_in_set.php": 13, "missing_cols.php": 1008, "no_setlegal.php": 6,
    "php_values.php": 15, "stalemate_boilerplate.php": 9, "uncoded.php": 1008, "legacy_query.gc": 1008,
    "standalone_query.gc": 1008,
    "claim_without_die.php": "fn R: no function of that name", "comment_line.php": "'//' is not a GAME Code command",
    "fen_syntax.php": "unclosed {label}", "missing_defs.php": "fn P: no function of that name",
    "no_fen.php": "no FEN code", "syntax_errors.php": "'checkleap' needs 4 operands",
}
"""perft(1) of each legacy fixture through the interpreter, or the start of its located error. Uncoded presets
enforce nothing, so every piece may go to every other square."""


@pytest.mark.parametrize("name", sorted(LEGACY_OUTCOMES))
def test_legacy_fixtures_run_or_stop_with_a_located_error(name: str) -> None:
    expected = LEGACY_OUTCOMES[name]
    path = LEGACY / "legacy" / name
    try:
        count: int | str = len(load_preset(path).position().legal_raw())
    except FairyportError as exc:
        assert exc.location.file == str(path) and exc.location.line is not None
        count = exc.reason
    if isinstance(expected, int):
        assert count == expected
    else:
        assert isinstance(count, str) and expected in count
