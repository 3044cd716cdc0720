"""The model's rule features: every goal, piece and move rule the model holds beyond plain XBetza, as data.

:data:`FEATURES` lists them, each a :class:`Feature` with its kind, its words, the model fields that hold it and
one function finding its uses in a game (:class:`Use`: the feature, the piece it belongs to or None, the
description that refusals and lost lists quote). :func:`uses` walks a game with them; :func:`goal_rules`,
:func:`piece_rules` and :func:`drop_rules` are views of the groups writers refuse together.

A format says what it does with each feature in a :class:`FeatureSupport` (its ``FORMAT.features``), and
:func:`fairyport.conversion.refusals` turns that declaration into the refusals and lost entries of a write.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Generic, TypeVar

from fairyport.model import (
    BLACK,
    CHESS_TRIGGERS,
    COLOR_NAMES,
    WHITE,
    BareKingRule,
    Castling,
    Game,
    PieceType,
    RoyalProtection,
    StalemateResult,
    file_name,
)


class Kind(enum.Enum):
    """What a feature rules: how a game ends, what a piece is, or which moves are legal."""

    GOAL = "goal"
    PIECE = "piece"
    MOVE = "move"


@dataclasses.dataclass(frozen=True, eq=False)
class Use:
    """One use of a feature in a game."""

    feature: Feature
    piece: PieceType | None
    """The piece it belongs to; None for a rule of the whole game (which may name several pieces in its text)."""
    text: str
    """The description refusals and lost lists quote."""

    @property
    def key(self) -> str:
        """The ``feature`` an :class:`~fairyport.errors.UnsupportedError` names: ``"must capture"``,
        ``"rook: joins"`` (the piece's name first for a piece's use)."""
        return self.feature.name if self.piece is None else f"{self.piece.name}: {self.feature.name}"


GameFinder = Callable[[Game], str | None]
"""A game-wide feature's use in a game: its description, or None where the game does not use it."""
PieceFinder = Callable[[Game, PieceType], str | None]
"""A piece feature's use by one piece: its description, or None where the piece does not use it."""


@dataclasses.dataclass(frozen=True, eq=False)
class Feature:
    """One rule feature of the model.

    Exactly one of :attr:`in_game` (a rule of the whole game) and :attr:`of_piece` (a rule each piece may have)
    finds its uses; :meth:`find` calls it.
    """

    name: str
    """Its name in refusals (``must capture``); a piece's use is keyed ``"{piece}: {name}"``."""
    kind: Kind
    words: str
    """What it is, for people (docs, ``fairyport formats``)."""
    fields: tuple[str, ...]
    """The model fields that hold it (``Rules.must_capture``, ``PieceType.joins``, ``DropRule.first``)."""
    in_game: GameFinder | None = None
    of_piece: PieceFinder | None = None

    def find(self, game: Game) -> list[Use]:
        """Its uses in ``game``: one for a game-wide rule, one per piece (in the game's order) for a piece rule."""
        if self.in_game is not None:
            text = self.in_game(game)
            return [] if text is None else [Use(self, None, text)]
        assert self.of_piece is not None
        found: list[Use] = []
        for piece in game.pieces:
            text = self.of_piece(game, piece)
            if text is not None:
                found.append(Use(self, piece, text))
        return found

    def __repr__(self) -> str:
        return f"Feature({self.name!r})"


def _names(game: Game, test: Callable[[PieceType], bool]) -> list[str]:
    return sorted(p.name for p in game.pieces if test(p))


def _flag(game: Game) -> str | None:
    flag = game.rules.flag
    if flag is None:
        return None
    pieces = ", ".join(f"{name} {flag.piece(color) or 'any piece'}" for color, name in ((WHITE, "White"),
                                                                                          (BLACK, "Black")))
    return (f"the flag goal ({pieces}; {flag.count} in the zone {flag.zone!r}"
            + (", or one in the full zone" if flag.blocked_win else "")
            + (", the opponent moving once more" if flag.extra_move else "") + ")")


def _drop_checks(game: Game) -> str | None:
    checking = _names(game, lambda p: p.drop is not None and p.drop.no_drop_check)
    return "drops that may not give check (" + ", ".join(checking) + ")" if checking else None


def _rebirth(game: Game) -> str | None:
    reborn = _names(game, lambda p: p.rebirth is not None)
    return ("captured pieces reborn on their own squares where empty (Circe: " + ", ".join(reborn) + ")"
            if reborn else None)


def _drop_safety(game: Game) -> str | None:
    safe = _names(game, lambda p: p.drop is not None and p.drop.safe_square)
    return ("drops only on squares no enemy piece attacks or a friendly piece defends (" + ", ".join(safe) + ")"
            if safe and game.rules.drops else None)


def _drops_first(game: Game) -> str | None:
    first = _names(game, lambda p: p.drop is not None and p.drop.first)
    return ("drops that go first (" + ", ".join(first) + ": while one is legal, no other move is)"
            if first and game.rules.drops else None)


def _extinction(game: Game) -> str | None:
    goal = game.rules.extinction
    if goal is None:
        return None
    which = ", ".join(goal.pieces) if goal.pieces is not None else "all pieces together"
    return (f"the extinction goal ({which}: at most {goal.count} left is a {goal.result.value}"
            + (f" while the opponent has {goal.opponent_count}" if goal.opponent_count else "") + ")")


def _connection(game: Game) -> str | None:
    goal = game.rules.connect
    if goal is None:
        return None
    goals = [f"{goal.count} in a line ({', '.join(goal.directions)})"] if goal.count else []
    goals += [f"a {goal.square}x{goal.square} block"] if goal.square else []
    goals += [f"a chain from zone {goal.zones[0]!r} to {goal.zones[1]!r}"] if goal.zones else []
    return f"the connection goal ({' or '.join(goals)}, a {goal.result.value} for the player who connects)"


def _blast(game: Game) -> str | None:
    blast = game.rules.blast
    return None if blast is None else f"atomic captures (spared next to a capture: {', '.join(blast.spared) or 'none'})"


def _joins(game: Game, piece: PieceType) -> str | None:
    return (f"piece {piece.name!r}: joins (" + "; ".join(f"{j.betza} onto {j.partner} -> {j.result}"
                                                         for j in piece.joins) + ")") if piece.joins else None


def _unloads(game: Game, piece: PieceType) -> str | None:
    return (f"piece {piece.name!r}: unloading moves (" + "; ".join(
        f"{u.betza} leaving {u.leaves} -> {u.becomes}" for u in piece.unloads) + ")") if piece.unloads else None


def _capture_restrictions(game: Game, piece: PieceType) -> str | None:
    if not (piece.cannot_capture or piece.cannot_capture_own):
        return None
    spared = [f"enemy {', '.join(piece.cannot_capture)}"] * bool(piece.cannot_capture) + \
        [f"own {', '.join(piece.cannot_capture_own)}"] * bool(piece.cannot_capture_own)
    return f"piece {piece.name!r}: captures that spare pieces by kind ({'; '.join(spared)})"


def _castling(game: Game, piece: PieceType) -> str | None:
    rule = piece.castling
    if rule is None or rule == Castling(partners=rule.partners, king_files=rule.king_files) != Castling(
            partners=rule.partners):
        return None  # none, or only castling to files (:data:`CASTLING_TO_FILES`)
    parts = [text for on, text in ((not rule.virgin, "after the royal piece or its partner has moved"),
                                   (not rule.safe, "out of or through check"),
                                   (rule.partner_distance is not None,
                                    f"with the partner {rule.partner_distance} squares away (left, right)"),
                                   (bool(rule.partners), "with a partner of type " + "/".join(rule.partners)),
                                   (rule.tested_as is not None,
                                    f"with attack tests asking whether a {rule.tested_as} could be captured"),
                                   (rule.king_files is not None, "to fixed files"))
             if on]
    return f"the castling of {piece.name!r} ({', '.join(parts) or 'as the Diagram castles'})"


def _split(game: Game, piece: PieceType) -> str | None:
    split = piece.split
    return None if split is None else (f"the split of {piece.name!r} (each move leaves a {split.left} on its "
                                       f"square and lands as a {split.moved})")


def _shogi_promotion(game: Game, piece: PieceType) -> str | None:
    promotion = piece.promotion
    if promotion is None or (promotion.triggers == CHESS_TRIGGERS and not promotion.mandatory_where_stuck):
        return None
    return (f"the shogi-style promotion of {piece.id} (on leaving the zone, or forced only where the piece could "
            "not move again)")


def _promotion_limits(game: Game, piece: PieceType) -> str | None:
    limited = [c for c in piece.promotion.choices if c.max_count is not None] if piece.promotion else []
    return (f"piece {piece.name!r}: promotion only while fewer than so many of a type are on the board ("
            + ", ".join(f"{c.piece} {c.max_count}" for c in limited) + ")") if limited else None


def _promotion_sides(game: Game, piece: PieceType) -> str | None:
    sided = [c for c in piece.promotion.choices if c.sides] if piece.promotion else []
    return (f"piece {piece.name!r}: promotion choices of some players only ("
            + ", ".join(f"{c.piece} for {' and '.join(COLOR_NAMES[s] for s in c.sides)}" for c in sided) + ")"
            ) if sided else None


def _castling_to_files(game: Game, piece: PieceType) -> str | None:
    files = piece.castling.king_files if piece.castling is not None else None
    if files is None:
        return None
    partners = "/".join(piece.castling.partners) if piece.castling is not None else ""
    return (f"piece {piece.name!r}: castling to files {file_name(files[0])} and {file_name(files[1])} wherever it "
            f"starts (Chess960), with the outermost unmoved {partners or 'rook-like piece'}")


def _drop_limits(game: Game, piece: PieceType) -> str | None:
    rule = piece.drop
    if rule is None or not game.rules.drops:
        return None
    parts = [text for on, text in ((rule.zone is not None, f"in zone {rule.zone!r}"),
                                   (rule.max_per_file is not None, f"at most {rule.max_per_file} per file"),
                                   (rule.max_per_square_color is not None,
                                    f"at most {rule.max_per_square_color} per square colour"),
                                   (rule.no_drop_mate, "no drop mate"),
                                   (rule.where_stuck, "also where it could never move"))
             if on]
    return f"piece {piece.name!r}: drops {', '.join(parts)}" if parts else None


def _when(test: Callable[[Game], bool], text: str) -> GameFinder:
    return lambda game: text if test(game) else None


def _piece_when(test: Callable[[PieceType], bool], text: Callable[[PieceType], str]) -> PieceFinder:
    return lambda game, piece: text(piece) if test(piece) else None


FLAG = Feature("flag goal", Kind.GOAL, "a win for enough flag pieces in a zone", ("Rules.flag",), _flag)
FLAG_SAFETY = Feature("flag safety", Kind.GOAL, "a flag counts only while no flag piece in the zone is attacked",
                      ("FlagGoal.safe",),
                      _when(lambda g: g.rules.flag is not None and g.rules.flag.safe,
                            "a flag that counts only while safe (no flag piece in the zone attacked; either "
                            "player's flag ends the game)"))
MUST_CAPTURE = Feature("must capture", Kind.MOVE, "only captures while a capture is legal",
                       ("Rules.must_capture",), _when(lambda g: g.rules.must_capture,
                                                      "forced captures (only captures when a capture is legal)"))
DROP_CHECKS = Feature("drop checks", Kind.MOVE, "drops of some types may not give check", ("DropRule.no_drop_check",),
                      _drop_checks)
NO_CHECKS = Feature("no checks", Kind.MOVE, "a move that gives check is illegal", ("Rules.no_checks",),
                    _when(lambda g: g.rules.no_checks, "no checks (a move that gives check is illegal)"))
MUST_DROP = Feature("must drop", Kind.MOVE, "only drops while a drop is legal", ("Rules.must_drop",),
                    _when(lambda g: g.rules.must_drop, "forced drops (only drops when a drop is legal)"))
REBIRTH = Feature("rebirth", Kind.PIECE, "Circe: a captured piece reborn on its own square",
                  ("PieceType.rebirth",), _rebirth)
DROP_SAFETY = Feature("drop safety", Kind.MOVE, "drops only on squares no enemy attacks or a friend defends",
                      ("DropRule.safe_square",), _drop_safety)
DROPS_FIRST = Feature("drops first", Kind.MOVE, "while a drop of these types is legal, nothing else is",
                      ("DropRule.first",), _drops_first)
ROYAL_OPTIONAL = Feature("royal optional", Kind.GOAL, "a side without royal pieces plays on",
                         ("Rules.royal_optional",),
                         _when(lambda g: g.rules.royal_optional, "a side without royal pieces plays on (it is never "
                               "in check) instead of having lost"))
EXTINCTION = Feature("extinction", Kind.GOAL, "a side left with too few pieces of a type", ("Rules.extinction",),
                     _extinction)
EXTINCTION_CLAIM = Feature("extinction claim", Kind.GOAL, "the player to move runs out only against one piece more",
                           ("ExtinctionGoal.claim",),
                           lambda g: "the extinction goal's claim (the player to move has run out only while the other "
                           f"has {g.rules.extinction.opponent_count + 1}: a bared king may still bare the other)"
                           if g.rules.extinction is not None and g.rules.extinction.claim else None)
CONNECTION = Feature("connection", Kind.GOAL, "a line, block or chain of pieces wins", ("Rules.connect",),
                     _connection)
ATOMIC = Feature("atomic captures", Kind.MOVE, "a capture blasts the pieces around it", ("Rules.blast",), _blast)
BLAST_IMMUNITY = Feature("blast immunity", Kind.MOVE, "pieces no explosion removes, not even the capturing one",
                         ("Blast.immune",),
                         lambda g: f"pieces no explosion removes ({', '.join(g.rules.blast.immune)}, capturing or not)"
                         if g.rules.blast is not None and g.rules.blast.immune else None)
CHECK_COUNT = Feature("check count", Kind.GOAL, "a player who has given check so many times wins",
                      ("Rules.check_count",),
                      lambda g: f"a win for the player who has given {g.rules.check_count} checks (check counting)"
                      if g.rules.check_count else None)

JOINS = Feature("joins", Kind.PIECE, "a move onto a friendly piece makes the two one piece", ("PieceType.joins",),
                of_piece=_joins)
UNLOADS = Feature("unloads", Kind.PIECE, "part of a combined piece moves, leaving the rest",
                  ("PieceType.unloads",), of_piece=_unloads)
VIRGIN_MOVES = Feature("virgin moves", Kind.PIECE, "moves after which the piece still counts as unmoved",
                       ("PieceType.virgin_moves",),
                       of_piece=_piece_when(lambda p: bool(p.virgin_moves),
                                            lambda p: f"piece {p.name!r}: moves that keep it unmoved "
                                                      f"({p.virgin_moves})"))
CAPTURE_RESTRICTIONS = Feature("capture restrictions", Kind.PIECE, "captures that spare types of pieces",
                               ("PieceType.cannot_capture", "PieceType.cannot_capture_own"),
                               of_piece=_capture_restrictions)
UNMOVED_WHEN_MADE = Feature("unmoved when made", Kind.PIECE, "a promotion or a join makes the piece unmoved",
                            ("PieceType.unmoved_when_made",),
                            of_piece=_piece_when(lambda p: p.unmoved_when_made,
                                                 lambda p: f"piece {p.name!r}: unmoved when a promotion or a join "
                                                           "makes it"))

PROMOTION_LIMIT = Feature("promotion limit", Kind.PIECE, "a promotion only while fewer than so many of the type "
                          "are on the board", ("PromotionChoice.max_count",), of_piece=_promotion_limits)

PROMOTION_SIDES = Feature("promotion per side", Kind.PIECE, "promotion choices that only one side has",
                          ("PromotionChoice.sides",), of_piece=_promotion_sides)
CASTLING_TO_FILES = Feature("castling to files", Kind.MOVE, "castling that lands the royal piece on fixed files "
                            "wherever it starts (Fairy-Stockfish's castling, Chess960)", ("Castling.king_files",),
                            of_piece=_castling_to_files)

DROPS = Feature("drops", Kind.MOVE, "pieces in hand dropped as a move; captures go to the capturer's hand",
                ("Rules.drops", "Rules.captures_to_hand", "Rules.demote_captured"),
                _when(lambda g: g.rules.drops or g.rules.captures_to_hand, "drops and captures to hand"))
PROMOTION = Feature("promotion", Kind.PIECE, "shogi-style promotion: on leaving the zone, or forced where stuck",
                    ("Promotion.triggers", "Promotion.mandatory_where_stuck"), of_piece=_shogi_promotion)
CASTLING = Feature("castling", Kind.MOVE, "castling by another rule than the Interactive Diagram's",
                   ("PieceType.castling",), of_piece=_castling)
SPLIT = Feature("split", Kind.PIECE, "each move leaves a piece behind and changes the mover",
                ("PieceType.split",), of_piece=_split)

STALEMATE = Feature("stalemate", Kind.GOAL, "a stalemate is a loss or a win, not a draw", ("Rules.stalemate",),
                    _when(lambda g: g.rules.stalemate is not StalemateResult.DRAW, "stalemate"))
BARE_KING = Feature("bare king", Kind.GOAL, "a side left with royal pieces only has lost", ("Rules.bare_king",),
                    _when(lambda g: g.rules.bare_king is not BareKingRule.NONE, "the bare-king rule"))
FACING = Feature("royals may face", Kind.MOVE, "royal pieces may not face each other on a file",
                 ("Rules.royals_may_face",), _when(lambda g: not g.rules.royals_may_face, "the no-facing rule"))
LAST_ROYAL = Feature("royal protection", Kind.MOVE, "only a side's last royal piece is protected",
                     ("Rules.royal_protection",),
                     _when(lambda g: g.rules.royal_protection is not RoyalProtection.EVERY,
                           "only the last royal piece protected"))
CAPTURES_TO_OWNER = Feature("captures to owner", Kind.MOVE, "a captured piece goes back to its owner's hand",
                            ("Rules.captures_to_owner", "PromotionChoice.from_hand"),
                            _when(lambda g: g.rules.captures_to_owner, "captures to the owner's hand"))
ROYAL = Feature("royal", Kind.PIECE, "a royal piece: checkmate and check", ("PieceType.royal",),
                of_piece=_piece_when(lambda p: p.royal, lambda p: f"the royal piece {p.name!r}"))
CHESS_PROMOTION = Feature("chess promotion", Kind.PIECE, "promotion on entering or moving in a zone",
                          ("PieceType.promotion",),
                          of_piece=_piece_when(lambda p: p.promotion is not None,
                                               lambda p: f"the promotion of {p.name!r}"))
CONFINEMENT = Feature("confinement", Kind.PIECE, "a piece that may not leave a zone", ("PieceType.confined_to",),
                      of_piece=_piece_when(lambda p: p.confined_to is not None,
                                           lambda p: f"the confinement of {p.name!r} to {p.confined_to!r}"))
ZONED_MOVES = Feature("zoned moves", Kind.PIECE, "moves a piece has only where a zone allows them",
                      ("PieceType.zoned_moves",),
                      of_piece=_piece_when(lambda p: bool(p.zoned_moves), lambda p: f"the zoned moves of {p.name!r}"))
DROP_LIMITS = Feature("drop", Kind.MOVE, "where a type may be dropped: zone, counts, drop mate, immobile squares",
                      ("PieceType.drop", "DropRule.zone", "DropRule.max_per_file", "DropRule.max_per_square_color",
                       "DropRule.no_drop_mate", "DropRule.where_stuck"), of_piece=_drop_limits)

GOAL_RULES: tuple[Feature, ...] = (FLAG_SAFETY, FLAG, MUST_CAPTURE, DROP_CHECKS, NO_CHECKS, MUST_DROP, REBIRTH,
                                   DROP_SAFETY, DROPS_FIRST, ROYAL_OPTIONAL, EXTINCTION_CLAIM, BLAST_IMMUNITY,
                                   EXTINCTION, CONNECTION, ATOMIC, CHECK_COUNT)
"""The rules of a whole game beyond checkmate, stalemate and bare king that decide or narrow its moves, in the
order writers refuse them."""
PIECE_RULES: tuple[Feature, ...] = (JOINS, UNLOADS, VIRGIN_MOVES, CAPTURE_RESTRICTIONS, UNMOVED_WHEN_MADE,
                                    PROMOTION_LIMIT, PROMOTION_SIDES, CASTLING_TO_FILES)
"""The piece rules beyond XBetza, promotion, zones and castling, in the order writers refuse them (by piece)."""
DROP_RULES: tuple[Feature, ...] = (DROPS, PROMOTION)
"""The drop and shogi-style promotion rules a writer without drops must refuse."""
WRITER_RULES: tuple[Feature, ...] = (STALEMATE, BARE_KING, FACING, LAST_ROYAL, CAPTURES_TO_OWNER, ROYAL,
                                     CHESS_PROMOTION, CONFINEMENT, ZONED_MOVES, DROP_LIMITS)
"""The rules every writer checks in its own terms (a format says them in some games only, and its writer names
why not in the others: :attr:`How.SOME`)."""

FEATURES: tuple[Feature, ...] = (*GOAL_RULES, *PIECE_RULES, *DROP_RULES, CASTLING, SPLIT, *WRITER_RULES)
"""Every rule feature of the model."""
BY_NAME: dict[str, Feature] = {f.name: f for f in FEATURES}


def uses(game: Game, features: Sequence[Feature] = FEATURES) -> list[Use]:
    """The uses in ``game`` of ``features``: in their order, except that each run of piece features is walked piece
    by piece (a piece's uses together, as writers have always listed them)."""
    found: list[Use] = []
    start = 0
    while start < len(features):
        end = start + 1
        piece_run = features[start].of_piece is not None
        while end < len(features) and (features[end].of_piece is not None) == piece_run:
            end += 1
        run = features[start:end]
        if piece_run:
            by_piece = {id(p): i for i, p in enumerate(game.pieces)}
            run_uses = [use for feature in run for use in feature.find(game)]
            found.extend(sorted(run_uses, key=lambda u: by_piece[id(u.piece)]))  # stable: feature order per piece
        else:
            found.extend(use for feature in run for use in feature.find(game))
        start = end
    return found


def pairs(found: Iterable[Use]) -> list[tuple[str, str]]:
    """(feature key, description) pairs of ``found``."""
    return [(use.key, use.text) for use in found]


def goal_rules(game: Game) -> list[tuple[str, str]]:
    """The uses of :data:`GOAL_RULES` in ``game`` as (feature, description) pairs."""
    return pairs(uses(game, GOAL_RULES))


def piece_rules(game: Game) -> list[tuple[str, str]]:
    """The uses of :data:`PIECE_RULES` in ``game`` as (feature, description) pairs."""
    return pairs(uses(game, PIECE_RULES))


def drop_rules(game: Game) -> list[tuple[str, str]]:
    """The uses of :data:`DROP_RULES` in ``game`` as (feature, description) pairs: what a writer without drop
    support must refuse (empty for a game without them)."""
    return pairs(uses(game, DROP_RULES))


class How(enum.Enum):
    """How a format says a feature."""

    EXACT = "exact"
    """In the format's own terms (a variants.ini option, a Diagram parameter, a JSON field)."""
    CODE = "code"
    """In the format's own programming language (ZRF, GAME Code)."""
    EXTENSION = "extension"
    """As a fairyport extension line the platform ignores (fairyport reads it back; listed as lost)."""
    SOME = "some"
    """In the format's own terms or code in some games; the writer refuses the others itself, saying why."""
    NOT = "not"
    """Not at all: refused, or dropped and listed as lost with ``--best-effort``."""


C = TypeVar("C")
"""The writer's context a per-game test looks at (the writer object, or the game)."""


@dataclasses.dataclass(frozen=True)
class Wording:
    """How a format words a feature it does not write: ``str.format`` templates over ``text`` (the use's
    description), ``key`` (its feature key), ``target`` (the format's name) and ``extension`` (the extension
    key)."""

    reason: str
    """The :class:`~fairyport.errors.UnsupportedError`'s message."""
    lost: str = "{text}"
    """The lost-list entry under ``--best-effort``."""
    located: bool = False
    """The error names the game's source file."""


@dataclasses.dataclass(frozen=True)
class Support(Generic[C]):
    """What one format does with one feature."""

    how: How
    when: Callable[[C], bool] | None = None
    """Said as :attr:`how` only where this holds for the writer's context (the game's shape), refused elsewhere."""
    extension: str = ""
    """The extension key that carries it (:attr:`How.EXTENSION`)."""
    wording: Wording | None = None
    """This feature's wording where it differs from the format's (:attr:`FeatureSupport.wording`)."""
    each: Callable[[Game, Use], list[Use]] | None = None
    """The uses as this writer words them, instead of the use itself (a writer that names each piece of a rule:
    uses of the same feature, each with its piece and its own text)."""
    listed: bool = True
    """False: the writer lists this loss itself, where it writes the extension line (a piece's lines)."""


@dataclasses.dataclass(frozen=True)
class FeatureSupport(Generic[C]):
    """A format's declaration of every feature: how its writer says it, and which its reader reads."""

    format: str
    """The format's name (``{target}`` in wordings)."""
    wording: Wording
    """How the writer words a feature it does not write."""
    writes: Mapping[str, Support[C]]
    """Feature name -> what the writer does with it; every feature of :data:`FEATURES` is here."""
    reads: frozenset[str]
    """The features the reader brings back into the model from what the writer writes (a round trip through the
    format keeps them; a feature read back only as kept code is not listed)."""
    extension_wording: Wording | None = None
    """How the writer words a feature written as an extension line (:attr:`How.EXTENSION`)."""

    def support(self, feature: Feature) -> Support[C]:
        """What the writer does with ``feature``."""
        return self.writes[feature.name]


def declare(target: str, default: How, *, reads: Iterable[str], wording: Wording,
            extension_wording: Wording | None = None, **writes: Support[C]) -> FeatureSupport[C]:
    """A :class:`FeatureSupport` giving every feature ``default`` except those named in ``writes`` (by the
    feature's name with spaces as underscores: ``must_capture=Support(How.CODE)``)."""
    named = {name.replace("_", " "): support for name, support in writes.items()}
    unknown = sorted(set(named) - set(BY_NAME))
    if unknown:
        raise ValueError(f"no such rule features: {unknown}")
    table = {f.name: named.get(f.name, Support[C](default)) for f in FEATURES}
    missing = sorted(set(reads) - set(BY_NAME))
    if missing:
        raise ValueError(f"no such rule features: {missing}")
    return FeatureSupport(target, wording, table, frozenset(reads), extension_wording)


CASTLING_LOST = Wording("{text} cannot be written as {target} (its castling is the Interactive Diagram's rule)",
                        located=True)
"""The wording of a castling rule a format cannot say (written as ``O`` it would castle by the Diagram's rule)."""
SPLIT_LOST = Wording("{text} cannot be written as {target}", located=True)
"""The wording of a split a format cannot say."""
