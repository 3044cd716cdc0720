"""An independent generator of crooked-piece destinations, used only by the tests as an oracle.

Written from the pieces' definitions in words, sharing no code with ``fairyport.xbetza`` or ``fairyport.movegen``:
a crooked piece makes its first step along one of its atom's vectors ``v``, then turns by a right angle to
either side (``w``, ``v`` rotated by 90 degrees) and goes on alternating ``v, w, v, w, ...`` (Betza's Crooked
Bishop "must make a 90 degree turn with every step": a zig-zag). Every square where a step ends is a
destination when it is empty or holds an enemy; the path stops at the first occupied square and at the
board's edge. A step is a leap: only the squares where steps end matter.
"""

from __future__ import annotations

Square = tuple[int, int]

KNIGHT: tuple[Square, ...] = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
FERZ: tuple[Square, ...] = ((1, 1), (1, -1), (-1, -1), (-1, 1))
WAZIR: tuple[Square, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))


def _name(square: Square) -> str:
    return f"{chr(ord('a') + square[0])}{square[1] + 1}"


def _parse(name: str) -> Square:
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def crooked_targets(vectors: tuple[Square, ...], start: str, max_steps: int, *, files: int = 8, ranks: int = 8,
                    others: str = "") -> set[str]:
    """Destinations of a white crooked piece on ``start`` making at most ``max_steps`` steps.

    ``others`` places pieces as ``"P@d5 p@e5"`` (upper case: white, a friend; lower case: black, an enemy).
    """
    occupied: dict[Square, bool] = {}
    for item in others.split():
        letter, where = item.split("@")
        occupied[_parse(where)] = letter.isupper()
    x0, y0 = _parse(start)
    out: set[str] = set()
    for vx, vy in vectors:
        for wx, wy in ((vy, -vx), (-vy, vx)):
            x, y = x0, y0
            for step in range(max_steps):
                dx, dy = (vx, vy) if step % 2 == 0 else (wx, wy)
                x, y = x + dx, y + dy
                if not (0 <= x < files and 0 <= y < ranks):
                    break
                friend = occupied.get((x, y))
                if friend is None:
                    out.add(_name((x, y)))
                    continue
                if not friend:
                    out.add(_name((x, y)))
                break
    return out
