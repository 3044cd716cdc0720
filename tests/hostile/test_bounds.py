"""Bounds on everything that scales with the input: board sides, square names, nesting, includes, pages with
huge text, texts that are not what their name says, the ZRF command step budget, errors from worker
processes."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from paths import GAMES

import fairyport
from fairyport.cli.main import main
from fairyport.errors import EXIT_CHECK_FAILED, EXIT_UNSUPPORTED, Location, ParseError, UnsupportedError
from fairyport.gamecourier.syntax.fen import parse_fen
from fairyport.inputs import set_include_path
from fairyport.model import MAX_BOARD_SIDE, file_name, square_name
from fairyport.movegen.perft import divide


def test_file_names_for_any_width() -> None:
    assert [file_name(i) for i in (0, 25, 26, 51, 701, 702, 18277, 18278)] == \
        ["a", "z", "aa", "az", "zz", "aaa", "zzz", "aaaa"]
    assert len({file_name(i) for i in range(20000)}) == 20000
    assert square_name(702, 0) == "aaa1"


def test_game_courier_board_sides_are_bounded_before_cells_are_made() -> None:
    with pytest.raises(ParseError, match="from 1 to 256"):
        parse_fen("k99999/K99999", 100_000)
    with pytest.raises(ParseError, match="more than 256 ranks") as info:
        parse_fen("k99999", 8)  # 12,500 ranks: refused before the cells are made
    assert info.value.location.offset == 1
    assert len(parse_fen("k255/K255", MAX_BOARD_SIDE).ranks) == 2


def test_json_board_and_nesting_bounds(tmp_path: Path) -> None:
    text = fairyport.convert(GAMES / "chess.idiagram", to="json").text
    with pytest.raises(fairyport.errors.ModelError, match="files and ranks from 1 to 256"):
        fairyport.read(text.replace('"files": 8,', '"files": 1000,', 1), format="json")
    with pytest.raises(ParseError, match="nested deeper than 200") as info:
        fairyport.read("[" * 100_000, format="json")
    assert info.value.location.column == 201


def test_zrf_nesting_is_bounded() -> None:
    with pytest.raises(ParseError, match="nested deeper"):
        fairyport.read("(game " + "(" * 100_000, format="zrf")


def _including(tmp_path: Path, name: str) -> Path:
    game = tmp_path / "games" / "main.zrf"
    game.parent.mkdir(parents=True)
    game.write_text(f'(include "{name}")\n' + GAMES.joinpath("chess.zrf").read_text(encoding="utf-8"),
                    encoding="utf-8")
    return game


@pytest.mark.parametrize("name", ["/etc/passwd", "../../../../../../../../../etc/passwd", "../secret.inc",
                                  "C:\\\\Windows\\\\win.ini"])
def test_includes_outside_the_game_folder_are_refused(tmp_path: Path, name: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "secret.inc").write_text("(define secret (x))\n(oops)\n", encoding="utf-8")
    game = _including(tmp_path, name)
    with pytest.raises(ParseError, match="refused") as info:
        fairyport.read(game)
    assert info.value.location.file == str(game) and info.value.location.line == 1
    assert main(["validate", str(game)]) == EXIT_CHECK_FAILED
    out = capsys.readouterr().out
    assert "refused" in out and "passwd:" not in out and "secret.inc:" not in out


def test_include_path_allows_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    library = tmp_path / "library"
    library.mkdir()
    (library / "common.inc").write_text("(define unused-macro (x))\n", encoding="utf-8")
    game = _including(tmp_path, "common.inc")
    with pytest.raises(ParseError, match="not found"):
        fairyport.read(game)
    assert main(["perft", str(game), "--depth", "1", "--include-path", str(library)]) == 0
    assert "perft(1) = 20" in capsys.readouterr().out
    set_include_path([])


def test_a_page_with_a_huge_text_node_still_finds_its_diagram(tmp_path: Path) -> None:
    diagram = GAMES.joinpath("chess.idiagram").read_text(encoding="utf-8")
    page = tmp_path / "huge.html"
    page.write_text("<html><body><p>" + "x" * 10_100_000 + '</p><div class="idiagram">\n' + diagram
                    + "</div>" + "<b>" * 3000 + "</body></html>", encoding="utf-8")
    assert fairyport.perft(page, 1) == 20


@pytest.mark.parametrize("text", ["", "\n\n# only a comment\n",
                                  GAMES.joinpath("chess.zrf").read_text(encoding="utf-8")])
def test_a_diagram_without_piece_lines_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "empty.idiagram"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ParseError, match="no piece lines") as info:
        fairyport.read(path)
    assert info.value.location.line is not None
    if text.startswith(";"):
        assert "looks like a ZRF file" in str(info.value)
    assert fairyport.validate(path).unreadable is not None


def test_zrf_command_step_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    from fairyport.zrf.interpreter import position

    monkeypatch.setattr(position, "FREE_STEPS_PER_RUN", 0)
    monkeypatch.setattr(position, "COMMAND_STEP_BUDGET", 50)
    with pytest.raises(UnsupportedError, match="more than 50 times in this command") as info:
        fairyport.perft(GAMES / "chess.zrf", 3, engine="native")
    assert info.value.exit_code == EXIT_UNSUPPORTED and info.value.location.file == str(GAMES / "chess.zrf")


class Failing:
    """A position whose every move fails with a located error (in the worker process that plays it)."""

    def legal_raw(self) -> list[int]:
        return [1, 2]

    def push_raw(self, move: int) -> None:
        raise ParseError("bad square", Location("game.zrf", 7, 2))

    def pop_raw(self) -> None:
        return None

    def uci(self, move: int) -> str:
        return str(move)

    def copy(self) -> Failing:
        return self


def test_errors_keep_their_location_through_worker_processes() -> None:
    error = UnsupportedError("stopped", Location("game.zrf", 3, 4), feature="step limit")
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), again.message(), again.feature, str(again)) == \
        (UnsupportedError, "game.zrf:3:4: stopped", "step limit", "game.zrf:3:4: stopped")

    with pytest.raises(ParseError) as info:
        divide(Failing(), 2, jobs=2)  # type: ignore[arg-type]
    assert str(info.value) == "game.zrf:7:2: bad square"


def test_validate_run_and_against_agree_on_an_endless_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    from fairyport.gamecourier.interpreter import interpreter

    monkeypatch.setattr(interpreter, "STEP_LIMIT", 20_000)
    text = GAMES.joinpath("chess.php").read_text(encoding="utf-8")
    marker = "$default['postauto1'] = <<<'NOW'\n"
    preset = tmp_path / "loop.php"
    preset.write_text(text.replace(marker, marker + "do:\nloop;\n", 1), encoding="utf-8")
    found = []
    for option in (["--run"], ["--against", str(GAMES / "chess.idiagram")]):
        assert main(["validate", "--depth", "1", *option, str(preset)]) == EXIT_CHECK_FAILED
        found.append([line.split(": error: ")[1] for line in capsys.readouterr().out.splitlines()
                      if "[GC-RUN-NOT-RUN]" in line])
    assert len(found[0]) == len(found[1]) == 1
    assert found[0][0].replace("--run", "--against") == found[1][0]
    assert "more than 20,000 steps" in found[0][0]


def test_a_negative_file_index_is_refused_not_looped_on() -> None:
    """``file_name(-1)`` looped forever (``-1 // 26 == -1``): a zone shifted off the board's left edge hung the
    ZRF reader on fairychess.zrf's Shatranj."""
    with pytest.raises(ValueError, match="at least 0"):
        file_name(-1)
