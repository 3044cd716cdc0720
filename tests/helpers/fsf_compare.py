"""Counting a read section both ways: fairyport's reading (the reference generator) and Fairy-Stockfish's own
(pyffish), with the one counting difference between them aligned.

Fairy-Stockfish keeps a shogi pawn drop that mates as a legal move and ends the game on it (the dropper loses),
so its perft counts the drop, with no replies; the model's ``no_drop_mate`` forbids the drop, so fairyport does
not count it. :func:`aligned` gives the model with that flag off for counting: the drop is then a move, and the
mated position after it has no moves either, which is exactly Fairy-Stockfish's count.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from fairyport.model import Game
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft

DROP_MATE_NOTE = " (pawn-drop mate counted as Fairy-Stockfish does)"
"""Added to a comparison made with the drop-mate rule aligned."""


def aligned(game: Game) -> tuple[Game, str]:
    """``game`` with shogi's pawn-drop-mate rule off where it is on (for counting against Fairy-Stockfish), and a
    note saying so (empty when nothing changed)."""
    if not any(p.drop is not None and p.drop.no_drop_mate for p in game.pieces):
        return game, ""
    played = copy.deepcopy(game)
    for piece in played.pieces:
        if piece.drop is not None and piece.drop.no_drop_mate:
            piece.drop = dataclasses.replace(piece.drop, no_drop_mate=False)
    return played, DROP_MATE_NOTE


def model_counts(game: Game, depth: int, fen: str | None = None) -> list[int]:
    """perft(1..depth) of ``game``'s start position (or ``fen``) by the reference generator."""
    variant = compile_game(game)
    pos = variant.start_position() if fen is None else variant.new_position().from_fen(variant, fen)
    return [perft(pos, d) for d in range(1, depth + 1)]


def fsf_counts(pyffish: Any, variant: str, depth: int, fen: str | None = None, chess960: bool = False) -> list[int]:
    """perft(1..depth) of a loaded variant's start position (or ``fen``) by pyffish's legal moves (in Chess960
    mode if ``chess960``)."""
    start = fen or pyffish.start_fen(variant)

    def count(moves: list[str], d: int) -> int:
        legal = pyffish.legal_moves(variant, start, moves, chess960)
        if d == 1:
            return len(legal)
        return sum(count([*moves, m], d - 1) for m in legal)

    return [count([], d) for d in range(1, depth + 1)]


__all__ = ["DROP_MATE_NOTE", "aligned", "fsf_counts", "model_counts"]
