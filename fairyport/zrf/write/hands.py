"""Pieces in hand written as ZRF: storage columns beside the board, captures cascaded to them, drops from them.

Zillions cannot put a captured piece into the *capturer's* off-board stock (``recycle captures`` returns it to
its owner, undemoted), so a game whose captures go to the capturer's hand keeps each hand on storage positions,
as the shogi files of the corpus do:

- one column of storage positions per (player, hand type), ``White-Pawn-1 ... White-Pawn-18``, chained by the
  link ``hand-next`` and entered from the dummy ``hand-start`` by the link ``Pawn-hand`` (Black's symmetry turns
  it into ``Pawn-hand-b``, the start of Black's column). Storage positions have no other links, so a stored piece
  has no board move and never attacks;
- a capture (the macro ``to-hand``) ``cascade``s the captured piece to the first empty position of its column,
  ``change-type``s it to its unpromoted type and ``flip``s it to the capturer;
- a drop is a move of the *top* piece of a column (the position whose ``hand-next`` is empty or missing) to an
  empty board square, so that the legal moves hold one drop per (type, square), as in the generator;
- drop restrictions are ZRF conditions: ``Pawn-drop`` (the squares the model's drop zone allows, less those
  from which the piece could never move), at most one unpromoted piece of the type per file (flags, walking the
  file up and down with ``mark``/``back``), at most N per square colour (a count in flags over every board
  square, walked along the link ``board-next``);
- shogi-style promotion: every move block of a promoting piece is written once per promotion choice with the
  landing macro ``Pawn-promote-1`` (promote where the triggers allow: a flag ``was-in-zone`` set at the block's
  start says whether the move started in the zone) besides the plain ``Pawn-add`` (not where the promotion is
  forced). A promoted piece is its own ZRF type per (base, promoted type), ``Gold-from-Pawn``, so that a capture
  demotes it to its base.

The squares (drop zones, squares where a piece is stuck, promotion zones, square colours) come from the
reference generator's compiled tables (:func:`fairyport.movegen.compile.compile_game`), so the ZRF says exactly
what the generator plays. Shogi's pawn-drop-mate rule cannot be said in ZRF: it is refused (UnsupportedError),
or left out and listed with ``best_effort``.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable

from fairyport.errors import UnsupportedError
from fairyport.model import BLACK, WHITE, Game, PieceType, PromotionTrigger
from fairyport.movegen.compile import Variant, compile_game
from fairyport.zrf.write.dropchecks import CHECK_FLAG
from fairyport.zrf.write.sexpr import Expr

HAND_START = "hand-start"
"""The dummy position every column is entered from."""
HAND_NEXT = "hand-next"
"""The link from one storage position of a column to the next."""
BOARD_NEXT = "board-next"
"""The link that chains every board square (drops walk it)."""
HAND_ZONE = "hand-zone"
"""The zone of every storage position (both players)."""
LIGHT_ZONE = "light-squares"
"""The zone of the squares of one colour (file + rank even), for the square-colour drop limits."""
WAS_IN_ZONE = "was-in-zone"
"""The flag a promoting piece's blocks set first: the move starts in the promotion zone."""
PROMOTED = "-from-"
"""Infix of a promoted type's ZRF name: ``Gold-from-Pawn`` is a Gold that demotes to a Pawn when captured."""


@dataclasses.dataclass(frozen=True)
class PromotedType:
    """A ZRF piece type for pieces of ``base`` promoted to ``target`` (moves as ``target``)."""

    piece: PieceType
    """A copy of the target type with its own id (``+P``) and no promotion or drop rule."""
    base: PieceType
    target: PieceType


class Hands:
    """What the writer adds for a game with pieces in hand (see the module docstring)."""

    def __init__(self, game: Game, names: dict[str, str], players: tuple[str, str],
                 use: Callable[[tuple[int, int]], str], refuse: Callable[[UnsupportedError], None]) -> None:
        self.game = game
        self.names = names
        self.players = players
        self.use = use
        self.variant: Variant = compile_game(game)
        v = self.variant
        self.square_names = v.geometry.names
        self.promoted: list[PromotedType] = []
        self.promoted_name: dict[tuple[str, str], str] = {}
        """(base id, target id) -> ZRF name of the promoted type."""
        for piece in game.pieces:
            if piece.promotion is None:
                continue
            for choice in piece.promotion.choices:
                if choice.max_depth is not None or not choice.on_last_rank or choice.from_hand:
                    refuse(UnsupportedError(f"piece {piece.name!r}: promotion choice {choice.piece!r} has depth, "
                                            "last-rank or hand restrictions", feature=f"{piece.name}: promotion"))
                    continue
                target = game.piece_type(choice.piece)
                if target.promotion is not None:
                    refuse(UnsupportedError(f"piece {target.name!r} promotes again after a promotion",
                                            feature=f"{target.name}: promotion"))
                mark = "+" if len(piece.promotion.choices) == 1 else "~" + target.id.upper()
                copy = dataclasses.replace(target, id=mark + piece.id.upper(), promotion=None, drop=None,
                                           royal=target.royal, extra={})
                name = f"{names[target.id.upper()]}{PROMOTED}{names[piece.id.upper()]}"
                self.names[copy.id.upper()] = name
                self.promoted_name[(piece.id.upper(), target.id.upper())] = name
                self.promoted.append(PromotedType(copy, piece, target))
        if game.rules.captures_to_owner or (game.rules.captures_to_hand and not game.rules.demote_captured):
            refuse(UnsupportedError("captures to the owner's hand, or to hand undemoted, are not written to ZRF",
                                    feature="captures to hand"))
        self.hand_types = [p for p in game.pieces if not p.royal]
        """Every type that may be in a hand (the generator's: every unpromoted type; royals are never captured)."""
        self.sizes = {p.id.upper(): self._column_size(p) for p in self.hand_types}
        self.hand_types = [p for p in self.hand_types if self.sizes[p.id.upper()]]
        for piece in game.pieces:
            if piece.drop is not None and piece.drop.no_drop_mate:
                refuse(UnsupportedError(f"piece {piece.name!r}: a drop may not give mate (drop-mate rule): ZRF "
                                        "cannot say it exactly", feature=f"{piece.name}: no drop mate"))

    # ------------------------------------------------------------------ helpers
    def _column_size(self, piece: PieceType) -> int:
        """How many pieces of this hand type one player could ever hold: with captures to hand, every piece of
        the type (on the board or in a hand at the start); else the setup hands."""
        setup = self.game.setup
        held = [hand.get(piece.id, 0) for hand in setup.hands.values()]
        if not self.game.rules.captures_to_hand:
            return max(held, default=0)
        return sum(1 for q in setup.placement.values() if q.id.upper() == piece.id.upper()) + sum(held)

    def column(self, color: int, piece: PieceType) -> list[str]:
        """The storage positions of one column."""
        name = self.names[piece.id.upper()]
        return [f"{self.players[color]}-{name}-{k}" for k in range(1, self.sizes[piece.id.upper()] + 1)]

    def _squares(self, codes: frozenset[int] | tuple[int, ...] | set[int]) -> list[str]:
        return [self.square_names[sq] for sq in sorted(codes)]

    # ------------------------------------------------------------------ board
    def positions(self, files: int, ranks: int, cell: int) -> list[Expr]:
        """``(positions ...)`` of the storage (White right of the board, Black left) and ``(dummy hand-start)``."""
        cells: list[Expr] = []
        for color in (WHITE, BLACK):
            for j, piece in enumerate(self.hand_types):
                x = (files + 1 + j) * cell if color == WHITE else -(2 + j) * cell
                for k, name in enumerate(self.column(color, piece)):
                    y = (ranks - 1 - k) * cell if color == WHITE else k * cell
                    cells.append([name, str(x), str(y), str(x + cell), str(y + cell)])
        return [["positions", *cells], ["dummy", HAND_START]]

    def links(self) -> list[Expr]:
        """The column starts, the column chains and the chain of board squares."""
        out: list[Expr] = []
        for piece in self.hand_types:
            name = self.names[piece.id.upper()]
            for color, suffix in ((WHITE, ""), (BLACK, "-b")):
                out.append(["links", f"{name}-hand{suffix}", [HAND_START, self.column(color, piece)[0]]])
        chain: list[Expr] = []
        for color in (WHITE, BLACK):
            for piece in self.hand_types:
                column = self.column(color, piece)
                chain.extend([a, b] for a, b in itertools.pairwise(column))
        if chain:
            out.append(["links", HAND_NEXT, *chain])
        squares = self.square_names
        board_chain: list[Expr] = [[a, b] for a, b in itertools.pairwise(squares)]
        out.append(["links", BOARD_NEXT, *board_chain])
        return out

    def symmetry_pairs(self) -> list[Expr]:
        """Black's symmetry pairs for the column starts."""
        out: list[Expr] = []
        for piece in self.hand_types:
            name = self.names[piece.id.upper()]
            out += [[f"{name}-hand", f"{name}-hand-b"], [f"{name}-hand-b", f"{name}-hand"]]
        return out

    def zones(self) -> list[Expr]:
        """The storage zone, the light squares, and per type its drop, stuck and promotion zones."""
        v = self.variant
        storage = [n for color in (WHITE, BLACK) for p in self.hand_types for n in self.column(color, p)]
        out: list[Expr] = []
        if storage:
            out.append(["zone", ["name", HAND_ZONE], ["players", *self.players], ["positions", *storage]])
        if any(p.drop is not None and p.drop.max_per_square_color is not None for p in self.game.pieces):
            light = [n for n, (f, r) in zip(self.square_names, v.geometry.coords, strict=True) if (f + r) % 2 == 0]
            out.append(["zone", ["name", LIGHT_ZONE], ["players", *self.players], ["positions", *light]])
        for piece in self.game.pieces:
            name = self.names[piece.id.upper()]
            per_color: dict[str, list[list[str]]] = {}
            for color in (WHITE, BLACK):
                code = self.variant.code(piece.id, color)
                if piece in self.hand_types:
                    per_color.setdefault("drop", []).append(self._squares(v.drop_squares[code]))
                if piece.promotion is not None:
                    per_color.setdefault("stuck", []).append(self._squares(v.stuck[code]))
                    per_color.setdefault("zone", []).append(self._squares(v.promotion_zone[code]))
            for kind, lists in per_color.items():
                for color, squares in zip((WHITE, BLACK), lists, strict=True):
                    out.append(["zone", ["name", f"{name}-{kind}"], ["players", self.players[color]],
                                ["positions", *squares]])
        return out

    def setup(self, color: int, piece: PieceType) -> list[str]:
        """The storage positions the setup fills for ``color``'s hand of ``piece``."""
        count = self.game.setup.hands.get(color, {}).get(piece.id, 0)
        return self.column(color, piece)[:count] if count and piece in self.hand_types else []

    # ------------------------------------------------------------------ code
    def to_hand_macro(self) -> list[Expr]:
        """``(define to-hand ...)``: capture to the capturer's hand (or a plain landing), ending in ``add``."""
        body: Expr = "add"
        if self.game.rules.captures_to_hand:
            for piece in reversed(self.hand_types):
                name = self.names[piece.id.upper()]
                kinds: list[Expr] = [["piece?", name]]
                kinds += [["piece?", self.names[p.piece.id.upper()]] for p in self.promoted if p.base is piece]
                test: Expr = kinds[0] if len(kinds) == 1 else ["or", *kinds]
                store: list[Expr] = ["cascade", HAND_START, f"{name}-hand", ["while", "not-empty?", HAND_NEXT],
                                     ["change-type", name], "flip", "add"]
                body = ["if", test, *store, "else", body]
        return ["define", "to-hand", body]

    def landing_macros(self, piece: PieceType) -> list[list[Expr]]:
        """The landing macros of ``piece`` (``Name-add``; ``Name-promote-N`` per promotion choice); a piece
        confined to a zone lands only there."""
        macros = self._landing_macros(piece)
        if piece.confined_to is None:
            return macros
        return [[define, name, ["if", ["in-zone?", piece.confined_to], *body]] for define, name, *body in macros]

    def _landing_macros(self, piece: PieceType) -> list[list[Expr]]:
        name = self.names[piece.id.upper()]
        promotion = piece.promotion
        if promotion is None:
            return [["define", f"{name}-add", ["to-hand"]]]
        zone = f"{name}-zone"
        parts: list[Expr] = []
        triggers = promotion.triggers
        if PromotionTrigger.ENTER in triggers:
            parts.append(["and", ["not", ["flag?", WAS_IN_ZONE]], ["in-zone?", zone]])
        if PromotionTrigger.WITHIN in triggers:
            parts.append(["and", ["flag?", WAS_IN_ZONE], ["in-zone?", zone]])
        if PromotionTrigger.LEAVE in triggers:
            parts.append(["and", ["flag?", WAS_IN_ZONE], ["not", ["in-zone?", zone]]])
        may: Expr = parts[0] if len(parts) == 1 else ["or", *parts]
        if triggers == frozenset(PromotionTrigger):  # every move that starts or ends in the zone
            may = ["or", ["flag?", WAS_IN_ZONE], ["in-zone?", zone]]
        forced: list[Expr] = []
        if promotion.mandatory:
            forced.append(may)
        elif promotion.mandatory_where_stuck:
            forced.append(["and", may, ["in-zone?", f"{name}-stuck"]])
        plain: list[Expr] = ["to-hand"]
        macros: list[list[Expr]] = [["define", f"{name}-add", ["if", ["not", forced[0]], plain] if forced
                                     else plain]]
        for k, choice in enumerate(promotion.choices, 1):
            promoted = self.promoted_name.get((piece.id.upper(), choice.piece.upper()))
            if promoted is None:
                continue
            macros.append(["define", f"{name}-promote-{k}",
                           ["if", may, ["if", "empty?", ["add", promoted], "else", ["change-type", promoted],
                                        ["to-hand"]]]])
        return macros

    def lands(self, piece: PieceType) -> list[str]:
        """The landing macro names a piece's move blocks are written with (one set of blocks per name)."""
        name = self.names[piece.id.upper()]
        if piece.promotion is None:
            return [f"{name}-add"]
        return [f"{name}-add", *(f"{name}-promote-{k}" for k, choice in enumerate(piece.promotion.choices, 1)
                                 if (piece.id.upper(), choice.piece.upper()) in self.promoted_name)]

    def block_prefix(self, piece: PieceType) -> list[Expr]:
        """Instructions every move block of ``piece`` starts with (whether the move starts in its zone)."""
        if piece.promotion is None:
            return []
        return [["set-flag", WAS_IN_ZONE, ["in-zone?", f"{self.names[piece.id.upper()]}-zone"]]]

    def _file_count(self, n: int, mine: Expr) -> list[Expr]:
        """The drop of a piece limited to ``n`` (not one) of its type per file: the flags ``file-1`` ... ``file-N``
        count the pieces met walking the file up and down from the (empty) drop square; ``add`` only below N.
        Nothing for N = 0 (no drop at all)."""
        if n <= 0:
            return []
        up, down = self.use((0, 1)), self.use((0, -1))
        steps: list[Expr] = [["if", ["flag?", f"file-{i - 1}"], ["set-flag", f"file-{i}", "true"]]
                             for i in range(n, 1, -1)]
        count: Expr = ["if", mine, *steps, ["set-flag", "file-1", "true"]]
        resets: list[Expr] = [["set-flag", f"file-{i}", "false"] for i in range(1, n + 1)]
        return [*resets, "mark",
                ["while", ["on-board?", up], up, count], "back",
                ["while", ["on-board?", down], down, count], "back",
                ["if", ["not", ["flag?", f"file-{n}"]], "add"]]

    def drop_block(self, piece: PieceType, check_test: list[Expr] | None = None) -> list[Expr]:
        """The move block that drops the top piece of ``piece``'s column on every square the rules allow
        (``check_test``: actions run first on each square, which set :data:`~.dropchecks.CHECK_FLAG` where the drop
        would give check)."""
        name = self.names[piece.id.upper()]
        rule = piece.drop
        first = self.square_names[0]
        block: list[Expr] = [["verify", ["in-zone?", HAND_ZONE]]]
        if any(self.sizes[p.id.upper()] > 1 for p in self.hand_types):  # else no column has a hand-next link
            block.append(["verify", ["or", ["not", ["on-board?", HAND_NEXT]], ["empty?", HAND_NEXT]]])
        conditions: list[Expr] = ["empty?", ["in-zone?", f"{name}-drop"]]
        mine: Expr = ["and", "friend?", ["piece?", name]]
        if rule is not None and rule.max_per_square_color is not None:
            n = rule.max_per_square_color
            counts: list[list[Expr]] = []
            for shade in ("light", "dark"):
                steps: list[Expr] = [["if", ["flag?", f"{shade}-{i - 1}"], ["set-flag", f"{shade}-{i}", "true"]]
                                     for i in range(n, 1, -1)]
                counts.append([*steps, ["set-flag", f"{shade}-1", "true"]])
            light_count, dark_count = counts
            count: Expr = ["if", mine, ["if", ["in-zone?", LIGHT_ZONE], *light_count, "else", *dark_count]]
            block += [first, ["while", ["on-board?", BOARD_NEXT], count, BOARD_NEXT], count]
            conditions.append(["not", ["or", ["and", ["in-zone?", LIGHT_ZONE], ["flag?", f"light-{n}"]],
                                      ["and", ["not", ["in-zone?", LIGHT_ZONE]], ["flag?", f"dark-{n}"]]]])
        drop: list[Expr] = ["add"]
        if rule is not None and rule.max_per_file == 1:
            up, down = self.use((0, 1)), self.use((0, -1))
            drop = [["set-flag", "file-free", "true"], "mark",
                    ["while", ["on-board?", up], up, ["if", mine, ["set-flag", "file-free", "false"]]], "back",
                    ["while", ["on-board?", down], down, ["if", mine, ["set-flag", "file-free", "false"]]], "back",
                    ["if", ["flag?", "file-free"], "add"]]
        elif rule is not None and rule.max_per_file is not None:
            drop = self._file_count(rule.max_per_file, mine)
        if not drop:
            return []  # a limit of none per file: the type is never dropped
        if check_test:
            drop = [*check_test, ["if", ["not", ["flag?", CHECK_FLAG]], *drop]]
        here: Expr = ["if", ["and", *conditions], *drop]
        block += [first, ["while", ["on-board?", BOARD_NEXT], here, BOARD_NEXT], here]
        return block
