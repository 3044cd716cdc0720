"""Every game and variant of the shared ZRF corpus runs to perft(2) or fails with a located FairyportError."""

from __future__ import annotations

from pathlib import Path

import pytest
from zrf_helpers import corpus_file, corpus_files, corpus_id

from fairyport.errors import FairyportError, UnsupportedError
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter import compile_file
from fairyport.zrf.interpreter.position import ZrfPosition
from fairyport.zrf.syntax.loader import load
from fairyport.zrf.syntax.structure import read_structure

GAME_FILES = [p for p in corpus_files() if p.suffix == ".zrf" and p.name != "common.zrf"]

EXPECTED_UNSUPPORTED = {
    "Axiomatic.Chase.zrf": "external engine",
    "hughe.zrf": "only true and false",
}
"""Files whose every variant is refused, and why (the rules live elsewhere, or need non-boolean attributes)."""


def _variants(path: Path) -> list[str]:
    structure = read_structure(load(path))
    return [str(v.index) for v in [structure.game, *structure.variants] if not v.separator]


def _assert_unmake_restores(position: ZrfPosition) -> None:
    """Every root move played and taken back leaves the same legal moves, and perft(2) is the sum of the
    replies counted one by one: make/unmake and the counting agree on this file."""
    before = sorted(position.uci(m) for m in position.legal_raw())
    replies = 0
    for move in position.legal_raw():
        position.push_raw(move)
        replies += len(position.legal_raw())
        position.pop_raw()
    assert sorted(position.uci(m) for m in position.legal_raw()) == before
    assert perft(position, 2) == replies


@pytest.mark.slow
@pytest.mark.parametrize("path", GAME_FILES, ids=corpus_id)
def test_every_variant_runs_or_is_a_located_error(path: Path) -> None:
    for variant in _variants(path):
        try:
            position = compile_file(path, variant).start_position()
            _assert_unmake_restores(position)
        except FairyportError as exc:
            assert exc.location.file, f"{path.name} variant {variant}: unlocated {exc}"
            if path.name in EXPECTED_UNSUPPORTED:
                assert isinstance(exc, UnsupportedError) and EXPECTED_UNSUPPORTED[path.name] in str(exc)


def test_chess_like_corpus_samples_run() -> None:
    counts = {}
    for relative, variant in [("zog/Chess_mandatory.zrf", None), ("dagaz-site/makruk.zrf", None),
                              ("dagaz-site/xiang-hex.zrf", "1"), ("zog/levels_01_10.zrf", "1")]:
        counts[relative] = perft(compile_file(corpus_file(relative), variant).start_position(), 2)
    assert counts == {"zog/Chess_mandatory.zrf": 400, "dagaz-site/makruk.zrf": 529,
                      "dagaz-site/xiang-hex.zrf": 874, "zog/levels_01_10.zrf": 14}
