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
from fairyport.errors import Location, ParseError, UnsupportedError
from fairyport.fsf.sources import variants_text
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


def checked_fen(ffish: Any, name: str, fen: str, where: Location | None) -> str:
    """``fen``, unless the side not to move is in check there (for the section ``name``).

    :raises ParseError: at ``where`` (asked of Fairy-Stockfish with the other side to move; it does not name the
        checking piece).
    """
    where = where or Location("fen")
    fields = fen.split()
    if len(fields) > 1 and fields[1] in ("w", "b"):
        flipped = [fields[0], "b" if fields[1] == "w" else "w", *fields[2:3], *(["-"] if len(fields) > 3 else []),
                   *fields[4:]]
        if ffish.gives_check(name, " ".join(flipped), []):
            mover, other = ("white", "black") if fields[1] == "w" else ("black", "white")
            raise ParseError(f"the FEN has {mover} to move while {other} is in check (Fairy-Stockfish): {mover}'s "
                             "first move could take the king", where,
                             expected=f"a position where {other} is not in check (or {other} to move)")
    return fen


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
    text = variants_text(path)
    names = _SECTION.findall(text)
    if not names:
        raise UnsupportedError("no [variant] section in the file", Location(str(path)), feature="fsf section")
    name = variant or names[0]
    pyffish.load_variant_config(text)
    if name not in pyffish.variants():
        raise UnsupportedError(f"Fairy-Stockfish did not load the section {name!r}", Location(str(path)),
                               feature="fsf section")

    def position(fen: str | None, where: Location | None) -> PerftPosition:
        if fen is None or fen == "startpos":
            return FsfPosition(pyffish, name, pyffish.start_fen(name))
        return FsfPosition(pyffish, name, checked_fen(pyffish, name, fen, where))

    return Engine(name, position, name="fsf")
