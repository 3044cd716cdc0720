"""The Interactive Diagram's meaning rules, shared by its reader and writer.

Name-based default moves, square lists (rectangles, the ``,,`` colour switch, symmetry), ``promoChoice``
tokens, the promotion settings, the royal lines, the king-facing ``fkR`` move and the fairyport extension
parameters. The reader and the writer call the same functions, so that whatever the writer emits reads back
to the same game.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from fairyport.errors import Location, ModelError, ParseError
from fairyport.model import (
    BLACK,
    CHESS_TRIGGERS,
    SHOGI_TRIGGERS,
    WHITE,
    Color,
    DropRule,
    Promotion,
    PromotionChoice,
    PromotionTrigger,
    ZonedMove,
    file_name,
)
from fairyport.xbetza import syntax as betza_syntax

DEFAULT_MOVES: dict[str, str] = {
    "pawn": "ifmnDfmWfceF",
    "knight": "N",
    "bishop": "B",
    "rook": "R",
    "queen": "Q",
    "cardinal": "BN",
    "archbishop": "BN",
    "chancellor": "RN",
    "marshall": "RN",
    "amazon": "QN",
    "lion": "KNADcaKcabKmabK",
    "mao": "mafsW",
    "horse": "mafsW",
    "elephant": "mafF",
    "cannon": "mRcpR",
    "pao": "mRcpR",
    "wizard": "FC",
    "falcon": "mafmafsKmafsmafKmaflmafrKmafrmaflK",
    "lance": "fR",
    "copper": "vWfF",
    "silver": "FfW",
    "silvergeneral": "FfW",
    "gold": "WfF",
    "goldgeneral": "WfF",
    "man": "K",
    "commoner": "K",
    "ferz": "F",
    "advisor": "F",
    "camel": "C",
    "zebra": "Z",
    "nightrider": "N0",
    "grasshopper": "gQ",
    "griffon": "yafsF",
    "gryphon": "yafsF",
    "champion": "WAD",
}
"""The Diagram's default move for a piece line with an empty move field, by lower-cased name (``king`` and
anything else: see :func:`default_move`)."""

DEFAULT_PROMO_CHOICE = "QNRB"
"""``promoChoice`` when the definition has none."""

ZONE_KEY = "fairyportZone"
"""Extension parameter: ``fairyportZone=name:white squares,,black squares`` defines a zone (fairyport only)."""

CONFINE_KEY = "fairyportConfine"
"""Extension parameter written after a piece line: ``fairyportConfine=zone`` confines that piece (fairyport)."""

DROP_KEY = "fairyportDrop"
"""Extension parameter written after a piece line: how that piece is dropped (``file:1,color:4,zone:camp,nomate``;
fairyport only, see :func:`parse_drop_rule`)."""

REBIRTH_KEY = "fairyportRebirth"
"""Extension parameter written after a piece line: ``fairyportRebirth=a2``, the square a captured piece of that
type is reborn on where it was empty before the move (Circe, :attr:`~fairyport.model.PieceType.rebirth`;
fairyport only: the Interactive Diagram has no rebirth)."""

ZONED_KEY = "fairyportZoneMoves"
"""Extension parameter written after a piece line: moves the piece has only where a zone allows them
(``fairyportZoneMoves=sW from beyond-river; R to home; W from outside edge``; fairyport only, see
:func:`parse_zoned_moves`). The Diagram's text has no such rule (its pages use a second piece type reached by
promotion, or a ``BadZone()`` page script)."""

PROMOTION_KEY = "fairyportPromotion"
"""Extension parameter written after a piece line: that piece's whole promotion rule, which the Diagram's
parameters cannot say (``G;depth:3;stuck;triggers:enter+within+leave``; fairyport only, see
:func:`parse_promotion`). It replaces what ``maxPromote``/``promoChoice``/``promoOffset`` give that piece."""

ROYAL_OPTIONAL_KEY = "fairyportRoyalOptional"
"""Extension parameter: ``fairyportRoyalOptional=1``: a side without royal pieces plays on, never in check
(:attr:`~fairyport.model.Rules.royal_optional`: Horde, Dunsany's chess; fairyport only: the Diagram's text has no
such rule)."""

HOLE_NAME = "hole"
"""Piece-line name that makes blocked squares instead of a piece type."""


def default_move(name: str, files: int) -> str:
    """The Diagram's move for a piece called ``name`` whose move field is empty."""
    key = name.strip().lower()
    if key == "king":
        return "KisO3" if files > 8 else "KisO2"
    return DEFAULT_MOVES.get(key, "O")


def default_id(name: str) -> str:
    """The Diagram's ID for a piece whose ID field is empty: the first letter of the name, upper case."""
    stripped = name.strip()
    return stripped[:1].upper()


def unique_id(label: str, number: int, taken: set[str]) -> str:
    """The model id of piece type ``number`` (1-based, definition order) whose Diagram ID is ``label``.

    The Diagram keeps piece types by their number, so two types may share an ID. In the model the first type
    with an ID keeps it (upper case); a later one gets the ID followed by its piece number (``P9``), and, should
    that be taken too, by ``_2``, ``_3`` ... as well. ``taken`` holds the ids given so far (upper case).
    """
    wanted = label.upper()
    if wanted not in taken:
        return wanted
    candidate = f"{wanted}{number}"
    suffix = 2
    while candidate in taken:
        candidate = f"{wanted}{number}_{suffix}"
        suffix += 1
    return candidate


def shifted(location: Location, columns: int) -> Location:
    """``location`` moved ``columns`` characters to the right on the same line."""
    return dataclasses.replace(
        location,
        column=None if location.column is None else location.column + columns,
        offset=None if location.offset is None else location.offset + columns,
    )


def parse_int(text: str, location: Location, what: str, minimum: int | None = None,
              maximum: int | None = None) -> int:
    """Read a whole number (as ``parseInt`` would, but strict), located on error."""
    stripped = text.strip()
    if not re.fullmatch(r"[+-]?\d+", stripped):
        raise ParseError(f"{what} must be a whole number", location, expected="a whole number", found=repr(text))
    value = int(stripped)
    if minimum is not None and value < minimum:
        raise ParseError(f"{what} must be at least {minimum}", location, expected=f">= {minimum}", found=stripped)
    if maximum is not None and value > maximum:
        raise ParseError(f"{what} must be at most {maximum}", location, expected=f"<= {maximum}", found=stripped)
    return value


# --- squares -----------------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Grid:
    """The rectangle of the board, for square names."""

    files: int
    ranks: int
    first_rank: int = 1

    def name(self, file: int, rank: int) -> str:
        """The name of 0-based (file, rank)."""
        return f"{file_name(file)}{rank + self.first_rank}"

    def coordinates(self, name: str) -> tuple[int, int] | None:
        """0-based (file, rank) of a square name on this board, or None if it is not one."""
        match = re.fullmatch(r"([a-z]+)(\d+)", name.strip())
        if match is None:
            return None
        letters, digits = match.groups()
        if len(letters) == 1:
            file = ord(letters) - ord("a")
        elif len(letters) == 2:
            file = (ord(letters[0]) - ord("a") + 1) * 26 + ord(letters[1]) - ord("a")
        else:
            return None
        rank = int(digits) - self.first_rank
        if 0 <= file < self.files and 0 <= rank < self.ranks:
            return file, rank
        return None

    def image(self, name: str, symmetry: str) -> str:
        """The square Black's partner stands on under ``symmetry`` (``mirror`` or ``rotate``)."""
        coords = self.coordinates(name)
        if coords is None:
            raise ModelError(f"square {name!r} is not on the {self.files}x{self.ranks} board")
        file, rank = coords
        if symmetry == "rotate":
            file = self.files - 1 - file
        return self.name(file, self.ranks - 1 - rank)

    def describe(self) -> str:
        """The board's squares, for error messages."""
        last = self.name(self.files - 1, self.ranks - 1)
        return f"a square of the {self.files}x{self.ranks} board ({self.name(0, 0)}..{last})"


def normalise_symmetry(value: str | None) -> str:
    """``mirror`` (also the default), ``rotate`` or ``none``."""
    if value is None:
        return "mirror"
    value = value.strip().lower()
    return value if value in ("mirror", "rotate") else "none"


@dataclasses.dataclass(frozen=True)
class SquareList:
    """A square list read: White's squares, Black's squares, and every (square, colour) in the order the script
    puts them (rectangles expanded; under symmetry each White square followed by its Black partner)."""

    white: tuple[str, ...]
    black: tuple[str, ...]
    order: tuple[tuple[str, Color], ...] = ()


def _square(text: str, grid: Grid, location: Location) -> str:
    coords = grid.coordinates(text)
    if coords is None:
        raise ModelError(f"{text.strip()!r} is not a square of the board", location, expected=grid.describe(),
                         found=repr(text))
    return grid.name(*coords)


def _element_squares(stripped: str, grid: Grid, where: Location) -> list[str]:
    """The squares of one list element: a square or an ``a2-j2`` rectangle."""
    if "-" not in stripped:
        return [_square(stripped, grid, where)]
    first, _, last = stripped.partition("-")
    a = grid.coordinates(_square(first, grid, where))
    b = grid.coordinates(_square(last, grid, shifted(where, len(first) + 1)))
    assert a is not None and b is not None
    return [grid.name(file, rank) for rank in range(min(a[1], b[1]), max(a[1], b[1]) + 1)
            for file in range(min(a[0], b[0]), max(a[0], b[0]) + 1)]


def parse_squares(text: str, grid: Grid, symmetry: str, location: Location) -> SquareList:
    """Read a square list as the script does: ``a2-j2`` rectangles, an empty element switches to Black, ``0`` =
    nowhere. Under ``mirror`` or ``rotate`` symmetry every White square gives its partner square a Black piece,
    whatever follows (the script's ``PutInner``); squares after the colour switch are Black's, without partners.
    """
    order: list[tuple[str, Color]] = []
    color = WHITE
    column = 0
    for element in text.split(","):
        where = shifted(location, column)
        column += len(element) + 1
        stripped = element.strip()
        if not stripped:
            color = BLACK
            continue
        if stripped == "0":
            continue
        for square in _element_squares(stripped, grid, where):
            order.append((square, color))
            if color == WHITE and symmetry in ("mirror", "rotate"):
                order.append((grid.image(square, symmetry), BLACK))
    return SquareList(tuple(s for s, c in order if c == WHITE), tuple(s for s, c in order if c == BLACK),
                      tuple(order))


def _compress(squares: Sequence[str], grid: Grid) -> list[str]:
    """Square names with runs of three or more along a rank written as rectangles."""
    coords = sorted((grid.coordinates(s) or (0, 0)) for s in squares)
    by_rank: dict[int, list[int]] = {}
    for file, rank in sorted(coords, key=lambda c: (c[1], c[0])):
        by_rank.setdefault(rank, []).append(file)
    parts: list[str] = []
    for rank, files in by_rank.items():
        run: list[int] = []
        for file in [*files, -2]:
            if run and file == run[-1] + 1:
                run.append(file)
                continue
            if len(run) >= 3:
                parts.append(f"{grid.name(run[0], rank)}-{grid.name(run[-1], rank)}")
            else:
                parts.extend(grid.name(f, rank) for f in run)
            run = [file]
    return parts


def format_squares(white: Sequence[str], black: Sequence[str], grid: Grid, symmetry: str) -> str:
    """A square list that :func:`parse_squares` reads back to the same sets of squares. Under symmetry the
    partners of ``white`` must be among ``black`` (:func:`symmetry_fits`); the other Black squares follow the
    colour switch."""
    white_text = ",".join(_compress(white, grid))
    rest = list(black)
    if symmetry in ("mirror", "rotate"):
        partners = {grid.image(s, symmetry) for s in white}
        rest = [s for s in black if s not in partners]
    if not rest:
        return white_text
    return white_text + ",," + ",".join(_compress(rest, grid))


def symmetry_fits(white: Sequence[str], black: Sequence[str], grid: Grid, symmetry: str) -> bool:
    """Whether a piece on ``white`` and ``black`` can be written under ``symmetry``: the script gives every White
    square's partner a Black piece, so each partner must be one of ``black``."""
    if symmetry not in ("mirror", "rotate"):
        return True
    return {grid.image(s, symmetry) for s in white} <= set(black)


def same_squares(a: SquareList, white: Sequence[str], black: Sequence[str]) -> bool:
    """True if the list ``a`` places exactly ``white`` and ``black`` (as sets: a square given again for the same
    colour, as a partner and listed, puts the same piece twice)."""
    return set(a.white) == set(white) and set(a.black) == set(black) and not set(a.white) & set(a.black)


# --- holdings ----------------------------------------------------------------------------------------------------


def parse_holdings(text: str, location: Location) -> tuple[int, int]:
    """The holdings field: ``n`` (each side) or ``w,b``."""
    parts = text.split(",")
    if len(parts) > 2:
        raise ParseError("holdings are one number or two numbers separated by a comma", location,
                         expected="n or w,b", found=repr(text))
    white = parse_int(parts[0], location, "the holdings count", 0) if parts[0].strip() else 0
    if len(parts) == 1:
        return white, white
    where = shifted(location, len(parts[0]) + 1)
    black = parse_int(parts[1], where, "the holdings count", 0) if parts[1].strip() else 0
    return white, black


def format_holdings(white: int, black: int) -> str:
    """The holdings field for these counts (empty when both are 0)."""
    if white == black:
        return "" if white == 0 else str(white)
    return f"{white},{black}"


# --- promotion ---------------------------------------------------------------------------------------------------


Warnings = list[tuple[str, Location]]
"""Where the reader collects what it read leniently: (message, location), shown by ``show`` and ``validate``."""


def _label_position(text: str, label: str) -> int:
    """Where ``label`` first occurs in ``text``: as written, else ignoring case (-1: nowhere)."""
    found = text.find(label)
    return found if found >= 0 else text.upper().find(label.upper())


def parse_promo_choice(text: str, ids: Sequence[str], location: Location, labels: Sequence[str] | None = None,
                       warnings: Warnings | None = None) -> tuple[PromotionChoice, ...]:
    """Read ``promoChoice`` as the Diagram script does: a piece type is a choice when its ID occurs in the text.

    ``ids`` are the model ids of the piece types in definition order, ``labels`` their IDs as the Diagram text
    writes them (default: ``ids``). The ``!`` (not on the last rank) and ``*`` (from hand) letters right before
    an ID's first occurrence and the digits right after it (the greatest distance from the last rank) apply to
    that type. Like the script, fairyport ignores spaces and anything that names no type, and offers every type
    whose ID occurs, even inside a longer one (``M`` in ``M°``); each of these is reported in ``warnings``.
    Choices come in the order of their first occurrence. An empty text offers every type (the script's "any").
    """
    labels = list(ids) if labels is None else list(labels)
    if not text.strip():
        return tuple(PromotionChoice(piece) for piece in ids)
    found: list[tuple[int, int, PromotionChoice]] = []
    covered = [False] * len(text)
    for index, (piece, label) in enumerate(zip(ids, labels, strict=True)):
        pos = _label_position(text, label) if label else -1
        if pos < 0:
            continue
        end = pos + len(label)
        covered[pos:end] = [True] * len(label)
        prefix = pos
        while prefix > 0 and text[prefix - 1] in "!*":
            prefix -= 1
        covered[prefix:pos] = [True] * (pos - prefix)
        digits = re.match(r"\d+", text[end:])
        depth = int(digits.group()) if digits else None
        if digits:
            covered[end:end + len(digits.group())] = [True] * len(digits.group())
        marks = text[prefix:pos]
        choice = PromotionChoice(piece, max_depth=depth, on_last_rank="!" not in marks, from_hand="*" in marks)
        found.append((pos, index, choice))
    if warnings is not None:
        _promo_choice_warnings(text, labels, [(pos, labels[index]) for pos, index, _ in found], covered, location,
                               warnings)
    return tuple(choice for _, _, choice in sorted(found, key=lambda item: (item[0], item[1])))


def _promo_choice_warnings(text: str, labels: Sequence[str], found: list[tuple[int, str]], covered: list[bool],
                           location: Location, warnings: Warnings) -> None:
    """Warn about text that names no type and about IDs offered only inside a longer ID."""
    pos = 0
    while pos < len(text):
        if covered[pos] or text[pos].isspace() or text[pos] == ",":
            pos += 1
            continue
        end = pos
        while end < len(text) and not covered[end] and not text[end].isspace():
            end += 1
        warnings.append((f"promoChoice: {text[pos:end]!r} names no piece type; the Diagram ignores it",
                         shifted(location, pos)))
        pos = end
    for pos, label in found:
        longer = [(p, other) for p, other in found if len(other) > len(label) and p <= pos < p + len(other)]
        if longer:
            warnings.append((f"promoChoice: {label!r} is offered because it occurs inside {longer[0][1]!r}, as "
                             "the Diagram reads it", shifted(location, pos)))


def format_promo_choice(choices: Sequence[PromotionChoice], labels: dict[str, str] | None = None) -> str:
    """The ``promoChoice`` text for ``choices`` (``labels``: model id -> the ID the Diagram text uses)."""
    parts = []
    for choice in choices:
        prefix = ("" if choice.on_last_rank else "!") + ("*" if choice.from_hand else "")
        depth = "" if choice.max_depth is None else str(choice.max_depth)
        parts.append(prefix + (labels or {}).get(choice.piece, choice.piece) + depth)
    return "".join(parts)


@dataclasses.dataclass(frozen=True)
class PromotionSettings:
    """The Diagram's promotion parameters, as text (None = not given), with where each value is."""

    zone: str | None = None
    max_promote: str | None = None
    choice: str | None = None
    offset: str | None = None
    locations: dict[str, Location] = dataclasses.field(default_factory=dict)


def read_promotions(settings: PromotionSettings, ids: Sequence[str], labels: Sequence[str] | None = None,
                    warnings: Warnings | None = None, *, drops: bool = False) -> dict[str, Promotion]:
    """Which of the piece types ``ids`` (model ids, in definition order) promote, and how.

    ``labels`` are the IDs as the Diagram text writes them (default: ``ids``); ``warnings`` collects what
    :func:`parse_promo_choice` reads leniently.

    Chess style (``promoOffset`` 0): types 1..maxPromote promote, compulsorily, in the last ``promoZone``
    ranks, to the ``promoChoice`` types. Shogi style (``promoOffset`` n > 0): type k may promote to type k+n
    (optional), except that type 1 must promote on the last rank (read as a choice of staying itself that is
    not allowed on the last rank, the Diagram's own ``!`` form). With ``drops`` (``holdingsType`` not 0) a
    shogi-style promotion may happen on any move that starts or ends in the zone (the Diagram's rule), else
    only on moves that end there.
    """
    where = settings.locations
    zone = parse_int(settings.zone, where.get("promoZone", Location()), "promoZone") if settings.zone else 1
    count = (parse_int(settings.max_promote, where.get("maxPromote", Location()), "maxPromote")
             if settings.max_promote else 1)
    offset = (parse_int(settings.offset, where.get("promoOffset", Location()), "promoOffset", 0)
              if settings.offset else 0)
    if zone <= 0 or count <= 0 or not ids:
        return {}
    promotable = list(ids[:count])
    result: dict[str, Promotion] = {}
    if offset > 0:
        for number, piece in enumerate(promotable, start=1):
            target = number + offset
            if target > len(ids):
                raise ModelError(f"promoOffset sends piece {number} ({piece}) to piece {target}, but only "
                                 f"{len(ids)} pieces are defined", where.get("promoOffset"))
            choices: tuple[PromotionChoice, ...] = (PromotionChoice(ids[target - 1]),)
            if number == 1:
                choices += (PromotionChoice(piece, on_last_rank=False),)
            result[piece] = Promotion(choices, depth=zone, mandatory=number == 1,
                                      triggers=SHOGI_TRIGGERS if drops else CHESS_TRIGGERS)
        return result
    if settings.choice is None:
        allowed = parse_promo_choice(DEFAULT_PROMO_CHOICE, ids, Location(), labels)
    else:
        allowed = parse_promo_choice(settings.choice, ids, where.get("promoChoice", Location()), labels, warnings)
    if not allowed:
        return {}
    return {piece: Promotion(allowed, depth=zone, mandatory=True) for piece in promotable}


# --- fairyport's extension lines for drops and promotion ----------------------------------------------------------

HOLDINGS_NONE, HOLDINGS_OWNER, HOLDINGS_SHOGI, HOLDINGS_KEEP = 0, 1, -1, -2
"""``holdingsType`` values: no hand; captured pieces to their owner's hand (for ``*`` promotion choices); to the
capturer's hand with the colour flipped and promoted pieces demoted (shogi); flipped but not demoted."""


def extension_error(key: str, reason: str, location: Location, expected: str, found: str) -> ParseError:
    """A located error in the value of the extension key ``key``, quoting what was found."""
    return ParseError(f"{key}: {reason}", location, expected=expected, found=repr(found))


DROP_SWITCHES = {"nomate": "no_drop_mate", "nocheck": "no_drop_check", "stuck": "where_stuck", "first": "first",
                 "safe": "safe_square"}
"""``fairyportDrop`` words -> the :class:`~fairyport.model.DropRule` flag each sets: no drop that mates, no drop
that gives check, also dropped where the piece could never move again, drops of the type go first (while one is
legal, no other move is: Genesis Chess's King), drops only on squares no enemy piece attacks or a friendly piece
defends (Zillions' Genesis Chess)."""


def parse_drop_rule(value: str, location: Location) -> DropRule:
    """Read ``fairyportDrop``: comma-separated ``zone:NAME``, ``file:N`` (at most N unpromoted pieces of the type
    on a file), ``color:N`` (per square colour) and the words of :data:`DROP_SWITCHES` (``nomate``, ``nocheck``,
    ``stuck``, ``first``, ``safe``); empty = no restriction."""
    fields: dict[str, object] = {}
    column = 0
    for item in value.split(","):
        where = shifted(location, column)
        column += len(item) + 1
        word, sep, argument = item.strip().partition(":")
        if not word and not sep:
            continue
        if word in DROP_SWITCHES and not sep:
            fields[DROP_SWITCHES[word]] = True
        elif word == "zone" and argument.strip():
            fields["zone"] = argument.strip()
        elif word in ("file", "color"):
            count = parse_int(argument, where, f"{DROP_KEY} {word}", 0)
            fields["max_per_file" if word == "file" else "max_per_square_color"] = count
        else:
            raise extension_error(DROP_KEY, "unknown drop rule", where, "zone:NAME, file:N, color:N, nomate, nocheck, "
                             "stuck, first or safe", item)
    return DropRule(**fields)  # type: ignore[arg-type]


def format_drop_rule(rule: DropRule) -> str:
    """The ``fairyportDrop`` value of ``rule`` (read back by :func:`parse_drop_rule`)."""
    parts = []
    if rule.zone is not None:
        parts.append(f"zone:{rule.zone}")
    if rule.max_per_file is not None:
        parts.append(f"file:{rule.max_per_file}")
    if rule.max_per_square_color is not None:
        parts.append(f"color:{rule.max_per_square_color}")
    parts.extend(word for word, field in DROP_SWITCHES.items() if getattr(rule, field))
    return ",".join(parts)


def parse_zoned_moves(value: str, location: Location) -> tuple[ZonedMove, ...]:
    """Read ``fairyportZoneMoves``: ``;``-separated items ``BETZA from|to [outside] ZONE`` (the moves ``BETZA``
    only when the start or landing square is in, or with ``outside`` not in, the zone ``ZONE``)."""
    moves: list[ZonedMove] = []
    column = 0
    for item in value.split(";"):
        where = shifted(location, column)
        column += len(item) + 1
        if not item.split():
            continue
        move = ZonedMove.from_text(item)
        if move is None:
            raise extension_error(ZONED_KEY, "not a zoned move", where, "BETZA from|to [outside] ZONE", item.strip())
        check_betza(move.betza, shifted(where, len(item) - len(item.lstrip())))
        moves.append(move)
    return tuple(moves)


def format_zoned_moves(moves: Sequence[ZonedMove]) -> str:
    """The ``fairyportZoneMoves`` value of ``moves`` (read back by :func:`parse_zoned_moves`)."""
    return "; ".join(m.text() for m in moves)


NO_CHOICE = "none"
"""``fairyportPromotion`` choice text for a promotion without choices: a move that must promote cannot be made
(Fairy-Stockfish's empty ``promotionPieceTypes``: maharajah's pawns never reach the last rank)."""

PROMOTION_MODES = ("mandatory", "optional", "stuck")
"""``fairyportPromotion`` modes: always, optional, optional but forced where the piece could not move again."""


def parse_promotion(value: str, ids: Sequence[str], labels: Sequence[str], location: Location) -> Promotion:
    """Read ``fairyportPromotion``: the choices in ``promoChoice`` syntax, then ``;``-separated ``depth:N``,
    ``zone:NAME``, a mode (``mandatory``, ``optional``, ``stuck``) and ``triggers:enter+within+leave``;
    the choices :data:`NO_CHOICE` = none. Defaults: depth 1, mandatory, triggers enter+within (chess)."""
    choice_text, *items = value.split(";")
    if choice_text.strip() == NO_CHOICE:
        choices: tuple[PromotionChoice, ...] = ()
    else:
        choices = parse_promo_choice(choice_text, ids, location, labels) if choice_text.strip() else ()
    if not choices and choice_text.strip() != NO_CHOICE:
        raise extension_error(PROMOTION_KEY, "no promotion choice", location, "piece IDs", choice_text)
    depth, zone, mode, triggers = 1, None, "mandatory", CHESS_TRIGGERS
    column = len(choice_text) + 1
    for item in items:
        where = shifted(location, column)
        column += len(item) + 1
        word, sep, argument = item.strip().partition(":")
        if word in PROMOTION_MODES and not sep:
            mode = word
        elif word == "depth":
            depth = parse_int(argument, where, f"{PROMOTION_KEY} depth", 1)
        elif word == "zone" and argument.strip():
            zone = argument.strip()
        elif word == "triggers":
            names = argument.strip().split("+")
            try:
                triggers = frozenset(PromotionTrigger(name) for name in names)
            except ValueError:
                raise extension_error(PROMOTION_KEY, "unknown trigger", where, "enter, within, leave joined by +",
                                 argument) from None
        else:
            raise extension_error(PROMOTION_KEY, "unknown promotion setting", where,
                             "depth:N, zone:NAME, mandatory, optional, stuck or triggers:...", item)
    return Promotion(choices, depth=depth, zone=zone, mandatory=mode == "mandatory",
                     mandatory_where_stuck=mode == "stuck", triggers=triggers)


def format_promotion(promotion: Promotion, labels: dict[str, str] | None = None) -> str:
    """The ``fairyportPromotion`` value of ``promotion`` (read back by :func:`parse_promotion`)."""
    parts = [format_promo_choice(promotion.choices, labels) or NO_CHOICE]
    parts.append(f"depth:{promotion.depth}")
    if promotion.zone is not None:
        parts.append(f"zone:{promotion.zone}")
    if not promotion.mandatory:
        parts.append("stuck" if promotion.mandatory_where_stuck else "optional")
    if promotion.triggers != CHESS_TRIGGERS:
        order = [t for t in PromotionTrigger if t in promotion.triggers]
        parts.append("triggers:" + "+".join(t.value for t in order))
    return ";".join(parts)


# --- royal -------------------------------------------------------------------------------------------------------


ROYAL_NUMBER = re.compile(r"\s*([+-]?\d+)")
"""The number the script's ``parseInt`` reads at the start of a ``royal=`` value."""


def resolve_royal(value: str, ids: Sequence[str], location: Location) -> str | None:
    """The piece a ``royal=`` value names, read as the script reads it (``parseInt``): the 1-based piece number
    at its start; ``0``, and a value that starts with no number (``royal=K``: NaN), name none."""
    match = ROYAL_NUMBER.match(value)
    if match is None:
        return None
    number = int(match.group(1))
    if number <= 0:
        return None
    if number > len(ids):
        raise ModelError(f"royal={number}, but only {len(ids)} pieces are defined", location,
                         expected=f"1..{len(ids)}", found=value.strip())
    return ids[number - 1]


def read_royals(values: Sequence[tuple[str, Location]], ids: Sequence[str]) -> list[str]:
    """The royal piece types: those named by the ``royal=`` lines, or else (no line at all) the last piece
    defined."""
    if not values:
        return [ids[-1]] if ids else []
    royals: list[str] = []
    for value, location in values:
        piece = resolve_royal(value, ids, location)
        if piece is not None and piece not in royals:
            royals.append(piece)
    return royals


# --- king facing (fkR) -------------------------------------------------------------------------------------------

FACING_MOVE = betza_syntax.Move((betza_syntax.Leg("f", "k"),), "R")
"""The Diagram's king-facing move: a forward rook move that can only capture a royal piece."""


def split_facing(betza: str) -> tuple[str, bool]:
    """``betza`` without its ``fkR`` moves, and whether it had one.

    The text outside the removed move is kept as written when that reads back to the same moves; otherwise
    the rest is written canonically.
    """
    parsed = betza_syntax.parse(betza)
    kept = tuple(item for item in parsed.items if item != FACING_MOVE)
    if len(kept) == len(parsed.items):
        return betza, False
    for match in re.finditer(r"(?:fk|kf)R(?![0-9XY*'(])", betza):
        candidate = betza[:match.start()] + betza[match.end():]
        try:
            if candidate and betza_syntax.parse(candidate).items == kept:
                return candidate, True
        except betza_syntax.BetzaError:
            continue
    return betza_syntax.write(betza_syntax.BetzaString(kept)), True


def add_facing(betza: str) -> str:
    """``betza`` with the king-facing move ``fkR`` added (unless it has it already)."""
    try:
        if FACING_MOVE in betza_syntax.parse(betza).items:
            return betza
    except betza_syntax.BetzaError:
        pass
    return betza + "fkR"


# --- extension zones ---------------------------------------------------------------------------------------------


def parse_zone(value: str, grid: Grid, location: Location) -> list[tuple[str, frozenset[str], Color | None]]:
    """Read ``fairyportZone=name:squares``: one zone for both players, or per colour with a ``,,`` switch."""
    name, sep, squares = value.partition(":")
    if not sep or not name.strip():
        raise ParseError(f"{ZONE_KEY} needs a zone name, a colon and a square list", location,
                         expected="name:squares", found=repr(value))
    read = parse_squares(squares, grid, "none", shifted(location, len(name) + 1))
    if "," in squares and any(not e.strip() for e in squares.split(",")):
        return [(name.strip(), frozenset(read.white), WHITE), (name.strip(), frozenset(read.black), BLACK)]
    return [(name.strip(), frozenset(read.white), None)]


def format_zone(name: str, white: Sequence[str], black: Sequence[str] | None, grid: Grid) -> str:
    """The ``fairyportZone`` value for a zone (``black`` None: one zone for both players)."""
    if black is None:
        return f"{name}:" + ",".join(_compress(white, grid))
    return f"{name}:" + ",".join(_compress(white, grid)) + ",," + ",".join(_compress(black, grid))


# --- misc --------------------------------------------------------------------------------------------------------


def check_betza(text: str, location: Location) -> None:
    """Validate a piece's move string with the XBetza parser; an error is located at its exact character.

    A well-formed bracket form the parser cannot map (:class:`~fairyport.xbetza.syntax.UnsupportedBracket`)
    is accepted here; playing it is then reported as unsupported."""
    try:
        betza_syntax.parse(text)
    except betza_syntax.UnsupportedBracket:
        return  # readable, and the Diagram may play it: the move generator reports it (exit 3)
    except betza_syntax.BetzaError as error:
        raise error.relocated(shifted(location, error.offset)) from None
