"""``fairyport perft`` and ``fairyport check`` on Game Courier presets, through the GAME Code interpreter."""

from __future__ import annotations

import json
from pathlib import Path

import paths
import pytest

from fairyport.cli.main import main
from fairyport.errors import EXIT_UNSUPPORTED

HERE = Path(__file__).parent / "gamecode"
FIXTURES = paths.FIXTURES / "gamecourier"


def test_perft_on_a_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", str(HERE / "minixiangqi.php"), "--depth", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["engine"] == "gamecourier" and data["perft"] == {"1": 19, "2": 331}
    assert data["fen"] == "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w"


def test_divide_and_fen_on_a_preset(capsys: pytest.CaptureFixture[str]) -> None:
    fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert main(["perft", str(HERE / "chess.php"), "--depth", "1", "--divide", "--fen", fen]) == 0
    out = capsys.readouterr().out
    assert "e1g1: 1" in out and "e1c1: 1" in out and out.rstrip().endswith("perft(1) = 48")


def test_check_with_a_preset_expectation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(HERE / "chess.perft"), str(HERE / "minixiangqi.perft"), "--max-depth", "1",
                 "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows and all(row["status"] == "ok" for row in rows)


def test_include_exits_3_naming_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", str(FIXTURES / "mir_chess_32.php"), "--depth", "1"]) == EXIT_UNSUPPORTED
    err = capsys.readouterr().err
    assert "mir_chess_32.php:14:1: include fairychess: the Game Courier include library 'fairychess' is not " \
           "available to fairyport, so this preset's GAME Code cannot be run; the preset calls sub checked, sub " \
           "haslegalmoves from it; run it with '--engine model'" in err


def test_the_named_engine_runs_the_include_preset(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["perft", str(FIXTURES / "mir_chess_32.php"), "--depth", "1", "--engine", "model"])
    assert code == 0 and capsys.readouterr().out.strip() == "perft(1) = 20"


def test_native_engine_choice(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["perft", str(HERE / "chess.php"), "--depth", "1", "--engine", "native"])
    assert code == 0 and capsys.readouterr().out.strip() == "perft(1) = 20"


def test_divide_with_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", str(HERE / "minixiangqi.php"), "--depth", "2", "--divide", "--jobs", "2"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("perft(2) = 331")
