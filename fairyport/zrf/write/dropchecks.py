"""Drops that may not give check (``DropRule.no_drop_check``, Fairy-Stockfish's ``dropChecks = false``) in a
written ZRF file.

A drop only adds a piece, so it gives check in two ways only: the dropped piece attacks an enemy royal piece from
the drop square, or it becomes the screen of one of the player's cannons (a hop, ``pR``) whose line runs through
the drop square to an enemy royal piece. Both are tested on the board before the drop, from the drop square, by
code that never fails (a failing step would abandon the whole drop block, which walks the board):

- each capturing move of the dropped piece is compiled by :class:`~.moves.MoveCompiler` with a landing macro
  :data:`LAND`, its library macros inlined, and every step turned into ``(if (on-board? d) d ...)``, every
  ``verify`` into an ``if`` around the rest of the path and every ``while`` bounded by ``on-board?``; landing on an
  enemy royal piece (inside the piece's confinement zone, or the move's landing zone) sets the flag
  :data:`CHECK_FLAG`;
- for each cannon move along a direction d: the first piece along d is an enemy royal piece (flag
  :data:`AHEAD_FLAG`) and the first piece along the opposite direction is the player's cannon.

The drop is made only where the flag is not set. Anything else by which adding a piece could give check (a
grasshopper, a screen in a bent move, a capture before the last leg, a limited hop) is refused with the reason.
"""

from __future__ import annotations

from collections.abc import Callable

from fairyport.errors import UnsupportedError
from fairyport.model import Game, PieceType, ZonedMove
from fairyport.xbetza import syntax as betza
from fairyport.xbetza.geometry import atom_geometry, direction_vector, first_leg_directions
from fairyport.zrf.names import Vector, negate
from fairyport.zrf.write.library import LIBRARY
from fairyport.zrf.write.moves import MoveCompiler
from fairyport.zrf.write.priorities import split_captures
from fairyport.zrf.write.sexpr import Expr

LAND = "check-royal"
"""The landing macro name the compiled attack paths call; replaced by the flag setting when inlined."""
CHECK_FLAG = "gives-check"
"""The flag set when the drop would give check."""
AHEAD_FLAG = "royal-ahead"
"""The flag set when an enemy royal piece is the first piece along a cannon's line from the drop square."""
FEATURE = "drop checks"
"""The feature named by this module's refusals."""


def _substitute(body: Expr, args: list[Expr]) -> Expr:
    """A library macro body with ``$1``, ``$2``... replaced by the call's arguments."""
    if isinstance(body, str):
        if body.startswith("$") and body[1:].isdigit():
            return args[int(body[1:]) - 1]
        return body
    if isinstance(body, list):
        return [_substitute(item, args) for item in body]
    return body


class DropCheckTests:
    """The code a drop runs first on its square: whether the drop would give check (see the module docstring)."""

    def __init__(self, game: Game, names: dict[str, str], parsed: dict[str, list[betza.Move]],
                 use: Callable[[Vector], str], longest: int, empty: Expr = "empty?") -> None:
        self.game = game
        self.empty = empty
        """The condition of a square the paths pass (empty once the move is made)."""
        self.names = names
        self.parsed = parsed
        self.longest = longest
        self.directions: set[str] = set()
        self._use = use
        royals: list[Expr] = [["piece?", names[p.id.upper()]] for p in game.pieces if p.royal]
        self.royal: Expr = royals[0] if len(royals) == 1 else ["or", *royals]

    def use(self, vector: Vector) -> str:
        """The writer's direction name of ``vector``, remembered as a step of the inlined code."""
        name = self._use(vector)
        self.directions.add(name)
        self.directions.add(self._use(negate(vector)))
        return name

    def refuse(self, piece: PieceType, why: str) -> UnsupportedError:
        """The refusal for drops of ``piece`` whose check test cannot be written."""
        return UnsupportedError(f"piece {piece.name!r}: drops that may not give check are written in ZRF by "
                                f"testing the drop square's lines; not here: {why}",
                                feature=f"{piece.name}: drop checks")

    def moves(self, piece: PieceType) -> list[tuple[betza.Move, ZonedMove | None]]:
        """The capturing parts of ``piece``'s moves, each with the zone it depends on (None: none)."""
        out: list[tuple[betza.Move, ZonedMove | None]] = []
        zoned = [(z, m) for z in piece.zoned_moves for m in betza.parse_moves(z.betza)]
        for zone, move in [(None, m) for m in self.parsed[piece.id.upper()]] + zoned:
            if move.atom == "O":
                continue
            try:
                capture = split_captures(move)[0]
            except ValueError as error:
                raise self.refuse(piece, f"XBetza {betza.write([move])!r}: {error}") from None
            if capture is None:
                continue
            if any(set(leg.modes) & set("pgi") for leg in capture.legs[:-1]) or capture.legs[-1].has("g") or \
                    capture.legs[-1].has("i"):
                raise self.refuse(piece, f"XBetza {betza.write([move])!r} has a screen, a grasshopper's landing or "
                                  "an initial capture")
            out.append((capture, zone))
        return out

    def drop_test(self, piece: PieceType) -> list[Expr]:
        """The actions run on a drop square before ``piece`` is dropped there: they set :data:`CHECK_FLAG` where
        the drop would give check (they never fail and end on the drop square)."""
        return [["set-flag", CHECK_FLAG, "false"], "mark", *self.attacks(piece, CHECK_FLAG), *self.screens()]

    def attacks(self, piece: PieceType, flag: str) -> list[Expr]:
        """Actions that set ``flag`` where ``piece`` on the current position (the ``mark``) attacks an enemy royal
        piece; each path ends with ``back``."""
        out: list[Expr] = []
        name = self.names[piece.id.upper()]
        for move, zone in self.moves(piece):
            hit: Expr = self.royal
            if piece.confined_to is not None:
                hit = ["and", ["in-zone?", piece.confined_to], hit]
            prefix: list[Expr] = []
            if zone is not None:  # in (or outside) the zone: the start square, or the landing square
                test: Expr = ["in-zone?" if zone.inside else "not-in-zone?", zone.zone]
                if zone.on == "to":
                    hit = ["and", test, hit]
                else:
                    prefix = [["verify", test]]
            compiler = MoveCompiler(name, LAND, self.use, self.longest, [])
            try:
                blocks = compiler.blocks(move)
            except UnsupportedError as error:
                raise self.refuse(piece, error.reason) from None
            action: Expr = ["if", hit, ["set-flag", flag, "true"]]
            for block in blocks:
                out += [*self.safe([*prefix, *block], action, piece), "back"]
        return out

    def screens(self) -> list[Expr]:
        """The tests of the drop square as the screen of a cannon's check (every cannon move of the game)."""
        out: list[Expr] = []
        for hopper in self.game.pieces:
            for move, zone in self.moves(hopper):
                last = move.legs[-1]
                if not last.has("p"):
                    continue
                if move.is_multi_leg or move.range not in (None, 0) or move.atom not in betza.RIDER_ATOMS or zone:
                    raise self.refuse(hopper, f"XBetza {betza.write([move])!r}: a screen the drop could become "
                                      "other than an unlimited straight hop")
                base = betza.RIDER_ATOMS[move.atom]
                for direction in sorted(first_leg_directions(move.first.directions, atom_geometry(base)[0])):
                    vector = direction_vector(move.atom, direction)
                    ahead, behind = self.use(vector), self.use(negate(vector))
                    target: Expr = ["and", "enemy?", self.royal]
                    if hopper.confined_to is not None:
                        target = ["and", ["in-zone?", hopper.confined_to], target]
                    out += [["set-flag", AHEAD_FLAG, "false"],
                            *self.walk(ahead, [["if", target, ["set-flag", AHEAD_FLAG, "true"]]]), "back",
                            ["if", ["flag?", AHEAD_FLAG],
                             *self.walk(behind, [["if", ["and", "friend?", ["piece?", self.names[hopper.id.upper()]]],
                                                  ["set-flag", CHECK_FLAG, "true"]]])], "back"]
        return out

    def walk(self, d: str, then: list[Expr]) -> list[Expr]:
        """Step along ``d`` to the first piece (or the board's edge) and run ``then`` there."""
        return [["if", ["on-board?", d], d, ["while", ["and", self.empty, ["on-board?", d]], d], *then]]

    def condition(self, condition: Expr) -> Expr:
        """A path's condition with ``empty?`` read as :attr:`empty`."""
        if condition == "empty?":
            return self.empty
        if condition == "not-empty?":
            return ["not", self.empty]
        return condition

    def safe(self, items: list[Expr], action: Expr, piece: PieceType) -> list[Expr]:
        """``items`` (a compiled path) as code that never fails: ``action`` where the path would land."""
        out: list[Expr] = []
        for i, item in enumerate(items):
            rest = items[i + 1:]
            if isinstance(item, str) and item in self.directions:
                return [*out, ["if", ["on-board?", item], item, *self.safe(rest, action, piece)]]
            if not isinstance(item, list) or not item or not isinstance(item[0], str):
                raise self.refuse(piece, f"the path item {item!r}")
            head = item[0]
            if head == LAND and len(item) == 1:
                out.append(action)
            elif head == "verify" and len(item) == 2:
                return [*out, ["if", self.condition(item[1]), *self.safe(rest, action, piece)]]
            elif head == "if" and "else" not in item:
                out.append(["if", self.condition(item[1]), *self.safe(item[2:], action, piece)])
            elif head == "while" and isinstance(item[-1], str) and item[-1] in self.directions:
                step = item[-1]
                out.append(["while", ["and", self.condition(item[1]), ["on-board?", step]],
                            *self.safe(item[2:-1], action, piece), step])
            elif head in LIBRARY:
                body = _substitute(LIBRARY[head][1], list(item[1:]))
                assert isinstance(body, list)
                return [*out, *self.safe([*body, *rest], action, piece)]
            else:
                raise self.refuse(piece, f"the path item {item!r}")
        return out
