"""XBetza reader and writer: worked examples (idiagram-xbetza.md B.9), normalisations, brackets, errors."""

from __future__ import annotations

import pytest

from fairyport.errors import ParseError, UsageError
from fairyport.xbetza.syntax import (
    BetzaError,
    BetzaString,
    Leg,
    Move,
    Repeat,
    default_range,
    leg_text,
    parse,
    parse_moves,
    write,
)


def mv(atom: str, *legs: tuple[str, str], range: int | None = None, star: bool = False, exempt: bool = False) -> Move:
    """A move from (directions, modes) pairs; no legs given = one empty leg."""
    return Move(tuple(Leg(d, m) for d, m in legs) or (Leg(),), atom, range, star, exempt)


WORKED = [
    ("fmWfcF", "fmWfcF", [mv("W", ("f", "m")), mv("F", ("f", "c"))]),
    ("ifmnDfmWfceF", "ifmnDfmWfceF", [mv("D", ("f", "imn")), mv("W", ("f", "m")), mv("F", ("f", "ce"))]),
    ("mafsW", "mafsW", [mv("W", ("", "m"), ("fs", ""))]),
    ("mafF", "mafF", [mv("F", ("", "m"), ("f", ""))]),
    ("mRcpR", "mRcpR", [mv("R", ("", "m")), mv("R", ("", "cp"))]),
    (
        "KNADcaKcabKmabK",
        "KNADcaKcabKmabK",
        [
            mv("K"),
            mv("N"),
            mv("A"),
            mv("D"),
            mv("K", ("", "c"), ("", "")),
            mv("K", ("", "c"), ("b", "")),
            mv("K", ("", "m"), ("b", "")),
        ],
    ),
    ("yafsF", "yafsF", [mv("F", ("", "y"), ("fs", ""))]),
    (
        "afsafKafafsKaflafrKafraflK",
        "afsafKafafsKaflafrKafraflK",
        [
            mv("K", ("", ""), ("fs", ""), ("f", "")),
            mv("K", ("", ""), ("f", ""), ("fs", "")),
            mv("K", ("", ""), ("fl", ""), ("fr", "")),
            mv("K", ("", ""), ("fr", ""), ("fl", "")),
        ],
    ),
    # Directions are gathered in order across the mode letter: "fzf" is directions "ff" and mode z.
    (
        "afafsKafsafzfK",
        "afafsKafsaffzK",
        [mv("K", ("", ""), ("f", ""), ("fs", "")), mv("K", ("", ""), ("fs", ""), ("ff", "z"))],
    ),
    (
        "mafmafsKmafsmafKmaflmafrKmafrmaflK",
        "mafmafsKmafsmafKmaflmafrKmafrmaflK",
        [
            mv("K", ("", "m"), ("f", "m"), ("fs", "")),
            mv("K", ("", "m"), ("fs", "m"), ("f", "")),
            mv("K", ("", "m"), ("fl", "m"), ("fr", "")),
            mv("K", ("", "m"), ("fr", "m"), ("fl", "")),
        ],
    ),
    ("fcafmF", "fcafmF", [mv("F", ("f", "c"), ("f", "m"))]),
    ("afFasF", "afFasF", [mv("F", ("", ""), ("f", "")), mv("F", ("", ""), ("s", ""))]),
    ("FafFasF", "FafFasF", [mv("F"), mv("F", ("", ""), ("f", "")), mv("F", ("", ""), ("s", ""))]),
    ("ucR", "cuR", [mv("R", ("", "cu"))]),
    ("udR", "duR", [mv("R", ("", "du"))]),
    ("afudQ", "afduQ", [mv("Q", ("", ""), ("f", "du"))]),
    ("KisO2", "KisO2", [mv("K"), mv("O", ("s", "i"), range=2)]),
    ("KisO3", "KisO3", [mv("K"), mv("O", ("s", "i"), range=3)]),
    ("fkR", "fkR", [mv("R", ("f", "k"))]),
    ("fkRfkBK", "fkRfkBK", [mv("R", ("f", "k")), mv("B", ("f", "k")), mv("K")]),
    ("gQ", "gQ", [mv("Q", ("", "g"))]),
    ("N0", "N0", [mv("N", range=0)]),
    ("NN", "N0", [mv("N", range=0)]),
    ("caW", "caW", [mv("W", ("", "c"), ("", ""))]),
]


@pytest.mark.parametrize(("text", "canonical", "expected"), WORKED, ids=[row[0] for row in WORKED])
def test_worked_examples(text: str, canonical: str, expected: list[Move]) -> None:
    parsed = parse(text)
    assert list(parsed.moves()) == expected
    assert str(parsed) == canonical
    assert parse(canonical) == parsed


def test_quintessence_repetition_groups() -> None:
    text = "(alar)N(aral)Nar(alar)Nal(aral)N"
    parsed = parse(text)
    assert parsed.items == (
        Repeat("", "alar", "", "N"),
        Repeat("", "aral", "", "N"),
        Repeat("ar", "alar", "", "N"),
        Repeat("al", "aral", "", "N"),
    )
    assert str(parsed) == text
    first = parsed.items[0]
    assert isinstance(first, Repeat)
    assert first.expand(0) == mv("N")
    assert first.expand(2) == mv("N", ("", ""), ("l", ""), ("r", ""), ("l", ""), ("r", ""))
    moves = parsed.moves(max_repeat=1)
    assert [str(move) for move in moves] == ["N", "alarN", "N", "aralN", "arN", "aralarN", "alN", "alaralN"]
    assert len(parsed.moves()) == 4 * 9  # 0..8 copies by default
    assert len(parse_moves(text)) == 4 * 9


def test_repetition_group_inside_a_leg_and_canonical_fragments() -> None:
    parsed = parse("m(f)cN'")
    assert parsed.items == (Repeat("m", "f", "c", "N", exempt=True),)
    repeat = parsed.items[0]
    assert isinstance(repeat, Repeat)
    assert repeat.expand(2) == mv("N", ("ff", "mc"), exempt=True)
    # each a-separated fragment is written in canonical order; the expansion is unchanged by that
    assert str(parse("(mfaci)W")) == "(fmaic)W"
    assert parse("(mfaci)W").moves(3) == parse("(fmaic)W").moves(3)


def test_repeat_limits_are_usage_errors() -> None:
    repeat = parse("(a)W").items[0]
    assert isinstance(repeat, Repeat)
    with pytest.raises(UsageError):
        repeat.expand(-1)
    with pytest.raises(UsageError):
        parse("(a)W").moves(max_repeat=-1)
    assert parse("(a)W").moves(max_repeat=0) == (mv("W"),)


def test_modifier_order_within_a_leg() -> None:
    assert parse("mfW") == parse("fmW")
    assert parse("cfmiW") == parse("ifmcW")
    assert str(parse("mfWcfF")) == "fmWfcF"
    assert parse("frN") != parse("rfN")
    assert parse("frN").moves()[0].first.directions == "fr"
    assert parse("rfN").moves()[0].first.directions == "rf"
    assert parse("ffN").moves()[0].first.directions == "ff"
    assert parse("fmrN") == parse("frmN")


def test_repeated_modes_are_kept() -> None:
    assert parse("iifmnnD").moves()[0].first == Leg("f", "iimnn")
    assert parse("jjO").moves()[0].first.count("j") == 2
    assert parse("ooR").moves()[0].first.count("o") == 2
    assert str(parse("nfinmiD")) == "iifmnnD"


@pytest.mark.parametrize(
    ("text", "atom", "rng"),
    [
        ("W12", "W", 12),
        ("W9999", "W", 9999),
        ("W10", "W", 10),
        ("R4", "R", 4),
        ("W4", "W", 4),
        ("R1", "R", 1),
        ("R0", "R", None),
        ("RR", "R", None),
        ("W1", "W", None),
        ("K1", "K", None),
        ("K0", "K", 0),
        ("Q0", "Q", None),
        ("LL", "C", 0),
        ("JJ", "Z", 0),
        ("WW", "W", 0),
        ("L", "C", None),
        ("J3", "Z", 3),
        ("O", "O", None),
        ("O1", "O", 1),
        ("FX", "FX", None),
        ("NXY2", "NXY", 2),
        ("U", "U", None),
        ("I", "I", None),
    ],
)
def test_atoms_and_ranges(text: str, atom: str, rng: int | None) -> None:
    first = parse(text).moves()[0]
    assert (first.atom, first.range) == (atom, rng)
    assert parse(str(parse(text))) == parse(text)


def test_doubled_letters() -> None:
    for atom in ("K", "Q", "R", "B", "O", "U", "I"):
        assert [m.atom for m in parse_moves(atom + atom)] == [atom, atom]
    assert [(m.atom, m.range) for m in parse_moves("LC")] == [("C", None), ("C", None)]
    assert [(m.atom, m.range) for m in parse_moves("NNN")] == [("N", 0), ("N", None)]
    assert [m.atom for m in parse_moves("FXFX")] == ["FX", "FX"]
    assert [m.atom for m in parse_moves("CCX")] == ["C", "CX"]
    # the writer keeps two moves apart where "CC" would read as a rider
    assert str(parse("LC")) == "C1C"
    assert str(parse("CCX")) == "C1CX"
    assert parse("C1C") == parse("LC")
    assert str(parse("KK")) == "KK"


def test_star_and_apostrophe() -> None:
    assert parse_moves("ifmW*") == (mv("W", ("f", "im"), star=True),)
    assert parse_moves("fcF'") == (mv("F", ("f", "c"), exempt=True),)
    assert parse_moves("NN'") == (mv("N", range=0, exempt=True),)
    assert parse_moves("W2'") == (mv("W", range=2, exempt=True),)
    assert str(parse("NN'fcF'W*")) == "N0'fcF'W*"


def test_empty_string_has_no_moves() -> None:
    assert parse("") == BetzaString(())
    assert parse("").moves() == ()
    assert str(parse("")) == ""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[F?R]", ["F", "yafsF"]),
        ("[F-R]", ["yafsF"]),
        ("[W?sR]", ["W", "yasW"]),
        ("[W-sR]", ["yasW"]),
        ("[W?B]", ["W", "yafsW"]),
        ("[F-B]", ["yafF"]),
        ("[F?Q]", ["F", "yafF", "yafsF"]),
        ("[fF?R]", ["fF", "fyafsF"]),
        ("[W?frB]", ["W", "yafrW"]),
        ("K[F?R]mW", ["K", "F", "yafsF", "mW"]),
    ],
)
def test_bracket_forms(text: str, expected: list[str]) -> None:
    parsed = parse(text)
    assert [str(move) for move in parsed.moves()] == expected
    assert str(parsed) == "".join(expected)


def test_griffon_bracket_structure() -> None:
    assert parse_moves("[F?R]") == (mv("F"), mv("F", ("", "y"), ("fs", "")))
    assert parse("[F?R]") == parse("FyafsF")


@pytest.mark.parametrize(
    ("text", "offset", "needle"),
    [
        ("W03", 1, "leading zero"),
        ("W00", 1, "leading zero"),
        ("t[FR]", 0, "then"),
        ("fmWt[FR]", 3, "then"),
        ("E", 0, "unknown atom"),
        ("WE", 1, "unknown atom"),
        ("fmE", 2, "unknown atom"),
        ("@", 0, "not an XBetza character"),
        ("fa", 2, "without an atom"),
        ("Wa", 2, "without an atom"),
        ("fm", 2, "without an atom"),
        ("a", 1, "without an atom"),
        ("(W", 1, "not closed"),
        ("(f", 2, "not closed"),
        ("W)", 1, "')' without '('"),
        ("()W", 0, "empty repetition group"),
        ("((a)W", 1, "nested"),
        ("(a)f(l)W", 4, "one repetition group"),
        ("[F?R", 4, "not closed"),
        ("F]", 1, "']' without '['"),
        ("[[F?R]]", 1, "nested"),
        ("[F?sR]", 0, "unsupported bracket form"),
        ("W[N?R]", 1, "unsupported bracket form"),
        ("[F?R?B]", 0, "unsupported bracket form"),
        ("[aF?R]", 0, "unsupported bracket form"),
        ("[F?R4]", 0, "unsupported bracket form"),
        ("[]", 0, "unsupported bracket form"),
        ("m[F?R]", 1, "bracket"),
        ("W2*", 2, "after a complete move"),
        ("NN2", 2, "after a complete move"),
        ("N''", 2, "after a complete move"),
        ("2W", 0, "without an atom"),
        ("f*W", 1, "without an atom"),
        ("RX", 1, "not a leaper"),
        ("KX", 1, "not a leaper"),
        ("X", 0, "extension suffix"),
        ("fY", 1, "extension suffix"),
        (" W", 0, "not an XBetza character"),
        ("W N", 1, "not an XBetza character"),
        ("fmW\u00e9", 3, "not an XBetza character"),
        ("fmW\u00c9", 3, "not an XBetza character"),
        ("N12345", 1, "too long"),
        ("W" + "9" * 50, 1, "too long"),
    ],
)
def test_errors_are_located(text: str, offset: int, needle: str) -> None:
    with pytest.raises(BetzaError) as info:
        parse(text)
    error = info.value
    assert isinstance(error, ParseError)
    assert error.offset == offset
    assert error.location.offset == offset
    assert needle in error.reason
    assert error.found is not None
    assert f"offset {offset}" in str(error)


def test_error_can_be_relocated_to_file_line_and_column() -> None:
    source = "files=8\nranks=8\npawn:P:fmWfcE:pawn:a2-h2\n"
    start = source.index("fmWfcE")
    with pytest.raises(BetzaError) as info:
        parse(source[start : source.index(":", start)])
    error = info.value.relocate(source, start, "game.html")
    assert error.offset == 5
    assert (error.location.file, error.location.line, error.location.column) == ("game.html", 3, 13)
    assert source[error.location.offset or 0] == "E"
    assert str(error).startswith("game.html:3:13: unknown atom 'E'")


def test_writer_orders_modes_and_omits_default_ranges() -> None:
    assert write([Move((Leg("f", "nmi"),), "D")]) == "ifmnD"
    assert write([Move((Leg("", "m"), Leg("fs", "")), "W")]) == "mafsW"
    assert write([mv("N", range=1), mv("R", range=0), mv("R", range=4), mv("N", range=0)]) == "NRR4N0"
    assert write(parse("afFasF")) == "afFasF"
    assert write([]) == ""


@pytest.mark.parametrize(
    "bad",
    [
        Move((), "W"),
        mv("L"),
        mv("E"),
        mv("RX"),
        mv("W", range=2, star=True),
        mv("W", range=-1),
        mv("W", ("m", "")),
        mv("W", ("", "f")),
        mv("W", ("", "a")),
    ],
)
def test_writer_refuses_unwritable_trees(bad: Move) -> None:
    with pytest.raises(UsageError):
        write([bad])


def test_writer_refuses_empty_repeat_body() -> None:
    with pytest.raises(UsageError):
        write(BetzaString((Repeat("f", "", "", "W"),)))


def test_helpers() -> None:
    assert default_range("N") == 1
    assert default_range("FX") == 1
    assert default_range("K") == 1
    assert default_range("R") == 0
    assert default_range("Q") == 0
    assert default_range("O") is None
    assert leg_text(Leg("rf", "nmi")) == "irfmn"
    assert str(Leg("f", "ci")) == "ifc"
