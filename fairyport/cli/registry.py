"""Where the sub-commands find each format's functions, by ``module:function`` name.

Each format package adds its entries here; the commands import them lazily so that ``fairyport --help``
stays fast and one format's import problems never break another's commands.
"""

from __future__ import annotations

import importlib
from typing import Any

SHOWERS: dict[str, str] = {}
"""Format -> ``show(path: Path, args: argparse.Namespace) -> int`` (``fairyport show``)."""

REWRITERS: dict[str, str] = {}
"""Format -> ``rewrite(path: Path) -> bytes``: same-format rewrite through the syntax tree
(``fairyport convert X.zrf --to zrf``), byte for byte for an unmodified file."""

MODEL_READERS: dict[str, str] = {}
"""Format -> ``read_game(path: Path) -> fairyport.model.Game``."""

MODEL_WRITERS: dict[str, str] = {}
"""Format -> ``write_game(game: Game, *, best_effort: bool) -> tuple[str, list[str]]`` (text, what was lost)."""


SHOWERS["zrf"] = "fairyport.formats.zrf.show:show"
REWRITERS["zrf"] = "fairyport.formats.zrf.rewriter:rewrite_file"
SHOWERS["gamecourier"] = "fairyport.formats.gamecourier.show:show"
REWRITERS["gamecourier"] = "fairyport.formats.gamecourier.preset:rewrite_file"
SHOWERS["idiagram"] = "fairyport.converters.idiagram:show"
REWRITERS["idiagram"] = "fairyport.converters.idiagram:rewrite"
MODEL_READERS["idiagram"] = "fairyport.converters.idiagram:read_game"
MODEL_WRITERS["idiagram"] = "fairyport.converters.idiagram:write_game"
SHOWERS["json"] = "fairyport.converters.json:show"
MODEL_READERS["json"] = "fairyport.converters.json:read_game"
MODEL_WRITERS["json"] = "fairyport.converters.json:write_game"


def resolve(table: dict[str, str], fmt: str) -> Any | None:
    """Import and return the function registered for ``fmt`` in ``table``, or None."""
    target = table.get(fmt)
    if target is None:
        return None
    module_name, _, function_name = target.partition(":")
    return getattr(importlib.import_module(module_name), function_name)
