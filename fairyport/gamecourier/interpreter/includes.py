"""Game Courier include libraries (``include fairychess;``): what fairyport says when a preset needs one.

The libraries live on the Game Courier server (``/play/pbm/includes/<name>.txt``). Their text is not available
here, and the pages available document what the ``fairychess`` library is for (piece identifiers, set files) but
not its subroutines and functions one by one, so fairyport ships no replacement: writing one from guesses would
make perft count a game nobody documented. Instead the message names the library, the subroutines and functions
the preset calls without defining them (those it expects from the library), and what to run instead: the rules
read from the preset's own piece functions into the common model, played with ``--engine model``.
"""

from __future__ import annotations

from fairyport.gamecourier.interpreter.nodes import Atom, Call, Program, SubBlock, walk_expr

ENGINE_ADVICE = ("run it with '--engine model' instead (the rules read from the preset's piece functions into the "
                 "common model)")
"""What to run instead of the GAME Code interpreter when an include library is missing."""


def unavailable_include(name: str, missing: list[str] | None = None) -> str:
    """The message for a preset that includes the library ``name``; ``missing`` names what the preset calls from
    it (see :func:`called_not_defined`)."""
    calls = f"; the preset calls {', '.join(missing)} from it" if missing else ""
    return (f"include {name}: the Game Courier include library '{name}' is not available to fairyport, so this "
            f"preset's GAME Code cannot be run{calls}; {ENGINE_ADVICE}")


_MOVE_WORDS = ("origin", "dest", "moved", "old")
"""Words the preprocessor replaces after each move (GAME Code Tutorial): ``fn moved`` calls the moved piece's own
function, not one named "moved"."""


def called_not_defined(programs: list[Program]) -> list[str]:
    """``sub NAME`` / ``gosub NAME`` / ``fn NAME`` calls whose subroutine or function no program defines, as
    ``sub checked`` / ``fn name``, in order of first call."""
    subs: set[str] = set()
    defs: set[str] = set()
    calls: dict[str, None] = {}
    for program in programs:
        stack = list(program.statements)
        while stack:
            statement = stack.pop()
            if isinstance(statement, SubBlock):
                subs.add(statement.name)
                stack.extend(statement.body)
        for command, _ in program.walk():
            if command.name == "def" and command.target:
                defs.add(command.target)
            if command.name == "gosub" and command.target:
                calls.setdefault(f"sub {command.target}")
            for node in walk_expr(command.expr):
                if isinstance(node, Call) and node.op in ("sub", "fn") and node.args and isinstance(
                        node.args[0], Atom) and node.args[0].kind == "word" and node.args[0].text not in _MOVE_WORDS:
                    calls.setdefault(f"{node.op} {node.args[0].text}")
    return [call for call in calls if call.split(" ", 1)[1] not in (subs if call.startswith("sub") else defs)]
