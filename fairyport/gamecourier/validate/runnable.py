"""What fairyport's GAME Code interpreter cannot run, found without running it (static ``validate``).

The preset is compiled as for ``--run`` and perft; each command or word the compiled code could not run is
reported where it stands, together with ``eval`` of a move string (``eval join "MOVE: " thismove;``), which the
interpreter refuses when it is reached. ``--run`` and perft stop at the first of these that a run reaches.
"""

from __future__ import annotations

from fairyport.diagnostics import Finding
from fairyport.errors import FairyportError, UnsupportedError
from fairyport.gamecourier.analysis import Analysis
from fairyport.gamecourier.interpreter.game import GameCourierGame
from fairyport.gamecourier.interpreter.nodes import Atom, walk_expr
from fairyport.gamecourier.validate.rules import finding

MOVE_PREFIX = "MOVE:"
"""How a move string that ``eval`` would play begins (H. G. Muller's ``eval join "MOVE: " thismove;``)."""


def check_runnable(a: Analysis) -> list[Finding]:
    """``GC-NOT-RUNNABLE`` for every word the interpreter cannot run (skipped when the code cannot be compiled at
    all: syntax errors, a missing board or include library are reported by their own findings)."""
    if a.inherits is not None or a.enforcement.includes or a.board is None:
        return []
    if any(info.program.errors for info in a.code):
        return []
    found: list[UnsupportedError] = []
    try:
        GameCourierGame(a.preset, unrunnable=found)
    except FairyportError:
        return []
    out = [finding("GC-NOT-RUNNABLE", error.location, f"{error.reason}; --run and perft stop here",
                   key=_key_at(a, error)) for error in found
           if not error.reason.startswith("'//")]  # a '//' comment line is GC-COMMENT-LINE
    for info, command in a.commands():
        if command.name == "eval" and any(isinstance(node, Atom) and node.kind == "string"
                                          and node.text.strip('"').lstrip().upper().startswith(MOVE_PREFIX)
                                          for node in walk_expr(command.expr)):
            out.append(finding("GC-NOT-RUNNABLE", a.locate(info, command.offset),
                               f"'{command.text.strip()}' plays a move written in code, which fairyport does not "
                               "run; --run and perft stop here", key=info.key))
    return out


def _key_at(a: Analysis, error: UnsupportedError) -> str | None:
    """The code key whose text holds the error's location."""
    for info in a.code:
        start = info.value.location(0)
        if start.file == error.location.file and info.value.text is not None:
            end = info.value.location(len(info.value.text))
            if (start.line or 0, start.column or 0) <= (error.location.line or 0, error.location.column or 0) <= (
                    end.line or 0, end.column or 0):
                return info.key
    return None
