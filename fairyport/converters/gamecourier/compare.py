"""What running a preset's code shows: its moves against the moves of the same game known from another file.

``fairyport validate preset.php --against game.idiagram [--depth N]`` plays the preset with the GAME Code
interpreter and the other file with the reference generator, in lockstep from the start: at every position
up to ``depth`` plies deep (following the moves both accept) the two sets of legal moves, by name, must be
equal. A move the other file allows and the code rejects is ``GC-RUN-REJECTS``, one the code accepts and the
other file forbids ``GC-RUN-ACCEPTS``; each finding names the position by the moves leading to it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fairyport.diagnostics import Finding, Severity
from fairyport.engines import load_engine
from fairyport.errors import Location
from fairyport.rules.perft import PerftPosition

MAX_FINDINGS = 50
"""Findings reported at most per comparison (a wrong piece function differs at almost every position)."""


def _names(pos: PerftPosition) -> dict[str, Any]:
    return {pos.uci(m): m for m in pos.legal_raw()}


def compare_moves(preset: Path, against: Path, depth: int) -> list[Finding]:
    """The moves on which the preset's code and the game in ``against`` disagree, position by position.

    :raises FairyportError: if either file cannot be read or played (no interpreter, untranslated rules).
    """
    native = load_engine(preset, engine="native").position(None, None)
    model = load_engine(against, engine="model").position(None, None)
    where = Location(str(preset))
    findings: list[Finding] = []

    def walk(a: PerftPosition, b: PerftPosition, line: list[str], left: int) -> None:
        if left <= 0 or len(findings) >= MAX_FINDINGS:
            return
        code, other = _names(a), _names(b)
        after = " ".join(line) or "the start"
        for name in sorted(set(other) - set(code)):
            findings.append(Finding(where, Severity.ERROR, "GC-RUN-REJECTS",
                                    f"after {after}: the code rejects {name}, which {against.name} allows",
                                    fix="compare the piece function with the rules"))
        for name in sorted(set(code) - set(other)):
            findings.append(Finding(where, Severity.ERROR, "GC-RUN-ACCEPTS",
                                    f"after {after}: the code accepts {name}, which {against.name} forbids",
                                    fix="compare the piece function with the rules"))
        for name in sorted(set(code) & set(other)):
            a.push_raw(code[name])
            b.push_raw(other[name])
            walk(a, b, [*line, name], left - 1)
            a.pop_raw()
            b.pop_raw()

    walk(native, model, [], depth)
    return findings[:MAX_FINDINGS]
