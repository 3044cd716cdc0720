"""An independent brute-force generator for shogi-like games with drops, used only by the tests as an oracle.

Written from the rules in words, sharing no code with ``fairyport`` (no XBetza, no model, no compiled
tables), for shogi, minishogi and Mitregi 90, 108, 120 and 144 (seed ``001_ae5f5e26610a5ae2`` as issue 9
reads it). Every piece is a list of single steps and a list of unlimited slides, written for White (forward =
up); Black's are the same turned upside down (all these pieces are left-right symmetric).

Rules implemented, as the games state them:

- a move goes to an empty square or captures an enemy piece; a captured piece goes to the capturer's hand
  as its unpromoted kind;
- promotion: a piece that has a promoted form may promote when its move starts or ends in the last
  ``zone`` ranks; it must where, unpromoted, it would have no move at all from its new square;
- drops: a piece in hand goes to any empty square from which it could still move, except that a player may
  not drop where he already has ``per_file`` unpromoted pieces of that kind on the file, or ``per_colour``
  on squares of that colour; in shogi a pawn drop may not checkmate;
- no move may leave the mover's king attacked; a side without moves has lost (checkmate or stalemate), so
  such positions are perft leaves.

Moves are written as Fairy-Stockfish writes them: ``c3c4``, ``b2h8+`` (promoting), ``P@e5`` (drop).
Slow but simple: every move copies the board.
"""

from __future__ import annotations

import dataclasses

Square = tuple[int, int]

ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
CAMEL = ((1, 3), (3, 1), (-1, 3), (-3, 1), (1, -3), (3, -1), (-1, -3), (-3, -1))


@dataclasses.dataclass(frozen=True)
class Kind:
    """A kind of piece: single steps and slides for White, promoted form, drop limits."""

    steps: tuple[Square, ...] = ()
    slides: tuple[Square, ...] = ()
    promotes_to: str | None = None
    royal: bool = False
    per_file: int | None = None
    per_colour: int | None = None
    no_drop_mate: bool = False


GOLD = Kind(steps=(*ORTH, (1, 1), (-1, 1)))
SILVER = Kind(steps=(*DIAG, (0, 1)))
KING = Kind(steps=ORTH + DIAG, royal=True)


def shogi_kinds(small: bool) -> dict[str, Kind]:
    """Shogi's pieces (minishogi has no lance or knight)."""
    kinds = {
        "P": Kind(steps=((0, 1),), promotes_to="G", per_file=1, no_drop_mate=True),
        "S": dataclasses.replace(SILVER, promotes_to="G"),
        "G": GOLD, "K": KING,
        "B": Kind(slides=DIAG, promotes_to="H"), "H": Kind(steps=ORTH, slides=DIAG),
        "R": Kind(slides=ORTH, promotes_to="D"), "D": Kind(steps=DIAG, slides=ORTH),
    }
    if not small:
        kinds["L"] = Kind(slides=((0, 1),), promotes_to="G")
        kinds["N"] = Kind(steps=((1, 2), (-1, 2)), promotes_to="G")
    return kinds


def mitregi_kinds(files: int) -> dict[str, Kind]:
    """Mitregi's pieces; crosses' colour limit is the array's count (4 on 10 files, 6 on 12)."""
    return {
        "P": Kind(steps=((0, 1),), promotes_to="G", per_file=1),
        "X": Kind(steps=((1, 1), (-1, 1)), promotes_to="S", per_colour=4 if files == 10 else 6),
        "R": Kind(slides=ORTH, promotes_to="D"), "D": Kind(steps=DIAG, slides=ORTH),
        "W": Kind(slides=((0, 1),), promotes_to="G"),
        "N": Kind(steps=KNIGHT, promotes_to="Z"), "H": Kind(steps=((1, 2), (-1, 2)), promotes_to="G"),
        "B": Kind(slides=DIAG, promotes_to="I", per_colour=2), "I": Kind(steps=ORTH, slides=DIAG),
        "M": Kind(slides=((1, 1), (-1, 1)), promotes_to="S", per_colour=2),
        "C": Kind(steps=CAMEL, promotes_to="Z", per_colour=2),
        "U": Kind(steps=((1, 3), (-1, 3)), promotes_to="S", per_colour=2),
        "Z": Kind(steps=KNIGHT + CAMEL),
        "S": SILVER, "G": GOLD, "K": KING,
    }


@dataclasses.dataclass(frozen=True)
class Game:
    """A shogi-like game: board size, promotion zone depth, kinds, start FEN."""

    files: int
    ranks: int
    zone: int
    kinds: dict[str, Kind]
    start: str


def game(name: str) -> Game:
    """The game called ``shogi``, ``minishogi`` or ``mitregi90`` ... ``mitregi144``."""
    if name == "shogi":
        return Game(9, 9, 3, shogi_kinds(False), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w")
    if name == "minishogi":
        return Game(5, 5, 1, shogi_kinds(True), "rbsgk/4p/5/P4/KGSBR[] w")
    size = int(name.removeprefix("mitregi"))
    files, ranks = {90: (10, 9), 108: (12, 9), 120: (10, 12), 144: (12, 12)}[size]
    # the arrays in words: rank 1 from the corners in, Wing Helm Mitre (Hump) Silver, King left-middle, Gold
    half1 = "WHM" + ("U" if files == 12 else "") + "S"
    rank1 = half1 + "KG" + half1[::-1]
    half2 = ".R" + ("N" if ranks == 12 else ".") + "B" + ("C" if size == 144 else ".")
    half2 = (half2 + "." * files)[:files // 2]
    rank2 = half2 + half2[::-1]
    mid = "X" * (files // 2 - 3)
    rank3 = "PP" + mid + "PP" + mid + "PP"
    rows = [rank1, rank2, rank3] + ["." * files] * (ranks - 6) + [r[::-1].lower() for r in (rank3, rank2, rank1)]
    fen = "/".join(_compress(r) for r in reversed(rows))
    return Game(files, ranks, 3, mitregi_kinds(files), fen + "[] w")


def _compress(row: str) -> str:
    out, run = "", 0
    for ch in row:
        if ch == ".":
            run += 1
            continue
        if run:
            out, run = out + str(run), 0
        out += ch
    return out + (str(run) if run else "")


@dataclasses.dataclass
class Pos:
    """A position: board (square -> (letter, white, promoted-from letter or None)), hands, side to move."""

    g: Game
    board: dict[Square, tuple[str, bool, str | None]]
    hands: dict[tuple[bool, str], int]
    white: bool


def read(g: Game, fen: str) -> Pos:
    """A position from an X-FEN with holdings (``+P`` promoted pieces, ``[..]`` hands)."""
    placement, _, rest = fen.partition("[")
    hand_text, _, tail = rest.partition("]")
    board: dict[Square, tuple[str, bool, str | None]] = {}
    for i, row in enumerate(placement.split("/")):
        rank = g.ranks - 1 - i
        file, j, promoted = 0, 0, False
        while j < len(row):
            ch = row[j]
            if ch.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                file += int(row[j:k])
                j = k
                continue
            if ch == "+":
                promoted = True
                j += 1
                continue
            letter = ch.upper()
            if promoted:
                target = g.kinds[letter].promotes_to
                assert target is not None
                board[(file, rank)] = (target, ch.isupper(), letter)
            else:
                board[(file, rank)] = (letter, ch.isupper(), None)
            promoted = False
            file += 1
            j += 1
    hands: dict[tuple[bool, str], int] = {}
    for ch in hand_text.strip("-"):
        key = (ch.isupper(), ch.upper())
        hands[key] = hands.get(key, 0) + 1
    return Pos(g, board, hands, tail.split()[0] == "w")


def _inside(g: Game, sq: Square) -> bool:
    return 0 <= sq[0] < g.files and 0 <= sq[1] < g.ranks


def _targets(pos: Pos, sq: Square, letter: str, white: bool) -> list[Square]:
    """Squares the piece could move to (empty or enemy)."""
    g = pos.g
    kind = g.kinds[letter]
    sign = 1 if white else -1
    out: list[Square] = []
    for dx, dy in kind.steps:
        to = (sq[0] + dx, sq[1] + sign * dy)
        if _inside(g, to) and (to not in pos.board or pos.board[to][1] != white):
            out.append(to)
    for dx, dy in kind.slides:
        to = (sq[0] + dx, sq[1] + sign * dy)
        while _inside(g, to):
            if to in pos.board:
                if pos.board[to][1] != white:
                    out.append(to)
                break
            out.append(to)
            to = (to[0] + dx, to[1] + sign * dy)
    return out


def _could_move(g: Game, sq: Square, letter: str, white: bool) -> bool:
    """Whether the piece would have any move from ``sq`` on an empty board."""
    empty = Pos(g, {}, {}, white)
    return bool(_targets(empty, sq, letter, white))


def _in_zone(g: Game, sq: Square, white: bool) -> bool:
    return sq[1] >= g.ranks - g.zone if white else sq[1] < g.zone


def _attacked(pos: Pos, sq: Square, by_white: bool) -> bool:
    return any(sq in _targets(pos, frm, p[0], p[1]) for frm, p in pos.board.items() if p[1] == by_white)


def _king_safe(pos: Pos, white: bool) -> bool:
    kings = [sq for sq, p in pos.board.items() if p[1] == white and pos.g.kinds[p[0]].royal]
    return not any(_attacked(pos, k, not white) for k in kings)


def _name(g: Game, sq: Square) -> str:
    return "abcdefghijkl"[sq[0]] + str(sq[1] + 1)


def play(pos: Pos, move: str) -> Pos:
    """The position after ``move`` (no legality check)."""
    board = dict(pos.board)
    hands = dict(pos.hands)
    white = pos.white
    if "@" in move:
        letter, _, where = move.partition("@")
        hands[(white, letter)] -= 1
        board[_square(where)] = (letter, white, None)
        return Pos(pos.g, board, hands, not white)
    promote = move.endswith("+")
    text = move.rstrip("+")
    cut = 2 if text[2].isalpha() else 3 if text[3].isalpha() else 2
    frm, to = _square(text[:cut]), _square(text[cut:])
    piece = board.pop(frm)
    if to in board:
        victim = board[to]
        key = (white, victim[2] or victim[0])
        hands[key] = hands.get(key, 0) + 1
    if promote:
        target = pos.g.kinds[piece[0]].promotes_to
        assert target is not None
        piece = (target, white, piece[0])
    board[to] = piece
    return Pos(pos.g, board, hands, not white)


def _square(text: str) -> Square:
    return ("abcdefghijkl".index(text[0]), int(text[1:]) - 1)


def legal(pos: Pos, *, mate_test: bool = True) -> list[str]:
    """Every legal move of the side to move."""
    g = pos.g
    white = pos.white
    candidates: list[str] = []
    for frm, (letter, colour, was) in pos.board.items():
        if colour != white:
            continue
        kind = g.kinds[letter]
        for to in _targets(pos, frm, letter, white):
            text = _name(g, frm) + _name(g, to)
            may_promote = was is None and kind.promotes_to is not None and (
                _in_zone(g, frm, white) or _in_zone(g, to, white))
            if may_promote:
                candidates.append(text + "+")
                if _could_move(g, to, letter, white):
                    candidates.append(text)
            else:
                candidates.append(text)
    for (colour, letter), count in sorted(pos.hands.items()):
        if colour != white or not count:
            continue
        kind = g.kinds[letter]
        for file in range(g.files):
            for rank in range(g.ranks):
                sq = (file, rank)
                if sq in pos.board or not _could_move(g, sq, letter, white):
                    continue
                own = [s for s, p in pos.board.items() if p[1] == white and p[0] == letter and p[2] is None]
                if kind.per_file is not None and sum(s[0] == file for s in own) >= kind.per_file:
                    continue
                if kind.per_colour is not None and \
                        sum((s[0] + s[1]) % 2 == (file + rank) % 2 for s in own) >= kind.per_colour:
                    continue
                candidates.append(letter + "@" + _name(g, sq))
    out = []
    for move in candidates:
        after = play(pos, move)
        if not _king_safe(after, white):
            continue
        if mate_test and "@" in move and g.kinds[move[0]].no_drop_mate and not _king_safe(after, not white) \
                and not legal(after, mate_test=False):
            continue
        out.append(move)
    return out


def perft(pos: Pos, depth: int) -> int:
    """Leaf count of the legal-move tree."""
    moves = legal(pos)
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    return sum(perft(play(pos, m), depth - 1) for m in moves)
