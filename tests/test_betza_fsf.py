"""The 99 real Betza strings of Fairy-Stockfish's variants.ini: parse, round-trip, FSF-subset classification."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from fairyport.formats.betza import Move, is_fsf_subset, parse, parse_moves, write

TSV = Path(__file__).resolve().parent.parent.parent / "shared" / "notes" / "fsf_betza_strings.tsv"

# Strings whose canonical form differs from the FSF text: directions before modes, N0 for NN.
CANONICAL = {
    "NN": "N0",
    "mfFmfW": "fmFfmW",
    "mfR": "fmR",
    "mfW": "fmW",
    "mfWcfF": "fmWfcF",
    "mfWcfFfhmnN": "fmWfcFfhmnN",
    "mfhNcfW": "fhmNfcW",
    "mfrWmrfF": "frmWrfmF",
    "mfsW": "fsmW",
    "mvR": "vmR",
}


def fsf_strings() -> list[str]:
    if not TSV.exists():
        pytest.skip(f"{TSV} not present")
    with TSV.open(newline="", encoding="utf-8") as handle:
        return [row["betza"] for row in csv.DictReader(handle, delimiter="\t")]


def test_all_99_strings_parse_round_trip_and_are_fsf_subset() -> None:
    strings = fsf_strings()
    assert len(strings) == 99
    for text in strings:
        parsed = parse(text)
        canonical = write(parsed)
        assert canonical == CANONICAL.get(text, text), text
        assert parse(canonical) == parsed, text
        assert write(parse(canonical)) == canonical, text
        moves = parsed.moves()
        assert moves, text
        assert all(is_fsf_subset(move) for move in moves), text
        assert all(len(move.legs) == 1 for move in moves), text


def test_fsf_pawn_strings() -> None:
    strings = fsf_strings()
    assert "fmWfceFifmnD" in strings
    assert [str(move) for move in parse_moves("fmWfceFifmnD")] == ["fmW", "fceF", "ifmnD"]


@pytest.mark.parametrize(
    "text",
    [
        "mafsW",
        "afFasF",
        "KisO2",
        "W*",
        "N'",
        "FX",
        "iifmnD",
        "fmnnD",
        "W12",
        "cuR",
        "jW",
        "lhN",
        "rhQ",
        "yafsF",
        "U",
        "I",
        "okR",
        "(a)W",
    ],
)
def test_outside_the_fsf_subset(text: str) -> None:
    assert not all(is_fsf_subset(move) for move in parse_moves(text))


@pytest.mark.parametrize("text", ["W9", "N0", "NN", "hlN", "hrN", "lfrbB", "ifmnD", "mRcpR", "gQ", "C", "L", "J"])
def test_inside_the_fsf_subset(text: str) -> None:
    moves: tuple[Move, ...] = parse_moves(text)
    assert moves and all(is_fsf_subset(move) for move in moves)
