"""Helpers for proving ZRF conversions: the ZRF interpreter and the reference generator, side by side.

Both engines are played through the :class:`fairyport.movegen.perft.PerftPosition` interface; moves are matched
by their UCI text, so a random playout goes through the same positions in both.
"""

from __future__ import annotations

import random

from zrf_playout import paired_playout

from fairyport.movegen.perft import PerftPosition, perft


def move_texts(pos: PerftPosition) -> dict[str, object]:
    """UCI text -> raw move of every legal move."""
    return {pos.uci(m): m for m in pos.legal_raw()}


def compare_playout(native: PerftPosition, model: PerftPosition, seed: int, plies: int, depth: int) -> list[str]:
    """Play ``plies`` random moves in both positions, comparing the legal move sets at every ply and perft
    (``depth``) at the end. Returns the moves played; fails with the position's history on a difference."""
    rng = random.Random(seed)
    played: list[str] = []
    for _ in range(plies):
        a, b = move_texts(native), move_texts(model)
        assert sorted(a) == sorted(b), (played, sorted(set(a) ^ set(b)))
        if not a:
            break
        choice = rng.choice(sorted(a))
        native.push_raw(a[choice])
        model.push_raw(b[choice])
        played.append(choice)
    assert perft(native, depth) == perft(model, depth), played
    return played


def compare_paired_playout(native: PerftPosition, model: PerftPosition, seed: int, plies: int) -> list[str]:
    """:func:`zrf_playout.paired_playout`, failing on a difference; returns the moves played."""
    playout = paired_playout(native, model, seed, plies)
    assert playout.difference is None, (playout.played, playout.difference)
    return playout.played
