"""ZRF games the model cannot hold whole: boards with links, kept move programs and kept rules.

The reader keeps them (positions and links on ``Board``, programs on pieces, rules in ``format_data["zrf"]``),
the writer writes them back, the model route plays them with the ZRF interpreter, and the generator and the
other writers refuse them naming what they cannot hold. Proofs on named corpus files skip when the shared corpus
is absent; the sweeps also run on our own subset (``tests/data/shared``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from paths import ROOT
from zrf_helpers import CORPUS, SUBSET, corpus_files, needs_corpus

from fairyport.conversion import programs_lost
from fairyport.errors import FairyportError, UnsupportedError
from fairyport.formats import load_engine
from fairyport.json import game_from_json, game_to_json
from fairyport.model import EXCERPT, kept_code
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_file
from fairyport.zrf.play import ENGINE_NAME, round_trip
from fairyport.zrf.play import engine as zrf_engine
from fairyport.zrf.read import read_game
from fairyport.zrf.syntax.loader import load
from fairyport.zrf.syntax.structure import read_structure
from fairyport.zrf.write.file import write_game

TRIANGLE = """(game (title "Triangle") (players White Black) (turn-order White Black)
  (board
    (positions (p1 0 0 10 10) (p2 10 0 20 10) (p3 20 0 30 10) (q1 5 10 15 20) (q2 15 10 25 20) (r1 10 20 20 30))
    (links up (p1 q1) (p2 q1) (p2 q2) (p3 q2) (q1 r1) (q2 r1))
    (links down (q1 p1) (q2 p2) (r1 q1))
    (links side (p1 p2) (p2 p3) (p3 p1) (q1 q2) (q2 q1))
    (symmetry Black (up down) (down up)))
  (board-setup (White (Stone p1)) (Black (Stone r1)))
  (piece (name Stone) (notation "S") (moves (up (verify not-friend?) add) (side (verify empty?) add)
                                             (down (verify not-friend?) add)))
  (loss-condition (White Black) stalemated)
  (loss-condition (White Black) (pieces-remaining 0)))
"""
"""A board of positions and links only: no grid, no coordinates, a loss goal outside the model."""


def triangle(tmp_path: Path) -> Path:
    path = tmp_path / "triangle.zrf"
    path.write_text(TRIANGLE)
    return path


def test_a_board_of_positions_and_links_is_read_into_the_model(tmp_path: Path) -> None:
    game = read_game(triangle(tmp_path))
    board = game.board
    assert (board.files, board.ranks) == (0, 0)
    assert [p.name for p in board.positions] == ["p1", "p2", "p3", "q1", "q2", "r1"]
    assert board.links["up"]["p2"] == "q2" and board.links["side"]["p3"] == "p1"
    assert game.format_data["zrf"]["symmetry"]["Black"] == {"up": "down", "down": "up"}
    assert game.programs("S")  # link directions are not vectors: kept as programs
    assert kept_code(game)


def test_the_generator_and_other_writers_refuse_a_linked_board(tmp_path: Path) -> None:
    game = read_game(triangle(tmp_path))
    with pytest.raises(UnsupportedError, match="the move generator cannot play it"):
        compile_game(game)
    with pytest.raises(UnsupportedError) as info:
        programs_lost(game, "idiagram", True)  # no rectangle at all: even best effort cannot write a board
    assert info.value.feature == "board links"
    assert "board links" in {feature for feature, _ in kept_code(game, "gamecourier")}
    assert "board links" not in {feature for feature, _ in kept_code(game, "zrf")}


def test_a_linked_board_written_back_plays_the_same(tmp_path: Path) -> None:
    path = triangle(tmp_path)
    game = read_game(path)
    again = game_from_json(game_to_json(game))  # JSON holds positions, links and the kept code
    assert again.board.links == game.board.links
    text, lost = write_game(again)
    assert lost == [] and "(links up" in text
    written = tmp_path / "written.zrf"
    written.write_text(text)
    original = compile_file(path).start_position()
    for depth in (1, 2, 3, 4):
        assert perft(compile_file(written).start_position(), depth) == perft(original, depth)
    assert perft(zrf_engine(again, "t").position(None, None), 4) == perft(original, 4)


LONG = """(define far ($1 (verify empty?) (set-position-flag busy true) (set-position-flag busy false)
  (set-position-flag busy true) (set-position-flag busy false) (set-position-flag busy true) add))
(game (title "Long") (players White Black) (turn-order White Black)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b/c" (10 0)) ("3/2/1" (0 10)))
    (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0)))
    (symmetry Black (n s) (s n)))
  (board-setup (White (Man a1)) (Black (Man c3)))
  (piece (name Man) (notation "M") (moves (far n) (far e) (far w) (far s))))
"""


def test_the_model_route_plays_kept_programs_with_the_interpreter(tmp_path: Path) -> None:
    path = tmp_path / "long.zrf"
    path.write_text(LONG)
    json_path = tmp_path / "long.json"
    json_path.write_text(game_to_json(read_game(path)))
    played = load_engine(json_path)
    assert played.name == ENGINE_NAME
    assert perft(played.position(None, None), 3) == perft(compile_file(path).start_position(), 3)


def test_messages_quote_kept_blocks_as_a_short_excerpt(tmp_path: Path) -> None:
    path = tmp_path / "long.zrf"
    path.write_text(LONG)
    game = read_game(path)
    with pytest.raises(UnsupportedError) as info:
        compile_game(game)
    message = str(info.value)
    assert "long.zrf:8:" in message and "…" in message
    block = game.programs("M")[0].text
    assert len(block) > EXCERPT and block not in message


def test_perft_on_a_json_model_that_keeps_programs_runs_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "long.zrf"
    path.write_text(LONG)
    out = tmp_path / "long.json"
    run = [sys.executable, "-m", "fairyport"]
    subprocess.run([*run, "convert", str(path), "--to", "json", "-o", str(out)], check=True, cwd=ROOT)
    done = subprocess.run([*run, "perft", str(out), "--depth", "2"], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith(f"perft(2) = {perft(compile_file(path).start_position(), 2)}")


HANDFUL = [("zog/Gonu.zrf", None), ("zog/Checker Games.zrf", "1"), ("zrflib/Chess.zrf", "Knight Hunting"),
           ("zrflib/Chess.zrf", "Losing Chess"), ("boarders/TicTacToe.zrf", "1"), ("dagaz-site/xiang-hex.zrf", "1"),
           ("dagaz-site/russian-checkers.zrf", "4"), ("zrflib/Chess.zrf", "Chess")]
"""Linked and grid boards, kept programs, kept rules (goals, passing), move types in file order, forced captures."""
OWN_HANDFUL = [("own/five-by-five.zrf", "1", False), ("own/five-by-five.zrf", "2", False),
               ("own/race-six.zrf", None, True)]
"""Our own subset's games (run without the shared corpus): read whole, and a goal kept as ZRF code."""


@pytest.mark.parametrize(("path", "variant", "kept"), [
    # Chess and Losing Chess (captures-first move priorities: forced captures) read whole
    *(pytest.param(CORPUS / n, v, n != "zrflib/Chess.zrf" or v not in ("Chess", "Losing Chess"), marks=needs_corpus,
                   id=f"{n}#{v}") for n, v in HANDFUL),
    *(pytest.param(SUBSET / n, v, kept, id=f"subset/{n}#{v}") for n, v, kept in OWN_HANDFUL)])
def test_corpus_games_keep_their_perft_through_the_model(path: Path, variant: str | None, kept: bool) -> None:
    result = round_trip(path, variant, 2)
    assert result.written == result.original
    assert result.generated in (None, result.original)
    assert result.kept == kept


@needs_corpus
def test_cylindrical_chess_reads_whole_and_keeps_its_perft_through_the_zrf_writer() -> None:
    # the model's XBetza 'o' moves are written along directions whose files wrap (e-o)
    result = round_trip(CORPUS / "zrflib" / "Chess.zrf", "Cylindrical Chess", 2)
    assert not result.kept and result.written == result.generated == result.original == 392


def _every_variant() -> list[tuple[Path, str]]:
    found = []
    for path in [p for p in corpus_files() if p.suffix == ".zrf"]:
        try:
            found.extend((path, str(v.index)) for v in read_structure(load(path)).choices)
        except FairyportError:  # a file without a game is counted by the corpus tests, not here
            continue
    return found


@pytest.mark.slow
def test_every_corpus_variant_the_interpreter_runs_keeps_its_perft_through_the_model() -> None:
    differ = []
    for path, variant in _every_variant():
        try:
            compile_file(path, variant)
        except FairyportError:  # refused by the interpreter: not this test's business
            continue
        try:
            result = round_trip(path, variant, 2)
        except UnsupportedError:
            continue  # the model's limits (more than two players on the board), located by the reader
        if result.written != result.original or result.generated not in (None, result.original):
            differ.append((path.name, variant, result))
    assert differ == []
