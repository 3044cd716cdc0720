"""Zone-dependent moves written as ZRF: a move from a zone starts with ``(verify (in-zone? Z))`` (or
``not-in-zone?``), a move onto a zone lands through a macro that adds only there; the written file plays, under
the ZRF interpreter, exactly as the model under the reference generator."""

from __future__ import annotations

from pathlib import Path

import pytest
from zoned_games import sampler, xiangqi
from zrf_proof import compare_playout

from fairyport.movegen import Position, compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_file, position
from fairyport.zrf.write.file import write_game

XIANGQI_POSITIONS = [
    "4k4/9/9/2P1P4/9/9/4p1p2/9/9/3K5 w - - 0 1",
    "r3k4/2P6/4c4/pP2P2p1/9/9/1p5Pp/4C4/4p4/3K4R w - - 0 1",
]


@pytest.mark.parametrize("build", [sampler, xiangqi], ids=["sampler", "xiangqi"])
def test_written_zoned_moves_play_like_the_model(tmp_path: Path, build: object) -> None:
    game = build()  # type: ignore[operator]
    text, lost = write_game(game)
    assert lost == []
    path = tmp_path / "zoned.zrf"
    path.write_text(text, encoding="utf-8")
    zrf = compile_file(path)
    variant = compile_game(game)
    assert perft(position(zrf, None), 2) == perft(variant.start_position(), 2)
    for seed in range(4):
        compare_playout(position(zrf, None), variant.start_position(), seed, 60, 1)
    if build is xiangqi:
        for fen in XIANGQI_POSITIONS:
            assert perft(position(zrf, fen), 2) == perft(Position.from_fen(variant, fen), 2), fen


def test_zoned_blocks_as_written() -> None:
    text, _ = write_game(sampler())
    assert "(define Warden-add-in-home (if (in-zone? home) (Warden-add)))" in text
    assert "((verify (not-in-zone? centre)) (step n not-friend? Stray-add))" in text
    assert "((verify (in-zone? start)) (pass n) (step n empty? Pawn-add))" in text
    assert "(slide n not-friend? Lancer-add-in-far)" in text
