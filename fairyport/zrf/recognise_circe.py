"""Recognise Circe rebirth in ZRF move blocks (Zillions' ``00.Circe.zrf``): the model's
:attr:`~fairyport.model.PieceType.rebirth`.

Every capturing block of that file tests, before its ``add``, which piece it takes and puts a new one of that type
back on the type's square if that square is empty, one item per type::

    (if (piece? Pawn-a2) mark a2 (if empty? (create White Pawn-a2)) back)

:func:`strip_rebirth` takes those items out of a block (the rest is read as any block) and returns them as a
table (type, square, player). :func:`rebirth_squares` accepts the tables of a game where the model's rule says
the same: every block that captures holds the same table, one square per type, and each type in it is only ever
of the player the table creates it for (set up, promoted to or created only for that player: the model's rule
keeps the captured piece's colour).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from fairyport.zrf.recognise import Found, named_types
from fairyport.zrf.syntax.nodes import Plain

Rebirth = tuple[str, str, str]
"""(piece type, square, player) of one rebirth item."""

CAPTURING = frozenset({"leap", "slide", "hop", "grasshop", "lame", "bent", "ep"})
"""The kinds of recognised moves that may take a piece."""


def rebirth_item(item: Plain) -> Rebirth | None:
    """The (type, square, player) of one ``(if (piece? T) mark SQ (if empty? (create P T)) back)`` item."""
    if not (isinstance(item, tuple) and len(item) == 6 and item[0] == "if" and item[2] == "mark"
            and item[5] == "back" and isinstance(item[3], str)):
        return None
    test, create = item[1], item[4]
    if not (isinstance(test, tuple) and len(test) == 2 and test[0] == "piece?" and isinstance(test[1], str)):
        return None
    kind = test[1]
    if not (isinstance(create, tuple) and len(create) == 3 and create[:2] == ("if", "empty?")
            and isinstance(create[2], tuple) and len(create[2]) == 3 and create[2][0] == "create"
            and create[2][2] == kind and isinstance(create[2][1], str)):
        return None
    player = create[2][1]
    return kind, item[3], player


def strip_rebirth(items: list[Plain]) -> tuple[list[Plain], frozenset[Rebirth]]:
    """``items`` without their rebirth items, and those items' table."""
    rest: list[Plain] = []
    table: set[Rebirth] = set()
    for item in items:
        found = rebirth_item(item)
        if found is None:
            rest.append(item)
        else:
            table.add(found)
    return rest, frozenset(table)


def rebirth_squares(blocks: Iterable[tuple[str, list[Plain], frozenset[Rebirth], list[Found] | None]],
                    owners: Mapping[str, set[str]], squares: frozenset[str],
                    players: Iterable[str]) -> dict[str, str] | None:
    """The rebirth square of each type, by type name, where the model's rule holds the game's rebirth items;
    None where the game has none or they are not the model's rule.

    ``blocks``: per move block, its piece's name, its items without rebirth items, its table and what the block
    reader found in it (None: not recognised); ``owners``: per type, the players who set it up; ``squares``: the
    board's squares; ``players``: the game's players."""
    tables: set[frozenset[Rebirth]] = set()
    pieces: list[tuple[str, list[Plain]]] = []
    bare_capture = False
    for piece, items, table, found in blocks:
        pieces.append((piece, items))
        if table:
            tables.add(table)
        elif found is not None and any(f.kind in CAPTURING and ("c" in f.modes or f.kind == "ep") for f in found):
            bare_capture = True
    if not tables:
        return None
    if len(tables) != 1 or bare_capture:
        return None
    table = next(iter(tables))
    kinds = [kind for kind, _, _ in table]
    if len(set(kinds)) != len(kinds) or any(square not in squares or player not in set(players)
                                            for _, square, player in table):
        return None
    # which players may own each type: the setup, then every type a block of a piece of theirs puts on the board
    own: dict[str, set[str]] = {kind: set(players) for kind, players in owners.items()}
    changed = True
    while changed:
        changed = False
        for piece, items in pieces:
            named: set[str] = set()
            for item in items:
                named_types(item, named)
            for kind in named:
                have = own.setdefault(kind, set())
                if not own.get(piece, set()) <= have:
                    have |= own.get(piece, set())
                    changed = True
    for kind, _, player in table:
        if own.get(kind, set()) - {player}:
            return None
    return {kind: square for kind, square, _ in table}
