"""Fairy-Stockfish's own perft suite (the checks of its ``tests/perft.sh``) through fairyport.

The checks come from the shared corpus (``corpus/perft/fairy_stockfish_perft.tsv``: variant, position, depth,
nodes); each names a built-in variant, read here by name as a section inheriting it. fairyport's count is
compared with pyffish's at a lowered depth: 2 in the default suite (the check's own depth where its count is
small), as deep as 20,000 nodes in the slow one. A check fairyport refuses (an option the model cannot hold,
named) is skipped with the refusal; one it reads must agree. A Chess960 check reads the variant with
``chess960 = true`` (Fairy-Stockfish's option, the same as its UCI_Chess960).
"""

from __future__ import annotations

import pytest
from fsf_compare import aligned, fsf_counts, model_counts
from fsf_suite import Check, section_text, table_checks
from paths import CORPUS, skip_without

from fairyport.errors import UnsupportedError
from fairyport.fsf.read import read_text

SUITE = CORPUS / "perft" / "fairy_stockfish_perft.tsv"
QUICK_NODES = 5000
"""A check whose own count is at most this runs at its own depth in the default suite; others at depth 2."""
SLOW_NODES = 20000
"""The slow suite runs each check as deep as this many nodes (fairyport's count at that depth)."""


CHECKS = table_checks(SUITE) if SUITE.exists() else []
IDS = [f"{c.variant}-{c.line}" for c in CHECKS]


def _game(check: Check) -> object:
    try:
        return read_text(section_text(check), variant="perftsuite", name=f"{SUITE.name}:{check.line}")
    except UnsupportedError as error:
        pytest.skip(f"refused: {error.message()}")


def _compare(check: Check, depth: int) -> None:
    sf = pytest.importorskip("pyffish")
    game, _ = aligned(_game(check))  # type: ignore[arg-type]
    try:
        ours = model_counts(game, depth, check.fen)[-1]
    except UnsupportedError as error:
        pytest.skip(f"refused: {error.message()}")
    theirs = fsf_counts(sf, check.variant, depth, check.fen, check.chess960)[-1]
    assert ours == theirs, (check.variant, check.fen, depth)


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
    pytest.importorskip("pyffish")
    game, _ = aligned(_game(check))  # type: ignore[arg-type]
    depth = 1
    while depth < check.depth and model_counts(game, depth + 1, check.fen)[-1] <= SLOW_NODES:
        depth += 1  # the depth found by fairyport's count (fast); pyffish counts only the one compared
    _compare(check, depth)
