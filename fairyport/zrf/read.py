"""A ZRF variant -> the common game model (``fairyport convert X.zrf --to idiagram|json``, ``X.zrf#Variant``).

Read: the board (one two-dimensional grid whose positions are named file letter + rank number becomes a
rectangle, killed positions holes; any other board keeps its positions and resolved direction links on
``Board.extra_positions`` / ``Board.links``), the players (the first two are White and Black), Black's symmetry
(checked against the 180-degree turn the model uses, move by move), the zones, the pieces (``notation`` is the
id), the setup, the goals (``checkmated T`` makes T royal; ``stalemated`` gives the stalemate result;
``(pieces-remaining 1)`` the bare-king loss) and each piece's move blocks, recognised as XBetza by
:mod:`.recognise` where they mean exactly that. A block that is not recognised stays a ZRF program on its piece
(:class:`~fairyport.model.KeptCode` in ``Game.kept``: text, location, section, move type); rules the model cannot
hold stay ZRF text there too (kind ``rule``). Such a model is played by the ZRF
interpreter (:mod:`.play`); the move generator and the writers that cannot hold it refuse it, naming the block
or rule, or (best effort) list it.

The reading runs as passes (:data:`PASSES`), each a function of one :class:`~.reading.Reading`; a pass may ask
to read the variant again with other :class:`~.reading.Flags` (:func:`~.reading.run_passes`).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import string
from collections.abc import Iterable, Iterator
from pathlib import Path

from fairyport.errors import Location, ModelError, UnsupportedError
from fairyport.format import split_game_path
from fairyport.model import (
    BLACK,
    CONNECT_DIRECTIONS,
    KEPT_PROGRAM,
    KEPT_RULE,
    WHITE,
    BareKingRule,
    Board,
    Castling,
    Color,
    ConnectGoal,
    DropRule,
    ExtinctionGoal,
    FlagGoal,
    Game,
    KeptCode,
    Metadata,
    Piece,
    PieceType,
    Position,
    Promotion,
    PromotionChoice,
    Rules,
    Setup,
    StalemateResult,
    Zone,
    ZonedMove,
    file_name,
    square_name,
    zone_squares,
)
from fairyport.program.game import GameProgram
from fairyport.xbetza import syntax as betza
from fairyport.xbetza.geometry import (
    K_VECTORS,
    AtomClass,
    atom_geometry,
    continuation_directions,
    first_leg_directions,
    oblique_vectors,
)
from fairyport.zrf.cylinder import CYLINDER_WHY, on_cylinder
from fairyport.zrf.explain import place, why_not
from fairyport.zrf.interpreter.engine import compile_variant
from fairyport.zrf.lower import lower_game
from fairyport.zrf.names import Vector
from fairyport.zrf.reading import Flags, Held, Pass, Reading, run_passes
from fairyport.zrf.recognise import BlockReader, Found, named_types
from fairyport.zrf.recognise_circe import rebirth_squares, strip_rebirth
from fairyport.zrf.recognise_drops import PROBES_WHY, Probe, add_probed_zone, drop_tests, probes_are_captures
from fairyport.zrf.recognise_shogi import (
    SHOGI_HANDS_WHY,
    SHOGI_KEPT_WHY,
    ShogiHands,
    check_drops,
    shogi_hands,
    shogi_promotion,
)
from fairyport.zrf.recognise_spared import Spared, spared_kinds
from fairyport.zrf.recognise_split import SPLIT_WHY, split_blocks
from fairyport.zrf.recognise_transport import TransportBlock, carried_moves, castle_partner, read_transport
from fairyport.zrf.rectangle import cylinder_vectors, direction_reasons, hexagonal, rectangle
from fairyport.zrf.storage import STORAGE_KEPT_WHY, StorageDrops, storage_drops
from fairyport.zrf.syntax.nodes import Node, Plain, plain, to_text
from fairyport.zrf.typed.geometry import Geometry
from fairyport.zrf.typed.reader import ZrfVariant, read_variant, read_variant_text
from fairyport.zrf.typed.tree import Goal, Grid, MoveBlock, ZrfGame
from fairyport.zrf.typed.tree import Piece as ZrfPiece

LEAPS = {tuple(sorted(v)): atom for atom, v in betza.LEAPER_ATOMS.items()}
"""(short, long) -> leaper atom."""
LEAPS.update({leap: atom for atom in (base + "X" for base in betza.LEAPER_ATOMS)
              if (leap := atom_geometry(atom)[2]) not in LEAPS})
"""... and the leaps no atom makes, by an atom with one ``X`` extension (``WX`` = (0, 4), ``NX`` = (1, 5), ``AX``
= (2, 4)): the moves of hexagonal boards read as their rectangle of half-cells (:mod:`.hexagons`)."""


FORMAT = "zrf"
"""The format name on what this reader keeps."""


def split_variant(path: Path) -> tuple[Path, str | None]:
    """``game.zrf#Knightmate`` -> (``game.zrf``, ``Knightmate``)."""
    base, fragment = split_game_path(path)
    if fragment is not None and base.suffix.lower() in (".zrf", ".prezrf"):
        return base, fragment
    return path, None


def read_game(path: Path, *, variant: str | None = None) -> Game:
    """The model of one variant of a ZRF file (``variant`` or the ``#`` suffix of ``path``; default: the game).

    :raises UnsupportedError: for boards, players or symmetries the model cannot hold.
    """
    path, fragment = split_variant(Path(path))
    return game_from_variant(read_variant(path, variant if variant is not None else fragment), str(path), path.stem)


def read_text(text: str, *, variant: str | None = None, name: str = "<text>") -> Game:
    """:func:`read_game` for ZRF ``text`` held in memory (``name`` locates its errors; an ``include`` is read
    relative to the current folder)."""
    return game_from_variant(read_variant_text(text, name, variant), name, Path(name).stem)


def game_from_variant(zv: ZrfVariant, source: str, stem: str, *, rename: bool = True,
                      reasons: dict[int, str] | None = None,
                      storage: tuple[frozenset[int], str] | None = None, ranked: bool = True) -> Game:
    """The model of an already read variant (``source``: where it came from; ``stem``: the title when the file
    gives none), read by the passes of :data:`PASSES`. A rectangular board whose positions have other names is
    read as a rectangle with the model's square names (:mod:`.rectangle`) unless ``rename`` is False or the game
    keeps ZRF code (which names the positions): then it keeps its positions and links, and its blocks are kept
    with the reasons found on the rectangle (``reasons``, by block identity: those of the blocks that did not fit
    there; every other block gets :data:`BESIDE_KEPT_WHY`), not with the links' reason.

    Drops from storage (:mod:`.storage`) are read as drops from hand where the game then reads whole; else the
    game is read again without them (``storage``: their blocks and the reason they stay code). So are drops that
    move priorities rank first (``ranked`` False: read without them). Each such reading again is the pipeline's
    retry step (:func:`.reading.run_passes`)."""
    return run_passes(PASSES, zv, source, stem, Flags(rename, reasons, storage, ranked))


def _players_pass(r: Reading) -> Flags | None:
    """The tree, the two players and the rules the model cannot hold (kept as ZRF text)."""
    r.tree, geometry, r.rename = r.zv.game, r.zv.geometry, r.flags.rename
    tree = r.tree
    r.where = Location(r.source)
    tree.require_own_rules()
    r.players = tuple(p.text for p in tree.players[:2])
    if tree.board is None or geometry is None:
        raise UnsupportedError("a game without a board is not read into the model", r.where, feature="board")
    r.geometry = geometry
    if len(r.players) != 2:
        names = ", ".join(p.text for p in tree.players)
        raise UnsupportedError(f"the model holds games of two players; this one has {len(tree.players)} ({names})",
                               tree.players[0].node.location if tree.players else r.where, feature="players")
    r.kept = _kept_rules(tree, r.players)
    return None


def _mates_selected(tree: ZrfGame) -> tuple[set[str], bool]:
    """The types a ``checkmated`` goal names, and whether turns or priorities select move types."""
    mates = {str(t) for goal in tree.goals for c in goal.conditions
             if isinstance(text := plain(c), tuple) and text[:1] == ("checkmated",) for t in text[1:]}
    selected = bool(tree.move_priorities) or (tree.turn_order is not None and
                                              any(e.move_type for e in tree.turn_order.entries))
    return mates, selected


def _storage_pass(r: Reading) -> Flags | None:
    """Drops from storage (:mod:`.storage`): read as drops from hand, or read again with them kept as code."""
    if not r.rename or r.flags.storage is not None:
        return None
    r.stock = storage_drops(r.tree, r.geometry, r.players, *_mates_selected(r.tree))
    return _off_board(r, r.stock)


def _shogi_pass(r: Reading) -> Flags | None:
    """Captures to hand and drops from it (:mod:`.recognise_shogi`), or read again with them kept as code."""
    if not r.rename or r.flags.storage is not None or r.stock is not None:
        return None
    r.hands_found = shogi_hands(r.tree, r.geometry, r.players, *_mates_selected(r.tree))
    return _off_board(r, r.hands_found)


def _off_board(r: Reading, found: StorageDrops | ShogiHands | None) -> Flags | None:
    """The board without the positions pieces wait on off it (``found``), or a reading again with ``found``'s
    blocks kept as code where the model cannot hold them."""
    if found is not None and found.why:
        return Flags(storage=(found.blocks, found.why))
    if found is not None:
        r.geometry = found.geometry
    return None


def _board_pass(r: Reading) -> Flags | None:
    """The board: a plain grid, a rectangle renamed, a cylinder, a hexagonal board's half-cells, or links."""
    tree, geometry = r.tree, r.geometry
    grid = _plain_grid(tree)
    halves = r.rename  # a hexagonal board may be read as its rectangle of half-cells (.hexagons)
    if grid is not None:
        r.rename = False
        r.board = _grid_board(grid, geometry, r.vectors)
    renamed = rectangle(tree, geometry) if r.rename else None
    if renamed is not None:
        r.board, r.vectors = renamed.board, renamed.vectors
    elif grid is None:
        r.board = _linked_board(tree, geometry)
    r.cylinder = cylinder_vectors(tree, geometry) if renamed is not None else None
    if r.cylinder is not None:  # files that wrap around: the directions' plain steps, moves across files get 'o'
        r.vectors = {**r.vectors, **r.cylinder}
    if hexagonal(tree):
        # its grid coordinates make a rectangle drawn skewed: the model reads it as the rectangle of half-cells it
        # is drawn on (.hexagons), where it is one; else its links (rectangle.HEX_WHY)
        renamed = rectangle(tree, geometry) if halves else None
        if renamed is not None:
            r.board, r.vectors = renamed.board, renamed.vectors
        else:
            r.vectors = {}
            r.board = _linked_board(tree, geometry)
    r.renaming = renamed.rename if renamed is not None else None
    return None


def _grid_board(grid: Grid, geometry: Geometry, vectors: dict[str, Vector]) -> Board:
    """The board of a plain grid (file letters, rank numbers; missing positions are holes), its directions'
    steps added to ``vectors``."""
    files, ranks = grid.dimensions[0].names, grid.dimensions[1].names
    numbers = [int(r) for r in ranks]
    first = min(numbers)
    down = numbers[0] > numbers[-1]
    holes = frozenset(square_name(f, r, first) for f in range(len(files)) for r in range(len(ranks))
                      if square_name(f, r, first) not in geometry.positions)
    for d in grid.directions:
        if len(d.vector) == 2:
            vectors[d.name] = (d.vector[0], -d.vector[1] if down else d.vector[1])
    return Board(len(files), len(ranks), holes, first)


def _types_pass(r: Reading) -> Flags | None:
    """The types that can reach the board, those in hand, those only the setup places; the block reader."""
    tree = r.tree
    r.present = {e.piece.text for part in tree.setup for e in part.entries}
    put: dict[str, set[str]] = {}  # per type, the types its moves and drops put on the board
    for zp in tree.pieces:
        for block in [*zp.moves, *zp.drops]:
            named_types(block.plain, put.setdefault(zp.name.text, set()))
        r.named |= put.get(zp.name.text, set())  # the types a move or drop puts on the board
    grown = True
    while grown:  # the types that can reach the board: set up, or put there by a piece that can
        grown = False
        for kind in list(r.present):
            if not put.get(kind, set()) <= r.present:
                r.present |= put[kind]
                grown = True
    # the types that come onto the board only by the setup: none in hand, no drops, never added or changed into
    r.in_hand = {e.piece.text for part in tree.setup for e in part.entries if e.off}
    r.stored = r.stock.stored if r.stock is not None else r.hands_found.stored if r.hands_found is not None else {}
    r.in_hand |= {kind for _, kind in r.stored.values()}
    r.setup_only = {zp.name.text for zp in tree.pieces if not zp.drops} - r.named - r.in_hand
    r.reader = BlockReader(r.vectors, frozenset(r.present))
    r.linked = direction_reasons(tree, r.geometry, r.vectors)
    r.symmetry = r.geometry.symmetries.get(r.players[1], {})
    return None


def _zones_pass(r: Reading) -> Flags | None:
    """The zones, per player (by the board's square names)."""
    for name, per_player in r.geometry.zones.items():
        for player, squares in per_player.items():
            color = None if player == "" else r.players.index(player) if player in r.players else None
            if r.renaming is not None:
                squares = [r.renaming[s] for s in squares if s in r.renaming]
            r.zones.append(Zone(name, frozenset(squares), color))
    return None


def _setup_pass(r: Reading) -> Flags | None:
    """The pieces' ids and the setup: the board and the hands (pieces off board or on storage)."""
    r.notation = _ids(r.tree.pieces)
    for part in r.tree.setup:
        if part.player.text not in r.players:
            raise UnsupportedError(f"pieces of player {part.player.text!r}: the model has two players only",
                                   part.node.location, feature="players")
        color = r.players.index(part.player.text)
        for entry in part.entries:
            pid = r.notation.get(entry.piece.text)
            if pid is None:
                raise ModelError(f"the board setup places {entry.piece.text!r}, which is not a piece of the game",
                                 entry.piece.node.location, expected="a piece defined by (piece (name ...))")
            for ref in entry.positions:
                _place(r, entry.piece.text, ref.text, ref.node, pid, color)
            if entry.off:
                r.hands.setdefault(color, {})[pid] = entry.off
    return None


def _place(r: Reading, kind: str, position: str, node: Node, pid: str, color: Color) -> None:
    """One piece of the setup: in hand where it stands on storage, else on its square."""
    if position in r.stored:
        hand = r.hands.setdefault(color, {})
        hand[pid] = hand.get(pid, 0) + 1  # a piece on storage: in hand (one of a type: .storage)
        return
    if r.renaming is not None and position not in r.renaming:
        raise ModelError(f"the board setup places {kind!r} on {position!r}, which is not "
                         "a square of the board", node.location, expected="a position of the board")
    r.placement[r.renaming[position] if r.renaming is not None else position] = Piece(pid, color)


def _goals_pass(r: Reading) -> Flags | None:
    """Each goal condition: royal types, stalemate, bare king, flags; counts and lines for the next pass."""
    flags = _flag_goals(r.tree, r.players, r.notation, r.zones)
    if flags is not None:
        r.rules.flag = flags[0]
    for goal in r.tree.goals:
        for cond in goal.conditions:
            if flags is None or id(cond) not in flags[1]:
                _goal_condition(r, goal, cond)
    return None


def _goal_condition(r: Reading, goal: Goal, cond: Node) -> None:
    """One goal condition, as the model holds it, set aside for the count and line goals, or kept as code."""
    text = plain(cond)
    both = _both(goal, r.players)
    if isinstance(text, tuple) and text[:1] == ("checkmated",) and goal.kind == "loss":
        r.royal.update(str(t) for t in text[1:])
        r.mate_goal = r.mate_goal or goal
    elif text == "stalemated":
        r.rules.stalemate = {"draw": StalemateResult.DRAW, "loss": StalemateResult.LOSS,
                             "win": StalemateResult.WIN}.get(goal.kind, StalemateResult.DRAW)
    elif text == ("pieces-remaining", "1") and goal.kind == "loss":
        r.rules.bare_king = BareKingRule.LOSS
    elif text == ("pieces-remaining", "1") and goal.kind == "draw" and both:
        r.bare_draws.append((goal, cond))
    elif isinstance(text, tuple) and both and _extinction_count(text) is not None:
        r.counts.append((goal, cond, text))
    elif isinstance(text, tuple) and text[:1] == ("relative-config",) and both:
        r.lines.append((goal, cond, text))
    elif text != "repetition":  # ignored, whoever it makes win (perft and the model have none)
        r.kept.append(_kept_goal(goal, cond, f"goal {to_text(cond)}", text))


def _counts_pass(r: Reading) -> Flags | None:
    """The count goals (extinction), line goals (connect), bare-king draws and sides without a royal piece."""
    r.never_met = _never_met(r.counts, r.royal, r.placement, r.notation, r.named | r.in_hand)
    counts = [c for c in r.counts if c not in r.never_met]
    extinction = _extinction(counts, r.notation, any(r.hands.values()))
    if extinction is not None:
        r.rules.extinction = extinction
    else:
        r.kept.extend(_kept_goal(goal, cond, f"goal {to_text(cond)}", text) for goal, cond, text in counts)
    connect = _connect(r.lines, r.notation, r.vectors)
    if connect is not None:
        r.rules.connect = connect
    else:
        r.kept.extend(_kept_goal(goal, cond, f"goal {to_text(cond)}", text) for goal, cond, text in r.lines)
    r.royal_ids = {r.notation[name] for name in r.royal if name in r.notation}
    for goal, cond in r.bare_draws:
        # a draw when a player has one piece left: the model's extinction goal (all of a side's pieces counted
        # together, at most one left: a draw) where that piece can only be the one royal piece each side has (one
        # each at the start, never added, never captured) and nothing waits in hand
        one_each = all(sum(p.id in r.royal_ids and p.color == c for p in r.placement.values()) == 1
                       for c in (WHITE, BLACK))
        if r.rules.extinction is None and one_each and not r.royal & r.named and not any(r.hands.values()):
            r.rules.extinction = ExtinctionGoal(None, 1, 0, StalemateResult.DRAW)
        else:
            r.kept.append(_kept_goal(goal, cond, "goal (pieces-remaining 1)", ("pieces-remaining", "1")))
    for color in (WHITE, BLACK):
        if r.mate_goal is not None and r.royal_ids and \
                not any(p.id in r.royal_ids and p.color == color for p in r.placement.values()):
            # Dunsany's Chess, Horde: a side has no King; the interpreter plays on, never in check: the model's
            # optional royal pieces (royal pieces are never captured, as the model protects every one); so does a
            # side whose King waits in hand (Genesis Chess)
            r.rules.royal_optional = True
    return None


def _move_types_pass(r: Reading) -> Flags | None:
    """Whether blocks' move types matter (turns or priorities select them), captures or drops ranked first."""
    tree = r.tree
    r.attributes = frozenset(a.name.text for zp in tree.pieces for a in zp.attributes)
    # the types whose pieces start with an attribute set: a piece created or changed into one counts as unmoved
    r.unmoved = frozenset(zp.name.text for zp in tree.pieces
                          if any(a.value is not None and to_text(a.value) == "true" for a in zp.attributes))
    # a block's move type matters only where turns name move types or move priorities rank them
    turn_types = tree.turn_order is not None and any(e.move_type for e in tree.turn_order.entries)
    r.typed = bool(tree.move_priorities) or turn_types
    if tree.move_priorities and not turn_types \
            and not any(b.move_type is not None for zp in tree.pieces for b in (*zp.moves, *zp.drops)):
        r.typed = False  # priorities of move types no block has (a variant's own pieces): they select nothing
        r.kept = [k for k in r.kept if k.name != "move-priorities"]
    if tree.move_priorities and not turn_types and _captures_first(tree, r.reader):
        r.rules.must_capture = True  # the priorities rank exactly the captures first: captures are mandatory
        r.typed = False
        r.kept = [k for k in r.kept if k.name != "move-priorities"]
    first_types = _drops_first(tree) if tree.move_priorities and not turn_types and r.flags.ranked else set()
    if first_types:
        # the priorities rank some types' drops first: the model's drops that go first, where it holds those drops
        trial = _drop_rules(tree, r.geometry, r.board, list(r.zones), r.renaming, r.in_hand, False, {})[0]
        if first_types <= set(trial):
            r.typed = False
            r.kept = [k for k in r.kept if k.name != "move-priorities"]
        else:
            first_types = set()
    r.first_types = first_types
    return None


def _drops_pass(r: Reading) -> Flags | None:
    """Each type's drop rule (:mod:`.recognise_drops`; from storage, :mod:`.storage`; from hand,
    :mod:`.recognise_shogi`) and the blocks the other passes skip."""
    r.drop_rules, r.drop_whys = _drop_rules(r.tree, r.geometry, r.board, r.zones, r.renaming, r.in_hand, r.typed,
                                            r.probed)
    r.drop_rules.update({name: dataclasses.replace(rule, first=True) for name, rule in r.drop_rules.items()
                         if name in r.first_types})
    if r.stock is not None:
        r.drop_rules.update({name: DropRule(where_stuck=True) for name in r.stock.types})
    r.skipped = r.stock.blocks if r.stock is not None else frozenset()
    if r.hands_found is not None:
        r.drop_rules.update({name: DropRule() for name in r.hands_found.drops})  # (checked below: .recognise_shogi)
        r.skipped = r.hands_found.skipped
        r.rules.captures_to_hand = True
    return None


def _circe_pass(r: Reading) -> Flags | None:
    """The rebirth squares (:mod:`.recognise_circe`), on a board read without renaming."""
    if r.renaming is None:
        r.rebirths = _rebirths(r.tree, r.reader, r.typed, r.skipped, r.players, r.board)
    return None


def _split_pass(r: Reading) -> Flags | None:
    """The split pieces and their blocks as the block reader reads them (:mod:`.recognise_split`)."""
    r.splits = split_blocks(r.tree.pieces, r.notation)
    return None


def _moved_blocks(r: Reading) -> Iterator[tuple[ZrfPiece, MoveBlock]]:
    """Each piece's move blocks the pieces pass reads (not the drops from storage: the type's drop rule)."""
    return ((zp, block) for zp in r.tree.pieces for block in zp.moves if id(block) not in r.skipped)


def _read_typed(r: Reading, block: MoveBlock) -> bool:
    """Whether ``block`` is read as a move (its move type selects nothing)."""
    return block.move_type is None or not r.typed


def _items_pass(r: Reading) -> Flags | None:
    """Each block's items as the block reader reads them: a split block's, a capture to hand as a plain
    landing, Circe's rebirth items left out (the model's ``PieceType.rebirth``)."""
    for zp, block in _moved_blocks(r):
        split_items = r.splits.get(zp.name.text, (None, {}))[1]
        items: list[Plain] = split_items.get(id(block)) or list(block.plain)
        if r.hands_found is not None:
            items = r.hands_found.items.get(id(block), items)
        if r.rebirths:
            items = strip_rebirth(items)[0]
        r.items[id(block)] = items
    return None


def _transport_pass(r: Reading) -> Flags | None:
    """The joins and unloads (:mod:`.recognise_transport`), by block."""
    for _, block in _moved_blocks(r):
        moved = read_transport(r.items[id(block)], r.reader) if _read_typed(r, block) else None
        if moved is not None:
            r.transported[id(block)] = moved
    return None


def _moves_pass(r: Reading) -> Flags | None:
    """The other blocks' moves as XBetza shapes (:mod:`.recognise`), by block (None: no shape)."""
    for _, block in _moved_blocks(r):
        if id(block) not in r.transported:
            r.readings[id(block)] = r.reader.read(r.items[id(block)]) if _read_typed(r, block) else None
    return None


def _spared_pass(r: Reading) -> Flags | None:
    """The blocks that fit a shape once their captures spare pieces by kind (:mod:`.recognise_spared`)."""
    for _, block in _moved_blocks(r):
        if id(block) in r.readings and r.readings[id(block)] is None and _read_typed(r, block):
            spared = spared_kinds(r.items[id(block)], r.reader.present)
            got = r.reader.read(spared.items) if spared is not None else None
            if got is not None and spared is not None:
                r.readings[id(block)] = got
                r.sparing[id(block)] = spared
    return None


@dataclasses.dataclass
class _PieceBlocks:
    """One piece's blocks as the pieces pass sorts them."""

    zp: ZrfPiece
    pid: str
    whys: dict[int, str] = dataclasses.field(default_factory=dict)  # block identity -> why it stays code
    recognised: list[tuple[MoveBlock, list[Found]]] = dataclasses.field(default_factory=list)
    carried: list[tuple[MoveBlock, TransportBlock]] = dataclasses.field(default_factory=list)  # joins and unloads
    found: list[Found] = dataclasses.field(default_factory=list)
    programs: list[KeptCode] = dataclasses.field(default_factory=list)
    spares: tuple[frozenset[str], frozenset[str]] | None = None


def _pieces_pass(r: Reading) -> Flags | None:
    """Each piece type of the model, or its blocks kept as code (:class:`.reading.Held`)."""
    for zp in r.tree.pieces:
        pb = _PieceBlocks(zp, r.notation[zp.name.text])
        _sort_blocks(r, pb)
        _check_blocks(r, pb)
        _kept_blocks(r, pb)
        r.first_reasons.update(pb.whys)
        if pb.programs and zp.name.text not in r.present:
            r.unused.append(zp.name.text)  # can never be on the board: left out unless the model keeps ZRF code
            r.held.append(Held(zp, PieceType(zp.name.text, pb.pid, ""),
                               _all_programs(zp, pb.pid, pb.whys, UNUSED_WHY)))
            r.first_reasons.update({id(block): UNUSED_WHY for block in zp.moves if id(block) not in pb.whys})
            continue
        try:
            piece = _piece_type(r, pb)
        except NoXBetza as error:
            if zp.name.text not in r.present:
                r.unused.append(zp.name.text)
                r.held.append(Held(zp, PieceType(zp.name.text, pb.pid, ""),
                                   _all_programs(zp, pb.pid, pb.whys, str(error))))
            else:
                # the shapes were recognised but have no XBetza here: every block stays a program
                piece = PieceType(zp.name.text, pb.pid, "")
                pb.programs = _all_programs(zp, pb.pid, pb.whys, str(error))
            r.first_reasons.update({id(block): str(error) for block in zp.moves if id(block) not in pb.whys})
            if zp.name.text in r.unused:
                continue
        r.held.append(Held(zp, piece, pb.programs))
    if r.captures_own:  # a side may lose its royal piece (royal_optional): a count of them may be met
        r.kept.extend(_kept_goal(goal, cond, f"goal {to_text(cond)}", text) for goal, cond, text in r.never_met)
    return None


def _sort_blocks(r: Reading, pb: _PieceBlocks) -> None:
    """The piece's blocks read by the earlier passes: joins and unloads, recognised moves, castlings."""
    name = pb.zp.name.text
    for block in (b for b in pb.zp.moves if id(b) not in r.skipped):
        items = r.items[id(block)]
        moved = r.transported.get(id(block))
        if moved is not None:
            pb.carried.append((block, moved))
            if moved.own and name not in r.unmoved:
                pb.recognised.append((block, moved.own))
            continue
        got = r.readings[id(block)]
        if got is not None and name not in r.royal and any(f.kind == "castle" for f in got) \
                and "not-attacked?" in str(items):
            # the model castles a non-royal piece without attack tests: one with them stays a program
            pb.whys[id(block)] = (f"castling of {name}, which is not royal, with attack tests: the model "
                                  "castles a non-royal piece through attacked squares")
        elif got is not None:
            pb.recognised.append((block, got))
            if any(f.kind == "castle" for f in got):
                r.castles.setdefault(pb.pid, []).append(castle_partner(items, r.reader))
                r.castle_blocks.setdefault(pb.pid, []).append(block)


def _check_blocks(r: Reading, pb: _PieceBlocks) -> None:
    """The recognised blocks the model holds: paths on the board, kind-sparing captures alike, a split piece
    whole, and Black's moves White's turned around or mirrored."""
    original = {square: name for name, square in r.renaming.items()} if r.renaming is not None else {}
    for block, got in [*pb.recognised, *((b, t.moves) for b, t in pb.carried)]:
        gap = next((g for f in got if (g := _path_gap(f, r.board, r.symmetry, r.vectors, original)) is not None),
                   None)
        if gap is not None:
            pb.whys[id(block)] = f"{gap}: block at {place(block.node)}"
            pb.recognised = [x for x in pb.recognised if x[0] is not block]
            pb.carried = [c for c in pb.carried if c[0] is not block]
    pb.spares = _spares(pb.recognised, r.sparing)
    if pb.spares is None:
        for block, _ in [x for x in pb.recognised if id(x[0]) in r.sparing]:
            pb.whys[id(block)] = "captures that spare pieces by kind on some moves of the piece only"
            pb.recognised = [x for x in pb.recognised if x[0] is not block]
    split = r.splits.get(pb.zp.name.text, (None, {}))[0]
    if split is not None and len(pb.recognised) < len(pb.zp.moves):  # a split piece is read whole or not at all
        pb.whys.update({id(b): SPLIT_WHY for b, _ in pb.recognised})
        pb.recognised = []
    all_found = [f for _, got in pb.recognised for f in got]
    r.captures_own |= any("d" in f.modes for f in all_found if f.kind not in ("zone", "castle", "face")) \
        and not (pb.spares is not None and r.royal <= pb.spares[1])  # (its captures may spare its own royal pieces)
    _check_symmetry(r, pb, all_found)


def _check_symmetry(r: Reading, pb: _PieceBlocks, all_found: list[Found]) -> None:
    """The recognised blocks and joins whose Black moves are White's turned around or mirrored."""
    whole = _black_plays_alike(all_found, r.symmetry, r.vectors)
    for block, got in pb.recognised:
        if whole or _symmetric(got, r.symmetry, r.vectors, all_found):
            pb.found.extend(got)
        else:
            pb.whys[id(block)] = (f"a move that {r.players[1]}'s symmetry does not turn into White's move turned "
                                  "around or mirrored, as the model plays Black")
    for block, moved in list(pb.carried):
        # a join or split is symmetric with the other blocks of its kind (the same types named)
        alike = [f for _, t in pb.carried if t.key() == moved.key() for f in t.moves]
        if not (_black_plays_alike(alike, r.symmetry, r.vectors)
                or _symmetric(moved.moves, r.symmetry, r.vectors, alike)):
            pb.whys[id(block)] = (f"a move that {r.players[1]}'s symmetry does not turn into White's move turned "
                                  "around or mirrored, as the model plays Black")
            pb.carried.remove((block, moved))


def _kept_blocks(r: Reading, pb: _PieceBlocks) -> None:
    """The piece's move and drop blocks that stay ZRF programs, each with its reason."""
    zp = pb.zp
    for block in zp.moves:
        if id(block) in r.skipped:
            continue
        if id(block) not in pb.whys and not any(block is b for b, _ in [*pb.recognised, *pb.carried]):
            pb.whys[id(block)] = why_not(block.node, r.attributes, linked=r.linked,
                                         move_type=block.move_type.text if block.move_type and r.typed else "")
            if r.flags.reasons is not None:
                pb.whys[id(block)] = r.flags.reasons.get(id(block), BESIDE_KEPT_WHY)
            if r.flags.storage is not None and id(block) in r.flags.storage[0]:
                pb.whys[id(block)] = r.flags.storage[1]
        if id(block) in pb.whys:
            pb.programs.append(_program(block, "moves", pb.pid, pb.whys[id(block)]))
    for block in zp.drops:
        if zp.name.text not in r.drop_rules:
            pb.whys[id(block)] = r.drop_whys.get(id(block)) or why_not(block.node, drop=True)
            pb.programs.append(_program(block, "drops", pb.pid, pb.whys[id(block)]))


def _piece_type(r: Reading, pb: _PieceBlocks) -> PieceType:
    """The model's piece type of the piece's recognised blocks (:class:`NoXBetza` where they have none)."""
    name, pid = pb.zp.name.text, pb.pid
    piece = _piece(name, pid, pb.found, r.board, r.zones, r.placement, r.notation, r.rules, name in r.setup_only)
    piece.drop = r.drop_rules.get(name)  # (without XBetza every block, drops too, stays a program)
    if not pb.zp.attributes:
        piece.promotion = _without_own_type(piece.promotion, pid)
    if r.hands_found is not None and name in r.hands_found.promotions:
        target = r.hands_found.promotions[name]
        piece.promotion = shogi_promotion(target, r.notation, _depth(target[1], r.zones, r.board))
    if name in r.unmoved and piece.promotion is not None:
        # moves that keep a piece unmoved are not the model's for a promoting piece: those blocks stay code
        for block, moved in [c for c in pb.carried if c[1].own]:
            pb.carried.remove((block, moved))
            pb.programs.append(_program(block, "moves", pid, "a join whose moves on the way keep a promoting "
                                        "piece unmoved (its add sets no attribute)"))
    piece.joins, piece.unloads, landed = carried_moves(pb.carried, r.notation, r.unmoved, _betza)
    if pb.spares is not None:
        piece.cannot_capture = tuple(sorted(r.notation[t] for t in pb.spares[0]))
        piece.cannot_capture_own = tuple(sorted(r.notation[t] for t in pb.spares[1]))
    if name in r.unmoved:
        # the adds on a join's way set no attribute: the piece stays as unmoved as it was
        piece.virgin_moves = _betza([f for _, t in pb.carried for f in t.own])
    r.landings.extend((piece, unload, landing, block) for unload, landing, block in landed)
    piece.rebirth = r.rebirths.get(name)
    if piece.drop is not None and name in r.probed \
            and not probes_are_captures(r.probed[name], pb.found, r.vectors, r.royal):
        piece.drop = None
        pb.programs.extend(_program(block, "drops", pid, PROBES_WHY) for block in pb.zp.drops)
    piece.split = r.splits.get(name, (None, {}))[0] if not pb.programs else None
    if r.cylinder is not None:
        _to_cylinder(piece)
    return piece


def _castling_pass(r: Reading) -> Flags | None:
    """Castlings whose attack tests ask about a partner that captures spare, pieces made unmoved, and each
    castling's partner where the model's default is not it."""
    by_id = {h.piece.id: h.piece for h in r.held}
    spared_partners = {t for p in by_id.values() for t in p.cannot_capture} & \
        {r.notation[k] for partners in r.castles.values() for c in partners if c is not None for k in c[2]
         if k in r.notation}
    for pid, blocks in r.castle_blocks.items():
        _spared_castling(r, by_id[pid], spared_partners, pid, blocks)
    made_unmoved = any(p.joins or p.unloads or p.virgin_moves for p in by_id.values())
    if made_unmoved or any(p.rebirth for p in by_id.values()):
        # unmoved pieces away from the setup's squares (a piece made by a promotion or a join takes its type's
        # initial attributes; unloads, rebirths and virgin moves; a reborn piece is unmoved on its rebirth square,
        # which need not be where the blocks look for the partner): castling with the partner its blocks test,
        # where it is. (With rebirths alone, a piece made by a promotion stays moved: it is made on the far rank,
        # away from its own castling rank.)
        made_types = {c.piece for p in by_id.values() if p.promotion for c in p.promotion.choices} | \
            {j.result for p in by_id.values() for j in p.joins}
        for zp in r.tree.pieces:
            if made_unmoved and zp.name.text in r.unmoved and r.notation[zp.name.text] in made_types:
                by_id[r.notation[zp.name.text]].unmoved_when_made = True
    on_board = frozenset(h.piece.id for h in r.held if h.zp.name.text not in r.unused)
    _exact_partners(r.castles, by_id, r.notation, on_board, r.placement, r.board)
    return None


def _spared_castling(r: Reading, piece: PieceType, spared_partners: set[str], pid: str,
                     blocks: list[MoveBlock]) -> None:
    """A castling whose attack tests, made with the partner it carries, ask about a kind that captures spare
    (``spared_partners``): the model's castling tests that kind, or the blocks stay code."""
    if not (spared_partners and (piece.castling is None or piece.castling.safe) and "O" in piece.betza):
        return
    # after its cascade a ZRF castling tests attacks with the partner it moves on the squares; where
    # captures spare that partner's kind, the model's castling asks about that kind
    kinds = {k for c in r.castles[pid] if c is not None for k in c[2] if k in r.notation}
    if None not in r.castles[pid] and len(kinds) == 1 and pid in r.royal_ids:
        tested = r.notation[kinds.pop()]
        piece.castling = dataclasses.replace(piece.castling or Castling(), tested_as=tested)
        return
    why = ("castling whose attack tests, made with the partner it carries after cascade, ask whether a "
           f"{'/'.join(sorted(spared_partners))} could be captured there, in a game whose captures spare "
           "that kind (the model tests the royal piece)")
    piece.betza = betza.write([m for m in betza.parse_moves(piece.betza) if m.atom != "O"])
    piece.castling = None
    programs = next(h.programs for h in r.held if h.piece is piece)
    programs.extend(_program(block, "moves", pid, why) for block in blocks)


def _unloads_pass(r: Reading) -> Flags | None:
    """Unloads whose own promotion is not the arriving type's: kept as code."""
    by_id = {h.piece.id: h.piece for h in r.held}
    for piece, unload, landing, block in r.landings:
        # an unload's arriving piece promotes by its type's rule: the block's own promotion must be that rule
        own = None if landing.promotion is None else _promotion(landing.promotion, r.notation, r.zones, r.board)
        if own != by_id[unload.becomes].promotion:
            why = (f"an unloading move whose arriving {by_id[unload.becomes].name} promotes otherwise than that type "
                   "does (the model's unload promotes as the arriving type)")
            piece.unloads = tuple(u for u in piece.unloads if u is not unload)
            next(h.programs for h in r.held if h.piece is piece).append(_program(block, "moves", piece.id, why))
    return None


def _other_code(r: Reading) -> str:
    """The reason of the first code the game keeps (a rule, a block, or its board's links)."""
    return next(itertools.chain((k.why or k.text for k in r.kept), (p.why for h in r.held for p in h.programs),
                                ["a board with links"]))


def _kept_code_pass(r: Reading) -> Flags | None:
    """A game that keeps code: read again without what the model holds only in a game read whole (drops ranked
    first, storage, captures to hand, a renamed board), its model drops kept as code."""
    r.keeps_code = bool(r.kept) or bool(r.board.links) or any(h.programs for h in r.held
                                                              if h.zp.name.text not in r.unused)
    flags = r.flags
    if r.keeps_code and r.first_types:
        # drops that go first only in a game read whole (else the kept drops need the priorities as ZRF keeps them)
        return Flags(r.rename, flags.reasons, flags.storage, ranked=False)
    if r.keeps_code and r.hands_found is not None:
        # captures to hand only in a game read whole: read it again as it stands, saying why they stay code
        return Flags(storage=(r.hands_found.blocks, f"{SHOGI_KEPT_WHY}: {_other_code(r)}"))
    if r.keeps_code and r.stock is not None:
        # drops from storage likewise
        return Flags(storage=(r.stock.blocks, f"{STORAGE_KEPT_WHY}: {_other_code(r)}"))
    if r.keeps_code and r.drop_rules:
        # the model's drops only in a game read whole: a game that keeps code is played by the interpreter on the
        # model written as ZRF, whose drops are the kept blocks
        other = _other_code(r)
        for h in r.held:
            if h.piece.drop is not None:
                h.piece.drop = None
                h.programs.extend(_program(block, "drops", h.piece.id, f"{DROP_KEPT_WHY}: {other}")
                                  for block in h.zp.drops)
        made = {rule.zone for rule in r.drop_rules.values()} - set(r.geometry.zones)
        r.zones[:] = [z for z in r.zones if z.name not in made]
    r.rules.drops = any(h.piece.drop is not None for h in r.held)
    if r.captures_own and r.royal_ids:
        # a side may capture its own royal piece; the interpreter then plays on, never in check, as the model's
        # optional royal pieces do (what Zillions does is not established: docs/zrf.md)
        r.rules.royal_optional = True
    if r.keeps_code and r.renaming is not None:
        # kept code names the file's positions; the blocks keep the reasons found on the rectangle
        return Flags(rename=False, reasons=r.first_reasons, storage=flags.storage, ranked=flags.ranked)
    return None


def _game_pass(r: Reading) -> Flags | None:
    """The model: the pieces, what the kept code refers to, validated; captures to hand checked against it
    (else read again with them kept as code)."""
    pieces: list[PieceType] = []
    kept_programs: list[KeptCode] = []
    for h in r.held:
        if h.zp.name.text in r.unused and not r.keeps_code:
            continue
        h.piece.royal = h.zp.name.text in r.royal
        kept_programs.extend(h.programs)
        if r.keeps_code and h.zp.attributes:
            h.piece.extra["zrf"] = {"attributes": [to_text(a.node) for a in h.zp.attributes]}
        pieces.append(h.piece)
    zrf_data: dict[str, object] = {}
    board = r.board
    if r.unused and not r.keeps_code:
        zrf_data["unused pieces"] = r.unused
    if r.keeps_code:
        # what the kept code refers to: the players' names and symmetries, every direction as a link table
        zrf_data["players"] = [p.text for p in r.tree.players]  # a third (a neutral, ?Dice) may play in the turns
        zrf_data["symmetry"] = {p.text: dict(r.geometry.symmetries.get(p.text, {})) for p in r.tree.players}
        if not board.links:
            board = dataclasses.replace(board, links=_links(r.geometry))
    format_data: dict[str, object] = {"zrf": zrf_data} if zrf_data else {}
    title = r.tree.title or r.stem
    game = Game(Metadata(title, source=r.source), board, pieces, Setup(r.placement, WHITE, r.hands), r.rules,
                r.zones, format_data, kept_programs + r.kept)
    game.validate()
    if r.hands_found is not None:
        unheld = check_drops(game, r.hands_found, r.renaming)
        if unheld:
            return Flags(storage=(r.hands_found.blocks, f"{SHOGI_HANDS_WHY}, {unheld}"))
    game.program_source = functools.partial(_program_of, r.zv)  # built on first use: a large game takes seconds
    r.game = game
    return None


PASSES: tuple[tuple[str, Pass], ...] = (
    ("players", _players_pass),
    ("storage", _storage_pass),
    ("shogi", _shogi_pass),
    ("board", _board_pass),
    ("types", _types_pass),
    ("zones", _zones_pass),
    ("setup", _setup_pass),
    ("goals", _goals_pass),
    ("counts", _counts_pass),
    ("move types", _move_types_pass),
    ("drops", _drops_pass),
    ("circe", _circe_pass),
    ("split", _split_pass),
    ("items", _items_pass),
    ("transport", _transport_pass),
    ("moves", _moves_pass),
    ("spared", _spared_pass),
    ("pieces", _pieces_pass),
    ("castling", _castling_pass),
    ("unloads", _unloads_pass),
    ("kept code", _kept_code_pass),
    ("game", _game_pass),
)
"""The reader's passes in order (docs/zrf.md, "The reader's passes"); a pass returning :class:`.reading.Flags`
reads the variant again from the first pass (:func:`.reading.run_passes`)."""


def _rebirths(tree: ZrfGame, reader: BlockReader, typed: bool, skipped: frozenset[int], players: tuple[str, ...],
              board: Board) -> dict[str, str]:
    """The rebirth square of each piece type, by name, where the game's move blocks hold Circe rebirth items the
    model's :attr:`~fairyport.model.PieceType.rebirth` says exactly (:mod:`.recognise_circe`); else empty."""
    blocks = []
    for zp in tree.pieces:
        for block in zp.moves:
            if id(block) in skipped:
                continue
            items, table = strip_rebirth(list(block.plain))
            got = reader.read(items) if block.move_type is None or not typed else None
            blocks.append((zp.name.text, items, table, got))
    owners: dict[str, set[str]] = {}
    for part in tree.setup:
        for entry in part.entries:
            owners.setdefault(entry.piece.text, set()).add(part.player.text)
    squares = frozenset(p.name for p in board.positions)
    return rebirth_squares(blocks, owners, squares, players) or {}


def _drop_rules(tree: ZrfGame, geometry: Geometry, board: Board, zones: list[Zone],
                renaming: dict[str, str] | None, in_hand: set[str], typed: bool,
                probed: dict[str, tuple[Probe, ...]] | None = None) -> tuple[dict[str, DropRule], dict[int, str]]:
    """The model's drop rule of each piece type whose drops the model holds exactly, by piece name, and why the
    others' drop blocks stay programs (by block identity). A drop block to an empty square, anywhere or in (or
    outside) a zone, is the model's drop (also where the piece could not move again: ZRF has no such rule); the
    model then drops every piece in hand, so all or none: every type in hand must have such drops, each type one
    rule, under no move type the turn order or priorities select, on a board whose every position is a square.
    With ``probed`` (on a board read without renaming), drops that probe for the enemy king are read too, their
    probes stored there by piece name (to compare with the piece's captures)."""
    rules: dict[str, DropRule] = {}
    players = (tree.players[0].text, tree.players[1].text)
    by_block: dict[int, tuple[Probe, ...]] = {}
    whys: dict[int, str] = {}
    outside: dict[str, str] = {}
    for zp in tree.pieces:
        found: set[DropRule | None] = set()
        for block in zp.drops:
            if typed and block.move_type is not None:
                whys[id(block)] = why_not(block.node, move_type=block.move_type.text)
                found.add(None)
                continue
            rule = _drop_rule(list(block.plain), zones, board, outside,
                              geometry if probed is not None and renaming is None else None, players, by_block,
                              id(block))
            found.add(rule)
        if len(found) == 1 and None not in found:
            rules[zp.name.text] = next(r for r in found if r is not None)
            lines = [by_block[id(block)] for block in zp.drops if id(block) in by_block]
            if lines and probed is not None:
                probed[zp.name.text] = lines[0]
        elif len(found) > 1 and None not in found:
            for block in zp.drops:
                whys[id(block)] = (f"drops of {zp.name.text} under several rules (zones): the model has one drop "
                                   "rule per piece type")
    if not rules:
        return {}, whys
    squares = {p.name for p in board.positions}
    names = set(geometry.positions) if renaming is None else {renaming.get(p, p) for p in geometry.positions}
    stuck = sorted(in_hand - set(rules))
    why = ""
    if stuck:
        why = (f"a drop in a game where pieces in hand cannot all be dropped ({', '.join(stuck)}): the model "
               "drops every piece in hand")
    elif any(rule.zone is None for rule in rules.values()) and not names <= squares:
        why = ("a drop anywhere on a board with positions off its rectangle of squares (storage): the model drops "
               "on squares only")
    if why:
        for zp in tree.pieces:
            for block in zp.drops:
                whys.setdefault(id(block), why)
        zones[:] = [z for z in zones if z.name not in outside.values()]
        return {}, whys
    return rules, whys


def _drop_rule(items: list[Plain], zones: list[Zone], board: Board, outside: dict[str, str],
               geometry: Geometry | None = None, players: tuple[str, str] | None = None,
               probed: dict[int, tuple[Probe, ...]] | None = None, key: int = 0) -> DropRule | None:
    """The drop rule of a drop block's items: ``(verify empty?)``, at most one ``(verify (in-zone? Z))`` or
    ``(verify (not-in-zone? Z))``, and the other tests of :func:`.recognise_drops.drop_tests` (the probes for the
    enemy king only with ``geometry`` and ``players``: stored in ``probed`` by ``key``), in any order, then
    ``add``; None for any other block. A zone tested as not-in-zone becomes a zone of its own, the squares outside
    it per colour (:func:`_zone_outside`; ``outside`` holds those made, by the zone's name)."""
    tests = drop_tests(items, geometry.links if geometry is not None and players is not None else ())
    if tests is None:
        return None
    name: str | None = None
    test = tests.zone
    if test is not None:
        if not (isinstance(test, tuple) and isinstance(test[1], tuple) and isinstance(test[1][1], str)
                and any(z.name == test[1][1] for z in zones)):
            return None
        name = test[1][1]
        if test[1][0] == "not-in-zone?":
            if name not in outside:
                outside[name] = _zone_outside(name, zones, board)
            name = outside[name]
    if tests.probes:
        assert geometry is not None and players is not None and probed is not None
        squares = frozenset(p.name for p in board.positions)
        made = add_probed_zone(zones, name, tests.probes, geometry, players, squares)
        outside[f"{made} (probes)"] = made
        name = made
        probed[key] = tests.probes
    return DropRule(zone=name, where_stuck=True, no_drop_check=bool(tests.probes), safe_square=tests.safe)


def _zone_outside(name: str, zones: list[Zone], board: Board) -> str:
    """Add to ``zones`` the zone of the squares outside each colour's squares of zone ``name``, named
    ``name-outside`` (a free name), and return its name."""
    taken = {z.name for z in zones}
    outside = next(n for n in itertools.chain([f"{name}-outside"], (f"{name}-outside{i}" for i in itertools.count(2)))
                   if n not in taken)
    squares = frozenset(p.name for p in board.positions)
    for color in (WHITE, BLACK):
        inside = zone_squares(zones, name, color)
        zones.append(Zone(outside, squares - inside, color))
    return outside


def _flag_goals(tree: ZrfGame, players: tuple[str, ...], notation: dict[str, str],
                zones: list[Zone]) -> tuple[FlagGoal, set[int]] | None:
    """The model's flag goal where the goals are the ZRF writer's form of it, with the goal conditions it stands
    for (by identity): per player ``(win-condition (P) (absolute-config T... (Z)))``, both players naming the
    same zone ``Z`` and each one type of their own or every type of the game (any piece). None otherwise."""
    found: dict[int, tuple[str | None, str, int]] = {}
    goal_squares: dict[int, frozenset[str]] = {}  # per player: the squares of a zone GOAL_ZONE made for the goal
    blocked: dict[int, tuple[frozenset[str], str, frozenset[str]]] = {}
    used: set[int] = set()
    every = set(notation)
    for goal in tree.goals:
        if goal.kind != "win" or len(goal.players) != 1 or goal.players[0].text not in players:
            continue
        color = players.index(goal.players[0].text)
        sets: list[frozenset[str]] = []
        kinds: set[frozenset[str]] = set()
        for cond, text in _goal_configs(goal.conditions):
            full = _full_zone(text, notation)
            if full is not None:
                if color in blocked:
                    return None
                blocked[color] = full
                used.add(id(cond))
                continue
            if not (isinstance(text, tuple) and len(text) >= 3 and text[0] == "absolute-config"
                    and isinstance(text[-1], tuple) and text[-1] and all(isinstance(t, str) for t in text[-1])
                    and all(isinstance(t, str) and t in notation for t in text[1:-1])):
                continue
            types = {str(t) for t in text[1:-1]}
            if color in found or not (len(types) == 1 or types == every):
                return None
            kinds.add(frozenset(types))
            sets.append(frozenset(str(t) for t in text[-1]))
            used.add(id(cond))
        if not sets:
            continue
        if len(kinds) != 1:
            return None
        types = set(kinds.pop())
        piece = notation[types.pop()] if len(types) == 1 else None
        zone_names = {z.name for z in zones}
        if len(sets) == 1 and len(sets[0]) == 1 and next(iter(sets[0])) in zone_names:
            found[color] = (piece, next(iter(sets[0])), 1)  # (absolute-config T (Z)): one piece in zone Z
            continue
        # a flag goal of N pieces: one condition per set of N squares of a zone of that player, every such set
        squares = frozenset().union(*sets)
        count = len(sets[0])
        zone = next((z.name for z in zones if z.color in (None, color) and frozenset(z.squares) == squares), None)
        if set(sets) != {frozenset(c) for c in itertools.combinations(sorted(squares), count)}:
            return None
        if zone is None:  # named squares, no zone of them (Chess.zrf's King vs. King): a zone of the goal's own
            zone = ""  # made at the end, named GOAL_ZONE
            goal_squares[color] = squares
        found[color] = (piece, zone, count)
    if len(found) == 1:
        # the other player's goal has more flag pieces than their flag squares: never met, no condition written
        (color, (piece, zone, count)), = found.items()
        other = color ^ 1
        own = blocked.get(other)
        other_piece = piece if own is None else _flag_piece(own[0], notation)
        others = goal_squares.get(other, frozenset()) if zone == "" else zone_squares(zones, zone, other)
        if count <= len(others) or (own is not None and own[1] != zone):
            return None
        found[other] = (other_piece, zone, count)
    if set(found) != {WHITE, BLACK} or found[WHITE][1:] != found[BLACK][1:]:
        return None
    if blocked:  # the blocked win: both players, on their flag zone, naming their flag pieces
        for color, (flag_types, zone, squares) in blocked.items():
            if zone != found[color][1] or squares != zone_squares(zones, zone, color) \
                    or _flag_piece(flag_types, notation) != found[color][0]:
                return None
        if set(blocked) != {WHITE, BLACK}:
            return None
    zone = found[WHITE][1]
    if zone == "":
        if blocked:
            return None
        zone = _free_zone_name(GOAL_ZONE, zones)
        zones.extend(Zone(zone, goal_squares.get(color, frozenset()), color) for color in (WHITE, BLACK))
    return FlagGoal(zone, found[WHITE][0], found[BLACK][0], found[WHITE][2], blocked_win=bool(blocked)), used


GOAL_ZONE = "goal"
"""The name (made free with a number where the game has a zone of that name) of the zone the ZRF reader makes
for a flag goal on named squares, ``(absolute-config T (f8))``, with no zone of those squares: each player's
goal squares (none for a player without such a goal)."""


def _free_zone_name(name: str, zones: list[Zone]) -> str:
    """``name``, or ``name2``, ``name3``... where the game has a zone of that name."""
    taken = {z.name for z in zones}
    return next(n for n in itertools.chain([name], (f"{name}{i}" for i in itertools.count(2))) if n not in taken)


def _goal_configs(conditions: Iterable[Node]) -> Iterator[tuple[Node, Plain]]:
    """Each goal condition with its plain text; an ``or`` of ``absolute-config`` conditions (each naming squares,
    ``(or (absolute-config King (f8)) (absolute-config King (h8)))``) as each of them, the ``or`` node standing for
    each (a player's conditions are alternatives already)."""
    for cond in conditions:
        text = plain(cond)
        if isinstance(text, tuple) and len(text) > 2 and text[0] == "or" \
                and all(isinstance(t, tuple) and t[:1] == ("absolute-config",) for t in text[1:]):
            yield from ((cond, t) for t in text[1:])
        else:
            yield cond, text


def _flag_piece(types: frozenset[str], notation: dict[str, str]) -> str | None:
    """The flag piece a goal's list of ZRF types stands for: one type, or every type (any piece: None)."""
    if len(types) == 1:
        return notation[next(iter(types))]
    return None


def _full_zone(text: Plain, notation: dict[str, str]) -> tuple[frozenset[str], str, frozenset[str]] | None:
    """The ZRF writer's blocked flag win, ``(and (absolute-config T (opponent T) ... (SQUARES)) (absolute-config
    F... (Z)))`` with every type of the game both ways: (the flag types F, the zone Z, the squares), else None."""
    if not (isinstance(text, tuple) and len(text) == 3 and text[0] == "and"):
        return None
    full, flag = text[1], text[2]
    if not (isinstance(full, tuple) and isinstance(flag, tuple) and full[:1] == ("absolute-config",)
            and flag[:1] == ("absolute-config",) and len(flag) >= 3):
        return None
    squares, zone = full[-1], flag[-1]
    anyone = {(t, o) for t in notation for o in (t, ("opponent", t))}
    if set(full[1:-1]) != {o for _, o in anyone} or len(full) - 2 != len(anyone) \
            or not isinstance(squares, tuple) or not all(isinstance(q, str) for q in squares) \
            or not (isinstance(zone, tuple) and len(zone) == 1 and isinstance(zone[0], str)):
        return None
    types = flag[1:-1]
    if not types or not all(isinstance(t, str) and t in notation for t in types) \
            or not (len(types) == 1 or set(types) == set(notation)):
        return None
    return frozenset(str(t) for t in types), str(zone[0]), frozenset(str(q) for q in squares)


def _program_of(zv: ZrfVariant) -> GameProgram | None:
    """The variant as a program (for writers that enforce rules in code), or None where the interpreter cannot
    compile it (the model route then says what is missing)."""
    try:
        return lower_game(compile_variant(zv))
    except (UnsupportedError, ModelError):
        return None


CONVENTIONAL_IDS = {"King": "K", "Queen": "Q", "Rook": "R", "Bishop": "B", "Knight": "N", "Pawn": "P"}
"""Ids for pieces so named without ``notation`` (the Knight's N, as the King has K), which they get before any other
piece may take their letter (shogi's KnightP, listed before the King, takes no K)."""


def _ids(pieces: list[ZrfPiece]) -> dict[str, str]:
    """Piece name -> model id (:func:`_ids_in_order`); where a type a piece promotes to (``(add T ...)``) would get
    an id of several characters, the types promoted to are given theirs first: a promotion choice is written as
    the Diagram's ``promoChoice`` text, which offers every type whose ID occurs in it (``R`` in ``R2``)."""
    ids = _ids_in_order(pieces)
    chosen: set[str] = set()
    for p in pieces:
        for block in [*p.moves, *p.drops]:
            _promoted_to(block.plain, chosen)
    if all(len(ids[name]) == 1 for name in chosen if name in ids):
        return ids
    first = [p for p in pieces if p.name.text in chosen]
    again = _ids_in_order(first + [p for p in pieces if p.name.text not in chosen])
    return {p.name.text: again[p.name.text] for p in pieces}


def _promoted_to(item: Plain, out: set[str]) -> None:
    """Collect the piece types ``item`` offers as promotion choices (``(add T ...)``)."""
    if isinstance(item, tuple):
        if item[:1] == ("add",):
            out.update(str(i) for i in item[1:] if isinstance(i, str))
        for i in item:
            _promoted_to(i, out)


def _ids_in_order(pieces: list[ZrfPiece]) -> dict[str, str]:
    """Piece name -> model id: the ``notation``, else the conventional letter, the name's first letter, the first
    of its letters not yet taken, or the first free letter of the alphabet (then ``X2``... past 26 types)."""
    ids: dict[str, str] = {}
    taken = {p.notation.value.upper() for p in pieces if p.notation and p.notation.value}
    reserved = {CONVENTIONAL_IDS[p.name.text] for p in pieces if not (p.notation and p.notation.value)
                and p.name.text in CONVENTIONAL_IDS} - taken
    seen: set[str] = set()
    for p in pieces:
        if p.notation and p.notation.value and p.notation.value.upper() not in seen:
            ids[p.name.text] = p.notation.value.upper()
            seen.add(ids[p.name.text])
            continue
        name = p.name.text
        known = CONVENTIONAL_IDS.get(name, "")
        # a free letter before a numbered id: the Interactive Diagram and Fairy-Stockfish take letters only
        candidates = [known, *[c.upper() for c in name if c.isalpha()], *string.ascii_uppercase]
        choice = next((c for c in candidates if c and c not in taken and (c == known or c not in reserved)), None)
        if choice is None:
            choice = next(f"{name[:1].upper()}{n}" for n in itertools.count(2) if f"{name[:1].upper()}{n}" not in taken)
        taken.add(choice)
        ids[name] = choice
    return ids


PLAY_OPTIONS = frozenset({"pass turn", "pass partial", "maximal captures", "recycle captures"})
"""Options that change which moves exist; the model has no place for them: they are kept as ZRF text (with
``include off-pieces`` set to true, which changes what ``pieces-remaining`` counts)."""

def _kept_goal(goal: Goal, cond: Node, rule: str, text: Plain) -> KeptCode:
    """A goal condition the model does not hold, kept as ZRF code: ``(win-condition (White Black) COND)`` with
    the reason for ``text`` (the condition read as plain data)."""
    head = " ".join(to_text(item) for item in goal.node.items[:2])
    return _rule(rule, f"({head} {to_text(cond)})", cond.location, goal_why(goal.kind, text))


def _rule(rule: str, text: str, where: Location, why: str) -> KeptCode:
    """A rule kept as ZRF text (move priorities, a turn order other than the two players in turn, play-changing
    options, goals outside the model), with why the model has no place for it: the ZRF writer writes it back, the
    model route plays such a game with the ZRF interpreter, and the generator and the other writers refuse it
    (:func:`fairyport.conversion.programs_lost`)."""
    return KeptCode(FORMAT, KEPT_RULE, text, str(where), name=rule, why=why)


GOAL_MEANINGS = {
    "pieces-remaining": "when a player has exactly {n} left",
    "total-piece-count": "when exactly {n} left on the board",
    "captured": "when a piece of a given type is captured",
    "absolute-config": "when pieces stand on given squares",
    "relative-config": "when pieces stand in a given pattern",
    "stalemated": "when a player cannot move",
    "repetition": "on a repetition",
}
"""ZRF goal conditions -> what they test, in model terms (``{n}``: the count of pieces)."""


def _extinction_count(text: tuple[Plain, ...]) -> int | None:
    """N of a goal condition ``(pieces-remaining N TYPE)`` or ``(pieces-remaining 0)``, else None."""
    if text[:1] != ("pieces-remaining",) or len(text) not in (2, 3) or not str(text[1]).isdecimal():
        return None
    return None if len(text) == 2 and text[1] != "0" else int(str(text[1]))


def _never_met(counts: list[tuple[Goal, Node, tuple[Plain, ...]]], royal: set[str], placement: dict[str, Piece],
               notation: dict[str, str], arriving: set[str]) -> list[tuple[Goal, Node, tuple[Plain, ...]]]:
    """The goals ``(pieces-remaining 0 T)`` that are never met: T royal (a checkmate goal, so never captured: no move
    may leave it attacked), set up on the board for both players, never added, created, changed into or in hand
    (``arriving``). Checkmate decides those games, as the model's does (ZoG's shogi files state both); the reader
    checks after the moves that no move may capture its own side's pieces (then the goal stays kept)."""
    return [(goal, cond, text) for goal, cond, text in counts
            if len(text) == 3 and text[1] == "0" and str(text[2]) in royal and str(text[2]) not in arriving
            and all(any(p.id == notation.get(str(text[2])) and p.color == c for p in placement.values())
                    for c in (WHITE, BLACK))]


def _extinction(counts: list[tuple[Goal, Node, tuple[Plain, ...]]], notation: dict[str, str],
                in_hand: bool) -> ExtinctionGoal | None:
    """The model's extinction goal from both players' ``(pieces-remaining N TYPE)`` goals of one kind, N running
    over 0 to the same C for every type listed (a player left with at most C of a type scores the kind), or from
    ``(pieces-remaining 0)`` (all pieces counted together); None where they are not that (nothing in hand: the
    interpreter's count of pieces off the board would differ)."""
    kinds = {goal.kind for goal, _, _ in counts}
    if not counts or in_hand or len(kinds) != 1 or not kinds <= {"loss", "win", "draw"}:
        return None
    found: dict[str | None, set[int]] = {}
    for _, _, text in counts:
        found.setdefault(str(text[2]) if len(text) == 3 else None, set()).add(int(str(text[1])))
    sets = {frozenset(n) for n in found.values()}
    if len(sets) != 1 or (None in found and len(found) != 1) or any(t is not None and t not in notation
                                                                    for t in found):
        return None
    (numbers,) = sets
    if numbers != frozenset(range(len(numbers))):
        return None
    result = {"loss": StalemateResult.LOSS, "win": StalemateResult.WIN, "draw": StalemateResult.DRAW}[kinds.pop()]
    pieces = None if None in found else tuple(notation[str(t)] for t in found)
    return ExtinctionGoal(pieces, len(numbers) - 1, 0, result)


CONNECT_STEPS = {(1, 0): "horizontal", (0, 1): "vertical", (1, 1): "diagonal", (1, -1): "diagonal"}
"""The model's connection directions by the step (White's view) the ZRF writer's lines take."""


def _connect(lines: list[tuple[Goal, Node, tuple[Plain, ...]]], notation: dict[str, str],
             vectors: dict[str, Vector]) -> ConnectGoal | None:
    """The model's connection goal from both players' ``relative-config`` goals of one kind, each a line of N
    along one step (east, north, north-east, south-east: every step of the directions listed) or the 2x2 block
    ``T e T n T w T``, as the ZRF writer writes them: of one piece type, or of several with one condition per
    way of filling each line or block with them. None where they are not that."""
    kinds = {goal.kind for goal, _, _ in lines}
    if not lines or len(kinds) != 1 or not kinds <= {"loss", "win", "draw"}:
        return None
    counts: set[int] = set()
    steps: set[Vector] = set()
    square = 0
    types: list[str] = []  # in the order first met (the writer's order of the goal's types)
    fillings: dict[tuple[Vector, ...], set[tuple[str, ...]]] = {}
    for _, _, text in lines:
        items = [str(t) for t in text[1:]]
        kinds_here, moves = items[::2], [vectors.get(d) for d in items[1::2]]
        types.extend(t for t in kinds_here if t not in types)
        if any(v is None for v in moves) or not moves:
            return None
        shape = tuple(v for v in moves if v is not None)
        fillings.setdefault(shape, set()).add(tuple(kinds_here))
        if list(shape) == [(1, 0), (0, 1), (-1, 0)]:
            square = 2
        elif len(set(shape)) == 1 and shape[0] in CONNECT_STEPS:
            counts.add(len(kinds_here))
            steps.add(shape[0])
        else:
            return None
    directions = tuple(d for d in ("horizontal", "vertical", "diagonal")
                       if any(CONNECT_STEPS[s] == d for s in steps))
    if len(counts) > 1 or ("diagonal" in directions and not {(1, 1), (1, -1)} <= steps):
        return None
    if any(t not in notation for t in types) or any(
            found != set(itertools.product(types, repeat=len(shape) + 1)) for shape, found in fillings.items()):
        return None
    result = {"loss": StalemateResult.LOSS, "win": StalemateResult.WIN, "draw": StalemateResult.DRAW}[kinds.pop()]
    pieces = None if set(types) == set(notation) else tuple(notation[t] for t in types)
    return ConnectGoal(counts.pop() if counts else 0, directions or CONNECT_DIRECTIONS, pieces, square, None, result)


def _both(goal: Goal, players: tuple[str, ...]) -> bool:
    """Whether ``goal`` is both players'."""
    return {p.text for p in goal.players} == set(players)


def goal_why(kind: str, condition: Plain) -> str:
    """Why a goal is kept as ZRF text: the game ends (``kind``: win, loss, draw) under a condition the model's
    goals (checkmate, stalemate, the bare-king loss, flags) do not hold."""
    head = condition[0] if isinstance(condition, tuple) and condition else condition
    count = condition[1] if isinstance(condition, tuple) and len(condition) > 1 else ""
    pieces = f"{count} piece" if count == "1" else f"{count} pieces"
    template = GOAL_MEANINGS.get(str(head))
    # only the known templates are formatted: the file's own text may hold braces
    meaning = template.format(n=pieces) if template is not None else "under the condition " + str(head)
    return (f"a {kind} {meaning}: the model ends games by checkmate, stalemate, a bare royal piece (a loss) or "
            "flag pieces reaching a zone")


TURN_ORDER_WHY = ("a turn order other than two players moving in turn, one move each (several moves in a row, "
                  "a third player, or move types chosen by the turn): the model alternates single moves")
"""Why a ZRF turn order the model cannot hold is kept."""

PRIORITIES_WHY = ("move priorities (a move of a higher-priority type must be played when there is one): the model "
                  "ranks no moves other than its mandatory captures")
"""Why ZRF move priorities are kept."""


def _program(block: MoveBlock, section: str, piece: str, why: str) -> KeptCode:
    """A move or drop block of ``piece`` kept as ZRF text: its (expanded) text, section, move type, location and
    why the model has no place for it."""
    return KeptCode(FORMAT, KEPT_PROGRAM, to_text(block.node), str(block.node.call_site or block.node.location),
                    piece=piece, section=section, move_type=block.move_type.text if block.move_type else "",
                    why=why, beside=why == BESIDE_KEPT_WHY)


def _all_programs(zp: ZrfPiece, pid: str, whys: dict[int, str], why: str) -> list[KeptCode]:
    """Every block of piece ``zp`` as a program: those not recognised keep their reason (``whys``, by block
    identity), the recognised ones get ``why`` (the piece-level reason their moves have no XBetza together)."""
    return [_program(block, section, pid, whys.get(id(block)) or why)
            for section, blocks in (("moves", zp.moves), ("drops", zp.drops)) for block in blocks]


UNUSED_WHY = ("a move of a piece that never comes onto the board (not in the setup, never added), kept with its "
              "blocks that have no place in the model")
"""Why the recognised blocks of a piece that never reaches the board are kept with its other blocks."""


DROP_KEPT_WHY = ("a drop the model holds, kept as ZRF code because the game keeps other code (the reader reads "
                 "drops only in a game it reads whole)")
"""Why a drop block the model could hold stays a program: the game keeps other ZRF code (whose reason follows)."""


BESIDE_KEPT_WHY = ("a move the model reads on the board as a rectangle, kept as ZRF code beside the game's other "
                   "kept code, which names the file's own positions")
"""Why a block that fits the model stays ZRF code all the same: other blocks or rules of the game stay ZRF code, and
that code needs the board's positions under the file's names (not the rectangle's square names)."""


class NoXBetza(Exception):
    """Recognised moves of one piece that have no XBetza together; the message says why in model terms."""


def _kept_rules(tree: ZrfGame, players: tuple[str, ...]) -> list[KeptCode]:
    """The rules the model cannot hold, kept as ZRF text: a turn order other than the two players in turn, move
    priorities and play-changing options (the goals outside the model are added by the goal reader)."""
    kept: list[KeptCode] = []
    order = tree.turn_order
    if order is not None and ([e.player.text for e in order.entries] != list(players)
                              or any(e.owner or e.move_type for e in order.entries)):
        kept.append(_rule("turn-order", to_text(order.node), order.node.location, TURN_ORDER_WHY))
    if tree.move_priorities:
        text = "(move-priorities " + " ".join(r.text for r in tree.move_priorities) + ")"
        kept.append(_rule("move-priorities", text, tree.move_priorities[0].node.location, PRIORITIES_WHY))
    for option in tree.options:
        if _plays(option.name, option.value):
            kept.append(_rule(f"option {option.name}", to_text(option.node), option.node.location,
                              _option_why(option.name)))
    for flag in tree.flags:  # ZRF 1.x flags: (maximal-captures true), (pass-turn forced)
        if _plays(flag.name, flag.value or "true"):
            kept.append(_rule(f"option {flag.name.replace('-', ' ')}", to_text(flag.node), flag.node.location,
                              _option_why(flag.name)))
    return kept


def _option_why(name: str) -> str:
    """Why a play-changing ZRF option is kept, in model terms."""
    meaning = {"pass turn": "a player may pass", "pass partial": "a partial move may stop early",
               "maximal captures": "only the moves capturing the most pieces are legal",
               "recycle captures": "captured pieces come back into play",
               "include off pieces": "pieces waiting off the board count for the goals"}
    name = name.replace("-", " ")
    return f"the option {name!r} ({meaning.get(name, 'it changes which moves exist')}): the model has no such rule"


def _plays(name: str, value: str) -> bool:
    """Whether option (or flag) ``name`` set to ``value`` changes which moves exist or which positions end."""
    name = name.replace("-", " ")
    if name == "include off pieces":  # counting the off-board stock is not the default (see the interpreter)
        return value not in ("false", "0")
    return name in PLAY_OPTIONS and value not in ("false", "0")


def _plain_grid(tree: ZrfGame) -> Grid | None:
    """The board's grid if the board is one two-dimensional grid of positions named file letter + consecutive
    rank number (:func:`_grid_names`), with nothing beyond it (no links, unlinks, explicit positions, dummies)."""
    board = tree.board
    if board is None or len(board.grids) != 1 or board.links or board.unlinks or board.positions or board.dummies:
        return None
    return board.grids[0] if _grid_names(board.grids[0]) is not None else None


def _grid_names(grid: Grid) -> tuple[int, int, int] | None:
    """(files, ranks, first rank number) of a two-dimensional grid whose positions are named file letter +
    consecutive rank number, else None."""
    if len(grid.dimensions) != 2:
        return None
    files, ranks = grid.dimensions[0].names, grid.dimensions[1].names
    if not ranks or files != [file_name(i) for i in range(len(files))] or not all(r.isdecimal() for r in ranks):
        return None
    numbers = [int(r) for r in ranks]
    if sorted(numbers) != list(range(min(numbers), min(numbers) + len(numbers))):
        return None
    return len(files), len(ranks), min(numbers)


def _links(geometry: Geometry) -> dict[str, dict[str, str]]:
    """Every direction of the geometry as a link table (directions that link nothing left out)."""
    return {name: dict(table) for name, table in geometry.links.items() if table}


def _to_cylinder(piece: PieceType) -> None:
    """Give ``piece``'s moves across files XBetza's cylinder ``o`` (:mod:`.cylinder`).

    :raises NoXBetza: where a move across files has no ``o`` form."""
    betza_text = on_cylinder(piece.betza) if piece.betza else ""
    zoned = [dataclasses.replace(z, betza=on_cylinder(z.betza) or "") for z in piece.zoned_moves]
    if betza_text is None or not all(z.betza for z in zoned):
        raise NoXBetza(CYLINDER_WHY)
    piece.betza, piece.zoned_moves = betza_text, tuple(zoned)


def _linked_board(tree: ZrfGame, geometry: Geometry) -> Board:
    """A board that is not a plain grid, with the resolved direction links. Where the board has one
    two-dimensional grid named file letter + rank number, its positions are the rectangle (with holes) and the
    other positions are extra; otherwise every position is extra (with file and rank where it sits on the only
    two-dimensional grid)."""
    assert tree.board is not None
    grids = tree.board.grids
    single = len(grids) == 1 and len(grids[0].dimensions) == 2
    height = len(grids[0].dimensions[1].names) if single else 0
    shape = _grid_names(grids[0]) if single else None
    if shape is not None:
        files, ranks, first = shape
        cells = {square_name(f, r, first) for f in range(files) for r in range(ranks)}
        extra = tuple(Position(p.name) for p in geometry.positions.values() if p.name not in cells)
        return Board(files, ranks, frozenset(cells - set(geometry.positions)), first, extra, _links(geometry))
    positions = []
    for pos in geometry.positions.values():
        if single and pos.grid == 0 and pos.coordinates is not None:
            positions.append(Position(pos.name, pos.coordinates[0], height - 1 - pos.coordinates[1]))
        else:
            positions.append(Position(pos.name))
    return Board(0, 0, extra_positions=tuple(positions), links=_links(geometry))


def _path_gap(found: Found, board: Board, symmetry: dict[str, str], vectors: dict[str, Vector],
              original: dict[str, str]) -> str | None:
    """Why a leap written as several unchecked steps (``found.path``) is not the XBetza leap on this board, or None
    where it is: from every square, for White and for Black (its steps through its symmetry), the squares passed
    exist wherever the landing square does (the ZRF move needs them; an XBetza leap passes over holes and the
    edge). A board without holes passes for any path that never turns back. ``original``: the file's names of
    renamed squares, for the message."""
    if not found.path or (board.files == 0 and board.ranks == 0):
        return None
    if not board.holes and all(len({(v[i] > 0) - (v[i] < 0) for v in found.path} - {0}) <= 1 for i in (0, 1)):
        return None  # the squares passed lie between the start and the landing square, on the board
    by_vector = {v: name for name, v in vectors.items()}
    black = tuple(vectors.get(symmetry.get(by_vector.get(v, ""), by_vector.get(v, ""))) for v in found.path)
    paths = [found.path] + ([tuple(v for v in black if v is not None)] if None not in black else [])
    squares = {(p.file, p.rank): p.name for p in board.positions if p.file is not None and p.rank is not None}
    for path in paths:
        total = (sum(v[0] for v in path), sum(v[1] for v in path))
        for (f, r), name in squares.items():
            landing = squares.get((f + total[0], r + total[1]))
            if landing is None:
                continue
            at = (f, r)
            for v in path[:-1]:
                at = (at[0] + v[0], at[1] + v[1])
                if at not in squares:
                    start, end = original.get(name, name), original.get(landing, landing)
                    return (f"a leap written as steps that pass a square the board lacks (a hole or beyond the "
                            f"edge) from {start!r} to {end!r}, where an XBetza leap passes over it")
    return None


def _black_plays_alike(found: list[Found], symmetry: dict[str, str], vectors: dict[str, Vector]) -> bool:
    """Whether the moves of one piece, played by Black through its symmetry (none declared: the same
    directions), are exactly White's moves turned around (castling: the same way along the rank, as the generator
    castles towards the same side of the board for both), the model's reading: true for a piece whose move set
    is symmetric even where the file declares no symmetry. Moves whose vectors are not single directions (summed
    leaps) are left to the per-block check."""
    by_vector = {v: name for name, v in vectors.items()}

    def black(v: Vector) -> Vector | None:
        name = by_vector.get(v)
        return None if name is None else vectors.get(symmetry.get(name, name))

    played: set[Found] = set()
    for f in found:
        legs = tuple(black(v) for v in f.vectors)
        if any(leg is None for leg in legs):
            return False
        played.add(dataclasses.replace(f, vectors=tuple(leg for leg in legs if leg is not None)))
    # castling goes the same way along the rank for both (the generator's castling sides are the board's)
    turned = {f if f.kind == "castle" else dataclasses.replace(f, vectors=tuple((-v[0], -v[1]) for v in f.vectors))
              for f in found}
    return bool(found) and played == turned


def _symmetric(found: list[Found], symmetry: dict[str, str], vectors: dict[str, Vector],
               piece: list[Found]) -> bool:
    """Whether Black's symmetry turns every vector of these moves into its negation (the model's reading), or
    into its mirror image (left and right kept) where the piece's recognised moves (``piece``) also hold the move
    mirrored left to right, whose negation it then is; castling must be mirrored (the generator castles towards
    the same side of the board for both: Black's castling turned round, towards the other side, is not the
    model's)."""
    by_vector = {v: name for name, v in vectors.items()}
    for f in found:
        reflected = dataclasses.replace(f, vectors=tuple((-v[0], v[1]) for v in f.vectors))
        for v in f.vectors:
            name = by_vector.get(v)
            if name is None:
                continue  # summed leaps: their steps were checked as directions
            black = vectors.get(symmetry.get(name, name))
            if black is None:
                return False
            mirrored = black == (v[0], -v[1])
            if f.kind == "castle" and not mirrored:
                return False
            if black != (-v[0], -v[1]) and not (mirrored and (f.kind == "castle" or reflected in piece)):
                return False
    return True


def _atom(vector: Vector) -> tuple[str, int, int]:
    """(atom, multiple, direction bit) of a leap vector."""
    dx, dy = vector
    key = tuple(sorted((abs(dx), abs(dy))))
    atom = LEAPS.get(key)
    if atom is None:
        raise KeyError(vector)
    cls, mult, leap = atom_geometry(atom)
    if cls is AtomClass.OBLIQUE:
        return atom, 1, oblique_vectors(*leap).index(vector)
    unit = (dx // mult, dy // mult)
    return atom, mult, K_VECTORS.index(unit)


_LETTERS = ["".join(p) for n in (1, 2, 3) for p in itertools.product("fblrvsh", repeat=n)]


def _letters(bits: frozenset[int], cls: AtomClass) -> str | None:
    """Direction letters that give exactly ``bits`` on a first leg of an atom of class ``cls``."""
    everything = first_leg_directions("", cls)
    if bits == everything:
        return ""
    for candidate in _LETTERS:
        if first_leg_directions(candidate, cls) == bits:
            return candidate
    return None


def _continuation(bits: frozenset[int]) -> str | None:
    for candidate in ["", *_LETTERS]:
        if continuation_directions(candidate) == bits:
            return candidate
    return None


def _moves(found: list[Found]) -> list[betza.Move]:
    """XBetza moves for recognised moves: one per (shape, modes), directions united where letters allow."""
    groups: dict[tuple[object, ...], set[int]] = {}
    for f in found:
        if f.kind in ("face", "zone"):
            continue
        if f.kind == "castle":
            groups.setdefault(("O", f.range, "", (), False, "castle"), set()).add(2 if f.vectors[0][0] > 0 else 6)
            continue
        if f.kind == "bent":
            *passes, last = f.vectors
            if len(set(passes)) == 1 and passes[0] == last and f.range == 1 and f.modes != "":
                total = (last[0] * (len(passes) + 1), last[1] * (len(passes) + 1))
                atom, _, bit = _atom(total)
                groups.setdefault((atom, None, "n" + f.modes, (), f.initial, "leap"), set()).add(bit)
                continue
            if len(passes) != 1:
                raise KeyError("bent")
            atom1, m1, bit1 = _atom(passes[0])
            atom2, m2, bit2 = _atom(last)
            if m1 != 1 or m2 != 1 or atom1 not in "WF" or atom2 not in "WF":
                raise KeyError("bent")
            rel = (bit2 - bit1) % 8
            first_modes = "y" if f.range == 0 else "m"
            groups.setdefault((atom1, None, f.modes, (first_modes, rel), f.initial, "bent"), set()).add(bit1)
            continue
        vector = f.vectors[0]
        if f.kind == "lame":
            atom, _, bit = _atom(vector)
            lame = "nn" if f.ep_rights else "n"
            groups.setdefault((atom, None, lame + f.modes, (), f.initial, "leap"), set()).add(bit)
            continue
        atom, mult, bit = _atom(vector)
        modes = f.modes
        rng: int | None = None
        if f.kind in ("slide", "hop", "grasshop"):
            if mult == 1 and atom in ("W", "F"):
                rng = None if f.range == 0 else f.range
                atom = {"W": "R", "F": "B"}[atom] if f.range == 0 else atom
            else:
                rng = f.range
            if f.kind == "hop":
                modes += "p"
            if f.kind == "grasshop":
                modes += "g"
                if atom in ("W", "F"):
                    atom, rng = {"W": "R", "F": "B"}[atom], None
        groups.setdefault((atom, rng, modes, (), f.initial, f.kind), set()).add(bit)
    moves: list[betza.Move] = []
    for key, bits in _united_modes(groups).items():
        atom, modes, bent, initial, kind = str(key[0]), str(key[2]), key[3], key[4], key[5]
        rng = key[1] if isinstance(key[1], int) else None
        cls = AtomClass.ORTHOGONAL if atom == "O" else atom_geometry(betza.RIDER_ATOMS.get(atom, atom))[0]
        final_modes = "" if set(modes) == {"m", "c"} else modes
        initial_letter = "i" if initial else ""
        letter_sets: list[frozenset[int]]
        letters = _letters(frozenset(bits), cls)
        letter_sets = [frozenset(bits)] if letters is not None else [frozenset({b}) for b in sorted(bits)]
        for subset in letter_sets:
            text = _letters(subset, cls)
            if text is None:
                raise KeyError(atom)
            if kind == "castle":
                moves.append(betza.Move((betza.Leg(text, ""),), "O", rng if isinstance(rng, int) else None))
                continue
            if bent:
                first_modes, rel = bent  # type: ignore[misc]  # (str, int) for bent moves
                cont = _continuation(frozenset({rel}))
                if cont is None:
                    raise KeyError("bent")
                legs = (betza.Leg(text, initial_letter + first_modes), betza.Leg(cont, final_modes))
                moves.append(betza.Move(legs, atom))
                continue
            moves.append(betza.Move((betza.Leg(text, initial_letter + final_modes),), atom,
                                    rng if isinstance(rng, int) else None))
    return moves


MODE_ORDER = "nmcdekpg"
"""The order of XBetza mode letters the reader writes (lame, move, capture, destroy, e.p., king-face, hop)."""


def _united_modes(groups: dict[tuple[object, ...], set[int]]) -> dict[tuple[object, ...], set[int]]:
    """``groups`` with the modes of one geometry in one direction united, whatever blocks they came from (a
    quiet slide in one block and its capture in another are one slide that moves and captures); the groups keep
    the order in which they first appear."""
    modes: dict[tuple[object, ...], dict[int, str]] = {}
    for key, bits in groups.items():
        geometry = (*key[:2], *key[3:])
        for bit in bits:
            had, more = modes.setdefault(geometry, {}).get(bit, ""), str(key[2])
            lame = "n" * max(had.count("n"), more.count("n"))  # a doubled n (e.p. rights) stays doubled
            modes[geometry][bit] = lame + "".join(sorted(set(had + more) - {"n"}, key=MODE_ORDER.find))
    united: dict[tuple[object, ...], set[int]] = {}
    for key, bits in groups.items():
        geometry = (*key[:2], *key[3:])
        for bit in bits:
            united.setdefault((*key[:2], modes[geometry][bit], *key[3:]), set()).add(bit)
    return united


def _piece(name: str, pid: str, found: list[Found], board: Board, zones: list[Zone], placement: dict[str, Piece],
           notation: dict[str, str], rules: Rules, only_at_start: bool = False) -> PieceType:
    """One piece type from its recognised moves (``only_at_start``: the piece comes onto the board only by the
    setup: it is not in hand, and no move adds, creates or changes a piece into it)."""
    if any(f.kind == "face" for f in found):
        rules.royals_may_face = False
    found = [_unzoned(f, board, zones) for f in found]
    zone_checks = [f for f in found if f.kind == "zone"]
    double: Found | None = None  # a double step from the squares behind a zone (exempt from promotion)
    reach: set[str] = set()
    found = [f for f in found if f.kind != "zone"]
    for check in zone_checks:
        # Chess.zrf's double step from a zone: exactly the squares ahead of the start squares, forward-only piece
        lame = next((f for f in found if f.kind == "lame" and f.initial), None)
        if lame is None:
            raise NoXBetza(f"a move allowed from the zone {check.modes!r} only")
        step = (lame.vectors[0][0] // 2, lame.vectors[0][1] // 2)
        forward = all(v[1] > 0 for f in found for v in f.vectors)
        if not (forward and only_at_start and _unmoved_there(check.modes, step, pid, board, zones, placement)):
            # the zone is tested on the square passed: the double step is the piece's from the squares one step
            # behind the zone's, a zone of their own
            # where the piece stands on those squares only while unmoved, the double step is also initial (and
            # gives e.p. rights, as initial double steps do in the model); else, with e.p. captures, it gives the
            # rights though it is not initial (a pawn that comes back there, or is dropped there: Horde, drops)
            unmoved = forward and only_at_start and _unmoved_there(check.modes, step, pid, board, zones, placement,
                                                                   every_start=False)
            ep_rights = not unmoved and any(f.kind == "ep" for f in found)
            behind = _zone_behind(check.modes, step, zones, board)
            double = dataclasses.replace(lame, initial=unmoved, start=(behind, True), ep_rights=ep_rights)
            found = [double if f is lame else f for f in found]
            reach = {_shifted(board, sq, lame.vectors[0]) for z in zones if z.name == behind and z.color == WHITE
                     for sq in z.squares}
    castling = _castling([f for f in found if f.kind == "castle"], notation)
    landings = {f.landing for f in found if f.kind not in ("face", "castle")}
    conditions = {_condition(f) for f in found if f.kind not in ("face", "castle")}
    confined_to = None
    if len(conditions) == 1 and not any(f.start for f in found):
        only = conditions.pop()
        if only is not None and only.inside:
            confined_to = only.zone  # every move lands in the zone: a confined piece (a palace)
            found = [dataclasses.replace(f, landing=dataclasses.replace(f.landing, confined=None)) for f in found]
    plain_moves = [f for f in found if _condition(f) is None]
    zoned: dict[ZonedMove, list[Found]] = {}
    for f in found:
        condition = _condition(f)
        if condition is not None:
            zoned.setdefault(condition, []).append(f)
    piece = PieceType(name, pid, _betza(plain_moves))
    piece.confined_to = confined_to
    piece.castling = castling
    piece.zoned_moves = tuple(dataclasses.replace(condition, betza=_betza(moves))
                              for condition, moves in zoned.items())
    promotions = {landing.promotion for landing in landings if landing.promotion is not None}
    plain_moves = [f for f in found if f.kind not in ("face", "castle", "ep") and not f.initial
                   and f.landing.promotion is None and f != double]
    if double is not None and any(reach & z.squares for p in promotions for z in zones
                                  if z.name == p[0] and z.color in (None, WHITE)):
        raise NoXBetza("a double step from a zone that lands in the promotion zone without promoting")
    if len(promotions) > 1 or (promotions and plain_moves):
        # the model promotes on every move into the zone; a promoting piece whose ordinary moves do not promote
        # (e.p. captures and initial moves aside, which do not reach the zone) is not that
        raise NoXBetza("a promotion on some moves only, or to other choices by move")
    if len(promotions) == 1:
        piece.promotion = _promotion(promotions.pop(), notation, zones, board)
    return piece


def _promotion(landing: tuple[str, tuple[str, ...], bool], notation: dict[str, str], zones: list[Zone],
               board: Board) -> Promotion:
    """The model's promotion of a recognised landing's (zone, choices, mandatory)."""
    zone_name, choices, mandatory = landing
    ids = tuple(PromotionChoice(notation.get(c, c[:1].upper())) for c in choices)
    depth = _depth(zone_name, zones, board)
    return Promotion(ids, depth or 1, None if depth else zone_name, mandatory)


def _without_own_type(promotion: Promotion | None, pid: str) -> Promotion | None:
    """``promotion`` without the choice of the promoting type ``pid`` itself (Kantorai's Rook ``(add Rook)`` in
    the zone): changing into its own type changes nothing for a type without attributes, so a move that does is
    the same move as one that does not promote. None where no other choice is left; where there are others,
    not promoting becomes a choice (the promotion is no longer mandatory)."""
    if promotion is None or all(c.piece != pid for c in promotion.choices):
        return promotion
    others = tuple(c for c in promotion.choices if c.piece != pid)
    return dataclasses.replace(promotion, choices=others, mandatory=False) if others else None


def _castling(castles: list[Found], notation: dict[str, str]) -> Castling | None:
    """The castling rule of a piece's recognised castling moves: None for the model's own (never-moved and
    attack tests); the same without attack tests (Chess.zrf's ``ThruCheck_O-O``); or Dagaz's (no tests, the
    partner at a fixed distance, of named types)."""
    rules = {(f.safe, f.partner is None) for f in castles}
    if not castles or rules == {(True, True)}:
        return None
    if len(rules) != 1 or len({f.partner[1] for f in castles if f.partner is not None}) > 1:
        raise NoXBetza("castling under different rules by side (moved or attacked pieces, partners): the model has "
                       "one castling rule per piece")
    free = [f for f in castles if f.partner is not None]
    if not free:
        return Castling(safe=False)
    distance = {f.vectors[0][0] > 0: f.partner[0] for f in free if f.partner is not None}
    left, right = distance.get(False, distance.get(True, 0)), distance.get(True, distance.get(False, 0))
    types = free[0].partner[1] if free[0].partner is not None else ()
    return Castling(virgin=False, safe=False, partner_distance=(left, right),
                    partners=tuple(notation.get(t, t) for t in types))


def _spares(recognised: list[tuple[MoveBlock, list[Found]]],
            sparing: dict[int, Spared]) -> tuple[frozenset[str], frozenset[str]] | None:
    """The enemy and own kinds a piece's captures spare, the same for all its capturing moves, or None where they
    differ by move."""
    enemy: set[frozenset[str]] = set()
    own: set[frozenset[str]] = set()
    for block, got in recognised:
        spared = sparing.get(id(block), Spared([]))
        modes = "".join(f.modes for f in got if f.kind not in ("castle", "face", "zone"))
        if "c" in modes or "e" in modes:
            enemy.add(spared.enemy)
        if "d" in modes:
            own.add(spared.own)
    if len(enemy) > 1 or len(own) > 1:
        return None
    return next(iter(enemy), frozenset()), next(iter(own), frozenset())


def _exact_castling(castling: Castling | None, partners: list[tuple[int, int, tuple[str, ...]] | None],
                    notation: dict[str, str], present: frozenset[str]) -> Castling | None:
    """The model's own castling (``castling`` None) with the partner at the distance and of the types the blocks
    test (one block each way, the same types; only the ids in ``present``: a type the game does not define or
    never puts on the board is never the partner), or None where they do not say."""
    if castling is not None or None in partners or len(partners) not in (1, 2):
        return None
    distance = {p[0]: p[1] for p in partners if p is not None}
    kinds = {p[2] for p in partners if p is not None}
    if len(distance) != len(partners) or not set(distance) <= {-1, 1} or len(kinds) != 1 \
            or min(distance.values()) < 2:
        return None
    ids = tuple(dict.fromkeys(notation[k] for k in kinds.pop() if notation.get(k) in present))
    left, right = distance.get(-1, distance.get(1, 0)), distance.get(1, distance.get(-1, 0))
    return Castling(partner_distance=(left, right), partners=ids) if ids else None


def _exact_partners(castles: dict[str, list[tuple[int, int, tuple[str, ...]] | None]], by_id: dict[str, PieceType],
                    notation: dict[str, str], on_board: frozenset[str], placement: dict[str, Piece],
                    board: Board) -> None:
    """Castling with the partner its blocks test (type, distance, never moved), where they say it
    (:func:`_exact_castling`): always where unmoved pieces are made away from the setup's squares, else where
    the setup's own partner is not the one the model's default (the outermost piece on the rank) takes
    (shuffled chess: a Rook 4 squares west, a Bishop on the corner)."""
    anywhere = any(p.joins or p.unloads or p.virgin_moves or p.rebirth for p in by_id.values())
    for pid, partners in castles.items():
        exact = _exact_castling(by_id[pid].castling, partners, notation, on_board)
        if exact is not None and (anywhere or not _default_partner_agrees(exact, partners, pid, placement, board,
                                                                          by_id)):
            by_id[pid].castling = exact


def _default_partner_agrees(exact: Castling, partners: list[tuple[int, int, tuple[str, ...]] | None], pid: str,
                            placement: dict[str, Piece], board: Board, by_id: dict[str, PieceType]) -> bool:
    """Whether the model's default partner (the outermost piece on the royal's rank, rook-like or on the corner)
    is ``exact``'s each way the blocks (``partners``) castle, for every royal ``pid`` of the setup (unmoved
    pieces stand only on their setup squares): the partner type on the last square of the rank at exactly its
    distance and no other rook-like piece of its side beyond the royal's destination; or neither that partner
    nor any piece the default takes (rook-like, or on the last square) beyond the destination (Rook-Odds
    Chess: neither rule ever castles that way)."""
    distance = exact.partner_distance or (0, 0)
    step = min((m.range or 1 for m in betza.parse_moves(by_id[pid].betza) if m.atom == "O"), default=1)
    rooklike = _rooklike(by_id)
    for square, piece in placement.items():
        if piece.id != pid:
            continue
        at = board.square(square)
        for dx, far in ((-1, distance[0]), (1, distance[1])):
            if not any(p is not None and p[0] == dx for p in partners):
                continue  # the royal does not castle that way
            ray = _rank_ray(at, dx, board)
            exact_there = far <= len(ray) and _holds(placement, ray[far - 1], piece.color, exact.partners)
            taken = [s for s in ray[step:] if _holds(placement, s, piece.color, rooklike)
                     or (s == ray[-1] and _holds(placement, s, piece.color, by_id))]
            if taken != ([ray[-1]] if exact_there and far == len(ray) else []) or exact_there != bool(taken):
                return False
    return True


def _rank_ray(at: Position, dx: int, board: Board) -> list[str]:
    """The squares from ``at`` along its rank by ``dx`` to the edge or a hole."""
    ray: list[str] = []
    if at.file is None or at.rank is None:
        return ray
    f = at.file + dx
    while 0 <= f < board.files and (name := square_name(f, at.rank, board.first_rank)) in board:
        ray.append(name)
        f += dx
    return ray


def _holds(placement: dict[str, Piece], square: str, color: Color, ids: Iterable[str]) -> bool:
    piece = placement.get(square)
    return piece is not None and piece.color == color and piece.id in set(ids)


def _rooklike(by_id: dict[str, PieceType]) -> tuple[str, ...]:
    """The ids of the rook-like types (a plain ``R`` move): the model's default partners off the corner."""
    return tuple(pid for pid, p in by_id.items()
                 if any(m.atom == "R" and not m.is_multi_leg for m in betza.parse_moves(p.betza)))


CAPTURE_MODES = frozenset("ce")
"""The XBetza modes of moves that capture an enemy piece (on the landing square, or en passant)."""


def _captures_first(tree: ZrfGame, reader: BlockReader) -> bool:
    """Whether the game's ``move-priorities`` rank exactly the captures first: two move types, every move block
    of every piece (no drops) recognised under one of them, the first type's blocks capturing only and the
    second's never. A capture then must be played when there is one: the model's mandatory captures."""
    priorities = [r.text for r in tree.move_priorities]
    if len(priorities) != 2:
        return False
    for zp in tree.pieces:
        if zp.drops:
            return False
        for block in zp.moves:
            kind = block.move_type.text if block.move_type is not None else None
            got = reader.read(list(block.plain)) if kind in priorities else None
            if got is None:
                return False
            for f in got:
                if f.kind in ("face", "zone"):
                    continue
                captures = f.kind != "castle" and set(f.modes) <= CAPTURE_MODES
                quiet = f.kind == "castle" or set(f.modes) == {"m"}
                if not (captures if kind == priorities[0] else quiet):
                    return False
    return True


def _drops_first(tree: ZrfGame) -> set[str]:
    """The piece types whose drops the game's ``move-priorities`` rank first: two move types, the first holding
    only drops (all of a type's drops, of at least one type) and the second every other block. Empty elsewhere."""
    priorities = [r.text for r in tree.move_priorities]
    if len(priorities) != 2:
        return set()
    first: set[str] = set()
    for zp in tree.pieces:
        kinds = {block.move_type.text if block.move_type is not None else None for block in zp.drops}
        if any(block.move_type is None or block.move_type.text != priorities[1] for block in zp.moves) \
                or not kinds <= set(priorities) or len(kinds) > 1:
            return set()
        if kinds == {priorities[0]}:
            first.add(zp.name.text)
    return first


def _unmoved_there(name: str, step: Vector, pid: str, board: Board, zones: list[Zone],
                   placement: dict[str, Piece], every_start: bool = True) -> bool:
    """Whether a forward-only piece that comes onto the board only by the setup stands on one of the squares one
    ``step`` behind zone ``name`` (White's step; Black's turned around) only while it has never moved: for each
    side, no such square lies ahead of the piece's rearmost start rank (a piece whose every move goes forward is
    on that rank, or behind it, only where it started). With ``every_start``, also exactly then: every start
    square of the piece is such a square; a double step allowed where the zone is passed is then the piece's
    initial double step (Chess.zrf's ``Pawn-move``, Little Chess's three pawns on a whole third-rank zone);
    without, it is an initial double step from those squares (Weak!'s pawns that start ahead of the zone)."""
    for color, sign in ((WHITE, 1), (BLACK, -1)):
        behind = _cells_behind(name, step, color, zones, board)
        if behind is None:
            return False
        starts = set()
        for sq, piece in placement.items():
            if piece.id == pid and piece.color == color:
                pos = board.square(sq)
                if pos.file is None or pos.rank is None:
                    return False
                starts.add((pos.file, pos.rank))
        if not starts or (every_start and not starts <= behind):
            return False
        rearmost = min(sign * rank for _, rank in starts)
        if any(sign * rank > rearmost for _, rank in behind):
            return False
    return True


def _zone_behind(name: str, step: Vector, zones: list[Zone], board: Board) -> str:
    """Add to ``zones`` the zone of the squares one ``step`` (White's; Black's is turned around) behind each
    colour's squares of zone ``name``, named ``name-behind`` (a free name), and return its name."""
    taken = {z.name for z in zones}
    behind = next(n for n in itertools.chain([f"{name}-behind"], (f"{name}-behind{i}" for i in itertools.count(2)))
                  if n not in taken)
    cells = {p.name for p in board.positions}
    for color in (WHITE, BLACK):
        back = _cells_behind(name, step, color, zones, board)
        if back is None:
            raise NoXBetza(f"a double step from the zone {name!r}, which has squares off the rectangle")
        shifted = {square_name(f, r, board.first_rank) for f, r in back
                   if 0 <= f < board.files and 0 <= r < board.ranks} & cells
        zones.append(Zone(behind, frozenset(shifted), color))
    return behind


def _cells_behind(name: str, step: Vector, color: Color, zones: list[Zone], board: Board) -> set[Vector] | None:
    """(file, rank) of the cells one ``step`` (White's; Black's turned around) behind ``color``'s squares of zone
    ``name`` (on the board or not), or None where the zone has a square off the rectangle."""
    sign = 1 if color == WHITE else -1
    cells: set[Vector] = set()
    for sq in zone_squares(zones, name, color):
        pos = board.square(sq)
        if pos.file is None or pos.rank is None:
            return None
        cells.add((pos.file - sign * step[0], pos.rank - sign * step[1]))
    return cells


def _shifted(board: Board, square: str, vector: Vector) -> str:
    """The name of the square ``vector`` away from ``square`` (a name off the board where it falls off)."""
    pos = board.square(square)
    assert pos.file is not None and pos.rank is not None
    file, rank = pos.file + vector[0], pos.rank + vector[1]
    if file < 0 or rank < 0:  # no square has such a name
        return f"({file},{rank})"
    return square_name(file, rank, board.first_rank)


def _unzoned(found: Found, board: Board, zones: list[Zone]) -> Found:
    """``found`` without a test that its start or landing square is in a zone holding every square of the board
    for both colours (Dagaz's ``board-zone`` beside storage): a test that always holds."""
    squares = frozenset(p.name for p in board.positions)

    def everywhere(name: str) -> bool:
        return all(squares <= zone_squares(zones, name, c) for c in (WHITE, BLACK))

    if found.start is not None and found.start[1] and everywhere(found.start[0]):
        found = dataclasses.replace(found, start=None)
    if found.landing.confined is not None and found.landing.inside and everywhere(found.landing.confined):
        found = dataclasses.replace(found, landing=dataclasses.replace(found.landing, confined=None))
    return found


def _condition(found: Found) -> ZonedMove | None:
    """The zone condition of one recognised move (its betza still empty), or None."""
    if found.start is not None and found.landing.confined is not None:
        raise NoXBetza("a move that tests a zone on both its start and its landing square")
    if found.start is not None:
        return ZonedMove("", found.start[0], "from", found.start[1])
    if found.landing.confined is not None:
        return ZonedMove("", found.landing.confined, "to", found.landing.inside)
    return None


def _betza(found: list[Found]) -> str:
    """The XBetza text of recognised moves."""
    try:
        return betza.write(_moves(found))
    except KeyError as error:
        raise NoXBetza(f"a leg ({error.args[0]}) no XBetza atom or bent move expresses") from None


def _depth(name: str, zones: list[Zone], board: Board) -> int | None:
    """The N of a zone that is White's last N ranks and Black's first N ranks, else None."""
    white, black = zone_squares(zones, name, WHITE), zone_squares(zones, name, BLACK)
    for depth in range(1, board.ranks):
        if set(board.last_ranks(depth, WHITE)) == white and set(board.last_ranks(depth, BLACK)) == black:
            return depth
    return None
