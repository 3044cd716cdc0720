"""A game program written as a Game Courier settings file whose GAME Code enforces the program's rules.

Game Courier moves the piece first and runs the mover's Post-Move code after; the code written here

1. takes the move back (the program reads the board before the move) and dies when the game was already over
   (a goal met, ``gameover``);
2. runs the move blocks of the moved piece (``moves``) in ``play`` mode: each ``add`` is compared with the
   move Game Courier made (origin, destination, and the label left on the destination for a promotion);
3. makes the move the matching block recorded (``make_move``: captures, cascaded sub-moves, changes);
4. dies when a royal piece of the mover is attacked afterwards (``attacked`` runs the enemy blocks in
   ``attack`` mode).

The board must be one that Game Courier draws from ``files`` and ``ranks``: every position on a grid cell,
missing cells as holes. Other boards, and constructs the writer does not translate yet, are refused naming
them.
"""

from __future__ import annotations

import dataclasses
import itertools
import json

from fairyport.errors import UnsupportedError
from fairyport.gamecourier.program.code import BlockWriter, Side, identifier, word
from fairyport.gamecourier.program.quiet import never_takes
from fairyport.gamecourier.program.reach import Offset, Pattern, piece_reach
from fairyport.gamecourier.provenance import program_rules
from fairyport.gamecourier.write.settings import write_settings
from fairyport.inputs import DEFAULT_MAX_INPUT_SIZE
from fairyport.program import game as pg
from fairyport.program import nodes

RECORD = ("netsq", "netlab", "removed", "type", "ncap", "pair")
"""What a legal move found by the Pre-Move code keeps (``l_<name>`` keyed by the move): the squares it changes and
their new labels, the pieces it takes off the board, its move type and how many it takes; ``l_pair`` says which
origin and destination have a move at all, so that Post-Move code rejects the others before it looks at the
destination (Game Courier then knows no promotion choice there can be legal)."""
STOCK_PREFIX = "stock:"
"""The names of the virtual positions that hold the off-board stock (``stock:owner:type:n``)."""
STORAGE_RANK = "!"
"""The first character of a rank label whose squares are off the board (the Game Courier drop tutorial's
convention, :data:`fairyport.gamecourier.interpreter.game.STORAGE_MARK`)."""
SELECTOR_KEYS = True
"""A Game Courier move names an origin, a destination and (as a promotion sub-move ``L-dest``) a label, so two
legal moves of one turn with the same origin and destination but different effects (a slide and a kicking chain
that both end on one square), and a move that ends on its own origin (which no Game Courier move names), cannot
both be the plain move. The first such move found keeps the plain key; each other is keyed by the first name
free in this order: the move's destination, then every other square the move changes, then every square of the
board, each with the plain move first and then each label of the mover's side as a promotion sub-move (the
label only selects the move: the preset makes the move recorded, not the label). Two moves with the same origin,
destination and effect are one move (as the ZRF interpreter counts them). Where no name is free (more distinct
moves from one origin than squares times labels), the Pre-Move code dies naming the two moves."""
CHAIN_SELECTORS = 16
"""Where a move block ends a partial step (``add-partial``), one turn's moves from one origin are the chains of
steps, far more than the squares of the board (Fanorona's approach and withdrawal chains, 86 from one stone after
one move on 45 squares; Amazons' move and shot, up to 544 from one amazon on 100 squares at the start): such a
preset gets this many labels per side (:data:`SELECTOR_LABEL` and a number: ``KEY1`` ... / ``key1`` ...) in its
piece set, used only as selectors of :data:`SELECTOR_KEYS`, so that one origin can name (squares - 1) times
(labels of its side + this) moves. Games without partial steps get none (each label is one more promotion choice
the interpreter tries for every listed origin and destination)."""
SELECTOR_LABEL = "KEY"
"""The stem of the selector labels of :data:`CHAIN_SELECTORS` (lengthened while a piece has such a label)."""
OFF_GRID_STORAGE = True
"""Positions a ZRF board defines beside its grid (``(positions ...)`` outside every grid: capture counters, trays)
are written as storage squares, as dummy positions are. Game Courier tries a move from a storage square as a drop
onto the board (one per label), so a game whose pieces move from such a position to another one, or differently
from two of them with one label, would lose moves: a board where a direction links such a position (Hexagonal
Kyoto Shogi's half-offset cells) is refused; positions drawn at the grid's pitch are not off it (see
``fairyport.zrf.lower._beside_grid``)."""
MAX_PRESET_BYTES = DEFAULT_MAX_INPUT_SIZE
"""The largest translation written: the input limit with which fairyport reads presets (16 MiB), so that every
preset it writes can be read back and proven. ZRF macros are textual, and a game that builds dozens of piece
types from one set of macros (Escalation's and Focus's stacks) expands into hundreds of blocks of a thousand lines
each: Focus (99 KB of ZRF) would be a 270 MB preset. The writer stops as soon as its subs pass the bound and
refuses the game naming the size, instead of spending a minute and gigabytes on a file nothing can load."""
PASS_TOKEN = "PASS"
"""Where the program lets a player pass (ZRF's ``pass-turn``), each player has a token in a storage square off the
board (label ``PASS`` for the first player, ``pass`` for the second), and passing is written as dropping the
token on the program's first position (``PASS@a4`` where that is a4): the Post-Move code puts it back and changes
nothing else, nor the last move's origin and destination. A Game Courier move always names a piece and a square,
so a pass needs one."""
TRANSLATION_VERSION = 8
"""The version of the ZRF -> GAME Code translation: raised whenever a change could change what a translated preset
plays (a move, a refusal), so that results cached by it (``benchmarks/zrf_gamecode_bench.py``) are measured
again; changes of speed alone leave it."""
MAX_PARTIAL_CHAIN = 64
"""How many ``add-partial`` steps one turn may chain (the ZRF interpreter's bound,
:data:`fairyport.zrf.interpreter.constants.MAX_PARTIAL_CHAIN`; beyond it the chain ends there)."""
STATE_VARIABLES = ("btype", "at", "src", "piece", "dst", "mark", "caps", "mfrom", "mto", "mpiece", "ckind", "cpos",
                   "carg")
"""The block run's variables (see :mod:`.code`), saved and restored around a nested attack test."""
RUN_ARRAYS = STATE_VARIABLES[6:]
"""The arrays a block run fills (captures, cascaded sub-moves, changes). They are empty between block runs: a move
block's sub empties only those it fills itself (the dispatcher empties them again after the call), and the attack
test and a chain's continuation, which run blocks inside another block's run, save them and start them empty. A
block call is the costliest part of a translated preset and most blocks fill none: Pre-Game code sets them once
instead of every call setting seven."""
ATTACK_MEMO = True
"""An attack test's answer is kept (``acache``, keyed by square, side, the label placed there and the move type) for
as long as the board it was asked on stands: ``take_step`` and ``attacked`` put the kept answers aside while they
change the board, and ``generate`` starts with none. A block that asks whether its own king is attacked before
every step (``Chess_mandatory.zrf``'s ``king-attacked``, walking the board to the king for every block of every
piece) then asks once per label, where each such test in turn ran every enemy block's walk and test."""
QUIET_BLOCKS_SKIPPED = True
"""Attack tests skip the blocks that can never take a piece (:func:`.quiet.never_takes`: every ``add`` lands on a
square the block verified empty, no capture, cascade, ``to`` or ``from``), as they skip a block's copies under
other move types: ``Chess_mandatory.zrf``'s blocks that move only while the king is in check walk the board to
the king and test it before their one step to an empty square; an attack test ran that walk and test for every
such block of every enemy piece."""
REACH_FILTER = True
"""An attack test runs the blocks of an enemy piece only where they may take on the tested square: each piece type's
blocks are followed as offsets on the grid (:func:`.reach.piece_reach`: steps, slides as rays, a walk undone by
``back``), and the dispatcher first compares the target's offset from the piece (``cx``, ``cy``: the squares' grid
cells) with them; a piece whose blocks the analysis cannot follow (link tables, cascades...) is always run. Annan
Shogi's royal check after each of its 154 candidate moves ran every enemy piece's blocks."""
MAX_ATTACK_DEPTH = 2
"""How deeply attack tests nest (an attack test inside a block run inside an attack test answers false), as
the ZRF interpreter bounds them (:data:`fairyport.zrf.interpreter.constants.MAX_ATTACK_DEPTH`, the same
value: the ZRF package cannot be imported here)."""


@dataclasses.dataclass
class WrittenProgram:
    """The settings file and how its squares are named."""

    text: str
    squares: dict[str, str]
    """Program position -> Game Courier square."""
    labels: dict[tuple[str, str], str]
    """(player, piece type) -> Game Courier label."""
    storage: list[str] = dataclasses.field(default_factory=list)
    """The storage squares that hold the off-board stock."""
    passes: list[str] = dataclasses.field(default_factory=list)
    """The storage squares of the players' pass tokens (:data:`PASS_TOKEN`)."""


def refuse(what: str, where: str = "") -> UnsupportedError:
    """A refusal naming the construct."""
    return UnsupportedError(f"the Game Courier writer cannot translate {what}" + (f" ({where})" if where else ""),
                            feature=what)


def write_program(program: pg.GameProgram) -> WrittenProgram:
    """The settings file of ``program``.

    :raises UnsupportedError: naming the board, rule or instruction that cannot be written.
    """
    return _Writer(program).write()


def write_preset(program: pg.GameProgram) -> str:
    """The settings file text of ``program`` (:attr:`fairyport.format.Format.write_program`)."""
    return write_program(program).text


class _Writer:
    def __init__(self, program: pg.GameProgram) -> None:
        self.program = program
        if len(program.players) != 2:
            raise refuse(f"a game of {len(program.players)} players (Game Courier presets enforce two sides)")
        self.players = program.players
        self._check_turns()
        self.stock = [(f"{STOCK_PREFIX}{owner}:{kind}:{i}", owner, kind)
                      for (owner, kind), count in sorted(program.stock.items()) for i in range(count)]
        """Off-board stock as virtual positions (storage squares holding the pieces)."""
        self.labels = _labels(program, self.players)
        self.tokens: dict[str, str] = {}
        """Player -> the label of the piece whose drop is that player's pass (:data:`PASS_TOKEN`)."""
        if program.options.pass_turn:
            for player, label in zip(self.players, _token_labels(self.labels), strict=True):
                self.tokens[player] = label
        self.selectors = _selector_labels(program, self.labels, self.tokens) if _has_partial_steps(program) else ()
        """The labels of :data:`CHAIN_SELECTORS` (the first player's; the second's are their lower case)."""
        board = dataclasses.replace(program.board, positions=program.board.positions + tuple(
            pg.Position(name, None, True) for name, _, _ in self.stock) + tuple(
            pg.Position(f"{STOCK_PREFIX}pass:{player}", None, True) for player in self.tokens))
        self.files, self.ranks, self.squares, self.cells = _board(board)
        self.storage = [self.squares[name] for name, _, _ in self.stock]
        self.token_squares = [self.squares[f"{STOCK_PREFIX}pass:{player}"] for player in self.tokens]
        self.goal_subs: list[str] = []
        """Subroutines of goals that search the board (``relative-config``)."""
        self.attributes = sorted({name for piece in program.pieces for name, _ in piece.attributes})
        self.typed_attacks = False
        """Whether a block asks for an attack by moves of one move type (the dispatcher then filters)."""
        self.tables: list[str] = []
        """Pre-Game lines that fill the link tables of directions that are not one grid offset."""
        self.sides = [self._side(i) for i in range(2)]
        self.reach: dict[str, frozenset[Pattern] | None] = {}
        """Label -> where the piece's blocks may take, relative to its square (:data:`REACH_FILTER`)."""

    # -- checks ------------------------------------------------------------------------------------------

    def _check_turns(self) -> None:
        p = self.program
        turns = p.turns
        cycle = [t.player for t in turns[p.repeat_from:]]
        order = [t.player for t in turns]
        if any(a == b for a, b in itertools.pairwise(order)) or (cycle and cycle[0] == cycle[-1]):
            raise refuse("a turn order in which a player moves twice in a row (Game Courier gives the move to the "
                         "other side after every move)")
        if any(t.owner != t.player for t in turns):
            raise refuse("a turn order in which a player moves another player's pieces")
        if len(turns) != 2 or p.repeat_from != 0:  # (two turns of one player: refused above, in a row)
            raise refuse("a turn order other than the two players alternating")
        self.players = (turns[0].player, turns[1].player)
        self.turn_types = {t.player: t.move_type for t in turns}
        o = p.options
        if o.neutral:
            raise refuse("neutral players")
        if o.recycle_captures:
            raise refuse("recycled captures (off-board stock that grows)")

    # -- sides -------------------------------------------------------------------------------------------

    def _side(self, index: int) -> Side:
        player = self.players[index]
        board = self.program.board
        steps: dict[str, str] = {}
        at = {cell: name for name, cell in self.cells.items()}
        for direction in board.links:
            offset = None
            consistent = True
            for p in board.positions:
                here = self.cells[p.name]
                target = board.link(player, direction, p.name)
                if target is None:
                    continue
                cell = self.cells[target]
                delta = (cell[0] - here[0], cell[1] - here[1])
                if offset is None:
                    offset = delta
                elif offset != delta:
                    consistent = False
                    break
            if consistent and offset is not None:
                # every position whose offset square exists must have the link
                for p in board.positions:
                    here = self.cells[p.name]
                    there = at.get((here[0] + offset[0], here[1] + offset[1]))
                    if there is not None and board.link(player, direction, p.name) is None:
                        consistent = False
                        break
            if not consistent:
                table = f"link_{identifier(direction)}_{identifier(player)}"
                steps[direction] = f"elem {{}} #{table}"
                self.tables.append(f"set {table} array;")
                for p in board.positions:
                    target = board.link(player, direction, p.name)
                    if target is not None:
                        self.tables.append(f"setelem {table} {self.squares[p.name]} {self.squares[target]};")
                continue
            if offset is None:
                steps[direction] = "false"
            else:
                steps[direction] = f"where {{}} {offset[0]} {offset[1]}"
        zones = {z: tuple(sorted(self.squares[q] for q in per.get(player, ()))) for z, per in board.zones.items()}
        labels = {t: self.labels[player, t] for t in (piece.name for piece in self.program.pieces)}
        other = {t: self.labels[self.players[1 - index], t] for t in labels}
        goal_squares: list[str] = []
        for goal in self.program.goals:
            if player in goal.players:
                for element in _config_elements(goal.condition):
                    goal_squares += [self.squares[q] for q in element.get(player, ()) if self.squares[q]
                                     not in goal_squares]
        return Side(player, identifier(player), index + 1, labels, other, steps, zones, tuple(goal_squares),
                    self.squares)

    # -- the settings file -------------------------------------------------------------------------------

    def write(self) -> WrittenProgram:
        p = self.program
        subs: list[str] = []
        dispatch: dict[str, list[tuple[str, str | None, bool, tuple[str, ...]]]] = {}
        drops: list[tuple[int, str, str, str | None]] = []
        self.drops = drops
        flags: set[str] = set()
        size = 0
        for side_index, side in enumerate(self.sides):
            for piece in p.pieces:
                names: list[tuple[str, str | None, bool, tuple[str, ...]]] = []
                bodies: set[str] = set()
                for number, block in enumerate(piece.moves, start=1):
                    name = f"{identifier(piece.name)}_{number}_{side.name}"
                    writer = BlockWriter(side, block.source or piece.name)
                    writer.body(block.body, 1)
                    flags |= writer.flags
                    self.typed_attacks = self.typed_attacks or writer.typed_attacks
                    head = [f"sub {name} start:", "  set at #start;", "  set src #start;",
                            "  set piece space #start;", "  set dst false;", "  set mark #start;"]
                    head.insert(1, f'  set btype "{block.move_type or ""}";')
                    fills = tuple(v for v in RUN_ARRAYS if any(line.lstrip().startswith(f"push {v} ")
                                                               for line in writer.lines))
                    head += [f"  set {v} array;" for v in fills]
                    head += [f"  set flag_{identifier(f)} false;" for f in sorted(writer.flags)]
                    head += [f"  set pflag_{identifier(f)} array;" for f in sorted(writer.pflags)]
                    subs.append("\n".join([*head, *writer.lines, "endsub;"]))
                    size = self._grow(size, subs[-1])
                    body = "\n".join([*head[2:], *writer.lines])  # all but the name and the move type
                    # neither a copy of an earlier block nor able to take: attack tests skip it (QUIET_BLOCKS_SKIPPED)
                    names.append((name, block.move_type, body in bodies or never_takes(block.body), fills))
                    bodies.add(body)
                dispatch[self.labels[self.players[side_index], piece.name]] = names
                self.reach[self.labels[self.players[side_index], piece.name]] = piece_reach(
                    [block.body for block in piece.moves if not never_takes(block.body)], _offsets(side))
                label = self.labels[self.players[side_index], piece.name]
                for number, block in enumerate(piece.drops, start=1):
                    if not any(owner == side.player and kind == piece.name for _, owner, kind in self.stock):
                        continue
                    name = f"{identifier(piece.name)}_drop{number}_{side.name}"
                    writer = BlockWriter(side, block.source or piece.name)
                    writer.body(block.body, 1)
                    self.typed_attacks = self.typed_attacks or writer.typed_attacks
                    head = [f"sub {name} start:", f'  set btype "{block.move_type or ""}";', "  set at #start;",
                            "  set src false;", f"  set piece {word(label)};", "  set dst false;",
                            "  set mark #start;"]
                    head += [f"  set {v} array;" for v in STATE_VARIABLES[6:]]
                    head += [f"  set flag_{identifier(f)} false;" for f in sorted(writer.flags)]
                    head += [f"  set pflag_{identifier(f)} array;" for f in sorted(writer.pflags)]
                    subs.append("\n".join([*head, *writer.lines, "endsub;"]))
                    size = self._grow(size, subs[-1])
                    drops.append((side.number, label, name, block.move_type))
        values: dict[str, str] = {
            "game": p.title or "Untitled",
            "code": self._fen(),
            "cols": str(len(self.files)),
            "files": " ".join(self.files),
            "ranks": " ".join(self.ranks),
            "shape": "Square Cells",
            "sides": " ".join(self.players),
            "set": json.dumps({"pieces": {label: ("W" if player == self.players[0] else "B") + identifier(kind)
                                          + ".gif" for (player, kind), label in self.labels.items()}
                                | {label: ("W" if player == self.players[0] else "B") + "Pass.gif"
                                   for player, label in self.tokens.items()}
                                | {label: "WKey.gif" for label in self.selectors}
                                | {label.lower(): "BKey.gif" for label in self.selectors}}),
            "rules": program_rules(p.title, p.source),  # the mark the reader refuses it by (.provenance)
        }
        pregame = ["setsystem maxmove 2;"]  # promotion choices, and the selectors of SELECTOR_KEYS
        for attribute in self.attributes:
            n = identifier(attribute)
            pregame += [f"set attr_{n} array;", f"set init_{n} array;"]
            for piece in p.pieces:
                value = dict(piece.attributes).get(attribute, False)
                for player in self.players:
                    pregame.append(f"setelem init_{n} {word(self.labels[player, piece.name])} "
                                   f"{'true' if value else 'false'};")
            for position, (_, kind) in p.setup.items():
                if dict(p.piece(kind).attributes).get(attribute, False):
                    pregame.append(f"setelem attr_{n} {self.squares[position]} true;")
        if any(reach is not None for reach in self.reach.values()):  # grid cells of the squares (REACH_FILTER)
            pregame += ["set cx array;", "set cy array;"]
            pregame += [f"setelem cx {square} {self.cells[name][0]};" for name, square in self.squares.items()]
            pregame += [f"setelem cy {square} {self.cells[name][1]};" for name, square in self.squares.items()]
        pregame.append("set stock array " + " ".join(self.storage + self.token_squares) + ";")
        pregame.append("set boardsquares array " + " ".join(
            self.squares[q.name] for q in p.board.positions if not q.dummy) + ";")
        for number, player in enumerate(self.players, start=1):
            pregame.append(f'set selectors{number} array "" ' + " ".join(
                [word(self.labels[player, piece.name]) for piece in p.pieces]
                + [word(label if number == 1 else label.lower()) for label in self.selectors]) + ";")
        if self.drops:
            pregame.append("set dropsquares array " + " ".join(
                self.squares[q.name] for q in p.board.positions if not q.dummy) + ";")
        pregame += [f"set {v} array;" for v in RUN_ARRAYS]
        pregame.append('set atype "";')
        pregame += ["setflag rules;", "set lastfrom false;", "set lastto false;", "set removed array;",
                    "set mode \"list\";", "set found false;", "set legal array;", "set adepth 0;", "set acache array;",
                    "set cdepth 0;", "set csteps 0;"]
        values["pregame"] = "\n".join([*pregame, *self.tables, "", *subs, self._dispatch(dispatch),
                                       _add_move(self.attributes), self._free_key(),
                                       _make_move(self.attributes), self._take(), self._attacked(),
                                       self._generate(), self._turn(),
                                       self._gameover(), _COUNT_PIECES])
        for number in (1, 2):
            values[f"preauto{number}"] = f"gosub generate {number};"
            values[f"postauto{number}"] = f"gosub turn {number};"
        text = write_settings(values)
        self._grow(0, text, newline=False)  # the whole file: tables, dispatch and the rest of the code included
        return WrittenProgram(text, dict(self.squares), dict(self.labels), list(self.storage),
                              list(self.token_squares))

    def _grow(self, size: int, text: str, newline: bool = True) -> int:
        """``size`` grown by the bytes of ``text`` (and a newline), refused past :data:`MAX_PRESET_BYTES`."""
        size += len(text.encode()) + newline
        if size > MAX_PRESET_BYTES:
            blocks = sum(len(piece.moves) + len(piece.drops) for piece in self.program.pieces)
            raise UnsupportedError(
                f"the Game Courier writer cannot translate this game into a preset of at most "
                f"{MAX_PRESET_BYTES / (1024 * 1024):g} MiB, the input limit presets are read back with (to prove "
                f"them): its {blocks} move and drop blocks over {len(self.program.pieces)} piece types, with "
                f"their macros expanded, pass that size",
                feature="a translation larger than the preset size bound")
        return size

    def _fen(self) -> str:
        rows = []
        setup = self.program.setup
        by_square = {self.squares[pos]: self.labels[owner, kind] for pos, (owner, kind) in setup.items()}
        by_square.update((self.squares[name], self.labels[owner, kind]) for name, owner, kind in self.stock)
        by_square.update((self.squares[f"{STOCK_PREFIX}pass:{player}"], label) for player, label in self.tokens.items())
        names = {cell: self.squares[name] for name, cell in self.cells.items()}
        for rank in reversed(range(len(self.ranks))):
            text, run = "", 0
            for file in range(len(self.files)):
                sq = names.get((file, rank))
                label = by_square.get(sq) if sq is not None else None
                if sq is not None and label is None:
                    run += 1
                    continue
                if run:
                    text, run = text + str(run), 0
                if sq is None:
                    text += "-"
                else:
                    assert label is not None
                    text += label if len(label) == 1 else "{" + label + "}"
            if run:
                text += str(run)
            rows.append(text)
        return "/".join(rows)

    def _dispatch(self, dispatch: dict[str, list[tuple[str, str | None, bool, tuple[str, ...]]]]) -> str:
        """``moves sq``: every block of the piece on ``sq``; when listing a turn's moves, only the blocks of the
        move type the turn order allows; attack tests run them all, but a block with the same code as an earlier
        one of the piece (another move type's copy: Annan Shogi's pieces have 45 blocks, 19 distinct) only once,
        since an attack test does not read the move type, and no block that can never take a piece
        (:data:`QUIET_BLOCKS_SKIPPED`). ``moves_typed sq type``: the blocks of one
        move type (``""``: untyped), where an ``add-partial`` chain continues."""
        lines = ["sub moves sq:", "  set found false;"]
        typed = ["sub moves_typed sq type:"]
        first = True
        for label, names in dispatch.items():
            if not names:
                continue
            test = f"  {'if' if first else 'elseif'} == space #sq {word(label)}:"
            lines.append(test)
            typed.append(test)
            reach = self.reach.get(label)
            if reach is not None:  # an attack test: the piece's blocks cannot take there (REACH_FILTER)
                lines += ['    if == #mode "attack":', "      set rdx - elem #target #cx elem #sq #cx;",
                          "      set rdy - elem #target #cy elem #sq #cy;",
                          f"      if not ({_reach_test(reach)}):" if reach else "      if true:",
                          "        return;", "      endif;", "    endif;"]
            first = False
            player = next(pl for (pl, _), lab in self.labels.items() if lab == label)
            allowed = self.turn_types[player]
            for name, move_type, duplicate, fills in names:
                listed = allowed is None or move_type == allowed
                call = [f"gosub {name} #sq;", *(f"set {v} array;" for v in fills)]  # empty again (RUN_ARRAYS)
                found = ["if #found:", "  return;", "endif;"]
                own = f'== #atype "{move_type or ""}"'  # an attack test of this block's move type
                if self.typed_attacks:  # an attack test of one move type runs that type's blocks only
                    test = {(True, True): f'(!= #mode "attack" or {own})',
                            (True, False): f'(!= #mode "attack" or == #atype "" or {own})',
                            (False, True): f'(== #mode "attack" and {own})',
                            (False, False): f'(== #mode "attack" and (== #atype "" or {own}))'}[listed, duplicate]
                    lines += [f"    if {test}:", *("      " + line for line in [*call, *found]), "    endif;"]
                elif duplicate and not listed:
                    pass  # neither listed nor needed by an attack test
                elif duplicate:
                    lines += ['    if != #mode "attack":', *("      " + line for line in call), "    endif;"]
                elif not listed:
                    lines += ['    if == #mode "attack":', *("      " + line for line in [*call, *found]), "    endif;"]
                else:
                    lines += [*("    " + line for line in [*call, *found])]
                typed += [f'    if == #type "{move_type or ""}":', *("      " + line for line in call), "    endif;"]
        if not first:
            lines.append("  endif;")
            typed.append("  endif;")
        return "\n".join([*lines, "endsub;", *typed, "endsub;"])

    def _attacked(self) -> str:
        empty_labels = [self.labels[player, self.program.pieces[0].name] for player in self.players]
        saved = ["mode", "target", "found", "atype", *STATE_VARIABLES]
        lines = ["sub attacked sq side lab mtype:",
                 f"  my old hit akey s_acache {' '.join('s_' + v for v in saved)};",
                 f"  if >= #adepth {MAX_ATTACK_DEPTH} or not #sq:", "    return false;", "  endif;",
                 '  set akey join #sq join "," join #side join "," join #lab join "," #mtype;',
                 "  set hit elem #akey #acache;",
                 '  if == #hit "y":', "    return true;", "  endif;",
                 '  if == #hit "n":', "    return false;", "  endif;",
                 "  set s_acache #acache;", "  set acache array;"]
        lines += [f"  set s_{v} #{v};" for v in saved]
        lines += [f"  set {v} array;" for v in RUN_ARRAYS]
        lines += ["  set old space #sq;",
                  "  if == #lab @:",
                  "    set lab #old;",
                  "  endif;",
                  "  if == #lab @:",
                  f"    add cond == #side 1 {word(empty_labels[0])} {word(empty_labels[1])} #sq;",
                  "  else:",
                  "    add cond == #side 1 toupper #lab tolower #lab #sq;",
                  "  endif;",
                  "  set adepth + #adepth 1;", "  set mode \"attack\";", "  set target #sq;", "  set hit false;",
                  "  set atype #mtype;",
                  "  for (afrom pc) cond == #side 1 onlylower onlyupper:",
                  "    if != #afrom #sq and not match #afrom #stock:",
                  "      gosub moves #afrom;",
                  "      if #found:",
                  "        set hit true;",
                  "        break;",
                  "      endif;",
                  "    endif;",
                  "  next;",
                  "  set adepth - #adepth 1;",
                  "  if == #old @:", "    empty #sq;", "  else:", "    add #old #sq;", "  endif;"]
        lines += [f"  set {v} #s_{v};" for v in saved]
        lines += ["  set acache #s_acache;", '  setelem acache #akey cond #hit "y" "n";', "  return #hit;", "endsub;"]
        return "\n".join(lines)

    def _turn(self) -> str:
        return "\n".join([
            "sub turn side:",
            "  my key lab ofrom;",
            "  set mover #side;",
            "  set ofrom cond (match origin #stock) join \"@\" moved origin;",
            "  if not elem join #ofrom join \"-\" dest #l_pair:",
            "    die moved may not go from origin to dest.;",
            "  endif;",
            "  set chosen space dest;",
            "  set key join #ofrom join \"-\" join dest join \"-\" cond == #chosen moved \"\" #chosen;",
            "  if not elem #key #legal:",
            "    die moved may not go from origin to dest.;",
            "  endif;",
            "  add moved origin;",
            "  if == old @:", "    empty dest;", "  else:", "    add old dest;", "  endif;",
            "  for (i sq) elem #key #l_netsq:",
            "    set lab elem #i elem #key #l_netlab;",
            "    if == #lab @:", "      empty #sq;", "    else:", "      add #lab #sq;", "    endif;",
            "  next;",
            "  set removed elem #key #l_removed;",
            *[line for a in self.attributes for line in (
                f"  for (sq v) elem #key #l_attr_{identifier(a)}:", f"    setelem attr_{identifier(a)} #sq #v;",
                "  next;")],
            *(["  if not match moved " + " ".join(word(label) for label in self.tokens.values()) + ":",
               "    set lastfrom origin;", "    set lastto dest;", "  endif;"] if self.tokens
              else ["  set lastfrom origin;", "  set lastto dest;"]),
            "endsub;"])

    def _generate(self) -> str:
        lines = ["sub generate side:",
                 "  set mover #side;",
                 "  set acache array;",
                 "  if sub gameover:", "    die The game is over.;", "  endif;",
                 "  set legal array;",
                 "  set l_eff array;",
                 "  set lost false;",
                 *[f"  set l_{v} array;" for v in RECORD],
                 *[f"  set l_attr_{identifier(a)} array;" for a in self.attributes],
                 "  set mode \"list\";",
                 "  set cdepth 0;",
                 "  for (sq pc) cond == #side 1 onlyupper onlylower:",
                 *(["    if not match #sq #stock:", "      gosub moves #sq;", "    endif;"]
                   if self.storage or self.tokens
                   else ["    gosub moves #sq;"]),
                 "  next;"]
        if self.drops:
            lines += ["  set held array;", "  for sq #stock:", "    push held space #sq;", "  next;"]
        for number, label, name, move_type in self.drops:
            allowed = self.turn_types[self.players[number - 1]]
            if allowed is not None and move_type != allowed:
                continue
            lines += [f"  if == #side {number} and match {word(label)} #held:", "    for sq #dropsquares:",
                      f"      gosub {name} #sq;", "    next;", *(f"    set {v} array;" for v in RUN_ARRAYS),
                      "  endif;"]  # a drop sub empties them all first; they are left empty after (RUN_ARRAYS)
        options = self.program.options
        if options.priorities:
            lines.append("  set keep false;")
            for move_type in options.priorities:
                lines += ["  if not #keep:", "    for (key t) #l_type:",
                          f'      if == #t "{move_type}" and elem #key #legal:', f'        set keep "{move_type}";',
                          "        break;", "      endif;", "    next;", "  endif;"]
            lines += ["  if #keep:", "    for (key t) #l_type:", "      if != #t #keep:",
                      "        setelem legal #key false;", "      endif;", "    next;", "  endif;"]
        if options.maximal_captures:
            lines += ["  set most 0;", "  for (key n) #l_ncap:", "    if elem #key #legal and > #n #most:",
                      "      set most #n;", "    endif;", "  next;", "  for (key n) #l_ncap:",
                      "    if < #n #most:", "      setelem legal #key false;", "    endif;", "  next;"]
        if self.tokens:
            first = self.squares[next(q.name for q in self.program.board.positions if not q.dummy)]
            labels = [self.tokens[player] for player in self.players]
            lines += [f"  set passkey join \"@\" join cond == #side 1 {word(labels[0])} {word(labels[1])} "
                      f"\"-{first}-\";"]
            if options.pass_turn == "forced":
                lines += ["  set anymove false;", "  for (k v) #legal:", "    if #v:", "      set anymove true;",
                          "      break;", "    endif;", "  next;", "  if not #anymove:"]
            else:
                lines += ["  if true:"]
            lines += ["    setelem legal #passkey true;",
                      f"    setelem l_pair join \"@\" join cond == #side 1 {word(labels[0])} {word(labels[1])} "
                      f"\"-{first}\" true;",
                      *[f"    setelem l_{v} #passkey array;" for v in ("netsq", "netlab", "removed")],
                      '    setelem l_type #passkey "";', "    setelem l_ncap #passkey 0;",
                      *[f"    setelem l_attr_{identifier(a)} #passkey array;" for a in self.attributes],
                      "  endif;"]
        lines += ["  if #lost:",
                  "    die two moves with the same origin and destination and different effects (#lost) exceed "
                  "the keys a Game Courier move can name;",
                  "  endif;", "endsub;"]
        return "\n".join(lines)

    def _free_key(self) -> str:
        """``free_key d``: the first key from the turn's origin to ``d`` that names no legal move yet (see
        :data:`SELECTOR_KEYS`), remembering ``d`` in ``kdest``; false when there is none."""
        return "\n".join([
            "sub free_key d:", "  my k sel;",
            "  if == #d #cfrom:", "    return false;", "  endif;",
            "  for sel cond == #mover 1 #selectors1 #selectors2:",
            "    if != #sel #cmoved:",
            "      set k join #cfrom join \"-\" join #d join \"-\" #sel;",
            "      if not elem #k #legal:", "        set kdest #d;", "        return #k;", "      endif;",
            "    endif;", "  next;", "  return false;", "endsub;"])

    def _take(self) -> str:
        """``take_step``: make the step recorded in ``f_*`` on the board, continue an ``add-partial`` chain from
        where it landed (blocks of the continuing move type, from that square only), finish the move where the
        chain ends, and take the step back. ``finish`` keeps the move when no royal piece of the mover is attacked,
        as the net change of every square the turn touched (``corig``: their labels before the turn)."""
        royal = {player: [self.labels[player, t] for t in self._royal(player)] for player in self.players}
        saved = [*STATE_VARIABLES, "lastfrom", "lastto"]
        take = ["sub take_step partial cont promotion end first_from:",
                f"  my touched saved sq i st cand before kept s_acache {' '.join('s_' + v for v in saved)}"
                + "".join(f" sattr_{identifier(a)}" for a in self.attributes) + ";",
                "  set kept #cremoved;",
                "  set touched array;",
                "  set dstock array;",  # the stock square each drop takes (make_move empties them): the first
                "  for (i sq) #f_from:",  # one holding the label that no earlier drop of the step took
                "    if not #sq:",
                "      set st false;",
                "      for cand #stock:",
                "        if == space #cand elem #i #f_piece and not match #cand #dstock:",
                "          set st #cand;",
                "          break;",
                "        endif;",
                "      next;",
                "      push dstock #st;",
                "    endif;",
                "  next;",
                "  for sq merge merge merge #f_caps #f_from merge #f_to #f_cpos #dstock:",
                "    if #sq and not match #sq #touched:",
                "      push touched #sq;",
                "    endif;",
                "  next;",
                "  set saved array;",
                *[f"  set sattr_{identifier(a)} array;" for a in self.attributes],
                "  for sq #touched:",
                "    push saved space #sq;",
                *[f"    push sattr_{identifier(a)} elem #sq #attr_{identifier(a)};" for a in self.attributes],
                "    if not match #sq keys #corig:",
                "      setelem corig #sq space #sq;",
                *[f"      setelem s0attr_{identifier(a)} #sq elem #sq #attr_{identifier(a)};" for a in self.attributes],
                "    endif;",
                "  next;",
                "  set s_acache #acache;",  # attack tests answered on the board before the step (ATTACK_MEMO)
                "  set acache array;",
                "  gosub make_move;",
                "  set cremoved merge #cremoved #removed;",
                f"  if #partial and < #cdepth {MAX_PARTIAL_CHAIN}:",
                *[f"    set s_{v} #{v};" for v in saved],
                *[f"    set {v} array;" for v in RUN_ARRAYS],
                "    set lastfrom #first_from;",
                "    set lastto #end;",
                "    set cdepth + #cdepth 1;",
                "    set before #csteps;",
                "    gosub moves_typed #end #cont;",
                "    set cdepth - #cdepth 1;",
                *[f"    set {v} #s_{v};" for v in saved],
                f"    if == #before #csteps{' or true' if self.program.options.pass_partial else ''}:",
                "      gosub finish #end #promotion;",
                "    endif;",
                "  else:",
                "    gosub finish #end #promotion;",
                "  endif;",
                "  for (i sq) #touched:",
                "    add elem #i #saved #sq;",
                *[f"    setelem attr_{identifier(a)} #sq elem #i #sattr_{identifier(a)};" for a in self.attributes],
                "  next;",
                "  set acache #s_acache;",
                "  set cremoved #kept;",
                "endsub;"]
        finish = ["sub finish end promotion:", "  my key sq orig netsq netlab eff pair effs k e d ds;",
                  "  set netsq array;", "  set netlab array;", "  set eff array;",
                  "  for (sq orig) #corig:", "    if != space #sq #orig:", "      push netsq #sq;",
                  "      push netlab space #sq;", "      setelem eff #sq space #sq;", "    endif;", "  next;"]
        for a in self.attributes:
            n = identifier(a)
            finish += ["  for (sq orig) #corig:", f"    if != elem #sq #attr_{n} elem #sq #s0attr_{n}:",
                       f"      setelem eff join \"{n}:\" #sq elem #sq #attr_{n};", "    endif;", "  next;"]
        finish += ["  set pair join #cfrom join \"-\" #end;",
                   "  set effs elem #pair #l_eff;",
                   "  for (k e) #effs:", "    if equal #e #eff:", "      return;", "    endif;", "  next;"]
        for number, player in enumerate(self.players, start=1):
            if not royal[player]:
                continue
            finish += [f"  if == #mover {number}:",
                       f"    for (sq pc) {'onlyupper' if number == 1 else 'onlylower'}:",
                       f"      if match #pc {' '.join(word(label) for label in royal[player])}:",
                       f'        if sub attacked #sq {number} @ "":',  # any move type
                       "          return;",
                       "        endif;", "      endif;", "    next;", "  endif;"]
        finish += ["  set key join #pair join \"-\" #promotion;",
                   "  set kdest #end;",
                   "  if == #end #cfrom or elem #key #legal:",
                   "    set key false;",
                   "    set ds array #end;", "    set ds merge #ds #netsq;", "    set ds merge #ds #boardsquares;",
                   "    for d #ds:",
                   "      set key sub free_key #d;",
                   "      if #key:", "        break;", "      endif;", "    next;",
                   "    if not #key:", "      set lost #pair;", "      return;", "    endif;",
                   "  endif;",
                   "  if not #effs:", "    set effs array;", "  endif;",
                   "  setelem effs #key #eff;",
                   "  setelem l_eff #pair #effs;",
                   "  setelem legal #key true;",
                   "  setelem l_pair join #cfrom join \"-\" #kdest true;",
                   "  setelem l_netsq #key #netsq;",
                   "  setelem l_netlab #key #netlab;",
                   "  setelem l_removed #key #cremoved;",
                   "  setelem l_type #key #ctype;",
                   "  setelem l_ncap #key count #cremoved;"]
        for a in self.attributes:
            n = identifier(a)
            finish += ["  set netsq array;", "  for (sq orig) #corig:", f"    setelem netsq #sq elem #sq #attr_{n};",
                       "  next;", f"  setelem l_attr_{n} #key #netsq;"]
        finish += ["endsub;"]
        return "\n".join(take + finish)

    def _royal(self, player: str) -> list[str]:
        found: list[str] = []
        for goal in self.program.goals:
            if player in goal.players and isinstance(goal.condition, pg.Checkmated):
                found += [t for t in goal.condition.types if t not in found]
        return found

    def _gameover(self) -> str:
        tests = []
        for goal in self.program.goals:
            for player in goal.players:
                test = self._goal(goal.condition, player)
                if test != "false":
                    tests.append(test)
        lines = ["sub gameover:"]
        for test in tests:
            lines += [f"  if {test}:", "    return true;", "  endif;"]
        lines += ["  return false;", "endsub;", *self.goal_subs]
        return "\n".join(lines)

    def _goal(self, c: pg.GoalCondition, player: str) -> str:
        number = self.players.index(player) + 1
        other = self.players[1 - self.players.index(player)]
        if isinstance(c, (pg.Checkmated, pg.Stalemated)):
            return "false"  # met exactly when the player to move has no legal move: no moves either way
        if isinstance(c, pg.GoalNot):
            inner = self._goal(c.inner, player)
            return f"not ({inner})"
        if isinstance(c, (pg.GoalAll, pg.GoalAny)):
            joiner = " and " if isinstance(c, pg.GoalAll) else " or "
            return joiner.join(f"({self._goal(part, player)})" for part in c.parts) or "false"
        if isinstance(c, pg.PiecesRemaining):
            if c.off_board and self.program.stock:
                raise refuse("pieces-remaining counting off-board pieces")
            compare = "==" if c.exactly else ">="
            label = '"all"' if c.piece_type is None else word(self.labels[player, c.piece_type])
            if c.total:
                label2 = '"all"' if c.piece_type is None else word(self.labels[other, c.piece_type])
                return (f"{compare} {c.count} + (sub count_pieces 1 {label if number == 1 else label2}) "
                        f"(sub count_pieces 2 {label2 if number == 1 else label})")
            return f"{compare} {c.count} (sub count_pieces {number} {label})"
        if isinstance(c, pg.Captured):
            return " or ".join(f"match {word(self.labels[player, t])} #removed" for t in c.types) or "false"
        if isinstance(c, pg.AbsoluteConfig):
            parts = []
            for element in c.elements:
                squares = [self.squares[q] for q in element.get(player, ())]
                wanted = [k for k in c.pieces if not k.banned]
                banned = [k for k in c.pieces if k.banned]
                if wanted:
                    parts.append("(" + " or ".join(self._holds(sq, k, player, other) for sq in squares
                                                   for k in wanted) + ")")
                if banned:
                    parts.append("not (" + " or ".join(self._holds(sq, k, player, other) for sq in squares
                                                       for k in banned) + ")")
            return " and ".join(parts) or "true"
        if isinstance(c, pg.RelativeConfig):
            name = f"relconfig_{len(self.goal_subs) + 1}"
            side = self.sides[self.players.index(player)]
            body = ["    set p #start;"]
            depth = 2
            for i, k in enumerate(c.pieces):
                if i:
                    step = side.steps.get(c.directions[i - 1])
                    if step is None:
                        raise refuse(f"direction {c.directions[i - 1]} in a relative-config goal")
                    body += ["  " * depth + f"set p {step.format('#p')};", "  " * depth + "if #p:"]
                    depth += 1
                hit = self._holds("#p", k, player, other)
                body += ["  " * depth + f"if {'not ' if k.banned else ''}({hit}):"]
                depth += 1
            body += ["  " * depth + "return true;"]
            while depth > 2:
                depth -= 1
                body.append("  " * depth + "endif;")
            self.goal_subs.append("\n".join([f"sub {name}:", "  my p;", "  for (start pc) spaces:",
                                             "    if match #start #stock:", "      continue;", "    endif;",
                                             *body, "  next;", "  return false;", "endsub;"]))
            return f"sub {name}"
        raise refuse(f"the goal {type(c).__name__}")

    def _holds(self, sq: str, k: pg.ConfigPiece, player: str, other: str) -> str:
        owners = {"own": [player], "opponent": [other], "any": [player, other]}[k.owner]
        return " or ".join(f"== space {sq} {word(self.labels[o, k.piece_type])}" for o in owners)


def _board(board: pg.BoardProgram) -> tuple[list[str], list[str], dict[str, str], dict[str, tuple[int, int]]]:
    """Files, ranks, position -> square name, position -> cell; refused when Game Courier cannot draw the board.

    Dummy positions (off the board: ZRF keeps pieces or markers there) go to storage ranks above the board, past
    one rank of holes, labelled with :data:`STORAGE_RANK` (Game Courier's mark for squares off the board); so do
    positions off the grid (counters and trays drawn beside the board, see :data:`OFF_GRID_STORAGE`); refused
    where a direction links such a position (a piece would move on from it: Game Courier makes that a drop)."""
    aside = {p.name for p in board.positions if not p.dummy and p.cell is None}
    real = [p for p in board.positions if not p.dummy and p.name not in aside]
    dummies = [p for p in board.positions if p.dummy or p.name in aside]
    cells_of = [p.cell for p in real]
    if not real or any(c is None for c in cells_of) or (aside and not OFF_GRID_STORAGE):
        raise refuse("a board whose positions do not all lie on one two-dimensional grid")
    linked = sorted(aside & {q for table in board.links.values() for pair in table.items() for q in pair})
    if linked:  # a move from a storage square is a drop in Game Courier: a piece could not move on from there
        raise refuse("a board whose positions do not all lie on one two-dimensional grid (positions beside the "
                     "grid that directions link)", ", ".join(linked[:4]) + (", ..." if len(linked) > 4 else ""))
    files_n = 1 + max(c[0] for c in cells_of if c is not None)
    ranks_n = 1 + max(c[1] for c in cells_of if c is not None)
    cells = {p.cell: p.name for p in real if p.cell is not None}
    if len(cells) != len(real):
        raise refuse("a board with two positions on one grid cell")
    files = [_common(sorted((n for c, n in cells.items() if c[0] == f)), prefix=True) for f in range(files_n)]
    ranks = [_common(sorted((n for c, n in cells.items() if c[1] == r)), prefix=False) for r in range(ranks_n)]
    names_ok = all(files[c[0]] and ranks[c[1]] and files[c[0]] + ranks[c[1]] == n for c, n in cells.items())
    if not names_ok or len(set(files)) != files_n or len(set(ranks)) != ranks_n or not all(files) or not all(ranks):
        # (a file or rank of holes only has no label of its own: Bizingo's drawn layout)
        files = [_file_label(f) for f in range(files_n)]
        ranks = [str(r + 1) for r in range(ranks_n)]
    squares = {n: files[c[0]] + ranks[c[1]] for c, n in cells.items()}
    position = {n: c for c, n in cells.items()}
    if dummies:
        ranks.append(STORAGE_RANK + "0")  # a rank of holes between the board and its storage
        for i, p in enumerate(dummies):
            row, col = divmod(i, files_n)
            if row + 2 > len(ranks) - ranks_n:
                ranks.append(f"{STORAGE_RANK}{row + 1}")
            position[p.name] = (col, ranks_n + 1 + row)
            squares[p.name] = files[col] + ranks[ranks_n + 1 + row]
    return files, ranks, squares, position


def _common(names: list[str], *, prefix: bool) -> str:
    if not names:
        return ""
    if len(names) == 1:
        return ""  # one name says nothing about how it splits
    first, last = names[0], names[-1]
    if not prefix:
        first, last = first[::-1], last[::-1]
    n = 0
    while n < min(len(first), len(last)) and first[n] == last[n]:
        n += 1
    found = first[:n]
    if not prefix:
        found = found[::-1]
    # labels in names that the files carry as letters and the ranks as digits
    if prefix:
        return found.rstrip("0123456789")
    return found.lstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _file_label(index: int) -> str:
    letters = "abcdefghijklmnopqrstuvwxyz"
    return letters[index] if index < 26 else letters[index // 26 - 1] + letters[index % 26]


def _labels(program: pg.GameProgram, players: tuple[str, ...]) -> dict[tuple[str, str], str]:
    """Each (player, piece type)'s label: the piece's notation in upper case for the first player and in lower
    case for the second, letters taken from the name where notations clash."""
    taken: set[str] = set()
    result: dict[tuple[str, str], str] = {}
    for piece in program.pieces:
        base = "".join(ch for ch in piece.notation if ch.isalpha()).upper()
        if not base or base in taken:
            letters = [ch.upper() for ch in piece.name if ch.isalpha()]
            base = next((ch for ch in letters if ch not in taken), "")
            if not base:
                base = "".join(letters)[:3] or "X"
                while base in taken:
                    base += "X"
        taken.add(base)
        result[players[0], piece.name] = base.upper()
        result[players[1], piece.name] = base.lower()
    return result


_ADD_MOVE_TEXT = """sub add_move copy partial cont choices:
  my end first_from first_to options choice promotion;
  set end cond #dst #dst #at;
  if count #mfrom:
    set first_from elem 0 #mfrom;
    set first_to elem 0 #mto;
  else:
    set first_from #src;
    set first_to #end;
  endif;
  if == #cont "":
    set cont #btype;
  endif;
  if == #cdepth 0:
    set cfrom cond #first_from #first_from join "@" #piece;
    set corig array;
    set cmoved #piece;
ATTRS    set cremoved array;
    set ctype #btype;
  endif;
  set options cond count #choices #choices array #piece;
  for choice #options:
    set csteps + #csteps 1;
    set promotion cond (== #choice #piece or == count #options 1) "" #choice;
    set f_from #mfrom;
    set f_to #mto;
    set f_piece #mpiece;
    push f_from #src;
    push f_to #end;
    push f_piece #choice;
    set f_copy #copy;
    set f_caps #caps;
    set f_ckind #ckind;
    set f_cpos #cpos;
    set f_carg #carg;
    gosub take_step #partial #cont #promotion #first_to #first_from;
  next;
endsub;"""

def _add_move(attributes: list[str]) -> str:
    """``add_move``: each promotion choice of the move the block adds, as a step of the turn (``take_step``); the
    turn's first step also clears what the turn records (``corig``, ``s0attr_<name>``: the squares' labels and
    attributes before the turn)."""
    clear = "".join(f"    set s0attr_{identifier(a)} array;\n" for a in attributes)
    return _ADD_MOVE_TEXT.replace("ATTRS", clear)


def _offsets(side: Side) -> dict[str, Offset | None]:
    """Each direction's grid step for ``side`` (None: a link table, or no step)."""
    result: dict[str, Offset | None] = {}
    for direction, expression in side.steps.items():
        parts = expression.split()
        result[direction] = (int(parts[2]), int(parts[3])) if parts[:2] == ["where", "{}"] else None
    return result


def _reach_test(reach: frozenset[Pattern]) -> str:
    """A GAME Code condition on ``rdx``, ``rdy`` (the target's offset from the piece) that holds for every offset
    of ``reach`` (rays: on the ray's line, on its side of the offset; over-approximated, never under)."""
    terms = []
    for p in sorted(reach, key=lambda p: (p.offset, p.ray or (0, 0))):
        (bx, by), ray = p.offset, p.ray
        if ray is None:
            terms.append(f"(== #rdx {bx} and == #rdy {by})")
        else:
            rx, ry = ray
            terms.append(f"(== * - #rdx {bx} {ry} * - #rdy {by} {rx} and >= + * - #rdx {bx} {rx} * - #rdy {by} {ry} 0)")
    return " or ".join(terms)


def _has_partial_steps(program: pg.GameProgram) -> bool:
    """Whether a move or drop block of ``program`` ends a partial step (``add-partial``, ``add-copy-partial``)."""
    return any(isinstance(item, nodes.Add) and item.kind.partial
               for piece in program.pieces for block in (*piece.moves, *piece.drops) for item in nodes.walk(block.body))


def _selector_labels(program: pg.GameProgram, labels: dict[tuple[str, str], str],
                     tokens: dict[str, str]) -> tuple[str, ...]:
    """The first player's :data:`CHAIN_SELECTORS` labels: :data:`SELECTOR_LABEL` and 1, 2, ..., the stem
    lengthened while a piece's or a pass token's label begins with it."""
    taken = {label.upper() for label in (*labels.values(), *tokens.values())}
    stem = SELECTOR_LABEL
    while any(label.startswith(stem) for label in taken):
        stem += "X"
    return tuple(f"{stem}{i}" for i in range(1, CHAIN_SELECTORS + 1))


def _token_labels(labels: dict[tuple[str, str], str]) -> tuple[str, str]:
    """The labels of the two players' pass tokens (:data:`PASS_TOKEN`): ``PASS`` and ``pass``, lengthened
    while a piece has the label."""
    taken = {label.upper() for label in labels.values()}
    base = PASS_TOKEN
    while base in taken:
        base += "X"
    return base.upper(), base.lower()


def _config_elements(c: pg.GoalCondition) -> list[dict[str, tuple[str, ...]]]:
    """The position lists of every ``absolute-config`` in a goal condition."""
    if isinstance(c, pg.AbsoluteConfig):
        return list(c.elements)
    if isinstance(c, pg.GoalNot):
        return _config_elements(c.inner)
    if isinstance(c, (pg.GoalAll, pg.GoalAny)):
        return [e for part in c.parts for e in _config_elements(part)]
    return []


def _make_move(attributes: list[str]) -> str:
    """``make_move``: the move in ``f_*`` on the board (captures, sub-moves, changes; each drop empties the stock
    square ``take_step`` chose for it in ``dstock``), and the pieces' boolean
    attributes (``attr_<name>``, keyed by square) moved with them: a piece keeps its own, a piece that changes
    type or is created takes its type's initial ones (``init_<name>``, keyed by label)."""
    names = [identifier(a) for a in attributes]
    lines = ["sub make_move:", "  my last seen sq st di arg kind i moving " + " ".join(f"m_{n}" for n in names) + ";",
             "  set last - count #f_from 1;", "  set removed array;", "  set seen array;",
             "  for sq #f_caps:", "    if not match #sq #seen:", "      push seen #sq;", "    endif;", "  next;",
             "  for sq #f_to:", "    if not match #sq #seen:", "      push seen #sq;", "    endif;", "  next;",
             "  for sq #seen:", "    if not empty #sq and not match #sq #f_from:", "      push removed space #sq;",
             "    endif;", "  next;"]
    for n in names:
        lines += [f"  set m_{n} array;", "  for sq #f_from:", f"    push m_{n} elem #sq #attr_{n};", "  next;",
                  "  for sq #f_caps:", f"    setelem attr_{n} #sq false;", "  next;"]
    lines += ["  set moving array;", "  for sq #f_from:", "    push moving space #sq;", "  next;",
              "  for sq #f_caps:", "    empty #sq;", "  next;",
              "  set di 0;",
              "  for (i sq) #f_from:",
              "    if not #sq:",
              "      set st elem #di #dstock;",
              "      if #st:",
              "        empty #st;",
              "      endif;",
              "      set di + #di 1;",
              "    elseif not == #i #last or not #f_copy:", "      empty #sq;",
              *[f"      setelem attr_{n} #sq false;" for n in names], "    endif;", "  next;",
              "  for (i sq) #f_to:", "    add elem #i #f_piece #sq;"]
    for n in names:
        lines += ["    if == elem #i #f_piece elem #i #moving:", f"      setelem attr_{n} #sq elem #i #m_{n};",
                  "    else:", f"      setelem attr_{n} #sq elem elem #i #f_piece #init_{n};", "    endif;"]
    lines += ["  next;",
              "  for (i kind) #f_ckind:", "    set sq elem #i #f_cpos;", "    set arg elem #i #f_carg;",
              "    if == #kind \"create\":", "      add #arg #sq;",
              *[f"      setelem attr_{n} #sq elem #arg #init_{n};" for n in names],
              "    elseif empty #sq:",
              "    elseif == #kind \"change-type\":",
              "      add cond isupper space #sq toupper #arg tolower #arg #sq;",
              *[f"      setelem attr_{n} #sq elem space #sq #init_{n};" for n in names],
              "    elseif == #kind \"flip\":",
              "      add cond isupper space #sq tolower space #sq toupper space #sq #sq;",
              "    elseif == #kind \"change-owner\":",
              "      add cond == #mover 1 toupper space #sq tolower space #sq #sq;"]
    for n in names:
        lines += [f"    elseif == #kind \"attr_{n}\":", f"      setelem attr_{n} #sq #arg;"]
    lines += ["    endif;", "  next;", "endsub;"]
    return "\n".join(lines)


_COUNT_PIECES = """sub count_pieces side label:
  my n;
  set n 0;
  for (sq pc) cond == #side 1 onlyupper onlylower:
    if (== #label "all" or == #pc #label) and not match #sq #stock:
      set n + #n 1;
    endif;
  next;
  return #n;
endsub;"""
