"""Joins, splits and virgin moves (Transport Chess, issue 17): the ZRF reader reads them into the model, the
generator plays them as the ZRF interpreter plays the file, the Diagram's extension lines and JSON give them
back, and the writers that cannot say them refuse them by name."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import FIXTURES, ZRF_COLLECTIONS, needs, skip_without
from zrf_proof import compare_paired_playout

import fairyport
from fairyport.errors import ModelError, ParseError, UnsupportedError
from fairyport.model import Castling, Join, Unload
from fairyport.movegen import Position, compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_file
from fairyport.zrf.read import read_game, read_text

FIXTURE = FIXTURES / "zrf" / "transport" / "transport.zrf"
TRANSPORT = ZRF_COLLECTIONS / "GlukKazan+ZoG" / "Rules" / "TransportChess.zrf"
ROOK_CHESS = ZRF_COLLECTIONS / "GlukKazan+ZoG" / "Rules" / "RookChess.zrf"
REAL = {"1": 1156, "2": 1762, "3": 576, "4": 576}
"""perft(2) of the four Transport Chess variants, as the ZRF interpreter counts them."""


def test_fixture_reads_joins_splits_and_virgin_moves() -> None:
    game = read_game(FIXTURE)
    assert game.kept == []
    pieces = {p.name: p for p in game.pieces}
    assert pieces["Pawn"].joins == (Join("fdW", "N", "I"),)
    assert pieces["Rook"].joins == (Join("dR", "N", "G"),)
    assert pieces["Rook"].virgin_moves == "mR"  # the adds on the slide to a join set no attribute
    assert pieces["Rook"].unmoved_when_made  # a pawn promoted to a Rook starts never-moved? as ZRF says
    assert pieces["King"].joins == (Join("dWdF", "N", "H"),)
    assert pieces["KnightPawn"].unloads == (Unload("fmWfcF", "N", "P"),)
    assert pieces["KnightRook"].unloads == (Unload("R", "N", "R", virgin=True),)
    assert pieces["KnightKing"].unloads == (Unload("WF", "N", "K"),)
    assert pieces["KnightKing"].royal and pieces["King"].royal


def test_fixture_plays_as_the_interpreter() -> None:
    variant = compile_game(read_game(FIXTURE))
    native = compile_file(FIXTURE)
    assert perft(native.start_position(), 3) == perft(variant.start_position(), 3) == 38226
    for seed in range(3):
        compare_paired_playout(native.start_position(), variant.start_position(), seed, 60)


def test_join_split_and_attack_by_a_split() -> None:
    variant = compile_game(read_game(FIXTURE))
    # White's Rook a1 joins the Knight a3; the KnightRook unloads its Rook along the file, leaving the Knight
    pos = Position.from_fen(variant, "3k2/6/6/N5/6/R2K2 w - - 0 1")
    moves = {m.uci: m for m in pos.legal_moves()}
    assert "a1a3g" in moves and "a1a2" in moves
    pos.push(moves["a1a3g"])
    assert pos.fen().startswith("3k2/6/6/G5/6/3K2 b")
    pos.push(pos.parse_uci("d6e6"))
    pos.push(pos.parse_uci("a3a6r"))
    assert pos.fen().startswith("R3k1/6/6/N5/6/3K2 b")
    assert pos.in_check()  # from the Rook the split put on a6
    # a Black king on the file of a KnightRook is in check from the Rook it may unload, not from the Knight
    checked = Position.from_fen(variant, "6/k5/6/G5/6/3K2 b - - 0 1")
    assert checked.in_check()
    assert {m.uci for m in checked.legal_moves()} == {"a5b6", "a5b4"}


@pytest.mark.parametrize("number", sorted(REAL))
@needs(TRANSPORT)
def test_transport_chess_reads_whole_and_counts_as_the_interpreter(number: str) -> None:
    game = read_game(TRANSPORT, variant=number)
    assert game.kept == []
    model = perft(compile_game(game).start_position(), 2)
    assert model == perft(compile_file(TRANSPORT, number).start_position(), 2) == REAL[number]


@pytest.mark.slow
@pytest.mark.parametrize("path", [TRANSPORT, ROOK_CHESS], ids=["TransportChess", "RookChess"])
@pytest.mark.parametrize("number", sorted(REAL))
def test_transport_chess_perft3_and_playouts(path: Path, number: str) -> None:
    skip_without(path)
    variant = compile_game(read_game(path, variant=number))
    native = compile_file(path, number)
    assert perft(variant.start_position(), 3) == perft(native.start_position(), 3)
    for seed in range(2):
        compare_paired_playout(native.start_position(), variant.start_position(), seed, 120)


@needs(TRANSPORT)
def test_transport_castling_names_its_partner() -> None:
    # unmoved kings and rooks away from the setup's squares: the partner is the Rook the blocks test, 4 and 3 away
    king = read_game(TRANSPORT, variant="1").piece_type("K")
    assert king.castling == Castling(partner_distance=(4, 3), partners=("R",))


def test_diagram_extension_lines_read_back() -> None:
    game = read_game(FIXTURE)
    with pytest.raises(UnsupportedError, match="joins of 'Pawn'"):
        fairyport.write(game, "idiagram")
    written = fairyport.write(game, "idiagram", best_effort=True)
    assert "fairyportJoin=fdW N>I" in written.text
    assert "fairyportUnload=R N>R virgin" in written.text
    assert "fairyportVirginMoves=mR" in written.text
    assert any("unloading moves of 'KnightRook'" in loss for loss in written.lost)
    back = fairyport.read(written.text, format="idiagram")
    theirs = {p.id: p for p in back.pieces}
    for piece in game.pieces:
        other = theirs[piece.id]
        assert (other.joins, other.unloads, other.virgin_moves, other.unmoved_when_made) == (
            piece.joins, piece.unloads, piece.virgin_moves, piece.unmoved_when_made), piece.name
    assert perft(compile_game(back).start_position(), 3) == 38226


def test_json_round_trip() -> None:
    game = read_game(FIXTURE)
    back = fairyport.read(fairyport.write(game, "json").text, format="json")
    assert [(p.joins, p.unloads, p.virgin_moves, p.unmoved_when_made) for p in back.pieces] == [
        (p.joins, p.unloads, p.virgin_moves, p.unmoved_when_made) for p in game.pieces]


@pytest.mark.parametrize("target", ["zrf", "gamecourier", "fsf"])
def test_writers_refuse_by_name(target: str) -> None:
    # the game as the Diagram gives it back: no ZRF source whose own code the writers could copy
    text = fairyport.write(read_game(FIXTURE), "idiagram", best_effort=True).text
    game = fairyport.read(text, format="idiagram")
    with pytest.raises(UnsupportedError, match="joins"):
        fairyport.write(game, target)


def test_extension_errors_are_located() -> None:
    text = fairyport.write(read_game(FIXTURE), "idiagram", best_effort=True).text
    with pytest.raises(ParseError, match="fairyportJoin: not a join") as error:
        fairyport.read(text.replace("fairyportJoin=fdW N>I", "fairyportJoin=fdW N"), format="idiagram")
    assert error.value.location.line is not None and error.value.location.column is not None
    with pytest.raises(ModelError, match="fairyportUnload names an unknown piece"):
        fairyport.read(text.replace("fairyportUnload=R N>R virgin", "fairyportUnload=R N>Z virgin"),
                       format="idiagram")


def test_what_the_model_cannot_hold_stays_code_with_its_reason() -> None:
    # a Rook that promotes: the adds on its way to a join would keep a promoting piece unmoved, and the Rook a
    # KnightRook unloads would not promote as the block's own (add Rook) says
    text = FIXTURE.read_text(encoding="utf-8").replace(
        "(define rook-slide ($1 (while empty? (set-attribute never-moved? false) add $1) (verify not-friend?)\n"
        "                    (set-attribute never-moved? false) add))",
        "(define rook-slide ($1 (while empty? (set-attribute never-moved? false)\n"
        "                    (if (in-zone? last-rank) (add Knight) else add) $1) (verify not-friend?)\n"
        "                    (set-attribute never-moved? false) (if (in-zone? last-rank) (add Knight) else add)))")
    game = read_text(text)
    whys = {(k.piece, k.why) for k in game.kept}
    assert ("R", "a join whose moves on the way keep a promoting piece unmoved (its add sets no attribute)") in whys
    assert ("G", "an unloading move whose arriving Rook promotes otherwise than that type does (the model's unload "
            "promotes as the arriving type)") in whys
    assert game.piece_type("R").joins == () and game.piece_type("G").unloads == ()
