"""A ZRF game compiled for play: names as integers, move blocks as closures, goals, turn order and options.

:func:`compile_game` takes the syntax layer's typed tree and resolved geometry
(:func:`fairyport.zrf.typed.reader.read_variant`), so a file on disk and ZRF text generated in memory are
played the same way.
"""

from __future__ import annotations

import dataclasses

from fairyport.errors import Location, ModelError, UnsupportedError
from fairyport.zrf.interpreter import constants
from fairyport.zrf.interpreter.board import Board, compile_board
from fairyport.zrf.interpreter.constants import ANY_TYPE, STANDARD_LETTERS
from fairyport.zrf.interpreter.fen import parse_fen
from fairyport.zrf.interpreter.goals import GoalTest, compile_goals
from fairyport.zrf.interpreter.position import GAMES, ZrfPosition, make_position
from fairyport.zrf.interpreter.program import Compiler, Op, Piece
from fairyport.zrf.interpreter.reach import Reach
from fairyport.zrf.syntax.nodes import Node, SList, name_text
from fairyport.zrf.typed.geometry import Geometry
from fairyport.zrf.typed.tree import MoveBlock, ZrfGame

UNTYPED = 0
"""The move type of blocks written before any ``move-type``."""


@dataclasses.dataclass
class Block:
    """One compiled move or drop block."""

    move_type: int
    run: Op
    node: SList


@dataclasses.dataclass
class Turn:
    """One entry of the turn order: who moves, whose pieces, which move type (``ANY_TYPE``: all)."""

    player: int
    owner: int
    move_type: int


@dataclasses.dataclass(eq=False)
class Game:
    """The compiled game. Make positions with :meth:`start_position` and :meth:`position_from_fen`."""

    title: str
    players: list[str]
    player_index: dict[str, int]
    board: Board
    types: list[str]
    type_index: dict[str, int]
    notation: list[str]
    move_types: list[str]
    move_type_index: dict[str, int]
    attribute_bit: dict[str, int]
    initial_attributes: list[int]
    neutral: list[bool]
    location: Location
    blocks: list[list[Block]] = dataclasses.field(default_factory=list)
    drops: list[list[Block]] = dataclasses.field(default_factory=list)
    turns: list[Turn] = dataclasses.field(default_factory=list)
    repeat_from: int = 0
    priorities: list[int] = dataclasses.field(default_factory=list)
    royal: list[frozenset[int]] = dataclasses.field(default_factory=list)
    goals: list[GoalTest] = dataclasses.field(default_factory=list)
    goal_positions: list[frozenset[int]] = dataclasses.field(default_factory=list)
    setup: list[Piece | None] = dataclasses.field(default_factory=list)
    stock: dict[tuple[int, int], int] = dataclasses.field(default_factory=dict)
    charged_steps: int = 0
    """Loop turns charged to the command's budget so far (:data:`~.constants.COMMAND_STEP_BUDGET`)."""
    pass_turn: str = ""
    """``""`` (no passing), ``"true"`` or ``"forced"``."""
    pass_partial: bool = False
    maximal_captures: bool = False
    recycle_captures: bool = False
    include_off_pieces: bool = False
    """Whether ``pieces-remaining`` counts off-board stock (the option, else
    :data:`~fairyport.zrf.interpreter.constants.OFF_BOARD_PIECES_COUNTED_BY_DEFAULT`)."""
    notes: list[str] = dataclasses.field(default_factory=list)
    """Things a user should know about how this file is played (Dagaz dialect ...)."""
    attack_tables: list[list[list[tuple[list[Block], dict[int, list[Block]]] | None]]] = dataclasses.field(
        default_factory=list)
    """``attack_tables[owner][type][position]``: :meth:`attack_blocks`' answer once computed, else None."""

    def attack_blocks(self, owner: int, kind: int, origin: int) -> tuple[list[Block], dict[int, list[Block]]]:
        """The blocks of a ``kind`` piece of ``owner`` on ``origin`` worth running in an attack test: those the
        reach analysis could not follow (always run), and per target position those that may capture there."""
        cached = self.attack_tables[owner][kind][origin]
        if cached is None:
            reach = Reach(self.board)
            always: list[Block] = []
            by_target: dict[int, list[Block]] = {}
            for block in self.blocks[kind]:
                targets = reach.targets(block.node, owner, origin)
                if targets is None:
                    always.append(block)
                else:
                    for target in targets:
                        by_target.setdefault(target, []).append(block)
            cached = self.attack_tables[owner][kind][origin] = (always, by_target)
        return cached

    def declare_move_type(self, name: str) -> int:
        """The index of move type ``name``, declared now if no block has it (``(add-partial King notype)``
        continues with a type no block has: the chain ends there)."""
        if name not in self.move_type_index:
            self.move_type_index[name] = len(self.move_types)
            self.move_types.append(name)
        return self.move_type_index[name]

    def start_position(self) -> ZrfPosition:
        """The position of the ``board-setup``, first turn of the turn order."""
        return make_position(self, list(self.setup), dict(self.stock), 0)

    def position(self, board: list[Piece | None], stock: dict[tuple[int, int], int], turn: int,
                 last_from: int, last_to: int) -> ZrfPosition:
        """A position of this game (:func:`~fairyport.zrf.interpreter.position.make_position`)."""
        return make_position(self, board, stock, turn, last_from, last_to)

    def position_from_fen(self, fen: str) -> ZrfPosition:
        """The position a FEN describes (rectangular boards; letters are the pieces' ``notation``)."""
        return parse_fen(self, fen)


def _option(game: ZrfGame, option: str, flag: str) -> str:
    found = game.option(option)
    if found is not None:
        return found.value
    for item in game.flags:
        if item.name == flag:
            return item.value or "true"
    return ""


def _truthy(value: str) -> bool:
    return value not in ("", "false", "0")


def compile_game(tree: ZrfGame, geometry: Geometry | None, *, where: Location | None = None) -> Game:
    """Compile a typed game and its geometry.

    :raises UnsupportedError: for a construct the interpreter cannot run (located, naming it).
    :raises ModelError: for a game with no board, players or pieces.
    """
    location = where or (tree.sections[0].location if tree.sections else Location())
    if geometry is None or not geometry.positions:
        raise ModelError("the game has no board to play on", location)
    if not tree.players:
        raise ModelError("the game has no players", location)
    tree.require_own_rules()
    players = [p.text for p in tree.players]
    player_index = {name: i for i, name in enumerate(players)}
    board = compile_board(geometry, players)
    types = [p.name.text for p in tree.pieces]
    type_index = {name: i for i, name in enumerate(types)}
    notation = _notations(tree)
    move_types = ["", *dict.fromkeys(b.move_type.text for p in tree.pieces for b in (*p.moves, *p.drops)
                                     if b.move_type is not None)]
    for entry in (tree.turn_order.entries if tree.turn_order else []):
        if entry.move_type is not None and entry.move_type.text not in move_types:
            move_types.append(entry.move_type.text)
    for ref in tree.move_priorities:
        if ref.text not in move_types:
            move_types.append(ref.text)
    move_type_index = {name: i for i, name in enumerate(move_types) if i}
    attribute_bit: dict[str, int] = {}
    initial = []
    for piece in tree.pieces:
        mask = 0
        for attribute in piece.attributes:
            bit = attribute_bit.setdefault(attribute.name.text, 1 << len(attribute_bit))
            value = name_text(attribute.value) if attribute.value is not None else "false"
            if value not in ("true", "false"):
                raise UnsupportedError(f"attribute {attribute.name.text!r} has the value {value!r}: only true and "
                                       f"false are played", attribute.node.location, feature="attribute value")
            if value == "true":
                mask |= bit
        initial.append(mask)
    turn_players = {e.player.text for e in tree.turn_order.entries} if tree.turn_order else set(players)
    neutral = [p not in turn_players and not any(e.owner is not None and e.owner.text == p
                                                  for e in (tree.turn_order.entries if tree.turn_order else []))
               for p in players]
    game = Game(tree.title or "", players, player_index, board, types, type_index, notation, move_types,
                move_type_index, attribute_bit, initial, neutral, location)
    _turns(game, tree)
    game.priorities = [move_type_index[r.text] for r in tree.move_priorities]
    off_pieces = _option(tree, "include off-pieces", "include-off-pieces")
    game.include_off_pieces = (constants.OFF_BOARD_PIECES_COUNTED_BY_DEFAULT if off_pieces == ""
                               else _truthy(off_pieces))
    game.goals, royal, goal_positions = compile_goals(game, tree.goals)
    game.royal = [frozenset(royal.get(i, ())) for i in range(len(players))]
    game.goal_positions = [frozenset(goal_positions.get(i, ())) for i in range(len(players))]
    compiler = Compiler(game)
    for piece in tree.pieces:
        game.blocks.append([_block(compiler, game, b) for b in piece.moves])
        game.drops.append([_block(compiler, game, b) for b in piece.drops])
    _setup(game, tree)
    game.attack_tables = [[[None] * len(board.names) for _ in types] for _ in players]
    game.pass_turn = _option(tree, "pass turn", "pass-turn")
    if game.pass_turn not in ("", "false", "true", "forced"):
        game.pass_turn = "true" if _truthy(game.pass_turn) else ""
    if game.pass_turn == "false":
        game.pass_turn = ""
    game.pass_partial = _truthy(_option(tree, "pass partial", "pass-partial"))
    game.maximal_captures = _truthy(_option(tree, "maximal captures", "maximal-captures"))
    game.recycle_captures = _truthy(_option(tree, "recycle captures", "recycle-captures"))
    if any(m.dialect == "dagaz" for m in tree.dialects):
        game.notes.append("Dagaz dialect: this file relies on JavaScript extensions (check, goals, special "
                          "rules) that are not part of the file; only its ZRF text is played")
    GAMES[id(game)] = game
    return game


def _notations(tree: ZrfGame) -> list[str]:
    """Each piece's letter: its ``notation``, else :data:`~.constants.STANDARD_LETTERS` says."""
    letters: list[str | None] = [p.notation.value if p.notation is not None and p.notation.value else
                                 STANDARD_LETTERS.get(p.name.text) for p in tree.pieces]
    taken = {letter.upper() for letter in letters if letter}
    result = []
    for piece, letter in zip(tree.pieces, letters, strict=True):
        if letter is None:
            name = piece.name.text
            letter = next((c.upper() for c in name if c.isalpha() and c.upper() not in taken), name[:1].upper())
            taken.add(letter)
        result.append(letter)
    return result


def _block(compiler: Compiler, game: Game, block: MoveBlock) -> Block:
    move_type = UNTYPED if block.move_type is None else game.move_type_index[block.move_type.text]
    return Block(move_type, compiler.block(block.node), block.node)


def _turns(game: Game, tree: ZrfGame) -> None:
    if tree.turn_order is None or not tree.turn_order.entries:
        game.turns = [Turn(i, i, ANY_TYPE) for i in range(len(game.players))]
        return
    for entry in tree.turn_order.entries:
        player = _player(game, entry.player.text, entry.player.node)
        owner = player if entry.owner is None else _player(game, entry.owner.text, entry.owner.node)
        move_type = ANY_TYPE
        if entry.move_type is not None:
            move_type = game.move_type_index[entry.move_type.text]
        game.turns.append(Turn(player, owner, move_type))
    game.repeat_from = min(tree.turn_order.repeat_from, len(game.turns) - 1)


def _player(game: Game, name: str, node: Node) -> int:
    if name not in game.player_index:
        raise ModelError(f"{name!r} is not one of the players {game.players}", node.location)
    return game.player_index[name]


def _setup(game: Game, tree: ZrfGame) -> None:
    board: list[Piece | None] = [None] * len(game.board.names)
    for part in tree.setup:
        owner = _player(game, part.player.text, part.player.node)
        for entry in part.entries:
            kind = game.type_index.get(entry.piece.text)
            if kind is None:
                raise ModelError(f"board-setup names piece {entry.piece.text!r}, which is not defined",
                                 entry.piece.node.location)
            for ref in entry.positions:
                index = game.board.index.get(ref.text)
                if index is None:
                    raise ModelError(f"board-setup names position {ref.text!r}, which is not on the board",
                                     ref.node.location)
                board[index] = (owner, kind, game.initial_attributes[kind])
            if entry.off:
                key = (owner, kind)
                game.stock[key] = game.stock.get(key, 0) + entry.off
    game.setup = board

