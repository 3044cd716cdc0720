"""Where a move block could possibly capture: an over-approximation used to skip blocks in attack tests.

The block's instructions are run on sets of abstract states ``(current, mark, to)`` with every condition taken
as possibly true or false, so the result contains every position a real run could land on or capture at (the
attack sink's targets). Anything the analysis cannot follow (``(go last-from)``, an unknown form, a state set
grown past :data:`MAX_STATES`) gives ``None``: every position, so the block is always run. The analysis is a
speed-up only: skipping a block is safe exactly when the real run could not reach the target.
"""

from __future__ import annotations

from fairyport.zrf.interpreter.board import NO_LINK, Board
from fairyport.zrf.syntax.nodes import Atom, Node, SList

MAX_STATES = 4096
"""More abstract states than this in one block: give up (the block is always run)."""

State = tuple[int, int, int]
_NO_CHANGE = frozenset({"verify", "set-flag", "set-position-flag", "set-attribute", "flip", "change-owner",
                        "change-type", "create", "from"})
_NAVIGATION_FREE = frozenset({"flip", "change-owner", "from"})


class _GiveUp(Exception):
    pass


class Reach:
    """``targets(block_node, player, origin)``: the positions a block may capture on, or None (any)."""

    def __init__(self, board: Board) -> None:
        self.board = board

    def targets(self, node: SList, player: int, origin: int) -> frozenset[int] | None:
        """The positions the block run from ``origin`` for ``player`` may land on or capture at."""
        found: set[int] = set()
        try:
            self._sequence(node.items, {(origin, origin, NO_LINK)}, player, found)
        except _GiveUp:
            return None
        return frozenset(found)

    def _sequence(self, items: list[Node], states: set[State], player: int, found: set[int]) -> set[State]:
        index = 0
        while index < len(items):
            if not states:
                break
            item = items[index]
            if isinstance(item, Atom) and item.text == "mark":
                back = _inert_until_back(items, index + 1)
                if back is not None:
                    # mark ... back that lands, captures and sets nothing: every state comes back where it was
                    # (or the run ends on the way), marked there: an over-approximation (Gwangsanghui's walks over
                    # the whole board to turn traitors in every move)
                    states = {(c, c, t) for c, _, t in states}
                    index = back + 1
                    continue
            if _is_empty_test(item) and index + 1 < len(items) and _is_add(items[index + 1]):
                # (verify empty?) add lands on an empty position: never on the tested one, which holds a piece
                found.update(_elsewhere(states))
                index += 2
                continue
            states = self._instruction(item, states, player, found)
            if len(states) > MAX_STATES:
                raise _GiveUp
            index += 1
        return states

    def _atom(self, text: str, states: set[State], player: int, found: set[int]) -> set[State]:
        """The states after one atom: a direction, a position, an add, a mark, a cascade, a capture."""
        board = self.board
        if text in board.direction_index:
            table = board.step[player][board.direction_index[text]]
            return {(table[c], m, t) for c, m, t in states if table[c] != NO_LINK}
        if text in board.index:
            target = board.index[text]
            return {(target, m, t) for _, m, t in states}
        if text in ("add", "add-copy", "add-partial", "add-copy-partial"):
            found.update(t if t != NO_LINK else c for c, _, t in states)
            return states
        if text == "to":
            return {(c, m, c) for c, m, _ in states}
        if text == "mark":
            return {(c, c, t) for c, _, t in states}
        if text == "back":
            return {(m, m, t) for _, m, t in states}
        if text == "cascade":
            found.update(t if t != NO_LINK else c for c, _, t in states)
            return {(c, m, NO_LINK) for c, m, _ in states}
        if text == "capture":
            found.update(c for c, _, _ in states)
            return states
        if text in _NAVIGATION_FREE:
            return states
        raise _GiveUp

    def _instruction(self, node: Node, states: set[State], player: int,
                     found: set[int]) -> set[State]:
        board = self.board
        if isinstance(node, Atom):
            return self._atom(node.text, states, player, found)
        if not isinstance(node, SList):
            raise _GiveUp
        head = node.head
        args = node.args
        if head is None:
            return self._sequence(node.items, states, player, found)
        if head in _NO_CHANGE:
            return states
        if head in ("add", "add-copy", "add-partial", "add-copy-partial"):
            found.update(t if t != NO_LINK else c for c, _, t in states)
            return states
        if head == "if" and len(args) == 2 and isinstance(args[0], Atom) and args[0].text == "empty?" \
                and _is_add(args[1]):
            found.update(_elsewhere(states))  # (if empty? add): as (verify empty?) add above
            return states
        if head == "if":
            body = args[1:]
            split = next((i for i, item in enumerate(body) if isinstance(item, Atom) and item.text == "else"), None)
            then = self._sequence(body if split is None else body[:split], set(states), player, found)
            other = states if split is None else self._sequence(body[split + 1:], set(states), player, found)
            return then | other
        if head == "while":
            result = set(states)
            frontier = set(states)
            while frontier:
                after = self._sequence(args[1:], frontier, player, found)
                frontier = after - result
                result |= after
                if len(result) > MAX_STATES:
                    raise _GiveUp
            return result
        if head == "opposite" and len(args) == 1 and isinstance(args[0], Atom):
            d = board.direction_index.get(args[0].text)
            if d is None or board.opposite[d] == NO_LINK:
                raise _GiveUp
            table = board.step[player][board.opposite[d]]
            return {(table[c], m, t) for c, m, t in states if table[c] != NO_LINK}
        if head in ("capture", "mark", "back") and len(args) == 1 and isinstance(args[0], Atom):
            text = args[0].text
            positions: set[int]
            if text in board.index:
                positions = {board.index[text]}
                moved = {(board.index[text], m, t) for _, m, t in states}
            elif text in board.direction_index:
                table = board.step[player][board.direction_index[text]]
                positions = {table[c] for c, _, _ in states if table[c] != NO_LINK}
                moved = {(table[c], m, t) for c, m, t in states if table[c] != NO_LINK}
            else:
                raise _GiveUp
            if head == "capture":
                found.update(positions)
                return states
            if head == "mark":
                return {(c, p, t) for c, _, t in states for p in positions}
            return moved
        if head == "go" and len(args) == 1 and isinstance(args[0], Atom):
            text = args[0].text
            if text == "to":
                return {(t, m, t) for _, m, t in states if t != NO_LINK}
            if text == "mark":
                return {(m, m, t) for _, m, t in states}
        raise _GiveUp


_LANDING = frozenset({"add", "add-copy", "add-partial", "add-copy-partial", "capture", "cascade", "to", "mark", "back",
                      "go"})
"""The instructions that record a target or move the marked or destination positions (see :func:`_inert`)."""


def _inert_until_back(items: list[Node], start: int) -> int | None:
    """The index of the first ``back`` from ``start`` on, where nothing before it (nested too) is in
    :data:`_LANDING`; else None."""
    for index in range(start, len(items)):
        item = items[index]
        if isinstance(item, Atom) and item.text == "back":
            return index
        if not _inert(item):
            return None
    return None


def _inert(node: Node) -> bool:
    """Whether ``node`` (nested) holds no instruction of :data:`_LANDING`."""
    if isinstance(node, Atom):
        return node.text not in _LANDING
    if isinstance(node, SList):
        return all(_inert(item) for item in node.items)
    return True


def _is_empty_test(node: Node) -> bool:
    """Whether ``node`` is ``(verify empty?)``."""
    return isinstance(node, SList) and node.head == "verify" and len(node.args) == 1 \
        and isinstance(node.args[0], Atom) and node.args[0].text == "empty?"


def _is_add(node: Node) -> bool:
    """Whether ``node`` is a plain ``add``."""
    return isinstance(node, Atom) and node.text == "add"


def _elsewhere(states: set[State]) -> set[int]:
    """Where an ``add`` after an ``empty?`` test of the current position may still land on a piece: the
    destination set by ``to``, where it is another position (an attack test's target always holds a piece)."""
    return {t for c, _, t in states if t not in (NO_LINK, c)}
