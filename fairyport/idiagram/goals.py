"""fairyport's extension lines for the game rules the Interactive Diagram's text has no parameter for.

Flag goals, forced captures and drops, no checks, extinction, connection goals and atomic captures are read
into :class:`~fairyport.model.Rules` from these lines and written back by the writer. The Diagram script
ignores unknown keys, so a page shows the game without the rule: the writer lists each line as a loss
(``--best-effort``) and refuses it otherwise. Values are ``;``-separated items ``word`` or ``word:argument``;
piece lists are IDs joined by ``+`` (the IDs the piece lines give); errors are located at their column.

| key | value | model |
|---|---|---|
| ``fairyportFlag`` | ``ZONE;white:ID;black:ID;count:N;full;extra`` | :class:`~fairyport.model.FlagGoal` |
| ``fairyportMustCapture`` | ``1`` | :attr:`~fairyport.model.Rules.must_capture` |
| ``fairyportMustDrop`` | ``1`` | :attr:`~fairyport.model.Rules.must_drop` |
| ``fairyportNoChecks`` | ``1`` | :attr:`~fairyport.model.Rules.no_checks` |
| ``fairyportRoyalOptional`` | ``1`` | :attr:`~fairyport.model.Rules.royal_optional` |
| ``fairyportDrops`` | ``1`` | :attr:`~fairyport.model.Rules.drops` without captures to the capturer's hand |
| ``fairyportStalemate`` | ``win`` | :attr:`~fairyport.model.Rules.stalemate` (the stalemated side's result) |
| ``fairyportExtinction`` | ``pieces:ID+ID;count:N;opponent:N;result:loss`` | :class:`~fairyport.model.ExtinctionGoal` |
| ``fairyportConnect`` | ``line:N;block:N;chain:Z1+Z2;...`` (below) | :class:`~fairyport.model.ConnectGoal` |
| ``fairyportFirst`` | ``black`` | :attr:`~fairyport.model.Setup.side_to_move` |
| ``fairyportAtomic`` | ``spared:ID+ID`` | :class:`~fairyport.model.Blast` |
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Sequence

from fairyport.errors import Location, ModelError, ParseError
from fairyport.idiagram.rules import ROYAL_OPTIONAL_KEY, extension_error, parse_int, shifted
from fairyport.model import (
    BLACK,
    COLOR_NAMES,
    CONNECT_DIRECTIONS,
    WHITE,
    Blast,
    Castling,
    Color,
    ConnectGoal,
    ExtinctionGoal,
    FlagGoal,
    Rules,
    Split,
    StalemateResult,
)

FLAG_KEY = "fairyportFlag"
"""``fairyportFlag=ZONE;white:ID;black:ID;count:N;full;extra``: the flag goal (a side wins when ``count`` of its
flag pieces, any piece where no ID is given, stand in its part of ``ZONE``; ``full``: or one stands in the full
zone; ``extra``: the opponent moves once more, racing kings)."""

MUST_CAPTURE_KEY = "fairyportMustCapture"
"""``fairyportMustCapture=1``: when a capture is legal only captures are (giveaway, antichess)."""

MUST_DROP_KEY = "fairyportMustDrop"
"""``fairyportMustDrop=1``: when a drop is legal only drops are (placement phases)."""

NO_CHECKS_KEY = "fairyportNoChecks"
"""``fairyportNoChecks=1``: a move that gives check is illegal."""

EXTINCTION_KEY = "fairyportExtinction"
"""``fairyportExtinction=pieces:ID+ID;count:N;opponent:N;result:loss``: the game ends when a side has at most
``count`` pieces of a listed type (no ``pieces``: all its pieces together) while the other side has at least
``opponent`` of it; ``result`` (``loss``, ``win``, ``draw``) is the score of the side that ran out."""

CONNECT_KEY = "fairyportConnect"
"""``fairyportConnect=line:N;directions:horizontal+vertical+diagonal;block:N;chain:Z1+Z2;pieces:ID+ID;result:win``:
a player who connects ``N`` pieces in a line, an ``N`` x ``N`` block, or a chain from zone Z1 to zone Z2 scores
``result``."""

DROPS_KEY = "fairyportDrops"
"""``fairyportDrops=1``: pieces in hand may be dropped in a game whose captured pieces do not go to the
capturer's hand (``holdingsType`` 0: tic-tac-toe-like placement games; or 1, captured pieces back to their
owner). With ``holdingsType`` below 0 drops need no such line."""

STALEMATE_KEY = "fairyportStalemate"
"""``fairyportStalemate=win``: the stalemated side wins (the Diagram's ``stalemate=`` says draw or a loss only);
``loss`` and ``draw`` are read too. It replaces what ``stalemate=`` gives."""

FIRST_KEY = "fairyportFirst"
"""``fairyportFirst=black``: Black moves first from the start position (``white``: the default); the Diagram's
text has no side to move."""

ATOMIC_KEY = "fairyportAtomic"
"""``fairyportAtomic=spared:ID+ID``: atomic captures (the pieces around a capture explode, except the spared
types)."""

CASTLING_KEY = "fairyportCastling"
"""``fairyportCastling=moved;unsafe;distance:4+3;partners:R`` after a piece line: how that royal piece castles
where it is not the Diagram's rule (:class:`~fairyport.model.Castling`): ``moved``: also after the piece or its
partner has moved; ``unsafe``: also out of or through check; ``distance:L+R``: the partner stands exactly that many
squares to the left and right (as White sees the board); ``partners:ID+ID``: the partner's types;
``testedas:ID``: the attack tests ask whether a piece of that type could be captured (ZRF after ``cascade``). An
empty value is the Diagram's rule."""

SPLIT_KEY = "fairyportSplit"
"""``fairyportSplit=left:Q;moved:P`` after a piece line: the piece splits when it moves
(:class:`~fairyport.model.Split`): each move leaves a piece of type ``left`` on the square it started from and lands
as type ``moved`` (IDs as the piece lines write them)."""

FLAG_RULES = {MUST_CAPTURE_KEY: "must_capture", MUST_DROP_KEY: "must_drop", NO_CHECKS_KEY: "no_checks",
              ROYAL_OPTIONAL_KEY: "royal_optional", DROPS_KEY: "drops"}
"""The extension keys that switch on a :class:`~fairyport.model.Rules` flag (value ``1``; ``0`` = off)."""

RULE_KEYS = (FLAG_KEY, *FLAG_RULES, STALEMATE_KEY, EXTINCTION_KEY, CONNECT_KEY, ATOMIC_KEY)
"""Every rule extension key, in the order the writer adds them."""

RESULTS = {result.value: result for result in StalemateResult}


@dataclasses.dataclass(frozen=True)
class _Item:
    word: str
    argument: str | None
    location: Location


def _items(key: str, value: str, location: Location) -> Iterator[_Item]:
    column = 0
    for part in value.split(";"):
        where = shifted(location, column + len(part) - len(part.lstrip()))
        column += len(part) + 1
        word, sep, argument = part.strip().partition(":")
        if not word and not sep:
            continue
        yield _Item(word.strip(), argument.strip() if sep else None, where)


def _error(key: str, reason: str, item: _Item, expected: str) -> ParseError:
    return extension_error(key, reason, item.location, expected,
                           item.word + ("" if item.argument is None else ":" + item.argument))


class _Pieces:
    """IDs as the piece lines write them -> model ids (the first type with an ID, as ``royal=`` reads them)."""

    def __init__(self, ids: Sequence[str], labels: Sequence[str]) -> None:
        self.by_label: dict[str, str] = {}
        for piece, label in zip(ids, labels, strict=True):
            self.by_label.setdefault(label.upper(), piece)

    def one(self, key: str, item: _Item) -> str:
        text = item.argument or ""
        piece = self.by_label.get(text.upper())
        if piece is None:
            raise ModelError(f"{key}: {item.word}:{text} names an unknown piece", shifted(item.location,
                             len(item.word) + 1), expected="the ID of a piece line", found=repr(text))
        return piece

    def several(self, key: str, item: _Item) -> tuple[str, ...]:
        parts = (item.argument or "").split("+")
        if parts == [""]:
            return ()
        column = 0  # from the first ID (``one`` locates past ``word:``)
        found: list[str] = []
        for part in parts:
            found.append(self.one(key, _Item(item.word, part.strip(), shifted(item.location, column))))
            column += len(part) + 1
        return tuple(found)


def _count(key: str, item: _Item, minimum: int) -> int:
    where = shifted(item.location, len(item.word) + 1)
    return parse_int(item.argument or "", where, f"{key} {item.word}", minimum)


def _result(key: str, item: _Item) -> StalemateResult:
    result = RESULTS.get((item.argument or "").lower())
    if result is None:
        raise _error(key, "unknown result", item, "result:win, result:loss or result:draw")
    return result


def parse_flag(value: str, location: Location, pieces: _Pieces) -> FlagGoal:
    """Read ``fairyportFlag`` (see :data:`FLAG_KEY`)."""
    zone: str | None = None
    fields: dict[str, object] = {}
    for item in _items(FLAG_KEY, value, location):
        if item.argument is None and zone is None and item.word not in ("full", "extra"):
            zone = item.word
        elif item.word in ("white", "black") and item.argument:
            fields[f"{item.word}_piece"] = pieces.one(FLAG_KEY, item)
        elif item.word == "count":
            fields["count"] = _count(FLAG_KEY, item, 1)
        elif item.word == "full" and item.argument is None:
            fields["blocked_win"] = True
        elif item.word == "extra" and item.argument is None:
            fields["extra_move"] = True
        else:
            raise _error(FLAG_KEY, "unknown flag setting", item,
                         "the zone name first, then white:ID, black:ID, count:N, full or extra")
    if zone is None:
        raise ParseError(f"{FLAG_KEY} needs the flag zone's name first", location, expected="ZONE;...",
                         found=repr(value))
    return FlagGoal(zone, **fields)  # type: ignore[arg-type]


def parse_extinction(value: str, location: Location, pieces: _Pieces) -> ExtinctionGoal:
    """Read ``fairyportExtinction`` (see :data:`EXTINCTION_KEY`)."""
    fields: dict[str, object] = {}
    for item in _items(EXTINCTION_KEY, value, location):
        if item.word == "pieces" and item.argument is not None:
            fields["pieces"] = pieces.several(EXTINCTION_KEY, item)
        elif item.word in ("count", "opponent"):
            fields["count" if item.word == "count" else "opponent_count"] = _count(EXTINCTION_KEY, item, 0)
        elif item.word == "result":
            fields["result"] = _result(EXTINCTION_KEY, item)
        else:
            raise _error(EXTINCTION_KEY, "unknown extinction setting", item,
                         "pieces:ID+ID, count:N, opponent:N or result:win|loss|draw")
    return ExtinctionGoal(**fields)  # type: ignore[arg-type]


def parse_connect(value: str, location: Location, pieces: _Pieces) -> ConnectGoal:
    """Read ``fairyportConnect`` (see :data:`CONNECT_KEY`)."""
    fields: dict[str, object] = {}
    for item in _items(CONNECT_KEY, value, location):
        if item.word in ("line", "block"):
            fields["count" if item.word == "line" else "square"] = _count(CONNECT_KEY, item, 1)
        elif item.word == "directions" and item.argument:
            names = tuple(name.strip() for name in item.argument.split("+"))
            if not set(names) <= set(CONNECT_DIRECTIONS):
                raise _error(CONNECT_KEY, "unknown direction", item, "of " + "+".join(CONNECT_DIRECTIONS))
            fields["directions"] = names
        elif item.word == "chain" and item.argument and item.argument.count("+") == 1:
            first, second = item.argument.split("+")
            fields["zones"] = (first.strip(), second.strip())
        elif item.word == "pieces" and item.argument is not None:
            fields["pieces"] = pieces.several(CONNECT_KEY, item)
        elif item.word == "result":
            fields["result"] = _result(CONNECT_KEY, item)
        else:
            raise _error(CONNECT_KEY, "unknown connection setting", item,
                         "line:N, directions:..., block:N, chain:ZONE+ZONE, pieces:ID+ID or result:win|loss|draw")
    return ConnectGoal(**fields)  # type: ignore[arg-type]


def parse_atomic(value: str, location: Location, pieces: _Pieces) -> Blast:
    """Read ``fairyportAtomic`` (see :data:`ATOMIC_KEY`)."""
    spared: tuple[str, ...] = ()
    for item in _items(ATOMIC_KEY, value, location):
        if item.word != "spared" or item.argument is None:
            raise _error(ATOMIC_KEY, "unknown atomic setting", item, "spared:ID+ID")
        spared = pieces.several(ATOMIC_KEY, item)
    return Blast(spared)


def parse_castling(value: str, location: Location, ids: Sequence[str], labels: Sequence[str]) -> Castling:
    """Read ``fairyportCastling`` (see :data:`CASTLING_KEY`)."""
    pieces = _Pieces(ids, labels)
    fields: dict[str, object] = {}
    for item in _items(CASTLING_KEY, value, location):
        if item.word in ("moved", "unsafe") and item.argument is None:
            fields["virgin" if item.word == "moved" else "safe"] = False
        elif item.word == "distance" and item.argument and item.argument.count("+") == 1:
            left, right = item.argument.split("+")
            where = shifted(item.location, len(item.word) + 1)
            fields["partner_distance"] = (parse_int(left, where, f"{CASTLING_KEY} distance", 2),
                                          parse_int(right, shifted(where, len(left) + 1), f"{CASTLING_KEY} distance",
                                                    2))
        elif item.word == "partners" and item.argument:
            fields["partners"] = pieces.several(CASTLING_KEY, item)
        elif item.word == "testedas" and item.argument:
            fields["tested_as"] = pieces.one(CASTLING_KEY, item)
        else:
            raise _error(CASTLING_KEY, "unknown castling setting", item,
                         "moved, unsafe, distance:L+R, partners:ID+ID or testedas:ID")
    return Castling(**fields)  # type: ignore[arg-type]


def parse_split(value: str, location: Location, ids: Sequence[str], labels: Sequence[str]) -> Split:
    """Read ``fairyportSplit`` (see :data:`SPLIT_KEY`)."""
    pieces = _Pieces(ids, labels)
    fields: dict[str, str] = {}
    for item in _items(SPLIT_KEY, value, location):
        if item.word not in ("left", "moved") or item.argument is None or item.word in fields:
            raise _error(SPLIT_KEY, "unknown or repeated split setting", item, "left:ID and moved:ID, once each")
        fields[item.word] = pieces.one(SPLIT_KEY, item)
    if set(fields) != {"left", "moved"}:
        raise ModelError(f"{SPLIT_KEY} names the piece left behind and the type the mover lands as", location,
                         expected="left:ID;moved:ID", found=repr(value))
    return Split(fields["left"], fields["moved"])


def format_split(rule: Split, labels: dict[str, str]) -> str:
    """The ``fairyportSplit`` value of ``rule`` (read back by :func:`parse_split`)."""
    return f"left:{labels.get(rule.left, rule.left)};moved:{labels.get(rule.moved, rule.moved)}"


def format_castling(rule: Castling, labels: dict[str, str]) -> str:
    """The ``fairyportCastling`` value of ``rule`` (read back by :func:`parse_castling`)."""
    parts = ["moved"] * (not rule.virgin) + ["unsafe"] * (not rule.safe)
    if rule.partner_distance is not None:
        parts.append(f"distance:{rule.partner_distance[0]}+{rule.partner_distance[1]}")
    if rule.partners:
        parts.append("partners:" + _ids(rule.partners, labels))
    if rule.tested_as is not None:
        parts.append("testedas:" + _ids((rule.tested_as,), labels))
    return ";".join(parts)


def parse_first(value: str, location: Location) -> Color:
    """Read ``fairyportFirst`` (see :data:`FIRST_KEY`)."""
    for color in (WHITE, BLACK):
        if value.strip().lower() == COLOR_NAMES[color].lower():
            return color
    raise ParseError(f"{FIRST_KEY} is the side that moves first", location, expected="white or black",
                     found=repr(value))


def parse_switch(key: str, value: str, location: Location) -> bool:
    """Read a rule switch (:data:`FLAG_RULES`): ``1`` on, ``0`` off."""
    stripped = value.strip()
    if stripped not in ("0", "1"):
        raise ParseError(f"{key} is 1 (the rule applies) or 0", location, expected="1 or 0", found=repr(value))
    return stripped == "1"


Lookup = Callable[[str], tuple[str, Location] | None]
"""A key -> its value and where the value stands (None: the text does not give the key)."""


def read_rules(lookup: Lookup, ids: Sequence[str], labels: Sequence[str], zone_names: set[str]) -> dict[str, object]:
    """The :class:`~fairyport.model.Rules` fields the rule extension lines give (field name -> value; ``drops``
    only where ``fairyportDrops`` is given: the reader adds it to what ``holdingsType`` says)."""
    pieces = _Pieces(ids, labels)
    fields: dict[str, object] = {}
    for key, attribute in FLAG_RULES.items():
        found = lookup(key)
        if found is not None:
            fields[attribute] = parse_switch(key, *found)
    found = lookup(STALEMATE_KEY)
    if found is not None:
        value, location = found
        result = RESULTS.get(value.strip().lower())
        if result is None:
            raise ParseError(f"{STALEMATE_KEY} is the stalemated side's result", location,
                             expected="win, loss or draw", found=repr(value))
        fields["stalemate"] = result
    readers: dict[str, tuple[str, Callable[[str, Location, _Pieces], object]]] = {
        FLAG_KEY: ("flag", parse_flag), EXTINCTION_KEY: ("extinction", parse_extinction),
        CONNECT_KEY: ("connect", parse_connect), ATOMIC_KEY: ("blast", parse_atomic)}
    for key, (attribute, reader) in readers.items():
        found = lookup(key)
        if found is None:
            continue
        value, location = found
        rule = reader(value, location, pieces)
        unknown = [z for z in _zones(rule) if z not in zone_names]
        if unknown:
            raise ModelError(f"{key} names an unknown zone", location,
                             expected="a zone defined by fairyportZone", found=repr(unknown[0]))
        fields[attribute] = rule
    return fields


def _zones(rule: object) -> list[str]:
    """The zone names a rule refers to."""
    if isinstance(rule, FlagGoal):
        return [rule.zone]
    if isinstance(rule, ConnectGoal):
        return list(rule.zones or ())
    return []


# --- writing -----------------------------------------------------------------------------------------------------


_UNSAFE = re.compile(r"[\s;:+,=]")


def _ids(pieces: Sequence[str], labels: dict[str, str]) -> str:
    return "+".join(labels.get(p, p) for p in pieces)


def format_flag(flag: FlagGoal, labels: dict[str, str]) -> str:
    """The ``fairyportFlag`` value of ``flag`` (read back by :func:`parse_flag`)."""
    parts = [flag.zone]
    for color, piece in (("white", flag.white_piece), ("black", flag.black_piece)):
        if piece is not None:
            parts.append(f"{color}:{labels.get(piece, piece)}")
    if flag.count != 1:
        parts.append(f"count:{flag.count}")
    parts += ["full"] * flag.blocked_win + ["extra"] * flag.extra_move
    return ";".join(parts)


def format_extinction(goal: ExtinctionGoal, labels: dict[str, str]) -> str:
    """The ``fairyportExtinction`` value of ``goal`` (read back by :func:`parse_extinction`)."""
    parts = [] if goal.pieces is None else [f"pieces:{_ids(goal.pieces, labels)}"]
    parts.append(f"count:{goal.count}")
    if goal.opponent_count:
        parts.append(f"opponent:{goal.opponent_count}")
    parts.append(f"result:{goal.result.value}")
    return ";".join(parts)


def format_connect(goal: ConnectGoal, labels: dict[str, str]) -> str:
    """The ``fairyportConnect`` value of ``goal`` (read back by :func:`parse_connect`)."""
    parts = [f"line:{goal.count}"] if goal.count else []
    if goal.directions != CONNECT_DIRECTIONS:
        parts.append("directions:" + "+".join(goal.directions))
    parts += [f"block:{goal.square}"] if goal.square else []
    parts += [f"chain:{goal.zones[0]}+{goal.zones[1]}"] if goal.zones else []
    parts += [] if goal.pieces is None else [f"pieces:{_ids(goal.pieces, labels)}"]
    parts.append(f"result:{goal.result.value}")
    return ";".join(parts)


def rule_lines(rules: Rules, labels: dict[str, str]) -> dict[str, str]:
    """The rule extension lines that give ``rules`` (key -> value), in :data:`RULE_KEYS` order.

    :raises ValueError: naming the key, for a zone name or an ID the line cannot carry (spaces, ``; : + , =``).
    """
    lines: dict[str, str] = {}
    if rules.flag is not None:
        lines[FLAG_KEY] = format_flag(rules.flag, labels)
    for key, attribute in FLAG_RULES.items():
        if getattr(rules, attribute) and not (key == DROPS_KEY and rules.captures_to_hand):
            lines[key] = "1"
    if rules.stalemate is StalemateResult.WIN:
        lines[STALEMATE_KEY] = rules.stalemate.value
    if rules.extinction is not None:
        lines[EXTINCTION_KEY] = format_extinction(rules.extinction, labels)
    if rules.connect is not None:
        lines[CONNECT_KEY] = format_connect(rules.connect, labels)
    if rules.blast is not None:
        lines[ATOMIC_KEY] = "spared:" + _ids(rules.blast.spared, labels)
    names = _zones(rules.flag) + _zones(rules.connect)
    referenced = [labels.get(p, p) for p in _referenced(rules)]
    bad = [n for n in [*names, *referenced] if not n or _UNSAFE.search(n)]
    bad += [n for n in names[:1] if rules.flag and n in ("full", "extra")]
    if bad:
        raise ValueError(f"{bad[0]!r} cannot be written in a rule extension line (no spaces, ';', ':', '+', ',' "
                         "or '=' there)")
    return lines


def _referenced(rules: Rules) -> list[str]:
    found = [p for p in (rules.flag.white_piece, rules.flag.black_piece) if p] if rules.flag else []
    found += list(rules.extinction.pieces or ()) if rules.extinction else []
    found += list(rules.connect.pieces or ()) if rules.connect else []
    found += list(rules.blast.spared) if rules.blast else []
    return found
