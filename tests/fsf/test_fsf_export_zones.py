"""The exporter writes the zone-dependent moves Fairy-Stockfish has an option or a piece for: a pawn's double step
from a zone (``doubleStepRegion``), Dagaz's xiangqi soldier (``sW`` to the enemy's half: the ``soldier``) and its
horse's two halves (``maflWmafrW``: ``nN``); and refuses pawns whose initial double step Fairy-Stockfish would
give again (start ranks more than one)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from fsf_compare import fsf_counts, model_counts
from paths import ZRF_COLLECTIONS, needs

from fairyport.errors import UnsupportedError
from fairyport.fsf.read import read_text
from fairyport.fsf.write import write_game, write_section
from fairyport.model import Game, Piece, Zone, ZonedMove

pyffish = pytest.importorskip("pyffish")

XIANGQI = ZRF_COLLECTIONS / "DagazProject+DagazProject.github.io" / "xiangqi" / "zrf" / "xiangqi.zrf"


def _section_name(text: str) -> str:
    return next(line[1:].split("]")[0].split(":")[0] for line in text.splitlines() if line.startswith("["))


def _same_in_pyffish(game: Game, depth: int, fen: str | None = None) -> None:
    """The written section, loaded in pyffish, counts as the model does."""
    text, lost = write_game(game)
    assert lost == []
    pyffish.load_variant_config(text)
    name = _section_name(text)
    assert fsf_counts(pyffish, name, depth, fen) == model_counts(game, depth, fen)


def test_double_step_from_a_zone() -> None:
    """Read back from a section whose double-step region is two ranks: the model's zoned ``fmnnD``."""
    game = read_text("[twostep:chess]\ndoubleStepRegionWhite = *2 *3\ndoubleStepRegionBlack = *7 *6\n")
    pawn = game.piece_type("P")
    assert pawn.zoned_moves and pawn.zoned_moves[0].betza == "fmnnD"
    text, _ = write_section(game)
    assert "doubleStepRegionWhite = *2 *3" in text
    _same_in_pyffish(game, 3, "rnbqkbnr/pppp1ppp/8/8/4p3/P7/1PPPPPPP/RNBQKBNR w KQkq - 0 1")


def _initial_zoned(game: Game) -> Game:
    """``game`` (chess) with the pawn's initial double step zoned on its start rank (Dagaz's chess: ``ifmnD`` from
    ``third-rank-behind``)."""
    pawn = game.piece_type("P")
    zoned = dataclasses.replace(pawn, betza="fmWfceF", zoned_moves=(ZonedMove("ifmnD", "start"),))
    white = frozenset(f"{f}2" for f in "abcdefgh")
    black = frozenset(f"{f}7" for f in "abcdefgh")
    return dataclasses.replace(game, pieces=[zoned if p.id == "P" else p for p in game.pieces],
                               zones=[*game.zones, Zone("start", white, 0), Zone("start", black, 1)])


def test_initial_double_step_from_a_zone() -> None:
    game = _initial_zoned(read_text("[zoned:chess]\ncastling = false\n"))
    text, _ = write_section(game)
    assert "doubleStepRegionWhite = *2" in text and "doubleStepRegionBlack = *7" in text
    _same_in_pyffish(game, 3)
    # a pawn starting behind the zone enters it moved: Fairy-Stockfish would let it double-step
    game = _initial_zoned(read_text("[zoned:chess]\ncastling = false\n"
                                    "startFen = rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNP w - - 0 1\n"))
    with pytest.raises(UnsupportedError, match="moves that depend on a zone"):
        write_section(game)


def test_pawns_on_two_start_ranks_are_refused() -> None:
    """The model's initial double step belongs to unmoved pawns; Fairy-Stockfish's region would give a pawn from
    the second rank a second double step from the third."""
    game = read_text("[twoth:chess]\ncastling = false\n")
    game.setup.placement["a3"] = Piece("P", 0)
    with pytest.raises(UnsupportedError, match="start on ranks 2, 3"):
        write_section(game)


@needs(XIANGQI)
@pytest.mark.parametrize("variant", ["1", "3"])
def test_dagaz_xiangqi(variant: str) -> None:
    """Dagaz's xiangqi: the soldier's ``sW to enemy`` is Fairy-Stockfish's soldier, the horse ``nN``."""
    from fairyport.zrf.read import game_from_variant
    from fairyport.zrf.typed.reader import read_variant

    game = game_from_variant(read_variant(Path(XIANGQI), variant), str(XIANGQI), "xiangqi")
    text, _ = write_game(game)
    assert "soldier = s" in text and ":nN" in text
    _same_in_pyffish(game, 2)
