"""The XBetza reader behind :func:`fairyport.xbetza.syntax.parse`: a pyparsing grammar, every error at the exact offset.

The accepted language, the bracket mapping and the normalisations are described in :mod:`fairyport.xbetza.syntax`.
The grammar, with ``L`` a leaper letter (``W F D N A H C L Z J G``)::

    betza    ::= item* END
    item     ::= bracket | move
    move     ::= letters rest | rest
    rest     ::= atom | group count? letters? atom
    count    ::= [1-9][0-9]*                      (at most 4 digits; at most that many copies of the group)
    group    ::= '(' letters ')'
    letters  ::= ( [a-z] but a 't' before '[' )+
    atom     ::= ( doubled | L extension? range? | [KRBQOUI] range? ) "'"?
    doubled  ::= L L, the same letter twice, not followed by 'X' or 'Y'      (NN = N0)
    extension::= ( 'X' | 'Y' )+
    range    ::= [0-9]+ | '*'                     (at most 4 digits, no leading zero)
    bracket  ::= '[' step ( '?' | '-' ) slide ']'
    step     ::= [b-z]* ( 'W' | 'F' )
    slide    ::= [b-z]* ( 'R' | 'B' | 'Q' )

Parse actions build the syntax tree as they go: a move becomes a :class:`Move` or a :class:`Repeat`, a bracket
its plain moves. Errors are grammar rules too: wherever the grammar above can go no further, an error
production (:func:`_refused`) matches what stands there (a stray ``)``, a digit with no atom before it, the end
of the text, any other character, ...) and raises the :class:`BetzaError` that names it, at its offset. Every
position is covered by one of them, so a text either reads or raises a :class:`BetzaError`, never a pyparsing
exception. The messages, offsets and ``expected``/``found`` texts are those of the hand-written reader this grammar
replaced (checked on 300,000 random strings against it).

Reading a string takes about 0.2 ms, some 15 times as long as that hand-written reader took
(``benchmarks/xbetza_bench.py``); :func:`~fairyport.xbetza.syntax.parse` caches the trees per string.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable

import pyparsing as pp

from fairyport.xbetza.tree import (
    ATOM_LETTERS,
    ATOM_SYNONYMS,
    DIRECTION_LETTERS,
    EXTENSION_SUFFIXES,
    LEAPER_ATOMS,
    MAX_LEGS,
    MAX_RANGE_DIGITS,
    RIDER_ATOMS,
    SPECIAL_ATOMS,
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

Diagnosis = Callable[[str, int, str], BetzaError]
"""What an error production raises, given the whole text, the offset where it matched and the text it matched."""


def _show(text: str, offset: int) -> str:
    return repr(text[offset]) if offset < len(text) else "end of string"


def _error_at(reason: str | Callable[[str], str], expected: str | None = None) -> Diagnosis:
    """A :data:`Diagnosis` at the start of the refused text; ``reason`` may be a function of that text."""

    def diagnose(text: str, offset: int, token: str) -> BetzaError:
        message = reason if isinstance(reason, str) else reason(token)
        return BetzaError(message, offset, expected=expected, found=_show(text, offset))

    return diagnose


def _refused(expr: pp.ParserElement | str, diagnose: Diagnosis | str, expected: str | None = None) -> pp.ParserElement:
    """An error production: where ``expr`` matches, the text is refused with the error ``diagnose`` gives
    (a plain reason is refused at the start of the match, with ``expected``)."""
    element = pp.Literal(expr) if isinstance(expr, str) else expr.copy()
    how = _error_at(diagnose, expected) if isinstance(diagnose, str) else diagnose

    def action(text: str, offset: int, tokens: pp.ParseResults) -> None:
        raise how(text, offset, "".join(str(token) for token in tokens))

    return element.set_parse_action(action)


# --- error productions ------------------------------------------------------------------------------------------

_MODIFIER_OR_ATOM = "a modifier or an atom"
_ANY_CHARACTER = pp.Regex(r".", re.DOTALL)
_CAPITAL = pp.Char(string.ascii_uppercase)
_RANGE_CHARACTER = pp.Char("0123456789*'")


def _group_start(text: str, offset: int) -> int:
    """Where the repetition group open at ``offset`` began (only modifier letters stand in between)."""
    return text.rfind("(", 0, offset)


def _unclosed_group(before_atom: bool) -> Diagnosis:
    def diagnose(text: str, offset: int, token: str) -> BetzaError:
        where = " before the atom" if before_atom else ""
        reason = f"repetition group opened at offset {_group_start(text, offset)} is not closed{where}"
        return BetzaError(reason, offset, expected="')'", found=_show(text, offset))

    return diagnose


def _empty_group(text: str, offset: int, token: str) -> BetzaError:
    start = _group_start(text, offset)
    return BetzaError("empty repetition group", start, expected="modifier letters inside '(...)'",
                      found=_show(text, start))


def _range_at_move_start(token: str) -> str:
    return f"{token!r} without an atom before it"


def _range_after_move(text: str, offset: int, token: str) -> BetzaError:
    reason = (
        f'{token!r} after a complete move (a move has one range, then at most one "\'")'
        if offset > 0
        else f"{token!r} without an atom before it"
    )
    return BetzaError(reason, offset, expected="a modifier, an atom or '['", found=_show(text, offset))


_OLD_THEN = _refused("t[", "old Betza 't[...]' (then) is not XBetza; use 'a' legs or [..?..]")
_STRAY_PAREN = _refused(")", "')' without '('", _MODIFIER_OR_ATOM)
_STRAY_BRACKET = _refused("]", "']' without '['", _MODIFIER_OR_ATOM)
_LATE_BRACKET = _refused("[", "unsupported bracket form: modifiers before '['", "an atom")
_NO_ATOM = _refused(pp.StringEnd(), "modifiers without an atom", "an atom")
_RANGE_WITHOUT_ATOM = _refused(_RANGE_CHARACTER, _error_at(_range_at_move_start, _MODIFIER_OR_ATOM))
_NOT_XBETZA = _refused(_ANY_CHARACTER, "not an XBetza character", _MODIFIER_OR_ATOM)

_REFUSED_AT_MOVE_START = (
    _OLD_THEN
    | _STRAY_PAREN
    | _STRAY_BRACKET
    | _refused(_RANGE_CHARACTER, _range_after_move)
    | _refused(_ANY_CHARACTER, "not an XBetza character", "a modifier, an atom or '['")
).set_name("refused at the start of a move")
"""What cannot start a move (no end of text here: the move string may end between moves)."""

_REFUSED_AFTER_LETTERS = (
    _OLD_THEN | _LATE_BRACKET | _STRAY_PAREN | _STRAY_BRACKET | _RANGE_WITHOUT_ATOM | _NO_ATOM | _NOT_XBETZA
).set_name("refused after modifier letters")
"""What cannot follow modifier letters (an atom or a group can)."""

_REFUSED_IN_GROUP = (
    _OLD_THEN
    | _refused("(", "nested repetition groups are not supported")
    | _refused(")", _empty_group)
    | _refused(_CAPITAL, _unclosed_group(before_atom=True))
    | _refused(pp.StringEnd(), _unclosed_group(before_atom=False))
    | _LATE_BRACKET
    | _STRAY_BRACKET
    | _RANGE_WITHOUT_ATOM
    | _NOT_XBETZA
).set_name("refused in a repetition group")
"""What cannot stand in a repetition group (a ``)`` after its letters can)."""

_REFUSED_AFTER_GROUP = (
    _OLD_THEN
    | _refused("(", "only one repetition group per move is supported")
    | _LATE_BRACKET
    | _STRAY_PAREN
    | _STRAY_BRACKET
    | _RANGE_WITHOUT_ATOM
    | _NO_ATOM
    | _NOT_XBETZA
).set_name("refused after a repetition group")
"""What cannot follow a repetition group and the letters after it."""


# --- atoms and ranges -------------------------------------------------------------------------------------------


def _range_value(text: str, offset: int, tokens: pp.ParseResults) -> int:
    digits = str(tokens[0])
    shown = repr(digits) if len(digits) <= 8 else repr(digits[:8] + "...")
    if len(digits) > 1 and digits[0] == "0":
        raise BetzaError(
            f"range {shown} has a leading zero (legacy Betza repetition counts such as W03 are not XBetza)",
            offset,
            expected="a range without leading zeros",
            found=_show(text, offset),
        )
    if len(digits) > MAX_RANGE_DIGITS:
        raise BetzaError(f"range {shown} is too long", offset, expected=f"at most {MAX_RANGE_DIGITS} digits",
                         found=_show(text, offset))
    return int(digits)


def _not_a_leaper(text: str, offset: int, token: str) -> BetzaError:
    return BetzaError(f"extension suffix on {text[offset - 1]!r}, which is not a leaper", offset,
                      found=_show(text, offset))


_LEAPER_LETTERS = "".join(sorted({*LEAPER_ATOMS, *ATOM_SYNONYMS}))
_OTHER_LETTERS = "".join(sorted({"K", *RIDER_ATOMS, *SPECIAL_ATOMS}))

_RANGE = (pp.Regex(r"[0-9]+").set_parse_action(_range_value)("range") | pp.Literal("*")("star")).set_name("range")
"""Digits (an int, checked) or the Interactive Diagram's ``*``."""

_DOUBLED = pp.Regex(
    rf"(?P<letter>[{_LEAPER_LETTERS}])(?P=letter)(?![{EXTENSION_SUFFIXES}])"
)("doubled").set_name("doubled leaper")
"""A leaper letter written twice, the second not followed by an extension: the unlimited rider (``NN`` = ``N0``)."""

_EXTENSION = pp.Char(EXTENSION_SUFFIXES)
_ONE_OF_THE_ATOMS = "one of " + " ".join(sorted(ATOM_LETTERS))

_LEAPER = (
    pp.Char(_LEAPER_LETTERS)("letter") + pp.Opt(pp.Regex(f"[{EXTENSION_SUFFIXES}]+")("extension")) + pp.Opt(_RANGE)
)
"""A leaper letter, its extensions (``FX``) and its range."""

_NON_LEAPER = pp.Char(_OTHER_LETTERS)("letter") + pp.Opt(_refused(_EXTENSION, _not_a_leaper)) + pp.Opt(_RANGE)
"""``K R B Q O U I`` and the range: no extension."""

_ATOM = (
    (
        _DOUBLED
        | _LEAPER
        | _NON_LEAPER
        | _refused(_EXTENSION, _error_at(lambda letter: f"extension suffix {letter!r} without an atom", "an atom"))
        | _refused(_CAPITAL, _error_at(lambda letter: f"unknown atom {letter!r}", _ONE_OF_THE_ATOMS))
    )
    + pp.Opt(pp.Literal("'")("exempt"))
).set_name("atom")
"""An atom letter with its extension, range and apostrophe."""


# --- moves --------------------------------------------------------------------------------------------------------

_LETTERS = pp.Regex(r"(?:[a-su-z]|t(?!\[))+").set_name("modifier letters")
"""Modifier letters (``a`` included); a ``t`` before ``[`` is old Betza, refused where it stands."""

_GROUP = (
    pp.Literal("(")
    + (_LETTERS("body") + (pp.Literal(")") | _REFUSED_IN_GROUP) | _REFUSED_IN_GROUP)
).set_name("repetition group")
"""A repetition group ``(letters)``."""


def _count_value(text: str, offset: int, tokens: pp.ParseResults) -> int:
    digits = str(tokens[0])
    if digits[0] == "0" or len(digits) > MAX_RANGE_DIGITS:
        raise BetzaError(f"repetition count {digits[:8]!r} is not a count", offset,
                         expected=f"a count from 1, at most {MAX_RANGE_DIGITS} digits", found=_show(text, offset))
    return int(digits)


_COUNT = pp.Regex(r"[0-9]+").set_parse_action(_count_value)("count").set_name("repetition count")
"""The count after a repetition group (``(az)7N``; :data:`~fairyport.xbetza.syntax.COUNTED_GROUP`)."""


def _rest(refusals: pp.ParserElement) -> pp.ParserElement:
    """What follows a move's first letters: its atom, or a group, more letters and the atom."""
    return _ATOM | _GROUP + pp.Opt(_COUNT) + pp.Opt(_LETTERS("tail")) + (_ATOM | _REFUSED_AFTER_GROUP) | refusals


def _named(tokens: pp.ParseResults, name: str) -> str:
    """The text matched under the results name ``name``, or "" where that part of the rule is absent."""
    return str(tokens[name]) if name in tokens else ""


def _too_many_legs(text: str, offset: int, legs: int) -> BetzaError:
    """The error for a move at ``offset`` of ``legs`` legs, more than :data:`MAX_LEGS`: at its first ``a`` past."""
    at = offset
    for _ in range(MAX_LEGS):
        at = text.find("a", at) + 1
    return BetzaError(f"too many legs in one move (MAX_LEGS is {MAX_LEGS})", max(at - 1, offset),
                      expected=f"at most {MAX_LEGS - 1} 'a'", found=f"{legs - 1}")


def _move(text: str, offset: int, tokens: pp.ParseResults) -> Item:
    letter = _named(tokens, "letter")
    atom = ATOM_SYNONYMS.get(letter, letter) + _named(tokens, "extension")
    value: int | None = None
    if "doubled" in tokens:
        value = 0
    elif "range" in tokens:
        value = int(tokens["range"])
    star, exempt = "star" in tokens, "exempt" in tokens
    head = _named(tokens, "head")
    legs = (head + _named(tokens, "tail")).count("a") + 1
    if legs > MAX_LEGS:
        raise _too_many_legs(text, offset, legs)
    if "body" in tokens:
        body, tail = (canonical_modifiers(_named(tokens, name)) for name in ("body", "tail"))
        count = int(tokens["count"]) if "count" in tokens else None
        return Repeat(canonical_modifiers(head), body, tail, atom, normalised_range(atom, value), star, exempt, count)
    return Move(legs_from_modifiers(head), atom, normalised_range(atom, value), star, exempt)


_MOVE = (
    (_LETTERS("head") + _rest(_REFUSED_AFTER_LETTERS) | _rest(_REFUSED_AT_MOVE_START))
    .set_name("move")
    .set_parse_action(_move)
)
"""One move: modifiers (with at most one group), then the atom."""


# --- brackets -----------------------------------------------------------------------------------------------------

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

_UNSUPPORTED = "unsupported bracket form (only [P?S] and [P-S] with P a W or F step and S an R, B or Q slide)"


def _split(letters: str) -> tuple[str, str]:
    """Direction and mode letters of a bracket part: mode letters may stand among the directions (``[F?fqR]``);
    they go to the leg the part becomes, where the move generator plays them or reports them as unsupported."""
    directions = "".join(letter for letter in letters if letter in DIRECTION_LETTERS)
    return directions, "".join(letter for letter in letters if letter not in DIRECTION_LETTERS)


def _bracket_moves(step: str, step_atom: str, optional: bool, slide: str, slide_atom: str) -> tuple[Move, ...] | None:
    """The plain moves of ``[step step_atom ? slide slide_atom]`` (``-`` when not ``optional``), or None if the
    slide's direction letters name no turn the reader maps (see :mod:`fairyport.xbetza.syntax`)."""
    step_directions, step_modes = _split(step)
    slide_directions, slide_modes = _split(slide)
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
    if optional:
        moves.append(Move(legs_from_modifiers(step_directions + step_modes), step_atom))
    first = legs_from_modifiers(step_directions + step_modes + "y")
    moves.extend(Move((*first, *legs_from_modifiers(turn + slide_modes)), step_atom) for turn in turns)
    return tuple(moves)


def _bracket(text: str, offset: int, tokens: pp.ParseResults) -> list[Move]:
    moves = _bracket_moves(_named(tokens, "step"), _named(tokens, "step_atom"), _named(tokens, "separator") == "?",
                          _named(tokens, "slide"), _named(tokens, "slide_atom"))
    if moves is None:
        raise UnsupportedBracket(_UNSUPPORTED, offset, found=repr("".join(str(token) for token in tokens)))
    return list(moves)


def _unclosed_bracket(text: str, offset: int, token: str) -> BetzaError:
    return BetzaError(f"bracket opened at offset {offset} is not closed", len(text), expected="']'",
                      found=_show(text, len(text)))


def _nested_bracket(text: str, offset: int, token: str) -> BetzaError:
    inner = offset + len(token) - 1
    return BetzaError("unsupported bracket form: nested '['", inner, found=_show(text, inner))


def _unsupported_bracket(text: str, offset: int, token: str) -> BetzaError:
    return UnsupportedBracket(_UNSUPPORTED, offset, found=repr(token))


_BRACKET_LETTERS = pp.Regex(r"[b-z]*")
_BRACKET_TEXT = pp.Regex(r"[^\[\]]*")

_BRACKET = pp.FollowedBy("[") + (
    (
        pp.Literal("[")
        + _BRACKET_LETTERS("step")
        + pp.Char("WF")("step_atom")
        + pp.Char("?-")("separator")
        + _BRACKET_LETTERS("slide")
        + pp.Char("RBQ")("slide_atom")
        + pp.Literal("]")
    ).set_parse_action(_bracket)
    | _refused("[" + _BRACKET_TEXT + "]", _unsupported_bracket)
    | _refused("[" + _BRACKET_TEXT + "[", _nested_bracket)
    | _refused("[" + _BRACKET_TEXT + pp.StringEnd(), _unclosed_bracket)
).set_name("bracket")
"""A bracket form ``[P?S]`` or ``[P-S]``, read into plain moves; any other text in brackets is refused."""


# --- the whole string ---------------------------------------------------------------------------------------------

BETZA = (
    # stop_on ends the loop without trying a move at the end; leave_whitespace() below does not reach it
    (pp.ZeroOrMore(_BRACKET | _MOVE, stop_on=pp.StringEnd().leave_whitespace()) + pp.StringEnd())
    .set_name("XBetza move string")
    .leave_whitespace()
    .parse_with_tabs()
)
"""A whole move string. Whitespace is no separator (it is refused where it stands) and tabs are not expanded, so
that offsets are the caller's."""


def read(text: str) -> BetzaString:
    """Read ``text`` with the grammar. Raises :class:`BetzaError` at the exact offset for anything else."""
    return BetzaString(tuple(BETZA.parse_string(text)))
