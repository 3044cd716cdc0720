"""Move diagrams of pieces whose moves are kept as code (a ZRF move block, a GAME Code piece function), drawn
from the moves the format's own interpreter plays.

The reference generator cannot draw such a piece (:mod:`fairyport.render.moves` asks it), so
:func:`played_diagram` asks the interpreter that plays the game, through what every engine has: a position and
its legal moves (:class:`fairyport.movegen.perft.PerftPosition`). It sets up a board as empty as the game allows:
the piece on a square in the middle of the start position's area, and only the pieces the game needs to go on
(its royal pieces and those of its extinction and flag goals, on their start squares). The squares its legal
moves end on are its moves; then an enemy piece is put on the squares it reached, the nearest of each line first,
and on the squares around it it did not reach: a move that ends there is a capture.

Two ways to set up a board, by where the code is kept:

- a model that keeps code its format's interpreter plays (:func:`fairyport.formats.game_engine`: a ZRF game
  written back as ZRF): the model with the probe's setup;
- a source file whose piece functions the model did not translate (Game Courier): the file's own interpreter
  given the probe's FEN.

Where neither works (no interpreter, an include it lacks, no move at all), there is no diagram and the page says
in one sentence that the piece's moves are kept as code.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from itertools import groupby
from math import gcd
from pathlib import Path

from fairyport.errors import FairyportError
from fairyport.formats import FORMATS, detect_format, game_engine, load_engine
from fairyport.model import BLACK, WHITE, Game, Piece, PieceType, Setup, square_name
from fairyport.render.moves import CAPTURE, MOVE, MoveDiagram
from fairyport.render.rules import kept_moves_format

Placement = dict[str, Piece]
Place = Callable[[Placement], list[str]]
"""``place(placement)``: the names (origin and destination first, as ``uci`` gives them) of the legal moves of
White to move in the position of ``placement``."""

NEAR = 2
"""How far (in king steps) around the piece an enemy is put to find captures on squares it does not move to."""


def _model_placer(game: Game, source: str) -> Place:
    """Positions of ``game`` with another setup, played by the interpreter that plays the model."""
    def place(placement: Placement) -> list[str]:
        probe = dataclasses.replace(game, setup=Setup(dict(placement), WHITE, {}), program=None,
                                    program_source=None)
        position = game_engine(probe, source).position(None, None)
        return [position.uci(move) for move in position.legal_raw()]
    return place


def _fen(game: Game, placement: Placement) -> str:
    """The FEN of ``placement`` (White to move): letters for one-character ids, ``{ID}`` for longer ones, ``-``
    for a hole, digits for runs of empty squares."""
    board = game.board
    rows = []
    for rank in reversed(range(board.ranks)):
        cells = [_cell(placement.get(name), name in board.holes)
                 for name in (square_name(file, rank, board.first_rank) for file in range(board.files))]
        rows.append("".join(str(len(list(run))) if cell == "" else "".join(run) for cell, run in groupby(cells)))
    return "/".join(rows) + " w"


def _cell(piece: Piece | None, hole: bool) -> str:
    """One square of :func:`_fen`: empty text for an empty square."""
    if piece is None:
        return "-" if hole else ""
    symbol = piece.id.upper() if piece.color == WHITE else piece.id.lower()
    return symbol if len(symbol) == 1 else "{" + symbol + "}"


def _file_placer(path: Path, game: Game) -> Place | None:
    """Positions set by FEN in the source file's own interpreter, or None where its format has none."""
    try:
        form = FORMATS[detect_format(path)]
    except FairyportError:
        return None
    if form.engine is None or not path.is_file():
        return None
    engine = load_engine(path, engine="native")

    def place(placement: Placement) -> list[str]:
        position = engine.position(_fen(game, placement), None)
        return [position.uci(move) for move in position.legal_raw()]
    return place


def _placer(game: Game, source: str) -> Place | None:
    if any(FORMATS[f].play_kept is not None for f in game.kept_formats() if f in FORMATS):
        return _model_placer(game, source)
    return _file_placer(Path(source.partition("#")[0]), game)


def needed_pieces(game: Game, piece: PieceType, *, singles: bool = False) -> Placement:
    """The pieces of the start position the game needs to go on (royal pieces, those its extinction and flag
    goals count), but White's of ``piece``'s own type (that is the piece drawn). ``singles``: also the types each
    side starts with one of (a king the model does not know as royal: its code says so)."""
    rules = game.rules
    kinds = {p.id for p in game.pieces if p.royal}
    if rules.extinction is not None and rules.extinction.pieces is not None:
        kinds |= set(rules.extinction.pieces)
    if rules.flag is not None:
        kinds |= {pid for pid in (rules.flag.white_piece, rules.flag.black_piece) if pid is not None}
    if singles:
        counts = Counter(game.setup.placement.values())
        kinds |= {p.id for p, n in counts.items() if n == 1 and counts[Piece(p.id, 1 - p.color)] == 1}
    return {sq: p for sq, p in game.setup.placement.items()
            if p.id in kinds and not (p.id == piece.id and p.color == WHITE)}


def _coords(game: Game, name: str) -> tuple[int, int] | None:
    square = game.board.square(name)
    return None if square.file is None or square.rank is None else (square.file, square.rank)


def probe_origin(game: Game, taken: Placement) -> str | None:
    """A free square nearest the middle of the start position's pieces (far from ``taken`` on a tie)."""
    placed = [c for c in (_coords(game, sq) for sq in game.setup.placement) if c is not None]
    if not placed:
        return None
    middle = ((min(f for f, _ in placed) + max(f for f, _ in placed)) / 2,
              (min(r for _, r in placed) + max(r for _, r in placed)) / 2)
    busy = [c for c in (_coords(game, sq) for sq in taken) if c is not None]
    best: tuple[float, float, str] | None = None
    for position in game.board.positions:
        at = _coords(game, position.name)
        if at is None or position.name in taken or position.name in game.board.holes:
            continue
        room = min((max(abs(at[0] - b[0]), abs(at[1] - b[1])) for b in busy), default=0)
        key = (abs(at[0] - middle[0]) + abs(at[1] - middle[1]), -room, position.name)
        if best is None or key < best:
            best = key
    return best[2] if best is not None else None


def _destinations(names: list[str], origin: str, squares: set[str]) -> set[str]:
    """The squares the moves named ``names`` that start on ``origin`` end on (the first step of a chain)."""
    found = set()
    for name in names:
        rest = name.split(",")[0]
        if not rest.startswith(origin):
            continue
        rest = rest[len(origin):]
        ends = [sq for sq in squares if rest.startswith(sq)]
        if ends:
            found.add(max(ends, key=len))
    return found


def _enemy(game: Game, piece: PieceType, needed: Placement) -> Piece:
    """The Black piece put on squares to find captures: of the drawn piece's type, unless the game needs that
    type (then another type it does not need, where there is one)."""
    kinds = {p.id for p in needed.values()}
    spare = [p.id for p in game.pieces if p.id not in kinds]
    return Piece(piece.id if piece.id in spare or not spare else spare[0], BLACK)


def _rounds(game: Game, origin: str, reached: set[str]) -> list[list[str]]:
    """The reached squares in rounds: the k-th nearest of each line from ``origin`` in round k (so no enemy
    stands in front of another on a line)."""
    ox, oy = _coords(game, origin) or (0, 0)
    lines: dict[tuple[int, int], list[tuple[int, str]]] = {}
    for square in reached:
        at = _coords(game, square)
        if at is None:
            continue
        dx, dy = at[0] - ox, at[1] - oy
        step = gcd(dx, dy) or 1
        lines.setdefault((dx // step, dy // step), []).append((step, square))
    rows = [sorted(line) for line in lines.values()]
    return [[row[k][1] for row in rows if k < len(row)] for k in range(max(map(len, rows), default=0))]


def played_diagram(game: Game, piece: PieceType, source: str) -> tuple[MoveDiagram, str] | None:
    """The move diagram of ``piece`` played by the interpreter of its kept code, and that format's name; None
    where no interpreter can set up a position for it or it has no move there (see the module docstring)."""
    fmt = kept_moves_format(game, piece)
    if fmt is None:
        return None
    try:
        place = _placer(game, source)
        if place is None:
            return None
        return _probe(game, piece, place, fmt), fmt
    except (FairyportError, LookupError, ValueError):
        return None


def _setting(game: Game, piece: PieceType, place: Place, squares: set[str]) -> tuple[Placement, str, set[str]]:
    """The pieces the probes keep on the board, the square of the drawn piece and the squares it moves to: with
    only the pieces the model knows the game needs, else also those each side has one of."""
    drawn = Piece(piece.id, WHITE)
    found: tuple[Placement, str, set[str]] | None = None
    for singles in (False, True):
        needed = needed_pieces(game, piece, singles=singles)
        origin = probe_origin(game, needed)
        if origin is None:
            raise LookupError("no square to put the piece on")
        found = needed, origin, _destinations(place({**needed, origin: drawn}), origin, squares)
        if found[2]:
            break
    assert found is not None
    return found


def _probe(game: Game, piece: PieceType, place: Place, fmt: str) -> MoveDiagram:
    squares = {p.name for p in game.board.positions if p.name not in game.board.holes}
    drawn = Piece(piece.id, WHITE)
    needed, origin, reached = _setting(game, piece, place, squares)
    marks: dict[str, set[str]] = {sq: {MOVE} for sq in reached if sq not in needed}
    marks.update({sq: {CAPTURE} for sq in reached if sq in needed and needed[sq].color == BLACK})
    enemy = _enemy(game, piece, needed)
    ox, oy = _coords(game, origin) or (0, 0)
    around = [sq for sq in squares - reached - set(needed) - {origin}
              if (at := _coords(game, sq)) is not None and max(abs(at[0] - ox), abs(at[1] - oy)) <= NEAR]
    for targets in [*_rounds(game, origin, reached - set(needed)), around]:
        if not targets:
            continue
        placement = {**needed, origin: drawn, **dict.fromkeys(targets, enemy)}
        for square in _destinations(place(placement), origin, squares) & set(targets):
            marks.setdefault(square, set()).add(CAPTURE)
    if not marks:
        raise LookupError("the interpreter plays no move of the piece there")
    return MoveDiagram(game.board, origin, drawn, marks, [], needed, True, played_by=fmt)
