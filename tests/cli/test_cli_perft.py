"""The perft and check commands."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fairyport.cli.main import main
from fairyport.errors import EXIT_CHECK_FAILED, EXIT_UNPARSABLE, EXIT_UNSUPPORTED, EXIT_USAGE
from fairyport.expectations import bundled_fixtures, read_expectation

GAMES = bundled_fixtures() / "games"


def test_perft_prints_one_line_per_depth(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", str(GAMES / "mirchess32.idiagram"), "--depth", "2"]) == 0
    assert capsys.readouterr().out.splitlines() == ["perft(1) = 20", "perft(2) = 402"]


def test_perft_json_and_fen(capsys: pytest.CaptureFixture[str]) -> None:
    fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert main(["perft", str(GAMES / "chess.idiagram"), "--depth", "2", "--fen", fen, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["perft"] == {"1": 48, "2": 2039} and data["fen"] == fen


def test_divide(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", str(GAMES / "chess.idiagram"), "--depth", "2", "--divide", "--jobs", "2"]) == 0
    out = capsys.readouterr().out
    assert "e2e4: 20" in out and out.rstrip().endswith("perft(2) = 400")


def test_bad_fen_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", str(GAMES / "chess.idiagram"), "--fen", "8/8 w"]) == EXIT_UNPARSABLE
    assert "bad FEN" in capsys.readouterr().err


def test_bad_depth_is_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", str(GAMES / "chess.idiagram"), "--depth", "0"]) == EXIT_USAGE


def test_check_bundled_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--max-depth", "2", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["game"] for r in rows} >= {"chess", "mirchess32", "mirchess36", "minixiangqi", "mideast"}
    assert all(r["status"] == "ok" for r in rows)


def test_check_reports_mismatch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wrong = tmp_path / "wrong.perft"
    wrong.write_text(f"game {GAMES / 'mirchess32.idiagram'}\nid start\nfen startpos\nperft 2 400\n")
    assert main(["check", str(wrong)]) == EXIT_CHECK_FAILED
    assert "MISMATCH" in capsys.readouterr().out


def test_check_malformed_expectation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.perft"
    bad.write_text(f"game {GAMES / 'chess.idiagram'}\nid start\nperft two 20\n")
    assert main(["check", str(bad), "--json"]) == EXIT_CHECK_FAILED
    (row,) = json.loads(capsys.readouterr().out)
    assert "bad.perft:3:1" in row["status"] and "perft DEPTH NODES" in row["status"]


def test_check_bad_fen_is_located(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "badfen.perft"
    bad.write_text(f"game {GAMES / 'chess.idiagram'}\nid broken\nfen rnbqkbnr/pppppppp/8/8 w - - 0 1\nperft 1 20\n")
    assert main(["check", str(bad), "--json"]) == EXIT_CHECK_FAILED
    (row,) = json.loads(capsys.readouterr().out)
    assert "badfen.perft:3:5" in row["status"] and "ranks" in row["status"]


def test_perft_bad_fen_names_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", str(GAMES / "chess.idiagram"), "--fen", "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR"]) \
        == EXIT_UNPARSABLE
    err = capsys.readouterr().err
    assert "--fen:1:14" in err and "unknown piece 'X'" in err


def test_engine_native_without_interpreter_is_unsupported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", str(GAMES / "chess.idiagram"), "--depth", "1", "--engine", "native"]) == EXIT_UNSUPPORTED
    assert "no interpreter of its own" in capsys.readouterr().err


def test_variant_for_a_single_game_format_is_unsupported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", str(GAMES / "chess.idiagram"), "--depth", "1", "--variant", "2"]) == EXIT_UNSUPPORTED
    assert "--variant" in capsys.readouterr().err


def test_expectation_variant_line(tmp_path: Path) -> None:
    (tmp_path / "x.perft").write_text("game g.zrf\nvariant Knightmate\nid start\nfen startpos\nperft 1 20\n")
    expectation = read_expectation(tmp_path / "x.perft")
    assert expectation.variant == "Knightmate" and expectation.game == tmp_path / "g.zrf"


def test_check_names_each_reading_and_ends_with_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(GAMES / f"mirchess32{kind}.perft") for kind in ("", "-zrf", "-zrf-model")]
    assert main(["check", *files, "--max-depth", "1", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["reading"] for row in rows] == ["Diagram model", "ZRF interpreter", "ZRF model"]
    assert main(["check", *files, "--max-depth", "1"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"3 ok, 0 failed, \d+ skipped \(.*\) in \d+\.\d s", last), last


@pytest.mark.parametrize("engine", ["auto", "model"])
def test_perft_of_a_variant_named_in_the_path(engine: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``file.zrf#N`` names a variant for perft as it does for convert, on either engine, same as --variant N."""
    zrf = bundled_fixtures() / "zrf" / "castling" / "unchecked-castling.zrf"
    assert main(["perft", f"{zrf}#3", "--depth", "2", "--engine", engine]) == 0
    by_fragment = capsys.readouterr().out
    assert main(["perft", str(zrf), "--variant", "3", "--depth", "2", "--engine", engine]) == 0
    by_option = capsys.readouterr().out
    assert main(["perft", str(zrf), "--depth", "2", "--engine", engine]) == 0
    assert by_fragment == by_option != capsys.readouterr().out
