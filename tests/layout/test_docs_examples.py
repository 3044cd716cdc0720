"""Every example of README.md and docs/*.md runs, with the output it shows.

- A ```` ```python ```` block is a doctest (``>>>`` lines and the output they print), run from the repository's
  root, so its paths are the bundled files' (``fixtures/games/...``).
- A ```` ```sh ```` block's ``fairyport`` lines (``\\`` continues a line) run in a scratch folder that sees the
  repository's ``fixtures/`` and ``tests/``; each must exit 0, or the code its comment names (``# exit 3``), and a
  comment of numbers alone (``# 20, 402, 8669``) names numbers the command prints. Other lines (``python -m pip``,
  ``mkdocs``, ``chromium``, ``dask``) install or build and are run by CI itself; lines naming a cluster address
  (``tcp://``) need a cluster.
- Blocks without a language are synopses (``fairyport perft FILE [--depth N]``), not examples.
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from paths import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
NUMBERS = re.compile(r"#\s*([\d,\s]+)$")
EXIT = re.compile(r"#.*\bexit (\d)\b")
SLOW = re.compile(r"fairyport check( --slow.*)?$|fairyport report |.* --slow")
"""Commands run only with ``-m slow`` (checks of every bundled game, deep lines and reports of every game take
minutes on 2 cores)."""


def blocks(language: str) -> list[tuple[str, int, str]]:
    """(page, line, text) of every fenced block of ``language`` in the pages."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            if match.group(1) == language:
                found.append((page.relative_to(ROOT).as_posix(), text[:match.start()].count("\n") + 1,
                              match.group(2)))
    return found


def commands() -> list[tuple[str, str]]:
    """(``page:line``, command) of every ``fairyport`` line of a ``sh`` block (continuations joined)."""
    found = []
    for page, line, text in blocks("sh"):
        joined = text.replace("\\\n", " ")
        for number, command in enumerate(joined.splitlines()):
            command = " ".join(command.split())
            if command.startswith("fairyport ") and "tcp://" not in command:
                found.append((f"{page}:{line + 1 + number}", command))
    return found


COMMANDS = commands()


def slow(command: str) -> bool:
    return SLOW.match(command.split("#", 1)[0].strip()) is not None


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    """A folder that sees the repository's ``fixtures/`` and ``tests/`` (examples write their outputs here)."""
    for name in ("fixtures", "tests"):
        (tmp_path / name).symlink_to(ROOT / name)
    return tmp_path


def run_example(command: str, folder: Path) -> None:
    """Run ``command`` in ``folder`` through the shell (globs expand) and check its exit code and numbers."""
    bin_dir = Path(sys.executable).parent
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    done = subprocess.run(["bash", "-c", command], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=600, check=False)
    code = EXIT.search(command)
    output = done.stdout + done.stderr
    assert done.returncode == (int(code.group(1)) if code else 0), f"{command}\n{output[-3000:]}"
    shown = NUMBERS.search(command)
    if shown:
        printed = set(re.findall(r"\d[\d,]*", output.replace(",", "")))
        missing = [n for n in re.findall(r"\d+", shown.group(1)) if n not in printed]
        assert missing == [], f"{command}: does not print {missing}\n{output[-3000:]}"


@pytest.mark.parametrize(("where", "command"), [c for c in COMMANDS if not slow(c[1])],
                         ids=[c[0] for c in COMMANDS if not slow(c[1])])
def test_shell_example_runs(where: str, command: str, scratch: Path) -> None:
    run_example(command, scratch)


@pytest.mark.slow
@pytest.mark.parametrize(("where", "command"), [c for c in COMMANDS if slow(c[1])],
                         ids=[c[0] for c in COMMANDS if slow(c[1])])
def test_slow_shell_example_runs(where: str, command: str, scratch: Path) -> None:
    run_example(command, scratch)


PYTHON = blocks("python")


@pytest.mark.parametrize(("page", "line", "text"), PYTHON, ids=[f"{p}:{n}" for p, n, _ in PYTHON])
def test_python_example_runs_with_its_output(page: str, line: int, text: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    assert ">>> " in text, f"{page}:{line}: a python example is a doctest (>>> lines and their output)"
    monkeypatch.chdir(ROOT)
    test = doctest.DocTestParser().get_doctest(text, {}, f"{page}:{line}", page, line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{page}:{line}: {runner.failures} example(s) do not print what they show"


def test_every_page_example_is_collected() -> None:
    """The fences this test reads are all there are: no ``console`` or ``bash`` block escapes it."""
    languages = {m.group(1) for page in PAGES for m in FENCE.finditer(page.read_text(encoding="utf-8"))}
    assert languages <= {"", "sh", "python"}


def test_mkdocs_builds_strictly(tmp_path: Path) -> None:
    """The site builds with ``mkdocs build --strict`` (no broken link or anchor)."""
    mkdocs = shutil.which("mkdocs", path=str(Path(sys.executable).parent))
    assert mkdocs is not None, "mkdocs is not installed: python -m pip install -e '.[test]' installs it"
    done = subprocess.run([mkdocs, "build", "--strict", "-q", "-d", str(tmp_path / "site")], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]


def test_the_overview_opens_with_the_three_jobs() -> None:
    """docs/index.md says first what fairyport does and which command does each, before anything else."""
    text = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    opening = text.split("\n## ", 1)[0]
    for job, command in (("convert", "fairyport convert"), ("validate", "fairyport validate"),
                         ("count moves", "fairyport perft")):
        assert f"**{job}**" in opening and command in opening
    assert "Fairy-Stockfish" in opening and "read" in opening and "written" in opening
