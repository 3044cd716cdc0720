"""Readers' costs bounded in total: includes over the whole tree, include names the system refuses."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from paths import GAMES

import fairyport
from fairyport.errors import ParseError
from fairyport.zrf.syntax.includes import MAX_INCLUDED_FILES


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
    with pytest.raises(ParseError, match="cannot look for included file.*too long") as info:
        fairyport.read(_game_including(tmp_path, ["n" * 300]))
    assert (info.value.location.line, info.value.location.column) == (1, 10)


def test_diagram_piece_lines_read_in_linear_time() -> None:
    lines = [f"p{n}:P{n}:W:pawn:" for n in range(10_000)]
    text = "files=8\nranks=8\n" + "\n".join(lines) + "\nhole:H::hole:d4\nking:K:K:king:a1,,h8\n"
    began = time.perf_counter()
    game = fairyport.read(text, format="idiagram")
    assert time.perf_counter() - began < 20  # 20.7 s at 4,000 lines, killed at 10,000, when it was quadratic
    assert len(game.pieces) == 10_001 and game.pieces[-1].id == "K"
