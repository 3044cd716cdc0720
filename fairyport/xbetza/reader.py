"""The XBetza reader behind :func:`fairyport.xbetza.syntax.parse`: one pass, every error at the exact offset.

The accepted language, the bracket mapping and the normalisations are described in :mod:`fairyport.xbetza.syntax`.
"""

from __future__ import annotations

from fairyport.xbetza.syntax import (
    ATOM_LETTERS,
    ATOM_SYNONYMS,
    DIGITS,
    DIRECTION_LETTERS,
    EXTENSION_SUFFIXES,
    LEAPER_ATOMS,
    LOWER_LETTERS,
    MAX_RANGE_DIGITS,
    BetzaError,
    BetzaString,
    Item,
    Move,
    Repeat,
    UnsupportedBracket,
    canonical_modifiers,
    legs_from_modifiers,
    normalised_range,
)


def _show(text: str, offset: int) -> str:
    return repr(text[offset]) if offset < len(text) else "end of string"


_BRACKET_TURNS = {
    "f": False,
    "l": False,
    "r": False,
    "s": False,
    "fl": True,
    "fr": True,
    "fs": True,
    "bl": True,
    "br": True,
    "bs": True,
}
"""Relative directions accepted on the slide of a bracket form: True if the turn is 45 or 135 degrees, which
switches between the orthogonal and the diagonal family."""

_FAMILY = {"W": "orthogonal", "F": "diagonal", "R": "orthogonal", "B": "diagonal"}


class Reader:
    """A hand-written reader: one pass, every error at the exact offset."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def error(self, reason: str, offset: int, expected: str | None = None) -> BetzaError:
        """A :class:`BetzaError` at ``offset``, naming the character found there."""
        return BetzaError(reason, offset, expected=expected, found=_show(self.text, offset))

    def read(self) -> BetzaString:
        """Read the whole text."""
        items: list[Item] = []
        while self.pos < len(self.text):
            if self.text[self.pos] == "[":
                items.extend(self.bracket())
            else:
                items.append(self.move())
        return BetzaString(tuple(items))

    def move(self) -> Item:
        """Read one move (modifiers, at most one repetition group, then the atom) from the current position."""
        text = self.text
        parts: list[str] = []  # head, body (when a group was read)
        buffer: list[str] = []
        group_open: int | None = None
        while True:
            pos = self.pos
            if pos >= len(text):
                if group_open is not None:
                    raise self.error(f"repetition group opened at offset {group_open} is not closed", pos, "')'")
                raise self.error("modifiers without an atom", pos, "an atom")
            char = text[pos]
            if char in LOWER_LETTERS:
                if char == "t" and text.startswith("[", pos + 1):
                    raise self.error("old Betza 't[...]' (then) is not XBetza; use 'a' legs or [..?..]", pos)
                buffer.append(char)
            elif char == "(":
                if group_open is not None:
                    raise self.error("nested repetition groups are not supported", pos)
                if parts:
                    raise self.error("only one repetition group per move is supported", pos)
                parts.append("".join(buffer))
                buffer = []
                group_open = pos
            elif char == ")":
                if group_open is None:
                    raise self.error("')' without '('", pos, "a modifier or an atom")
                if not buffer:
                    raise self.error("empty repetition group", group_open, "modifier letters inside '(...)'")
                parts.append("".join(buffer))
                buffer = []
                group_open = None
            elif char.isupper() and char.isascii():
                if group_open is not None:
                    raise self.error(
                        f"repetition group opened at offset {group_open} is not closed before the atom", pos, "')'"
                    )
                break
            elif char == "[":
                raise self.error("unsupported bracket form: modifiers before '['", pos, "an atom")
            elif char == "]":
                raise self.error("']' without '['", pos, "a modifier or an atom")
            else:
                started = bool(buffer or parts or group_open is not None)
                expected = "a modifier or an atom" if started else "a modifier, an atom or '['"
                if char in DIGITS or char in "*'":
                    if not started and pos > 0:
                        reason = f'{char!r} after a complete move (a move has one range, then at most one "\'")'
                    else:
                        reason = f"{char!r} without an atom before it"
                    raise self.error(reason, pos, expected)
                raise self.error("not an XBetza character", pos, expected)
            self.pos += 1
        atom, value, star, exempt = self.atom()
        if parts:
            head, body = parts
            return Repeat(
                canonical_modifiers(head),
                canonical_modifiers(body),
                canonical_modifiers("".join(buffer)),
                atom,
                value,
                star,
                exempt,
            )
        return Move(legs_from_modifiers("".join(buffer)), atom, value, star, exempt)

    def atom(self) -> tuple[str, int | None, bool, bool]:
        """Read an atom with its suffixes, range, ``*`` and apostrophe: (atom, normalised range, star, exempt)."""
        text = self.text
        start = self.pos
        letter = text[start]
        if letter in EXTENSION_SUFFIXES:
            raise self.error(f"extension suffix {letter!r} without an atom", start, "an atom")
        if letter not in ATOM_LETTERS:
            raise self.error(f"unknown atom {letter!r}", start, "one of " + " ".join(sorted(ATOM_LETTERS)))
        atom = ATOM_SYNONYMS.get(letter, letter)
        self.pos += 1
        while self.pos < len(text) and text[self.pos] in EXTENSION_SUFFIXES:
            if atom[0] not in LEAPER_ATOMS:
                raise self.error(f"extension suffix on {letter!r}, which is not a leaper", self.pos)
            atom += text[self.pos]
            self.pos += 1
        value: int | None = None
        star = False
        pos = self.pos
        if (
            len(atom) == 1
            and atom in LEAPER_ATOMS
            and text.startswith(letter, pos)
            and not text.startswith(tuple(EXTENSION_SUFFIXES), pos + 1)
        ):
            value = 0
            self.pos += 1
        elif pos < len(text) and text[pos] in DIGITS:
            end = pos
            while end < len(text) and text[end] in DIGITS:
                end += 1
            digits = text[pos:end]
            shown = repr(digits) if len(digits) <= 8 else repr(digits[:8] + "...")
            if len(digits) > 1 and digits[0] == "0":
                raise self.error(
                    f"range {shown} has a leading zero (legacy Betza repetition counts such as W03 are not XBetza)",
                    pos,
                    "a range without leading zeros",
                )
            if len(digits) > MAX_RANGE_DIGITS:
                raise self.error(f"range {shown} is too long", pos, f"at most {MAX_RANGE_DIGITS} digits")
            value = int(digits)
            self.pos = end
        elif text.startswith("*", pos):
            star = True
            self.pos += 1
        exempt = text.startswith("'", self.pos)
        if exempt:
            self.pos += 1
        return atom, normalised_range(atom, value), star, exempt

    def bracket(self) -> tuple[Move, ...]:
        """Read a ``[...]`` group at the current position into plain moves."""
        text = self.text
        start = self.pos
        end = start + 1
        while end < len(text) and text[end] not in "[]":
            end += 1
        if end >= len(text):
            raise self.error(f"bracket opened at offset {start} is not closed", end, "']'")
        if text[end] == "[":
            raise self.error("unsupported bracket form: nested '['", end)
        moves = _bracket_moves(text[start + 1 : end])
        if moves is None:
            raise UnsupportedBracket(
                "unsupported bracket form (only [P?S] and [P-S] with P a W or F step and S an R, B or Q slide)",
                start,
                found=repr(text[start : end + 1]),
            )
        self.pos = end + 1
        return moves


def _split_bracket_part(part: str) -> tuple[str, str, str] | None:
    """Direction letters, mode letters and the atom of one simple bracket part, or None if it is not that simple.

    Mode letters (any modifier but ``a``) may stand among the directions (``[F?fqR]``); they go to the leg the
    part becomes, where the move generator plays them or reports them as unsupported.
    """
    letters, atom = part[:-1], part[-1:]
    if not atom or any(letter not in LOWER_LETTERS or letter == "a" for letter in letters):
        return None
    directions = "".join(letter for letter in letters if letter in DIRECTION_LETTERS)
    modes = "".join(letter for letter in letters if letter not in DIRECTION_LETTERS)
    return directions, modes, atom


def _bracket_moves(content: str) -> tuple[Move, ...] | None:
    """The moves of a simple bracket form (see the module docstring), or None if it is not one."""
    separators = [index for index, char in enumerate(content) if char in "?-"]
    if len(separators) != 1:
        return None
    index = separators[0]
    step = _split_bracket_part(content[:index])
    slide = _split_bracket_part(content[index + 1 :])
    if step is None or slide is None:
        return None
    step_directions, step_modes, step_atom = step
    slide_directions, slide_modes, slide_atom = slide
    if step_atom not in ("W", "F") or slide_atom not in ("R", "B", "Q"):
        return None
    step_family = _FAMILY[step_atom]
    slide_families = ("orthogonal", "diagonal") if slide_atom == "Q" else (_FAMILY[slide_atom],)
    turns: list[str] = []
    if slide_directions == "f" and slide_atom != "Q" and step_family not in slide_families:
        slide_directions = ""  # forward on a slide of the other family: the outward pair
    if slide_directions:
        switches = _BRACKET_TURNS.get(slide_directions)
        if switches is None:
            return None
        if (step_family not in slide_families) != switches and slide_atom != "Q":
            return None
        turns.append(slide_directions)
    else:
        # Outward: every direction less than 90 degrees from the step, per slide family, own family first.
        if step_family in slide_families:
            turns.append("f")
        if any(family != step_family for family in slide_families):
            turns.append("fs")
    moves: list[Move] = []
    if content[index] == "?":
        moves.append(Move(legs_from_modifiers(step_directions + step_modes), step_atom))
    first = legs_from_modifiers(step_directions + step_modes + "y")
    moves.extend(Move((*first, *legs_from_modifiers(turn + slide_modes)), step_atom) for turn in turns)
    return tuple(moves)
