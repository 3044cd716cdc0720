"""Walk compiled leg trees (:class:`~fairyport.movegen.codes.LegNode`) over a board.

This is the general move generator for everything the fast leap/slide/hop tables do not cover: multi-leg
moves (``afFasF``, ``yafsF``, ``caW``), lame and jumping leaps, initial and en-passant moves and confined
pieces. Each reachable effect is reported as ``(destination, captured squares, e.p. squares created)``.
"""

from __future__ import annotations

from fairyport.movegen.codes import CAPTURE, EP, FRIEND, HOP, HOP_GRASSHOPPER, HOP_NONE, QUIET, LegNode

Effect = tuple[int, tuple[int, ...], tuple[int, ...], int]
"""(destination, locust-captured squares, e.p. squares created, e.p. victim captured or -1)."""


def lands(piece: int, color: int, flags: int, capture_mask: int) -> bool:
    """Whether a final leg with ``flags`` may end on a square holding ``piece`` (0: empty)."""
    if piece == 0:
        return bool(flags & QUIET)
    if ((piece - 1) & 1) != color:
        return bool(flags & capture_mask)
    return bool(flags & FRIEND)


def hop_targets(squares: tuple[int, ...], hop: int, board: list[int]) -> tuple[int, ...]:
    """Where a final hopping leg may end before its landing rule: after one screen (cannon) or right behind
    the first piece (grasshopper). For a cannon the squares go on to the first piece after the screen."""
    for i, target in enumerate(squares):
        if board[target]:
            if hop == HOP_GRASSHOPPER:
                return squares[i + 1:i + 2]
            rest = squares[i + 1:]
            for j, beyond in enumerate(rest):
                if board[beyond]:
                    return rest[:j + 1]
            return rest
    return ()


def walk(node: LegNode, board: list[int], color: int, capture_mask: int, ep_squares: tuple[int, ...],
         ep_victim: int, caps: tuple[int, ...], out: list[Effect]) -> None:
    """Append every effect reachable through ``node`` to ``out``.

    ``capture_mask`` is the flag set that permits capturing an enemy on the final leg: ``CAPTURE`` when
    generating moves, ``CAPTURE | ROYAL_ONLY`` when asking for attacks. The mover's origin square must already
    be empty on ``board``.
    """
    squares = node.squares
    flags = node.flags
    lame = node.lame
    jump = node.jump
    nexts = node.nexts
    if nexts is None and node.hop != HOP_NONE:
        for target in hop_targets(squares, node.hop, board):
            if lands(board[target], color, flags, capture_mask):
                out.append((target, caps, (), -1))
        return
    for i, target in enumerate(squares):
        if lame is not None and any(board[s] for s in lame[i]):
            break
        if jump is not None and not any(board[s] for s in jump[i]):
            continue
        piece = board[target]
        if nexts is None:
            if lands(piece, color, flags, capture_mask):
                out.append((target, caps, lame[i] if node.creates_ep and lame is not None and not piece else (), -1))
            if piece == 0 and flags & EP and target in ep_squares:
                out.append((target, caps, (), ep_victim))
            if piece:
                break
            continue
        following = nexts[i]
        if piece == 0:
            if flags & QUIET:
                for child in following:
                    walk(child, board, color, capture_mask, ep_squares, ep_victim, caps, out)
            continue
        enemy = ((piece - 1) & 1) != color
        if (enemy and flags & CAPTURE) or (not enemy and flags & FRIEND):
            board[target] = 0
            for child in following:
                walk(child, board, color, capture_mask, ep_squares, ep_victim, (*caps, target), out)
            board[target] = piece
        if flags & HOP:
            for child in following:
                walk(child, board, color, capture_mask, ep_squares, ep_victim, caps, out)
        break
