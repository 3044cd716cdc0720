"""A position of a compiled ZRF game: move generation, legality, goals, make and unmake.

A move (:class:`Move`) is the net effect of one whole turn on the board and the off-board stock, built from the recorded
primitives of a program run against the unchanged board (docs/zrf.md, "What Zillions documents"). Moves are distinct by
effect: two blocks reaching the same effect give one move. Making a move writes its changes and remembers the old
contents; unmaking writes them back.
"""

from __future__ import annotations

import collections
import weakref
from typing import Protocol

from fairyport.errors import UnsupportedError
from fairyport.movegen.perft import distinct_names
from fairyport.zrf.interpreter.board import NO_LINK
from fairyport.zrf.interpreter.constants import (
    ANY_TYPE,
    COMMAND_STEP_BUDGET,
    DISTINCT_MOVE_NAMES,
    DROP_ON_DUMMY,
    FREE_STEPS_PER_RUN,
    MAX_MOVES,
    MAX_PARTIAL_CHAIN,
)
from fairyport.zrf.interpreter.fen import storage_positions, write_fen
from fairyport.zrf.interpreter.goals import GoalTest
from fairyport.zrf.interpreter.program import ADD_COPY, ADD_COPY_PARTIAL, SAME_TYPE, Block, Piece, Run, RunError
from fairyport.zrf.interpreter.tables import GameTables


class PlayedGame(GameTables, Protocol):
    """What a position reads of its compiled game besides the tables: blocks, goals, turn-order and capture
    options (:class:`~fairyport.zrf.interpreter.game.Game` has it all)."""

    blocks: list[list[Block]]
    drops: list[list[Block]]
    goals: list[GoalTest]
    repeat_from: int
    priorities: list[int]
    charged_steps: int
    pass_turn: str
    pass_partial: bool
    maximal_captures: bool
    recycle_captures: bool
    attack_tables: list[list[list[tuple[list[Block], dict[int, list[Block]]] | None]]]

    def attack_blocks(self, owner: int, kind: int, origin: int) -> tuple[list[Block], dict[int, list[Block]]]:
        """The blocks of a ``kind`` piece of ``owner`` on ``origin`` worth running in an attack test."""
        ...


GAMES: weakref.WeakValueDictionary[int, PlayedGame] = weakref.WeakValueDictionary()
"""Compiled games by id (:func:`~fairyport.zrf.interpreter.game.compile_game` adds each): a pickled position
(``perft --jobs`` workers, forked) finds its game here."""

Changes = tuple[tuple[int, "Piece | None"], ...]
Stock = tuple[tuple[tuple[int, int], int], ...]


class Move:
    """The net effect of one turn (or one partial step while a chain is being assembled)."""

    __slots__ = ("changes", "cont", "dest", "frm", "hand", "key", "move_type", "name", "removed")

    def __init__(self, changes: Changes, hand: Stock, frm: int, dest: int, name: str, cont: int,
                 move_type: int, removed: tuple[tuple[int, int], ...]) -> None:
        self.changes = changes
        self.hand = hand
        self.frm = frm
        self.dest = dest
        self.name = name
        self.cont = cont
        """The move type a partial step continues with; -1 for a complete move."""
        self.move_type = move_type
        self.removed = removed
        """``(owner, type)`` of every piece the move takes off the board."""
        self.key = (changes, hand, frm, dest, cont)

    def __repr__(self) -> str:
        return f"Move({self.name})"


PASS = Move((), (), NO_LINK, NO_LINK, "pass", -1, 0, ())


def _distinct_names(moves: list[Move], board: list[Piece | None], names: list[str]) -> list[Move]:
    """``moves`` renamed where several share a name (:data:`~.constants.DISTINCT_MOVE_NAMES`): by the squares each
    empties, then by divide's own marks for those still alike (:func:`fairyport.movegen.perft.distinct_names`)."""
    counts = collections.Counter(m.name for m in moves)
    taken = [m.name if counts[m.name] == 1 else m.name + "".join(
        "x" + names[p] for p, v in m.changes if v is None and board[p] is not None and p != m.frm) for m in moves]
    return [m if name == m.name else Move(m.changes, m.hand, m.frm, m.dest, name, m.cont, m.move_type, m.removed)
            for m, name in zip(moves, distinct_names(taken), strict=True)]


class _Hit(Exception):
    """Raised by the attack sink at the first move that captures the target."""


def _attack_sink(r: Run, types: tuple[int, ...] | None, kind: int, partial: int) -> None:
    target = r.position.target
    if r.piece is not None and (r.to if r.to >= 0 else r.cur) == target:
        raise _Hit
    if target in r.captures:
        raise _Hit
    for _, dest, piece, _ in r.cascades:
        if piece is not None and dest == target:
            raise _Hit


class ZrfPosition:
    """A position: board contents, off-board stock, whose turn, the previous move. See the package docstring."""

    def __init__(self, game: PlayedGame, board: list[Piece | None], stock: dict[tuple[int, int], int], turn: int,
                 last_from: int = NO_LINK, last_to: int = NO_LINK) -> None:
        self.game = game
        self.board = board
        self.stock = stock
        self.turn = turn
        self.last_from = last_from
        self.last_to = last_to
        self.removed: tuple[tuple[int, int], ...] = ()
        self.target = NO_LINK
        self._history: list[tuple[list[tuple[int, Piece | None]], Stock, int, int, int,
                                  tuple[tuple[int, int], ...]]] = []

    # -- the PerftPosition protocol -----------------------------------------------------------------------

    def legal_raw(self) -> list[Move]:
        """The legal moves of the player to move (none where a goal is met)."""
        game = self.game
        for goal in game.goals:
            for player in goal.players:
                if goal.test(self, player):
                    return []
        turn = game.turns[self.turn]
        side = turn.owner
        moves = self._complete(side, turn.move_type)
        royal = game.royal[side]
        if royal:
            occupied = [p for p, piece in enumerate(self.board) if piece is not None]
            squares = [p for p, piece in enumerate(self.board) if piece is not None and piece[0] == side
                       and piece[1] in royal]
            moves = [m for m in moves if self._safe(m, side, royal, squares, occupied)]
        if game.priorities and moves:
            moves = self._prioritised(moves)
        if game.maximal_captures and moves:
            most = max(len(m.removed) for m in moves)
            moves = [m for m in moves if len(m.removed) == most]
        if game.pass_turn == "true" or (game.pass_turn == "forced" and not moves):
            moves.append(PASS)
        if DISTINCT_MOVE_NAMES and len(moves) > 1 and len({m.name for m in moves}) < len(moves):
            moves = _distinct_names(moves, self.board, game.board.names)
        return moves

    def push_raw(self, move: Move) -> None:
        """Make ``move`` (one of :meth:`legal_raw`) and pass the turn on."""
        undo, hand = self._apply(move)
        self._history.append((undo, hand, self.turn, self.last_from, self.last_to, self.removed))
        if move is not PASS:
            self.last_from, self.last_to = move.frm, move.dest
        self.removed = move.removed
        self.turn += 1
        if self.turn >= len(self.game.turns):
            self.turn = self.game.repeat_from

    def pop_raw(self) -> None:
        """Take back the last move made by :meth:`push_raw`."""
        undo, hand, self.turn, self.last_from, self.last_to, self.removed = self._history.pop()
        self._revert(undo, hand)

    def uci(self, move: Move) -> str:
        """The move's name: origin and destination of its first sub-move, a promotion's notation, ``X@sq`` for
        drops, steps of a partial chain joined by commas."""
        return move.name

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled by reference to its game (compiled closures do not pickle): for forked ``--jobs`` workers."""
        return (_restore, (type(self), id(self.game), self.board, self.stock, self.turn, self.last_from,
                           self.last_to, self.removed))

    def copy(self) -> ZrfPosition:
        """An independent copy (without the move history)."""
        copy = type(self)(self.game, list(self.board), dict(self.stock), self.turn, self.last_from, self.last_to)
        copy.removed = self.removed
        return copy

    # -- queries used by goals ----------------------------------------------------------------------------

    def count(self, player: int, kind: int, *, off_board: bool = False) -> int:
        """Pieces of ``player`` (-1: anyone) and type ``kind`` (-1: any) on the board, and in the off-board
        stock if ``off_board``."""
        total = sum(1 for p in self.board if p is not None and (player < 0 or p[0] == player)
                    and (kind < 0 or p[1] == kind))
        if off_board:
            total += sum(n for (owner, k), n in self.stock.items() if (player < 0 or owner == player)
                         and (kind < 0 or k == kind))
        return total

    def last_removed(self) -> tuple[tuple[int, int], ...]:
        """``(owner, type)`` of the pieces the last move took off the board."""
        return self.removed

    # -- generation --------------------------------------------------------------------------------------

    def _run(self, block: Block, r: Run) -> None:
        try:
            block.run(r)
        except RunError as exc:
            raise UnsupportedError(f"{exc.reason}{exc.node.where()}", exc.node.location, feature="while") from None
        if r.steps > FREE_STEPS_PER_RUN:
            self._charge(r.steps - FREE_STEPS_PER_RUN)

    def _charge(self, steps: int) -> None:
        """Charge loop turns to the command's budget; past it, stop with exit 3 naming the bound."""
        game = self.game
        game.charged_steps += steps
        if game.charged_steps > COMMAND_STEP_BUDGET:
            raise UnsupportedError(
                f"the move blocks of this game looped more than {COMMAND_STEP_BUDGET:,} times in this command "
                f"(counting turns beyond {FREE_STEPS_PER_RUN:,} per run): the command's step budget is spent",
                game.location, feature="command step budget")

    def _steps(self, side: int, allowed: int, only: int = NO_LINK) -> list[Move]:
        """The moves (or partial steps) of ``side``'s pieces (only the one on ``only`` if given) and drops."""
        game = self.game
        board = self.board
        found: dict[object, Move] = {}

        def sink(r: Run, types: tuple[int, ...] | None, kind: int, partial: int) -> None:
            for move in self._build(r, types, kind, partial):
                if move.key not in found:
                    found[move.key] = move
                    if len(found) > MAX_MOVES:
                        raise UnsupportedError(f"more than {MAX_MOVES:,} moves in one position", game.location,
                                               feature="move count")

        squares = range(len(board)) if only < 0 else (only,)
        for p in squares:
            piece = board[p]
            if piece is None or piece[0] != side:
                continue
            for block in game.blocks[piece[1]]:
                if allowed != ANY_TYPE and block.move_type != allowed:
                    continue
                self._run(block, Run(game, self, board, side, p, piece, sink, block.move_type))
        if only < 0:
            for (owner, kind), count in list(self.stock.items()):
                if owner != side or count <= 0 or not game.drops[kind]:
                    continue
                piece = (owner, kind, game.initial_attributes[kind])
                for block in game.drops[kind]:
                    if allowed != ANY_TYPE and block.move_type != allowed:
                        continue
                    for p in range(len(board)):
                        if game.board.dummy[p] and not DROP_ON_DUMMY:
                            continue
                        self._run(block, Run(game, self, board, side, p, piece, sink, block.move_type, dropped=True))
        return list(found.values())

    def _build(self, r: Run, types: tuple[int, ...] | None, kind: int, partial: int) -> list[Move]:
        game = self.game
        board = r.board
        dest = r.to if r.to >= 0 else r.cur
        piece = r.piece
        copy = kind in (ADD_COPY, ADD_COPY_PARTIAL)
        cont = -1 if kind < 2 else (r.block_type if partial == SAME_TYPE else partial)
        frm = r.frm
        if (types is None and piece is not None and not r.dropped and not copy and not r.captures
                and not r.cascades and not r.post and frm >= 0 and frm != dest):
            # the common case: one piece moving, capturing what stands on its destination
            occupant = board[dest]
            simple: Changes
            if occupant == piece:
                simple = ((frm, None),)
            elif frm < dest:
                simple = ((frm, None), (dest, piece))
            else:
                simple = ((dest, piece), (frm, None))
            taken: tuple[tuple[int, int], ...] = () if occupant is None else ((occupant[0], occupant[1]),)
            recycled: Stock = ((taken[0], 1),) if taken and game.recycle_captures else ()
            names = game.board.names
            return [Move(simple, recycled, frm, dest, names[frm] + names[dest], cont, r.block_type, taken)]
        subs = [*r.cascades, (frm, dest, piece, r.dropped)]
        result = []
        for new_type in (types or (None,)):
            placed = piece
            if piece is not None and new_type is not None and new_type != piece[1]:
                placed = (piece[0], new_type, game.initial_attributes[new_type])
            changes: dict[int, Piece | None] = {}
            hand: dict[tuple[int, int], int] = {}
            for p in r.captures:
                changes[p] = None
            origins = set()
            last = len(subs) - 1
            for i, (f, _, pc, dropped) in enumerate(subs):
                if pc is None:
                    continue
                if dropped:
                    key = (pc[0], pc[1])
                    hand[key] = hand.get(key, 0) - 1
                elif f >= 0 and not (copy and i == last):
                    changes[f] = None
                    origins.add(f)
            for i, (_, d, pc, _) in enumerate(subs):
                if pc is not None:
                    changes[d] = placed if i == last else pc
            candidates = set(r.captures)
            candidates.update(d for _, d, pc, _ in subs if pc is not None)
            self._post(r, changes, candidates)
            removed = tuple((occupant[0], occupant[1]) for occupant in (board[p] for p in sorted(candidates)
                                                                        if p not in origins)
                            if occupant is not None)
            if game.recycle_captures:
                for key in removed:
                    hand[key] = hand.get(key, 0) + 1
            net = tuple(sorted((p, v) for p, v in changes.items() if board[p] != v))
            first_from, first_to, first_piece, first_dropped = subs[0]
            names = game.board.names
            if first_piece is None:
                name = "x" + ",".join(names[p] for p in r.captures) if r.captures else "null"
            elif first_dropped:
                name = f"{game.notation[first_piece[1]]}@{names[first_to]}"
            else:
                name = names[first_from] + names[first_to]
            if placed is not None and piece is not None and placed[1] != piece[1]:
                name += game.notation[placed[1]].lower()
            elif first_piece is not None and not first_dropped and len(subs) > 1:
                # the first piece changed type where it landed (promotion by change-type before a cascade, as
                # shogi files capture to hand): named like a promotion, so that divide keeps the moves apart
                landed = changes.get(first_to)
                if landed is not None and landed[0] == first_piece[0] and landed[1] != first_piece[1]:
                    name += game.notation[landed[1]].lower()
            result.append(Move(net, tuple(sorted((k, v) for k, v in hand.items() if v)),
                               first_from if not first_dropped else NO_LINK, first_to, name, cont,
                               r.block_type, removed))
        return result

    def _post(self, r: Run, changes: dict[int, Piece | None], candidates: set[int]) -> None:
        """The changes a move's creates, attribute sets, type and owner changes make after it (``r.post``), into
        ``changes``; created squares into ``candidates``."""
        game = self.game
        for what, p, arg in r.post:
            occupant = changes[p] if p in changes else r.board[p]
            if what == "create":
                owner, made = (r.side, -1 - arg) if arg < 0 else (arg % len(game.players),
                                                                  arg // len(game.players))
                changes[p] = (owner, made, game.initial_attributes[made])
                candidates.add(p)
            elif occupant is None:
                continue
            elif what == "attribute":
                changes[p] = (occupant[0], occupant[1],
                              occupant[2] | arg if arg > 0 else occupant[2] & ~(-arg))
            elif what == "change-type":
                changes[p] = (occupant[0], arg, game.initial_attributes[arg])
            elif what == "flip":
                changes[p] = ((occupant[0] + 1) % len(game.players), occupant[1], occupant[2])
            else:
                changes[p] = (r.side, occupant[1], occupant[2])

    def _complete(self, side: int, allowed: int) -> list[Move]:
        """Whole turns: complete moves, and every distinct complete ``add-partial`` chain."""
        found: dict[object, Move] = {}
        for move in self._steps(side, allowed):
            if move.cont < 0:
                found.setdefault(move.key, move)
            else:
                self._chain([move], side, found)
        return list(found.values())

    def _chain(self, chain: list[Move], side: int, found: dict[object, Move]) -> None:
        if len(chain) > MAX_PARTIAL_CHAIN:
            raise UnsupportedError(f"an add-partial chain longer than {MAX_PARTIAL_CHAIN} steps",
                                   self.game.location, feature="add-partial")
        undos = []
        saved = (self.last_from, self.last_to)
        for step in chain:
            undos.append(self._apply(step))
            self.last_from, self.last_to = step.frm, step.dest
        last = chain[-1]
        continuations = self._steps(side, last.cont, only=last.dest) if last.dest >= 0 else []
        for undo, hand in reversed(undos):
            self._revert(undo, hand)
        self.last_from, self.last_to = saved
        if not continuations or self.game.pass_partial:
            self._finish(chain, found)
        for step in continuations:
            if step.cont < 0:
                self._finish([*chain, step], found)
            else:
                self._chain([*chain, step], side, found)

    def _finish(self, chain: list[Move], found: dict[object, Move]) -> None:
        if len(chain) == 1:
            only = chain[0]
            move = Move(only.changes, only.hand, only.frm, only.dest, only.name, -1, only.move_type, only.removed)
            found.setdefault(move.key, move)
            return
        original: dict[int, Piece | None] = {}
        undos = []
        for step in chain:
            for p, _ in step.changes:
                original.setdefault(p, self.board[p])
            undos.append(self._apply(step))
        net = tuple(sorted((p, self.board[p]) for p, v in original.items() if self.board[p] != v))
        for undo, hand in reversed(undos):
            self._revert(undo, hand)
        stock: dict[tuple[int, int], int] = {}
        for step in chain:
            for key, delta in step.hand:
                stock[key] = stock.get(key, 0) + delta
        move = Move(net, tuple(sorted((k, v) for k, v in stock.items() if v)), chain[0].frm, chain[-1].dest,
                    ",".join(s.name for s in chain), -1, chain[0].move_type,
                    tuple(r for s in chain for r in s.removed))
        found.setdefault(move.key, move)

    def _apply(self, move: Move) -> tuple[list[tuple[int, Piece | None]], Stock]:
        board = self.board
        undo = [(p, board[p]) for p, _ in move.changes]
        for p, v in move.changes:
            board[p] = v
        for key, delta in move.hand:
            self.stock[key] = self.stock.get(key, 0) + delta
        return undo, move.hand

    def _revert(self, undo: list[tuple[int, Piece | None]], hand: Stock) -> None:
        board = self.board
        for p, v in reversed(undo):
            board[p] = v
        for key, delta in hand:
            self.stock[key] -= delta

    # -- legality ----------------------------------------------------------------------------------------

    def _safe(self, move: Move, side: int, royal: frozenset[int], squares: list[int], occupied: list[int]) -> bool:
        """Whether ``move`` leaves no royal piece of ``side`` attacked (``squares``: where they stand now;
        ``occupied``: every occupied position now, so that the attack test visits pieces, not the whole board)."""
        placed = set(squares)
        for p, v in move.changes:
            if v is not None and v[0] == side and v[1] in royal:
                placed.add(p)
            else:
                placed.discard(p)
        if not placed:
            return True
        arrived = [p for p, v in move.changes if v is not None]
        attackers = [*occupied, *arrived] if arrived else occupied
        undo, hand = self._apply(move)
        try:
            return not any(self.attacked(p, side, None, attackers=attackers) for p in placed)
        finally:
            self._revert(undo, hand)

    def opposite_checks(self) -> list[tuple[str, str]]:
        """For each royal piece of the player not to move (of two) that the player to move could capture: (its
        position, the attackers, ``"Rook on a8"``); one attack test, then one per piece of the player to move."""
        game = self.game
        if len(game.players) != 2:
            return []
        mover = game.turns[self.turn].owner
        royal = game.royal[1 - mover]
        if not royal:
            return []
        names = game.board.names
        mine = [p for p, piece in enumerate(self.board) if piece is not None and piece[0] == mover]
        found = []
        for p, piece in enumerate(self.board):
            if piece is None or piece[0] == mover or piece[1] not in royal \
                    or not self.attacked(p, piece[0], None, attackers=mine):
                continue
            takers = [q for q in mine if self.attacked(p, piece[0], None, attackers=[q])]
            if takers:
                found.append((names[p], ", ".join(f"{game.types[self.board[q][1]]} on {names[q]}"  # type: ignore[index]
                                                  for q in takers)))
        return found

    def _prioritised(self, moves: list[Move]) -> list[Move]:
        for move_type in self.game.priorities:
            chosen = [m for m in moves if m.move_type == move_type]
            if chosen:
                return chosen
        return moves

    def attacked(self, target: int, side: int, piece: Piece | None, move_type: int = -2, *,
                 defended: bool = False, depth: int = 1, attackers: list[int] | None = None) -> bool:
        """Whether a piece of another player (``defended``: of ``side``) could capture on ``target``.

        ``attackers``: the positions that may hold a piece (every occupied one, in any order, repeats allowed);
        None: every position of the board. A caller that knows where the pieces stand saves a scan of the
        whole board (65,536 positions on the largest board) per test.
        ``piece`` (the moving piece) stands on ``target`` for the test (if None: the occupant, or a piece of
        ``side`` on an empty position); for ``defended`` that piece is handed to another player for the test.
        ``depth`` is the nesting of attack tests (see :data:`~.constants.MAX_ATTACK_DEPTH`).
        """
        game = self.game
        board = self.board
        occupant = board[target]
        base = piece or occupant or (side, 0, 0)
        owner = (side + 1) % len(game.players) if defended else side
        board[target] = (owner, base[1], base[2])
        saved = self.target
        self.target = target
        tables = game.attack_tables
        try:
            for p in range(len(board)) if attackers is None else attackers:
                attacker = board[p]
                if attacker is None or (attacker[0] == side) != defended or p == target:
                    continue
                entry = tables[attacker[0]][attacker[1]][p]
                if entry is None:
                    entry = game.attack_blocks(attacker[0], attacker[1], p)
                always, by_target = entry
                near = by_target.get(target)
                if not always and near is None:
                    continue
                for blocks in (always, near or ()):
                    for block in blocks:
                        if move_type != -2 and block.move_type != move_type:
                            continue
                        self._run(block, Run(game, self, board, attacker[0], p, attacker, _attack_sink,
                                             block.move_type, attack=depth))
        except _Hit:
            return True
        finally:
            board[target] = occupant
            self.target = saved
        return False



class RectangularPosition(ZrfPosition):
    """A position on a board FEN can describe (one full 2-D grid, at most two players)."""

    def fen(self) -> str:
        """The FEN of the position."""
        return write_fen(self)


def make_position(game: PlayedGame, board: list[Piece | None], stock: dict[tuple[int, int], int], turn: int,
                  last_from: int = NO_LINK, last_to: int = NO_LINK) -> ZrfPosition:
    """A position of ``game``: a :class:`RectangularPosition` (with ``fen()``) where FEN fits the board."""
    fits = game.board.rectangle(storage_positions(game)) is not None and len(game.players) <= 2
    kind = RectangularPosition if fits else ZrfPosition
    return kind(game, board, stock, turn, last_from, last_to)


def _restore(kind: type[ZrfPosition], game_id: int, board: list[Piece | None], stock: dict[tuple[int, int], int],
             turn: int, last_from: int, last_to: int, removed: tuple[tuple[int, int], ...]) -> ZrfPosition:
    position = kind(GAMES[game_id], board, stock, turn, last_from, last_to)
    position.removed = removed
    return position
