"""Helpers for proving ZRF conversions: the ZRF interpreter and the reference generator, side by side.

Both engines are played through the :class:`fairyport.movegen.perft.PerftPosition` interface; moves are matched
by their UCI text, so a random playout goes through the same positions in both.
"""

from __future__ import annotations

import random

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


def move_groups(pos: PerftPosition) -> dict[str, list[object]]:
    """Legal moves grouped by a text both engines write alike: the squares and the first letter of a promotion or
    joined piece's id (the interpreter numbers moves that share a name, ``a1b1~2``; the model writes a
    multi-letter id whole, ``e1d2k2``). Moves of one text with different effects stay apart in the list."""
    out: dict[str, list[object]] = {}
    for move in pos.legal_raw():
        text = pos.uci(move).split("~")[0]
        out.setdefault(text[:4] + text[4:5], []).append(move)
    return out


def _two_plies(pos: PerftPosition) -> list[tuple[str, tuple[tuple[tuple[str, int], ...], ...]]]:
    """Per move text, the sorted counts of the replies by text after each move of that text."""
    found = []
    for text, moves in move_groups(pos).items():
        replies = []
        for move in moves:
            pos.push_raw(move)
            replies.append(tuple(sorted((t, len(m)) for t, m in move_groups(pos).items())))
            pos.pop_raw()
        found.append((text, tuple(sorted(replies))))
    return sorted(found)


def compare_paired_playout(native: PerftPosition, model: PerftPosition, seed: int, plies: int) -> list[str]:
    """:func:`compare_playout` for games whose moves may share a text (a ZRF piece that reaches a square by two
    blocks with different effects): at every ply the moves by text and count are compared; a move whose text
    several moves share is paired with the model's move that leaves the same replies two plies deep."""
    rng = random.Random(seed)
    played: list[str] = []
    for _ in range(plies):
        a, b = move_groups(native), move_groups(model)
        assert sorted((t, len(m)) for t, m in a.items()) == sorted((t, len(m)) for t, m in b.items()), (
            played, sorted(set(a) ^ set(b)))
        if not a:
            break
        choice = rng.choice(sorted(a))
        native.push_raw(rng.choice(a[choice]))
        wanted = _two_plies(native) if len(b[choice]) > 1 else None
        for move in b[choice]:
            model.push_raw(move)
            if wanted is None or _two_plies(model) == wanted:
                break
            model.pop_raw()
        else:
            raise AssertionError(f"no move of the model plays as {choice} after {played}")
        played.append(choice)
    return played
