"""An independent brute-force move generator, used only by the tests as an oracle.

It is written from the rules in words (not from XBetza, and sharing no code with ``fairyport.movegen``) for
four games:

- ``"chess"``: FIDE chess (double step, en passant, castling with the through-check rules, promotion to
  Q R B N).
- ``"mideast"``: Mideast Chess (J. M. Green), 10x10. King, Queen, Rook, Bishop, Knight as in chess;
  Castle ``S`` = knight leap or a jump to any square exactly two away orthogonally or diagonally;
  Chevalier ``C`` = (1,3) leap; Courtier ``Z`` = (2,3) leap; Cavalier ``V`` = one diagonal step onto an empty
  square then one or more squares orthogonally outward, or one orthogonal step onto an empty square then one
  or more squares diagonally outward (never to an adjacent square, no jumping). Pawns as in chess (double
  step from their start rank, the 3rd, and en passant), promoting on the last rank to Q R N B V Z C S.
  No castling.
- ``"shatranj-kamil-x"``: Shatranj Kamil X (D. Paulowich), 10x10. King, Rook, Knight as in chess; Pawn one
  step forward, captures one step diagonally forward, no double step; Ferz ``F`` one diagonal step;
  Silver ``S`` = ferz + one step straight forward; Cannon ``C`` = xiangqi cannon; Elephant ``E`` = exactly two
  diagonal steps, the first square empty, turning allowed, never back to its start; War Elephant ``W`` =
  ferz + elephant. Pawns and ferzes promote (mandatorily) to War Elephant on the last rank. No castling.

- ``"holed-chess"``: FIDE chess without the d and e pawns, whose start squares d2, e2, d7, e7 are holes (not
  part of the board: nothing moves onto or through them).

The board is a plain dict from ``(file, rank)`` (0-based) to a FEN letter (upper case white, lower case
black), holding occupied squares only. Legality is "make the move, then the mover's king must not be
attacked". Moves are distinct by effect ``(from, to, promotion)``. Checkmate and stalemate are simply
positions without moves. Positions are read from and written as X-FEN (multi-digit empty counts, ranks from
the top); moves are UCI strings (``e2e4``, ``a9a10q``, ``f9e10w``).

Slow but simple: every move copies the board.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import random
from collections.abc import Callable, Iterable

Square = tuple[int, int]
Board = dict[Square, str]
# A piece's move function: (board, square it stands on, is it white, game) -> destination squares
# (empty or enemy-occupied; never own-occupied). Pawns are handled by the generator itself.
MoveFunc = Callable[[Board, Square, bool, "GameRules"], set[Square]]

ORTHOGONAL: tuple[Square, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL: tuple[Square, ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ALL_DIRECTIONS: tuple[Square, ...] = ORTHOGONAL + DIAGONAL


def _symmetric(a: int, b: int) -> tuple[Square, ...]:
    """All eight (or four) sign/axis variants of the leap (a, b)."""
    result: set[Square] = set()
    for x, y in ((a, b), (b, a)):
        for sx in (1, -1):
            for sy in (1, -1):
                result.add((sx * x, sy * y))
    return tuple(sorted(result))


KNIGHT_LEAPS = _symmetric(1, 2)
CAMEL_LEAPS = _symmetric(1, 3)
ZEBRA_LEAPS = _symmetric(2, 3)
ALFIL_LEAPS = _symmetric(2, 2)
DABBABA_LEAPS = _symmetric(2, 0)


# ---------------------------------------------------------------------------------------------------------------
# Game description


@dataclasses.dataclass(frozen=True)
class GameRules:
    """The rules of one game for this generator."""

    name: str
    width: int
    height: int
    moves: dict[str, MoveFunc]  # upper-case letter -> move function (pawn ``P`` is not in here)
    promotions: dict[str, tuple[str, ...]]  # upper-case letter of a promoting piece -> upper-case choices
    pawn_double_step_rank: int | None  # 0-based rank (from White's side) of White's double step; None: none
    castling: bool  # FIDE castling (8x8, king e1/e8, rooks a/h)
    start_fen: str
    names: dict[str, str]  # upper-case letter -> piece name (lower case), including the pawn
    holes: frozenset[Square] = frozenset()  # squares of the rectangle that are not part of the board

    def on_board(self, square: Square) -> bool:
        """Whether ``square`` lies on the board (inside the rectangle and not a hole)."""
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height and square not in self.holes

    def letters(self) -> set[str]:
        """All upper-case piece letters of the game (including the pawn)."""
        return set(self.moves) | {"P"}


def _is_white(piece: str) -> bool:
    return piece.isupper()


def _add(square: Square, delta: Square) -> Square:
    return (square[0] + delta[0], square[1] + delta[1])


def _free_or_enemy(board: Board, square: Square, white: bool) -> bool:
    piece = board.get(square)
    return piece is None or _is_white(piece) != white


# ---------------------------------------------------------------------------------------------------------------
# Piece movement, one small function per way of moving


def leaper(offsets: Iterable[Square]) -> MoveFunc:
    """A piece that jumps by any of ``offsets`` to an empty or enemy square."""
    offsets = tuple(offsets)

    def moves(board: Board, square: Square, white: bool, game: GameRules) -> set[Square]:
        result = set()
        for delta in offsets:
            target = _add(square, delta)
            if game.on_board(target) and _free_or_enemy(board, target, white):
                result.add(target)
        return result

    return moves


def _slide_from(board: Board, start: Square, direction: Square, white: bool, game: GameRules) -> set[Square]:
    """Squares reached sliding from ``start`` (exclusive) along ``direction``: empties, then one enemy."""
    result = set()
    target = _add(start, direction)
    while game.on_board(target):
        piece = board.get(target)
        if piece is None:
            result.add(target)
        else:
            if _is_white(piece) != white:
                result.add(target)
            break
        target = _add(target, direction)
    return result


def slider(directions: Iterable[Square]) -> MoveFunc:
    """A piece that slides any distance along ``directions`` (rook, bishop, queen)."""
    directions = tuple(directions)

    def moves(board: Board, square: Square, white: bool, game: GameRules) -> set[Square]:
        result: set[Square] = set()
        for direction in directions:
            result |= _slide_from(board, square, direction, white, game)
        return result

    return moves


def combine(*parts: MoveFunc) -> MoveFunc:
    """A piece that moves as any of ``parts``."""

    def moves(board: Board, square: Square, white: bool, game: GameRules) -> set[Square]:
        result: set[Square] = set()
        for part in parts:
            result |= part(board, square, white, game)
        return result

    return moves


def cannon(board: Board, square: Square, white: bool, game: GameRules) -> set[Square]:
    """Xiangqi cannon: moves like a rook without capturing; captures by jumping exactly one piece (either
    colour) along a line and taking the first piece beyond it, if that piece is an enemy."""
    result = set()
    for direction in ORTHOGONAL:
        target = _add(square, direction)
        while game.on_board(target) and target not in board:
            result.add(target)
            target = _add(target, direction)
        if not game.on_board(target):
            continue
        # ``target`` holds the screen; look for the first piece beyond it.
        target = _add(target, direction)
        while game.on_board(target) and target not in board:
            target = _add(target, direction)
        if game.on_board(target) and _is_white(board[target]) != white:
            result.add(target)
    return result


def elephant(board: Board, square: Square, white: bool, game: GameRules) -> set[Square]:
    """Shatranj Kamil X elephant (Jetan "Chained Padwar"): exactly two diagonal steps, the first onto an
    empty square; it may turn between the steps but may not come back to its start."""
    result = set()
    for first in DIAGONAL:
        middle = _add(square, first)
        if not game.on_board(middle) or middle in board:
            continue
        for second in DIAGONAL:
            target = _add(middle, second)
            if target != square and game.on_board(target) and _free_or_enemy(board, target, white):
                result.add(target)
    return result


def cavalier(board: Board, square: Square, white: bool, game: GameRules) -> set[Square]:
    """Mideast Chess cavalier: one diagonal step onto an empty square, then one or more squares along one of
    the two orthogonal directions that point away from the start (they share a component with the diagonal
    step); or one orthogonal step onto an empty square, then one or more squares along one of the two
    diagonals that continue that step. All squares passed must be empty; lands on an empty or enemy square.
    It never ends on a square adjacent to its start."""
    result: set[Square] = set()
    for dx, dy in DIAGONAL:
        middle = (square[0] + dx, square[1] + dy)
        if game.on_board(middle) and middle not in board:
            for direction in ((dx, 0), (0, dy)):
                result |= _slide_from(board, middle, direction, white, game)
    for dx, dy in ORTHOGONAL:
        middle = (square[0] + dx, square[1] + dy)
        if game.on_board(middle) and middle not in board:
            continuations = ((1, dy), (-1, dy)) if dx == 0 else ((dx, 1), (dx, -1))
            for direction in continuations:
                result |= _slide_from(board, middle, direction, white, game)
    return result


def silver(board: Board, square: Square, white: bool, game: GameRules) -> set[Square]:
    """Silver general: one diagonal step, or one step straight forward."""
    forward = 1 if white else -1
    return leaper((*DIAGONAL, (0, forward)))(board, square, white, game)


KING = leaper(ALL_DIRECTIONS)
QUEEN = slider(ALL_DIRECTIONS)
ROOK = slider(ORTHOGONAL)
BISHOP = slider(DIAGONAL)
KNIGHT = leaper(KNIGHT_LEAPS)
FERZ = leaper(DIAGONAL)

CHESS = GameRules(
    name="chess",
    width=8,
    height=8,
    moves={"K": KING, "Q": QUEEN, "R": ROOK, "B": BISHOP, "N": KNIGHT},
    promotions={"P": ("Q", "R", "B", "N")},
    pawn_double_step_rank=1,
    castling=True,
    start_fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    names={"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn"},
)

MIDEAST = GameRules(
    name="mideast",
    width=10,
    height=10,
    moves={
        "K": KING,
        "Q": QUEEN,
        "R": ROOK,
        "B": BISHOP,
        "N": KNIGHT,
        "S": leaper(KNIGHT_LEAPS + ALFIL_LEAPS + DABBABA_LEAPS),  # Castle
        "C": leaper(CAMEL_LEAPS),  # Chevalier
        "Z": leaper(ZEBRA_LEAPS),  # Courtier
        "V": cavalier,  # Cavalier
    },
    promotions={"P": ("Q", "R", "N", "B", "V", "Z", "C", "S")},
    pawn_double_step_rank=2,
    castling=False,
    start_fen="z1c1ss1c1z/rnbvqkvbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBVQKVBNR/Z1C1SS1C1Z w - - 0 1",
    names={
        "K": "king",
        "Q": "queen",
        "R": "rook",
        "B": "bishop",
        "N": "knight",
        "S": "castle",
        "C": "chevalier",
        "Z": "courtier",
        "V": "cavalier",
        "P": "pawn",
    },
)

SHATRANJ_KAMIL_X = GameRules(
    name="shatranj-kamil-x",
    width=10,
    height=10,
    moves={
        "K": KING,
        "R": ROOK,
        "N": KNIGHT,
        "F": FERZ,
        "S": silver,
        "C": cannon,
        "E": elephant,
        "W": combine(FERZ, elephant),  # War Elephant
    },
    promotions={"P": ("W",), "F": ("W",)},
    pawn_double_step_rank=None,
    castling=False,
    start_fen="c3ke3c/1rnsefsnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/1RNSEFSNR1/C3KE3C w - - 0 1",
    names={
        "K": "king",
        "R": "rook",
        "N": "knight",
        "F": "ferz",
        "S": "silver",
        "C": "cannon",
        "E": "elephant",
        "W": "warelephant",
        "P": "pawn",
    },
)

# Mideast Chess perft from the start position, measured with this generator (2026-11-22; d4 took 146 s in one
# process). No other engine plays Mideast Chess; these are the project's reference numbers, which the reference
# generator (fairyport.movegen) must reproduce independently. Root-move divides:
# tests/movegen/test_oracle_independent.py.
MIDEAST_START_PERFT: dict[int, int] = {1: 40, 2: 1600, 3: 67782, 4: 2865846}

HOLED_CHESS = dataclasses.replace(
    CHESS,
    name="holed-chess",
    holes=frozenset({(3, 1), (4, 1), (3, 6), (4, 6)}),
    start_fen="rnbqkbnr/ppp2ppp/8/8/8/8/PPP2PPP/RNBQKBNR w KQkq - 0 1",
)
"""Chess without the d and e pawns, whose squares d2, e2, d7, e7 are holes (tests/diagrams/holed-chess)."""

GAMES: dict[str, GameRules] = {game.name: game for game in (CHESS, MIDEAST, SHATRANJ_KAMIL_X, HOLED_CHESS)}


def get_game(game: str | GameRules) -> GameRules:
    """The rules for a game name (``"chess"``, ``"mideast"``, ``"shatranj-kamil-x"``), or ``game`` itself."""
    if isinstance(game, GameRules):
        return game
    try:
        return GAMES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}; known: {sorted(GAMES)}") from None


# ---------------------------------------------------------------------------------------------------------------
# Positions and FEN


@dataclasses.dataclass(frozen=True)
class State:
    """A position: board, side to move, castling rights, e.p. square and the two FEN counters."""

    board: Board
    white_to_move: bool
    castling: str  # subset of "KQkq", in that order; "" for none
    ep_square: Square | None
    halfmove: int
    fullmove: int


@dataclasses.dataclass(frozen=True)
class Move:
    """A move: from, to, promotion letter (upper case, or None), and a special kind."""

    origin: Square
    target: Square
    promotion: str | None = None
    kind: str = ""  # "", "double" (pawn double step), "ep" (en passant capture), "castle"

    def uci(self) -> str:
        """The move in UCI notation, promotion letter in lower case."""
        text = square_name(self.origin) + square_name(self.target)
        return text + self.promotion.lower() if self.promotion else text


def square_name(square: Square) -> str:
    """``(0, 9)`` -> ``"a10"``."""
    return "abcdefghijklmnopqrstuvwxyz"[square[0]] + str(square[1] + 1)


def parse_square(name: str, game: GameRules) -> Square:
    """``"a10"`` -> ``(0, 9)``; raises ValueError for a square off the board."""
    file = "abcdefghijklmnopqrstuvwxyz".find(name[:1])
    if file < 0 or not name[1:].isdigit():
        raise ValueError(f"bad square name {name!r}")
    square = (file, int(name[1:]) - 1)
    if not game.on_board(square):
        raise ValueError(f"square {name!r} is off the {game.width}x{game.height} board")
    return square


def parse_fen(game: GameRules, fen: str) -> State:
    """Read an X-FEN: placement (ranks from the top, multi-digit empty counts), side, castling, e.p.,
    and optional half-move and full-move counters."""
    fields = fen.split()
    if len(fields) < 2:
        raise ValueError(f"FEN needs at least placement and side to move: {fen!r}")
    rows = fields[0].split("/")
    if len(rows) != game.height:
        raise ValueError(f"FEN has {len(rows)} ranks, {game.name} has {game.height}")
    board: Board = {}
    for row_index, row in enumerate(rows):
        rank = game.height - 1 - row_index
        file = 0
        digits = ""
        for char in row + "/":  # "/" flushes pending digits
            if char.isdigit():
                digits += char
                continue
            if digits:
                file += int(digits)
                digits = ""
            if char == "/":
                break
            if char.upper() not in game.letters():
                raise ValueError(f"unknown piece letter {char!r} for {game.name}")
            if file >= game.width:
                raise ValueError(f"rank {rank + 1} is too long in {fen!r}")
            board[(file, rank)] = char
            file += 1
        if file != game.width:
            raise ValueError(f"rank {rank + 1} has {file} files, expected {game.width}: {fen!r}")
    if fields[1] not in ("w", "b"):
        raise ValueError(f"side to move must be w or b: {fen!r}")
    castling = fields[2] if len(fields) > 2 else "-"
    if castling != "-" and (not game.castling or any(c not in "KQkq" for c in castling)):
        raise ValueError(f"castling field {castling!r} not valid for {game.name}")
    castling = "".join(c for c in "KQkq" if c in castling)
    ep_field = fields[3] if len(fields) > 3 else "-"
    ep_square = None if ep_field == "-" else parse_square(ep_field, game)
    halfmove = int(fields[4]) if len(fields) > 4 else 0
    fullmove = int(fields[5]) if len(fields) > 5 else 1
    return State(board, fields[1] == "w", castling, ep_square, halfmove, fullmove)


def to_fen(game: GameRules, state: State) -> str:
    """Write ``state`` as an X-FEN (same conventions as :func:`parse_fen`)."""
    rows = []
    for rank in range(game.height - 1, -1, -1):
        row = ""
        empty = 0
        for file in range(game.width):
            piece = state.board.get((file, rank))
            if piece is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += piece
        if empty:
            row += str(empty)
        rows.append(row)
    ep = "-" if state.ep_square is None else square_name(state.ep_square)
    side = "w" if state.white_to_move else "b"
    return f"{'/'.join(rows)} {side} {state.castling or '-'} {ep} {state.halfmove} {state.fullmove}"


# ---------------------------------------------------------------------------------------------------------------
# Attacks and move generation


def _pawn_captures(square: Square, white: bool, game: GameRules) -> list[Square]:
    forward = 1 if white else -1
    return [t for t in ((square[0] - 1, square[1] + forward), (square[0] + 1, square[1] + forward)) if game.on_board(t)]


def attacks(board: Board, square: Square, piece: str, target: Square, game: GameRules) -> bool:
    """Whether ``piece`` standing on ``square`` could capture on ``target`` (which must hold a piece of the
    other colour for the answer to mean anything for cannons)."""
    white = _is_white(piece)
    if piece.upper() == "P":
        return target in _pawn_captures(square, white, game)
    return target in game.moves[piece.upper()](board, square, white, game)


_REACH_CACHE: dict[tuple[str, str, Square], frozenset[Square]] = {}


def reach(game: GameRules, piece: str, square: Square) -> frozenset[Square]:
    """A superset of the squares ``piece`` on ``square`` can ever capture on: the union of its destinations on
    an otherwise empty board and on a board whose every other square holds an enemy piece (pawns: their two
    capture squares). Blockers only take destinations away from the pieces here, and a cannon captures only
    on its rook lines, so this bound is safe; ``tests/movegen/test_independent_movegen.py`` checks it on random
    positions against the unfiltered attack test. Used only to skip pieces quickly."""
    key = (game.name, piece, square)
    cached = _REACH_CACHE.get(key)
    if cached is not None:
        return cached
    white = _is_white(piece)
    if piece.upper() == "P":
        result = frozenset(_pawn_captures(square, white, game))
    else:
        move = game.moves[piece.upper()]
        enemy = "p" if white else "P"
        full: Board = {(f, r): enemy for f in range(game.width) for r in range(game.height) if (f, r) != square}
        full[square] = piece
        result = frozenset(move({square: piece}, square, white, game) | move(full, square, white, game))
    _REACH_CACHE[key] = result
    return result


def is_attacked(board: Board, target: Square, by_white: bool, game: GameRules, prefilter: bool = True) -> bool:
    """Whether a piece of the side ``by_white`` could capture a piece of the other side standing on ``target``.

    ``target`` must hold a piece of the other side (it always holds the king here). With ``prefilter``, pieces
    whose :func:`reach` does not contain ``target`` are skipped without generating their moves."""
    for square, piece in board.items():
        if _is_white(piece) != by_white:
            continue
        if prefilter and target not in reach(game, piece, square):
            continue
        if attacks(board, square, piece, target, game):
            return True
    return False


def in_check(board: Board, white: bool, game: GameRules) -> bool:
    """Whether the king of side ``white`` is attacked. A side without a king is never in check."""
    king = "K" if white else "k"
    for square, piece in board.items():
        if piece == king:
            return is_attacked(board, square, not white, game)
    return False


def _promotion_choices(game: GameRules, piece: str, target: Square) -> tuple[str, ...]:
    """Promotion letters (upper case) for ``piece`` arriving on ``target``, or () for no promotion."""
    white = _is_white(piece)
    last_rank = game.height - 1 if white else 0
    if target[1] != last_rank:
        return ()
    return game.promotions.get(piece.upper(), ())


def pseudo_legal_moves(game: GameRules, state: State) -> list[Move]:
    """All moves of the side to move, ignoring whether they leave its own king attacked."""
    board = state.board
    white = state.white_to_move
    result: list[Move] = []
    for square, piece in list(board.items()):
        if _is_white(piece) != white:
            continue
        if piece.upper() == "P":
            result.extend(_pawn_moves(game, state, square, piece))
            continue
        for target in game.moves[piece.upper()](board, square, white, game):
            choices = _promotion_choices(game, piece, target)
            if choices:
                result.extend(Move(square, target, choice) for choice in choices)
            else:
                result.append(Move(square, target))
    if game.castling:
        result.extend(_castling_moves(game, state))
    return result


def _pawn_moves(game: GameRules, state: State, square: Square, piece: str) -> list[Move]:
    board = state.board
    white = _is_white(piece)
    forward = 1 if white else -1
    plain: list[Move] = []
    one = (square[0], square[1] + forward)
    if game.on_board(one) and one not in board:
        plain.append(Move(square, one))
        if game.pawn_double_step_rank is not None:
            start_rank = game.pawn_double_step_rank if white else game.height - 1 - game.pawn_double_step_rank
            two = (square[0], square[1] + 2 * forward)
            if square[1] == start_rank and game.on_board(two) and two not in board:
                plain.append(Move(square, two, kind="double"))
    for target in _pawn_captures(square, white, game):
        occupant = board.get(target)
        if occupant is not None and _is_white(occupant) != white:
            plain.append(Move(square, target))
        elif occupant is None and target == state.ep_square:
            victim = board.get((target[0], square[1]))
            if victim is not None and victim.upper() == "P" and _is_white(victim) != white:
                plain.append(Move(square, target, kind="ep"))
    result: list[Move] = []
    for move in plain:
        choices = _promotion_choices(game, piece, move.target)
        if choices:
            result.extend(Move(move.origin, move.target, choice, move.kind) for choice in choices)
        else:
            result.append(move)
    return result


def _castling_moves(game: GameRules, state: State) -> list[Move]:
    """FIDE castling: king and rook on their home squares with the right kept, squares between them empty,
    and the king not in check, not passing through an attacked square, not landing on one."""
    board = state.board
    white = state.white_to_move
    rank = 0 if white else game.height - 1
    king, rook = ("K", "R") if white else ("k", "r")
    result: list[Move] = []
    home = (4, rank)
    if board.get(home) != king:
        return result
    # (right, rook file, files that must be empty, files the king stands on / passes / lands on)
    sides = (("K", 7, (5, 6), (4, 5, 6)), ("Q", 0, (1, 2, 3), (4, 3, 2)))
    for right, rook_file, empty_files, king_files in sides:
        if (right if white else right.lower()) not in state.castling:
            continue
        if board.get((rook_file, rank)) != rook:
            continue
        if any((f, rank) in board for f in empty_files):
            continue
        safe = True
        for f in king_files:
            trial = dict(board)
            del trial[home]
            trial[(f, rank)] = king
            if is_attacked(trial, (f, rank), not white, game):
                safe = False
                break
        if safe:
            result.append(Move(home, (king_files[-1], rank), kind="castle"))
    return result


_CASTLING_SQUARES = {(0, 0): "Q", (7, 0): "K", (4, 0): "KQ", (0, 7): "q", (7, 7): "k", (4, 7): "kq"}


def make_move(game: GameRules, state: State, move: Move) -> State:
    """The position after ``move`` (which must be pseudo-legal in ``state``)."""
    board = dict(state.board)
    piece = board.pop(move.origin)
    captured = board.get(move.target)
    if move.kind == "ep":
        captured = board.pop((move.target[0], move.origin[1]))
    if move.kind == "castle":
        rank = move.origin[1]
        rook_from, rook_to = ((7, rank), (5, rank)) if move.target[0] == 6 else ((0, rank), (3, rank))
        board[rook_to] = board.pop(rook_from)
    new_piece = piece
    if move.promotion:
        new_piece = move.promotion if _is_white(piece) else move.promotion.lower()
    board[move.target] = new_piece
    castling = state.castling
    if game.castling:
        for square in (move.origin, move.target):
            for right in _CASTLING_SQUARES.get(square, ""):
                castling = castling.replace(right, "")
    ep_square = None
    if move.kind == "double":
        ep_square = (move.origin[0], (move.origin[1] + move.target[1]) // 2)
    halfmove = 0 if captured is not None or piece.upper() == "P" else state.halfmove + 1
    fullmove = state.fullmove + (0 if state.white_to_move else 1)
    return State(board, not state.white_to_move, castling, ep_square, halfmove, fullmove)


def legal_move_objects(game: GameRules, state: State) -> list[tuple[Move, State]]:
    """Legal moves of ``state`` with the positions they lead to, distinct by (from, to, promotion)."""
    result: list[tuple[Move, State]] = []
    seen: set[tuple[Square, Square, str | None]] = set()
    for move in pseudo_legal_moves(game, state):
        key = (move.origin, move.target, move.promotion)
        if key in seen:
            continue
        after = make_move(game, state, move)
        if not in_check(after.board, state.white_to_move, game):
            seen.add(key)
            result.append((move, after))
    return result


def _count_legal(game: GameRules, state: State) -> int:
    return len(legal_move_objects(game, state))


def _perft_state(game: GameRules, state: State, depth: int) -> int:
    if depth == 0:
        return 1
    if depth == 1:
        return _count_legal(game, state)
    return sum(_perft_state(game, after, depth - 1) for _, after in legal_move_objects(game, state))


# ---------------------------------------------------------------------------------------------------------------
# Public string API


def legal_moves(game: str | GameRules, fen: str) -> list[str]:
    """The legal moves of the position ``fen`` in game ``game``, as sorted UCI strings."""
    rules = get_game(game)
    return sorted(move.uci() for move, _ in legal_move_objects(rules, parse_fen(rules, fen)))


def _perft_task(args: tuple[str, str, int]) -> int:
    game, fen, depth = args
    rules = get_game(game)
    return _perft_state(rules, parse_fen(rules, fen), depth)


def perft(game: str | GameRules, fen: str, depth: int, jobs: int = 1) -> int:
    """The number of leaf nodes of the legal-move tree of ``depth`` plies below ``fen``.

    ``jobs > 1`` spreads the root moves over that many worker processes (same count, less wall time)."""
    rules = get_game(game)
    state = parse_fen(rules, fen)
    if jobs <= 1 or depth < 2:
        return _perft_state(rules, state, depth)
    tasks = [(rules.name, to_fen(rules, after), depth - 1) for _, after in legal_move_objects(rules, state)]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return sum(pool.imap_unordered(_perft_task, tasks))


def divide(game: str | GameRules, fen: str, depth: int) -> dict[str, int]:
    """For each legal root move (UCI), the perft of depth ``depth - 1`` below it (``depth >= 1``)."""
    rules = get_game(game)
    return {
        move.uci(): _perft_state(rules, after, depth - 1)
        for move, after in legal_move_objects(rules, parse_fen(rules, fen))
    }


def play(game: str | GameRules, fen: str, uci: str) -> str:
    """The FEN after the legal move ``uci``; raises ValueError if it is not a legal move."""
    rules = get_game(game)
    state = parse_fen(rules, fen)
    for move, after in legal_move_objects(rules, state):
        if move.uci() == uci:
            return to_fen(rules, after)
    raise ValueError(f"{uci!r} is not a legal move in {fen!r} ({rules.name})")


def start_fen(game: str | GameRules) -> str:
    """The start position of ``game``."""
    return get_game(game).start_fen


def random_playout(game: str | GameRules, fen: str, plies: int, rng: random.Random) -> list[tuple[list[str], str]]:
    """Play up to ``plies`` uniformly random legal moves from ``fen``, each drawn with ``rng`` from the list
    sorted by UCI text (so a seeded generator makes it deterministic). Returns, after every move, the UCI moves
    played so far and the FEN; stops early at a position without moves."""
    rules = get_game(game)
    state = parse_fen(rules, fen)
    line: list[str] = []
    result: list[tuple[list[str], str]] = []
    for _ in range(plies):
        options = sorted(legal_move_objects(rules, state), key=lambda pair: pair[0].uci())
        if not options:
            break
        move, state = rng.choice(options)
        line.append(move.uci())
        result.append((list(line), to_fen(rules, state)))
    return result


def random_playout_fens(game: str | GameRules, fen: str, plies: int, rng: random.Random) -> list[str]:
    """The FENs of :func:`random_playout`."""
    return [position for _, position in random_playout(game, fen, plies, rng)]
