"""Positions of games with pieces in hand: captures to hand, drops and their restrictions.

A drop rule's ``safe_square`` tests the empty square before the drop: attacked by the enemy (a piece of the
other colour could capture there) and defended by no friendly piece, the drop is illegal.

:class:`HandPosition` extends :class:`~fairyport.movegen.position.Position` only for games whose rules have
``drops`` (:meth:`~fairyport.movegen.compile.Variant.new_position` chooses it), so games without drops run the
plain generator untouched. A drop is the raw move ``(DROP, square, code, (), (), (), -1)``, written ``P@e4``
(the piece's id in upper case, as Fairy-Stockfish and UCI write drops for both colours).

Hands are a list of counts indexed by piece code (both colours in one list), copied when a move changes them
and kept on a stack beside the board snapshot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fairyport.model import WHITE, Color
from fairyport.movegen.codes import DROP as DROP
from fairyport.movegen.codes import RawMove
from fairyport.movegen.position import Position

if TYPE_CHECKING:
    from fairyport.movegen.compile import Variant


class HandPosition(Position):
    """A position with pieces in hand (see the module docstring)."""

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.hands: list[int] = [0] * variant.codes
        """Count in hand per piece code (the code's colour is the owner)."""
        self._hand_stack: list[list[int]] = []

    def _start_hands(self) -> None:
        """Put the setup's pieces in hand."""
        v = self.variant
        for color, hand in v.game.setup.hands.items():
            for piece_id, count in hand.items():
                symbol = piece_id.upper() if color == WHITE else piece_id.lower()
                self.hands[v.code_by_symbol[symbol]] += count

    def copy(self) -> HandPosition:
        """A copy without the move stack."""
        pos = super().copy()
        assert isinstance(pos, HandPosition)
        pos.hands = self.hands[:]
        return pos

    # ------------------------------------------------------------------ make / unmake
    def push_raw(self, move: RawMove) -> None:
        """Make a move or a drop (no legality check); captured pieces go to the capturer's hand if the game says
        so."""
        self._hand_stack.append(self.hands)
        frm, to, code = move[0], move[1], move[2]
        if frm == DROP:
            hands = self.hands = self.hands[:]
            hands[code] -= 1
            self._stack.append(((to, self.board[to]), self.turn, self.virgin, self.ep, self.ep_victim, self.royals))
            self.board[to] = code
            self.virgin &= ~(1 << to)
            self.ep, self.ep_victim = (), -1
            self.turn ^= 1
            if self.variant.royal[code]:
                self._find_royals()
            return
        v = self.variant
        if v.captures_to_hand or v.captures_to_owner:
            board = self.board
            color = self.turn
            taken = [board[sq] for sq in (to, *move[3]) if board[sq] and (board[sq] - 1) & 1 != color]
            if move[6] >= 0 and board[move[6]]:
                taken.append(board[move[6]])
            if taken:
                hands = self.hands = self.hands[:]
                for victim in taken:
                    hands[v.to_hand[victim]] += 1
        taken_from_hand = v.take_from_hand[code] if code else 0
        if taken_from_hand:
            if self.hands is self._hand_stack[-1]:
                self.hands = self.hands[:]
            self.hands[taken_from_hand] -= 1
        super().push_raw(move)

    def pop_raw(self) -> None:
        """Unmake the last move or drop."""
        super().pop_raw()
        self.hands = self._hand_stack.pop()

    # ------------------------------------------------------------------ move generation
    def legal_raw(self) -> list[RawMove]:
        """Every legal move: the board moves, then the drops."""
        moves = super().legal_raw()
        if not self.variant.drops or self.is_game_over():
            return moves
        return moves + self.legal_drops()

    def legal_drops(self) -> list[RawMove]:
        """Every legal drop of the side to move."""
        v = self.variant
        color = self.turn
        hands = self.hands
        board = self.board
        royals = self._protected(color)
        test = bool(royals) and (v.drop_exposes or self._royal_attacked(color))
        out: list[RawMove] = []
        for code in v.hand_codes[color]:
            if not hands[code]:
                continue
            rule = v.drop_rules[code]
            # a royal piece dropped may not stand attacked (tested even where no royal piece is on the board yet)
            exposed = test or v.royal[code]
            files = shades = None
            if rule.max_per_file is not None or rule.max_per_square_color is not None:
                files, shades = self._counts(code)
            for sq in v.drop_squares[code]:
                if board[sq]:
                    continue
                if files is not None and rule.max_per_file is not None \
                        and files.get(v.square_file[sq], 0) >= rule.max_per_file:
                    continue
                if shades is not None and rule.max_per_square_color is not None \
                        and shades[v.square_shade[sq]] >= rule.max_per_square_color:
                    continue
                if rule.safe_square and self.is_attacked(sq, color ^ 1) and not self.is_attacked(sq, color):
                    continue  # attacked by the enemy, defended by no friend
                move: RawMove = (DROP, sq, code, (), (), (), -1)
                if exposed or rule.no_drop_mate or rule.no_drop_check:
                    self.push_raw(move)
                    illegal = (exposed and self._royal_attacked(color)) or (rule.no_drop_mate and self._mated()) \
                        or (rule.no_drop_check and self.in_check())
                    self.pop_raw()
                    if illegal:
                        continue
                out.append(move)
        return out

    def set_hands(self, counts: list[int]) -> None:
        """Put ``counts[code]`` pieces of each code in hand (a FEN's hand)."""
        self.hands = counts

    def hand_per_code(self) -> list[int] | None:
        """The pieces in hand per code."""
        return self.hands

    def in_hand(self, code: int) -> bool:
        """True if a promotion to ``code`` that takes its piece from hand finds one there."""
        return self.hands[self.variant.take_from_hand[code]] > 0

    def _counts(self, code: int) -> tuple[dict[int, int], list[int]]:
        """How many pieces of ``code`` stand on each file and on each square colour."""
        v = self.variant
        files: dict[int, int] = {}
        shades = [0, 0]
        for sq, piece in enumerate(self.board):
            if piece == code:
                f = v.square_file[sq]
                files[f] = files.get(f, 0) + 1
                shades[v.square_shade[sq]] += 1
        return files, shades

    def _mated(self) -> bool:
        """True if the side to move is in check and has no legal move."""
        return self.in_check() and not self.legal_raw()

    def uci(self, move: RawMove) -> str:
        """``P@e4`` for a drop, else as :meth:`Position.uci`."""
        if move[0] == DROP:
            return self.variant.types[(move[2] - 1) >> 1].piece.id.upper() + "@" + self.variant.geometry.names[move[1]]
        return super().uci(move)

    def hand_counts(self, color: Color) -> dict[str, int]:
        """The pieces ``color`` holds: piece id -> count (ids of types with a count)."""
        v = self.variant
        return {v.types[(code - 1) >> 1].piece.id: self.hands[code] for code in v.hand_codes[color]
                if self.hands[code]}
