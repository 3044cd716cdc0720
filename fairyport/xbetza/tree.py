"""The XBetza syntax tree (:class:`BetzaString`, :class:`Move`, :class:`Leg`), its letters and its canonical
writer; :mod:`fairyport.xbetza.syntax` describes the language and reads it (with :mod:`fairyport.xbetza.grammar`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from fairyport.errors import Location, ParseError, UsageError

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

SPECIAL_ATOMS = {"O", "U", "I"}
"""Castling, universal leaper, imitator."""

EXTENSION_SUFFIXES = "XY"
"""Suffixes that extend a leaper atom (``FX`` = Giraffe); allowed only after a :data:`LEAPER_ATOMS` letter."""

ATOM_LETTERS = (
    frozenset(LEAPER_ATOMS) | frozenset(ATOM_SYNONYMS) | frozenset("K") | frozenset(RIDER_ATOMS) | SPECIAL_ATOMS
)
"""Every capital that can start an atom."""

MAX_RANGE_DIGITS = 4
"""Longest range the reader accepts, in digits (``W9999``); longer ones are refused as errors, not read."""

COUNTED_GROUP = "a count after a repetition group limits the copies: (az)7N = N, azN, ... (az)^7 N"
"""The Interactive Diagram's counted repetition group as its author writes it (``(az)7N``, ``(paf)3R``): the count
between ``)`` and the atom is read as the largest number of copies of the group, from 0 (as ``x(y)zA`` =
``xzA``, ``xyzA``, ``xyyzA``, ... starts with none); the caller's ``max_repeat`` (what fits its board) still
bounds it, so a count of 9999 expands no further than an uncounted group. The Diagram's pages available here
show the form, not the rule in words; this reading is the one that keeps an uncounted group the limit of counted
ones."""

DEFAULT_MAX_REPEAT = 8
MAX_LEGS = 24
"""Most legs one move may have (23 ``a``): a longer written move is an error at its 25th leg, and a repetition
group is expanded to no more copies than keep the move within it. Every leg multiplies the paths the move
generator walks, and a walk that input could make longer would pass the stack."""

MAX_BETZA_LENGTH = 1000
"""Longest XBetza string read, in characters (the longest in the Interactive Diagram's and Fairy-Stockfish's own
pieces is under 60); a longer one is an error at its first character past the bound, before it is parsed."""
"""Default number of copies of a repetition group that :meth:`BetzaString.moves` expands (0 to 8 copies)."""

FSF_ATOMS = frozenset("WFDNAHCZGKRBQ")
"""Atoms Fairy-Stockfish reads as XBetza does (idiagram-xbetza.md C.3 rule 1)."""

FSF_MODES = frozenset("mcpgnie")
"""Mode letters Fairy-Stockfish reads: C.3 rule 1 (``m c p g n i``) plus ``e``, which its variant parser reads
as "captures en passant" (every FSF pawn, e.g. ``fmWfceF``, uses it)."""

LOWER_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
"""Every modifier letter: the directions, the modes and ``a`` (together they use the whole lower-case alphabet)."""
DIGITS = frozenset("0123456789")
"""Range digits."""
_MODE_RANK = {letter: index for index, letter in enumerate(MODE_ORDER)}


class BetzaError(ParseError):
    """An XBetza string that cannot be read; :attr:`offset` is the exact character offset in that string."""

    def __init__(self, reason: str, offset: int, *, expected: str | None = None, found: str | None = None) -> None:
        self.offset = offset
        super().__init__(reason, Location(offset=offset), expected=expected, found=found)

    def relocate(self, source: str, start: int, file: str | None = None) -> BetzaError:
        """Locate the error in ``source``, a larger text in which the parsed string begins at offset ``start``.

        The location gets ``file``, the line and column and the absolute offset; :attr:`offset` stays relative
        to the XBetza string. Returns ``self`` so that callers can ``raise err.relocate(...)``.
        """
        self.relocated(Location.from_offset(source, start + self.offset, file))
        return self


class UnsupportedBracket(BetzaError):
    """A bracket form (``[...]``) the reader cannot map to plain moves. The text is well formed, and the
    Interactive Diagram may play it: callers that only check the text may accept it, and the move generator
    reports it as unsupported (exit 3) instead of unreadable."""


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

    def __str__(self) -> str:
        return leg_text(self)


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

    def __str__(self) -> str:
        return write((self,))


@dataclasses.dataclass(frozen=True)
class Repeat:
    """A move with a repetition group, ``head(body)tail`` + atom: ``head tail A``, ``head body tail A``, ...

    ``head``, ``body`` and ``tail`` are modifier texts that may contain ``a`` (a group may span legs, as in the
    Quintessence ``(alar)N``), each written in canonical form per ``a``-separated fragment. ``body`` is never
    empty. The atom fields mean what they mean on :class:`Move`.
    """

    head: str
    body: str
    tail: str
    atom: str
    range: int | None = None
    star: bool = False
    exempt: bool = False
    count: int | None = None
    """The group's written count (``(az)7N``, ``(paf)3R``): at most that many copies (:data:`COUNTED_GROUP`);
    None for an uncounted group, which repeats without bound."""

    def expand(self, copies: int) -> Move:
        """The move with ``copies`` copies of the group (0 = the group left out)."""
        if copies < 0:
            raise UsageError(f"a repetition count cannot be negative (got {copies})")
        legs = legs_from_modifiers(self.head + self.body * copies + self.tail)
        return Move(legs, self.atom, self.range, self.star, self.exempt)

    def moves(self, max_repeat: int = DEFAULT_MAX_REPEAT) -> tuple[Move, ...]:
        """The moves with 0, 1, ... ``max_repeat`` copies of the group (``count`` copies at most when the group
        is counted)."""
        if max_repeat < 0:
            raise UsageError(f"max_repeat cannot be negative (got {max_repeat})")
        if self.count is not None:  # a written count bounds the copies too (COUNTED_GROUP)
            max_repeat = min(max_repeat, self.count)
        fixed, per_copy = (self.head + self.tail).count("a") + 1, self.body.count("a")
        if per_copy:
            max_repeat = min(max_repeat, max(0, MAX_LEGS - fixed) // per_copy)
        return tuple(self.expand(copies) for copies in range(max_repeat + 1))

    def __str__(self) -> str:
        return write(BetzaString((self,)))


Item = Move | Repeat
"""One item of a move string: a plain move or a move with a repetition group."""


@dataclasses.dataclass(frozen=True)
class BetzaString:
    """A parsed XBetza string: its items in order. ``str()`` gives the canonical text."""

    items: tuple[Item, ...] = ()

    def moves(self, max_repeat: int = DEFAULT_MAX_REPEAT) -> tuple[Move, ...]:
        """Every move, in order, with each repetition group expanded to 0..``max_repeat`` copies.

        The XBetza repetition is unbounded; a board bounds it in practice (each copy adds at least one leg, and
        a path longer than the board has squares cannot end on it), so callers pass a limit that fits their
        board. The default, :data:`DEFAULT_MAX_REPEAT`, is enough for 8x8 boards.
        """
        result: list[Move] = []
        for item in self.items:
            if isinstance(item, Repeat):
                result.extend(item.moves(max_repeat))
            else:
                result.append(item)
        return tuple(result)

    def __str__(self) -> str:
        return write(self)


# --- helpers shared by the reader, the writer and callers ------------------------------------------------------


def default_range(atom: str) -> int | None:
    """The range an atom has when none is written: 1 for leapers and ``K``, 0 (unlimited) for ``R B Q``.

    ``O``, ``U`` and ``I`` have none (None): their written range is kept as given.
    """
    letter = atom[:1]
    if letter in RIDER_ATOMS:
        return 0
    if letter in LEAPER_ATOMS or letter == "K":
        return 1
    return None


def leg_text(leg: Leg) -> str:
    """Canonical text of one leg: ``i`` letters, then the directions as written, then the other modes in order."""
    modes = _sorted_modes(leg.modes)
    initial = modes.count("i")
    return "i" * initial + leg.directions + modes.replace("i", "")


def is_fsf_subset(move: Move) -> bool:
    """True if Fairy-Stockfish reads ``move`` exactly as XBetza means it (idiagram-xbetza.md C.3 rule 1).

    Single leg; atom one of ``W F D N A H C Z G K R B Q`` without extension; modes among ``m c p g n i e``, none
    repeated (FSF reads ``ii`` and ``nn`` as ``i`` and ``n``); any direction letters except ``lh``/``rh`` (a
    known FSF bug, issue #709); range absent or one digit; no ``*`` and no apostrophe.
    """
    if move.is_multi_leg or move.atom not in FSF_ATOMS or move.star or move.exempt:
        return False
    leg = move.first
    if any(mode not in FSF_MODES for mode in leg.modes) or len(set(leg.modes)) != len(leg.modes):
        return False
    if "lh" in leg.directions or "rh" in leg.directions:
        return False
    return move.range is None or 0 <= move.range <= 9


def _sorted_modes(modes: str) -> str:
    return "".join(sorted(modes, key=lambda letter: _MODE_RANK.get(letter, len(_MODE_RANK))))


def _leg_from_letters(letters: str) -> Leg:
    directions = "".join(letter for letter in letters if letter in DIRECTION_LETTERS)
    modes = _sorted_modes("".join(letter for letter in letters if letter not in DIRECTION_LETTERS))
    return Leg(directions, modes)


def legs_from_modifiers(modifiers: str) -> tuple[Leg, ...]:
    """The legs of a modifier text such as ``mafs``: split on ``a``, directions in order, modes sorted."""
    return tuple(_leg_from_letters(fragment) for fragment in modifiers.split("a"))


def canonical_modifiers(modifiers: str) -> str:
    """``modifiers`` (which may contain ``a``) with each ``a``-separated fragment written as :func:`leg_text` does."""
    return "a".join(leg_text(_leg_from_letters(fragment)) for fragment in modifiers.split("a"))


def normalised_range(atom: str, value: int | None) -> int | None:
    """``value``, or None if it is the atom's :func:`default_range` (``W1`` is stored as ``W``)."""
    return None if value is not None and value == default_range(atom) else value


# --- writer -------------------------------------------------------------------------------------------------------


def write(b: BetzaString | Sequence[Move]) -> str:
    """Canonical text of a move string or of a sequence of moves.

    Per leg ``i`` letters, directions as written, other modes in :data:`MODE_ORDER`; ``a`` between legs; the
    canonical atom; the range as digits, omitted when it is the atom's default. A default range is written out
    (``C1C``) only where leaving it out would make the next move's letter read as a doubled rider (``CC`` = ``C0``).
    Raises :class:`UsageError` for a tree no XBetza text can express (no legs, unknown atom, ``*`` with a range).
    """
    items: tuple[Item, ...] = b.items if isinstance(b, BetzaString) else tuple(b)
    texts: list[str] = []
    following = ""
    for item in reversed(items):
        text = _item_text(item, glue_guard=following)
        texts.append(text)
        following = text
    return "".join(reversed(texts))


def _item_text(item: Item, glue_guard: str) -> str:
    _check_atom_fields(item)
    if isinstance(item, Repeat):
        if not item.body:
            raise UsageError("a repetition group cannot be empty")
        for part in (item.head, item.body, item.tail):
            _check_modifier_letters(part, allow_again=True)
        count = "" if item.count is None else str(item.count)
        prefix = (canonical_modifiers(item.head) + "(" + canonical_modifiers(item.body) + ")" + count
                  + canonical_modifiers(item.tail))
    else:
        if not item.legs:
            raise UsageError(f"a move needs at least one leg (atom {item.atom!r})")
        for leg in item.legs:
            _check_modifier_letters(leg.directions + leg.modes, allow_again=False)
            if any(letter in DIRECTION_LETTERS for letter in leg.modes):
                raise UsageError(f"direction letters in the modes of a leg: {leg.modes!r}")
            if any(letter not in DIRECTION_LETTERS for letter in leg.directions):
                raise UsageError(f"mode letters in the directions of a leg: {leg.directions!r}")
        prefix = "a".join(leg_text(leg) for leg in item.legs)
    value = normalised_range(item.atom, item.range)
    if value is not None:
        suffix = str(value)
    elif item.star:
        suffix = "*"
    elif not item.exempt and item.atom in LEAPER_ATOMS and glue_guard.startswith(item.atom):
        suffix = str(default_range(item.atom))
    else:
        suffix = ""
    return prefix + item.atom + suffix + ("'" if item.exempt else "")


def _check_atom_fields(item: Item) -> None:
    atom = item.atom
    if not atom or atom[0] not in ATOM_LETTERS or atom[0] in ATOM_SYNONYMS:
        raise UsageError(f"not a canonical XBetza atom: {atom!r}")
    if len(atom) > 1 and (atom[0] not in LEAPER_ATOMS or any(c not in EXTENSION_SUFFIXES for c in atom[1:])):
        raise UsageError(f"not a canonical XBetza atom: {atom!r}")
    if item.range is not None and item.range < 0:
        raise UsageError(f"a range cannot be negative (got {item.range})")
    if item.star and normalised_range(atom, item.range) is not None:
        raise UsageError("a move cannot have both a '*' range and a numeric range")


def _check_modifier_letters(text: str, *, allow_again: bool) -> None:
    for letter in text:
        if letter not in LOWER_LETTERS or (letter == "a" and not allow_again):
            raise UsageError(f"not an XBetza modifier letter: {letter!r}")


__all__ = [
    "ATOM_LETTERS", "ATOM_SYNONYMS", "COUNTED_GROUP", "DEFAULT_MAX_REPEAT", "DIGITS", "DIRECTION_LETTERS",
    "EXTENSION_SUFFIXES", "FSF_ATOMS", "FSF_MODES", "LEAPER_ATOMS", "LOWER_LETTERS", "MAX_RANGE_DIGITS",
    "MODE_ORDER", "RIDER_ATOMS", "SPECIAL_ATOMS", "BetzaError", "BetzaString", "Item", "Leg", "Move", "Repeat",
    "UnsupportedBracket", "canonical_modifiers", "default_range", "is_fsf_subset", "leg_text",
    "legs_from_modifiers", "normalised_range", "write",
]
