"""``fairyport perft`` and ``fairyport check`` on ZRF files, through the interpreter (the format's own engine)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from zrf_helpers import corpus_file
from zrf_interp_helpers import game_text

from fairyport.cli.main import main
from fairyport.errors import EXIT_UNSUPPORTED

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def test_perft_variant_and_fen(capsys: pytest.CaptureFixture[str]) -> None:
    chess = str(corpus_file("zrflib/Chess.zrf"))
    assert main(["perft", chess, "--variant", "Chess", "--depth", "2", "--fen", KIWIPETE, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["engine"] == "zrf" and data["perft"] == {"1": 48, "2": 2039}
    assert data["fen"].split()[0] == KIWIPETE.split()[0]


def test_divide_with_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    chess = str(corpus_file("zrflib/Chess.zrf"))
    assert main(["perft", chess, "--variant", "Knightmate", "--depth", "2", "--divide", "--jobs", "2"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("perft(2) = 324")


def test_check_with_an_expectation_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chess = corpus_file("zrflib/Chess.zrf")
    expectation = tmp_path / "chess-zrf.perft"
    expectation.write_text(f"game {chess}\nvariant Chess\nid start\nfen startpos\nperft 1 20\nperft 2 400\n"
                           f"id kiwipete\nfen {KIWIPETE}\nperft 1 48\n", encoding="utf-8")
    assert main(["check", str(expectation)]) == 0


def test_unsupported_instruction_exits_3_with_its_location(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.zrf"
    path.write_text(game_text("(piece (name Man) (moves (n (frobnicate) add)))", "(White (Man c3))"),
                    encoding="utf-8")
    assert main(["perft", str(path), "--depth", "1"]) == EXIT_UNSUPPORTED
    err = capsys.readouterr().err
    assert "bad.zrf:11:" in err and "frobnicate" in err and "Traceback" not in err


def test_endless_loop_exits_3(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "loop.zrf"
    path.write_text(game_text("(piece (name Man) (moves ((while true (verify true)))))", "(White (Man c3))"),
                    encoding="utf-8")
    assert main(["perft", str(path), "--depth", "1"]) == EXIT_UNSUPPORTED
    assert "while loop ran past" in capsys.readouterr().err


def test_dagaz_files_say_their_javascript_is_not_played(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", str(corpus_file("dagaz-site/chess.zrf")), "--depth", "1"]) == 0
    assert "JavaScript" in capsys.readouterr().err


def test_a_game_without_goals_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nogoal.zrf"
    path.write_text(game_text("(piece (name Man) (moves (n add)))", "(White (Man c3))"), encoding="utf-8")
    assert main(["perft", str(path), "--depth", "1"]) == 0
    # the syntax layer takes a file without goals for the Dagaz dialect
    assert "JavaScript extensions" in capsys.readouterr().err
