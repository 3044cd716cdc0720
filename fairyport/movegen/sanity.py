"""Checks of a compiled game's start position, which the validators of the formats read through the model report.

A start position where the side *not* to move has a protected royal piece attacked is no position of a game:
the side to move could take that piece at once (python-chess calls it "opposite check"). Diagram texts, presets
and ``variants.ini`` sections that set one up are mistakes of their authors; ``fairyport validate`` says so.
"""

from __future__ import annotations

from fairyport.diagnostics import Finding, Severity
from fairyport.errors import Location
from fairyport.model import COLOR_NAMES
from fairyport.movegen.compile import Variant

OPPOSITE_CHECK = "opposite-check"
"""Finding code: the side not to move is in check in the start position."""


def start_findings(variant: Variant, where: Location) -> list[Finding]:
    """Findings about ``variant``'s start position, located at ``where`` (the file, or the setup's line)."""
    position = variant.start_position()
    waiting = position.turn ^ 1
    attacked = position.checked_royals(waiting)
    if not attacked:
        return []
    mover, other = COLOR_NAMES[position.turn], COLOR_NAMES[waiting]
    squares = ", ".join(attacked)
    return [Finding(where, Severity.ERROR, OPPOSITE_CHECK,
                    f"the start position has {mover} to move while {other}'s royal piece on {squares} is "
                    f"attacked: {mover}'s first move could take it",
                    fix=f"give the move to {other}, or set the pieces up so that no royal piece of {other} is "
                        "attacked")]


__all__ = ["OPPOSITE_CHECK", "start_findings"]
