"""Pieces in hand, drops and shogi-style promotion in a written Game Courier preset.

Game Courier has no hands: as its piece-drop tutorial does, the preset keeps them on storage ranks off the board,
ranks whose labels begin with ``!`` (:data:`fairyport.gamecourier.interpreter.game.STORAGE_MARK`). White's storage ranks
``!w1`` ... lie below the board, Black's ``!b1`` ... above it, :func:`storage_ranks` each, enough for every
piece that could ever be in one hand (every non-royal piece of the setup, on the board or in hand). A move from
storage is a drop. The written code (names as the preset writes them):

- ``def inplay``: a square of the board proper, not of storage; every absolute rank number in the code counts
  the storage ranks below the board (:func:`rank_offset`);
- a promoted piece has its own label, ``+`` and the label of the piece it promoted from (``+P``, ``+p``), whose
  function is that of the type it promoted to: a captured ``+P`` goes to hand as ``P`` (demotion is exact even
  where several types promote to one, as Mitregi's Points, Wings and Helms to the Goldgeneral);
- ``sub stow piece low high``: puts a captured piece on the first empty square of the storage ranks ``low``-``high``;
- ``sub baddrop to piece side enemy``: a drop's rules (empty square, the drop zone less the squares from which
  the piece could never move, the per-file and per-square-colour limits of unpromoted pieces, the own royal
  not left attacked), with the counting subs ``onfile`` and ``oncolor``;
- in ``badpromotion``: the zone tested on the origin and the destination by the promotion's triggers
  (entering, within, leaving), and not promoting refused where the piece could not move again.
"""

from __future__ import annotations

from collections.abc import Callable

from fairyport.errors import UnsupportedError
from fairyport.gamecourier.write.check import PIECES_OF_SIDE, royal_test_lines
from fairyport.model import BLACK, CHESS_TRIGGERS, WHITE, Color, Game, PieceType, PromotionTrigger
from fairyport.movegen.compile import Variant

PROMOTED_MARK = "+"
"""The first character of a promoted piece's label (``+P``: a promoted Pawn), as shogi writes it."""
ZoneTest = Callable[[Game, frozenset[str], str], str]
"""The writer's zone test: a condition on a square variable true exactly on the given squares."""
STORAGE_LABELS = ("!w", "!b")
"""Rank labels of each side's storage ranks, numbered from the board outwards (``!w1``, ``!b1``)."""


def uses_hands(game: Game) -> bool:
    """True if the preset needs storage ranks: drops, captures to hand or pieces in hand at the start."""
    return game.rules.drops or game.rules.captures_to_hand or any(game.setup.hands.values())


def storage_ranks(game: Game) -> int:
    """Storage ranks per side: room for every non-royal piece of the setup (none without hands)."""
    if not uses_hands(game):
        return 0
    pieces = sum(1 for p in game.setup.placement.values() if not game.piece_type(p.id).royal)
    pieces += sum(sum(hand.values()) for hand in game.setup.hands.values())
    files = game.board.files
    return max(1, -(-pieces // files))


def rank_offset(game: Game) -> int:
    """What the code adds to a board rank's index: the storage ranks below the board."""
    return storage_ranks(game)


def rank_labels(game: Game) -> list[str]:
    """The ``ranks`` labels from the bottom: White's storage (outermost first), the board, Black's storage."""
    n = storage_ranks(game)
    board = [str(r + game.board.first_rank) for r in range(game.board.ranks)]
    return ([f"{STORAGE_LABELS[WHITE]}{i}" for i in range(n, 0, -1)] + board
            + [f"{STORAGE_LABELS[BLACK]}{i}" for i in range(1, n + 1)])


def storage_rows(game: Game, color: Color) -> list[list[str]]:
    """``color``'s storage ranks as rows of labels ('' = empty), from the board outwards, holding the setup's
    hand in the order of the game's pieces."""
    n, files = storage_ranks(game), game.board.files
    pieces = [label_of(game.piece_type(pid), color) for piece in game.pieces
              for pid, count in game.setup.hands.get(color, {}).items() if pid.upper() == piece.id.upper()
              for _ in range(count)]
    cells = pieces + [""] * (n * files - len(pieces))
    return [cells[i * files:(i + 1) * files] for i in range(n)]


def label_of(piece: PieceType, color: Color) -> str:
    """The label of an unpromoted piece: its id, upper case for White, lower case for Black."""
    return piece.id.upper() if color == WHITE else piece.id.lower()


def promoted_label(base: PieceType, color: Color) -> str:
    """The label of a piece of type ``base`` after its (single-choice) promotion."""
    return PROMOTED_MARK + label_of(base, color)


def promoted_pieces(game: Game) -> list[tuple[PieceType, PieceType]]:
    """(base, type promoted to) for every piece that promotes, in a game with hands."""
    if not uses_hands(game):
        return []
    return [(p, game.piece_type(p.promotion.choices[0].piece)) for p in game.pieces
            if p.promotion is not None and len(p.promotion.choices) == 1]


def unsupported(game: Game) -> list[UnsupportedError]:
    """The drop and hand rules these presets cannot hold, each naming the piece or rule."""
    found: list[UnsupportedError] = []
    rules = game.rules
    if rules.captures_to_owner:
        found.append(UnsupportedError("captures that go back to the owner's hand are not written",
                                      feature="captures to owner"))
    if uses_hands(game) and rules.captures_to_hand and not rules.demote_captured:
        found.append(UnsupportedError("captured promoted pieces kept promoted in hand are not written",
                                      feature="captured pieces not demoted"))
    for piece in game.pieces:
        if piece.drop is not None and piece.drop.no_drop_mate and _drop_mate_game_ends(game):
            found.append(UnsupportedError(
                f"piece {piece.name!r}: a drop that checkmates is refused only in games that end by checkmate alone "
                f"(here also by {', '.join(_drop_mate_game_ends(game))})", feature=f"{piece.name}: no drop mate"))
    bases = {base.id for base in tracked_promotions(game).values()}
    if rules.captures_to_hand and len(bases) > 1:
        found.append(UnsupportedError("pieces of several types with a choice of promotions in a game with hands are "
                                      "not written (a captured promoted piece's type would not tell what it was)",
                                      feature="promotion choices with hands"))
    return found


def writes_drop_mate(game: Game) -> bool:
    """Whether ``baddrop`` refuses a drop that checkmates (``DropRule.no_drop_mate``), asking ``sub canmove``:
    where some piece has the rule and no goal ends the game otherwise (then "no legal move" would also depend on
    the goal). Written also in a game without a royal piece, where nothing is ever in check and the test never
    bites, so that the rule reads back."""
    return any(p.drop is not None and p.drop.no_drop_mate for p in game.pieces) and not _drop_mate_game_ends(game)


def _drop_mate_game_ends(game: Game) -> list[str]:
    """The goals besides checkmate that end a game with a royal piece and the drop-mate rule (empty: none)."""
    rules = game.rules
    if not any(p.royal for p in game.pieces):
        return []
    ends = {"the flag goal": rules.flag, "extinction": rules.extinction, "connection": rules.connect,
            "atomic captures": rules.blast}
    return [name for name, rule in ends.items() if rule is not None]


def canmove_lines() -> list[str]:
    """``sub canmove side enemy``: whether ``side`` has a legal move (a board move ``trymove`` allows or a drop
    ``baddrop`` allows), stopping at the first; what ``legalmoves`` counts, without ``setlegal`` (``baddrop`` asks
    it after a drop that checks, and may be asked from ``legalmoves``) and without the forced-capture or
    forced-drop narrowing (which never empties a non-empty set of moves). Its variables are its own (``my``):
    ``baddrop`` inside it may ask it again, for the other side."""
    return [
        "sub canmove side enemy:",
        "  my cm_from cm_piece cm_to cm_target cm_bad;",
        f"  for (cm_from cm_piece) {PIECES_OF_SIDE}:",
        "    for (cm_to cm_target) spaces:",
        "      if not fn inplay #cm_from:",
        "        if == #cm_target @ and fn inplay #cm_to:",
        "          add #cm_piece #cm_to;",
        "          set cm_bad sub baddrop #cm_to #cm_piece #side #enemy;",
        "          empty #cm_to;",
        "          if not #cm_bad:",
        "            return true;",
        "          endif;",
        "        endif;",
        "      elseif fn inplay #cm_to and sub trymove #cm_from #cm_to #side #enemy:",
        "        return true;",
        "      endif;",
        "    next;",
        "  next;",
        "  return false;",
        "endsub;",
    ]


def dropchecks_lines() -> list[str]:
    """``sub dropchecks to piece enemy``: whether ``piece``, just dropped on ``to``, attacks a royal piece of
    ``enemy`` (its function from ``to`` to the royal's square). Where no attack needs a square filled, a drop can
    give check by the dropped piece only, and the opponent of the side dropping is never in check before it (the
    last move was legal), so this is ``sub checked #enemy #side`` for a game whose every royal piece is protected."""
    return [
        "sub dropchecks to piece enemy:",
        "  my dc_square dc_piece;",
        *royal_test_lines("dc_square", "dc_piece", "cond == #enemy white onlyupper onlylower",
                          "fn #piece #to #dc_square"),
        "  return false;",
        "endsub;",
    ]


def tracked_promotions(game: Game) -> dict[str, PieceType]:
    """Per type a piece may promote to by a choice (a promotion with several choices, in a game with hands), the
    type it promotes from: such a piece keeps the chosen type's label, and a flag ``pr_SQUARE`` marks it promoted
    (captured, it goes to hand as what it was)."""
    if not uses_hands(game):
        return {}
    return {choice.piece.upper(): base for base in game.pieces if base.promotion is not None
            and len(base.promotion.choices) > 1 for choice in base.promotion.choices}


class Stuck:
    """Per piece type and colour, the board squares from which it could never move (the generator's tables)."""

    def __init__(self, game: Game) -> None:
        self._variant = Variant(game)

    def squares(self, piece: PieceType, color: Color) -> frozenset[str]:
        """The squares from which ``piece`` of ``color`` could never move, whatever the board holds."""
        return self._variant.stuck_squares(piece.id, color)


def trigger_test(triggers: frozenset[PromotionTrigger], zone_from: str, zone_to: str, *,
                 compact: bool = True) -> str:
    """A condition true when a move may promote, given the zone tests of its origin and destination: entering,
    moving within and leaving the zone together are written ``(FROM or TO)`` (``compact``; the three cases one by
    one otherwise, as presets written before were)."""
    if triggers == CHESS_TRIGGERS:
        return zone_to
    if compact and triggers >= {PromotionTrigger.ENTER, PromotionTrigger.WITHIN, PromotionTrigger.LEAVE}:
        return f"({zone_from} or {zone_to})"
    terms = []
    if PromotionTrigger.ENTER in triggers:
        terms.append(f"(not {zone_from} and {zone_to})")
    if PromotionTrigger.WITHIN in triggers:
        terms.append(f"({zone_from} and {zone_to})")
    if PromotionTrigger.LEAVE in triggers:
        terms.append(f"({zone_from} and not {zone_to})")
    return " or ".join(terms) if terms else "false"


def hand_subs(game: Game, zone_test: ZoneTest, stuck: Stuck, *, direct_check: bool = False) -> list[str]:
    """The Pre-Game subs of a game with hands: ``stow``, ``onfile``, ``oncolor``, ``baddrop`` (and ``canmove``,
    ``dropchecks`` for the drop-mate rule). ``direct_check``: a drop can give check only by the dropped piece (no
    piece's attack needs a square filled: no hops, no condition that a square is occupied), so the drop-mate test
    asks ``sub dropchecks`` instead of the whole ``sub checked``."""
    first, last = rank_offset(game), rank_offset(game) + game.board.ranks - 1
    lines = [f"def inplay >= rank #0 {first} and <= rank #0 {last};"]
    if game.rules.captures_to_hand:  # else a captured piece leaves the game
        lines += [
            "sub stow piece low high:",
            "  for (st_sq st_lab) spaces:",
            "    if == #st_lab @ and >= rank #st_sq #low and <= rank #st_sq #high:",
            "      add #piece #st_sq;",
            "      return true;",
            "    endif;",
            "  next;",
            "  return false;",
            "endsub;"]
    lines += [
        "sub onfile piece to:",
        "  set of_n 0;",
        "  for (of_sq of_lab) spaces:",
        "    if == #of_lab #piece and fn inplay #of_sq and == file #of_sq file #to:",
        "      set of_n + #of_n 1;",
        "    endif;",
        "  next;",
        "  return #of_n;",
        "endsub;",
        "sub oncolor piece to:",
        "  set oc_n 0;",
        "  for (oc_sq oc_lab) spaces:",
        "    if == #oc_lab #piece and fn inplay #oc_sq and == % + file #oc_sq rank #oc_sq 2 % + file #to rank #to 2:",
        "      set oc_n + #oc_n 1;",
        "    endif;",
        "  next;",
        "  return #oc_n;",
        "endsub;",
        "sub baddrop to piece side enemy:",
    ]
    royal = any(p.royal for p in game.pieces)
    for piece in game.pieces:
        if piece.royal:
            continue
        rule = piece.drop
        for color in (WHITE, BLACK):
            lab = label_of(piece, color)
            board = {p.name for p in game.board.positions if p.name not in game.board.holes}
            allowed = frozenset(game.zone_squares(rule.zone, color) if rule is not None and rule.zone else board)
            if rule is None or not rule.where_stuck:
                allowed = frozenset(allowed) - stuck.squares(piece, color)
            lines += [f"  if == #piece {lab}:",
                      f"    if not {zone_test(game, allowed, '#to')}:",
                      "      return true;",
                      "    endif;"]
            if rule is not None and rule.no_drop_check and royal:
                lines += ["    if sub checked #enemy #side:", "      return true;", "    endif;"]
            if rule is not None and rule.max_per_file is not None:
                lines += [f"    set bd_n sub onfile {lab} #to;", f"    if > #bd_n {rule.max_per_file}:",
                          "      return true;", "    endif;"]
            if rule is not None and rule.max_per_square_color is not None:
                lines += [f"    set bd_n sub oncolor {lab} #to;", f"    if > #bd_n {rule.max_per_square_color}:",
                          "      return true;", "    endif;"]
            if rule is not None and rule.no_drop_mate and writes_drop_mate(game):  # last: the costly test
                checks = "sub dropchecks #to #piece #enemy" if direct_check else "sub checked #enemy #side"
                lines += [f"    if {checks}:", "      if not sub canmove #enemy #side:",
                          "        return true;", "      endif;", "    endif;"]
            lines += ["  endif;"]
    tests = ["sub checked #side #enemy"] if royal else []
    if royal and game.rules.no_checks:  # no checks: nor may a drop attack the opponent's royal piece
        tests.append("sub checked #enemy #side")
    lines += ["  return " + (" or ".join(tests) or "false") + ";", "endsub;"]
    return lines + (canmove_lines() + (dropchecks_lines() if direct_check else []) if writes_drop_mate(game) else [])


def demotion_lines(game: Game, color: Color) -> list[str]:
    """Post-Move of ``color``: a captured piece goes to its storage, changing side and demoted (nothing without
    captures to hand)."""
    if not game.rules.captures_to_hand:
        return []
    case = "toupper" if color == WHITE else "tolower"
    n, ranks = storage_ranks(game), game.board.ranks
    low, high = (0, n - 1) if color == WHITE else (n + ranks, 2 * n + ranks - 1)
    lines = ["if != old @:", f"  set hand_label {case} old;"]
    for base, _ in promoted_pieces(game):
        lines += [f"  if == #hand_label {promoted_label(base, color)}:",
                  f"    set hand_label {label_of(base, color)};",
                  "  endif;"]
    tracked = tracked_promotions(game)
    bases = sorted({label_of(base, color) for base in tracked.values()})
    if tracked:  # the captured piece was promoted (its square's flag, before it is updated below)
        lines += ['  set pr_square join "pr_" dest;',
                  "  if flag #pr_square:",
                  f"    set hand_label {bases[0]};",
                  "  endif;"]
    lines += [f"  gosub stow #hand_label {low} {high};", "endif;"]
    if tracked:  # the promoted flag follows the piece, is set by a promotion and cleared by anything else
        lines += ['set pr_from join "pr_" origin;',
                  'set pr_to join "pr_" dest;',
                  "if fn inplay origin and flag #pr_from:",
                  "  unsetflag #pr_from;",
                  "  setflag #pr_to;",
                  f"elseif fn inplay origin and != space dest moved and match moved {' '.join(bases)}:",
                  "  setflag #pr_to;",
                  "else:",
                  "  unsetflag #pr_to;",
                  "endif;"]
    return lines

