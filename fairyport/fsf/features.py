"""The rule features (:mod:`fairyport.features`) Fairy-Stockfish reads and writes, and how: :data:`SUPPORT`.

A feature written at all is a ``variants.ini`` option (:attr:`~fairyport.features.How.EXACT`); one it has no option
for is refused with Fairy-Stockfish's words, a piece's rule for each piece.
"""

from __future__ import annotations

from fairyport.features import CASTLING_LOST, SPLIT_LOST, FeatureSupport, How, Support, Use, Wording, declare
from fairyport.fsf.castling import castles_as_fsf
from fairyport.model import Game

EXACT = How.EXACT
NO_MOVE = Wording("Fairy-Stockfish cannot hold this exactly: {text}: Fairy-Stockfish has no such move (dropped)",
                  "{text}: Fairy-Stockfish has no such move (dropped)")
"""The wording of a piece rule beyond Betza (joins, unloads ...)."""


def _reborn(game: Game, use: Use) -> list[Use]:
    return [Use(use.feature, p, f"piece {p.name!r}: reborn on {p.rebirth} when captured (Circe, PieceType.rebirth; "
                "no Fairy-Stockfish option)") for p in game.pieces if p.rebirth is not None]


def _drops_first(game: Game, use: Use) -> list[Use]:
    return [Use(use.feature, p, f"piece {p.name!r}: its drops go first (DropRule.first: while one is legal, no other "
                "move is; no Fairy-Stockfish option)") for p in game.pieces if p.drop is not None and p.drop.first]


def _drop_safety(game: Game, use: Use) -> list[Use]:
    return [Use(use.feature, p, f"piece {p.name!r}: dropped only on squares no enemy piece attacks or a friendly "
                "piece defends (DropRule.safe_square; no Fairy-Stockfish option)")
            for p in game.pieces if p.drop is not None and p.drop.safe_square]


def kingless_side(game: Game) -> bool:
    """Whether a side of a game with royal pieces starts without one (board and hand): Fairy-Stockfish's own rule
    is then the model's ``royal_optional`` (that side plays on, never in check). Where both start with one, the
    written game (one royal type, pseudo-royal when blasted) never loses them, except by a rule Fairy-Stockfish
    cannot state (a player capturing its own royal piece: refused)."""
    royal = {p.id for p in game.pieces if p.royal}
    placed = {p.color for p in game.setup.placement.values() if p.id in royal}
    held = {color for color, hand in game.setup.hands.items() if royal & {pid for pid, n in hand.items() if n}}
    return bool(royal) and len(placed | held) < 2


def mutually_immune(game: Game) -> bool:
    """Whether the game's capture restrictions are Fairy-Stockfish's ``mutuallyImmuneTypes``: each restricted
    piece spares exactly the enemy pieces of its own type, and none of them is royal."""
    restricted = [p for p in game.pieces if p.cannot_capture or p.cannot_capture_own]
    return all(p.cannot_capture == (p.id,) and not p.cannot_capture_own and not p.royal for p in restricted)


def castling_stated(game: Game) -> bool:
    """Whether every castling rule of the game is one Fairy-Stockfish castles by (its castling options, placed or
    refused by :func:`fairyport.fsf.castling.castling_plan`): unmoved pieces, not out of or through check, the royal
    piece's own attack test; the partner's distance and types may be given (``castlingRookPieces``)."""
    return all(p.castling is None or castles_as_fsf(p.castling) for p in game.pieces)


SUPPORT: FeatureSupport[Game] = declare(
    "fsf", How.NOT, wording=Wording("Fairy-Stockfish cannot hold this exactly: {text}", "{text}"),
    reads=("flag goal", "must capture", "drop checks", "no checks", "must drop", "extinction", "connection",
           "atomic captures", "drops", "promotion", "stalemate", "royal", "chess promotion", "royals may face",
           "confinement", "zoned moves", "drop", "check count", "royal optional", "promotion limit",
           "extinction claim", "flag safety", "blast immunity", "capture restrictions",
           "promotion per side"),  # castling to files: read where the plain rule is not the same game
    flag_goal=Support(EXACT), flag_safety=Support(EXACT), must_capture=Support(EXACT), no_checks=Support(EXACT),
    must_drop=Support(EXACT), extinction=Support(EXACT), extinction_claim=Support(EXACT), connection=Support(EXACT),
    check_count=Support(EXACT),
    promotion_limit=Support(EXACT),
    blast_immunity=Support(EXACT),
    atomic_captures=Support(How.SOME),  # sparing Fairy-Stockfish's pawns, one royal piece a side
    drop_checks=Support(How.SOME),  # dropChecks: every piece or none
    rebirth=Support(How.NOT, each=_reborn), drops_first=Support(How.NOT, each=_drops_first),
    drop_safety=Support(How.NOT, each=_drop_safety),
    royal_optional=Support(EXACT, when=lambda g: kingless_side(g)),
    joins=Support(How.NOT, wording=NO_MOVE), unloads=Support(How.NOT, wording=NO_MOVE),
    virgin_moves=Support(How.NOT, wording=NO_MOVE),
    capture_restrictions=Support(EXACT, when=mutually_immune, wording=NO_MOVE),  # mutuallyImmuneTypes
    unmoved_when_made=Support(How.NOT, wording=NO_MOVE),
    castling=Support(EXACT, when=castling_stated, wording=CASTLING_LOST), castling_to_files=Support(EXACT),
    promotion_per_side=Support(EXACT), split=Support(How.NOT, wording=SPLIT_LOST),
    drops=Support(EXACT), promotion=Support(How.SOME), stalemate=Support(EXACT),
    bare_king=Support(How.SOME),  # as the extinction of all pieces at 1 against 2, where that is the same game
    royals_may_face=Support(EXACT), royal_protection=Support(How.SOME), captures_to_owner=Support(How.SOME),
    royal=Support(How.SOME), chess_promotion=Support(How.SOME), confinement=Support(How.SOME),
    zoned_moves=Support(How.SOME), drop=Support(How.SOME),
)
"""What Fairy-Stockfish does with each rule feature (the context of its per-game tests is the game)."""
