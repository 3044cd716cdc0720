"""Playing a model that keeps ZRF code: the model is written as ZRF and the ZRF interpreter plays it.

A model read from ZRF may keep move blocks (``PieceType.extra["zrf"]["programs"]``), rules
(``Game.format_data["zrf"]["rules"]``) or a board with links: the reference generator cannot play those, so
:func:`fairyport.engines.model_engine` hands such a model to :func:`engine`, which writes it with
:func:`fairyport.converters.zrf.write.write_game` (kept code verbatim) and compiles the text with the
interpreter, without touching a file.
"""

from __future__ import annotations

from fairyport.converters.zrf.read import KEPT_RULES
from fairyport.engines import Engine
from fairyport.model import Game

ENGINE_NAME = "zrf (model written as ZRF)"
"""``Engine.name`` of a model played by the ZRF interpreter."""


def keeps_code(game: Game) -> bool:
    """Whether ``game`` keeps ZRF code (programs, rules) or a board with links, so that only the ZRF
    interpreter can play it."""
    data = game.format_data.get("zrf")
    if isinstance(data, dict) and data.get(KEPT_RULES):
        return True
    if game.board.links:
        return True
    return any(isinstance(p.extra.get("zrf"), dict) and p.extra["zrf"].get("programs") for p in game.pieces)


def engine(game: Game, name: str) -> Engine:
    """The ZRF interpreter playing ``game`` written as ZRF (``name``: where the model came from, for errors)."""
    from fairyport.converters.zrf.write import write_game
    from fairyport.formats.zrf.reader import read_variant_text
    from fairyport.rules.zrf.engine import compile_variant, position

    text, _ = write_game(game)
    compiled = compile_variant(read_variant_text(text, f"{name} (written as ZRF)"))
    return Engine(game.metadata.title, lambda fen, where: position(compiled, fen, where), name=ENGINE_NAME)
