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


def parse_square(name: str) -> Square:
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def crooked_targets(vectors: tuple[Square, ...], start: str, max_steps: int, *, files: int = 8, ranks: int = 8,
                    others: str = "") -> set[str]:
    """Destinations of a white crooked piece on ``start`` making at most ``max_steps`` steps.

    ``others`` places pieces as ``"P@d5 p@e5"`` (upper case: white, a friend; lower case: black, an enemy).
    """
    occupied: dict[Square, bool] = {}
    for item in others.split():
        letter, where = item.split("@")
        occupied[parse_square(where)] = letter.isupper()
    x0, y0 = parse_square(start)
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


KING: tuple[Square, ...] = WAZIR + FERZ


def _targets(board: dict[Square, str], square: Square, files: int, ranks: int) -> set[Square]:
    """Destinations of the piece on ``square`` in the small game of :func:`perft`."""
    letter = board[square]
    white = letter.isupper()
    kind = letter.upper()
    x, y = square
    if kind == "P":  # one step straight forward onto an empty square
        ahead = (x, y + (1 if white else -1))
        return {ahead} if 0 <= ahead[1] < ranks and ahead not in board else set()
    if kind == "K":
        steps = [(x + dx, y + dy) for dx, dy in KING]
        return {s for s in steps if 0 <= s[0] < files and 0 <= s[1] < ranks
                and (s not in board or board[s].isupper() != white)}
    vectors, max_steps = (KNIGHT, 8) if kind == "C" else (FERZ, max(files, ranks))
    others = " ".join(f"{'P' if board[s].isupper() == white else 'p'}@{_name(s)}" for s in board if s != square)
    return {parse_square(n) for n in crooked_targets(vectors, _name(square), max_steps, files=files, ranks=ranks,
                                               others=others)}


def perft(board: dict[Square, str], white: bool, depth: int, files: int = 8, ranks: int = 8) -> int:
    """Leaf count of a small game: kings ``K``, pawns ``P`` (one step forward, no capture, no promotion in
    reach), crooked nightriders ``C`` (up to 8 knight steps) and crooked bishops ``B`` (Betza's). A move is
    legal when the mover's king is not attacked afterwards; captures replace."""
    if depth == 0:
        return 1
    total = 0
    for square in [s for s, p in board.items() if p.isupper() == white]:
        for target in _targets(board, square, files, ranks):
            after = dict(board)
            after[target] = after.pop(square)
            king = next(s for s, p in after.items() if p == ("K" if white else "k"))
            if any(king in _targets(after, s, files, ranks) for s, p in after.items() if p.isupper() != white):
                continue
            total += perft(after, not white, depth - 1, files, ranks)
    return total
