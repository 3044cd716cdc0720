"""A compiled ZRF game lowered into the format-neutral :class:`~fairyport.program.game.GameProgram`.

The interpreter's compiled :class:`~fairyport.zrf.interpreter.game.Game` has resolved every name (players, piece
types, positions, directions with each player's symmetry, zones, move types) and keeps each block's
macro-expanded syntax; this module walks that syntax as :meth:`~fairyport.zrf.interpreter.program.Compiler`
does and builds the typed program instead of closures. Whatever the interpreter would refuse is refused here
the same way (a located :class:`~fairyport.errors.UnsupportedError` naming the construct).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from fairyport.errors import UnsupportedError
from fairyport.program import game as pg
from fairyport.program import nodes as pn
from fairyport.zrf.interpreter import constants
from fairyport.zrf.interpreter.board import NO_LINK, Board
from fairyport.zrf.interpreter.constants import ANY_TYPE
from fairyport.zrf.interpreter.engine import compile_variant
from fairyport.zrf.interpreter.game import UNTYPED, Game
from fairyport.zrf.interpreter.program import missing_argument, name_text, split_else
from fairyport.zrf.syntax.nodes import Atom, Node, SList, String, to_text
from fairyport.zrf.typed.reader import read_variant

_ADD_KINDS = {k.value: k for k in pn.AddKind}
_EFFECTS = {"capture": pn.Effect.CAPTURE, "flip": pn.Effect.FLIP, "change-owner": pn.Effect.CHANGE_OWNER}
_OCCUPANTS = {"empty?": pn.Occupant.EMPTY, "friend?": pn.Occupant.FRIEND, "enemy?": pn.Occupant.ENEMY,
              "neutral?": pn.Occupant.NEUTRAL}
_ANCHORS = {"last-from?": pn.Anchor.LAST_FROM, "last-to?": pn.Anchor.LAST_TO, "marked?": pn.Anchor.MARK}


def _unsupported(node: Node, what: str) -> UnsupportedError:
    text = to_text(node)
    return UnsupportedError(f"the program cannot hold {what} {text}{node.where()}", node.location,
                            feature=text if len(text) < 60 else text[:57] + "...")


def lower_file(path: Path, variant: str | None = None) -> pg.GameProgram:
    """Read, compile and lower the ZRF file ``path`` (variant by title or 1-based number)."""
    return lower_game(compile_variant(read_variant(path, variant)))


def lower_game(game: Game) -> pg.GameProgram:
    """The program of a compiled ZRF game."""
    lowering = _Lowering(game)
    return lowering.program()


class _Lowering:
    def __init__(self, game: Game) -> None:
        self.game = game

    # -- names -------------------------------------------------------------------------------------------

    def _text(self, node: Node) -> str:
        text = name_text(node)
        if text is None:
            raise _unsupported(node, "a list where a name is expected:")
        return text

    def _type(self, node: Node) -> str:
        text = self._text(node)
        if text not in self.game.type_index:
            raise _unsupported(node, "an unknown piece type in")
        return text

    def _where(self, args: list[Node], node: Node) -> pn.Where:
        if not args:
            return pn.HERE
        if len(args) > 1:
            raise _unsupported(node, "too many arguments in")
        arg = args[0]
        board = self.game.board
        if isinstance(arg, Atom) and arg.text in board.index:
            return pn.At(arg.text)
        if isinstance(arg, Atom) and arg.text in board.direction_index:
            return pn.Toward(arg.text)
        if (isinstance(arg, SList) and arg.head == "opposite" and len(arg.items) == 2
                and isinstance(arg.items[1], Atom) and arg.items[1].text in board.direction_index):
            back = board.opposite[board.direction_index[arg.items[1].text]]
            if back != NO_LINK:
                return pn.Toward(board.directions[back])
        raise _unsupported(arg, "an unknown position argument")

    # -- the game ----------------------------------------------------------------------------------------

    def program(self) -> pg.GameProgram:
        game = self.game
        board = game.board
        positions = []
        # ZRF grids count their second dimension down the screen; the program's cells count ranks up
        top = max((c[1] for c in board.grid_coordinates if c is not None and len(c) == 2), default=0)
        grid = {p: (c[0], top - c[1]) for p, c in enumerate(board.grid_coordinates) if c is not None and len(c) == 2}
        drawn = _drawn_cells(board) or _beside_grid(board, grid)
        if _linked_off(board, drawn or grid):  # the grid and its pitch do not hold the board: its drawing may
            drawn = _drawn_cells(board, over_grids=True) or drawn
        for p, name in enumerate(board.names):
            cell = drawn.get(p) if drawn else grid.get(p)
            positions.append(pg.Position(name, cell, board.dummy[p]))
        links = {d: {board.names[p]: board.names[q] for p, q in enumerate(board.links[i]) if q != NO_LINK}
                 for i, d in enumerate(board.directions)}
        symmetry: dict[str, dict[str, str]] = {}
        for player_index, player in enumerate(game.players):
            mapping = {}
            for i, d in enumerate(board.directions):
                table = board.step[player_index][i]
                for j, other in enumerate(board.directions):
                    if board.links[j] is table and j != i:
                        mapping[d] = other
                        break
            symmetry[player] = mapping
        zones = {z: {game.players[i]: frozenset(board.names[p] for p in sets[i]) for i in range(len(game.players))}
                 for z, sets in board.zones.items()}
        pieces = []
        for kind, name in enumerate(game.types):
            moves = tuple(self._block(b.node, b.move_type) for b in game.blocks[kind])
            drops = tuple(self._block(b.node, b.move_type) for b in game.drops[kind])
            attributes = tuple((a, bool(game.initial_attributes[kind] & bit))
                               for a, bit in game.attribute_bit.items())
            pieces.append(pg.PieceProgram(name, game.notation[kind], moves, drops, attributes))
        turns = tuple(pg.Turn(game.players[t.player], game.players[t.owner],
                              None if t.move_type == ANY_TYPE else game.move_types[t.move_type])
                      for t in game.turns)
        setup = {board.names[p]: (game.players[piece[0]], game.types[piece[1]])
                 for p, piece in enumerate(game.setup) if piece is not None}
        stock = {(game.players[o], game.types[k]): n for (o, k), n in game.stock.items() if n}
        goals = [self._goal(g.kind, g.players, g.node) for g in game.goals]
        for index, royal in enumerate(game.royal):
            if royal:
                goals.append(pg.Goal(pg.Outcome.LOSS, (game.players[index],),
                                     pg.Checkmated(tuple(game.types[k] for k in sorted(royal)))))
        options = pg.Options(game.pass_turn, game.pass_partial, game.maximal_captures, game.recycle_captures,
                             tuple(game.move_types[m] for m in game.priorities),
                             tuple(p for i, p in enumerate(game.players) if game.neutral[i]))
        return pg.GameProgram(game.title, tuple(game.players), pg.BoardProgram(tuple(positions), links, symmetry,
                                                                               zones),
                              tuple(pieces), turns, setup, stock, tuple(goals), options, game.repeat_from,
                              str(game.location))

    def _block(self, node: SList, move_type: int) -> pg.Block:
        return pg.Block(self.sequence(node.items), None if move_type == UNTYPED else self.game.move_types[move_type],
                        node.where().strip(" ()"))

    # -- goals -------------------------------------------------------------------------------------------

    def _goal(self, kind: str, players: list[int], node: Node) -> pg.Goal:
        outcome = pg.Outcome(kind)
        return pg.Goal(outcome, tuple(self.game.players[p] for p in players), self._goal_condition(node))

    def _goal_condition(self, node: Node) -> pg.GoalCondition:
        head = node.text if isinstance(node, Atom) else node.head if isinstance(node, SList) else None
        if head == "stalemated":
            return pg.Stalemated()
        if not isinstance(node, SList) or head is None:
            raise _unsupported(node, "the goal")
        args = node.args
        if head == "not" and len(args) == 1:
            return pg.GoalNot(self._goal_condition(args[0]))
        if head in ("and", "or"):
            parts = tuple(self._goal_condition(a) for a in args)
            return pg.GoalAll(parts) if head == "and" else pg.GoalAny(parts)
        if head in ("pieces-remaining", "total-piece-count"):
            count = args[0].integer if args and isinstance(args[0], Atom) else None
            if count is None:
                raise _unsupported(node, "the goal")
            kind = self._type(args[1]) if len(args) == 2 else None
            return pg.PiecesRemaining(count, kind, head == "total-piece-count", constants.COUNT_GOALS_EXACTLY,
                                      self.game.include_off_pieces)
        if head == "captured":
            return pg.Captured(tuple(self._type(a) for a in args))
        if head == "absolute-config" and len(args) >= 2:
            return pg.AbsoluteConfig(tuple(self._config_piece(a) for a in args[:-1]), self._elements(args[-1]))
        if head == "relative-config" and len(args) >= 3 and len(args) % 2 == 1:
            directions = []
            for arg in args[1::2]:
                if not isinstance(arg, Atom) or arg.text not in self.game.board.direction_index:
                    raise _unsupported(arg, "an unknown direction in the goal")
                directions.append(arg.text)
            return pg.RelativeConfig(tuple(self._config_piece(a) for a in args[::2]), tuple(directions))
        raise _unsupported(node, "the goal")

    def _config_piece(self, arg: Node) -> pg.ConfigPiece:
        """``T``, ``(opponent T)``, ``(any-owner T)`` or ``(not T)``."""
        if isinstance(arg, SList) and len(arg.items) == 2 and arg.head in ("opponent", "any-owner", "not"):
            owner = {"opponent": "opponent", "any-owner": "any", "not": "own"}[arg.head or ""]
            return pg.ConfigPiece(self._type(arg.items[1]), owner, arg.head == "not")
        return pg.ConfigPiece(self._type(arg))

    def _elements(self, node: Node) -> tuple[dict[str, tuple[str, ...]], ...]:
        board = self.game.board
        items = node.items if isinstance(node, SList) else [node]
        elements: list[dict[str, tuple[str, ...]]] = []
        for item in items:
            text = item.text if isinstance(item, Atom) else None
            if text is not None and text in board.index:
                elements.append({p: (text,) for p in self.game.players})
            elif text is not None and text in board.zones:
                elements.append({p: tuple(sorted(board.names[q] for q in board.zones[text][i]))
                                 for i, p in enumerate(self.game.players)})
            else:
                raise _unsupported(item, "an unknown position or zone in the goal")
        return tuple(elements)

    # -- instructions ------------------------------------------------------------------------------------

    def sequence(self, items: list[Node]) -> tuple[pn.Instruction, ...]:
        result: list[pn.Instruction] = []
        for item in items:
            if not missing_argument(item):
                result.extend(self.instruction(item))
        return tuple(result)

    def instruction(self, node: Node) -> list[pn.Instruction]:
        if isinstance(node, String):
            raise _unsupported(node, "a string as an instruction:")
        if isinstance(node, Atom):
            return [self._word_instruction(node)]
        assert isinstance(node, SList)
        head = node.head
        args = [a for a in node.args if not missing_argument(a)]
        if head is None:
            return list(self.sequence(node.items))
        lower = self._INSTRUCTIONS.get(head)
        if lower is None:
            raise _unsupported(node, "the instruction")
        return [lower(self, node, args)]

    def _word_instruction(self, node: Atom) -> pn.Instruction:
        """A direction, a position or an instruction without arguments (``from``, ``add``, ...)."""
        board = self.game.board
        text = node.text
        if text in board.direction_index:
            return pn.Step(text)
        if text in board.index:
            return pn.Jump(pn.At(text))
        simple = self._simple(text)
        if simple is None:
            raise _unsupported(node, "the instruction")
        return simple

    def _lower_verify(self, node: SList, args: list[Node]) -> pn.Instruction:
        if len(args) != 1:
            raise _unsupported(node, "a verify without exactly one condition:")
        return pn.Verify(self.condition(args[0]))

    def _lower_if(self, node: SList, args: list[Node]) -> pn.Instruction:
        if not args:
            raise _unsupported(node, "an if without a condition:")
        then_part, else_part = split_else(args[1:])
        then = self.sequence(then_part)
        other = () if else_part is None else self.sequence(else_part)
        return pn.If(self.condition(args[0]), then, other)

    def _lower_while(self, node: SList, args: list[Node]) -> pn.Instruction:
        if not args:
            raise _unsupported(node, "a while without a condition:")
        return pn.While(self.condition(args[0]), self.sequence(args[1:]))

    def _lower_add(self, node: SList, args: list[Node]) -> pn.Instruction:
        return self._add(node, _ADD_KINDS[node.head or ""])

    def _lower_opposite(self, node: SList, args: list[Node]) -> pn.Instruction:
        where = self._where([node], node)
        if not isinstance(where, pn.Toward):
            raise _unsupported(node, "an opposite without a direction:")
        return pn.Step(where.direction)

    def _lower_effect(self, node: SList, args: list[Node]) -> pn.Instruction:
        """``capture``, ``flip`` or ``change-owner`` at a position."""
        return pn.Affect(_EFFECTS[node.head or ""], self._where(args, node))

    def _lower_mark(self, node: SList, args: list[Node]) -> pn.Instruction:
        return pn.Mark(self._where(args, node))

    def _lower_back(self, node: SList, args: list[Node]) -> pn.Instruction:
        return pn.GoTo(pn.Anchor.MARK) if not args else pn.Jump(self._where(args, node))

    def _lower_go(self, node: SList, args: list[Node]) -> pn.Instruction:
        if len(args) != 1 or not isinstance(args[0], Atom) or args[0].text not in {a.value for a in pn.Anchor}:
            raise _unsupported(node, "a go to")
        return pn.GoTo(pn.Anchor(args[0].text))

    def _lower_change_type(self, node: SList, args: list[Node]) -> pn.Instruction:
        if not args or len(args) > 2:
            raise _unsupported(node, "a wrong number of arguments in")
        return pn.ChangeType(self._type(args[0]), self._where(args[1:], node))

    def _lower_create(self, node: SList, args: list[Node]) -> pn.Instruction:
        return self._create(node)

    def _lower_set(self, node: SList, args: list[Node]) -> pn.Instruction:
        """``set-attribute``, ``set-flag`` and ``set-position-flag``: a name and a value (and a position)."""
        head = node.head
        if len(args) not in (2, 3) or (len(args) == 3 and head != "set-position-flag"):
            raise _unsupported(node, f"a {head} without a name and a value:")
        name = self._text(args[0])
        value = self._value(args[1])
        if head == "set-flag":
            return pn.SetFlag(name, value)
        if head == "set-position-flag":
            return pn.SetPositionFlag(name, value, self._where(args[2:], node))
        if name not in self.game.attribute_bit:
            raise _unsupported(args[0], "an undeclared attribute in")
        return pn.SetAttribute(name, value)

    _INSTRUCTIONS: ClassVar[dict[str, Callable[[_Lowering, SList, list[Node]], pn.Instruction]]] = {
        "verify": _lower_verify, "if": _lower_if, "while": _lower_while, **dict.fromkeys(_ADD_KINDS, _lower_add),
        "opposite": _lower_opposite, **dict.fromkeys(_EFFECTS, _lower_effect), "mark": _lower_mark,
        "back": _lower_back, "go": _lower_go, "change-type": _lower_change_type, "create": _lower_create,
        **dict.fromkeys(("set-attribute", "set-flag", "set-position-flag"), _lower_set)}
    """How :meth:`instruction` lowers a list, by its head."""

    def _simple(self, text: str) -> pn.Instruction | None:
        if text in _ADD_KINDS:
            return pn.Add(_ADD_KINDS[text])
        if text == "from":
            return pn.From()
        if text == "to":
            return pn.To()
        if text == "mark":
            return pn.Mark()
        if text == "back":
            return pn.GoTo(pn.Anchor.MARK)
        if text == "cascade":
            return pn.Cascade()
        if text in _EFFECTS:
            return pn.Affect(_EFFECTS[text])
        return None

    def _add(self, node: SList, kind: pn.AddKind) -> pn.Add:
        types: list[str] = []
        partial: str | None = None
        for arg in node.args:
            text = self._text(arg)
            if text in self.game.type_index:
                types.append(text)
            elif kind.partial and isinstance(arg, Atom):
                partial = text
            else:
                raise _unsupported(arg, "an unknown piece or move type in")
        return pn.Add(kind, tuple(types), partial)

    def _create(self, node: SList) -> pn.Create:
        args = list(node.args)
        owner = None
        if args and isinstance(args[0], Atom) and args[0].text in self.game.player_index:
            owner = self._text(args.pop(0))
        if (len(args) == 1 and isinstance(args[0], Atom) and args[0].text in self.game.board.index
                and args[0].text not in self.game.type_index):
            return pn.Create(None, pn.At(args[0].text), owner)
        if not args or len(args) > 2:
            raise _unsupported(node, "a wrong number of arguments in")
        return pn.Create(self._type(args[0]), self._where(args[1:], node), owner)

    def _value(self, node: Node) -> pn.Condition:
        if isinstance(node, Atom) and node.text in ("true", "false"):
            return pn.Const(node.text == "true")
        return self.condition(node)

    # -- conditions --------------------------------------------------------------------------------------

    def condition(self, node: Node) -> pn.Condition:
        if isinstance(node, String):
            raise _unsupported(node, "a string as a condition:")
        if isinstance(node, Atom):
            text = node.text
            if text in ("true", "false"):
                return pn.Const(text == "true")
            found = self._predicate(text, [], node)
            if found is None and text.startswith("not-"):
                inner = self._predicate(text[4:], [], node)
                found = pn.Not(inner) if inner is not None else None
            if found is None:
                raise _unsupported(node, "the condition")
            return found
        assert isinstance(node, SList)
        head = node.head
        args = [a for a in node.args if not missing_argument(a)]
        if head == "not":
            if len(args) != 1:
                raise _unsupported(node, "a not without exactly one condition:")
            return pn.Not(self.condition(args[0]))
        if head in ("and", "or"):
            parts = tuple(self.condition(a) for a in args)
            return pn.All(parts) if head == "and" else pn.Any(parts)
        if head is not None:
            found = self._predicate(head, args, node)
            if found is None and head.startswith("not-"):
                inner = self._predicate(head[4:], args, node)
                found = pn.Not(inner) if inner is not None else None
            if found is not None:
                return found
        raise _unsupported(node, "the condition")

    def _predicate(self, name: str, args: list[Node], node: Node) -> pn.Condition | None:
        game = self.game
        if name in _OCCUPANTS:
            return pn.Occupied(_OCCUPANTS[name], self._where(args, node))
        if name in _ANCHORS:
            return pn.IsAnchor(_ANCHORS[name], self._where(args, node))
        if name == "adjacent-to-enemy?":
            return pn.AdjacentToEnemy(self._where(args, node))
        if name == "goal-position?":
            return pn.GoalPosition(self._where(args, node))
        if name == "piece?":
            if not args or len(args) > 2:
                raise _unsupported(node, "a piece? without a type:")
            return pn.PieceIs(self._type(args[0]), self._where(args[1:], node))
        if name == "position?":
            if len(args) != 1 or self._text(args[0]) not in game.board.index:
                raise _unsupported(node, "a position? without one position:")
            return pn.PositionIs(self._text(args[0]))
        if name == "in-zone?":
            if not args or len(args) > 2:
                raise _unsupported(node, "an in-zone? without a zone:")
            zone = self._text(args[0])
            if zone not in game.board.zones and not constants.UNDEFINED_ZONE_IS_EMPTY:
                raise _unsupported(args[0], "an unknown zone in")
            return pn.InZone(zone, self._where(args[1:], node))
        if name == "on-board?":
            if not args:
                return pn.OnBoard()
            if len(args) != 1:
                raise _unsupported(node, "an on-board? without one direction or position:")
            if isinstance(args[0], Atom) and args[0].text in game.board.index:
                return pn.Const(True)
            if isinstance(args[0], Atom) and args[0].text in game.board.direction_index:
                return pn.OnBoard(pn.Toward(args[0].text))
            return pn.Const(False)
        if name == "flag?":
            if len(args) != 1:
                raise _unsupported(node, "a flag? without one name:")
            return pn.FlagSet(self._text(args[0]))
        if name == "position-flag?":
            if not args or len(args) > 2:
                raise _unsupported(node, "a position-flag? without a name:")
            return pn.PositionFlagSet(self._text(args[0]), self._where(args[1:], node))
        if name in ("attacked?", "defended?"):
            rest = list(args)
            move_type = None
            if rest and isinstance(rest[0], Atom) and rest[0].text in game.move_type_index:
                move_type = self._text(rest.pop(0))
            return pn.Attacked(self._where(rest, node), name == "defended?", move_type)
        if name in game.attribute_bit:
            return pn.HasAttribute(name, self._where(args, node))
        return None


LAYOUT_TOLERANCE = 2
"""Pixels within which the centres of a board's positions count as one column or one row, when a board without a
grid (positions only: hexagonal and round boards drawn by hand) is laid out on cells (:func:`_drawn_cells`)."""


def _linked_off(board: Board, cells: dict[int, tuple[int, int]]) -> bool:
    """Whether a real position without a cell is linked by a direction (a piece moves to or from it)."""
    off = {p for p in range(len(board.names)) if not board.dummy[p] and p not in cells}
    return bool(off) and any(p in off or q in off
                             for table in board.links for p, q in enumerate(table) if q != NO_LINK)


def _drawn_cells(board: Board, *, over_grids: bool = False) -> dict[int, tuple[int, int]]:
    """Cells for a board whose positions are all off any grid (``over_grids``: whether or not they are on one:
    Hexagonal Kyoto Shogi's grid holds every other cell), from their screen rectangles: the distinct centre
    columns (left to right) are files, the distinct centre rows (bottom up) ranks, centres within
    :data:`LAYOUT_TOLERANCE` pixels counting as one. Empty when some position is on a grid (unless
    ``over_grids``), a real position has no rectangle, or two positions fall on one cell."""
    real = [p for p in range(len(board.names)) if not board.dummy[p]]
    rectangles = board.rectangles
    if (not real or len(rectangles) != len(board.names)
            or (not over_grids and any(board.grid_coordinates[p] is not None for p in real))
            or any(rectangles[p] is None or len(rectangles[p] or ()) != 4 for p in real)):
        return {}
    centres = {p: ((r[0] + r[2]) / 2, (r[1] + r[3]) / 2) for p in real if (r := rectangles[p]) is not None}
    files = _bands(sorted(c[0] for c in centres.values()))
    ranks = _bands(sorted((c[1] for c in centres.values()), reverse=True))
    cells = {p: (files[c[0]], ranks[c[1]]) for p, c in centres.items()}
    if len(set(cells.values())) != len(cells):
        return {}
    return cells


def _centre(rectangle: tuple[int, ...]) -> tuple[float, float]:
    return (rectangle[0] + rectangle[2]) / 2, (rectangle[1] + rectangle[3]) / 2


def _beside_grid(board: Board, grid: dict[int, tuple[int, int]]) -> dict[int, tuple[int, int]]:
    """Cells for a board of one two-dimensional grid and positions drawn beside it (Omega Chess's wizard squares):
    each real off-grid position whose screen rectangle's centre falls, within :data:`LAYOUT_TOLERANCE` pixels, on a
    cell of the grid's drawing extended (the grid's cell pitch, measured on its own positions) gets that cell;
    cells are then shifted so that the lowest file and rank are 0. The others stay off the grid (storage, see
    :data:`fairyport.gamecourier.program.write.OFF_GRID_STORAGE`). Empty when no position is placed so, or the
    grid's positions are not drawn at one pitch."""
    rectangles = board.rectangles
    aside = [p for p in range(len(board.names)) if not board.dummy[p] and p not in grid
             and p < len(rectangles) and rectangles[p] is not None and len(rectangles[p] or ()) == 4]
    drawn = {p: _centre(r) for p in grid if p < len(rectangles) and (r := rectangles[p]) is not None and len(r) == 4}
    if not aside or len(drawn) != len(grid) or not drawn:
        return {}
    origin = min(drawn, key=lambda p: grid[p])
    (f0, r0), (x0, y0) = grid[origin], drawn[origin]
    other_file = next((p for p in drawn if grid[p][0] != f0), None)
    other_rank = next((p for p in drawn if grid[p][1] != r0), None)
    if other_file is None or other_rank is None:
        return {}
    pitch_x = (drawn[other_file][0] - x0) / (grid[other_file][0] - f0)
    pitch_y = (drawn[other_rank][1] - y0) / (grid[other_rank][1] - r0)
    if abs(pitch_x) <= 2 * LAYOUT_TOLERANCE or abs(pitch_y) <= 2 * LAYOUT_TOLERANCE:
        return {}
    if any(abs(x0 + (grid[p][0] - f0) * pitch_x - x) > LAYOUT_TOLERANCE
           or abs(y0 + (grid[p][1] - r0) * pitch_y - y) > LAYOUT_TOLERANCE for p, (x, y) in drawn.items()):
        return {}
    cells = dict(grid)
    taken = set(grid.values())
    for p in aside:
        x, y = _centre(rectangles[p] or ())
        file, rank = (x - x0) / pitch_x + f0, (y - y0) / pitch_y + r0
        cell = (round(file), round(rank))
        if (abs(x0 + (cell[0] - f0) * pitch_x - x) <= LAYOUT_TOLERANCE
                and abs(y0 + (cell[1] - r0) * pitch_y - y) <= LAYOUT_TOLERANCE and cell not in taken):
            cells[p] = cell
            taken.add(cell)
    if len(cells) == len(grid):
        return {}
    low_file, low_rank = min(c[0] for c in cells.values()), min(c[1] for c in cells.values())
    return {p: (c[0] - low_file, c[1] - low_rank) for p, c in cells.items()}


def _bands(values: list[float]) -> dict[float, int]:
    """Each value's band: a new band begins where the value is more than :data:`LAYOUT_TOLERANCE` from the
    previous one."""
    result: dict[float, int] = {}
    band = -1
    previous: float | None = None
    for value in values:
        if previous is None or abs(value - previous) > LAYOUT_TOLERANCE:
            band += 1
        result[value] = band
        previous = value
    return result
