"""The state a GAME Code program changes: board, variables, flags, functions, system settings, the last move.

A :class:`State` is copied before every candidate move and thrown away when the Post-Move code rejects the
move, so copying is shallow and cheap: arrays are never changed in place (see :mod:`.values`).
"""

from __future__ import annotations

from typing import Any

from fairyport.gamecourier.interpreter.values import EMPTY, Value


class State:
    """Everything a move can change."""

    __slots__ = (
        "board",
        "defs",
        "dest",
        "flags",
        "legal",
        "moved",
        "old",
        "origin",
        "output",
        "ply",
        "result",
        "side",
        "system",
        "thismove",
        "vars",
    )

    def __init__(self, board: dict[str, str], side: int) -> None:
        self.board = board
        self.vars: dict[str, Value] = {}
        self.flags: dict[str, Value] = {}
        self.defs: dict[str, Any] = {}
        """Function name -> compiled ``def`` (defs are made when the ``def`` command runs, so they are state)."""
        self.system: dict[str, Value] = {}
        self.side = side
        """The side to move: 1 (upper-case labels) or 2 (lower case)."""
        self.ply = 0
        self.origin: Value = None
        self.dest: Value = None
        self.moved: Value = None
        self.old: Value = None
        self.thismove: Value = None
        self.legal: list[tuple[str, str]] = []
        """Moves recorded by ``setlegal`` since the last move."""
        self.result: str | None = None
        """``won`` / ``lost`` / ``drawn`` once a command declared the game over."""
        self.output: list[str] = []

    def copy(self) -> State:
        """A copy that shares nothing mutable with this state."""
        new = State.__new__(State)
        new.board = dict(self.board)
        new.vars = dict(self.vars)
        new.flags = dict(self.flags)
        new.defs = dict(self.defs)
        new.system = dict(self.system)
        new.side = self.side
        new.ply = self.ply
        new.origin = self.origin
        new.dest = self.dest
        new.moved = self.moved
        new.old = self.old
        new.thismove = self.thismove
        new.legal = []
        new.result = self.result
        new.output = []
        return new


class WatchedBoard(dict[str, str]):
    """A board that notes whether one square (the destination of the move being tried) was looked at, and
    whether the whole board was (``spaces``, ``findpiece``, ...). Promotion sub-moves change only that square,
    so a run that never looked at it gives the same verdict for every promotion choice."""

    __slots__ = ("seen", "watch")

    def __init__(self, board: dict[str, str], watch: str) -> None:
        super().__init__(board)
        self.watch = watch
        self.seen = False

    def __getitem__(self, key: str) -> str:
        if key == self.watch:
            self.seen = True
        return dict.__getitem__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        if key == self.watch:
            self.seen = True
        return dict.get(self, key, default)

    def items(self) -> Any:
        self.seen = True
        return dict.items(self)

    def values(self) -> Any:
        self.seen = True
        return dict.values(self)


def side_of(label: str) -> int | None:
    """1 for labels whose first letter is upper case, 2 for lower case, None for the empty square or no letter
    (the Game Courier convention, extended to multi-character labels by their first letter)."""
    try:
        return _SIDES[label]
    except KeyError:
        pass
    side = None
    if label != EMPTY:
        side = next(((1 if ch.isupper() else 2) for ch in label if ch.isalpha()), None)
    if len(_SIDES) < 10_000:  # labels are few; the bound keeps odd code from growing the cache without end
        _SIDES[label] = side
    return side


_SIDES: dict[str, int | None] = {}
""":func:`side_of`'s answers by label (it is asked for every square of every candidate move)."""
