"""Shared test set-up: the helper modules in ``tests/helpers`` (paths, oracles, independent generators, game
builders) are importable by name from every test folder. A test that needs ``../shared`` is marked
``@needs(path)`` (:func:`paths.needs`), which skips it naming the missing path."""

from __future__ import annotations

import sys
from pathlib import Path

HELPERS = Path(__file__).resolve().parent / "helpers"
if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))
