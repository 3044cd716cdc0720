"""Captures that spare pieces by kind (Non-Prise Chess, Caissa, issue 17): the ZRF reader reads them into the
model, the generator plays them as the ZRF interpreter plays the file, the Diagram's extension lines and JSON give
them back, and the writers that cannot say them refuse them by name."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import FIXTURES, ZRF_COLLECTIONS, needs, skip_without
from zrf_proof import compare_paired_playout

import fairyport
from fairyport.errors import UnsupportedError
from fairyport.model import Castling
from fairyport.movegen import Position, compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_file, position
from fairyport.zrf.read import read_game

FIXTURE = FIXTURES / "zrf" / "transport" / "spared.zrf"
CAISSA = [ZRF_COLLECTIONS / "DagazProject+DagazProject.github.io" / "checkmate" / "zrf" / "caissa.zrf",
          ZRF_COLLECTIONS / "GlukKazan+Dagaz" / "src" / "debug" / "games" / "checkmate" / "caissa.zrf"]
CHESS = ZRF_COLLECTIONS / "ludamad+zrflib" / "zrflib" / "examples" / "Chess.zrf"


def test_fixture_reads_the_spared_kinds() -> None:
    game = read_game(FIXTURE)
    assert game.kept == [] and not game.rules.royal_optional  # the Bishop never captures its own King
    pieces = {p.name: p for p in game.pieces}
    assert pieces["Rook"].cannot_capture == ("N", "R")
    assert pieces["Knight"].cannot_capture == ("B", "N", "R")  # it captures Pawns and the King only
    assert (pieces["Bishop"].betza, pieces["Bishop"].cannot_capture_own) == ("mcdB", ("K",))


def test_fixture_plays_as_the_interpreter() -> None:
    variant = compile_game(read_game(FIXTURE))
    native = compile_file(FIXTURE)
    assert perft(native.start_position(), 3) == perft(variant.start_position(), 3) == 2813
    for seed in range(3):
        compare_paired_playout(native.start_position(), variant.start_position(), seed, 80)


def test_spared_captures_and_checks() -> None:
    variant = compile_game(read_game(FIXTURE))
    # the White Knight on c3 may not take the Rook on b5 but gives check to the King on d5; the Bishop on e1
    # takes the White Pawn on f2, never its King on d2
    pos = Position.from_fen(variant, "6/1r1k2/6/2N3/3K1P/4B1 b - - 0 1")
    assert pos.in_check()
    white = Position.from_fen(variant, "6/1r1k2/6/2N3/3K1P/4B1 w - - 0 1")
    moves = {m.uci for m in white.legal_moves()}
    assert "c3b5" not in moves and "e1f2" in moves and "e1d2" not in moves


@pytest.mark.parametrize("path", CAISSA, ids=["DagazProject.github.io", "GlukKazan+Dagaz"])
def test_caissa_reads_whole_and_counts_as_the_interpreter(path: Path) -> None:
    skip_without(path)
    game = read_game(path)
    assert game.kept == [] and not game.rules.royal_optional
    assert game.piece_type("N").cannot_capture_own == ("Q",)
    variant = compile_game(game)
    native = compile_file(path)
    assert perft(variant.start_position(), 3) == perft(native.start_position(), 3) == 16541
    compare_paired_playout(native.start_position(), variant.start_position(), 0, 80)


@needs(CHESS)
def test_non_prise_chess_castles_as_zillions_tests_it() -> None:
    # Zillions tests the squares of a castling with the Rook it carries after cascade: a Queen that may not
    # capture a Rook does not stop the King castling past the square she attacks
    game = read_game(CHESS, variant="Non-Prise Chess")
    assert game.kept == []
    assert game.piece_type("N").cannot_capture == ("B", "N", "Q", "R")
    assert game.piece_type("K").castling == Castling(tested_as="R")
    fen = "rnb1k1nr/6pp/ppp1pp2/3p4/1bBPPqP1/1P5N/P1PN3P/R1BQK2R w KQkq - 0 1"
    model = Position.from_fen(compile_game(game), fen)
    native = position(compile_file(CHESS, "Non-Prise Chess"), fen)
    assert "e1g1" in {m.uci for m in model.legal_moves()} and "e1g1" in {native.uci(m) for m in native.legal_raw()}
    assert perft(model, 2) == perft(native, 2)
    chess = Position.from_fen(compile_game(read_game(CHESS, variant="Chess")), fen)
    assert "e1g1" not in {m.uci for m in chess.legal_moves()}  # where the Queen may take a Rook, no castling
    start = compile_file(CHESS, "Non-Prise Chess").start_position()
    assert perft(compile_game(game).start_position(), 3) == perft(start, 3) == 8898
    for seed in range(2):
        compare_paired_playout(compile_file(CHESS, "Non-Prise Chess").start_position(),
                               compile_game(game).start_position(), seed, 80)
    written = fairyport.write(game, "idiagram", best_effort=True).text
    assert "fairyportCastling=testedas:R" in written
    assert fairyport.read(written, format="idiagram").piece_type("K").castling == Castling(tested_as="R")


def test_diagram_and_json_read_back() -> None:
    game = read_game(FIXTURE)
    with pytest.raises(UnsupportedError, match="captures that spare enemy kinds of 'Knight'"):
        fairyport.write(game, "idiagram")
    written = fairyport.write(game, "idiagram", best_effort=True)
    assert "fairyportCannotCapture=B+N+R" in written.text and "fairyportCannotCaptureOwn=K" in written.text
    for back in (fairyport.read(written.text, format="idiagram"),
                 fairyport.read(fairyport.write(game, "json").text, format="json")):
        theirs = {p.id: p for p in back.pieces}
        assert all((theirs[p.id].cannot_capture, theirs[p.id].cannot_capture_own) ==
                   (p.cannot_capture, p.cannot_capture_own) for p in game.pieces)
        assert perft(compile_game(back).start_position(), 3) == 2813


@pytest.mark.parametrize("target", ["zrf", "gamecourier", "fsf"])
def test_writers_refuse_by_name(target: str) -> None:
    game = fairyport.read(fairyport.write(read_game(FIXTURE), "idiagram", best_effort=True).text, format="idiagram")
    with pytest.raises(UnsupportedError):
        fairyport.write(game, target)
    lost = fairyport.write(game, target, best_effort=True).lost
    assert any("spare pieces by kind (enemy B, N, R)" in loss or "Knight: capture restrictions" in loss
               for loss in lost), lost
