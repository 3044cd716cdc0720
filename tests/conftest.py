"""Shared test set-up: the helper modules in ``tests/helpers`` (paths, oracles, independent generators, game
builders) are importable by name from every test folder. A test that needs a file outside the repository
(``$FAIRYPORT_SHARED``, ``$FAIRYPORT_ZRF_COLLECTIONS``) is marked ``@needs(path)`` (:func:`paths.needs`), which
skips it naming the missing path, its variable and what the folder should hold."""

from __future__ import annotations

import sys
from pathlib import Path

HELPERS = Path(__file__).resolve().parent / "helpers"
if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))
