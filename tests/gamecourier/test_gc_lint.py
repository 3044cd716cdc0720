"""Game Courier fixtures: exact expected findings, byte-for-byte round trips, and the validate / show / convert
commands on presets."""

from __future__ import annotations

import json
from pathlib import Path

import paths
import pytest
from lint_catalog import findings_table

from fairyport.cli.main import main
from fairyport.errors import EXIT_CHECK_FAILED, EXIT_OK, EXIT_UNPARSABLE, FairyportError
from fairyport.gamecourier.analysis import analyse
from fairyport.gamecourier.syntax.preset import parse_preset, read_preset, rewrite_file
from fairyport.gamecourier.validate.rules import DOCUMENTED_BY, RULES, RUN_RULES
from fairyport.gamecourier.validate.run import lint_preset

FIXTURES = paths.FIXTURES / "gamecourier"
PRESETS = sorted(p for p in FIXTURES.rglob("*") if p.suffix in (".php", ".gc"))
CLEAN = sorted(FIXTURES.glob("*.php"))
LEGACY = sorted((FIXTURES / "legacy").iterdir())
UNREADABLE = sorted(p for p in (FIXTURES / "unreadable").iterdir() if p.suffix in (".php", ".gc"))


def _findings(path: Path) -> dict[str, object]:
    try:
        findings, _ = lint_preset(read_preset(path))
    except FairyportError as exc:
        return {"unreadable": {"line": exc.location.line, "column": exc.location.column, "reason": exc.reason}}
    # Finding.to_json as validate --json prints it, without the fixture's path and the rule's fixed fix text
    return {"findings": [{k: v for k, v in f.to_json().items() if k not in ("file", "fix")} for f in findings]}


@pytest.mark.parametrize("path", PRESETS, ids=lambda p: p.name)
def test_findings_are_exactly_the_expected_ones(path: Path) -> None:
    expected = json.loads(path.with_name(path.name + ".expected.json").read_text())
    assert _findings(path) == expected


def test_fixture_set_covers_the_seed_games_and_every_pattern() -> None:
    assert {p.stem for p in CLEAN} == {"mir_chess_32", "mir_chess_36", "shatranj_kamil_x", "minixiangqi",
                                       "mideast_chess"}
    for path in CLEAN:
        assert json.loads(path.with_name(path.name + ".expected.json").read_text()) == {"findings": []}
    found = {f["code"] for p in LEGACY if p.suffix in (".php", ".gc")
             for f in json.loads(p.with_name(p.name + ".expected.json").read_text())["findings"]}
    assert found == set(RULES)


@pytest.mark.parametrize(("name", "pieces", "cells"), [
    ("mir_chess_32.php", 32, 64), ("mir_chess_36.php", 36, 64), ("shatranj_kamil_x.php", 44, 100),
    ("minixiangqi.php", 24, 49), ("mideast_chess.php", 52, 100),
])
def test_clean_fixtures_hold_the_seed_setups(name: str, pieces: int, cells: int) -> None:
    analysis = analyse(read_preset(FIXTURES / name))
    assert analysis.board is not None and analysis.enforcement.level == "enforced"
    assert (analysis.board.piece_count(), analysis.board.cells) == (pieces, cells)


def test_mideast_setup_matches_the_seed_coordinates() -> None:
    analysis = analyse(read_preset(FIXTURES / "mideast_chess.php"))
    assert analysis.board is not None
    squares = analysis.squares()
    white = {"K": ["f2"], "Q": ["e2"], "R": ["a2", "j2"], "N": ["b2", "i2"], "B": ["c2", "h2"], "Cv": ["d2", "g2"],
             "Z": ["a1", "j1"], "L": ["c1", "h1"], "D": ["e1", "f1"], "P": [f + "3" for f in "abcdefghij"]}
    for label, places in white.items():
        for square in places:
            assert analysis.board.cell_at(*squares[square]).label == label
            mirror = square[0] + str(11 - int(square[1:]))
            assert analysis.board.cell_at(*squares[mirror]).label == label.lower()


@pytest.mark.parametrize("path", PRESETS, ids=lambda p: p.name)
def test_round_trip_is_byte_for_byte(path: Path) -> None:
    if path in UNREADABLE:
        with pytest.raises(FairyportError):
            rewrite_file(path)
    else:
        assert rewrite_file(path) == path.read_bytes()


def test_round_trip_keeps_odd_bytes_and_line_ends(tmp_path: Path) -> None:
    path = tmp_path / "odd.php"
    path.write_bytes(b"\xef\xbb\xbf<?php\r\n$default['game'] = 'Caf\xe9';\r\n$default['code'] = <<<'N'\r\n8\r\nN;\r\n")
    assert rewrite_file(path) == path.read_bytes()
    assert read_preset(path).get("code") == "8"


def test_edited_preset_is_rewritten_with_correct_quoting() -> None:
    source = (FIXTURES / "legacy" / "uncoded.php").read_text()
    preset = parse_preset(source)
    preset.set("rules", "It's <b>here</b>\nNOW")
    preset.set("code", "8/8/8/8/8/8/8/8")
    again = parse_preset(preset.to_text())
    assert again.get("rules") == "It's <b>here</b>\nNOW"
    assert again.get("code") == "8/8/8/8/8/8/8/8"
    assert again.get("game") == "Mir Chess 32"


def test_validate_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", *map(str, CLEAN)]) == EXIT_OK
    assert main(["validate", str(FIXTURES / "legacy")]) == EXIT_CHECK_FAILED
    assert main(["validate", str(FIXTURES / "unreadable")]) == EXIT_UNPARSABLE
    out = capsys.readouterr().out
    assert "GC-CASTLE-FLAGS" in out and "[unreadable]" in out and "Traceback" not in out


def test_validate_json_gives_one_record_per_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--json", str(FIXTURES / "legacy" / "fixed_royal.php"),
                 str(FIXTURES / "mir_chess_32.php")]) == EXIT_OK  # warnings only
    records = json.loads(capsys.readouterr().out)
    assert [r["status"] for r in records] == ["warnings", "clean"]
    assert records[0]["findings"][0]["code"] == "GC-FIXED-ROYAL"
    assert records[1]["details"]["board"] == {"cols": 8, "ranks": 8, "cells": 64, "holes": 0, "pieces": 32}


def test_show_prints_board_and_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(FIXTURES / "legacy" / "hex_deltas.php")]) == EXIT_OK
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Little Hex (settings file, enforcement: enforced)"
    assert out[1] == "5 k d . #"
    assert out[-2] == "4 files x 5 ranks: 17 cells, 3 holes, 4 pieces (2 first side, 2 second side)"
    assert out[-1] == "pieces: Dx1 Kx1 dx1 kx1"


def test_show_errors_are_located(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(FIXTURES / "legacy" / "fen_syntax.php")]) == EXIT_UNPARSABLE
    assert "fen_syntax.php:7:4: unclosed {label}" in capsys.readouterr().err


def test_convert_to_gamecourier_is_the_identity(tmp_path: Path) -> None:
    out = tmp_path / "out.php"
    source = FIXTURES / "shatranj_kamil_x.php"
    assert main(["convert", str(source), "--to", "gamecourier", "-o", str(out)]) == EXIT_OK
    assert out.read_bytes() == source.read_bytes()


def test_the_docs_list_every_lint_code() -> None:
    page = (FIXTURES.parents[1] / "docs" / "gamecourier-findings.md").read_text(encoding="utf-8")
    assert findings_table() in page  # made from the registry: run python tests/helpers/lint_catalog.py
    assert [code for code in (*RULES, *RUN_RULES) if f"`{code}`" not in page] == []
    assert set(DOCUMENTED_BY) == set(RULES) | set(RUN_RULES) and all(DOCUMENTED_BY.values())


def test_every_finding_code_in_the_source_is_in_the_registry() -> None:
    import re

    source = FIXTURES.parents[1] / "fairyport" / "gamecourier"
    used = {code for path in source.rglob("*.py") for code in re.findall(r'"(GC-[A-Z-]+)"', path.read_text())}
    assert used - set(RULES) - set(RUN_RULES) == set()
    for path in source.rglob("*.py"):  # a finding built by hand has the registry's severity
        for severity, code in re.findall(r'Severity\.([A-Z]+),\s*"(GC-[A-Z-]+)"', path.read_text()):
            assert RUN_RULES[code].severity.name == severity, code


def test_query_preset_over_a_settings_file_at_hand(tmp_path: Path) -> None:
    base = tmp_path / "mirbase.php"
    base.write_bytes((FIXTURES / "mir_chess_32.php").read_bytes())
    query = tmp_path / "custom.gc"
    query.write_text("game=Mir+Chess+32&settings=mirbase&code=rnegkenc%2F4pppp%2Fpppp4%2F8%2F8%2F4PPPP%2FPPPP4"
                     "%2FCNEKGENRR&cols=8\n")
    preset = read_preset(query)
    assert preset.base is not None and preset.get("pregame") == read_preset(base).get("pregame")
    findings, analysis = lint_preset(preset)
    assert analysis.enforcement.level == "enforced"
    assert [(f.code, f.location.file, f.location.line) for f in findings] == [
        ("GC-FEN-WIDTH", str(query), 1), ("GC-FEN-WIDTH", str(query), 1),  # a rank of 9, so the last is short
        ("GC-LABEL-COUNT", str(base), 9)]  # the base's eight rank labels for nine ranks
    assert rewrite_file(query) == query.read_bytes()
    base.write_text("<?php\n$default['pregame'] = <<<'NOW'\nif == a b:\nNOW;\n")
    findings, _ = lint_preset(read_preset(query))
    syntax = [f for f in findings if f.code == "GC-SYNTAX"]
    assert [(f.location.file, f.location.line, f.location.column) for f in syntax] == [(str(base), 3, 1)]
    base.write_text("<?php\n$default['rules'] = 'r';\n$default['rulesurl'] = 'u';\n")
    findings, analysis = lint_preset(read_preset(query))
    assert analysis.enforcement.level == "uncoded"  # the settings file is at hand and has no code
    assert [f.code for f in findings if f.code in ("GC-UNCODED", "GC-INHERITS")] == ["GC-UNCODED"]
    base.unlink()
    findings, analysis = lint_preset(read_preset(query))
    assert analysis.enforcement.level == "unknown" and "GC-INHERITS" in {f.code for f in findings}


def test_unpaired_loops_are_located_syntax_findings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    preset = tmp_path / "loops.php"
    preset.write_text("<?php\n$default['code'] = 'k2/3/2K';\n$default['cols'] = 3;\n"
                      "$default['postauto1'] = <<<'NOW'\nfor x (1 2):\n  do:\n  next;\nloop;\nNOW;\n")
    findings, _ = lint_preset(read_preset(preset))
    syntax = [(f.location.line, f.location.column) for f in findings if f.code == "GC-SYNTAX"]
    assert syntax == [(7, 3), (8, 1)]  # 'next' crossing the open 'do', then 'loop' with nothing open
    assert main(["validate", str(preset)]) == EXIT_CHECK_FAILED
    assert "crossed blocks" in capsys.readouterr().out
