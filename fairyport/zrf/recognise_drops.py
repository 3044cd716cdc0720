"""Recognise the tests of ZRF drop blocks that the model's drop rules (:class:`~fairyport.model.DropRule`) hold.

A drop block the model holds is ``(verify empty?)``, then in any order at most one of each of:

- a zone test ``(verify (in-zone? Z))`` or ``(verify (not-in-zone? Z))`` (``DropRule.zone``);
- ``(verify (or not-attacked? defended?))``: the square no enemy piece attacks or a friendly piece defends
  (``DropRule.safe_square``; Zillions' Genesis Chess);
- ``(set-attribute never-moved? false)``: the dropped piece counts as moved (the model's dropped pieces never
  castle nor make initial moves);
- probes for the enemy king, one per line the piece captures along (Genesis Chess's "no checks" drops)::

      mark d1 d2 ... (if enemy? (verify (not-piece? King))) back
      mark d (while (and empty? (on-board? d)) d) (if enemy? (verify (not-piece? King))) back

  The drop then gives no check (``DropRule.no_drop_check``) where the probes are exactly the piece's captures
  (:func:`probes_are_captures`); and since a step off the board makes a ZRF move fail, the piece is dropped only
  where every probe's steps exist (:func:`probed_squares`, a zone of the drop rule);

then ``add``.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Collection, Iterable

from fairyport.model import BLACK, WHITE, Zone, zone_squares
from fairyport.zrf.names import Vector
from fairyport.zrf.recognise import Found
from fairyport.zrf.syntax.nodes import Plain
from fairyport.zrf.typed.geometry import Geometry

EMPTY_TEST = ("verify", "empty?")
"""A drop block's test that the square is empty."""

SAFE_TESTS = frozenset({("verify", ("or", "not-attacked?", "defended?")),
                        ("verify", ("or", "defended?", "not-attacked?"))})
"""The test of a drop to a square no enemy piece attacks or a friendly piece defends (``DropRule.safe_square``)."""

MOVED = ("set-attribute", "never-moved?", "false")
"""A dropped piece marked as moved (as the model's dropped pieces are)."""

CAPTURING_KINDS = frozenset({"leap", "slide", "hop", "grasshop", "lame", "bent"})
"""The kinds of :class:`~fairyport.zrf.recognise.Found` moves that may capture on their landing square (an e.p.
capture takes a pawn, never a king; castling and the facing rule capture nothing)."""


@dataclasses.dataclass(frozen=True)
class Probe:
    """One line a drop block looks along for the enemy ``royal`` piece: the ``steps`` (direction names, White's
    view) to the first square, and whether it goes on along the last step over empty squares (``slides``)."""

    steps: tuple[str, ...]
    slides: bool
    royal: str


@dataclasses.dataclass(frozen=True)
class DropTests:
    """The tests of a drop block the model holds (see the module docstring)."""

    zone: Plain | None = None
    """The zone test, as written (``("verify", ("in-zone?", Z))`` or ``not-in-zone?``), or None."""
    safe: bool = False
    probes: tuple[Probe, ...] = ()


def _probe(items: list[Plain], at: int, directions: Collection[str]) -> tuple[Probe, int] | None:
    """The probe that starts with the ``mark`` at ``items[at]``, and the index after its ``back``."""
    i = at + 1
    steps: list[str] = []
    while i < len(items) and isinstance(items[i], str) and items[i] in directions:
        steps.append(str(items[i]))
        i += 1
    if not steps or i >= len(items):
        return None
    slides = False
    item = items[i]
    if isinstance(item, tuple) and item[:1] == ("while",):
        last = steps[-1]
        if len(steps) != 1 or item != ("while", ("and", "empty?", ("on-board?", last)), last):
            return None
        slides = True
        i += 1
    if i + 1 >= len(items) or items[i + 1] != "back":
        return None
    test = items[i]
    if not (isinstance(test, tuple) and len(test) == 3 and test[:2] == ("if", "enemy?")
            and isinstance(test[2], tuple) and len(test[2]) == 2 and test[2][0] == "verify"
            and isinstance(test[2][1], tuple) and len(test[2][1]) == 2 and test[2][1][0] == "not-piece?"
            and isinstance(test[2][1][1], str)):
        return None
    return Probe(tuple(steps), slides, test[2][1][1]), i + 2


def drop_tests(items: list[Plain], directions: Collection[str]) -> DropTests | None:
    """The tests of a drop block's (expanded, plain) items, or None if it is not a drop the model holds."""
    if not items or items[-1] != "add" or items.count(EMPTY_TEST) != 1:
        return None
    zone: Plain | None = None
    safe = moved = False
    probes: list[Probe] = []
    i = 0
    body = items[:-1]
    while i < len(body):
        item = body[i]
        if item == EMPTY_TEST:
            i += 1
        elif item in SAFE_TESTS and not safe:
            safe = True
            i += 1
        elif item == MOVED and not moved:
            moved = True
            i += 1
        elif item == "mark":
            found = _probe(body, i, directions)
            if found is None:
                return None
            probes.append(found[0])
            i = found[1]
        elif zone is None and isinstance(item, tuple) and len(item) == 2 and item[0] == "verify" \
                and isinstance(item[1], tuple) and len(item[1]) == 2 and item[1][0] in ("in-zone?", "not-in-zone?") \
                and isinstance(item[1][1], str):
            zone = item
            i += 1
        else:
            return None
    return DropTests(zone, safe, tuple(probes))


def probes_are_captures(probes: Iterable[Probe], found: Iterable[Found], vectors: dict[str, Vector],
                        royal: Collection[str]) -> bool:
    """Whether ``probes`` look for a royal piece exactly along the lines the piece's recognised moves ``found``
    capture along: every capture a leap (one vector) or an unlimited slide, each with a probe of the same vector
    and kind, every probe one of them, each probe looking for a piece of the one ``royal`` type."""
    lines: set[tuple[Vector, bool]] = set()
    for probe in probes:
        if probe.royal not in royal or len(royal) != 1:
            return False
        x = sum(vectors[d][0] for d in probe.steps)
        y = sum(vectors[d][1] for d in probe.steps)
        lines.add(((x, y), probe.slides))
    captures: set[tuple[Vector, bool]] = set()
    for f in found:
        if f.kind not in CAPTURING_KINDS or "c" not in f.modes:
            continue
        if f.kind not in ("leap", "slide") or len(f.vectors) != 1 or f.initial or f.start is not None \
                or f.landing.confined is not None or (f.kind == "slide" and f.range != 0):
            return False
        captures.add((f.vectors[0], f.kind == "slide"))
    return lines == captures


def probed_squares(geometry: Geometry, player: str, probes: Iterable[Probe]) -> frozenset[str]:
    """The positions from which every probe's steps exist for ``player`` (through its symmetry): a ZRF move that
    steps off the board fails, so the drop is legal only there."""
    fitting = set()
    for position in geometry.positions:
        ok = True
        for probe in probes:
            at: str | None = position
            for d in probe.steps:
                at = geometry.step(at, d, player) if at is not None else None
            if at is None:
                ok = False
                break
        if ok:
            fitting.add(position)
    return frozenset(fitting)


def add_probed_zone(zones: list[Zone], base: str | None, probes: tuple[Probe, ...], geometry: Geometry,
                    players: tuple[str, str], squares: frozenset[str]) -> str:
    """Add to ``zones`` the zone of the squares (of ``squares``, the board's) inside zone ``base`` (None: every
    square) from which every probe's steps exist, per colour, and return its name (``base-probed`` or
    ``probed``, a free name; the same probes on the same base share one zone)."""
    stem = f"{base}-probed" if base is not None else "probed"
    per_color = {}
    for color, player in zip((WHITE, BLACK), players, strict=True):
        inside = zone_squares(zones, base, color) if base is not None else squares
        per_color[color] = inside & probed_squares(geometry, player, probes)
    for name in itertools.chain([stem], (f"{stem}{i}" for i in itertools.count(2))):
        same = [z for z in zones if z.name == name]
        if not same:
            zones.extend(Zone(name, per_color[color], color) for color in (WHITE, BLACK))
            return name
        if all(zone_squares(zones, name, color) == per_color[color] for color in (WHITE, BLACK)):
            return name
    raise AssertionError("unreachable")  # itertools.count never ends


PROBES_WHY = ("a drop that looks for the enemy king along lines other than the piece's captures: the model's drops "
              "that may not give check test the piece's own captures")
"""Why a drop with probes that are not the piece's captures stays a program."""
