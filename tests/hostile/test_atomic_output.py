"""Atomic output (:mod:`fairyport.output`): the old file or the complete new one, whatever happens; output
errors exit 5 naming the target."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from paths import GAMES, ROOT

from fairyport.cli.main import main
from fairyport.errors import EXIT_OUTPUT
from fairyport.output import OutputError, write_output

OLD = b'{"old": "contents"}\n' * 500


def _killed_writer(target: Path, moment: str) -> int:
    """Run ``write_output`` in a child that SIGKILLs itself at ``moment`` (after half the bytes reached the
    temporary file, or just before the rename); returns the child's exit status."""
    script = textwrap.dedent(f"""
        import os, signal
        import fairyport.output as output
        target = {str(target)!r}
        if {moment!r} == "mid-write":
            real = os.fdopen
            def fdopen(fd, mode):
                stream = real(fd, mode)
                write = stream.write
                def half(data):
                    write(data[:len(data) // 2]); stream.flush(); os.kill(os.getpid(), signal.SIGKILL)
                stream.write = half
                return stream
            output.os.fdopen = fdopen
        else:
            output.os.replace = lambda a, b: os.kill(os.getpid(), signal.SIGKILL)
        output.write_output(target, b"new" * 100000)
    """)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", script], env=env, check=False).returncode


@pytest.mark.parametrize("moment", ["mid-write", "before-rename"])
def test_a_writer_killed_leaves_the_old_file(tmp_path: Path, moment: str) -> None:
    target = tmp_path / "out.json"
    target.write_bytes(OLD)
    assert _killed_writer(target, moment) == -signal.SIGKILL
    assert target.read_bytes() == OLD
    write_output(target, b"new" * 100000)
    assert target.read_bytes() == b"new" * 100000


@pytest.mark.slow
def test_convert_killed_at_random_moments_never_truncates(tmp_path: Path) -> None:
    """The real command, killed while it runs: the target holds the old text or the whole new one."""
    source = GAMES / "chess.idiagram"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    complete = subprocess.run([sys.executable, "-m", "fairyport", "convert", str(source), "--to", "json"],
                              capture_output=True, env=env, check=True).stdout
    target = tmp_path / "out.json"
    for delay in (0.3, 0.6, 0.9):
        target.write_bytes(OLD)
        process = subprocess.Popen([sys.executable, "-m", "fairyport", "convert", str(source), "--to", "json",
                                    "-o", str(target)], env=env)
        try:
            process.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
            process.wait()
        assert target.read_bytes() in (OLD, complete)


def test_mode_of_an_existing_file_is_kept_and_new_folders_are_made(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "page.html"
    write_output(target, "é")
    assert target.read_text(encoding="utf-8") == "é"
    target.chmod(0o640)
    write_output(target, "second")
    assert target.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in target.parent.iterdir()] == ["page.html"]  # no temporary file left


def test_output_errors_exit_5_naming_the_target(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = str(GAMES / "chess.idiagram")
    assert main(["convert", source, "--to", "json", "-o", str(tmp_path)]) == EXIT_OUTPUT
    assert f"{tmp_path}: this is a folder" in capsys.readouterr().err
    assert main(["convert", source, "--to", "json", "-o", "/dev/full"]) == EXIT_OUTPUT
    assert "/dev/full: cannot write the file: No space left on device" in capsys.readouterr().err
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["show", source, "--svg", str(blocker / "b.svg")]) == EXIT_OUTPUT
    assert f"{blocker / 'b.svg'}: cannot write the file" in capsys.readouterr().err
    with pytest.raises(OutputError):
        write_output(blocker / "sub" / "x", b"")


def test_convert_and_show_create_the_folder_as_report_does(tmp_path: Path) -> None:
    source = str(GAMES / "chess.idiagram")
    assert main(["convert", source, "--to", "json", "-o", str(tmp_path / "new" / "c.json")]) == 0
    assert main(["show", source, "--svg", str(tmp_path / "new2" / "c.svg")]) == 0
    assert (tmp_path / "new" / "c.json").stat().st_size > 0
    assert (tmp_path / "new2" / "c.svg").read_text(encoding="utf-8").startswith("<")


def test_a_loop_of_symbolic_links_is_an_output_error(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    with pytest.raises(OutputError, match="loop of symbolic links") as info:
        write_output(tmp_path / "a", "x")
    assert info.value.location.file == str(tmp_path / "a")


def test_a_target_name_as_long_as_the_system_allows_is_written(tmp_path: Path) -> None:
    target = tmp_path / ("é" * 125 + "x.zrf")  # 255 bytes of UTF-8
    assert len(target.name.encode()) == 255
    write_output(target, "text")
    assert target.read_text() == "text" and sorted(p.name for p in tmp_path.iterdir()) == [target.name]


def _fairyport(args: list[str], **options: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fairyport", *args], capture_output="stdout" not in options,
                          text=True, timeout=120, check=False, **options)  # type: ignore[call-overload]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_standard_output_on_a_full_device_is_exit_5_naming_stdout() -> None:
    with open("/dev/full", "w") as full:
        done = _fairyport(["show", str(GAMES / "chess.idiagram")], stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == EXIT_OUTPUT
    assert done.stderr == "fairyport: <stdout>: cannot write: No space left on device\n"


def test_a_file_size_limit_is_exit_5_and_leaves_nothing(tmp_path: Path) -> None:
    import resource

    target = tmp_path / "out.zrf"
    done = _fairyport(["convert", str(GAMES / "chess.idiagram"), "--to", "zrf", "-o", str(target)],
                      preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024)))
    assert done.returncode == EXIT_OUTPUT, done.stderr
    assert f"fairyport: {target}: cannot write the file: File too large" in done.stderr
    assert "Traceback" not in done.stderr and list(tmp_path.iterdir()) == []
