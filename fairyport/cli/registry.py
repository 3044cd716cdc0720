"""Where the sub-commands find each format's functions, by ``module:function`` name.

Each format package adds its entries here; the commands import them lazily so that ``fairyport --help``
stays fast and one format's import problems never break another's commands.
"""

from __future__ import annotations

import importlib
from typing import Any

SHOWERS: dict[str, str] = {
    "zrf": "fairyport.formats.zrf.show:show",
    "gamecourier": "fairyport.formats.gamecourier.show:show",
    "idiagram": "fairyport.converters.idiagram:show",
    "json": "fairyport.converters.json:show",
}
"""Format -> ``show(path: Path, args: argparse.Namespace) -> int`` (``fairyport show``)."""

REWRITERS: dict[str, str] = {
    "zrf": "fairyport.formats.zrf.rewriter:rewrite_file",
    "gamecourier": "fairyport.formats.gamecourier.preset:rewrite_file",
    "idiagram": "fairyport.converters.idiagram:rewrite",
}
"""Format -> ``rewrite(path: Path) -> bytes``: same-format rewrite through the syntax tree
(``fairyport convert X.zrf --to zrf``), byte for byte for an unmodified file."""

MODEL_READERS: dict[str, str] = {
    "idiagram": "fairyport.converters.idiagram:read_game",
    "json": "fairyport.converters.json:read_game",
    "zrf": "fairyport.converters.zrf:read_game",
    "gamecourier": "fairyport.converters.gamecourier:read_game",
}
"""Format -> ``read_game(path: Path) -> fairyport.model.Game``."""

VARIANT_READERS = frozenset({"zrf"})
"""Formats whose ``read_game`` takes ``variant=`` (a file holding several games)."""

MODEL_WRITERS: dict[str, str] = {
    "idiagram": "fairyport.converters.idiagram:write_game",
    "json": "fairyport.converters.json:write_game",
    "zrf": "fairyport.converters.zrf:write_game",
    "gamecourier": "fairyport.converters.gamecourier:write_game",
    "fsf": "fairyport.converters.fsf:write_game",
}
"""Format -> ``write_game(game: Game, *, best_effort: bool) -> tuple[str, list[str]]`` (text, what was lost)."""

NATIVE_ENGINES: dict[str, str] = {
    "zrf": "fairyport.rules.zrf.engine:load",
    "gamecourier": "fairyport.rules.gamecode:load",
    "fsf": "fairyport.converters.fsf.play:load",
}
"""Format -> ``load(path: Path, *, variant: str | None) -> fairyport.engines.Engine``: the format's own
interpreter (ZRF move language, GAME Code; for ``variants.ini``, Fairy-Stockfish itself through pyffish), used
by ``perft`` and ``check`` unless ``--engine model``."""

VALIDATORS: dict[str, str] = {
    "zrf": "fairyport.formats.zrf.validate:validate_file",
    "gamecourier": "fairyport.formats.gamecourier.lint:validate_file",
    "idiagram": "fairyport.converters.idiagram.validate:validate_file",
}
"""Format -> ``validate_file(path: Path, options: ValidateOptions) -> FileReport`` (``fairyport validate``)."""


def resolve(table: dict[str, str], fmt: str) -> Any | None:
    """Import and return the function registered for ``fmt`` in ``table``, or None."""
    target = table.get(fmt)
    if target is None:
        return None
    module_name, _, function_name = target.partition(":")
    return getattr(importlib.import_module(module_name), function_name)
