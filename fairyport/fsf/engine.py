"""Play a written ``variants.ini`` section with Fairy-Stockfish itself (pyffish), as the ``fsf`` engine.

This is how an export is read back: Fairy-Stockfish, which shares no code with fairyport, loads the section and
generates the moves, so ``fairyport report`` and ``fairyport perft game.ini`` count the export on Fairy-Stockfish's
own reading. pyffish is an optional dependency (the ``test`` extra); without it the engine is unsupported.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fairyport.engines import Engine
from fairyport.errors import Location, UnsupportedError
from fairyport.inputs import read_input_text
from fairyport.movegen.perft import PerftPosition

_SECTION = re.compile(r"^\[([^\]:]+)(?::[^\]]*)?\]", re.MULTILINE)


class FsfPosition:
    """A position of a Fairy-Stockfish variant: the start FEN and the moves played since (pyffish replays them)."""

    def __init__(self, ffish: Any, variant: str, fen: str, moves: list[str] | None = None) -> None:
        self.ffish = ffish
        self.variant = variant
        self.start = fen
        self.moves = moves or []

    def legal_raw(self) -> list[str]:
        """Fairy-Stockfish's legal moves in UCI notation."""
        return list(self.ffish.legal_moves(self.variant, self.start, self.moves))

    def push_raw(self, move: str) -> None:
        """Play ``move``."""
        self.moves.append(move)

    def pop_raw(self) -> None:
        """Take back the last move."""
        self.moves.pop()

    def uci(self, move: str) -> str:
        """The move as Fairy-Stockfish names it."""
        return move

    def copy(self) -> PerftPosition:
        """An independent copy."""
        return FsfPosition(self.ffish, self.variant, self.start, list(self.moves))

    def fen(self) -> str:
        """The current FEN, as Fairy-Stockfish writes it."""
        return str(self.ffish.get_fen(self.variant, self.start, self.moves))


def load(path: Path, *, variant: str | None = None) -> Engine:
    """Load the ``variants.ini`` text in ``path`` into Fairy-Stockfish; ``variant`` names a section (default: the
    first).

    :raises UnsupportedError: without pyffish, or for a file with no section.
    """
    try:
        import pyffish
    except ImportError:
        raise UnsupportedError("playing a Fairy-Stockfish section needs pyffish (pip install pyffish)",
                               Location(str(path)), feature="pyffish") from None
    text = read_input_text(path)
    names = _SECTION.findall(text)
    if not names:
        raise UnsupportedError("no [variant] section in the file", Location(str(path)), feature="fsf section")
    name = variant or names[0]
    pyffish.load_variant_config(text)
    if name not in pyffish.variants():
        raise UnsupportedError(f"Fairy-Stockfish did not load the section {name!r}", Location(str(path)),
                               feature="fsf section")

    def position(fen: str | None, where: Location | None) -> PerftPosition:
        start = pyffish.start_fen(name) if fen in (None, "startpos") else fen
        return FsfPosition(pyffish, name, start)

    return Engine(name, position, name="fsf")
