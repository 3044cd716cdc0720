"""The last royal piece protected (:attr:`~fairyport.model.RoyalProtection.LAST`) in a written ZRF file.

With this rule a side's royal pieces may be left attacked while it has two or more; its last one may not (Fairy-
Stockfish's pseudo-royal pieces, the Diagram's extinction royalty). ZRF's ``(checkmated T)`` protects every
piece of type T, so a side that starts with two royal pieces has them written as a non-royal copy of each type,
``Maharajah-unguarded`` (same moves, same notation), and every landing of the opponent that captures one of them
``change-type``s the side's other unguarded piece into its royal type (one ``(if ... (change-type T sq))`` per
square of the board, in the macro :data:`GUARD_MACRO`): from then on ``checkmated`` protects it.

This is exact only where the count of a side's royal pieces goes from two to one by a capture on the capturing
piece's landing square and never grows: at most two royal pieces a side, no pieces in hand, no promotion to a royal
type, no moves of several legs (a capture on a square passed on the way), no royal en-passant victim, no atomic
captures or facing rule (both capture elsewhere), no goal that counts or places a royal type, and no royal type
that castles, has initial moves or is a castling partner (a ``change-type`` gives the piece its type's initial
attributes). Anything else is refused with the reason.
"""

from __future__ import annotations

import dataclasses

from fairyport.errors import UnsupportedError
from fairyport.model import BLACK, WHITE, Game, PieceType, RoyalProtection
from fairyport.xbetza import syntax as betza
from fairyport.zrf.write.sexpr import Expr

UNGUARDED = "-unguarded"
"""Suffix of the ZRF name of a royal type's non-royal copy (``Maharajah-unguarded``)."""
GUARD_MACRO = "guard-last-royal"
"""The macro that turns the opponent's other unguarded royal piece into its royal type."""
FEATURE = "royal protection: last"
"""The feature named by this module's refusals."""


@dataclasses.dataclass
class LastRoyal:
    """The unguarded copies of the royal types of the sides that start with two royal pieces."""

    copies: dict[str, PieceType]
    """Royal type id (upper case) -> its non-royal copy."""
    colors: frozenset[int]
    """The colours whose royal pieces start unguarded."""

    def placed(self, color: int, piece_id: str) -> str:
        """The id of the type a piece of ``color`` and type ``piece_id`` is set up as."""
        copy = self.copies.get(piece_id.upper())
        return copy.id if copy is not None and color in self.colors else piece_id.upper()

    def landing(self, names: dict[str, str]) -> Expr:
        """The test every landing makes first: an unguarded royal piece of the opponent captured there."""
        kinds: list[Expr] = [["piece?", names[copy.id]] for copy in self.copies.values()]
        return ["if", ["and", "enemy?", kinds[0] if len(kinds) == 1 else ["or", *kinds]], [GUARD_MACRO]]

    def macro(self, names: dict[str, str], squares: list[str]) -> list[Expr]:
        """``(define guard-last-royal ...)``: every other square holding an unguarded royal piece of the opponent
        gets its royal type."""
        body: list[Expr] = []
        for square in squares:
            for royal, copy in self.copies.items():
                body.append(["if", ["and", ["not", ["position?", square]], ["enemy?", square],
                                    ["piece?", names[copy.id], square]],
                             ["change-type", names[royal], square]])
        return ["define", GUARD_MACRO, *body]


def plan(game: Game, parsed: dict[str, list[betza.Move]], rooklike: list[str],
         names: dict[str, str], ep_victims: set[str]) -> LastRoyal | None:
    """The unguarded copies for ``game`` (None: no side starts with several royal pieces, or the rule is not
    :attr:`RoyalProtection.LAST`).

    :raises UnsupportedError: where the copies would not play the rule exactly (see the module docstring).
    """
    if game.rules.royal_protection is not RoyalProtection.LAST:
        return None
    royal_ids = {p.id.upper() for p in game.pieces if p.royal}
    counts = {c: [q.id.upper() for q in game.setup.placement.values() if q.color == c and q.id.upper() in royal_ids]
              for c in (WHITE, BLACK)}
    colors = frozenset(c for c, ids in counts.items() if len(ids) > 1)
    if not colors:
        return None

    def refuse(why: str) -> UnsupportedError:
        return UnsupportedError(f"only the last royal piece protected is written in ZRF by turning the other royal "
                                f"piece royal when one is captured; not here: {why}", feature=FEATURE)

    if any(len(ids) > 2 for ids in counts.values()):
        raise refuse("a side has more than two royal pieces (the copies would have to be counted)")
    rules = game.rules
    if rules.drops or rules.captures_to_hand or any(n for hand in game.setup.hands.values() for n in hand.values()):
        raise refuse("pieces in hand")
    if rules.blast is not None or not rules.royals_may_face:
        raise refuse("atomic captures or royal pieces that may not face each other (captures off the landing "
                     "square)")
    if rules.flag is not None or rules.connect is not None or (
            rules.extinction is not None and (rules.extinction.pieces is None
                                              or royal_ids & {t.upper() for t in rules.extinction.pieces})):
        raise refuse("a goal that places or counts the royal types")
    for piece in game.pieces:
        if piece.promotion is not None and any(c.piece.upper() in royal_ids for c in piece.promotion.choices):
            raise refuse(f"piece {piece.name!r} promotes to a royal type")
        zoned = [m for z in piece.zoned_moves for m in betza.parse_moves(z.betza)]
        if any(m.is_multi_leg for m in [*parsed[piece.id.upper()], *zoned]):
            raise refuse(f"piece {piece.name!r} has moves of several legs (a capture off the landing square)")
        partners = piece.castling.partners if piece.castling is not None else ()
        if royal_ids & {p.upper() for p in partners}:
            raise refuse(f"a royal type is piece {piece.name!r}'s castling partner")
    copies: dict[str, PieceType] = {}
    for royal in sorted({pid for c in colors for pid in counts[c]}):
        piece = game.piece_type(royal)
        name = names[royal]
        moves = [*parsed[royal], *(m for z in piece.zoned_moves for m in betza.parse_moves(z.betza))]
        if name in rooklike or name in ep_victims or any(m.atom == "O" or any(leg.has("i") for leg in m.legs)
                                                         for m in moves):
            raise refuse(f"piece {piece.name!r} castles, has initial moves, is a castling partner or an "
                         "en-passant victim (its state would not survive the change of type)")
        copy = dataclasses.replace(piece, id=f"{royal}{UNGUARDED}".upper(), royal=False, extra={})
        names[copy.id] = f"{name}{UNGUARDED}"
        copies[royal] = copy
    return LastRoyal(copies, colors)
