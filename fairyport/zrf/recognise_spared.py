"""Recognise ZRF landing tests that spare pieces by kind, as the model's
:attr:`~fairyport.model.PieceType.cannot_capture` and :attr:`~fairyport.model.PieceType.cannot_capture_own`.

Shapes, on the landing square of a move :class:`~.recognise.BlockReader` reads once the test is plain:

- ``(verify not-friend?) (verify (not-piece? T)) ...``: no enemy ``T`` is captured (Janggi-like cannons);
- ``(verify (and not-friend? (or (piece? A) ...)))`` (capture only) and ``(verify (or empty? (and not-friend? (or
  (piece? A) ...))))``: only enemy ``A`` ... are captured (Non-Prise Chess);
- ``(if (piece? T) (verify not-friend?)) add``: any piece is captured, own pieces too, except an own ``T``
  (Caissa).

A type that can never be on the board (not in the setup, never added) is no restriction: ``(piece? T)`` of it is
false, ``(not-piece? T)`` true, wherever they stand (Caissa's Hole).
"""

from __future__ import annotations

import dataclasses

from fairyport.zrf.recognise import simplify
from fairyport.zrf.syntax.nodes import Plain


@dataclasses.dataclass(frozen=True)
class Spared:
    """A block with its landing test made plain (``items``) and the ZRF types its captures spare."""

    items: list[Plain]
    enemy: frozenset[str] = frozenset()
    own: frozenset[str] = frozenset()


def _kinds(test: Plain) -> frozenset[str] | None:
    """The types of ``(piece? A)`` or ``(or (piece? A) (piece? B) ...)``, else None."""
    parts = test[1:] if isinstance(test, tuple) and test[:1] == ("or",) else (test,)
    kinds = [p[1] for p in parts if isinstance(p, tuple) and len(p) == 2 and p[0] == "piece?" and isinstance(p[1], str)]
    return frozenset(kinds) if len(kinds) == len(parts) else None


def spared_kinds(block: list[Plain], present: frozenset[str]) -> Spared | None:
    """The block ``block`` (expanded instructions) with a landing test that spares kinds made plain, or None where
    it has none."""
    items = [simplify(i, present) for i in block]
    out: list[Plain] = []
    enemy: set[str] = set()
    own: set[str] = set()
    changed = items != block  # a test of a type never on the board taken out
    for i, item in enumerate(items):
        if isinstance(item, tuple) and item[:2] == ("while", "empty?"):
            # on the empty squares a slide passes, (not-piece? T) holds
            body = tuple(b for b in item[2:] if not _not_piece(b))
            changed |= len(body) != len(item) - 2
            out.append((*item[:2], *body))
            continue
        kind = _not_piece(item)
        if kind is not None and out and (out[-1] in (("verify", "not-friend?"), ("verify", "enemy?"))
                                         or _not_piece(out[-1]) is not None or out[-1] == "<spared>"):
            if kind in present:
                enemy.add(kind)
            out.append("<spared>")
            changed = True
            continue
        if isinstance(item, tuple) and len(item) == 2 and item[0] == "verify" and isinstance(item[1], tuple):
            test = item[1]
            capture = _capture_only(test)
            if capture is not None:
                enemy |= present - capture
                out.append(("verify", "enemy?"))
                changed = True
                continue
            if test[:2] == ("or", "empty?") and len(test) == 3:
                capture = _capture_only(test[2])
                if capture is not None:
                    enemy |= present - capture
                    out.append(("verify", "not-friend?"))
                    changed = True
                    continue
        if (isinstance(item, tuple) and len(item) == 3 and item[0] == "if" and item[2] == ("verify", "not-friend?")
                and i == len(items) - 2 and items[-1] == "add"):
            kinds = _kinds(item[1])
            if kinds is not None:
                own |= kinds & present
                changed = True
                continue
        out.append(item)
    if not changed:
        return None
    return Spared([i for i in out if i != "<spared>"], frozenset(enemy), frozenset(own))


def _not_piece(item: Plain) -> str | None:
    """T of ``(verify (not-piece? T))``, else None."""
    if isinstance(item, tuple) and len(item) == 2 and item[0] == "verify" and isinstance(item[1], tuple) \
            and len(item[1]) == 2 and item[1][0] == "not-piece?" and isinstance(item[1][1], str):
        return item[1][1]
    return None


def _capture_only(test: Plain) -> frozenset[str] | None:
    """The types of ``(and not-friend? (or (piece? A) ...))``: a capture of those types only; else None."""
    if isinstance(test, tuple) and len(test) == 3 and test[:2] == ("and", "not-friend?"):
        return _kinds(test[2])
    return None


__all__ = ["Spared", "spared_kinds"]
