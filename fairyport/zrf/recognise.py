"""Recognise expanded ZRF move blocks as XBetza moves, where they mean exactly that.

A block is compared, after macro expansion, with the shapes below (``d`` a direction, ``C`` a landing condition,
``ADD`` the piece's landing: ``add``, ``(add T ...)`` in a promotion zone, ``(set-attribute never-moved? false)``,
all possibly inside ``(if (in-zone? Z) ...)`` for a confined piece):

- ``d... (verify C) ADD``: a leap (several unchecked steps add up to one leap, as Chess.zrf's knight);
- ``d (while empty? ADD|(if C ADD) d) (verify C) ADD``: a slide (official and written forms);
- ``d (if C ADD) (verify empty?)`` repeated, then a leap: a slide of limited range;
- ``d (while empty? d)`` then a slide or a leap: a cannon (``p``) or grasshopper (``g``) move;
- ``d (verify empty?)`` steps before the final leg: a lame leap (same direction) or a bent move (``a`` legs);
- ``(verify never-moved?)`` first: an initial move (``i``);
- the en-passant shapes of the writer and of Chess.zrf (``last-from?``/``last-to?``, ``(piece? T)``);
- castling by ``cascade`` (the writer's and Chess.zrf's ``O-O``/``O-O-O``): ``O`` + the king's step count;
- the writer's ``face`` block: royals may not face;
- Chess.zrf's pawn step-and-double-step block, where the double step is allowed from a zone that is exactly
  the squares ahead of the piece type's start squares and the piece only moves forward: ``fmW`` + ``ifmnD``.

The result of a block is a list of :class:`Found` items (vector-level moves); :mod:`.read` groups them into
XBetza text. A block that fits no shape gives None and stays a ZRF program on its piece.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import TypeGuard

from fairyport.zrf.names import Vector
from fairyport.zrf.syntax.nodes import Plain

CONDITIONS = {"empty?": "m", "enemy?": "c", "not-friend?": "mc", "friend?": "d", "not-enemy?": "md",
              "not-empty?": "cd"}
"""Landing conditions -> the XBetza modes they mean."""


@dataclasses.dataclass(frozen=True)
class Landing:
    """What a block's ``ADD`` does: promotion (zone, choices, mandatory) and confinement zone."""

    promotion: tuple[str, tuple[str, ...], bool] | None = None
    confined: str | None = None
    inside: bool = True
    """False: the move lands only outside the zone ``confined`` (``not-in-zone?``)."""


@dataclasses.dataclass(frozen=True)
class Found:
    """One recognised move: ``kind`` (leap, slide, hop, grasshop, lame, bent, ep, castle, face), the vectors of
    its legs (White's view), its modes, range, initial flag and landing."""

    kind: str
    vectors: tuple[Vector, ...]
    modes: str
    range: int = 1
    initial: bool = False
    landing: Landing = Landing()
    start: tuple[str, bool] | None = None
    """A zone test on the start square: (zone, inside), from a leading ``(verify (in-zone? Z))`` or
    ``(verify (not-in-zone? Z))``."""
    safe: bool = True
    """Castling that tests that the royal piece is not attacked where it starts and passes (``not-attacked?``)."""
    partner: tuple[int, tuple[str, ...]] | None = None
    """Castling that tests neither whether the pieces have moved nor whether squares are attacked (Dagaz's
    ``O-O``): the partner stands exactly this many squares away, of one of these types."""
    path: tuple[Vector, ...] = dataclasses.field(default=(), compare=False)
    """The unchecked steps a leap (or each step of a rider) is written as, where it is several (``n n e``): ZRF
    needs each square passed to exist, an XBetza leap passes none (the reader checks them on boards with holes)."""
    ep_rights: bool = False
    """A lame leap that gives e.p. rights though it is no initial move (XBetza's doubled ``n``: ``fmnnD``)."""


def parse_landing(items: list[Plain]) -> Landing | None:
    """The landing of an ``ADD`` item sequence, or None if it is not one."""
    items = [i for i in items if i != ("set-attribute", "never-moved?", "false")]
    if len(items) == 1 and isinstance(items[0], tuple) and len(items[0]) >= 3 and items[0][0] == "if":
        cond = items[0][1]
        if isinstance(cond, tuple) and len(cond) == 2 and cond[0] == "in-zone?" and isinstance(cond[1], str):
            body = list(items[0][2:])
            if "else" not in body:
                inner = parse_landing(body)
                # a confinement, unless it is an optional promotion (if (in-zone? Z) (add T...)) add
                if inner is not None and inner.confined is None and not (
                        len(body) == 1 and _is_promotion_add(body[0])):
                    return Landing(inner.promotion, cond[1])
    if items == ["add"]:
        return Landing()
    if len(items) == 1 and isinstance(items[0], tuple) and items[0][:1] == ("if",):
        form = items[0]
        if (len(form) == 5 and _form(form[1], "in-zone?") and len(form[1]) == 2
                and _is_promotion_add(form[2]) and form[3] == "else" and form[4] == "add"):
            return Landing((str(form[1][1]), tuple(str(t) for t in form[2][1:]), True))
    if (len(items) == 2 and items[1] == "add" and isinstance(items[0], tuple) and len(items[0]) == 3
            and items[0][0] == "if" and _form(items[0][1], "in-zone?")
            and _is_promotion_add(items[0][2])):
        form = items[0]
        return Landing((str(form[1][1]), tuple(str(t) for t in form[2][1:]), False))
    return None


def zone_test(item: Plain) -> tuple[str, bool] | None:
    """(zone, inside) of ``(verify (in-zone? Z))`` (inside) or ``(verify (not-in-zone? Z))``, else None."""
    if isinstance(item, tuple) and len(item) == 2 and item[0] == "verify" and isinstance(item[1], tuple) \
            and len(item[1]) == 2 and item[1][0] in ("in-zone?", "not-in-zone?") and isinstance(item[1][1], str):
        return item[1][1], item[1][0] == "in-zone?"
    return None


def _form(item: Plain, head: str) -> TypeGuard[tuple[Plain, ...]]:
    """Whether ``item`` is the form ``(head X ...)``: with at least one argument, which the shapes read."""
    return isinstance(item, tuple) and len(item) > 1 and item[0] == head


def _is_promotion_add(item: Plain) -> bool:
    return isinstance(item, tuple) and len(item) >= 2 and item[0] == "add" and all(isinstance(t, str)
                                                                                   for t in item[1:])


ABSENT_TESTS = {"and": "not-piece?", "or": "piece?"}
"""Per connective, the test of a type that is constant (true in ``and``, false in ``or``) where no piece of the
type can be on the board, so :func:`simplify` leaves it out."""


def simplify(item: Plain, present: frozenset[str]) -> Plain:
    """``item`` without the tests of types no piece of which can ever be on the board (not in ``present``: not in
    the setup, never added, created or changed into): ``(and C (not-piece? T))`` is ``C``, as fairychess.zrf
    guards every landing against the neutral Block piece of one of its variants, and ``(or (piece? A) (piece?
    T))`` is ``(piece? A)``, as Zillions' Circe tests six Rook types of which a game uses some."""
    if not isinstance(item, tuple):
        return item
    parts = tuple(simplify(i, present) for i in item)
    test = ABSENT_TESTS.get(parts[0]) if parts and isinstance(parts[0], str) else None
    if test is None:
        return parts
    kept = tuple(p for p in parts[1:] if not (isinstance(p, tuple) and len(p) == 2 and p[0] == test
                                              and p[1] not in present))
    return kept[0] if len(kept) == 1 else (parts[0], *kept)


def atoms(item: Plain) -> set[str]:
    """Every atom in ``item`` (nested)."""
    if isinstance(item, str):
        return {item}
    return set().union(*(atoms(i) for i in item))


def named_types(item: Plain, out: set[str]) -> None:
    """Collect the piece types ``item`` can put on the board (``add``, ``create``, ``change-type`` arguments)."""
    if isinstance(item, tuple):
        if item[:1] in (("add",), ("create",), ("change-type",), ("add-copy",)):
            out.update(str(i) for i in item[1:] if isinstance(i, str))
        for i in item:
            named_types(i, out)


class BlockReader:
    """Recognises the blocks of one game: ``vectors`` maps White's direction names to (file, rank) steps;
    ``present`` are the piece types that can be on the board (see :func:`simplify`)."""

    def __init__(self, vectors: dict[str, Vector], present: frozenset[str]) -> None:
        self.vectors = vectors
        self.present = present

    def is_dir(self, item: Plain) -> bool:
        """Whether ``item`` is a direction name."""
        return isinstance(item, str) and item in self.vectors

    def read(self, block: list[Plain]) -> list[Found] | None:
        """The moves of one block, or None if it fits no shape."""
        items = self.tidy([simplify(i, self.present) for i in block])
        initial = False
        if items[:1] == [("verify", "never-moved?")] and "cascade" not in items:
            initial = True
            items = items[1:]
            if items and _form(items[0], "verify") and \
                    _form(items[0][1], "in-zone?") and \
                    str(items[0][1][1]).endswith("-start"):
                items = items[1:]
        if "cascade" in items:
            castle = self._castle(items) or self._free_castle(items)
            return None if castle is None else [castle]
        start = zone_test(items[0]) if items else None
        if start is not None:
            found = self._face(items[1:]) or self._ep(items[1:]) or self._cannon(items[1:], initial) \
                or self._path(items[1:], initial)
            if found is None or any(f.kind in ("face", "zone", "castle") or f.start is not None for f in found):
                return None
            return [dataclasses.replace(f, start=start) for f in found]
        return self._face(items) or self._ep(items) or self._cannon(items, initial) or self._path(items, initial)

    def tidy(self, items: list[Plain]) -> list[Plain]:
        """``items`` without tests that cannot fail: ``(verify not-empty?)`` right after a loop
        ``(while empty? ... d)`` that ends with a step (the loop only ends on an occupied square: a step off the
        board ends the whole move)."""
        out: list[Plain] = []
        for item in items:
            if (item == ("verify", "not-empty?") and out and isinstance(out[-1], tuple)
                    and out[-1][:2] == ("while", "empty?") and self.is_dir(out[-1][-1])):
                continue
            out.append(item)
        return out

    # ------------------------------------------------------------------ shapes
    def _face(self, items: list[Plain]) -> list[Found] | None:
        if (len(items) == 5 and self.is_dir(items[0]) and items[1] == ("while", "empty?", items[0])
                and items[2] == ("verify", "enemy?") and items[4] == "add" and isinstance(items[3], tuple)
                and _form(items[3], "verify")):
            return [Found("face", (self.vectors[str(items[0])],), "k")]
        return None

    def _ep(self, items: list[Plain]) -> list[Found] | None:
        # the writer's: d (verify empty?) mark d2 (verify last-from?) d3 (verify last-to?) (verify enemy?)
        #               (verify (piece? T)) capture back ADD
        if (len(items) >= 12 and self.is_dir(items[0]) and items[1] == ("verify", "empty?") and items[2] == "mark"
                and self.is_dir(items[3]) and items[4] == ("verify", "last-from?") and self.is_dir(items[5])
                and items[6] == ("verify", "last-to?") and items[7] == ("verify", "enemy?")
                and items[9] == "capture" and items[10] == "back"):
            landing = parse_landing(items[11:])
            if landing is not None:
                return [Found("ep", (self.vectors[str(items[0])],), "e", landing=landing)]
        # Chess.zrf and others: d (verify enemy?) (verify last-to?) (verify (piece? T)) capture f... mark f...
        #                       (verify last-from?) back ADD: the capture lands at d + f..., the enemy came from
        #                       beyond it
        if (len(items) >= 9 and self.is_dir(items[0]) and items[1] == ("verify", "enemy?")
                and items[2] == ("verify", "last-to?") and items[4] == "capture" and "mark" in items
                and "back" in items):
            mark, back = items.index("mark"), items.index("back")
            passed, beyond = items[5:mark], items[mark + 1:back - 1]
            if (passed and beyond and all(self.is_dir(i) for i in (*passed, *beyond)) and len(set(passed)) == 1
                    and set(beyond) == set(passed) and items[back - 1] == ("verify", "last-from?")):
                landing = parse_landing(items[back + 1:])
                side = self.vectors[str(items[0])]
                step = self.vectors[str(passed[0])]
                if landing is not None and len(passed) == 1 and len(beyond) == 1:
                    return [Found("ep", ((side[0] + step[0], side[1] + step[1]),), "e", landing=landing)]
        # Chess.zrf: d (verify enemy?) (verify last-to?) (verify (piece? T)) capture f to f (verify last-from?) add
        if (len(items) == 10 and self.is_dir(items[0]) and items[1] == ("verify", "enemy?")
                and items[2] == ("verify", "last-to?") and items[4] == "capture" and self.is_dir(items[5])
                and items[6] == "to" and items[7] == items[5] and items[8] == ("verify", "last-from?")
                and items[9] == "add"):
            side, ahead = self.vectors[str(items[0])], self.vectors[str(items[5])]
            return [Found("ep", ((side[0] + ahead[0], side[1] + ahead[1]),), "e")]
        return None

    def _cannon(self, items: list[Plain], initial: bool) -> list[Found] | None:
        """Dagaz's cannon, one block: d (while empty? ADD d) [(verify not-empty?)] d (while empty? d) (verify C) ADD
        = a quiet slide and a hop that lands on the first piece behind the screen."""
        if len(items) < 5 or not self.is_dir(items[0]):
            return None
        d = items[0]
        loop = items[1]
        if not (isinstance(loop, tuple) and loop[:2] == ("while", "empty?") and loop[-1] == d
                and items[2] == d and items[3] == ("while", "empty?", d)):
            return None
        quiet = parse_landing(list(loop[2:-1]))
        tail = items[4]
        if not (_form(tail, "verify") and tail[1] in CONDITIONS):
            return None
        landing = parse_landing(items[5:])
        capture = CONDITIONS[str(tail[1])].replace("m", "")
        if quiet is None or landing is None or quiet != landing or not capture:
            return None
        v = self.vectors[str(d)]
        return [Found("slide", (v,), "m", range=0, initial=initial, landing=landing),
                Found("hop", (v,), capture, range=0, initial=initial, landing=landing)]

    def _castle(self, items: list[Plain]) -> Found | None:
        if items[:1] != [("verify", "never-moved?")] or "from" not in items or items[-1] != "add":
            return None
        head = items[1:items.index("cascade")]
        steps = [i for i in head if self.is_dir(i)]
        passes = [i for i in head if isinstance(i, tuple) and i[:1] == ("castle-pass",)]
        if passes:
            return None  # unexpanded macro: cannot happen after expansion
        if not steps or len(set(steps)) != 1:
            return None
        vector = self.vectors[str(steps[0])]
        if vector not in ((1, 0), (-1, 0)):
            return None
        return Found("castle", (vector,), "", range=len(steps), safe=("verify", "not-attacked?") in items)

    def _free_castle(self, items: list[Plain]) -> Found | None:
        """Dagaz's castling, with no never-moved or attack tests:
        ``d (verify empty?)`` n times, ``to``, ``d (verify empty?)`` m times, ``d (verify friend?) (verify (piece?
        T))``, ``cascade``, the opposite direction m + 2 times, ``add``: the royal piece moves n squares, the
        partner T standing exactly n + m + 1 squares away lands on the square the royal piece passed last."""
        if "to" not in items or items[-1] != "add" or not self.is_dir(items[0]):
            return None
        d = items[0]
        to, cascade = items.index("to"), items.index("cascade")
        before, between = items[:to], items[to + 1:cascade - 3]
        if not (len(before) >= 4 and before == [d, ("verify", "empty?")] * (len(before) // 2)
                and between == [d, ("verify", "empty?")] * (len(between) // 2)
                and items[cascade - 3:cascade - 1] == [d, ("verify", "friend?")]):
            return None
        test = items[cascade - 1]
        if not (isinstance(test, tuple) and len(test) == 2 and test[0] == "verify" and isinstance(test[1], tuple)
                and len(test[1]) == 2 and test[1][0] == "piece?" and isinstance(test[1][1], str)):
            return None
        vector = self.vectors[str(d)]
        back = items[cascade + 1:-1]
        steps, passed = len(before) // 2, len(between) // 2
        if (vector not in ((1, 0), (-1, 0)) or len(back) != passed + 2
                or any(self.vectors.get(str(b)) != (-vector[0], -vector[1]) for b in back)):
            return None
        return Found("castle", (vector,), "", range=steps, safe=False, partner=(steps + passed + 1, (test[1][1],)))

    def _path(self, items: list[Plain], initial: bool) -> list[Found] | None:
        """Passes (empty squares), then one final leg."""
        passes: list[Vector] = []
        i = 0
        while (i + 2 < len(items) and self.is_dir(items[i]) and items[i + 1] == ("verify", "empty?")
               and self.is_dir(items[i + 2])):
            passes.append(self.vectors[str(items[i])])
            i += 2
        # Chess.zrf's pawn: d (verify empty?) ADD (verify (in-zone? Z)) d (verify empty?) add
        pawn = self._pawn(items) or self._double(items)
        if pawn is not None:
            return pawn
        final = self._final(items[i:], initial)
        if final is None:
            return None
        if not passes:
            return [final]
        return [dataclasses.replace(final, kind="bent" if final.kind in ("leap", "slide") else final.kind,
                                    vectors=(*passes, *final.vectors))] if final.kind in ("leap", "slide") else None

    def _pawn(self, items: list[Plain]) -> list[Found] | None:
        if len(items) < 7 or not self.is_dir(items[0]) or items[1] != ("verify", "empty?"):
            return None
        for cut in range(3, len(items) - 3):
            zone = items[cut]
            if (_form(zone, "verify") and _form(zone[1], "in-zone?")
                    and isinstance(zone[1], tuple) and items[cut + 1] == items[0]
                    and items[cut + 2] == ("verify", "empty?")):
                first = parse_landing(items[2:cut])
                second = parse_landing(items[cut + 3:])
                if first is None or second is None:
                    return None
                v = self.vectors[str(items[0])]
                return [Found("leap", (v,), "m", landing=first),
                        Found("lame", ((2 * v[0], 2 * v[1]),), "m", initial=True, landing=second,
                              range=-1 if not isinstance(zone[1], tuple) else 0),
                        Found("zone", (), str(zone[1][1]))]
        return None

    def _double(self, items: list[Plain]) -> list[Found] | None:
        """A double step in its own block, the zone tested on the square passed:
        ``d (verify empty?) (verify (in-zone? Z)) d (verify empty?) ADD`` (the zone is checked as
        :meth:`_pawn`'s)."""
        if (len(items) >= 6 and self.is_dir(items[0]) and items[1] == ("verify", "empty?") and items[3] == items[0]
                and items[4] == ("verify", "empty?")):
            zone = zone_test(items[2])
            landing = parse_landing(items[5:])
            if zone is not None and zone[1] and landing is not None:
                v = self.vectors[str(items[0])]
                return [Found("lame", ((2 * v[0], 2 * v[1]),), "m", initial=True, landing=landing),
                        Found("zone", (), zone[0])]
        return None

    def _final(self, items: list[Plain], initial: bool) -> Found | None:
        found = self._final_shape(items, initial)
        steps = list(itertools.takewhile(self.is_dir, items))
        if found is not None and found.kind in ("leap", "slide") and len(steps) > 1:
            return dataclasses.replace(found, path=tuple(self.vectors[str(d)] for d in steps))
        return found

    def _final_shape(self, items: list[Plain], initial: bool) -> Found | None:
        if not items or not self.is_dir(items[0]):
            return None
        d = str(items[0])
        v = self.vectors[d]
        # hop: d (while empty? d) then a slide or a leap from the screen
        if len(items) > 2 and items[1] == ("while", "empty?", d) and items[2] == d:
            rest = self._final(items[2:], False)
            if rest is not None and rest.kind == "slide" and rest.vectors == (v,):
                return dataclasses.replace(rest, kind="hop", initial=initial)
            if rest is not None and rest.kind == "leap" and rest.vectors == (v,):
                return dataclasses.replace(rest, kind="grasshop", initial=initial)
            return None
        # unchecked steps add up to one leap (leap2 n ne)
        j = 1
        total = v
        while j < len(items) and self.is_dir(items[j]):
            w = self.vectors[str(items[j])]
            total = (total[0] + w[0], total[1] + w[1])
            j += 1
        # a leap may be confined by (verify (in-zone? Z)) before or tail its condition (xiangqi files)
        tail = list(items[j:])
        zone = None
        for k, item in enumerate(tail[:2]):
            zone = zone_test(item)
            if zone is not None:
                del tail[k]
                break
        if tail and zone is None and parse_landing(tail) is not None:
            # no test: the piece lands on any square, capturing whatever stands there, its own pieces too
            return Found("leap", (total,), "mcd", initial=initial, landing=parse_landing(tail) or Landing())
        if tail and _form(tail[0], "verify") and tail[0][1] in CONDITIONS:
            landing = parse_landing(tail[1:])
            if landing is not None and (zone is None or landing.confined is None):
                if zone is not None:
                    landing = Landing(landing.promotion, *zone)
                return Found("leap", (total,), CONDITIONS[str(tail[0][1])], initial=initial, landing=landing)
            return None
        # slide: d... (while empty? BODY d...) (verify C) ADD (a step of several directions: nightriders)
        seq = tuple(items[:j])
        if j > 1:
            v = total
        if len(items) >= j + 2 and isinstance(items[j], tuple) and items[j][:2] == ("while", "empty?") \
                and len(items[j]) > 2 + j and tuple(items[j][-j:]) == seq and isinstance(items[j + 1], tuple) \
                and _form(items[j + 1], "verify") and items[j + 1][1] in CONDITIONS:
            items = [items[0], (*items[j][:-j], d), *items[j + 1:]]
        elif j > 1:
            return None
        if len(items) == 2 and isinstance(items[1], tuple) and items[1][:2] == ("while", "empty?") \
                and items[1][-1] == d:
            # a quiet slide: the block ends where the loop does, on the first occupied square, adding nothing
            quiet_landing = parse_landing(list(items[1][2:-1]))
            if quiet_landing is None:
                return None
            return Found("slide", (v,), "m", range=0, initial=initial, landing=quiet_landing)
        if len(items) >= 3 and isinstance(items[1], tuple) and items[1][:2] == ("while", "empty?") \
                and items[1][-1] == d and ((_form(items[2], "verify") and items[2][1] in CONDITIONS)
                                           or parse_landing(items[2:]) is not None):
            return _stopped_slide(items, v, initial)
        # limited slide: (d (if C ADD) (verify empty?))* then d (verify C) ADD
        steps = 0
        k = 0
        condition = None
        while k + 2 < len(items) and items[k] == d and isinstance(items[k + 1], tuple) \
                and _form(items[k + 1], "if") and items[k + 2] == ("verify", "empty?"):
            condition = items[k + 1][1]
            steps += 1
            k += 3
        if steps:
            last = self._final(items[k:], False)
            if last is not None and last.kind == "leap" and last.vectors == (v,) and condition in CONDITIONS \
                    and CONDITIONS[str(condition)] == last.modes:
                return dataclasses.replace(last, kind="slide", range=steps + 1, initial=initial)
        return None


def _stopped_slide(items: list[Plain], v: Vector, initial: bool) -> Found | None:
    """A slide ``d (while empty? BODY d) TEST ADD`` that ends on the first occupied square (the test after the loop
    or none; the loop's body adds as the landing or nothing)."""
    body = list(items[1][2:-1])
    tested = _form(items[2], "verify") and items[2][1] in CONDITIONS
    # no test after the loop: the slide lands on the first piece, capturing it, its own pieces too
    after = CONDITIONS[str(items[2][1])] if tested else "mcd"
    landing = parse_landing(items[3:] if tested else items[2:])
    if landing is None:
        return None
    if not body:
        quiet = False
    elif len(body) == 1 and _form(body[0], "if") \
            and body[0][1] in CONDITIONS:
        if parse_landing(list(body[0][2:])) != landing:
            return None
        quiet = "m" in CONDITIONS[str(body[0][1])]
    elif parse_landing(body) == landing:
        quiet = True
    else:
        return None
    modes = ("m" if quiet else "") + after.replace("m", "")
    if not modes:
        return None
    return Found("slide", (v,), modes, range=0, initial=initial, landing=landing)
