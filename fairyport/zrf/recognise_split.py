"""ZRF move blocks of a piece that splits when it moves (:class:`~fairyport.model.Split`).

Dagaz's Short Assize gives its PQ (a Pawn carrying a Queen) the blocks ``((create Queen) n (verify empty?) (add
Pawn))`` and ``((create Queen) nw (verify enemy?) (add Pawn))``: ``create`` before the first step puts a Queen on
the square the PQ starts from (the interpreter places it after lifting the mover), and ``(add Pawn)`` lands the PQ
as a Pawn. :func:`split_blocks` finds the piece types all of whose move blocks have that form with the same two
types, and gives each block without them (``create`` left out, ``(add Pawn)`` as ``add``) for the block reader:
where every such block reads as XBetza, the piece type is those moves with the :class:`Split`.
"""

from __future__ import annotations

from collections.abc import Sequence

from fairyport.model import Split
from fairyport.zrf.syntax.nodes import Plain
from fairyport.zrf.typed.tree import Piece as ZrfPiece

SPLIT_WHY = ("a move that leaves a piece behind on its square (create) and lands as another type, of a piece "
             "whose other moves do not fit the model: the model's split piece needs every move to")
"""Why a split piece's blocks stay ZRF code where some of them do not read as XBetza."""


CHANGES = frozenset({"create", "change-type", "change-owner", "flip", "go", "capture", "cascade", "add-partial",
                     "add-copy", "add-copy-partial", "set-attribute", "from", "to"})
"""Instructions that put, change or move pieces other than as one move of the mover: not in a split block."""


def _changes(item: Plain) -> bool:
    """Whether ``item`` is, or holds, one of :data:`CHANGES`."""
    if isinstance(item, str):
        return item in CHANGES
    return any(_changes(part) for part in item)


def _split_block(items: Sequence[Plain], notation: dict[str, str]) -> tuple[str, str, list[Plain]] | None:
    """(type left, type landed as, the block without them) for ``((create T) ... (add U))``, else None."""
    if len(items) < 3 or not (isinstance(items[0], tuple) and len(items[0]) == 2 and items[0][0] == "create"
                              and isinstance(items[0][1], str) and items[0][1] in notation):
        return None
    left = items[0][1]
    rest = list(items[1:])
    adds = [i for i, item in enumerate(rest) if item == "add" or (isinstance(item, tuple) and item[:1] == ("add",))]
    if len(adds) != 1 or adds[0] != len(rest) - 1:
        return None
    last = rest[-1]
    if not (isinstance(last, tuple) and len(last) == 2 and isinstance(last[1], str) and last[1] in notation):
        return None
    if any(_changes(item) for item in rest[:-1]):
        return None
    return left, last[1], [*rest[:-1], "add"]


SplitBlocks = dict[str, tuple[Split, dict[int, list[Plain]]]]
"""ZRF piece name -> (its split, block identity -> the block as the block reader reads it)."""


def split_blocks(pieces: Sequence[ZrfPiece], notation: dict[str, str]) -> SplitBlocks:
    """Per ZRF piece name whose every move block splits the piece alike (the same two types): the model's
    :class:`Split` (by model ids) and each block (by identity) as the block reader should read it."""
    found: SplitBlocks = {}
    for zp in pieces:
        if not zp.moves or zp.drops:
            continue
        kinds: set[tuple[str, str]] = set()
        blocks: dict[int, list[Plain]] = {}
        for block in zp.moves:
            got = _split_block(list(block.plain), notation)
            if got is None:
                break
            kinds.add(got[:2])
            blocks[id(block)] = got[2]
        else:
            if len(kinds) == 1:
                left, moved = kinds.pop()
                found[zp.name.text] = (Split(notation[left], notation[moved]), blocks)
    return found


__all__ = ["SPLIT_WHY", "SplitBlocks", "split_blocks"]
