"""Game model -> Interactive Diagram text (:func:`write_game`), and a Diagram file rewritten through its syntax tree
(:func:`rewrite`; an unchanged file comes back byte for byte).

The writer puts back what the reader kept (directive order, unknown keys, prose, fields left to their
defaults, square lists as written) wherever it still means the same game, and writes canonical text
otherwise. Pieces are ordered so that the Diagram's numbering works: promotable pieces first
(``maxPromote``), their promoted forms ``promoOffset`` places later (shogi style).

What the Diagram cannot express raises :class:`UnsupportedError` naming the piece or rule; with
``best_effort`` it is left out and listed instead. Some rules are written in a form only fairyport reads and
are always listed: a piece confined to a zone (``fairyportZone`` / ``fairyportConfine``; the Diagram needs a
``BadZone()`` page script for it), moves that depend on a zone (``fairyportZoneMoves``), a drop rule
(``fairyportDrop``) and, in a game with drops or shogi-style
promotion, a promotion the Diagram's parameters cannot say exactly (``fairyportPromotion``, with
``maxPromote=0`` for the Diagram). Hand rules are ``holdingsType`` (-1, -2 or 1).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fairyport.conversion import rules_lost
from fairyport.errors import FairyportError, Location, UnsupportedError, UsageError
from fairyport.features import GOAL_RULES, PIECE_RULES, drop_rules
from fairyport.idiagram import syntax
from fairyport.idiagram.features import SUPPORT
from fairyport.idiagram.goals import (
    CASTLING_KEY,
    DROPS_KEY,
    FIRST_KEY,
    RULE_KEYS,
    SPLIT_KEY,
    STALEMATE_KEY,
    format_castling,
    format_split,
    parse_first,
    read_rules,
    rule_lines,
)
from fairyport.idiagram.pagecode import Confinement, badzone_function, page_text
from fairyport.idiagram.read import (
    HTML_SUFFIXES,
    MULTI_KEYS,
    PIECE_KEYS,
    SCALAR_KEYS,
    demotes,
    hand_is_palette,
    read_text,
    royal_game,
    royal_optional_said,
    split_fragment,
)
from fairyport.idiagram.royalty import says, wanted_extinction
from fairyport.idiagram.rules import (
    DROP_KEY,
    HOLDINGS_KEEP,
    HOLDINGS_NONE,
    HOLDINGS_OWNER,
    HOLDINGS_SHOGI,
    HOLE_NAME,
    PROMOTION_KEY,
    REBIRTH_KEY,
    ROYAL_NUMBER,
    ROYAL_OPTIONAL_KEY,
    ZONE_KEY,
    ZONED_KEY,
    Grid,
    PromotionSettings,
    SquareList,
    add_facing,
    default_id,
    default_move,
    format_drop_rule,
    format_holdings,
    format_promo_choice,
    format_promotion,
    format_squares,
    format_zone,
    format_zoned_moves,
    normalise_symmetry,
    parse_holdings,
    parse_int,
    parse_squares,
    parse_zone,
    read_promotions,
    read_royals,
    same_squares,
    split_facing,
    symmetry_fits,
    unique_id,
)
from fairyport.idiagram.syntax import Directive, Document, is_prose_text, make_parameter, make_piece, make_prose
from fairyport.idiagram.transport import TRANSPORT_WHAT, transport_lines
from fairyport.idiagram.weird import DropLimits, Forced, weirdpromotion_function
from fairyport.idiagram.zones import last_ranks_promotion
from fairyport.inputs import read_input, read_input_text
from fairyport.model import (
    BLACK,
    CHESS_TRIGGERS,
    SHOGI_TRIGGERS,
    WHITE,
    BareKingRule,
    DropRule,
    Game,
    PieceType,
    Promotion,
    PromotionChoice,
    Rules,
    StalemateResult,
    Zone,
)
from fairyport.movegen.compile import Variant
from fairyport.xbetza import syntax as betza

Entry = dict[str, Any]
KEY_ORDER = ("files", "ranks", "firstRank", "symmetry", "promoZone", "maxPromote", "promoChoice", "promoOffset",
             "holdingsType", "royal", "stalemate", "baring", "extinction", *RULE_KEYS, FIRST_KEY, ZONE_KEY)
"""Order of the keys the writer adds itself (keys already in the definition stay where they were)."""


class _Lost:
    """Collects what cannot be written; raises at once unless best effort was asked for."""

    def __init__(self, best_effort: bool) -> None:
        self.best_effort = best_effort
        self.items: list[str] = []

    def unsupported(self, feature: str, message: str) -> None:
        if not self.best_effort:
            raise UnsupportedError(f"the Interactive Diagram cannot express {message}", feature=feature)
        self.items.append(message)

    def note(self, message: str) -> None:
        self.items.append(message)


def _safe_prose(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("=", "-").replace(":", " -")).strip()


def _try(function: Callable[[], Any]) -> Any:
    try:
        return function()
    except FairyportError:
        return None


@dataclasses.dataclass
class _Plan:
    """Piece order and the values to write for the keys the model carries."""

    order: list[PieceType]
    values: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    promotions: dict[str, Promotion] = dataclasses.field(default_factory=dict)
    extensions: dict[str, str] = dataclasses.field(default_factory=dict)
    """Model id -> the fairyportPromotion value of a piece whose promotion the Diagram's parameters cannot say."""
    forced: list[Forced] | None = None
    """Pieces and squares where ``WeirdPromotion`` refuses not promoting (None: no promotion part; without one the
    reader takes piece 1 as forced to promote on the last rank)."""
    drops: list[DropLimits] | None = None
    """The drop limits ``WeirdPromotion`` says (None: none written there; the fairyportDrop lines say them)."""


def _markers(game: Game) -> dict[str, Entry]:
    data = game.format_data.get("idiagram", {})
    entries = [*data.get("head", []), *(e for h in data.get("holes", []) for e in h.get("after", []))]
    for piece in game.pieces:
        entries.extend(piece.extra.get("idiagram", {}).get("after", []))
    markers: dict[str, Entry] = {}
    for entry in entries:
        key = entry.get("key")
        if not entry.get("mapped") or key in markers:
            continue
        if (key in SCALAR_KEYS and isinstance(entry.get("value"), str)) or (
                key in MULTI_KEYS and isinstance(entry.get("values"), list)):
            markers[key] = entry
    return markers


def label_map(order: list[PieceType]) -> dict[str, str]:
    """Model id -> the ID to write for each piece in ``order``: the Diagram's own ID kept on reading (two types
    may share one) where reading the written pieces back in this order gives the same model ids, else the id."""
    labels: dict[str, str] = {}
    taken: set[str] = set()
    for number, piece in enumerate(order, start=1):
        kept = piece.extra.get("idiagram", {}).get("id")
        label = kept if isinstance(kept, str) and kept.strip() == kept and kept else piece.id
        if unique_id(label, number, taken) != piece.id:
            label = piece.id
        labels[piece.id] = label
        taken.add(piece.id)
    return labels


def _settings(values: dict[str, str]) -> PromotionSettings:
    return PromotionSettings(values.get("promoZone"), values.get("maxPromote"), values.get("promoChoice"),
                             values.get("promoOffset"))


def _expressible_promotions(game: Game, lost: _Lost) -> dict[str, Promotion]:
    wanted: dict[str, Promotion] = {}
    for piece in game.pieces:
        promotion = piece.promotion
        if promotion is None:
            continue
        if promotion.zone is not None:
            as_ranks = last_ranks_promotion(game, piece)
            if as_ranks is None:
                lost.unsupported("promotion", f"the promotion of {piece.name!r} in the named zone "
                                 f"{promotion.zone!r} (not the last ranks of each side, nor a band of ranks "
                                 "the piece must stop in)")
                continue
            promotion = as_ranks
        wanted[piece.id] = promotion
    return wanted


def _chess_style(order: list[PieceType], wanted: dict[str, Promotion], lost: _Lost, labels: dict[str, str]) -> _Plan:
    groups: dict[tuple[tuple[PromotionChoice, ...], int], list[str]] = {}
    for piece_id, promotion in wanted.items():
        choices = promotion.choices
        if promotion.triggers != CHESS_TRIGGERS or promotion.mandatory_where_stuck:
            lost.unsupported("promotion", f"the shogi-style promotion of {piece_id} (on leaving the zone, or "
                             "forced only where the piece could not move again) with chess-style choices")
            continue
        if not promotion.mandatory:
            if len(wanted) > 1:
                lost.unsupported("promotion", f"the optional promotion of {piece_id} next to other promoting pieces")
                continue
            choices = (*choices, PromotionChoice(piece_id))  # staying a pawn is the choice of itself
        groups.setdefault((choices, promotion.depth), []).append(piece_id)
    if not groups:
        return _Plan(order, {"maxPromote": ["0"]})
    (choices, depth), chosen = max(groups.items(), key=lambda item: len(item[1]))
    for key, ids in groups.items():
        if key != (choices, depth):
            for piece_id in ids:
                lost.unsupported("promotion", f"the promotion of {piece_id}, which differs from that of "
                                 f"{', '.join(chosen)} (the Diagram has one promotion choice list)")
    first = [p for p in order if p.id in chosen]
    new_order = first + [p for p in order if p.id not in chosen]
    values = {"promoZone": [str(depth)], "maxPromote": [str(len(first))],
              "promoChoice": [format_promo_choice(choices, labels)]}
    return _Plan(new_order, values, {pid: Promotion(choices, depth, mandatory=True) for pid in chosen})


def _shogi_style(order: list[PieceType], wanted: dict[str, Promotion]) -> _Plan | None:
    depths = {p.depth for p in wanted.values()}
    if len(depths) != 1:
        return None
    first: list[PieceType] = []
    rest: list[PieceType] = []
    targets: dict[str, str] = {}
    for piece in order:
        promotion = wanted.get(piece.id)
        if promotion is None:
            continue
        target = promotion.choices[0].piece if promotion.choices else ""
        if promotion.choices[:1] != (PromotionChoice(target),):
            return None
        if promotion.mandatory and promotion.choices[1:] == (PromotionChoice(piece.id, on_last_rank=False),):
            first.append(piece)
        elif not promotion.mandatory and len(promotion.choices) == 1:
            rest.append(piece)
        else:
            return None
        targets[piece.id] = target
    if len(first) != 1 or len(set(targets.values())) != len(targets) or set(targets.values()) & set(targets):
        return None
    promotable = first + rest
    by_id = {p.id: p for p in order}
    promoted = [by_id[targets[p.id]] for p in promotable]
    new_order = promotable + promoted + [p for p in order if p not in promotable and p not in promoted]
    values = {"promoZone": [str(depths.pop())], "maxPromote": [str(len(promotable))],
              "promoOffset": [str(len(promotable))]}
    return _Plan(new_order, values, dict(wanted))


def _offset_form(wanted: dict[str, Promotion]) -> int | None:
    """The zone depth when every promotion is shogi's: one type, optional (perhaps forced where the piece could not
    move again), on every move that starts or ends in the last ``depth`` ranks; else None."""
    depths = {p.depth for p in wanted.values()}
    if len(depths) != 1 or any(len(p.choices) != 1 or p.choices[0] != PromotionChoice(p.choices[0].piece)
                               or p.mandatory or p.triggers != SHOGI_TRIGGERS for p in wanted.values()):
        return None
    return depths.pop()


def _promoted_slots(game: Game, promotable: list[PieceType], wanted: dict[str, Promotion]) -> list[PieceType] | None:
    """The type each promotable piece becomes, ``promoOffset`` places later: the target itself where it only ever
    comes from that piece, else a copy of it (same name, ID and moves: the script demotes a captured promoted
    piece by the offset, so each promoted type must know where it came from). None where a target has rules a
    copy would not keep."""
    by_id = {p.id: p for p in game.pieces}
    placed = {p.id for p in game.setup.placement.values()} | {i for h in game.setup.hands.values() for i in h}
    slots: list[PieceType] = []
    for piece in promotable:
        target = by_id[wanted[piece.id].choices[0].piece]
        if target.id in wanted or target.royal or target.confined_to is not None:
            return None
        alone = target.id not in placed and target not in slots
        slots.append(target if alone else dataclasses.replace(target, promotion=None, drop=None, extra={
            "idiagram": {"id": label_map([target])[target.id]}}))
    return slots


def _offset_plan(game: Game, wanted: dict[str, Promotion], holdings: int) -> _Plan | None:
    """Shogi-style promotion in the script's own terms: ``maxPromote`` promotable types first, the types that do
    not promote, then each promotable type's promoted form ``promoOffset`` places later (``holdingsType=-1``
    demotes a captured one by the offset); ``WeirdPromotion`` refuses not promoting where a piece could not move
    again. None where the promotions or hand rules are not of that form."""
    depth = _offset_form(wanted)
    if depth is None or holdings != HOLDINGS_SHOGI or not game.rules.demote_captured:
        return None
    promotable = [p for p in game.pieces if p.id in wanted]
    slots = _promoted_slots(game, promotable, wanted)
    if slots is None:
        return None
    rest = [p for p in game.pieces if p not in promotable and p not in slots]
    order = promotable + rest + slots
    taken: set[str] = set()
    for number, piece in enumerate(order, start=1):
        if piece not in game.pieces:  # a copy: the id the reader gives its (shared) ID at this number
            piece = order[number - 1] = dataclasses.replace(piece, id=unique_id(piece.extra["idiagram"]["id"],
                                                                                number, taken))
        taken.add(piece.id)
    variant = Variant(game)
    grid = Grid(game.board.files, game.board.ranks, game.board.first_rank)
    forced = []
    for number, piece in enumerate(promotable, start=1):
        squares = {c: frozenset(x for x in map(grid.coordinates, variant.stuck_squares(piece.id, c)) if x is not None)
                   for c in (WHITE, BLACK)}
        if not any(squares.values()) and not wanted[piece.id].mandatory_where_stuck:
            return None  # never stuck: read back as forced where stuck (nowhere), the other readers' convention
        if wanted[piece.id].mandatory_where_stuck and any(squares.values()):
            forced.append(Forced(number, piece.name, squares))
    values = {"promoZone": [str(depth)], "maxPromote": [str(len(promotable))],
              "promoOffset": [str(len(promotable) + len(rest))]}
    return _Plan(order, values, dict(wanted), forced=forced)


def _plan(game: Game, markers: dict[str, Entry], lost: _Lost) -> _Plan:
    """The piece order and promotion keys: the Diagram's own parameters where they say the model's promotions
    exactly; the extension lines where they cannot say them at all, and in a game with drops or shogi-style
    promotion where they say them only in an equivalent form."""
    holdings = _holdings_wanted(game, lost)
    if hand_is_palette(holdings, game.pieces, game.setup, game.rules.drops):
        lost.unsupported("hand", "pieces in hand in a game without drops (the Diagram's reading takes them for a "
                         "palette beside the board, not part of the game)")
    probe = _Lost(best_effort=True)
    plan = _standard_plan(game, markers, probe, holdings)
    unsaid = bool(probe.items)  # the Diagram's promotion parameters cannot say every promotion
    if plan.promotions != {p.id: p.promotion for p in game.pieces if p.promotion is not None}:
        probe.note("an equivalent but different promotion (optional = a choice of itself)")
    if game.rules.captures_to_hand:
        offset = plan.values.get("promoOffset", [str(markers.get("promoOffset", {}).get("value", "0"))])[0]
        if demotes(holdings, bool(plan.promotions), offset) != game.rules.demote_captured:
            probe.note("demotion")
    if probe.items:
        extend = unsaid or bool(drop_rules(game)) or game.rules.captures_to_owner
        plan = _extension_plan(game, lost) if extend else _standard_plan(game, markers, lost, holdings)
    plan.values["holdingsType"] = _holdings_values(holdings, markers)
    written = plan.values.get("promoOffset", [str(markers.get("promoOffset", {}).get("value", "0"))])
    if game.rules.drops and holdings < 0 and (plan.forced is not None or written[0].strip() in ("0", "")):
        plan.drops = _drop_limits(game, plan.order)  # with shogi-style keys only beside the forced promotions
    return plan


def said_by_weird(rule: DropRule) -> bool:
    """Whether ``WeirdPromotion`` says the drop rule (squares where stuck, per-file and colour counts above 0) in
    place of a fairyportDrop line (an empty one, "no limit", is kept: the model tells it from no rule)."""
    rest = dataclasses.replace(rule, max_per_file=None, max_per_square_color=None, where_stuck=False)
    return rest == DropRule() != rule and 0 not in (rule.max_per_file, rule.max_per_square_color)


def _drop_limits(game: Game, order: list[PieceType]) -> list[DropLimits]:
    """What ``WeirdPromotion`` refuses of each piece's drops: where it could not move again (the model's rule,
    unless the piece may be dropped there too), and beyond its counts."""
    variant = Variant(game)
    grid = Grid(game.board.files, game.board.ranks, game.board.first_rank)
    limits = []
    for number, piece in enumerate(order, start=1):
        rule = piece.drop or DropRule()
        stuck = {c: frozenset(x for x in map(grid.coordinates, variant.stuck_squares(piece.id, c)) if x is not None)
                 for c in (WHITE, BLACK)} if piece in game.pieces and not rule.where_stuck else {WHITE: frozenset(),
                                                                                              BLACK: frozenset()}
        found = DropLimits(number, piece.name, stuck, rule.max_per_file, rule.max_per_square_color)
        if any(stuck.values()) or found.per_file is not None or found.per_colour is not None:
            limits.append(found)
    return limits


def _extension_plan(game: Game, lost: _Lost) -> _Plan:
    """Every promotion as a fairyportPromotion line after its piece (``maxPromote=0`` for the Diagram)."""
    labels = label_map(game.pieces)
    extensions: dict[str, str] = {}
    for piece in game.pieces:
        if piece.promotion is None:
            continue
        text = extensions[piece.id] = format_promotion(piece.promotion, labels)
        lost.unsupported(f"{piece.name}: promotion", f"the promotion of {piece.name!r} ({text}) in plain Diagram "
                         f"text (written as the fairyport extension {PROMOTION_KEY}, which the Diagram script "
                         "ignores)")
    values = {"maxPromote": ["0"]} if extensions else {}
    return _Plan(list(game.pieces), values, {}, extensions)


def _holdings_wanted(game: Game, lost: _Lost) -> int:
    """The ``holdingsType`` that says the model's hand rules."""
    rules = game.rules
    if rules.captures_to_hand:
        if not rules.drops:
            lost.unsupported("captures_to_hand", "captures to the capturer's hand in a game without drops")
        return HOLDINGS_SHOGI if rules.demote_captured else HOLDINGS_KEEP
    if rules.captures_to_owner:
        if rules.drops:
            lost.unsupported("drops", "drops in a game whose captured pieces go back to their owner" + _DROPS_LINE)
        return HOLDINGS_OWNER
    if rules.drops:
        lost.unsupported("drops", "drops in a game whose captured pieces do not go to a hand" + _DROPS_LINE)
    return HOLDINGS_NONE


_DROPS_LINE = f" (written as the fairyport extension {DROPS_KEY}, which the Diagram script ignores)"


def _holdings_class(value: int) -> int:
    return max(min(value, HOLDINGS_OWNER), HOLDINGS_KEEP)


def _holdings_values(holdings: int, markers: dict[str, Entry]) -> list[str]:
    """The ``holdingsType`` line: the original where it means the same, else the value (none for 0)."""
    marker = markers.get("holdingsType")
    if marker is not None:
        original = _try(lambda: parse_int(str(marker["value"]), Location(), "holdingsType"))
        if original is not None and _holdings_class(original) == holdings:
            return [marker["value"]]
    return [] if holdings == HOLDINGS_NONE and marker is None else [str(holdings)]


def _standard_plan(game: Game, markers: dict[str, Entry], lost: _Lost, holdings: int) -> _Plan:
    wanted = _expressible_promotions(game, lost)
    order = list(game.pieces)
    keys = ("promoZone", "maxPromote", "promoChoice", "promoOffset")
    originals: dict[str, str] = {k: str(markers[k]["value"]) for k in keys if k in markers}
    ids = [p.id for p in order]
    labels = label_map(order)
    drops = holdings != HOLDINGS_NONE
    warned: list[tuple[str, Location]] = []  # read as none, warned: no promoChoice type, no move into the zone
    if (_try(lambda: read_promotions(_settings(originals), ids, [labels[i] for i in ids], warned, drops=drops))
            == wanted and (wanted or not warned)):
        return _Plan(order, {k: [v] for k, v in originals.items()}, wanted)
    offset_plan = _offset_plan(game, wanted, holdings)
    if offset_plan is not None:
        offset_plan.values = {k: v for k, v in offset_plan.values.items() if k in markers or v != _DEFAULTS.get(k)}
        return offset_plan
    plan = _shogi_style(order, wanted) if any(not p.mandatory for p in wanted.values()) else None
    if plan is None:
        plan = _chess_style(order, wanted, lost, labels)
    plan.values = {k: v for k, v in plan.values.items() if k in markers or v != _DEFAULTS.get(k)}
    check = {k: v[0] for k, v in plan.values.items()}
    if _try(lambda: read_promotions(_settings(check), [p.id for p in plan.order],
                                    [labels[p.id] for p in plan.order], drops=drops)) != plan.promotions:
        lost.unsupported("promotion", "these promotion rules (no promoZone/maxPromote/promoChoice/promoOffset "
                         "setting reads back to them)")
    return plan


_DEFAULTS = {"promoZone": ["1"], "maxPromote": ["1"], "promoChoice": ["QNRB"], "promoOffset": ["0"]}


def _royal_values(game: Game, order: list[PieceType], markers: dict[str, Entry]) -> list[str]:
    ids = [p.id for p in order]
    wanted = {p.id for p in order if p.royal}
    original = markers.get("royal", {}).get("values")
    if original is not None and all(ROYAL_NUMBER.match(v) for v in original):  # the script reads numbers
        if _try(lambda: set(read_royals([(v, Location()) for v in original], ids))) == wanted:
            return list(original)
    elif set(read_royals([], ids)) == wanted:
        return []
    if not wanted:
        return ["0"]
    return [str(n) for n, p in enumerate(order, start=1) if p.royal]


def _equals(text: str) -> Callable[[str], bool]:
    return lambda value: value.strip() == text


def _scalar(markers: dict[str, Entry], key: str, wanted: str | None, same: Callable[[str], bool]) -> list[str]:
    """The value to write for ``key``: the original if it means ``wanted``, else ``wanted`` (None: nothing)."""
    marker = markers.get(key)
    if marker is not None and same(marker["value"]):
        return [marker["value"]]
    return [] if wanted is None else [wanted]


def _rule_values(game: Game, order: list[PieceType], markers: dict[str, Entry], lost: _Lost) -> dict[str, list[str]]:
    board, rules = game.board, game.rules
    values: dict[str, list[str]] = {}
    for key, number, default in (("files", board.files, 8), ("ranks", board.ranks, 8),
                                 ("firstRank", board.first_rank, 1)):
        wanted = str(number) if number != default or key in markers else None
        values[key] = _scalar(markers, key, wanted, _equals(str(number)))
    values["royal"] = _royal_values(game, order, markers)
    stalemate = rules.stalemate
    if stalemate is StalemateResult.WIN:
        lost.unsupported("stalemate", "a stalemate won by the stalemated side (written as the fairyport extension "
                         f"{STALEMATE_KEY}, which the Diagram script ignores; stalemate=draw for the Diagram)")
        stalemate = StalemateResult.DRAW
    if stalemate is StalemateResult.LOSS:
        values["stalemate"] = _scalar(markers, "stalemate", "win", lambda v: v.strip().lower() != "draw")
    else:
        values["stalemate"] = _scalar(markers, "stalemate", "draw" if "stalemate" in markers else None,
                                      lambda v: v.strip().lower() == "draw")
    if rules.bare_king is BareKingRule.LOSS:
        values["baring"] = _scalar(markers, "baring", "0", lambda v: v.strip() == "0")
    else:
        values["baring"] = _scalar(markers, "baring", None, lambda v: v.strip() != "0")
    values["extinction"] = _extinction_values(game, markers, lost)
    values.update(_goal_values(game, order, markers))
    first = game.setup.side_to_move
    values[FIRST_KEY] = _scalar(markers, FIRST_KEY, "black" if first == BLACK else None,
                                lambda v: _try(lambda: parse_first(v, Location())) == first)
    values[ZONE_KEY] = _zone_values(game, markers)
    return values


def _extinction_values(game: Game, markers: dict[str, Entry], lost: _Lost) -> list[str]:
    """The ``extinction`` line: the original where it reads back to the game's protection and optional royals,
    else none where the script's default does, else the bits (:mod:`fairyport.idiagram.royalty`)."""
    royal, rules = royal_game(game), game.rules
    marker = markers.get("extinction")
    if marker is not None:
        original = _try(lambda: parse_int(str(marker["value"]), Location(), "extinction"))
        if original is not None and says(original, rules, royal):
            return [str(marker["value"])]
    elif says(None, rules, royal):
        return []
    wanted = wanted_extinction(rules, royal)
    if wanted is None and not rules.royal_optional:  # optional royals: refused by name (royal_optional_said)
        lost.unsupported("royal protection", "every royal piece protected for a side with several that may be left "
                         "without one (its extinction bit clear for the protection, set for losing without royals)")
    return [] if wanted is None else [str(wanted)]


def _goal_values(game: Game, order: list[PieceType], markers: dict[str, Entry]) -> dict[str, list[str]]:
    """The rule extension lines (:mod:`fairyport.idiagram.goals`): the file's own line where it reads back to the
    same rule, else the canonical one. Their loss is listed by :func:`_check_board`."""
    labels = label_map(order)
    try:
        lines = rule_lines(game.rules, labels)
        if royal_optional_said(game):  # extinction's bits say it
            lines.pop(ROYAL_OPTIONAL_KEY, None)
    except ValueError as error:
        raise UnsupportedError(f"the Interactive Diagram extension lines cannot carry the game's rules: {error}",
                               feature="rules") from None
    ids = [p.id for p in order]
    zone_names = {z.name for z in game.zones}

    def meaning(key: str, text: str | None) -> Rules | None:
        found = _try(lambda: read_rules(lambda k: (text, Location()) if k == key and text is not None else None,
                                        ids, [labels[i] for i in ids], zone_names))
        return None if found is None else dataclasses.replace(Rules(), **found)

    values: dict[str, list[str]] = {}
    for key in RULE_KEYS:
        wanted = lines.get(key)
        marker = markers.get(key)
        if marker is not None and meaning(key, str(marker["value"])) == meaning(key, wanted):
            values[key] = [str(marker["value"])]
        else:
            values[key] = [] if wanted is None else [wanted]
    return values


def confinement_only(game: Game) -> set[str]:
    """The zones only confinement uses (written as the ``BadZone()`` page function, so no ``fairyportZone`` line
    is needed for them)."""
    confining = {p.confined_to for p in game.pieces if p.confined_to is not None}
    used = {z for p in game.pieces for z in (p.promotion.zone if p.promotion else None,
                                              p.drop.zone if p.drop else None, *(m.zone for m in p.zoned_moves))}
    rules_text = " ".join(rule_lines(game.rules, {p.id: p.id for p in game.pieces}).values())
    return {name for name in confining if name not in used and not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])",
                                                                           rules_text)}


def _zone_values(game: Game, markers: dict[str, Entry]) -> list[str]:
    grid = Grid(game.board.files, game.board.ranks, game.board.first_rank)
    skipped = confinement_only(game)
    zones = [z for z in game.zones if z.name not in skipped]
    original = markers.get(ZONE_KEY, {}).get("values")
    if original is not None:
        read = _try(lambda: [Zone(*z) for v in original for z in parse_zone(v, grid, Location())])
        if read == zones:
            return list(original)
    lines: list[str] = []
    pending: dict[str, Zone] = {}
    for zone in zones:
        squares = sorted(zone.squares)
        if zone.color is None:
            lines.append(format_zone(zone.name, squares, None, grid))
        elif zone.color == WHITE:
            pending[zone.name] = zone
        else:
            white = pending.pop(zone.name, None)
            lines.append(format_zone(zone.name, sorted(white.squares) if white else [], squares, grid))
    lines.extend(format_zone(z.name, sorted(z.squares), [], grid) for z in pending.values())
    return lines


def _fits(game: Game, grid: Grid, symmetry: str) -> bool:
    """Whether every piece type's squares can be written under ``symmetry`` (:func:`symmetry_fits`)."""
    on_grid = {s: p for s, p in game.setup.placement.items() if grid.coordinates(s) is not None}
    for piece in game.pieces:
        white = [s for s, p in on_grid.items() if p.id == piece.id and p.color == WHITE]
        black = [s for s, p in on_grid.items() if p.id == piece.id and p.color == BLACK]
        if not symmetry_fits(white, black, grid, symmetry):
            return False
    return True


def _symmetry(game: Game, markers: dict[str, Entry], grid: Grid) -> tuple[str, list[str]]:
    """The symmetry to write: the file's own where the start position fits it, else the one that fits best
    (the script gives every White square's partner a Black piece, whatever the lists say), else ``none``."""
    marker = markers.get("symmetry")
    if marker is not None and _fits(game, grid, normalise_symmetry(marker["value"])):
        return normalise_symmetry(marker["value"]), [marker["value"]]
    fits = {"mirror": 0, "rotate": 0}
    for symmetry in fits:
        for square, piece in game.setup.placement.items():
            if piece.color == WHITE and grid.coordinates(square) is not None:  # not a square off the grid
                partner = game.setup.placement.get(grid.image(square, symmetry))
                fits[symmetry] += partner is not None and partner.id == piece.id and partner.color == BLACK
    for symmetry in sorted(fits, key=lambda name: -fits[name]):
        if _fits(game, grid, symmetry):
            return (symmetry, [symmetry]) if symmetry != "mirror" or marker is not None else (symmetry, [])
    return "none", ["none"]


def _piece_fields(game: Game, piece: PieceType, grid: Grid, symmetry: str, lost: _Lost, label: str) -> list[str]:
    extra = piece.extra.get("idiagram", {})
    defaulted = extra.get("defaulted", [])
    name = re.sub(r"\s+", " ", piece.name.replace(":", " ").replace("=", "-")).strip() or piece.id.lower()
    if name != piece.name:
        lost.note(f"the name of piece {piece.id} is written {name!r} (':' and '=' cannot appear in it)")
    if name.strip().lower() == HOLE_NAME:
        name = f"{name}-piece"
    if re.search(r"[:=,!*\s\d]", label):
        lost.unsupported("piece", f"the piece ID {label!r} (it would break promoChoice or the line)")
    betza = piece.betza
    if piece.royal and not game.rules.royals_may_face:
        written = extra.get("betza")
        same = isinstance(written, str) and _try(lambda: split_facing(written)) == (betza, True)
        betza = written if same and isinstance(written, str) else add_facing(betza)
    id_text = "" if "id" in defaulted and default_id(name) == label else label
    betza_text = "" if "betza" in defaulted and default_move(name, grid.files) == betza else betza
    if not betza.strip():
        betza_text = NO_MOVE  # an empty field would read back as the default move of the name
    image = piece.image if piece.image is not None else name
    image_text = "" if "image" in defaulted and image == name else image
    placed = {s: p for s, p in game.setup.placement.items() if p.id == piece.id}
    off = sorted(s for s in placed if grid.coordinates(s) is None)
    if off:  # on positions beyond the rectangle (lost by _check_board): the Diagram has no square to put it on
        lost.unsupported("setup", f"the {piece.name!r} placed on {', '.join(off)}, off the "
                         f"{grid.files}x{grid.ranks} board")
    white = [s for s, p in placed.items() if p.color == WHITE and s not in off]
    black = [s for s, p in placed.items() if p.color == BLACK and s not in off]
    original = extra.get("squares")
    squares = None
    if isinstance(original, str):
        read = _try(lambda: parse_squares(original, grid, symmetry, Location()))
        gone = extra.get("overridden", [])
        if read is not None and isinstance(gone, list):  # squares later lines take over, as on reading
            read = SquareList(tuple(s for s in read.white if s not in gone),
                              tuple(s for s in read.black if s not in gone))
        if read is not None and same_squares(read, white, black):
            squares = original
    if squares is None:
        squares = format_squares(white, black, grid, symmetry)
    fields = [name, id_text, betza_text, image_text, squares]
    palette = extra.get("palette") or [0, 0]  # pieces in hand of a game without drops (read.py, kept as written)
    counts = (game.setup.hands.get(WHITE, {}).get(piece.id, 0) + int(palette[0]),
              game.setup.hands.get(BLACK, {}).get(piece.id, 0) + int(palette[1]))
    holdings = extra.get("holdings")
    if not (isinstance(holdings, str) and _try(lambda: parse_holdings(holdings, Location())) == counts):
        holdings = format_holdings(*counts) or (None if holdings is None else "")
    extra_fields = extra.get("fields", [])
    if holdings is not None or extra_fields:
        fields.append(holdings or "")
    fields.extend(extra_fields)
    return fields


def _hole_lines(game: Game, grid: Grid, symmetry: str) -> list[Entry]:
    stored = game.format_data.get("idiagram", {}).get("holes", [])
    union: set[str] = set()
    for line in stored:
        read = _try(functools.partial(parse_squares, line["squares"], grid, symmetry, Location()))
        if read is None:
            break
        union |= set(read.white) | set(read.black)
    else:
        if union == set(game.board.holes):
            return list(stored)
    if not game.board.holes:
        return []
    # after a colour switch: the script gives White's holes Black partners under symmetry
    squares = ",," + ",".join(sorted(game.board.holes, key=lambda s: grid.coordinates(s) or (0, 0)))
    return [{"position": len(game.pieces), "squares": squares, "after": []}]


def _check_board(game: Game, lost: _Lost) -> None:
    if game.board.extra_positions or game.board.links:
        lost.unsupported("board", "positions beyond the rectangular board or linked cells")
    if game.setup.side_to_move == BLACK:
        lost.unsupported("setup", "a start position with Black to move (written as the fairyport extension "
                         f"{FIRST_KEY}, which the Diagram script ignores)")
    # a piece's extension lines are listed by _piece_extensions
    lost.items.extend(rules_lost(game, SUPPORT, game, (*GOAL_RULES, *PIECE_RULES), lost.best_effort))
    if not game.rules.royals_may_face and not any(p.royal for p in game.pieces):
        lost.unsupported("royals_may_face", "the no-facing rule without a royal piece to carry fkR")
    data = game.format_data.get("idiagram")
    hooks = data.get("hooks") if isinstance(data, dict) else None
    for hook in hooks if isinstance(hooks, list) else []:
        lost.note(f"the page script hook {hook}() of the source page (scripts are not part of the definition)")
    for fmt, kept in game.format_data.items():
        if fmt != "idiagram" and _holds(kept):
            lost.note(f"data kept for the {fmt} format")
    for piece in game.pieces:
        for fmt, kept in piece.extra.items():
            if fmt != "idiagram" and _holds(kept):
                lost.note(f"{fmt} data of piece {piece.id}")


def _castle_steps(piece: PieceType) -> list[int]:
    """How far each castling (``O``) move of ``piece`` takes it."""
    return [move.range or 1 for move in _safe_moves(piece.betza) if move.atom == "O"]


def _check_castling(game: Game, lost: _Lost) -> None:
    """Refuse castling the script would misplay. The script (``ParseGameDef``) takes the rank and the partners'
    files from the start position: the outermost piece each way from the last royal castler it finds, so it
    throws (``aSide``) where a castling piece stands on the board but no royal one, and lands its royal beyond the
    board where the partner stands near the edge (a bishop on h1 beside a king on g1: Kg1-i1)."""
    grid = Grid(game.board.files, game.board.ranks, game.board.first_rank)
    types = {p.id: p for p in game.pieces}
    placed = [(grid.coordinates(s), p) for s, p in game.setup.placement.items() if p.id in types]
    castlers = [types[p.id] for _, p in placed if _castle_steps(types[p.id])]
    if not castlers:
        return
    royal = [(c, p) for c, p in placed if c is not None and types[p.id].royal and _castle_steps(types[p.id])]
    if not royal:
        lost.unsupported("castling", f"the castling of {castlers[0].name!r} without a royal castling piece on the "
                         "board (the script finds its partners from one and fails without it)")
        return
    (file, rank), king = max(royal, key=lambda item: (item[0][1], item[0][0]))  # the last the script finds
    on_rank = {c[0]: p for c, p in placed if c is not None and c[1] == rank}
    holes = {c[0] for c in map(grid.coordinates, game.board.holes) if c is not None and c[1] == rank}
    for way in (-1, 1):
        edge = file
        while 0 <= edge + way < grid.files and edge + way not in holes:
            edge += way
        partner = next((f for f in range(edge, file, -way) if f in on_rank), None)
        if partner is None:
            continue
        for step in _castle_steps(game.piece_type(king.id)):
            if not 0 <= file + way * step < grid.files:
                lost.unsupported("castling", f"the castling of {game.piece_type(king.id).name!r} with the "
                                 f"{game.piece_type(on_rank[partner].id).name!r} on {grid.name(partner, rank)} (the "
                                 "script lands the royal where its move says, on the board or not)")
                return


def _safe_moves(text: str) -> tuple[betza.Move, ...]:
    """The moves of a move string (an unreadable one: none)."""
    try:
        return betza.parse_moves(text)
    except betza.BetzaError:
        return ()


def _holds(kept: Any) -> bool:
    """Whether data another format keeps holds anything (``{'notes': []}`` holds nothing: nothing is lost)."""
    return any(bool(value) for value in kept.values()) if isinstance(kept, dict) else bool(kept)


def _check_hands(game: Game, lost: _Lost) -> None:
    """Refuse a game whose pieces start in a hand but which has no drops: the Diagram would hold them in a hand
    they never leave, and fairyport could not play the written game (with best effort it is written as it is and
    listed). Pieces in hand beside a game on the board are the Diagram's palette instead (:func:`_plan` says so)."""
    idle = game.idle_hand_pieces()
    if idle and not hand_is_palette(HOLDINGS_NONE, game.pieces, game.setup, game.rules.drops):
        everything = "every piece starts in hand" if not game.setup.placement else "pieces start in hand"
        names = ", ".join(repr(game.piece_type(pid).name) for pid in idle)
        lost.unsupported("pieces in hand", f"a game in which {everything} ({names}) but nothing is ever dropped "
                         "(written as holdings nothing drops: the written game cannot be played)")


NO_MOVE = "pW"
"""The move string written for a piece without moves. An empty move field means the default move of the piece's
name in the Diagram (``K`` for a Man, castling for a name it does not know), so a moveless piece needs a move that
can never be made: a wazir step that must hop over a piece, where no square lies between (the Diagram and
fairyport both generate nothing for it, and it attacks nothing)."""


def _clean_entries(entries: Any, lost: _Lost) -> list[Entry]:
    """Well-formed layout entries only (format data may come from a hand-edited JSON file)."""
    if not isinstance(entries, list):
        return []
    result: list[Entry] = []
    for entry in entries:
        if isinstance(entry, dict) and isinstance(entry.get("prose"), str):
            text = entry["prose"]
            result.append({"prose": text if is_prose_text(text) else _safe_prose(text)})
            continue
        key = entry.get("key") if isinstance(entry, dict) else None
        good_key = isinstance(key, str) and "=" not in key and "\n" not in key
        if good_key and entry.get("mapped") is True and isinstance(entry.get("values"), list) and all(
                isinstance(v, str) and "\n" not in v for v in entry["values"]):
            result.append({"key": key, "mapped": True, "values": list(entry["values"])})
        elif good_key and isinstance(entry.get("value"), str) and "\n" not in entry["value"]:
            result.append({k: entry[k] for k in ("key", "mapped", "value") if k in entry})
        else:
            lost.note(f"a malformed Interactive Diagram layout entry {str(entry)[:40]!r}")
    return result


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _cleaned(game: Game, lost: _Lost) -> Game:
    """``game`` with its Interactive Diagram data reduced to well-formed entries."""
    data = game.format_data.get("idiagram")
    format_data = dict(game.format_data)
    if isinstance(data, dict):
        holes = [{"position": h["position"], "squares": h["squares"], "after": _clean_entries(h.get("after"), lost)}
                 for h in _list(data.get("holes")) if isinstance(h, dict) and isinstance(h.get("position"), int)
                 and isinstance(h.get("squares"), str) and "\n" not in h["squares"]]
        format_data["idiagram"] = {"head": _clean_entries(data.get("head"), lost), "holes": holes}
    else:
        format_data.pop("idiagram", None)
    pieces = []
    for piece in game.pieces:
        extra = piece.extra.get("idiagram")
        clean: dict[str, Any] = {}
        if isinstance(extra, dict):
            clean["after"] = _clean_entries(extra.get("after"), lost)
            defaulted = extra.get("defaulted")
            clean["defaulted"] = [d for d in defaulted if d in ("id", "betza", "image")] \
                if isinstance(defaulted, list) else []
            overridden = extra.get("overridden")
            if isinstance(overridden, list) and all(isinstance(s, str) for s in overridden):
                clean["overridden"] = list(overridden)
            for key in ("squares", "holdings", "betza", "id"):
                if isinstance(extra.get(key), str) and not re.search(r"[:\n]", extra[key]):
                    clean[key] = extra[key]
            palette = extra.get("palette")
            if isinstance(palette, list) and len(palette) == 2 and all(isinstance(n, int) and n >= 0 for n in palette):
                clean["palette"] = list(palette)
            fields = extra.get("fields")
            if isinstance(fields, list) and all(isinstance(f, str) and not re.search(r"[:\n]", f) for f in fields):
                clean["fields"] = list(fields)
        pieces.append(dataclasses.replace(piece, extra={**piece.extra, "idiagram": clean}))
    return dataclasses.replace(game, pieces=pieces, format_data=format_data)


class _Emitter:
    """Builds the document, writing each mapped key once, at its marker or at the end of the head."""

    def __init__(self, values: dict[str, list[str]]) -> None:
        self.document = Document()
        self.values = values
        self.done: set[str] = set()

    def add(self, directive: Directive) -> None:
        self.document.append(directive)

    def key(self, key: str) -> None:
        if key in self.done:
            return
        self.done.add(key)
        for value in self.values.get(key, []):
            self.add(make_parameter(key, value))

    def entries(self, entries: list[Entry], pending: dict[str, str] | None = None) -> None:
        """Write layout entries; a marker of a piece's extension key writes that line from ``pending``."""
        for entry in entries:
            if "prose" in entry:
                self.add(make_prose(entry["prose"]))
            elif entry.get("mapped") and entry["key"] in PIECE_KEYS:
                if pending is not None and entry["key"] in pending:
                    self.add(make_parameter(entry["key"], pending.pop(entry["key"])))
            elif entry.get("mapped"):
                self.key(entry["key"])
            else:
                self.add(make_parameter(entry["key"], entry["value"]))


def _piece_extensions(piece: PieceType, plan: _Plan, lost: _Lost) -> dict[str, str]:
    """The extension lines after a piece line: confinement, drop rule, promotion, castling, split, zoned moves (key ->
    value, in this order). The zoned moves are listed here; the confinement and the promotion are listed as lost by
    :func:`_check_board` and :func:`_extension_plan`."""
    lines: dict[str, str] = {}
    if piece.drop is not None and (plan.drops is None or not said_by_weird(piece.drop)):
        text = lines[DROP_KEY] = format_drop_rule(piece.drop)
        if piece.drop != DropRule():
            lost.unsupported(f"{piece.name}: drop", f"the drop rule of {piece.name!r} ({text}) in plain Diagram "
                             f"text (written as the fairyport extension {DROP_KEY}, which the Diagram script "
                             "ignores)")
    if piece.id in plan.extensions:
        lines[PROMOTION_KEY] = plan.extensions[piece.id]
    if piece.castling is not None:
        text = lines[CASTLING_KEY] = format_castling(piece.castling, label_map(plan.order))
        lost.unsupported(f"{piece.name}: castling", f"the castling of {piece.name!r} ({text or 'as the Diagram'}) "
                         f"in plain Diagram text (written as the fairyport extension {CASTLING_KEY}, which the "
                         "Diagram script ignores: it castles by its own rule)")
    for key, text in transport_lines(piece, label_map(plan.order)).items():
        lines[key] = text
        lost.unsupported(f"{piece.name}: {key}", f"the {TRANSPORT_WHAT[key]} of {piece.name!r} ({text}) in plain "
                         f"Diagram text (written as the fairyport extension {key}, which the Diagram script "
                         "ignores)")
    if piece.rebirth is not None:
        lines[REBIRTH_KEY] = piece.rebirth
        lost.unsupported(f"{piece.name}: rebirth", f"the rebirth of a captured {piece.name!r} on {piece.rebirth} "
                         f"(Circe) in plain Diagram text (written as the fairyport extension {REBIRTH_KEY}, which "
                         "the Diagram script ignores)")
    if piece.split is not None:
        text = lines[SPLIT_KEY] = format_split(piece.split, label_map(plan.order))
        lost.unsupported(f"{piece.name}: split", f"the split of {piece.name!r} ({text}: each move leaves a piece "
                         f"behind) in plain Diagram text (written as the fairyport extension {SPLIT_KEY}, which the "
                         "Diagram script ignores)")
    if piece.zoned_moves:
        text = lines[ZONED_KEY] = format_zoned_moves(piece.zoned_moves)
        unreadable = [m.zone for m in piece.zoned_moves if not re.fullmatch(r"[^\s;:,=]+", m.zone)]
        if unreadable:
            raise UnsupportedError(f"piece {piece.name!r}: moves in the zone {unreadable[0]!r} cannot be written "
                                   f"as {ZONED_KEY} (a zone name there has no spaces, ';', ':', ',' or '=')",
                                   feature=f"{piece.name}: zoned moves")
        lost.unsupported(f"{piece.name}: zoned moves", f"the zone-dependent moves of {piece.name!r} ({text}) in "
                         f"plain Diagram text (written as the fairyport extension {ZONED_KEY}, which the Diagram "
                         "script ignores; a page needs a second piece type or a page script for them)")
    return lines


def document_from_game(game: Game, *, best_effort: bool) -> tuple[Document, list[str], list[str]]:
    """Build the Interactive Diagram definition of ``game``; returns it with the list of what was lost and the
    page functions it needs beside it (:func:`page_functions`).

    :raises UnsupportedError: for a rule or piece the Diagram cannot express, unless ``best_effort``.
    """
    lost = _Lost(best_effort)
    _check_board(game, lost)
    _check_hands(game, lost)
    _check_castling(game, lost)
    game = _cleaned(game, lost)
    grid = Grid(game.board.files, game.board.ranks, game.board.first_rank)
    markers = _markers(game)
    plan = _plan(game, markers, lost)
    symmetry, symmetry_values = _symmetry(game, markers, grid)
    values = {**_rule_values(game, plan.order, markers, lost), **plan.values, "symmetry": symmetry_values}
    emitter = _Emitter(values)
    data = game.format_data.get("idiagram")
    if data is None:
        for text in (game.metadata.title, game.metadata.author, game.metadata.source):
            if text.strip():
                emitter.add(make_prose("# " + _safe_prose(text)))
    else:
        emitter.entries(data.get("head", []))
    for key in KEY_ORDER:
        if key not in markers:
            emitter.key(key)
    holes = _hole_lines(game, grid, symmetry)
    labels = label_map(plan.order)
    for position in range(len(plan.order) + 1):
        for hole in (h for h in holes if h["position"] == position):
            emitter.add(make_piece([HOLE_NAME, "", "", "", hole["squares"]]))
            emitter.entries(hole.get("after", []))
        if position == len(plan.order):
            break
        piece = plan.order[position]
        emitter.add(make_piece(_piece_fields(game, piece, grid, symmetry, lost, labels[piece.id])))
        pending = _piece_extensions(piece, plan, lost)
        emitter.entries(piece.extra.get("idiagram", {}).get("after", []), pending)
        for key, value in pending.items():
            emitter.add(make_parameter(key, value))
    for key in KEY_ORDER:
        emitter.key(key)
    emitter.document.trailing = "\n"
    return emitter.document, lost.items, page_functions(game, plan)


def write_game(game: Game, *, best_effort: bool = False) -> tuple[str, list[str]]:
    """The Diagram text of ``game`` and the list of what it leaves out (empty unless ``best_effort``).

    :raises UnsupportedError: naming the piece or rule the Diagram cannot express, unless ``best_effort``.
    """
    document, lost, functions = document_from_game(game, best_effort=best_effort)
    return page_text(syntax.write(document), functions), lost


def page_functions(game: Game, plan: _Plan) -> list[str]:
    """The page functions the written game needs beside its diagram: ``BadZone()`` for confined pieces (numbered
    as the written list numbers them), ``WeirdPromotion()`` where not promoting is refused or drops are
    limited."""
    grid = Grid(game.board.files, game.board.ranks, game.board.first_rank)
    groups: dict[str, list[int]] = {}
    for number, piece in enumerate(plan.order, start=1):
        if piece.confined_to is not None:
            groups.setdefault(piece.confined_to, []).append(number)
    functions = []
    if plan.forced is not None or plan.drops:
        functions.append(weirdpromotion_function(plan.forced, plan.drops or [], grid.files, grid.ranks))
    if not groups:
        return functions
    confinements = [Confinement(tuple(numbers), name, {
        color: frozenset(c for c in map(grid.coordinates, game.zone_squares(name, color)) if c is not None)
        for color in (WHITE, BLACK)}) for name, numbers in groups.items()]
    return [badzone_function(confinements), *functions]


def rewrite(path: Path) -> bytes:
    """Rewrite a Diagram file through its syntax tree (``fairyport convert X.idiagram --to idiagram``).

    For a page: the text of every diagram (or of the one ``page.html#N`` names), separated by blank lines.
    Each text is read into a game first, so a text that does not read fails as it does for every other command.
    """
    path, fragment = split_fragment(path)
    if path.suffix.lower() in HTML_SUFFIXES:
        from fairyport.idiagram.page import extract_diagrams  # lxml: only for pages

        diagrams = extract_diagrams(read_input(path), str(path))
        if fragment is not None:
            if not 1 <= fragment <= len(diagrams):
                raise UsageError(f"the page has {len(diagrams)} diagrams", Location(str(path)),
                                 expected=f"1..{len(diagrams)}", found=str(fragment))
            diagrams = diagrams[fragment - 1:fragment]
        for diagram in diagrams:
            read_text(diagram.text, file=str(path), hooks=diagram.hooks, line_offset=(diagram.line or 1) - 1)
        return "\n\n".join(syntax.write(syntax.parse(d.text, str(path))) for d in diagrams).encode("utf-8")
    text = read_input_text(path)
    read_text(text, file=str(path))
    return syntax.write(syntax.parse(text, str(path))).encode("utf-8")
