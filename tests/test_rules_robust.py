"""The generator plays every XBetza string it accepts, or says clearly that it cannot; it never crashes."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules_helpers import lone_piece_targets

from fairyport.errors import ParseError, UnsupportedError

NOTES = Path(__file__).resolve().parents[1].parent / "shared" / "notes"
TSV = NOTES / "fsf_betza_strings.tsv"


def fsf_strings() -> list[str]:
    if not TSV.exists():
        return []
    with TSV.open(encoding="utf-8") as handle:
        return sorted({row["betza"] for row in csv.DictReader(handle, delimiter="\t")})


@pytest.mark.skipif(not TSV.exists(), reason="shared notes not present")
@pytest.mark.parametrize("betza", fsf_strings())
def test_every_fairy_stockfish_string_plays(betza: str) -> None:
    for square in ("a1", "d4", "h8"):
        for black in (False, True):
            targets = lone_piece_targets(betza, square, black=black, others="p@c3 P@e5 p@f6")
            assert square not in targets


MODIFIERS = st.text(alphabet="fblrvsh" + "mcdepgnjikyw", max_size=4)
ATOMS = st.sampled_from(["W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "Q", "R", "B", "U", "FX"])
RANGES = st.sampled_from(["", "", "2", "3", "0"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(MODIFIERS, st.lists(MODIFIERS, max_size=2), ATOMS, RANGES), min_size=1, max_size=3))
def test_random_strings_play_or_are_unsupported(parts: list[tuple[str, list[str], str, str]]) -> None:
    text = "".join(first + "".join("a" + leg for leg in legs) + atom + rng for first, legs, atom, rng in parts)
    try:
        lone_piece_targets(text, "c3", files=6, ranks=6, others="p@c4 P@d4 p@b2")
    except (UnsupportedError, ParseError):
        return
    # with nothing to capture, a move back to the start would change nothing: never generated
    assert "c3" not in lone_piece_targets(text, "c3", files=6, ranks=6)
