"""``fairyport report``: page structure, move diagrams against the generator, escaping, the perft proof."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path

import pytest
from lxml import html
from paths import GAMES

from fairyport.cli.main import main
from fairyport.formats import FORMATS, read_game
from fairyport.json import game_from_json, game_to_json
from fairyport.model import WHITE, Game, Piece, Setup
from fairyport.movegen import Position, Variant, compile_game
from fairyport.render.moves import CAPTURE, HOP_CAPTURE, HOP_MOVE, INITIAL, MOVE, move_diagram
from fairyport.report.proof import COLUMNS
from fairyport.zrf.rule_positions import board_fen

BUNDLED = sorted(GAMES.glob("*.idiagram"))


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report")
    assert main(["report", *map(str, BUNDLED), "-o", str(out), "--depth", "2"]) == 0
    return out


@pytest.mark.parametrize("game_file", BUNDLED, ids=lambda p: p.stem)
def test_page_structure(pages: Path, game_file: Path) -> None:
    game = read_game(game_file)
    doc = html.parse(str(pages / f"{game_file.stem}.html")).getroot()
    assert doc.findtext(".//h1") == game.metadata.title
    assert doc.xpath("//section[@id='setup']//svg[contains(@class, 'board')]")
    articles = doc.xpath("//article[contains(@class, 'piece')]")
    assert [a.findtext("h3") for a in articles] == [f"{p.name} ({p.id})" for p in game.pieces]
    for article in articles:
        assert len(article.xpath(".//svg[contains(@class, 'diagram')]")) == 1
        assert article.xpath(".//ul[@class='legend']/li/span")  # every diagram has its legend
        assert article.xpath(".//ul[@class='moves']/li")
        assert "moves as" not in article.text_content()
    formats = doc.xpath("//section[@id='formats']/details/@data-format")
    assert formats == list(COLUMNS)
    for block in doc.xpath("//section[@id='formats']/details"):
        assert block.xpath("./summary") and (block.xpath("./pre") or block.xpath(".//ul[@class='lost']/li"))
    rows = doc.xpath("//table[@class='perft']/tbody/tr")
    assert [r.get("data-depth") for r in rows] == ["1", "2"]
    assert not doc.xpath("//td[@class='mismatch']")
    assert doc.xpath("//p[@class='verdict ok']")
    assert not doc.xpath("//script | //img | //link | //iframe | //*[@src]")
    assert doc.xpath("//section[@id='rules']/ul/li") and doc.xpath("//section[@id='validation']")


def test_index_and_perft_numbers(pages: Path) -> None:
    index = html.parse(str(pages / "index.html")).getroot()
    assert sorted(index.xpath("//table[@class='index']//a/@href")) == sorted(f"{p.stem}.html" for p in BUNDLED)
    chess = html.parse(str(pages / "chess.html")).getroot()
    cells = chess.xpath("//table[@class='perft']/tbody/tr[@data-depth='2']/td")
    assert [c.get("data-column") for c in cells] == ["source", *COLUMNS]
    assert all(c.text == "400" for c in cells)
    pawn = chess.xpath("//article[@id='piece-P']")[0]
    assert "Moves exactly two squares forward" in pawn.text_content()


def generator_targets(variant: Variant, origin: str, placement: dict[str, Piece]) -> set[str]:
    """Squares the piece on ``origin`` reaches in the diagram's own game, read from a FEN (not the probes)."""
    pos = Position.from_fen(variant, fen_of(variant.game, placement))
    names = variant.geometry.names
    start = variant.geometry.square(origin)
    return {names[m[1]] for m in pos.pseudo_legal() if m[0] == start}


def fen_of(game: Game, placement: dict[str, Piece]) -> str:
    return board_fen(game, dict(placement), WHITE)


@pytest.mark.parametrize("game_file", BUNDLED, ids=lambda p: p.stem)
def test_diagram_marks_are_the_generators_moves(game_file: Path) -> None:
    """Quiet marks = the generator's moves with the piece alone; each capture mark = a capture with an enemy there."""
    game = read_game(game_file)
    for piece in game.pieces:
        diagram = move_diagram(game, piece)
        if diagram.on_game_board:
            continue  # virginity is positional in a FEN; the game-board diagrams are checked below
        placement = {diagram.origin: diagram.piece}
        board_game = Game(game.metadata, diagram.board,
                          [dataclasses.replace(p, promotion=None, confined_to=None) for p in game.pieces],
                          Setup(dict(placement)))
        variant = compile_game(board_game)
        quiet = generator_targets(variant, diagram.origin, placement)
        marked_quiet = {s for s, kinds in diagram.marks.items() if MOVE in kinds}
        assert marked_quiet == quiet, piece.name
        enemy = Piece(piece.id, 1)
        for square, kinds in diagram.marks.items():
            if CAPTURE in kinds:
                assert square in generator_targets(variant, diagram.origin, {**placement, square: enemy}), square
        for square in set(quiet) - {s for s, k in diagram.marks.items() if CAPTURE in k or HOP_CAPTURE in k}:
            assert square not in generator_targets(variant, diagram.origin, {**placement, square: enemy}), square


def test_known_diagrams() -> None:
    chess = read_game(GAMES / "chess.idiagram")
    pawn = move_diagram(chess, chess.piece_type("P"))
    assert pawn.on_game_board and pawn.origin == "d2"
    assert pawn.marks == {"d3": {MOVE}, "d4": {MOVE, INITIAL}, "c3": {CAPTURE}, "e3": {CAPTURE}}
    king = move_diagram(chess, chess.piece_type("K"))
    assert king.origin == "e1" and set(king.others) == {"a1", "h1"}
    assert king.marks["c1"] == {MOVE, INITIAL} and king.marks["g1"] == {MOVE, INITIAL}
    assert king.marks["e2"] == {MOVE, CAPTURE}
    knight = move_diagram(chess, chess.piece_type("N"))
    assert set(knight.marks) == {"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"} and not knight.paths
    xiangqi = read_game(GAMES / "minixiangqi.idiagram")
    cannon = move_diagram(xiangqi, xiangqi.piece_type("C"))
    assert cannon.marks["d5"] == {MOVE} and cannon.marks["d6"] == {MOVE, HOP_CAPTURE}
    horse = move_diagram(xiangqi, xiangqi.piece_type("N"))
    assert sorted(horse.paths) == sorted([["d4", "d5", "c6"], ["d4", "d5", "e6"], ["d4", "c4", "b5"],
                                          ["d4", "c4", "b3"], ["d4", "e4", "f5"], ["d4", "e4", "f3"],
                                          ["d4", "d3", "c2"], ["d4", "d3", "e2"]])
    general = move_diagram(xiangqi, xiangqi.piece_type("K"))
    assert general.on_game_board and set(general.marks) == {"c1", "e1", "d2"}
    assert set(general.zones) >= {"c1", "d2", "e3"}


def hostile_game(tmp_path: Path) -> Path:
    game = read_game(GAMES / "mirchess32.idiagram")
    game.metadata.title = "<script>alert('x')</script> & \"Co\""
    game.metadata.author = "</p><img src=x onerror=alert(1)>"
    game.metadata.description = "first ]]> <!-- para\n\nsecond <b>para</b> &amp;"
    game.pieces[1].name = "<i>knight</i>"
    path = tmp_path / "hostile.json"
    path.write_text(game_to_json(game), encoding="utf-8")
    assert game_from_json(path.read_text(encoding="utf-8")).metadata.title == game.metadata.title
    return path


def test_hostile_text_is_escaped(tmp_path: Path) -> None:
    path = hostile_game(tmp_path)
    out = tmp_path / "out"
    assert main(["report", str(path), "-o", str(out), "--depth", "1"]) == 0
    text = (out / "hostile.html").read_text(encoding="utf-8")
    doc = html.fromstring(text)
    assert not doc.xpath("//script | //img | //b | //i | //comment()")
    assert doc.findtext(".//h1") == "<script>alert('x')</script> & \"Co\""
    assert "by </p><img src=x onerror=alert(1)>" in doc.xpath("//p[@class='meta']")[0].text
    assert [p.text for p in doc.xpath("//div[@class='description']/p")] == ["first ]]> <!-- para",
                                                                            "second <b>para</b> &amp;"]
    assert doc.xpath("//article/h3")[1].text == "<i>knight</i> (N)"
    assert "&lt;script&gt;" in text and "<script>" not in text
    json_block = doc.xpath("//details[@data-format='json']/pre")[0].text
    assert json.loads(json_block)["game"]["metadata"]["title"].startswith("<script>")


def broken_json_writer(game: Game, *, best_effort: bool = False) -> tuple[str, list[str]]:
    """A writer with a bug: it drops the knight's moves (the report must catch it). It changes its own copy:
    writers share the game they are given (test_report_big.py checks that the real ones leave it alone)."""
    game = copy.deepcopy(game)
    game.piece_type("N").betza = "W"
    return game_to_json(game), []


def test_mismatch_is_red_and_exits_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(FORMATS, "json", dataclasses.replace(FORMATS["json"], write=broken_json_writer))
    out = tmp_path / "out"
    assert main(["report", str(GAMES / "chess.idiagram"), "-o", str(out), "--depth", "2"]) == 1
    doc = html.parse(str(out / "chess.html")).getroot()
    bad = doc.xpath("//td[@class='mismatch']")
    assert [c.get("data-column") for c in bad] == ["json", "json"]
    assert doc.xpath("//p[@class='verdict bad']")


def lossy_json_writer(game: Game, *, best_effort: bool = False) -> tuple[str, list[str]]:
    """A writer that writes the whole game but says it lost a rule: its counts agree, its game is not the same."""
    return game_to_json(game), ["a rule no count of this game shows"]


def test_a_written_text_that_lost_something_is_not_the_same_game(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(FORMATS, "json", dataclasses.replace(FORMATS["json"], write=lossy_json_writer))
    out = tmp_path / "out"
    assert main(["report", str(GAMES / "chess.idiagram"), "-o", str(out), "--depth", "1"]) == 0  # counts agree
    assert "json lost rules the counts do not test (not the same game)" in capsys.readouterr().out
    doc = html.parse(str(out / "chess.html")).getroot()
    said = [p.text for p in doc.xpath("//p[@class='verdict lost']")]
    assert said == ["Not the same game in json: its text lost a rule no count of this game shows, which the counts "
                    "do not test."]


def test_unsupported_writer_lists_losses(tmp_path: Path) -> None:
    from fairyport.report.proof import format_texts

    game = read_game(GAMES / "shogi.idiagram")  # its pawn-drop mate needs a fairyport extension line in the Diagram
    texts = {t.format: t for t in format_texts(game)}
    assert texts["idiagram"].text is None and any("drop rule of 'Pawn'" in item for item in texts["idiagram"].lost)
    assert texts["json"].text is not None and not texts["json"].lost


def test_bad_input_is_a_located_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.idiagram"
    bad.write_text("files=eight\nking::::e1\n")
    assert main(["report", str(bad), "-o", str(tmp_path)]) == 4
    assert f"{bad}:1:7" in capsys.readouterr().err
    assert main(["report", str(GAMES / "chess.idiagram"), "--depth", "0", "-o", str(tmp_path)]) == 2


def test_unplayable_game_is_reported_not_failed(tmp_path: Path) -> None:
    game = tmp_path / "wrap.idiagram"
    game.write_text("files=8\nranks=8\nwrapper:W:ooR::a1\nking::::e1\n")  # the torus, which is not played
    assert main(["report", str(game), "-o", str(tmp_path), "--depth", "2"]) == 0
    doc = html.parse(str(tmp_path / "wrap.html")).getroot()
    wrapper, king = doc.xpath("//article")
    assert "No diagram: piece 'wrapper': XBetza 'ooR'" in wrapper.text_content()
    assert king.xpath(".//svg[contains(@class, 'diagram')]")  # the king's castling partner is left out
    assert "No perft count" in doc.xpath("//section[@id='perft']")[0].text_content()
    assert "not-playable" in doc.xpath("//section[@id='validation']")[0].text_content()


def test_variant_picks_a_diagram_of_a_page(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text('<div class="idiagram">files=8<br>king::::e1</div>'
                    '<div class="idiagram">files=5<br>ranks=5<br>rook::::a1<br>king::::c1</div>')
    assert main(["report", str(page), "--variant", "2", "-o", str(tmp_path / "out"), "--depth", "2"]) == 0
    doc = html.parse(str(tmp_path / "out" / "page.html")).getroot()
    assert doc.findtext(".//h1") == "page#2"
    assert [a.findtext("h3") for a in doc.xpath("//article")] == ["rook (R)", "king (K)"]
    assert not doc.xpath("//td[@class='mismatch']")


def test_locust_hopper_and_bent_diagrams() -> None:
    from fairyport.idiagram.read import read_text

    game = read_text("files=8\nranks=8\nchecker:C:fmFfcafmF::c1\ngrasshopper:G:gQ::b1\ngriffon:F:FyafsF::e1\n"
                     "lion:L:KNADcaKcabKmabK::f1\nking::K::h1")
    checker = move_diagram(game, game.piece_type("C"))
    assert checker.marks == {"c5": {MOVE, CAPTURE}, "e5": {MOVE, CAPTURE}}
    assert sorted(checker.paths) == [["d4", "c5", "b6"], ["d4", "e5", "f6"]]
    grasshopper = move_diagram(game, game.piece_type("G"))
    assert "c4" not in grasshopper.marks and grasshopper.marks["b4"] == {HOP_CAPTURE, HOP_MOVE}
    griffon = move_diagram(game, game.piece_type("F"))
    assert griffon.marks["c5"] == {MOVE, CAPTURE} and griffon.marks["c7"] == {MOVE, CAPTURE}
    assert ["d4", "c5", "c6", "c7"] in griffon.paths and "d5" not in griffon.marks
    lion = move_diagram(game, game.piece_type("L"))
    assert len(lion.marks) == 24 and not lion.paths  # hit-and-run squares are captured directly too
