"""Loading a ZRF file (or an already read typed tree) as an engine for ``perft`` and ``check``."""

from __future__ import annotations

import sys
from pathlib import Path

from fairyport.engines import Engine, relocate_fen_error
from fairyport.errors import Location, ParseError
from fairyport.movegen.sanity import opposite_check_error
from fairyport.zrf.interpreter.game import Game, compile_game
from fairyport.zrf.interpreter.position import ZrfPosition
from fairyport.zrf.typed.reader import ZrfVariant, read_variant


def compile_variant(variant: ZrfVariant) -> Game:
    """Compile a variant read by :func:`fairyport.zrf.typed.reader.read_variant`."""
    return compile_game(variant.game, variant.geometry,
                        where=Location(variant.file.loaded.document.source.name))


def compile_file(path: str | Path, variant: str | None = None) -> Game:
    """Read ``path`` and compile the variant ``variant`` (title or 1-based number; None: the default)."""
    return compile_variant(read_variant(Path(path), variant))


def position(game: Game, fen: str | None, where: Location | None = None) -> ZrfPosition:
    """The start position (``fen`` None or ``startpos``) or the position of ``fen``, a bad FEN reported at
    ``where`` shifted by the error's offset; a FEN where the player not to move is in check is refused there."""
    if fen is None or fen == "startpos":
        return game.start_position()
    try:
        found = game.position_from_fen(fen)
    except ParseError as exc:
        raise relocate_fen_error(exc, where) from None
    checks = found.opposite_checks()
    if checks:
        mover = game.turns[found.turn].owner
        raise opposite_check_error(game.players[mover], game.players[1 - mover], checks, where)
    return found


def load(path: Path, *, variant: str | None = None) -> Engine:
    """The ZRF interpreter as a :class:`fairyport.engines.Engine` (``fairyport.zrf.FORMAT.engine``).

    Notes about how the file is played (the Dagaz dialect's missing JavaScript) go to standard error.
    """
    game = compile_file(path, variant)
    for note in game.notes:
        print(f"{path}: note: {note}", file=sys.stderr)
    title = game.title or Path(path).stem
    return Engine(title, lambda fen, where: position(game, fen, where), name="zrf")
