"""``fairyport show`` for Interactive Diagram and JSON files: the text board and a well-formed SVG."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree
from paths import GAMES

from fairyport.cli.main import main
from fairyport.idiagram.read import read_text
from fairyport.render.svg import render_svg
from fairyport.render.text import board_lines


def test_show_prints_board_pieces_and_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg = tmp_path / "board.svg"
    assert main(["show", str(GAMES / "minixiangqi.idiagram"), "--svg", str(svg)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("minixiangqi")
    assert lines[1] == "7 r c n k n c r" and lines[7] == "1 R C N K N C R" and lines[8] == "  a b c d e f g"
    assert "K   general          W  [royal, confined to palace]" in out
    assert "may not face" in out and "stalemate: loss" in out
    root = etree.parse(str(svg)).getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    squares = root.xpath("//s:rect[not(@class)]", namespaces=ns)
    assert len(squares) == 49 and len(root.findall(".//s:circle", ns)) == 24
    assert len(root.xpath("//s:rect[@class='zone zone-palace']", namespaces=ns)) == 18
    texts = [t.text for t in root.findall(".//s:text", ns)]
    assert texts.count("K") == 2 and "a" in texts and "7" in texts
    assert not root.xpath("//*[@href or @*[local-name()='href']]")


def test_show_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "m.json"
    assert main(["convert", str(GAMES / "mirchess32.idiagram"), "--to", "json", "-o", str(target)]) == 0
    assert main(["show", str(target)]) == 0
    assert "8 r n e g k e n c" in capsys.readouterr().out


def test_holes_and_multi_letter_ids() -> None:
    game = read_text("files=3\nranks=3\nhole::::b2\nnightrider:NN:N0::a1\nking::::c1")
    assert board_lines(game) == ["3 {nn} .    k", "2 .    #    .", "1 {NN} .    K", "  a    b    c"]
    root = etree.fromstring(render_svg(game))
    assert len(root.findall(".//{http://www.w3.org/2000/svg}circle")) == 4
    assert len(root.findall(".//{http://www.w3.org/2000/svg}rect[@class='hole']")) == 1


def test_show_reports_bad_file_without_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.idiagram"
    bad.write_text("files=eight\nking::::e1\n")
    assert main(["show", str(bad)]) == 4
    err = capsys.readouterr().err
    assert f"{bad}:1:7" in err and "Traceback" not in err


def test_html_page_diagram_choice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "page.html"
    page.write_text('<div class="idiagram">files=8<br>king::::e1</div>'
                    '<div class="idiagram">files=5<br>ranks=5<br>king::::c1</div>')
    assert main(["show", str(page), "--variant", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "5 . . k . ."
    assert main(["convert", f"{page}#2", "--to", "json", "-o", str(tmp_path / "two.json")]) == 0
    assert '"files": 5' in (tmp_path / "two.json").read_text()
    assert main(["convert", f"{page}#2", "--to", "idiagram", "-o", str(tmp_path / "two.idiagram")]) == 0
    assert (tmp_path / "two.idiagram").read_text() == "files=5\nranks=5\nking::::c1"
    assert main(["show", str(page), "--variant", "x"]) == 2
    assert "--variant" in capsys.readouterr().err
