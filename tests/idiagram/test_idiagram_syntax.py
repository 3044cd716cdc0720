"""Interactive Diagram syntax: line parsing, the collapsed form, locations, writing back, HTML extraction."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from paths import GAMES, files_with_subset, source_id

from fairyport.idiagram import syntax
from fairyport.idiagram.page import extract_diagrams

FIXTURES = GAMES
SAMPLE_FILES = files_with_subset("notes/id_samples", "0*.txt")
"""The shared notes' Interactive Diagram samples where present, and our own."""


def kinds(document: syntax.Document) -> list[str]:
    return [type(d).__name__ for d in document.directives]


def test_line_kinds_and_fields() -> None:
    text = "files=10\nsome prose: here\npawn:P:fmWfcF:pawn:a2-j2:1\nmorph=Q=R\n"
    document = syntax.parse(text, "x.idiagram")
    assert kinds(document) == ["Parameter", "Prose", "PieceLine", "Parameter"]
    files, prose, piece, morph = document.directives
    assert isinstance(files, syntax.Parameter) and (files.key, files.value) == ("files", "10")
    assert isinstance(morph, syntax.Parameter) and (morph.key, morph.value) == ("morph", "Q=R")
    assert isinstance(piece, syntax.PieceLine)
    assert [f.text for f in piece.fields] == ["pawn", "P", "fmWfcF", "pawn", "a2-j2", "1"]
    squares = piece.field("squares")
    assert squares is not None and (squares.location.line, squares.location.column) == (3, 20)
    assert piece.text("holdings") == "1" and morph.value_location.column == 7
    assert isinstance(prose, syntax.Prose) and prose.location.line == 2


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.idiagram")) + SAMPLE_FILES,
                         ids=lambda p: p.name if p.is_relative_to(FIXTURES) else source_id(p))
def test_unmodified_document_writes_back_its_text(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert syntax.write(syntax.parse(text)) == text


def test_write_back_keeps_crlf_blank_lines_and_indentation() -> None:
    text = "  files=8\r\n\r\n\tking::K::e1   \r\n# note"
    assert syntax.write(syntax.parse(text)) == text


def test_collapsed_form_is_split_into_directives() -> None:
    text = "files=10 royal=8 Pawn::::a2-j2 Knight:N:::b1,i1 Lion:::::2"
    document = syntax.parse(text)
    assert kinds(document) == ["Parameter", "Parameter", "PieceLine", "PieceLine", "PieceLine"]
    lion = document.directives[-1]
    assert isinstance(lion, syntax.PieceLine) and lion.location.column == text.index("Lion") + 1
    assert syntax.write(document) == text


def test_collapsed_form_keeps_piece_names_with_spaces() -> None:
    document = syntax.parse("symmetry=mirror pawn (passed):Q:fsW:pawn: advisor::F:ferz:d1,f1")
    names = [d.text("name") for d in document.pieces()]
    assert names == ["pawn (passed)", "advisor"]


def test_prose_before_a_parameter_stays_prose() -> None:
    document = syntax.parse("Play it: files=8 king::::e1")
    assert kinds(document) == ["Prose", "Parameter", "PieceLine"]


def test_built_directives_render_canonically() -> None:
    document = syntax.Document()
    document.append(syntax.make_parameter("files", "8"))
    document.append(syntax.make_piece(["king", "K", "K", "", "e1"]))
    document.append(syntax.make_prose("# done"))
    assert syntax.write(document) == "files=8\nking:K:K::e1\n# done"
    assert syntax.is_prose_text("# a: b") and not syntax.is_prose_text("a=b")


PAGE = b"""<!DOCTYPE html SYSTEM "%(dtd)s" [ <!ENTITY local SYSTEM "%(secret)s"> ]>
<html><head><title>t</title></head><body>
<p>Before &amp; after</p>
<div class="float idiagram" style="margin: 4px">files=8 &lt;ok&gt;<br>king::::e1 &xxe; &local;
</div>
<div class="idiagram">ranks=6<br/>promoChoice=Q&amp;R</div>
<div class="notidiagram">files=99</div>
<script>function BadZone(x, y, piece, color) { return 0; }</script>
</body></html>
"""


def test_html_extraction_is_safe_and_finds_every_diagram(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET-CONTENT")
    dtd = tmp_path / "evil.dtd"
    dtd.write_text(f'<!ENTITY xxe SYSTEM "file://{secret}">')
    page = PAGE % {b"dtd": f"file://{dtd}".encode(), b"secret": f"file://{secret}".encode()}
    diagrams = extract_diagrams(page, "page.html")
    assert [d.text for d in diagrams] == ["files=8 <ok>\nking::::e1 &xxe; &local;\n", "ranks=6\npromoChoice=Q&R"]
    assert all("SECRET" not in d.text for d in diagrams)
    assert diagrams[0].line == 4 and diagrams[0].hooks == ("BadZone",)


def test_html_with_network_dtd_does_not_fetch() -> None:
    page = b'<!DOCTYPE html SYSTEM "http://192.0.2.1/x.dtd"><div class="idiagram">files=8</div>'
    assert [d.text for d in extract_diagrams(page)] == ["files=8"]


def test_empty_page_has_no_diagrams() -> None:
    assert extract_diagrams(b"  ") == []


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab=:,- \t\r\nK1"), max_size=60))
def test_any_text_writes_back_unchanged(text: str) -> None:
    assert syntax.write(syntax.parse(text)) == text


def test_br_tags_in_text_separate_directives() -> None:
    text = "files=8<br>ranks=6<BR />king::::e1<br/>"
    document = syntax.parse(text)
    assert [d.render() for d in document.directives] == ["files=8", "ranks=6", "king::::e1"]
    assert syntax.write(document) == text
