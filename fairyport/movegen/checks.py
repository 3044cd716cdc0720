"""Check counting (:attr:`~fairyport.model.Rules.check_count`): a player who has given check so many times has
won, and the other has no move (Fairy-Stockfish's ``checkCounting``: three-check chess).

:func:`checks_class` extends a position class with :attr:`checks_left`, the checks each side still needs (the rule's
count at the start; a FEN may give others, ``3+3``): :meth:`push_raw` counts a move after which the other side is
in check, :meth:`pop_raw` takes it back, and :meth:`is_game_over` ends the game for the side to move once its
opponent needs none.
"""

from __future__ import annotations

from fairyport.movegen.codes import RawMove
from fairyport.movegen.derived import derived_once
from fairyport.movegen.position import Outcome, Position
from fairyport.movegen.tables import Tables


@derived_once
def checks_class(base: type[Position]) -> type[Position]:
    """``base`` (a position class) that counts the checks each side gives (see the module docstring)."""
    class CheckCounting(base):  # type: ignore[valid-type,misc]
        """A position of a game whose checks are counted."""

        def __init__(self, variant: Tables[Position]) -> None:
            super().__init__(variant)
            count = variant.game.rules.check_count
            self.checks_left = [count, count]
            """Per colour, the checks it still needs to give to win."""
            self._checked: list[bool] = []

        def push_raw(self, move: RawMove) -> None:
            """Make ``move``; a move that leaves the other side in check counts for the mover."""
            super().push_raw(move)
            checked = self.in_check()
            if checked:
                self.checks_left[self.turn ^ 1] -= 1
            self._checked.append(checked)

        def pop_raw(self) -> None:
            """Take back the last move and its check."""
            if self._checked.pop():
                self.checks_left[self.turn ^ 1] += 1
            super().pop_raw()

        def is_game_over(self) -> bool:
            """True also when the side that just moved has given its last check."""
            return self.checks_left[self.turn ^ 1] <= 0 or bool(super().is_game_over())

        def outcome(self) -> Outcome | None:
            """The check-count win first, then the base class's results."""
            if self.checks_left[self.turn ^ 1] <= 0:
                return Outcome(self.turn ^ 1, "check count")
            found: Outcome | None = super().outcome()
            return found

        def copy(self) -> Position:
            """A copy with the same checks left."""
            pos: CheckCounting = super().copy()
            pos.checks_left = list(self.checks_left)
            return pos

    return CheckCounting


__all__ = ["checks_class"]
