"""The Diagram's ``extinction=`` key, read and written per side as the script reads it.

``extinction`` is a bit mask (1: White, 2: Black; the script's default 3). The script's ``CountRoyals`` gives a
side whose bit is set its spare royal pieces: only its last one is protected (the model's
:attr:`~fairyport.model.RoyalProtection.LAST`), and with no royal piece on the board that side has lost (the AI
says "It seems I have already lost!"). A side whose bit is clear has absolute royalty: the capture of any of its
royal pieces ends the game (:attr:`~fairyport.model.RoyalProtection.EVERY`), and with none on the board it plays
on, never in check (:attr:`~fairyport.model.Rules.royal_optional`: Horde, Dunsany's chess), also after
capturing its own (the anti-king's ``d`` moves; the script's own-capture leaves its count as it was).

The model holds one protection and one ``royal_optional`` for both sides, so a bit matters only for a side the
rule can tell apart: one with two or more royal pieces (protection), with none on the board, or in a game where a
side may capture its own (optional).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from fairyport.errors import Location, UnsupportedError
from fairyport.model import BLACK, WHITE, Color, RoyalProtection, Rules, Setup
from fairyport.xbetza.syntax import BetzaError, parse_moves

DEFAULT_EXTINCTION = 3
"""The script's ``extinction`` when the text gives none (both sides' spare royals count)."""

BITS: dict[Color, int] = {WHITE: 1, BLACK: 2}
"""Each side's bit in ``extinction``."""


@dataclasses.dataclass(frozen=True)
class Royalty:
    """What ``extinction`` says in model terms."""

    protection: RoyalProtection
    optional: bool = False


@dataclasses.dataclass(frozen=True)
class RoyalCounts:
    """Each side's royal pieces at the start: on the board (what the script counts) and with those in hand."""

    board: dict[Color, int]
    total: dict[Color, int]

    @classmethod
    def of(cls, setup: Setup, royals: set[str]) -> RoyalCounts:
        """Count ``setup``'s pieces of the types ``royals``."""
        board = {WHITE: 0, BLACK: 0}
        for piece in setup.placement.values():
            if piece.id in royals:
                board[piece.color] += 1
        total = dict(board)
        for color, hand in setup.hands.items():
            total[color] += sum(n for piece_id, n in hand.items() if piece_id in royals)
        return cls(board, total)

    def most(self) -> int:
        """The largest number of royal pieces one side has (on the board and in hand)."""
        return max(self.total.values())


def captures_own(betzas: Iterable[str]) -> bool:
    """Whether a piece of these moves may capture a piece of its own side (an XBetza ``d`` move: the anti-king),
    so that a side may take its own royal piece off the board."""
    for text in betzas:
        try:
            if any(leg.has("d") for move in parse_moves(text) for leg in move.legs):
                return True
        except BetzaError:
            continue
    return False


@dataclasses.dataclass(frozen=True)
class RoyalGame:
    """What the bits depend on: the royal counts, whether the game has royal types, and whether a side may capture
    its own royal piece (then every side's bit says whether it plays on without one)."""

    counts: RoyalCounts
    has_royals: bool
    captures_own: bool = False

    def optional_matters(self, color: Color) -> bool:
        """Whether ``color``'s bit says if it plays on without royals (none on the board, or it may lose them)."""
        return self.has_royals and (not self.counts.board[color] or self.captures_own)

    def protection_matters(self, color: Color) -> bool:
        """Whether ``color``'s bit says its protection (it has spare royal pieces)."""
        return self.counts.total[color] > 1


def read_extinction(value: int | None, game: RoyalGame, location: Location) -> Royalty:
    """The model's protection and ``royal_optional`` of ``extinction=value`` (None: no key given).

    :raises UnsupportedError: located, where the two sides' bits give them rules the model cannot hold apart.
    """
    bits = DEFAULT_EXTINCTION if value is None else value
    sides = (WHITE, BLACK)
    several = {bool(bits & BITS[c]) for c in sides if game.protection_matters(c)}
    optional = {not bits & BITS[c] for c in sides if game.optional_matters(c)}
    if len(several) > 1 or len(optional) > 1:
        raise UnsupportedError(f"extinction={value} gives White and Black different royal rules (bit 1: White, "
                               "bit 2: Black), which fairyport's model holds for both sides at once", location,
                               feature="royal protection")
    holders = {bool(bits & BITS[c]) for c in sides if game.counts.board[c]}
    if several or (value is not None and len(holders) == 1):  # the sides with spares decide, else those with one
        protection = RoyalProtection.LAST if (several or holders).pop() else RoyalProtection.EVERY
    else:  # no side tells the two apart: the same game either way
        protection = RoyalProtection.EVERY if value is None or bits == 0 else RoyalProtection.LAST
    return Royalty(protection, optional == {True})


def wanted_extinction(rules: Rules, game: RoyalGame) -> int | None:
    """The ``extinction`` bits that say ``rules``'s protection and ``royal_optional`` in ``game``; None where a
    side needs its bit both set and clear (royals optional for a side that may lose them, only its last one
    protected while it has several)."""
    last = rules.royal_protection is RoyalProtection.LAST
    bits = 0
    for color in (WHITE, BLACK):
        needs = {last} if game.protection_matters(color) else set()
        needs |= {not rules.royal_optional} if game.optional_matters(color) else set()
        if len(needs) > 1:
            return None
        bits |= BITS[color] * (needs.pop() if needs else last)
    return bits


def says(value: int | None, rules: Rules, game: RoyalGame) -> bool:
    """Whether ``extinction=value`` (None: no key) reads back to ``rules``'s protection and ``royal_optional``."""
    try:
        read = read_extinction(value, game, Location())
    except UnsupportedError:
        return False
    return read == Royalty(rules.royal_protection, rules.royal_optional)
