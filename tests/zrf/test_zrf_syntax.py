"""ZRF tokenizer and parser: strings, comments, atoms, locations, encodings, errors."""

from __future__ import annotations

import pytest

from fairyport.diagnostics import Finding
from fairyport.errors import ParseError
from fairyport.zrf.syntax import scanner
from fairyport.zrf.syntax.nodes import Atom, SList, String, to_text
from fairyport.zrf.syntax.parser import MAX_DEPTH, parse_text
from fairyport.zrf.syntax.rewriter import render, to_bytes
from fairyport.zrf.syntax.source import CP1252, UTF8, SourceFile


def kinds(text: str) -> list[tuple[str, str]]:
    return [(t.kind, text[t.start:t.end]) for t in scanner.tokenize(text) if t.kind != scanner.TRIVIA]


def test_string_keeps_semicolon_parentheses_and_line_breaks() -> None:
    text = '(help "a; (b)\r\n c\\\\") ; comment (x\n'
    assert kinds(text) == [("(", "("), ("atom", "help"), ("string", '"a; (b)\r\n c\\\\"'), (")", ")")]


def test_atoms_keep_punctuation_digits_and_case() -> None:
    text = "never-moved? Lion! 1i $1-x '$1' -3 B b ?Dice"
    assert [t for _, t in kinds(text)] == text.split()
    doc = parse_text(f"({text})")
    items = doc.items[0]
    assert isinstance(items, SList)
    numbers = [i.integer for i in items.items if isinstance(i, Atom)]
    assert numbers == [None, None, None, None, None, -3, None, None, None]


def test_every_node_has_file_line_and_column() -> None:
    doc = parse_text('(game\r\n   (title "x")\r\n\t(players A B))', name="t.zrf")
    game = doc.items[0]
    assert isinstance(game, SList)
    title, players = game.items[1], game.items[2]
    assert isinstance(title, SList) and isinstance(players, SList)
    assert (title.location.file, title.location.line, title.location.column) == ("t.zrf", 2, 4)
    assert (players.items[2].location.line, players.items[2].location.column) == (3, 13)
    assert isinstance(title.items[1], String) and title.items[1].value == "x"


def test_cp1252_fallback_round_trips_and_is_remembered() -> None:
    data = b'(game (title "Shogi \xb0 \x81 \xe9"))\r\n'
    source = SourceFile.from_bytes(data, "x.zrf")
    assert source.encoding == CP1252 and source.newline == "\r\n"
    doc = parse_text(source.text)
    assert isinstance(doc.items[0], SList)
    assert source.encode(render(doc)) == data
    assert SourceFile.from_bytes("é".encode()).encoding == UTF8


def test_byte_order_mark_and_trailing_comment_survive() -> None:
    data = "\ufeff; head\n(version \"2.0\")\n; tail without newline".encode()
    source = SourceFile.from_bytes(data)
    from fairyport.zrf.syntax.parser import parse

    assert to_bytes(parse(source)) == data


def test_unterminated_string_is_located_at_its_quote() -> None:
    with pytest.raises(ParseError) as info:
        parse_text('(game\n  (title "never closed))\n', name="u.zrf")
    assert (info.value.location.line, info.value.location.column) == (2, 10)
    assert "unterminated string" in info.value.reason


def test_unbalanced_parentheses_strict_and_tolerant() -> None:
    with pytest.raises(ParseError) as info:
        parse_text("(game (title \"x\")\n")
    assert info.value.location.column == 1
    with pytest.raises(ParseError) as extra:
        parse_text("(a))")
    assert extra.value.location.column == 4
    findings: list[Finding] = []
    text = '(game\n   (piece (name P)\n   (moves (n add)\n   )\n)\n(variant (title "v"))\n'
    doc = parse_text(text, findings=findings)
    assert [(f.code, f.location.line, f.location.column) for f in findings] == [("unbalanced-paren", 2, 4)]
    assert [to_text(i)[:8] for i in doc.items] == ["(game (p", '(variant']
    assert render(doc) == text


def test_nesting_is_bounded_without_recursion_error() -> None:
    with pytest.raises(ParseError, match="nested deeper"):
        parse_text("(" * (MAX_DEPTH + 5) + ")" * (MAX_DEPTH + 5))
    deep = "(" * 95 + ")" * 95
    assert render(parse_text(deep)) == deep


def test_strings_and_atoms_are_different_node_kinds() -> None:
    doc = parse_text('(a "a")')
    form = doc.items[0]
    assert isinstance(form, SList)
    assert isinstance(form.items[0], Atom) and isinstance(form.items[1], String)
