"""A brute-force generator for one small test game, written from its rules in words only (no code shared with
fairyport): promotion to a piece taken from hand, the Interactive Diagram's ``*`` choices with
``holdingsType=1``.

The game (``HAND_PROMOTION`` in ``tests/movegen/test_hand_promotion.py``): a 5x5 board; King K (one step any way,
royal), Rook R, Knight N, Pawn P (one step straight forward to an empty square, one step diagonally forward to
capture; no double step). A captured piece goes back to its owner's hand as it is. A pawn reaching the last rank
must promote to a Rook or a Knight taken from its own hand; with neither in hand it may not move there. No
drops, no castling. A move may not leave the mover's King attacked.

A position is (board, hands, side): board maps (file, rank) to a symbol (upper case White), hands map a colour
to {piece letter: count}.
"""

from __future__ import annotations

Board = dict[tuple[int, int], str]
Hands = dict[int, dict[str, int]]
SIZE = 5
KING = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def _on(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def _color(symbol: str) -> int:
    return 0 if symbol.isupper() else 1


def _targets(board: Board, x: int, y: int) -> list[tuple[int, int, bool]]:
    """(to x, to y, captures) for the piece on (x, y), by its moves alone."""
    symbol = board[(x, y)]
    color = _color(symbol)
    kind = symbol.upper()
    out: list[tuple[int, int, bool]] = []

    def add(tx: int, ty: int) -> bool:
        """Add the square; True if a slide may go on past it."""
        if not _on(tx, ty):
            return False
        other = board.get((tx, ty))
        if other is None:
            out.append((tx, ty, False))
            return True
        if _color(other) != color:
            out.append((tx, ty, True))
        return False

    if kind == "K":
        for dx, dy in KING:
            add(x + dx, y + dy)
    elif kind == "N":
        for dx, dy in KNIGHT:
            add(x + dx, y + dy)
    elif kind == "R":
        for dx, dy in ROOK:
            step = 1
            while add(x + dx * step, y + dy * step):
                step += 1
    elif kind == "P":
        forward = 1 if color == 0 else -1
        if _on(x, y + forward) and (x, y + forward) not in board:
            out.append((x, y + forward, False))
        for dx in (-1, 1):
            other = board.get((x + dx, y + forward))
            if other is not None and _color(other) != color:
                out.append((x + dx, y + forward, True))
    return out


def _attacked(board: Board, square: tuple[int, int], by: int) -> bool:
    return any(_color(s) == by and any((tx, ty) == square for tx, ty, _ in _targets(board, x, y))
               for (x, y), s in board.items())


def legal(board: Board, hands: Hands, side: int) -> list[tuple[Board, Hands, str]]:
    """Every legal move: (board after, hands after, text ``a4a5r``)."""
    out: list[tuple[Board, Hands, str]] = []
    for (x, y), symbol in list(board.items()):
        if _color(symbol) != side:
            continue
        for tx, ty, captures in _targets(board, x, y):
            after = dict(board)
            new_hands = {c: dict(h) for c, h in hands.items()}
            if captures:
                victim = after[(tx, ty)]
                owner = _color(victim)
                new_hands[owner][victim.upper()] = new_hands[owner].get(victim.upper(), 0) + 1
            del after[(x, y)]
            last = SIZE - 1 if side == 0 else 0
            name = f"{'abcde'[x]}{y + 1}{'abcde'[tx]}{ty + 1}"
            if symbol.upper() == "P" and ty == last:
                for choice in "RN":
                    if new_hands[side].get(choice, 0) > 0:
                        promoted = dict(after)
                        promoted[(tx, ty)] = choice if side == 0 else choice.lower()
                        taken = {c: dict(h) for c, h in new_hands.items()}
                        taken[side][choice] -= 1
                        out.append((promoted, taken, name + choice.lower()))
                continue
            after[(tx, ty)] = symbol
            out.append((after, new_hands, name))
    king = "K" if side == 0 else "k"
    return [(b, h, n) for b, h, n in out
            if not any(s == king and _attacked(b, sq, side ^ 1) for sq, s in b.items())]


def perft(board: Board, hands: Hands, side: int, depth: int) -> int:
    """Leaf count at ``depth``."""
    if depth == 0:
        return 1
    moves = legal(board, hands, side)
    if depth == 1:
        return len(moves)
    return sum(perft(b, h, side ^ 1, depth - 1) for b, h, _ in moves)


def read(fen: str) -> tuple[Board, Hands, int]:
    """A position from a FEN with pieces in hand in brackets (``r1k2/...[Rn] w``)."""
    placement, side = fen.split()[:2]
    rows, _, hand = placement.partition("[")
    board: Board = {}
    for index, row in enumerate(rows.split("/")):
        y = SIZE - 1 - index
        x = 0
        for char in row:
            if char.isdigit():
                x += int(char)
            else:
                board[(x, y)] = char
                x += 1
    hands: Hands = {0: {}, 1: {}}
    for char in hand.rstrip("]"):
        color = _color(char)
        hands[color][char.upper()] = hands[color].get(char.upper(), 0) + 1
    return board, hands, 0 if side == "w" else 1
