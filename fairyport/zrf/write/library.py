"""The macro library the ZRF writer puts at the top of every file it writes (only the macros the file uses).

Arguments: ``$1`` a direction, ``$2`` a landing condition (``empty?``, ``enemy?``, ``not-friend?`` ...), ``$3``
the moving piece's landing macro (``(Pawn-add)``: attributes, promotion, confinement). ``add`` does not end a
block in ZRF, which is what lets a slide emit every square it reaches.
"""

from __future__ import annotations

from fairyport.zrf.write.sexpr import Expr

LIBRARY: dict[str, tuple[str, list[Expr]]] = {
    "step": ("leap to $1 and land there if $2",
             ["$1", ["verify", "$2"], ["$3"]]),
    "slide": ("slide along $1, landing on every square where $2 holds, up to the first piece",
              ["$1", ["while", "empty?", ["if", "$2", ["$3"]], "$1"], ["verify", "$2"], ["$3"]]),
    "slide-step": ("one square of a limited slide: land if $2, go on only over an empty square",
                   ["$1", ["if", "$2", ["$3"]], ["verify", "empty?"]]),
    "pass": ("step $1 over an empty square (lame leaps, first legs of bent moves)",
             ["$1", ["verify", "empty?"]]),
    "screen": ("step $1 onto an occupied square, which is passed over",
               ["$1", ["verify", "not-empty?"]]),
    "hop": ("cannon: slide to the first piece along $1, jump it, then slide on as (slide $1 $2 $3)",
            ["$1", ["while", "empty?", "$1"], ["slide", "$1", "$2", "$3"]]),
    "grasshop": ("grasshopper: land just behind the first piece along $1",
                 ["$1", ["while", "empty?", "$1"], ["step", "$1", "$2", "$3"]]),
    "en-passant": ("en passant: step $1 to an empty square that an enemy $4 skipped with its last move, which "
                   "went from $2 of here along $3; capture it there and land",
                   ["$1", ["verify", "empty?"], "mark", "$2", ["verify", "last-from?"], "$3",
                    ["verify", "last-to?"], ["verify", "enemy?"], ["verify", ["piece?", "$4"]], "capture", "back",
                    ["$5"]]),
    "castle-pass": ("a square the castling king passes: empty and not attacked",
                    ["$1", ["verify", "empty?"], ["verify", "not-attacked?"]]),
    "face": ("royals may not face: capture an enemy royal ($2) along the file $1 (never played: it makes facing "
             "a check)",
             ["$1", ["while", "empty?", "$1"], ["verify", "enemy?"], ["verify", "$2"], "add"]),
}
"""Macro name -> (comment, body). A body is one list, so a call stands for one block or one instruction
sequence exactly like the official files' ``leap1``/``slide`` macros."""

ORDER = ("step", "slide", "slide-step", "pass", "screen", "hop", "grasshop", "en-passant", "castle-pass", "face")
"""The order in which the library is written."""

NESTED = {"hop": ("slide",), "grasshop": ("step",)}
"""Macros whose bodies call other library macros."""


def needed(used: set[str]) -> list[str]:
    """The library macros to write for blocks that call ``used``, in :data:`ORDER`."""
    wanted = set(used)
    for name in used:
        wanted.update(NESTED.get(name, ()))
    return [name for name in ORDER if name in wanted]
