"""The linter on real GAME Code excerpts from the shared notes (read in place, never copied; skipped when the
notes are absent), wrapped in presets built here."""

from __future__ import annotations

import pytest
from paths import NOTES, needs

from fairyport.gamecourier.interpreter.game import load_text
from fairyport.gamecourier.interpreter.readings import COMBINATIONS, Readings
from fairyport.gamecourier.syntax.php import parse_settings
from fairyport.gamecourier.syntax.phpstrings import render_string
from fairyport.gamecourier.syntax.preset import parse_preset
from fairyport.gamecourier.validate.run import lint_preset

SAMPLES = NOTES / "gc_samples"
pytestmark = needs(SAMPLES)
CHESS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


def excerpts(name: str) -> list[str]:
    """The verbatim parts of a sample file (after each '%% ---' line, up to the next '%%' line)."""
    parts: list[str] = []
    current: list[str] | None = None
    for line in (SAMPLES / name).read_text().splitlines():
        if line.startswith("%%"):
            if current is not None:
                parts.append("\n".join(current))
            current = [] if line.startswith("%% ---") else None
        elif current is not None:
            current.append(line)
    if current is not None:
        parts.append("\n".join(current))
    return parts


def codes(pregame: str, *, code: str = CHESS, cols: int = 8, shape: str = "Square Cells") -> list[str]:
    text = (f"<?php\n$default['rules'] = 'r';\n$default['rulesurl'] = 'u';\n$default['code'] = '{code}';\n"
            f"$default['cols'] = {cols};\n$default['shape'] = '{shape}';\n"
            f"$default['pregame'] = {render_string(pregame, 'nowdoc', 'NOW')};\n")
    preset = parse_preset(text, "sample.php")
    assert parse_settings(text).to_text() == text
    findings, _ = lint_preset(preset)
    return sorted(f.code for f in findings)


def test_conditional_castling_flags_are_fine() -> None:
    (flags,) = excerpts("01_castling_flags_duniho_2022.gamecode")
    assert codes(flags) == ["GC-INITIAL-ONLY"]


def test_old_and_new_royal_idioms() -> None:
    old, new = excerpts("04_royal_position_findpiece_duniho_2010.gamecode")
    assert codes(old) == ["GC-FIXED-ROYAL", "GC-FIXED-ROYAL", "GC-INITIAL-ONLY"]
    assert codes(new) == ["GC-INITIAL-ONLY"]


def test_comment_line_of_2008() -> None:
    comment = excerpts("07_user_questions_thomas_2008.gamecode")[0]
    assert codes(comment) == ["GC-COMMENT-LINE", "GC-INITIAL-ONLY"]


def test_rules_flag_alone_is_a_claim_without_die() -> None:
    (flag,) = excerpts("06_rules_flag_duniho_2018.gamecode")
    assert codes(flag) == ["GC-CLAIM-WITHOUT-DIE", "GC-INITIAL-ONLY"]


def test_hex_shogi_dragon_leap() -> None:
    dragon = excerpts("11_hexshogi_include_notes.gamecode")[0]
    assert "GC-SQUARE-DELTAS-ON-HEX" in codes(dragon, code="5/5/5", cols=5, shape="Hexagonal")
    assert "GC-SQUARE-DELTAS-ON-HEX" not in codes(dragon, code="5/5/5", cols=5)


def test_muller_handlemove_parses() -> None:
    post1, post2, pregame = excerpts("02_handlemove_phase0_muller_2020.gamecode")
    # 'eval join "MOVE: " thismove;' plays a move written in code, which the interpreter does not run (issue 20)
    assert codes(pregame + "\n" + post1 + "\n" + post2) == ["GC-INITIAL-ONLY", "GC-NOT-RUNNABLE"]


def _started(pregame: str, readings: Readings, code: str = CHESS) -> list[str]:
    text = (f"<?php\n$default['code'] = '{code}';\n$default['cols'] = 8;\n"
            f"$default['pregame'] = {render_string(pregame, 'nowdoc', 'NOW')};\n")
    return load_text(text, "sample.php", readings).start().output


@pytest.mark.parametrize("readings", COMBINATIONS, ids=[r.name for r in COMBINATIONS])
def test_duniho_def_and_fn_examples_under_every_reading(readings: Readings) -> None:
    late, named_locals, named_params = excerpts("03_def_fn_semantics_duniho_2020.gamecode")
    assert _started(late, readings) == ["24", "46"]
    assert _started(named_locals, readings)[0] == "cartoon violence"
    assert _started(named_params, readings) == ["30", "110", "#x"]


@pytest.mark.parametrize("readings", COMBINATIONS, ids=[r.name for r in COMBINATIONS])
def test_real_setup_code_runs_under_every_reading(readings: Readings) -> None:
    (flags,) = excerpts("01_castling_flags_duniho_2022.gamecode")
    _, royal = excerpts("04_royal_position_findpiece_duniho_2010.gamecode")
    state = load_text(f"<?php\n$default['code'] = '{CHESS}';\n$default['cols'] = 8;\n$default['pregame'] = "
                      f"{render_string(flags + chr(10) + royal, 'nowdoc', 'NOW')};\n", "s.php", readings).start()
    assert state.vars["K"] == "e1" and state.vars["k"] == "e8" and state.flags.get("a1")


def test_xiang_hex_short_form_defs_read_alike_under_both_arities() -> None:
    defs = [line.split(None, 2) for line in excerpts("08_xianghex_preset_defs_transcribed.gamecode")[0].splitlines()]
    runnable = {name: body for _, name, body in defs if name in ("P", "R")}  # the others have talvola's elisions
    pregame = "\n".join(f"def {name} {body};" for name, body in runnable.items())
    assert "GC-LENIENT-ARITY" not in codes(pregame) and "GC-SYNTAX" not in codes(pregame)


def _holds(defs: str, piece: str, origin: str, readings: Readings) -> set[str]:
    """The squares of an empty 8x8 board (but ``origin``) for which ``fn piece origin SQUARE`` is true."""
    squares = [f + r for r in "12345678" for f in "abcdefgh"]
    pregame = defs + "\n" + "\n".join(f"print fn {piece} {origin} {sq};" for sq in squares)
    output = _started(pregame, readings, "8/8/8/8/8/8/8/8")
    return {sq for sq, value in zip(squares, output, strict=True) if value == "1"}


def _offsets(origin: str, deltas: list[tuple[int, int]], gate: object = None) -> set[str]:
    f, r = "abcdefgh".index(origin[0]), int(origin[1]) - 1
    found = set()
    for dx, dy in deltas:
        x, y = f + dx, r + dy
        if 0 <= x < 8 and 0 <= y < 8 and (gate is None or gate(x, y)):  # type: ignore[operator]
            found.add("abcdefgh"[x] + str(y + 1))
    return found


@pytest.mark.parametrize("readings", COMBINATIONS, ids=[r.name for r in COMBINATIONS])
def test_xiang_hex_short_form_defs_run_under_every_reading(readings: Readings) -> None:
    # Duniho's Xiang Hex Soldier and Chariot (as transcribed): short-form primitives, 'and' / 'or' grouped from
    # the left, so the river gate (rank + file >> 1 >= 7) binds the four sideways steps, not the step forward
    defs = {name: body for _, name, body in (line.split(None, 2) for line in excerpts(
        "08_xianghex_preset_defs_transcribed.gamecode")[0].splitlines()) if name in ("P", "R")}
    code = "\n".join(f"def {name} {body};" for name, body in defs.items())
    soldier = _offsets("d6", [(-2, 1), (2, -1), (-1, 1), (1, 0)], lambda x, y: y + (x >> 1) >= 7)
    assert soldier == {"c7", "e6"}  # the gate holds for two of the four here
    assert _holds(code, "P", "d6", readings) == soldier | {"d7"}
    rays = [(k, -k) for k in range(1, 8)] + [(-k, k) for k in range(1, 8)] + [  # checkride 0 1: all four images
        (0, k) for k in range(-7, 8) if k] + [(k, 0) for k in range(-7, 8) if k]
    assert _holds(code, "R", "d4", readings) == _offsets("d4", rays)
