"""No function of the package is over the McCabe complexity pyproject.toml sets for ruff's C901 (25), with no
per-file exemption."""

from __future__ import annotations

import subprocess
import sys
import tomllib

from paths import ROOT


def test_the_bound_is_set_for_the_whole_tree() -> None:
    lint = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]["lint"]
    assert "C901" in lint["select"] and lint["mccabe"]["max-complexity"] == 25
    assert "per-file-ignores" not in lint


def test_no_function_of_the_package_is_over_the_bound() -> None:
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--select", "C901", "--no-cache",
                           "--output-format", "concise", "fairyport"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
