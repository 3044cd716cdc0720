"""Command-line behaviour common to every sub-command."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairyport.cli.main import main
from fairyport.errors import EXIT_UNPARSABLE, EXIT_USAGE


def test_help_lists_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("show", "convert", "validate"):
        assert command in out


def test_no_command_is_usage_error() -> None:
    assert main([]) == EXIT_USAGE


@pytest.mark.parametrize("command", [["validate"], ["convert", "--to", "json"], ["perft"], ["show"], ["report"],
                                     ["check"]], ids=lambda c: c[0])
def test_a_missing_file_exits_4_in_every_command(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command[0], "/no/such/file.zrf", *command[1:]]) == EXIT_UNPARSABLE
    err = capsys.readouterr().err
    assert "/no/such/file.zrf: cannot read the file: No such file or directory" in err and "Traceback" not in err


def test_unknown_variant_is_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    from fairyport.expectations import bundled_fixtures

    clean = bundled_fixtures() / "zrf" / "clean.zrf"
    assert main(["validate", str(clean), "--variant", "no such variant"]) == EXIT_USAGE
    assert "no such variant" in capsys.readouterr().err


def test_closed_pipe_is_quiet(tmp_path: Path) -> None:
    import shutil
    import subprocess
    import sys

    from fairyport.expectations import bundled_fixtures

    broken = bundled_fixtures() / "zrf" / "duplicate_piece.zrf"
    for n in range(400):  # several hundred kilobytes of findings: far more than a pipe holds
        shutil.copy(broken, tmp_path / f"copy{n}.zrf")
    command = [sys.executable, "-m", "fairyport.cli.main", "validate", str(tmp_path)]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        assert len(proc.stdout.read(100)) == 100
        proc.stdout.close()
        err = proc.stderr.read().decode()
        proc.wait()
    assert "Broken pipe" not in err and "Traceback" not in err
