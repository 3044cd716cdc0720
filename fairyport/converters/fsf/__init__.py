"""Fairy-Stockfish export: a ``variants.ini`` section that plays exactly the game of the model.

:mod:`.write` builds the section (``fairyport convert X --to fsf``), :mod:`.exactness` is the table of what
Fairy-Stockfish holds exactly, :mod:`.prove` checks each custom piece's moves against the reference generator
with pyffish when it is installed.
"""

from __future__ import annotations

from fairyport.converters.fsf.write import write_game, write_section

__all__ = ["write_game", "write_section"]
