"""``fairyport report`` on big boards: writers share the game (no copies), and the documented bound
:data:`~fairyport.formats.PROOF_MAX_SQUARES` on the Game Courier column, with its reason in the cell."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest
from lxml import html
from paths import GAMES

from fairyport.cli.main import main
from fairyport.formats import PROOF_MAX_SQUARES, read_game
from fairyport.report.proof import COLUMNS, format_texts, over_bound

FAST = {"chess.idiagram", "minishogi.zrf", "minixiangqi.php", "mirchess36.zrf"}
"""One source of each kind in the fast suite (minishogi.zrf: zones of hand storage positions); every bundled
source with ``-m slow``."""
SOURCES = [pytest.param(p, marks=() if p.name in FAST else pytest.mark.slow, id=p.name)
           for p in sorted([*GAMES.glob("*.idiagram"), *GAMES.glob("*.zrf"), *GAMES.glob("*.php")])]


@pytest.mark.parametrize("source", SOURCES)
def test_writers_do_not_change_the_game(source: Path) -> None:
    """format_texts gives every writer the same game: none of them may change it."""
    game = read_game(source)
    before = copy.deepcopy(game)
    program = pickle.dumps(game.program)
    texts = format_texts(game)
    assert [t.format for t in texts] == list(COLUMNS)
    assert game == before
    assert pickle.dumps(game.program) == program


def test_bound_is_on_the_squares_of_the_board() -> None:
    bound = PROOF_MAX_SQUARES["gamecourier"]
    assert over_bound("gamecourier", bound) is None
    assert over_bound("gamecourier", None) is None
    assert over_bound("zrf", 256 * 256) is None  # the ZRF interpreter's count stays linear: no bound
    reason = over_bound("gamecourier", bound + 1)
    assert reason is not None
    assert f"{bound + 1:,} squares" in reason and "PROOF_MAX_SQUARES" in reason


def _big_diagram(folder: Path, side: int) -> Path:
    queens = ",".join(f"{f}1" for f in "abcde") + ",," + ",".join(f"{f}{side}" for f in "abcde")
    text = f"files={side}\nranks={side}\nqueen:Q:Q:queen:{queens}\nking:K:K:king:z{side // 2},,z{side // 2 + 2}\n"
    path = folder / "big.idiagram"
    path.write_text(text, encoding="utf-8")
    return path


def _cells(page: Path) -> dict[str, html.HtmlElement]:
    doc = html.parse(str(page)).getroot()
    return {td.get("data-column"): td for td in doc.xpath("//table[@class='perft']//td")}


def test_big_board_report_writes_every_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 65x65 board (just over the bound): every format is written, every column but Game Courier's is
    counted and agrees, and the Game Courier cell says why it was not counted; the exit code is 0."""
    source = _big_diagram(tmp_path, 65)
    assert main(["report", str(source), "-o", str(tmp_path / "out"), "--depth", "1"]) == 0
    assert "gamecourier not counted" in capsys.readouterr().out
    page = tmp_path / "out" / "big.html"
    doc = html.parse(str(page)).getroot()
    assert doc.xpath("//section[@id='formats']/details/@data-format") == list(COLUMNS)
    cells = _cells(page)
    assert list(cells) == ["source", "idiagram", "json", "zrf", "gamecourier"]  # fsf: the board is too big
    counts = {column: cell.text for column, cell in cells.items() if column != "gamecourier"}
    assert len(set(counts.values())) == 1 and int(counts["source"].replace(",", "")) > 0
    skipped = cells["gamecourier"]
    assert skipped.get("class") == "skipped" and skipped.text == "not counted"
    assert "4,225 squares" in skipped.text_content() and "PROOF_MAX_SQUARES" in skipped.text_content()
    assert doc.xpath("//p[@class='verdict ok']") and doc.xpath("//p[@class='verdict lost']")


def test_a_source_over_the_bound_is_not_counted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """A Game Courier source over the bound: no reference count, said on the page and in the verdict."""
    monkeypatch.setitem(PROOF_MAX_SQUARES, "gamecourier", 63)
    assert main(["report", str(GAMES / "chess.php"), "-o", str(tmp_path), "--depth", "1"]) == 0
    assert "not counted (board over the report's bound" in capsys.readouterr().out
    doc = html.parse(str(tmp_path / "chess.html")).getroot()
    verdict = doc.xpath("//section[@id='perft']/p[contains(@class, 'verdict')]")[0].text_content()
    assert "64 squares, over the 63" in verdict
