"""A Game Courier preset as a playable game: Pre-Game once, then for every move the mover's Pre-Move, the move,
and the mover's Post-Move, where ``die`` rejects the move (docs/gamecourier.md, "What Game Courier documents").

Legal moves are found the only way Game Courier's semantics allow: every candidate is tried. A candidate is a
piece of the side to move going to any other square of the board (:data:`NULL_MOVES` excluded), and, where
the preset allows more than one sub-move per turn (``setsystem maxmove`` >= :data:`PROMOTION_MAXMOVE`), that
move followed by a promotion sub-move ``L-dest`` for each label ``L`` of the mover's side. It is legal when
the mover's Post-Move code runs without ``die``.

Shortcuts (each proven by a test to give the same moves as trying everything):

- the mover's Pre-Move code runs once per position, not once per candidate (:data:`PREMOVE_ONCE`): it cannot
  see the candidate, because the preprocessor words still describe the previous move while it runs;
- a promotion sub-move changes only the destination square, so when the plain move's Post-Move run died
  without ever looking at that square (nor at the whole board, nor at ``thismove``), every promotion of that
  move dies the same way and is not tried (:class:`~.state.WatchedBoard`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import weakref
from pathlib import Path

from fairyport.errors import Location, ModelError, ParseError, UnsupportedError
from fairyport.gamecourier.analysis import Analysis, CodeInfo, analyse
from fairyport.gamecourier.interpreter.board import Geometry
from fairyport.gamecourier.interpreter.dispatch import Reach
from fairyport.gamecourier.interpreter.includes import called_not_defined, unavailable_include
from fairyport.gamecourier.interpreter.interpreter import Compiler, Die, Interpreter, Runner, Source
from fairyport.gamecourier.interpreter.nodes import Command, IfBlock, Statement, SubBlock
from fairyport.gamecourier.interpreter.prune import (
    Deps,
    Proof,
    dies_off_list,
    dies_off_reach,
    plain_move_dies,
    promotions_die,
    still_holds,
)
from fairyport.gamecourier.interpreter.readings import ARITY_DEF, DOCUMENTED, Readings
from fairyport.gamecourier.interpreter.state import State, WatchedBoard, side_of
from fairyport.gamecourier.interpreter.typed import Turn, TurnPlayer
from fairyport.gamecourier.interpreter.values import EMPTY, ValueProblem, integer
from fairyport.gamecourier.syntax.fen import Cell, FenBoard, parse_fen, write_fen
from fairyport.gamecourier.syntax.preset import Preset, parse_preset, read_preset

PROMOTION_MAXMOVE = 2
"""Promotion sub-moves (``P e7-e8; Q-e8``) are candidates only when the code allows that many sub-moves per
turn with ``setsystem maxmove N`` (Game Courier's own limit on sub-moves). Without it, a promotion must be done
by the code itself (``add G dest``)."""
ADD_KEEPS_PREPROCESSOR = True
"""A promotion sub-move ``L-dest`` places ``L`` on the destination but leaves ``origin``, ``dest``, ``moved``
and ``old`` as the piece move set them (an add moves no piece), so Post-Move code tests the choice with
``space dest``."""
NULL_MOVES = False
"""A piece "moving" to its own square is not a candidate."""
PREMOVE_ONCE = True
"""See the module docstring: the mover's Pre-Move code runs once per position."""
POSTGAME_IN_PERFT = False
"""Perft does not run Post-Game code: it announces results (``won``, ``drawn``) and records ``setlegal`` moves,
neither of which changes which moves are legal; a game over by checkmate or stalemate has no legal moves anyway.
:meth:`GameCourierGame.recorded_legal` runs it on request."""
OWN_CAPTURES_ARE_CANDIDATES = True
"""Game Courier itself does not stop a piece from landing on its own side's piece; presets reject that in
Post-Move (``if isupper old: die ...``), so such moves are candidates like any other."""
STORAGE_MARK = "!"
"""A square whose file or rank label begins with ``!`` is off the board: a storage area where a preset keeps the
pieces in hand (the Game Courier drop tutorial, ``piecedrops.html``: captured pieces are moved by the code to
extra ranks whose labels begin with ``!``). A move from such a square is a drop: it is tried onto every square
that is not in storage, written ``W@b2`` (the label in upper case, as the reference generator writes drops)."""
DROPS_BY_LABEL = True
"""Two pieces of the same label in one side's storage give one drop per destination (the piece from the first
storage square, in board order): which storage square a piece came from changes nothing but the storage's
layout, and a drop is "this piece to that square" (as in the model). Moves from storage to storage are not
candidates."""
PROMOTED_MARK = "+"
"""A promotion sub-move to a label beginning with ``+`` (a promoted piece written as shogi writes it, ``+P``:
fairyport's writer gives each promoted piece such a label) is named with ``+`` alone, ``c4c5+``, as shogi and
the reference generator name a promotion that has one choice."""
GUARD_SHORTCUT = True
"""Candidates outside the reach of the mover's function are not tried when the mover's Post-Move code provably dies
for them in its first statements (``if not fn moved origin dest: die``), nor promotion sub-moves that provably die
there (``if != space dest moved and not fn promotes moved dest origin: die``), nor moves onto a piece or into
storage that provably die there (``if fn white old: die``, a move onto an own piece; ``if not fn inplay dest: die``);
the proofs are :mod:`.prune`'s.
Off in the tests' proof of the shortcuts. While tracing (``validate --run`` reports what runs), a spared run counts
as having run what the proof followed (:class:`~.prune.Proof`)."""
FEN_FIELDS_USED = ("board", "side")
"""``--fen`` gives the board (read as a Game Courier FEN code on the preset's width) and the side to move
(``w`` = the first side, ``b`` = the second). Castling and en passant rights are not in a Game Courier game:
they are whatever the preset's Pre-Game code derives from the position, so those FEN fields are ignored."""


@dataclasses.dataclass
class GCMove:
    """A legal move: the piece move, the promotion label (or None), and the state after it."""

    origin: str
    dest: str
    promotion: str | None
    after: State = dataclasses.field(repr=False, compare=False)
    dropped: str | None = None
    """The label of a piece dropped from storage (:data:`STORAGE_MARK`), else None."""

    def uci(self) -> str:
        """``e7e8q``: origin, destination and the promotion label in lower case; a drop ``W@b2``."""
        promotion = ""
        if self.promotion:
            promotion = PROMOTED_MARK if self.promotion.startswith(PROMOTED_MARK) else self.promotion.lower()
        if self.dropped is not None:
            return self.dropped.upper() + "@" + self.dest + promotion
        return self.origin + self.dest + promotion

    def __reduce__(self) -> tuple[object, ...]:
        # compiled code cannot be pickled: a move travels to a worker process by name and is found again there
        return (_move_by_name, (self.origin, self.dest, self.promotion, self.dropped))

    def notation(self) -> str:
        """Game Courier's notation: ``P e7-e8; Q-e8``."""
        text = f"{self.after.moved} {self.origin}-{self.dest}"
        return text + (f"; {self.promotion}-{self.dest}" if self.promotion else "")


class GameCourierGame:
    """A preset compiled for the interpreter."""

    def __init__(self, preset: Preset, *, shortcuts: bool = True, trace: bool = False,
                 unrunnable: list[UnsupportedError] | None = None, readings: Readings = DOCUMENTED,
                 exact: bool | None = None) -> None:
        self.preset = preset
        self.shortcuts = shortcuts
        """False: run Pre-Move for every candidate, try every promotion and evaluate ``and`` / ``or`` exactly as
        the reading says (the tests' proof of the shortcuts and of the readings)."""
        exact = not shortcuts if exact is None else exact
        """True: ``and`` / ``or`` exactly as the reading says, without the fast chains (the only shortcut whose
        result may depend on the reading); with ``shortcuts`` the others stay (the corpus proof of the readings)."""
        self.readings = readings
        """How the points the documentation leaves open are read (:mod:`.readings`)."""
        analysis = analyse(preset, def_arity=readings.arity == ARITY_DEF)
        self.analysis = analysis
        self.title = preset.get("game") or (Path(preset.file).stem if preset.file else "Game Courier preset")
        _refuse_includes(analysis)
        for info in analysis.code:
            if info.program.errors:
                first = min(info.program.errors, key=lambda e: e.location.offset or 0)
                raise first.relocated(info.value.location(first.location.offset or 0))
        if analysis.board_error is not None:
            raise analysis.board_error
        if analysis.board is None:
            raise ParseError("the preset has no FEN code ('code'): there is no board to play on",
                             preset.location(0), expected="a 'code' key", found="none")
        board = analysis.board
        holes = {(f, r) for r in range(len(board.ranks)) for f in range(board.cols)
                 if board.cell_at(f, r).kind == "hole"}
        self.geometry = Geometry.build(analysis.files, analysis.ranks, holes)
        if len(set(self.geometry.squares)) != len(self.geometry.squares):
            raise ModelError("two squares get the same name from the 'files' and 'ranks' labels",
                             preset.location(0))
        self._index = {sq: i for i, sq in enumerate(self.geometry.squares)}
        self.storage = frozenset(sq for sq, (f, r) in self.geometry.position.items()
                                 if analysis.files[f].startswith(STORAGE_MARK)
                                 or analysis.ranks[r].startswith(STORAGE_MARK))
        """The squares off the board where pieces in hand are kept (:data:`STORAGE_MARK`)."""
        self.labels = analysis.piece_labels() | {name for name in analysis.defs if side_of(name) is not None}
        self.interpreter = Interpreter(self.geometry, self.labels, readings)
        self.interpreter.exact = exact
        if readings.arity == ARITY_DEF:
            self.interpreter.arities = analysis.arities()
        self.interpreter.names = set(analysis.defs)
        if trace:  # record what runs (validate --run's dead code), at a small cost per statement
            self.interpreter.trace = set()
        self.interpreter.unrunnable = unrunnable  # a list: collect what the code cannot run (static validate)
        self.blocks: dict[str, list[Runner]] = {}
        self.trees: dict[str, list[Statement]] = {info.key: info.program.statements for info in analysis.code}
        """Each code block as parsed (what the guard shortcut reads, :mod:`.prune`)."""
        self._proofs: dict[tuple[int, str], Proof] = {}
        self._promotion_proofs: dict[tuple[int, str, str], Proof] = {}
        self._onto_proofs: dict[tuple[int, str, str, str, str], Proof] = {}
        self._onto_verdicts: dict[tuple[int, str, str, str, str], tuple[Deps, frozenset[tuple[str, int, str]]]] = {}
        """Moves onto a piece (or into storage) whose plain move and every promotion provably die: what the two
        proofs read together, and what they ran (one look-up and one test for the commonest spared candidate)."""
        subs: list[tuple[Compiler, SubBlock]] = []
        self.sub_trees: dict[str, tuple[str, SubBlock]] = {}
        """Each subroutine as parsed, with its code block (what the guard shortcut follows, :mod:`.prune`)."""
        for info in analysis.code:
            compiler = Compiler(self.interpreter, _source(info))
            for block in _subs(info.program.statements):
                subs.append((compiler, block))
                self.interpreter.names.add(block.name)
                self.sub_trees[block.name] = (info.key, block)
        for _, block in subs:  # every sub is known before any body is compiled (calls by name)
            self.interpreter.subs[block.name] = None  # type: ignore[assignment]
        try:
            for compiler, block in subs:
                self.interpreter.subs[block.name] = compiler.sub(block)
            for info in analysis.code:
                self.blocks[info.key] = Compiler(self.interpreter, _source(info), "block").block(
                    info.program.statements)
        except RecursionError:
            raise UnsupportedError("GAME Code nested too deeply to compile", preset.location(0),
                                   feature="nesting depth") from None

    # --- phases ------------------------------------------------------------------------------------------

    def _block(self, phase: str, side: int) -> list[Runner] | None:
        key = self._key(phase, side)
        return None if key is None else self.blocks[key]

    def _key(self, phase: str, side: int) -> str | None:
        keys = {"premove": [f"preauto{side}"], "postmove": [f"postauto{side}"],
                "postgame": [f"postgame{side}", "postgame"]}[phase]
        return next((key for key in keys if key in self.blocks), None)

    def _promotions_die(self, base: State, block: str, origin: str, dest: str) -> bool:
        """True if every promotion sub-move after ``origin`` -> ``dest`` provably dies (:data:`GUARD_SHORTCUT`)."""
        tree = self.trees[block]
        key = (id(tree), origin, dest)
        cached = self._promotion_proofs.get(key)
        if cached is None or not still_holds(cached.deps, base):
            cached = self._promotion_proofs[key] = promotions_die(self.interpreter, tree, base, origin, dest, block)
        if cached.proven and self.interpreter.trace is not None:
            self.interpreter.trace |= cached.ran
        return cached.proven

    def _plain_move_dies(self, base: State, block: str, origin: str, dest: str) -> bool:
        """True if the move ``origin`` -> ``dest`` (onto a piece, or into storage) provably dies in the mover's
        Post-Move prologue (:data:`GUARD_SHORTCUT`: a move onto an own piece, or off the board proper). Proofs are
        kept by the labels on both squares."""
        tree = self.trees[block]
        board = base.board
        key = (id(tree), origin, dest, board[origin], board[dest])
        cached = self._onto_proofs.get(key)
        if cached is None or not still_holds(cached.deps, base):
            cached = self._onto_proofs[key] = plain_move_dies(self.interpreter, tree, base, origin, dest, block)
        if cached.proven and self.interpreter.trace is not None:
            self.interpreter.trace |= cached.ran
        return cached.proven

    def _onto_all_die(self, base: State, block: str, origin: str, dest: str, promote: bool) -> bool:
        """True if the move ``origin`` -> ``dest`` onto a piece (or into storage) provably dies, and so does every
        promotion after it where promotions are tried (:meth:`_plain_move_dies`, :meth:`_promotions_die`); the two
        verdicts are kept together while what both read stays the same."""
        board = base.board
        key = (id(self.trees[block]), origin, dest, board[origin], board[dest])
        known = self._onto_verdicts.get(key)
        if known is not None and still_holds(known[0], base):
            if self.interpreter.trace is not None:
                self.interpreter.trace |= known[1]
            return True
        if not self._plain_move_dies(base, block, origin, dest) or (
                promote and not self._promotions_die(base, block, origin, dest)):
            return False
        plain = self._onto_proofs[key]
        deps, ran = plain.deps, plain.ran
        if promote:
            promotions = self._promotion_proofs[key[:3]]
            deps, ran = deps + tuple(d for d in promotions.deps if d not in deps), ran | promotions.ran
        self._onto_verdicts[key] = (deps, ran)
        return True

    def _promotions_known_dead(self, base: State, block: str, origin: str, dest: str) -> bool:
        """True if an earlier proof that every promotion after ``origin`` -> ``dest`` dies still holds (then the
        plain move's run need not watch the destination square: :class:`~.state.WatchedBoard`). Its trace was
        recorded when it was made."""
        cached = self._promotion_proofs.get((id(self.trees[block]), origin, dest))
        return cached is not None and cached.proven and still_holds(cached.deps, base)

    def _destinations(self, base: State, block: str, origin: str) -> list[str] | None:
        """The destinations worth a Post-Move run for the piece on ``origin`` (:data:`GUARD_SHORTCUT`), or None
        for all of them."""
        tree = self.trees[block]
        key = (id(tree), origin)
        cached = self._proofs.get(key)
        if cached is None or not still_holds(cached.deps, base):
            cached = dies_off_reach(self.interpreter, tree, base, origin, block)
            if not cached.proven:
                cached = dies_off_list(self.interpreter, tree, base, origin, block, self.sub_trees)
            self._proofs[key] = cached
        if not cached.proven:
            return None
        if cached.allowed is not None:
            allowed = cached.allowed
            found = [sq for sq in self.geometry.squares if sq in allowed]
        else:
            reach = base.defs[base.board[origin]].reach
            assert reach is not None
            found = self._reach_squares(base.board, origin, reach)
        if self.interpreter.trace is not None and len(found) < len(self.geometry.squares) - 1:
            self.interpreter.trace |= cached.ran  # some candidate is spared: count what its run would have run
        return found

    def _reach_squares(self, board: dict[str, str], origin: str, reach: Reach) -> list[str]:
        """The squares ``reach`` gets to from ``origin`` on ``board``, the board before the move: the squares a ride
        or hop passes are not its destination, so the move changes none of them but the origin, which it empties.
        In board order."""
        at = self.geometry.at
        f0, r0 = self.geometry.position[origin]
        found: set[str] = set()
        for kind, dx, dy, sx, sy in reach:
            f, r = f0 + dx, r0 + dy
            if kind == "leap":
                sq = at.get((f, r))
                if sq is not None:
                    found.add(sq)
                continue
            if kind == "bent":  # the bend square must be empty; the ride from it passes the vacated origin freely
                bend = at.get((f0 + sx, r0 + sy))
                if bend is None or board[bend] != EMPTY:
                    continue
                f, r = f0 + sx + dx, r0 + sy + dy
            screens = 0
            while (sq := at.get((f, r))) is not None:
                if board[sq] != EMPTY and sq != origin:
                    screens += 1
                    if kind != "hop" or screens == 2:
                        found.add(sq)
                        break
                elif kind != "hop" or screens == 1:
                    found.add(sq)
                f, r = f + dx, r + dy
        return sorted(found, key=self._index.__getitem__)

    def start(self, board: dict[str, str] | None = None, side: int = 1) -> State:
        """The state after Pre-Game, on the preset's board or on ``board``.

        :raises UnsupportedError: Pre-Game code ``die``\\ s, or cannot be run.
        """
        if board is None:
            board = self._initial_board()
        state = State(board, side)
        pregame = self.blocks.get("pregame")
        if pregame is not None:
            try:
                self.interpreter.run(pregame, state)
            except Die as die:
                raise UnsupportedError(f"the Pre-Game code stops the game: {die.message}", die.location,
                                       feature="die in Pre-Game") from None
        state.legal = []
        return state

    def _initial_board(self) -> dict[str, str]:
        assert self.analysis.board is not None
        return _board_from(self.analysis.board, self.geometry)

    def position(self, fen: str | None = None, where: Location | None = None) -> GameCourierPosition:
        """The start position, or the position of ``fen`` (see :data:`FEN_FIELDS_USED`)."""
        if fen is None or fen == "startpos":
            return GameCourierPosition(self, self.start())
        fields = fen.split()
        if not fields:
            raise ParseError("empty FEN", where)
        assert self.analysis.board is not None
        try:
            decoded = parse_fen(fields[0], self.analysis.board.cols)
        except ParseError as exc:
            raise exc.relocated(where or exc.location) from None
        if len(decoded.ranks) != len(self.analysis.board.ranks):
            raise ParseError(f"the FEN has {len(decoded.ranks)} ranks, the preset's board "
                             f"{len(self.analysis.board.ranks)}", where, expected=f"{len(self.analysis.board.ranks)}",
                             found=str(len(decoded.ranks)))
        side = 1
        if len(fields) > 1:
            if fields[1] not in ("w", "b"):
                raise ParseError("the side to move must be 'w' or 'b'", where, expected="w or b",
                                 found=repr(fields[1]))
            side = 1 if fields[1] == "w" else 2
        return GameCourierPosition(self, self.start(_board_from(decoded, self.geometry), side))

    # --- moves -------------------------------------------------------------------------------------------

    def legal_moves(self, state: State, origins: set[str] | None = None) -> list[GCMove]:
        """Every candidate move of the side to move that the mover's Post-Move code accepts (only the moves of
        the pieces on ``origins`` when given)."""
        side = state.side
        base = state.copy()
        premove = self._block("premove", side)
        if premove is not None and self.shortcuts:
            try:
                self.interpreter.run(premove, base)
            except Die:
                return []
            premove = None
        postmove_key = self._key("postmove", side)
        postmove = None if postmove_key is None else self.blocks[postmove_key]
        guarded = postmove_key if GUARD_SHORTCUT and self.shortcuts else None
        promote = self._promotes(base)
        choices = sorted(label for label in self.labels if side_of(label) == side) if promote else []
        squares = self.geometry.squares
        storage = self.storage
        in_hand: set[str] = set()
        moves: list[GCMove] = []
        board = base.board
        for origin in squares:
            moved = board[origin]
            if moved == EMPTY or side_of(moved) != side or (origins is not None and origin not in origins):
                continue
            drop = origin in storage
            if drop:
                if DROPS_BY_LABEL and moved in in_hand:
                    continue
                in_hand.add(moved)
            dests = squares
            if guarded is not None and not drop:
                reach = self._destinations(base, guarded, origin)
                if reach is not None:
                    dests = reach
            for dest in dests:
                if (dest == origin and not NULL_MOVES) or (drop and dest in storage):
                    continue
                onto = guarded is not None and not drop and (base.board[dest] != EMPTY or dest in storage)
                if onto and guarded is not None and self._onto_all_die(base, guarded, origin, dest, promote):
                    continue
                if onto and guarded is not None and self._plain_move_dies(base, guarded, origin, dest):
                    after, seen, dead = None, True, False  # not tried; its promotions are asked below
                else:
                    dead = promote and guarded is not None and not drop and self._promotions_known_dead(
                        base, guarded, origin, dest)
                    after, seen = self._try(base, premove, postmove, origin, dest, None, watch=promote and not dead)
                if after is not None:
                    moves.append(GCMove(origin, dest, None, after, moved if drop else None))
                if promote and not dead and (seen or after is not None or not self.shortcuts) and not (
                        guarded is not None and not drop and self._promotions_die(base, guarded, origin, dest)):
                    for label in choices:
                        if label != moved:
                            promoted, _ = self._try(base, premove, postmove, origin, dest, label, watch=False)
                            if promoted is not None:
                                moves.append(GCMove(origin, dest, label, promoted, moved if drop else None))
        return moves

    def _promotes(self, state: State) -> bool:
        value = state.system.get("maxmove")
        try:
            return value is not None and integer(value) >= PROMOTION_MAXMOVE
        except ValueProblem:
            return False

    def _try(self, base: State, premove: list[Runner] | None, postmove: list[Runner] | None, origin: str,
             dest: str, promotion: str | None, *, watch: bool) -> tuple[State | None, bool]:
        s = base.copy()
        if premove is not None:
            try:
                self.interpreter.run(premove, s)
            except Die:
                return None, True
        board = s.board
        moved = board[origin]
        s.old = board[dest]
        board[dest] = moved if promotion is None else promotion
        board[origin] = EMPTY
        s.origin, s.dest, s.moved = origin, dest, moved
        s.thismove = f"{moved} {origin}-{dest}" + (f"; {promotion}-{dest}" if promotion else "")
        seen = False
        if postmove is not None:
            watched = WatchedBoard(board, dest) if watch else None
            if watched is not None:
                s.board = watched
            try:
                self.interpreter.run(postmove, s)
            except Die:
                return None, watched.seen if watched is not None else False
            if watched is not None:
                seen = watched.seen
                s.board = dict(watched)
        s.side = 3 - s.side
        s.ply += 1
        s.legal = []
        return s, seen

    def play(self, state: State, text: str) -> Turn:
        """A turn typed as on Game Courier (``e2-e4``, ``e7-e8; Q-e8``), screened and played on ``state``
        (:mod:`.typed`): accepted with the position after it, or refused with the reason and ``state``."""
        player = TurnPlayer(self.interpreter, {side: self._block("premove", side) for side in (1, 2)},
                            {side: self._block("postmove", side) for side in (1, 2)})
        return player.play(state, text)

    def recorded_legal(self, state: State) -> set[tuple[str, str]] | None:
        """The moves the last mover's Post-Game code records with ``setlegal`` for ``state`` (the legal-move
        display), or None when it records none."""
        last = 3 - state.side
        postgame = self._block("postgame", last)
        if postgame is None:
            return None
        s = state.copy()
        with contextlib.suppress(Die):
            self.interpreter.run(postgame, s)
        return set(s.legal) if s.legal else None

    def fen(self, state: State) -> str:
        """The board as a Game Courier FEN code, and the side to move (``w`` / ``b``)."""
        assert self.analysis.board is not None
        ranks: list[list[Cell]] = []
        template = self.analysis.board
        for r in range(len(template.ranks) - 1, -1, -1):
            row: list[Cell] = []
            for f in range(template.cols):
                sq = self.geometry.at.get((f, r))
                if sq is None:
                    row.append(Cell("hole"))
                elif state.board[sq] == EMPTY:
                    row.append(Cell("empty"))
                else:
                    row.append(Cell("piece", state.board[sq]))
            ranks.append(row)
        return write_fen(FenBoard(template.cols, ranks)) + (" w" if state.side == 1 else " b")


class GameCourierPosition:
    """A position for :mod:`fairyport.movegen.perft` (``legal_raw / push_raw / pop_raw / uci / copy``)."""

    def __init__(self, game: GameCourierGame, state: State) -> None:
        self.game = game
        self.state = state
        self._stack: list[State] = []

    def legal_raw(self) -> list[GCMove]:
        """The legal moves (see :meth:`GameCourierGame.legal_moves`)."""
        return self.game.legal_moves(self.state)

    def push_raw(self, move: GCMove) -> None:
        """Make a move of :meth:`legal_raw`."""
        after = move.after
        if after is None:  # a move that came from another process: find it by name
            after = next(m.after for m in self.legal_raw() if m.uci() == move.uci())
        self._stack.append(self.state)
        self.state = after

    def pop_raw(self) -> None:
        """Take back the last move."""
        self.state = self._stack.pop()

    def uci(self, move: GCMove) -> str:
        """The move's name (``e2e4``, ``e7e8q``)."""
        return move.uci()

    def copy(self) -> GameCourierPosition:
        """An independent copy. Copies are registered so that a worker process forked after the copy (``divide
        --jobs``) receives it by number: compiled code cannot be pickled."""
        new = GameCourierPosition(self.game, self.state)
        new._stack = list(self._stack)
        _COPIES[id(new)] = new
        return new

    def __reduce__(self) -> tuple[object, ...]:
        if _COPIES.get(id(self)) is not self:
            raise TypeError("only copies made by GameCourierPosition.copy() can be sent to another process")
        return (_copy_by_number, (id(self),))

    def fen(self) -> str:
        """See :meth:`GameCourierGame.fen`."""
        return self.game.fen(self.state)

    def recorded_legal(self) -> set[tuple[str, str]] | None:
        """See :meth:`GameCourierGame.recorded_legal`."""
        return self.game.recorded_legal(self.state)


_COPIES: weakref.WeakValueDictionary[int, GameCourierPosition] = weakref.WeakValueDictionary()
"""Live copies by ``id`` (see :meth:`GameCourierPosition.copy`)."""


def _copy_by_number(number: int) -> GameCourierPosition:
    return _COPIES[number]


def _move_by_name(origin: str, dest: str, promotion: str | None, dropped: str | None) -> GCMove:
    return GCMove(origin, dest, promotion, None, dropped)  # type: ignore[arg-type]


def _board_from(fen: FenBoard, geometry: Geometry) -> dict[str, str]:
    board: dict[str, str] = {}
    for sq, (f, r) in geometry.position.items():
        cell = fen.cell_at(f, r)
        board[sq] = cell.label if cell.kind == "piece" and cell.label is not None else EMPTY
    return board


def _source(info: CodeInfo) -> Source:
    value = info.value
    return Source(info.key, value.text or "", value.location)


def _subs(statements: list[Statement]) -> list[SubBlock]:
    found: list[SubBlock] = []
    for st in statements:
        if isinstance(st, SubBlock):
            found.append(st)
            found.extend(_subs(st.body))
        elif isinstance(st, IfBlock):
            for branch in st.branches:
                found.extend(_subs(branch.body))
    return found


def _refuse_includes(analysis: Analysis) -> None:
    for info in analysis.code:
        for command, _ in info.program.walk():
            if isinstance(command, Command) and command.name == "include":
                names = " ".join(t.value for t in command.args)
                missing = called_not_defined([other.program for other in analysis.code])
                raise UnsupportedError(unavailable_include(names, missing), info.value.location(command.offset),
                                       feature=f"include {names}")


def load_preset(path: str | Path, readings: Readings = DOCUMENTED, *, shortcuts: bool = True) -> GameCourierGame:
    """Read a preset file (settings file or query string) and compile it under ``readings`` (``shortcuts``:
    see :class:`GameCourierGame`).

    :raises ParseError: unreadable preset or GAME Code syntax error (located).
    :raises UnsupportedError: an include library, or code that cannot be run.
    """
    return GameCourierGame(read_preset(Path(path)), readings=readings, shortcuts=shortcuts)


def load_text(text: str, file: str | None = None, readings: Readings = DOCUMENTED) -> GameCourierGame:
    """Compile a preset given as text (settings-file PHP or a query string) under ``readings``."""
    return GameCourierGame(parse_preset(text, file), readings=readings)
