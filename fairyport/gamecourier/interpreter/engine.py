"""The GAME Code interpreter as an engine: ``load(path, *, variant=None) -> fairyport.engines.Engine``, what
``fairyport perft preset.php`` and ``fairyport check`` use for Game Courier presets."""

from __future__ import annotations

from pathlib import Path

from fairyport.engines import Engine
from fairyport.errors import Location, UnsupportedError
from fairyport.gamecourier.interpreter.game import load_preset


def load(path: Path, *, variant: str | None = None) -> Engine:
    """The preset in ``path`` as an :class:`fairyport.engines.Engine` (``name="gamecourier"``)."""
    if variant is not None:
        raise UnsupportedError("a Game Courier preset holds one game: --variant does not apply",
                               Location(str(path)), feature="variant")
    game = load_preset(path)
    return Engine(game.title, lambda fen, where: game.position(fen, where), name="gamecourier")
