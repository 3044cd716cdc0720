"""Fairy-Stockfish's castling to fixed files: Chess960 (``chess960 = true``, X-FEN and Shredder-FEN rights) and
janus's castling (the king moves 4 squares one way, 3 the other), read as :attr:`Castling.king_files`.

The counts are Fairy-Stockfish's (its binary, ``UCI_Chess960`` on, commit c19b5f6), each on a position where the
rule bites: the king or the rook staying where it is, the two swapping squares, the king moving towards the
corner it castles away from, a rook that shielded the king's destination, a right named by the file of an inner
rook, a capablanca-sized board.
"""

from __future__ import annotations

import pytest
from fsf_compare import model_counts

from fairyport.errors import UnsupportedError
from fairyport.fsf.read import read_text
from fairyport.movegen import compile_game

CHESS960 = [
    ("chess", "4k3/8/8/8/8/8/8/6KR w K - 0 1", [12, 53, 948]),  # the king stays, the rook jumps to f1
    ("chess", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1", [13, 58, 1033]),  # king and rook swap squares
    ("chess", "4k3/8/8/8/8/8/8/RK6 w Q - 0 1", [12, 53, 945]),  # queenside: the king moves right, to c1
    ("chess", "4k3/8/8/8/8/8/8/qRK5 w Q - 0 1", [4, 65, 876]),  # the rook on b1 shielded c1 from the queen
    ("chess", "4k3/8/8/8/8/8/8/4KR2 w K - 0 1", [14, 47, 781]),  # the rook stays, the king jumps it to g1
    ("chess", "4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1", [23, 101, 2765]),  # the inner rook's right, by its file
    ("chess", "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w KQkq - 0 1", [19, 361, 7742]),
    ("chess", "4k3/8/8/8/8/8/8/1K1r3R w K - 0 1", [4, 60, 894]),  # an enemy rook in the path
    ("chess", "4k3/8/8/8/b7/8/8/1K5R w K - 0 1", [16, 154, 2493]),  # a bishop attacks a passed square
    ("capablanca", "r1k6r/10/10/10/10/10/10/R1K6R w KQkq - 0 1", [28, 672, 18088]),
    ("atomic", "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1", [18, 180, 4364]),  # perft.sh's, at depth 3
    ("atomic", "r3k1rR/5K2/8/8/8/8/8/8 b kq - 0 1", [25, 282, 6753]),  # pseudo-royal kings side by side
    ("extinction", "rnbqb1kr/pppppppp/8/8/8/8/PPPPPPPP/RNBQB1KR w AHah - 0 1", [20, 400, 8844]),
]


def _game(variant: str, chess960: bool = True) -> object:
    return read_text(f"[t:{variant}]\n" + ("chess960 = true\n" if chess960 else ""), variant="t")


@pytest.mark.parametrize(("variant", "fen", "counts"), CHESS960, ids=[f"{v}-{f.split()[0]}" for v, f, _ in CHESS960])
def test_chess960_castling_counts_as_fairy_stockfish(variant: str, fen: str, counts: list[int]) -> None:
    assert model_counts(_game(variant), len(counts), fen) == counts  # type: ignore[arg-type]


def test_janus_castles_four_squares_one_way_three_the_other() -> None:
    game = _game("janus", chess960=False)
    king = game.piece_type("K")  # type: ignore[attr-defined]
    assert king.castling.king_files == (1, 8)
    assert model_counts(game, 3) == [28, 782, 24747]  # type: ignore[arg-type]
    # castled both ways from an open back rank: the king on i1 with the rook on h1, on b1 with the rook on c1
    variant = compile_game(game)  # type: ignore[arg-type]
    pos = variant.new_position().from_fen(variant, "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1")
    castles = {m.uci: m.raw[5] for m in pos.legal_moves() if m.raw[5]}
    names = variant.geometry.names
    assert {uci: (names[a], names[b]) for uci, (a, b) in castles.items()} == {
        "e1j1": ("j1", "h1"), "e1a1": ("a1", "c1")}


def test_fen_names_an_inner_partner_by_its_file() -> None:
    variant = compile_game(_game("chess"))  # type: ignore[arg-type]
    pos = variant.new_position().from_fen(variant, "4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1")
    assert pos.fen().split()[2] == "C"
    pos = variant.new_position().from_fen(variant, "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1")
    assert pos.fen().split()[2] == "KQkq"


def test_two_rooks_on_one_wing_at_the_start_are_refused() -> None:
    text = "[t:chess]\nchess960 = true\nstartFen = 4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1\n"
    with pytest.raises(UnsupportedError, match="2 castling partners on one wing"):
        read_text(text, variant="t")


def test_written_back_to_fairy_stockfish() -> None:
    from fairyport.fsf.write import write_section

    text, lost = write_section(_game("janus", chess960=False), prove=False)  # type: ignore[arg-type]
    assert lost == []
    assert "castlingKingsideFile = i" in text and "castlingQueensideFile = b" in text
    back = read_text(text)
    assert model_counts(back, 2) == [28, 782]
