"""The generator on a 256x256 board (issue 19's hostile case, issue 21): tables are built per square on first
use, so perft stays within 1 GiB and a few seconds, and its counts agree with the independent generator."""

from __future__ import annotations

import dataclasses
import resource
import subprocess
import sys
from pathlib import Path

import fairyport
from fairyport.model import WHITE
from fairyport.movegen import Position, compile_game, perft
from tests.helpers import independent_movegen as independent

ROOT = Path(__file__).resolve().parents[2]

MEMORY_LIMIT = 1 << 30
"""The address-space limit of the perft process (issue 19: under 1 GiB)."""


def _big_diagram(pieces: int = 50) -> str:
    """256x256, ``pieces`` queens on the first and last ranks, kings on z128 and z129 (White in check)."""
    white = ",".join(f"{chr(97 + i % 26)}{1 + i // 26}" for i in range(pieces // 2))
    black = ",".join(f"{chr(97 + i % 26)}{256 - i // 26}" for i in range(pieces // 2))
    return f"files=256\nranks=256\nqueen:Q:Q:queen:{white},,{black}\nking:K:K:king:z128,,z129\n"


def test_tables_are_built_only_for_the_squares_visited() -> None:
    game = fairyport.read(_big_diagram())
    pos = Position.start(compile_game(game))
    assert perft(pos, 2) == 25968
    variant = pos.variant
    queen = variant.code("Q", WHITE)
    assert 0 < len(variant.simple_moves[queen]) < 100  # of 65,536 squares
    assert len(variant.ray_attackers[WHITE]) < 1000
    assert variant.stuck[queen] == frozenset()  # answered from the step vectors, not from full rays


def test_counts_agree_with_the_independent_generator() -> None:
    pos = Position.start(compile_game(fairyport.read(_big_diagram())))
    counts: dict[str, int] = {}
    for move in pos.legal_moves():
        pos.push(move)
        counts[move.uci] = perft(pos, 1)
        pos.pop()
    rules = dataclasses.replace(independent.CHESS, name="256x256 queens", width=256, height=256, castling=False,
                                promotions={})
    assert independent.perft(rules, pos.fen(), 1) == len(counts) == 3  # its square names stop at file z
    assert counts.pop("z128z129") == 0  # Black has no royal piece left: the game is over (no moves)
    for uci, count in counts.items():
        pos.push(pos.parse_uci(uci))
        assert independent.perft(rules, pos.fen(), 1) == count, uci
        pos.pop()


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def test_perft_2_on_256x256_within_1_gib(tmp_path: Path) -> None:
    path = tmp_path / "q50.idiagram"
    path.write_text(_big_diagram(), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "fairyport", "perft", str(path), "--depth", "2"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, preexec_fn=_limit_memory, check=False)
    assert done.returncode == 0, done.stderr
    assert "perft(2) = 25968" in done.stdout
