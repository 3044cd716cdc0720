"""write -> read gives an equal model: the Fairy-Stockfish writer and reader are a fixed point (``==`` of the game
models), for every bundled game the writer accepts and for sections read from variants.ini."""

from __future__ import annotations

import copy

import pytest
from fsf_compare import aligned, model_counts

from fairyport.errors import UnsupportedError
from fairyport.expectations import bundled_fixtures
from fairyport.formats import read_game
from fairyport.fsf.read import read_text
from fairyport.fsf.write import write_section
from fairyport.model import Game

pyffish = pytest.importorskip("pyffish")

GAMES = sorted(p.name for p in (bundled_fixtures() / "games").iterdir() if p.suffix in (".zrf", ".php", ".idiagram"))

SECTIONS = """
[kept22:chess]
pieceToCharTable = PNBRQ............A...Kpnbrq............a...k
archbishop = a
startFen = rnbqkabnr/ppppppppp/9/9/9/9/PPPPPPPPP/RNBQKABNR w KQkq - 0 1
maxFile = 9
nMoveRule = 70
nFoldRule = 4

[plainpawn22]
maxFile = 6
maxRank = 6
pawn = p
knight = n
customPiece2 = s:fWF
customPiece1 = w:mWcF
king = k
doubleStep = false
promotionRegionWhite = *6
promotionRegionBlack = *1
promotionPieceTypes = s
startFen = snkwns/pppppp/6/6/PPPPPP/SNKWNS w - - 0 1
flagPiece = k
flagRegionWhite = *6
flagRegionBlack = *1

[shogipawn22:minishogi]
pocketSize = 5
mustCapture = true
"""

LOCATION_ONLY = ("line", "parent")
"""Where the section was read from, not what the game is: its line and its parent (the writer writes every
option, no parent)."""


def _again(game: Game, name: str) -> Game:
    text, lost = write_section(game, name=name, prove=False)
    assert lost == []
    return read_text(text, variant=name)


def _fixed(game: Game) -> Game:
    """``game`` as the reader restores it, where it says where it was read (source, line, parent) set aside."""
    out = copy.deepcopy(game)
    out.metadata.source = "<text>"
    for key in LOCATION_ONLY:
        out.format_data["fsf"][key] = None
    return out


@pytest.mark.parametrize("name", GAMES)
def test_every_bundled_game_the_writer_accepts_reads_back_equal(name: str) -> None:
    game = read_game(bundled_fixtures() / "games" / name)
    try:
        once = _again(game, "rt")
    except UnsupportedError as refused:
        assert refused.feature, f"refused without naming the feature: {refused}"
        pytest.skip(f"the Fairy-Stockfish writer refuses this game ({refused.feature})")
    assert _again(once, "rt") == once
    assert model_counts(aligned(once)[0], 2) == model_counts(aligned(game)[0], 2)


def test_piece_names_of_fairy_stockfish_types_survive() -> None:
    game = read_game(bundled_fixtures() / "games" / "chess.idiagram")
    assert {p.name for p in _again(game, "rt").pieces} == {p.name for p in game.pieces}


@pytest.mark.parametrize("name", ["kept22", "plainpawn22", "shogipawn22"])
def test_a_section_read_written_and_read_again_is_equal(name: str) -> None:
    game = read_text(SECTIONS, variant=name, name="rt.ini")
    back = _again(game, name)
    assert _fixed(back) == _fixed(game)
    assert game.format_data["fsf"]["kept"] == back.format_data["fsf"]["kept"] != {} or name == "plainpawn22"
    pyffish.load_variant_config(SECTIONS)
    assert model_counts(aligned(back)[0], 2) == model_counts(aligned(game)[0], 2)
