"""Headless Chromium for the report tests: open a page, take a screenshot, collect console messages; read PNGs.

Chromium (Debian's ``chromium`` package) is started with a fresh profile and everything that could reach the
network switched off. Console messages (script errors, failed resource loads) appear on its stderr as
``INFO:CONSOLE`` lines with ``--enable-logging=stderr --v=0``. PNGs are decoded here with zlib (no imaging
library is needed): every filter type, 8-bit RGB or RGBA, which is what Chromium writes.
"""

from __future__ import annotations

import dataclasses
import shutil
import struct
import subprocess
import tempfile
import zlib
from pathlib import Path

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
         "--enable-logging=stderr", "--v=0")
TIMEOUT = 90


def chromium() -> str | None:
    """The path of a Chromium executable, or None."""
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


@dataclasses.dataclass
class Shot:
    """What one browser run gave: the screenshot file and the console messages."""

    png: Path
    console: list[str]
    stderr: str


def screenshot(page: Path, png: Path, width: int, height: int, scale: float = 1.0) -> Shot:
    """Open ``page`` in headless Chromium and write a ``width`` x ``height`` screenshot to ``png``."""
    executable = chromium()
    assert executable is not None
    with tempfile.TemporaryDirectory(prefix="fairyport-chromium-") as profile:
        result = subprocess.run(
            [executable, *FLAGS, f"--user-data-dir={profile}", f"--screenshot={png}",
             f"--window-size={width},{height}", f"--force-device-scale-factor={scale}", page.resolve().as_uri()],
            capture_output=True, text=True, timeout=TIMEOUT, check=False)
    console = [line for line in result.stderr.splitlines() if ":CONSOLE" in line]
    return Shot(png, console, result.stderr)


def page_height(page: Path, width: int) -> int:
    """The height of ``page`` laid out ``width`` pixels wide (a copy with a one-line script reports it)."""
    executable = chromium()
    assert executable is not None
    with tempfile.TemporaryDirectory(prefix="fairyport-chromium-") as folder:
        probe = Path(folder) / "probe.html"
        probe.write_text(page.read_text(encoding="utf-8").replace(
            "</body>", "<script>document.body.setAttribute('data-height', "
                       "document.documentElement.scrollHeight)</script></body>"), encoding="utf-8")
        result = subprocess.run(
            [executable, *FLAGS, f"--user-data-dir={folder}/profile", "--dump-dom", f"--window-size={width},800",
             probe.as_uri()], capture_output=True, text=True, timeout=TIMEOUT, check=False)
    marker = 'data-height="'
    start = result.stdout.index(marker) + len(marker)
    return int(result.stdout[start:result.stdout.index('"', start)])


@dataclasses.dataclass
class Image:
    """A decoded PNG: size and rows of pixels (tuples of channel values)."""

    width: int
    height: int
    channels: int
    rows: list[bytes]

    def pixel(self, x: int, y: int) -> tuple[int, ...]:
        """The channel values of one pixel."""
        row = self.rows[y]
        return tuple(row[x * self.channels:(x + 1) * self.channels])


def read_png(path: Path) -> Image:
    """Decode an 8-bit RGB/RGBA, non-interlaced PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset = 8
    idat = b""
    width = height = channels = 0
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        offset += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, "unsupported PNG layout"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    previous = bytearray(stride)
    position = 0
    for _ in range(height):
        kind = raw[position]
        line = bytearray(raw[position + 1:position + 1 + stride])
        position += 1 + stride
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous, strict=True))
        elif kind == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(bytes(line))
        previous = line
    return Image(width, height, channels, rows)


def colour_count(image: Image, step: int = 3) -> int:
    """How many distinct colours a grid of every ``step``-th pixel holds (1 for a blank picture)."""
    seen = set()
    for y in range(0, image.height, step):
        row = image.rows[y]
        for x in range(0, image.width, step):
            seen.add(row[x * image.channels:x * image.channels + 3])
    return len(seen)
