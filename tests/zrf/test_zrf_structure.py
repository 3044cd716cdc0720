"""ZRF game/variant structure and the typed tree."""

from __future__ import annotations

import pytest
from zrf_helpers import corpus_file

from fairyport.errors import ModelError, UsageError
from fairyport.zrf.syntax.loader import load, load_text
from fairyport.zrf.syntax.nodes import to_text
from fairyport.zrf.syntax.structure import GameFile, read_structure
from fairyport.zrf.typed.build import build_game

TEXT = """
(game (title "Base") (option "pass turn" false) (option "animate captures" false)
   (players White Black) (turn-order White (Black normal) repeat (White Black drop))
   (piece (name Pawn) (help "p") (moves (n add)))
   (piece (name King) (attribute moved? false) (moves (move-type normal) (e add) (w add)) (drops ((verify empty?) add)))
   (loss-condition (White Black) (checkmated King))
   (loss-condition (White Black) stalemated)
   (board-setup (White (Pawn a1) (King off 2 b1)) (Black (Pawn a2))))
(variant (title "-"))
(variant (title "Other Pawns") (piece (name Pawn) (moves (s add))) (option "pass turn" true)
   (draw-condition (White Black) repetition))
(variant (title "No Stalemate") (default) (loss-condition (White Black) (pieces-remaining 0)))
"""


def structure() -> GameFile:
    return read_structure(load_text(TEXT, "s.zrf"))


def test_variants_separators_default_and_selection() -> None:
    gf = structure()
    assert [v.title for v in gf.choices] == ["Base", "Other Pawns", "No Stalemate"]
    assert [v.index for v in gf.variants] == [0, 2, 3]
    assert gf.variants[0].separator
    assert gf.default.title == "No Stalemate"
    assert gf.select("1") is gf.game
    assert gf.select("other pawns").title == "Other Pawns"
    with pytest.raises(UsageError):
        gf.select("4")
    with pytest.raises(UsageError):
        gf.select("Missing")


def test_variant_replaces_sections_by_type_and_pieces_by_name() -> None:
    gf = structure()
    sections = gf.sections(gf.select("Other Pawns"))
    pieces = [to_text(s) for s in sections if s.head == "piece"]
    assert pieces[0] == "(piece (name Pawn) (moves (s add)))"
    assert pieces[1].startswith("(piece (name King)")
    options = {to_text(s) for s in sections if s.head == "option"}
    assert options == {'(option "pass turn" true)', '(option "animate captures" false)'}
    # a variant's goal sections replace all of the game's goals (structure.GOAL_SECTIONS)
    assert [s.head for s in sections if s.head and s.head.endswith("-condition")] == ["draw-condition"]
    no_stalemate = gf.sections(gf.select("3"))
    assert [to_text(s) for s in no_stalemate if s.head == "loss-condition"] == [
        "(loss-condition (White Black) (pieces-remaining 0))"]


def test_typed_tree_of_a_game() -> None:
    gf = structure()
    findings: list = []
    game = build_game(gf.sections(gf.game), findings)
    assert findings == []
    assert game.title == "Base"
    assert [p.text for p in game.players] == ["White", "Black"]
    assert game.turn_order is not None and game.turn_order.repeat_from == 2
    turns = [(t.player.text, t.owner.text if t.owner else None, t.move_type.text if t.move_type else None)
             for t in game.turn_order.entries]
    assert turns == [("White", None, None), ("Black", None, "normal"), ("White", "Black", "drop")]
    king = game.piece("King")
    assert king is not None and [a.name.text for a in king.attributes] == ["moved?"]
    assert [(to_text(b.node), b.move_type.text if b.move_type else None) for b in king.moves] == [
        ("(e add)", "normal"), ("(w add)", "normal")]
    assert len(king.drops) == 1 and king.moves[0].instructions[0].location.line == 5
    setup = {(p.player.text, e.piece.text): (e.off, [r.text for r in e.positions])
             for p in game.setup for e in p.entries}
    assert setup[("White", "King")] == (2, ["b1"])
    assert [(g.kind, to_text(g.conditions[0])) for g in game.goals] == [
        ("loss", "(checkmated King)"), ("loss", "stalemated")]
    assert game.option("pass-turn") is not None


def test_missing_game_is_a_located_model_error() -> None:
    with pytest.raises(ModelError) as info:
        read_structure(load_text("(define x (y))", "lib.zrf"))
    assert str(info.value.location) == "lib.zrf:1:1"


def test_official_chess_has_29_variant_forms_and_complete_sections() -> None:
    gf = read_structure(load(corpus_file("zrflib/Chess.zrf")))
    assert len(gf.variants) == 29 and len(gf.choices) == 24
    findings: list = []
    game = build_game(gf.sections(gf.game), findings)
    assert findings == []
    assert [p.name.text for p in game.pieces] == ["Pawn", "Knight", "Bishop", "Rook", "Queen", "King"]
    assert game.board is not None and len(game.board.zones) == 4
    pocket = build_game(gf.sections(gf.select("pocket knight chess")), findings)
    offs = [e.off for p in pocket.setup for e in p.entries if e.off]
    assert offs == [1, 1]


def test_dagaz_and_axiom_dialects_are_recognised() -> None:
    dagaz = read_structure(load(corpus_file("dagaz-site/minixiangqi.zrf")))
    markers = {m.dialect for m in build_game(dagaz.sections(dagaz.game), []).dialects}
    assert "dagaz" in markers
    axiom = read_structure(load(corpus_file("zog/Axiomatic.Chase.zrf")))
    assert "axiom" in {m.dialect for m in build_game(axiom.sections(axiom.game), []).dialects}


def test_read_variant_and_show(capsys: pytest.CaptureFixture[str]) -> None:
    from fairyport.cli.main import main
    from fairyport.zrf.typed.reader import read_variant

    path = corpus_file("zrflib/Chess.zrf")
    read = read_variant(path, "Rook-Odds Chess")
    assert read.geometry is not None and len(read.geometry.positions) == 64
    assert read.variant.index == 19 and not [f for f in read.findings if f.severity.value == "error"]
    assert main(["show", str(path), "--variant", "19"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Rook-Odds Chess  [variant 19 of 24]"
    assert lines[3] == "ro kn bi qu ki bi kn ro" and lines[10] == ".  KN BI QU KI BI KN RO"
