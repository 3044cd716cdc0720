"""H. G. Muller's Interactive Diagram script as a test oracle: perft by the script's own rules.

The script (a 2020 copy) and its node driver live in the shared folder (``oracles/idscript``: ``betza_old.js``,
``idperft.js``; third-party, read from there and never copied). The driver runs the script's own ParseGameDef,
move generator, ScoreMove and make/unmake, and the page functions (``BadZone``, ``WeirdPromotion``) of the
``<script>`` blocks beside the diagram. Tests that need it call :func:`require` first: without node or the shared
folder they are skipped, naming what is missing (as the pyffish tests are without pyffish).
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.helpers.paths import SHARED, missing

ORACLE = SHARED / "oracles" / "idscript"
"""The folder of the script and its driver."""
DRIVER = ORACLE / "idperft.js"
"""The perft driver (``node idperft.js FILE DEPTH [--divide] [--moves ...] [--quiet]``)."""


def node() -> str | None:
    """The node executable, or None."""
    return shutil.which("node")


def available() -> bool:
    """Whether node and the script's driver are both there."""
    return node() is not None and DRIVER.exists()


def require() -> None:
    """Skip the running test unless the oracle can run, naming what is missing."""
    if node() is None:
        pytest.skip("needs node (the Interactive Diagram script runs in node)")
    if not DRIVER.exists():
        pytest.skip(missing(DRIVER))


@dataclasses.dataclass(frozen=True)
class ScriptRun:
    """What the script made of a text: perft counts by depth (1-based), its own complaints, and how it failed."""

    counts: tuple[int, ...]
    errors: str = ""
    failure: str = ""
    """Empty when the script ran to the end; else its exception (or ``timeout``)."""
    output: str = ""
    """Everything the driver printed (with ``divide``: each first move and its count)."""

    def perft(self, depth: int) -> int:
        """perft(``depth``); fails the test when the script did not get that far."""
        if self.failure or len(self.counts) < depth:
            raise AssertionError(f"the script gave no perft({depth}): {self.failure or self.errors}")
        return self.counts[depth - 1]


DROPS_DRIVER = Path(__file__).with_name("iddrops.js")
"""fairyport's own driver for drops (``node iddrops.js IDPERFT_JS FILE DEPTH``): the shared driver's board moves,
and the drops a page lets a player make, every rule decided by the script's own functions (see its header)."""


def run_script(text: str, depth: int, *, moves: str = "", divide: bool = False, drops: bool = False,
               timeout: float = 600.0) -> ScriptRun:
    """Run the script's perft to ``depth`` on a Diagram text (a page fragment with ``<script>`` blocks and the
    ``<div class="idiagram">`` is given to the driver as an HTML file; plain definition text as it is); ``moves``
    are played first, ``divide`` lists the first moves; ``drops``: with the drops of :data:`DROPS_DRIVER` (no
    ``moves`` then)."""
    executable = node()
    assert executable is not None, "call require() first"
    suffix = ".html" if "<div" in text else ".txt"
    with tempfile.TemporaryDirectory(prefix="idscript-") as folder:
        path = Path(folder) / f"game{suffix}"
        path.write_text(text, encoding="utf-8")
        driver = [str(DROPS_DRIVER), str(DRIVER)] if drops else [str(DRIVER)]
        command = [executable, *driver, str(path), str(depth), "--quiet"]
        if moves:
            command += ["--moves", moves]
        if divide:
            command.append("--divide")
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            return ScriptRun((), failure="timeout")
    counts = tuple(int(n) for n in re.findall(r"^perft\(\d+\) = (\d+)", done.stdout, re.MULTILINE))
    errors = " | ".join(line for line in done.stdout.splitlines() if line.startswith("script errors"))
    thrown = [line for line in done.stderr.splitlines() if "Error" in line] or [f"exit {done.returncode}"]
    failure = "" if done.returncode == 0 else thrown[0]
    if not failure and not counts:
        failure = "no perft output: " + done.stdout[-200:]
    return ScriptRun(counts, errors, failure, done.stdout + done.stderr)
