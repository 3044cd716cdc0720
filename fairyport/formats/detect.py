"""Guess the format of an input file from its name and, where needed, its first bytes."""

from __future__ import annotations

from pathlib import Path

from fairyport.errors import Location, UsageError

FORMATS = ("zrf", "gamecourier", "idiagram", "json", "fsf")
"""Format names accepted by ``--from`` / ``--to``."""

SUFFIXES: dict[str, str] = {
    ".zrf": "zrf",
    ".prezrf": "zrf",
    ".php": "gamecourier",
    ".gc": "gamecourier",
    ".idiagram": "idiagram",
    ".html": "idiagram",
    ".htm": "idiagram",
    ".json": "json",
    ".ini": "fsf",
}
"""File suffixes and the format they mean."""


def detect_format(path: Path, declared: str | None = None) -> str:
    """Return the format of ``path``: ``declared`` if given, else from the suffix, else by sniffing the text.

    :raises UsageError: if the format cannot be told.
    """
    if declared is not None:
        if declared not in FORMATS:
            raise UsageError(f"unknown format {declared!r}", expected=", ".join(FORMATS))
        return declared
    fmt = SUFFIXES.get(path.suffix.lower())
    if fmt is None and not path.exists() and "#" in path.name:  # page.html#2: a diagram of a page
        fmt = SUFFIXES.get(Path(str(path).rpartition("#")[0]).suffix.lower())
    if fmt is not None:
        return fmt
    try:
        head = path.read_bytes()[:4096].decode("utf-8", errors="replace")
    except OSError:
        head = ""
    stripped = head.lstrip()
    if stripped.startswith("(") or stripped.startswith(";"):
        return "zrf"
    if stripped.startswith("<?php") or "$default[" in head or ("code=" in head and "&" in head):
        return "gamecourier"
    if stripped.startswith("{"):
        return "json"
    if "files=" in head or "ranks=" in head or head.count(":") >= 4:
        return "idiagram"
    raise UsageError(
        "cannot tell the format of this file; name it with --from",
        Location(file=str(path)),
        expected="a .zrf, .php, .idiagram, .html or .json file",
    )
