"""Game Courier include libraries (``include fairychess;``): what fairyport says when a preset needs one.

The libraries live on the Game Courier server (``/play/pbm/includes/<name>.txt``) and their text is not
available here, so fairyport cannot run a preset that includes one. The rules may still be read from the
preset's own piece functions into the common model, which ``--engine model`` plays.
"""

from __future__ import annotations

ENGINE_ADVICE = ("run it with '--engine model' instead (the rules read from the preset's piece functions into the "
                 "common model)")
"""What to run instead of the GAME Code interpreter when an include library is missing."""


def unavailable_include(name: str) -> str:
    """The message for a preset that includes the library ``name``."""
    return (f"include {name}: the Game Courier include library '{name}' is not available to fairyport, so this "
            f"preset's GAME Code cannot be run; {ENGINE_ADVICE}")
