"""Shared helpers of the ZRF tests: where the corpus and the fixtures are."""

from __future__ import annotations

from pathlib import Path

from paths import CORPUS as SHARED_CORPUS
from paths import ROOT, needs, skip_without, source_id, with_subset
from paths import SUBSET as SHARED_SUBSET

from fairyport.cli.common import collect_files

FIXTURES = ROOT / "fixtures" / "zrf"
CORPUS = SHARED_CORPUS / "zrf"
"""The shared ZRF corpus (``corpus/zrf`` of the shared folder)."""
SUBSET = SHARED_SUBSET / "corpus" / "zrf"
"""Our own subset of ZRF files (``tests/data/shared/corpus/zrf``)."""
CORPUS_FOLDERS = with_subset("corpus/zrf")
"""The ZRF corpora a sweep runs over: the shared one where present, and our own subset."""


def folder_files(folder: Path) -> list[Path]:
    """Every ZRF file (and included file) below ``folder``."""
    return collect_files([str(folder)], [".zrf", ".inc"])


def corpus_files() -> list[Path]:
    """Every ZRF file (and included file) of the shared corpus where present, then of our own subset."""
    return [path for folder in CORPUS_FOLDERS for path in folder_files(folder)]


def corpus_id(path: Path) -> str:
    """A corpus file's test id: its path below ``corpus/zrf`` (``subset/...`` for our own files)."""
    return source_id(path).removeprefix("corpus/zrf/").replace("subset/corpus/zrf/", "subset/")


def corpus_file(relative: str) -> Path:
    """One file of the shared corpus, or skip the test naming it and the folder where it is absent."""
    return skip_without(CORPUS / relative)


needs_corpus = needs(CORPUS)
