"""Where a piece's move blocks could take a piece, as offsets on the board's grid: attack tests of translated presets
skip an enemy piece whose blocks cannot reach the tested square (``REACH_FILTER`` in :mod:`.write`).

A block is followed with the current position as a set of patterns relative to the piece's square: an offset
``(dx, dy)``, or an offset and a ray ``(rx, ry)`` (the offset plus any whole number >= 0 of ray steps), as a loop
whose body steps once in one direction makes. Every ``add`` records where the piece lands, every capture where it
captures. Directions written as link tables, jumps to fixed positions that are not undone by ``back``, other
loops, cascades, ``from`` and ``to`` give up (None: the piece is always tried). The result over-approximates: it
answers "maybe" for every square a real run could take on.
"""

from __future__ import annotations

import dataclasses

from fairyport.program import nodes as pn

Offset = tuple[int, int]


@dataclasses.dataclass(frozen=True)
class Pattern:
    """``offset + k * ray`` for every k >= 0 (no ray: the offset alone)."""

    offset: Offset
    ray: Offset | None = None

    def step(self, by: Offset) -> Pattern:
        """The pattern one step of ``by`` further."""
        return Pattern((self.offset[0] + by[0], self.offset[1] + by[1]), self.ray)


State = frozenset[Pattern] | None
"""Where the current position may be (None: somewhere not known)."""
ORIGIN: frozenset[Pattern] = frozenset({Pattern((0, 0))})
MAX_PATTERNS = 64
"""More patterns than this for one piece: give up (the test would cost more than the run it spares)."""


class _GiveUp(Exception):
    """The block does something the analysis does not follow."""


def piece_reach(blocks: list[tuple[pn.Instruction, ...]],
                offsets: dict[str, Offset | None]) -> frozenset[Pattern] | None:
    """The patterns where the blocks (bodies) may take a piece, ``offsets`` giving each direction's grid step (None
    for a link table); None when not known."""
    found: set[Pattern] = set()
    try:
        for body in blocks:
            _Walk(offsets, found).sequence(body, ORIGIN, ORIGIN)
    except _GiveUp:
        return None
    if len(found) > MAX_PATTERNS:
        return None
    return frozenset(found)


@dataclasses.dataclass
class _Walk:
    offsets: dict[str, Offset | None]
    found: set[Pattern]

    def offset(self, direction: str) -> Offset:
        step = self.offsets.get(direction)
        if step is None:
            raise _GiveUp
        return step

    def sequence(self, body: tuple[pn.Instruction, ...], state: State, mark: State) -> tuple[State, State]:
        for item in body:
            state, mark = self.instruction(item, state, mark)
        return state, mark

    def here(self, state: State) -> frozenset[Pattern]:
        if state is None:
            raise _GiveUp
        return state

    def instruction(self, item: pn.Instruction, state: State, mark: State) -> tuple[State, State]:
        if isinstance(item, pn.Step):
            return self.toward(state, item.direction), mark
        if isinstance(item, pn.Jump):
            return (state if isinstance(item.where, pn.Here) else
                    self.toward(state, item.where.direction) if isinstance(item.where, pn.Toward) else None), mark
        if isinstance(item, pn.GoTo):
            if item.anchor is pn.Anchor.MARK:
                return mark, mark
            if item.anchor is pn.Anchor.FROM:
                return ORIGIN, mark
            return None, mark
        if isinstance(item, pn.Mark):
            if isinstance(item.where, pn.Here):
                return state, state
            if isinstance(item.where, pn.Toward):
                return state, self.toward(state, item.where.direction)
            return state, None
        if isinstance(item, pn.If):
            then, then_mark = self.sequence(item.then, state, mark)
            other, other_mark = self.sequence(item.otherwise, state, mark)
            return _join(then, other), _join(then_mark, other_mark)
        if isinstance(item, pn.While):
            return self.loop(item, state, mark)
        if isinstance(item, pn.Add):
            self.found.update(self.here(state))
            return state, mark
        if isinstance(item, pn.Affect):
            if item.effect is pn.Effect.CAPTURE:
                where = item.where
                if isinstance(where, pn.Here):
                    self.found.update(self.here(state))
                elif isinstance(where, pn.Toward):
                    self.found.update(self.here(self.toward(state, where.direction)))
                else:
                    raise _GiveUp
            return state, mark
        if isinstance(item, (pn.Cascade, pn.From, pn.To)):
            raise _GiveUp
        return state, mark  # verify, flags, attributes, changes of type, creations: the position stays

    def toward(self, state: State, direction: str) -> State:
        if state is None:
            return None
        by = self.offset(direction)
        return frozenset(p.step(by) for p in state)

    def loop(self, item: pn.While, state: State, mark: State) -> tuple[State, State]:
        """A loop whose body steps once in one direction (and marks nothing): its positions are rays; another loop
        gives up unless its body leaves the position where it was."""
        if state is None:  # a walk somewhere (to be undone by ``back``): it must take nothing
            return self.sequence(item.body, None, mark)[0], mark
        probe = _Walk(self.offsets, set())
        moved, _ = probe.sequence(item.body, ORIGIN, ORIGIN)
        if moved == ORIGIN:  # the body comes back (or never moves): one pass shows what it takes
            return self.sequence(item.body, state, mark)[0], mark
        if moved is None or len(moved) != 1:
            raise _GiveUp
        (pattern,) = moved
        if pattern.ray is not None or pattern.offset == (0, 0):
            raise _GiveUp
        entry = self.here(state)
        if any(p.ray is not None for p in entry):
            raise _GiveUp
        rays = frozenset(Pattern(p.offset, pattern.offset) for p in entry)
        self.sequence(item.body, rays, mark)
        return rays, mark


def _join(a: State, b: State) -> State:
    return None if a is None or b is None else a | b
