"""Where the tests find their data: the repository, its fixtures, and the shared folder beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
"""The repository's root folder."""
FIXTURES = ROOT / "fixtures"
"""The bundled fixtures (``fixtures/``)."""
GAMES = FIXTURES / "games"
"""The bundled games and their perft expectation files."""
SHARED = ROOT.parent / "shared"
"""``../shared``: the reference notes and the corpus of real files (tests that need it skip without it)."""
NOTES = SHARED / "notes"
"""The reference notes (``../shared/notes``)."""
CORPUS = SHARED / "corpus"
"""Real files written by others (``../shared/corpus``)."""


def needs(path: Path) -> pytest.MarkDecorator:
    """Skip a test (or a module, as ``pytestmark``) where ``path`` is missing, naming it."""
    return pytest.mark.skipif(not path.exists(), reason=f"needs {path} (the shared folder beside the repository)")
ZRF_COLLECTIONS = ROOT.parent / "zrfcorpus"
"""``../zrfcorpus``: the public ZRF collections issue 17 names, one folder per repository (``owner+name``)."""
