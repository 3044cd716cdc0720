"""Fairy-Stockfish's own perft suite (the checks of its ``tests/perft.sh``) through fairyport.

The checks come from the shared corpus (``corpus/perft/fairy_stockfish_perft.tsv``: variant, position, depth,
nodes); each names a built-in variant, read here by name as a section inheriting it. fairyport's count is
compared with pyffish's at a lowered depth: 2 in the default suite (the check's own depth where its count is
small), as deep as 20,000 nodes in the slow one. A check fairyport refuses (an option the model cannot hold,
named) is skipped with the refusal; one it reads must agree. Chess960 checks are skipped (no Chess960 mode).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from fsf_compare import aligned, fsf_counts, model_counts
from paths import CORPUS, skip_without

from fairyport.errors import UnsupportedError
from fairyport.fsf.read import read_text

SUITE = CORPUS / "perft" / "fairy_stockfish_perft.tsv"
QUICK_NODES = 5000
"""A check whose own count is at most this runs at its own depth in the default suite; others at depth 2."""
SLOW_NODES = 20000
"""The slow suite runs each check as deep as this many nodes (Fairy-Stockfish's count at that depth)."""


@dataclasses.dataclass(frozen=True)
class Check:
    line: int
    variant: str
    fen: str | None
    depth: int
    nodes: int
    chess960: bool


def _checks(path: Path) -> list[Check]:
    if not path.exists():
        return []
    out: list[Check] = []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not text.strip() or text.startswith("#"):
            continue
        _, variant, position, depth, nodes, chess960 = text.split("\t")
        fen = None if position == "startpos" else position
        out.append(Check(number, variant, fen, int(depth), int(nodes), chess960 == "true"))
    return out


CHECKS = _checks(SUITE)
IDS = [f"{c.variant}-{c.line}" for c in CHECKS]


def _game(check: Check) -> object:
    if check.chess960:
        pytest.skip("a Chess960 check: fairyport has no Chess960 castling mode")
    try:
        return read_text(f"[perftsuite:{check.variant}]\n", variant="perftsuite", name=f"{SUITE.name}:{check.line}")
    except UnsupportedError as error:
        pytest.skip(f"refused: {error.message()}")


def _compare(check: Check, depth: int) -> None:
    sf = pytest.importorskip("pyffish")
    game, _ = aligned(_game(check))  # type: ignore[arg-type]
    try:
        ours = model_counts(game, depth, check.fen)[-1]
    except UnsupportedError as error:
        pytest.skip(f"refused: {error.message()}")
    assert ours == fsf_counts(sf, check.variant, depth, check.fen)[-1], (check.variant, check.fen, depth)


@pytest.mark.parametrize("check", CHECKS or [pytest.param(None, marks=pytest.mark.skip(reason="no suite"))],
                         ids=IDS or ["missing"])
def test_perft_suite_quick(check: Check) -> None:
    """Every check fairyport reads agrees with Fairy-Stockfish at depth 2 (its own depth when small)."""
    skip_without(SUITE)
    _compare(check, check.depth if check.nodes <= QUICK_NODES else min(2, check.depth))


@pytest.mark.slow
@pytest.mark.parametrize("check", CHECKS or [pytest.param(None, marks=pytest.mark.skip(reason="no suite"))],
                         ids=IDS or ["missing"])
def test_perft_suite_deep(check: Check) -> None:
    """Every check fairyport reads agrees as deep as :data:`SLOW_NODES` nodes."""
    skip_without(SUITE)
    sf = pytest.importorskip("pyffish")
    _game(check)
    depth = 1
    while depth < check.depth and fsf_counts(sf, check.variant, depth + 1, check.fen)[-1] <= SLOW_NODES:
        depth += 1
    _compare(check, depth)
