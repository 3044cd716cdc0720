"""Move diagrams of pieces whose moves are kept as code, drawn from what the format's own interpreter plays
(issue 36, item 3): a ZRF move block (dobutsu.zrf) and a GAME Code piece function the model does not translate;
where the interpreter cannot be asked, one sentence instead of an empty diagram or "Has no moves"."""

from __future__ import annotations

from pathlib import Path

from lxml import html
from paths import GAMES, ZRF_COLLECTIONS, skip_without

from fairyport.formats import read_game
from fairyport.render.moves import CAPTURE, MOVE
from fairyport.render.rules import kept_moves_format
from fairyport.report.page import GamePage, game_page
from fairyport.report.played import played_diagram

DOBUTSU = ZRF_COLLECTIONS / "DagazProject+ZRF" / "DobutsuShogi" / "Dobutsu.zrf"
PRESET = GAMES.parent / "gamecourier" / "from-zrf" / "chess.php"
KNIGHT = "def N (checkleap #0 #1 1 2);"
FORWARD_KNIGHT = "def N checkleap #0 #1 1 2 and > rank #1 rank #0;"
"""White's knight of the chess preset, made to leap forward only: GAME Code the reader does not translate."""
BOTH = {MOVE, CAPTURE}


def _page(path: Path) -> html.HtmlElement:
    game = read_game(path)
    return html.fromstring(game_page(GamePage(game, str(path), [], None, [])))


def _article(page: html.HtmlElement, piece: str) -> str:
    return " ".join(page.get_element_by_id(f"piece-{piece}").text_content().split())


def test_dobutsu_pieces_are_drawn_by_the_zrf_interpreter() -> None:
    game = read_game(skip_without(DOBUTSU))
    marks = {}
    for piece in game.pieces:
        assert kept_moves_format(game, piece) == "zrf"
        played = played_diagram(game, piece, str(DOBUTSU))
        assert played is not None, piece.name
        diagram, fmt = played
        assert fmt == "zrf" and diagram.played_by == "zrf" and diagram.origin == "b2"
        marks[piece.id] = diagram.marks
    assert marks["Z"] == {"b3": BOTH}  # the chick: one step forward
    assert marks["S"] == dict.fromkeys(["a1", "a3", "c1", "c3"], BOTH)  # the elephant: one step diagonally
    assert set(marks["K"]) == {"a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"}  # the lion, White's own removed
    assert set(marks["J"]) == {"a2", "b3", "c2"}  # the giraffe; b1 holds White's lion, which the game needs


def test_the_dobutsu_page_draws_every_piece() -> None:
    page = _page(skip_without(DOBUTSU))
    assert len(page.xpath("//article[@class='piece']//figure")) == 5
    assert "its moves played by the zrf interpreter" in _article(page, "Z")
    assert "No diagram" not in page.text_content()


def test_a_game_courier_piece_function_is_drawn_by_the_game_code_interpreter(tmp_path: Path) -> None:
    text = PRESET.read_text(encoding="utf-8")
    assert KNIGHT in text
    preset = tmp_path / "forward.php"
    preset.write_text(text.replace(KNIGHT, FORWARD_KNIGHT), encoding="utf-8")
    game = read_game(preset)
    knight = game.piece_type("N")
    assert not knight.betza and kept_moves_format(game, knight) == "gamecourier"
    played = played_diagram(game, knight, str(preset))
    assert played is not None
    assert played[0].marks == dict.fromkeys(["b5", "c6", "e6", "f5"], BOTH)  # forward leaps only, from d4
    article = _article(_page(preset), "N")
    assert "its moves played by the gamecourier interpreter" in article
    assert "Has no moves" not in article and "kept as gamecourier code" in article


def test_a_piece_the_interpreter_cannot_be_asked_about_gets_one_sentence() -> None:
    """mideast_chess.php includes a library fairyport lacks: its interpreter cannot run it."""
    article = _article(_page(GAMES.parent / "gamecourier" / "mideast_chess.php"), "CV")
    assert "No diagram: its moves are kept as gamecourier code" in article
    assert "Has no moves" not in article
