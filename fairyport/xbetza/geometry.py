"""What XBetza direction letters mean on a board: direction sets per atom class, and continuation legs.

Directions are numbered 0..7 clockwise from forward, as XBoard does. For the K system (W, F, K and their
multiples and riders, and every continuation leg) bit ``d`` is the K direction f, fr, r, br, b, bl, l, fl; even
bits are orthogonal, odd bits diagonal. For oblique atoms (N, C, Z, extended leapers) with leap (a, b), a < b,
bit ``d`` is the ``d``-th of the eight leaps clockwise from (a, b) (for N: (1,2), (2,1), (2,-1), ...).

First-leg rules (idiagram-xbetza.md B.4), per symmetry class:

- orthogonal atoms: the union of every letter's narrow set, restricted to the even bits;
- diagonal atoms: each letter's wide set, a combinable pair (one vertical, one horizontal letter, the first of
  f/b/l/r) the intersection of both wide sets, united, restricted to the odd bits;
- oblique atoms: leading ``hr``/``hl`` are the chiral sets; a letter gives its narrow set, a letter followed by
  ``h`` its wide set, a doubled letter or a combinable pair wide(first) & narrow(second);
- the K system: a letter gives its K-narrow set, a doubled letter that single direction, a combinable pair the
  intersection of both K-wide sets.

An empty result means every direction of the class. Black's directions are White's turned by 180 degrees.

Continuation legs (after ``a``) use the K system relative to the previous step: ``f`` straight on, ``r`` a
90-degree turn right, ``fr`` 45 degrees right, ``b`` straight back. With no letter a continuation leg may go
every way except straight back (:data:`DEFAULT_CONTINUATION`, the Interactive Diagram's rule).

On orthogonal atoms ``h`` means ``b`` (as the Interactive Diagram reads it: ``fhW`` = ``vW``).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence

from fairyport.xbetza.syntax import LEAPER_ATOMS, RIDER_ATOMS, Move, default_range

ALL_DIRECTIONS = frozenset(range(8))
EVEN = frozenset({0, 2, 4, 6})
ODD = frozenset({1, 3, 5, 7})

DEFAULT_CONTINUATION = frozenset({0, 1, 2, 3, 5, 6, 7})
"""Relative directions of a continuation leg with no direction letter: every way but straight back.

This is the one constant for default continuation directions (Interactive Diagram behaviour, measured on its
script: ``aW`` reaches the D, N, F and W squares). XBoard 4.9 allows fewer; it is not the reference here."""

WIDE = {"f": {0, 1, 6, 7}, "b": {2, 3, 4, 5}, "l": {4, 5, 6, 7}, "r": {0, 1, 2, 3}}
NARROW = {
    "f": {0, 7}, "b": {3, 4}, "l": {5, 6}, "r": {1, 2},
    "v": {0, 3, 4, 7}, "s": {1, 2, 5, 6}, "h": set(range(8)),
}
K_WIDE = {
    "f": {0, 1, 7}, "b": {3, 4, 5}, "l": {5, 6, 7}, "r": {1, 2, 3},
    "v": {0, 1, 3, 4, 5, 7}, "s": {1, 2, 3, 5, 6, 7}, "h": set(range(8)),
}
K_NARROW = {
    "f": {0}, "b": {4}, "l": {6}, "r": {2},
    "v": {0, 4}, "s": {2, 6}, "h": set(range(8)),
}
VERTICAL = set("fbv")
HORIZONTAL = set("lrs")

K_VECTORS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
"""Unit step (file, rank) of each K direction, White's view."""


class AtomClass(enum.Enum):
    """Symmetry class of an atom, which decides how direction letters are read."""

    ORTHOGONAL = "orthogonal"
    DIAGONAL = "diagonal"
    OBLIQUE = "oblique"
    KING = "king"


def oblique_vectors(short: int, long: int) -> tuple[tuple[int, int], ...]:
    """The eight leaps of an oblique (short, long) atom, clockwise from (short, long)."""
    a, b = short, long
    return ((a, b), (b, a), (b, -a), (a, -b), (-a, -b), (-b, -a), (-b, a), (-a, b))


@functools.cache
def atom_geometry(atom: str) -> tuple[AtomClass, int, tuple[int, int]]:
    """Class, unit multiple and (short, long) leap of an atom such as ``W``, ``A``, ``N``, ``FX``.

    For orthogonal and diagonal atoms the multiple is the length of the step along its K direction (D = 2);
    the K atom has multiple 1. ``X`` extensions boost the leap by 1 orthogonal step (G), 2 (A and Z) or 3 (the
    others), which makes it oblique (``FX`` = (1, 4), the Giraffe).

    :raises KeyError: for atoms that are not leaps (R, B, Q are riders of W, F, K; O, U, I are special).
    """
    base = atom.rstrip("X")
    boosts = len(atom) - len(base)
    if base == "K":
        if boosts:
            raise KeyError(atom)
        return AtomClass.KING, 1, (1, 1)
    short, long = LEAPER_ATOMS[base]
    for _ in range(boosts):
        long += 1 if base == "G" else 2 if base in ("A", "Z") else 3
    if short == 0:
        return AtomClass.ORTHOGONAL, long, (0, long)
    if short == long:
        return AtomClass.DIAGONAL, long, (long, long)
    return AtomClass.OBLIQUE, 1, (short, long)


def _groups(letters: str) -> list[str]:
    """Split direction letters into single letters and pairs (combinable pair, doubled letter, letter + h)."""
    groups: list[str] = []
    i = 0
    while i < len(letters):
        first = letters[i]
        second = letters[i + 1] if i + 1 < len(letters) else ""
        pair = first in "fblr" and second != "" and (
            second == first
            or second == "h"
            or (first in VERTICAL and second in HORIZONTAL)
            or (first in HORIZONTAL and second in VERTICAL)
        )
        if pair:
            groups.append(first + second)
            i += 2
        else:
            groups.append(first)
            i += 1
    return groups


def first_leg_directions(letters: str, atom_class: AtomClass) -> frozenset[int]:
    """The set of direction bits (White's view) that direction ``letters`` give on a first leg."""
    result: set[int] = set()
    if atom_class is AtomClass.ORTHOGONAL:
        for letter in letters:
            result |= NARROW["b"] if letter == "h" else NARROW[letter]
        result &= EVEN
        return frozenset(result) if result else EVEN
    if atom_class is AtomClass.KING:
        return _k_system(letters) or ALL_DIRECTIONS
    rest = letters
    if atom_class is AtomClass.OBLIQUE and rest[:2] in ("hr", "hl"):
        result |= EVEN if rest[:2] == "hr" else ODD
        rest = rest[2:]
    for group in _groups(rest):
        if atom_class is AtomClass.DIAGONAL:
            if len(group) == 2 and group[1] != "h" and group[0] != group[1]:
                result |= WIDE[group[0]] & WIDE.get(group[1], set())
            else:
                result |= WIDE.get(group[0], set())
        elif len(group) == 1:
            result |= NARROW[group]
        elif group[1] == "h":
            result |= WIDE[group[0]]
        else:
            result |= WIDE[group[0]] & NARROW[group[1]]
    if atom_class is AtomClass.DIAGONAL:
        result &= ODD
        return frozenset(result) if result else ODD
    return frozenset(result) if result else ALL_DIRECTIONS


def _k_system(letters: str) -> frozenset[int]:
    result: set[int] = set()
    for group in _groups(letters):
        if len(group) == 1 or group[1] == "h":
            result |= K_NARROW[group[0]] if len(group) == 1 else K_WIDE[group[0]]
        elif group[0] == group[1]:
            result |= K_NARROW[group[0]]
        else:
            result |= K_WIDE[group[0]] & K_WIDE[group[1]]
    return frozenset(result)


def continuation_directions(letters: str) -> frozenset[int]:
    """Relative K directions (0 = straight on) that a continuation leg's direction ``letters`` allow."""
    if not letters:
        return DEFAULT_CONTINUATION
    return _k_system(letters) or DEFAULT_CONTINUATION


CROOKED_FIRST_TURN = frozenset({2, 6})
"""Relative directions of a crooked (``z``) or circular (``q``) continuation leg that has no earlier turn to
mirror or repeat (the leg right after the first leg) and no direction letter: a right-angle turn either way.

XBetza defines ``z`` / ``q`` on a continuation leg relative to the previous turn ("afsafzW ... the path bends in
the opposite direction as the preceding s", H. G. Muller, chessvariants.com reply=43609) and does not say what
the first such leg of ``(az)7N`` (a crooked nightrider) does, whose previous leg did not turn. This project reads
it as Betza's crooked pieces move ("a Bishop that must make a 90 degree turn with every step", Betza's Crooked
Bishop page): the first crooked turn is 90 degrees left or right; each later ``z`` turns back, each ``q`` turns
the same way again. On oblique atoms the relative directions count the eight leaps clockwise, so 2 is also a
right angle (N (1, 2) turns to (2, -1)). Direction letters on that leg replace this default."""


def turn_directions(letters: str, modes: str, previous_turn: int | None) -> frozenset[int]:
    """Relative K directions (0 = straight on) of a continuation leg with direction ``letters`` and mode letters
    ``modes``, after a previous leg that turned by ``previous_turn`` (None: the previous leg is the first leg).

    Without ``z`` or ``q`` this is :func:`continuation_directions`. With ``z`` the leg first undoes the previous
    turn (turns by its mirror image, ``-previous_turn``), with ``q`` it repeats it; direction letters are then
    read relative to that (``zf``, the default, = exactly that turn): ``afsafzW`` zig-zags W, F, W and
    ``afsafqW`` keeps turning. Without a previous turn, see :data:`CROOKED_FIRST_TURN`.
    """
    crooked, circular = "z" in modes, "q" in modes
    if not (crooked or circular):
        return continuation_directions(letters)
    if previous_turn is None:
        return continuation_directions(letters) if letters else CROOKED_FIRST_TURN
    base = -previous_turn if crooked else previous_turn
    offsets = _k_system(letters) or frozenset({0})
    return frozenset((base + offset) % 8 for offset in offsets)


@functools.cache
def direction_vector(atom: str, direction: int) -> tuple[int, int]:
    """The (file, rank) step of ``atom`` (a leaper, ``K`` or a rider ``R B Q``) in direction bit ``direction``.

    K-system atoms scale the unit step by their multiple (``D`` in direction 0 is (0, 2)); a W or F atom turned
    by 45 degrees becomes the other (continuation legs); oblique atoms use :func:`oblique_vectors`.
    """
    base = RIDER_ATOMS.get(atom, atom)
    cls, mult, leap = atom_geometry(base)
    if cls is AtomClass.OBLIQUE:
        return oblique_vectors(*leap)[direction]
    return K_VECTORS[direction][0] * mult, K_VECTORS[direction][1] * mult


def rotate(direction: int, color: int) -> int:
    """Turn a White direction bit into the given colour's (Black: 180 degrees)."""
    return (direction + 4 * color) % 8


def forward_reach(moves: Sequence[Move]) -> int | None:
    """The most ranks one of ``moves`` can advance (White's view; 0 if none goes forward), or None when that is
    unbounded or not known here: a forward rider without a range, a multi-leg move, castling, ``U``, ``I``, ``*``.
    """
    reach = 0
    for move in moves:
        if move.is_multi_leg or move.star:
            return None
        base = RIDER_ATOMS.get(move.atom, move.atom)
        try:
            cls, _, _ = atom_geometry(base)
        except KeyError:
            return None
        steps = move.range if move.range is not None else default_range(move.atom)
        for direction in first_leg_directions(move.first.directions, cls):
            rank_step = direction_vector(base, direction)[1]
            if rank_step > 0:
                if not steps:
                    return None
                reach = max(reach, rank_step * steps)
    return reach
