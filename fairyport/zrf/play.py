"""Playing a model that keeps ZRF code: the model is written as ZRF and the ZRF interpreter plays it.

A model read from ZRF may keep move blocks (``PieceType.extra["zrf"]["programs"]``), rules
(``Game.format_data["zrf"]["rules"]``) or a board with links: the reference generator cannot play those, so
:func:`fairyport.engines.model_engine` hands such a model to :func:`engine`, which writes it with
:func:`fairyport.zrf.write.file.write_game` (kept code verbatim) and compiles the text with the
interpreter, without touching a file.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from fairyport.engines import Engine
from fairyport.model import Game, kept_code
from fairyport.movegen.perft import perft

ENGINE_NAME = "zrf (model written as ZRF)"
"""``Engine.name`` of a model played by the ZRF interpreter."""


def engine(game: Game, name: str) -> Engine:
    """The ZRF interpreter playing ``game`` written as ZRF (``name``: where the model came from, for errors)."""
    from fairyport.zrf.interpreter.engine import compile_variant, position
    from fairyport.zrf.typed.reader import read_variant_text
    from fairyport.zrf.write.file import write_game

    text, _ = write_game(game)
    compiled = compile_variant(read_variant_text(text, f"{name} (written as ZRF)"))
    return Engine(game.metadata.title, lambda fen, where: position(compiled, fen, where), name=ENGINE_NAME)


@dataclasses.dataclass
class RoundTrip:
    """perft of one ZRF variant three ways (:func:`round_trip`)."""

    original: int
    """The interpreter on the file."""
    written: int
    """The interpreter on the model written back as ZRF."""
    generated: int | None
    """The reference generator on the model, where the model holds the whole game; else None."""
    kept: bool
    """Whether the model keeps ZRF code (programs, rules, board links)."""


def round_trip(path: Path, variant: str | None, depth: int) -> RoundTrip:
    """The proof of the reader and writer on one variant: ZRF -> model -> ZRF played by the interpreter, and the
    model played by the generator where it can, each counted to ``depth`` from the start.

    :raises FairyportError: where the interpreter cannot run the file or the reader cannot read it.
    """
    from fairyport.engines import model_position
    from fairyport.movegen import compile_game
    from fairyport.zrf.interpreter.engine import compile_file
    from fairyport.zrf.read import read_game

    original = perft(compile_file(path, variant).start_position(), depth)
    game = read_game(path, variant=variant)
    kept = bool(kept_code(game))
    written = perft(engine(game, str(path)).position(None, None), depth)
    generated = None if kept else perft(model_position(compile_game(game), None), depth)
    return RoundTrip(original, written, generated, kept)
