"""XBetza moves as GAME Code terms: the body of one piece function per colour.

Each XBetza move becomes one or more terms of an ``or`` chain, every term a parenthesised ``check*`` primitive
with its conditions (GAME Code's ``and`` / ``or`` group from the left, so a term is always parenthesised):

- a leap or ride in every direction of its atom is the symmetric primitive (``checkleap #0 #1 1 2``), in some
  directions one exact primitive per direction (``checkaleap #0 #1 0 1``); Black's deltas are White's turned by
  180 degrees;
- a slide of limited range is a series of exact leaps whose passed squares are empty (``empty where #0 0 1``);
- a cannon hop (``p`` on a rider) is ``checkhop`` / ``checkahop``; ``n`` on a straight leap asks the passed
  squares to be empty;
- a grasshopper hop (``g`` on a rider in every direction of its atom: land just beyond the first piece on the
  line) is ``checkgrasshop`` (symmetric only: a grasshopper in some directions is refused);
- modes: ``m`` adds ``fn vacant #1``, ``c`` adds ``fn occupied #1`` (``empty #1`` as seen before the move
  being checked, see :mod:`.write`), ``e`` lets the move go to the e.p. square
  (``== #1 #ep``); ``i`` asks the piece to be virgin (``flag #0``: the flag of its square, set at the start and
  cleared when a piece leaves or enters the square);
- two-leg moves of one-step atoms (``mafsW``, ``afFasF``) are ``checkatwostep`` with the two exact steps, and a
  step followed by a slide (``yafsF``) is an exact step onto an empty square followed by ``checkaride`` from it.

Castling (``O``) is not a term of this module: it depends on the setup (see :mod:`.write`).
What GAME Code terms cannot say raises :class:`UnsupportedError` naming the piece and the move.
"""

from __future__ import annotations

import dataclasses

from fairyport.errors import UnsupportedError
from fairyport.model import WHITE, Color, PieceType
from fairyport.xbetza import syntax as betza
from fairyport.xbetza.geometry import (
    K_VECTORS,
    AtomClass,
    atom_geometry,
    continuation_directions,
    first_leg_directions,
    oblique_vectors,
    rotate,
)

Vector = tuple[int, int]
MAX_REPEAT = 8
"""Copies of an XBetza repetition group expanded (as the generator's default)."""
SUPPORTED_MODES = set("imcenpyg")
VACANT = "fn vacant #1"
"""The ``m`` condition: the destination was empty before the move (see ``def vacant`` in :mod:`.write`)."""
OCCUPIED = "fn occupied #1"
"""The ``c`` condition: the destination held a piece before the move."""
"""Mode letters the writer translates (``y`` only on the first of two legs)."""


@dataclasses.dataclass(frozen=True)
class EpSource:
    """A move that gives e.p. rights: a lame leap by ``vector`` whose passed square is ``passed``."""

    vector: Vector
    passed: Vector


@dataclasses.dataclass
class PieceCode:
    """The GAME Code terms of one piece type for one colour."""

    terms: list[str] = dataclasses.field(default_factory=list)
    """Every term, in XBetza order; the piece function is their ``or`` chain."""
    ep_terms: list[str] = dataclasses.field(default_factory=list)
    """The terms that may capture en passant (also in :attr:`terms`)."""
    ep_sources: list[EpSource] = dataclasses.field(default_factory=list)
    castling: list[betza.Move] = dataclasses.field(default_factory=list)
    """``O`` moves (written by the caller, which knows the setup)."""
    needs_virgin: bool = False
    """True if a term tests the virgin flag (``i``)."""


def _unsupported(piece: PieceType, move: betza.Move, why: str) -> UnsupportedError:
    text = betza.write([move])
    return UnsupportedError(f"piece {piece.name!r}: XBetza {text!r} cannot be written as GAME Code ({why})",
                            feature=f"{piece.name}: {text}")


def _steps(atom: str) -> tuple[AtomClass, int, tuple[int, int], int]:
    """(class, multiple, (short, long) leap, default range) of an atom; riders map to their step atom."""
    base = betza.RIDER_ATOMS.get(atom, atom)
    cls, mult, leap = atom_geometry(base)
    return cls, mult, leap, 0 if atom in betza.RIDER_ATOMS else 1


def _vector(atom: str, direction: int) -> Vector:
    cls, mult, leap, _ = _steps(atom)
    if cls is AtomClass.OBLIQUE:
        return oblique_vectors(*leap)[direction]
    return K_VECTORS[direction][0] * mult, K_VECTORS[direction][1] * mult


def _full_set(cls: AtomClass) -> frozenset[int]:
    if cls is AtomClass.ORTHOGONAL:
        return frozenset({0, 2, 4, 6})
    if cls is AtomClass.DIAGONAL:
        return frozenset({1, 3, 5, 7})
    return frozenset(range(8))


def symmetric_deltas(cls: AtomClass, leap: tuple[int, int]) -> list[Vector]:
    """The deltas of the symmetric primitives that give every direction of an atom (two for ``K``)."""
    if cls is AtomClass.KING:
        return [(1, 0), (1, 1)]
    if cls is AtomClass.ORTHOGONAL:
        return [(leap[1], 0)]
    return [leap]


def _mode_condition(leg: betza.Leg) -> tuple[str | None, bool]:
    """The destination condition of a final leg and whether it may capture e.p."""
    m, c, e = leg.has("m"), leg.has("c"), leg.has("e")
    if not (m or c or e):
        return None, False
    if m and c:
        return None, e
    if m:
        return VACANT, False
    if c and e:
        return f"({OCCUPIED} or == #1 #ep)", True
    if c:
        return OCCUPIED, False
    return "== #1 #ep", True


def _term(*parts: str | None) -> str:
    return "(" + " and ".join(p for p in parts if p) + ")"


def _where(v: Vector) -> str:
    return f"where #0 {v[0]} {v[1]}"


def piece_code(piece: PieceType, color: Color) -> PieceCode:
    """The terms of ``piece`` for ``color``.

    :raises UnsupportedError: naming the piece and the move, for XBetza GAME Code terms cannot express.
    """
    code = PieceCode()
    sign = 1 if color == WHITE else -1
    for move in betza.parse_moves(piece.betza) if piece.betza else ():
        _check_supported(piece, move)
        if move.atom == "O":
            code.castling.append(move)
            continue
        if move.is_multi_leg:
            _two_legs(piece, move, color, code)
            continue
        _one_leg(piece, move, color, sign, code)
    return code


def _check_supported(piece: PieceType, move: betza.Move) -> None:
    for leg in move.legs:
        unknown = set(leg.modes) - SUPPORTED_MODES
        if unknown:
            raise _unsupported(piece, move, "mode " + "".join(sorted(unknown)))
    if move.star or move.exempt or "X" in move.atom or "Y" in move.atom or move.atom in ("U", "I"):
        raise _unsupported(piece, move, "atom or range")
    if move.atom == "O" and (move.is_multi_leg or set(move.first.modes) - {"i"}):
        raise _unsupported(piece, move, "castling with modifiers")
    if len(move.legs) > 2:
        raise _unsupported(piece, move, "more than two legs")
    if move.atom == "K" and move.first.has("n"):
        raise _unsupported(piece, move, "lame K")


def _one_leg(piece: PieceType, move: betza.Move, color: Color, sign: int, code: PieceCode) -> None:
    leg = move.first
    if leg.has("y"):
        raise _unsupported(piece, move, "y on a one-leg move")
    cls, mult, leap, default = _steps(move.atom)
    limit = move.range if move.range is not None else default
    dirs = first_leg_directions(leg.directions, cls)
    dest, ep = _mode_condition(leg)
    virgin = "flag #0" if leg.has("i") else None
    code.needs_virgin |= virgin is not None
    vectors = [(sign * _vector(move.atom, d)[0], sign * _vector(move.atom, d)[1]) for d in sorted(dirs)]
    full = dirs == _full_set(cls)
    if leg.has("g"):
        if limit != 0 or leg.has("n") or leg.has("p"):
            raise _unsupported(piece, move, "a grasshopper hop on a leaper, lame or with p")
        if not full:
            raise _unsupported(piece, move, "a grasshopper hop in some directions only")
        terms = [_term(f"checkgrasshop #0 #1 {a} {b}", dest, virgin) for a, b in symmetric_deltas(cls, leap)]
    elif leg.has("p"):
        if limit != 0 or leg.has("n"):
            raise _unsupported(piece, move, "a hop on a leaper or lame hop")
        if full:
            terms = [_term(f"checkhop #0 #1 {a} {b}", dest, virgin) for a, b in symmetric_deltas(cls, leap)]
        else:
            terms = [_term(f"checkahop #0 #1 {x} {y}", dest, virgin) for x, y in vectors]
    elif limit == 0:
        if leg.has("n") and (mult != 1 or cls is AtomClass.OBLIQUE):
            raise _unsupported(piece, move, "lame ride of a long or oblique atom")
        # a lame ride of one-square steps passes no square it does not land on: it is the plain ride
        if full:
            terms = [_term(f"checkride #0 #1 {a} {b}", dest, virgin) for a, b in symmetric_deltas(cls, leap)]
        else:
            terms = [_term(f"checkaride #0 #1 {x} {y}", dest, virgin) for x, y in vectors]
    elif limit == 1:
        lame = leg.has("n")
        if lame and cls is AtomClass.OBLIQUE:
            terms = [_term(f"checkaleap #0 #1 {x} {y}", dest, virgin,
                           *(f"empty {_where(p)}" for p in oblique_passed(x, y))) for x, y in vectors]
        elif full and not lame:
            terms = [_term(f"checkleap #0 #1 {a} {b}", dest, virgin) for a, b in symmetric_deltas(cls, leap)]
        else:
            terms = []
            for x, y in vectors:
                passed = [(x * k // mult, y * k // mult) for k in range(1, mult)] if lame else []
                terms.append(_term(f"checkaleap #0 #1 {x} {y}", dest, virgin,
                                   *(f"empty {_where(p)}" for p in passed)))
                if lame and len(passed) == 1 and (virgin or leg.count("n") > 1) and dest == VACANT:
                    code.ep_sources.append(EpSource((x, y), passed[0]))
    else:
        if leg.has("n") or cls is AtomClass.OBLIQUE:
            raise _unsupported(piece, move, "limited range on this atom")
        terms = []
        for x, y in vectors:
            unit = (x // mult, y // mult)
            for k in range(1, limit + 1):
                passed = [(unit[0] * j * mult, unit[1] * j * mult) for j in range(1, k)]
                terms.append(_term(f"checkaleap #0 #1 {x * k} {y * k}", dest, virgin,
                                   *(f"empty {_where(p)}" for p in passed)))
    code.terms.extend(terms)
    if ep:
        code.ep_terms.extend(terms)


def _two_legs(piece: PieceType, move: betza.Move, color: Color, code: PieceCode) -> None:
    first, second = move.legs
    cls, mult, _, default = _steps(move.atom)
    if cls not in (AtomClass.ORTHOGONAL, AtomClass.DIAGONAL, AtomClass.KING) or mult != 1 or default != 1:
        raise _unsupported(piece, move, "two legs of a rider or a long atom")
    if move.range not in (None, 1) or set(first.modes) - set("my") or first.has("i"):
        raise _unsupported(piece, move, "first leg modes")
    if second.has("i") or second.has("p") or second.has("n") or second.has("y") or second.has("g"):
        raise _unsupported(piece, move, "second leg modes")
    dest, ep = _mode_condition(second)
    if ep:
        raise _unsupported(piece, move, "e.p. on a second leg")
    slide = first.has("y")
    seen: set[tuple[Vector, Vector]] = set()
    for direction in sorted(first_leg_directions(first.directions, cls)):
        absolute = rotate(direction, color)
        v1 = K_VECTORS[absolute]
        for rel in sorted(continuation_directions(second.directions)):
            v2 = K_VECTORS[(absolute + rel) % 8]
            if (v1[0] + v2[0], v1[1] + v2[1]) == (0, 0) or (v1, v2) in seen:
                continue
            seen.add((v1, v2))
            if slide:
                code.terms.append(_term(f"onboard {_where(v1)}", f"empty {_where(v1)}",
                                        f"checkaride {_where(v1)} #1 {v2[0]} {v2[1]}", dest))
            else:
                code.terms.append(_term(f"checkatwostep #0 #1 {v1[0]} {v1[1]} {v2[0]} {v2[1]}", dest))


def oblique_passed(x: int, y: int) -> list[Vector]:
    """The squares a lame oblique leap ``(x, y)`` passes, all of which must be empty: those of its path
    straight first then diagonally, and of its path diagonally first then straight (``nN``: the orthogonal
    neighbour and the diagonal neighbour towards the destination, as the Interactive Diagram blocks it)."""
    sx, sy = (x > 0) - (x < 0), (y > 0) - (y < 0)
    diagonal = min(abs(x), abs(y))
    straight = (sx, 0) if abs(x) > abs(y) else (0, sy)
    straight_steps = max(abs(x), abs(y)) - diagonal
    passed: list[Vector] = []
    first = ((straight, straight_steps), ((sx, sy), diagonal))
    for order in (first, first[::-1]):
        fx = fy = 0
        for (dx, dy), count in order:
            for _ in range(count):
                fx, fy = fx + dx, fy + dy
                if (fx, fy) != (x, y) and (fx, fy) not in passed:
                    passed.append((fx, fy))
    return passed


def function_body(terms: list[str]) -> str:
    """The ``or`` chain of ``terms`` (``false`` for a piece without moves)."""
    return " or ".join(terms) if terms else "false"
