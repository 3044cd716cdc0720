"""Move programs compiled to Python closures, and the state one program run works on.

Each instruction of a move or drop block becomes a closure ``op(run) -> bool`` (False abandons the branch), each
condition a closure ``cond(run) -> bool``; the tree is walked once, at load time, never per move. A run reads the
*unchanged* board and only records what the move will do (captures, cascaded sub-moves, flips, type and owner changes,
creations, attribute settings; docs/zrf.md, "What Zillions documents"); ``add`` and its relatives hand the recorded
state to ``run.sink``, which builds the move (generation) or checks it against a target (attack tests).

Pieces are tuples ``(owner, type, attributes)`` of integers (``attributes`` a bit mask of the game's boolean
attributes); an empty position holds None.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from fairyport.errors import UnsupportedError
from fairyport.zrf.interpreter.board import NO_LINK
from fairyport.zrf.interpreter.constants import (
    ATTACK_NESTED_RESULT,
    ATTACK_PLACES_MOVER,
    MAX_ATTACK_DEPTH,
    MAX_STEPS,
    UNDEFINED_ZONE_IS_EMPTY,
)
from fairyport.zrf.interpreter.tables import GameTables
from fairyport.zrf.syntax.nodes import Atom, Node, SList, String, to_text

Piece = tuple[int, int, int]
Op = Callable[["Run"], bool]
Cond = Callable[["Run"], bool]
Sink = Callable[["Run", "tuple[int, ...] | None", int, int], None]
"""``sink(run, types, kind, partial_type)``: ``kind`` 0 add, 1 add-copy, 2 add-partial, 3 add-copy-partial;
``types`` the promotion choices (None: keep the type); ``partial_type`` the continuation's move type."""


@dataclasses.dataclass
class Block:
    """One compiled move or drop block."""

    move_type: int
    run: Op
    node: SList


ADD, ADD_COPY, ADD_PARTIAL, ADD_COPY_PARTIAL = 0, 1, 2, 3
_ADD_KINDS = {"add": ADD, "add-copy": ADD_COPY, "add-partial": ADD_PARTIAL, "add-copy-partial": ADD_COPY_PARTIAL}
SAME_TYPE = -1
"""``partial_type`` of an ``add-partial`` without a move type: the block's own type."""


class RunError(Exception):
    """A run went past a bound; carries the node to locate the error."""

    def __init__(self, node: Node, reason: str) -> None:
        super().__init__(reason)
        self.node = node
        self.reason = reason


class Run:
    """The state of one move-block run (docs/zrf.md, "What Zillions documents")."""

    __slots__ = ("attack", "block_type", "board", "captures", "cascades", "cur", "dropped", "flags", "frm",
                 "game", "last_from", "last_to", "mark", "pflags", "piece", "position", "post", "side", "sink",
                 "start", "steps", "to")

    def __init__(self, game: GameTables, position: Any, board: list[Piece | None], side: int, start: int,
                 piece: Piece | None, sink: Sink, block_type: int, *, dropped: bool = False, attack: int = 0) -> None:
        self.game = game
        self.position = position
        self.board = board
        self.side = side
        self.start = start
        self.cur = start
        self.frm = -1 if dropped else start
        self.piece = piece
        self.dropped = dropped
        self.to = NO_LINK
        self.mark = start
        self.flags: dict[str, bool] | None = None
        self.pflags: dict[tuple[str, int], bool] | None = None
        self.captures: list[int] = []
        self.cascades: list[tuple[int, int, Piece | None, bool]] = []
        self.post: list[tuple[str, int, int]] = []
        self.sink = sink
        self.steps = 0
        self.block_type = block_type
        self.attack = attack
        self.last_from: int = position.last_from
        self.last_to: int = position.last_to


def _unsupported(node: Node, what: str) -> UnsupportedError:
    name = to_text(node) if not isinstance(node, SList) else f"({node.head or to_text(node)} ...)"
    return UnsupportedError(f"the ZRF interpreter cannot run {what} {name}{node.where()}", node.location,
                            feature=name)


def missing_argument(node: Node) -> bool:
    """An atom ``$N`` a macro call left unsubstituted (the call had fewer arguments)."""
    return isinstance(node, Atom) and len(node.text) > 1 and node.text[0] == "$" and node.text[1:].isdecimal()


def name_text(node: Node) -> str | None:
    """The name an atom or a string spells (None for a list)."""
    if isinstance(node, Atom):
        return node.text
    if isinstance(node, String):
        return node.value
    return None


def split_else(body: list[Node]) -> tuple[list[Node], list[Node] | None]:
    """The body of an ``if`` split at its ``else`` atom: the then-part and the else-part (None without ``else``)."""
    split = next((i for i, item in enumerate(body) if isinstance(item, Atom) and item.text == "else"), None)
    return (body, None) if split is None else (body[:split], body[split + 1:])


def _seq(ops: list[Op]) -> Op:
    if len(ops) == 1:
        return ops[0]

    def run(r: Run) -> bool:
        for op in ops:  # noqa: SIM110 - a plain loop is faster than all() over a generator
            if not op(r):
                return False
        return True
    return run


class Compiler:
    """Compiles the move language of one game (names resolved against its players, types, board ...)."""

    def __init__(self, game: GameTables) -> None:
        self.game = game

    # -- names -------------------------------------------------------------------------------------------

    def _position(self, node: Node) -> int:
        text = self._text(node)
        index = self.game.board.index.get(text)
        if index is None:
            raise _unsupported(node, "an unknown position in")
        return index

    def _text(self, node: Node) -> str:
        text = name_text(node)
        if text is None:
            raise _unsupported(node, "a list where a name is expected:")
        return text

    def _type(self, node: Node) -> int:
        index = self.game.type_index.get(self._text(node))
        if index is None:
            raise _unsupported(node, "an unknown piece type in")
        return index

    def _is_position(self, node: Node) -> bool:
        return isinstance(node, Atom) and node.text in self.game.board.index

    def _where(self, args: list[Node], node: Node) -> Callable[[Run], int] | None:
        """An optional position argument: a position name, or a direction stepped from the current position."""
        if not args:
            return None
        if len(args) > 1:
            raise _unsupported(node, "too many arguments in")
        arg = args[0]
        if self._is_position(arg):
            fixed = self._position(arg)
            return lambda r: fixed
        if isinstance(arg, Atom) and arg.text in self.game.board.direction_index:
            tables = [table[self.game.board.direction_index[arg.text]] for table in self.game.board.step]
            return lambda r: tables[r.side][r.cur]
        board = self.game.board
        if (isinstance(arg, SList) and arg.head == "opposite" and len(arg.items) == 2
                and isinstance(arg.items[1], Atom) and arg.items[1].text in board.direction_index
                and board.opposite[board.direction_index[arg.items[1].text]] != NO_LINK):
            back = board.opposite[board.direction_index[arg.items[1].text]]
            opposite_tables = [table[back] for table in board.step]
            return lambda r: opposite_tables[r.side][r.cur]
        raise _unsupported(arg, "an unknown position argument")

    # -- instructions ------------------------------------------------------------------------------------

    def block(self, node: SList) -> Op:
        """One move block: its instructions in order."""
        return self.sequence(node.items, node)

    def sequence(self, items: list[Node], node: Node) -> Op:
        """Instructions run left to right (a macro argument ``$N`` left by a call without it is nothing, as in
        Zillions)."""
        ops = [self.instruction(item) for item in items if not missing_argument(item)]
        if not ops:
            return lambda r: True
        return _seq(ops)

    def instruction(self, node: Node) -> Op:
        """One instruction."""
        board = self.game.board
        if isinstance(node, String):
            raise _unsupported(node, "a string as an instruction:")
        if isinstance(node, Atom):
            text = node.text
            if text in board.direction_index:
                return self._step(board.direction_index[text])
            if text in board.index:
                target = board.index[text]

                def jump(r: Run) -> bool:
                    r.cur = target
                    return True
                return jump
            simple = self._simple(text, node)
            if simple is not None:
                return simple
            raise _unsupported(node, "the instruction")
        assert isinstance(node, SList)
        head = node.head
        args = [a for a in node.args if not missing_argument(a)]
        if head is None:
            return self.sequence(node.items, node)
        if head == "verify":
            if len(args) != 1:
                raise _unsupported(node, "a verify without exactly one condition:")
            return self.condition(args[0])
        if head == "if":
            return self._if(node)
        if head == "while":
            return self._while(node)
        if head in _ADD_KINDS:
            return self._add(node, _ADD_KINDS[head])
        if head == "opposite":
            if len(args) != 1 or not isinstance(args[0], Atom) or args[0].text not in board.direction_index:
                raise _unsupported(node, "an opposite without a direction:")
            d = board.direction_index[args[0].text]
            if board.opposite[d] == NO_LINK:
                raise _unsupported(node, "an opposite of a direction that has none:")
            return self._step(board.opposite[d])
        if head in ("capture", "flip", "change-owner", "mark", "back"):
            where = self._where(args, node)
            if where is None:
                simple = self._simple(head, node)
                assert simple is not None
                return simple
            return self._at(head, where)
        if head == "go":
            return self._go(node)
        if head == "change-type":
            return self._change_type(node)
        if head == "create":
            return self._create(node)
        if head == "set-attribute":
            return self._set_attribute(node)
        if head == "set-flag":
            return self._set_flag(node)
        if head == "set-position-flag":
            return self._set_position_flag(node)
        if head in self.game.type_index and not args:
            raise _unsupported(node, "a piece type as an instruction:")
        raise _unsupported(node, "the instruction")

    def _step(self, d: int) -> Op:
        tables = [table[d] for table in self.game.board.step]

        def step(r: Run) -> bool:
            nxt = tables[r.side][r.cur]
            if nxt < 0:
                return False
            r.cur = nxt
            return True
        return step

    def _simple(self, text: str, node: Node) -> Op | None:
        if text in _ADD_KINDS:
            kind = _ADD_KINDS[text]

            def add(r: Run) -> bool:
                r.sink(r, None, kind, SAME_TYPE)
                return True
            return add
        if text == "from":
            def frm(r: Run) -> bool:
                piece = r.board[r.cur]
                if piece is None:
                    return False
                r.frm = r.cur
                r.piece = piece
                r.dropped = False
                return True
            return frm
        if text == "to":
            def to(r: Run) -> bool:
                r.to = r.cur
                return True
            return to
        if text == "mark":
            def mark(r: Run) -> bool:
                r.mark = r.cur
                return True
            return mark
        if text == "back":
            def back(r: Run) -> bool:
                r.cur = r.mark
                return True
            return back
        if text == "cascade":
            def cascade(r: Run) -> bool:
                dest = r.to if r.to != NO_LINK else r.cur
                r.cascades.append((r.frm, dest, r.piece, r.dropped))
                r.frm = r.cur
                r.piece = r.board[r.cur]
                r.dropped = False
                r.to = NO_LINK
                return True
            return cascade
        if text in ("capture", "flip", "change-owner"):
            return self._at(text, lambda r: r.cur)
        return None

    def _at(self, what: str, where: Callable[[Run], int]) -> Op:
        if what == "capture":
            def capture(r: Run) -> bool:
                p = where(r)
                if p < 0:
                    return False
                r.captures.append(p)
                return True
            return capture
        if what in ("flip", "change-owner"):
            def owner(r: Run) -> bool:
                p = where(r)
                if p < 0:
                    return False
                r.post.append((what, p, 0))
                return True
            return owner
        if what == "mark":
            def mark(r: Run) -> bool:
                p = where(r)
                if p < 0:
                    return False
                r.mark = p
                return True
            return mark

        def back(r: Run) -> bool:
            p = where(r)
            if p < 0:
                return False
            r.cur = p
            return True
        return back

    def _if(self, node: SList) -> Op:
        args = node.args
        if not args:
            raise _unsupported(node, "an if without a condition:")
        cond = self.condition(args[0])
        then_part, else_part = split_else(args[1:])
        then = self.sequence(then_part, node)
        other = None if else_part is None else self.sequence(else_part, node)
        if other is None:
            def if_(r: Run) -> bool:
                return then(r) if cond(r) else True
            return if_
        otherwise = other

        def if_else(r: Run) -> bool:
            return then(r) if cond(r) else otherwise(r)
        return if_else

    def _while(self, node: SList) -> Op:
        args = node.args
        if not args:
            raise _unsupported(node, "a while without a condition:")
        cond = self.condition(args[0])
        body = self.sequence(args[1:], node)

        def while_(r: Run) -> bool:
            while cond(r):
                r.steps += 1
                if r.steps > MAX_STEPS:
                    raise RunError(node, f"a while loop ran past {MAX_STEPS:,} turns")
                if not body(r):
                    return False
            return True
        return while_

    def _add(self, node: SList, kind: int) -> Op:
        types: list[int] = []
        partial = SAME_TYPE
        for arg in node.args:
            text = self._text(arg)
            if text in self.game.type_index:
                types.append(self.game.type_index[text])
            elif kind in (ADD_PARTIAL, ADD_COPY_PARTIAL) and isinstance(arg, Atom):
                partial = self.game.declare_move_type(text)
            else:
                raise _unsupported(arg, "an unknown piece or move type in")
        choice = tuple(types) if types else None

        def add(r: Run) -> bool:
            r.sink(r, choice, kind, partial)
            return True
        return add

    def _go(self, node: SList) -> Op:
        if len(node.args) != 1 or not isinstance(node.args[0], Atom):
            raise _unsupported(node, "a go without one of from, to, last-from, last-to, mark:")
        where = node.args[0].text
        getters: dict[str, Callable[[Run], int]] = {
            "from": lambda r: r.frm if r.frm >= 0 else r.start,
            "to": lambda r: r.to,
            "last-from": lambda r: r.last_from,
            "last-to": lambda r: r.last_to,
            "mark": lambda r: r.mark,
        }
        if where not in getters:
            raise _unsupported(node, "a go to")
        get = getters[where]

        def go(r: Run) -> bool:
            p = get(r)
            if p < 0:
                return False
            r.cur = p
            return True
        return go

    def _split_type_position(self, node: SList, args: list[Node]) -> tuple[int, Callable[[Run], int]]:
        if not args or len(args) > 2:
            raise _unsupported(node, "a wrong number of arguments in")
        kind = self._type(args[0])
        where = self._where(args[1:], node) or (lambda r: r.cur)
        return kind, where

    def _change_type(self, node: SList) -> Op:
        kind, where = self._split_type_position(node, node.args)

        def change(r: Run) -> bool:
            p = where(r)
            if p < 0:
                return False
            r.post.append(("change-type", p, kind))
            return True
        return change

    def _create(self, node: SList) -> Op:
        args = list(node.args)
        owner = -1
        if args and isinstance(args[0], Atom) and args[0].text in self.game.player_index:
            owner = self.game.player_index[self._text(args.pop(0))]
        if len(args) == 1 and self._is_position(args[0]) and self._text(args[0]) not in self.game.type_index:
            fixed = self._position(args[0])
            players = len(self.game.players)

            def create_same(r: Run) -> bool:
                if r.piece is None:
                    return False
                who = owner if owner >= 0 else r.side
                r.post.append(("create", fixed, r.piece[1] * players + who))
                return True
            return create_same
        kind, where = self._split_type_position(node, args)
        code = kind * len(self.game.players) + owner if owner >= 0 else -1 - kind

        def create(r: Run) -> bool:
            p = where(r)
            if p < 0:
                return False
            r.post.append(("create", p, code))
            return True
        return create

    def _value(self, node: Node) -> Cond:
        """A flag or attribute value: ``true``, ``false`` or a condition evaluated when the instruction runs."""
        if isinstance(node, Atom) and node.text in ("true", "false"):
            fixed = node.text == "true"
            return lambda r: fixed
        try:
            return self.condition(node)
        except UnsupportedError:
            raise _unsupported(node, "a value that is neither true, false nor a condition:") from None

    def _set_attribute(self, node: SList) -> Op:
        args = node.args
        if len(args) != 2:
            raise _unsupported(node, "a set-attribute without a name and a value:")
        name = self._text(args[0])
        bit = self.game.attribute_bit.get(name)
        if bit is None:
            raise _unsupported(args[0], "an undeclared attribute in")
        value = self._value(args[1])

        def set_attribute(r: Run) -> bool:
            r.post.append(("attribute", r.cur, bit if value(r) else -bit))
            return True
        return set_attribute

    def _set_flag(self, node: SList) -> Op:
        args = node.args
        if len(args) != 2:
            raise _unsupported(node, "a set-flag without a name and a value:")
        name = self._text(args[0])
        value = self._value(args[1])

        def set_flag(r: Run) -> bool:
            if r.flags is None:
                r.flags = {}
            r.flags[name] = value(r)
            return True
        return set_flag

    def _set_position_flag(self, node: SList) -> Op:
        args = node.args
        if len(args) not in (2, 3):
            raise _unsupported(node, "a set-position-flag without a name and a value:")
        name = self._text(args[0])
        value = self._value(args[1])
        where = self._where(args[2:], node) or (lambda r: r.cur)

        def set_position_flag(r: Run) -> bool:
            p = where(r)
            if p < 0:
                return False
            if r.pflags is None:
                r.pflags = {}
            r.pflags[(name, p)] = value(r)
            return True
        return set_position_flag

    # -- conditions --------------------------------------------------------------------------------------

    def condition(self, node: Node) -> Cond:
        """One condition (also usable as an instruction: a failed condition abandons the branch)."""
        if isinstance(node, String):
            raise _unsupported(node, "a string as a condition:")
        if isinstance(node, Atom):
            text = node.text
            if text == "true":
                return lambda r: True
            if text == "false":
                return lambda r: False
            base = self._predicate(text, [], node)
            if base is not None:
                return base
            if text.startswith("not-"):
                inner = self._predicate(text[4:], [], node)
                if inner is not None:
                    positive = inner
                    return lambda r: not positive(r)
            raise _unsupported(node, "the condition")
        assert isinstance(node, SList)
        head = node.head
        args = [a for a in node.args if not missing_argument(a)]
        if head == "not":
            if len(args) != 1:
                raise _unsupported(node, "a not without exactly one condition:")
            negated = self.condition(args[0])
            return lambda r: not negated(r)
        if head in ("and", "or"):
            parts = [self.condition(a) for a in args]
            if head == "and":
                return lambda r: all(part(r) for part in parts)
            return lambda r: any(part(r) for part in parts)
        if head is not None:
            base = self._predicate(head, args, node)
            if base is not None:
                return base
            if head.startswith("not-"):
                inner = self._predicate(head[4:], args, node)
                if inner is not None:
                    positive = inner
                    return lambda r: not positive(r)
        raise _unsupported(node, "the condition")

    def _predicate(self, name: str, args: list[Node], node: Node) -> Cond | None:
        game = self.game
        if name in ("empty?", "enemy?", "friend?", "neutral?", "last-from?", "last-to?", "marked?",
                    "adjacent-to-enemy?", "goal-position?"):
            where = self._where(args, node) or (lambda r: r.cur)
            return self._occupancy(name, where)
        if name == "piece?":
            if not args:
                raise _unsupported(node, "a piece? without a type:")
            kind, where = self._split_type_position(node if isinstance(node, SList) else SList([node]), args)

            def piece(r: Run) -> bool:
                p = where(r)
                if p < 0:
                    return False
                occupant = r.board[p]
                return occupant is not None and occupant[1] == kind
            return piece
        if name == "position?":
            if len(args) != 1:
                raise _unsupported(node, "a position? without one position:")
            target = self._position(args[0])
            return lambda r: r.cur == target
        if name == "in-zone?":
            return self._in_zone(args, node)
        if name == "on-board?":
            return self._on_board(args, node)
        if name == "flag?":
            if len(args) != 1:
                raise _unsupported(node, "a flag? without one name:")
            flag = self._text(args[0])
            return lambda r: r.flags is not None and r.flags.get(flag, False)
        if name == "position-flag?":
            if not args or len(args) > 2:
                raise _unsupported(node, "a position-flag? without a name:")
            flag = self._text(args[0])
            where = self._where(args[1:], node) or (lambda r: r.cur)

            def position_flag(r: Run) -> bool:
                return r.pflags is not None and r.pflags.get((flag, where(r)), False)
            return position_flag
        if name in ("attacked?", "defended?"):
            return self._attacked(name, args, node)
        if name in game.attribute_bit:
            bit = game.attribute_bit[name]
            at = self._where(args, node) or (lambda r: r.cur)

            def attribute(r: Run) -> bool:
                p = at(r)
                if p < 0:
                    return False
                occupant = r.board[p]
                return occupant is not None and bool(occupant[2] & bit)
            return attribute
        return None

    def _in_zone(self, args: list[Node], node: Node) -> Cond:
        """``(in-zone? Z [P])``: whether the position is in the mover's zone Z."""
        game = self.game
        if not args or len(args) > 2:
            raise _unsupported(node, "an in-zone? without a zone:")
        zone = self._text(args[0])
        if zone not in game.board.zones and not UNDEFINED_ZONE_IS_EMPTY:
            raise _unsupported(args[0], "an unknown zone in")
        sets = game.board.zones.get(zone) or [frozenset()] * len(game.players)
        where = self._where(args[1:], node) or (lambda r: r.cur)

        def in_zone(r: Run) -> bool:
            p = where(r)
            return p >= 0 and p in sets[r.side]
        return in_zone

    def _on_board(self, args: list[Node], node: Node) -> Cond:
        """``(on-board? [D|P])``: whether the position (or its step along D) is on the board."""
        game = self.game
        if not args:
            dummy = game.board.dummy
            return lambda r: not dummy[r.cur]
        if len(args) != 1:
            raise _unsupported(node, "an on-board? without one direction or position:")
        arg = args[0]
        if isinstance(arg, Atom) and arg.text in game.board.direction_index:
            tables = [table[game.board.direction_index[arg.text]] for table in game.board.step]
            return lambda r: tables[r.side][r.cur] >= 0
        if self._is_position(arg):
            return lambda r: True
        return lambda r: False

    def _attacked(self, name: str, args: list[Node], node: Node) -> Cond:
        """``(attacked? [T] [P])``, ``(defended? [T] [P])``: whether a move of type T (any) attacks (defends) P."""
        game = self.game
        move_type = -2
        rest = list(args)
        if rest and isinstance(rest[0], Atom) and rest[0].text in game.move_type_index:
            move_type = game.move_type_index[self._text(rest.pop(0))]
        at = self._where(rest, node) or (lambda r: r.cur)
        defended = name == "defended?"

        def attacked(r: Run) -> bool:
            if r.attack >= MAX_ATTACK_DEPTH:
                return ATTACK_NESTED_RESULT
            p = at(r)
            if p < 0:
                return False
            return bool(r.position.attacked(p, r.side, r.piece if ATTACK_PLACES_MOVER else None,
                                            move_type, defended=defended, depth=r.attack + 1))
        return attacked

    def _occupancy(self, name: str, where: Callable[[Run], int]) -> Cond:
        neutral = self.game.neutral
        if name == "empty?":
            def empty(r: Run) -> bool:
                p = where(r)
                return p >= 0 and r.board[p] is None
            return empty
        if name == "enemy?":
            def enemy(r: Run) -> bool:
                p = where(r)
                if p < 0:
                    return False
                occupant = r.board[p]
                return occupant is not None and occupant[0] != r.side and not neutral[occupant[0]]
            return enemy
        if name == "friend?":
            def friend(r: Run) -> bool:
                p = where(r)
                if p < 0:
                    return False
                occupant = r.board[p]
                return occupant is not None and occupant[0] == r.side
            return friend
        if name == "neutral?":
            def is_neutral(r: Run) -> bool:
                p = where(r)
                if p < 0:
                    return False
                occupant = r.board[p]
                return occupant is not None and neutral[occupant[0]]
            return is_neutral
        if name == "last-from?":
            return lambda r: where(r) == r.last_from
        if name == "last-to?":
            return lambda r: where(r) == r.last_to
        if name == "marked?":
            return lambda r: where(r) == r.mark
        if name == "goal-position?":
            goal_positions = self.game.goal_positions
            return lambda r: where(r) in goal_positions[r.side]
        steps = self.game.board.links

        def adjacent(r: Run) -> bool:
            p = where(r)
            if p < 0:
                return False
            for table in steps:
                q = table[p]
                if q >= 0:
                    occupant = r.board[q]
                    if occupant is not None and occupant[0] != r.side and not neutral[occupant[0]]:
                        return True
            return False
        return adjacent
