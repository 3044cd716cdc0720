"""Shared helpers of the ZRF tests: where the corpus and the fixtures are."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import ROOT, needs

from fairyport.cli.common import collect_files

FIXTURES = ROOT / "fixtures" / "zrf"
CORPUS = ROOT.parent / "shared" / "corpus" / "zrf"


def corpus_files() -> list[Path]:
    """Every ZRF file (and included file) of the shared corpus; empty if the corpus is absent."""
    return collect_files([str(CORPUS)], [".zrf", ".inc"]) if CORPUS.is_dir() else []


def corpus_file(relative: str) -> Path:
    """One corpus file, or skip the test if the corpus is absent."""
    path = CORPUS / relative
    if not path.is_file():
        pytest.skip("shared corpus not available")
    return path


needs_corpus = needs(CORPUS)
