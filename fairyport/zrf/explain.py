"""Why a ZRF move block has no place in the common model, said in model terms.

:func:`why_not` names the first construct of an (expanded) block that the model cannot hold (or says that no
recognised shape covers its steps), what it means in model terms, and where it is written (``file:line:column``,
the file without its folder: the block's own location, on its :class:`~fairyport.model.KeptCode`, is complete).
The reader puts the text on the block's ``KeptCode.why``, and every refusal that names the block repeats it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from pathlib import PurePath

from fairyport.zrf.syntax.nodes import Atom, Node, SList, to_text

CONSTRUCTS: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset({"cascade"}), "a move of two pieces at once other than the royal piece's castling"),
    (frozenset({"capture"}), "a capture that removes a piece it does not land on"),
    (frozenset({"set-attribute"}), "a move that sets a piece attribute another move depends on"),
    (frozenset({"create", "change-type", "flip", "change-owner", "add-copy", "add-copy-partial"}),
     "a move that puts, changes or leaves pieces on squares other than its landing square"),
    (frozenset({"add-partial"}), "a move that goes on with a further move of the same piece (partial move)"),
    (frozenset({"attacked?", "not-attacked?", "defended?", "not-defended?"}),
     "a move that depends on which squares are attacked"),
    (frozenset({"last-from?", "last-to?", "not-last-from?", "not-last-to?"}),
     "a move that depends on the previous move, other than the en-passant capture"),
    (frozenset({"mark", "back", "from", "to"}), "a move that jumps back to a marked square (mark/back, from/to)"),
    (frozenset({"position?", "not-position?", "on-board?", "not-on-board?", "position-flag?", "set-flag",
                "set-position-flag", "flag?", "not-flag?"}),
     "a move that depends on named positions or flags"),
    (frozenset({"in-zone?", "not-in-zone?"}), "a move that depends on a zone in a way the model cannot hold"),
    (frozenset({"piece?", "not-piece?", "neutral?", "adjacent-to-enemy?"}),
     "a move that depends on which kind of piece stands on a square"),
)
"""Constructs, in the order they are looked for, and what they mean in model terms. The first found names the
reason; a block holding none of them has a step order no recognised shape covers."""


def atoms(node: Node) -> Iterator[Atom]:
    """Every atom of ``node``, in text order (walked with a stack of its own: nested generators would cost each
    atom the depth it stands at, and a macro expansion can nest thousands deep)."""
    stack: list[Node] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Atom):
            yield item
        elif isinstance(item, SList):
            stack.extend(reversed(item.items))


def place(node: Node) -> str:
    """Where ``node`` is written, short: ``name.zrf:line:column`` (the file's name without its folder; for a
    construct written in a macro, the place in the macro text)."""
    where = node.location
    return str(dataclasses.replace(where, file=PurePath(where.file).name if where.file else None))


def why_not(block: SList, attributes: frozenset[str] = frozenset(), drop: bool = False,
            move_type: str = "", linked: Mapping[str, str] | None = None) -> str:
    """Why ``block`` (a move block, expanded) is not read into the model: the reason in model terms, the
    construct and where it stands. ``attributes`` are the game's piece attribute names (a test of one is a move
    that depends on an attribute); ``drop``: the block is a drop (one the reader did not read: its first
    construct the model's drops lack); ``move_type``: the move type it stands under; ``linked``: the board's
    directions that are no constant step between squares of a rectangle, each with why
    (:func:`fairyport.zrf.rectangle.direction_reasons`; a step along one is the reason, before any other
    construct)."""
    if move_type:
        return f"a move of the move type {move_type!r}, which the turn order or move priorities select: the " \
            "model has no move types"
    found = list(atoms(block))
    if drop:
        for names, meaning in CONSTRUCTS:
            for atom in found:
                if atom.text in names:
                    return f"a drop that {meaning.removeprefix('a move that ')}: {atom.text} at {place(atom)}" \
                        if meaning.startswith("a move that ") else f"a drop: {meaning}: {atom.text} at {place(atom)}"
        first = block.items[0] if block.items else block
        return ("a drop other than to an empty square (anywhere, or in or outside a zone): "
                f"{to_text(first)[:40]} at {place(first)}")
    for atom in found:
        if linked and atom.text in linked:
            return f"a step along the direction {atom.text!r}, {linked[atom.text]}: {atom.text} at {place(atom)}"
    for names, meaning in CONSTRUCTS:
        for atom in found:
            if atom.text in names:
                return f"{meaning}: {atom.text} at {place(atom)}"
        if "set-attribute" in names:
            for atom in found:
                if atom.text in attributes:
                    return f"a move that depends on an attribute set by another move: {atom.text} at {place(atom)}"
    first = block.items[0] if block.items else block
    return f"a sequence of steps no XBetza shape covers: {to_text(first)[:40]} at {place(first)}"
