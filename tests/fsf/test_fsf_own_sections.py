"""Sections of our own (``tests/helpers/own_sections.py``) read by fairyport and counted as Fairy-Stockfish
(pyffish) counts them, and the classes of difference they found, each with its own test: a side without a royal
piece plays on, an en-passant square in ``startFen``, atomic captures with Fairy-Stockfish's king."""

from __future__ import annotations

import pytest
from fsf_compare import aligned, fsf_counts, model_counts
from own_sections import OPTION_SETS, ini_text, own_sections

from fairyport.errors import Location, UnsupportedError
from fairyport.fsf.read import read_text
from fairyport.fsf.write import write_section
from fairyport.movegen import compile_game
from fairyport.movegen.sanity import start_findings

pyffish = pytest.importorskip("pyffish")

SECTIONS = """
[noroyal:chess]
startFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1
castling = false

[lonely:chess]
startFen = 4k3/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1

[kingless-hill:chess]
startFen = 8/ppp5/8/8/8/8/PPP5/8 w - - 0 1
flagPiece = *
flagRegionWhite = *5
flagRegionBlack = *4

[passant:chess]
startFen = 4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1

[nopassant:chess]
startFen = 4k3/8/8/3pP3/8/8/8/4K3 w - a6 0 1

[kingblast:chess]
blastOnCapture = true
extinctionValue = loss
extinctionPieceTypes = k

[twoqueens:crazyhouse]
promotedPieceType = p:q

[onesideatomic:atomic]
startFen = r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1
"""

RIDERS = """
[riders-alfil:chess]
customPiece1 = a:mAAcB
startFen = 4k3/8/8/8/3A4/8/8/4K3 w - - 0 1

[riders-dabbaba:chess]
customPiece1 = a:DD
startFen = 4k3/8/8/8/3A4/8/8/4K3 w - - 0 1

[riders-knighthop:chess]
customPiece1 = a:pNmK
startFen = 4k3/8/8/8/3A4/8/8/4K3 w - - 0 1
"""
"""Riders of leaps Fairy-Stockfish does not slide or hop along have no move there (its rider types: rook, bishop
and nightrider directions; cannon and grasshopper hops orthogonal and diagonal)."""


@pytest.mark.parametrize("name", ["noroyal", "lonely", "kingless-hill", "nopassant"])
def test_counts_as_fairy_stockfish(name: str) -> None:
    """Read, counted as pyffish counts (a side without a king plays on; an e.p. field no pawn can use is
    ignored)."""
    pyffish.load_variant_config(SECTIONS)
    game = read_text(SECTIONS, variant=name, name="own.ini")
    assert model_counts(game, 3) == fsf_counts(pyffish, name, 3)


def test_a_side_without_a_royal_plays_on() -> None:
    game = read_text(SECTIONS, variant="lonely", name="own.ini")
    assert game.rules.royal_optional
    assert not read_text("[chess2:chess]\n", name="own.ini").rules.royal_optional


def test_a_kingless_section_is_written_back() -> None:
    """Fairy-Stockfish's rule is the model's royal_optional: the writer writes it (nothing to add)."""
    game = read_text(SECTIONS, variant="lonely", name="own.ini")
    back = read_text(write_section(game)[0], name="back.ini")
    assert back.rules.royal_optional
    assert (back.rules, back.setup, back.pieces) == (game.rules, game.setup, game.pieces)


@pytest.mark.parametrize("name", ["riders-alfil", "riders-dabbaba", "riders-knighthop"])
def test_riders_as_fairy_stockfish(name: str) -> None:
    pyffish.load_variant_config(RIDERS)
    game = read_text(RIDERS, variant=name, name="riders.ini")
    assert model_counts(game, 2) == fsf_counts(pyffish, name, 2)


@pytest.mark.parametrize(("name", "option"), [("passant", "en-passant square d6"),
                                              ("twoqueens", "pawn promotes to queen both as a promotion type "
                                                            "and as its promoted type"),
                                              ("onesideatomic", "castling for white only, with its commoner an "
                                                                "extinction type"),
                                              ("kingblast", "blastOnCapture: atomic captures with Fairy-Stockfish's "
                                                            "king")])
def test_refused_by_name(name: str, option: str) -> None:
    with pytest.raises(UnsupportedError, match=option):
        read_text(SECTIONS, variant=name, name="own.ini")


def _compare(name: str, text: str, depth: int) -> str:
    """``agree``, ``refused`` or ``invalid`` (a start position ``fairyport validate`` rejects), else the
    difference."""
    try:
        game, _ = aligned(read_text(text, variant=name, name="own.ini"))
    except UnsupportedError:
        return "refused"
    mine = model_counts(game, depth)
    theirs = fsf_counts(pyffish, name, depth)
    if mine == theirs:
        return "agree"
    if start_findings(compile_game(game), Location("own.ini")):
        return "invalid"
    return f"fairyport {mine}, Fairy-Stockfish {theirs}"


SAMPLE = [s for s in own_sections() if s[0].split("-")[1] in ("pawns", "lonely") and s[0].split("-")[2] in
          ("plain", "fcwking", "flag", "extinct", "connect", "nocheck")]
"""A few generated sections for the default suite (the kingless positions with a few option sets)."""


@pytest.mark.parametrize(("name", "text"), SAMPLE, ids=[s[0] for s in SAMPLE])
def test_sample_agrees(name: str, text: str) -> None:
    pyffish.load_variant_config(text)
    assert _compare(name, text, 2) == "agree"


@pytest.mark.slow
def test_every_own_section_agrees_or_is_refused() -> None:
    """Every generated section: perft(2) as pyffish, refused by name, or a start position validate rejects."""
    sections = own_sections()
    text = ini_text(sections)
    pyffish.load_variant_config(text)
    results = {name: _compare(name, text, 2) for name, _ in sections}
    assert {k: v for k, v in results.items() if v not in ("agree", "refused", "invalid")} == {}
    assert sum(v == "agree" for v in results.values()) > len(OPTION_SETS) * 6


def test_a_model_whose_kingless_side_has_lost_is_refused() -> None:
    """Without royal_optional the model's side without a royal piece has lost at once; Fairy-Stockfish's plays on."""
    game = read_text(SECTIONS, variant="lonely", name="own.ini")
    game.rules.royal_optional = False
    with pytest.raises(UnsupportedError, match="a side without royal pieces has lost at the start"):
        write_section(game)
