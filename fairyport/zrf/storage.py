"""Pieces kept on storage positions and moved from there to any empty square: drops from hand in the model.

Dagaz's shogi files (``shogi.zrf``, ``annan-shogi.zrf``) keep pieces in hand on storage positions beside the
board and give each piece type the move block ::

    (verify (not-in-zone? board-zone)) a1 (while (on-board? nx) (if empty? add) nx) (verify empty?) add

A piece standing off the zone (on storage) goes to ``a1`` and walks a direction that visits every square of the
zone once, adding a move to each empty one: a drop anywhere. :func:`storage_drops` finds such a game where the
model holds it exactly: the board is the zone's squares (the storage positions are left out), a piece set up on
storage is a piece in its owner's hand, and the block is the type's drop (:class:`~fairyport.model.DropRule`
anywhere, also where the piece could not move again: ZRF has no such rule). Captured pieces vanish, as in ZRF
(the model's ``captures_to_hand`` stays off). It holds exactly where

- every such block tests the same zone, whose squares are the same for both players, and its walk (along each
  player's own direction) visits exactly those squares, each once;
- no direction the other move blocks name links a square of the zone to a position off it (nothing moves onto
  storage, so pieces there are only those set up there);
- a type set up on storage has such a block, has no other move that could start off the zone (each of its other
  blocks begins with ``(verify (in-zone? Z))``, Z inside the zone), is not royal, and stands there at most once per
  player: ZRF moves each stored piece on its own, so two of a type would give every drop twice;
- the game has no ZRF ``drops`` and no pieces ``off`` the board, and the block has no move type that the turn order
  or move priorities select.

Elsewhere the reader reads the game as it stands: the block stays ZRF code, and :attr:`StorageDrops.why` says
which condition fails. A game that keeps any other code is read without this (the model's drops only in a game read
whole; see :data:`STORAGE_KEPT_WHY`).
"""

from __future__ import annotations

import dataclasses

from fairyport.zrf.recognise import atoms
from fairyport.zrf.syntax.nodes import Plain
from fairyport.zrf.typed.geometry import Geometry
from fairyport.zrf.typed.tree import ZrfGame

STORAGE_WHY = "a drop from storage (a piece kept on a position off the board moves to any empty square)"
"""How a storage drop block is named where it stays ZRF code (the reason follows)."""

STORAGE_KEPT_WHY = f"{STORAGE_WHY}, which the model holds as a drop from hand only in a game it reads whole"
"""Why a storage drop block stays ZRF code in a game that keeps other code (that code's reason follows)."""


@dataclasses.dataclass(frozen=True)
class StorageDrops:
    """A game's drops from storage: the board without storage, the drop blocks and the pieces set up on storage."""

    geometry: Geometry
    """The board's geometry with only the zone's squares (links and zones between them)."""
    blocks: frozenset[int]
    """The identities of the storage drop blocks (:class:`~fairyport.zrf.typed.tree.MoveBlock`)."""
    types: frozenset[str]
    """The piece types that have such a block."""
    stored: dict[str, tuple[str, str]]
    """Storage position -> (player, piece type) of the pieces set up there."""
    why: str = ""
    """Why the model cannot hold these drops exactly (empty where it can)."""


def storage_drops(tree: ZrfGame, geometry: Geometry, players: tuple[str, ...], royal: set[str],
                  typed: bool) -> StorageDrops | None:
    """The drops from storage of ``tree`` (see the module); None where it has no such block. Where the model
    cannot hold them exactly, :attr:`StorageDrops.why` says why (in model terms) and the geometry is unchanged.
    ``royal``: the royal types; ``typed``: whether move types matter (turn order or move priorities)."""
    blocks: set[int] = set()
    types: set[str] = set()
    walks: list[tuple[str, str, str]] = []
    typed_blocks = False
    for zp in tree.pieces:
        for block in zp.moves:
            walk = _walk(list(block.plain))
            if walk is not None:
                blocks.add(id(block))
                types.add(zp.name.text)
                walks.append(walk)
                typed_blocks |= typed and block.move_type is not None
    if not walks:
        return None
    found = StorageDrops(geometry, frozenset(blocks), frozenset(types), {})
    why = _unheld(tree, geometry, players, royal, walks, blocks, types)
    if typed_blocks:
        why = "of a move type the turn order or move priorities select (the model's drops have none)"
    if why:
        return dataclasses.replace(found, why=f"{STORAGE_WHY}, {why}")
    board = frozenset(geometry.zone(walks[0][0], players[0]))
    stored = {ref.text: (part.player.text, entry.piece.text) for part in tree.setup for entry in part.entries
              for ref in entry.positions if ref.text not in board}
    return dataclasses.replace(found, geometry=board_only(geometry, board), stored=stored)


def board_only(geometry: Geometry, board: frozenset[str]) -> Geometry:
    """``geometry`` with only the positions of ``board`` (storage left out): its links and zones between them."""
    return Geometry({n: p for n, p in geometry.positions.items() if n in board},
                    {d: {a: b for a, b in table.items() if a in board and b in board}
                     for d, table in geometry.links.items()},
                    dict(geometry.opposites), geometry.symmetries,
                    {z: {player: [s for s in squares if s in board] for player, squares in per.items()}
                     for z, per in geometry.zones.items()})


def _unheld(tree: ZrfGame, geometry: Geometry, players: tuple[str, ...], royal: set[str],
            walks: list[tuple[str, str, str]], blocks: set[int], types: set[str]) -> str:
    """Why the model cannot hold the game's drops from storage exactly (see the module), or empty."""
    if any(zp.drops for zp in tree.pieces) or any(e.off for part in tree.setup for e in part.entries):
        return "in a game that also keeps pieces off the board or drops them (the model has one hand)"
    zones = {zone for zone, _, _ in walks}
    if len(zones) > 1:
        return f"from outside several zones ({', '.join(sorted(zones))}): the model has one board"
    (zone,) = zones
    squares = {frozenset(geometry.zone(zone, player)) for player in players}
    if len(squares) != 1:
        return f"from outside the zone {zone!r}, which differs between the players: the model has one board"
    board = next(iter(squares))
    for walk in walks:
        for player in players:
            if not _visits(geometry, walk, player):
                return (f"along {walk[2]!r} from {walk[1]!r}, which for {player} does not visit every square of "
                        f"{zone!r} once: a drop the model holds goes to any empty square")
    for d in sorted(_directions(tree, geometry, blocks, players)):
        out = next(((a, b) for a, b in geometry.links[d].items() if a in board and b not in board), None)
        if out is not None:
            return (f"in a game whose moves along {d!r} lead off {zone!r} onto storage (from {out[0]!r} to "
                    f"{out[1]!r}): the model's hand is filled only by the setup here")
    stored = [(part.player.text, entry.piece.text, ref.text) for part in tree.setup for entry in part.entries
              for ref in entry.positions if ref.text not in board]
    pieces = {p.name.text: p for p in tree.pieces}
    for player, kind, where in stored:
        if sum(1 for p, k, _ in stored if (p, k) == (player, kind)) > 1:
            return (f"with several pieces of one type on storage ({player}'s {kind}): ZRF moves each on its own, "
                    "the model drops one of a type from hand")
        if kind in royal:
            return f"of a royal piece ({kind} on {where!r}): the model keeps royal pieces on the board"
        if kind not in types or kind not in pieces:
            return f"where {kind} stands on storage ({where!r}) without a drop from there"
        if not all(id(b) in blocks or _starts_inside(b.plain, geometry, board, players)
                   for b in pieces[kind].moves):
            return (f"where {kind} stands on storage ({where!r}) and has moves that do not begin with (verify "
                    f"(in-zone? ...)) inside {zone!r}: it could move there otherwise than by the drop")
    return ""


def _walk(items: list[Plain]) -> tuple[str, str, str] | None:
    """(zone, start position, direction) of a storage drop block's items, or None for any other block."""
    if len(items) != 5:
        return None
    test, start, loop, last, add = items
    if not (isinstance(test, tuple) and len(test) == 2 and test[0] == "verify" and isinstance(test[1], tuple)
            and len(test[1]) == 2 and test[1][0] == "not-in-zone?" and isinstance(test[1][1], str)):
        return None
    if not (isinstance(start, str) and isinstance(loop, tuple) and len(loop) == 4 and loop[0] == "while"
            and isinstance(loop[3], str) and loop[1] == ("on-board?", loop[3]) and loop[2] == ("if", "empty?", "add")
            and last == ("verify", "empty?") and add == "add"):
        return None
    return test[1][1], start, loop[3]


def _visits(geometry: Geometry, walk: tuple[str, str, str], player: str) -> bool:
    """Whether the walk from the start position along ``player``'s direction visits exactly the zone's squares
    for ``player``, each once (the start is a position of the board)."""
    zone, start, direction = walk
    if start not in geometry.positions:
        return False
    seen = [start]
    while (step := geometry.step(seen[-1], direction, player)) is not None:
        if step in seen:
            return False
        seen.append(step)
    return sorted(seen) == sorted(set(geometry.zone(zone, player)))


def _directions(tree: ZrfGame, geometry: Geometry, drops: set[int], players: tuple[str, ...]) -> set[str]:
    """The directions the game's other move blocks name, as each player steps them."""
    found = set().union(*(atoms(block.plain) for zp in tree.pieces for block in zp.moves
                          if id(block) not in drops))
    named = {a for a in found if a in geometry.links}
    return named | {geometry.symmetries.get(p, {}).get(d, d) for p in players for d in named} & set(geometry.links)


def _starts_inside(block: Plain, geometry: Geometry, board: frozenset[str], players: tuple[str, ...]) -> bool:
    """Whether a move block begins by verifying that the piece stands in a zone inside ``board`` (so it never
    moves from storage)."""
    if not isinstance(block, tuple) or not block:
        return False
    test = block[0]
    return (isinstance(test, tuple) and len(test) == 2 and test[0] == "verify" and isinstance(test[1], tuple)
            and len(test[1]) == 2 and test[1][0] == "in-zone?" and isinstance(test[1][1], str)
            and test[1][1] in geometry.zones
            and all(set(geometry.zone(test[1][1], p)) <= board for p in players))
