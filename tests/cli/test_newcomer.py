"""What a newcomer meets first: format names as people write them, plain messages for a missing, empty or remote
file, and help that names every format (issue 36, item 9)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from paths import GAMES

import fairyport
from fairyport import api
from fairyport.cli.main import main
from fairyport.diagnostics import FileReport
from fairyport.errors import EXIT_UNPARSABLE, EXIT_USAGE, UsageError
from fairyport.format import ValidateOptions


@pytest.mark.parametrize("name", ["gc", "GC", "GameCourier", "FSF", "Zrf", "json"])
def test_format_names_take_aliases_and_any_case(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(GAMES / "chess.idiagram"), "--to", name, "--no-prove"]) == 0
    assert capsys.readouterr().out


def test_an_unknown_format_lists_names_and_aliases(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(GAMES / "chess.idiagram"), "--to", "bogus"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "unknown format 'bogus'" in err and "gc (gamecourier)" in err and "fsf" in err


def test_an_empty_preset_says_it_is_empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.php"
    empty.write_text("")
    assert main(["convert", str(empty), "--to", "zrf"]) == EXIT_UNPARSABLE
    err = capsys.readouterr().err
    assert "the file is empty" in err and "query-string" not in err


@pytest.mark.parametrize("command", [["convert", "--to", "zrf"], ["validate"], ["perft"], ["show"]],
                         ids=lambda c: c[0])
def test_a_url_is_not_fetched(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    url = "https://www.chessvariants.com/play/pbm/presets/chess.php"
    assert main([command[0], url, *command[1:]]) == EXIT_UNPARSABLE
    err = capsys.readouterr().err
    assert "does not fetch URLs" in err and "cannot read the file" not in err


def test_the_format_hint_names_every_suffix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    unknown = tmp_path / "game.txt"
    unknown.write_text("hello\n")
    assert main(["convert", str(unknown), "--to", "zrf"]) == EXIT_USAGE
    err = capsys.readouterr().err
    for suffix in (".zrf", ".prezrf", ".php", ".gc", ".idiagram", ".html", ".json", ".ini"):
        assert suffix in err


def test_help_names_fairy_stockfish_read_and_written(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Fairy-Stockfish variants.ini (read and written)" in out


def test_a_str_that_names_a_file_hints_at_a_path() -> None:
    with pytest.raises(UsageError) as caught:
        fairyport.read("chess.zrf")
    assert "pass Path('chess.zrf')" in caught.value.message()
    with pytest.raises(UsageError) as caught:
        fairyport.read("not a game")
    assert "Path(" not in caught.value.message()


MULTI = GAMES.parent / "zrf" / "castling" / "unchecked-castling.zrf"
"""A ZRF file of four games: the game, then three variants."""


@pytest.mark.parametrize("command", [["perft", "--depth", "1"], ["convert", "--to", "json", "--no-prove"]],
                         ids=lambda c: c[0])
def test_the_game_taken_from_a_file_of_several_is_named(command: list[str],
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command[0], str(MULTI), *command[1:]]) == 0
    err = capsys.readouterr().err
    assert "holds 4 games; taking 'Unchecked castling' (number 1, the default)" in err
    assert "--variant TITLE or --variant 1..4" in err
    assert main([command[0], str(MULTI), *command[1:], "--variant", "2"]) == 0
    assert "holds" not in capsys.readouterr().err


LEGACY = GAMES.parent / "gamecourier" / "legacy"


@pytest.mark.parametrize("name", ["fen_syntax.php", "no_fen.php", "comment_line.php"])
def test_validate_run_keeps_every_static_finding(name: str) -> None:
    """A preset the run cannot start (no FEN, an unreadable one) or cannot finish keeps its static findings and
    says once why it was not run."""
    static = fairyport.validate(LEGACY / name)
    ran = api.validate_path(LEGACY / name, ValidateOptions(run=True))
    assert ran.unreadable is None and static.unreadable is None
    assert static.findings and {str(f) for f in static.findings} <= {str(f) for f in ran.findings}
    assert [f.code for f in ran.findings].count("GC-RUN-NOT-RUN") == 1


def test_check_in_a_pipe_prints_one_plain_line_per_row(capsys: pytest.CaptureFixture[str]) -> None:
    """Piped (stdout is no terminal here), the table is plain text: a header and one line per row, nothing
    folded, and the closing line says why lines were skipped."""
    files = [str(GAMES / "mirchess32-zrf-model.perft"), str(GAMES / "chess.perft")]
    assert main(["check", *files, "--max-depth", "2"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].split() == ["game", "reading", "position", "depth", "expected", "got", "seconds", "status"]
    rows = lines[1:-1]
    assert rows and all(line.split()[-1] == "ok" for line in rows)
    assert not any(c in "".join(lines) for c in "│┃━─")
    assert re.search(r"\d+ skipped \(\d+ marked slow: --slow runs them; \d+ deeper than --max-depth\)", lines[-1])


def test_convert_tells_each_step_of_its_proof() -> None:
    """What the command line's progress display shows on a terminal (it is silent in a pipe)."""
    steps: list[str] = []
    fairyport.convert(GAMES / "mirchess32.idiagram", "zrf", progress=steps.append)
    assert steps[:2] == ["reading the source", "writing zrf"]
    assert "proving: perft(3) of the source" in steps and "proving: perft(3) of the written text" in steps


def test_validate_run_tells_its_steps() -> None:
    """What the command line's progress display shows inside a long ``validate --run`` (issue 36, item 7)."""
    steps: list[str] = []
    preset = GAMES.parent / "gamecourier" / "from-zrf" / "minixiangqi.php"
    api.validate_path(preset, ValidateOptions(run=True, depth=1, progress=steps.append))
    first = [s for s in steps if "first move" in s]
    assert first[0].startswith("--run: the two sides' moves to depth 1, first move 1 of ")
    assert len(first) == int(first[0].rsplit(" ", 1)[1]) > 1
    assert steps[-1].startswith("--run: sweeping the code")


def test_validate_run_is_quiet_in_a_pipe(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The command hands every file its own progress callback, which prints nothing when stderr is no
    terminal."""
    told: list[str] = []

    def validate(path: Path, options: ValidateOptions) -> FileReport:
        assert options.progress is not None
        options.progress("--run: the two sides' moves to depth 2, first move 1 of 20")
        told.append(path.name)
        return FileReport(str(path), "gamecourier")

    monkeypatch.setattr("fairyport.cli.validate.validate_path", validate)
    assert main(["validate", str(GAMES / "chess.php"), "--run"]) == 0
    assert told == ["chess.php"] and "first move" not in capsys.readouterr().err


def test_a_proof_that_cannot_play_the_written_text_names_no_temporary_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without pyffish the Fairy-Stockfish export is not proven; the reason names what to install, not the
    private copy the proof played (a folder gone when the command ends)."""
    monkeypatch.setitem(sys.modules, "pyffish", None)  # import pyffish fails as where it is not installed
    converted = fairyport.convert(GAMES / "chess.idiagram", "fsf")
    said = converted.proof.describe()
    assert "needs pyffish (pip install pyffish)" in said
    assert "fairyport-" not in said and "game.ini" not in said
