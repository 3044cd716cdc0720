"""Read a game from a file in any supported format into the common model."""

from __future__ import annotations

import importlib.util
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
    """The folder of fixtures shipped with fairyport (``fixtures/`` in a source checkout).

    An installed fairyport carries them as the resource package ``fairyport.fixtures`` (a namespace package:
    its folder is found through the import system); an editable install or a source checkout uses the
    repository's ``fixtures/`` folder.
    """
    spec = importlib.util.find_spec("fairyport.fixtures")
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            if (Path(location) / "games").is_dir():
                return Path(location)
    return Path(fairyport.__file__).resolve().parent.parent / "fixtures"
