"""The report pages in a real browser: headless Chromium opens every bundled game's page and the index, takes a
screenshot; the page must load without console messages and the screenshot must not be blank.

Skipped where Chromium is absent (``.ci/run`` installs Debian's ``chromium`` where it can).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from browser_helpers import Shot, chromium, colour_count, read_png, screenshot
from paths import GAMES

from fairyport.cli.main import main

BUNDLED = sorted(GAMES.glob("*.idiagram"))
WIDTH, HEIGHT, SCALE = 900, 1400, 0.5
"""Window size and device scale of the test screenshots (small, so that decoding the PNG is quick)."""

pytestmark = pytest.mark.skipif(chromium() is None, reason="Chromium is not installed")


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report-browser")
    assert main(["report", *map(str, BUNDLED), "-o", str(out), "--depth", "1"]) == 0
    return out


NAMES = [p.stem for p in BUNDLED] + ["index"]
PARALLEL = 3
"""Browsers started at once (each run mostly waits for Chromium to start)."""


@pytest.fixture(scope="module")
def shots(pages: Path) -> dict[str, Shot]:
    def take(name: str) -> Shot:
        return screenshot(pages / f"{name}.html", pages / f"{name}.png", WIDTH, HEIGHT, SCALE)

    with ThreadPoolExecutor(PARALLEL) as pool:
        return dict(zip(NAMES, pool.map(take, NAMES), strict=True))


@pytest.mark.parametrize("name", NAMES)
def test_page_opens_without_console_errors_and_is_not_blank(shots: dict[str, Shot], name: str) -> None:
    shot = shots[name]
    png = shot.png
    assert png.exists(), shot.stderr[-2000:]
    assert shot.console == []
    image = read_png(png)
    assert (image.width, image.height) == (WIDTH * SCALE, HEIGHT * SCALE)
    assert colour_count(image) > 20  # a board, marks, text: far from a single background colour
    top = {image.pixel(x, y)[:3] for x in range(0, image.width, 5) for y in range(0, 60)}
    assert len(top) > 3  # the heading is drawn at the top


def test_console_errors_are_caught(tmp_path: Path) -> None:
    """The check above can fail: a page with a script error reports it."""
    page = tmp_path / "bad.html"
    page.write_text("<!DOCTYPE html><html><body><p>x</p><script>nosuchfunction()</script></body></html>")
    shot = screenshot(page, tmp_path / "bad.png", 300, 200, SCALE)
    assert any("nosuchfunction" in line for line in shot.console)
    assert colour_count(read_png(tmp_path / "bad.png")) < 20


def test_blank_picture_is_blank(tmp_path: Path) -> None:
    page = tmp_path / "blank.html"
    page.write_text("<!DOCTYPE html><html><body style='background:#fff'></body></html>")
    shot = screenshot(page, tmp_path / "blank.png", 300, 200, SCALE)
    assert shot.console == [] and colour_count(read_png(tmp_path / "blank.png")) == 1
