"""The 99 real Betza strings of Fairy-Stockfish's variants.ini: parse, round-trip, FSF-subset classification."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from betza_strings import SHARED_ROWS, TSV_FILES, betza_strings, is_shared
from paths import source_id

from fairyport.xbetza.syntax import Move, is_fsf_subset, parse, parse_moves, write

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


@pytest.mark.parametrize("path", TSV_FILES, ids=source_id)
def test_all_strings_parse_round_trip_and_are_fsf_subset(path: Path) -> None:
    strings = betza_strings(path)
    assert strings and (not is_shared(path) or len(strings) == SHARED_ROWS)
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


@pytest.mark.parametrize("path", TSV_FILES, ids=source_id)
def test_fsf_pawn_strings(path: Path) -> None:
    strings = betza_strings(path)
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


FSF_POSITIONS = (
    "8/8/8/8/3A4/8/8/K6k w - - 0 1",
    "8/1p3P2/2p1P3/1P1pP3/2pA1p2/2Pp1P2/1p3p2/K6k w - - 0 1",
)
"""A lone custom piece ``A`` on d4, and the same piece among friends and enemies (captures, hops, lame leaps)."""


_VARIANT_NUMBERS = itertools.count()
"""Fresh variant names: pyffish keeps every loaded variant, so a name is never reused."""


def fsf_move_sets(strings: list[str]) -> list[list[list[str]]]:
    """Fairy-Stockfish's legal moves in :data:`FSF_POSITIONS` for a custom piece moving as each string."""
    sf = pytest.importorskip("pyffish")
    names = [f"fairyport-betza-test-{next(_VARIANT_NUMBERS)}" for _ in strings]
    sf.load_variant_config("".join(f"[{n}:chess]\ncustomPiece1 = a:{s}\n" for n, s in zip(names, strings, strict=True)))
    return [[sorted(sf.legal_moves(name, fen, [])) for fen in FSF_POSITIONS] for name in names]


@pytest.mark.parametrize("path", TSV_FILES, ids=source_id)
def test_fsf_reads_the_canonical_text_as_the_original(path: Path) -> None:
    changed = [text for text in betza_strings(path) if write(parse(text)) != text]
    assert changed and set(changed) <= set(CANONICAL) and (not is_shared(path) or set(changed) == set(CANONICAL))
    originals = fsf_move_sets(changed)
    canonicals = fsf_move_sets([write(parse(text)) for text in changed])
    for text, original, canonical in zip(changed, originals, canonicals, strict=True):
        assert original == canonical, text


def test_direction_order_is_kept_because_fsf_distinguishes_it() -> None:
    assert write(parse("rfN")) == "rfN"
    rf, fr, written = fsf_move_sets(["rfN", "frN", write(parse("rfN"))])
    assert rf != fr
    assert written == rf
