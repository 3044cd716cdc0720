"""Forced captures in a written ZRF file: ``(move-priorities capture-type normal-type)``.

Zillions plays a move of the first move type of ``move-priorities`` when one is legal, else one of the next type:
so a game whose captures are mandatory (``Rules.must_capture``) writes every piece's capturing moves under the
move type :data:`CAPTURE_TYPE` and its quiet moves (castling included) under :data:`NORMAL_TYPE`, as Zillions'
own mandatory-capture games do. An XBetza move that may both move and capture (``N``, ``mcW``) is written twice,
once capturing only (``cN``) and once moving only (``mN``); e.p. captures are captures. The ZRF reader reads these
priorities back as ``Rules.must_capture``. Forced drops (``Rules.must_drop``) rank the drops first the same way.
"""

from __future__ import annotations

import dataclasses

from fairyport.xbetza import syntax as betza

CAPTURE_TYPE = "capture-type"
"""The move type of the capturing moves, ranked first."""
NORMAL_TYPE = "normal-type"
"""The move type of the quiet moves (and castling), ranked second."""
DROP_TYPE = "drop-type"
"""The move type of the drops where drops are forced (``Rules.must_drop``: ``(move-priorities drop-type
normal-type)``), ranked first."""
CAPTURING = frozenset("ce")
"""Modes of a final leg that capture an enemy piece (on the landing square, en passant)."""


def split_captures(move: betza.Move) -> tuple[betza.Move | None, betza.Move | None]:
    """``move`` as (its capturing part, its quiet part), either None where the move has none.

    :raises ValueError: for a move that captures before its last leg (a locust) or captures a friend (``d``):
        no split into captures and quiet moves is written for those.
    """
    for leg in move.legs[:-1]:
        if set(leg.modes) & set("cedk"):
            raise ValueError("a capture before the last leg")
    last = move.legs[-1]
    modes = set(last.modes)
    if "d" in modes:
        raise ValueError("a capture of a friendly piece")
    if not modes & set("mce"):
        return _with_modes(move, last.modes + "c"), _with_modes(move, last.modes + "m")
    capture = _with_modes(move, "".join(m for m in last.modes if m != "m")) if modes & CAPTURING else None
    quiet = _with_modes(move, "".join(m for m in last.modes if m not in CAPTURING)) if "m" in modes else None
    return capture, quiet


def _with_modes(move: betza.Move, modes: str) -> betza.Move:
    legs = (*move.legs[:-1], dataclasses.replace(move.legs[-1], modes=modes))
    return dataclasses.replace(move, legs=legs)
