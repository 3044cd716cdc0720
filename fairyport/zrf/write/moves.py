"""XBetza moves -> ZRF move blocks, through the macro library of :mod:`.library`.

Every XBetza move is read exactly as the reference generator reads it (:mod:`fairyport.xbetza.geometry`: the same
direction sets, continuation turns and vectors) and written from White's point of view; Black plays the same
blocks through the board's 180-degree symmetry. A move becomes one block per path: a first-leg direction, and
for multi-leg moves each continuation direction and, for a non-final leg that may go several squares, each
length (the ZRF move language cannot fork a path in the middle of a block). What a block does:

- non-final legs walk ``(pass d)`` (an empty square) or ``(screen d)`` (an occupied one, ``p``/``g``);
- the final leg lands with ``(step d C A)`` (a leap), ``(slide d C A)`` (a rider), ``(slide-step d C A)``
  squares of a limited rider, ``(hop d C A)`` (cannon) or ``(grasshop d C A)`` (grasshopper), where ``C`` is the
  landing condition of the leg's modes (``empty?`` for ``m``, ``enemy?`` for ``c``, ``not-friend?`` for both,
  ...) and ``A`` the piece's landing macro (attributes, promotion, confinement: :mod:`.write`);
- lame leaps (``n``) pass the squares in between; initial moves (``i``) start with ``(verify never-moved?)``
  and ``(verify (in-zone? Name-start))``, the piece type's start squares: the same in play, and it makes a
  position set up from a FEN (where the interpreter leaves ``never-moved?`` true) read virginity as the
  generator's FEN does (a piece on a start square of its type);
- en passant (``e``) lands with ``(en-passant ...)`` on the square an enemy lame initial leap skipped, checked
  through ``last-from?``/``last-to?`` and the type of the piece that moved (as the official Chess.zrf does).

What the move language here cannot say raises :class:`UnsupportedError` naming the piece and the move.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from fairyport.errors import UnsupportedError
from fairyport.xbetza import syntax as betza
from fairyport.xbetza.geometry import (
    AtomClass,
    atom_geometry,
    continuation_directions,
    direction_vector,
    first_leg_directions,
)
from fairyport.zrf.names import Vector, negate
from fairyport.zrf.write.sexpr import Expr

NEVER_MOVED = "never-moved?"
"""The attribute that tracks virginity (initial moves, castling), as in the official Chess.zrf."""


@dataclasses.dataclass(frozen=True)
class EpSource:
    """An enemy move that gives en-passant rights, seen from White: the enemy type's ZRF name, the enemy's
    leap vector and each square it skips (offsets from its start)."""

    piece: str
    vector: Vector
    skipped: tuple[Vector, ...]


def landing_condition(modes: str) -> str:
    """The ZRF condition a final leg with these XBetza modes may land on (``e`` and ``k`` not included)."""
    quiet, capture, friend = "m" in modes, "c" in modes, "d" in modes
    if not (quiet or capture or friend) and not set(modes) & set("ek"):
        quiet = capture = True
    table = {
        (True, False, False): "empty?", (False, True, False): "enemy?", (True, True, False): "not-friend?",
        (False, False, True): "friend?", (True, False, True): "not-enemy?", (False, True, True): "not-empty?",
    }
    key = (quiet, capture, friend)
    if key == (False, False, False):
        return ""
    if key not in table:
        raise KeyError(modes)
    return table[key]


def lame_steps(vector: Vector) -> list[Vector] | None:
    """The unit steps of a straight (orthogonal or diagonal) leap, or None for an oblique one."""
    dx, dy = vector
    if dx and dy and abs(dx) != abs(dy):
        return None
    n = max(abs(dx), abs(dy))
    unit = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
    return [unit] * n


class MoveCompiler:
    """Turns one piece's XBetza moves into ZRF move blocks.

    ``use_direction`` is called with every step vector a block uses (the writer defines those directions);
    ``longest`` bounds unrolled legs (the longer board side); ``ep_sources`` are the enemy moves that give e.p.
    rights.
    """

    def __init__(self, piece: str, land: str, use_direction: Callable[[Vector], str], longest: int,
                 ep_sources: list[EpSource], start_zone: str | None = None,
                 use_cylinder: Callable[[Vector], str] | None = None) -> None:
        self.piece = piece
        self.use_cylinder = use_cylinder
        """The direction name of a step vector with the files wrapping around (XBetza's ``o``), or None where the
        board has no such directions."""
        self.start_zone = start_zone
        self.land = land
        self.use = use_direction
        self.longest = longest
        self.ep_sources = ep_sources
        self.macros: set[str] = set()
        """Macro names the blocks call (the writer defines exactly these)."""

    def unsupported(self, move: betza.Move, why: str) -> UnsupportedError:
        """The error for a move the ZRF writer cannot express."""
        text = betza.write([move])
        return UnsupportedError(f"piece {self.piece!r}: XBetza {text!r} cannot be written as ZRF: {why}",
                                feature=f"{self.piece}: {text}")

    def call(self, macro: str, *args: Expr) -> list[Expr]:
        """A call of library macro ``macro`` (recorded as used)."""
        self.macros.add(macro)
        return [macro, *args]

    def blocks(self, move: betza.Move) -> list[list[Expr]]:
        """The move blocks of one XBetza move (castling ``O`` is the writer's, see :mod:`.write`); a cylinder move
        (``o``) is the move without it, stepping along directions whose files wrap around."""
        if any(leg.has("o") for leg in move.legs):
            if self.use_cylinder is None or move.is_multi_leg or move.first.count("o") > 1:
                raise self.unsupported(move, "mode 'o' (a cylinder move) other than on a single leg of a board "
                                       "without links")
            plain = dataclasses.replace(move, legs=(dataclasses.replace(move.first,
                                                                        modes=move.first.modes.replace("o", "")),))
            use, self.use = self.use, self.use_cylinder
            try:
                return self.blocks(plain)
            finally:
                self.use = use
        for leg in move.legs:
            bad = set(leg.modes) - set("imcdeknpgyj")
            if bad:
                raise self.unsupported(move, f"mode {''.join(sorted(bad))!r}")
        if move.star or move.exempt or move.atom[0] in "OUI" or "Y" in move.atom:
            raise self.unsupported(move, "atom or range")
        if any(leg.has("i") for leg in move.legs[1:]):
            raise self.unsupported(move, "'i' on a continuation leg")
        base = betza.RIDER_ATOMS.get(move.atom, move.atom)
        cls = atom_geometry(base)[0]
        if move.is_multi_leg and cls is AtomClass.OBLIQUE:
            raise self.unsupported(move, "multi-leg oblique atom")
        limit = move.range if move.range is not None else (0 if move.atom in betza.RIDER_ATOMS else 1)
        prefix: list[Expr] = []
        if move.first.has("i"):
            prefix.append(["verify", NEVER_MOVED])
            if self.start_zone is not None:
                prefix.append(["verify", ["in-zone?", self.start_zone]])
        out: list[list[Expr]] = []
        dirs = sorted(first_leg_directions(move.first.directions, cls))
        for direction in dirs:
            self._leg(move, 0, direction, limit, False, prefix, (0, 0), out)
        return out

    def _leg(self, move: betza.Move, index: int, direction: int, limit: int, toggled: bool, prefix: list[Expr],
             at: Vector, out: list[list[Expr]]) -> None:
        leg = move.legs[index]
        final = index == len(move.legs) - 1
        own_limit = (1 if limit == 0 else 0) if toggled else limit
        vector = direction_vector(move.atom, direction)
        if final:
            out.extend(self._final(move, leg, vector, own_limit, prefix, at))
            return
        if leg.has("n") or leg.has("j") or leg.has("c") or leg.has("d") or leg.has("e") or leg.has("k"):
            raise self.unsupported(move, "a non-final leg that is lame, jumps or captures")
        quiet = leg.has("m") or leg.has("y") or not (leg.has("p") or leg.has("g"))
        hop = leg.has("p") or leg.has("g")
        name = self.use(vector)
        squares = own_limit if own_limit else self.longest
        next_toggled = toggled != (leg.has("y") or leg.has("g"))
        next_limit = limit
        following = sorted(continuation_directions(move.legs[index + 1].directions))
        walked: list[Expr] = []
        for k in range(1, squares + 1):
            point = (at[0] + vector[0] * k, at[1] + vector[1] * k)
            if point == (0, 0):
                raise self.unsupported(move, "a path through its own start square")
            if quiet and hop:
                last: list[Expr] = [name]
            elif quiet:
                last = [self.call("pass", name)]
            else:
                last = [self.call("screen", name)]
            steps: list[Expr] = [*prefix, *walked, *last]
            for rel in following:
                self._leg(move, index + 1, (direction + rel) % 8, next_limit, next_toggled, steps, point, out)
            walked.append(self.call("pass", name))

    def _final(self, move: betza.Move, leg: betza.Leg, vector: Vector, limit: int, prefix: list[Expr],
               at: Vector) -> list[list[Expr]]:
        try:
            condition = landing_condition(leg.modes)
        except KeyError:
            raise self.unsupported(move, "modes 'mcd' together") from None
        if leg.has("k"):
            raise self.unsupported(move, "check-only moves ('k') outside the royals' facing rule")
        if leg.has("j"):
            raise self.unsupported(move, "'j' (jumping) on a final leg")
        if leg.has("p") and leg.has("g"):
            raise self.unsupported(move, "'p' and 'g' on one leg")
        name = self.use(vector)
        self._check_origin(move, at, vector, limit)
        blocks: list[list[Expr]] = []
        if leg.has("p") or leg.has("g"):
            if limit != 0 or leg.has("e") or leg.has("n"):
                raise self.unsupported(move, "a limited or lame hop")
            if condition:
                blocks.append([*prefix, self.call("hop" if leg.has("p") else "grasshop", name, condition, self.land)])
            return blocks
        if leg.has("n"):
            if limit != 1:
                raise self.unsupported(move, "a lame rider")
            steps = lame_steps(vector)
            if steps is None:
                raise self.unsupported(move, "a lame oblique leap")
            unit = self.use(steps[0])
            path: list[Expr] = [self.call("pass", unit) for _ in steps[:-1]]
            if condition:
                blocks.append([*prefix, *path, self.call("step", unit, condition, self.land)])
            if leg.has("e"):
                raise self.unsupported(move, "a lame en-passant capture")
            return blocks
        if condition:
            if limit == 1:
                blocks.append([*prefix, self.call("step", name, condition, self.land)])
            elif limit == 0:
                blocks.append([*prefix, self.call("slide", name, condition, self.land)])
            else:
                body: list[Expr] = [self.call("slide-step", name, condition, self.land) for _ in range(limit - 1)]
                blocks.append([*prefix, *body, self.call("step", name, condition, self.land)])
        if leg.has("e"):
            if limit != 1:
                raise self.unsupported(move, "en passant on a rider")
            blocks.extend(self._en_passant(prefix, name))
        return blocks

    def _en_passant(self, prefix: list[Expr], name: str) -> list[list[Expr]]:
        blocks: list[list[Expr]] = []
        for source in self.ep_sources:
            for skipped in source.skipped:
                to_from = self.use(negate(skipped))
                leap = self.use(source.vector)
                blocks.append([*prefix, self.call("en-passant", name, to_from, leap, source.piece, self.land)])
        return blocks

    def _check_origin(self, move: betza.Move, at: Vector, vector: Vector, limit: int) -> None:
        """Refuse a final leg that would land on or pass the start square (the generator empties it first)."""
        if at == (0, 0):
            return
        steps = limit if limit else 4 * self.longest
        for k in range(1, steps + 1):
            if (at[0] + vector[0] * k, at[1] + vector[1] * k) == (0, 0):
                raise self.unsupported(move, "a path through its own start square")


def ep_sources(moves: list[tuple[str, betza.Move]]) -> list[EpSource]:
    """The en-passant-giving moves among (ZRF piece name, move) pairs, turned to White's view (Black's moves).

    The reference generator gives e.p. rights to a first leg that is a lame leap and is initial (``ifmnD``) or
    doubly lame (``nn``): every skipped square becomes an e.p. square and the piece that moved is the victim.
    """
    found: list[EpSource] = []
    for piece, move in moves:
        leg = move.first
        if move.is_multi_leg or not leg.has("n") or not (leg.has("i") or leg.count("n") > 1):
            continue
        if move.range not in (None, 1) or move.atom in betza.RIDER_ATOMS:
            continue
        base = move.atom
        cls = atom_geometry(base)[0]
        for direction in sorted(first_leg_directions(leg.directions, cls)):
            vx, vy = direction_vector(base, direction)
            steps = lame_steps((vx, vy))
            if steps is None:
                continue
            vector = (-vx, -vy)  # Black's leap as White sees it
            skipped = tuple((-steps[0][0] * k, -steps[0][1] * k) for k in range(1, len(steps)))
            if skipped:
                found.append(EpSource(piece, vector, skipped))
    return found
