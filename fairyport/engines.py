"""Engines: what plays a game for ``perft`` and ``check``, whatever format the game came from.

Every format reaches the reference move generator through the common model (:func:`model_engine`). A format
with a move language of its own (ZRF, GAME Code) also has a *native* engine
(:attr:`fairyport.format.Format.engine`): an interpreter that plays the file on its own semantics. The two must
agree on every game both can play; that agreement is the product's proof. Which engine plays a file is chosen by
:func:`fairyport.formats.load_engine`.

An engine gives positions that :mod:`fairyport.movegen.perft` can count
(:class:`fairyport.movegen.perft.PerftPosition`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Literal

from fairyport.conversion import require_translated
from fairyport.errors import FairyportError, Location, ParseError
from fairyport.model import Game
from fairyport.movegen import Position, Variant, compile_game
from fairyport.movegen.perft import PerftPosition
from fairyport.movegen.sanity import refuse_opposite_check

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

    A bad FEN is reported at ``where``, shifted by the error's offset in the FEN; so is a FEN where the side not
    to move is in check (:func:`~fairyport.movegen.sanity.refuse_opposite_check`).
    """
    if fen is None or fen == "startpos":
        return variant.start_position()
    try:
        position = Position.from_fen(variant, fen)
    except ParseError as exc:
        raise relocate_fen_error(exc, where) from None
    return refuse_opposite_check(position, where)


def relocate_fen_error(exc: ParseError, where: Location | None) -> ParseError:
    """``exc`` (an error at an offset in a FEN) moved to ``where``, the FEN's own place, shifted by the offset."""
    if where is not None:
        offset = exc.location.offset or 0
        column = where.column + offset if where.column is not None else None
        exc.relocated(dataclasses.replace(where, column=column, offset=offset))
    return exc


def model_engine(game: Game, source: str) -> Engine:
    """``game`` compiled for the reference generator (``source``: where it came from, put on errors that know
    the game but not its file).

    :raises UnsupportedError: a model that keeps code in a format's own language (the generator cannot play
        it: :func:`fairyport.formats.game_engine` hands such a model to that format's interpreter).
    """
    require_translated(game, f"{source} cannot be played by the reference generator")
    try:
        compiled = compile_game(game)
    except FairyportError as error:
        if error.location.file is None:  # the generator knows the game, not its file
            error.relocated(dataclasses.replace(error.location, file=source))
        raise
    return Engine(game.metadata.title, lambda fen, where: model_position(compiled, fen, where))
