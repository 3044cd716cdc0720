"""Write a game as a Fairy-Stockfish ``variants.ini`` section, only where it is exact (see :mod:`.exactness`).

Every piece becomes a custom piece (``customPieceN = x:<betza>``; a piece read from variants.ini keeps its slot)
except the chess pawn (``pawn``), a drop-mate pawn (``shogiPawn``), the royal piece (``king``) and a piece named
like a Fairy-Stockfish type that moves as it (``knight = n``); each piece string is proven against the
reference generator with pyffish when pyffish is installed (:mod:`.prove`). Anything Fairy-Stockfish cannot
hold exactly raises :class:`~fairyport.errors.UnsupportedError` naming the piece or rule; with
``best_effort`` the nearest section is written and every difference is listed (and repeated as comments at
the top of the section).
"""

from __future__ import annotations

import re

from fairyport.conversion import rules_lost
from fairyport.errors import UnsupportedError
from fairyport.features import (
    CASTLING,
    DROP_SAFETY,
    DROPS_FIRST,
    GOAL_RULES,
    PIECE_RULES,
    SPLIT,
)
from fairyport.fsf import options as opt
from fairyport.fsf.builtins import PIECES, SPECIAL_PIECES
from fairyport.fsf.castling import CastlingMisfit, castling_plan
from fairyport.fsf.dialect import DialectError, to_xbetza
from fairyport.fsf.exactness import MAX_CUSTOM_PIECES, MAX_FILES, MAX_RANKS
from fairyport.fsf.features import SUPPORT, kingless_side
from fairyport.fsf.prove import prove_piece, pyffish_available
from fairyport.model import (
    BLACK,
    CHESS_TRIGGERS,
    CONNECT_DIRECTIONS,
    SHOGI_TRIGGERS,
    WHITE,
    BareKingRule,
    Color,
    Game,
    PieceType,
    StalemateResult,
    file_name,
)
from fairyport.movegen import compile_game
from fairyport.movegen.compile import Variant, code_of
from fairyport.xbetza import syntax as betza

CHESS_PAWN = frozenset({"ifmnD", "fmW", "fceF"})
PLAIN_PAWN = frozenset({"fmW", "fcF"})
"""The pawn without a double step (nor en passant): Fairy-Stockfish's pawn with ``doubleStep = false``."""
"""The chess pawn's moves (canonical XBetza), written as Fairy-Stockfish's built-in ``pawn``."""
LAME_LEAPS = {"mafsW": "nN", "mafF": "nA"}
"""Multi-leg moves Fairy-Stockfish holds as lame leaps: the xiangqi horse and elephant."""
SOLDIER_SIDEWAYS = "sW"
"""The zoned move of Fairy-Stockfish's built-in ``soldier``: ``fW`` always, ``sW`` from the enemy's half (a board
with an even number of ranks, written with ``soldierPromotionRank``, the first rank of that half; the only
zone-dependent move Fairy-Stockfish has)."""


class _Writer:
    def __init__(self, game: Game, best_effort: bool, prove: bool) -> None:
        self.game = game
        self.best_effort = best_effort
        self.prove = prove
        self.lost: list[str] = []
        self.lines: list[str] = []
        self.variant: Variant = compile_game(game)
        self.slots: dict[str, str] = {}
        """Piece id -> FSF option naming its type (``customPiece3``, ``king``, ``pawn``, ``shogiPawn``)."""
        self.castles = True
        """False once the castling is dropped (best effort): the start FEN then gives no rights."""
        self.double_zone: str | None = None
        """The zone of the pawn's double step written as ``doubleStepRegion`` (None: the pawns' start ranks)."""

    def refuse(self, feature: str, message: str) -> None:
        """Unsupported: raise, or (best effort) remember the difference."""
        if not self.best_effort:
            raise UnsupportedError(f"Fairy-Stockfish cannot hold this exactly: {message}", feature=feature)
        self.lost.append(message)

    def add(self, key: str, value: object) -> None:
        self.lines.append(f"{key} = {value}")

    # ------------------------------------------------------------------ pieces
    def fsf_betza(self, piece: PieceType) -> str:
        """The piece's moves in Fairy-Stockfish's Betza (castling left out), refusing what it cannot hold. A piece
        read from variants.ini keeps its string (``extra["fsf"]["betza"]``), written back as it was where it
        still reads as the piece's moves (so a section read, written and read again gives an equal game)."""
        stored = piece.extra.get("fsf", {}).get("betza")
        if isinstance(stored, str) and self.reads_as(stored, piece):
            return stored
        parts: list[str] = []
        texts = [betza.write([move]) for move in betza.parse_moves(piece.betza) if move.atom != "O"]
        if "maflW" in texts and "mafrW" in texts:  # the horse's two halves (Dagaz's xiangqi): one lame knight
            texts = [t for t in texts if t not in ("maflW", "mafrW")] + ["mafsW"]
        for move, text in ((betza.parse_moves(t)[0], t) for t in texts):
            if text in LAME_LEAPS:
                parts.append(LAME_LEAPS[text])
            elif betza.is_fsf_subset(move):
                parts.append(text)
            else:
                self.refuse(f"{piece.name}: {text}", f"piece {piece.name!r}: move {text!r} is outside "
                            "Fairy-Stockfish's Betza (dropped)")
        return "".join(parts)

    @staticmethod
    def reads_as(text: str, piece: PieceType) -> bool:
        """Whether Fairy-Stockfish's Betza ``text`` reads as exactly ``piece``'s moves other than castling."""
        try:
            xbetza, _ = to_xbetza(text)
        except DialectError:
            return False
        own = [m for m in betza.parse_moves(piece.betza) if m.atom != "O"]
        return sorted(betza.write([m]) for m in betza.parse_moves(xbetza)) == sorted(betza.write([m]) for m in own)

    def pieces(self) -> None:
        game = self.game
        self.lost.extend(rules_lost(game, SUPPORT, game, PIECE_RULES, self.best_effort))
        royals = [p for p in game.pieces if p.royal]
        if len(royals) > 1:
            self.refuse("royal pieces", "more than one royal piece type: " + ", ".join(p.name for p in royals))
        if kingless_side(game) and not game.rules.royal_optional:
            self.refuse("royal pieces", "a side without royal pieces has lost at the start (Fairy-Stockfish's side "
                        "without a king plays on)")
        drop_mate = [p for p in game.pieces if p.drop is not None and p.drop.no_drop_mate]
        # the slots the pieces read from variants.ini came from stay theirs (their names)
        taken: set[str] = set()
        reserved = {p.name for p in game.pieces if p.name.startswith("customPiece") and p.name in PIECES}
        for piece in game.pieces:
            letter = piece.id.lower()
            if not re.fullmatch(r"[a-z]", letter):
                raise UnsupportedError(f"piece {piece.name!r}: Fairy-Stockfish needs one-letter piece ids, not "
                                       f"{piece.id!r}", feature=f"{piece.name}: id")
            moves = {betza.write([m]) for m in betza.parse_moves(piece.betza)}
            if {"fcF", "feF"} <= moves:  # diagonal captures and e.p. captures written apart: the chess pawn's fceF
                moves = (moves - {"fcF", "feF"}) | {"fceF"}
            double_zone = self.double_step_zone(piece, moves)
            if double_zone is not None:
                moves, self.double_zone = set(CHESS_PAWN), double_zone
            elif piece.zoned_moves and not self.is_soldier(piece, moves):
                self.refuse(f"{piece.name}: zoned moves", f"piece {piece.name!r}: moves that depend on a zone ("
                            + "; ".join(z.text() for z in piece.zoned_moves)
                            + "); Fairy-Stockfish has them only as the xiangqi soldier's (dropped)")
            if double_zone is None and piece.zoned_moves and self.is_soldier(piece, moves):
                self.slots[piece.id] = "soldier"
                line = f"soldier = {letter}\nsoldierPromotionRank = {game.board.ranks // 2 + 1}"
            elif piece is (royals[0] if royals else None) and game.rules.blast is not None:
                # with atomic captures the royal piece is Fairy-Stockfish's pseudo-royal extinction piece
                text = self.fsf_betza(piece)
                slot = "commoner" if text == "K" else _custom_slot(piece, taken, reserved)
                self.slots[piece.id] = slot
                line = f"commoner = {letter}" if text == "K" else f"{slot} = {letter}:{text}"
            elif piece is (royals[0] if royals else None):
                text = self.fsf_betza(piece)
                self.slots[piece.id] = "king"
                line = f"king = {letter}" if text == "K" else f"king = {letter}:{text}"
            elif moves in (CHESS_PAWN, PLAIN_PAWN) and "pawn" not in taken and piece.name not in reserved:
                self.slots[piece.id] = "pawn"
                line = f"pawn = {letter}"
            elif moves == {"fW"} and (piece in drop_mate[:1] or (piece.name == "shogiPawn" and not drop_mate)):
                self.slots[piece.id] = "shogiPawn"
                line = f"shogiPawn = {letter}"
            elif piece.name in NAMED_TYPES and piece.name not in taken and piece not in drop_mate \
                    and self.reads_as(PIECES[piece.name], piece):
                self.slots[piece.id] = piece.name
                line = f"{piece.name} = {letter}"
            else:
                if piece in drop_mate:
                    self.refuse(f"{piece.name}: drop mate", f"piece {piece.name!r}: drop-mate prohibition on a "
                                "piece that is not a single shogi pawn (fW)")
                slot = _custom_slot(piece, taken, reserved)
                self.slots[piece.id] = slot
                line = f"{slot} = {letter}:{self.fsf_betza(piece)}"
            if double_zone is not None and self.slots[piece.id] != "pawn":
                self.refuse(f"{piece.name}: zoned moves", f"piece {piece.name!r}: a double step from a zone, and the "
                            "pawn slot is taken")
            taken.add(self.slots[piece.id])
            self.lines.append(line)
            if self.prove and self.slots[piece.id] not in ("pawn", "shogiPawn", "soldier"):
                probe_line = re.sub(r"^\w+ = \w", "customPiece1 = a", line) if ":" in line else \
                    f"customPiece1 = a:{PIECES.get(self.slots[piece.id], 'K')}"
                difference = prove_piece(piece, probe_line, game.board.files, game.board.ranks)
                if difference is not None:
                    self.refuse(f"{piece.name}: {piece.betza}", f"piece {piece.name!r} ({piece.betza}) moves "
                                f"differently in Fairy-Stockfish: {difference}")

    def double_step_zone(self, piece: PieceType, moves: set[str]) -> str | None:
        """The zone of ``piece``'s double step when it is Fairy-Stockfish's pawn with ``doubleStepRegion`` = that
        zone: the chess pawn's step and captures (e.p. included), and the lame double step (with its e.p. rights)
        from the zone only, every time (``fmnnD``) or while unmoved (``ifmnD``) where a pawn in the zone is always
        unmoved: each side's zone on one rank, no pawn of that side starting behind it, none dropped or promoted
        to. None otherwise."""
        zoned = piece.zoned_moves
        if moves != CHESS_PAWN - {"ifmnD"} or len(zoned) != 1 or (zoned[0].on, zoned[0].inside) != ("from", True) \
                or zoned[0].betza not in ("fmnnD", "ifmnD"):
            return None
        if zoned[0].betza == "fmnnD":
            return zoned[0].zone
        game = self.game
        gained = any(c.piece == piece.id for p in game.pieces if p.promotion for c in p.promotion.choices)
        if gained or (game.rules.drops and not piece.royal):
            return None
        for color in (WHITE, BLACK):
            ranks = {int(name[1:]) for name in game.zone_squares(zoned[0].zone, color)}
            starts = [int(sq[1:]) for sq, placed in game.setup.placement.items()
                      if placed.id == piece.id and placed.color == color]
            if len(ranks) > 1 or (ranks and any((r < min(ranks)) == (color == WHITE) and r != min(ranks)
                                                for r in starts)):
                return None
        return zoned[0].zone

    def is_soldier(self, piece: PieceType, moves: set[str]) -> bool:
        """Whether ``piece`` moves exactly as Fairy-Stockfish's ``soldier``: ``fW``, and ``sW`` from the squares of
        the enemy's half of a board with an even number of ranks."""
        ranks = self.game.board.ranks
        zoned = piece.zoned_moves
        if moves != {"fW"} or ranks % 2 or len(zoned) != 1 or piece.promotion is not None:
            return False
        only = zoned[0]
        # a sideways step stays on its rank: "to the enemy's half" (Dagaz's xiangqi) is "from" it
        if (only.betza, only.inside) != (SOLDIER_SIDEWAYS, True):
            return False
        board = self.game.board
        for color in (WHITE, BLACK):
            half = {p.name for p in board.positions
                    if p.rank is not None and (p.rank >= ranks // 2) == (color == WHITE)}
            if self.game.zone_squares(only.zone, color) != half:
                return False
        return True

    # ------------------------------------------------------------------ regions
    def region(self, squares: frozenset[int]) -> str:
        """A Bitboard option value: whole ranks as ``*N`` where complete, else square names."""
        geo = self.variant.geometry
        out: list[str] = []
        by_rank: dict[int, set[int]] = {}
        for sq in squares:
            by_rank.setdefault(geo.coords[sq][1], set()).add(geo.coords[sq][0])
        for rank in sorted(by_rank):
            files = by_rank[rank]
            if len(files) == geo.files:
                out.append(f"*{rank + 1}")
            else:
                out.extend(f"{file_name(f)}{rank + 1}" for f in sorted(files))
        return " ".join(out)

    def zone_region(self, zone: str, color: Color) -> str:
        """The Bitboard option value of ``color``'s squares of the model's zone ``zone``."""
        return self.region(self.squares_of(color, self.game.zone_squares(zone, color)))

    def squares_of(self, color: Color, names: frozenset[str]) -> frozenset[int]:
        geo = self.variant.geometry
        return frozenset(geo.square(name) for name in names)

    # ------------------------------------------------------------------ rules
    def promotions(self) -> None:
        v = self.variant
        promoting = [t for t in v.types if t.base is None and t.piece.promotion is not None]
        zones: set[tuple[frozenset[int], frozenset[int]]] = set()
        pawn_types: list[PieceType] = []
        piece_map: list[str] = []
        mandatory: set[bool] = set()
        for t in promoting:
            piece = t.piece
            promotion = piece.promotion
            assert promotion is not None
            zones.add((v.promotion_zone[code_of(t.index, WHITE)], v.promotion_zone[code_of(t.index, BLACK)]))
            if any(c.max_depth is not None or not c.on_last_rank or c.from_hand for c in promotion.choices):
                self.refuse(f"{piece.name}: promotion", f"piece {piece.name!r}: promotion choices limited by "
                            "depth, last rank or hand")
            if promotion.triggers == SHOGI_TRIGGERS and len(promotion.choices) == 1:
                piece_map.append(f"{piece.id.lower()}:{promotion.choices[0].piece.lower()}")
                mandatory.add(promotion.mandatory)
            elif promotion.triggers == CHESS_TRIGGERS:
                pawn_types.append(piece)
            else:
                self.refuse(f"{piece.name}: promotion", f"piece {piece.name!r}: promotion on "
                            + ", ".join(sorted(tr.value for tr in promotion.triggers))
                            + " (Fairy-Stockfish promotes pawns on entering, other pieces on entering, leaving "
                            "or moving within the zone, with one promoted type)")
        if not promoting:
            self.add("promotionPieceTypes", "-")
            return
        if len(zones) > 1:
            self.refuse("promotion zone", "piece types promote in different zones")
        white, black = next(iter(zones))
        self.add("promotionRegionWhite", self.region(white))
        self.add("promotionRegionBlack", self.region(black))
        if pawn_types:
            choices = {tuple(frozenset(c.piece.lower() for c in p.promotion.choices if not c.sides or color in c.sides)
                             for color in (WHITE, BLACK)) for p in pawn_types if p.promotion}
            if len(choices) > 1:
                self.refuse("promotion choices", "pawn types promote to different sets of pieces")
            self.add("promotionPawnTypes", "".join(p.id.lower() for p in pawn_types))
            for_white, for_black = next(iter(choices))
            if for_white == for_black:
                self.add("promotionPieceTypes", "".join(sorted(for_white)))
            else:  # chigorin: each side's own choices
                self.add("promotionPieceTypesWhite", "".join(sorted(for_white)) or "-")
                self.add("promotionPieceTypesBlack", "".join(sorted(for_black)) or "-")
            pawn_mandatory = {p.promotion.mandatory for p in pawn_types if p.promotion}
            if len(pawn_mandatory) > 1:
                self.refuse("promotion", "some pawn types must promote, others need not")
            self.add("mandatoryPawnPromotion", str(pawn_mandatory.pop()).lower())
        else:
            self.add("promotionPawnTypes", "-")
            self.add("promotionPieceTypes", "-")
        if piece_map:
            self.add("promotedPieceType", " ".join(piece_map))
            if len(mandatory) > 1:
                self.refuse("promotion", "some piece types must promote, others need not")
            self.add("mandatoryPiecePromotion", str(mandatory.pop()).lower())
        self.promotion_limits()

    def promotion_limits(self) -> None:
        """``promotionLimit``: per type, the count on the board that stops promotions to it (one for the game)."""
        limits: dict[str, set[int]] = {}
        for piece in self.game.pieces:
            for choice in piece.promotion.choices if piece.promotion else ():
                if choice.max_count is not None:
                    limits.setdefault(choice.piece, set()).add(choice.max_count)
        if any(len(counts) > 1 for counts in limits.values()):
            self.refuse("promotion limit", "piece types promote to one type with different limits")
        if limits:
            self.add("promotionLimit", " ".join(f"{pid.lower()}:{min(n)}" for pid, n in sorted(limits.items())))

    def immobility(self) -> None:
        """immobilityIllegal where the game needs it (drops, or promotion forced where stuck), and only if every
        move to a square a piece can never leave is a forced promotion there."""
        v = self.variant
        game = self.game
        needed = game.rules.drops or any(
            p.promotion is not None and not p.promotion.mandatory and p.promotion.mandatory_where_stuck
            for p in game.pieces)
        stuck_types = [t for t in v.types if t.base is None and v.stuck[code_of(t.index, WHITE)]]
        if not needed or not stuck_types:
            return
        anywhere = [t for t in stuck_types if t.piece.drop is not None and t.piece.drop.where_stuck]
        if anywhere and len(anywhere) < len(stuck_types):
            self.refuse(f"{anywhere[0].piece.name}: immobility", f"piece {anywhere[0].piece.name!r} is dropped where "
                        "it can never move, others are not: Fairy-Stockfish's immobilityIllegal is for all pieces")
        if anywhere:
            return  # Fairy-Stockfish's default: drops (and moves) there too
        for t in stuck_types:
            code = code_of(t.index, WHITE)
            reachable = {to for sq in range(v.size) for to in v.targets(code, sq)} & v.stuck[code]
            promotion = t.piece.promotion
            forced = promotion is not None and (promotion.mandatory or promotion.mandatory_where_stuck) \
                and reachable <= v.promotion_zone[code]
            if reachable and not forced:
                self.refuse(f"{t.piece.name}: immobility", f"piece {t.piece.name!r} may move unpromoted to "
                            "squares it can never leave, which Fairy-Stockfish's immobilityIllegal forbids")
        self.add("immobilityIllegal", "true")

    def drops(self) -> None:
        game = self.game
        if not game.rules.drops:
            return
        self.add("pieceDrops", "true")
        self.add("capturesToHand", str(game.rules.captures_to_hand).lower())
        if game.rules.captures_to_hand and not game.rules.demote_captured:
            self.add("dropLoop", "true")
        droppable = [p for p in game.pieces if not p.royal]
        by_type = [p.drop.zone if p.drop else None for p in droppable]
        if len(set(by_type)) > 1:
            self.refuse("drop zones", "piece types have different drop zones")
        zone = by_type[0] if by_type else None  # (with best_effort: the first type's, in the game's order)
        if zone is not None:
            for color, key in ((WHITE, "dropRegionWhite"), (BLACK, "dropRegionBlack")):
                self.add(key, self.region(self.squares_of(color, game.zone_squares(zone, color))))
        per_file = [p for p in droppable if p.drop is not None and p.drop.max_per_file is not None]
        if len(per_file) > 1:
            self.refuse("drop file limit", "more than one piece type limited per file: "
                        + ", ".join(p.name for p in per_file))
        if per_file and per_file[0].drop is not None:
            self.add("dropNoDoubled", per_file[0].id.lower())
            self.add("dropNoDoubledCount", per_file[0].drop.max_per_file)
        for p in droppable:
            if p.drop is not None and p.drop.max_per_square_color is not None:
                self.refuse(f"{p.name}: square-colour limit", f"piece {p.name!r}: at most "
                            f"{p.drop.max_per_square_color} unpromoted per square colour (no Fairy-Stockfish "
                            "option)")
        if any(p.drop is not None and p.drop.no_drop_mate for p in droppable):
            self.add("shogiPawnDropMateIllegal", "true")
        no_check = [p for p in droppable if p.drop is not None and p.drop.no_drop_check]
        if no_check and len(no_check) < len(droppable):
            self.refuse(f"{no_check[0].name}: drop checks", f"piece {no_check[0].name!r} may not be dropped with "
                        "check, others may: Fairy-Stockfish's dropChecks is for all pieces")
        if no_check:
            self.add("dropChecks", "false")
        self.lost.extend(rules_lost(game, SUPPORT, game, (DROPS_FIRST, DROP_SAFETY), self.best_effort, by_piece=True))
        if "pawn" in self.slots.values():
            self.add("firstRankPawnDrops", "true")
            self.add("promotionZonePawnDrops", "true")

    def castling(self) -> None:
        v = self.variant
        castlers = [t for t in v.types if t.castling]
        pawns = [pid for pid, slot in self.slots.items()
                 if slot == "pawn" and "ifmnD" in {betza.write([m]) for m in betza.parse_moves(
                     self.game.piece_type(pid).betza)}]
        if self.double_zone is not None:
            for color, key in ((WHITE, "doubleStepRegionWhite"), (BLACK, "doubleStepRegionBlack")):
                self.add(key, self.zone_region(self.double_zone, color) or "-")
        elif pawns:
            ranks = {(color, self.variant.geometry.coords[sq][1])
                     for sq, code in v.start_codes.items()
                     for color in (WHITE, BLACK)
                     if code == v.code(pawns[0], color)}
            for color, key in ((WHITE, "doubleStepRegionWhite"), (BLACK, "doubleStepRegionBlack")):
                rows = sorted(rank for c, rank in ranks if c == color)
                if len(rows) > 1:
                    self.refuse("zoned moves", f"pawns with an initial double step start on ranks "
                                f"{', '.join(str(r + 1) for r in rows)}: one moved up to another rank would still "
                                "double-step in Fairy-Stockfish")
                self.add(key, " ".join(f"*{r + 1}" for r in rows) or "-")
        else:
            self.add("doubleStep", "false")
        if not castlers:
            self.add("castling", "false")
            return
        try:
            plan = castling_plan(v, castlers, self.slots)
        except CastlingMisfit as misfit:
            self.refuse("castling", f"the castling of {castlers[0].piece.name!r} (dropped): {misfit}")
            self.add("castling", "false")
            self.castles = False
            return
        if not plan.partners:  # no piece to castle with, now or later (partners are virgin)
            self.add("castling", "false")
            return
        self.add("castling", "true")
        self.add("castlingKingFile", file_name(plan.king_file))
        self.add("castlingKingsideFile", file_name(plan.kingside_file))
        self.add("castlingQueensideFile", file_name(plan.queenside_file))
        self.add("castlingRookPieces", plan.partners)

    def regions_and_values(self) -> None:
        game = self.game
        for piece in game.pieces:
            if piece.confined_to is None:
                continue
            slot = self.slots[piece.id]
            name = slot[0].upper() + slot[1:]
            for color, side in ((WHITE, "White"), (BLACK, "Black")):
                self.add(f"mobilityRegion{side}{name}", self.zone_region(piece.confined_to, color))
        if not game.rules.royals_may_face:
            self.add("flyingGeneral", "true")
        self.bare_king()
        flag = game.rules.flag
        if flag is not None:
            for color, side in ((WHITE, "White"), (BLACK, "Black")):
                piece_id = flag.piece(color)
                self.add(f"flagPiece{side}", "*" if piece_id is None else game.piece_type(piece_id).id.lower())
                self.add(f"flagRegion{side}", self.zone_region(flag.zone, color))
            self.add("flagPieceCount", flag.count)
            self.add("flagPieceBlockedWin", str(flag.blocked_win).lower())
            if flag.extra_move:
                self.add("flagMove", "true")
            if flag.safe:
                self.add("flagPieceSafe", "true")
        if game.rules.must_capture:
            self.add("mustCapture", "true")
        if game.rules.no_checks:
            self.add("checking", "false")
        if game.rules.check_count:
            self.add("checkCounting", "true")  # the counter is the start FEN's (3+3)
        # every game-wide rule Fairy-Stockfish has no option for (those of drops: drops())
        unsaid = [f for f in GOAL_RULES if f not in (DROPS_FIRST, DROP_SAFETY)]
        self.lost.extend(rules_lost(game, SUPPORT, game, unsaid, self.best_effort, by_piece=True))
        self.extinction_and_blast()
        self.connect()
        self.add("stalemateValue", {StalemateResult.DRAW: "draw", StalemateResult.LOSS: "loss",
                                    StalemateResult.WIN: "win"}[game.rules.stalemate])
        self.add("checkmateValue", "loss")

    def kept_options(self) -> None:
        """The options read from variants.ini that cannot change the moves (``format_data["fsf"]["kept"]``: draw
        rules, evaluation hints, ...), written back; ``pieceToCharTable`` only where every piece is written as the
        type it was read as (the table is per type)."""
        kept = self.game.format_data.get("fsf", {}).get("kept", {})
        if not isinstance(kept, dict):
            return
        same_types = all(self.slots.get(p.id) == p.name for p in self.game.pieces)
        written = {line.split(" = ", 1)[0] for line in self.lines}
        for key, value in kept.items():
            spec = opt.OPTIONS.get(key)
            if spec is None or spec.kind != opt.KEEP or key in written:
                continue
            if key == "pieceToCharTable" and not same_types:
                continue
            self.add(key, value)

    def connect(self) -> None:
        """``connectN``, ``connectNxN``, ``connectRegion1/2``, the directions, piece types and value; ``mustDrop``."""
        game = self.game
        if game.rules.must_drop:
            self.add("mustDrop", "true")
        goal = game.rules.connect
        if goal is None:
            return
        self.add("connectN", goal.count)
        self.add("connectNxN", goal.square)
        for name in CONNECT_DIRECTIONS:
            self.add(f"connect{name.capitalize()}", str(name in goal.directions).lower())
        if goal.pieces is not None:
            self.add("connectPieceTypes", "".join(game.piece_type(p).id.lower() for p in goal.pieces))
        self.add("connectValue", goal.result.value)
        for index, zone in enumerate(goal.zones or (), start=1):
            for color, side in ((WHITE, "White"), (BLACK, "Black")):
                region = self.zone_region(zone, color)
                if region:
                    self.add(f"connectRegion{index}{side}", region)

    def bare_king(self) -> None:
        """The bare-king rule (a side to move left with its royal piece only, the other with more, has lost) as
        Fairy-Stockfish's extinction of all pieces (``*``) at 1 against 2 (its shatranj without the claim): the
        same game where each side has exactly one royal piece, always on the board (no drops, no blast, none
        gained), no other extinction goal, and the side not to move does not start bare against more."""
        game = self.game
        if game.rules.bare_king is BareKingRule.NONE:
            return
        royal = [p for p in game.pieces if p.royal]
        placed = [(p.id, p.color) for p in game.setup.placement.values() if royal and p.id == royal[0].id]
        gained = any(c.piece == royal[0].id for p in game.pieces if p.promotion for c in p.promotion.choices) \
            if royal else True
        counts = [sum(1 for p in game.setup.placement.values() if p.color == color) for color in (WHITE, BLACK)]
        waiting = 1 - game.setup.side_to_move
        if len(royal) != 1 or sorted(c for _, c in placed) != [WHITE, BLACK] or gained or game.rules.drops \
                or game.rules.blast is not None or game.rules.extinction is not None \
                or (counts[waiting] <= 1 and counts[1 - waiting] >= 2):
            self.refuse("bare king", "the bare-king rule, where it is not Fairy-Stockfish's extinction of all pieces "
                        "at 1 against 2 (one royal piece a side, always on the board, no drops, no other extinction "
                        "goal)")
            return
        for key, value in (("extinctionValue", "loss"), ("extinctionPieceTypes", "*"), ("extinctionPieceCount", 1),
                           ("extinctionOpponentPieceCount", 2)):
            self.add(key, value)

    def extinction_and_blast(self) -> None:
        """``extinctionValue`` and its counts; ``mutuallyImmuneTypes``; ``blastOnCapture``, whose royal piece is
        pseudo-royal and whose spared pieces must be exactly Fairy-Stockfish's pawns, and ``blastImmuneTypes``."""
        game = self.game
        goal = game.rules.extinction
        blast = game.rules.blast
        if goal is not None:
            letters = "*" if goal.pieces is None else "".join(game.piece_type(p).id.lower() for p in goal.pieces)
            self.add("extinctionValue", goal.result.value)
            self.add("extinctionPieceTypes", letters)
            self.add("extinctionPieceCount", goal.count)
            self.add("extinctionOpponentPieceCount", goal.opponent_count)
            if goal.claim:
                self.add("extinctionClaim", "true")
        immune = "".join(p.id.lower() for p in game.pieces if p.cannot_capture)  # SUPPORT: mutually_immune()
        if immune:
            self.add("mutuallyImmuneTypes", immune)
        if blast is None:
            return
        pawns = {pid for pid, slot in self.slots.items() if slot == "pawn"}
        if {game.piece_type(p).id for p in blast.spared} != pawns:
            self.refuse("atomic captures", "atomic captures sparing other pieces than Fairy-Stockfish's pawns "
                        f"({', '.join(blast.spared) or 'none'} spared)")
        self.add("blastOnCapture", "true")
        if blast.immune:
            self.add("blastImmuneTypes", "".join(game.piece_type(p).id.lower() for p in blast.immune))
        royal = [p for p in game.pieces if p.royal]
        if not royal:
            return
        per_side = [sum(1 for placed in game.setup.placement.values() if placed.id == royal[0].id
                        and placed.color == color) for color in (WHITE, BLACK)]
        if goal is None or goal.pieces != (royal[0].id,) or goal.count or goal.result is not StalemateResult.LOSS \
                or max(per_side) > 1:
            self.refuse("atomic captures", "a royal piece with atomic captures other than one per side that loses "
                        "when blasted")
        self.add("extinctionPseudoRoyal", "true")

    def write(self, name: str) -> str:
        game = self.game
        board = game.board
        if board.files > MAX_FILES or board.ranks > MAX_RANKS:
            raise UnsupportedError(f"Fairy-Stockfish boards go up to {MAX_FILES} files x {MAX_RANKS} ranks, not "
                                   f"{board.files} x {board.ranks}", feature="board size")
        if board.extra_positions or board.links or board.first_rank != 1:
            raise UnsupportedError("Fairy-Stockfish boards are rectangles (no extra positions, links or rank 0)",
                                   feature="board shape")
        hopping = [p.name for p in game.pieces if board.holes and _hops(p)]
        if hopping:
            raise UnsupportedError(f"a board with holes and the hopping piece {hopping[0]!r}: Fairy-Stockfish's "
                                   "walls (its holes, '*' in the start position) are screens a hopper may hop over",
                                   feature="board shape")
        self.add("maxFile", board.files)
        self.add("maxRank", board.ranks)
        self.pieces()
        self.promotions()
        self.immobility()
        self.drops()
        self.castling()
        self.regions_and_values()
        fen = self.variant.start_position().fen().split(" ")
        if not self.castles:
            fen[2] = "-"  # the castling dropped: no rights either
        self.add("startFen", " ".join(fen))
        self.kept_options()
        title = game.metadata.title or name
        header = [f"# {title}, written by fairyport (convert --to fsf)"]
        header += [f"# NOT EXACT: {item}" for item in self.lost]
        return "\n".join([*header, f"[{name}]", *self.lines]) + "\n"


def _hops(piece: PieceType) -> bool:
    """Whether ``piece`` has a move that hops over a piece (XBetza ``p`` or ``g`` on some leg): the one kind of
    move a hole and Fairy-Stockfish's wall (``*`` in its start position, which the startFen of a board with holes
    has) do not block alike. Sliders stop, leapers jump over both, lame legs and drops are blocked by both."""
    return any(leg.has("p") or leg.has("g") for move in betza.parse_moves(piece.betza) for leg in move.legs)


def _custom_slot(piece: PieceType, taken: set[str], reserved: set[str]) -> str:
    """The ``customPieceN`` slot of ``piece``: the one it was read from (its name) when free, else the first one
    neither taken nor reserved (the names of other pieces read from slots)."""
    if piece.name.startswith("customPiece") and piece.name in PIECES and piece.name not in taken:
        return piece.name
    slot = next((f"customPiece{n}" for n in range(1, MAX_CUSTOM_PIECES + 1)
                 if f"customPiece{n}" not in taken | reserved), "")
    if not slot:
        raise UnsupportedError(f"more than {MAX_CUSTOM_PIECES} custom pieces", feature="pieces")
    return slot


NAMED_TYPES = frozenset(PIECES) - {"pawn", "king", "shogiPawn", "soldier"} - SPECIAL_PIECES.keys() \
    - {f"customPiece{n}" for n in range(1, MAX_CUSTOM_PIECES + 1)}
"""Fairy-Stockfish's piece types a piece of that name is written as (``knight = n``) when their moves are the
piece's; the others have rules beyond their Betza (pawn, soldier, janggiCannon) or are written by the rules."""

SECTION_SUFFIX = "-fairyport"
"""Added to every section name: Fairy-Stockfish ignores a section named like one of its built-in variants
(``chess``, ``shogi``, ...), so the export never uses a bare title."""


def section_name(game: Game) -> str:
    """The section name: the title in lower case letters and digits, then ``-fairyport``."""
    return (re.sub(r"[^a-z0-9]", "", game.metadata.title.lower()) or "game") + SECTION_SUFFIX


def write_section(game: Game, *, best_effort: bool = False, name: str | None = None,
                  prove: bool | None = None) -> tuple[str, list[str]]:
    """The ``variants.ini`` section of ``game`` and the list of differences (empty unless ``best_effort``).

    ``prove`` (default: when pyffish is installed) checks every custom piece with pyffish.

    :raises UnsupportedError: naming the piece or rule Fairy-Stockfish cannot hold exactly (not with
        ``best_effort``, except for the board and piece ids, which have no nearest form).
    """
    writer = _Writer(game, best_effort, pyffish_available() if prove is None else prove)
    text = writer.write(name or section_name(game))
    return text, writer.lost


def write_game(game: Game, *, best_effort: bool = False) -> tuple[str, list[str]]:
    """``fairyport convert X --to fsf``: the section text and what was lost (the Format.write signature)."""
    castling = rules_lost(game, SUPPORT, game, (CASTLING,), best_effort) + rules_lost(game, SUPPORT, game, (SPLIT,),
                                                                                     best_effort)
    text, lost = write_section(game, best_effort=best_effort)
    return text, castling + lost


__all__ = ["section_name", "write_game", "write_section"]
