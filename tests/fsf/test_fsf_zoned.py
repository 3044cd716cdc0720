"""Zone-dependent moves in the Fairy-Stockfish export: the xiangqi soldier's (``fW``, ``sW`` from the enemy's
half) is Fairy-Stockfish's built-in ``soldier``; any other is refused naming the piece. The export of xiangqi
built in the model plays, in Fairy-Stockfish itself, the reference generator's game."""

from __future__ import annotations

from pathlib import Path

import pytest
from zoned_games import sampler, xiangqi

from fairyport.errors import UnsupportedError
from fairyport.fsf.engine import load
from fairyport.fsf.write import write_section
from fairyport.model import ZonedMove
from fairyport.movegen import Position, compile_game
from fairyport.movegen.perft import perft

POSITIONS = [
    "4k4/9/9/2P1P4/9/9/4p1p2/9/9/3K5 w - - 0 1",
    "r3k4/2P6/4c4/pP2P2p1/9/9/1p5Pp/4C4/4p4/3K4R w - - 0 1",
]


def test_xiangqi_soldier_is_the_built_in_soldier(tmp_path: Path) -> None:
    pytest.importorskip("pyffish")
    game = xiangqi()
    text, lost = write_section(game, prove=False)  # the perft below proves it (the piece proof takes 14 s)
    assert lost == [] and "soldier = p" in text.splitlines() and "soldierPromotionRank = 6" in text.splitlines()
    path = tmp_path / "xiangqi.ini"
    path.write_text(text, encoding="utf-8")
    engine = load(path)
    variant = compile_game(game)
    assert perft(engine.position(None, None), 1) == perft(variant.start_position(), 1)
    for fen in POSITIONS:
        assert perft(engine.position(fen, None), 2) == perft(Position.from_fen(variant, fen), 2), fen


def test_other_zoned_moves_are_refused_naming_the_piece() -> None:
    with pytest.raises(UnsupportedError, match="piece 'pawn': moves that depend on a zone"):
        write_section(sampler(), prove=False)
    game = xiangqi()
    game.pieces[0].zoned_moves = (ZonedMove("sW", "own-half"),)  # sideways on its own side: not FSF's soldier
    with pytest.raises(UnsupportedError, match="piece 'soldier'"):
        write_section(game, prove=False)
    _, lost = write_section(sampler(), best_effort=True, prove=False)
    assert any("'warden'" in item for item in lost)
