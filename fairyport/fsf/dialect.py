"""Fairy-Stockfish's Betza dialect, read the way Fairy-Stockfish reads it, and written as XBetza.

Fairy-Stockfish reads a piece string letter by letter (its ``from_betza``): ``m``/``c`` choose quiet moves or
captures (neither: both), ``p``/``g`` make a hopper (``g``: land right behind the hurdle), ``n`` a lame leaper,
``i`` an initial move, ``f b v l r s h`` directions (a letter alone counts doubled, a vertical and a horizontal
letter or a doubled letter form a pair), and an atom closes the move; a digit or a repeated atom after it makes
a rider (the digit its range). Every other character is skipped without a word: ``a``, ``o``, ``x``, ``j``,
``y``, ``t``, ``e`` (``e`` only marks the piece as an en-passant taker), ``O``, brackets, a digit elsewhere.
So ``mafsW`` is ``m`` + ``fs`` + ``W``: three wazir steps (forward, left, right), as Fairy-Stockfish plays it.

Each direction pair selects some of the eight leaps of an atom by the table below (:data:`_VECTOR_RULES`: facts
about Fairy-Stockfish's reading, checked against pyffish by the tests), and orthogonal atoms split a mixed pair
(``fs``) into its two doubled letters. The moves end up in maps keyed by leap, per kind (leap, slide, hop),
modality and initial flag; a later move on the same leap overwrites an earlier one's range, as in
Fairy-Stockfish. :func:`to_xbetza` writes the result as XBetza, one move per leap set, or raises
:class:`DialectError` for what the model cannot play the same way (a lame leaper other than the horse,
elephant and lame dabbaba, a hopper on a leaper, a ranged hopper).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable

from fairyport.xbetza.geometry import K_VECTORS, AtomClass, atom_geometry, first_leg_directions, oblique_vectors
from fairyport.xbetza.syntax import ATOM_SYNONYMS, LEAPER_ATOMS

LEAPS: dict[str, tuple[tuple[int, int], ...]] = {
    **{atom: ((long, short),) for atom, (short, long) in LEAPER_ATOMS.items()},
    **{synonym: ((LEAPER_ATOMS[atom][1], LEAPER_ATOMS[atom][0]),) for synonym, atom in ATOM_SYNONYMS.items()},
    "K": ((1, 0), (1, 1)),
}
"""Fairy-Stockfish's leaper atoms (the XBetza leapers, their synonyms ``L`` and ``J``, and ``K``): (first,
second) offsets, first along the file (ranks), second across."""
RIDERS: dict[str, tuple[tuple[int, int], ...]] = {"R": ((1, 0),), "B": ((1, 1),), "Q": ((1, 0), (1, 1))}
"""Fairy-Stockfish's rider atoms."""
VERTICALS = "fbvh"
HORIZONTALS = "rlsh"

_VECTOR_RULES: tuple[tuple[Callable[[int, int], tuple[int, int]], frozenset[str]], ...] = (
    (lambda a, b: (b, a), frozenset({"ff", "vv", "rf", "rv", "fh", "rh", "hr"})),
    (lambda a, b: (-b, -a), frozenset({"bb", "vv", "lb", "lv", "bh", "lh", "hr"})),
    (lambda a, b: (a, -b), frozenset({"rr", "ss", "br", "bs", "bh", "rh", "hr"})),
    (lambda a, b: (-a, b), frozenset({"ll", "ss", "fl", "fs", "fh", "lh", "hr"})),
    (lambda a, b: (a, b), frozenset({"rr", "ss", "fr", "fs", "fh", "rh", "hl"})),
    (lambda a, b: (-a, -b), frozenset({"ll", "ss", "bl", "bs", "bh", "lh", "hl"})),
    (lambda a, b: (b, -a), frozenset({"bb", "vv", "rb", "rv", "bh", "rh", "hl"})),
    (lambda a, b: (-b, a), frozenset({"ff", "vv", "lf", "lv", "fh", "lh", "hl"})),
)
"""The eight leaps of an atom (a, b) = (offset along the file, offset across it) as (dx, dy) vectors, White's
view, each with the direction pairs that select it in Fairy-Stockfish's reading."""


class DialectError(ValueError):
    """A Fairy-Stockfish piece string whose moves the model cannot play the same way."""


@dataclasses.dataclass(frozen=True)
class FsfMove:
    """One move of a piece string as Fairy-Stockfish groups it (everything up to and including the atom)."""

    atom: str
    modalities: tuple[str, ...]
    """``m`` (quiet) and/or ``c`` (capture), in the order given; both when none was given."""
    directions: tuple[str, ...]
    """Direction pairs (``ff``, ``fr``, ``hr``, ...); empty: every direction."""
    kind: str
    """``leap``, ``slide`` or ``hop``."""
    distance: int
    """Slides: range (0 unlimited); hops: 0 (cannon-like) or 1 (grasshopper); lame leaps: -1; else 0."""
    initial: bool


def parse_fsf(text: str) -> tuple[list[FsfMove], list[str]]:
    """The moves of a Fairy-Stockfish piece string, and the characters Fairy-Stockfish skips (with positions)."""
    moves: list[FsfMove] = []
    skipped: list[str] = []
    modalities: list[str] = []
    directions: list[str] = []
    hopper = lame = initial = False
    distance = 0
    i = 0
    while i < len(text):
        c = text[i]
        if c in "mc":
            modalities.append(c)
        elif c in "pg":
            hopper = True
            if c == "g":
                distance = 1
        elif c == "n":
            lame = True
        elif c == "i":
            initial = True
        elif c in VERTICALS or c in HORIZONTALS:
            nxt = text[i + 1] if i + 1 < len(text) else ""
            if nxt and (nxt == c or (c in VERTICALS and nxt in HORIZONTALS)
                        or (c in HORIZONTALS and nxt in VERTICALS)):
                directions.append(c + nxt)
                i += 2
                continue
            directions.append(c + c)
        elif c in LEAPS or c in RIDERS:
            rider = c in RIDERS
            if i + 1 < len(text) and (text[i + 1].isdecimal() or text[i + 1] == c):
                rider = True
                if text[i + 1].isdecimal():
                    distance = int(text[i + 1])
                i += 1
            if not rider and lame:
                distance = -1
            kind = "hop" if hopper else "slide" if rider else "leap"
            moves.append(FsfMove(c, tuple(modalities) or ("m", "c"), tuple(directions), kind, distance, initial))
            modalities, directions = [], []
            hopper = lame = initial = False
            distance = 0
        else:
            skipped.append(f"{c!r} at {i + 1}")
        i += 1
    return moves, skipped


def vectors(move: FsfMove) -> list[tuple[tuple[int, int], int]]:
    """Every (vector, distance) the move gives, White's view, in Fairy-Stockfish's order."""
    atoms = RIDERS.get(move.atom) or LEAPS[move.atom]
    out: list[tuple[tuple[int, int], int]] = []
    for first, second in atoms:
        wanted: set[str] = set()
        for pair in move.directions:
            if len(atoms) == 1 and second == 0 and pair[0] != pair[1]:
                wanted |= {pair[0] * 2, pair[1] * 2}
            else:
                wanted.add(pair)
        for rule, selectors in _VECTOR_RULES:
            if not move.directions or wanted & selectors:
                out.append((rule(first, second), move.distance))
    return out


Bucket = tuple[str, bool, str]
"""(kind, initial, modality): one of Fairy-Stockfish's move maps."""


def move_maps(moves: list[FsfMove]) -> dict[Bucket, dict[tuple[int, int], int]]:
    """Fairy-Stockfish's move maps: per (kind, initial, modality), vector -> distance (a later move on the same
    vector overwrites the distance). Initial captures are dropped, as Fairy-Stockfish does not play them."""
    maps: dict[Bucket, dict[tuple[int, int], int]] = {}
    for move in moves:
        for modality in move.modalities:
            if move.initial and modality == "c":
                continue
            target = maps.setdefault(("hop" if move.kind == "hop" else move.kind, move.initial, modality), {})
            for vector, distance in vectors(move):
                target[vector] = distance
    return maps


_ATOM_OF_LEAP = {leap: atom for atom, leap in LEAPER_ATOMS.items()}
_CANDIDATES = ("", *"fblrvs", "fr", "fl", "br", "bl", "rf", "rb", "lf", "lb", "ff", "bb", "ll", "rr",
               "fh", "bh", "lh", "rh", "hr", "hl")


def _xbetza_vectors(modifiers: str, atom: str) -> frozenset[tuple[int, int]]:
    """The leaps of an XBetza atom with first-leg direction ``modifiers``, White's view."""
    cls, mult, (short, long) = atom_geometry(atom)
    dirs = first_leg_directions(modifiers, cls)
    if cls is AtomClass.OBLIQUE:
        table = oblique_vectors(short, long)
        return frozenset(table[d] for d in dirs)
    return frozenset((K_VECTORS[d][0] * mult, K_VECTORS[d][1] * mult) for d in dirs)


def _cover(atom: str, wanted: frozenset[tuple[int, int]]) -> list[str]:
    """Direction modifiers whose XBetza leap sets are inside ``wanted`` and together cover it (fewest first)."""
    options = [(m, _xbetza_vectors(m, atom)) for m in _CANDIDATES]
    fitting = [(m, s) for m, s in options if s <= wanted]
    for size in range(1, 5):
        for combo in itertools.combinations(fitting, size):
            if frozenset().union(*(s for _, s in combo)) == wanted:
                return [m for m, _ in combo]
    raise DialectError(f"no XBetza directions give exactly the leaps {sorted(wanted)} of {atom}")


def _leap_key(vector: tuple[int, int]) -> tuple[int, int]:
    a, b = sorted((abs(vector[0]), abs(vector[1])))
    return (a, b)


LAME_KNIGHT = "mafsW"
"""The lame knight (xiangqi horse, ``nN``: blocked on the orthogonally adjacent square) as two-leg XBetza; lame
dabbaba and alfil leaps are XBetza's ``nD`` / ``nA`` (blocked on the square between)."""
SLIDE_ATOMS = frozenset({"W", "F", "N"})
"""The leaps Fairy-Stockfish slides along (its rider types: rook, bishop and nightrider directions, in
``Bitboards::init_pieces``); a rider of any other leap has no move at all (measured: pyffish gives ``AA``,
``DD``, ``A2`` and ``vC3`` no move, ``NN`` the nightrider's)."""
HOP_ATOMS = frozenset({"W", "F"})
"""The leaps Fairy-Stockfish hops along (cannon and grasshopper directions); a hopper on another leap has no
move."""


def to_xbetza(text: str) -> tuple[str, list[str]]:
    """The XBetza string that plays ``text`` as Fairy-Stockfish does, and the characters it skips.

    :raises DialectError: for moves the model cannot play the same way.
    """
    moves, skipped = parse_fsf(text)
    maps = move_maps(moves)
    # vector -> modalities, per (kind, initial, distance)
    grouped: dict[tuple[str, bool, int, tuple[int, int]], set[str]] = {}
    for (kind, initial, modality), table in maps.items():
        for vector, distance in table.items():
            grouped.setdefault((kind, initial, distance, vector), set()).add(modality)
    # (kind, initial, distance, leap, modalities) -> vectors
    sets: dict[tuple[str, bool, int, tuple[int, int], str], set[tuple[int, int]]] = {}
    for (kind, initial, distance, vector), mods in grouped.items():
        mode = "" if mods == {"m", "c"} else "".join(sorted(mods))
        sets.setdefault((kind, initial, distance, _leap_key(vector), mode), set()).add(vector)
    parts: list[str] = []
    for (kind, initial, distance, leap, mode), found in sorted(sets.items()):
        atom = _ATOM_OF_LEAP[leap]
        prefix = ("i" if initial else "") + mode
        if kind == "leap" and distance == -1:
            if atom in ("D", "A"):
                parts += [prefix + modifiers + "n" + atom for modifiers in _cover(atom, frozenset(found))]
                continue
            if atom != "N" or len(found) != 8 or mode:
                raise DialectError(f"a lame {atom} leap in {len(found)} directions"
                                   + (f" ({mode} only)" if mode else ""))
            parts.append(("i" if initial else "") + LAME_KNIGHT)
            continue
        allowed = SLIDE_ATOMS if kind == "slide" else HOP_ATOMS if kind == "hop" else None
        if allowed is not None and atom not in allowed:
            skipped.append(f"the {atom} {kind} (Fairy-Stockfish slides only along W, F and N leaps and hops only "
                           "along W and F: no move)")
            continue
        if kind == "hop":
            if distance not in (0, 1):
                raise DialectError(f"a hopper on the {atom} leap" + (f" with range {distance}" if distance > 1 else ""))
            rider = {"W": "R", "F": "B"}[atom]
            for modifiers in _cover(atom, frozenset(found)):
                parts.append(prefix + modifiers + ("g" if distance == 1 else "p") + rider)
            continue
        suffix = ""
        written = atom
        if kind == "slide":
            if distance == 0:
                written = {"W": "R", "F": "B"}.get(atom, atom + atom)
            else:
                suffix = str(distance)
        for modifiers in _cover(atom, frozenset(found)):
            parts.append(prefix + modifiers + written + suffix)
    return "".join(_merge_king_and_queen(parts)), skipped


def _merge_king_and_queen(parts: list[str]) -> list[str]:
    """``W`` with ``F`` is ``K`` and ``R`` with ``B`` is ``Q`` (same modes, every direction): the usual names."""
    out = list(parts)
    for whole, (first, second) in (("K", ("W", "F")), ("Q", ("R", "B"))):
        for part in list(out):
            if part.endswith(first) and set(part[:-1]) <= set("mcpgi"):
                other = part[:-1] + second
                if other in out:
                    at = out.index(part)
                    out.remove(other)
                    out[at] = part[:-1] + whole
    return out


__all__ = ["DialectError", "FsfMove", "move_maps", "parse_fsf", "to_xbetza", "vectors"]
