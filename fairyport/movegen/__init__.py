"""The reference move generator: compile a game, then generate legal moves, make/unmake, perft.

>>> from fairyport.movegen import compile_game, Position, perft   # doctest: +SKIP
>>> variant = compile_game(game)
>>> perft(variant.start_position(), 3)
"""

from __future__ import annotations

from fairyport.movegen.compile import Variant, compile_game
from fairyport.movegen.perft import divide, perft, perft_jobs
from fairyport.movegen.position import Move, Outcome, Position

__all__ = ["Move", "Outcome", "Position", "Variant", "compile_game", "divide", "perft", "perft_jobs"]
