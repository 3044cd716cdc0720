"""Lame leaps that pass a hole: the reference generator leaves holes out of a lame leap's path (only the board's
squares can block it), while a ZRF step onto a killed position ends the move. On a hexagonal board read as its
rectangle of half-cells (:mod:`fairyport.zrf.hexagons`) every other point is a hole, and the pawn's double step
(``nnWX``: four half-cells) passes two of them, so the ZRF writer refuses such a leap by name instead of writing
a move that never happens."""

from __future__ import annotations

from fairyport.model import Board, square_name
from fairyport.xbetza import syntax as betza
from fairyport.xbetza.geometry import AtomClass, atom_geometry, direction_vector, first_leg_directions

LAME_OVER_HOLE = "a lame leap whose path passes a hole (the model passes over it; a ZRF step onto a killed " \
                 "position ends the move)"
"""Why the ZRF writer refuses a lame leap that passes a hole between two squares of the board."""


def lame_over_hole(board: Board, move: betza.Move,
                   starts: tuple[frozenset[str] | None, frozenset[str] | None] = (None, None)) -> str | None:
    """Where a single-leg lame (``n``) orthogonal or diagonal leap of ``move`` passes a hole on its way from one
    square of ``board`` to another, for White or for Black (its leaps turned round), starting only on White's and
    Black's ``starts`` where given (a move from a zone): ``'from' to 'to' over 'hole'``; None where it never does
    (boards without holes, other moves)."""
    leg = move.first
    if not board.holes or move.is_multi_leg or not leg.has("n") or move.atom in betza.RIDER_ATOMS:
        return None
    try:
        cls, _, _ = atom_geometry(move.atom)
    except KeyError:
        return None
    if cls is AtomClass.OBLIQUE:
        return None
    at = {(p.file, p.rank): p.name for p in board.positions if p.file is not None and p.rank is not None}
    holes = {(f, r): square_name(f, r, board.first_rank) for f in range(board.files) for r in range(board.ranks)
             if square_name(f, r, board.first_rank) in board.holes}
    for bit in sorted(first_leg_directions(leg.directions, cls)):
        dx, dy = direction_vector(move.atom, bit)
        for (vx, vy), only in (((dx, dy), starts[0]), ((-dx, -dy), starts[1])):
            n = max(abs(vx), abs(vy))
            ux, uy = (vx > 0) - (vx < 0), (vy > 0) - (vy < 0)
            for (f, r), name in at.items():
                target = at.get((f + vx, r + vy))
                if target is None or (only is not None and name not in only):
                    continue
                passed = next((holes[(f + ux * k, r + uy * k)] for k in range(1, n)
                               if (f + ux * k, r + uy * k) in holes), None)
                if passed is not None:
                    return f"{name!r} to {target!r} over {passed!r}"
    return None
