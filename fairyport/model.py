"""The common game model: one description of a chess variant that every format reads into and writes from.

The model is data, not code: board, zones, piece types with their XBetza moves, promotion rules, the start
setup, game rules and metadata, plus a per-format store for what a format needs to keep on a round trip.
Rules in a format's own move language (ZRF, GAME Code) arrive with later issues; the model keeps room for them
in :attr:`Game.format_data` without a second model.

Colours are plain ints (:data:`WHITE`, :data:`BLACK`); squares are named by their position name (``"e4"`` on
rectangular boards). Piece types are identified by their ``id`` (the FEN letter, upper case).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Callable, Iterable
from typing import Any, Literal

from fairyport.errors import ModelError
from fairyport.program.game import GameProgram

Color = int
WHITE: Color = 0
BLACK: Color = 1
COLOR_NAMES = ("white", "black")


MAX_BOARD_SIDE = 256
"""Most files and most ranks a board may have, in every format (the Interactive Diagram's own bound); larger
boards are refused where they are read, before anything grows with their size."""


def file_name(index: int) -> str:
    """Name of the 0-based file ``index``: a..z, then aa, ab, ... zz, aaa ... (as the Interactive Diagram does
    beyond z; any width has names)."""
    if index < 0:
        raise ValueError(f"a file index must be at least 0, not {index}")
    letters = "abcdefghijklmnopqrstuvwxyz"
    name = letters[index % 26]
    index //= 26
    while index:
        index -= 1
        name = letters[index % 26] + name
        index //= 26
    return name


def square_name(file: int, rank: int, first_rank: int = 1) -> str:
    """Name of the square on 0-based ``file`` and ``rank``: ``square_name(4, 3) == "e4"``."""
    return f"{file_name(file)}{rank + first_rank}"


@dataclasses.dataclass(frozen=True)
class Position:
    """One cell of the board. ``file`` and ``rank`` are 0-based coordinates, or None on a board without them."""

    name: str
    file: int | None = None
    rank: int | None = None


@dataclasses.dataclass(frozen=True)
class Board:
    """The board: its positions and how they connect.

    A rectangle with holes is the common case (``files``, ``ranks``, ``holes``); its geometry follows from the
    coordinates. Boards that are not rectangles (ZRF hex, 3-D or linked boards) list their ``positions`` and
    give named ``links`` (direction name -> {from position: to position}); a later issue's move generator
    uses those links instead of coordinates.
    """

    files: int
    ranks: int
    holes: frozenset[str] = frozenset()
    """Names of squares of the rectangle that are not on the board."""
    first_rank: int = 1
    """Number of the first rank in square names (the Interactive Diagram allows 0)."""
    extra_positions: tuple[Position, ...] = ()
    """Positions beyond the rectangle (off-board storage, linked cells)."""
    links: dict[str, dict[str, str]] = dataclasses.field(default_factory=dict)
    """Named direction links for boards whose geometry is not given by coordinates."""

    @functools.cached_property
    def positions(self) -> tuple[Position, ...]:
        """Every position, rank by rank from the first rank, files left to right, then the extra positions."""
        files = [file_name(f) for f in range(self.files)]  # as square_name, each file's letters made once
        holes = self.holes
        cells = [
            Position(name, f, r)
            for r in range(self.ranks)
            for f, name in enumerate(f"{letters}{r + self.first_rank}" for letters in files)
            if name not in holes
        ]
        return (*cells, *self.extra_positions)

    @functools.cached_property
    def by_name(self) -> dict[str, Position]:
        """Positions by name."""
        return {p.name: p for p in self.positions}

    def square(self, name: str) -> Position:
        """The position called ``name``.

        :raises ModelError: if there is no such square on this board.
        """
        try:
            return self.by_name[name]
        except KeyError:
            raise ModelError(f"square {name!r} is not on the {self.files}x{self.ranks} board") from None

    def __contains__(self, name: object) -> bool:
        return name in self.by_name

    def last_ranks(self, depth: int, color: Color) -> tuple[str, ...]:
        """The squares on the ``depth`` last ranks seen from ``color`` (White's last ranks, Black's first), in
        board order: a promotion zone given by depth. Positions without coordinates are on no rank."""
        ranks = range(self.ranks - depth, self.ranks) if color == WHITE else range(depth)
        return tuple(p.name for p in self.positions if p.rank is not None and p.rank in ranks)


@dataclasses.dataclass(frozen=True)
class Zone:
    """A named set of squares for one player (or both): palaces, promotion zones, drop zones."""

    name: str
    squares: frozenset[str]
    color: Color | None = None
    """The player the zone belongs to; None for both."""


def zone_squares(zones: Iterable[Zone], name: str, color: Color) -> frozenset[str]:
    """The squares of the zones called ``name`` that belong to ``color`` or to both players (readers use it on the
    zones they are building, :meth:`Game.zone_squares` on a game's)."""
    return frozenset().union(*(z.squares for z in zones if z.name == name and z.color in (None, color)))


@dataclasses.dataclass(frozen=True)
class PromotionChoice:
    """One type a piece may promote to, with the Interactive Diagram's per-choice restrictions."""

    piece: str
    """Id of the piece type promoted to."""
    max_depth: int | None = None
    """Only within this many ranks of the last rank (1 = the last rank only); None: anywhere in the zone."""
    on_last_rank: bool = True
    """False: not allowed on the last rank (the Diagram's ``!`` prefix)."""
    from_hand: bool = False
    """Only if a piece of that type is in the player's hand (the Diagram's ``*`` prefix)."""
    max_count: int | None = dataclasses.field(default=None, metadata={"omit_empty": True})
    """Only while the player has fewer than this many pieces of that type on the board (Fairy-Stockfish's
    ``promotionLimit``: Grand Chess's one queen, two rooks ...); None: no limit."""
    sides: tuple[Color, ...] = dataclasses.field(default=(), metadata={"omit_empty": True})
    """Only for these players (Fairy-Stockfish's ``promotionPieceTypesWhite`` / ``Black``: chigorin's White promotes
    to a chancellor, Black to a queen); empty: for both."""


class PromotionTrigger(enum.Enum):
    """Which moves may promote, by where they start and end relative to the promotion zone."""

    ENTER = "enter"
    """A move from outside the zone that ends inside it."""
    WITHIN = "within"
    """A move that starts and ends inside the zone."""
    LEAVE = "leave"
    """A move that starts inside the zone and ends outside it (shogi)."""


CHESS_TRIGGERS = frozenset({PromotionTrigger.ENTER, PromotionTrigger.WITHIN})
"""Promotion on every move that ends in the zone (chess, and every game before shogi-style rules)."""
SHOGI_TRIGGERS = frozenset(PromotionTrigger)
"""Promotion on every move that starts or ends in the zone (shogi)."""


@dataclasses.dataclass(frozen=True)
class Promotion:
    """How a piece type promotes.

    The zone is the last ``depth`` ranks from the owner's side, or the squares of the zones called ``zone``
    (one per player) when given. A move that ends in the zone (or, by ``triggers``, starts in it) may promote to
    each of ``choices``; when ``mandatory`` the piece must promote there, otherwise not promoting is a move
    too, except, with ``mandatory_where_stuck``, on a square from which the unpromoted piece could never move
    again (shogi's pawns, lances and knights on the last ranks).
    """

    choices: tuple[PromotionChoice, ...]
    depth: int = 1
    zone: str | None = None
    mandatory: bool = True
    mandatory_where_stuck: bool = False
    """With ``mandatory`` False: promotion is still forced where the unpromoted piece could not move again."""
    triggers: frozenset[PromotionTrigger] = CHESS_TRIGGERS
    """Which moves may promote: entering, moving within and (shogi) leaving the zone."""


class StalemateResult(enum.Enum):
    """The result of a stalemate, for the stalemated side."""

    DRAW = "draw"
    LOSS = "loss"
    WIN = "win"


class BareKingRule(enum.Enum):
    """What happens to a side left with royal pieces only."""

    NONE = "none"
    """Nothing: play goes on."""
    LOSS = "loss"
    """A side left with royal pieces only, while the other still has other pieces, has lost (Shatranj)."""


class RoyalProtection(enum.Enum):
    """Which royal pieces a move may not leave attacked."""

    EVERY = "every"
    """No royal piece may be left attacked (FIDE check)."""
    LAST = "last"
    """Only when a side has a single royal piece left is it protected (the Diagram's default ``extinction``)."""


@dataclasses.dataclass(frozen=True)
class DropRule:
    """Where and when a piece of one type may be dropped from its owner's hand (see :attr:`Rules.drops`).

    Every drop goes to an empty square, and never to a square from which the piece could never move again
    (shogi's pawns and lances on the last rank, knights on the last two). The counts are of the dropping
    player's unpromoted pieces of this type already on the board.
    """

    zone: str | None = None
    """Name of the zones (one per player) the piece may be dropped in; None: anywhere."""
    max_per_file: int | None = None
    """No drop on a file that already holds this many (shogi's pawn rule: 1)."""
    max_per_square_color: int | None = None
    """No drop on a square of a colour (light/dark) that already holds this many (Mitregi's colourbound rule)."""
    no_drop_mate: bool = False
    """A drop of this type may not checkmate (shogi's pawn-drop mate, uchifuzume)."""
    no_drop_check: bool = dataclasses.field(default=False, metadata={"omit_empty": True})
    """A drop of this type may not give check (Fairy-Stockfish's ``dropChecks = false``)."""
    where_stuck: bool = dataclasses.field(default=False, metadata={"omit_empty": True})
    """Also dropped where the piece could never move again (Fairy-Stockfish without ``immobilityIllegal``: the
    immobile stones of tic-tac-toe)."""
    first: bool = dataclasses.field(default=False, metadata={"omit_empty": True})
    """Drops of this type go first: while one is legal, only drops of such types are legal (ZRF move priorities
    that rank them first: Genesis Chess drops its King before anything else)."""
    safe_square: bool = dataclasses.field(default=False, metadata={"omit_empty": True})
    """A drop of this type only on a square no enemy piece attacks, or one a friendly piece defends (could capture
    an enemy piece standing there): ZRF's ``(verify (or not-attacked? defended?))`` in Zillions' Genesis Chess."""


ZONE_ENDS = ("from", "to")
"""The values of :attr:`ZonedMove.on`: the square a zone condition looks at."""


@dataclasses.dataclass(frozen=True)
class ZonedMove:
    """XBetza moves a piece has only where a zone allows them.

    The moves ``betza`` are the piece's only when its start square (``on="from"``) or the square it lands on
    (``on="to"``) is inside (``inside`` True) or outside (``inside`` False) the zone called ``zone``. The zone is
    resolved per colour with :meth:`Game.zone_squares`, so each player may have their own squares of that name
    (a river half, a start rank, a palace). Examples: xiangqi's soldier has ``fW`` always and
    ``ZonedMove("sW", "beyond-river")``; a pawn whose double step is allowed from a start zone has
    ``ZonedMove("mfnD", "start")``; an elephant that may not cross the river has
    ``ZonedMove("nA", "own-half", on="to")``.
    """

    betza: str
    """The XBetza moves (see :mod:`fairyport.xbetza.syntax`) the condition applies to."""
    zone: str
    """Name of the zone (per player, see :meth:`Game.zone_squares`)."""
    on: Literal["from", "to"] = "from"
    """Which square the condition looks at: the start square (``from``) or the landing square (``to``)."""
    inside: bool = True
    """True: the moves are allowed when that square is in the zone; False: when it is not."""

    def text(self) -> str:
        """``BETZA from|to [outside] ZONE`` (read back by :meth:`from_text`)."""
        return f"{self.betza} {self.on} {'' if self.inside else 'outside '}{self.zone}"

    @staticmethod
    def from_text(text: str) -> ZonedMove | None:
        """The zoned move written ``BETZA from|to [outside] ZONE`` by :meth:`text`, or None if it is not one (the
        XBetza is not checked here)."""
        words = text.split()
        inside = not (len(words) == 4 and words[2] == "outside")
        if len(words) != (3 if inside else 4) or words[1] not in ZONE_ENDS:
            return None
        return ZonedMove(words[0], words[-1], "from" if words[1] == "from" else "to", inside)


@dataclasses.dataclass(frozen=True)
class Castling:
    """How a royal piece castles (its XBetza ``O`` moves) where that differs from the Interactive Diagram's rule.

    The Diagram's rule (:attr:`PieceType.castling` None): the royal piece and its partner have not moved, the
    partner is the outermost piece on the royal's rank that way (a rook-like ``R`` piece, or any piece on the
    corner), every square between them is empty, and the royal piece is not in check and passes no attacked
    square. ``O2``: the royal moves 2 squares; the partner lands on the square it passed last. Dagaz's ZRF files
    castle without the first and last tests (``$1 (verify empty?) $1 (verify empty?) to $1 (verify (piece?
    Rook)) cascade $2 $2 add``): ``Castling(virgin=False, safe=False, partner_distance=(4, 3),
    partners=("R",))``.
    """

    virgin: bool = True
    """The royal piece and its partner must not have moved."""
    safe: bool = True
    """The royal piece may not castle out of check nor pass an attacked square."""
    partner_distance: tuple[int, int] | None = None
    """(to the left, to the right) on the board as White sees it, for both players (Dagaz's chess: the Rook 4
    squares to the left, 3 to the right, for Black too): the partner stands exactly that many squares from the
    royal piece, every square between empty; None: the outermost piece on the rank that way."""
    partners: tuple[str, ...] = ()
    """Ids of the types the partner may be; empty: a rook-like (``R``) piece, or any piece on the corner."""
    tested_as: str | None = dataclasses.field(default=None, metadata={"omit_empty": True})
    """Id of the type the attack tests on the royal piece's start and passed squares ask about: a square counts as
    attacked only by enemy pieces that may capture that type (:attr:`PieceType.cannot_capture`). ZRF's castling
    after ``cascade`` runs ``not-attacked?`` with the partner as the moving piece (Non-Prise Chess: a Queen that
    may not capture a Rook does not stop the King castling, nor does her check). None: the royal piece."""
    king_files: tuple[int, int] | None = dataclasses.field(default=None, metadata={"omit_empty": True})
    """(to the left, to the right): the files (0-based, as White sees the board, for both players) the royal
    piece lands on when it castles that way, wherever on its rank it starts (Fairy-Stockfish's castling, Chess960:
    the King to g or c). The partner is the outermost unmoved piece of a :attr:`partners` type (empty: a
    rook-like piece) and of the royal's colour on its rank that way; it lands next to the royal on the side the
    royal came from. Every square the two cross or land on, but their own, must be empty; with :attr:`safe`
    the royal is not in check and no square from its start to its destination is attacked. The ``O`` move's
    range is not used; :attr:`partner_distance` must be None."""


@dataclasses.dataclass(frozen=True)
class Join:
    """A move onto a friendly piece after which the two are one piece (Transport Chess: a Rook that moves onto
    its own Knight becomes a KnightRook, which the Knight then carries).

    The mover makes one of the moves ``betza`` (XBetza; only its landings on a friendly piece of type
    ``partner`` count, so the moves are written with the ``d`` mode) and the mover and the partner become one
    piece of type ``result`` on the partner's square. A join captures nothing, never promotes and does not give
    check by itself; the square it leaves is empty.
    """

    betza: str
    """The moves that may end on the partner (see :mod:`fairyport.xbetza.syntax`)."""
    partner: str
    """Id of the friendly piece type the mover joins."""
    result: str
    """Id of the type the two become."""


@dataclasses.dataclass(frozen=True)
class Unload:
    """A move of part of a combined piece (the unloading of a :class:`Join`): the piece makes one of the moves
    ``betza`` (XBetza, with the modes it gives: a move, a capture or both), arrives as a piece of type
    ``becomes`` and leaves a piece of type ``leaves`` on its start square. The arriving piece then promotes as
    ``becomes`` would promote on that move (Transport Chess: a KnightPawn's pawn steps onto the last rank and
    promotes). Its captures attack: a royal piece an unloading move could capture is in check. (Unlike a
    :class:`Split`, which every move of its piece makes, an unload is a move of its own.)
    """

    betza: str
    """The moves of the part that moves (see :mod:`fairyport.xbetza.syntax`)."""
    leaves: str
    """Id of the type left on the start square."""
    becomes: str
    """Id of the type that arrives."""
    virgin: bool = False
    """The arriving piece counts as not having moved (it may castle or make initial moves): ZRF gives a piece
    that changes type its type's initial attributes."""
    leaves_virgin: bool = False
    """The piece left behind counts as not having moved."""


@dataclasses.dataclass(frozen=True)
class Split:
    """A piece that splits in two when it moves: each of its moves leaves a piece of type :attr:`left` (of the
    mover's colour) on the square it started from, and the mover lands as a piece of type :attr:`moved` (Short
    Assize's PQ, a Pawn that carries a Queen: its first move leaves the Queen behind and goes on as a Pawn). The
    piece left behind takes part in the legality test (it may block a line to the mover's royal piece)."""

    left: str
    """Id of the type left on the square the piece started from."""
    moved: str
    """Id of the type the moving piece becomes where it lands (its own id: it stays what it is)."""


@dataclasses.dataclass
class PieceType:
    """A kind of piece: its name, id (FEN letter), XBetza moves and rule flags. Both colours share it."""

    name: str
    id: str
    """The piece's id, upper case; one letter for FEN use (``{multi}`` ids are written in braces)."""
    betza: str
    """The XBetza move string, as given (see :mod:`fairyport.xbetza.syntax`)."""
    royal: bool = False
    promotion: Promotion | None = None
    confined_to: str | None = None
    """Name of the zone (per player) the piece may not leave, e.g. a palace."""
    drop: DropRule | None = None
    """How the piece is dropped from hand in a game with drops; None: anywhere, with no count limits."""
    image: str | None = None
    extra: dict[str, Any] = dataclasses.field(default_factory=dict)
    """Format-specific data about this piece that must survive a round trip."""
    zoned_moves: tuple[ZonedMove, ...] = dataclasses.field(default=(), metadata={"omit_empty": True})
    """Moves the piece has besides :attr:`betza` only where a zone allows them (see :class:`ZonedMove`)."""
    castling: Castling | None = dataclasses.field(default=None, metadata={"omit_empty": True})
    """How its ``O`` moves castle where that is not the Interactive Diagram's rule (see :class:`Castling`)."""
    joins: tuple[Join, ...] = dataclasses.field(default=(), metadata={"omit_empty": True})
    """Moves onto a friendly piece that make the two one piece (see :class:`Join`)."""
    unloads: tuple[Unload, ...] = dataclasses.field(default=(), metadata={"omit_empty": True})
    """Moves of a part of the piece that leave the rest behind (see :class:`Unload`)."""
    virgin_moves: str = dataclasses.field(default="", metadata={"omit_empty": True})
    """XBetza moves after which the piece still counts as unmoved if it was (ZRF: the ``add`` of a slide on its
    way to a join, which sets no attribute, of a piece whose own moves clear its ``never-moved?``). Where the
    piece has moved, they are its plain moves (one move with a plain move of the same squares). Not for a piece
    that promotes."""
    cannot_capture: tuple[str, ...] = dataclasses.field(default=(), metadata={"omit_empty": True})
    """Ids of the enemy types this piece's moves may not capture (Non-Prise Chess: the Knight captures Pawns and
    the King only; Janggi's cannon spares cannons). Its other captures, and its attacks on the other types, stay;
    a royal type cannot be listed (a piece that could not capture a royal one would not attack it)."""
    cannot_capture_own: tuple[str, ...] = dataclasses.field(default=(), metadata={"omit_empty": True})
    """Ids of the friendly types this piece's ``d`` moves may not capture (Caissa: a Knight captures its own
    pieces, except its Queen)."""
    unmoved_when_made: bool = dataclasses.field(default=False, metadata={"omit_empty": True})
    """A piece that becomes this type by a promotion or a join counts as unmoved (ZRF gives a piece that changes
    type its new type's initial attributes: a pawn promoted to a rook that starts ``never-moved?``)."""
    rebirth: str | None = dataclasses.field(default=None, metadata={"omit_empty": True})
    """Circe: the square a captured piece of this type is put back on, in its own colour and as unmoved, where
    that square was empty before the capturing move (the capturing piece's start square is not: Zillions'
    ``00.Circe.zrf``, whose piece types each name their square); None: a captured piece leaves the game."""
    split: Split | None = dataclasses.field(default=None, metadata={"omit_empty": True})
    """Each move leaves a piece behind and changes the mover's type (see :class:`Split`); None: no split."""


@dataclasses.dataclass(frozen=True)
class Piece:
    """A piece on the board: its type id and colour."""

    id: str
    color: Color

    @property
    def symbol(self) -> str:
        """FEN symbol: upper case for White, lower case for Black; ``{id}`` for multi-letter ids."""
        text = self.id.upper() if self.color == WHITE else self.id.lower()
        return text if len(text) == 1 else "{" + text + "}"


@dataclasses.dataclass
class Setup:
    """The start position."""

    placement: dict[str, Piece] = dataclasses.field(default_factory=dict)
    """Square name -> piece."""
    side_to_move: Color = WHITE
    hands: dict[Color, dict[str, int]] = dataclasses.field(default_factory=dict)
    """Pieces in hand at the start: colour -> piece id -> count (the Interactive Diagram's holdings field).
    Empty for games without pieces in hand."""


@dataclasses.dataclass(frozen=True)
class FlagGoal:
    """A player wins as soon as, after their move, enough of their flag pieces stand in their flag zone (king of
    the hill, breakthrough); the other player then has no move. A flag reached by the player to move does not end
    the game (Fairy-Stockfish's ``flagMove = false``)."""

    zone: str
    """Name of the flag zone (per player, see :meth:`Game.zone_squares`)."""
    white_piece: str | None = None
    """Id of White's flag piece; None: any of White's pieces."""
    black_piece: str | None = None
    """Id of Black's flag piece; None: any of Black's pieces."""
    count: int = 1
    """How many flag pieces must stand in the zone."""
    blocked_win: bool = False
    """Also won when the zone is full (no empty square) and holds at least one flag piece."""
    extra_move: bool = dataclasses.field(default=False, metadata={"omit_empty": True})
    """The opponent of the player who reached the flag moves once more (Fairy-Stockfish's ``flagMove``, racing
    kings): the game ends at the start of the turn of a player whose flag is reached. Where the opponent's flag
    piece is royal, that extra move is Black's only, and only when Black is not in check and its royal flag
    piece can step into Black's flag zone (otherwise the game ends at once)."""
    safe: bool = dataclasses.field(default=False, metadata={"omit_empty": True})
    """A flag counts only while safe (Fairy-Stockfish's ``flagPieceSafe``, without ``extra_move``): with exactly
    ``count`` flag pieces in the zone, none may be attacked by the opponent. The game then ends for either player's
    flag, checked before each move: the player to move wins by its own (a draw when both are reached), loses by the
    opponent's."""

    def piece(self, color: Color) -> str | None:
        """The id of ``color``'s flag piece (None: any piece)."""
        return self.white_piece if color == WHITE else self.black_piece


@dataclasses.dataclass(frozen=True)
class ExtinctionGoal:
    """The game ends as soon as a side has at most ``count`` pieces (on the board and in hand) of one of the
    listed types while the other side has at least ``opponent_count`` of that type (Fairy-Stockfish's
    ``extinctionValue``; antichess, extinction chess, three kings). The side whose pieces ran out scores
    ``result``; no move is made after that. Checked for the player who just moved first, then for the player to
    move; a promoted piece counts as the type it became."""

    pieces: tuple[str, ...] | None = None
    """Ids of the piece types counted one by one; None: all of a side's pieces counted together."""
    count: int = 0
    """The game ends when a side has this many pieces of a type or fewer."""
    opponent_count: int = 0
    """... and the other side has at least this many of it."""
    result: StalemateResult = StalemateResult.LOSS
    """The result for the side whose pieces ran out."""
    claim: bool = dataclasses.field(default=False, metadata={"omit_empty": True})
    """The player to move has run out only while the other has at least ``opponent_count`` + 1 (Fairy-Stockfish's
    ``extinctionClaim``: shatranj's bared king may still bare the other one; the player who just moved is counted
    as without it)."""


CONNECT_DIRECTIONS = ("horizontal", "vertical", "diagonal")
"""The line directions a :class:`ConnectGoal` may count (Fairy-Stockfish's ``connectHorizontal``, ...)."""


@dataclasses.dataclass(frozen=True)
class ConnectGoal:
    """A player wins (scores ``result``) as soon as, after their move, their connecting pieces make a line of
    ``count`` squares in one of the ``directions``, a ``square`` x ``square`` block, or a chain from their zone
    ``zones[0]`` to their zone ``zones[1]`` (tic-tac-toe, connect four, Teeko, Gale; Fairy-Stockfish's
    ``connectN``, ``connectNxN``, ``connectRegion1/2``). The chain is Fairy-Stockfish's: it grows from the first
    zone's pieces one step at a time eastwards and northwards only (and north-east and south-east with
    ``diagonal``), never westwards or southwards."""

    count: int = 0
    """Pieces in a line that win; 0: no line goal."""
    directions: tuple[str, ...] = CONNECT_DIRECTIONS
    """The line directions counted (and the chain's steps): of ``horizontal``, ``vertical``, ``diagonal``."""
    pieces: tuple[str, ...] | None = None
    """Ids of the connecting piece types; None: every piece."""
    square: int = 0
    """Side of a block of pieces that wins; 0: no block goal."""
    zones: tuple[str, str] | None = None
    """Names of the two zones (per player) a chain joins; None: no chain goal."""
    result: StalemateResult = StalemateResult.WIN
    """The result for the player who connected (Fairy-Stockfish's ``connectValue``)."""


@dataclasses.dataclass(frozen=True)
class Blast:
    """Atomic captures: a capture also removes the capturing piece and every piece on the eight squares around
    the capture square, except pieces of the ``spared`` types (Fairy-Stockfish's ``blastOnCapture``: its pawns).
    With a blast, royal pieces follow Fairy-Stockfish's pseudo-royal rule: a move may not blast one of the
    mover's royal pieces, a move that blasts an enemy royal piece is legal whatever it leaves attacked, and
    a royal piece next to an enemy royal piece counts as not attacked."""

    spared: tuple[str, ...] = ()
    """Ids of the piece types that an explosion next to them does not remove (they are removed when captured)."""
    immune: tuple[str, ...] = dataclasses.field(default=(), metadata={"omit_empty": True})
    """Ids of the piece types no explosion removes, not even as the capturing piece (Fairy-Stockfish's
    ``blastImmuneTypes``: atomar's king, a commoner)."""


@dataclasses.dataclass
class Rules:
    """Game rules other than piece moves. Castling and en passant are given by the pieces' XBetza."""

    stalemate: StalemateResult = StalemateResult.DRAW
    bare_king: BareKingRule = BareKingRule.NONE
    royals_may_face: bool = True
    """False: two royal pieces may not stand on one file with nothing between them (xiangqi)."""
    royal_protection: RoyalProtection = RoyalProtection.EVERY
    drops: bool = False
    """Pieces in hand may be dropped on the board as a move (shogi, crazyhouse)."""
    captures_to_hand: bool = False
    """A captured piece goes to the capturer's hand, demoted to its unpromoted type and changing colour.
    Promoted pieces then remember what they were (written ``+P`` in FEN)."""
    demote_captured: bool = True
    """With ``captures_to_hand``: False keeps a captured promoted piece as the type it promoted to (the
    Interactive Diagram's ``holdingsType`` below -1)."""
    captures_to_owner: bool = False
    """A captured piece goes back to its owner's hand, as it is (the Interactive Diagram's ``holdingsType`` > 0),
    where it waits for a promotion that takes it from hand (:attr:`PromotionChoice.from_hand`)."""
    flag: FlagGoal | None = dataclasses.field(default=None, metadata={"omit_empty": True})
    """A flag goal besides checkmate (see :class:`FlagGoal`)."""
    must_capture: bool = dataclasses.field(default=False, metadata={"omit_empty": True})
    """When a player has a legal capture, only captures are legal (drops and castling are not captures; an e.p.
    capture is)."""
    no_checks: bool = dataclasses.field(default=False, metadata={"omit_empty": True})
    """A move that attacks a protected royal piece of the opponent (gives check) is illegal (Fairy-Stockfish's
    ``checking = false``); with :attr:`must_capture`, a checking capture does not count as a capture."""
    royal_optional: bool = dataclasses.field(default=False, metadata={"omit_empty": True})
    """A side without royal pieces plays on, never in check, instead of having lost (a game with royal pieces
    otherwise ends for the side to move that has none): one side of Horde or Dunsany's chess has no king from the
    start (ZRF's checkmate goal, which such a side can never meet)."""
    must_drop: bool = dataclasses.field(default=False, metadata={"omit_empty": True})
    """When a player has a legal drop, only drops are legal (Fairy-Stockfish's ``mustDrop``: placement phases of
    tic-tac-toe-like games)."""
    extinction: ExtinctionGoal | None = dataclasses.field(default=None, metadata={"omit_empty": True})
    """A game end when a side runs out of pieces of a type (see :class:`ExtinctionGoal`)."""
    blast: Blast | None = dataclasses.field(default=None, metadata={"omit_empty": True})
    """Atomic captures (see :class:`Blast`)."""
    connect: ConnectGoal | None = dataclasses.field(default=None, metadata={"omit_empty": True})
    """A game end when a player connects pieces (see :class:`ConnectGoal`)."""
    check_count: int = dataclasses.field(default=0, metadata={"omit_empty": True})
    """A player who has given check this many times has won: the other has no move after the last one
    (Fairy-Stockfish's ``checkCounting``, three-check chess: 3); 0: checks are not counted. A FEN may give the
    checks each side still needs (``3+3``)."""


@dataclasses.dataclass
class Metadata:
    """Descriptive information about a game."""

    title: str = ""
    author: str = ""
    description: str = ""
    source: str = ""
    """Where the definition came from (a file, a page address)."""


KEPT_PROGRAM = "program"
""":attr:`KeptCode.kind` of a piece's move or drop block kept in its format's language (its interpreter plays it)."""
KEPT_RULE = "rule"
""":attr:`KeptCode.kind` of a rule kept in its format's language (its interpreter plays it)."""
UNTRANSLATED = "untranslated"
""":attr:`KeptCode.kind` of code a reader could not translate: the model lacks that rule, so the game is neither
played nor written elsewhere until it is translated."""


@dataclasses.dataclass(frozen=True)
class KeptCode:
    """Code a reader kept in its format's own language because the model has no place for it (a ZRF move block
    that is not XBetza, a ZRF turn order or goal, a GAME Code piece function that was not translated)."""

    format: str
    """The format whose language the code is in (``zrf``, ``gamecourier``)."""
    kind: str
    """:data:`KEPT_PROGRAM`, :data:`KEPT_RULE` or :data:`UNTRANSLATED`."""
    text: str
    """The code (expanded, for ZRF), or for untranslated code what it is."""
    location: str
    """Where it stands in the source: ``file:line:column``."""
    name: str = ""
    """The rule's name (``turn-order``, ``option pass turn``, ``goal ...``); empty for a program."""
    piece: str = ""
    """The id of the piece a program belongs to; empty for a rule."""
    section: str = ""
    """ZRF: the piece section a program stands in (``moves`` or ``drops``)."""
    move_type: str = ""
    """ZRF: the ``move-type`` a program stands under (empty: none)."""
    why: str = dataclasses.field(default="", metadata={"omit_empty": True})
    """Why the model has no place for a program (naming the construct and where it stands) or a rule, in model
    terms (empty where the reader did not say)."""
    beside: bool = dataclasses.field(default=False, metadata={"omit_empty": True})
    """A program the model has a place for, kept only beside the game's other kept code (which needs the source's
    own position names): no reason of its own, so :func:`kept_code` lists it after the others."""


@dataclasses.dataclass
class Game:
    """A complete game: everything a format can say about a chess variant."""

    metadata: Metadata
    board: Board
    pieces: list[PieceType]
    setup: Setup
    rules: Rules = dataclasses.field(default_factory=Rules)
    zones: list[Zone] = dataclasses.field(default_factory=list)
    format_data: dict[str, Any] = dataclasses.field(default_factory=dict)
    """Format name -> data that format needs to write the game back faithfully (unknown keys, comments, ...)."""
    kept: list[KeptCode] = dataclasses.field(default_factory=list, metadata={"omit_empty": True})
    """Code kept in a format's own language, in source order (empty for a game the model holds whole)."""
    program: GameProgram | None = dataclasses.field(default=None, compare=False, repr=False,
                                                    metadata={"omit_empty": True, "derived": True})
    """The whole game as a format-neutral program (:mod:`fairyport.program`), when the reader could give one for a
    game the model cannot hold whole: writers that enforce rules in code (Game Courier) translate it. Derived
    from the source, so it is not saved in JSON documents."""
    program_source: Callable[[], GameProgram | None] | None = dataclasses.field(
        default=None, compare=False, repr=False, metadata={"omit_empty": True, "derived": True})
    """How to build :attr:`program` from the source when a writer needs it (:meth:`whole_program`): for a game the
    model cannot hold whole, the program route of writers that enforce rules in code; for a game it holds whole, a
    target whose writer of the model cannot say one of the game's rules (a castling after moving) writes the
    source's own rules in its code instead. Built on first use (a large ZRF game takes seconds to lower); derived
    from the source, not saved."""

    def whole_program(self) -> GameProgram | None:
        """:attr:`program`, built from :attr:`program_source` on first use."""
        if self.program is None and self.program_source is not None:
            self.program = self.program_source()
            self.program_source = None
        return self.program

    def programs(self, piece_id: str) -> list[KeptCode]:
        """The move and drop blocks kept as code for the piece ``piece_id``, in source order."""
        return [k for k in self.kept if k.kind == KEPT_PROGRAM and k.piece == piece_id]

    def kept_rules(self, fmt: str) -> list[KeptCode]:
        """The rules kept as code of the format ``fmt``, in source order."""
        return [k for k in self.kept if k.kind == KEPT_RULE and k.format == fmt]

    def kept_formats(self) -> list[str]:
        """The formats whose interpreters must play this model: those of its kept programs and rules, and ZRF
        for a board with links (only ZRF says them), each once."""
        found = [k.format for k in self.kept if k.kind in (KEPT_PROGRAM, KEPT_RULE)]
        if self.board.links:
            found.append("zrf")
        return list(dict.fromkeys(found))

    def piece_type(self, piece_id: str) -> PieceType:
        """The piece type with id ``piece_id`` (case-insensitive).

        :raises ModelError: if there is none.
        """
        wanted = piece_id.upper()
        for piece in self.pieces:
            if piece.id.upper() == wanted:
                return piece
        raise ModelError(f"unknown piece {piece_id!r}", expected="one of " + ", ".join(p.id for p in self.pieces))

    def idle_hand_pieces(self) -> list[str]:
        """The ids of the pieces that start in a hand but could never enter play: the game has no drops and no
        promotion takes pieces from hand (sorted; empty for a playable setup)."""
        in_hand = sorted({pid for hand in self.setup.hands.values() for pid, n in hand.items() if n > 0})
        from_hand = any(choice.from_hand for p in self.pieces if p.promotion for choice in p.promotion.choices)
        return [] if self.rules.drops or from_hand else in_hand

    def zone_squares(self, name: str, color: Color) -> frozenset[str]:
        """The squares of the zones called ``name`` that belong to ``color`` or to both players."""
        return zone_squares(self.zones, name, color)

    def validate(self) -> None:
        """Check the model's internal references: ids unique, setup pieces defined and on the board, zones known.

        :raises ModelError: on the first inconsistency.
        """
        if self.board.files > MAX_BOARD_SIDE or self.board.ranks > MAX_BOARD_SIDE:
            raise ModelError(f"the board has {self.board.files} files and {self.board.ranks} ranks; at most "
                             f"{MAX_BOARD_SIDE} of each are supported")
        seen: set[str] = set()
        for piece in self.pieces:
            key = piece.id.upper()
            if key in seen:
                raise ModelError(f"two piece types have the id {piece.id!r}")
            seen.add(key)
        zone_names = {z.name for z in self.zones}
        for piece in self.pieces:
            self._validate_piece(piece, zone_names)
        self._validate_goals(zone_names)
        self._validate_squares()

    def _validate_piece(self, piece: PieceType, zone_names: set[str]) -> None:
        """Check one piece type's zones, the piece types it names and the rules it may not combine."""
        if piece.drop is not None and piece.drop.zone is not None and piece.drop.zone not in zone_names:
            raise ModelError(f"piece {piece.name!r} is dropped in unknown zone {piece.drop.zone!r}")
        if piece.confined_to is not None and piece.confined_to not in zone_names:
            raise ModelError(f"piece {piece.name!r} is confined to unknown zone {piece.confined_to!r}")
        for zoned in piece.zoned_moves:
            self._validate_zoned_moves(piece, zoned, zone_names)
        if piece.castling is not None:
            self._validate_castling(piece, piece.castling)
        for join in piece.joins:
            self.piece_type(join.partner)
            self.piece_type(join.result)
        for unload in piece.unloads:
            self.piece_type(unload.leaves)
            self.piece_type(unload.becomes)
        for spared in (*piece.cannot_capture, *piece.cannot_capture_own):
            self.piece_type(spared)
        if piece.virgin_moves and piece.promotion is not None:
            raise ModelError(f"piece {piece.name!r} promotes and has moves that keep it unmoved "
                             f"({piece.virgin_moves})", expected="no virgin_moves on a promoting piece")
        if piece.split is not None:
            self.piece_type(piece.split.left)
            self.piece_type(piece.split.moved)
            if piece.promotion is not None or piece.castling is not None or piece.royal:
                raise ModelError(f"piece {piece.name!r} splits when it moves and is royal, castles or promotes",
                                 expected="a split piece that is not royal and neither castles nor promotes")
        if piece.promotion is not None:
            for choice in piece.promotion.choices:
                self.piece_type(choice.piece)
            if piece.promotion.zone is not None and piece.promotion.zone not in zone_names:
                raise ModelError(f"piece {piece.name!r} promotes in unknown zone {piece.promotion.zone!r}")

    def _validate_castling(self, piece: PieceType, castling: Castling) -> None:
        """Check a castling piece's partners (piece types of the game, at least two squares away)."""
        for partner in castling.partners:
            self.piece_type(partner)
        if castling.tested_as is not None:
            self.piece_type(castling.tested_as)
        files = castling.king_files
        if files is not None and (castling.partner_distance is not None
                                  or not (0 <= files[0] < self.board.files - 1 and 0 < files[1] < self.board.files)):
            raise ModelError(f"piece {piece.name!r} castles to files {files}",
                             expected="files with room for the partner on the board, and no partner_distance")
        if castling.partner_distance is not None and min(castling.partner_distance) < 2:
            raise ModelError(f"piece {piece.name!r} castles with a partner "
                             f"{castling.partner_distance} squares away",
                             expected="distances of at least 2 (to the left, to the right)")

    def _validate_goals(self, zone_names: set[str]) -> None:
        """Check the pieces, zones and counts the flag, extinction, blast and connection rules name."""
        flag = self.rules.flag
        if flag is not None:
            if flag.zone not in zone_names:
                raise ModelError(f"the flag goal names unknown zone {flag.zone!r}",
                                 expected=self._one_of_zones(zone_names))
            for piece_id in (flag.white_piece, flag.black_piece):
                if piece_id is not None:
                    self.piece_type(piece_id)
            if flag.count < 1:
                raise ModelError(f"the flag goal needs {flag.count} pieces", expected="a count of at least 1")
        extinction = self.rules.extinction
        if extinction is not None:
            for piece_id in extinction.pieces or ():
                self.piece_type(piece_id)
            if extinction.count < 0 or extinction.opponent_count < 0:
                raise ModelError(f"the extinction goal counts {extinction.count} and {extinction.opponent_count}",
                                 expected="counts of at least 0")
        if self.rules.blast is not None:
            for piece_id in (*self.rules.blast.spared, *self.rules.blast.immune):
                self.piece_type(piece_id)
        if self.rules.connect is not None:
            self._validate_connect(self.rules.connect, zone_names)

    def _validate_connect(self, connect: ConnectGoal, zone_names: set[str]) -> None:
        """Check the connection goal's pieces, zones and line directions."""
        for piece_id in connect.pieces or ():
            self.piece_type(piece_id)
        for zone_name in connect.zones or ():
            if zone_name not in zone_names:
                raise ModelError(f"the connection goal names unknown zone {zone_name!r}",
                                 expected=self._one_of_zones(zone_names))
        unknown = sorted(set(connect.directions) - set(CONNECT_DIRECTIONS))
        if unknown:
            raise ModelError(f"the connection goal counts lines {unknown[0]!r}",
                             expected="of " + ", ".join(CONNECT_DIRECTIONS))

    def _validate_squares(self) -> None:
        """Check that rebirth squares, zones and the setup name squares of the board and pieces of the game."""
        for piece in self.pieces:
            if piece.rebirth is not None:
                self.board.square(piece.rebirth)
        for zone in self.zones:
            for square in sorted(zone.squares):
                self.board.square(square)
        known = {piece.id.upper() for piece in self.pieces}  # one set, not a search per placed piece
        for square, placed in self.setup.placement.items():
            self.board.square(square)
            if placed.id.upper() not in known:
                self.piece_type(placed.id)
        for hand in self.setup.hands.values():
            for piece_id in hand:
                if piece_id.upper() not in known:
                    self.piece_type(piece_id)

    @staticmethod
    def _validate_zoned_moves(piece: PieceType, zoned: ZonedMove, zone_names: set[str]) -> None:
        """Check one entry of a piece's moves in a zone: a known zone, an end of the move, some XBetza."""
        if zoned.zone not in zone_names:
            raise ModelError(f"piece {piece.name!r} has moves {zoned.betza!r} in unknown zone {zoned.zone!r}",
                             expected=Game._one_of_zones(zone_names))
        if zoned.on not in ZONE_ENDS:
            raise ModelError(f"piece {piece.name!r}: zoned moves {zoned.betza!r} look at {zoned.on!r}",
                             expected="'from' or 'to'")
        if not zoned.betza.strip():
            raise ModelError(f"piece {piece.name!r}: zoned moves in zone {zoned.zone!r} have no XBetza",
                             expected="an XBetza move")

    @staticmethod
    def _one_of_zones(zone_names: set[str]) -> str:
        """What an unknown zone name was expected to be."""
        return "one of the game's zones: " + (", ".join(sorted(zone_names)) or "none")


EXCERPT = 80
"""Characters of kept code quoted in a message (then ``…``): a kept block can be thousands of characters."""


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """``text`` cut to ``limit`` characters, with ``…`` where it was cut."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "…"


def kept_code(game: Game, target: str | None = None) -> list[tuple[str, str]]:
    """What ``game`` keeps as code of a format other than ``target`` (None: any format), and its board's links:
    (feature, description) pairs, each description naming the piece or rule, an excerpt and the location."""
    found: list[tuple[str, str]] = []
    beside: list[tuple[str, str]] = []  # programs kept only beside the others come after them
    for piece in game.pieces:
        for program in game.programs(piece.id):
            fmt = program.format
            if fmt != target:
                why = f" ({program.why})" if program.why else ""
                (beside if program.beside else found).append((
                    f"{piece.name}: {fmt} program",
                    f"piece {piece.name!r}: {fmt} move block {excerpt(program.text)} at {program.location}{why}"))
    found.extend(beside)
    for rule in game.kept:
        if rule.kind == KEPT_RULE and rule.format != target:
            why = f" ({rule.why})" if rule.why else ""
            found.append((f"{rule.format} {rule.name}",
                          f"{rule.format} rule {excerpt(rule.text)} at {rule.location}{why}"))
    if game.board.links and target != "zrf":
        found.append(("board links", f"a board with links ({len(game.board.positions)} positions, directions "
                      + ", ".join(sorted(game.board.links)[:8]) + ")"))
    return found
