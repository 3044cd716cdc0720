"""fairyport: one game model for Zillions rule files, Game Courier presets, Interactive Diagrams and
Fairy-Stockfish, proven by perft.

The library's front door (:mod:`fairyport.api`)::

    import fairyport
    from pathlib import Path

    game = fairyport.read(Path("mirchess32.idiagram"))          # a Path is a file, a str the text itself
    conversion = fairyport.convert(Path("mirchess32.idiagram"), to="zrf")
    fairyport.perft(fairyport.read(conversion.text, format="zrf"), 3)
    fairyport.validate(Path("preset.php")).findings
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from fairyport.version import __version__

if TYPE_CHECKING:
    from fairyport.api import Conversion, Proof, convert, divide, perft, read, validate, write
    from fairyport.formats import FORMATS

_LAZY = {"FORMATS": "fairyport.formats", **{name: "fairyport.api" for name in (
    "Conversion", "Proof", "convert", "divide", "perft", "read", "validate", "write")}}
"""Where each name of the front door lives; imported on first use, so that a program importing one module of
fairyport (the move generator, one format) does not pay for all of them at start-up."""


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'fairyport' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value

__all__ = ["FORMATS", "Conversion", "Proof", "__version__", "convert", "divide", "perft", "read", "validate", "write"]
