"""Recognise expanded ZRF move blocks that join a friendly piece or split a combined one (Transport Chess), as the
model's :class:`~fairyport.model.Join` and :class:`~fairyport.model.Unload`.

Shapes (``d`` a direction, ``MOVE`` a shape :class:`~.recognise.BlockReader` reads):

- join: ``MOVE`` ending ``(verify friend?) (verify (piece? P)) (add R)``: the moves whose landing is a friendly
  ``P`` make the mover and ``P`` one ``R`` (the ``add`` of a slide's empty squares are the piece's own moves);
- split: ``MOVE`` whose every ``add`` is ``mark (go from) (create L) [(set-attribute A false)] back (add B)`` or
  ``... back (if (in-zone? Z) (add T ...) else (add B))``: the piece moves as ``B`` (promoting in ``Z``) and leaves
  an ``L`` on its start square. ``create`` and ``add`` give a piece its type's initial attributes
  (:data:`~fairyport.zrf.interpreter.constants.PROMOTION_TAKES_NEW_ATTRIBUTES`), unless the ``set-attribute``
  clears them on the created piece: the arriving or left piece counts as unmoved where its type has an attribute
  that starts true.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TypeVar

from fairyport.model import Join, Unload
from fairyport.zrf.recognise import BlockReader, Found, Landing
from fairyport.zrf.syntax.nodes import Plain

B = TypeVar("B")


@dataclasses.dataclass(frozen=True)
class TransportBlock:
    """A recognised join or split block: the moves it makes (``moves``), the piece's own moves it also makes
    (``own``: a slide's empty squares before a join) and the types it names."""

    moves: list[Found]
    own: list[Found]
    partner: str = ""
    """Join: the ZRF name of the friendly type joined."""
    result: str = ""
    """Join: the ZRF name of the type the two become."""
    leaves: str = ""
    """Split: the ZRF name of the type left on the start square."""
    becomes: str = ""
    """Split: the ZRF name of the type that arrives."""
    leaves_reset: bool = False
    """Split: the left piece's attributes are cleared (``set-attribute A false``)."""

    def key(self) -> tuple[str, ...]:
        """What blocks of one join or one split share: the types named (and the reset)."""
        return (self.partner, self.result, self.leaves, self.becomes, str(self.leaves_reset))


def read_transport(items: list[Plain], reader: BlockReader) -> TransportBlock | None:
    """The join or split of a block (its expanded instructions ``items``), or None if it is neither."""
    return _join(items, reader) or _split(items, reader)


def _join(items: list[Plain], reader: BlockReader) -> TransportBlock | None:
    if len(items) < 4 or items[-3] != ("verify", "friend?"):
        return None
    test, add = items[-2], items[-1]
    if not (isinstance(test, tuple) and len(test) == 2 and test[0] == "verify" and isinstance(test[1], tuple)
            and len(test[1]) == 2 and test[1][0] == "piece?" and isinstance(test[1][1], str)):
        return None
    if not (isinstance(add, tuple) and len(add) == 2 and add[0] == "add" and isinstance(add[1], str)):
        return None
    found = reader.read([*items[:-2], "add"])
    if not found or any(f.kind not in ("leap", "slide", "lame", "bent") or f.landing.promotion is not None
                        or f.initial or "d" not in f.modes for f in found):
        return None
    own = [dataclasses.replace(f, modes=f.modes.replace("d", "")) for f in found if f.modes != "d"]
    moves = [dataclasses.replace(f, modes="d") for f in found]
    return TransportBlock(moves, own, partner=test[1][1], result=add[1])


def _split(items: list[Plain], reader: BlockReader) -> TransportBlock | None:
    seen: set[tuple[str, bool]] = set()
    becomes: set[str] = set()
    rewritten = _unload(items, seen, becomes)
    if rewritten is None or len(seen) != 1 or len(becomes) != 1:
        return None
    found = reader.read(rewritten)
    if not found or any(f.kind not in ("leap", "slide", "lame", "bent") or f.initial or "d" in f.modes
                        or f.landing.confined is not None for f in found):
        return None
    if len({f.landing for f in found}) != 1:
        return None
    (leaves, reset), = seen
    return TransportBlock(found, [], leaves=leaves, becomes=becomes.pop(), leaves_reset=reset)


def _unload(items: list[Plain] | tuple[Plain, ...], seen: set[tuple[str, bool]],
            becomes: set[str]) -> list[Plain] | None:
    """``items`` with each ``mark (go from) (create L) [(set-attribute A false)] back ADD`` written as the ADD of
    the moving piece (``add``), ``L`` and the reset noted in ``seen`` and ADD's type in ``becomes``; None where
    another ``create``, ``mark`` or typed ``add`` stays."""
    out: list[Plain] = []
    i = 0
    while i < len(items):
        item = items[i]
        if item == "mark":
            head = list(items[i:i + 6])
            reset = len(head) > 4 and isinstance(head[3], tuple) and head[3][:1] == ("set-attribute",) \
                and len(head[3]) == 3 and head[3][2] == "false"
            size = 5 if reset else 4
            if not (len(head) > size and head[1] == ("go", "from") and isinstance(head[2], tuple)
                    and len(head[2]) == 2 and head[2][0] == "create" and isinstance(head[2][1], str)
                    and head[size - 1] == "back"):
                return None
            seen.add((head[2][1], reset))
            landing = _landing(head[size], becomes)
            if landing is None:
                return None
            out.append(landing)
            i += size + 1
            continue
        if isinstance(item, tuple) and item[:1] == ("while",):
            inner = _unload(item[2:], seen, becomes)
            if inner is None:
                return None
            out.append((item[0], item[1], *inner))
        elif "create" in str(item) or "mark" in str(item) or (isinstance(item, tuple) and item[:1] == ("add",)):
            return None
        else:
            out.append(item)
        i += 1
    return out


def _landing(item: Plain, becomes: set[str]) -> Plain | None:
    """The moving piece's ``add`` for a split's ``(add B)`` or ``(if (in-zone? Z) (add T ...) else (add B))``."""
    if isinstance(item, tuple) and len(item) == 2 and item[0] == "add" and isinstance(item[1], str):
        becomes.add(item[1])
        return "add"
    if (isinstance(item, tuple) and len(item) == 5 and item[0] == "if" and item[3] == "else"
            and isinstance(item[4], tuple) and len(item[4]) == 2 and item[4][0] == "add"
            and isinstance(item[4][1], str)):
        becomes.add(item[4][1])
        return (*item[:4], "add")
    return None




def castle_partner(items: list[Plain], reader: BlockReader) -> tuple[int, int, tuple[str, ...]] | None:
    """(direction along the rank, distance, ZRF types) of the partner an official castling block
    (``(verify never-moved?) d ... cascade d ... (verify (and friend? (piece? T) never-moved?))``, the type test
    also ``(or (piece? T1) (piece? T2) ...)`` as in ZoG's Circe) tests, or None:
    the model's own castling takes the outermost piece, the same where only the setup's pieces are unmoved, but
    not where a split, a rebirth or a virgin move makes an unmoved king or rook elsewhere."""
    steps = 0
    for item in items:
        if reader.is_dir(item):
            steps += 1
        elif isinstance(item, tuple) and len(item) == 2 and item[0] == "verify" and isinstance(item[1], tuple) \
                and item[1][:2] == ("and", "friend?"):
            tests = item[1][2:]
            kinds = [kind for t in tests if (kind := _tested_types(t)) is not None]
            if len(kinds) == 1 and len(tests) == 2 and "never-moved?" in tests:
                direction = next(reader.vectors[str(i)] for i in items if reader.is_dir(i))
                return direction[0], steps, kinds[0]
            return None
    return None


def _tested_types(test: Plain) -> tuple[str, ...] | None:
    """The types ``(piece? T)`` or ``(or (piece? T1) (piece? T2) ...)`` tests, or None for any other test."""
    if isinstance(test, tuple) and len(test) == 2 and test[0] == "piece?" and isinstance(test[1], str):
        return (test[1],)
    if isinstance(test, tuple) and len(test) > 1 and test[0] == "or":
        parts = [_tested_types(t) for t in test[1:]]
        if all(p is not None and len(p) == 1 for p in parts):
            return tuple(p[0] for p in parts if p is not None)
    return None


def carried_moves(blocks: Sequence[tuple[B, TransportBlock]], notation: dict[str, str], unmoved: frozenset[str],
                  write: Callable[[list[Found]], str]) -> tuple[tuple[Join, ...], tuple[Unload, ...],
                                                                list[tuple[Unload, Landing, B]]]:
    """The joins and splits of a piece's recognised blocks (``notation``: ZRF name -> id; ``unmoved``: the ZRF
    types whose pieces start with an attribute set; ``write``: XBetza of recognised moves), with each split's
    landing and block (its promotion is checked once every type is read)."""
    joins: list[Join] = []
    unloads: list[Unload] = []
    landed: list[tuple[Unload, Landing, B]] = []
    groups: dict[tuple[str, ...], list[tuple[B, TransportBlock]]] = {}
    for block, moved in blocks:  # the blocks of one join or split, by landing: one model move
        groups.setdefault((*moved.key(), repr(moved.moves[0].landing)), []).append((block, moved))
    for group in groups.values():
        moved = group[0][1]
        found = [dataclasses.replace(f, landing=Landing()) for _, t in group for f in t.moves]
        if moved.partner:
            joins.append(Join(write(found), notation[moved.partner], notation[moved.result]))
            continue
        split = Unload(write(found), notation[moved.leaves], notation[moved.becomes], virgin=moved.becomes in unmoved,
                      leaves_virgin=moved.leaves in unmoved and not moved.leaves_reset)
        unloads.append(split)
        landed.extend((split, t.moves[0].landing, block) for block, t in group)
    return tuple(joins), tuple(unloads), landed


__all__ = ["TransportBlock", "carried_moves", "castle_partner", "read_transport"]
