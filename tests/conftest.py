"""Shared test set-up: the helper modules in ``tests/helpers`` (paths, oracles, independent generators, game
builders) are importable by name from every test folder, and a test that needs ``../shared`` says so when it
is missing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HELPERS = Path(__file__).resolve().parent / "helpers"
if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))

from paths import SHARED  # noqa: E402  (helpers are importable only once the line above ran)


@pytest.fixture
def shared() -> Path:
    """``../shared``; the test is skipped, naming the folder, where it is missing."""
    if not SHARED.is_dir():
        pytest.skip(f"needs the shared folder beside the repository ({SHARED})")
    return SHARED
