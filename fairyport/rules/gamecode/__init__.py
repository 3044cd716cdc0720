"""The GAME Code interpreter: Game Courier presets played on Game Courier's own semantics.

Public API:

- :func:`load` -- ``load(path, *, variant=None) -> fairyport.engines.Engine`` (registered as
  ``NATIVE_ENGINES["gamecourier"]``, so ``fairyport perft preset.php`` and ``fairyport check`` use it);
- :func:`load_preset` / :func:`load_text` -- a preset file or text compiled into a :class:`GameCourierGame`,
  whose :meth:`~GameCourierGame.position` gives a :class:`GameCourierPosition` (``legal_raw / push_raw /
  pop_raw / uci / copy / fen``) for :mod:`fairyport.rules.perft`.

Modules: :mod:`.values` (PHP-like values), :mod:`.board` (coordinates and the ``check*`` primitives),
:mod:`.state` (what a move changes), :mod:`.operators` (expression operators), :mod:`.interpreter` (statements,
expressions, calls), :mod:`.game` (phases, candidate moves, positions).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from fairyport.errors import Location, UnsupportedError
from fairyport.rules.gamecode.game import GameCourierGame, GameCourierPosition, GCMove, load_preset, load_text
from fairyport.rules.gamecode.interpreter import Die

if TYPE_CHECKING:
    from fairyport.engines import Engine

__all__ = ["Die", "GCMove", "GameCourierGame", "GameCourierPosition", "load", "load_preset", "load_text"]


def load(path: Path, *, variant: str | None = None) -> Engine:
    """The preset in ``path`` as an :class:`fairyport.engines.Engine` (``name="gamecourier"``)."""
    from fairyport.engines import Engine  # engines imports the registry; import late to avoid a cycle

    if variant is not None:
        raise UnsupportedError("a Game Courier preset holds one game: --variant does not apply",
                               Location(str(path)), feature="variant")
    game = load_preset(path)
    return Engine(game.title, lambda fen, where: game.position(fen, where), name="gamecourier")
