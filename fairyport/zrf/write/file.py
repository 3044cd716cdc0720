"""Game model -> a complete ZRF file (``fairyport convert X.idiagram --to zrf``).

The file holds, in order: ``(version "2.0")``, the macro library the moves use (:mod:`.library`), one landing
macro per piece type (``Pawn-add``: the ``never-moved?`` attribute, promotion by ``(add T ...)`` in the
promotion zone, confinement by ``in-zone?``), and the ``game``: title and description, players and turn order,
the board (one grid, files ``a/b/...`` and ranks from the top, every direction the moves step, killed holes,
Black's 180-degree symmetry, the zones), the setup, one piece entry per type with help text and its moves, and
the goals (a ``checkmated`` loss for the royal type, stalemate as the model says, the bare-king loss as
``(pieces-remaining 1)``).

Castling (XBetza ``O``) is a cascade block on the royal piece, and royals that may not face get a ``face`` block
that would capture the other royal along the file (so a facing position is a check, as in the generator).
What ZRF (or this writer) cannot express raises :class:`UnsupportedError` naming the piece or rule; with
``best_effort`` it is left out and listed.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any

from fairyport.conversion import rules_lost
from fairyport.errors import UnsupportedError
from fairyport.features import GOAL_RULES, PIECE_RULES, SPLIT
from fairyport.model import (
    BLACK,
    WHITE,
    BareKingRule,
    Castling,
    Color,
    Game,
    PieceType,
    RoyalProtection,
    StalemateResult,
    ZonedMove,
    file_name,
    zone_squares,
)
from fairyport.movegen.compile import compile_game
from fairyport.xbetza import syntax as betza
from fairyport.xbetza.geometry import K_VECTORS, AtomClass, first_leg_directions
from fairyport.zrf.features import SUPPORT
from fairyport.zrf.names import Vector, direction_name, negate, piece_name
from fairyport.zrf.syntax.printer import DEFAULT_STYLE, format_node
from fairyport.zrf.write import atomic, dropchecks, lastroyal, nochecks
from fairyport.zrf.write.hands import Hands
from fairyport.zrf.write.holes import LAME_OVER_HOLE, lame_over_hole
from fairyport.zrf.write.library import LIBRARY, needed
from fairyport.zrf.write.moves import NEVER_MOVED, EpSource, MoveCompiler, ep_sources
from fairyport.zrf.write.priorities import CAPTURE_TYPE, DROP_TYPE, NORMAL_TYPE, split_captures
from fairyport.zrf.write.sexpr import Expr, Raw, Text, node

PLAYERS = ("White", "Black")
"""ZRF player names for the model's colours."""
MAX_FLAG_SETS = 64
"""Most ``absolute-config`` conditions a flag goal of several pieces is written as (one per set of squares)."""
MAX_CONNECT_CONFIGS = 512
"""Most ``relative-config`` conditions a connection goal of several piece types is written as (one per way of
filling each line or block with the types)."""
"""Most ``absolute-config`` conditions a flag goal of several pieces is written as (one per set of squares)."""

CELL = 50
"""Pixel size of one square in the written grid (Zillions needs screen rectangles)."""

HEADER = (
    "Written by fairyport from its game model. Moves are generated from the pieces' XBetza through the macro",
    "library below; piece and board images are named but not provided.",
)
"""The comment lines at the top of a written file."""

START_ZONE = "-start"
"""Suffix of the zone of a piece type's start squares (``Pawn-start``), written for types with initial moves."""

CYLINDER_SUFFIX = "-o"
"""Added to a direction's name for the same step with the files wrapping around (XBetza's ``o``, written as
links: ``e-o`` links h1 to a1)."""

PROMOTION_ZONE = "promotion-zone"
"""Name of the written promotion zones (``promotion-zone-N`` when pieces promote at different depths)."""


class Writer:
    """Builds the ZRF forms of one game."""

    def __init__(self, game: Game, best_effort: bool) -> None:
        self.game = game
        self.best_effort = best_effort
        self.lost: list[str] = []
        kept = game.format_data.get("zrf")
        self.kept: dict[str, Any] = kept if isinstance(kept, dict) else {}
        """What a ZRF reader kept for the kept code: players, symmetries (see :mod:`fairyport.zrf.read`)."""
        self.all_players: list[str] = list(self.kept.get("players", PLAYERS))
        """Every player of the file (a third one, neutral or ``?Dice``, may play in a kept turn order)."""
        self.players: tuple[str, str] = (self.all_players[0], self.all_players[1])
        """The ZRF names of the model's two colours."""
        taken: set[str] = set()
        if self.kept:  # the kept code names the pieces as the ZRF file did
            self.names = {p.id.upper(): p.name for p in game.pieces}
        else:
            self.names = {p.id.upper(): piece_name(p.name, taken) for p in game.pieces}
        self.vectors: dict[Vector, str] = {}
        for vector in K_VECTORS:
            self.use(vector)
        self.cylinder: dict[Vector, str] = {}
        """The directions of cylinder moves (XBetza's ``o``, :meth:`use_cylinder`), written as links."""
        self.unturned: dict[Vector, str] = {}
        """Directions Black's symmetry does not turn (castling with the partner at other distances each way)."""
        self.macros: set[str] = set()
        self.parsed = {p.id.upper(): self._moves(p) for p in game.pieces}
        self.castling = any(m.atom == "O" for moves in self.parsed.values() for m in moves)
        self.rooklike = [self.names[p.id.upper()] for p in game.pieces
                         if any(m.atom == "R" and not m.is_multi_leg for m in self.parsed[p.id.upper()])]
        self.promotion_zones: dict[int, str] = {}
        self.comments: dict[int, str] = {}
        """id() of a library form -> its comment line."""
        self.hands: Hands | None = None
        """Storage columns, captures to hand and drops (:mod:`.hands`), for a game with pieces in hand."""
        self.pieces: list[PieceType] = list(game.pieces)
        """The written piece types: the model's, and with hands one per (base, promoted type)."""
        self.zone_lands: dict[str, list[Expr]] = {}
        self.last_royal: lastroyal.LastRoyal | None = None
        """The unguarded copies of royal types, for the last royal piece protected (:mod:`.lastroyal`)."""
        self.atomic: bool = False
        """Atomic captures are written (:mod:`.atomic`): landings capture through the blast macro."""
        self.no_checks: nochecks.NoCheckTests | None = None
        """The tests of a game without checks (:mod:`.nochecks`), where they are written."""
        self.drop_checks_written: bool = True
        """False once a drop's check test could not be written (:meth:`drop_check_test`)."""
        self.notation: dict[str, str] = {}
        """Type id -> its ZRF notation where that is not the id (an unguarded copy has its royal type's)."""
        """Name -> definition of the landing macros of moves that may land only in (or outside) a zone."""

    # ------------------------------------------------------------------ helpers
    def refuse(self, error: UnsupportedError) -> None:
        """Raise ``error``, or record it as a loss under ``best_effort``."""
        if not self.best_effort:
            raise error
        self.lost.append(error.reason)

    def use(self, vector: Vector) -> str:
        """The direction name of ``vector`` (and its negation, which Black steps), defining both. On a board
        with links, a name the links already use gets the suffix ``-v`` (the kept code's name wins)."""
        for v in (vector, negate(vector)):
            name = direction_name(v)
            while name in self.game.board.links:
                name += "-v"
            self.vectors.setdefault(v, name)
        return self.vectors[vector]

    def cylinder_user(self) -> Callable[[Vector], str] | None:
        """:meth:`use_cylinder` on a board without links (a board with links keeps its own directions), else
        None: the move compiler then refuses cylinder moves by name."""
        board = self.game.board
        return None if board.links or board.extra_positions else self.use_cylinder

    def use_cylinder(self, vector: Vector) -> str:
        """The direction name of ``vector`` with the files wrapping around (XBetza's ``o``: the a-file next to the
        last), and of its negation, defining both: :meth:`board_form` writes them as links."""
        for v in (vector, negate(vector)):
            name = direction_name(v) + CYLINDER_SUFFIX
            while name in self.game.board.links or name in self.vectors.values():
                name += "-v"
            self.cylinder.setdefault(v, name)
        return self.cylinder[vector]

    def cylinder_links(self) -> list[Expr]:
        """``(links d ...)`` of each cylinder direction (:meth:`use_cylinder`): every square to the square that step
        away with the files taken around, never to itself."""
        board = self.game.board
        by_coordinates = {(p.file, p.rank): p.name for p in board.positions
                          if p.file is not None and p.rank is not None}
        forms: list[Expr] = []
        for (dx, dy), name in self.cylinder.items():
            pairs: list[Expr] = []
            for (f, r), square in by_coordinates.items():
                target = by_coordinates.get(((f + dx) % board.files, r + dy))
                if target is not None and target != square:
                    pairs.append([square, target])
            if pairs:
                forms.append(["links", name, *pairs])
        return forms

    def use_unturned(self, vector: Vector) -> str:
        """A direction name of ``vector`` that means the same for both players (no symmetry pair)."""
        name = direction_name(vector) + "-board"
        while name in self.game.board.links or name in self.vectors.values():
            name += "-v"
        return self.unturned.setdefault(vector, name)

    def _moves(self, piece: PieceType) -> list[betza.Move]:
        return list(betza.parse_moves(piece.betza))

    def _zoned(self, piece: PieceType) -> list[tuple[ZonedMove, list[betza.Move]]]:
        return [(zoned, list(betza.parse_moves(zoned.betza))) for zoned in piece.zoned_moves]

    def zoned_blocks(self, piece: PieceType, land: str, prefix: list[Expr], start_zone: str | None,
                     part: int | None = None) -> list[Expr]:
        """The move blocks of ``piece``'s zoned moves: a move from a zone starts with ``(verify (in-zone? Z))``
        (or ``not-in-zone?``) on its start square; a move onto a zone lands through a macro that adds only
        there (the path is walked as without the condition)."""
        name = self.names[piece.id.upper()]
        blocks: list[Expr] = []
        for zoned, moves in self._zoned(piece):
            test: Expr = ["in-zone?" if zoned.inside else "not-in-zone?", zoned.zone]
            if zoned.on == "to":
                zone_land = f"{land}-{'in' if zoned.inside else 'outside'}-{zoned.zone}"
                self.zone_lands[zone_land] = ["define", zone_land, ["if", test, [land]]]
                land_here, first = zone_land, []
            else:
                land_here, first = land, [["verify", test]]
            compiler = MoveCompiler(name, land_here, self.use, max(self.game.board.files, self.game.board.ranks),
                                    self._ep_sources(), start_zone, self.cylinder_user())
            for whole in moves:
                try:
                    if whole.atom == "O":
                        raise compiler.unsupported(whole, "castling that depends on a zone")
                    move = self._part(piece, whole, part)
                    if move is None:
                        continue
                    starts = (zone_squares(self.game.zones, zoned.zone, WHITE),
                              zone_squares(self.game.zones, zoned.zone, BLACK)) if zoned.on == "from" and \
                        zoned.inside else (None, None)
                    if (passed := lame_over_hole(self.game.board, move, starts)) is not None:
                        raise compiler.unsupported(whole, f"{LAME_OVER_HOLE}: {passed}")
                    blocks.extend([*prefix, *first, *self.blast_ep(block)] for block in compiler.blocks(move))
                except UnsupportedError as error:
                    self.refuse(error)
            self.macros |= compiler.macros
        return blocks

    def needs_attribute(self, piece: PieceType) -> bool:
        """Whether the piece carries ``never-moved?``: initial moves, or any castling in the game (partners)."""
        return self.castling or self._initial(piece)

    def _initial(self, piece: PieceType) -> bool:
        """Whether the piece has initial moves (``i``), zoned or not."""
        moves = [*self.parsed[piece.id.upper()], *(m for _, zoned in self._zoned(piece) for m in zoned)]
        return any(leg.has("i") for m in moves for leg in m.legs)

    # ------------------------------------------------------------------ file
    def forms(self) -> list[Expr]:
        """Every top-level form of the file."""
        game = self.game
        has_hands = game.rules.drops or game.rules.captures_to_hand or any(
            count for hand in game.setup.hands.values() for count in hand.values())
        if has_hands and not self.kept:
            self.hands = Hands(game, self.names, self.players, self.use, self.refuse)
            for promoted in self.hands.promoted:
                self.pieces.append(promoted.piece)
                self.parsed[promoted.piece.id.upper()] = self._moves(promoted.piece)
        royal_types = [p for p in game.pieces if p.royal]
        per_side = [sum(1 for q in game.setup.placement.values() if q.color == c and
                        game.piece_type(q.id).royal) for c in (WHITE, BLACK)]
        try:
            self.last_royal = None if self.kept else lastroyal.plan(
                game, self.parsed, self.rooklike, self.names, {source.piece for source in self._ep_sources()})
        except UnsupportedError as error:
            self.refuse(error)
        if self.last_royal is not None:  # each copy before its royal type: a FEN letter names the copy
            for royal, copy in self.last_royal.copies.items():
                self.parsed[copy.id] = self.parsed[royal]
                self.notation[copy.id] = royal
                self.pieces.insert(next(i for i, p in enumerate(self.pieces) if p.id.upper() == royal), copy)
        elif game.rules.royal_protection is RoyalProtection.LAST and max(per_side, default=0) > 1:
            self.refuse(UnsupportedError("only the last royal piece protected is not written in ZRF with kept "
                                         "code", feature=lastroyal.FEATURE))
        if game.rules.blast is not None and self.hands is None and not self.kept:
            try:
                atomic.check(game)
                if atomic.ASH in self.names.values() or game.board.links or game.board.extra_positions:
                    raise UnsupportedError(f"atomic captures on a board with links, or with a piece named "
                                           f"{atomic.ASH!r}, are not written in ZRF", feature=atomic.FEATURE)
                self.atomic = True
            except UnsupportedError as error:
                self.refuse(error)
        if game.rules.no_checks:
            self.no_checks = self.no_check_tests()
        pieces = [self.piece_form(p) for p in self.pieces]
        if self.atomic:
            pieces.append(atomic.ash_form(self.players))
        board = self.board_form()
        if self.hands is not None:
            hands = self.hands
            add_macros = [hands.to_hand_macro(), *(m for p in self.pieces for m in hands.landing_macros(p))]
        else:
            add_macros = [self.add_macro(p) for p in self.pieces]
            if self.last_royal is not None:
                squares = [p.name for p in game.board.positions]
                add_macros.insert(0, self.last_royal.macro(self.names, squares))
            if self.atomic:
                add_macros.insert(0, atomic.blast_macro(game, self.names, self.use))
            if self.no_checks is not None:
                add_macros.insert(0, self.no_checks.en_passant_macro())
        goals = self.goals(royal_types)
        library: list[tuple[str, Expr]] = []
        for name in needed(self.macros):
            comment, body = LIBRARY[name]
            library.append((comment, ["define", name, *body]))
        game_form: list[Expr] = ["game", ["title", Text(self.text(game.metadata.title or "Untitled"))]]
        description = game.metadata.description or f"{game.metadata.title}, written by fairyport."
        game_form.append(["description", Text(self.text(description))])
        if game.metadata.author:
            game_form.append(["history", Text(self.text(f"By {game.metadata.author}."))])
        order = list(self.players)
        game_form.append(["players", *self.all_players])
        if game.setup.side_to_move == BLACK:
            order.reverse()
        rules = [Raw(rule.text) for rule in game.kept_rules("zrf")]
        if not any(rule.name == "turn-order" for rule in game.kept_rules("zrf")):
            game_form.append(["turn-order", *order])
        if game.rules.must_capture:
            game_form.append(["move-priorities", CAPTURE_TYPE, NORMAL_TYPE])
        elif self.must_drop:
            game_form.append(["move-priorities", DROP_TYPE, NORMAL_TYPE])
        game_form.extend(r for r in rules if not r.startswith("(loss-") and not r.startswith("(win-")
                         and not r.startswith("(draw-"))
        game_form.append(board)
        game_form.append(self.setup_form())
        game_form.extend(pieces)
        game_form.extend(goals)
        game_form.extend(r for r in rules if r.startswith(("(loss-", "(win-", "(draw-")))
        self.comments = {id(form): comment for comment, form in library}
        return [["version", Text("2.0")], *(form for _, form in library), *add_macros, *self.zone_lands.values(),
                game_form]

    @staticmethod
    def text(value: str) -> str:
        """A string literal's content: ZRF strings have no escapes, so a double quote becomes a backquote."""
        return value.replace('"', "`")

    # ------------------------------------------------------------------ board
    def board_form(self) -> list[Expr]:
        """``(board ...)``: one grid with every direction used, holes killed, symmetry, zones."""
        board = self.game.board
        files = "/".join(file_name(f) for f in range(board.files))
        ranks = "/".join(str(r + board.first_rank) for r in reversed(range(board.ranks)))
        directions: list[Expr] = [[name, str(dx), str(-dy)] for (dx, dy), name in
                                  [*self.vectors.items(), *self.unturned.items()]]
        grid: list[Expr] = ["grid", ["start-rectangle", "0", "0", str(CELL), str(CELL)],
                            ["dimensions", [Text(files), [str(CELL), "0"]], [Text(ranks), ["0", str(CELL)]]],
                            ["directions", *directions]]
        form: list[Expr] = ["board", ["image", Text(f"images\\fairyport\\board{board.files}x{board.ranks}.bmp")],
                            grid]
        if board.holes:
            form.append(["kill-positions", *sorted(board.holes)])
        if self.atomic:
            form.extend(atomic.dump_forms([p.name for p in board.positions]))
        if board.links or board.extra_positions:
            return self.linked_board_form()
        pairs: list[Expr] = [[name, self.vectors[negate(v)]] for v, name in self.vectors.items()]
        form.extend(self.cylinder_links())
        pairs += [[name, self.cylinder[negate(v)]] for v, name in self.cylinder.items()]
        if self.hands is not None:
            form.extend(self.hands.positions(board.files, board.ranks, CELL))
            form.extend(self.hands.links())
            pairs += self.hands.symmetry_pairs()
        form.append(["symmetry", self.players[1], *pairs])
        form.extend(self.zones())
        return form

    def linked_board_form(self) -> list[Expr]:
        """``(board ...)`` for a board with links: every position with a screen rectangle (positions without
        coordinates in a row below the others), every kept direction as links, the written moves' directions as
        links computed from the coordinates, the kept symmetries and the zones."""
        board = self.game.board
        positions = board.positions
        top = max((p.rank for p in positions if p.rank is not None), default=0)
        cells: list[Expr] = []
        spare = 0
        for p in positions:
            if p.file is not None and p.rank is not None:
                x, y = p.file * CELL, (top - p.rank) * CELL
            else:
                x, y = spare * CELL, (top + 2) * CELL
                spare += 1
            cells.append([p.name, str(x), str(y), str(x + CELL), str(y + CELL)])
        form: list[Expr] = ["board", ["image", Text("images\\fairyport\\board.bmp")], ["positions", *cells]]
        for name, table in board.links.items():
            if table:
                links: list[Expr] = [[a, b] for a, b in table.items()]
                form.append(["links", name, *links])
        by_coordinates = {(p.file, p.rank): p.name for p in positions if p.file is not None}
        for (dx, dy), name in [*self.vectors.items(), *self.unturned.items()]:
            pairs: list[Expr] = [[p.name, by_coordinates[(p.file + dx, p.rank + dy)]] for p in positions
                     if p.file is not None and p.rank is not None and (p.file + dx, p.rank + dy) in by_coordinates]
            if pairs:
                form.append(["links", name, *pairs])
        symmetry = self.kept.get("symmetry", {})
        for player in self.all_players:
            mapping: list[Expr] = [[a, b] for a, b in symmetry.get(player, {}).items()]
            if player == self.players[1]:
                mapping += [[name, self.vectors[negate(v)]] for v, name in self.vectors.items()]
            if mapping:
                form.append(["symmetry", player, *mapping])
        form.extend(self.zones())
        return form

    def zones(self) -> list[Expr]:
        """The model's zones and the promotion zones, one ``zone`` per name and player."""
        out: list[Expr] = []
        for zone in self.game.zones:
            players = list(self.players) if zone.color is None else [self.players[zone.color]]
            out.append(["zone", ["name", zone.name], ["players", *players], ["positions", *sorted(zone.squares)]])
        for piece in self.game.pieces:
            if self._initial(piece):
                for color in (WHITE, BLACK):
                    squares = sorted(sq for sq, placed in self.game.setup.placement.items()
                                     if placed.color == color and placed.id.upper() == piece.id.upper())
                    out.append(["zone", ["name", self.names[piece.id.upper()] + START_ZONE],
                                ["players", self.players[color]], ["positions", *squares]])
        if self.hands is not None:
            return out + self.hands.zones()
        board = self.game.board
        depths = sorted({p.promotion.depth for p in self.game.pieces if p.promotion and p.promotion.zone is None})
        for depth in depths:
            name = PROMOTION_ZONE if len(depths) == 1 else f"{PROMOTION_ZONE}-{depth}"
            self.promotion_zones[depth] = name
            for color in (WHITE, BLACK):
                out.append(["zone", ["name", name], ["players", self.players[color]],
                            ["positions", *board.last_ranks(depth, color)]])
        return out

    def setup_form(self) -> list[Expr]:
        """``(board-setup (White (Pawn a2 ...) ...) (Black ...))``, pieces in model order."""
        form: list[Expr] = ["board-setup"]
        for color in (WHITE, BLACK):
            entries: list[Expr] = []
            for piece in self.pieces:
                squares = [sq for sq, placed in self.game.setup.placement.items()
                           if placed.color == color and self.placed(color, placed.id) == piece.id.upper()]
                off = self.game.setup.hands.get(color, {}).get(piece.id, 0) if self.kept else 0
                if self.hands is not None:
                    squares += self.hands.setup(color, piece)
                if squares or off:
                    entries.append([self.names[piece.id.upper()], *(["off", str(off)] if off else []), *squares])
            form.append([self.players[color], *entries])
        return form

    def blast_ep(self, block: list[Expr]) -> list[Expr]:
        """``block`` with an en-passant capture landing through the blast macro where captures blast, or through
        the macro that tests checks where checks are illegal."""
        if self.atomic:
            return [[*item[:-1], atomic.BLAST_MACRO] if isinstance(item, list) and item[:1] == ["en-passant"]
                    else item for item in block]
        if self.no_checks is not None:
            return [[nochecks.EN_PASSANT, *item[1:]] if isinstance(item, list) and item[:1] == ["en-passant"]
                    else item for item in block]
        return block

    def no_check_tests(self) -> nochecks.NoCheckTests | None:
        """The tests of a game without checks, or None (refused) where they are not written exactly."""
        game = self.game
        tests = nochecks.NoCheckTests(game, self.names, self.parsed, self.use,
                                      max(game.board.files, game.board.ranks), nochecks.EMPTY_AFTER)
        try:
            if self.hands is not None or self.kept or self.atomic or game.board.links or game.board.extra_positions:
                raise UnsupportedError("no checks are not written in ZRF with pieces in hand, atomic captures, kept "
                                       "code or board links", feature=nochecks.FEATURE)
            if self.castling and (len(self.rooklike) != 1 or any(
                    p.castling is not None for p in game.pieces)):
                raise UnsupportedError("no checks are not written in ZRF with castling other than the plain rule "
                                       "with one rook-like partner type", feature=nochecks.FEATURE)
            tests.sliders()
            for piece in game.pieces:
                tests.moves(piece)
        except UnsupportedError as error:
            self.refuse(error)
            return None
        return tests

    def drop_check_test(self, piece: PieceType) -> list[Expr]:
        """What a drop of ``piece`` runs first where its drops may not give check (:mod:`.dropchecks`); a test
        that cannot be written is refused (and the rule then counts as not written)."""
        if piece.drop is None or not piece.drop.no_drop_check:
            return []
        tests = dropchecks.DropCheckTests(self.game, self.names, self.parsed, self.use,
                                          max(self.game.board.files, self.game.board.ranks))
        try:
            return tests.drop_test(piece)
        except UnsupportedError as error:
            self.drop_checks_written = False
            self.refuse(error)
            return []

    def placed(self, color: Color, piece_id: str) -> str:
        """The id of the written type a piece of the setup is (an unguarded copy of a royal type, or its own)."""
        return self.last_royal.placed(color, piece_id) if self.last_royal is not None else piece_id.upper()

    # ------------------------------------------------------------------ pieces
    def add_macro(self, piece: PieceType) -> list[Expr]:
        """``(define Name-add ...)``: what every landing of this piece does (attribute, promotion, confinement)."""
        name = self.names[piece.id.upper()]
        body: list[Expr] = [self.last_royal.landing(self.names)] if self.last_royal is not None else []
        if self.needs_attribute(piece):
            body.append(["set-attribute", NEVER_MOVED, "false"])
        promotion = piece.promotion
        if promotion is None:
            body.append("add")
        else:
            choices = []
            for choice in promotion.choices:
                if choice.max_depth is not None or not choice.on_last_rank or choice.from_hand:
                    self.refuse(UnsupportedError(
                        f"piece {piece.name!r}: promotion choice {choice.piece!r} has depth, last-rank or hand "
                        "restrictions, which the ZRF writer does not express", feature=f"{piece.name}: promotion"))
                    continue
                choices.append(self.names[choice.piece.upper()])
            zone = promotion.zone if promotion.zone is not None else None
            if zone is None:
                zone = self.promotion_zones.get(promotion.depth, PROMOTION_ZONE)
            if not choices:
                body.append("add")
            elif promotion.mandatory:
                body.append(["if", ["in-zone?", zone], ["add", *choices], "else", "add"])
            else:
                body.extend([["if", ["in-zone?", zone], ["add", *choices]], "add"])
        if self.atomic:  # a capture blasts: the capturing piece does not land
            body = [["if", "enemy?", [atomic.BLAST_MACRO], "else", *body]]
        if self.no_checks is not None:  # each add only where it gives no check
            types = [piece, *(self.game.piece_type(c.piece) for c in (promotion.choices if promotion else ()))]
            by_name = {self.names[t.id.upper()]: t for t in types}
            body = [*self.no_checks.landing(piece, types), *self.no_checks.guard(body, piece, by_name),
                    ["set-position-flag", nochecks.LANDING, "false"]]
        if piece.confined_to is not None:
            body = [["if", ["in-zone?", piece.confined_to], *body]]
        return ["define", f"{name}-add", *body]

    def piece_form(self, piece: PieceType) -> list[Expr]:
        """``(piece (name ...) (help ...) (notation ...) (image ...) [(attribute ...)] (moves ...))``."""
        name = self.names[piece.id.upper()]
        initial = self._initial(piece)
        if self.game.rules.must_capture:
            blocks: list[Expr] = [["move-type", CAPTURE_TYPE], *self.piece_blocks(piece, initial, 0),
                                  ["move-type", NORMAL_TYPE], *self.piece_blocks(piece, initial, 1)]
        else:
            blocks = self.piece_blocks(piece, initial, None)
        drop = self.hands.drop_block(piece, self.drop_check_test(piece)) \
            if self.hands is not None and piece in self.hands.hand_types else []
        if drop:  # none where the type is never dropped
            if self.must_drop:  # the drops first: (move-priorities drop-type normal-type)
                blocks = [["move-type", DROP_TYPE], drop, ["move-type", NORMAL_TYPE], *blocks]
            else:
                blocks.append(drop)
        if not self.game.rules.royals_may_face and piece.royal:
            royals: list[Expr] = [["piece?", self.names[p.id.upper()]] for p in self.game.pieces if p.royal]
            condition: Expr = royals[0] if len(royals) == 1 else ["or", *royals]
            blocks.append([["face", self.use((0, 1)), condition]])
            self.macros.add("face")
        help_text = f"{name}: {piece.betza or 'no moves'} (XBetza)"
        extras = []
        if piece.royal:
            extras.append("royal")
        if piece.confined_to:
            extras.append(f"confined to {piece.confined_to}")
        extras.extend(f"{z.betza} {'from' if z.on == 'from' else 'onto'} {'' if z.inside else 'outside '}{z.zone}"
                      for z in piece.zoned_moves)
        if piece.promotion:
            extras.append("promotes to " + ", ".join(self.names[c.piece.upper()] for c in piece.promotion.choices))
        if extras:
            help_text += "; " + "; ".join(extras)
        form: list[Expr] = ["piece", ["name", name], ["help", Text(self.text(help_text))],
                            ["notation", Text(self.notation.get(piece.id.upper(), piece.id.upper()))],
                            ["image", self.players[0], Text(f"images\\fairyport\\W{name}.bmp"),
                             self.players[1], Text(f"images\\fairyport\\B{name}.bmp")]]
        kept = piece.extra.get("zrf")
        kept = kept if isinstance(kept, dict) else {}
        attributes = [Raw(text) for text in kept.get("attributes", [])]
        if self.needs_attribute(piece) and not any(a.split()[1:2] == [NEVER_MOVED] for a in attributes):
            form.append(["attribute", NEVER_MOVED, "true"])
        form.extend(attributes)
        programs = self.game.programs(piece.id)
        for section in ("moves", "drops"):
            mine = [p for p in programs if (p.section or "moves") == section]
            # kept in the file's order: untyped blocks came before the first move-type there
            out: list[Expr] = list(blocks) if section == "moves" else []
            current = ""
            for program in mine:
                if program.move_type != current:
                    current = program.move_type
                    out.append(["move-type", current])
                out.append(Raw(program.text))
            if out:
                form.append([section, *out])
        return form

    def piece_blocks(self, piece: PieceType, initial: bool, part: int | None) -> list[Expr]:
        """The move blocks of ``piece`` (``part``: 0 its captures only, 1 its quiet moves and castling only, None
        all: :mod:`.priorities`)."""
        name = self.names[piece.id.upper()]
        lands = self.hands.lands(piece) if self.hands is not None else [f"{name}-add"]
        prefix = self.hands.block_prefix(piece) if self.hands is not None else []
        blocks: list[Expr] = []
        for land in lands:
            compiler = MoveCompiler(name, land, self.use, max(self.game.board.files, self.game.board.ranks),
                                    self._ep_sources(), f"{name}{START_ZONE}" if initial else None,
                                    self.cylinder_user())
            for whole in self.parsed[piece.id.upper()]:
                try:
                    if whole.atom == "O":
                        if part != 0:
                            blocks.extend(self.castling_blocks(piece, whole))
                        continue
                    move = self._part(piece, whole, part)
                    if move is not None and (passed := lame_over_hole(self.game.board, move)) is not None:
                        raise compiler.unsupported(whole, f"{LAME_OVER_HOLE}: {passed}")
                    if move is not None:
                        blocks.extend([*prefix, *self.blast_ep(block)] for block in compiler.blocks(move))
                except UnsupportedError as error:
                    if land == lands[0]:
                        self.refuse(error)
            self.macros |= compiler.macros
            blocks.extend(self.zoned_blocks(piece, land, prefix, f"{name}{START_ZONE}" if initial else None, part))
        return blocks

    def _part(self, piece: PieceType, move: betza.Move, part: int | None) -> betza.Move | None:
        """The capturing (``part`` 0) or quiet (1) part of ``move``, or the whole move (None)."""
        if part is None:
            return move
        try:
            return split_captures(move)[part]
        except ValueError as error:
            raise UnsupportedError(f"piece {self.names[piece.id.upper()]!r}: XBetza {betza.write([move])!r} is "
                                   f"not split into captures and quiet moves for forced captures ({error})",
                                   feature="must capture") from None

    def _ep_sources(self) -> list[EpSource]:
        pairs = [(self.names[p.id.upper()], m) for p in self.game.pieces
                 for m in [*self.parsed[p.id.upper()], *(z for _, moves in self._zoned(p) for z in moves)]]
        return ep_sources(pairs)

    def castling_blocks(self, piece: PieceType, move: betza.Move) -> list[Expr]:
        """Castling by cascade, one block per side (see the module docstring of :mod:`.write`)."""
        if move.is_multi_leg:
            raise UnsupportedError(f"piece {piece.name!r}: multi-leg castling", feature=f"{piece.name}: castling")
        step = move.range or 1
        rule = piece.castling
        if rule is not None and rule.king_files is not None:
            raise UnsupportedError(f"piece {piece.name!r}: castling to fixed files (Chess960) is not written in ZRF",
                                   feature=f"{piece.name}: castling to files")
        if rule is not None and rule.tested_as is not None:
            raise UnsupportedError(f"piece {piece.name!r}: castling whose attack tests ask about a {rule.tested_as} "
                                   "is not written in ZRF", feature=f"{piece.name}: castling")
        if rule is not None and (rule.partner_distance is not None or rule.partners or not rule.virgin):
            return self._ruled_castling_blocks(piece, rule, move, step)
        # unsafe: castling out of and through check (no not-attacked? tests); a non-royal piece is never in check
        safe = (rule is None or rule.safe) and piece.royal
        partner: list[Expr] = [["piece?", name] for name in self.rooklike]
        blocks: list[Expr] = []
        for direction in sorted(first_leg_directions(move.first.directions, AtomClass.ORTHOGONAL)):
            if direction not in (2, 6):
                continue
            d = self.use(K_VECTORS[direction])
            back = self.use(negate(K_VECTORS[direction]))
            block: list[Expr] = [["verify", NEVER_MOVED]]
            if safe:
                block.append(["verify", "not-attacked?"])
            for _ in range(step - 1):
                block += [["castle-pass", d]] if safe else [d, ["verify", "empty?"]]
            block += [d, ["verify", "empty?"], ["set-attribute", NEVER_MOVED, "false"], "cascade",
                      d, ["while", "empty?", d],
                      ["verify", ["and", "friend?", NEVER_MOVED, ["or", *partner, ["not", ["on-board?", d]]]]],
                      "from", "mark", ["while", ["on-board?", d], d, ["verify", "empty?"]], "back",
                      back, ["while", "empty?", back], *([d] * (step - 1))]
            end: list[Expr] = ["to", ["set-attribute", NEVER_MOVED, "false"], "add"]
            if self.no_checks is not None:
                block, end = self.no_check_castling(block, end, d, back, step)
            blocks.append([*block, *end])
        if step > 1 and safe:
            self.macros.add("castle-pass")
        return blocks

    def no_check_castling(self, block: list[Expr], end: list[Expr], d: str, back: str,
                          step: int) -> tuple[list[Expr], list[Expr]]:
        """A castling block (up to the rook's destination, and its end) that tests for check first: both origins
        and both destinations flagged, the rook's paths from its destination, the lines through both origins."""
        tests = self.no_checks
        assert tests is not None
        rook = next(p for p in self.game.pieces if self.names[p.id.upper()] == self.rooklike[0])
        flag = nochecks.CHECK_AS + "castling"
        rook_from = block.index("from") + 1
        block = [["set-position-flag", nochecks.ORIGIN, "true"], *block[:rook_from],
                 ["set-position-flag", nochecks.ORIGIN, "true"], *block[rook_from:]]
        block += [["set-position-flag", nochecks.LANDING, "true"], "mark", d,
                  ["set-position-flag", nochecks.LANDING, "true"], "back", ["set-flag", flag, "false"],
                  *tests.attacks(rook, flag), *tests.discovered([back] * (step - 1), flag),
                  *tests.discovered([["go", "from"]], flag)]
        return block, [["if", ["not", ["flag?", flag]], *end]]

    def _ruled_castling_blocks(self, piece: PieceType, rule: Castling, move: betza.Move, step: int) -> list[Expr]:
        """Castling by a :class:`~fairyport.model.Castling` rule with the partner at a distance, as Dagaz writes it:
        the king's squares (empty; not attacked but the last when ``safe``), ``to``, the empty squares on to the
        partner, the partner's tests, ``cascade``, and the partner's way back to the square the king passed last.
        """
        if rule.partner_distance is None:
            raise UnsupportedError(f"piece {piece.name!r}: castling with the outermost piece without the virgin test "
                                   "or of given partner types is not written in ZRF", feature=f"{piece.name}: castling")
        types = [self.names[pid.upper()] for pid in rule.partners] or self.rooklike
        kinds: list[Expr] = [["piece?", name] for name in types]
        partner: list[Expr] = ["friend?", ["or", *kinds]]
        if rule.virgin:
            partner.append(NEVER_MOVED)
        blocks: list[Expr] = []
        for direction in sorted(first_leg_directions(move.first.directions, AtomClass.ORTHOGONAL)):
            if direction not in (2, 6):
                continue
            distance = rule.partner_distance[direction == 2]
            if distance <= step:
                continue  # the partner stands where the king would land: no such castling
            # the distances are on the board as White sees it, for both players: where they differ, directions
            # that Black's 180-degree symmetry does not turn
            use = self.use if len(set(rule.partner_distance)) == 1 else self.use_unturned
            d = use(K_VECTORS[direction])
            back = use(negate(K_VECTORS[direction]))
            block: list[Expr] = [["verify", NEVER_MOVED]] if rule.virgin else []
            safe = rule.safe and piece.royal
            if safe:
                block.append(["verify", "not-attacked?"])
            for i in range(step):
                block += [d, ["verify", "empty?"]]
                if safe and i < step - 1:
                    block.append(["verify", "not-attacked?"])
            block.append("to")
            for _ in range(distance - step - 1):
                block += [d, ["verify", "empty?"]]
            block += [d, ["verify", ["and", *partner]]]
            if rule.virgin:
                block.append(["set-attribute", NEVER_MOVED, "false"])
            block += ["cascade", *([back] * (distance - step + 1))]
            if rule.virgin:
                block.append(["set-attribute", NEVER_MOVED, "false"])
            block.append("add")
            blocks.append(block)
        return blocks

    # ------------------------------------------------------------------ goals
    @property
    def must_drop(self) -> bool:
        """Forced drops are written: the game's drops go first by move priorities (no forced captures besides, no
        kept code)."""
        return self.game.rules.must_drop and self.hands is not None and not self.kept \
            and not self.game.rules.must_capture

    def extinction_counts_hands(self) -> bool:
        """Whether ``pieces-remaining`` counts what the extinction goal counts. It counts the pieces on storage
        positions too, as the goal counts pieces in hand; but a promoted piece is its own ZRF type
        (``Queen-from-Pawn``), which a count of its target type would miss."""
        extinction = self.game.rules.extinction
        if self.hands is None or extinction is None or extinction.pieces is None:
            return True
        counted = {pid.upper() for pid in extinction.pieces}
        return not any(p.target.id.upper() in counted for p in self.hands.promoted)

    def extinction_groups(self) -> list[list[str]] | None:
        """The ZRF types the extinction goal counts, one group per condition: one type each for listed types;
        for all pieces together, every written type (the blasted pieces' type left out) where captures blast or
        the opponent's count matters, else None (a plain ``pieces-remaining``)."""
        extinction = self.game.rules.extinction
        assert extinction is not None
        if extinction.pieces is not None:
            return [[self.names[pid.upper()]] for pid in extinction.pieces]
        if self.atomic or extinction.opponent_count:
            return [[self.names[p.id.upper()] for p in self.pieces]]
        return None

    def extinction_written(self) -> bool:
        """Whether the extinction goal is written: counts of pieces in hand as the goal counts them; an
        opponent's count of one with a count of none (no pieces in hand); all pieces together by type (captures
        blast) only with a count of none."""
        extinction = self.game.rules.extinction
        if extinction is None or not self.extinction_counts_hands():
            return False
        if extinction.opponent_count:
            return extinction.opponent_count == 1 and extinction.count == 0 and self.hands is None
        return extinction.pieces is not None or not self.atomic or extinction.count == 0

    def flag_sets(self, color: Color) -> list[tuple[str, ...]]:
        """The sets of ``count`` squares of ``color``'s flag zone (a flag goal of several pieces is met when one of
        them holds a flag piece on each square)."""
        flag = self.game.rules.flag
        assert flag is not None
        squares = [p.name for p in self.game.board.positions if p.name in self.game.zone_squares(flag.zone, color)]
        if flag.count > len(squares):
            return []  # never met: no condition for this player
        if math.comb(len(squares), flag.count) > MAX_FLAG_SETS:
            return [()] * (MAX_FLAG_SETS + 1)  # too many: refused
        return list(itertools.combinations(squares, flag.count))

    def zone_filled_by_opponent(self) -> bool:
        """Whether a move could fill a player's flag zone with a piece of the *opponent*: a piece landing there
        from outside it, a drop, castling. Zillions tests every player's goals after each move, the model only
        the goals of the player who moved, so the blocked win (:meth:`full_zone`) is exact only where the zone
        is never filled by the opponent's move: then it was full, and judged, after the player's own move."""
        flag = self.game.rules.flag
        assert flag is not None
        if self.game.rules.drops or any(p.castling is not None or "O" in (p.betza or "") for p in self.game.pieces):
            return True
        variant = compile_game(self.game)
        geometry = variant.geometry
        for color in (WHITE, BLACK):
            zone = {geometry.square(name) for name in self.game.zone_squares(flag.zone, color)}
            for code in range(1, variant.codes):
                if (code - 1) & 1 == color:
                    continue  # the player's own pieces
                if any(variant.targets(code, sq) & zone for sq in range(variant.size) if sq not in zone):
                    return True
        return False

    def full_zone(self, color: Color, types: list[str]) -> Expr:
        """The flag goal's blocked win (``FlagGoal.blocked_win``): every square of ``color``'s flag zone holds a
        piece (of either side: each type, own or ``(opponent T)``) and one of them is a flag piece of theirs."""
        flag = self.game.rules.flag
        assert flag is not None
        squares = [p.name for p in self.game.board.positions if p.name in self.game.zone_squares(flag.zone, color)]
        every = [self.names[p.id.upper()] for p in self.game.pieces]
        anyone: list[Expr] = []
        for name in every:
            anyone += [name, ["opponent", name]]
        cells: list[Expr] = list(squares)
        return ["and", ["absolute-config", *anyone, cells], ["absolute-config", *types, [flag.zone]]]

    @staticmethod
    def result_kind(result: StalemateResult) -> str:
        """The goal form of a result for the player who meets the goal."""
        return {StalemateResult.DRAW: "draw-condition", StalemateResult.LOSS: "loss-condition",
                StalemateResult.WIN: "win-condition"}[result]

    def connect_types(self) -> list[str] | None:
        """The ZRF types of the connection goal's pieces where it is written: lines and 2x2 blocks (the goal's
        types, or every type of the game), no chain between zones, at most :data:`MAX_CONNECT_CONFIGS`
        conditions; else None."""
        connect = self.game.rules.connect
        if connect is None or connect.zones is not None or connect.square not in (0, 2):
            return None
        types = connect.pieces if connect.pieces is not None else tuple(p.id for p in self.game.pieces)
        kinds = [self.names[t.upper()] for t in types]
        lines = sum(2 if name == "diagonal" else 1 for name in connect.directions) if connect.count else 0
        size = lines * len(kinds) ** connect.count + (len(kinds) ** 4 if connect.square == 2 else 0)
        return kinds if size <= MAX_CONNECT_CONFIGS else None

    def connect_configs(self, kinds: list[str]) -> list[Expr]:
        """``(relative-config T d T d T ...)`` per line direction (east, north, north-east, south-east as White
        sees them), and ``(relative-config T e T n T w T)`` for a 2x2 block; with several types, one condition
        per way of filling the line or block with them."""
        connect = self.game.rules.connect
        assert connect is not None
        steps = {"horizontal": ((1, 0),), "vertical": ((0, 1),), "diagonal": ((1, 1), (1, -1))}
        shapes: list[list[str]] = []
        for name in connect.directions if connect.count else ():
            shapes.extend([self.use(vector)] * (connect.count - 1) for vector in steps[name])
        if connect.square == 2:
            shapes.append([self.use((1, 0)), self.use((0, 1)), self.use((-1, 0))])
        configs: list[Expr] = []
        for shape in shapes:
            for filling in itertools.product(kinds, repeat=len(shape) + 1):
                configs.append(["relative-config", filling[0], *(x for d, t in zip(shape, filling[1:], strict=True)
                                                                  for x in (d, t))])
        return configs

    def flag_written(self) -> bool:
        """The flag goal is written: no extra move, a full zone the opponent cannot fill, and few flag sets."""
        flag = self.game.rules.flag
        return flag is not None and not flag.extra_move and (
            not flag.blocked_win or not self.zone_filled_by_opponent()) and (
            flag.count == 1 or all(len(self.flag_sets(color)) <= MAX_FLAG_SETS for color in (WHITE, BLACK)))

    def goals(self, royal_types: list[PieceType]) -> list[Expr]:
        """Checkmate of the royal type, stalemate as the model says, the bare-king loss."""
        both: list[Expr] = list(self.players)
        out: list[Expr] = []
        rules = self.game.rules
        flag = rules.flag
        written = self.flag_written()
        extinction = rules.extinction
        connect_types = self.connect_types()
        self.lost.extend(rules_lost(self.game, SUPPORT, self, (*PIECE_RULES, *GOAL_RULES), self.best_effort))
        if extinction is not None and self.extinction_written():
            # a player left with at most N of a type (or of all pieces): one pieces-remaining test per count, as
            # the interpreter counts exactly (COUNT_GOALS_EXACTLY) and Zillions does
            kind = {StalemateResult.DRAW: "draw-condition", StalemateResult.LOSS: "loss-condition",
                    StalemateResult.WIN: "win-condition"}[extinction.result]
            groups = self.extinction_groups()
            if groups is None:  # all pieces together, however many
                out.extend([kind, both, ["pieces-remaining", str(n)]] for n in range(extinction.count + 1))
            elif len(groups[0]) == 1 and not extinction.opponent_count:
                out.extend([kind, both, ["pieces-remaining", str(n), group[0]]]
                           for group in groups for n in range(extinction.count + 1))
            else:  # none left of a group's types (while the opponent has one), a condition per group
                for group in groups:
                    mine: list[Expr] = [["pieces-remaining", "0", t] for t in group]
                    if extinction.opponent_count:  # mine gone: the pieces on the board are the opponent's
                        gone: list[Expr] = [["total-piece-count", "0", t] for t in group]
                        mine.append(["not", ["and", *gone]])
                    out.append([kind, both, ["and", *mine]])
        connect = rules.connect
        if connect is not None and connect_types is not None:
            out.append([self.result_kind(connect.result), both, *self.connect_configs(connect_types)])
        if flag is not None and written:
            # the flag goal: a win for the player whose flag piece (any of theirs) stands in their flag zone
            every = [self.names[p.id.upper()] for p in self.game.pieces]
            for color, player in enumerate(self.players):
                wanted = flag.piece(color)
                types = [self.names[wanted.upper()]] if wanted is not None else every
                configs: list[Expr] = [["absolute-config", *types, [flag.zone]]]
                if flag.count > 1:  # every set of `count` squares of the zone, one condition each
                    configs = [["absolute-config", *types, list(squares)] for squares in self.flag_sets(color)]
                if flag.blocked_win:
                    configs.append(self.full_zone(color, types))
                if configs:  # none: more flag pieces than flag squares, and no blocked win
                    out.append(["win-condition", [player], *configs])
        if len(royal_types) == 1:
            out.append(["loss-condition", both, ["checkmated", self.names[royal_types[0].id.upper()]]])
        elif royal_types:
            # one checkmated goal per player, naming the royal type that player has (Maharaja and the Sepoys)
            royal_ids = {p.id.upper() for p in royal_types}
            for color, player in enumerate(self.players):
                own = sorted({q.id.upper() for q in self.game.setup.placement.values()
                              if q.color == color and q.id.upper() in royal_ids})
                if len(own) != 1:
                    self.refuse(UnsupportedError(f"{player} has {len(own)} royal piece types: ZRF's checkmated "
                                                 "goal names one type", feature="royal pieces"))
                    continue
                out.append(["loss-condition", [player], ["checkmated", self.names[own[0]]]])
        kind = {StalemateResult.DRAW: "draw-condition", StalemateResult.LOSS: "loss-condition",
                StalemateResult.WIN: "win-condition"}[rules.stalemate]
        out.append([kind, both, "stalemated"])
        if rules.bare_king is BareKingRule.LOSS:
            out.append(["loss-condition", both, ["pieces-remaining", "1"]])
        return out


def write_game(game: Game, *, best_effort: bool = False) -> tuple[str, list[str]]:
    """The game as ZRF text (CRLF, the official layout) and what could not be expressed (``best_effort``).

    :raises UnsupportedError: for the first thing ZRF cannot express, unless ``best_effort``.
    """
    game.validate()
    writer = Writer(game, best_effort)
    writer.lost.extend(rules_lost(game, SUPPORT, writer, (SPLIT,), best_effort))
    forms = writer.forms()
    style = DEFAULT_STYLE
    parts = [f"; {line}{style.newline}" for line in HEADER]
    for form in forms:
        comment = writer.comments.get(id(form))
        if comment is not None:
            parts.append(f"; {comment}{style.newline}")
        parts.append(format_node(node(form), style) + style.newline * 2)
    return "".join(parts).rstrip("\r\n") + style.newline, writer.lost
