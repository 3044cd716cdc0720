"""A ZRF board whose files wrap around (Chess.zrf's Cylindrical Chess) read as XBetza's cylinder moves.

:func:`fairyport.zrf.rectangle.cylinder_vectors` finds the board: a whole rectangle on which every direction that
steps across files links the last file back to the first (``e`` from h1 to a1, ``ne`` from h1 to a2). The block
reader then reads the directions as their plain steps, and :func:`on_cylinder` gives each move of a piece that
steps across files XBetza's ``o`` modifier (the Interactive Diagram's cylinder: the files wrap around), which the
move generator plays (:meth:`fairyport.movegen.geometry.Geometry.ray`, `wrap`). A ride stops before it would come
back to its own square: in ZRF the moving piece stays on its square while its moves are found, a friend that
ends the ride.
"""

from __future__ import annotations

import dataclasses

from fairyport.xbetza import syntax as betza
from fairyport.xbetza.geometry import atom_geometry, direction_vector, first_leg_directions

CYLINDER_WHY = ("a move across the files of a board whose files wrap around, which XBetza's cylinder 'o' holds only "
                "on single-leg leaps and rides that neither hop nor are lame")
"""Why a piece's moves stay ZRF code on a cylinder board where one of them has no ``o`` form."""


def on_cylinder(text: str) -> str | None:
    """``text`` (a piece's XBetza) with ``o`` on each move that steps across files, or None where such a move has
    no ``o`` form the generator plays (several legs, ``*``, lame, jumping, hopping, crooked) or is castling (the
    model castles along the rank without wrapping)."""
    moves: list[betza.Move] = []
    for move in betza.parse_moves(text):
        if move.atom == "O":
            moves.append(move)
            continue
        cls, _, _ = atom_geometry(betza.RIDER_ATOMS.get(move.atom, move.atom))
        across = any(direction_vector(move.atom, d)[0] != 0
                     for d in first_leg_directions(move.first.directions, cls))
        if not across:
            moves.append(move)
            continue
        if move.is_multi_leg or move.star or any(move.first.has(mode) for mode in "njpgzo"):
            return None
        first = dataclasses.replace(move.first, modes=move.first.modes + "o")
        moves.append(dataclasses.replace(move, legs=(first,)))
    return betza.write(moves)


__all__ = ["CYLINDER_WHY", "on_cylinder"]
