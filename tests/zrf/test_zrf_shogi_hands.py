"""Captures into the capturer's hand on storage positions (:mod:`fairyport.zrf.recognise_shogi`): ZoG's way of
writing shogi reads as the model's captures to hand, demoted, with shogi promotions and drops, where the model
holds it exactly, and says why where it does not."""

from __future__ import annotations

import pytest
from paths import ROOT, ZRF_COLLECTIONS, needs

import fairyport
from fairyport.model import SHOGI_TRIGGERS, DropRule, Promotion, PromotionChoice, kept_code
from fairyport.movegen import compile_game
from fairyport.movegen.perft import perft
from fairyport.zrf.interpreter.engine import compile_variant, position
from fairyport.zrf.interpreter.position import ZrfPosition
from fairyport.zrf.read import read_game, read_text
from fairyport.zrf.recognise_shogi import SHOGI_HANDS_WHY, SHOGI_KEPT_WHY
from fairyport.zrf.typed.reader import read_variant, read_variant_text

FIXTURE = ROOT / "fixtures" / "zrf" / "shapes" / "shogi-hands.zrf"
TEXT = FIXTURE.read_text()


def _native(text: str) -> ZrfPosition:
    return position(compile_variant(read_variant_text(text, "h.zrf")), None)


def _distinct(p: ZrfPosition, depth: int, storage: frozenset[int]) -> int:
    """perft of the interpreter counting once the moves that lead to one position but for which storage
    position holds which piece (two pieces of a type in hand drop as two moves in ZRF, as one in the model)."""
    if depth == 0:
        return 1
    seen: set[object] = set()
    total = 0
    for move in p.legal_raw():
        p.push_raw(move)
        board = tuple(None if i in storage else repr(x) for i, x in enumerate(p.board))
        key = (board, tuple(sorted(repr(x) for i, x in enumerate(p.board) if i in storage and x is not None)))
        if key not in seen:
            seen.add(key)
            total += _distinct(p, depth - 1, storage)
        p.pop_raw()
    return total


def test_the_fixture_reads_as_shogi_with_captures_to_hand() -> None:
    game = read_game(FIXTURE)
    assert kept_code(game) == [] and game.rules.captures_to_hand and game.rules.demote_captured
    assert (game.board.files, game.board.ranks, game.board.holes) == (4, 5, frozenset())
    assert {p.id: p.betza for p in game.pieces} == {"K": "WF", "G": "WfF", "S": "fWF", "T": "WfF", "L": "fR",
                                                     "D": "RF"}
    shogi = {"S": Promotion((PromotionChoice("T"),), 2, None, False, triggers=SHOGI_TRIGGERS),
             "L": Promotion((PromotionChoice("D"),), 2, None, False, triggers=SHOGI_TRIGGERS)}
    assert {p.id: p.promotion for p in game.pieces if p.promotion} == shogi
    # the Lance's walk leaves out the last rank, where it could never move again: the model's drop
    assert {p.id: p.drop for p in game.pieces if p.drop} == {"G": DropRule(), "S": DropRule(), "L": DropRule()}
    assert game.setup.hands == {0: {"L": 1}, 1: {"L": 1}}
    # (pieces-remaining 0 King) of the royal King, which never leaves the board, is never met: no kept goal
    assert game.rules.extinction is None


def test_the_model_counts_as_the_interpreter_and_differs_only_by_stored_twins() -> None:
    game = read_game(FIXTURE)
    native = _native(TEXT)
    assert [perft(compile_game(game).start_position(), d) for d in (1, 2, 3)] == [22, 412, 6183]
    assert [perft(native, d) for d in (1, 2, 3)] == [22, 412, 6183]
    # at depth 4 a hand holds two Silvers: ZRF drops each stored one on its own; counted once, as the model does
    names = native.game.board.names
    storage = frozenset(i for i, n in enumerate(names) if n[0] in "uwyz")
    assert perft(native, 4) == 89282
    assert perft(compile_game(game).start_position(), 4) == 88410 == _distinct(native, 4, storage)


def test_the_diagram_says_the_promotions_and_reads_back_the_game() -> None:
    game = read_game(FIXTURE)
    written = fairyport.write(game, "idiagram", best_effort=True)
    assert "holdingsType=-1" in written.text.splitlines()
    back = fairyport.read(written.text, format="idiagram")
    assert back.rules.captures_to_hand and back.rules.demote_captured
    assert {p.id: p.promotion for p in back.pieces if p.promotion} == {
        p.id: p.promotion for p in game.pieces if p.promotion}
    assert fairyport.perft(back, 3) == 6183


@pytest.mark.parametrize(("change", "why"), [
    (("(w1 u1))", "(w1 u1) (u1 y5))"), "players' chains share positions"),
    (("(u4 w3) ", ""), "chain for North holds 4 pieces, fewer than the game's 6 pieces that are not royal"),
    (("(if (flag? was-dragon?) (change-type Lance))", "(if (flag? was-dragon?) (change-type Silver))"),
     "do not undo exactly the promotions"),
    (("(step-promoting sw Tokin) (drop-anywhere)", "(drop-anywhere)"), "where Silver promotes on some of its moves"),
    (("(drop-not-last)))", "((verify (in-zone? stores)) HOME walk (while (on-board? walk) (if (and empty? "
                          "(not-attacked? e)) add) walk) (verify empty?) add)))"),
     "Lance's drop tests attacks on the squares around the enemy King"),
    (("(Lance y1)", "(Lance y1 z1)"), "several pieces of one type set up in hand (South's Lance)"),
    (("(zone (name far) (players South) (positions a4 b4 c4 d4 a5 b5 c5 d5))",
      "(zone (name far) (players South) (positions a4 b4 c4 d4 a5 b5 c5))"),
     "where Lance's slide along 'n' leaves the zone 'far' it has entered (at 'd4')"),
    (("(while (and (on-board? chain) not-empty?) chain)\n  (verify empty?)",
      "(while (and (not-position? u1) not-empty?) chain) (verify (not-position? u1))"),
     "with a hand of at most 9/10 pieces (the chain from 'HOME' ends at 'u1'): a full hand makes captures illegal"),
    (("(piece (name Gold) (moves (step n)", "(piece (name Gold) (moves (n (verify not-friend?) add) (step n)"),
     "where Gold has a move that neither ends with the capture to hand nor drops from hand"),
])
def test_captures_to_hand_the_model_cannot_hold_say_why(change: tuple[str, str], why: str) -> None:
    assert change[0] in TEXT
    game = read_text(TEXT.replace(*change), name="h.zrf")
    kept = [k for k in game.kept if "cascade HOME to-hand" in k.text or "(in-zone? stores)" in k.text]
    assert kept and not game.rules.captures_to_hand
    assert all(k.why.startswith(SHOGI_HANDS_WHY) and why in k.why for k in kept), kept[0].why


def test_a_game_keeping_other_code_names_that_code() -> None:
    text = TEXT.replace("(piece (name King) (moves (step n)",
                        "(piece (name King) (moves ((verify (in-zone? field)) n (verify (piece? Gold)) "
                        "(verify not-friend?) (set-flag was-tokin? (piece? Tokin)) (set-flag was-dragon? "
                        "(piece? Dragon)) (if empty? add else (send-to-hand))) (step n)")
    game = read_text(text, name="h.zrf")
    kept = [k for k in game.kept if "cascade HOME to-hand" in k.text and "piece? Gold" not in k.text]
    assert kept and all(k.why.startswith(SHOGI_KEPT_WHY + ": ") for k in kept), kept[0].why
    assert perft(position(compile_variant(read_variant_text(text, "h.zrf")), None), 2) == \
        fairyport.perft(game, 2)


ZOG = ZRF_COLLECTIONS / "GlukKazan+ZoG" / "Rules"


@needs(ZOG)
def test_treasure_shogi_reads_whole() -> None:
    game = read_game(ZOG / "TreasureShogi.zrf")
    assert kept_code(game) == [] and game.rules.captures_to_hand
    assert game.setup.hands == {0: {"N": 1, "L": 1}, 1: {"N": 1, "L": 1}}
    native = position(compile_variant(read_variant(ZOG / "TreasureShogi.zrf")), None)
    variant = compile_game(game)
    assert [perft(variant.start_position(), d) for d in (1, 2, 3)] == [22, 369, 5441]
    assert [perft(native, d) for d in (1, 2, 3)] == [22, 369, 5441]
    # the Diagram with the promotions as extension lines, read back: the same game
    written = fairyport.write(game, "idiagram", best_effort=True)
    back = fairyport.read(written.text, format="idiagram")
    assert back.rules == game.rules and {p.id: (p.promotion, p.drop) for p in back.pieces} == {
        p.id: (p.promotion, p.drop) for p in game.pieces}
    assert fairyport.perft(back, 2) == 369


@needs(ZOG)
@pytest.mark.parametrize(("name", "why"), [
    ("RocketShogi.zrf", "where Bishop's slide along 'nw' leaves the zone 'promotion-zone' it has entered"),
    ("SimpleShogi.zrf", "where Pawn's drop tests attacks on the squares around the enemy King"),
    ("IkusaShogi.zrf", "where Pawn's drop tests attacks"),
    ("LeShogi.zrf", "where Pawn's drop tests attacks"),
    ("RenShogi.zrf", "where Pawn's drop tests attacks"),
    ("DoubutsuShogi.zrf#2", "with a hand of at most 4 pieces (the chain from 'START' ends at 'END')"),
])
def test_zog_shogi_files_the_model_cannot_hold_say_why(name: str, why: str) -> None:
    name, _, variant = name.partition("#")
    game = read_game(ZOG / name, variant=variant or None)
    kept = [k for k in game.kept if "cascade START to-hand" in k.text]
    assert kept and all(k.why.startswith(SHOGI_HANDS_WHY) and why in k.why for k in kept), kept[0].why
