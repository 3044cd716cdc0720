"""Drops from storage (:mod:`fairyport.zrf.storage`): pieces kept on positions beside the board that move to any
empty square are pieces in hand with drops where the model holds that exactly, and say why where it does not."""

from __future__ import annotations

import pytest
from paths import ROOT, ZRF_COLLECTIONS, needs

from fairyport.model import DropRule, kept_code
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_variant, position
from fairyport.zrf.read import read_game, read_text
from fairyport.zrf.storage import STORAGE_KEPT_WHY, STORAGE_WHY
from fairyport.zrf.typed.reader import read_variant, read_variant_text

FIXTURE = ROOT / "fixtures" / "zrf" / "shapes" / "storage-drops.zrf"
TEXT = FIXTURE.read_text()


def _both(text: str, depth: int) -> tuple[int, int]:
    """perft of the interpreter on ``text`` and of the generator on the model read from it."""
    native = position(compile_variant(read_variant_text(text, "s.zrf")), None)
    return perft(native, depth), perft(compile_game(read_text(text, name="s.zrf")).start_position(), depth)


def test_stored_pieces_are_in_hand_on_a_board_without_storage() -> None:
    game = read_game(FIXTURE)
    assert kept_code(game) == [] and game.rules.drops and not game.rules.captures_to_hand
    assert (game.board.files, game.board.ranks, game.board.holes) == (5, 5, frozenset())
    assert game.setup.hands == {0: {"N": 1, "R": 1}, 1: {"N": 1, "R": 1}}
    # the moves that verify the whole board as their start zone are plain moves
    assert all(not p.zoned_moves for p in game.pieces)


def test_without_the_walk_the_stored_pieces_never_move() -> None:
    # the drops count: the same game with the walk removed from the Knight and Rook plays fewer moves
    text = TEXT.replace("(leap w sw) (drop-piece)", "(leap w sw)").replace("(slide w) (drop-piece)", "(slide w)")
    assert _both(TEXT, 2) == (1546, 1546)
    native = position(compile_variant(read_variant_text(text, "s.zrf")), None)
    assert perft(native, 2) < 1546


@pytest.mark.parametrize(("change", "why"), [
    (("(Knight X1)", "(Knight X1 X3)"), "several pieces of one type on storage (White's Knight)"),
    (("(King a1)", "(King a1 X3)"), "of a royal piece (King on 'X3')"),
    (("(Pawn b2)", "(Pawn b2 X3)"), "where Pawn stands on storage ('X3') without a drop from there"),
    (("(slide n) (slide s)", "(n (verify empty?) add) (slide s)"),
     "where Rook stands on storage ('X2') and has moves that do not begin with (verify (in-zone? ...))"),
    (("(c4 c5) (c5 d1)", "(c4 c5)"), "along 'nx' from 'a1', which for White does not visit every square"),
    (("(Rook X2))", "(Rook X2) (Pawn off 1))"), "pieces off the board or drops them"),
])
def test_a_storage_drop_the_model_cannot_hold_says_why(
        change: tuple[str, str], why: str) -> None:
    text = TEXT.replace(*change)
    game = read_text(text, name="s.zrf")
    kept = [k for k in game.kept if k.text.startswith("((verify (not-in-zone? board))")]
    assert kept and all(k.why.startswith(STORAGE_WHY) and why in k.why for k in kept), kept[0].why
    assert not game.rules.drops


def test_a_storage_drop_in_a_game_keeping_other_code_names_that_code() -> None:
    text = TEXT.replace("(piece (name King) (moves", "(piece (name King) (moves (n (verify (piece? Pawn)) add)")
    game = read_text(text, name="s.zrf")
    kept = [k for k in game.kept if k.text.startswith("((verify (not-in-zone? board))")]
    assert kept and all(k.why.startswith(STORAGE_KEPT_WHY + ": a move that depends on") for k in kept), kept[0].why


DAGAZ_SHOGI = ZRF_COLLECTIONS / "GlukKazan+Dagaz" / "src" / "debug" / "games" / "shogi-family"


@needs(DAGAZ_SHOGI)
@pytest.mark.parametrize(("name", "variant", "nodes"), [("shogi.zrf", "1", 900), ("shogi.zrf", "2", 900),
                                                        ("annan-shogi.zrf", "1", 22201)])
def test_dagaz_shogi_files_read_whole_and_count_as_the_interpreter(name: str, variant: str, nodes: int) -> None:
    # storage empty at the start, captured pieces vanish (Dagaz's own script puts them in storage; ZRF does not)
    zv = read_variant(DAGAZ_SHOGI / name, variant)
    game = read_game(DAGAZ_SHOGI / name, variant=variant)
    assert kept_code(game) == [] and game.rules.drops and not game.setup.hands
    assert (game.board.files, game.board.ranks) == (9, 9)
    assert game.piece_type("P").drop == DropRule(where_stuck=True)
    assert perft(compile_game(game).start_position(), 2) == nodes == perft(position(compile_variant(zv), None), 2)
