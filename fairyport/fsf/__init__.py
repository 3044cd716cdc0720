"""Fairy-Stockfish ``variants.ini``: what fairyport does with it, described by :data:`FORMAT`.

:mod:`.write` writes a game as a ``variants.ini`` section that plays exactly the game of the model (or refuses by
name what Fairy-Stockfish cannot hold), :mod:`.exactness` is the table of what it holds exactly, :mod:`.prove`
checks each custom piece's moves against the reference generator with pyffish, and :mod:`.engine` plays a
written section with Fairy-Stockfish itself (pyffish). Reading sections into the model is not done yet.
"""

from __future__ import annotations

from fairyport.format import Format
from fairyport.fsf.engine import load
from fairyport.fsf.write import write_game

FORMAT = Format(
    name="fsf", title="Fairy-Stockfish variants.ini", suffixes=(".ini",), sniff=None,
    read=None, read_text=None, write=write_game, rewrite=None, show=None, validate=None, engine=load,
)
"""The Fairy-Stockfish format (written, played by pyffish; not read into the model)."""

__all__ = ["FORMAT"]
