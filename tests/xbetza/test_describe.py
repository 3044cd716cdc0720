"""``fairyport.xbetza.words``: piece moves in words from XBetza, for every string of the notes and every construct."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from betza_strings import SHARED_ROWS, TSV_FILES, betza_strings, is_shared
from paths import GAMES, NOTES, skip_without, source_id

from fairyport.formats import read_game
from fairyport.xbetza import syntax as betza
from fairyport.xbetza.words import describe_betza, describe_piece, describe_rules

WORKED_EXAMPLES = (
    "fmWfcF", "ifmnDfmWfceF", "mafsW", "mafF", "mRcpR", "KNADcaKcabKmabK", "yafsF", "afsafKafafsKaflafrKafraflK",
    "afafsKafsafzfK", "fcafmF", "afFasF", "FafFasF", "ucR", "udR", "afudQ", "KisO2", "KisO3", "fkR", "fkRfkBK",
    "KNAD", "QNAD", "NAD", "gQ", "N0", "NN", "caW",
)
"""The XBetza column of idiagram-xbetza.md B.9 (checked against the file below where it is present)."""

CONSTRUCTS = (
    "W*", "fx(al)W", "[F?R]", "[W-sR]", "FX", "GX", "jO", "DD", "xaK", "oR", "ooQ", "tpR", "zW", "qN", "iiW", "U",
    "I", "W'", "hrN", "lhN", "frN", "rfN", "ffN", "W12", "R4", "jR", "nN", "pR2", "gN", "afsR", "cafW", "yafsW",
    "afzfW", "fhW", "hQ", "kK", "dK", "eF",
)
"""Further constructs the parser accepts (modes, ranges, brackets, groups, extensions, special atoms)."""


def assert_described(text: str) -> None:
    phrases = describe_betza(text)
    assert len(phrases) == len(betza.parse(text).items)
    for phrase, item in zip(phrases, betza.parse(text).items, strict=True):
        assert phrase and "<" not in phrase
        assert not re.search(r"\bas [A-Z]", phrase), phrase  # no fallback "moves as <string>"
        assert str(item) not in phrase.split() and text not in phrase.split(), phrase


def test_worked_examples_of_the_notes_are_in_the_file() -> None:
    notes = skip_without(NOTES / "idiagram-xbetza.md").read_text(encoding="utf-8")
    for example in WORKED_EXAMPLES:
        assert f"`{example}`" in notes, example


@pytest.mark.parametrize("text", (*WORKED_EXAMPLES, *CONSTRUCTS))
def test_worked_examples_and_constructs(text: str) -> None:
    assert_described(text)


@pytest.mark.parametrize("path", TSV_FILES, ids=source_id)
def test_all_fsf_strings(path: Path) -> None:
    strings = betza_strings(path)
    assert strings and (not is_shared(path) or len(strings) == SHARED_ROWS)
    for text in strings:
        assert_described(text)


@pytest.mark.parametrize(("text", "expected"), [
    ("R", ["moves or captures any number of squares orthogonally"]),
    ("N", ["moves or captures as a knight (2 squares one way and 1 the other)"]),
    ("fmWfcF", ["moves one square forward", "captures one square diagonally forward"]),
    ("mRcpR", ["moves any number of squares orthogonally",
               "captures any number of squares orthogonally, only by hopping over exactly one piece on the way"]),
    ("mafsW", ["first one square orthogonally to an empty square; then moves or captures one square diagonally, "
               "turning 45 degrees either way"]),
    ("D", ["moves or captures exactly two squares orthogonally, leaping over the square between"]),
    ("ifmnD", ["moves exactly two squares forward, only as the piece's first move, without jumping: blocked by a "
               "piece on the way"]),
    ("ffNfsN", ["moves or captures as a knight (2 squares one way and 1 the other) to the squares 2 forward and 1 "
                "to either side",
                "moves or captures as a knight (2 squares one way and 1 the other) to the squares 1 forward and 2 "
                "to either side"]),
    ("frN", ["moves or captures as a knight (2 squares one way and 1 the other) to the squares 1 forward and 2 to "
             "the right"]),
    ("rfN", ["moves or captures as a knight (2 squares one way and 1 the other) to the squares 2 forward and 1 to "
             "the right"]),
    ("mQ3", ["moves up to three squares in any direction"]),
    ("gQ", ["moves or captures by hopping over the first piece in any direction at any distance and landing on the "
            "square just beyond it"]),
    ("lfrbB", ["moves or captures any number of squares diagonally backward-right or forward-left"]),
    ("vW", ["moves or captures one square forward or backward"]),
    ("", []),
])
def test_exact_phrases(text: str, expected: list[str]) -> None:
    assert describe_betza(text) == expected


def test_castling_and_facing_words() -> None:
    king = describe_betza("KisO2")
    assert king[1].startswith("castles to either side with the outermost piece") and "two squares" in king[1]
    assert describe_betza("fkR") == ["captures only a royal piece (gives check) any number of squares forward"]


def test_drop_rules_in_words() -> None:
    chess = read_game(GAMES / "chess.idiagram")
    assert not any("hand" in r or "drop" in r for r in describe_rules(chess))
    shogi = describe_rules(read_game(GAMES / "shogi.idiagram"))
    assert "A captured piece goes to the capturer's hand, demoted to its unpromoted type, and changes sides." in shogi
    assert any(r.startswith("Instead of moving, a player may drop a piece from hand") for r in shogi)
    assert "A Pawn may not be dropped on a file that already holds 1 unpromoted Pawn(s) of the same side." in shogi
    assert "Dropping a Pawn may not give checkmate." in shogi
    mitregi = describe_rules(read_game(GAMES / "mitregi90.idiagram"))
    assert any("Cross may not be dropped on a square of a colour that already holds 4" in r for r in mitregi)
    assert not any("checkmate" in r and "Dropping" in r for r in mitregi)  # the seed names no drop-mate rule


def test_pieces_and_rules_of_bundled_games() -> None:
    chess = read_game(GAMES / "chess.idiagram")
    pawn = describe_piece(chess.piece_type("P"), chess)
    assert pawn[-1] == "Must promote on reaching the last rank to queen (Q), knight (N), rook (R) or bishop (B)."
    assert "Royal" in describe_piece(chess.piece_type("K"), chess)[-1]
    rules = describe_rules(chess)
    assert "Stalemate (no legal move, not in check) is a draw." in rules
    assert any(r.startswith("Castling: king may castle") for r in rules)
    assert any(r.startswith("En passant: pawn") for r in rules)
    xiangqi = read_game(GAMES / "minixiangqi.idiagram")
    rules = describe_rules(xiangqi)
    assert "The royal pieces may not face each other on a file with nothing between them." in rules
    assert "No castling." in rules and "No en passant captures." in rules
    assert "Stalemate (no legal move, not in check) is a loss for the side that cannot move." in rules
    general = describe_piece(xiangqi.piece_type("K"), xiangqi)
    assert "Confined to the palace of its side: it may not leave it." in general
