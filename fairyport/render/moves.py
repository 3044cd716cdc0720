"""Move diagrams computed by the move generator: which squares a piece reaches, and how.

:func:`move_diagram` places one piece on a board and asks the reference generator
(:meth:`fairyport.movegen.Position.pseudo_legal`) what it can do there, probing the board square by square:

- alone on the board: the squares it can **move** to (as a piece that has moved, and as a virgin piece: what only
  the virgin piece reaches is an **initial** move);
- with one enemy piece on a square: whether it can **capture** there (directly, or as a locust capture on the
  way to another square, whose path is then drawn);
- with one enemy piece on the target and one piece on a square of the line between: a target reached only then
  is a **hop** capture or move (cannon, grasshopper);
- for multi-leg and lame moves, a piece on each square in turn: the squares that block a target are its path,
  drawn when it bends.

The piece stands in the middle of an empty board large enough for its moves, or on its start square of the
game's board (with its castling partners) when its moves depend on the board: initial moves, castling, e.p.,
promotion or confinement. Nothing is drawn by hand: every mark is a move the generator plays.
"""

from __future__ import annotations

import dataclasses
from math import gcd

from fairyport.errors import UnsupportedError
from fairyport.model import BLACK, WHITE, Board, Game, Piece, PieceType, Rules, Setup, square_name
from fairyport.movegen import Position, compile_game
from fairyport.movegen.compile import Variant, code_of
from fairyport.xbetza import syntax as betza
from fairyport.xbetza.geometry import K_VECTORS, AtomClass, atom_geometry, first_leg_directions, oblique_vectors

MOVE = "move"
CAPTURE = "capture"
HOP_CAPTURE = "hop-capture"
HOP_MOVE = "hop-move"
INITIAL = "initial"
KINDS = (MOVE, CAPTURE, HOP_CAPTURE, HOP_MOVE, INITIAL)
"""Every kind of mark, in legend order."""

LEAP_REACH = {"W": 1, "F": 1, "K": 1, "R": 1, "B": 1, "Q": 1, "D": 2, "N": 2, "A": 2, "H": 3, "C": 3, "Z": 3, "G": 3,
              "O": 3, "U": 2, "I": 1}
"""How far one step of an atom goes along its longer axis (used to size the empty board)."""

MIN_BOARD = 7
MAX_BOARD = 15


@dataclasses.dataclass
class MoveDiagram:
    """What a piece can do from one square: marks per square, paths of bent and locust moves."""

    board: Board
    origin: str
    piece: Piece
    marks: dict[str, set[str]]
    """Square -> the kinds that reach it: :data:`MOVE` (to an empty square), :data:`CAPTURE` (an enemy there),
    :data:`HOP_CAPTURE` / :data:`HOP_MOVE` (only over a piece in between), :data:`INITIAL` (the marks of the
    square need a piece that has not moved)."""
    paths: list[list[str]]
    """Square paths (origin first) of moves that bend or capture on the way."""
    others: dict[str, Piece]
    """Other pieces placed on the board (castling partners)."""
    on_game_board: bool
    zones: dict[str, str] = dataclasses.field(default_factory=dict)
    """Square -> zone name to tint (promotion zone, palace) on game-board diagrams."""
    played_by: str = ""
    """The format whose interpreter played the moves (a piece whose moves are kept as code,
    :mod:`fairyport.report.played`); empty: the reference generator."""


def _needs_game_board(piece: PieceType, moves: tuple[betza.Move, ...]) -> bool:
    """Whether the piece's moves depend on the board: initial moves, e.p., castling, confinement, or promotion of
    a piece that only ever moves forward (a pawn, whose diagram shows where it starts and where it promotes)."""
    if piece.confined_to is not None or (piece.promotion is not None and _forward_only(moves)):
        return True
    return any(m.atom == "O" or any(leg.has("i") or leg.has("e") for leg in m.legs) for m in moves)


def _forward_only(moves: tuple[betza.Move, ...]) -> bool:
    """True if every move of a single-leg move string goes towards the far side of the board."""
    for move in moves:
        if move.is_multi_leg or (move.atom[:1] not in betza.LEAPER_ATOMS and move.atom not in ("K", "R", "B", "Q")):
            return False
        cls, _, leap = atom_geometry(betza.RIDER_ATOMS.get(move.atom, move.atom))
        for bit in first_leg_directions(move.first.directions, cls):
            dy = oblique_vectors(*leap)[bit][1] if cls is AtomClass.OBLIQUE else K_VECTORS[bit][1]
            if dy <= 0:
                return False
    return True


def _reach(moves: tuple[betza.Move, ...]) -> int:
    reach = 1
    for move in moves:
        atom = move.atom[:1]
        step = LEAP_REACH.get(atom, 2) + 3 * (len(move.atom) - 1)
        limit = move.range if move.range is not None else betza.default_range(move.atom)
        span = step * len(move.legs) * (limit if limit else 3 if step == 1 else 2)
        reach = max(reach, span)
    return reach


class _Prober:
    """One compiled game and helpers to set up probe positions on it."""

    def __init__(self, variant: Variant, type_index: int) -> None:
        self.variant = variant
        self.code = code_of(type_index, WHITE)
        royal_types = [i for i, t in enumerate(variant.types) if t.piece.royal]
        self.enemy = code_of(royal_types[0] if royal_types else type_index, BLACK)
        self.hurdle = code_of(type_index, BLACK)

    def moves(self, origin: int, virgin: bool, placed: dict[int, int]) -> list[tuple[int, int, tuple[int, ...]]]:
        """(to, captured piece count, locust squares) of every pseudo-legal move of the piece on ``origin``."""
        pos = Position(self.variant)
        pos.board[origin] = self.code
        for sq, code in placed.items():
            pos.board[sq] = code
        pos.turn = WHITE
        pos.virgin = sum(1 << s for s, c in enumerate(pos.board) if c) if virgin else 0
        royal = self.variant.royal
        pos.royals = (tuple(s for s, c in enumerate(pos.board) if c and royal[c] and (c - 1) & 1 == WHITE),
                      tuple(s for s, c in enumerate(pos.board) if c and royal[c] and (c - 1) & 1 == BLACK))
        out = []
        for move in pos.pseudo_legal():
            if move[0] != origin:
                continue
            out.append((move[1], 1 if pos.board[move[1]] else 0, move[3]))
        return out


def _diagram_game(game: Game, piece: PieceType, on_board: bool, size: int,
                  castles: bool) -> tuple[Game, str, dict[str, Piece]]:
    """The game the probes run on (only the piece types they need), the origin square and other pieces placed."""
    rules = Rules(stalemate=game.rules.stalemate, bare_king=game.rules.bare_king, royals_may_face=True,
                  royal_protection=game.rules.royal_protection)
    others: dict[str, Piece] = {}
    if on_board:
        middle = (game.board.files - 1) / 2
        starts = [name for name, p in game.setup.placement.items() if p.id == piece.id and p.color == WHITE]
        origin = min(starts, key=lambda name: (abs((game.board.square(name).file or 0) - middle),
                                               game.board.square(name).rank or 0, name))
        if castles:
            others = _castling_partners(game, origin)
        board, zones = game.board, game.zones
    else:
        board, zones = Board(size, size), []
        origin = square_name(size // 2, size // 2)
    needed = {piece.id} | {p.id for p in others.values()} | {p.id for p in game.pieces if p.royal}
    if on_board and piece.promotion is not None:
        needed |= {choice.piece.upper() for choice in piece.promotion.choices}
    pieces = [p if p is piece and on_board else dataclasses.replace(p, promotion=None, confined_to=None)
              for p in game.pieces if p.id in needed]
    setup = Setup({origin: Piece(piece.id, WHITE), **others})
    return Game(game.metadata, board, pieces, setup, rules, list(zones)), origin, others


def _castling_partners(game: Game, origin: str) -> dict[str, Piece]:
    """The White pieces of the game's setup on the royal's rank that are outermost on each side of it."""
    board = game.board
    rank = board.square(origin).rank
    file = board.square(origin).file
    assert rank is not None and file is not None
    partners: dict[str, Piece] = {}
    for direction in (-1, 1):
        found = None
        f = file + direction
        while 0 <= f < board.files:
            name = square_name(f, rank, board.first_rank)
            if name in board.holes:
                break
            placed = game.setup.placement.get(name)
            if placed is not None:
                found = (name, placed)
            f += direction
        if found is not None and found[1].color == WHITE:
            partners[found[0]] = found[1]
    return partners


def move_diagram(game: Game, piece: PieceType) -> MoveDiagram:
    """The move diagram of ``piece`` in ``game``, computed by the move generator (see the module docstring).

    :raises FairyportError: (UnsupportedError) if the generator cannot play the piece.
    """
    moves = betza.parse_moves(piece.betza)
    has_start = any(p.id == piece.id and p.color == WHITE for p in game.setup.placement.values())
    on_board = has_start and _needs_game_board(piece, moves)
    size = min(MAX_BOARD, max(MIN_BOARD, 2 * min(_reach(moves), MAX_BOARD // 2) + 1))
    if size % 2 == 0:
        size += 1
    castles = any(m.atom == "O" for m in moves)
    diagram_game, origin_name, others = _diagram_game(game, piece, on_board, size, castles)
    try:
        variant = compile_game(diagram_game)
    except UnsupportedError:
        if not others:
            raise
        # a castling partner the generator cannot play: show the piece's other moves without it
        diagram_game, origin_name, others = _diagram_game(game, piece, on_board, size, False)
        variant = compile_game(diagram_game)
    geo = variant.geometry
    prober = _Prober(variant, [p.id for p in diagram_game.pieces].index(piece.id))
    origin = geo.square(origin_name)
    placed = {geo.square(name): variant.code_by_symbol[p.symbol.strip("{}")] for name, p in others.items()}
    free = [s for s in range(geo.size) if s != origin and s not in placed]
    marks: dict[int, set[str]] = {}
    paths: list[list[int]] = []

    quiet = {to for to, cap, locust in prober.moves(origin, False, placed) if not cap and not locust}
    quiet_virgin = {to for to, cap, locust in prober.moves(origin, True, placed) if not cap and not locust}
    for to in quiet:
        marks.setdefault(to, set()).add(MOVE)
    for to in quiet_virgin - quiet:
        marks.setdefault(to, set()).update({MOVE, INITIAL})
    ox, oy = geo.coords[origin]
    for target in free:
        with_enemy = {**placed, target: prober.enemy}
        direct = False
        locust_paths = []
        for virgin in (False, True):
            for to, cap, locust in prober.moves(origin, virgin, with_enemy):
                if to == target and cap:
                    direct = True
                    kinds = {CAPTURE} if not virgin else {CAPTURE, INITIAL}
                    if virgin and CAPTURE in marks.get(target, set()):
                        continue
                    marks.setdefault(target, set()).update(kinds)
                elif target in locust:
                    locust_paths.append([origin, target, to])
            if direct or locust_paths:
                break
        if locust_paths and not direct:
            # captured only on the way to another square (checker, locust): mark it and draw where the piece goes
            marks.setdefault(target, set()).add(CAPTURE)
            paths.extend(locust_paths)
        if direct or locust_paths:
            continue
        if direct:
            continue
        tx, ty = geo.coords[target]
        dx, dy = tx - ox, ty - oy
        steps = gcd(abs(dx), abs(dy))
        for k in range(1, steps):
            hurdle = geo.at(ox + dx // steps * k, oy + dy // steps * k)
            if hurdle < 0 or hurdle in placed:
                continue
            for occupant in (prober.enemy, 0) if target not in quiet else (prober.enemy,):
                probe = {**placed, hurdle: prober.hurdle}
                if occupant:
                    probe[target] = occupant
                if any(to == target and hurdle not in locust for to, _, locust in prober.moves(origin, False, probe)):
                    marks.setdefault(target, set()).add(HOP_CAPTURE if occupant else HOP_MOVE)
    if any(m.is_multi_leg or any(leg.has("n") for leg in m.legs) for m in moves):
        paths.extend(_bent_paths(prober, origin, quiet, free, placed))
    paths = [p for p in paths if not any(len(q) > len(p) and q[:len(p)] == p for q in paths)]
    names = geo.names
    zones: dict[str, str] = {}
    if on_board:
        zones = _tinted_zones(game, piece)
    return MoveDiagram(diagram_game.board, origin_name, Piece(piece.id, WHITE),
                       {names[s]: kinds for s, kinds in marks.items()}, [[names[s] for s in p] for p in paths],
                       others, on_board, zones)


def _bent_paths(prober: _Prober, origin: int, quiet: set[int], free: list[int],
                placed: dict[int, int]) -> list[list[int]]:
    """Paths of quiet targets whose blocking squares do not lie on the straight line to them."""
    geo = prober.variant.geometry
    ox, oy = geo.coords[origin]
    paths = []
    for target in sorted(quiet):
        tx, ty = geo.coords[target]
        box = [s for s in free if s != target and min(ox, tx) <= geo.coords[s][0] <= max(ox, tx)
               and min(oy, ty) <= geo.coords[s][1] <= max(oy, ty)]
        blockers = []
        for square in box:
            reached = {to for to, cap, loc in prober.moves(origin, False, {**placed, square: prober.hurdle})
                       if not cap and not loc}
            if target not in reached:
                blockers.append(square)
        if not blockers:
            continue
        straight = all((geo.coords[b][0] - ox) * (ty - oy) == (geo.coords[b][1] - oy) * (tx - ox) for b in blockers)
        if straight:
            continue
        blockers.sort(key=lambda s: abs(geo.coords[s][0] - ox) + abs(geo.coords[s][1] - oy))
        paths.append([origin, *blockers, target])
    return paths


def _tinted_zones(game: Game, piece: PieceType) -> dict[str, str]:
    """White's promotion zone and confinement zone of ``piece``, square -> zone name."""
    tints: dict[str, str] = {}
    promotion = piece.promotion
    if promotion is not None:
        squares = (game.zone_squares(promotion.zone, WHITE) if promotion.zone
                   else game.board.last_ranks(promotion.depth, WHITE))
        tints.update(dict.fromkeys(squares, "promotion"))
    if piece.confined_to:
        tints.update(dict.fromkeys(game.zone_squares(piece.confined_to, WHITE), "palace"))
    return tints
