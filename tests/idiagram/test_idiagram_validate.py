"""``fairyport validate`` on Interactive Diagram files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fairyport.cli.main import main
from fairyport.expectations import bundled_fixtures

GAMES = bundled_fixtures() / "games"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict[str, object]]]:
    code = main(["validate", "--json", *args])
    return code, json.loads(capsys.readouterr().out)


def test_bundled_games_have_no_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, records = run(capsys, *(str(p) for p in sorted(GAMES.glob("*.idiagram"))))
    assert code == 0 and len(records) == 12
    assert all(r["status"] in ("clean", "warnings") for r in records)


def test_unplayable_piece_is_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "swap.idiagram"
    path.write_text("files=8\nranks=8\nswapper:S:ucR:rook:a1\nking:K:K:king:e1\n", encoding="utf-8")
    code, (record,) = run(capsys, str(path))
    assert code == 0
    (finding,) = [f for f in record["findings"] if f["code"] == "not-playable"]  # type: ignore[union-attr]
    assert "swapper" in finding["message"]


def test_square_off_the_board_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "off.idiagram"
    path.write_text("files=8\nranks=8\nking:K:K:king:e1,z9\n", encoding="utf-8")
    code, (record,) = run(capsys, str(path))
    assert code == 1
    (finding,) = record["findings"]  # type: ignore[misc]
    assert finding["code"] == "inconsistent-game" and finding["line"] == 3


def test_bad_betza_is_unreadable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.idiagram"
    path.write_text("files=8\nranks=8\nthing:T:W03:rook:a1\nking:K:K:king:e1\n", encoding="utf-8")
    code, (record,) = run(capsys, str(path))
    assert code == 4 and "bad.idiagram:3:" in str(record["unreadable"])


def test_extension_lines_are_named_as_fairyport_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hill.idiagram"
    path.write_text("fairyportZone=hill:d4,e4,d5,e5\nfairyportFlag=hill;white:K;black:K\nfairyportMustCapture=1\n"
                    "pawn::::a2-h2\nking:K:K:king:e1\n", encoding="utf-8")
    code, (record,) = run(capsys, str(path))
    assert code == 0
    found = [f for f in record["findings"] if f["code"] == "fairyport-extension"]  # type: ignore[union-attr]
    assert [f["severity"] for f in found] == ["info"] * 3
    assert "fairyportFlag=hill;white:K;black:K" in found[1]["message"]
    assert "the Diagram's own script ignores it" in found[2]["message"]


def test_side_not_to_move_in_check_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """White to move while its rook on a8 attacks Black's king on e8: White's first move could take the king."""
    path = tmp_path / "opposite.idiagram"
    path.write_text("files=8\nranks=8\nsymmetry=mirror\nrook:R:R:rook:a8\nking:K:K:king:e1\n", encoding="utf-8")
    code, (record,) = run(capsys, str(path))
    (finding,) = [f for f in record["findings"] if f["code"] == "opposite-check"]  # type: ignore[union-attr]
    assert code == 1 and "e8" in finding["message"] and "white to move" in finding["message"]
    path.write_text("files=8\nranks=8\nsymmetry=mirror\nrook:R:R:rook:b7\nking:K:K:king:e1\n", encoding="utf-8")
    code, (record,) = run(capsys, str(path))
    assert code == 0 and not [f for f in record["findings"] if f["code"] == "opposite-check"]  # type: ignore[union-attr]
