"""XBetza, the extended Betza notation for piece moves: the language, and its reader :func:`parse`.

This module is syntax only. A move string is a sequence of :class:`Move`; each move is one or more
:class:`Leg` (separated by ``a``, "again") sharing one atom. Direction letters are kept as written, in order
(order matters for oblique atoms: ``frN`` is not ``rfN``); mode letters are kept as a multiset in canonical
order (repeats such as ``nn``, ``ii``, ``jj``, ``oo`` matter). What the letters *mean* on a board (direction
sets per atom class, continuation legs) is the move generator's business: :mod:`fairyport.xbetza.geometry`.

The canonical writer emits, per leg, ``i`` letters first, then the directions as written, then the other
modes in XBoard order (``m c d e t p g o y n j`` and then ``k x u z q w``), so that XBoard, Fairy-Stockfish
and the Interactive Diagram all read it; ranges are written as digits (``N0``, never ``NN``), and ``C``/``Z``
are written instead of their synonyms ``L``/``J``.

Reading (:func:`parse`):

- modifiers may come in any order within a leg (``mfW`` = ``fmW``); direction letters are collected in the
  order written, mode letters in between do not separate them (``fmrN`` = ``frmN``);
- ranges: digits (up to :data:`MAX_RANGE_DIGITS`, ``0`` = unlimited, no leading zero: the legacy ``W03`` is
  refused), a doubled
  single-letter leaper (``NN`` = ``N0``; the second letter must be the same letter as written, so ``LL`` is
  ``C0`` but ``LC`` is two camels; doubled ``K Q R B`` are two moves), or the Interactive Diagram's ``*``;
  a range equal to the atom's default (1 for leapers and ``K``, unlimited for ``R B Q``) is stored as None, so
  ``W1`` = ``W`` and ``R0`` = ``R``. ``R4`` stays ``R`` with range 4 (the generator treats ``R`` as a ``W``
  rider); it is not rewritten to ``W4``. ``O``, ``U`` and ``I`` have no default: their range is kept as given;
- the apostrophe suffix (after the range) sets :attr:`Move.exempt`;
- ``x(y)zA`` repetition groups become a :class:`Repeat` item (at most one group per move, not nested, not
  empty), expanded by :meth:`BetzaString.moves` to ``max_repeat`` copies;
- bracket notation: only ``[P?S]`` and ``[P-S]`` where ``P`` is a ``W`` or ``F`` step with optional direction
  letters and ``S`` an ``R``, ``B`` or ``Q`` slide with optional relative directions (``f``, ``l``, ``r``, ``s``
  for 0 or 90 degrees; ``fl``, ``fr``, ``fs``, ``bl``, ``br``, ``bs`` for 45 or 135 degrees; none = outward,
  i.e. every direction less than 90 degrees from the step). They become plain moves: ``?`` gives the step on
  its own, and each slide direction gives a two-leg move on the step atom, first leg ``P``'s directions with
  ``y`` (the range toggle), second leg the turn: by default ``f`` for a slide in the step's own family and
  ``fs`` for the other family (a 45-degree turn converts ``W`` and ``F``). ``[F?R]`` = ``F`` + ``yafsF``;
  ``[F-R]`` = ``yafsF``; ``[W?sR]`` = ``W`` + ``yasW``; ``[W?B]`` = ``W`` + ``yafsW``; ``[F?Q]`` = ``F`` +
  ``yafF`` + ``yafsF``.
  Mode letters may stand among a part's direction letters (``[mF?cR]``, ``[F?fqR]``); they go to the legs that
  part becomes. On a slide of the other family ``f`` means the outward pair ``fs`` (``[F?fR]`` = ``[F?R]``).
  Anything else is refused with "unsupported bracket form" (:class:`UnsupportedBracket`);
- the empty string is valid and has no moves. Whitespace is not skipped: callers strip their fields.

The reader itself is a pyparsing grammar, :mod:`fairyport.xbetza.grammar`. Every error is a :class:`BetzaError`
whose :attr:`BetzaError.offset` is the exact character offset in the parsed string; :meth:`BetzaError.relocate`
turns it into a file/line/column location for callers that parsed a substring of a larger text. :func:`parse`
keeps the trees it has read (they are immutable) for the strings last read, as the same piece strings are read
over and over (by each format, the move generator, the rules text).
"""

from __future__ import annotations

import functools

from fairyport.xbetza.tree import (
    ATOM_LETTERS,
    ATOM_SYNONYMS,
    COUNTED_GROUP,
    DEFAULT_MAX_REPEAT,
    DIGITS,
    DIRECTION_LETTERS,
    EXTENSION_SUFFIXES,
    FSF_ATOMS,
    FSF_MODES,
    LEAPER_ATOMS,
    LOWER_LETTERS,
    MAX_BETZA_LENGTH,
    MAX_LEGS,
    MAX_RANGE_DIGITS,
    MODE_ORDER,
    RIDER_ATOMS,
    SPECIAL_ATOMS,
    BetzaError,
    BetzaString,
    Item,
    Leg,
    Move,
    Repeat,
    UnsupportedBracket,
    canonical_modifiers,
    default_range,
    is_fsf_subset,
    leg_text,
    legs_from_modifiers,
    normalised_range,
    write,
)

# --- reader -------------------------------------------------------------------------------------------------------


PARSE_CACHE_SIZE = 4096
"""How many distinct strings :func:`parse` keeps the trees of (errors are not kept: they are raised again)."""


@functools.lru_cache(maxsize=PARSE_CACHE_SIZE)
def parse(text: str) -> BetzaString:
    """Read an XBetza move string (see the module docstring for the accepted language).

    Raises :class:`BetzaError` with the exact offset for anything else. The result is cached per string
    (``parse.cache_clear()`` empties the cache).
    """
    from fairyport.xbetza.grammar import read  # pyparsing and the grammar load on the first read, not on import

    if len(text) > MAX_BETZA_LENGTH:
        raise BetzaError(f"XBetza string too long (MAX_BETZA_LENGTH is {MAX_BETZA_LENGTH:,} characters)",
                         MAX_BETZA_LENGTH, expected=f"at most {MAX_BETZA_LENGTH:,} characters",
                         found=f"{len(text):,}")
    return read(text)


def parse_moves(text: str) -> tuple[Move, ...]:
    """Read an XBetza string and expand its repetition groups (``parse(text).moves()``)."""
    return parse(text).moves()


__all__ = [
    "ATOM_LETTERS", "ATOM_SYNONYMS", "COUNTED_GROUP", "DEFAULT_MAX_REPEAT", "DIGITS", "DIRECTION_LETTERS",
    "EXTENSION_SUFFIXES", "FSF_ATOMS", "FSF_MODES", "LEAPER_ATOMS", "LOWER_LETTERS", "MAX_BETZA_LENGTH", "MAX_LEGS",
    "MAX_RANGE_DIGITS",
    "MODE_ORDER", "PARSE_CACHE_SIZE", "RIDER_ATOMS", "SPECIAL_ATOMS", "BetzaError", "BetzaString", "Item",
    "Leg", "Move", "Repeat", "UnsupportedBracket", "canonical_modifiers", "default_range", "is_fsf_subset",
    "leg_text", "legs_from_modifiers", "normalised_range", "parse", "parse_moves", "write",
]
