"""Every file of the shared ZRF corpus: parses, expands, every variant builds and resolves, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from zrf_helpers import corpus_files, corpus_id, needs_corpus

from fairyport.api import validate_path
from fairyport.errors import FairyportError, ModelError
from fairyport.format import ValidateOptions
from fairyport.zrf.syntax.loader import load
from fairyport.zrf.syntax.structure import read_structure
from fairyport.zrf.typed.build import build_game
from fairyport.zrf.typed.geometry import resolve

FILES = corpus_files()
LIBRARIES = {"common.zrf", "sokoban.inc"}


@pytest.mark.parametrize("path", FILES, ids=corpus_id)
def test_file_and_every_variant_load(path: Path) -> None:
    loaded = load(path)
    if path.name in LIBRARIES:
        assert loaded.macros and not loaded.expanded
        with pytest.raises(ModelError):
            read_structure(loaded)
        return
    structure = read_structure(loaded)
    for variant in structure.choices:
        findings: list = []
        game = build_game(structure.sections(variant), findings)
        assert not [f for f in findings if f.code == "malformed-form"], (variant.label, findings[:3])
        assert game.pieces, variant.label
        if game.board is not None:
            assert resolve(game.board).positions, variant.label


@pytest.mark.slow
@needs_corpus
def test_validation_never_fails_to_read_a_corpus_file() -> None:
    statuses = {}
    for path in FILES:
        report = validate_path(path, ValidateOptions())
        assert report.unreadable is None, report.unreadable
        statuses[path.name] = report.status
    # No real file is refused; its two real mistakes are reported as Zillions plays them (a macro called without
    # its arguments expands with nothing in its place: info; a symmetry naming an undefined direction never
    # applies: warning), so no corpus file has an error any more.
    assert sorted(name for name, status in statuses.items() if status == "findings") == []
    assert statuses["Checker Games.zrf"] == statuses["cubic-chess.zrf"] == "warnings"


def test_errors_are_located_fairyport_errors(tmp_path: Path) -> None:
    path = tmp_path / "x.zrf"
    path.write_bytes(b"(game (title \"x\"))) (")
    with pytest.raises(FairyportError) as info:
        load(path)
    assert info.value.location.file == str(path) and info.value.location.line == 1
