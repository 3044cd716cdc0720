"""A position where the side not to move is in check is no position of a game (issue 31, item 6): every engine's
``--fen`` refuses it (exit 4, naming the attacked royal piece and its attacker) and ``validate`` flags such a
start position in every format, on large boards and with the flying-general rule too."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from fairyport.cli.main import main
from fairyport.errors import EXIT_UNPARSABLE
from fairyport.expectations import bundled_fixtures

GAMES = bundled_fixtures() / "games"
ROOK_CHECK = "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1"
"""White to move; White's rook on e2 attacks Black's king on e8."""
FACING = "3k3/7/7/7/7/7/3K3 w - - 0 1"
"""MiniXiangqi, White to move, the generals face each other on the open d-file."""


ROOK_LEGAL = ROOK_CHECK.replace(" w ", " b ")
"""The same pieces with the checked side to move: a position of the game."""
APART = "3k3/7/7/7/7/7/2K4 w - - 0 1"
"""The generals on different files."""


@pytest.mark.parametrize(("game", "engine", "fen", "attacker", "legal"), [
    ("chess.idiagram", "model", ROOK_CHECK, "rook on e2", ROOK_LEGAL),
    ("chess.zrf", "native", ROOK_CHECK, "Rook on e2", ROOK_LEGAL),
    ("chess.zrf", "model", ROOK_CHECK, "Rook on e2", ROOK_LEGAL),
    ("minixiangqi.idiagram", "model", FACING, "general on d1", APART),
    ("minixiangqi.zrf", "native", FACING, "General on d1", APART),
])
def test_perft_fen_with_the_side_not_to_move_in_check_is_refused(game: str, engine: str, fen: str, attacker: str,
                                                                legal: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", str(GAMES / game), "--engine", engine, "--fen", fen, "--depth", "1"]) == EXIT_UNPARSABLE
    err = capsys.readouterr().err
    assert "--fen:1:1: the FEN has" in err and f"is attacked by {attacker}" in err
    assert main(["perft", str(GAMES / game), "--engine", engine, "--fen", legal, "--depth", "1"]) == 0


def test_fairy_stockfish_engine_refuses_it_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyffish")
    ini = tmp_path / "variants.ini"
    ini.write_text("[fpoppositecheck:chess]\n", encoding="utf-8")
    assert main(["perft", str(ini), "--fen", ROOK_CHECK, "--depth", "1"]) == EXIT_UNPARSABLE
    assert "black is in check (Fairy-Stockfish)" in capsys.readouterr().err
    assert main(["perft", str(ini), "--fen", ROOK_CHECK.replace(" w ", " b "), "--depth", "1"]) == 0


def test_check_refuses_an_expectation_fen_in_opposite_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expectation = tmp_path / "opposite.perft"
    expectation.write_text(f"game {GAMES / 'chess.zrf'}\nid rook\nfen {ROOK_CHECK}\nperft 1 4\n", encoding="utf-8")
    assert main(["check", "--json", str(expectation)]) == 1
    (record,) = json.loads(capsys.readouterr().out)
    assert str(record["status"]).startswith(f"error: {expectation}:3:5: the FEN has White to move")
    assert "is attacked by Rook on e2" in str(record["status"])


def test_a_256x256_fen_is_checked_at_bounded_cost(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    diagram = tmp_path / "big.idiagram"
    diagram.write_text("files=256\nranks=256\nrook:R:R:rook:a2\nking:K:K:king:e1\n", encoding="utf-8")
    rows = ["4k251", *["256"] * 253, "R255", "4K251"]
    fen = "/".join(rows) + " w - - 0 1"
    started = time.perf_counter()
    assert main(["perft", str(diagram), "--fen", fen.replace("R255", "4R251"), "--depth", "1"]) == EXIT_UNPARSABLE
    assert "black's royal piece on e256 is attacked by rook on e2" in capsys.readouterr().err
    assert main(["perft", str(diagram), "--fen", fen, "--depth", "1"]) == 0
    assert time.perf_counter() - started < 60


def _validate(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, list[dict[str, object]]]:
    code = main(["validate", "--json", *(["--run"] if path.suffix == ".zrf" else []), str(path)])
    (record,) = json.loads(capsys.readouterr().out)
    return code, [f for f in record["findings"] if f["code"] == "opposite-check"]


@pytest.mark.parametrize(("game", "old", "new", "attacker"), [
    ("chess.zrf", "(Rook a1 h1)", "(Rook a1 h1 e3)", "Rook on e3"),
    ("minixiangqi.zrf", "(Soldier a2 c2 d2 e2 g2)", "(Soldier a2 c2 e2 g2)", "General on d1"),
    ("minixiangqi.idiagram", "soldier:P:fsW:pawn:a2,c2-e2,g2", "soldier:P:fsW:pawn:a2,c2,e2,g2", "general on d1"),
])
def test_validate_flags_a_start_in_opposite_check(game: str, old: str, new: str, attacker: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    text = (GAMES / game).read_text(encoding="utf-8")
    if game == "chess.zrf":
        text = text.replace("(Pawn a7 b7 c7 d7 e7 f7 g7 h7)", "(Pawn a7 b7 c7 d7 f7 g7 h7)")
    elif game == "minixiangqi.zrf":
        text = text.replace("(Soldier a6 c6 d6 e6 g6)", "(Soldier a6 c6 e6 g6)")
    path = tmp_path / game
    path.write_text(text, encoding="utf-8")
    assert _validate(capsys, path) == (0, [])
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    code, (finding,) = _validate(capsys, path)
    assert code == 1 and f"is attacked by {attacker}" in str(finding["message"])
