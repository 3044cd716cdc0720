"""``fairyport validate`` on ZRF: one hand-written fixture per finding, exit codes, JSON, variants."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from zrf_helpers import FIXTURES, corpus_file

from fairyport.api import validate_path
from fairyport.cli.main import main
from fairyport.diagnostics import Severity
from fairyport.errors import EXIT_CHECK_FAILED, EXIT_OK, EXIT_UNPARSABLE, EXIT_USAGE
from fairyport.format import ValidateOptions
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_file
from fairyport.zrf.typed.checks import SYMMETRY_UNDEFINED_DIRECTION

FIXTURE_FILES = sorted(FIXTURES.glob("*.zrf"))


def summary(path: Path) -> dict[str, Any]:
    report = validate_path(path, ValidateOptions())
    data: dict[str, Any] = {"status": report.status}
    if report.unreadable is not None:
        where = report.unreadable.location
        data["unreadable"] = {"file": Path(where.file or "").name, "line": where.line, "column": where.column}
    data["findings"] = [
        {"file": Path(f.location.file or "").name, "line": f.location.line, "column": f.location.column,
         "severity": f.severity.value, "code": f.code}
        for f in report.findings
    ]
    return data


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=[p.stem for p in FIXTURE_FILES])
def test_fixture_gives_exactly_the_expected_findings(path: Path) -> None:
    expected = json.loads(path.with_suffix(".expected.json").read_text())
    assert summary(path) == expected


def test_every_finding_code_has_a_fixture() -> None:
    codes = set()
    for path in FIXTURE_FILES:
        data = json.loads(path.with_suffix(".expected.json").read_text())
        codes.update(f["code"] for f in data["findings"])
    wanted = {
        "unbalanced-paren", "unterminated-string", "include-missing", "include-cycle", "macro-arg-missing",
        "macro-list-in-atom", "macro-redefined", "undefined-macro", "unknown-keyword", "malformed-form",
        "undefined-piece", "unknown-position", "unknown-zone", "undefined-direction", "unknown-player",
        "symmetry-unknown-player", "duplicate-piece", "grid-mismatch", "unknown-name", "no-game",
        "macro-library", "dialect", "unknown-top-level", "not-a-section", "several-games", "structure-skipped",
    }
    assert wanted <= codes


def test_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(FIXTURES / "clean.zrf")]) == EXIT_OK
    assert main(["validate", str(FIXTURES / "unknown_zone.zrf")]) == EXIT_CHECK_FAILED
    assert main(["validate", str(FIXTURES / "macro_bomb.zrf")]) == EXIT_UNPARSABLE
    out = capsys.readouterr().out
    assert "unknown_zone.zrf:21:75: error: zone 'promotion' is not defined on the board [unknown-zone]" in out
    assert "macro_bomb.zrf:23:19: macro expansion produces more than" in out and out.rstrip().endswith("[unreadable]")


def test_folder_json_has_one_record_per_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(FIXTURES), "--json"]) == EXIT_UNPARSABLE
    records = json.loads(capsys.readouterr().out)
    assert len(records) == len(list(FIXTURES.rglob("*.zrf")))  # the folder is walked with its subfolders
    statuses = {Path(r["file"]).name: r["status"] for r in records}
    assert statuses["clean.zrf"] == "clean" and statuses["macro_recursive.zrf"] == "unreadable"


def test_variant_option_selects_one_variant(capsys: pytest.CaptureFixture[str]) -> None:
    chess = corpus_file("zrflib/Chess.zrf")
    assert main(["validate", str(chess), "--variant", "Knightmate", "--json"]) == EXIT_OK
    record = json.loads(capsys.readouterr().out)[0]
    assert record["details"]["checked"] == 1 and record["details"]["variants"] == 24
    assert main(["validate", str(chess), "--variant", "Nonesuch"]) == EXIT_USAGE
    assert "no variant titled 'Nonesuch'" in capsys.readouterr().err


def test_variant_inheriting_a_broken_section_gets_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "v.zrf"
    path.write_text(
        "(game (title \"G\") (players A B) (board (grid (dimensions (\"a/b\" (1 0)) (\"1/2\" (0 1)))"
        " (directions (n 0 -1)))) (piece (name P)) (board-setup (A (P a1)))"
        " (loss-condition (A B) stalemated))\n"
        "(variant (title \"V\") (players C D))\n"
    )
    data = summary(path)
    assert [(f["severity"], f["code"]) for f in data["findings"]] == [
        ("warning", "unknown-player"), ("warning", "unknown-player"), ("warning", "unknown-player")]


def test_missing_file_exits_as_in_every_command() -> None:
    assert main(["validate", "/no/such/dir/x.zrf"]) == EXIT_UNPARSABLE


def test_prezrf_is_recognised_and_only_syntax_checked(tmp_path: Path) -> None:
    path = tmp_path / "gen.prezrf"
    path.write_text("(define! x 1)\n(include! \"a.prezrf\")\n")
    data = summary(path)
    assert data["findings"] == [{"file": "gen.prezrf", "line": 1, "column": 1, "severity": "info", "code": "prezrf"}]


def test_show_prints_the_board_of_a_fixture(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(FIXTURES / "clean.zrf")]) == EXIT_OK
    assert capsys.readouterr().out.splitlines() == [
        "Fixture  [variant 1 of 1]",
        "players: White Black",
        "positions: 9  directions: n s e w",
        ".  .  ro",
        ".  .  .",
        "RO .  .",
        "pieces: RO=White Rook, ro=Black Rook",
    ]


def test_a_symmetry_naming_an_undefined_direction_is_a_warning_and_the_file_plays() -> None:
    cubic = corpus_file("dagaz-site/cubic-chess.zrf")
    findings = validate_path(cubic, ValidateOptions()).findings
    assert [f.severity for f in findings if f.code == "undefined-direction"] == [SYMMETRY_UNDEFINED_DIRECTION] * 2
    assert not [f for f in findings if f.severity is Severity.ERROR]
    assert perft(compile_file(cubic).start_position(), 1) > 0  # it plays (Dagaz adds JavaScript rules)
