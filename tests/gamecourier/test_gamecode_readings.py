"""The points Game Courier's pages leave open (:mod:`fairyport.gamecourier.interpreter.readings`): each reading
as documented, tested both ways, and the bundled written presets proven under every combination."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from fairyport.errors import ParseError, UnsupportedError
from fairyport.expectations import bundled_fixtures, read_expectation
from fairyport.format import ValidateOptions
from fairyport.formats import read_game
from fairyport.gamecourier.interpreter.game import load_preset, load_text
from fairyport.gamecourier.interpreter.readings import (
    ARITY_DEF,
    ARITY_REST,
    COMBINATIONS,
    DOCUMENTED,
    EVERY_READING,
    LENIENT,
    LOCAL_AS_MY,
    LOCAL_MAIN_SCOPE,
    LOGIC_EVERY_OPERAND,
    LOGIC_LEFT_FIRST,
    LOGIC_RIGHT_FIRST,
    Readings,
)
from fairyport.gamecourier.syntax.preset import parse_preset
from fairyport.gamecourier.validate.run import lint_preset, validate_file
from fairyport.gamecourier.write import write_game
from fairyport.movegen.perft import perft


def printed(pregame: str, readings: Readings) -> list[str]:
    text = (f"<?php\n$default['code'] = '4k3/8/8/8/8/8/8/4K3';\n$default['cols'] = 8;\n"
            f"$default['pregame'] = <<<'NOW'\n{pregame}\nNOW;\n?>\n")
    return load_text(text, "t.php", readings).start().output


def test_documented_reading_is_the_default() -> None:
    assert Readings(LOGIC_RIGHT_FIRST, ARITY_DEF) == DOCUMENTED
    assert printed("def one #0; set t == fn one 5 5; print #t;", Readings()) == ["1"]


def test_fn_reads_only_the_operands_its_def_uses() -> None:
    # Duniho 2020: "If too many are given, only the ones that are needed get read and used"
    code = "def one #0; set t == fn one 5 5; print #t; print == fn one 4 5;"
    assert printed(code, Readings(LOGIC_LEFT_FIRST, ARITY_DEF)) == ["1", ""]
    with pytest.raises(ParseError, match="'==' needs 2"):
        printed(code, Readings(LOGIC_LEFT_FIRST, ARITY_REST))


def test_named_parameters_count_as_the_arity() -> None:
    assert printed("def sq * #x #x =x; print + fn sq 3 1;", Readings(LOGIC_LEFT_FIRST, ARITY_DEF)) == ["10"]


def test_extra_operand_left_over_is_an_error_under_def_arity() -> None:
    code = "def two + #0 #1; print not fn two 1 2 3;"
    assert printed(code, LENIENT) == [""]  # fn took all three
    with pytest.raises(UnsupportedError, match="left over"):
        printed(code, Readings(LOGIC_LEFT_FIRST, ARITY_DEF))


@pytest.mark.parametrize(("logic", "expected"), [
    (LOGIC_LEFT_FIRST, ["a", "0"]), (LOGIC_RIGHT_FIRST, ["b", "0"]), (LOGIC_EVERY_OPERAND, ["b", "a", "0"])])
def test_logic_order_of_each_reading(logic: str, expected: list[str]) -> None:
    code = ("sub a: print a; return false; endsub; sub b: print b; return false; endsub; "
            "set r sub a and sub b; print + 0 #r;")
    assert printed(code, Readings(logic, ARITY_REST)) == expected  # type: ignore[arg-type]


def test_right_first_evaluates_the_guarded_term_first() -> None:
    # the written 'sub uncovered' once returned '#at and fn space #at ...': right first, the fn runs on false
    code = "set at false; set r #at and fn space #at #at; print + 0 #r;"
    assert printed(code, LENIENT) == ["0"]
    with pytest.raises(UnsupportedError, match="no function"):
        printed(code, DOCUMENTED)


def test_mixed_chain_groups_from_the_left_in_every_reading() -> None:
    for logic in (LOGIC_LEFT_FIRST, LOGIC_RIGHT_FIRST, LOGIC_EVERY_OPERAND):
        assert printed("print true or false and false; print false and true or true;",
                       Readings(logic, ARITY_DEF)) == ["", "1"]  # type: ignore[arg-type]


LOCALS = """sub inner:
  return #x;
endsub;
sub outer:
  local x;
  set x 5;
  return join #x sub inner;
endsub;
set x 1;
print sub outer;
print #x;"""


@pytest.mark.parametrize(("local", "expected"), [(LOCAL_AS_MY, ["51", "1"]), (LOCAL_MAIN_SCOPE, ["55", "1"])])
def test_local_as_my_or_seen_by_what_it_calls(local: str, expected: list[str]) -> None:
    # Duniho 2016 (listcomments.php?id=32600): 'my' is lexical to the subroutine; the old 'local' was visible to
    # the functions it calls; the plan made them synonyms. Either way the global is untouched after the call.
    assert printed(LOCALS, Readings(local=local)) == expected  # type: ignore[arg-type]
    assert Readings().local == LOCAL_AS_MY and DOCUMENTED.local == LOCAL_AS_MY


def test_the_local_reading_is_compared_by_strict_runs() -> None:
    assert Readings(local=LOCAL_MAIN_SCOPE) in EVERY_READING and set(COMBINATIONS) < set(EVERY_READING)
    assert Readings(local=LOCAL_MAIN_SCOPE).name == "right-first/def/local-main"
    assert DOCUMENTED.name == "right-first/def"


# --- the bundled written presets, under every reading ------------------------------------------------------

GAMES = bundled_fixtures() / "games"
WRITTEN = bundled_fixtures() / "gamecourier"
PRESETS = [*sorted(GAMES.glob("*.php")), *sorted((WRITTEN / "from-zrf").glob("*.php")),
           *sorted((WRITTEN / "drops").glob("*.php"))]
"""Every preset a fairyport writer wrote: from the Diagrams, from the ZRF games, the drop games."""


def start_counts(preset: Path) -> dict[int, int]:
    """The expected start-position counts of ``preset``: its own expectation file, else its game's."""
    own = preset.with_suffix(".perft")
    expectation = read_expectation(own if own.exists() else GAMES / f"{preset.stem}.perft")
    case = next(c for c in expectation.cases if c.id == "start")
    return {line.depth: line.nodes for line in case.expected}


def proven(preset: Path, depth: int, readings: Readings) -> int:
    """perft exactly as ``readings`` say (no shortcut, no fast chain skipping terms)."""
    return perft(load_preset(preset, readings, shortcuts=False).position(), depth)


HEAVY = frozenset({"mideast", "shatranj-kamil-x", "shogi", "mitregi90", "mitregi108", "mitregi120", "mitregi144"})
"""Presets whose perft(1) takes 5-30 CPU s a reading with no shortcut (measured 2026-12-02): six readings each
would take over 15 minutes of the default suite, so they run under ``-m slow``; the fixture tests run every
preset under the default reading."""


@pytest.mark.parametrize("readings", COMBINATIONS, ids=[r.name for r in COMBINATIONS])
@pytest.mark.parametrize("preset", [pytest.param(p, marks=pytest.mark.slow) if p.stem in HEAVY else p
                                    for p in PRESETS], ids=[f"{p.parent.name}/{p.stem}" for p in PRESETS])
def test_written_presets_agree_under_every_reading(preset: Path, readings: Readings) -> None:
    assert proven(preset, 1, readings) == start_counts(preset)[1]


@pytest.mark.slow
@pytest.mark.parametrize("readings", COMBINATIONS, ids=[r.name for r in COMBINATIONS])
@pytest.mark.parametrize("preset", sorted(GAMES.glob("*.php")), ids=lambda p: p.stem)
def test_written_presets_agree_under_every_reading_deep(preset: Path, readings: Readings) -> None:
    assert proven(preset, 3, readings) == start_counts(preset)[3]


# --- the static finding on code that relies on the lenient arity ------------------------------------------

def _arity_findings(text: str, name: str = "t.php") -> list[str]:
    findings, _ = lint_preset(parse_preset(text, name))
    return [f.message for f in findings if f.code == "GC-LENIENT-ARITY"]


def _code(pregame: str) -> str:
    return (f"<?php\n$default['code'] = '4k3/8/8/8/8/8/8/4K3';\n$default['cols'] = 8;\n"
            f"$default['pregame'] = <<<'NOW'\n{pregame}\nNOW;\n?>\n")


def test_lenient_arity_is_a_finding_and_documented_code_is_not() -> None:
    assert _arity_findings(_code("def two + #0 #1; if not fn two 1 2 3: print x; endif;")) == [
        "Pre-Game: 'if not fn two 1 2 3' has a 'fn' given more operands than its function uses"]
    duniho = _code("def one #0; set t == fn one 5 5;")  # Fergus Duniho's own example: written for the real reading
    findings, _ = lint_preset(parse_preset(duniho, "t.php"))
    assert [f.code for f in findings if f.code in ("GC-LENIENT-ARITY", "GC-SYNTAX")] == []


@pytest.mark.parametrize("preset", PRESETS, ids=[f"{p.parent.name}/{p.stem}" for p in PRESETS])
def test_written_presets_do_not_rely_on_the_lenient_arity(preset: Path) -> None:
    assert _arity_findings(preset.read_text(encoding="utf-8"), str(preset)) == []


def test_no_written_preset_uses_local() -> None:
    # why COMBINATIONS keeps the default 'local' reading: no bundled written preset has the command
    lines = {p.name: p.read_text(encoding="utf-8").splitlines() for p in PRESETS}
    assert [name for name, text in lines.items() if any(line.strip().startswith("local ") for line in text)] == []


# --- validate --run --strict ---------------------------------------------------------------------------------

KINGS = """<?php
$default['code'] = '4k3/8/8/8/8/8/8/4K3';
$default['cols'] = 8;
$default['pregame'] = <<<'NOW'
def K checkleap #0 #1 1 0 or checkleap #0 #1 1 1;
def k checkleap #0 #1 1 0 or checkleap #0 #1 1 1;
NOW;
$default['postauto1'] = <<<'NOW'
if not fn moved origin dest:
  die No.;
endif;
set at false;
if #at and fn space #at #at dest:
  die No.;
endif;
NOW;
?>
"""


def test_strict_run_finds_code_that_relies_on_short_circuit(tmp_path: Path) -> None:
    preset = tmp_path / "kings.php"
    preset.write_text(KINGS, encoding="utf-8")
    report = validate_file(preset, ValidateOptions(run=True, strict=True, depth=1))
    found = [f for f in report.findings if f.code == "GC-RUN-READING"]
    assert found and all(f.location.line == 13 for f in found)
    assert "left-first" in found[0].message and "no function" in found[0].message
    fixed = KINGS.replace("if #at and fn space #at #at dest:\n  die No.;\nendif;",
                          "if #at:\n  if fn space #at #at dest:\n    die No.;\n  endif;\nendif;")
    preset.write_text(fixed, encoding="utf-8")
    report = validate_file(preset, ValidateOptions(run=True, strict=True, depth=1))
    assert [f for f in report.findings if f.code == "GC-RUN-READING"] == []
    assert [f for f in validate_file(preset, ValidateOptions(run=True, depth=1)).findings
            if f.code == "GC-RUN-READING"] == []  # only with strict


def test_strict_run_on_a_written_preset_finds_nothing() -> None:
    report = validate_file(GAMES / "minixiangqi.php", ValidateOptions(run=True, strict=True, depth=1))
    assert [f for f in report.findings if f.code in ("GC-RUN-READING", "GC-RUN-NOT-RUN", "GC-RUN-UNSCREENED")] == []


def test_strict_run_finds_unscreened_input(tmp_path: Path) -> None:
    preset = tmp_path / "kings.php"
    plain = KINGS.replace("set at false;\nif #at and fn space #at #at dest:\n  die No.;\nendif;\n", "")
    preset.write_text(plain.replace("?>", "$default['postauto2'] = <<<'NOW'\nif not fn moved origin dest:\n  die No.;"
                                          "\nendif;\nNOW;\n?>"), encoding="utf-8")
    found = [f.message for f in validate_file(preset, ValidateOptions(run=True, strict=True, depth=1)).findings
             if f.code == "GC-RUN-UNSCREENED"]
    assert len(found) == 2 and "two piece moves in one turn" in found[0] and "other side's piece" in found[1]


def test_defs_that_hold_for_nothing_still_read_their_operands() -> None:
    # a game without royal pieces: 'def royal' once was 'false', which leaves the operand of 'fn royal #x' over
    game = read_game(GAMES / "mirchess32.idiagram")
    game = dataclasses.replace(game, pieces=[dataclasses.replace(p, royal=False) for p in game.pieces])
    text, _ = write_game(game, best_effort=True)
    assert "def royal != #0 #0;" in text
    assert _arity_findings(text) == []
