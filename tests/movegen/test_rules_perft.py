"""Perft of every bundled game against its expectation file, and python-chess's tricky positions."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest
from paths import SHARED, source_id, with_subset

from fairyport.engines import Engine
from fairyport.expectations import bundled_fixtures, read_expectation
from fairyport.formats import load_engine, read_game
from fairyport.model import kept_code
from fairyport.movegen import Position, compile_game, divide, perft
from fairyport.movegen.perft import SAME_NAME_MARK

FAST_NODES = 120_000

CASES = [
    (path.stem, case.id, case.fen, line.depth, line.nodes, line.slow)
    for path in sorted(bundled_fixtures().glob("games/*.perft"))
    for case in read_expectation(path).cases
    for line in case.expected
]


def _position(game_name: str, fen: str) -> Position:
    expectation = read_expectation(bundled_fixtures() / "games" / f"{game_name}.perft")
    variant = compile_game(read_game(expectation.game))
    return variant.start_position() if fen == "startpos" else Position.from_fen(variant, fen)


@functools.cache
def _kept_code_engine(game_name: str) -> Engine | None:
    """For the drop games' ZRF files, which read back keeping their hands as code (the generator cannot play
    that model): the engine fairyport check plays them with (the interpreter, on the file or on the model)."""
    expectation = read_expectation(bundled_fixtures() / "games" / f"{game_name}.perft")
    source = Path(expectation.game)
    if source.suffix != ".zrf" or not kept_code(read_game(source)):
        return None
    return load_engine(source, engine="model" if expectation.engine == "model" else "auto")


@pytest.mark.parametrize(
    ("game", "case", "fen", "depth", "nodes"),
    [pytest.param(*c[:5], marks=pytest.mark.slow, id=f"{c[0]}-{c[1]}-{c[3]}") if c[5] or c[4] > FAST_NODES
     else pytest.param(*c[:5], id=f"{c[0]}-{c[1]}-{c[3]}") for c in CASES],
)
def test_expected_perft(game: str, case: str, fen: str, depth: int, nodes: int) -> None:
    engine = _kept_code_engine(game)
    if engine is not None:
        assert perft(engine.position(fen, None), depth) == nodes
        return
    assert perft(_position(game, fen), depth) == nodes


def test_every_game_has_expectations() -> None:
    games = {p.stem for pattern in ("games/*.idiagram", "games/*.json") for p in bundled_fixtures().glob(pattern)}
    written = {p.stem for p in bundled_fixtures().glob("games/*.zrf")}
    expected = games | {f"{g}-zrf" for g in written} | {f"{g}-zrf-model" for g in written}
    assert {c[0] for c in CASES} == expected


def test_divide_sums_to_perft() -> None:
    pos = _position("mirchess32", "startpos")
    table = divide(pos, 2)
    assert len(table) == 20 and sum(table.values()) == 402
    assert table["a1a6"] == 22  # the cannon capture that makes d2 = 402 (perft.md)


class _Twins:
    """Two root moves an engine names alike ("a1b1"), with 3 and 5 replies; after them, no moves."""

    def __init__(self) -> None:
        self.made: list[int] = []

    def legal_raw(self) -> list[int]:
        if not self.made:
            return [3, 5]
        return list(range(self.made[0])) if len(self.made) == 1 else []

    def push_raw(self, move: int) -> None:
        self.made.append(move)

    def pop_raw(self) -> None:
        self.made.pop()

    def uci(self, move: int) -> str:
        return "a1b1"

    def copy(self) -> _Twins:
        twin = _Twins()
        twin.made = list(self.made)
        return twin


def test_moves_named_alike_are_divided_apart() -> None:
    # merged under one name the counts would overwrite each other: divide would sum to 5 (or 3) of perft(2) = 8
    assert divide(_Twins(), 2) == {"a1b1": 3, f"a1b1{SAME_NAME_MARK}2": 5}
    assert divide(_Twins(), 2, jobs=2) == divide(_Twins(), 2)


def test_divide_with_processes_equals_serial() -> None:
    pos = _position("minixiangqi", "startpos")
    assert divide(pos, 2, jobs=2) == divide(pos, 2)


TRICKY_EXCLUDED = ("xfen-", "asymmetrical-and-king-on-h")
"""Chess960-style positions: X-FEN castling (king to g/c whatever its file) is not the Diagram's castling."""


TRICKY = with_subset("corpus/perft/tricky.perft")
"""The shared corpus's tricky chess positions where present, and our own (counts by python-chess)."""


def _tricky_cases(path: Path) -> list[tuple[str, str, int, int]]:
    cases: list[tuple[str, str, int, int]] = []
    name = epd = ""
    for line in path.read_text().splitlines():
        if line.startswith("id "):
            name = line[3:].strip()
        elif line.startswith("epd "):
            epd = line[4:].strip()
        elif line.startswith("perft ") and not name.startswith(TRICKY_EXCLUDED):
            depth, nodes = map(int, line.split()[1:])
            if nodes <= 60_000:
                cases.append((name, epd, depth, nodes))
    return cases


@pytest.mark.parametrize("path", TRICKY, ids=source_id)
def test_tricky_chess_positions(path: Path) -> None:
    expectation = read_expectation(bundled_fixtures() / "games" / "chess.perft")
    variant = compile_game(read_game(expectation.game))
    wrong = [(name, depth, nodes, perft(Position.from_fen(variant, epd), depth))
             for name, epd, depth, nodes in _tricky_cases(path)
             if perft(Position.from_fen(variant, epd), depth) != nodes]
    assert not wrong
    assert len(_tricky_cases(path)) >= (30 if path.is_relative_to(SHARED) else 20)


def test_own_tricky_positions_count_as_python_chess_counts() -> None:
    """Our own reference file (``tests/data``) holds python-chess's counts, so it is a reference, not a guess."""
    chess = pytest.importorskip("chess")

    def count(board: Any, depth: int) -> int:
        if depth == 0:
            return 1
        total = 0
        for move in list(board.legal_moves):
            board.push(move)
            total += count(board, depth - 1)
            board.pop()
        return total

    cases = _tricky_cases(TRICKY[-1])
    assert cases and all(count(chess.Board(f"{epd} 0 1"), depth) == nodes for _, epd, depth, nodes in cases)
