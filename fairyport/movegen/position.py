"""A position of a compiled game: board, side to move, virginity, en passant; legal moves; make/unmake.

Make/unmake saves only what a move changes: :meth:`Position.push_raw` writes the board in place and keeps the
squares it wrote with their old contents, and the small state (side to move, virginity bits, e.p. squares,
royal squares); :meth:`Position.pop_raw` writes them back.
Legality is "make the move, then no protected royal piece of the mover may be attacked", which is right for
any piece set, including attacks a move opens or creates through cannon screens.

Internally a move is a tuple ``(from, to, promotion code, locust captures, e.p. squares created,
castling partner (from, to) or (), e.p. victim or -1)``; two moves with the same effect are one move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from fairyport.errors import Location, ParseError
from fairyport.model import WHITE, BareKingRule, Color
from fairyport.movegen.codes import (
    CAPTURE,
    DEFAULT_CASTLING,
    EP,
    FRIEND,
    HOP_CANNON,
    HOP_NONE,
    MAY_PROMOTE,
    MAY_REPEAT,
    QUIET,
    ROYAL_ONLY,
    CastlingSpec,
    RayEntries,
    code_of,
)
from fairyport.movegen.codes import RawMove as RawMove
from fairyport.movegen.connect import connected
from fairyport.movegen.extinction import extinct, scored_winner
from fairyport.movegen.fen import read_fen, write_fen
from fairyport.movegen.file_castling import file_castling_move, file_partner
from fairyport.movegen.goals import flag_winner, flag_won
from fairyport.movegen.tables import FlatPath, Hops, Tables
from fairyport.movegen.walker import Effect, hop_targets, lands, walk

Royals = tuple[tuple[int, ...], tuple[int, ...]]
"""The squares of each colour's royal pieces."""

RETURN_TO_ORIGIN_IS_A_MOVE = True
"""A move whose path leads back to its own square without capturing (``mabK``, the Chu Shogi Lion's pass) is a
move: the piece "passes" (it loses its virginity, the turn goes to the other side). The Interactive Diagram
script treats the origin as empty during the move and emits such moves (a null move for the piece), so fairyport
does the same. One pass per piece, however many paths lead back."""


class Move(NamedTuple):
    """A legal move, as the public API gives it: the raw tuple and its UCI-style text."""

    raw: RawMove
    uci: str

    def __str__(self) -> str:
        return self.uci


class Outcome(NamedTuple):
    """How a finished game ended: the winner (None for a draw) and why."""

    winner: Color | None
    reason: str
    """``checkmate``, ``stalemate``, ``bare king``, ``no royal piece``, ``flag``, ``extinction``, ``connection`` or
    ``check count``."""

    @property
    def result(self) -> str:
        """PGN-style result: ``1-0``, ``0-1`` or ``1/2-1/2``."""
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner == WHITE else "0-1")


def _path_moves(board: list[int], color: Color, virgin: int, allowed: frozenset[int] | None, sq: int,
                paths: tuple[FlatPath, ...], append: Callable[[RawMove], None]) -> None:
    """The moves along the flat paths of the piece on ``sq`` (moves that need empty squares on the way: lame
    leaps, a pawn's double step), given to ``append``; ``allowed``: the squares the piece may end on (None: any).
    A function of the generator's locals, not a method: :meth:`Position.pseudo_legal` calls it for every piece
    with paths (every pawn of chess), so the call is kept cheap."""
    for prereq, ray, flags, ep_created, initial in paths:
        if initial and not virgin >> sq & 1:
            continue
        for s in prereq:
            if board[s]:
                break
        else:
            for to in ray:
                target = board[to]
                if allowed is not None and to not in allowed:
                    if target:
                        break
                    continue
                if target == 0:
                    if flags & QUIET:
                        append((sq, to, 0, (), ep_created, (), -1))
                    continue
                if ((target - 1) & 1) != color:
                    if flags & CAPTURE:
                        append((sq, to, 0, (), (), (), -1))
                elif flags & FRIEND:
                    append((sq, to, 0, (), (), (), -1))
                break


class Position:
    """A position of a compiled game (:class:`~fairyport.movegen.tables.Tables`, which
    :class:`~fairyport.movegen.compile.Variant` implements)."""

    def __init__(self, variant: Tables[Position]) -> None:
        self.variant = variant
        self.board: list[int] = [0] * variant.size
        self.turn: Color = WHITE
        self.virgin = 0
        """Bit ``s`` is set when the piece on square ``s`` has not moved."""
        self.ep: tuple[int, ...] = ()
        """Squares an e.p. capture may move to (skipped by the last move)."""
        self.ep_victim = -1
        """The square of the piece an e.p. capture removes."""
        self.royals: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.halfmove = 0
        """Plies since the last capture, promotion or move of a piece that never retreats (kept by push/pop)."""
        self.fullmove = 1
        self._counters: list[tuple[int, int]] = []
        self._stack: list[tuple[tuple[int, ...], Color, int, tuple[int, ...], int, Royals]]
        """Per move made: the undo record ((square, old content) pairs in the order written), then the small
        state before the move."""
        self._stack = []

    # ------------------------------------------------------------------ construction
    @classmethod
    def start(cls, variant: Tables[Position]) -> Position:
        """The game's start position; every piece is virgin."""
        pos = variant.new_position()
        for sq, code in variant.start_codes.items():
            pos.board[sq] = code
        pos.turn = variant.game.setup.side_to_move
        pos.virgin = sum(1 << s for s in range(variant.size) if pos.board[s])
        pos._find_royals()
        pos._start_hands()
        return pos

    def set_hands(self, counts: list[int]) -> None:
        """Put ``counts[code]`` pieces of each code in hand (a FEN's hand): no hands here, the FEN's is ignored."""

    def hand_per_code(self) -> list[int] | None:
        """The pieces in hand per code: None, no hands here (:class:`~fairyport.movegen.drops.HandPosition`)."""
        return None

    def in_hand(self, code: int) -> bool:
        """True if a promotion to ``code`` that takes its piece from hand finds one there (no hands here)."""
        return False

    def _start_hands(self) -> None:
        """Put the setup's pieces in hand (games with drops: :class:`~fairyport.movegen.drops.HandPosition`)."""

    @classmethod
    def from_fen(cls, variant: Tables[Position], fen: str) -> Position:
        """A position from a FEN (see :mod:`fairyport.movegen.fen`)."""
        return read_fen(variant.new_position(), fen)

    def fen(self) -> str:
        """The position as a FEN (see :mod:`fairyport.movegen.fen`)."""
        return write_fen(self)

    def copy(self) -> Position:
        """A copy without the move stack."""
        pos = self.variant.new_position()
        pos.board = self.board[:]
        pos.turn, pos.virgin, pos.ep, pos.ep_victim, pos.royals = (
            self.turn, self.virgin, self.ep, self.ep_victim, self.royals)
        pos.halfmove, pos.fullmove = self.halfmove, self.fullmove
        return pos

    def _find_royals(self) -> None:
        royal = self.variant.royal
        found: tuple[list[int], list[int]] = ([], [])
        for sq, code in enumerate(self.board):
            if code and royal[code]:
                found[(code - 1) & 1].append(sq)
        self.royals = (tuple(found[0]), tuple(found[1]))

    # ------------------------------------------------------------------ make / unmake
    def push_raw(self, move: RawMove) -> None:
        """Make a move (no legality check), saving only what it changes: the squares it writes, with what they
        held, in the order written, and the small state (side to move, virginity, e.p., royal squares)."""
        frm, to, promo, caps, ep_created, castle, ep_victim = move
        board = self.board
        piece = board[frm]
        royal = self.variant.royal
        royals = self.royals
        state = (self.turn, self.virgin, self.ep, self.ep_victim, royals)
        if caps or castle or ep_victim >= 0:
            undo, touched_royal = self._write_general(frm, to, promo or piece, caps, castle, ep_victim)
            self._stack.append((undo, *state))
            simple = False
        else:
            target = board[to]
            self._stack.append(((frm, piece, to, target), *state))
            board[frm] = 0
            board[to] = promo or piece
            self.virgin &= ~(1 << frm | 1 << to)
            touched_royal = royal[piece] or royal[target] or bool(promo and royal[promo])
            simple = royal[piece] and not royal[target] and not promo and frm != to
        if ep_created:
            self.ep, self.ep_victim = ep_created, to
        elif self.ep:
            self.ep, self.ep_victim = (), -1
        self.turn ^= 1
        if touched_royal:
            if simple:  # a royal piece moved to an empty or non-royal square: follow it
                color = (piece - 1) & 1
                moved = tuple(to if sq == frm else sq for sq in royals[color])
                self.royals = (moved, royals[1]) if color == WHITE else (royals[0], moved)
            else:
                self._find_royals()

    def _write_general(self, frm: int, to: int, arriving: int, caps: tuple[int, ...], castle: tuple[int, ...],
                       ep_victim: int) -> tuple[tuple[int, ...], bool]:
        """Write a locust, e.p. or castling move on the board; return its undo record ((square, old content)
        pairs in the order written) and whether a royal piece was moved or captured."""
        board = self.board
        royal = self.variant.royal
        piece = board[frm]
        undo = [frm, piece]
        touched = royal[piece] or royal[board[to]] or royal[arriving]
        board[frm] = 0
        cleared = 1 << frm | 1 << to
        for sq in caps:
            undo += (sq, board[sq])
            touched = touched or royal[board[sq]]
            board[sq] = 0
            cleared |= 1 << sq
        if ep_victim >= 0:
            undo += (ep_victim, board[ep_victim])
            touched = touched or royal[board[ep_victim]]
            board[ep_victim] = 0
            cleared |= 1 << ep_victim
        if castle:
            rook_from, rook_to = castle
            partner = board[rook_from]
            undo += (rook_from, partner, rook_to, board[rook_to])
            board[rook_from] = 0
            board[rook_to] = partner
            cleared |= 1 << rook_from | 1 << rook_to
        undo += (to, board[to])
        board[to] = arriving
        self.virgin &= ~cleared
        return tuple(undo), touched

    def pop_raw(self) -> None:
        """Unmake the last move."""
        undo, self.turn, self.virgin, self.ep, self.ep_victim, self.royals = self._stack.pop()
        board = self.board
        if len(undo) == 4:
            board[undo[2]] = undo[3]
            board[undo[0]] = undo[1]
            return
        for i in range(len(undo) - 2, -1, -2):
            board[undo[i]] = undo[i + 1]

    def push(self, move: Move) -> None:
        """Make a legal move from :meth:`legal_moves`, keeping the move counters (perft uses push_raw)."""
        frm, to, promo, caps, _, _, victim = move.raw
        resets = bool(self.board[to] or caps or victim >= 0 or promo) or self.variant.irreversible[self.board[frm]]
        self._counters.append((self.halfmove, self.fullmove))
        self.push_raw(move.raw)
        self.halfmove = 0 if resets else self.halfmove + 1
        self.fullmove += self.turn == WHITE

    def pop(self) -> None:
        """Unmake the last move made with :meth:`push`."""
        self.pop_raw()
        self.halfmove, self.fullmove = self._counters.pop()

    # ------------------------------------------------------------------ attacks
    def is_attacked(self, square: int, by: Color) -> bool:
        """True if a piece of colour ``by`` could capture on ``square`` (check-only ``k`` moves included)."""
        v = self.variant
        board = self.board
        for frm, code in v.leap_attackers[by][square]:
            if board[frm] == code:
                return True
        return self._attacked_along(square, v.ray_attackers[by][square], v.special_attackers[by][square])

    def _attacked_along(self, square: int, rays: RayEntries, specials: tuple[tuple[int, int], ...]) -> bool:
        """True if one of these reverse rays or general attackers reaches ``square``."""
        board = self.board
        for ray, kind, codes in rays:
            if kind == HOP_NONE:
                for i, s in enumerate(ray):
                    piece = board[s]
                    if piece:
                        limit = codes.get(piece)
                        if limit is not None and (limit == 0 or i < limit):
                            return True
                        break
            elif kind == HOP_CANNON:
                screened = False
                for i, s in enumerate(ray):
                    piece = board[s]
                    if piece:
                        if screened:
                            limit = codes.get(piece)
                            if limit is not None and (limit == 0 or i < limit):
                                return True
                            break
                        screened = True
            elif ray and board[ray[0]]:
                for s in ray[1:]:
                    piece = board[s]
                    if piece:
                        if piece in codes:
                            return True
                        break
        if not specials:
            return False
        return any(board[frm] == code and self._special_hits(frm, code, square) for frm, code in specials)

    def _exposed(self, color: Color, squares: tuple[int, int]) -> bool:
        """After a quiet move from a safe position: is a royal of ``color`` attacked along lines through ``squares``?"""
        v = self.variant
        enemy = color ^ 1
        for king in self.royals[color]:
            for sq in squares:
                rays, specials = v.lines_through(enemy, king, sq)
                if (rays or specials) and self._attacked_along(king, rays, specials):
                    return True
        return False

    def _special_hits(self, frm: int, code: int, square: int) -> bool:
        board = self.board
        effects: list[Effect] = []
        color = (code - 1) & 1
        occupant = board[square]
        if occupant == 0:
            board[square] = code_of(0, color ^ 1)  # a stand-in victim: is an empty square attacked?
        board[frm] = 0
        try:
            for program in self.variant.programs[code][frm]:
                if program.initial and not self.virgin >> frm & 1:
                    continue
                for root in program.roots:
                    walk(root, board, color, CAPTURE | ROYAL_ONLY, (), -1, (), effects)
        finally:
            board[frm] = code
            board[square] = occupant
        allowed = self.variant.allowed[code]
        return any(
            (to == square or square in caps) and (allowed is None or to in allowed)
            for to, caps, _, _ in effects
        )

    def in_check(self) -> bool:
        """True if a protected royal piece of the side to move is attacked."""
        return self._royal_attacked(self.turn)

    def checked_royals(self, color: Color) -> list[str]:
        """The squares (by name) of ``color``'s protected royal pieces that the other side attacks; for the side
        not to move, a start position that is no position of a game (its royal piece could be taken)."""
        enemy = color ^ 1
        return [self.variant.geometry.names[sq] for sq in self._protected(color) if self.is_attacked(sq, enemy)]

    def _protected(self, color: Color) -> tuple[int, ...]:
        """The squares of ``color``'s royal pieces that no move may leave attacked (see RoyalProtection)."""
        royals = self.royals[color]
        return () if len(royals) > 1 and not self.variant.protect_every else royals

    def _royal_attacked(self, color: Color) -> bool:
        enemy = color ^ 1
        return any(self.is_attacked(sq, enemy) for sq in self._protected(color))

    # ------------------------------------------------------------------ move generation
    def is_game_over(self) -> bool:
        """True if the game has ended before any move (bare king, royal pieces all gone)."""
        v = self.variant
        if v.has_royals and not self.royals[self.turn]:
            return True
        if v.flag is not None and flag_won(self):
            return True
        if v.extinction is not None and extinct(self) is not None:
            return True
        if v.connect is not None and connected(self):
            return True
        if v.game.rules.bare_king is BareKingRule.LOSS:
            return self._is_bare(self.turn) and not self._is_bare(self.turn ^ 1)
        return False

    def outcome(self) -> Outcome | None:
        """The result if the game is over in this position (no legal move, bare king, no royal), else None.

        A stalemate scores as the game's :class:`~fairyport.model.StalemateResult` says for the stalemated side.
        """
        loser = self.turn
        if self.variant.has_royals and not self.royals[loser]:
            return Outcome(loser ^ 1, "no royal piece")
        if self.variant.flag is not None and flag_won(self):
            return Outcome(flag_winner(self), "flag")
        spec = self.variant.extinction
        if spec is not None:
            gone = extinct(self)
            if gone is not None:
                return Outcome(scored_winner(spec.result, gone), "extinction")
        connect = self.variant.connect
        if connect is not None and connected(self):
            return Outcome(scored_winner(connect.result, loser ^ 1), "connection")
        if self.is_game_over():
            return Outcome(loser ^ 1, "bare king")
        if self.legal_raw():
            return None
        if self.in_check():
            return Outcome(loser ^ 1, "checkmate")
        return Outcome(scored_winner(self.variant.game.rules.stalemate, loser), "stalemate")

    def _is_bare(self, color: Color) -> bool:
        royal = self.variant.royal
        return not any(code and ((code - 1) & 1) == color and not royal[code] for code in self.board)

    def pseudo_legal(self) -> list[RawMove]:
        """Every move of the side to move by the piece rules, before the royal-safety test."""
        v = self.variant
        board = self.board
        color = self.turn
        out: list[RawMove] = []
        append = out.append
        moves_from = v.moves_from
        ep = self.ep
        virgin = self.virgin
        after = 0  # MAY_PROMOTE and MAY_REPEAT bits of the squares moved from
        for sq, code in enumerate(board):
            if not code or code & 1 == color:  # empty or the opponent's (White's codes are odd)
                continue
            entry = moves_from[code][sq]
            if entry is None:
                continue
            leaps, slides, hops, paths, general, bits = entry
            after |= bits
            for to, flags in leaps:
                target = board[to]
                if target == 0:
                    if flags & QUIET:
                        append((sq, to, 0, (), (), (), -1))
                    if flags & EP and to in ep:
                        append((sq, to, 0, (), (), (), self.ep_victim))
                elif ((target - 1) & 1) != color:
                    if flags & CAPTURE:
                        append((sq, to, 0, (), (), (), -1))
                elif flags & FRIEND:
                    append((sq, to, 0, (), (), (), -1))
            for ray, flags in slides:
                for to in ray:
                    target = board[to]
                    if target == 0:
                        if flags & QUIET:
                            append((sq, to, 0, (), (), (), -1))
                        continue
                    if ((target - 1) & 1) != color:
                        if flags & CAPTURE:
                            append((sq, to, 0, (), (), (), -1))
                    elif flags & FRIEND:
                        append((sq, to, 0, (), (), (), -1))
                    break
            if hops:
                self._hop_moves(sq, hops, out)
            if paths:
                _path_moves(board, color, virgin, v.allowed[code], sq, paths, append)
            if general:
                self._program_moves(sq, code, out)
        if v.castlers:
            self._castling_moves(out)
        if after & MAY_PROMOTE:
            out = self._with_promotions(out)
        if after & MAY_REPEAT:
            out = list(dict.fromkeys(out))
        return out

    def _hop_moves(self, sq: int, hops: Hops, out: list[RawMove]) -> None:
        """The hops' moves (cannon, grasshopper) of the piece on ``sq``, appended to ``out``."""
        board = self.board
        color = self.turn
        for ray, flags, kind in hops:
            for to in hop_targets(ray, kind, board):
                if lands(board[to], color, flags, CAPTURE):
                    out.append((sq, to, 0, (), (), (), -1))

    def _program_moves(self, sq: int, code: int, out: list[RawMove]) -> None:
        v = self.variant
        board = self.board
        effects: list[Effect] = []
        board[sq] = 0
        try:
            for program in v.general[code][sq]:
                if program.initial and not self.virgin >> sq & 1:
                    continue
                for root in program.roots:
                    walk(root, board, self.turn, CAPTURE, self.ep, self.ep_victim, (), effects)
        finally:
            board[sq] = code
        allowed = v.allowed[code]
        for to, caps, ep_created, victim in effects:
            if to == sq and not caps and not RETURN_TO_ORIGIN_IS_A_MOVE:
                continue
            if allowed is not None and to not in allowed:
                continue
            out.append((sq, to, 0, caps, ep_created, (), victim))

    def _castling_moves(self, out: list[RawMove]) -> None:
        v = self.variant
        board = self.board
        color = self.turn
        enemy = color ^ 1
        for king in self.castler_squares(color):
            virgin = self.virgin >> king & 1
            for ray, step, king_to, partner_to, passed, spec in v.castling_paths(board[king], king):
                if spec.virgin and not virgin:
                    continue
                if spec.king_file is not None:  # to fixed files (Fairy-Stockfish, Chess960)
                    if (move := file_castling_move(self, king, ray, spec)) is not None:
                        out.append(move)
                    continue
                if board[ray[0]]:
                    continue  # the partner stands beyond the royal's destination, with empty squares between
                partner = self._partner_on(ray, color, spec)
                if partner < step:  # none, or not beyond the royal's destination
                    continue
                square = ray[partner]
                if any(board[s] for s in ray[:partner]):
                    continue
                if spec.safe and v.royal[board[king]] and any(self.is_attacked(s, enemy) for s in passed):
                    continue
                out.append((king, king_to, 0, (), (), (square, partner_to), -1))

    def passage_attacked(self, squares: tuple[int, ...]) -> bool:
        """Whether a royal of the side to move castling to fixed files from ``squares[0]`` to ``squares[-1]`` is
        in check or passes or lands on a square attacked now (:mod:`.file_castling`)."""
        enemy = self.turn ^ 1
        return any(self.is_attacked(sq, enemy) for sq in squares)

    def castler_squares(self, color: Color) -> tuple[int, ...]:
        """The squares of ``color``'s pieces that may castle: its royal pieces, then its non-royal castling pieces
        (which castle without the attack test)."""
        free = self.variant.free_castlers[color]
        if not free:
            return self.royals[color]
        return (*self.royals[color], *(sq for sq, code in enumerate(self.board) if code in free))

    def outermost(self, square: int, dx: int) -> int:
        """The last occupied square walking from ``square`` along its rank by ``dx`` to the edge (or a hole)."""
        geo = self.variant.geometry
        f, r = geo.coords[square]
        found = -1
        while (s := geo.at(f := f + dx, r)) >= 0:
            if self.board[s]:
                found = s
        return found

    def castle_partner(self, king: int, dx: int, color: Color, spec: CastlingSpec | None = None) -> int:
        """The piece ``color``'s royal on ``king`` may castle with in direction ``dx`` (by ``spec``, else the
        default rule), else -1 (see :meth:`_partner_on`)."""
        ray = self.variant.geometry.ray(king, dx, 0, 0)
        partner = self._partner_on(ray, color, spec or DEFAULT_CASTLING)
        return ray[partner] if partner >= 0 else -1

    def _partner_on(self, ray: tuple[int, ...], color: Color, spec: CastlingSpec = DEFAULT_CASTLING) -> int:
        """The index in ``ray`` (a royal's rank one way, up to the edge or a hole) of the piece it may castle with,
        else -1: by default the outermost piece on the ray, of ``color``, virgin, and on the corner or a rook-like
        (``R``) piece; ``spec`` may instead place it at a distance, spare the virgin test and name its types."""
        board = self.board
        if spec.king_file is not None:
            return file_partner(self, ray, color, spec)
        if spec.distance is not None:
            j = spec.distance - 1
            if j >= len(ray):
                return -1
            code = board[ray[j]]
            if not code:
                return -1
        else:
            for j in range(len(ray) - 1, -1, -1):
                code = board[ray[j]]
                if code:
                    break
            else:
                return -1
        if ((code - 1) & 1) != color or (spec.virgin and not self.virgin >> ray[j] & 1):
            return -1
        kind = (code - 1) >> 1
        if spec.partners:
            return j if kind in spec.partners else -1
        if j != len(ray) - 1 and not self.variant.types[kind].is_castle_partner:
            return -1  # neither on the corner nor a rook-like piece
        return j

    def _with_promotions(self, moves: list[RawMove]) -> list[RawMove]:
        v = self.variant
        board = self.board
        color = self.turn
        squares = v.promotion_squares[color]
        first = next((i for i, move in enumerate(moves) if (squares >> move[0] | squares >> move[1]) & 1), -1)
        if first < 0:
            return moves  # no move starts or ends in a promotion zone
        out: list[RawMove] = moves[:first]
        for move in moves[first:]:
            frm, to = move[0], move[1]
            code = board[frm]
            zone = v.promotion_zone[code]
            if not zone or move[5]:
                out.append(move)
                continue
            if to in zone:
                if not v.promotion_triggers[code] & (2 if frm in zone else 1):  # WITHIN or ENTER
                    out.append(move)
                    continue
            elif not (v.promotion_triggers[code] & 4 and frm in zone):  # LEAVE
                out.append(move)
                continue
            promotion = v.types[(code - 1) >> 1].piece.promotion
            assert promotion is not None
            distance = v.last_rank_distance[color][to]
            promoted = waiting = limited = False
            for choice_code, choice in v.promotion_choices[code]:
                if choice.max_depth is not None and distance > choice.max_depth:
                    continue
                if choice.max_count is not None and self._count_kind(choice_code) >= choice.max_count:
                    limited = True
                    continue
                if distance == 1 and not choice.on_last_rank:
                    continue
                if choice.from_hand and not self.in_hand(choice_code):
                    waiting = True
                    continue
                out.append((move[0], move[1], choice_code, move[3], move[4], move[5], move[6]))
                promoted = True
            if not promoted and waiting and promotion.mandatory:
                continue  # a compulsory promotion whose pieces are not in hand yet: the move waits (Grand Chess)
            if not promoted and limited and (promotion.mandatory or (promotion.mandatory_where_stuck
                                                                     and to in v.stuck[code])):
                continue  # every choice at its limit (Fairy-Stockfish's promotionLimit): no such move
            if not promoted or not (promotion.mandatory or (promotion.mandatory_where_stuck and to in v.stuck[code])):
                out.append(move)
        return out

    def _count_kind(self, code: int) -> int:
        """How many pieces of the type and colour of ``code`` stand on the board (promoted ones too)."""
        types = self.variant.types
        wanted = types[(code - 1) >> 1].piece.id
        color = (code - 1) & 1
        return sum(1 for c in self.board if c and (c - 1) & 1 == color and types[(c - 1) >> 1].piece.id == wanted)

    def legal_raw(self) -> list[RawMove]:
        """Every legal move as raw tuples (the fast path used by perft)."""
        if self.is_game_over():
            return []
        color = self.turn
        royals = self._protected(color)
        moves = self.pseudo_legal()
        if not royals:
            return moves
        if len(royals) == 1 and not self._royal_attacked(color):
            return self._legal_unchecked(moves, royals[0], color)
        legal: list[RawMove] = []
        safe_mask = 0
        if not self._royal_attacked(color):
            # moves touching no square that matters to a royal piece's safety need no attack test
            sensitive = self.variant.sensitive
            for king in royals:
                safe_mask |= sensitive(color, king) | 1 << king
            safe_mask = ~safe_mask
        royal = self.variant.royal
        for move in moves:
            frm, to, promo, caps, _, castle, victim = move
            # a promotion to a royal type puts a new royal piece on the board: always tested
            if safe_mask and not caps and not castle and victim < 0 and frm not in royals and not royal[promo]:
                if safe_mask >> frm & 1 and safe_mask >> to & 1:
                    legal.append(move)
                    continue
                # only lines through the two squares whose occupancy changed can newly attack a royal
                self.push_raw(move)
                if not self._exposed(color, (frm, to)):
                    legal.append(move)
                self.pop_raw()
                continue
            self.push_raw(move)
            if not self._royal_attacked(color):
                legal.append(move)
            self.pop_raw()
        return legal

    def made_legal(self, moves: Iterable[RawMove]) -> list[RawMove]:
        """The ``moves`` that leave no protected royal piece of the mover attacked, each tested by making it (the
        slow, sure test of rules whose moves change more than their squares: rebirth, splits, joins)."""
        color = self.turn
        legal: list[RawMove] = []
        for move in moves:
            self.push_raw(move)
            if not self._royal_attacked(color):
                legal.append(move)
            self.pop_raw()
        return legal

    def _legal_unchecked(self, moves: list[RawMove], king: int, color: Color) -> list[RawMove]:
        """The legal moves among ``moves`` when ``color``'s one protected royal piece, on ``king``, is not
        attacked: pins are found once; a move of a piece that is not pinned (or stays on its pin line) and
        touches no hopping ray or general attacker's path to the royal is legal without being made."""
        v = self.variant
        board = self.board
        royal = v.royal
        enemy = color ^ 1
        hop_rays, specials, slides = v.screened(color, king)
        pins = self._pins(slides)
        screened = 0  # squares where arriving or leaving may open or make an attack by a hop or a general move
        for ray, codes, mask in hop_rays:
            for sq in ray:
                if board[sq] in codes:  # an enemy hopper on the line
                    screened |= mask
                    break
        for origin, code, mask in specials:
            if board[origin] == code:
                screened |= mask
        legal: list[RawMove] = []
        append = legal.append
        for move in moves:
            frm, to, promo, caps, _, castle, victim = move
            if caps or castle or victim >= 0 or royal[board[to]] or (royal[promo] and frm != king):
                self.push_raw(move)
                if not self._royal_attacked(color):
                    append(move)
                self.pop_raw()
            elif frm == king:
                piece = board[frm]
                target = board[to]
                board[frm] = 0
                board[to] = promo or piece
                # a royal piece that promotes to a non-royal one leaves nothing here to attack
                attacked = False if promo and not royal[promo] else self.is_attacked(to, enemy)
                board[to] = target
                board[frm] = piece
                if not attacked:
                    append(move)
            elif screened and (screened >> frm | screened >> to) & 1:
                # only lines through the two squares whose occupancy changes can newly attack the royal: test
                # them on the board with the move written in place
                piece = board[frm]
                target = board[to]
                board[frm] = 0
                board[to] = promo or piece
                exposed = self._exposed(color, (frm, to))
                board[to] = target
                board[frm] = piece
                if not exposed:
                    append(move)
            elif not pins:
                append(move)
            else:
                line = pins.get(frm)
                if line is None or line >> to & 1:
                    append(move)
        return legal

    def _pins(self, slides: RayEntries) -> dict[int, int]:
        """Pinned pieces of the side to move: square -> bit mask of the squares it may move to without
        opening a sliding attack (the line up to and including the pinning piece). ``slides`` are the plain
        sliding reverse rays from its royal piece."""
        board = self.board
        mover = self.turn
        pins: dict[int, int] = {}
        for ray, _, codes in slides:
            blocker = -1
            for i, sq in enumerate(ray):
                piece = board[sq]
                if not piece:
                    continue
                if blocker < 0:
                    if (piece - 1) & 1 != mover:
                        break
                    blocker = sq
                    continue
                limit = codes.get(piece)
                if limit is not None and (limit == 0 or i < limit):
                    line = 0
                    for s in ray[:i + 1]:
                        line |= 1 << s
                    pins[blocker] = pins.get(blocker, line) & line
                break
        return pins

    def legal_moves(self) -> list[Move]:
        """Every legal move of the side to move, each once."""
        return [Move(m, self.uci(m)) for m in self.legal_raw()]

    def uci(self, move: RawMove) -> str:
        """UCI-style text: from and to squares, a lower-case promotion id (``+`` for a shogi-style promotion),
        ``x`` + square per locust capture; castling to fixed files is the royal's square and its partner's."""
        names = self.variant.geometry.names
        text = names[move[0]] + names[move[5][0] if move[5] and self._to_files(move[0]) else move[1]]
        if move[2]:
            promoted = self.variant.types[(move[2] - 1) >> 1]
            text += "+" if promoted.mark == "+" else promoted.piece.id.lower()
        for sq in move[3]:
            text += "x" + names[sq]
        return text

    def _to_files(self, king: int) -> bool:
        """Whether the piece on ``king`` castles to fixed files (its castling is written king-takes-partner, as
        Fairy-Stockfish's Chess960 writes it: the royal may stay on its square)."""
        return any(spec.king_file is not None for spec in self.variant.castlers.get(self.board[king], ()))

    def parse_uci(self, text: str) -> Move:
        """The legal move written ``text`` (as :meth:`uci` writes it).

        :raises ParseError: if no legal move is written so.
        """
        for move in self.legal_moves():
            if move.uci == text:
                return move
        raise ParseError(f"no legal move {text!r} in {self.fen()}", Location(), expected="a legal move",
                         found=text)

    def __repr__(self) -> str:
        return f"Position({self.fen()!r})"

