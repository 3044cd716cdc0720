"""Readers' costs bounded in total: includes over the whole tree, include names the system refuses."""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

import pytest
from paths import GAMES

import fairyport
from fairyport.errors import ParseError
from fairyport.gamecourier.syntax.fen import parse_fen
from fairyport.json import MAX_INTEGER_DIGITS, nesting_beyond
from fairyport.zrf.syntax.includes import MAX_INCLUDED_FILES
from fairyport.zrf.syntax.loader import load_text
from fairyport.zrf.syntax.macros import Expander, Limits, collect_macros


def _game_including(tmp_path: Path, includes: list[str]) -> Path:
    game = tmp_path / "main.zrf"
    game.write_text("".join(f'(include "{name}")\n' for name in includes)
                    + GAMES.joinpath("chess.zrf").read_text(encoding="utf-8"), encoding="utf-8")
    return game


def test_included_files_are_bounded_in_total_not_only_in_depth(tmp_path: Path) -> None:
    (tmp_path / "empty.inc").write_text("; nothing\n", encoding="utf-8")
    assert fairyport.perft(_game_including(tmp_path, ["empty.inc"] * MAX_INCLUDED_FILES), 1) == 20
    with pytest.raises(ParseError, match="MAX_INCLUDED_FILES") as info:
        fairyport.read(_game_including(tmp_path, ["empty.inc"] * (MAX_INCLUDED_FILES + 1)))
    assert info.value.location.line == MAX_INCLUDED_FILES + 1


def test_a_doubling_include_tree_stops_at_the_bound(tmp_path: Path) -> None:
    for level in range(20):
        (tmp_path / f"f{level}.inc").write_text(f'(include "f{level + 1}.inc")\n' * 2, encoding="utf-8")
    (tmp_path / "f20.inc").write_text("; the leaf\n", encoding="utf-8")
    with pytest.raises(ParseError, match="MAX_INCLUDED_FILES") as info:
        fairyport.read(_game_including(tmp_path, ["f0.inc"]))
    assert info.value.location.file is not None and info.value.location.file.endswith(".inc")


def test_an_include_name_too_long_for_the_system_is_located(tmp_path: Path) -> None:
    with pytest.raises(ParseError, match=r"cannot look for included file.*too long") as info:
        fairyport.read(_game_including(tmp_path, ["n" * 300]))
    assert (info.value.location.line, info.value.location.column) == (1, 10)


def test_diagram_piece_lines_read_in_linear_time() -> None:
    lines = [f"p{n}:P{n}:W:pawn:" for n in range(10_000)]
    text = "files=8\nranks=8\n" + "\n".join(lines) + "\nhole:H::hole:d4\nking:K:K:king:a1,,h8\n"
    began = time.perf_counter()
    game = fairyport.read(text, format="idiagram")
    assert time.perf_counter() - began < 20  # 20.7 s at 4,000 lines, killed at 10,000, when it was quadratic
    assert len(game.pieces) == 10_001 and game.pieces[-1].id == "K"


def _chess_json(old: str, new: str) -> str:
    text = fairyport.convert(GAMES / "chess.idiagram", to="json").text
    assert old in text
    return text.replace(old, new, 1)


def test_json_integers_are_bounded_at_and_past_the_bound() -> None:
    with pytest.raises(fairyport.errors.ModelError, match="files and ranks"):
        fairyport.read(_chess_json('"files": 8', '"files": ' + "9" * MAX_INTEGER_DIGITS), format="json")
    with pytest.raises(ParseError, match="more than 100 digits") as info:
        fairyport.read(_chess_json('"files": 8', '"files": ' + "9" * 5000), format="json")  # was a ValueError
    assert info.value.location.line is not None and info.value.location.column is not None


@pytest.mark.parametrize(("title", "refused"), [("\\ud800", True), ("a\\udfff", True), ("\\ud83d\\ude00", False),
                                                ("\\\\ud800", False), ("\\\\\\ud800", True)])
def test_json_lone_surrogates_are_refused_where_they_stand(title: str, refused: bool) -> None:
    text = _chess_json('"title": "', f'"title": "{title}')
    if not refused:
        fairyport.write(fairyport.read(text, format="json"), "zrf").text.encode("utf-8")
        return
    with pytest.raises(ParseError, match="lone surrogate") as info:
        fairyport.read(text, format="json")
    assert text[info.value.location.offset or 0:].startswith("\\u")


def test_a_15_mb_json_string_is_scanned_in_little_memory() -> None:
    text = _chess_json('"title": "', '"title": "' + "T" * 15_000_000)
    assert nesting_beyond(text, 10) is None
    tracemalloc.start()
    try:
        nesting_beyond(text, 10)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 64 * 2**20  # 1.8 GB when each character of a string kept backtracking state


@pytest.mark.parametrize(("code", "found"), [("x" * 100_000, "more than 256 ranks"),
                                             ("/" * 1_000_000, "more than 256 ranks"),
                                             ("9" * 5000, "5,000 digits"), ("1000001", "at most 100000")])
def test_game_courier_fen_codes_stop_at_the_token_past_a_bound(code: str, found: str) -> None:
    began = time.perf_counter()
    with pytest.raises(ParseError, match=found) as info:
        parse_fen(code, 8)
    assert time.perf_counter() - began < 20  # 40,000 letters took 7.7 s when the whole code was parsed first
    assert info.value.location.column is not None


def test_game_courier_fen_codes_at_the_bounds_read() -> None:
    assert len(parse_fen("k" + "x" * 65_535, 256).ranks) == 256
    assert len(parse_fen("/" * 256, 8).notes) == 256  # a "/" at a rank's end makes no cells
    with pytest.raises(ParseError, match="more than 256 ranks"):
        parse_fen("/" * 257, 8)
    assert len(parse_fen("65536", 256).ranks) == 256


def _bomb(levels: int) -> str:
    """Macros whose calls all differ (``$1a``, ``$1b``): nothing to share, 2**levels calls."""
    lines = ["(define m0 (x $1 $1 $1 $1))"]
    lines += [f"(define m{n} (m{n - 1} $1a) (m{n - 1} $1b))" for n in range(1, levels)]
    return "\n".join([*lines, f"(m{levels - 1} s)"]) + "\n"


def _made(text: str) -> int:
    """The nodes the expansion of ``text`` makes."""
    expander = Expander(*collect_macros(load_text(text).forms)[:1])
    expander.expand_forms(collect_macros(load_text(text).forms)[1])
    return expander.made


def test_macro_calls_that_share_nothing_are_bounded_by_the_nodes_made() -> None:
    began = time.perf_counter()
    with pytest.raises(ParseError, match=r"makes more than 500,000 nodes.*Limits\.made") as info:
        load_text(_bomb(24))  # 2**24 calls: 21.7 s and 669 MiB before, for the 10,000,000 nodes bound
    assert time.perf_counter() - began < 60
    assert info.value.location.line is not None


def test_the_made_bound_at_and_past_it() -> None:
    text = _bomb(8)
    made = _made(text)
    assert made > 256
    load_text(text, limits=Limits(made=made))
    with pytest.raises(ParseError, match=r"Limits\.made"):
        load_text(text, limits=Limits(made=made - 1))


def test_a_diagram_past_the_html_parser_depth_bound_is_a_located_error(tmp_path: Path) -> None:
    """libxml2 stops building the tree at 2,048 levels and drops the rest of the page: a diagram nested deeper was
    "not found"; now the message says where the parser stopped. (A diagram before such nesting reads:
    ``test_a_page_with_a_huge_text_node_still_finds_its_diagram``.)"""
    diagram = GAMES.joinpath("chess.idiagram").read_text(encoding="utf-8")

    def page(levels: int) -> Path:
        path = tmp_path / f"page{levels}.html"
        path.write_text("<html><body>" + "<div>" * levels + f'<div class="idiagram">\n{diagram}</div>'
                        + "</div>" * levels, encoding="utf-8")
        return path

    assert fairyport.perft(page(2_000), 1) == 20
    with pytest.raises(ParseError, match="nests elements deeper than the HTML parser reads") as info:
        fairyport.read(page(100_000))
    assert info.value.location.line == 1
