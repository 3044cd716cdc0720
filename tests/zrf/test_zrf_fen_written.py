"""The FEN the ZRF interpreter reports carries the castling rights and the e.p. square the position has: read back,
it counts the same perft (issue 31, item 3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fairyport.cli.main import main
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter import compile_file

CHESS = Path(__file__).resolve().parents[2] / "fixtures" / "games" / "chess.zrf"


def _played(fen: str, moves: list[str]) -> object:
    position = compile_file(CHESS).position_from_fen(fen)
    for name in moves:
        position.push_raw(next(m for m in position.legal_raw() if position.uci(m) == name))
    return position


@pytest.mark.parametrize(("fen", "moves", "fields"), [
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", [], "KQkq -"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ["a1b1", "h8g8", "b1a1", "g8h8"], "Kq -"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", ["e1d1", "h8g8"], "q -"),
    ("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", ["d7d5"], "- d6"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ["e2e4"], "KQkq e3"),
])
def test_written_fen_reads_back_to_the_same_perft(fen: str, moves: list[str], fields: str) -> None:
    position = _played(fen, moves)
    written = position.fen()  # type: ignore[attr-defined]
    assert " ".join(written.split()[2:4]) == fields
    again = compile_file(CHESS).position_from_fen(written)
    assert [perft(again, d) for d in (1, 2)] == [perft(position, d) for d in (1, 2)]  # type: ignore[arg-type]


def test_perft_json_reports_the_rights_it_counted_with(capsys: pytest.CaptureFixture[str]) -> None:
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    assert main(["perft", str(CHESS), "--fen", fen, "--depth", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["perft"] == {"1": 26} and data["fen"] == fen
    assert main(["perft", str(CHESS), "--depth", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["fen"].split()[2] == "KQkq"
