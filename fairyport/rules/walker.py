"""Walk compiled leg trees (:class:`~fairyport.rules.compile.LegNode`) over a board.

This is the general move generator for everything the fast leap/slide/hop tables do not cover: multi-leg
moves (``afFasF``, ``yafsF``, ``caW``), lame and jumping leaps, initial and en-passant moves and confined
pieces. Each reachable effect is reported as ``(destination, captured squares, e.p. squares created)``.
"""

from __future__ import annotations

from fairyport.rules.compile import CAPTURE, EP, FRIEND, HOP, HOP_CANNON, HOP_GRASSHOPPER, QUIET, LegNode

Effect = tuple[int, tuple[int, ...], tuple[int, ...], int]
"""(destination, locust-captured squares, e.p. squares created, e.p. victim captured or -1)."""


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
    if nexts is None and node.hop == HOP_CANNON:
        screened = False
        for target in squares:
            piece = board[target]
            if not screened:
                screened = piece != 0
                continue
            if piece == 0:
                if flags & QUIET:
                    out.append((target, caps, (), -1))
                continue
            if ((piece - 1) & 1) != color:
                if flags & capture_mask:
                    out.append((target, caps, (), -1))
            elif flags & FRIEND:
                out.append((target, caps, (), -1))
            break
        return
    if nexts is None and node.hop == HOP_GRASSHOPPER:
        for i, target in enumerate(squares):
            if board[target] == 0:
                continue
            if i + 1 < len(squares):
                landing = squares[i + 1]
                piece = board[landing]
                if piece == 0:
                    if flags & QUIET:
                        out.append((landing, caps, (), -1))
                elif ((piece - 1) & 1) != color:
                    if flags & capture_mask:
                        out.append((landing, caps, (), -1))
                elif flags & FRIEND:
                    out.append((landing, caps, (), -1))
            break
        return
    for i, target in enumerate(squares):
        if lame is not None and any(board[s] for s in lame[i]):
            break
        if jump is not None and not any(board[s] for s in jump[i]):
            continue
        piece = board[target]
        if nexts is None:
            if piece == 0:
                if flags & QUIET:
                    out.append((target, caps, lame[i] if node.creates_ep and lame is not None else (), -1))
                if flags & EP and target in ep_squares:
                    out.append((target, caps, (), ep_victim))
                continue
            if ((piece - 1) & 1) != color:
                if flags & capture_mask:
                    out.append((target, caps, (), -1))
            elif flags & FRIEND:
                out.append((target, caps, (), -1))
            break
        following = nexts[i]
        if piece == 0:
            if flags & QUIET:
                for child in following:
                    walk(child, board, color, capture_mask, ep_squares, ep_victim, caps, out)
            continue
        if ((piece - 1) & 1) != color:
            if flags & CAPTURE:
                board[target] = 0
                for child in following:
                    walk(child, board, color, capture_mask, ep_squares, ep_victim, (*caps, target), out)
                board[target] = piece
        elif flags & FRIEND:
            board[target] = 0
            for child in following:
                walk(child, board, color, capture_mask, ep_squares, ep_victim, (*caps, target), out)
            board[target] = piece
        if flags & HOP:
            for child in following:
                walk(child, board, color, capture_mask, ep_squares, ep_victim, caps, out)
        break
