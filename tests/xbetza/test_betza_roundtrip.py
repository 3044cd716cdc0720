"""Property tests: any string either parses (and round-trips) or raises BetzaError; valid trees round-trip."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fairyport.xbetza.syntax import (
    DIRECTION_LETTERS,
    LEAPER_ATOMS,
    MODE_ORDER,
    BetzaError,
    BetzaString,
    Item,
    Leg,
    Move,
    Repeat,
    default_range,
    leg_text,
    parse,
    write,
)

ALPHABET = "abcdefghijklmnopqrstuvwxyz" + "WFDNAHCLZJGKRBQOUIXYE" + "0123456789" + "()[]?-'* @"
TOKENS = list(DIRECTION_LETTERS) + list(MODE_ORDER) + ["a", "a", "W", "F", "N", "R", "B", "Q", "K", "O", "C", "L"]
TOKENS += ["X", "0", "2", "12", "*", "'", "(", ")", "[F?R]", "[W-sR]", "[", "]", "t[", "E"]
PROPERTY = settings(max_examples=200, deadline=None)
TREES = settings(max_examples=60, deadline=None)


def check_any(text: str) -> None:
    try:
        parsed = parse(text)
    except BetzaError as error:
        assert 0 <= error.offset <= len(text)
        assert error.location.offset == error.offset
        return
    canonical = write(parsed)
    assert parse(canonical) == parsed
    assert write(parse(canonical)) == canonical
    assert len(parsed.moves(max_repeat=2)) >= len(parsed.items)


@PROPERTY
@given(st.text(alphabet=ALPHABET, max_size=16))
def test_random_characters_parse_or_raise_betza_error(text: str) -> None:
    check_any(text)


@PROPERTY
@given(st.lists(st.sampled_from(TOKENS), max_size=12).map("".join))
def test_random_tokens_parse_or_raise_betza_error(text: str) -> None:
    check_any(text)


legs = st.builds(
    Leg,
    st.text(alphabet=DIRECTION_LETTERS, max_size=3),
    st.lists(st.sampled_from(MODE_ORDER), max_size=3).map(lambda modes: "".join(sorted(modes, key=MODE_ORDER.index))),
)
atoms = st.one_of(
    st.sampled_from(sorted(LEAPER_ATOMS)).flatmap(lambda a: st.text(alphabet="XY", max_size=2).map(lambda s: a + s)),
    st.sampled_from(["K", "R", "B", "Q", "O", "U", "I"]),
)


@st.composite
def atom_fields(draw: st.DrawFn) -> tuple[str, int | None, bool, bool]:
    atom = draw(atoms)
    value = draw(st.one_of(st.none(), st.integers(min_value=0, max_value=30)))
    if value == default_range(atom):
        value = None
    star = value is None and draw(st.booleans())
    return atom, value, star, draw(st.booleans())


@st.composite
def moves(draw: st.DrawFn) -> Move:
    atom, value, star, exempt = draw(atom_fields())
    return Move(tuple(draw(st.lists(legs, min_size=1, max_size=3))), atom, value, star, exempt)


def modifier_text(fragments: list[Leg]) -> str:
    return "a".join(leg_text(leg) for leg in fragments)


@st.composite
def repeats(draw: st.DrawFn) -> Repeat:
    atom, value, star, exempt = draw(atom_fields())
    head = modifier_text(draw(st.lists(legs, max_size=2)))
    body = modifier_text(draw(st.lists(legs, min_size=1, max_size=2)))
    tail = modifier_text(draw(st.lists(legs, max_size=2)))
    if not body:
        body = "a"
    return Repeat(head, body, tail, atom, value, star, exempt)


@TREES
@given(st.lists(st.one_of(moves(), moves(), repeats()), max_size=4))
def test_generated_trees_round_trip(items: list[Item]) -> None:
    tree = BetzaString(tuple(items))
    text = write(tree)
    assert parse(text) == tree
    assert str(parse(text)) == text
    if not any(isinstance(item, Repeat) for item in items):
        assert parse(text).moves() == tuple(items)


@PROPERTY
@given(st.data())
def test_mode_letters_may_be_written_anywhere_in_a_leg(data: st.DataObject) -> None:
    leg = data.draw(legs)
    letters = list(leg.directions + leg.modes)
    order = data.draw(st.permutations(range(len(letters))))
    # any interleaving that keeps the direction letters in their order reads as the same leg
    directions = iter(leg.directions)
    shuffled = [letters[index] for index in order]
    written = "".join(next(directions) if letter in DIRECTION_LETTERS else letter for letter in shuffled)
    assert parse(written + "N").moves() == (Move((leg,), "N"),)
