"""Piece functions (GAME Code ``def``\\ s) translated to XBetza, for presets fairyport did not write.

A function is an ``or`` chain of terms (:func:`fairyport.gamecourier.movement.decompose`), each a
``check*`` primitive with ``and`` conditions; also read are ``cond empty #1 (A) (B)`` (the cannon idiom: ``A``
moving, ``B`` capturing) and ``fn X #0 #1`` (another piece's function, translated in its place).

- primitives: ``checkleap`` / ``checkaleap`` -> leaps, ``checkride`` / ``checkaride`` -> rides,
  ``checkhop`` / ``checkahop`` -> cannon hops (``p``), ``checkgrasshop`` -> grasshopper hops (``g``: land just
  beyond the first piece on the line), ``checkatwostep`` -> a two-leg ``a`` move of ``W``/``F``
  steps; exact (``a``) primitives of one atom and one set of conditions are grouped and their directions
  written with the shortest direction letters that give exactly that set (White's function is read; Black's
  is its mirror image, which the linter checks);
- conditions: ``empty #1`` / ``fn vacant #1`` -> ``m``, ``not empty #1`` / ``fn occupied #1`` -> ``c``,
  ``(... or == #1 #ep)`` -> ``e`` added, ``flag #0`` -> ``i``, ``empty where #0 x y`` on the passed square of
  a straight leap -> ``n``; ``flag #1`` on every term -> the piece keeps to the flagged squares
  (:data:`FLAG_ZONE`).

Anything else makes the function untranslatable (None): the reader then keeps its code.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools

from fairyport.gamecourier.interpreter.nodes import Call, Expr, Group, Logic
from fairyport.gamecourier.movement import MoveTerm, decompose
from fairyport.xbetza import syntax as betza
from fairyport.xbetza.geometry import (
    K_VECTORS,
    AtomClass,
    atom_geometry,
    continuation_directions,
    first_leg_directions,
    oblique_vectors,
)

FLAG_ZONE = "flagged"
"""Name of the zone a piece is confined to when its function asks ``flag #1`` (the squares flagged in
Pre-Game, e.g. a palace)."""
_LETTERS = "fblrvsh"
_ATOMS_BY_DELTA = {(0, 1): "W", (1, 1): "F", (0, 2): "D", (1, 2): "N", (2, 2): "A", (0, 3): "H", (1, 3): "C",
                   (2, 3): "Z", (3, 3): "G"}
_RIDERS = {"W": "R", "F": "B"}


@dataclasses.dataclass(frozen=True)
class Translation:
    """A piece function as XBetza, and the zone its destination must be in (None: anywhere)."""

    betza: str
    zone: str | None = None


def _class_of(atom: str) -> AtomClass:
    return atom_geometry(atom)[0]


def _vectors(atom: str) -> list[tuple[int, int]]:
    cls, mult, leap = atom_geometry(atom)
    if cls is AtomClass.OBLIQUE:
        return list(oblique_vectors(*leap))
    return [(K_VECTORS[d][0] * mult, K_VECTORS[d][1] * mult) for d in range(8)]


@functools.cache
def _letters_for(cls: AtomClass, continuation: bool) -> dict[frozenset[int], str]:
    """Shortest direction letters (up to three) for every direction set they can give."""
    found: dict[frozenset[int], str] = {}
    for length in range(0, 4):
        for combo in itertools.product(_LETTERS, repeat=length):
            text = "".join(combo)
            dirs = continuation_directions(text) if continuation else first_leg_directions(text, cls)
            found.setdefault(frozenset(dirs), text)
    return found


def _atom_of(deltas: tuple[int, int]) -> str | None:
    a, b = sorted(abs(d) for d in deltas)
    return _ATOMS_BY_DELTA.get((a, b))


def _cannon_idiom(expr: Expr) -> Expr:
    """``cond empty #1 (A) (B)`` -> ``(A and empty #1) or (B and not empty #1)``; other nodes unchanged."""
    if isinstance(expr, Group):
        return Group(_cannon_idiom(expr.inner), expr.offset)
    if isinstance(expr, Logic):
        return Logic(expr.op, _cannon_idiom(expr.left), _cannon_idiom(expr.right), expr.offset)
    if isinstance(expr, Call) and expr.op == "cond" and len(expr.args) == 3:
        test, yes, no = expr.args
        if isinstance(test, Call) and test.canonical() == "empty #1":
            off = expr.offset
            not_empty = Call("not", (test,), off)
            return Logic("or", Logic("and", _cannon_idiom(yes), test, off),
                         Logic("and", _cannon_idiom(no), not_empty, off), off)
    return expr


def translate(expr: Expr, defs: dict[str, Expr], seen: frozenset[str] = frozenset()) -> Translation | None:
    """The XBetza of a piece function (``defs`` gives the other functions ``fn X #0 #1`` may call)."""
    terms = decompose(_cannon_idiom(expr))
    if terms is None:
        return None
    parts: list[str] = []
    zones: set[str | None] = set()
    groups: dict[tuple[str, str, str], set[int]] = {}
    twosteps: dict[str, set[tuple[int, int]]] = {}
    for term in terms:
        conditions = [c.canonical() for c in term.conditions]
        zone = FLAG_ZONE if "flag #1" in conditions else None
        conditions = [c for c in conditions if c != "flag #1"]
        zones.add(zone)
        if term.primitive == "fn":
            target = term.target or ""
            if target in seen or target not in defs or conditions:
                return None
            inner = translate(defs[target], defs, seen | {target})
            if inner is None:
                return None
            parts.append(inner.betza)
            zones.add(inner.zone)
            continue
        if term.primitive == "checkatwostep":
            mode = _modes(conditions, term, lame_ok=False)
            if mode is None or len(term.deltas) != 4:
                return None
            v1, v2 = term.deltas[:2], term.deltas[2:]
            if v1 not in K_VECTORS or v2 not in K_VECTORS:
                return None
            d1 = K_VECTORS.index(v1)
            rel = (K_VECTORS.index(v2) - d1) % 8
            twosteps.setdefault(mode, set()).add((d1, rel))
            continue
        if len(term.deltas) != 2:
            return None
        atom = _atom_of((term.deltas[0], term.deltas[1]))
        if atom is None:
            return None
        mode = _modes(conditions, term, lame_ok=term.primitive == "checkaleap")
        if mode is None:
            return None
        kind = {"checkleap": "leap", "checkaleap": "leap", "checkride": "ride", "checkaride": "ride",
                "checkhop": "hop", "checkahop": "hop", "checkgrasshop": "grass"}.get(term.primitive)
        if kind is None:
            return None
        vectors = _vectors(atom)
        if term.exact:
            if (term.deltas[0], term.deltas[1]) not in vectors:
                return None
            dirs = {vectors.index((term.deltas[0], term.deltas[1]))}
        else:
            images = {(sx * x, sy * y) for x, y in ((term.deltas[0], term.deltas[1]), (term.deltas[1], term.deltas[0]))
                      for sx in (1, -1) for sy in (1, -1)}
            dirs = {d for d, v in enumerate(vectors) if v in images}
        groups.setdefault((kind, atom, mode), set()).update(dirs)
    if len(zones - {None}) > 1 or (FLAG_ZONE in zones and None in zones):
        return None
    for (kind, atom, mode), dirs in groups.items():
        prefixes = _leg_prefixes(atom, dirs, mode, _HOP_LETTERS.get(kind, ""))
        if prefixes is None:
            return None
        body = atom if kind == "leap" else _RIDERS.get(atom, atom + "0")
        parts.extend(prefix + body for prefix in prefixes)
    for mode, pairs in twosteps.items():
        text = _twostep_text(pairs, mode)
        if text is None:
            return None
        parts.append(text)
    return Translation("".join(parts), next(iter(zones - {None}), None))


def _modes(conditions: list[str], term: MoveTerm, *, lame_ok: bool) -> str | None:
    """XBetza mode letters for a term's conditions, or None."""
    mode = ""
    for text in conditions:
        if text in ("empty #1", "fn vacant #1"):
            mode += "m"
        elif text in ("not empty #1", "fn occupied #1"):
            mode += "c"
        elif text in ("(not empty #1 or == #1 #ep)", "(fn occupied #1 or == #1 #ep)"):
            mode += "ce"
        elif text == "flag #0":
            mode = "i" + mode
        elif lame_ok and text.startswith("empty where #0 "):
            words = text.split()[3:]
            dx, dy = term.deltas[0], term.deltas[1]
            if len(words) != 2 or words != [str(dx // 2), str(dy // 2)] or dx % 2 or dy % 2:
                return None
            mode += "n"
        else:
            return None
    return mode


_HOP_LETTERS = {"hop": "p", "grass": "g"}
"""The XBetza letter of a hopping primitive's kind: the cannon's ``p``, the grasshopper's ``g``."""


def _leg_prefixes(atom: str, dirs: set[int], mode: str, hop: str) -> list[str] | None:
    """Modifier texts (one per XBetza move) for ``atom`` in directions ``dirs`` with ``mode`` and the hop letter
    ``hop`` (empty for a leap or ride): the shortest letters giving exactly ``dirs``, else one move per
    direction."""
    table = _letters_for(_class_of(atom), False)
    letters = table.get(frozenset(dirs))
    choices = [letters] if letters is not None else [table.get(frozenset({d})) for d in sorted(dirs)]
    if any(c is None for c in choices):
        return None
    initial = "i" if mode.startswith("i") else ""
    return [initial + (c or "") + mode.lstrip("i") + hop for c in choices]


def _twostep_text(pairs: set[tuple[int, int]], mode: str) -> str | None:
    """``a`` moves for checkatwostep terms given as (first K direction, relative turn) pairs."""
    by_first: dict[frozenset[int], set[int]] = {}
    rels: dict[int, set[int]] = {}
    for d1, rel in pairs:
        rels.setdefault(d1, set()).add(rel)
    for d1, turns in rels.items():
        by_first.setdefault(frozenset(turns), set()).add(d1)
    out: list[str] = []
    for rel_set, firsts in by_first.items():
        orthogonal = {d for d in firsts if d % 2 == 0}
        diagonal = firsts - orthogonal
        for atom, group in (("W", orthogonal), ("F", diagonal)):
            if not group:
                continue
            first = _letters_for(_class_of(atom), False).get(frozenset(group))
            second = _letters_for(AtomClass.KING, True).get(frozenset(rel_set))
            if first is None:
                return None
            if second is None:
                singles = [_letters_for(AtomClass.KING, True).get(frozenset({r})) for r in sorted(rel_set)]
                if any(s is None for s in singles):
                    return None
                out.extend(f"m{first}a{s}{mode}{atom}" for s in singles if s is not None)
            else:
                out.append(f"m{first}a{second}{mode}{atom}")
    return "".join(out)


def is_valid(text: str) -> bool:
    """True if ``text`` parses as XBetza."""
    try:
        betza.parse(text)
    except betza.BetzaError:
        return False
    return True
