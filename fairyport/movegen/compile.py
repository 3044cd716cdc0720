"""Compile a :class:`~fairyport.model.Game` into per-square move tables for the move generator.

Everything that depends only on the board and the piece definitions is computed here, once per game: for every
piece code (type and colour) and every square, the plain leaps, the plain slides, the hops (cannon, grasshopper)
and, for everything else, a tree of compiled legs (:class:`~fairyport.movegen.codes.LegNode`). The reverse tables
used to answer "is this square attacked?" are built from the same data. Piece codes and move flags live in
:mod:`.codes`; each generator rule compiles its own part, walked in :data:`~fairyport.movegen.plugins.RULES` order,
and the same list stacks the position classes (:meth:`Variant.new_position`).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterator

from fairyport.errors import ParseError, UnsupportedError
from fairyport.model import (
    BLACK,
    WHITE,
    Castling,
    Color,
    DropRule,
    Game,
    PieceType,
    Promotion,
    PromotionChoice,
    PromotionTrigger,
    RoyalProtection,
    ZonedMove,
    kept_code,
)
from fairyport.movegen.atomic import BlastSpec
from fairyport.movegen.codes import (
    CAPTURE,
    EP,
    FRIEND,
    HOP,
    HOP_CANNON,
    HOP_GRASSHOPPER,
    HOP_NONE,
    MAY_PROMOTE,
    MAY_REPEAT,
    QUIET,
    ROYAL_ONLY,
    CastlingSpec,
    KingLines,
    LegNode,
    RayEntries,
)
from fairyport.movegen.codes import code_of as code_of
from fairyport.movegen.connect import ConnectSpec
from fairyport.movegen.extinction import ExtinctionSpec
from fairyport.movegen.geometry import Geometry
from fairyport.movegen.goals import FlagSpec
from fairyport.movegen.lazy import Lazy
from fairyport.movegen.plugins import RULES
from fairyport.movegen.position import Position
from fairyport.movegen.spared import SparedSpec
from fairyport.movegen.split import Splits
from fairyport.movegen.tables import (
    CastlingPath,
    FlatPath,
    Hops,
    Leaps,
    MovesFrom,
    Program,
    Screened,
    Slides,
)
from fairyport.movegen.tables import CompiledType as CompiledType
from fairyport.movegen.transport import TransportSpec
from fairyport.xbetza import syntax as betza
from fairyport.xbetza.geometry import (
    K_VECTORS,
    AtomClass,
    atom_geometry,
    direction_vector,
    first_leg_directions,
    rotate,
    turn_directions,
)

TRIGGER_BITS = {PromotionTrigger.ENTER: 1, PromotionTrigger.WITHIN: 2, PromotionTrigger.LEAVE: 4}
"""Bit of each promotion trigger in :attr:`Variant.promotion_triggers`."""

UNSUPPORTED_MODES = {"t": "hop-own/no-king-capture", "x": "relay/swap", "u": "unload"}


SimpleSpec = tuple[tuple[tuple[int, int], ...], int, int, int, frozenset[int] | None, frozenset[int] | None]
"""A plain leap, slide or hop of a piece code: (step vectors, oriented for its colour; range, 0 = unlimited;
flags; hop kind; the squares it may start on, None = all; the squares a leap may land on, None = any)."""

MAX_COMPILED_TYPES = 1_024
"""Most piece types the generator compiles, promoted types of games whose captures go to hand included (each
(piece, promotion choice) is a type of its own). Compiling costs some milliseconds per type and the attack tables
grow with the number of types: a fuzzed Diagram of 208 types, each promoting to any of 51, made 13,110 types and
took 45 s; the largest real games (Taikyoku shogi) have a few hundred."""
MAX_LEG_SQUARES = 200_000
"""Most squares the legs of a game's multi-leg and other general moves may pass, over every origin square and
both sides, as compiled (one path per way of reaching a square): past it the game is not playable (exit 3),
before the compiler and the generator spend time and memory exponential in the legs (``aaaaW`` passes 722,384;
Mideast chess 10,552; the bundled games at most 11,920)."""

FLAT_PATH_LIMIT = 512
"""The most squares the flat paths of one piece on one square may hold; beyond it (long multi-leg riders on a
large board, whose flat form grows with the square of the board's width) the leg walker plays the moves, so the
tables stay linear in the number of squares."""


@dataclasses.dataclass(frozen=True)
class Where:
    """Where a zone-conditioned move (:class:`~fairyport.model.ZonedMove`) applies, per colour: the squares it may
    start from and the squares it may land on (None: any)."""

    origins: tuple[frozenset[int], frozenset[int]] | None = None
    landings: tuple[frozenset[int], frozenset[int]] | None = None


ANYWHERE = Where()
"""The :class:`Where` of a move without zone condition."""


class Variant:
    """A game compiled for move generation. Build with :func:`compile_game`."""

    flag: FlagSpec | None
    """The compiled flag goal (:mod:`fairyport.movegen.goals`), or None."""
    extinction: ExtinctionSpec | None
    """The compiled extinction goal (:mod:`fairyport.movegen.extinction`), or None."""
    blast: BlastSpec | None
    """The compiled atomic captures (:mod:`fairyport.movegen.atomic`), or None."""
    connect: ConnectSpec | None
    """The compiled connection goal (:mod:`fairyport.movegen.connect`), or None."""
    transport: TransportSpec | None
    """The compiled joins and splits (:mod:`fairyport.movegen.transport`), or None."""
    spared: SparedSpec | None
    """Per piece code, the codes its moves may not capture (:mod:`fairyport.movegen.spared`), or None."""
    rebirth: tuple[int, ...] | None
    """Per piece code, the square a captured piece is reborn on (-1: none; :mod:`fairyport.movegen.circe`), or
    None in a game without rebirth."""
    splits: Splits
    """Per code of a piece that splits when it moves (:mod:`fairyport.movegen.split`): (left, lands as)."""

    def __init__(self, game: Game) -> None:
        game.validate()
        _refuse_kept_code(game)
        idle = game.idle_hand_pieces()
        if idle:
            everything = "every piece starts in hand, " if not game.setup.placement else ""
            raise UnsupportedError(f"{everything}pieces in hand ({', '.join(idle)}) can be dropped, but the game "
                                   "has no drops (and no promotion takes pieces from hand)",
                                   feature="pieces in hand (drops)")
        from_hand = any(choice.from_hand for p in game.pieces if p.promotion for choice in p.promotion.choices)
        self.game: Game = game
        self.geometry = Geometry(game.board)
        self.leg_squares = 0
        """Squares passed by the legs compiled so far (bounded by :data:`MAX_LEG_SQUARES`)."""
        self.compiling = ""
        """The name of the piece whose general moves are being compiled."""
        n = self.size = self.geometry.size
        self.types: list[CompiledType] = []
        self.code_by_symbol: dict[str, int] = {}
        if len(game.pieces) > MAX_COMPILED_TYPES:
            raise UnsupportedError(f"{len(game.pieces):,} piece types: at most {MAX_COMPILED_TYPES:,} are supported",
                                   feature="piece types")
        for index, piece in enumerate(game.pieces):
            moves = _parse_moves(piece)
            self.types.append(CompiledType(index, piece, moves))
            for color in (WHITE, BLACK):
                symbol = piece.id.upper() if color == WHITE else piece.id.lower()
                self.code_by_symbol[symbol] = code_of(index, color)
        self.drops = game.rules.drops
        self.captures_to_hand = game.rules.captures_to_hand
        self.captures_to_owner = game.rules.captures_to_owner and not self.captures_to_hand
        self.hands_used: bool = self.drops or self.captures_to_hand or self.captures_to_owner or from_hand
        """Positions keep hands (:class:`~fairyport.movegen.drops.HandPosition`): drops, captures to a hand or
        promotion from hand."""
        self.promoted_index: dict[tuple[int, str], int] = {}
        """(base type index, promoted-to id) -> index of the promoted type (games whose captures go to hand)."""
        if self.captures_to_hand:
            self._add_promoted_types()
        codes = 2 * len(self.types) + 1
        self.codes = codes
        self.royal = [False] * codes
        self.simple: list[list[SimpleSpec]] = [[] for _ in range(codes)]
        """Per code: its plain leaps, slides and hops as step vectors; the per-square table (:attr:`simple_moves`)
        is built from them square by square on first use, so that a large board (256x256) costs memory only for
        the squares a position visits."""
        self.simple_moves: list[Lazy[tuple[Leaps, Slides, Hops]]] = [
            Lazy(functools.partial(self._simple_from, code)) for code in range(codes)]
        """Per code and square: the plain (leaps, slides, hops: cannon and grasshopper)."""
        self.programs: list[list[tuple[Program, ...]]] = [[()] * n for _ in range(codes)]
        self.allowed: list[frozenset[int] | None] = [None] * codes
        """Per code: the squares the piece may end a move on (confinement), or None for anywhere."""
        self.promotion_zone: list[frozenset[int]] = [frozenset()] * codes
        ranks = self.geometry.ranks
        self.last_rank_distance = [[ranks - rank for _, rank in self.geometry.coords],
                                   [rank + 1 for _, rank in self.geometry.coords]]
        """Per colour and square: the distance to that colour's last rank (1 on the last rank)."""
        for t in self.types:
            self._compile_type(t)
        self.royal_protection = game.rules.royal_protection
        self.protect_every = self.royal_protection is RoyalProtection.EVERY
        self.has_royals = any(t.piece.royal for t in self.types) and not game.rules.royal_optional
        """The side to move without royal pieces has lost (not so under :attr:`Rules.royal_optional`)."""
        self.castlers: dict[int, tuple[CastlingSpec, ...]] = {
            code_of(t.index, color): t.castling for t in self.types for color in (WHITE, BLACK) if t.castling
        }
        self.promotion_choices: list[tuple[tuple[int, PromotionChoice], ...]] = [()] * codes
        self.take_from_hand = [0] * codes
        """Per promoted code: the code a promotion to it takes from the mover's hand (``*`` choices), else 0."""
        self.promotion_triggers = [0] * codes
        """Per code: the bits (TRIGGER_BITS) of the moves that may promote."""
        for t in self.types:
            promotion = t.piece.promotion
            if promotion is not None:
                for color in (WHITE, BLACK):
                    self.promotion_choices[code_of(t.index, color)] = tuple(
                        (code_of(self.promoted_to(t.index, choice.piece), color), choice)
                        for choice in promotion.choices if not choice.sides or color in choice.sides
                    )
                    self.promotion_triggers[code_of(t.index, color)] = sum(
                        TRIGGER_BITS[trigger] for trigger in promotion.triggers)
                    for choice in promotion.choices:
                        if choice.from_hand:
                            promoted = code_of(self.promoted_to(t.index, choice.piece), color)
                            self.take_from_hand[promoted] = code_of(self._type_index(choice.piece), color)
        self.stuck: Lazy[frozenset[int]] = Lazy(self._stuck_squares)
        """Per code: the squares from which the piece could never move, whatever the board holds."""
        self.start_codes = {self.geometry.square(name): code_of(self._type_index(piece.id), piece.color)
                            for name, piece in game.setup.placement.items()}
        """Square -> piece code of the game's start position."""
        if not game.rules.royals_may_face:
            self._add_facing_rule()
        self._build_attack_tables()
        self._flatten_programs()
        self.moves_from: list[Lazy[MovesFrom | None]] = [
            Lazy(functools.partial(self._moves_from, code)) for code in range(codes)]
        """Per code and square: (leaps, slides, hops, flat paths, general moves, bits), or None if there are
        none."""
        self.promotion_squares = [sum(1 << sq for sq in set().union(*(
            self.promotion_zone[code] for code in range(color + 1, codes, 2)))) for color in (WHITE, BLACK)]
        """Per colour: the bit mask of the squares in a promotion zone of one of its pieces."""
        self.irreversible: Lazy[bool] = Lazy(self._never_retreats)
        """Per code: the piece can never move towards its own side (its moves reset the halfmove clock)."""
        if self.hands_used:
            self._compile_hands()
        self.type_ids = [t.piece.id for t in self.types]
        """Per type index, the piece id (promoted types included)."""
        for rule in RULES:
            if rule.compile is not None:
                rule.compile(self)
        self.free_castlers = tuple(frozenset(code for code in self.castlers
                                             if (code - 1) & 1 == color and not self.royal[code])
                                   for color in (WHITE, BLACK))
        """Per colour: the codes of non-royal pieces that castle (never impeded by attacks, as Fairy-Stockfish's
        castling commoner of antichess)."""

    def targets(self, code: int, sq: int) -> set[int]:
        """Every square the piece ``code`` on ``sq`` could ever move to (ignoring what the board holds)."""
        leaps, slides, hops = self.simple_moves[code][sq]
        targets = {to for to, flags in leaps if flags != ROYAL_ONLY}
        for ray, flags in slides:
            if flags != ROYAL_ONLY:
                targets.update(ray)
        for ray, _, _ in hops:
            targets.update(ray)
        for program in self.programs[code][sq]:
            for root in program.roots:
                _reach(root, targets, QUIET | CAPTURE | FRIEND | EP)
        allowed = self.allowed[code]
        return targets if allowed is None else targets & allowed

    def _simple_from(self, code: int, sq: int) -> tuple[Leaps, Slides, Hops]:
        """The plain leaps, slides and hops of ``code`` on ``sq``, from :attr:`simple`."""
        geo = self.geometry
        leaps: list[tuple[int, int]] = []
        slides: list[tuple[tuple[int, ...], int]] = []
        hops: list[tuple[tuple[int, ...], int, int]] = []
        for vectors, limit, flags, hop, origins, landings in self.simple[code]:
            if origins is not None and sq not in origins:
                continue
            for dx, dy in vectors:
                ray = geo.ray(sq, dx, dy, limit)
                if not ray or (landings is not None and ray[0] not in landings):
                    continue
                if hop != HOP_NONE:
                    hops.append((ray, flags, hop))
                elif limit == 1:
                    leaps.append((ray[0], flags))
                else:
                    slides.append((ray, flags))
        return tuple(leaps), tuple(slides), tuple(hops)

    def _moves_from(self, code: int, sq: int) -> MovesFrom | None:
        """Everything ``code`` does from ``sq`` (see :data:`MovesFrom`), or None if it has no move there."""
        if not code:
            return None
        leaps, slides, hops = self.simple_moves[code][sq]
        # check-only moves (``k``, the facing rule's slide) give no move: only the attack tables hold them
        leaps = tuple(leap for leap in leaps if leap[1] != ROYAL_ONLY)
        slides = tuple(slide for slide in slides if slide[1] != ROYAL_ONLY)
        hops = tuple(hop for hop in hops if hop[1] != ROYAL_ONLY)
        paths, general = self.paths[code][sq], self.general[code][sq]
        if not (leaps or slides or hops or paths or general):
            return None
        quiet: list[int] = []  # destinations of moves to an empty square, and of captures
        taking: list[int] = []
        rays = [((to,), flags) for to, flags in leaps] + list(slides) + [(ray, flags) for ray, flags, _ in hops]
        for ray, flags in rays + [(ray, flags) for _, ray, flags, _, _ in paths]:
            if flags != ROYAL_ONLY:
                if flags & (QUIET | EP):
                    quiet += ray
                if flags & (CAPTURE | FRIEND):
                    taking += ray
        bits = 0
        if general or len(set(quiet)) < len(quiet) or len(set(taking)) < len(taking):
            bits |= MAY_REPEAT
        zone = self.promotion_zone[code]
        if zone and (general or sq in zone or not zone.isdisjoint(quiet) or not zone.isdisjoint(taking)):
            bits |= MAY_PROMOTE
        return leaps, slides, hops, paths, general, bits

    def _stuck_squares(self, code: int) -> frozenset[int]:
        """The squares from which ``code`` could never move (see :attr:`stuck`)."""
        if not code:
            return frozenset()
        return frozenset(sq for sq in range(self.size) if not self._may_move(code, sq))

    def _may_move(self, code: int, sq: int) -> bool:
        """Whether ``code`` on ``sq`` has a move on some board: a plain move's first step answers without
        building the square's tables (a 256x256 board), otherwise :meth:`_targets`."""
        if self.allowed[code] is None:
            geo = self.geometry
            for vectors, _, flags, hop, origins, landings in self.simple[code]:
                if (origins is not None and sq not in origins) or (hop == HOP_NONE and flags == ROYAL_ONLY):
                    continue
                for dx, dy in vectors:
                    first = geo.step(sq, dx, dy)
                    if first >= 0 and (landings is None or first in landings):
                        return True
        return bool(self.targets(code, sq))

    def _never_retreats(self, code: int) -> bool:
        if not code:
            return False
        coords = self.geometry.coords
        forward = 1 if (code - 1) & 1 == WHITE else -1
        for sq in range(self.size):
            if any((coords[to][1] - coords[sq][1]) * forward < 0 for to in self.targets(code, sq)):
                return False
        return True

    # ---------------------------------------------------------------- pieces in hand
    def _add_promoted_types(self) -> None:
        """Give every (piece, promotion choice) its own type, which moves as the choice and demotes on capture."""
        total = len(self.types) + sum(len(t.piece.promotion.choices) for t in self.types if t.piece.promotion)
        if total > MAX_COMPILED_TYPES:
            raise UnsupportedError(f"{len(self.types)} piece types and their promotions, whose captures go to hand, "
                                   f"make {total:,} types to play: at most {MAX_COMPILED_TYPES:,} are supported",
                                   feature="piece types")
        for t in list(self.types):
            promotion = t.piece.promotion
            if promotion is None:
                continue
            mark = "+" if len(promotion.choices) == 1 else "~"
            for choice in promotion.choices:
                target = self.game.piece_type(choice.piece)
                piece = dataclasses.replace(target, name=f"{target.name} (promoted {t.piece.name})",
                                            promotion=None, drop=None)
                index = len(self.types)
                self.types.append(CompiledType(index, piece, _parse_moves(piece), base=t.index, mark=mark))
                self.promoted_index[(t.index, target.id.upper())] = index

    def promoted_to(self, base: int, piece_id: str) -> int:
        """The type index a piece of type ``base`` becomes when it promotes to ``piece_id``."""
        found = self.promoted_index.get((base, piece_id.upper()))
        return self._type_index(piece_id) if found is None else found

    def _compile_hands(self) -> None:
        """Tables for pieces in hand: where each piece may be dropped, file and square-colour of every square,
        and which piece a capture puts in a hand (the capturer's, demoted or not, or the owner's)."""
        geo = self.geometry
        codes = self.codes
        self.square_file = [f for f, _ in geo.coords]
        self.square_shade = [(f + r) & 1 for f, r in geo.coords]
        self.hand_codes: tuple[tuple[int, ...], tuple[int, ...]] = tuple(  # type: ignore[assignment]
            tuple(code_of(t.index, color) for t in self.types if t.base is None) for color in (WHITE, BLACK))
        """Per colour: the codes that may be in that colour's hand (every unpromoted type)."""
        self.drop_rules: list[DropRule] = [DropRule()] * codes
        self.drop_squares: list[tuple[int, ...]] = [()] * codes
        self.to_hand = [0] * codes
        """Per code: the code that enters the capturer's hand when a piece of this code is captured."""
        for t in self.types:
            for color in (WHITE, BLACK):
                code = code_of(t.index, color)
                if self.captures_to_owner:
                    self.to_hand[code] = code
                elif t.base is None or not self.game.rules.demote_captured:
                    self.to_hand[code] = code_of(self._type_index(t.piece.id) if t.base is not None else t.index,
                                                 color ^ 1)
                else:
                    self.to_hand[code] = code_of(t.base, color ^ 1)
                if t.base is not None:
                    continue
                rule = self.drop_rules[code] = t.piece.drop or DropRule()
                if rule.zone is not None:
                    zone = {geo.square(s) for s in self.game.zone_squares(rule.zone, color)}
                else:
                    zone = set(range(self.size))
                self.drop_squares[code] = tuple(sorted(zone if rule.where_stuck else zone - self.stuck[code]))
        self.drop_exposes = (any(spec[3] != HOP_NONE for specs in self.simple for spec in specs)
                             or any(any(per) for per in self.programs))
        """A drop can expose a royal piece only where a hop or a general move depends on an occupied square."""

    def new_position(self) -> Position:
        """An empty position of this game: of the plain position class wrapped by each rule that applies
        (:data:`~fairyport.movegen.plugins.RULES`, in order)."""
        base: type[Position] = Position
        for rule in RULES:
            if rule.wrap is not None and rule.applies is not None and rule.applies(self):
                base = rule.wrap(base, self)
        return base(self)

    def start_position(self) -> Position:
        """The game's start position."""
        return Position.start(self)

    def _type_index(self, piece_id: str) -> int:
        return self.game.pieces.index(self.game.piece_type(piece_id))

    def code(self, piece_id: str, color: Color) -> int:
        """The code of ``color``'s unpromoted piece of type ``piece_id`` (case-insensitive), as the tables use."""
        return code_of(self._type_index(piece_id), color)

    def stuck_squares(self, piece_id: str, color: Color) -> frozenset[str]:
        """The names of the squares from which ``color``'s unpromoted ``piece_id`` could never move again."""
        return frozenset(self.geometry.names[sq] for sq in self.stuck[self.code(piece_id, color)])

    def _add_facing_rule(self) -> None:
        """Royal pieces may not face each other on a file: give every royal a check-only forward slide."""
        for t in self.types:
            if not t.piece.royal:
                continue
            for color in (WHITE, BLACK):
                dy = 1 if color == WHITE else -1
                self.simple[code_of(t.index, color)].append((((0, dy),), 0, ROYAL_ONLY, HOP_NONE, None, None))

    # ---------------------------------------------------------------- compile pieces
    def _compile_type(self, t: CompiledType) -> None:
        piece = t.piece
        for color in (WHITE, BLACK):
            code = code_of(t.index, color)
            self.royal[code] = piece.royal
            if piece.confined_to is not None:
                names = self.game.zone_squares(piece.confined_to, color)
                self.allowed[code] = frozenset(self.geometry.square(s) for s in names)
            if piece.promotion is not None:
                self.promotion_zone[code] = self._zone(piece.promotion, color)
        for move in t.moves:
            self._compile_move(t, move)
        for zoned in piece.zoned_moves:
            where = self._where(zoned)
            for move in _parse_moves(piece, zoned):
                self._compile_move(t, move, where)
        t.is_castle_partner = any(m.atom == "R" and not m.is_multi_leg for m in t.moves)

    def _zone(self, promotion: Promotion, color: Color) -> frozenset[int]:
        geo = self.geometry
        if promotion.zone is not None:
            return frozenset(geo.square(s) for s in self.game.zone_squares(promotion.zone, color))
        depth = promotion.depth
        return frozenset(
            sq for sq in range(self.size)
            if (geo.coords[sq][1] >= geo.ranks - depth if color == WHITE else geo.coords[sq][1] < depth)
        )

    def _where(self, zoned: ZonedMove) -> Where:
        """The squares, per colour, from which (``on="from"``) or to which (``on="to"``) ``zoned`` applies."""
        geo = self.geometry
        every = frozenset(range(self.size))
        per_color = []
        for color in (WHITE, BLACK):
            zone = frozenset(geo.square(s) for s in self.game.zone_squares(zoned.zone, color) if s in geo.index)
            per_color.append(zone if zoned.inside else every - zone)
        squares = (per_color[0], per_color[1])
        return Where(origins=squares) if zoned.on == "from" else Where(landings=squares)

    def _compile_move(self, t: CompiledType, move: betza.Move, where: Where = ANYWHERE) -> None:
        piece = t.piece
        if not move.is_multi_leg and move.first.has("z"):
            longest = max(self.geometry.files, self.geometry.ranks)
            for step in _crooked_slider(move, longest, piece.name):
                self._compile_move(t, step, where)
            return
        for leg in move.legs:
            if leg.has("z") and leg.has("q"):
                raise UnsupportedError(f"piece {piece.name!r}: XBetza {betza_text(move)!r} gives both 'z' and 'q' on "
                                       "one leg", feature=f"{piece.name}: {betza_text(move)}")
        if move.first.has("q") or (move.is_multi_leg and move.first.has("z")):
            raise UnsupportedError(f"piece {piece.name!r}: XBetza {betza_text(move)!r}: 'z'/'q' on the first leg of "
                                   "a multi-leg move, or the circular 'q' slider, is not supported by the move "
                                   "generator", feature=f"{piece.name}: {betza_text(move)}")
        if _turns_on_a_slide(move):
            raise UnsupportedError(f"piece {piece.name!r}: XBetza {betza_text(move)!r}: a crooked or circular turn "
                                   "('z'/'q') on a sliding leg is not supported by the move generator",
                                   feature=f"{piece.name}: {betza_text(move)}")
        for leg in move.legs:
            for mode, what in UNSUPPORTED_MODES.items():
                if leg.has(mode):
                    raise UnsupportedError(f"piece {piece.name!r}: XBetza mode {mode!r} ({what}) is not supported "
                                           "by the move generator", feature=f"{piece.name}: {mode}")
        if any(leg.has("o") for leg in move.legs) and (
                move.is_multi_leg or move.star or move.first.count("o") > 1
                or any(move.first.has(mode) for mode in "njpgz")):
            raise UnsupportedError(f"piece {piece.name!r}: XBetza {betza_text(move)!r}: the cylinder 'o' is played "
                                   "on single-leg leaps and rides that neither hop nor are lame (not 'oo', the "
                                   "torus)", feature=f"{piece.name}: o")
        atom = move.atom
        if ((move.star and (move.is_multi_leg or atom in betza.SPECIAL_ATOMS)) or "Y" in atom or atom == "I"
                or (atom == "U" and move.is_multi_leg)):
            raise UnsupportedError(f"piece {piece.name!r}: XBetza {betza_text(move)!r} is not supported by the "
                                   "move generator", feature=f"{piece.name}: {betza_text(move)}")
        for leg in move.legs[:-1]:
            if leg.has("y") and any(leg.has(mode) for mode in "cdpg"):
                raise UnsupportedError(f"piece {piece.name!r}: XBetza {betza_text(move)!r} (a range toggle 'y' on a "
                                       "leg that captures or hops) is not supported by the move generator",
                                       feature=f"{piece.name}: {betza_text(move)}")
        if atom == "O":
            if where is not ANYWHERE:
                raise UnsupportedError(f"piece {piece.name!r}: castling ({betza_text(move)!r}) that depends on a "
                                       "zone is not supported by the move generator",
                                       feature=f"{piece.name}: {betza_text(move)}")
            self._compile_castling(t, move)
            return
        move = _grasshopper_legs(move)
        if move.is_multi_leg or not self._compile_simple(t, move, where):
            self._compile_general(t, move, where)

    def _compile_castling(self, t: CompiledType, move: betza.Move) -> None:
        if move.is_multi_leg:
            raise UnsupportedError(f"piece {t.piece.name!r}: multi-leg castling is not supported",
                                   feature=f"{t.piece.name}: castling")
        dirs = first_leg_directions(move.first.directions, AtomClass.ORTHOGONAL)
        rule = t.piece.castling or Castling()
        index = {p.id.upper(): i for i, p in enumerate(self.game.pieces)}
        partners = frozenset(index[pid.upper()] for pid in rule.partners)
        specs = [CastlingSpec(K_VECTORS[d][0], move.range or 1,
                              None if rule.partner_distance is None else rule.partner_distance[d == 2],
                              rule.virgin, rule.safe, partners,
                              None if rule.king_files is None else rule.king_files[d == 2])
                 for d in sorted(dirs) if d in (2, 6)]
        t.castling = tuple(specs)

    def _steps(self, atom: str) -> tuple[AtomClass, int, int]:
        """(class, multiple, range default) of an atom; riders R/B/Q map to W/F/K with unlimited range."""
        base = betza.RIDER_ATOMS.get(atom, atom)
        cls, mult, _ = atom_geometry(base)
        return cls, mult, 0 if atom in betza.RIDER_ATOMS else 1

    def _compile_simple(self, t: CompiledType, move: betza.Move, where: Where = ANYWHERE) -> bool:
        """Compile a plain single-leg leap, slide or hop into the fast tables; False if it is not plain.

        A zone-conditioned move (``where``: it may start or land only on some squares) is fast only as a leap."""
        leg = move.first
        if set(leg.modes) - set("mcdkpge") or move.atom == "U" or move.star:
            return False
        hop = HOP_CANNON if leg.has("p") else HOP_GRASSHOPPER if leg.has("g") else HOP_NONE
        if leg.has("p") and leg.has("g"):
            return False
        flags = _final_flags(leg)
        if t.piece.confined_to is not None and flags != ROYAL_ONLY:
            return False  # confined moves are filtered at emission; check-only moves never move the piece
        cls, _, default_range = self._steps(move.atom)
        limit = move.range if move.range is not None else default_range
        if (hop == HOP_GRASSHOPPER and limit != 0) or (leg.has("e") and (limit != 1 or hop != HOP_NONE)):
            return False  # e.p. captures are fast only on single leaps
        if where is not ANYWHERE and (limit != 1 or hop != HOP_NONE):
            # a slide or hop that may start or land only on some squares is a leg tree: the reverse rays keep
            # one reach per code and line, which would let a piece outside the zone attack along it
            return False
        vectors = [self._direction_vector(move.atom, d) for d in sorted(first_leg_directions(leg.directions, cls))]
        for color in (WHITE, BLACK):
            sign = 1 if color == WHITE else -1
            self.simple[code_of(t.index, color)].append((
                tuple((sign * dx, sign * dy) for dx, dy in vectors), limit, flags, hop,
                None if where.origins is None else where.origins[color],
                None if where.landings is None else where.landings[color]))
        return True

    def _compile_general(self, t: CompiledType, move: betza.Move, where: Where = ANYWHERE) -> None:
        """Compile any move into leg trees (multi-leg, lame, jumping, initial, e.p., confined pieces), from the
        squares ``where`` allows and landing where it allows."""
        first = move.first
        if any(leg.has("i") for leg in move.legs[1:]):
            raise UnsupportedError(f"piece {t.piece.name!r}: 'i' on a continuation leg (iso) is not supported",
                                   feature=f"{t.piece.name}: {betza_text(move)}")
        initial = first.has("i")
        self.compiling = t.piece.name
        for color in (WHITE, BLACK):
            code = code_of(t.index, color)
            origins = range(self.size) if where.origins is None else sorted(where.origins[color])
            for sq in origins:
                roots = tuple(self._legs_from(move, 0, sq, None, None, color, toggled=False))
                if where.landings is not None:
                    roots = _land_only(roots, where.landings[color], t.piece, move)
                if roots:
                    self.programs[code][sq] = (*self.programs[code][sq], Program(roots, initial))

    def _legs_from(self, move: betza.Move, index: int, sq: int, prev_dir: int | None, prev_turn: int | None,
                   color: Color, toggled: bool) -> Iterator[LegNode]:
        """The compiled legs number ``index`` of ``move`` starting on ``sq`` after a step in ``prev_dir`` that
        turned by ``prev_turn`` (None on and right after the first leg; ``z``/``q`` legs depend on it)."""
        leg = move.legs[index]
        final = index == len(move.legs) - 1
        atom = move.atom
        geo = self.geometry
        if atom == "U":
            yield LegNode(tuple(s for s in range(self.size) if s != sq), _final_flags(leg))
            return
        cls, mult, default_range = self._steps(atom)
        limit = move.range if move.range is not None else default_range
        if toggled:
            limit = 1 if limit == 0 else 0
        star_ep = False
        if move.star:  # the Diagram's '*': up to the last rank of the mover's half, e.p. rights on squares passed
            limit = self._star_range(sq, color)
            star_ep = limit > 1
        if prev_dir is None:
            dirs = first_leg_directions(leg.directions, cls)
            steps = [rotate(d, color) for d in sorted(dirs)]
        else:
            steps = [(prev_dir + rel) % 8 for rel in sorted(turn_directions(leg.directions, leg.modes, prev_turn))]
        hop = HOP_NONE
        if final and leg.has("p"):
            hop = HOP_CANNON
        elif final and leg.has("g"):
            hop = HOP_GRASSHOPPER
        flags = _final_flags(leg) if final else _leg_flags(leg)
        lame_mode = leg.has("n")
        jump_mode = leg.has("j")
        # j on W/F/K steps and their riders skips the first square (the Diagram's ski-slide)
        ski = jump_mode and mult == 1 and cls is not AtomClass.OBLIQUE
        for absolute in steps:
            dx, dy = self._direction_vector(atom, absolute)
            start = sq
            step_limit = limit
            if ski:
                # ski-slide: skip the first square, then slide on without limit (Interactive Diagram reading)
                first_square = geo.step(sq, dx, dy)
                if first_square < 0:
                    continue
                start, step_limit = first_square, 0
            ray_limit = 0 if hop == HOP_GRASSHOPPER else step_limit
            ray = geo.ray(start, dx, dy, ray_limit, wrap=leg.has("o"))
            if not ray:
                continue
            self._charge(ray, move)
            if hop == HOP_GRASSHOPPER and step_limit != 0:
                raise UnsupportedError(f"XBetza {betza_text(move)!r}: a grasshopper leg on a leaper is not supported",
                                       feature=betza_text(move))
            lame = jump = None
            if lame_mode or (jump_mode and not ski):
                paths = []
                prev = start
                for target in ray:
                    paths.append(self._between(prev, target, cls))
                    prev = target
                if lame_mode:
                    lame = tuple(paths)
                else:
                    jump = tuple(paths)
            creates_ep = index == 0 and bool(lame) and (leg.has("i") or leg.count("n") > 1)
            if star_ep:
                lame, creates_ep = tuple(ray[:i] for i in range(len(ray))), True
            nexts = None
            if not final:
                toggles = leg.has("y") or leg.has("g")
                turn = None if prev_dir is None else (absolute - prev_dir) % 8
                nexts = tuple(
                    tuple(self._legs_from(move, index + 1, target, absolute, turn, color, toggled != toggles))
                    for target in ray
                )
            yield LegNode(ray, flags, hop, lame, jump, nexts, creates_ep)

    def _charge(self, ray: tuple[int, ...], move: betza.Move) -> None:
        """Count the squares of a compiled leg against :data:`MAX_LEG_SQUARES`."""
        self.leg_squares += len(ray)
        if self.leg_squares > MAX_LEG_SQUARES:
            raise UnsupportedError(f"piece {self.compiling!r}: XBetza {betza_text(move)!r}: the game's legs pass more "
                                   f"than {MAX_LEG_SQUARES:,} squares on this board (MAX_LEG_SQUARES; each leg "
                                   "multiplies the paths)", feature=f"{self.compiling}: {betza_text(move)}")

    def _star_range(self, sq: int, color: Color) -> int:
        """The range of a ``*`` move from ``sq``: the steps to the last rank of the mover's half of the board
        (the Interactive Diagram's rule: White on 0-based rank y gets ranks//2 - y - 1, Black (ranks-1)//2 steps
        fewer than y - 1), at least 1."""
        ranks = self.geometry.ranks
        rank = self.geometry.coords[sq][1]
        steps = (ranks >> 1) - rank - 1 if color == WHITE else rank - ((ranks - 1) >> 1) - 1
        return max(steps, 1)

    def _direction_vector(self, atom: str, direction: int) -> tuple[int, int]:
        return direction_vector(atom, direction)

    def _between(self, frm: int, to: int, cls: AtomClass) -> tuple[int, ...]:
        """Squares a lame leap from ``frm`` to ``to`` passes over (both paths for oblique leaps)."""
        geo = self.geometry
        fx, fy = geo.coords[frm]
        tx, ty = geo.coords[to]
        dx, dy = tx - fx, ty - fy
        out: list[int] = []
        if cls is not AtomClass.OBLIQUE or dx == 0 or dy == 0 or abs(dx) == abs(dy):
            n = max(abs(dx), abs(dy))
            ux, uy = _sign(dx), _sign(dy)
            out = [geo.at(fx + ux * k, fy + uy * k) for k in range(1, n)]
        else:
            # an oblique leap passes its orthogonal-first path and its diagonal-first path
            sx, sy = _sign(dx), _sign(dy)
            ax, ay = abs(dx), abs(dy)
            diag = min(ax, ay)
            ortho = max(ax, ay) - diag
            ox, oy = (sx, 0) if ax > ay else (0, sy)
            out = _walk_path(geo, fx, fy, [(ox, oy, ortho), (sx, sy, diag)]) + _walk_path(
                geo, fx, fy, [(sx, sy, diag), (ox, oy, ortho)])
        return tuple(dict.fromkeys(s for s in out if s >= 0 and s not in (frm, to)))

    # ---------------------------------------------------------------- fast paths for general moves
    def _flatten_programs(self) -> None:
        """Split every square's general moves into flat paths (:attr:`paths`) where they have a simple shape,
        and the rest (:attr:`general`), which the leg walker plays.

        A flat path is (squares that must be empty, final ray, final flags, e.p. squares created, initial): the
        shape of moves whose legs before the last only move (``afsF``, ``mafsW``, ``yafsF``) and of lame or
        initial single leaps (the pawn's ``ifmnD``), including confined pieces. Moves that capture on the way,
        hop, jump, capture e.p. or may come back to their origin keep the walker, as does a square whose paths
        would hold more than :data:`FLAT_PATH_LIMIT` squares (long riders on a large board)."""
        n = self.size
        self.paths: list[list[tuple[FlatPath, ...]]] = [[()] * n for _ in range(self.codes)]
        """Per code and square: the flat paths of the general moves (see above)."""
        self.general: list[list[tuple[Program, ...]]] = [[()] * n for _ in range(self.codes)]
        """Per code and square: the general moves left to the leg walker."""
        for code in range(1, self.codes):
            for sq in range(n):
                programs = self.programs[code][sq]
                if not programs:
                    continue
                flat: list[FlatPath] = []
                rest: list[Program] = []
                for program in programs:
                    found: list[FlatPath] = []
                    for root in program.roots:
                        paths = _flat_paths(root, (), program.initial)
                        if paths is None:
                            break
                        found += paths
                    else:
                        if all(sq not in prereq and sq not in ray for prereq, ray, *_ in found):
                            flat += found
                            continue
                    rest.append(program)
                if sum(len(prereq) + len(ray) for prereq, ray, *_ in flat) > FLAT_PATH_LIMIT:
                    rest, flat = list(programs), []
                self.paths[code][sq] = tuple(flat)
                self.general[code][sq] = tuple(rest)

    # ---------------------------------------------------------------- attack tables
    def _build_attack_tables(self) -> None:
        """Reverse tables: for each attacking colour and target square, where attacks can come from.

        Leaps: (origin, code) pairs. Slides and hops: per direction, the full ray from the target back towards
        possible attackers with, per code, the range limit (0: unlimited). General moves: (origin, code) pairs
        whose leg trees can capture on the target when the board allows it. Leaps, slides and hops are
        computed per target on first use (:meth:`_leap_attackers`, :meth:`_ray_attackers`), from the step
        vectors in :attr:`simple`; general moves, whose reach has no such form, once for every square.
        """
        attacking = CAPTURE | ROYAL_ONLY
        self._reverse: tuple[list[tuple[int, SimpleSpec]], list[tuple[int, SimpleSpec]]] = ([], [])
        """Per attacking colour: the (code, plain move) pairs that can capture or check."""
        for code in range(1, self.codes):
            for spec in self.simple[code]:
                if spec[2] & attacking:
                    self._reverse[(code - 1) & 1].append((code, spec))
        special_from: tuple[dict[int, set[tuple[int, int]]], ...] = ({}, {})
        for code in range(1, self.codes):
            color = (code - 1) & 1
            allowed = self.allowed[code]
            for sq, programs in enumerate(self.programs[code]):
                if not programs:
                    continue
                targets: set[int] = set()
                for program in programs:
                    for root in program.roots:
                        _reach(root, targets, attacking)
                for target in targets:
                    if allowed is None or target in allowed:
                        special_from[color].setdefault(target, set()).add((sq, code))
        self.leap_attackers: tuple[Lazy[tuple[tuple[int, int], ...]], ...] = tuple(
            Lazy(functools.partial(self._leap_attackers, color)) for color in (WHITE, BLACK))
        """Per attacking colour and target square: the (origin, code) of every plain leap that can capture there."""
        self.ray_attackers: tuple[Lazy[RayEntries], ...] = tuple(
            Lazy(functools.partial(self._ray_attackers, color)) for color in (WHITE, BLACK))
        """Per attacking colour and target square: the reverse rays of plain slides and hops (see RayEntries)."""
        self.special_attackers: tuple[Lazy[tuple[tuple[int, int], ...]], ...] = tuple(
            Lazy(functools.partial(_sorted_pairs, found)) for found in special_from)
        """Per attacking colour and target square: the (origin, code) of every general move that can capture
        there."""
        self._king_lines: dict[tuple[int, int], KingLines] = {}
        self._sensitive: dict[tuple[int, int], int] = {}
        self._screened: dict[tuple[int, int], Screened] = {}
        self._castling: dict[tuple[int, int], tuple[CastlingPath, ...]] = {}
        self._through: dict[tuple[int, int, int], tuple[RayEntries, tuple[tuple[int, int], ...]]] = {}

    def _leap_attackers(self, color: Color, target: int) -> tuple[tuple[int, int], ...]:
        """The (origin, code) pairs of ``color``'s plain leaps that can capture on ``target``."""
        geo = self.geometry
        found: set[tuple[int, int]] = set()
        for code, (vectors, limit, _, hop, origins, landings) in self._reverse[color]:
            if limit != 1 or hop != HOP_NONE or (landings is not None and target not in landings):
                continue
            for dx, dy in vectors:
                origin = geo.step(target, -dx, -dy)
                if origin >= 0 and (origins is None or origin in origins):
                    found.add((origin, code))
        return tuple(sorted(found))

    def _ray_attackers(self, color: Color, target: int) -> RayEntries:
        """The reverse rays from ``target`` of ``color``'s plain slides and hops: per direction (sorted), the
        squares outwards, the hop kind and, per attacking code, how far its rays reach: the longest ray of an
        origin on this line whose ray covers ``target`` (its range, or the board's edge or a hole ended it), 0
        for a grasshopper. Within that reach a piece of the code on the line attacks ``target``."""
        geo = self.geometry
        found: dict[tuple[int, int, int], dict[int, int]] = {}
        for code, (vectors, limit, _, hop, origins, _) in self._reverse[color]:
            if limit == 1 and hop == HOP_NONE:
                continue
            for dx, dy in vectors:
                back = geo.ray(target, -dx, -dy, limit)
                if origins is not None:
                    last = max((i for i, sq in enumerate(back) if sq in origins), default=-1)
                else:
                    last = len(back) - 1
                if last < 0:
                    continue
                reach = 0  # a grasshopper's reach is unlimited
                if hop != HOP_GRASSHOPPER:
                    beyond = limit - last - 1  # the range left beyond the target
                    reach = last + 1 + (len(geo.ray(target, dx, dy, 0 if limit == 0 else beyond))
                                        if limit == 0 or beyond > 0 else 0)
                entry = found.setdefault((-dx, -dy, hop), {})
                old = entry.get(code)
                entry[code] = 0 if old == 0 or reach == 0 else max(old or 0, reach)
        return tuple((geo.ray(target, dx, dy, 0), kind, codes) for (dx, dy, kind), codes in sorted(found.items()))

    def king_lines(self, enemy: Color, king: int) -> KingLines:
        """Everything that can attack ``king`` depending on occupancy: the reverse rays from it, and each general
        attacker (origin, code) with the squares of its paths to the king (lame and jump squares included)."""
        key = (enemy, king)
        found = self._king_lines.get(key)
        if found is None:
            specials = []
            for frm, code in self.special_attackers[enemy][king]:
                squares: set[int] = set()
                for program in self.programs[code][frm]:
                    for root in program.roots:
                        _paths_to(root, king, (), squares)
                specials.append((frm, code, frozenset(squares)))
            found = self._king_lines[key] = (self.ray_attackers[enemy][king], tuple(specials))
        return found

    def sensitive(self, color: Color, king: int) -> int:
        """Bit mask of squares whose occupancy can change whether ``color``'s piece on ``king`` is attacked.

        A move that is not by a royal piece, starts without check and changes the occupancy of none of these
        squares cannot expose the royal piece, so the generator may skip the attack test for it.
        """
        key = (color, king)
        mask = self._sensitive.get(key)
        if mask is None:
            rays, specials = self.king_lines(color ^ 1, king)
            squares = {sq for ray, _, _ in rays for sq in ray} | {sq for *_, path in specials for sq in path}
            mask = self._sensitive[key] = sum(1 << sq for sq in squares)
        return mask

    def screened(self, color: Color, king: int) -> Screened:
        """What the pin test cannot answer for ``color``'s piece on ``king``: the hopping reverse rays from it
        (cannon, grasshopper: a piece arriving or leaving can create an attack) as (ray, attacker codes, bit
        mask of the ray), the general attackers (lame, jumping, multi-leg) as (origin, code, bit mask of their
        paths), and the plain sliding reverse rays, on which a piece leaving can only open a line (see
        :meth:`Position._pins`)."""
        key = (color, king)
        found = self._screened.get(key)
        if found is None:
            rays, specials = self.king_lines(color ^ 1, king)
            hop_rays = tuple((ray, frozenset(codes), sum(1 << sq for sq in ray))
                             for ray, kind, codes in rays if kind != HOP_NONE)
            general = tuple((frm, code, sum(1 << sq for sq in path)) for frm, code, path in specials)
            found = self._screened[key] = (hop_rays, general, tuple(entry for entry in rays if entry[1] == HOP_NONE))
        return found

    def castling_paths(self, code: int, king: int) -> tuple[CastlingPath, ...]:
        """Castling of the piece ``code`` standing on ``king``, per castling move: the squares along the rank
        that way up to the edge or a hole, how far the royal moves, its destination, the partner's destination
        and the squares that must not be attacked (its start and the squares it passes)."""
        key = (code, king)
        found = self._castling.get(key)
        if found is None:
            paths = []
            for spec in self.castlers.get(code, ()):
                ray = self.geometry.ray(king, spec.dx, 0, 0)
                if len(ray) < spec.step:
                    continue
                passed = (king, *ray[:spec.step - 1])
                paths.append((ray, spec.step, ray[spec.step - 1], passed[-1], passed, spec))
            found = self._castling[key] = tuple(paths)
        return found

    def lines_through(self, enemy: Color, king: int, square: int) -> tuple[RayEntries, tuple[tuple[int, int], ...]]:
        """The reverse rays from ``king`` and the general attackers of ``king`` whose paths pass ``square``.

        After a move that changed only the occupancy of some squares, only these can newly attack the king.
        """
        key = (enemy, king, square)
        found = self._through.get(key)
        if found is None:
            rays, specials = self.king_lines(enemy, king)
            found = self._through[key] = (tuple(entry for entry in rays if square in entry[0]),
                                          tuple((frm, code) for frm, code, path in specials if square in path))
        return found


def _sorted_pairs(found: dict[int, set[tuple[int, int]]], target: int) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(found.get(target, ())))


def _flat_paths(node: LegNode, prereq: tuple[int, ...], initial: bool) -> list[FlatPath] | None:
    """The flat paths of ``node`` reached over the empty squares ``prereq``, or None if its shape needs the
    walker (see :meth:`Variant._flatten_programs`)."""
    if node.hop != HOP_NONE or node.jump is not None:
        return None
    if node.nexts is None:
        if node.flags & EP:
            return None
        if node.lame is not None:
            if len(node.squares) != 1:
                return None
            return [(prereq + node.lame[0], node.squares, node.flags, node.lame[0] if node.creates_ep else (),
                     initial)]
        if node.creates_ep:
            return None
        return [(prereq, node.squares, node.flags, (), initial)]
    if node.flags != QUIET or node.lame is not None:
        return None
    out: list[FlatPath] = []
    for i, _ in enumerate(node.squares):
        for child in node.nexts[i]:
            found = _flat_paths(child, prereq + node.squares[:i + 1], initial)
            if found is None:
                return None
            out += found
    return out


def _reach(node: LegNode, out: set[int], flags: int) -> None:
    """Every square where ``node``'s move could end (final legs) or capture (any leg) with one of ``flags``,
    ignoring occupancy: ``CAPTURE | ROYAL_ONLY`` gives the squares it may attack."""
    if node.nexts is None:
        if node.flags & flags:
            out.update(node.squares[1:] if node.hop == HOP_GRASSHOPPER else node.squares)
        return
    for i, target in enumerate(node.squares):
        if node.flags & flags & CAPTURE:
            out.add(target)
        for child in node.nexts[i]:
            _reach(child, out, flags)


def _paths_to(node: LegNode, target: int, trail: tuple[int, ...], out: set[int]) -> None:
    """Add to ``out`` every square on a path of ``node`` that can end or capture on ``target``.

    ``trail`` holds the squares already passed on the way to ``node``; lame and jump squares count too.
    """
    passed = trail
    for i, sq in enumerate(node.squares):
        extra = (node.lame[i] if node.lame else ()) + (node.jump[i] if node.jump else ())
        if sq == target or (node.hop == HOP_GRASSHOPPER and i + 1 < len(node.squares)
                            and node.squares[i + 1] == target):
            out.update(passed, extra, node.squares[:i + 1])
        if node.nexts is not None:
            for child in node.nexts[i]:
                _paths_to(child, target, (*passed, *node.squares[:i + 1], *extra), out)


def _land_only(nodes: tuple[LegNode, ...], landings: frozenset[int], piece: PieceType,
               move: betza.Move) -> tuple[LegNode, ...]:
    """``nodes`` with every final leg restricted to end on ``landings``.

    A final leg along several squares becomes one single-square leg per allowed square, whose lame squares are
    the squares before it (they must be empty, as on the ray) and the ray's own lame squares up to it.
    """
    out: list[LegNode] = []
    for node in nodes:
        if node.nexts is not None:
            nexts = tuple(_land_only(children, landings, piece, move) for children in node.nexts)
            out.append(dataclasses.replace(node, nexts=nexts))
            continue
        if all(sq in landings for sq in node.squares):
            out.append(node)
            continue
        if node.hop != HOP_NONE or (node.jump is not None and len(node.squares) > 1) or (
                node.creates_ep and len(node.squares) > 1):
            raise UnsupportedError(f"piece {piece.name!r}: XBetza {betza_text(move)!r} landing only in a zone (a hop, "
                                   "a jumping ride or a ride creating e.p. rights) is not supported by the move "
                                   "generator", feature=f"{piece.name}: {betza_text(move)}")
        passed: tuple[int, ...] = ()
        for i, sq in enumerate(node.squares):
            lame = passed + (node.lame[i] if node.lame is not None else ())
            if sq in landings:
                out.append(LegNode((sq,), node.flags, HOP_NONE, (tuple(dict.fromkeys(lame)),),
                                   (node.jump[i],) if node.jump is not None else None, None, node.creates_ep))
            passed = (*lame, sq)
    return tuple(out)


def _walk_path(geo: Geometry, x: int, y: int, segments: list[tuple[int, int, int]]) -> list[int]:
    """Squares passed stepping ``count`` times by (dx, dy) for each segment in turn (the last square excluded)."""
    out: list[int] = []
    for dx, dy, count in segments:
        for _ in range(count):
            x, y = x + dx, y + dy
            out.append(geo.at(x, y))
    return out[:-1]


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _final_flags(leg: betza.Leg) -> int:
    flags = 0
    if leg.has("m"):
        flags |= QUIET
    if leg.has("c"):
        flags |= CAPTURE
    if leg.has("d"):
        flags |= FRIEND
    if leg.has("e"):
        flags |= EP
    if leg.has("k"):
        flags |= ROYAL_ONLY
    if flags == 0:
        flags = QUIET | CAPTURE
    return flags


def _leg_flags(leg: betza.Leg) -> int:
    flags = 0
    if leg.has("m") or leg.has("y"):
        flags |= QUIET
    if leg.has("c"):
        flags |= CAPTURE
    if leg.has("d"):
        flags |= FRIEND
    if leg.has("p") or leg.has("g"):
        flags |= HOP
    if flags == 0:
        flags = QUIET
    return flags


def _turns_on_a_slide(move: betza.Move) -> bool:
    """True if a continuation leg of ``move`` with ``z`` or ``q`` slides (its range, after the range toggles of
    ``y`` and ``g`` legs before it, is not one step): what a crooked slide means there is not defined."""
    limit = move.range if move.range is not None else 0 if move.atom in betza.RIDER_ATOMS else 1
    for index, leg in enumerate(move.legs):
        if index and (leg.has("z") or leg.has("q")) and limit != 1:
            return True
        if leg.has("y") or leg.has("g"):
            limit = 1 if limit == 0 else 0
    return False


def _crooked_slider(move: betza.Move, longest: int, piece: str) -> tuple[betza.Move, ...]:
    """Old Betza ``z`` on a one-leg rider (``zB`` the Crooked Bishop, ``zR``, ``zNN``) as multi-leg moves: one
    step of the rider's atom, then each further step a ``z`` leg (a right-angle turn either way first,
    :data:`~fairyport.xbetza.geometry.CROOKED_FIRST_TURN`, then alternately back), up to the move's range or
    ``longest`` steps (every crooked path gains at least one square per step along one axis). The last leg
    carries the move's modes; an ``i`` stays on the first leg."""
    first = move.first
    text = betza_text(move)
    modes = first.modes.replace("z", "")
    rider = move.atom in betza.RIDER_ATOMS or move.range not in (None, 1)
    if not rider or set(modes) - set("mcdik"):
        raise UnsupportedError(f"piece {piece!r}: XBetza {text!r}: the crooked 'z' is supported on a rider with "
                               "modes m, c, d, i, k only", feature=f"{piece}: {text}")
    atom = betza.RIDER_ATOMS.get(move.atom, move.atom)
    steps = min(move.range, longest) if move.range else longest
    head = betza.Leg(first.directions, "i" if "i" in modes else "")
    last = modes.replace("i", "")
    out = [betza.Move((betza.Leg(first.directions, modes),), atom, None, False, move.exempt)]
    for n in range(2, steps + 1):
        legs = (head, *(betza.Leg("", "z") for _ in range(n - 2)), betza.Leg("", last + "z"))
        out.append(betza.Move(legs, atom, None, False, move.exempt))
    return tuple(out)


def _grasshopper_legs(move: betza.Move) -> betza.Move:
    """A single-leg ``g`` move on a leaper or a limited range (``gC``, ``gB2``) as the Diagram plays it: a leg
    that must end on a piece (the hurdle), then, straight on, the rest of the move with the range toggled (a
    leaper or a limited range becomes an unlimited rider: ``gC`` lands anywhere along the camel line behind
    the hurdle up to the next piece). ``gQ``-style unlimited grasshoppers keep the fast hop tables."""
    leg = move.first
    limit = move.range if move.range is not None else betza.default_range(move.atom)
    if move.is_multi_leg or not leg.has("g") or limit == 0 or move.atom == "U":
        return move
    initial = "i" * leg.count("i")
    rest = "".join(mode for mode in leg.modes if mode not in "gi")
    return dataclasses.replace(move, legs=(betza.Leg(leg.directions, initial + "g"), betza.Leg("f", rest)))


def betza_text(move: betza.Move) -> str:
    """Canonical text of one move (for messages)."""
    return betza.write([move])


def _parse_moves(piece: PieceType, zoned: ZonedMove | None = None) -> tuple[betza.Move, ...]:
    """The moves of ``piece`` (or of its zone-conditioned move ``zoned``), with errors naming the piece (and the
    zone)."""
    text = piece.betza if zoned is None else zoned.betza
    where = "" if zoned is None else f"{'inside' if zoned.inside else 'outside'} zone {zoned.zone!r} ({zoned.on})"
    try:
        return betza.parse_moves(text)
    except betza.UnsupportedBracket as exc:
        raise UnsupportedError(f"piece {piece.name!r}: XBetza {text!r}{' ' + where if where else ''}: {exc.reason} "
                               "is not supported by the move generator", feature=f"{piece.name}: {text}") from None
    except ParseError as exc:
        raise ParseError(f"piece {piece.name!r}: {f'moves {where}: ' if where else ''}{exc.reason}", exc.location,
                         expected=exc.expected, found=exc.found) from None


def _refuse_kept_code(game: Game) -> None:
    """A game that keeps code of its format (a ZRF block not recognised as XBetza, a ZRF rule the model cannot
    hold) or a board with links cannot be played by the generator: refuse it, naming the first such piece,
    rule or board feature and where it is."""
    kept = kept_code(game)
    if kept:
        feature, item = kept[0]
        more = f" (and {len(kept) - 1} more)" if len(kept) > 1 else ""
        raise UnsupportedError(f"{item}{more}: the move generator cannot play it", feature=feature)


def compile_game(game: Game) -> Variant:
    """Compile ``game`` for move generation.

    :raises UnsupportedError: if a piece uses XBetza the generator cannot play (named in the message).
    :raises ModelError: if the game is inconsistent.
    """
    return Variant(game)
