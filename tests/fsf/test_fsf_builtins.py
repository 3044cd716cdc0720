"""Fairy-Stockfish's built-in variants (:mod:`fairyport.fsf.builtins`), and the rules and FENs they brought:
walls in a start position, pseudo-royal pieces without a limit, check counting, holdings as an extra rank,
counting fields.

Our own small sections are compared with Fairy-Stockfish (pyffish) by perft; the built-ins' names with pyffish's
list and, where Fairy-Stockfish's repository is beside the project (``$FAIRYPORT_FSF_REPO`` or ``../fsfrepo``),
with its ``src/variant.cpp``.
"""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from fsf_compare import fsf_counts, model_counts
from paths import ROOT

from fairyport.errors import ParseError, UnsupportedError
from fairyport.fsf.builtins import BUILTINS, HIDDEN
from fairyport.fsf.read import read_text
from fairyport.movegen import compile_game

NAMES = sorted(set(BUILTINS) - HIDDEN)
REPO = Path(os.environ.get("FAIRYPORT_FSF_REPO", ROOT.parent / "fsfrepo"))
_NUMBERS = itertools.count()


def _fresh() -> str:
    """A variant name pyffish has not seen (it keeps every loaded variant)."""
    return f"fairyport-builtin-test-{next(_NUMBERS)}"


def _agree(section: str, fens: tuple[str | None, ...], depth: int) -> list[int]:
    """perft(``depth``) of ``section`` (``parent]`` and its options: the text after ``[name:``) at each FEN,
    asserted equal to Fairy-Stockfish's; the counts."""
    sf = pytest.importorskip("pyffish")
    name = _fresh()
    text = f"[{name}:{section}"
    sf.load_variant_config(text)
    game = read_text(text, variant=name)
    counts = []
    for fen in fens:
        ours = model_counts(game, depth, fen)
        assert ours == fsf_counts(sf, name, depth, fen), (section, fen)
        counts.append(ours[-1])
    return counts


@pytest.mark.parametrize("name", NAMES)
def test_every_builtin_reads_or_is_refused_by_name(name: str) -> None:
    try:
        game = read_text(f"[v:{name}]\n", variant="v")
    except UnsupportedError as error:
        assert error.feature and error.feature in error.message()  # the option, named
        return
    compile_game(game).start_position()


def test_the_builtins_are_pyffishs() -> None:
    """In a fresh process: other tests load sections of their own into this one's pyffish."""
    pytest.importorskip("pyffish")
    listed = subprocess.run([sys.executable, "-c", "import pyffish; print('\\n'.join(pyffish.variants()))"],
                            capture_output=True, text=True, check=True).stdout.split()
    assert set(NAMES) == set(listed)


@pytest.mark.skipif(not (REPO / "src" / "variant.cpp").exists(), reason=f"needs Fairy-Stockfish's repository at "
                    f"{REPO} (set FAIRYPORT_FSF_REPO)")
def test_the_builtins_are_variant_cpps() -> None:
    assert set(NAMES) == set(re.findall(r'add\("([^"]+)"', (REPO / "src" / "variant.cpp").read_text()))


@pytest.mark.parametrize("name", ["makruk", "nightrider", "troitzky", "coregal", "3check", "knightmate", "wolf"])
def test_builtin_by_name_as_fairy_stockfish(name: str) -> None:
    sf = pytest.importorskip("pyffish")
    game = read_text(f"[v:{name}]\n", variant="v")
    assert model_counts(game, 2) == fsf_counts(sf, name, 2)


def test_walls_are_holes() -> None:
    counts = _agree("chess]\nstartFen = r2*k2r/8/8/3**3/8/8/8/R2*K2R w KQkq - 0 1\n", (None,), 3)
    assert counts[0] > 0
    game = read_text("[w:chess]\nstartFen = rnbqkbnr/pppppppp/8/3**3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", variant="w")
    assert game.board.holes == {"d5", "e5"}


def test_pseudo_royal_pieces_without_a_limit() -> None:
    """Every queen royal, however many (coregal's count of 64); a pawn may not promote to an attacked queen."""
    section = ("chess]\nextinctionValue = loss\nextinctionPieceTypes = q\nextinctionPseudoRoyal = true\n"
               "extinctionPieceCount = 64\n")
    fen = "2Q5/3Pq2k/6p1/4Bp1p/5P1P/8/8/K7 w - - 2 72"
    _agree(section, (None, fen), 3)
    variant = compile_game(read_text(f"[q:{section}", variant="q"))
    pos = variant.new_position().from_fen(variant, fen)
    moves = {pos.uci(m) for m in pos.legal_raw()}
    assert "d7d8r" in moves and "d7d8q" not in moves  # the new queen, royal, would stand attacked


def test_check_counting() -> None:
    section = "chess]\ncheckCounting = true\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+2 0 1\n"
    fens = ("7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39",
            "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0")
    first, given = _agree(section, fens, 3)
    assert first == given
    game = read_text(f"[c:{section}", variant="c")
    assert game.rules.check_count == 2
    plain = read_text("[p:chess]\n", variant="p")
    assert model_counts(plain, 3, fens[0])[-1] != first  # the counter ends the game after White's check
    pos = compile_game(game).start_position()
    assert pos.fen().split()[4] == "2+2"


def test_unequal_check_counts_are_refused() -> None:
    with pytest.raises(UnsupportedError, match="checks to give 3"):
        read_text("[c:chess]\ncheckCounting = true\nstartFen = 8/8/8/8/8/8/8/K6k w - - 3+1 0 1\n", variant="c")


def test_holdings_as_an_extra_rank() -> None:
    game = read_text("[h:crazyhouse]\n", variant="h")
    variant = compile_game(game)
    extra = variant.new_position().from_fen(variant, "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1")
    brackets = variant.new_position().from_fen(variant, "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1")
    assert extra.fen() == brackets.fen()
    with pytest.raises(ParseError, match="9 ranks"):
        chess = compile_game(read_text("[c:chess]\n", variant="c"))
        chess.new_position().from_fen(chess, "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1")


def test_counting_limit_field() -> None:
    """Fairy-Stockfish's counting limit stands where the e.p. square would (``b DEe 0 0 5``); it is read and
    dropped (counting rules end games, they do not change the moves)."""
    variant = compile_game(read_text("[m:makruk]\n", variant="m"))
    pos = variant.new_position().from_fen(variant, "r1s1ks1r/3nm3/pppNpppp/3n4/5P2/PPPPPNPP/8/R1SKMS1R b - 0 0 5")
    assert pos.fullmove == 5 and pos.ep == ()


def test_a_builtin_as_a_source() -> None:
    """``fsf:NAME`` is Fairy-Stockfish's built-in variant NAME wherever a file is read."""
    import fairyport
    from fairyport.cli.main import main
    from fairyport.errors import UsageError

    game = fairyport.read(Path("fsf:makruk"))
    assert game.metadata.title == "fsf-makruk" and model_counts(game, 2) == [23, 529]
    with pytest.raises(UsageError, match="no built-in variant 'nosuch'"):
        fairyport.read(Path("fsf:nosuch"))
    assert main(["perft", "fsf:makruk", "--depth", "2", "--engine", "model"]) == 0
    assert main(["validate", "fsf:makruk"]) == 0


def test_drop_loop_keeps_captured_promoted_pieces() -> None:
    """Loop chess (``dropLoop``): a captured promoted queen goes to hand a queen, not a pawn (crazyhouse)."""
    fen = "4k3/8/8/8/8/8/K7/R6q~[] w - - 0 1"
    loop = _agree("crazyhouse]\ndropLoop = true\n", (fen,), 3)
    house = _agree("crazyhouse]\n", (fen,), 3)
    assert loop != house
    assert not read_text("[l:loop]\n", variant="l").rules.demote_captured


def test_en_passant_region() -> None:
    """Horde's double steps from the first rank give no e.p. right (``enPassantRegion``: Black takes e.p. on
    the third rank only); those from the second rank do, and without any region (georgian) none does."""
    fen = "4k3/8/8/8/3p4/1p6/2P5/P3K3 w - - 0 1"
    steps = "chess]\ndoubleStepRegionWhite = *1 *2\n"
    horde = _agree(steps + "enPassantRegionWhite = *6\nenPassantRegionBlack = *3\n", (fen,), 2)
    anywhere = _agree(steps, (fen,), 2)
    nowhere = _agree(steps + "enPassantRegion = -\n", (fen,), 2)
    assert nowhere[0] < horde[0] < anywhere[0]


def test_a_side_without_royal_pieces_plays_on() -> None:
    """Horde's White (no king) plays on, as in Fairy-Stockfish (the model's ``royal_optional``)."""
    assert _agree("chess]\nstartFen = 4k3/8/8/8/8/8/8/PPPP4 w - - 0 1\n", (None,), 3)[0] > 0
    assert read_text("[h:horde]\n", variant="h").rules.royal_optional


def test_promotion_limit() -> None:
    """``promotionLimit``: no promotion to a type with that many on the board; where every choice is at its limit
    and the pawn must promote on the last rank, it cannot move there (grand)."""
    fen = "4k3/P7/8/8/8/8/8/QR2K3 w - - 0 1"
    limited = _agree("chess]\npromotionLimit = q:1 r:1\n", (fen,), 2)
    free = _agree("chess]\n", (fen,), 2)
    assert limited[0] < free[0]
    blocked = _agree("chess]\npromotionPieceTypes = q\npromotionLimit = q:1\nmandatoryPawnPromotion = false\n"
                     "immobilityIllegal = true\n", (fen,), 1)
    game = read_text("[g:grand]\n", variant="g")
    pawn = game.piece_type("P")
    assert pawn.promotion is not None and {c.piece: c.max_count for c in pawn.promotion.choices}["Q"] == 1
    assert blocked[0] == model_counts(read_text("[c:chess]\n", variant="c"), 1, fen)[0] - 4


@pytest.mark.parametrize(("name", "fen"), [
    ("shako", "10/rr3k4/ppppp5/10/10/10/10/6PPPP/5K2RR/10 w Kq - 0 1"),
    ("shako", "4kc3c/ernbq1b1re/ppp3p1pp/3p2pp2/4p5/5P4/2PN2P3/PP1PP2PPP/ER1BQKBNR1/5C3C w KQ - 0 9"),
    ("gustav3", None), ("omicron", None)])
def test_castling_rank_and_inner_partners(name: str, fen: str | None) -> None:
    """``castlingRank`` and castling partners inside the corners (shako's rooks beside its elephants): the
    model's partner distance and types."""
    sf = pytest.importorskip("pyffish")
    game = read_text(f"[v:{name}]\n", variant="v")
    king = game.piece_type("K")
    assert king.castling is not None and king.castling.partners == ("R",)
    assert model_counts(game, 2, fen) == fsf_counts(sf, name, 2, fen)
