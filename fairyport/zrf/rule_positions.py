"""Positions built to exercise each recognised rule of a game read into the model.

perft from the start position and random playouts rarely reach the positions where a misread rule shows: a
castling whose partner has moved, is gone, is another type or stands elsewhere; an en-passant capture right
after a double step; a promotion on entering or moving within the zone; a drop. :func:`rule_positions` builds
such positions by editing the game's start board (its setup's squares, pieces and hands), each written as a FEN
both the reference generator (:mod:`fairyport.movegen.fen`) and the ZRF interpreter
(:mod:`fairyport.zrf.interpreter.fen`) read, so a caller can compare the two engines move set by move set
(``benchmarks/zrf_rule_positions.py``).

The FEN's castling field names wings (``K``/``Q``, Black's lower case): both engines give the royal piece and
the outermost piece of that wing their never-moved state; a wing left out stands for a partner that has moved.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from fairyport.errors import FairyportError
from fairyport.model import BLACK, WHITE, Board, Color, Game, Piece, PieceType, square_name, zone_squares
from fairyport.movegen import compile_game
from fairyport.movegen.compile import Variant
from fairyport.movegen.position import Position
from fairyport.xbetza import syntax as betza

Placement = dict[str, Piece]
"""Square name -> piece."""

WINGS = ((1, "K"), (-1, "Q"))
"""(direction along the rank, castling letter of White) for the two wings."""


@dataclasses.dataclass(frozen=True)
class RulePosition:
    """One position: its FEN (the model's letters) and what it exercises."""

    fen: str
    rule: str
    """The rule: ``start``, ``castling``, ``en passant``, ``promotion`` or ``drop``."""
    exercises: str
    """What the position tests, in words (``White's Q-side castling: the partner replaced by a Bishop``)."""
    reachable: bool = True
    """False where the FEN keeps a castling right for a piece standing where the game never has an unmoved
    piece of its type (a partner replaced or moved with its right kept, in a game whose pieces are unmoved only
    on their setup squares): the rule as the file states it, in a position no game reaches."""


def rule_positions(game: Game) -> list[RulePosition]:
    """The start position, then positions exercising each castling, en-passant, promotion and drop rule the game
    has (none for a rule it lacks), each once, only those the generator reads where the side not to move is not
    in check; empty for a board without coordinates.

    :raises UnsupportedError: where the generator cannot play the game.
    """
    if any(p.file is None or p.rank is None for p in game.board.positions if p.name in game.setup.placement):
        return []
    start = dict(game.setup.placement)
    variant = compile_game(game)
    found = [RulePosition(board_fen(game, start, game.setup.side_to_move, rights(game, start)), "start",
                          "the start position"),
             *_castling(game, start), *_en_passant(game, start, variant), *_promotion(game, start),
             *_drops(game, start)]
    seen: set[str] = set()
    out = []
    for position in found:
        if position.fen not in seen and _legal(variant, position.fen):
            seen.add(position.fen)
            out.append(position)
    return out


def _legal(variant: Variant, fen: str) -> bool:
    """Whether the generator reads ``fen`` and the side not to move is not in check there."""
    try:
        pos = Position.from_fen(variant, fen)
    except FairyportError:
        return False
    return not any(pos.is_attacked(square, pos.turn) for square in pos.royals[1 - pos.turn])


def board_fen(game: Game, placement: Placement, side: Color, castling: str = "-", ep: str = "-",
              hands: dict[Color, dict[str, int]] | None = None) -> str:
    """The FEN of ``placement`` with ``side`` to move (holes ``*``; pieces in hand ``[...]`` where the game has
    them)."""
    board = game.board
    rows = []
    for rank in range(board.ranks - 1, -1, -1):
        row, empty = "", 0
        for file in range(board.files):
            name = square_name(file, rank, board.first_rank)
            piece = placement.get(name)
            if piece is None and name not in board.holes:
                empty += 1
                continue
            row += (str(empty) if empty else "") + ("*" if piece is None else piece.symbol)
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    held = hands if hands is not None else game.setup.hands
    hand = ""
    if _has_hands(game):
        hand = "[" + "".join(Piece(pid, color).symbol * count for color in (WHITE, BLACK)
                             for pid, count in sorted(held.get(color, {}).items())) + "]"
    return f"{'/'.join(rows)}{hand} {'w' if side == WHITE else 'b'} {castling or '-'} {ep} 0 1"


def _has_hands(game: Game) -> bool:
    return bool(game.setup.hands) or game.rules.drops or game.rules.captures_to_hand \
        or any(p.drop is not None for p in game.pieces)


def castling_pieces(game: Game) -> set[str]:
    """The ids of the royal types that castle (an ``O`` move)."""
    return {p.id for p in game.pieces if p.royal and any(m.atom == "O" for m in betza.parse_moves(p.betza))}


def _rank_squares(board: Board, square: str, dx: int) -> list[str]:
    """The squares from ``square`` along its rank by ``dx`` up to the edge or a hole."""
    at = board.square(square)
    assert at.file is not None and at.rank is not None
    out: list[str] = []
    file = at.file + dx
    while 0 <= file < board.files and (name := square_name(file, at.rank, board.first_rank)) in board:
        out.append(name)
        file += dx
    return out


def rights(game: Game, placement: Placement, drop: tuple[Color, int] | None = None) -> str:
    """The castling field of ``placement``: each wing of each castling royal piece with a piece beyond it on the
    rank (the outermost names the partner), but ``drop`` (colour, direction)."""
    castlers = castling_pieces(game)
    field = ""
    for color in (WHITE, BLACK):
        for square, piece in sorted(placement.items()):
            if piece.color != color or piece.id not in castlers:
                continue
            for dx, letter in WINGS:
                if (color, dx) != drop and any(s in placement for s in _rank_squares(game.board, square, dx)):
                    field += letter if color == WHITE else letter.lower()
    return "".join(dict.fromkeys(field))


def _castling(game: Game, start: Placement) -> Iterator[RulePosition]:
    """Per castling royal and wing: the way between it and its partner cleared; then the partner moved (the
    right gone), absent, replaced by each other type, and one square nearer or farther."""
    castlers = castling_pieces(game)
    by_id = {p.id: p for p in game.pieces}
    for square, piece in sorted(start.items()):
        if piece.id not in castlers:
            continue
        rule = by_id[piece.id].castling
        for dx, letter in WINGS:
            ray = _rank_squares(game.board, square, dx)
            far = rule.partner_distance[dx > 0] if rule is not None and rule.partner_distance else None
            own = [s for s in ray if s in start and start[s].color == piece.color]
            # the partner at the distance the rule names, else the outermost piece (which the rule must refuse)
            exact = ray[far - 1] if far is not None and far <= len(ray) and ray[far - 1] in own else None
            partner = exact or (own[-1] if own else None)
            if partner is None:
                continue
            side = "White" if piece.color == WHITE else "Black"
            what = f"{side}'s {letter}-side castling ({piece.id} {square}, partner {start[partner].id} {partner})"
            yield from _castling_edits(game, start, piece.color, dx, ray[:ray.index(partner) + 1], what)


def _castling_edits(game: Game, start: Placement, color: Color, dx: int, ray: list[str],
                    what: str) -> Iterator[RulePosition]:
    """The castling positions of one wing: ``ray`` runs from the royal piece to its partner (the last)."""
    partner = ray[-1]
    cleared = {s: p for s, p in start.items() if s not in ray[:-1]}

    anywhere = makes_unmoved(game)

    def made(placement: Placement, edit: str, drop: tuple[Color, int] | None = None,
             moved_to: str | None = None) -> RulePosition:
        reachable = anywhere or moved_to is None or start.get(moved_to) == placement[moved_to]
        return RulePosition(board_fen(game, placement, color, rights(game, placement, drop)), "castling",
                            f"{what}: {edit}", reachable)

    yield made(cleared, "the way cleared")
    yield made(cleared, "the partner has moved (the right gone)", (color, dx))
    yield made({s: p for s, p in cleared.items() if s != partner}, "the partner absent", (color, dx))
    for other in _other_types(game, start[partner].id):
        yield made({**cleared, partner: Piece(other.id, color)}, f"the partner replaced by a {other.name}",
                   moved_to=partner)
    moved = {s: p for s, p in cleared.items() if s != partner}
    if len(ray) > 3:
        yield made({**moved, ray[-2]: start[partner]}, "the partner one square nearer", moved_to=ray[-2])
    beyond = _rank_squares(game.board, partner, dx)
    if beyond and beyond[0] not in start:
        yield made({**moved, beyond[0]: start[partner]}, "the partner one square farther", moved_to=beyond[0])


def makes_unmoved(game: Game) -> bool:
    """Whether the game makes unmoved pieces away from the setup's squares (promotion to an unmoved type, joins,
    unloads, virgin moves, rebirths)."""
    return any(p.unmoved_when_made or p.joins or p.unloads or p.virgin_moves or p.rebirth for p in game.pieces)


def _other_types(game: Game, partner: str) -> list[PieceType]:
    """Up to two non-royal types other than ``partner`` that stand in the setup: a rook-like one (an ``R``
    move) first, then one that is not."""
    present = {p.id for p in game.setup.placement.values()}
    others = [p for p in game.pieces if p.id != partner and not p.royal and p.id in present and p.promotion is None]
    rooklike = [p for p in others if any(m.atom == "R" for m in betza.parse_moves(p.betza))]
    plain = [p for p in others if p not in rooklike]
    return rooklike[:1] + plain[:1]


def _en_passant(game: Game, start: Placement, variant: Variant) -> Iterator[RulePosition]:
    """Per side: the first double step (a move that gives e.p. rights) from the start, with an enemy piece of
    the same type beside its landing square, the enemy to move."""
    if not any("e" in leg.modes for p in game.pieces for m in betza.parse_moves(p.betza) for leg in m.legs):
        return
    for color in (WHITE, BLACK):
        pos = Position.from_fen(variant, board_fen(game, start, color, rights(game, start)))
        found = _double_step(pos)
        if found is None:
            continue
        frm, to, ep = found
        mover = start[frm]
        at = game.board.square(to)
        assert at.file is not None and at.rank is not None
        enemy = [s for s, p in sorted(start.items()) if p == Piece(mover.id, 1 - color)]
        for beside in (f for f in (at.file - 1, at.file + 1) if 0 <= f < game.board.files):
            name = square_name(beside, at.rank, game.board.first_rank)
            if enemy and name in game.board and name not in start:
                placement = {s: p for s, p in start.items() if s not in (frm, enemy[0])}
                placement.update({to: mover, name: Piece(mover.id, 1 - color)})
                yield RulePosition(board_fen(game, placement, 1 - color, rights(game, placement), ep), "en passant",
                                   f"{mover.id} {frm}-{to} just played (e.p. square {ep}), an enemy {mover.id} "
                                   f"on {name} to move")
                break


def _double_step(pos: Position) -> tuple[str, str, str] | None:
    """(from, to, e.p. square) of the first legal move of ``pos`` that gives e.p. rights, or None."""
    names = pos.variant.geometry.names
    for move in pos.legal_raw():
        pos.push_raw(move)
        ep = pos.ep
        pos.pop_raw()
        if ep:
            return names[move[0]], names[move[1]], names[ep[0]]
    return None


def _promotion(game: Game, start: Placement) -> Iterator[RulePosition]:
    """Per promoting type and side: a piece of it one step before the zone, and one inside it, the squares ahead
    of it on its file emptied (never a royal piece's)."""
    royal = {p.id for p in game.pieces if p.royal}
    for piece_type in game.pieces:
        promotion = piece_type.promotion
        if promotion is None:
            continue
        for color in (WHITE, BLACK):
            zone = set(zone_squares(game.zones, promotion.zone, color) if promotion.zone is not None
                       else game.board.last_ranks(promotion.depth, color))
            found = _promotion_file(game, start, piece_type.id, color, zone, royal)
            if found is None:
                continue
            frm, files = found
            side = "White" if color == WHITE else "Black"
            for where, square in (("one step before the zone", files[0]), ("inside the zone", files[1])):
                placement = {s: p for s, p in start.items() if s not in (frm, *files)}
                placement[square] = Piece(piece_type.id, color)
                yield RulePosition(board_fen(game, placement, color, rights(game, placement)), "promotion",
                                   f"{side}'s {piece_type.id} on {square}, {where}")


def _promotion_file(game: Game, start: Placement, pid: str, color: Color, zone: set[str],
                    royal: set[str]) -> tuple[str, list[str]] | None:
    """(setup square of a ``pid`` of ``color``, [the square before the zone, the zone's first square, the rest
    of the file ahead]) on the first file where none of those squares holds a royal piece."""
    step = 1 if color == WHITE else -1
    board = game.board
    for square, piece in sorted(start.items()):
        if piece != Piece(pid, color):
            continue
        at = board.square(square)
        assert at.file is not None and at.rank is not None
        ahead = [square_name(at.file, r, board.first_rank) for r in range(at.rank + step, board.ranks if step > 0
                                                                           else -1, step)]
        ahead = [s for s in ahead if s in board]
        inside = [i for i, s in enumerate(ahead) if s in zone]
        if not inside or inside[0] == 0 or len(ahead) < inside[0] + 1:
            continue
        files = ahead[inside[0] - 1:]
        if not any(s in start and start[s].id in royal for s in files):
            return square, files
    return None


def _drops(game: Game, start: Placement) -> Iterator[RulePosition]:
    """Where the game has pieces in hand: one of each non-royal type in each side's hand."""
    if not _has_hands(game):
        return
    kinds = [p.id for p in game.pieces if not p.royal and p.betza]
    hands = {color: {pid: 1 for pid in kinds} for color in (WHITE, BLACK)}
    for color in (WHITE, BLACK):
        yield RulePosition(board_fen(game, start, color, rights(game, start), hands=hands), "drop",
                           f"one piece of each type in each hand, {'White' if color == WHITE else 'Black'} to move")


__all__ = ["RulePosition", "board_fen", "castling_pieces", "makes_unmoved", "rights", "rule_positions"]
