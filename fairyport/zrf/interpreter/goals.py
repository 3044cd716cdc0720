"""Goals (docs/zrf.md, "What Zillions documents"): which conditions end the game, and which pieces are royal.

A position where a goal is met for any of its players has no moves (as in Fairy-Stockfish). ``checkmated`` and
``stalemated`` need no test of their own: they are met exactly when the player to move has no legal move, which
already gives no moves; ``(checkmated T)`` also makes T royal (moves leaving it attacked are refused).
``repetition`` is ignored (perft has no history). The others are tested on the position.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable
from typing import Any

from fairyport.errors import UnsupportedError
from fairyport.zrf.interpreter import constants
from fairyport.zrf.interpreter.tables import GameTables
from fairyport.zrf.syntax.nodes import Atom, Node, SList, String, to_text
from fairyport.zrf.typed.tree import Goal

Test = Callable[[Any, int], bool]
"""``test(position, player) -> bool``."""


@dataclasses.dataclass
class GoalTest:
    """One goal condition for its players: ``kind`` is win, loss, draw or count."""

    kind: str
    players: list[int]
    test: Test
    node: Node


_IMPLIED = ("checkmated", "stalemated", "repetition")


def _never(position: Any, player: int) -> bool:
    return False


def compile_goals(game: GameTables,
                  goals: list[Goal]) -> tuple[list[GoalTest], dict[int, set[int]], dict[int, set[int]]]:
    """The goal tests, the royal types per player and the ``absolute-config`` positions per player."""
    tests: list[GoalTest] = []
    royal: dict[int, set[int]] = {}
    goal_positions: dict[int, set[int]] = {}
    for goal in goals:
        players = [game.player_index[p.text] for p in goal.players if p.text in game.player_index]
        for condition in goal.conditions:
            compiler = _GoalCompiler(game, players, royal, goal_positions)
            test = compiler.condition(condition)
            if test is not _never:
                tests.append(GoalTest(goal.kind, players, test, condition))
    return tests, royal, goal_positions


def _unsupported(node: Node, what: str) -> UnsupportedError:
    text = to_text(node)
    return UnsupportedError(f"the ZRF interpreter cannot test {what} {text}{node.where()}", node.location,
                            feature=text if len(text) < 60 else text[:57] + "...")


class _GoalCompiler:
    def __init__(self, game: GameTables, players: list[int], royal: dict[int, set[int]],
                 goal_positions: dict[int, set[int]]) -> None:
        self.game = game
        self.players = players
        self.royal = royal
        self.goal_positions = goal_positions

    def _type(self, node: Node) -> int:
        if isinstance(node, (Atom, String)):
            text = node.text if isinstance(node, Atom) else node.value
            if text in self.game.type_index:
                return self.game.type_index[text]
        raise _unsupported(node, "an unknown piece type in the goal")

    def _count(self, node: SList) -> tuple[int, int]:
        args = node.args
        if not args or not isinstance(args[0], Atom) or args[0].integer is None or len(args) > 2:
            raise _unsupported(node, "the goal")
        kind = self._type(args[1]) if len(args) == 2 else -1
        return args[0].integer, kind

    def condition(self, node: Node) -> Test:
        head = node.text if isinstance(node, Atom) else node.head if isinstance(node, SList) else None
        if head in _IMPLIED:
            if head == "checkmated" and isinstance(node, SList):
                for arg in node.args:
                    kind = self._type(arg)
                    for player in self.players:
                        self.royal.setdefault(player, set()).add(kind)
            return _never
        if not isinstance(node, SList) or head is None:
            raise _unsupported(node, "the goal")
        if head in ("and", "or", "not"):
            parts = [self.condition(a) for a in node.args]
            if head == "not":
                if len(parts) != 1:
                    raise _unsupported(node, "the goal")
                inner = parts[0]
                return lambda pos, player: not inner(pos, player)
            if any(p is _never for p in parts):
                if head == "and":
                    return _never
                parts = [p for p in parts if p is not _never]
            if head == "and":
                return lambda pos, player: all(p(pos, player) for p in parts)
            return lambda pos, player: any(p(pos, player) for p in parts)
        if head in ("pieces-remaining", "total-piece-count"):
            limit, kind = self._count(node)
            # exactly N, or at most N: the constant is read when the goal is compiled
            compare = operator.eq if constants.COUNT_GOALS_EXACTLY else operator.le
            if head == "total-piece-count":  # every player's pieces on the board
                return lambda pos, player: compare(pos.count(-1, kind), limit)
            off_board = self.game.include_off_pieces
            return lambda pos, player: compare(pos.count(player, kind, off_board=off_board), limit)
        if head == "captured":
            kinds = {self._type(a) for a in node.args}
            return lambda pos, player: any(owner == player and kind in kinds for owner, kind in pos.last_removed())
        if head == "absolute-config":
            return self._absolute(node)
        if head == "relative-config":
            return self._relative(node)
        raise _unsupported(node, "the goal")

    def _elements(self, node: Node) -> list[list[list[int]]]:
        """The position list of a config goal: per element (a position, or a zone standing for any of its
        positions), per player, the positions that element allows."""
        board = self.game.board
        items = node.items if isinstance(node, SList) else [node]
        elements: list[list[list[int]]] = []
        for item in items:
            text = item.text if isinstance(item, Atom) else None
            if text is not None and text in board.index:
                elements.append([[board.index[text]] for _ in self.game.players])
            elif text is not None and text in board.zones:
                elements.append([sorted(board.zones[text][player]) for player in range(len(self.game.players))])
            else:
                raise _unsupported(item, "an unknown position or zone in the goal")
        return elements

    def _qualified(self, node: Node) -> tuple[int, int, bool]:
        """``T``, ``(opponent T)``, ``(any-owner T)`` or ``(not T)``: type, owner mode (0 own, 1 opponent, 2 any),
        negated."""
        if isinstance(node, SList) and len(node.items) == 2 and node.head in ("opponent", "any-owner", "not"):
            kind = self._type(node.items[1])
            return kind, {"opponent": 1, "any-owner": 2, "not": 0}[node.head or ""], node.head == "not"
        return self._type(node), 0, False

    def _absolute(self, node: SList) -> Test:
        """Met when every element of the position list holds one of the listed pieces (a zone: any of its
        positions does) and no ``(not T)`` piece stands on it."""
        args = node.args
        if len(args) < 2:
            raise _unsupported(node, "the goal")
        elements = self._elements(args[-1])
        pieces = [self._qualified(a) for a in args[:-1]]
        wanted = [(kind, mode) for kind, mode, negated in pieces if not negated]
        banned = [(kind, mode) for kind, mode, negated in pieces if negated]
        for player in self.players:
            self.goal_positions.setdefault(player, set()).update(p for e in elements for p in e[player])

        def matches(occupant: tuple[int, int, int] | None, player: int, kinds: list[tuple[int, int]]) -> bool:
            if occupant is None:
                return False
            return any(occupant[1] == kind and (mode == 2 or (occupant[0] == player) == (mode == 0))
                       for kind, mode in kinds)

        def test(pos: Any, player: int) -> bool:
            board = pos.board
            for element in elements:
                squares = element[player]
                if wanted and not any(matches(board[s], player, wanted) for s in squares):
                    return False
                if banned and any(matches(board[s], player, banned) for s in squares):
                    return False
            return True
        return test

    def _relative(self, node: SList) -> Test:
        args = node.args
        if len(args) < 3 or len(args) % 2 == 0:
            raise _unsupported(node, "the goal")
        board = self.game.board
        pieces = [self._qualified(a) for a in args[::2]]
        directions = []
        for arg in args[1::2]:
            if not isinstance(arg, Atom) or arg.text not in board.direction_index:
                raise _unsupported(arg, "an unknown direction in the goal")
            directions.append(board.direction_index[arg.text])

        def test(pos: Any, player: int) -> bool:
            cells = pos.board
            steps = board.step[player]
            for start in range(len(cells)):
                p = start
                ok = True
                for i, (kind, mode, negated) in enumerate(pieces):
                    if i:
                        p = steps[directions[i - 1]][p]
                        if p < 0:
                            ok = False
                            break
                    occupant = cells[p]
                    hit = occupant is not None and occupant[1] == kind and (
                        mode == 2 or (occupant[0] == player) == (mode == 0))
                    if hit == negated:
                        ok = False
                        break
                if ok:
                    return True
            return False
        return test
