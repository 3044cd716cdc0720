"""Turn a read ``variants.ini`` section (:class:`~fairyport.fsf.state.State`) into the common game model.

What Fairy-Stockfish plays and the model holds the same way becomes model data; anything else raises
:class:`~fairyport.errors.UnsupportedError` naming the option and where it was set. The rules, as
Fairy-Stockfish plays them (its ``movegen.cpp`` and ``position.cpp``):

- The pawn steps forward, captures diagonally forward, double-steps (both squares empty) from its double-step
  region and is taken en passant. The model's initial moves (``i``) belong to pieces that have not moved, so
  the double step is read only where the two agree: every pawn of a colour starts in the region, the region
  is one rank, pawns never move back or sideways, no pawn is dropped or promoted to (otherwise the option is
  refused by name).
- Pawn types promote on moves that end in the promotion region (to each promotion type; not promoting too when
  ``mandatoryPawnPromotion`` is false); ``promotedPieceType`` promotes shogi-style on moves that start or end
  in the region, optionally unless ``mandatoryPiecePromotion``; with ``immobilityIllegal`` no piece may stay
  or be dropped where it could never move again.
- Drops go to empty squares of the drop region; pawns also not on the first rank nor in the promotion zone
  (unless ``firstRankPawnDrops`` / ``promotionZonePawnDrops``); ``dropNoDoubled`` limits a type per file.
- Castling is read when the start position gives every right (``KQkq``), the kings stand on the castling file
  of the first rank, partners of a ``castlingRookPieces`` type in the corners and the king moves as far each
  way (the model turns Black's moves by 180 degrees, so unequal distances would not be Black's).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from fairyport.errors import Location, ModelError, ParseError, UnsupportedError
from fairyport.fsf import options as opt
from fairyport.fsf.builtins import PIECES, SPECIAL_PIECES
from fairyport.fsf.castling_to_files import castle_to_files
from fairyport.fsf.dialect import DialectError, move_maps, parse_fsf, to_xbetza
from fairyport.fsf.state import State, Where
from fairyport.fsf.syntax import Section
from fairyport.model import (
    BLACK,
    CHESS_TRIGGERS,
    COLOR_NAMES,
    CONNECT_DIRECTIONS,
    SHOGI_TRIGGERS,
    WHITE,
    Blast,
    Board,
    Castling,
    Color,
    ConnectGoal,
    DropRule,
    ExtinctionGoal,
    FlagGoal,
    Game,
    Metadata,
    Piece,
    PieceType,
    Promotion,
    PromotionChoice,
    RoyalProtection,
    Rules,
    Setup,
    StalemateResult,
    Zone,
    ZonedMove,
    square_name,
)
from fairyport.xbetza import syntax as betza

HANDLED = frozenset({
    "maxRank", "maxFile", "startFen", "promotionRegion.white", "promotionRegion.black",
    "promotionPawnTypes.white", "promotionPawnTypes.black", "promotionPieceTypes.white",
    "promotionPieceTypes.black", "promotedPieceType", "mandatoryPawnPromotion", "mandatoryPiecePromotion",
    "doubleStep", "doubleStepRegion.white", "doubleStepRegion.black", "enPassantTypes.white",
    "enPassantTypes.black", "castling", "castlingKingsideFile", "castlingQueensideFile", "castlingKingFile",
    "castlingRookPieces.white", "castlingRookPieces.black", "castlingKingPiece.white", "castlingKingPiece.black",
    "castlingRookKingsideFile", "castlingRookQueensideFile", "pieceDrops", "capturesToHand", "dropRegion.white",
    "dropRegion.black", "firstRankPawnDrops", "promotionZonePawnDrops", "dropNoDoubled", "dropNoDoubledCount",
    "immobilityIllegal", "shogiPawnDropMateIllegal", "flyingGeneral", "stalemateValue", "checkmateValue",
    "soldierPromotionRank", "extinctionValue", "extinctionPseudoRoyal", "extinctionPieceTypes",
    "extinctionPieceCount", "extinctionOpponentPieceCount", "mustCapture", "flagPiece.white", "flagPiece.black",
    "flagRegion.white", "flagRegion.black", "flagPieceCount", "flagPieceBlockedWin", "flagMove", "flagPieceSafe",
    "checking",
    "blastOnCapture", "connectN", "connectNxN", "connectHorizontal", "connectVertical", "connectDiagonal",
    "connectPieceTypes", "connectValue", "connectRegion1.white", "connectRegion1.black", "connectRegion2.white",
    "connectRegion2.black", "mustDrop", "dropChecks", "checkCounting", "dropLoop", "promotionLimit",
    "enPassantRegion.white", "enPassantRegion.black", "castlingRank", "extinctionClaim", "chess960",
    "blastImmuneTypes", "mutuallyImmuneTypes",
})
"""Slots :func:`build_game` reads into the model (each checked for the values the model can hold)."""

PAWN_DOUBLE_STEP = "ifmnD"
"""Fairy-Stockfish's pawn double step (both squares empty, the passed square open to en passant). As a zoned
move it loses its ``i`` and is written ``fmnnD`` (``nn``: the e.p. rights that ``i`` gives a lame move)."""
STALEMATE = {"draw": StalemateResult.DRAW, "loss": StalemateResult.LOSS, "win": StalemateResult.WIN}
"""``stalemateValue`` for the stalemated side."""
SIDES = ((WHITE, "white"), (BLACK, "black"))
Regions = dict[Color, frozenset[tuple[int, int]]]
"""A region per side: 0-based (file, rank) squares."""
NO_CASTLING_KING = "king without castling"
"""The name of the king type of the side the start position gives no castling right (when the other side has
one): the model's castling belongs to a piece type, Fairy-Stockfish's rights to a side."""


def _only_side(piece_type: str, sides: dict[Color, frozenset[str]]) -> tuple[Color, ...]:
    """The one side whose ``promotionPieceTypes`` holds ``piece_type`` (empty: both, or neither: a promoted
    type)."""
    holders = tuple(color for color, types in sides.items() if piece_type in types)
    return holders if len(holders) == 1 else ()


def _with_en_passant(text: str) -> str:
    """The XBetza ``text`` with ``e`` on its capture-only moves: Fairy-Stockfish's ``e`` marks the piece as an
    en-passant taker, which then takes e.p. with its captures (berolina's ``cfeW``)."""
    moves = betza.parse_moves(text)
    return betza.write([dataclasses.replace(m, legs=(dataclasses.replace(m.first, modes=m.first.modes + "e"),))
                        if not m.is_multi_leg and "c" in m.first.modes and not {"m", "e"} & set(m.first.modes)
                        else m for m in moves])


def _zoned_modes(modes: str) -> str:
    """The modes of an initial move made a zoned one: no ``i``; a lame move keeps its e.p. rights (``nn``)."""
    rest = modes.replace("i", "")
    return rest.replace("n", "nn") if rest.count("n") == 1 else rest


class _Builder:
    def __init__(self, state: State, section: Section, file: str) -> None:
        self.state = state
        self.section = section
        self.file = file
        self.files: int = state.get("maxFile")
        self.ranks: int = state.get("maxRank")
        self.zones: list[Zone] = []
        self.letters = {t: letter.upper() for t, letter in state.pieces.items()}
        self.kept: dict[str, Any] = {}
        self.holes: set[str] = set()
        """The start position's walls (``*``): holes of the board."""

    # ------------------------------------------------------------------ helpers
    def refuse(self, slot: str, reason: str) -> UnsupportedError:
        where = self.state.where(slot)
        key = where.key if where is not None and where.key else slot.split(".")[0]
        location = where.location() if where is not None else Location(self.file, self.section.line)
        return UnsupportedError(f"{key}: {reason}", location, feature=key)

    def on_board(self, squares: frozenset[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        return frozenset((f, r) for f, r in squares if f < self.files and r < self.ranks)

    def names(self, squares: frozenset[tuple[int, int]]) -> frozenset[str]:
        return frozenset(square_name(f, r) for f, r in squares)

    def everything(self) -> frozenset[tuple[int, int]]:
        return frozenset((f, r) for f in range(self.files) for r in range(self.ranks))

    def zone(self, name: str, per_colour: dict[Color, frozenset[tuple[int, int]]]) -> str:
        for color, squares in per_colour.items():
            self.zones.append(Zone(name, self.names(squares), color))
        return name

    def region(self, slot: str) -> dict[Color, frozenset[tuple[int, int]]]:
        return {color: self.on_board(self.state.get(f"{slot}.{side}")) for color, side in SIDES}

    def type_ids(self, types: frozenset[str]) -> tuple[str, ...] | None:
        """The model's ids of the game's piece types among Fairy-Stockfish's ``types`` (sorted); None for ``*``
        (all pieces together)."""
        if opt.ALL_PIECES in types:
            return None
        return tuple(sorted(self.letters[t] for t in types if t in self.letters))

    # ------------------------------------------------------------------ checks
    def refuse_unsupported(self) -> None:
        for slot, (value, _) in self.state.slots.items():
            if slot in HANDLED or slot.startswith(("mobility.", "piece.")):
                continue
            if slot == "freeDrops":
                raise self.refuse(slot, "drops from an endless supply (Fairy-Stockfish's built-in ataxx)")
            if value != opt.DEFAULTS.get(slot):
                raise self.refuse(slot, "fairyport's game model has no such rule")
        if self.files > opt.MAX_FILES or self.ranks > opt.MAX_RANKS:
            raise self.refuse("maxFile" if self.files > opt.MAX_FILES else "maxRank",
                              f"Fairy-Stockfish boards go up to {opt.MAX_FILES} x {opt.MAX_RANKS}")
        if self.files < 1 or self.ranks < 1:
            raise ParseError("the board needs at least one file and one rank", Location(self.file, self.section.line),
                             found=f"{self.files} x {self.ranks}")
        if self.state.get("checkmateValue") != "loss":
            raise self.refuse("checkmateValue", "only checkmate as a loss for the mated side is in the model")
        if self.state.get("stalemateValue") not in STALEMATE:
            raise self.refuse("stalemateValue", "a stalemate with no result")
        for slot in ("promotionPieceTypes.white", "promotionPieceTypes.black", "promotionPawnTypes.white",
                     "promotionPawnTypes.black", "enPassantTypes.white", "enPassantTypes.black",
                     "castlingRookPieces.white", "castlingRookPieces.black"):
            if opt.ALL_PIECES in self.state.get(slot):
                raise self.refuse(slot, "'*' (all pieces together) is no piece type here")
        if self.state.get("capturesToHand") and not self.state.get("pieceDrops"):
            raise self.refuse("capturesToHand", "captures to hand without drops")

    # ------------------------------------------------------------------ pieces
    def piece_where(self, piece_type: str) -> Where:
        """Where the piece was defined (its section's header for a built-in piece of a built-in parent)."""
        return self.state.where(f"piece.{piece_type}") or Where(self.file, self.section.line)

    def moves_of(self, piece_type: str) -> str:
        if piece_type == "pawn":
            return "fmWfcF"
        text = self.state.custom.get(piece_type, PIECES[piece_type])
        try:
            xbetza, skipped = to_xbetza(text)
        except DialectError as error:
            raise UnsupportedError(f"{piece_type} = {text}: {error}", self.piece_where(piece_type).location(),
                                   feature=piece_type) from None
        rider_skips = [item for item in skipped if not item.startswith("'")]
        if rider_skips:
            self.state.warn(self.piece_where(piece_type), f"{piece_type} = {text!r}: " + "; ".join(rider_skips))
        return xbetza

    def pieces(self) -> list[PieceType]:
        out: list[PieceType] = []
        for piece_type in PIECES:
            if piece_type not in self.state.pieces:
                continue
            if piece_type in SPECIAL_PIECES and piece_type not in self.state.custom:
                raise UnsupportedError(f"{piece_type}: {SPECIAL_PIECES[piece_type]}",
                                       self.piece_where(piece_type).location(), feature=piece_type)
            moves = self.moves_of(piece_type)
            piece = PieceType(piece_type, self.letters[piece_type], moves, royal=piece_type == "king")
            if piece_type in self.state.custom:
                piece.extra["fsf"] = {"betza": self.state.custom[piece_type]}
            mobility = {color: self.on_board(self.state.get(f"mobility.{side}.{piece_type}")) for color, side in SIDES}
            if any(mobility.values()):
                full = {c: s or self.everything() for c, s in mobility.items()}
                piece.confined_to = self.zone(f"mobility-{piece_type}", full)
            out.append(piece)
        return out

    def soldier(self, pieces: list[PieceType]) -> None:
        """Fairy-Stockfish's soldier steps sideways only from ``soldierPromotionRank`` on (its own side's count)."""
        rank = self.state.get("soldierPromotionRank")
        soldier = next((p for p in pieces if p.name == "soldier"), None)
        if rank <= 0 or soldier is None:
            return
        white = frozenset((f, r) for f in range(self.files) for r in range(rank, self.ranks))
        black = frozenset((f, r) for f in range(self.files) for r in range(self.ranks - rank))
        soldier.betza = "fW"
        soldier.zoned_moves = (ZonedMove("sW", self.zone("soldier-sideways", {WHITE: white, BLACK: black})),)

    # ------------------------------------------------------------------ setup
    def setup(self) -> tuple[Setup, str]:
        fen: str = self.state.get("startFen")
        where = self.state.where("startFen")
        location = where.location() if where is not None else Location(self.file, self.section.line)
        fields = fen.split()
        if not fields:
            raise ParseError("startFen is empty", location)
        board_text = fields[0]
        hands_text = ""
        match = re.fullmatch(r"(.*)\[(.*)\]", board_text)
        if match:
            board_text, hands_text = match.group(1), match.group(2)
        rows = board_text.split("/")
        if len(rows) == self.ranks + 1:
            hands_text, rows = rows[-1], rows[:-1]
        if len(rows) != self.ranks:
            raise ParseError(f"startFen has {len(rows)} ranks, the board {self.ranks}", location, found=fen)
        placement: dict[str, Piece] = {}
        for index, row in enumerate(rows):
            rank = self.ranks - 1 - index
            file = 0
            for token in re.findall(r"\d+|.", row):
                if token.isdecimal():
                    file += int(token)
                    continue
                if token == "*":  # a wall: Fairy-Stockfish's square no piece may enter or pass, the model's hole
                    self.holes.add(square_name(file, rank))
                    file += 1
                    continue
                if token in "+~":
                    raise UnsupportedError(f"startFen: {token!r} (promoted pieces in the start position)",
                                           location, feature="startFen")
                piece_type = self.state.type_of(token)
                if piece_type is None:
                    raise ParseError(f"startFen: no piece has the letter {token!r}", location, found=fen)
                if file >= self.files:
                    raise ParseError(f"startFen: rank {rank + 1} is longer than {self.files} files", location)
                color = WHITE if token.isupper() else BLACK
                placement[square_name(file, rank)] = Piece(self.letters[piece_type], color)
                file += 1
            if file != self.files:
                raise ParseError(f"startFen: rank {rank + 1} has {file} files, the board {self.files}", location)
        hands: dict[Color, dict[str, int]] = {}
        for token in hands_text:
            if token == "-":
                continue
            piece_type = self.state.type_of(token)
            if piece_type is None:
                raise ParseError(f"startFen: no piece has the letter {token!r} (in hand)", location)
            hand = hands.setdefault(WHITE if token.isupper() else BLACK, {})
            hand[self.letters[piece_type]] = hand.get(self.letters[piece_type], 0) + 1
        side = BLACK if len(fields) > 1 and fields[1] == "b" else WHITE
        rights = fields[2] if len(fields) > 2 and re.fullmatch(r"[A-Za-z-]+", fields[2]) else "-"
        if len(fields) > 3 and self.takes_en_passant(placement, side, fields[3]):
            raise UnsupportedError(f"startFen: the en-passant square {fields[3]}, where a piece of the side to move "
                                   "could take (the model's start position has none)", location, feature="startFen")
        return Setup(placement, side, hands), rights

    def takes_en_passant(self, placement: dict[str, Piece], side: Color, square: str) -> bool:
        """Whether the start position's en-passant field ``square`` counts: a piece of an en-passant type of the
        side to move stands diagonally behind it (Fairy-Stockfish ignores the field otherwise)."""
        if not re.fullmatch(r"[a-z]\d+", square):
            return False
        types = self.state.get("enPassantTypes." + ("white" if side == WHITE else "black"))
        takers = {Piece(self.letters[t], side) for t in types if t in self.letters}
        file, rank = ord(square[0]) - 97, int(square[1:]) - 1 + (-1 if side == WHITE else 1)
        behind = [square_name(f, rank) for f in (file - 1, file + 1) if 0 <= f < self.files]
        return any(placement.get(sq) in takers for sq in behind)

    # ------------------------------------------------------------------ rules
    def initial_moves(self, pieces: list[PieceType], setup: Setup) -> None:
        """Double steps and other initial moves. Fairy-Stockfish allows them from the double-step region (none
        when ``doubleStep`` is off): where that is the same as "has not moved" they stay the model's initial
        moves (``i``, which every format writes), elsewhere they become moves zoned on the start square."""
        regions = self.region("doubleStepRegion") if self.state.get("doubleStep") else {WHITE: frozenset(),
                                                                                       BLACK: frozenset()}
        zone = None
        no_ep = self.no_en_passant(regions)
        for piece in pieces:
            moves = betza.parse_moves(piece.betza)
            initial = [m for m in moves if m.first.has("i")]
            if piece.name == "pawn" and any(no_ep.values()):
                self.pawn_steps_apart(piece, regions, no_ep)
                continue
            if piece.name == "pawn" and any(regions.values()):
                initial.append(betza.parse_moves(PAWN_DOUBLE_STEP)[0])
            if not initial:
                continue
            rest = [m for m in moves if not m.first.has("i")]
            if self.virgin_is_region(piece, rest, regions, setup):
                piece.betza = betza.write([*initial, *rest])
                continue
            zone = zone or self.zone("double-step", regions)
            piece.betza = betza.write(rest) if rest else ""
            plain = [dataclasses.replace(m, legs=(dataclasses.replace(m.first, modes=_zoned_modes(m.first.modes)),
                                                  *m.legs[1:])) for m in initial]
            piece.zoned_moves = (*piece.zoned_moves, ZonedMove(betza.write(plain), zone))
        pawn = next((p for p in pieces if p.name == "pawn"), None)
        ep_types = self.state.get("enPassantTypes.white") | self.state.get("enPassantTypes.black")
        if pawn is not None and (any(z.zone == "double-step" for z in pawn.zoned_moves) or "i" in pawn.betza) \
                and "pawn" in ep_types:
            if self.state.get("enPassantTypes.white") != self.state.get("enPassantTypes.black"):
                raise self.refuse("enPassantTypes.white", "en passant for one side only")
            pawn.betza = pawn.betza.replace("fcF", "fceF")
        if self.state.get("tripleStepRegion.white") or self.state.get("tripleStepRegion.black"):
            raise self.refuse("tripleStepRegion.white", "triple steps")
        creators = [p.name for p in pieces if any(z.zone == "double-step" for z in p.zoned_moves)
                    or any(m.first.has("i") for m in betza.parse_moves(p.betza))]
        by_name = {p.name: p for p in pieces}
        for taker in sorted(ep_types - {"pawn"}):
            if taker in by_name and self.takes_by_betza(taker):
                by_name[taker].betza = _with_en_passant(by_name[taker].betza)
                continue
            if taker in self.state.pieces and creators and self.captures_apart(taker):
                raise self.refuse("enPassantTypes.white", f"{taker} may take en passant (after the initial moves of "
                                  f"{', '.join(creators)}): custom en-passant takers are not read")

    def no_en_passant(self, regions: Regions) -> Regions:
        """The squares of each side's double-step region whose double step gives no e.p. right: the square it
        passes is outside the other side's ``enPassantRegion`` (where that side may take e.p.; horde: none from
        White's first rank)."""
        ep = self.region("enPassantRegion")
        return {color: frozenset((f, r) for f, r in squares if (f, r + (1 if color == WHITE else -1)) not in
                                 ep[color ^ 1]) for color, squares in regions.items()}

    def pawn_steps_apart(self, pawn: PieceType, regions: Regions, no_ep: Regions) -> None:
        """The pawn's double step as two zoned moves: with its e.p. right where the other side may take it, and
        without it elsewhere (:meth:`no_en_passant`)."""
        with_ep = {color: squares - no_ep[color] for color, squares in regions.items()}
        if any(with_ep.values()):
            pawn.zoned_moves = (*pawn.zoned_moves, ZonedMove("fmnnD", self.zone("double-step", with_ep)))
        pawn.zoned_moves = (*pawn.zoned_moves, ZonedMove("fmnD", self.zone("double-step-no-ep", no_ep)))

    def takes_by_betza(self, piece_type: str) -> bool:
        """Whether the custom pawn type's own moves say where it takes e.p. (``cfeW``), the only e.p. takers
        besides the pawn read: the model's ``e`` then captures on the squares Fairy-Stockfish's do."""
        return piece_type in self.state.custom and "e" in self.state.custom[piece_type] and \
            piece_type in self.state.get("promotionPawnTypes.white")

    def captures_apart(self, piece_type: str) -> bool:
        """Whether the Fairy-Stockfish piece captures where it cannot move quietly (where it takes en passant)."""
        maps = move_maps(parse_fsf(self.state.custom.get(piece_type, PIECES[piece_type]))[0])
        captures = {(k[0], v) for k, table in maps.items() if k[2] == "c" and not k[1] for v in table}
        quiets = {(k[0], v) for k, table in maps.items() if k[2] == "m" and not k[1] for v in table}
        return bool(captures - quiets)

    def virgin_is_region(self, piece: PieceType, rest: list[betza.Move],
                         regions: dict[Color, frozenset[tuple[int, int]]], setup: Setup) -> bool:
        """Whether "this piece has not moved" is "it stands in its side's double-step region" in every position:
        each region is one whole rank holding every piece of the type its side starts with, the piece only moves
        forward (so it never comes back), and it is never dropped or promoted to."""
        for color, _ in SIDES:
            squares = regions[color]
            ranks = {r for _, r in squares}
            if len(ranks) != 1 or squares != {(f, r) for f in range(self.files) for r in ranks}:
                return False
            for sq, placed in setup.placement.items():
                on = (ord(sq[0]) - 97, int(sq[1:]) - 1)
                if placed.id == piece.id and placed.color == color and on not in squares:
                    return False
        forward = piece.name == "pawn" or all(m.first.directions == "f" for m in rest)
        gained = self.state.get("promotionPieceTypes.white") | self.state.get("promotionPieceTypes.black")
        return forward and not self.state.get("pieceDrops") and piece.name not in gained

    def last_ranks(self, zone: dict[Color, frozenset[tuple[int, int]]]) -> int:
        """N when the zones are each side's last N whole ranks (the model's promotion depth), else 0."""
        for depth in range(1, self.ranks):
            white = frozenset((f, r) for f in range(self.files) for r in range(self.ranks - depth, self.ranks))
            black = frozenset((f, r) for f in range(self.files) for r in range(depth))
            if zone[WHITE] == white and zone[BLACK] == black:
                return depth
        return 0

    def promotions(self, pieces: list[PieceType]) -> None:
        state = self.state
        by_name = {p.name: p for p in pieces}
        zone_squares = self.region("promotionRegion")
        pawn_types = state.get("promotionPawnTypes.white")
        sides = {WHITE: state.get("promotionPieceTypes.white"), BLACK: state.get("promotionPieceTypes.black")}
        choices = sides[WHITE] | sides[BLACK]
        if pawn_types != state.get("promotionPawnTypes.black"):
            raise self.refuse("promotionPawnTypes.white", "different promotion pawn types per side")
        promoted: dict[str, str | None] = dict(state.get("promotedPieceType"))
        stuck = state.get("immobilityIllegal")
        limits = self.promotion_limits()
        if any(zone_squares.values()):
            depth = self.last_ranks(zone_squares)
            name = None if depth else self.zone("promotion", zone_squares)
            for piece_type in sorted(pawn_types):
                piece = by_name.get(piece_type)
                if piece is None:
                    continue
                targets = set(choices)
                if promoted.get(piece_type):
                    if piece_type != "pawn":
                        raise self.refuse("promotedPieceType",
                                          f"{piece_type} is a pawn type and promotes shogi-style too")
                    # Fairy-Stockfish's pawn promotes on every move that ends in the region: to each promotion
                    # type and to its promoted type alike (make_promotions), so the latter is one more choice.
                    target = promoted.pop(piece_type)
                    if target in targets:
                        raise self.refuse("promotedPieceType", f"{piece_type} promotes to {target} both as a promotion "
                                          "type and as its promoted type (two moves in Fairy-Stockfish, one here)")
                    targets.add(target)
                order = [t for t in PIECES if t in targets and t in by_name]
                piece.promotion = Promotion(tuple(PromotionChoice(self.letters[t], max_count=limits.get(t),
                                                                  sides=_only_side(t, sides))
                                                  for t in reversed(order)),
                                            depth=depth or 1, zone=name,
                                            mandatory=state.get("mandatoryPawnPromotion"),
                                            mandatory_where_stuck=stuck and not state.get("mandatoryPawnPromotion"),
                                            triggers=CHESS_TRIGGERS)
            for piece_type, target in promoted.items():
                piece = by_name.get(piece_type)
                if piece is None or target is None or target not in by_name:
                    continue
                mandatory = state.get("mandatoryPiecePromotion")
                piece.promotion = Promotion((PromotionChoice(self.letters[target], max_count=limits.get(target)),),
                                            depth=depth or 1, zone=name,
                                            mandatory=mandatory, mandatory_where_stuck=stuck and not mandatory,
                                            triggers=SHOGI_TRIGGERS)

    def promotion_limits(self) -> dict[str, int]:
        """``promotionLimit`` (``a:1 c:1 q:1``): per piece type, how many on the board stop promotions to it."""
        text: str = self.state.get("promotionLimit")
        where = self.state.where("promotionLimit")
        limits: dict[str, int] = {}
        for token in text.split():
            letter, _, count = token.partition(":")
            piece_type = self.state.type_of(letter) if len(letter) == 1 else None
            if piece_type is None or not count.isdecimal():
                raise ParseError("promotionLimit: not a piece letter and a count", (where or Where(self.file))
                                 .location(), expected="letter:count", found=repr(token))
            limits[piece_type] = int(count)
        return limits

    def drops(self, pieces: list[PieceType], rules: Rules) -> None:
        state = self.state
        if not state.get("pieceDrops"):
            return
        rules.drops = True
        rules.captures_to_hand = state.get("capturesToHand")
        rules.demote_captured = not state.get("dropLoop")  # loop chess: a captured promoted piece stays promoted
        region = self.region("dropRegion")
        promotion = self.region("promotionRegion")
        no_doubled = state.get("dropNoDoubled")
        for piece in pieces:
            if piece.royal:
                continue
            zones: dict[Color, frozenset[tuple[int, int]]] = {}
            for color, side in SIDES:
                squares = region[color]
                if piece.name == "pawn":
                    if not state.get("promotionZonePawnDrops"):
                        squares -= promotion[color]
                    if not state.get("firstRankPawnDrops"):
                        first = 0 if color == WHITE else self.ranks - 1
                        squares = frozenset(s for s in squares if s[1] != first)
                mobility = self.on_board(state.get(f"mobility.{side}.{piece.name}"))
                if mobility:
                    squares &= mobility
                zones[color] = squares
            zone = None
            if any(z != self.everything() for z in zones.values()):
                zone = self.zone(f"drop-{piece.name}", zones)
            limit = state.get("dropNoDoubledCount") if no_doubled == piece.name else None
            mate = state.get("shogiPawnDropMateIllegal") and piece.name == "shogiPawn"
            checks = not state.get("dropChecks")
            if zone is not None or limit is not None or mate or checks:
                piece.drop = DropRule(zone=zone, max_per_file=limit, no_drop_mate=mate, no_drop_check=checks)

    def flag(self, rules: Rules) -> None:
        """Fairy-Stockfish's flag goal as the model's :class:`~fairyport.model.FlagGoal`.

        With ``flagMove`` and ``flagPieceSafe`` off, Fairy-Stockfish ends the game as soon as the player who just
        moved has ``flagPieceCount`` of their ``flagPiece`` in their ``flagRegion`` (or, with
        ``flagPieceBlockedWin``, one in a full region): the player to move has no move. A flag the player to move
        has reached does not end the game. ``flagMove`` (the other side gets one more move; with a king as the
        flag piece only Black, and only when its king can step into its region) is the goal's ``extra_move``;
        ``flagPieceSafe`` (the flag pieces must not be attacked) is its ``safe``, refused with ``flagMove``.
        """
        state = self.state
        region = self.region("flagRegion")
        if not any(region.values()):
            return
        safe = state.get("flagPieceSafe")
        if safe and state.get("flagMove"):
            raise self.refuse("flagPieceSafe", "a flag that counts only while safe, with the extra flag move "
                              "(flagMove: only an unsafe flag gives the opponent its move)")
        ids: dict[Color, str | None] = {}
        for color, side in SIDES:
            piece_type = state.get(f"flagPiece.{side}")
            if piece_type == "*":
                ids[color] = None
            elif piece_type in self.letters:
                ids[color] = self.letters[piece_type]
            else:
                raise self.refuse(f"flagPiece.{side}", f"the flag piece {piece_type} is not in the game")
        rules.flag = FlagGoal(self.zone("flag", region), ids[WHITE], ids[BLACK],
                              count=state.get("flagPieceCount"), blocked_win=state.get("flagPieceBlockedWin"),
                              extra_move=state.get("flagMove"), safe=safe)
        if rules.flag.count < 1:
            raise self.refuse("flagPieceCount", f"a flag goal of {rules.flag.count} pieces")

    def connect(self, rules: Rules) -> None:
        """Fairy-Stockfish's connection goals (``connectN``, ``connectNxN``, ``connectRegion1/2``) as the model's
        :class:`~fairyport.model.ConnectGoal`: checked for the player who just moved, who scores
        ``connectValue``."""
        state = self.state
        count, square = state.get("connectN"), state.get("connectNxN")
        first, second = self.region("connectRegion1"), self.region("connectRegion2")
        chain = any(first.values()) and any(second.values())
        if not count and not square and not chain:
            return
        value = state.get("connectValue")
        if value not in STALEMATE:
            raise self.refuse("connectValue", "a connection with no result")
        listed = self.type_ids(state.get("connectPieceTypes"))
        directions = tuple(name for name in CONNECT_DIRECTIONS if state.get(f"connect{name.capitalize()}"))
        zones = (self.zone("connect1", first), self.zone("connect2", second)) if chain else None
        rules.connect = ConnectGoal(count, directions, listed, square, zones, STALEMATE[value])

    def blast(self, rules: Rules) -> None:
        """Atomic captures: Fairy-Stockfish spares the pawns (its ``pawn`` type only) around a capture."""
        if not self.state.get("blastOnCapture"):
            return
        if self.state.get("capturesToHand"):
            raise self.refuse("blastOnCapture", "atomic captures whose blasted pieces go to a hand")
        if "king" in self.letters:
            raise self.refuse("blastOnCapture", "atomic captures with Fairy-Stockfish's king, which a capture may "
                              "blast (the model's blasted royal pieces are pseudo-royal: Fairy-Stockfish's "
                              "extinctionPseudoRoyal, as in its atomic)")
        rules.blast = Blast((self.letters["pawn"],) if "pawn" in self.letters else ())

    def immunity(self, pieces: list[PieceType], rules: Rules) -> None:
        """``blastImmuneTypes``: pieces no explosion removes (:attr:`~fairyport.model.Blast.immune`);
        ``mutuallyImmuneTypes``: a piece of such a type may not capture one of its own type (each type's
        :attr:`~fairyport.model.PieceType.cannot_capture`). Refused for royal types (Fairy-Stockfish warns that it
        cannot use them with kings or pseudo-royal pieces)."""
        for slot in ("blastImmuneTypes", "mutuallyImmuneTypes"):
            types = self.state.get(slot)
            if not types:
                continue
            if opt.ALL_PIECES in types:
                raise self.refuse(slot, "'*' (all pieces together) is no piece type here")
            listed = [p for p in pieces if p.name in types]
            if any(p.royal for p in listed):
                raise self.refuse(slot, "immune royal pieces (Fairy-Stockfish cannot use them with kings or "
                                  "pseudo-royal pieces)")
            if slot == "mutuallyImmuneTypes":
                for piece in listed:
                    piece.cannot_capture = (piece.id,)
            elif rules.blast is not None:
                rules.blast = dataclasses.replace(rules.blast, immune=tuple(sorted(p.id for p in listed)))

    def flag_move(self, pieces: list[PieceType], rules: Rules) -> None:
        """Fairy-Stockfish gives the extra move after a king reached its flag by the king type; the model by
        royalty: refuse where the two differ."""
        flag = rules.flag
        if flag is None or not flag.extra_move:
            return
        by_id = {p.id: p for p in pieces}
        for color, side in SIDES:
            wanted = flag.piece(color)
            piece = by_id.get(wanted) if wanted is not None else None
            is_king = piece is not None and piece.name in ("king", NO_CASTLING_KING)
            if piece is not None and piece.royal != is_king:
                raise self.refuse("flagMove", f"the extra flag move with {piece.name} as {side}'s flag piece "
                                  "(royal in the model, not Fairy-Stockfish's king, or the other way round)")

    def extinction(self, pieces: list[PieceType], setup: Setup, rules: Rules) -> None:
        """The extinction goal, and pseudo-royal extinction pieces as royal pieces where the two agree.

        Without ``extinctionPseudoRoyal`` (or with atomic captures) the game ends as soon as a side has at most
        ``extinctionPieceCount`` pieces of a listed type (``*``: all its pieces together, hand included) while
        the other has at least ``extinctionOpponentPieceCount``: the model's :class:`ExtinctionGoal`.
        Fairy-Stockfish makes the pieces of an extinction type pseudo-royal (they may not be left attacked)
        while a side has at most ``extinctionPieceCount`` + 1 of them, and with pseudo-royals extinction never
        ends the game (they cannot be captured). So when no side can ever have more than that many, they are
        royal pieces with every one protected; a single type with a count of 0 and no other royal piece is the
        model's protection of the last royal only.
        """
        state = self.state
        value = state.get("extinctionValue")
        if value == "none":
            return
        types = state.get("extinctionPieceTypes")
        pseudo = state.get("extinctionPseudoRoyal")
        if not pseudo or state.get("blastOnCapture"):
            missing = sorted(t for t in types if t != opt.ALL_PIECES and t not in self.letters)
            if missing:
                raise self.refuse("extinctionPieceTypes", f"{missing[0]} is not in the game (the game would end "
                                  "before the first move)")
            rules.extinction = ExtinctionGoal(self.type_ids(types), state.get("extinctionPieceCount"),
                                              state.get("extinctionOpponentPieceCount"), STALEMATE[value],
                                              claim=state.get("extinctionClaim"))
        if not pseudo:
            return
        if value != "loss":
            raise self.refuse("extinctionValue", "pseudo-royal pieces whose loss is not a loss")
        if state.get("extinctionOpponentPieceCount"):
            raise self.refuse("extinctionOpponentPieceCount", "extinction counted against the opponent's pieces")
        if opt.ALL_PIECES in types:
            raise self.refuse("extinctionPieceTypes", "every piece pseudo-royal")
        limit = state.get("extinctionPieceCount") + 1
        by_name = {p.name: p for p in pieces}
        royal = [by_name[t] for t in sorted(types) if t in by_name]
        gained = set(state.get("promotionPieceTypes.white") | state.get("promotionPieceTypes.black"))
        gained |= {t for t in state.get("promotedPieceType").values() if t}
        held = {pid for hand in setup.hands.values() for pid in hand}
        counts = [sum(1 for p in setup.placement.values() if p.id == piece.id and p.color == color)
                  for piece in royal for color in (WHITE, BLACK)]
        fixed = not any(p.name in gained or p.id in held for p in royal)
        for piece in royal:
            piece.royal = True
        if (fixed and all(c <= limit for c in counts)) or self.never_more(limit, setup):
            rules.royal_protection = RoyalProtection.EVERY
        elif len(royal) == 1 and limit == 1 and "king" not in by_name:
            rules.royal_protection = RoyalProtection.LAST
        elif limit == 1 and "king" not in types and not state.get("pieceDrops") and self.one_royal_type(royal, setup):
            # each side only ever has one royal type (its king, or its pseudo-royal pieces): protecting the last
            # one of them is Fairy-Stockfish's rule (pseudo-royal while a side has at most one)
            rules.royal_protection = RoyalProtection.LAST
        else:
            raise self.refuse("extinctionPieceTypes", "pseudo-royal pieces whose number may exceed "
                              f"extinctionPieceCount + 1 = {limit} (royal only while few enough)")

    def never_more(self, limit: int, setup: Setup) -> bool:
        """Whether no side can ever have more than ``limit`` pieces of a type: not with every square of the board
        and every piece in hand (coregal's count of 64: every queen pseudo-royal, however many)."""
        in_hand = sum(n for hand in setup.hands.values() for n in hand.values())
        return limit >= self.files * self.ranks + in_hand

    def one_royal_type(self, royal: list[PieceType], setup: Setup) -> bool:
        """Whether each side has, and can only ever get, royal pieces of one type (placed, or promoted to)."""
        ids = {p.id for p in royal}
        king = self.letters.get("king")
        if king is not None:
            ids.add(king)
        names = {p.id: p.name for p in royal}
        for color, side in SIDES:
            kinds = {p.id for p in setup.placement.values() if p.color == color and p.id in ids}
            gained = set(self.state.get(f"promotionPieceTypes.{side}"))
            gained |= {t for t in self.state.get("promotedPieceType").values() if t}
            kinds |= {pid for pid, name in names.items() if name in gained}
            if len(kinds) > 1:
                return False
        return True

    def castling(self, pieces: list[PieceType], setup: Setup, rights: str, rules: Rules) -> None:
        state = self.state
        if not state.get("castling") or rights == "-":
            return
        king_type = state.get("castlingKingPiece.white")
        if king_type != state.get("castlingKingPiece.black") or king_type not in state.pieces:
            raise self.refuse("castlingKingPiece.white", "castling with different pieces per side, or none")
        partners = state.get("castlingRookPieces.white")
        if partners != state.get("castlingRookPieces.black"):
            raise self.refuse("castlingRookPieces.white", "different castling partners per side")
        king_letter = self.letters[king_type]
        first = state.get("castlingRank")
        on_first = [sq for sq, p in setup.placement.items()
                    if p.id == king_letter and p.color == WHITE and sq[1:] == str(first + 1)]
        king_file = ord(on_first[0][0]) - 97 if len(on_first) == 1 else state.get("castlingKingFile")
        kingside = state.get("castlingKingsideFile") - king_file
        queenside = king_file - state.get("castlingQueensideFile")
        if state.get("chess960") or set(rights) - set("KQkq") or kingside != queenside or kingside < 1:
            self.castle_to_files(pieces, setup, rights, rules, king_type)
            return
        letters = {self.letters[t] for t in partners if t in self.letters}
        rook_like = {p.id for p in pieces
                     if any(m.atom == "R" and not m.is_multi_leg for m in betza.parse_moves(p.betza))}
        castles: set[Color] = set()
        inner = self.inner_partners(setup, king_file, letters)
        for color, rank, marks in ((WHITE, first, "KQ"), (BLACK, self.ranks - 1 - first, "kq")):
            granted = {c for c in rights if c in marks}
            if not granted:
                continue
            king = setup.placement.get(square_name(king_file, rank))
            in_place = king is not None and king.id == king_letter and king.color == color
            possible: set[str] = set()
            wings = ((inner[1] if inner else self.files - 1, marks[0], 1), (inner[0] if inner else 0, marks[1], -1))
            for corner, mark, step in wings:
                if inner is not None:
                    partner = setup.placement.get(square_name(corner, rank))
                    if in_place and partner is not None and partner.color == color and partner.id in letters:
                        possible.add(mark)
                    continue
                partner = setup.placement.get(square_name(corner, rank))
                if in_place and partner is not None and partner.color == color and partner.id in letters:
                    possible.add(mark)
                elif in_place and self.model_partner(setup, color, rank, king_file, step, rook_like):
                    raise self.refuse("startFen", f"no castling right {mark!r}, but the model would castle with "
                                      f"the outermost piece on rank {rank + 1}")
            if granted != possible:
                raise self.refuse("startFen", f"castling rights {rights!r}: the pieces allow "
                                  f"{''.join(sorted(possible)) or 'none'} for {COLOR_NAMES[color]}")
            castles.add(color)
        if not castles:
            return
        king_piece = next(p for p in pieces if p.name == king_type)
        if inner is not None:  # partners inside the corners: at their distance from the king, of their types
            king_piece.castling = Castling(partner_distance=(king_file - inner[0], inner[1] - king_file),
                                           partners=tuple(sorted(letters)))
        if len(castles) == 1:
            self.king_without_castling(pieces, setup, rules, king_piece, WHITE if BLACK in castles else BLACK)
        king_piece.betza += f"isO{kingside}" if kingside != 1 else "isO"

    def castle_to_files(self, pieces: list[PieceType], setup: Setup, rights: str, rules: Rules, king_type: str) -> None:
        """Fairy-Stockfish's castling as the model's castling to fixed files (:mod:`.castling_to_files`)."""
        rule, castles = castle_to_files(self.state, self.letters, setup, (self.files, self.ranks), rights,
                                        self.refuse)
        if not castles:
            return
        king_piece = next(p for p in pieces if p.name == king_type)
        king_piece.castling = rule
        if len(castles) == 1:
            self.king_without_castling(pieces, setup, rules, king_piece, WHITE if BLACK in castles else BLACK)
        king_piece.betza += "isO"

    def king_without_castling(self, pieces: list[PieceType], setup: Setup, rules: Rules, king: PieceType,
                              color: Color) -> None:
        """Give ``color``'s castling pieces (``king``: kings) their own type without castling: Fairy-Stockfish's
        start position gives that side no castling right (the model's castling belongs to the piece type, both
        sides alike)."""
        used = {p.id for p in pieces}
        letter = next(c for c in "ZYXWVUTSRQPONMLKJIHGFEDCBA" if c not in used)
        name = NO_CASTLING_KING if king.name == "king" else f"{king.name} without castling"
        pieces.insert(pieces.index(king) + 1, dataclasses.replace(king, name=name, id=letter, extra={}))
        for square, placed in list(setup.placement.items()):
            if placed.id == king.id and placed.color == color:
                setup.placement[square] = Piece(letter, color)
        if rules.flag is not None and rules.flag.piece(color) == king.id:
            if color == WHITE:
                rules.flag = dataclasses.replace(rules.flag, white_piece=letter)
            else:
                rules.flag = dataclasses.replace(rules.flag, black_piece=letter)
        if rules.extinction is not None and rules.extinction.pieces and king.id in rules.extinction.pieces:
            raise self.refuse("extinctionPieceTypes", f"castling for {COLOR_NAMES[1 - color]} only, with its "
                              f"{king.name} an extinction type (the model's castling belongs to a piece type: the "
                              "other side's castling pieces would be a type of their own, counted apart)")
        if rules.connect is not None and rules.connect.pieces and king.id in rules.connect.pieces:
            rules.connect = dataclasses.replace(rules.connect, pieces=tuple(sorted({*rules.connect.pieces, letter})))

    def inner_partners(self, setup: Setup, king_file: int, letters: set[str]) -> tuple[int, int] | None:
        """The files of Fairy-Stockfish's castling partners (queenside, kingside) where one is not the corner
        piece: the first piece of a castling type from ``castlingRookQueensideFile`` / ``castlingRookKingsideFile``
        towards the king on White's castling rank (shako, omicron, gustav3); None where both are the corners'.

        :raises UnsupportedError: where Black's partners stand elsewhere (the model's distances are both sides')."""
        found: list[tuple[int, int] | None] = []
        for color, rank in ((WHITE, self.state.get("castlingRank")), (BLACK, self.ranks - 1 -
                                                                      self.state.get("castlingRank"))):
            files = []
            for start, step in ((self.state.get("castlingRookQueensideFile"), 1),
                                (min(self.state.get("castlingRookKingsideFile"), self.files - 1), -1)):
                file = start
                while 0 <= file < self.files and file != king_file:
                    piece = setup.placement.get(square_name(file, rank))
                    if piece is not None and piece.color == color and piece.id in letters:
                        break
                    file += step
                files.append(file)
            found.append((files[0], files[1]) if king_file not in files else None)
        white = found[0]
        if white is None or white == (0, self.files - 1):
            return None
        if found[1] not in (None, white):
            raise self.refuse("castlingRank", f"castling partners on files {found[1]} for Black, {white} for White")
        return white

    def model_partner(self, setup: Setup, color: Color, rank: int, king_file: int, step: int,
                      rook_like: set[str]) -> bool:
        """Whether the model would let the king castle towards ``step`` (its partner rule: the outermost piece of
        its colour that way, on the corner or moving as a rook)."""
        file = 0 if step < 0 else self.files - 1
        while file != king_file:
            piece = setup.placement.get(square_name(file, rank))
            if piece is not None:
                return piece.color == color and (file in (0, self.files - 1) or piece.id in rook_like)
            file -= step
        return False

    def royal_optional(self, pieces: list[PieceType], setup: Setup, rules: Rules) -> None:
        """A side without a royal piece plays on in Fairy-Stockfish (never in check; only the configured goals end
        its game): the model's :attr:`~fairyport.model.Rules.royal_optional` wherever a side can be without one
        (none in its start position, or a king blasted by a capture that no extinction goal scores)."""
        royal = {p.id for p in pieces if p.royal}
        if not royal:
            return
        placed = {p.color for p in setup.placement.values() if p.id in royal}
        blasted = rules.blast is not None and (rules.extinction is None or (
            rules.extinction.pieces is not None and not royal <= set(rules.extinction.pieces)))
        if placed != {WHITE, BLACK} or blasted:
            rules.royal_optional = True

    def promotion_squares(self, game: Game, promotion: Promotion, color: Color) -> frozenset[str]:
        """The names of the squares where ``promotion`` applies for ``color``."""
        if promotion.zone is not None:
            return game.zone_squares(promotion.zone, color)
        ranks = range(self.ranks - promotion.depth, self.ranks) if color == WHITE else range(promotion.depth)
        return frozenset(square_name(f, r) for f in range(self.files) for r in ranks)

    def immobility(self, game: Game) -> None:
        """Where the model's and Fairy-Stockfish's rules on pieces that could never move again differ, refuse; without
        ``immobilityIllegal`` pieces are dropped there too (:attr:`~fairyport.model.DropRule.where_stuck`)."""
        from fairyport.movegen import compile_game

        variant = compile_game(game)
        illegal = self.state.get("immobilityIllegal")
        for piece in game.pieces:
            for color in (WHITE, BLACK):
                stuck = variant.stuck_squares(piece.id, color)
                if not stuck:
                    continue
                promo = piece.promotion
                covered = promo is not None and stuck <= self.promotion_squares(game, promo, color) and (
                    promo.mandatory or promo.mandatory_where_stuck)
                if illegal and not covered:
                    raise self.refuse("immobilityIllegal", f"{piece.name} may not move to {sorted(stuck)[0]}, "
                                      "where it could never move again (the model forbids only drops there)")
                if not illegal and game.rules.drops and not piece.royal:
                    zone = game.zone_squares(piece.drop.zone, color) if piece.drop and piece.drop.zone else None
                    if zone is None or stuck & zone:  # Fairy-Stockfish drops there: so does the model
                        piece.drop = dataclasses.replace(piece.drop or DropRule(), where_stuck=True)
                if not illegal and promo is not None and promo.mandatory_where_stuck:
                    raise self.refuse("immobilityIllegal", "internal: stuck promotion without the rule")

    def build(self) -> Game:
        self.refuse_unsupported()
        pieces = self.pieces()
        self.soldier(pieces)
        setup, rights = self.setup()
        rules = Rules(stalemate=STALEMATE[self.state.get("stalemateValue")],
                      royals_may_face=not self.state.get("flyingGeneral"),
                      must_capture=self.state.get("mustCapture"), no_checks=not self.state.get("checking"),
                      must_drop=self.state.get("mustDrop"))
        self.flag(rules)
        self.check_count(rules)
        self.blast(rules)
        self.connect(rules)
        self.initial_moves(pieces, setup)
        self.extinction(pieces, setup, rules)
        self.promotions(pieces)
        self.drops(pieces, rules)
        self.castling(pieces, setup, rights, rules)
        self.flag_move(pieces, rules)
        self.royal_optional(pieces, setup, rules)
        self.immunity(pieces, rules)
        game = Game(Metadata(title=self.section.name, source=self.file),
                    Board(self.files, self.ranks, frozenset(self.holes)), pieces, setup, rules, self.walled_zones(),
                    format_data={"fsf": {"section": self.section.name, "line": self.section.line,
                                         "parent": self.section.parent,
                                         "kept": dict(self.state.kept), "warnings": list(self.state.warnings)}})
        try:
            game.validate()
        except ModelError as error:
            raise error.relocated(Location(self.file, self.section.line)) from None
        self.immobility(game)
        return game


    def check_count(self, rules: Rules) -> None:
        """``checkCounting``: the checks to give are the start position's counter (``3+3``; none given: 1, as
        Fairy-Stockfish counts); the model's count is the same for both sides."""
        if not self.state.get("checkCounting"):
            return
        counters = [f for f in self.state.get("startFen").split()[2:] if re.fullmatch(r"\d+\+\d+", f)]
        white, black = (int(n) for n in counters[0].split("+")) if counters else (1, 1)
        if white != black or white < 1:
            raise self.refuse("startFen", f"checks to give {white}+{black} (the model counts the same number "
                              "for both sides, at least one)")
        rules.check_count = white

    def walled_zones(self) -> list[Zone]:
        """The zones without the walls' squares (a region may name a wall; no piece is ever there)."""
        return [dataclasses.replace(z, squares=z.squares - self.holes) if self.holes & z.squares else z
                for z in self.zones]


def build_game(state: State, section: Section, file: str) -> Game:
    """The model of a read section.

    :raises UnsupportedError: naming the option (and where it was set) that the model cannot hold.
    """
    return _Builder(state, section, file).build()


__all__ = ["HANDLED", "build_game"]

