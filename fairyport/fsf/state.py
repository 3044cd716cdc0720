"""A ``variants.ini`` section as Fairy-Stockfish holds it while reading (:class:`State`) and where each option
was set (:class:`Where`): what :mod:`.read` fills and :mod:`.build` turns into the model."""

from __future__ import annotations

import dataclasses
from typing import Any

from fairyport.errors import Location
from fairyport.fsf import options as opt


@dataclasses.dataclass
class Where:
    """Where an option was set: a line of the file, or a built-in variant."""

    file: str
    line: int | None = None
    builtin: str | None = None
    key: str = ""
    """The option's name."""

    def location(self) -> Location:
        """The error location."""
        if self.builtin is not None:
            return Location(f"{self.file} (from Fairy-Stockfish's built-in variant {self.builtin!r})")
        return Location(self.file, self.line)

    def __str__(self) -> str:
        return str(self.location())


@dataclasses.dataclass
class State:
    """A variant as Fairy-Stockfish holds it while reading: pieces by type and option slots with their origin."""

    pieces: dict[str, str] = dataclasses.field(default_factory=dict)
    """Fairy-Stockfish piece type name -> letter (lower case)."""
    custom: dict[str, str] = dataclasses.field(default_factory=dict)
    """Custom piece type name (and ``king`` for a custom royal) -> its Betza string."""
    slots: dict[str, tuple[Any, Where]] = dataclasses.field(default_factory=dict)
    """Option slot -> (value, where it was set); unset slots have Fairy-Stockfish's default."""
    kept: dict[str, str] = dataclasses.field(default_factory=dict)
    """Options kept as format data (no effect on the moves)."""
    warnings: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    """Located warnings: ``{"file", "line", "message"}`` (unknown options, characters Fairy-Stockfish skips)."""

    def warn(self, where: Where, message: str) -> None:
        """Add a warning located at ``where``."""
        location = where.location()
        self.warnings.append({"file": location.file, "line": location.line, "message": message})

    def copy(self) -> State:
        """An independent copy (a child section starts from its parent's copy)."""
        return State(dict(self.pieces), dict(self.custom), dict(self.slots), dict(self.kept),
                     [dict(w) for w in self.warnings])

    def get(self, slot: str) -> Any:
        """The slot's value, or its default."""
        return self.slots[slot][0] if slot in self.slots else opt.DEFAULTS.get(slot, frozenset())

    def where(self, slot: str) -> Where | None:
        """Where the slot was set (None: default)."""
        return self.slots[slot][1] if slot in self.slots else None

    def type_of(self, letter: str) -> str | None:
        """The piece type with ``letter`` (any case), or None."""
        wanted = letter.lower()
        return next((t for t, mark in self.pieces.items() if mark == wanted), None)

    def remove(self, piece_type: str) -> None:
        """Remove a piece type, and (as Fairy-Stockfish does) from the promotion choices."""
        self.pieces.pop(piece_type, None)
        for slot in ("promotionPieceTypes.white", "promotionPieceTypes.black"):
            value = self.get(slot)
            if piece_type in value:
                self.slots[slot] = (value - {piece_type}, self.where(slot) or Where("<default>"))

    def add(self, piece_type: str, letter: str) -> None:
        """Add a piece type; a piece that already had the letter is removed."""
        other = self.type_of(letter)
        if other is not None:
            self.remove(other)
        self.pieces[piece_type] = letter.lower()


__all__ = ["State", "Where"]
