"""``validate`` gives the exit code of the documented table where perft stops on a bound: a ZRF ``--run`` that
meets one of the interpreter's bounds is an error finding (exit 1, not 0), a board past the grid bound exit 3."""

from __future__ import annotations

from pathlib import Path

import pytest
from paths import GAMES

from fairyport.cli.main import main
from fairyport.errors import EXIT_CHECK_FAILED, EXIT_OK, EXIT_UNSUPPORTED

CHESS = GAMES.joinpath("chess.zrf").read_text(encoding="utf-8")
KING_MOVES = CHESS.index("(moves", CHESS.index("(name King)")) + len("(moves")


def _chess(tmp_path: Path, name: str, king_moves: str = "", old: str = "", new: str = "") -> Path:
    """Chess with ``king_moves`` first among the King's moves and ``old`` replaced by ``new``."""
    text = (CHESS[:KING_MOVES] + " " + king_moves + CHESS[KING_MOVES:]).replace(old, new, 1)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _run_findings(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, list[str]]:
    code = main(["validate", "--run", str(path)])
    return code, [line for line in capsys.readouterr().out.splitlines() if "[run-not-run]" in line]


@pytest.mark.parametrize(("king_moves", "patch", "says"), [
    ("((while true (verify true)) add)", None, "a while loop ran past 100,000 turns"),
    ("(n add-partial) (s add-partial)", None, "an add-partial chain longer than 64 steps"),
    ("", ("MAX_MOVES", 10), "more than 10 moves in one position"),
    ("((while (on-board? n) n) add)", ("COMMAND_STEP_BUDGET", 0), "the command's step budget is spent"),
])
def test_a_zrf_run_past_a_bound_is_an_error_as_perft_stops(king_moves: str, patch: tuple[str, int] | None, says: str,
                                                           tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    from fairyport.zrf.interpreter import position

    if patch is not None:
        monkeypatch.setattr(position, patch[0], patch[1])
        monkeypatch.setattr(position, "FREE_STEPS_PER_RUN", 0)
    path = _chess(tmp_path, "bound.zrf", king_moves)
    assert main(["perft", str(path), "--depth", "1"]) == EXIT_UNSUPPORTED
    stopped = capsys.readouterr().err
    assert says in stopped
    assert main(["validate", str(path)]) == EXIT_OK  # nothing is run without --run
    capsys.readouterr()
    code, found = _run_findings(capsys, path)
    assert code == EXIT_CHECK_FAILED and len(found) == 1
    where, _, message = found[0].partition(": error: --run: ")
    assert says in message and where.startswith(str(path))


def test_what_the_interpreter_lacks_is_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _chess(tmp_path, "attribute.zrf", old="(name King)", new="(name King) (attribute weight heavy)")
    assert main(["perft", str(path), "--depth", "1"]) == EXIT_UNSUPPORTED
    capsys.readouterr()
    code, found = _run_findings(capsys, path)
    assert code == EXIT_OK and len(found) == 1 and ": warning: --run:" in found[0]
    assert "attribute 'weight' has the value 'heavy'" in found[0]


def test_a_board_past_the_grid_bound_is_exit_3_for_validate_as_for_perft(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    files = "a/b/c/d/e/f/g/h/" + "/".join(f"x{n}" for n in range(300))
    third = "/".join(f"z{n}" for n in range(30))  # 308 x 30 x 8 = 73,920 positions
    path = _chess(tmp_path, "grid.zrf", old='("a/b/c/d/e/f/g/h" (50 0))', new=f'("{files}" (50 0)) ("{third}" (0 1))')
    assert main(["perft", str(path), "--depth", "1"]) == EXIT_UNSUPPORTED
    assert main(["validate", str(path)]) == EXIT_UNSUPPORTED
    out = capsys.readouterr().out
    assert "grid.zrf:54:7: a grid of 308 x 30 x 8 positions" in out and out.rstrip().endswith("[unsupported]")
    assert main(["validate", str(path), "/dev/zero"]) == 4  # an unreadable file among them: the higher code
