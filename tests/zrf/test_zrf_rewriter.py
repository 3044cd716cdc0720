"""Faithful rewriting of ZRF files and pretty-printing of generated ZRF."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import source_id
from zrf_helpers import CORPUS, CORPUS_FOLDERS, corpus_file, folder_files

from fairyport.cli.main import main
from fairyport.zrf.syntax.loader import load, load_text
from fairyport.zrf.syntax.nodes import Atom, SList, String, equal
from fairyport.zrf.syntax.parser import parse, parse_text
from fairyport.zrf.syntax.printer import Style, format_forms, format_node
from fairyport.zrf.syntax.rewriter import insert_item, remove_item, render, replace_item, rewrite_file, to_bytes
from fairyport.zrf.syntax.source import SourceFile

TEXT = (
    '; header\r\n(game\r\n\t(title "A; (tricky)\r\n string")   ; note\r\n'
    "   (board-setup\r\n      (White\r\n         (Pawn a2 b2) ; pawns\r\n         (King e1)\r\n      )\r\n   )\r\n)\r\n"
    "; trailing comment"
)


def setup_list(doc_items: list) -> SList:
    game = doc_items[0]
    assert isinstance(game, SList)
    setup = game.items[2]
    assert isinstance(setup, SList)
    white = setup.items[1]
    assert isinstance(white, SList)
    return white


def test_unmodified_text_round_trips() -> None:
    assert render(parse_text(TEXT)) == TEXT


def test_replacing_an_atom_changes_only_that_atom() -> None:
    doc = parse_text(TEXT)
    white = setup_list(doc.items)
    pawns = white.items[1]
    assert isinstance(pawns, SList)
    replace_item(pawns, 2, Atom("c2"))
    assert render(doc) == TEXT.replace("(Pawn a2 b2)", "(Pawn a2 c2)")


def test_inserted_items_follow_the_file_style() -> None:
    doc = parse_text(TEXT)
    white = setup_list(doc.items)
    insert_item(white, len(white.items), SList([Atom("Queen"), Atom("d1")]))
    text = render(doc)
    assert "         (King e1)\r\n         (Queen d1)\r\n      )" in text
    pawns = white.items[1]
    assert isinstance(pawns, SList)
    insert_item(pawns, 1, Atom("h2"))
    assert "(Pawn h2 a2 b2) ; pawns" in render(doc)


def test_removing_keeps_comments() -> None:
    doc = parse_text(TEXT)
    white = setup_list(doc.items)
    removed = remove_item(white, 1)
    assert isinstance(removed, SList) and removed.head == "Pawn"
    text = render(doc)
    assert "Pawn" not in text and "; pawns" in text and "(King e1)" in text
    assert render(parse_text(text)) == text


def test_generated_sections_use_the_files_line_endings_and_indentation() -> None:
    doc = parse_text(TEXT)
    game = doc.items[0]
    assert isinstance(game, SList)
    piece = SList([Atom("piece"), SList([Atom("name"), Atom("Pawn")]),
                   SList([Atom("moves"), SList([Atom("n"), Atom("add")])])])
    insert_item(game, len(game.items), piece)
    text = render(doc)
    assert text.endswith("   )\r\n   (piece\r\n      (name Pawn)\r\n      (moves\r\n         (n add)\r\n      )\r\n"
                         "   )\r\n)\r\n; trailing comment")
    reread = parse_text(text)
    assert equal(reread.items[0], game)


def test_printer_layout() -> None:
    form = load_text('(game (title "T") (players A B) (piece (name P) (moves (n add))))').expanded[0]
    assert format_node(form, Style(newline="\n")) == (
        '(game\n   (title "T")\n   (players A B)\n   (piece\n      (name P)\n      (moves\n'
        "         (n add)\n      )\n   )\n)"
    )
    long_string = String("line one\nline two")
    assert format_node(SList([Atom("help"), long_string]), Style(newline="\n")) == '(help\n   "line one\nline two"\n)'


@pytest.mark.parametrize("folder", CORPUS_FOLDERS, ids=source_id)
def test_every_corpus_file_round_trips_byte_for_byte(folder: Path) -> None:
    files = folder_files(folder)
    assert files and (folder != CORPUS or len(files) == 40)
    for path in files:
        assert rewrite_file(path) == path.read_bytes(), path


def test_pretty_printed_chess_rereads_to_the_same_expansion() -> None:
    original = load(corpus_file("zrflib/Chess.zrf"))
    text = format_forms(original.expanded)
    reread = load_text(text)
    assert len(reread.expanded) == len(original.expanded)
    assert all(equal(a, b) for a, b in zip(reread.expanded, original.expanded, strict=True))


def test_convert_command_round_trips(tmp_path: Path) -> None:
    source = corpus_file("zrf-collection/Tenjiku Shogi [No AI].zrf")
    out = tmp_path / "out.zrf"
    assert main(["convert", str(source), "--to", "zrf", "-o", str(out)]) == 0
    assert out.read_bytes() == source.read_bytes()
    assert SourceFile.read(out).encoding == "cp1252"
    assert to_bytes(parse(SourceFile.read(out))) == source.read_bytes()


def test_convert_of_a_broken_file_is_a_located_error(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.zrf"
    bad.write_text("(game\n  (title \"x\")\n")
    assert main(["convert", str(bad), "--to", "zrf"]) == 4
    err = capsys.readouterr().err
    assert "bad.zrf:1:1" in err and "Traceback" not in err


def test_direct_edits_of_items_keep_the_other_items_trivia() -> None:
    doc = parse_text(TEXT)
    white = setup_list(doc.items)
    pawns = white.items.pop(1)
    white.items.append(SList([Atom("Queen"), Atom("d1")]))
    white.items.append(pawns)
    text = render(doc)
    # the comment after (Pawn ...) is trivia before (King ...), so it travels with the King's line
    assert "(White ; pawns\r\n         (King e1)\r\n         (Queen d1)\r\n         (Pawn a2 b2)\r\n      )" in text
    game = doc.items[0]
    assert isinstance(game, SList)
    game.items.insert(1, Atom("extra"))
    assert render(doc).startswith('; header\r\n(game\r\n\textra\r\n\t(title "A; (tricky)')
