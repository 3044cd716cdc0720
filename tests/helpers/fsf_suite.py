"""Fairy-Stockfish's perft suite (the checks of its ``tests/perft.sh``), read from the script itself or from the
shared corpus's table (``corpus/perft/fairy_stockfish_perft.tsv``): one list of :class:`Check` for the test and
the benchmark."""

from __future__ import annotations

import dataclasses
import re
import shlex
from pathlib import Path


@dataclasses.dataclass(frozen=True)
class Check:
    """One check: where it stands (line), the built-in variant, the position (None: the start), its depth and
    count, and whether Fairy-Stockfish runs it in Chess960 mode."""

    line: int
    variant: str
    fen: str | None
    depth: int
    nodes: int
    chess960: bool


_EXPECT = re.compile(r"^\s*expect perft\.exp (.*?)\s*>\s*/dev/null")


def script_checks(script: Path) -> list[Check]:
    """The ``expect perft.exp VARIANT POSITION DEPTH NODES [true]`` lines of a ``perft.sh``, in file order."""
    out: list[Check] = []
    for number, text in enumerate(script.read_text(encoding="utf-8").splitlines(), 1):
        match = _EXPECT.match(text)
        if match is not None:
            words = shlex.split(match.group(1))
            fen = None if words[1] == "startpos" else words[1].removeprefix("fen ").strip()
            out.append(Check(number, words[0], fen, int(words[2]), int(words[3]), words[4:5] == ["true"]))
    return out


def table_checks(table: Path) -> list[Check]:
    """The rows of the shared corpus's table (section, variant, position, depth, nodes, chess960)."""
    out: list[Check] = []
    for number, text in enumerate(table.read_text(encoding="utf-8").splitlines(), 1):
        if text.strip() and not text.startswith("#"):
            _, variant, position, depth, nodes, chess960 = text.split("\t")
            out.append(Check(number, variant, None if position == "startpos" else position, int(depth), int(nodes),
                             chess960 == "true"))
    return out


def section_text(check: Check) -> str:
    """The ``variants.ini`` section ``[perftsuite:VARIANT]`` that plays ``check``'s variant (with ``chess960 =
    true`` for a check Fairy-Stockfish runs in Chess960 mode: the option is its UCI_Chess960 per variant)."""
    return f"[perftsuite:{check.variant}]\n" + ("chess960 = true\n" if check.chess960 else "")


__all__ = ["Check", "script_checks", "section_text", "table_checks"]
