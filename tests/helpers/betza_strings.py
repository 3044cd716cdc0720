"""Fairy-Stockfish's Betza strings as the tests read them: the shared notes' file of the real strings of
Fairy-Stockfish's variants.ini (``notes/fsf_betza_strings.tsv``) where present, and our own file in its shape."""

from __future__ import annotations

import csv
from pathlib import Path

from paths import SHARED, with_subset

TSV_FILES = with_subset("notes/fsf_betza_strings.tsv")
"""The files a test runs on (columns section, key, letter, betza)."""
SHARED_ROWS = 99
"""Rows of the shared notes' file (ours is whatever it holds)."""


def betza_strings(path: Path) -> list[str]:
    """The ``betza`` column of one file, in file order."""
    with path.open(newline="", encoding="utf-8") as handle:
        return [row["betza"] for row in csv.DictReader(handle, delimiter="\t")]


def is_shared(path: Path) -> bool:
    """Whether ``path`` is the shared notes' file (whose row count is :data:`SHARED_ROWS`)."""
    return path.is_relative_to(SHARED)
