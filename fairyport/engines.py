"""Engines: what plays a game for ``perft`` and ``check``, whatever format the game came from.

Every format reaches the reference move generator through the common model (:func:`model_engine`). A format
with a move language of its own (ZRF, GAME Code) can also register a *native* engine in
:data:`fairyport.cli.registry.NATIVE_ENGINES`: an interpreter that plays the file on its own semantics. The
two must agree on every game both can play; that agreement is the product's proof.

An engine gives positions that :mod:`fairyport.rules.perft` can count (:class:`fairyport.rules.perft.PerftPosition`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from fairyport.cli.registry import MODEL_READERS, NATIVE_ENGINES, VARIANT_READERS, resolve
from fairyport.converters import kept_code, require_translated
from fairyport.errors import FairyportError, Location, ParseError, UnsupportedError
from fairyport.formats.detect import detect_format
from fairyport.loader import read_game
from fairyport.model import Game
from fairyport.rules import Position, Variant, compile_game
from fairyport.rules.perft import PerftPosition

EngineChoice = Literal["auto", "native", "model"]
"""``native``: the format's own interpreter; ``model``: the common model and the reference generator;
``auto``: native where the format has an interpreter, else model."""


@dataclasses.dataclass
class Engine:
    """A loaded game that can give positions to count."""

    title: str
    """The game's title, for tables and JSON output."""
    position: Callable[[str | None, Location | None], PerftPosition]
    """``position(fen, where)``: the start position (``fen`` None or ``startpos``) or the position of ``fen``;
    a bad FEN is reported at ``where`` (the FEN's own file, line and column)."""
    name: str = "model"
    """Which engine this is: ``model`` or the native engine's format name."""


def model_position(variant: Variant, fen: str | None, where: Location | None = None) -> Position:
    """The start position of a compiled game, or the position of ``fen`` (``startpos`` = the start).

    A bad FEN is reported at ``where``, shifted by the error's offset in the FEN.
    """
    if fen is None or fen == "startpos":
        return variant.start_position()
    try:
        return Position.from_fen(variant, fen)
    except ParseError as exc:
        raise relocate_fen_error(exc, where) from None


def relocate_fen_error(exc: ParseError, where: Location | None) -> ParseError:
    """``exc`` (an error at an offset in a FEN) moved to ``where``, the FEN's own place, shifted by the offset."""
    if where is not None:
        offset = exc.location.offset or 0
        column = where.column + offset if where.column is not None else None
        exc.relocated(dataclasses.replace(where, column=column, offset=offset))
    return exc


def model_engine(path: Path, fmt: str | None = None, variant: str | None = None) -> Engine:
    """The game read into the common model and compiled for the reference generator (``variant``: the
    variant of a file that holds several, for readers that take one)."""
    game: Game
    if variant is None:
        game = read_game(path, fmt)
    else:
        reader = resolve(MODEL_READERS, detect_format(path, fmt))
        if reader is None:
            raise UnsupportedError(f"--variant is not understood for the {fmt} format", Location(str(path)),
                                   feature="variant")
        game = reader(path, variant=variant)
    require_translated(game, f"{path} cannot be played by the reference generator")
    if kept_code(game):  # ZRF code (the only format whose code a model keeps): the ZRF interpreter plays it
        from fairyport.converters.zrf.play import engine as zrf_engine
        return zrf_engine(game, str(path))
    try:
        compiled = compile_game(game)
    except FairyportError as error:
        if error.location.file is None:  # the generator knows the game, not its file
            error.relocated(dataclasses.replace(error.location, file=str(path)))
        raise
    return Engine(game.metadata.title, lambda fen, where: model_position(compiled, fen, where))


def load_engine(path: str | Path, fmt: str | None = None, *, variant: str | None = None,
                engine: EngineChoice = "auto") -> Engine:
    """The engine that plays the game in ``path``.

    ``variant`` picks a variant of a file that holds several (ZRF); the native engine receives it, and the
    model route passes it on as ``path#variant`` only where the format's reader understands that.

    :raises UnsupportedError: ``engine="native"`` for a format without an interpreter.
    """
    path = Path(path)
    fmt = detect_format(path, fmt)
    native = resolve(NATIVE_ENGINES, fmt) if engine != "model" else None
    if engine == "native" and native is None:
        raise UnsupportedError(f"the {fmt} format has no interpreter of its own; use --engine model",
                               Location(str(path)), feature=f"{fmt} interpreter")
    if native is not None:
        loaded: Engine = native(path, variant=variant)
        return loaded
    if variant is not None and fmt not in VARIANT_READERS:
        raise UnsupportedError(f"--variant is not understood for the {fmt} format", Location(str(path)),
                               feature="variant")
    return model_engine(path, fmt, variant)
