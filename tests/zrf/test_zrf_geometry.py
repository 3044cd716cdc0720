"""Board geometry: grids, explicit positions, links, unlink, kill-positions, opposites, symmetry, zones."""

from __future__ import annotations

from zrf_helpers import corpus_file

from fairyport.diagnostics import Finding
from fairyport.zrf.syntax.loader import load, load_text
from fairyport.zrf.syntax.structure import read_structure
from fairyport.zrf.typed.build import build_game
from fairyport.zrf.typed.geometry import Geometry, resolve


def geometry_of(board: str, findings: list[Finding] | None = None) -> Geometry:
    gf = read_structure(load_text(f"(game (players W B) {board})"))
    game = build_game(gf.sections(gf.game), [])
    assert game.board is not None
    return resolve(game.board, findings=findings)


GRID = """(board (grid (start-rectangle 10 10 60 60)
   (dimensions ("a/b/c" (50 0)) ("3/2/1" (0 50)))
   (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0) (ne 1 -1) (jump 2 0)))
   (symmetry B (n s) (s n))
   (zone (name top) (players W) (positions a3 b3 c3)) (zone (name top) (players B) (positions a1 b1 c1))
   {extra})"""


def test_grid_positions_links_rectangles_and_opposites() -> None:
    geo = geometry_of(GRID.format(extra=""))
    assert list(geo.positions) == ["a3", "a2", "a1", "b3", "b2", "b1", "c3", "c2", "c1"]
    assert geo.positions["b2"].rectangle == (60, 60, 110, 110)
    assert geo.positions["c1"].coordinates == (2, 2)
    assert geo.links["n"]["a1"] == "a2" and "a3" not in geo.links["n"]
    assert geo.links["jump"] == {"a3": "c3", "a2": "c2", "a1": "c1"}
    assert geo.opposites["n"] == "s" and geo.opposites["e"] == "w"
    assert "ne" not in geo.opposites and "jump" not in geo.opposites
    assert geo.step("a1", "n", "B") is None and geo.step("a2", "n", "B") == "a1"
    assert geo.zone("top", "B") == ["a1", "b1", "c1"]


def test_kill_unlink_links_and_dummy() -> None:
    extra = "(kill-positions b2) (unlink a1 (c1 c2)) (dummy off1) (links next (off1 a3) (a3 b3)) (links e (c1 a3))"
    geo = geometry_of(GRID.format(extra=extra))
    assert "b2" not in geo.positions and geo.positions["off1"].dummy
    assert "b2" not in geo.links["n"].values() and "b1" not in geo.links["n"]
    assert all("a1" not in (k, v) for d, t in geo.links.items() for k, v in t.items() if d != "e")
    assert "c1" not in geo.links["n"]
    assert geo.links["next"] == {"off1": "a3", "a3": "b3"}
    assert geo.links["e"]["c1"] == "a3"


def test_explicit_positions_without_grid() -> None:
    geo = geometry_of("(board (positions (p1 0 0 10 10) (p2 10 0 20 10)) (links cw (p1 p2) (p2 p1)))")
    assert list(geo.positions) == ["p1", "p2"] and geo.opposites == {"cw": "cw"}


def test_short_vectors_are_padded_long_ones_rejected() -> None:
    findings: list[Finding] = []
    geo = geometry_of('(board (grid (dimensions ("a/b" (1 0)) ("1/2" (0 1)) ("X/Y" (0 0)))'
                      " (directions (e 1) (bad 1 0 0 0))))", findings)
    assert geo.links["e"]["a1X"] == "b1X"
    assert [(f.code, f.severity.value) for f in findings] == [("grid-mismatch", "warning"), ("grid-mismatch", "error")]


def test_corpus_boards() -> None:
    hexes = read_structure(load(corpus_file("dagaz-site/xiang-hex.zrf")))
    game = build_game(hexes.sections(hexes.game), [])
    assert game.board is not None
    geo = resolve(game.board)
    assert len(geo.positions) == 79 and len(geo.opposites) == 12
    chess = read_structure(load(corpus_file("zrflib/Chess.zrf")))
    board = build_game(chess.sections(chess.game), []).board
    assert board is not None
    geo = resolve(board)
    assert len(geo.positions) == 64 and geo.step("e2", "n", "White") == "e3" and geo.step("e7", "n", "Black") == "e6"
    assert geo.zone("promotion-zone", "Black")[0] == "a1"
