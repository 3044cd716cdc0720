"""XBetza, the extended Betza notation for piece moves: syntax tree, parser and canonical writer.

This module is syntax only. A move string is a sequence of :class:`Move`; each move is one or more
:class:`Leg` (separated by ``a``, "again") sharing one atom. Direction letters are kept as written, in order
(order matters for oblique atoms: ``frN`` is not ``rfN``); mode letters are kept as a multiset in canonical
order (repeats such as ``nn``, ``ii``, ``jj``, ``oo`` matter). What the letters *mean* on a board (direction
sets per atom class, continuation legs) is the move generator's business: :mod:`fairyport.rules.xbetza`.

The canonical writer emits, per leg, ``i`` letters first, then the directions as written, then the other
modes in XBoard order (``m c d e t p g o y n j`` and then ``k x u z q w``), so that XBoard, Fairy-Stockfish
and the Interactive Diagram all read it; ranges are written as digits (``N0``, never ``NN``), and ``C``/``Z``
are written instead of their synonyms ``L``/``J``.
"""

from __future__ import annotations

import dataclasses

DIRECTION_LETTERS = "fblrvsh"
"""Direction modifiers: forward, backward, left, right, vertical, sideways, half."""

MODE_ORDER = "imcdetpgoynjkxuzqw"
"""Mode modifiers in canonical writing order (``i`` is written before the directions)."""

LEAPER_ATOMS = {
    "W": (0, 1),
    "F": (1, 1),
    "D": (0, 2),
    "N": (1, 2),
    "A": (2, 2),
    "H": (0, 3),
    "C": (1, 3),
    "Z": (2, 3),
    "G": (3, 3),
}
"""Single-leap atoms and their (short, long) leap. ``L`` = ``C`` and ``J`` = ``Z`` are read as synonyms."""

ATOM_SYNONYMS = {"L": "C", "J": "Z"}
"""Synonyms read and written as the canonical letter."""

RIDER_ATOMS = {"R": "W", "B": "F", "Q": "K"}
"""Unlimited riders and the step atom they repeat (``R4`` = ``W4``)."""

COMPOUND_ATOMS = {"K": ("W", "F"), "Q": ("R", "B")}
"""Atoms that are the union of two others."""

SPECIAL_ATOMS = {"O", "U", "I"}
"""Castling, universal leaper, imitator."""


@dataclasses.dataclass(frozen=True)
class Leg:
    """One leg of a move: its direction letters (as written, in order) and mode letters (canonical order)."""

    directions: str = ""
    modes: str = ""

    def count(self, mode: str) -> int:
        """How many times the mode letter ``mode`` is given on this leg."""
        return self.modes.count(mode)

    def has(self, mode: str) -> bool:
        """True if the mode letter ``mode`` is given on this leg."""
        return mode in self.modes


@dataclasses.dataclass(frozen=True)
class Move:
    """One XBetza move: legs (first leg first) sharing one atom, with an optional range.

    ``atom`` is the canonical atom letter, possibly followed by ``X``/``Y`` extensions (``FX``).
    ``range`` is None for the atom's default (1 for leapers, unlimited for ``R B Q``), 0 for unlimited, or the
    maximum number of steps. ``star`` is the Interactive Diagram's ``*`` range (to mid-board, leaving e.p.
    rights). ``exempt`` is the ``'`` suffix (exempt from a capture matrix).
    """

    legs: tuple[Leg, ...]
    atom: str
    range: int | None = None
    star: bool = False
    exempt: bool = False

    @property
    def first(self) -> Leg:
        """The first leg."""
        return self.legs[0]

    @property
    def is_multi_leg(self) -> bool:
        """True for ``a`` moves."""
        return len(self.legs) > 1
