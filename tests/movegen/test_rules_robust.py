"""The generator plays every XBetza string it accepts, or says clearly that it cannot; it never crashes."""

from __future__ import annotations

import pytest
from betza_strings import TSV_FILES, betza_strings
from hypothesis import given, settings
from hypothesis import strategies as st
from rules_helpers import lone_piece_targets

from fairyport.errors import ParseError, UnsupportedError
from fairyport.model import Board, Game, Metadata, PieceType, Setup
from fairyport.movegen import Position, compile_game


def fsf_strings() -> list[str]:
    """Every distinct string of the shared notes' file where present and of our own."""
    return sorted({text for path in TSV_FILES for text in betza_strings(path)})


FENS = ("8/8/8/4p3/3X4/2P5/8/K7 w - - 0 1", "8/8/8/8/8/8/8/KX6 w - - 0 1", "8/8/8/3p4/8/3X4/8/K7 w - - 0 1")
"""The piece X on d4 among blockers (an enemy on e5, a friend on c3), in a corner, behind an enemy."""

LAME_OBLIQUE = {"mfWcfFfhmnN"}
"""Lame knight moves: the Interactive Diagram (fairyport's reference) blocks them on either path's square,
Fairy-Stockfish only on the orthogonal one (the xiangqi horse), so ours are a subset of Fairy-Stockfish's."""
OUTSIDE_FSF = {"nC"}
"""Fairy-Stockfish documents lame leaps for N, A, Z and D only; its nC blocks camel leaps no path square touches."""


def _our_moves(betza: str, fen: str) -> tuple[str, set[str]]:
    """The square of X in ``fen`` and the legal moves of X there, by fairyport."""
    pieces = [PieceType("x", "X", betza), PieceType("pawn", "P", "fmWfcF"), PieceType("king", "K", "K", royal=True)]
    variant = compile_game(Game(Metadata("test"), Board(8, 8), pieces, Setup()))
    pos = Position.from_fen(variant, fen)
    origin = next(variant.geometry.names[s] for s, code in enumerate(pos.board) if code == variant.code_by_symbol["X"])
    return origin, {m.uci for m in pos.legal_moves() if m.uci.startswith(origin)}


@pytest.mark.parametrize("betza", fsf_strings())
def test_every_fairy_stockfish_string_moves_as_fairy_stockfish(betza: str) -> None:
    sf = pytest.importorskip("pyffish")
    name = "fp" + "".join(f"{ord(c):02x}" for c in betza)  # one variant per string: pyffish never replaces one
    sf.load_variant_config(f"[{name}:chess]\ncustomPiece1 = x:{betza}\ncastling = false\n")
    for fen in FENS:
        origin, ours = _our_moves(betza, fen)
        theirs = {m for m in sf.legal_moves(name, fen, []) if m.startswith(origin)}
        if betza in LAME_OBLIQUE:
            assert ours <= theirs and (ours != theirs) == (fen == FENS[0]), fen  # e5 blocks only our way
        elif betza in OUTSIDE_FSF:
            assert theirs <= ours, fen
        else:
            assert ours == theirs, fen


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
    # with nothing to capture, a move back to the start is a pass (RETURN_TO_ORIGIN_IS_A_MOVE): only a move
    # with a continuation leg can lead back
    if "c3" in lone_piece_targets(text, "c3", files=6, ranks=6):
        assert "a" in text
