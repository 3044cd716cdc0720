"""Captures into the capturer's hand, demoted, and drops from it, as the ZoG shogi files write them.

Zillions cannot put a captured piece into the capturer's off-board stock, so the ZoG shogi files
(``SimpleShogi.zrf``, ``RocketShogi.zrf``, ``TreasureShogi.zrf``...) keep each player's hand on storage positions
beside the board (zone ``hand-zone``) and end every move block on the board (zone ``board-zone``) with ::

    (verify not-friend?) (set-flag is-silver? (piece? SilverP)) ...
    (if empty? add
     else cascade START to-hand (while (and (on-board? in-hand) not-empty?) in-hand) (verify empty?)
          (if (flag? is-silver?) (change-type Silver)) ... flip add)

a capture that moves the captured piece to the first empty position of the capturer's storage chain, changed back
to the type it promoted from (the flags remember what it was) and made the capturer's. A piece that may promote has
each block twice: as above, and as a twin that sets a flag where it starts or lands in ``promotion-zone`` and then
lands with ``(add T)`` (``(change-type T)`` before the cascade on a capture). A piece in hand has a drop block that
starts ``(verify (in-zone? hand-zone)) START next`` and walks every board square, adding where it is empty (and,
for knights and lances, outside the ranks where it could not move again).

That is the model's shogi: :attr:`~fairyport.model.Rules.captures_to_hand` with demotion, an optional promotion on
moves that start or end in the zone (:data:`~fairyport.model.SHOGI_TRIGGERS`), and drops. :func:`shogi_hands` finds
it where the model holds it exactly:

- every move block of every piece ends with that capture to hand (the same chain, flags and demotions), begins by
  testing that the piece stands on the board zone, and no direction such a block steps leads off the board zone to
  a position that is not removed;
- each player's chain (from the dummy along ``to-hand`` as the player steps it, then ``in-hand``) is positions of
  the hand zone, at least as many as the game has pieces that are not royal (so it never fills);
- a promoting twin is its plain block with the flag, and every block of a promoting type has one, all to the same
  type in the same zone; a slide's twin promotes once it has passed the zone, which is the model's rule where the
  zone, once entered along the slide's direction, is never left;
- the demotions undo exactly the promotions, and no promoted type is set up;
- every type that can come into hand (the types that are not royal and not promoted) has one drop block, which walks
  every square of the board zone once; the squares where it may land are checked against the model's drops by the
  reader (:func:`fairyport.zrf.read.game_from_variant`), as they depend on the moves it reads;
- the setup stores at most one piece of a type per player (ZRF moves each stored piece on its own: two of a type
  would give each drop twice), no royal piece, and the game has no ZRF ``drops``, no pieces ``off`` the board, and
  no move types that turns or priorities select.

One difference stays, named in docs/zrf.md: where a hand comes to hold two pieces of one type by captures, the ZRF
file drops each of them on its own (two moves to a square), the model drops one of a type (one move).

Elsewhere :attr:`ShogiHands.why` says which condition fails, in model terms, and the game is read as it stands.
"""

from __future__ import annotations

import dataclasses

from fairyport.model import SHOGI_TRIGGERS, DropRule, Game, Promotion, PromotionChoice
from fairyport.movegen.compile import compile_game
from fairyport.zrf.recognise import atoms
from fairyport.zrf.storage import board_only
from fairyport.zrf.syntax.nodes import Plain
from fairyport.zrf.typed.geometry import Geometry
from fairyport.zrf.typed.tree import MoveBlock, ZrfGame

SHOGI_HANDS_WHY = "a capture into the capturer's hand on storage positions, demoted by flags (ZoG's shogi)"
"""How the idiom's blocks are named where they stay ZRF code (the reason follows)."""

SHOGI_KEPT_WHY = f"{SHOGI_HANDS_WHY}, which the model holds as captures to hand only in a game it reads whole"
"""Why the idiom's blocks stay ZRF code in a game that keeps other code (that code's reason follows)."""


@dataclasses.dataclass(frozen=True)
class ShogiHands:
    """A game's captures to hand and drops from it (see the module), as the reader uses them."""

    geometry: Geometry
    """The board's geometry with only the board zone's squares."""
    items: dict[int, list[Plain]]
    """Block identity -> the items the block reader reads in its place (the capture to hand as a plain landing)."""
    skipped: frozenset[int]
    """The promoting twins and drop blocks (their meaning goes to the piece's promotion and drop rule)."""
    promotions: dict[str, tuple[str, str]]
    """Piece type -> (the type it promotes to, the promotion zone)."""
    drops: dict[str, dict[str, frozenset[str]]]
    """Piece type -> player -> the squares (ZRF names) it may be dropped on when they are empty."""
    stored: dict[str, tuple[str, str]]
    """Storage position -> (player, piece type) of the pieces set up in hand."""
    blocks: frozenset[int]
    """Every block of the idiom (captures, twins, drops)."""
    why: str = ""
    """Why the model cannot hold the game's hands exactly (empty where it can)."""


@dataclasses.dataclass(frozen=True)
class _End:
    """A block's capture-to-hand ending: the items before it, the type it promotes to, the storage walk."""

    body: tuple[Plain, ...]
    promote: str | None
    walk: tuple[str, str, str]
    """(dummy start, first direction, chain direction)."""
    demotions: tuple[tuple[str, str], ...]
    """(captured type, the type it goes to hand as), in the file's order."""


def shogi_hands(tree: ZrfGame, geometry: Geometry, players: tuple[str, ...], royal: set[str],
                typed: bool) -> ShogiHands | None:
    """The game's captures to hand and drops (see the module); None where it has no such ending. Where the model
    cannot hold them exactly, :attr:`ShogiHands.why` says why and the geometry is unchanged.
    ``royal``: the royal types; ``typed``: whether move types matter (turn order or move priorities)."""
    ends: dict[int, _End] = {}
    for zp in tree.pieces:
        for block in zp.moves:
            end = _end(list(block.plain))
            if end is not None:
                ends[id(block)] = end
    if not ends:
        return _bounded_hands(tree, geometry, players)
    boards = {_on_zone(e.body) for e in ends.values()}
    drops = {id(b) for zp in tree.pieces for b in zp.moves if id(b) not in ends
             and _hand_test(list(b.plain)) not in (None, *boards)}
    found = ShogiHands(geometry, {}, frozenset(), {}, {}, {}, frozenset(ends) | frozenset(drops))
    try:
        return _read(tree, geometry, players, royal, typed, ends)
    except _Unheld as error:
        return dataclasses.replace(found, why=f"{SHOGI_HANDS_WHY}, {error}")


def _bounded_hands(tree: ZrfGame, geometry: Geometry, players: tuple[str, ...]) -> ShogiHands | None:
    """Captures sent into a hand that ends at a position (``cascade S D (while (and (not-position? E) not-empty?)
    D) (verify (not-position? E)) ...``: ZoG's Doubutsu Shogi with check and mate, a hand of at most four), which
    the model cannot hold: its hands never fill. None where the game has no such capture."""
    chains = {id(b): found for zp in tree.pieces for b in zp.moves
              if (found := _bounded(b.plain)) is not None}
    if not chains:
        return None
    start, first, chain, end = next(iter(chains.values()))
    sizes = []
    for player in players:
        square, size = geometry.step(start, first, player), 0
        while square is not None and square != end and size <= len(geometry.positions):
            size += 1
            square = geometry.step(square, chain, player)
        sizes.append(size)
    boards = {_on_zone(b.plain) for zp in tree.pieces for b in zp.moves
              if id(b) in chains}
    drops = {id(b) for zp in tree.pieces for b in zp.moves if id(b) not in chains
             and (_off_board_test(items := list(b.plain))
                  or _hand_test(items) not in (None, *boards))}
    most = "/".join(str(n) for n in sorted(set(sizes)))
    return ShogiHands(geometry, {}, frozenset(), {}, {}, {}, frozenset(chains) | frozenset(drops),
                      why=f"{SHOGI_HANDS_WHY}, with a hand of at most {most} pieces (the chain from {start!r} "
                          f"ends at {end!r}): a full hand makes captures illegal, and the model's hands never fill")


def _bounded(item: Plain) -> tuple[str, str, str, str] | None:
    """(start, first direction, chain direction, end) of a capture sent along a chain that ends at a position,
    anywhere in ``item``."""
    if isinstance(item, str):
        return None
    for index in range(len(item) - 4):
        cascade, start, direction, loop, verify = item[index:index + 5]
        if cascade == "cascade" and isinstance(start, str) and isinstance(direction, str) \
                and isinstance(loop, tuple) and len(loop) == 3 and loop[0] == "while" and isinstance(loop[2], str) \
                and isinstance(loop[1], tuple) and len(loop[1]) == 3 and loop[1][0] == "and" \
                and loop[1][2] == "not-empty?" and isinstance(loop[1][1], tuple) \
                and loop[1][1][:1] == ("not-position?",) and verify == ("verify", loop[1][1]):
            return start, direction, loop[2], str(loop[1][1][1])
    return next((found for i in item if (found := _bounded(i)) is not None), None)


def _off_board_test(items: list[Plain]) -> bool:
    """Whether a block begins by testing that the piece stands off a zone (a drop from storage)."""
    first = items[0] if items else None
    return isinstance(first, tuple) and len(first) == 2 and first[0] == "verify" and isinstance(first[1], tuple) \
        and (first[1][:1] == ("not-in-zone?",) or (first[1][:1] == ("not",) and len(first[1]) == 2
                                                   and isinstance(first[1][1], tuple)
                                                   and first[1][1][:1] == ("in-zone?",)))


class _Unheld(Exception):
    """Why the model cannot hold the idiom exactly."""


def _read(tree: ZrfGame, geometry: Geometry, players: tuple[str, ...], royal: set[str], typed: bool,
          ends: dict[int, _End]) -> ShogiHands:
    """The idiom of the blocks ``ends`` as the model holds it (see the module), or :class:`_Unheld`."""
    if typed:
        raise _Unheld("in a game whose turns or priorities select move types (the model's drops have none)")
    if any(zp.drops for zp in tree.pieces) or any(e.off for part in tree.setup for e in part.entries):
        raise _Unheld("in a game that also keeps pieces off the board or drops them (the model has one hand)")
    walks = {e.walk for e in ends.values()}
    demotions = {e.demotions for e in ends.values()}
    if len(walks) > 1 or len(demotions) > 1:
        raise _Unheld("with captures that go to hand by different chains or flags")
    (walk,), (demotion,) = walks, demotions
    blocks = {id(b): (zp.name.text, b) for zp in tree.pieces for b in zp.moves}
    board_zone, board = _board_zone(geometry, players, ends)
    drops, hand, drop_blocks = _hand_drops(geometry, players, ends, blocks, board)
    # the storage chains
    pieces = [(part.player.text, e.piece.text, ref.text) for part in tree.setup for e in part.entries
              for ref in e.positions]
    _check_chains(geometry, players, walk, hand, sum(1 for _, kind, _ in pieces if kind not in royal))
    promotions, twins = _promotions(geometry, players, ends, blocks, board)
    undone = _undone(promotions, demotion, pieces)
    # the types that can come into hand, and the setup's hands
    kinds = {kind for _, kind, _ in pieces} | {t for t in undone.values()}
    for kind in sorted(kinds - royal - set(undone)):
        if kind not in drops:
            raise _Unheld(f"where {kind} can come into hand without a drop block")
    stored = _stored(pieces, board, hand, royal, drops)
    # what the block reader reads in each capture block's place
    landings = {key: _landing(end.body, board_zone) for key, end in ends.items() if key not in twins}
    for landing in landings.values():
        _check_on_board(geometry, players, landing, board)
    return ShogiHands(board_only(geometry, board), landings, frozenset(twins | drop_blocks), promotions, drops, stored,
                      frozenset(ends) | frozenset(drop_blocks))


def _board_zone(geometry: Geometry, players: tuple[str, ...], ends: dict[int, _End]) -> tuple[str, frozenset[str]]:
    """The one board zone every capture to hand begins by testing, and its squares (the same for both players)."""
    zones = {_on_zone(e.body) for e in ends.values()}
    if None in zones or len(zones) != 1:
        raise _Unheld("with a move that does not begin by testing that the piece stands on one board zone")
    board_zone = str(zones.pop())
    boards = {frozenset(geometry.zone(board_zone, p)) for p in players}
    if len(boards) != 1:
        raise _Unheld(f"on a board zone {board_zone!r} that differs between the players")
    return board_zone, next(iter(boards))


def _hand_drops(geometry: Geometry, players: tuple[str, ...], ends: dict[int, _End],
                blocks: dict[int, tuple[str, MoveBlock]], board: frozenset[str],
                ) -> tuple[dict[str, dict[str, frozenset[str]]], set[str], set[int]]:
    """The drops from hand (type -> player -> squares), the hand zone's squares and the drop blocks."""
    drops: dict[str, dict[str, frozenset[str]]] = {}
    hand_zones: set[str] = set()
    drop_blocks: set[int] = set()
    for key, (kind, block) in blocks.items():
        if key in ends:
            continue
        items = list(block.plain)
        hand_zone = _hand_test(items)
        if hand_zone is None:
            raise _Unheld(f"where {kind} has a move that neither ends with the capture to hand nor drops from "
                          f"hand (block at line {block.node.location.line})")
        if kind in drops:
            raise _Unheld(f"where {kind} has two drop blocks (the model has one drop rule per type)")
        drops[kind] = {p: _drop_squares(items, geometry, board, p, kind) for p in players}
        hand_zones.add(hand_zone)
        drop_blocks.add(key)
    if len(hand_zones) > 1:
        raise _Unheld(f"from several hand zones ({', '.join(sorted(hand_zones))})")
    hand = {s for p in players for z in hand_zones for s in geometry.zone(z, p)}
    if hand & board:
        raise _Unheld("whose hand zone shares squares with the board zone")
    return drops, hand, drop_blocks


def _check_chains(geometry: Geometry, players: tuple[str, ...], walk: tuple[str, str, str], hand: set[str],
                  others: int) -> None:
    """Each player's storage chain runs through the hand zone, holds the ``others`` (not royal) pieces, and the
    chains share no position."""
    chains: list[list[str]] = []
    for player in players:
        chain = _chain(geometry, walk, player)
        if not chain or not set(chain) <= hand:
            raise _Unheld(f"whose chain for {player} from {walk[0]!r} does not run through the hand zone")
        if len(chain) < others:
            raise _Unheld(f"whose chain for {player} holds {len(chain)} pieces, fewer than the game's {others} "
                          "pieces that are not royal: a full hand refuses captures, the model's never fills")
        chains.append(chain)
    if set(chains[0]) & set(chains[1]):
        raise _Unheld("whose players' chains share positions")


def _promotions(geometry: Geometry, players: tuple[str, ...], ends: dict[int, _End],
                blocks: dict[int, tuple[str, MoveBlock]], board: frozenset[str],
                ) -> tuple[dict[str, tuple[str, str]], set[int]]:
    """The promotions (type -> (type made, zone)), each twin block being its plain block with the flag, and the
    twins."""
    promotions: dict[str, tuple[str, str]] = {}
    twins: set[int] = set()
    plain_bodies: dict[str, set[tuple[Plain, ...]]] = {}
    for key, end in ends.items():
        kind = blocks[key][0]
        if end.promote is None:
            plain_bodies.setdefault(kind, set()).add(end.body)
    twin_bodies: dict[str, set[tuple[Plain, ...]]] = {}
    for key, end in ends.items():
        kind, block = blocks[key]
        if end.promote is None:
            continue
        unpromoted = _unpromoted(end.body)
        if unpromoted is None or unpromoted[0] not in plain_bodies.get(kind, set()):
            raise _Unheld(f"where {kind} promotes on a move it does not also make without promoting (block at "
                          f"line {block.node.location.line})")
        body, zone, slides = unpromoted
        target = (end.promote, zone)
        if promotions.setdefault(kind, target) != target:
            raise _Unheld(f"where {kind} promotes to several types or in several zones")
        _check_slides(geometry, players, kind, zone, slides, board)
        twins.add(key)
        twin_bodies.setdefault(kind, set()).add(body)
    for kind in promotions:
        if twin_bodies[kind] != plain_bodies.get(kind, set()):
            raise _Unheld(f"where {kind} promotes on some of its moves only")
    return promotions, twins


def _check_slides(geometry: Geometry, players: tuple[str, ...], kind: str, zone: str, slides: list[str],
                  board: frozenset[str]) -> None:
    """A promoting slide never leaves the zone it has entered (the model promotes by where a move starts and
    ends)."""
    for direction in slides:
        for player in players:
            for square in geometry.zone(zone, player):
                step = geometry.step(square, direction, player)
                if step is not None and step in board and step not in geometry.zone(zone, player):
                    raise _Unheld(f"where {kind}'s slide along {direction!r} leaves the zone {zone!r} it has "
                                  f"entered (at {square!r}): the model promotes by where a move starts and ends")


def _undone(promotions: dict[str, tuple[str, str]], demotion: tuple[tuple[str, str], ...],
            pieces: list[tuple[str, str, str]]) -> dict[str, str]:
    """Promoted type -> the type it promoted from, where the demotions undo exactly the promotions and no
    promoted type is set up."""
    demoted = dict(demotion)
    undone = {t: kind for kind, (t, _) in promotions.items()}
    if demoted != undone:
        raise _Unheld("whose demotions (" + ", ".join(f"{a} to {b}" for a, b in demotion) + ") do not undo "
                      "exactly the promotions (" + ", ".join(f"{b} to {a}" for a, b in undone.items()) + ")")
    if any(kind in undone for _, kind, _ in pieces):
        raise _Unheld("with a promoted type in the setup (the model demotes a piece only to what it promoted from)")
    return undone


def _stored(pieces: list[tuple[str, str, str]], board: frozenset[str], hand: set[str], royal: set[str],
            drops: dict[str, dict[str, frozenset[str]]]) -> dict[str, tuple[str, str]]:
    """The setup's pieces in hand: hand position -> (player, type), one of a type, each with a drop block."""
    stored: dict[str, tuple[str, str]] = {}
    for player, kind, where in pieces:
        if where in board:
            continue
        if where not in hand:
            raise _Unheld(f"with {player}'s {kind} set up on {where!r}, on neither the board nor the hand zone")
        if kind in royal:
            raise _Unheld(f"with a royal piece set up in hand ({kind} on {where!r})")
        if kind not in drops:
            raise _Unheld(f"with {kind} set up in hand ({where!r}) without a drop block")
        if any(s != where and (p, k) == (player, kind) and s in hand for p, k, s in pieces):
            raise _Unheld(f"with several pieces of one type set up in hand ({player}'s {kind}): ZRF drops each "
                          "on its own, the model drops one of a type")
        stored[where] = (player, kind)
    return stored


def _check_on_board(geometry: Geometry, players: tuple[str, ...], landing: list[Plain], board: frozenset[str]) -> None:
    """No direction of a capture block's landing leads off the board zone (the model's board)."""
    for direction in sorted(atoms(tuple(landing)) & set(geometry.links)):
        for player in players:
            stepped = geometry.symmetries.get(player, {}).get(direction, direction)
            out = next(((a, b) for a, b in geometry.links.get(stepped, {}).items() if a in board
                        and b not in board), None)
            if out is not None:
                raise _Unheld(f"in a game whose moves along {direction!r} lead off the board zone (from "
                              f"{out[0]!r} to {out[1]!r}): the model's board is the board zone")


def _end(items: list[Plain]) -> _End | None:
    """The capture-to-hand ending of a block's items, or None."""
    if not items:
        return None
    last = items[-1]
    if not (isinstance(last, tuple) and len(last) > 4 and last[:2] == ("if", "empty?") and last[3] == "else"):
        return None
    landing, rest = last[2], list(last[4:])
    promote: str | None = None
    if landing != "add":
        if not (isinstance(landing, tuple) and len(landing) == 2 and landing[0] == "add"
                and isinstance(landing[1], str)):
            return None
        promote = landing[1]
        if rest[:1] != [("change-type", promote)]:
            return None
        rest = rest[1:]
    if len(rest) < 7 or rest[-2:] != ["flip", "add"] or rest[0] != "cascade":
        return None
    start, first, loop, verify = rest[1:5]
    if not (isinstance(start, str) and isinstance(first, str) and isinstance(loop, tuple) and len(loop) == 3
            and loop[0] == "while" and isinstance(loop[2], str)
            and loop[1] == ("and", ("on-board?", loop[2]), "not-empty?") and verify == ("verify", "empty?")):
        return None
    changes: list[tuple[str, str]] = []
    for item in rest[5:-2]:
        if not (isinstance(item, tuple) and len(item) == 3 and item[0] == "if" and isinstance(item[1], tuple)
                and len(item[1]) == 2 and item[1][0] == "flag?" and isinstance(item[1][1], str)
                and isinstance(item[2], tuple) and len(item[2]) == 2 and item[2][0] == "change-type"
                and isinstance(item[2][1], str)):
            return None
        changes.append((item[1][1], item[2][1]))
    flags: dict[str, str] = {}
    index = len(items) - 1
    while index > 0 and isinstance(f := items[index - 1], tuple) and len(f) == 3 and f[0] == "set-flag" \
            and isinstance(f[1], str) and isinstance(f[2], tuple) and len(f[2]) == 2 and f[2][0] == "piece?" \
            and isinstance(f[2][1], str):
        flags[f[1]] = f[2][1]
        index -= 1
    if index == 0 or items[index - 1] != ("verify", "not-friend?") or len(flags) != len(changes) \
            or any(flag not in flags for flag, _ in changes):
        return None
    return _End(tuple(items[:index - 1]), promote, (start, first, loop[2]),
                tuple((flags[flag], kind) for flag, kind in changes))


def _on_zone(body: tuple[Plain, ...]) -> str | None:
    """The zone of a block's leading ``(verify (in-zone? Z))`` (after a twin's flag), or None."""
    for item in body[:2]:
        if isinstance(item, tuple) and len(item) == 2 and item[0] == "verify" and isinstance(item[1], tuple) \
                and len(item[1]) == 2 and item[1][0] == "in-zone?" and isinstance(item[1][1], str):
            return item[1][1]
        if not (isinstance(item, tuple) and item[:1] == ("set-flag",)):
            return None
    return None


def _unpromoted(body: tuple[Plain, ...]) -> tuple[tuple[Plain, ...], str, list[str]] | None:
    """A promoting twin's body as its plain block's, the promotion zone and the directions of its slides; None
    where it is no twin: ``(set-flag F (in-zone? Z))`` first, ``(if (in-zone? Z) (set-flag F true))`` after the
    steps, ``(if (flag? F) (add T))`` for ``add`` in a slide, ``(verify (flag? F))`` before the landing."""
    first = body[0] if body else None
    if not (isinstance(first, tuple) and len(first) == 3 and first[0] == "set-flag" and isinstance(first[1], str)
            and isinstance(first[2], tuple) and len(first[2]) == 2 and first[2][0] == "in-zone?"
            and isinstance(first[2][1], str)):
        return None
    flag, zone = first[1], first[2][1]
    mark = ("if", ("in-zone?", zone), ("set-flag", flag, "true"))
    slides: list[str] = []
    out: list[Plain] = []
    for item in body[1:]:
        if item == mark or item == ("verify", ("flag?", flag)):
            continue
        if isinstance(item, tuple) and item[:1] == ("while",) and isinstance(item[-1], str):
            inner: list[Plain] = []
            for part in item[2:]:
                if part == mark:
                    continue
                if isinstance(part, tuple) and len(part) == 3 and part[:2] == ("if", ("flag?", flag)) \
                        and isinstance(part[2], tuple) and part[2][:1] == ("add",):
                    part = "add"
                inner.append(part)
            slides.append(item[-1])
            item = (item[0], item[1], *inner)
        if flag in str(item):
            return None
        out.append(item)
    return tuple(out), zone, slides


def _landing(body: tuple[Plain, ...], board_zone: str) -> list[Plain]:
    """A capture block as the block reader reads it on the board zone: the tests that the piece stays on the zone
    left out after the first (every square of the model's board is in it), the capture to hand a plain landing."""
    test = ("verify", ("in-zone?", board_zone))
    out: list[Plain] = [body[0]]
    for item in body[1:]:
        if item == test:
            continue
        if isinstance(item, tuple) and item[:1] == ("while",) \
                and item[1] == ("and", "empty?", ("in-zone?", board_zone)):
            item = (item[0], "empty?", *item[2:])
        out.append(item)
    return [*out, ("verify", "not-friend?"), "add"]


def _hand_test(items: list[Plain]) -> str | None:
    """The hand zone of a drop block's leading ``(verify (in-zone? H))``, or None."""
    first = items[0] if items else None
    if isinstance(first, tuple) and len(first) == 2 and first[0] == "verify" and isinstance(first[1], tuple) \
            and len(first[1]) == 2 and first[1][0] == "in-zone?" and isinstance(first[1][1], str):
        return first[1][1]
    return None


def _drop_squares(items: list[Plain], geometry: Geometry, board: frozenset[str], player: str,
                  kind: str) -> frozenset[str]:
    """Where a drop block (``(verify (in-zone? H)) START d (while TEST (if COND add) d)``, optionally followed by
    ``(verify empty?) add``) lets ``player`` drop: the empty squares of its walk where COND holds."""
    shape = (f"where {kind}'s drop is no walk over the board adding where the square is empty and stated zone "
             "tests hold")
    if any(isinstance(i, tuple) and any(a in str(i) for a in ("attacked?", "defended?")) for i in items):
        raise _Unheld(f"where {kind}'s drop tests attacks on the squares around the enemy King (an approximation "
                      "of the drop-mate rule, which the model's no_drop_mate holds exactly)")
    if len(items) not in (4, 6) or not isinstance(items[1], str) or not isinstance(items[2], str):
        raise _Unheld(shape)
    start, direction, loop = items[1], items[2], items[3]
    tail = items[4:]
    if tail not in ([], [("verify", "empty?"), "add"]):
        raise _Unheld(shape)
    if not (isinstance(loop, tuple) and len(loop) == 4 and loop[0] == "while" and loop[3] == direction
            and isinstance(loop[1], tuple) and len(loop[1]) == 2
            and (loop[1] == ("on-board?", direction) if tail else loop[1][0] == "not-position?")
            and isinstance(loop[2], tuple) and len(loop[2]) == 3 and loop[2][0] == "if" and loop[2][2] == "add"):
        raise _Unheld(shape)
    # with the tail, the loop stops before the last square, which the tail adds where it is empty
    condition = loop[2][1]
    tests = list(condition[1:]) if isinstance(condition, tuple) and condition[:1] == ("and",) else [condition]
    if tests[:1] != ["empty?"] or (tail and len(tests) > 1):
        raise _Unheld(shape)
    square = geometry.step(start, direction, player)
    seen: list[str] = []
    allowed: set[str] = set()
    while square is not None:
        if square in seen or square not in board:
            raise _Unheld(f"where {kind}'s drop walks {square!r} twice or off the board zone")
        seen.append(square)
        if all(_holds(test, square, geometry, player, kind) for test in tests[1:]):
            allowed.add(square)
        square = geometry.step(square, direction, player)
    if set(seen) != board:
        raise _Unheld(f"where {kind}'s drop walk does not visit every square of the board zone")
    return frozenset(allowed)


def _holds(test: Plain, square: str, geometry: Geometry, player: str, kind: str) -> bool:
    """Whether a drop's zone test holds on ``square`` for ``player``: ``(in-zone? Z)``, ``(not-in-zone? Z)``, each
    optionally of the position one step away."""
    if isinstance(test, tuple) and len(test) in (2, 3) and test[0] in ("in-zone?", "not-in-zone?") \
            and isinstance(test[1], str) and test[1] in geometry.zones:
        where: str | None = square
        if len(test) == 3:
            where = geometry.step(square, str(test[2]), player) if isinstance(test[2], str) else None
            if where is None:
                raise _Unheld(f"where {kind}'s drop tests a zone one step off the board (from {square!r})")
        inside = where in geometry.zone(test[1], player)
        return inside if test[0] == "in-zone?" else not inside
    raise _Unheld(f"where {kind}'s drop tests {test!r}, which is no zone test")


def _chain(geometry: Geometry, walk: tuple[str, str, str], player: str) -> list[str]:
    """The storage positions a capture walks for ``player``: the dummy, its first direction, then the chain."""
    start, first, chain = walk
    square = geometry.step(start, first, player)
    out: list[str] = []
    while square is not None and square not in out:
        out.append(square)
        square = geometry.step(square, chain, player)
    return out



def shogi_promotion(target: tuple[str, str], notation: dict[str, str], depth: int | None) -> Promotion:
    """The model's promotion of a type whose twins promote to ``target`` (type, zone): optional, on moves that
    start or end in the zone (the last ``depth`` ranks where it is that)."""
    kind, zone = target
    return Promotion((PromotionChoice(notation[kind]),), depth or 1, None if depth else zone, False,
                     triggers=SHOGI_TRIGGERS)


def check_drops(game: Game, hands: ShogiHands, renaming: dict[str, str] | None) -> str:
    """Where the drop blocks of ``hands`` let a piece land, against the model's drops of ``game`` (every empty
    square but those where the piece could never move again): the drop rules made to match (anywhere, also where
    stuck, where the block allows that), or why they cannot be (empty where they are)."""
    variant = compile_game(game)
    name = (lambda square: renaming[square]) if renaming is not None else (lambda square: square)
    board = frozenset(name(s) for s in hands.geometry.positions)
    for piece in game.pieces:
        per_player = hands.drops.get(piece.name)
        if per_player is None:
            continue
        anywhere: set[bool] = set()  # per player: also where stuck (True), not there (False)
        for color, allowed in enumerate(per_player.values()):
            squares = frozenset(name(s) for s in allowed)
            stuck = variant.stuck_squares(piece.id, color)
            if squares == board - stuck:
                anywhere.update([False] if stuck else [])
            elif squares == board:
                anywhere.add(True)
            else:
                return (f"where {piece.name}'s drop lands on {len(squares)} squares, not on every square but those "
                        f"where it could never move again ({len(board - stuck)}), as the model's drops do")
        if len(anywhere) > 1:
            return f"where {piece.name} is dropped where stuck by one player only"
        if anywhere == {True}:
            piece.drop = DropRule(where_stuck=True)
    return ""
