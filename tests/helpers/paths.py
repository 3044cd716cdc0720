"""Where the tests and benchmarks find their data: the repository, its fixtures, our own small corpus subset, and
the two folders of files written by others beside the repository.

Each outside folder comes from one environment variable, defaulting to the folder beside the repository:
``FAIRYPORT_SHARED`` (``../shared``: the reference notes and the corpus) and ``FAIRYPORT_ZRF_COLLECTIONS``
(``../zrfcorpus``: the public ZRF collections). A test that needs one is marked :func:`needs`; one that can run on
the shared folder's files and our own subset (``tests/data/shared``) takes its inputs from :func:`with_subset`.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
"""The repository's root folder."""
FIXTURES = ROOT / "fixtures"
"""The bundled fixtures (``fixtures/``)."""
GAMES = FIXTURES / "games"
"""The bundled games and their perft expectation files."""
SUBSET = ROOT / "tests" / "data" / "shared"
"""Our own small corpus subset (``tests/data/shared``): files written for the tests, laid out as the shared
folder is (``corpus/zrf``, ``corpus/perft/tricky.perft``, ``notes/id_samples``, ``notes/gc_samples``,
``notes/fsf_betza_strings.tsv``), so each kind of corpus test runs without it (:func:`with_subset`)."""

SHARED_VARIABLE = "FAIRYPORT_SHARED"
"""The environment variable naming the shared folder."""
ZRF_COLLECTIONS_VARIABLE = "FAIRYPORT_ZRF_COLLECTIONS"
"""The environment variable naming the folder of public ZRF collections."""


def _folder(variable: str, default: str) -> Path:
    """The folder ``variable`` names, else ``default`` beside the repository."""
    value = os.environ.get(variable)
    return Path(value).expanduser().resolve() if value else ROOT.parent / default


SHARED = _folder(SHARED_VARIABLE, "shared")
"""``$FAIRYPORT_SHARED`` or ``../shared``: the reference notes and the corpus of real files."""
NOTES = SHARED / "notes"
"""The reference notes (``notes/`` of the shared folder)."""
CORPUS = SHARED / "corpus"
"""Real files written by others (``corpus/`` of the shared folder)."""
ZRF_COLLECTIONS = _folder(ZRF_COLLECTIONS_VARIABLE, "zrfcorpus")
"""``$FAIRYPORT_ZRF_COLLECTIONS`` or ``../zrfcorpus``: the public ZRF collections, one folder per repository
(``owner+name``)."""

HOLDS = {SHARED: (SHARED_VARIABLE, "the reference notes (notes/) and the corpus of real files (corpus/)"),
         ZRF_COLLECTIONS: (ZRF_COLLECTIONS_VARIABLE, "the public ZRF collections, one folder per repository "
                                                     "named owner+name")}
"""Each outside folder: its variable and what it should hold."""


def missing(path: Path) -> str:
    """Why a test needing ``path`` cannot run: the path, and the outside folder it lies in, its variable and what
    that folder should hold."""
    for folder, (variable, holds) in HOLDS.items():
        if path.is_relative_to(folder):
            return f"needs {path}: set {variable} to the folder holding {holds} (now {folder})"
    return f"needs {path}"


def needs(path: Path) -> pytest.MarkDecorator:
    """Skip a test (or a module, as ``pytestmark``) where ``path`` is missing, naming it and its folder."""
    return pytest.mark.skipif(not path.exists(), reason=missing(path))


def skip_without(path: Path) -> Path:
    """``path``, or skip the running test naming it and its folder where it is missing."""
    if not path.exists():
        pytest.skip(missing(path))
    return path


def with_subset(relative: str) -> list[Path]:
    """The inputs of a corpus test: the shared folder's ``relative`` where it exists, then always our own
    subset's (``tests/data/shared/<relative>``), so the test runs without the shared folder and the subset stays
    checked where it is present."""
    outside = SHARED / relative
    return [*([outside] if outside.exists() else []), SUBSET / relative]


def source_id(path: Path) -> str:
    """A test id for a corpus input: its path below the shared folder or below the subset (``subset/...``)."""
    if path.is_relative_to(SUBSET):
        return f"subset/{path.relative_to(SUBSET).as_posix()}"
    return path.relative_to(SHARED).as_posix() if path.is_relative_to(SHARED) else path.as_posix()


def files_with_subset(relative: str, pattern: str) -> list[Path]:
    """The files matching ``pattern`` in the shared folder's ``relative`` where present, then in our subset's."""
    return [path for folder in with_subset(relative) for path in sorted(folder.glob(pattern))]
