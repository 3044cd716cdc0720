"""Read a game from a file in any supported format into the common model."""

from __future__ import annotations

import importlib.resources
from pathlib import Path

import fairyport
from fairyport.cli.registry import MODEL_READERS, resolve
from fairyport.errors import Location, UnsupportedError
from fairyport.formats.detect import detect_format
from fairyport.model import Game


def read_game(path: str | Path, fmt: str | None = None) -> Game:
    """The game in ``path``; the format is told by the file name unless ``fmt`` names it.

    :raises FairyportError: located errors for unreadable input; UnsupportedError for a format that cannot be
        read into the model yet.
    """
    path = Path(path)
    fmt = detect_format(path, fmt)
    reader = resolve(MODEL_READERS, fmt)
    if reader is None:
        raise UnsupportedError(f"reading the {fmt} format into the game model is not supported yet",
                               Location(str(path)), feature=fmt)
    game: Game = reader(path)
    return game


def bundled_fixtures() -> Path:
    """The folder of fixtures shipped with fairyport (``fixtures/`` in a source checkout)."""
    try:
        resource = importlib.resources.files("fairyport.fixtures")
        path = Path(str(resource))
        if path.is_dir():
            return path
    except ModuleNotFoundError:
        pass
    return Path(fairyport.__file__).resolve().parent.parent / "fixtures"
