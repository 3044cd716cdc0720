"""Interactive Diagram files, pages and texts -> game model (through the syntax tree).

:func:`read_game` reads a ``.idiagram`` file or an HTML page (its first diagram by default; choose another with
``diagram=N`` or by naming the file ``page.html#N``), :func:`read_text` and :func:`read_model_text` a text,
:func:`game_from_document` a syntax tree.

Every rule of the Diagram's own reading applies (see :mod:`fairyport.idiagram.rules`). What the
model has no field for is kept in ``Game.format_data["idiagram"]`` and ``PieceType.extra["idiagram"]``:

- ``head``: the directives before the first piece line, and per piece ``after``: the directives between its
  line and the next, each as ``{"prose": text}``, ``{"key": k, "value": v}`` (kept verbatim) or a marker
  ``{"key": k, "mapped": true, ...}`` for a key the model carries (written back at the same place);
- per piece ``defaulted`` (fields left empty), ``squares`` and ``holdings`` as written, ``fields`` (extra
  fields beyond the sixth);
- ``holes``: the hole lines (position among the pieces, squares as written, directives after them);
- ``hooks``: the page script functions (``BadZone`` ...) of the page the diagram came from;
- ``notes``: what the definition says that the model cannot carry (also shown by ``fairyport show``).

``holdingsType`` gives the hand rules (:attr:`Rules.drops`, ``captures_to_hand``, ``demote_captured``,
``captures_to_owner``); fairyport's extension lines after a piece line give what the Diagram cannot say:
``fairyportConfine`` (with ``fairyportZone``), ``fairyportDrop`` (the piece's drop rule),
``fairyportPromotion`` (its whole promotion rule, replacing what the promotion parameters give it) and
``fairyportZoneMoves`` (moves the piece has only from or onto a zone's squares); the game rules the Diagram
has no parameter for are read from the rule extension lines of :mod:`fairyport.idiagram.goals`.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any, NoReturn

from fairyport.errors import FairyportError, Location, ModelError, ParseError, UnsupportedError, UsageError
from fairyport.format import split_game_path
from fairyport.idiagram import syntax
from fairyport.idiagram.goals import (
    CASTLING_KEY,
    DROPS_KEY,
    FIRST_KEY,
    RULE_KEYS,
    SPLIT_KEY,
    parse_castling,
    parse_first,
    parse_split,
    read_rules,
)
from fairyport.idiagram.pagecode import find_function, is_page_text, read_badzone, zone_names
from fairyport.idiagram.royalty import (
    RoyalCounts,
    RoyalGame,
    Royalty,
    captures_own,
    read_extinction,
    says,
    wanted_extinction,
)
from fairyport.idiagram.rules import (
    CONFINE_KEY,
    DROP_KEY,
    HOLDINGS_NONE,
    HOLDINGS_OWNER,
    HOLDINGS_SHOGI,
    HOLE_NAME,
    PROMOTION_KEY,
    REBIRTH_KEY,
    ROYAL_NUMBER,
    ZONE_KEY,
    ZONED_KEY,
    Grid,
    PromotionSettings,
    Warnings,
    check_betza,
    default_id,
    default_move,
    extension_error,
    normalise_symmetry,
    parse_drop_rule,
    parse_holdings,
    parse_int,
    parse_promotion,
    parse_squares,
    parse_zone,
    parse_zoned_moves,
    read_promotions,
    read_royals,
    split_facing,
    unique_id,
)
from fairyport.idiagram.syntax import Document, Parameter, PieceLine, Prose
from fairyport.idiagram.transport import TRANSPORT_KEYS, parse_transport
from fairyport.idiagram.weird import DropReading, WeirdReading, WeirdSetting, read_weirdpromotion
from fairyport.inputs import read_input, read_input_text
from fairyport.model import (
    BLACK,
    COLOR_NAMES,
    MAX_BOARD_SIDE,
    WHITE,
    BareKingRule,
    Board,
    DropRule,
    Game,
    Metadata,
    Piece,
    PieceType,
    Promotion,
    Rules,
    Setup,
    StalemateResult,
    Zone,
)
from fairyport.movegen.compile import Variant

SCALAR_KEYS = ("files", "ranks", "firstRank", "symmetry", "promoZone", "maxPromote", "promoChoice", "promoOffset",
               "stalemate", "baring", "extinction", "holdingsType", *RULE_KEYS, FIRST_KEY)
"""Keys the model carries that hold one value (the last line wins, as in the Diagram)."""

MULTI_KEYS = ("royal", ZONE_KEY)
"""Keys the model carries that may be given on several lines (each line counts)."""

PIECE_KEYS = (CONFINE_KEY, DROP_KEY, PROMOTION_KEY, ZONED_KEY, CASTLING_KEY, SPLIT_KEY, REBIRTH_KEY, *TRANSPORT_KEYS)
"""Keys the model carries that apply to the piece line above them."""

UNMODELLED = {
    "shuffle": "a shuffled start position",
    "autoGate": "Seirawan-style gating",
    "iron": "pieces that cannot be captured",
    "counterStrike": "a counter-strike rule",
    "protected": "a protected-piece rule",
    "antiTrade": "an anti-trade rule",
    "morph": "promotion by square (morph board)",
    "captureMatrix": "a capture matrix",
    "castleFlip": "mirrored castling for Black",
}
"""Keys with rules the model does not carry; they are kept verbatim and listed in the notes."""

Entry = dict[str, Any]


@dataclasses.dataclass
class _PieceDraft:
    line: PieceLine
    after: list[Entry] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class _Scan:
    """The directives sorted into the layout and the values of the mapped keys."""

    head: list[Entry] = dataclasses.field(default_factory=list)
    pieces: list[_PieceDraft] = dataclasses.field(default_factory=list)
    scalars: dict[str, Parameter] = dataclasses.field(default_factory=dict)
    multi: dict[str, list[Parameter]] = dataclasses.field(default_factory=dict)
    piece_keys: dict[int, dict[str, Parameter]] = dataclasses.field(default_factory=dict)
    """Index in ``pieces`` -> the extension lines after it (fairyportConfine, fairyportDrop, ...) by key."""


def _scan(document: Document) -> _Scan:
    scan = _Scan()
    markers: dict[str, Entry] = {}
    for directive in document.directives:
        target = scan.pieces[-1].after if scan.pieces else scan.head
        if isinstance(directive, Prose):
            target.append({"prose": directive.text})
        elif isinstance(directive, PieceLine):
            scan.pieces.append(_PieceDraft(directive))
        elif directive.key in SCALAR_KEYS or directive.key in MULTI_KEYS:
            scan.scalars[directive.key] = directive
            scan.multi.setdefault(directive.key, []).append(directive)
            marker = markers.get(directive.key)
            if marker is None:
                marker = {"key": directive.key, "mapped": True}
                markers[directive.key] = marker
                target.append(marker)
            if directive.key in MULTI_KEYS:
                marker.setdefault("values", []).append(directive.value)
            else:
                marker["value"] = directive.value
        elif directive.key in PIECE_KEYS and scan.pieces:
            scan.piece_keys.setdefault(len(scan.pieces) - 1, {})[directive.key] = directive
            previous = next((e for e in target if e.get("key") == directive.key), None)
            if previous is None:
                target.append({"key": directive.key, "mapped": True, "value": directive.value})
            else:
                previous["value"] = directive.value
        else:
            target.append({"key": directive.key, "value": directive.value})
    return scan


def _int_param(scan: _Scan, key: str, default: int, minimum: int, maximum: int | None = None) -> int:
    parameter = scan.scalars.get(key)
    if parameter is None:
        return default
    return parse_int(parameter.value, parameter.value_location, key, minimum, maximum)


def _notes(scan: _Scan, hooks: tuple[str, ...]) -> list[str]:
    notes: list[str] = []
    entries = [*scan.head, *(e for p in scan.pieces for e in p.after)]
    for entry in entries:
        key = entry.get("key")
        if key in UNMODELLED:
            notes.append(f"{key}={entry['value']}: {UNMODELLED[key]} is not part of the game model (kept as written)")
        if key in PIECE_KEYS and not entry.get("mapped"):
            notes.append(f"{key}={entry['value']} before any piece line applies to no piece (kept as written)")
    baring = scan.scalars.get("baring")
    if baring is not None and baring.value.strip() not in ("0", ""):
        notes.append(f"baring={baring.value}: a bare-king rule counting only piece {baring.value.strip()} is not "
                     "part of the game model (kept as written)")
    notes.extend(hook_note(hook) for hook in hooks)
    return notes


HOOK_EFFECTS = {
    "BadZone": "confines pieces to zones (palaces, rivers)",
    "WeirdPromotion": "overrides promotions and may forbid moves",
    "CustomPromotion": "overrides promotions",
    "WeirdChain": "changes chained (multi-part) moves",
    "Setup": "replaces the Diagram's default settings",
    "Tinker": "changes the moves the pieces make",
    "Shade": "colours the board's squares",
}
"""What each page script hook does in the Diagram script, for the note that names it."""


def hook_note(hook: str) -> str:
    """The note for a page script hook: plainly, that the page's script changes the game the text gives."""
    effect = HOOK_EFFECTS.get(hook, "changes the game")
    if hook == "Shade":
        return f"the page's script defines {hook}(), which {effect}; it does not change the rules"
    return (f"the page's script changes the rules this text gives: its {hook}() {effect}, and fairyport does not run "
            "page scripts, so the game read here is not the page's game (perft and conversions follow the text only)")


def _read_piece(draft: _PieceDraft, files: int) -> tuple[PieceType, str]:
    """The piece type of a line (its model id still the Diagram's ID, upper case) and the ID as written."""
    line = draft.line
    name = line.text("name")
    if not name.strip():
        raise ModelError("a piece line needs a name", line.location, expected="name:ID:betza:image:squares")
    defaulted: list[str] = []
    piece_id = line.text("id").strip()
    if not piece_id:
        piece_id = default_id(name)
        defaulted.append("id")
    betza = line.text("betza").strip()
    if betza:
        field = line.field("betza")
        assert field is not None
        check_betza(betza, field.location)
    else:
        betza = default_move(name, files)
        defaulted.append("betza")
    image = line.text("image")
    if not image:
        image = name
        defaulted.append("image")
    extra: dict[str, Any] = {"defaulted": defaulted, "squares": line.text("squares"), "after": draft.after}
    if line.field("holdings") is not None:
        extra["holdings"] = line.text("holdings")
    if len(line.fields) > 6:
        extra["fields"] = [f.text for f in line.fields[6:]]
    piece = PieceType(name=name, id=piece_id.upper(), betza=betza, image=image, extra={"idiagram": extra})
    return piece, piece_id


def _read_pieces(drafts: list[_PieceDraft], files: int, warnings: Warnings) -> tuple[list[PieceType], list[str]]:
    """The piece types with unique model ids, and the IDs as the Diagram text gives them (``labels``)."""
    pieces: list[PieceType] = []
    labels: list[str] = []
    first: dict[str, int] = {}
    taken: set[str] = set()
    for number, draft in enumerate(drafts, start=1):
        piece, label = _read_piece(draft, files)
        model_id = unique_id(label, number, taken)
        if model_id != piece.id:
            other = pieces[first[piece.id]]
            other_line = drafts[first[piece.id]].line.location.line
            warnings.append((f"piece {number} ({piece.name!r}) has the ID {label!r} of piece {first[piece.id] + 1} "
                             f"({other.name!r}, line {other_line}); the Diagram keeps both (by number), fairyport "
                             f"calls this one {model_id}", draft.line.location))
        else:
            first[piece.id] = len(pieces)
        if label != model_id:
            piece.extra["idiagram"]["id"] = label  # the Diagram's own ID, for writing back
        piece.id = model_id
        pieces.append(piece)
        taken.add(model_id)
        labels.append(label)
    return pieces, labels


def _place(scan: _Scan, drafts: list[_PieceDraft], pieces: list[PieceType], grid: Grid, symmetry: str,
           setup: Setup, warnings: Warnings) -> list[tuple[Entry, set[str], Location]]:
    """Put the pieces and holes on the board in the order of their lines; a later entry for a square wins, as
    in the Diagram (a ``hole`` line after the pawns removes the pawns there). Returns the hole lines: their
    layout entry (position among the pieces, squares as written, directives after them), squares, location.
    """
    holes: list[tuple[Entry, set[str], Location]] = []
    hole_squares: dict[str, int] = {}
    origin: dict[str, int | None] = {}  # square -> line that put what stands there
    piece_of = {id(draft): index for index, draft in enumerate(drafts)}  # by identity: linear in the lines
    placed = 0  # piece lines before this one
    for draft in scan.pieces:
        field = draft.line.field("squares")
        assert field is not None
        read = parse_squares(field.text, grid, symmetry, field.location)
        line = draft.line.location.line
        order = read.order  # as the script puts them: each White square, then its Black partner
        if id(draft) not in piece_of:
            squares = {square for square, _ in order}
            replaced = sorted(squares & set(setup.placement), key=lambda sq: grid.coordinates(sq) or (0, 0))
            if replaced:
                warnings.append((f"the hole line removes the pieces put on {', '.join(replaced)} by earlier lines "
                                 "(the later line wins, as in the Diagram)", field.location))
            for square in replaced:
                _overridden(pieces, setup.placement.pop(square), square)
            for square in squares:
                hole_squares[square] = len(holes)
                origin[square] = line
            holes.append(({"position": placed, "squares": field.text, "after": draft.after}, squares,
                          field.location))
            continue
        piece = pieces[piece_of[id(draft)]]
        placed += 1
        for square, color in order:
            if square in hole_squares:
                raise UnsupportedError(
                    f"{piece.name!r} is put on {square}, a hole made on line {origin[square]}: the Diagram lets a "
                    "piece stand on a hole until it leaves, which the game model cannot express",
                    field.location, feature=f"a piece on the hole {square}")
            previous = setup.placement.get(square)
            if previous == Piece(piece.id, color):  # given again (a partner listed as well): the same piece,
                setup.placement[square] = setup.placement.pop(square)  # in the order the list gives
                continue
            if previous is not None:
                _overridden(pieces, previous, square)
                warnings.append((f"{square} was given to the {_describe(previous, pieces)} on line {origin[square]}; "
                                 f"the later entry ({piece.name!r} on line {line}) wins, as in the Diagram",
                                 field.location))
            setup.placement[square] = Piece(piece.id, color)
            origin[square] = line
        holdings = draft.line.field("holdings")
        if holdings is not None and holdings.text.strip():
            counts = parse_holdings(holdings.text, holdings.location)
            for color, count in zip((WHITE, BLACK), counts, strict=True):
                if count:
                    setup.hands.setdefault(color, {})[piece.id] = count
    return holes


def _overridden(pieces: list[PieceType], placed: Piece, square: str) -> None:
    """Remember that a later line took ``square`` from the piece line of ``placed`` (for the writer, which then
    keeps that line's square list as written)."""
    extra = next(p for p in pieces if p.id == placed.id).extra["idiagram"]
    extra.setdefault("overridden", []).append(square)


def _describe(placed: Piece, pieces: list[PieceType]) -> str:
    name = next((p.name for p in pieces if p.id == placed.id), placed.id)
    return f"{COLOR_NAMES[placed.color]} {name!r}"


def _read_royals(scan: _Scan, pieces: list[PieceType], drafts: list[_PieceDraft], warnings: Warnings) -> bool:
    """Mark the royal pieces; return whether royals may face (False when every royal type has ``fkR``)."""
    ids = [p.id for p in pieces]
    for line in scan.multi.get("royal", []):
        if ROYAL_NUMBER.match(line.value) is None:
            warnings.append((f"royal={line.value.strip()}: the script reads a piece number here (parseInt), and "
                             f"{line.value.strip()!r} starts with none, so it makes no piece royal (give the "
                             "piece's number in the list)", line.value_location))
    royals = read_royals([(p.value, p.value_location) for p in scan.multi.get("royal", [])], ids)
    facing: list[int] = []
    for index, piece in enumerate(pieces):
        piece.royal = piece.id in royals
        if piece.royal and "betza" not in piece.extra["idiagram"]["defaulted"]:
            written = piece.betza
            stripped, had = split_facing(written)
            if had:
                facing.append(index)
                piece.betza = stripped
                if stripped + "fkR" != written:
                    piece.extra["idiagram"]["betza"] = written  # the text as written, for the writer
    if royals and len(facing) == len(royals):
        return False
    for index in facing:  # only some royal types have fkR: it stays a move of that piece
        pieces[index].betza = drafts[index].line.text("betza").strip()
        pieces[index].extra["idiagram"].pop("betza", None)
    return True


def _read_piece_extensions(scan: _Scan, drafts: list[_PieceDraft], pieces: list[PieceType],
                           labels: list[str]) -> None:
    """The fairyportPromotion, fairyportDrop, fairyportCastling and fairyportSplit lines after the piece lines
    (what the Diagram cannot say)."""
    ids = [p.id for p in pieces]
    piece_of = {id(draft): index for index, draft in enumerate(drafts)}
    for index, lines in scan.piece_keys.items():
        draft = scan.pieces[index]
        if id(draft) not in piece_of:
            continue
        piece = pieces[piece_of[id(draft)]]
        promotion = lines.get(PROMOTION_KEY)
        if promotion is not None:
            piece.promotion = parse_promotion(promotion.value, ids, labels, promotion.value_location)
        drop = lines.get(DROP_KEY)
        if drop is not None:
            piece.drop = parse_drop_rule(drop.value, drop.value_location)
        castling = lines.get(CASTLING_KEY)
        if castling is not None:
            piece.castling = parse_castling(castling.value, castling.value_location, ids, labels)
        for key in TRANSPORT_KEYS:
            line = lines.get(key)
            if line is not None:
                parse_transport(piece, key, line.value, line.value_location, ids, labels)
        rebirth = lines.get(REBIRTH_KEY)
        if rebirth is not None:
            square = rebirth.value.strip()
            if not re.fullmatch(r"[a-z]+[0-9]+", square):
                raise extension_error(REBIRTH_KEY, "not a square", rebirth.value_location, "a square name such as a2",
                                      rebirth.value)
            piece.rebirth = square
        split = lines.get(SPLIT_KEY)
        if split is not None:
            piece.split = parse_split(split.value, split.value_location, ids, labels)


def _read_zones(scan: _Scan, grid: Grid, pieces: list[PieceType], drafts: list[_PieceDraft]) -> list[Zone]:
    zones: list[Zone] = []
    for line in scan.multi.get(ZONE_KEY, []):
        for name, squares, color in parse_zone(line.value, grid, line.value_location):
            zones.append(Zone(name, squares, color))
    zone_names = {z.name for z in zones}
    for index, lines in scan.piece_keys.items():
        confine = lines.get(CONFINE_KEY)
        if confine is None:
            continue
        wanted = confine.value.strip()
        if wanted not in zone_names:
            raise ModelError(f"{CONFINE_KEY} names an unknown zone", confine.value_location,
                             expected="a zone defined by " + ZONE_KEY, found=repr(wanted))
        draft = scan.pieces[index]
        if draft in drafts:
            pieces[drafts.index(draft)].confined_to = wanted
    for index, lines in scan.piece_keys.items():
        zoned = lines.get(ZONED_KEY)
        draft = scan.pieces[index]
        if zoned is None or draft not in drafts:
            continue
        moves = parse_zoned_moves(zoned.value, zoned.value_location)
        for move in moves:
            if move.zone not in zone_names:
                raise ModelError(f"{ZONED_KEY} names an unknown zone", zoned.value_location,
                                 expected="a zone defined by " + ZONE_KEY, found=repr(move.zone))
        pieces[drafts.index(draft)].zoned_moves = moves
    return zones


Scripts = tuple[tuple[str, Location], ...]
"""A page's inline scripts, each with where it starts."""


def _read_badzone(scripts: Scripts, grid: Grid, pieces: list[PieceType], zones: list[Zone]) -> list[Zone]:
    """The confinement a ``BadZone()`` page function gives (:func:`~fairyport.idiagram.pagecode.read_badzone`):
    each confined piece keeps to a zone, named as the function's comment says (else after the piece), with the
    squares it leaves to each colour."""
    function = find_function(scripts, "BadZone")
    assert function is not None
    confined = read_badzone(function, grid.files, grid.ranks, len(pieces), grid.first_rank)
    names = zone_names(function)
    taken = {z.name for z in zones}
    made: dict[tuple[frozenset[str], frozenset[str]], str] = {}
    added: list[Zone] = []
    for number, (white, black) in confined.items():
        name = made.get((white, black))
        if name is None:
            name = names.get(number) or f"zone-{pieces[number - 1].id}"
            while name in taken:
                name += "'"
            taken.add(name)
            made[(white, black)] = name
            added += [Zone(name, white, WHITE), Zone(name, black, BLACK)]
        pieces[number - 1].confined_to = name
    return added


def _no_pieces(document: Document, source: str) -> NoReturn:
    """A text without piece lines is not a diagram fairyport can read (an empty file, another format): refused
    at its first line rather than read as a board with no pieces (perft 0)."""
    first = next((d for d in document.directives if isinstance(d, Prose) and d.text.strip()), None)
    where = first.location if first is not None else Location(source or None, 1, 1)
    text = first.text.lstrip() if first is not None else ""
    looks = " (this looks like a ZRF file)" if text.startswith(("(", ";")) else ""
    found = "an empty text" if not document.directives else f"no line with five ':'-separated fields{looks}"
    raise ParseError("the text has no piece lines", where,
                     expected="piece lines name:ID:betza:image:squares", found=found)


def game_from_document(document: Document, *, title: str = "", source: str = "",
                       hooks: tuple[str, ...] = (), scripts: Scripts = ()) -> Game:
    """Read a parsed Interactive Diagram definition into a :class:`Game`.

    :raises ParseError: for bad numbers and bad move strings; :raises ModelError: for squares off the board,
        unknown piece IDs and an inconsistent game. Every error carries the file, line and column.
    """
    scan = _scan(document)
    if not scan.pieces:
        _no_pieces(document, source)
    files = _int_param(scan, "files", 8, 1, MAX_BOARD_SIDE)
    ranks = _int_param(scan, "ranks", 8, 1, MAX_BOARD_SIDE)
    grid = Grid(files, ranks, _int_param(scan, "firstRank", 1, 0, MAX_BOARD_SIDE))
    symmetry = normalise_symmetry(_value(scan, "symmetry"))
    drafts = [d for d in scan.pieces if d.line.text("name").strip().lower() != HOLE_NAME]
    warnings: Warnings = []
    pieces, labels = _read_pieces(drafts, files, warnings)
    ids = [p.id for p in pieces]
    setup = Setup()
    holes = _place(scan, drafts, pieces, grid, symmetry, setup, warnings)
    may_face = _read_royals(scan, pieces, drafts, warnings)
    settings = PromotionSettings(
        zone=_value(scan, "promoZone"), max_promote=_value(scan, "maxPromote"), choice=_value(scan, "promoChoice"),
        offset=_value(scan, "promoOffset"), locations={k: p.value_location for k, p in scan.scalars.items()},
    )
    holdings = _int_param(scan, "holdingsType", 0, -MAX_BOARD_SIDE, MAX_BOARD_SIDE)
    standard = read_promotions(settings, ids, labels, warnings, drops=holdings != 0)
    for piece_id, promotion in standard.items():
        pieces[ids.index(piece_id)].promotion = promotion
    _read_piece_extensions(scan, drafts, pieces, labels)
    zones = _read_zones(scan, grid, pieces, drafts)
    if find_function(scripts, "BadZone") is not None:
        hooks = tuple(h for h in hooks if h != "BadZone")  # read into the model: not a note
        zones += _read_badzone(scripts, grid, pieces, zones)
    palette_note = _hand_as_palette(holdings, pieces, setup, _drops_line(scan))
    offset = _value(scan, "promoOffset")
    royalty = _royalty(scan, setup, pieces)
    weird = _read_weird(scripts, grid, pieces, standard, offset, holdings < 0)
    if weird is not None:
        hooks = tuple(h for h in hooks if h != "WeirdPromotion")  # read into the model: not a note
    copies = _promoted_copies(pieces, labels, setup, standard, offset if holdings == HOLDINGS_SHOGI else None)
    shared = {f"piece {n + 1} (" for n in copies}  # not two types sharing an ID: one type, read as one
    warnings = [w for w in warnings if not any(w[0].startswith(s) for s in shared)]
    rules = Rules(
        stalemate=_stalemate(_value(scan, "stalemate")),
        bare_king=BareKingRule.LOSS if (_value(scan, "baring") or "").strip() == "0" else BareKingRule.NONE,
        royals_may_face=may_face,
        royal_protection=royalty.protection,
        royal_optional=royalty.optional,
        drops=holdings < 0,
        captures_to_hand=holdings < 0,
        demote_captured=demotes(holdings, bool(standard), offset),
        captures_to_owner=holdings >= HOLDINGS_OWNER,
    )
    extended = read_rules(lambda key: _located(scan, key), ids, labels, {z.name for z in zones})
    extended["drops"] = rules.drops or bool(extended.get("drops"))
    rules = dataclasses.replace(rules, **extended)  # type: ignore[arg-type]
    first = _located(scan, FIRST_KEY)
    if first is not None:
        setup.side_to_move = parse_first(*first)
    game = Game(
        metadata=Metadata(title=title, source=source),
        board=Board(files, ranks, holes=frozenset().union(*(s for _, s, _ in holes)), first_rank=grid.first_rank),
        pieces=pieces,
        setup=setup,
        rules=rules,
        zones=zones,
        format_data={"idiagram": {"head": scan.head, "holes": [e for e, _, _ in holes], "hooks": list(hooks),
                                  "notes": _notes(scan, hooks) + palette_note,
                                  "warnings": [_warning(text, where) for text, where in warnings]}},
    )
    if weird is not None:
        if _shift(offset):
            _force_where_stuck(game, weird, standard, scripts)
        with_line = {id(scan.pieces[i]) for i, keys in scan.piece_keys.items() if DROP_KEY in keys}
        _drop_limits(game, weird, [id(d) in with_line for d in drafts], scripts)
    _merge_copies(game, copies)
    try:
        game.validate()
    except FairyportError as error:
        if error.location.file is None:
            error.relocated(Location(file=document.file))
        raise
    return game


def _shift(offset: str | None) -> int:
    """The ``promoOffset`` value (read and checked by :func:`read_promotions`), 0 when not given."""
    return int(offset) if offset is not None and offset.strip().isdecimal() else 0


def _read_weird(scripts: Scripts, grid: Grid, pieces: list[PieceType], standard: dict[str, Promotion],
                offset: str | None, drops: bool) -> WeirdReading | None:
    """What the page's ``WeirdPromotion()`` does (:func:`~fairyport.idiagram.weird.read_weirdpromotion`), None
    without one."""
    function = find_function(scripts, "WeirdPromotion")
    if function is None:
        return None
    shift = _shift(offset)
    setting = WeirdSetting(grid.files, grid.ranks, len(pieces), len(standard) if shift else 0, shift,
                           grid.first_rank, drops)
    return read_weirdpromotion(function, setting)


def _weird_error(scripts: Scripts, message: str) -> UnsupportedError:
    function = find_function(scripts, "WeirdPromotion")
    return UnsupportedError(f"the page function WeirdPromotion() {message}",
                            function.location if function is not None else Location(),
                            feature="page function WeirdPromotion")


def _drop_limits(game: Game, weird: WeirdReading, with_line: list[bool], scripts: Scripts) -> None:
    """The drop rules ``WeirdPromotion()`` gives each piece without a fairyportDrop line (``with_line``: that line
    says the whole rule): its refused squares must be those where the piece could not move again (the model's
    own rule), or none (then it may be dropped there too)."""
    variant = Variant(game)
    for number, piece in enumerate(game.pieces, start=1):
        reading = weird.drops.get(number, DropReading((frozenset(), frozenset())))
        if with_line[number - 1]:
            continue
        stuck = tuple(variant.stuck_squares(piece.id, c) for c in (WHITE, BLACK))
        if reading.refused != stuck and any(reading.refused):
            squares = ", ".join(sorted(reading.refused[0] | reading.refused[1]))
            raise _weird_error(scripts, f"refuses drops of {piece.name!r} on {squares}, not exactly where it could "
                               "not move again (fairyport reads drop squares no other way)")
        rule = DropRule(max_per_file=reading.per_file, max_per_square_color=reading.per_colour,
                        where_stuck=any(stuck) and not any(reading.refused))
        piece.drop = None if rule == DropRule() else rule


def _force_where_stuck(game: Game, weird: WeirdReading, standard: dict[str, Promotion], scripts: Scripts) -> None:
    """The shogi-style promotions as ``WeirdPromotion()`` leaves them: optional, and forced exactly where the piece
    could not move again when it refuses not promoting on those squares (a piece that can move from everywhere
    reads as forced there too, as the other readers read it)."""
    variant = Variant(game)
    for number, piece in enumerate(game.pieces, start=1):
        promotion = standard.get(piece.id)
        if promotion is None or piece.promotion is not promotion:  # not promotable, or a fairyportPromotion line
            continue
        stuck = tuple(variant.stuck_squares(piece.id, c) for c in (WHITE, BLACK))
        forced = weird.forced.get(number, (frozenset(), frozenset()))
        if forced != stuck and any(forced):
            squares = ", ".join(sorted(forced[0] | forced[1]))
            raise _weird_error(scripts, f"forces the promotion of {piece.name!r} on {squares}, not exactly where it "
                               "could not move again (the only forced shogi-style promotion fairyport's model has)")
        piece.promotion = dataclasses.replace(promotion, choices=promotion.choices[:1], mandatory=False,
                                              mandatory_where_stuck=forced == stuck)


def _promoted_copies(pieces: list[PieceType], labels: list[str], setup: Setup, standard: dict[str, Promotion],
                     offset: str | None) -> dict[int, int]:
    """Promoted forms that copy an earlier type that does not promote (same name, ID, moves and image), never on
    the board nor in hand, each the form of one piece: index of the copy -> index of the type. fairyport writes a
    type that several pieces promote to that way, the script demoting a captured one by ``promoOffset``
    (``holdingsType=-1``); the model's promoted piece remembers what it was, so they read as that one type."""
    shift = _shift(offset)
    if shift <= 0:
        return {}
    placed = {p.id for p in setup.placement.values()} | {i for h in setup.hands.values() for i in h}
    targets = [p.choices[0].piece for p in standard.values()]
    copies: dict[int, int] = {}
    for index in range(shift, len(pieces)):
        copy = pieces[index]
        if copy.id in placed or copy.promotion is not None or targets.count(copy.id) != 1:
            continue
        for earlier, piece in enumerate(pieces[:index]):
            if piece.id not in standard and (labels[earlier], piece.name, piece.betza, piece.image) == (
                    labels[index], copy.name, copy.betza, copy.image):
                copies[index] = copies.get(earlier, earlier)
                break
    return copies


def _merge_copies(game: Game, copies: dict[int, int]) -> None:
    """Each promoted copy (:func:`_promoted_copies`) read as the type it copies."""
    if not copies:
        return
    same = {game.pieces[c].id: game.pieces[o].id for c, o in copies.items()}
    for piece in game.pieces:
        if piece.promotion is not None:
            piece.promotion = dataclasses.replace(piece.promotion, choices=tuple(
                dataclasses.replace(c, piece=same.get(c.piece, c.piece)) for c in piece.promotion.choices))
    game.pieces = [p for index, p in enumerate(game.pieces) if index not in copies]


HAND_WITHOUT_DROPS_IS_PALETTE = True
"""Pieces listed in hand (the piece line's sixth field) in a game without drops (``holdingsType`` 0, no ``*``
promotion choice, no ``fairyportDrop`` line) are a palette shown beside the board, not part of the game: the
Diagram does not enforce rules and lets its user place pieces anywhere ("to allow for easy setup of arbitrary
positions", the Diagram's page), while without drops no move takes a piece from hand. They are read into the
piece's ``extra["idiagram"]["palette"]`` (and written back), not into the start position's hands, and a note
(``validate``: info ``not-modelled``) names them; the game played is the one on the board. Only when the board holds a
game (a royal piece of each side): a "piece lab" with every piece in hand is left as it is, and refused."""


def hand_is_palette(holdings: int, pieces: list[PieceType], setup: Setup, drops: bool = False) -> bool:
    """Whether the pieces in hand of ``setup`` are read as a palette (:data:`HAND_WITHOUT_DROPS_IS_PALETTE`): a
    game without drops (``drops``: a ``fairyportDrops`` line gives them) whose board holds a royal piece of each
    side (a piece lab is not one)."""
    if (not HAND_WITHOUT_DROPS_IS_PALETTE or holdings != HOLDINGS_NONE or drops
            or not any(setup.hands.values())):
        return False
    if any(p.drop is not None for p in pieces) or any(
            choice.from_hand for p in pieces if p.promotion for choice in p.promotion.choices):
        return False
    royals = {p.id for p in pieces if p.royal}
    return {piece.color for piece in setup.placement.values() if piece.id in royals} == {WHITE, BLACK}


def royal_game(game: Game) -> RoyalGame:
    """What the ``extinction`` bits depend on, as the reading sees the game (pieces in hand read as a palette are
    not part of it)."""
    palette = hand_is_palette(HOLDINGS_NONE, game.pieces, game.setup, game.rules.drops)
    seen = dataclasses.replace(game.setup, hands={}) if palette else game.setup
    royals = {p.id for p in game.pieces if p.royal}
    return RoyalGame(RoyalCounts.of(seen, royals), bool(royals), captures_own(p.betza for p in game.pieces))


def royal_optional_said(game: Game) -> bool:
    """Whether ``extinction`` says the game's optional royal pieces (a side without any, or a game
    whose pieces may capture their own)."""
    royal = royal_game(game)
    return says(wanted_extinction(game.rules, royal), game.rules, royal)


def _drops_line(scan: _Scan) -> bool:
    """Whether a ``fairyportDrops=1`` line gives drops (its value is checked where the rules are read)."""
    line = scan.scalars.get(DROPS_KEY)
    return line is not None and line.value.strip() == "1"


def _hand_as_palette(holdings: int, pieces: list[PieceType], setup: Setup, drops: bool) -> list[str]:
    """Move the pieces in hand of a game without drops to the palette (:func:`hand_is_palette`); return the note
    that says so (none when nothing moved)."""
    if not hand_is_palette(holdings, pieces, setup, drops):
        return []
    names = []
    for piece in pieces:
        counts = [setup.hands.get(color, {}).pop(piece.id, 0) for color in (WHITE, BLACK)]
        if any(counts):
            piece.extra["idiagram"]["palette"] = counts
            names.append(piece.name)
    setup.hands = {color: hand for color, hand in setup.hands.items() if hand}
    return [f"pieces in hand ({', '.join(names)}) in a game without drops (holdingsType 0): read as a palette to "
            "place beside the board, not as part of the game, which is played on the board"]


def demotes(holdings: int, chess_style_possible: bool, offset: str | None) -> bool:
    """Whether captured promoted pieces demote: ``holdingsType=-1`` demotes by ``promoOffset`` (so not when
    promotions are given chess style, offset 0); values below -1 never demote; without a capturer's hand the
    rule does not apply (the model's default, True)."""
    if holdings >= 0:
        return True
    chess_style = chess_style_possible and (offset or "0").strip() in ("", "0")
    return holdings == HOLDINGS_SHOGI and not chess_style


def _warning(text: str, where: Location) -> Entry:
    """A lenient reading, stored as ``{"message", "line", "column"}`` (shown by ``show`` and ``validate``)."""
    return {"message": text, "line": where.line, "column": where.column}


def _located(scan: _Scan, key: str) -> tuple[str, Location] | None:
    parameter = scan.scalars.get(key)
    return None if parameter is None else (parameter.value, parameter.value_location)


def _value(scan: _Scan, key: str) -> str | None:
    parameter = scan.scalars.get(key)
    return parameter.value if parameter is not None else None


def _stalemate(value: str | None) -> StalemateResult:
    if value is None or value.strip().lower() == "draw":
        return StalemateResult.DRAW
    return StalemateResult.LOSS


def _royalty(scan: _Scan, setup: Setup, pieces: list[PieceType]) -> Royalty:
    """The royal protection and ``royal_optional`` ``extinction`` gives (:mod:`fairyport.idiagram.royalty`)."""
    royals = {p.id for p in pieces if p.royal}
    line = scan.scalars.get("extinction")
    value = None if line is None else parse_int(line.value, line.value_location, "extinction")
    game = RoyalGame(RoyalCounts.of(setup, royals), bool(royals), captures_own(p.betza for p in pieces))
    return read_extinction(value, game, Location() if line is None else line.value_location)


HTML_SUFFIXES = (".html", ".htm")
"""File suffixes read as web pages."""


def split_fragment(path: Path) -> tuple[Path, int | None]:
    """``page.html#2`` -> (``page.html``, 2); other paths come back unchanged with None."""
    base, fragment = split_game_path(path)
    if fragment is not None and fragment.isdecimal():
        return base, int(fragment)
    return path, None


def read_model_text(text: str, *, variant: str | None = None, name: str = "<text>") -> Game:
    """A Diagram definition given as text (``name`` locates its errors); a text holds one diagram, so
    ``variant`` must be None or ``1``."""
    if variant not in (None, "1"):
        raise UsageError("a Diagram text holds one diagram", Location(name), expected="diagram 1", found=variant)
    return read_text(text, file=name, title=name if name != "<text>" else "")


def read_text(text: str, *, file: str | None = None, title: str = "", hooks: tuple[str, ...] = (),
              line_offset: int = 0, scripts: Scripts = ()) -> Game:
    """Read a Diagram definition given as text. ``line_offset`` shifts error lines (a diagram inside a page);
    ``scripts`` are the page's inline scripts (page functions). A text that is a page fragment (the
    ``<script>`` block and ``<div class="idiagram">`` fairyport writes) is read as a page: its first diagram."""
    if not scripts and is_page_text(text):
        return _read_page(text, file, title, 1)
    document = syntax.parse(text, file)
    try:
        return game_from_document(document, title=title, source=file or "", hooks=hooks, scripts=scripts)
    except FairyportError as error:
        if line_offset and error.location.line is not None:
            error.relocated(dataclasses.replace(error.location, line=error.location.line + line_offset))
        raise


def read_game(path: Path, *, variant: str | None = None, diagram: int | None = None) -> Game:
    """Read the game of a ``.idiagram`` file or of the ``diagram``-th (1-based) diagram of an HTML page
    (``variant``: the same number as text, where ``diagram`` is not given)."""
    if diagram is None and variant is not None and variant.isdecimal():
        diagram = int(variant)
    path, fragment = split_fragment(path)
    diagram = diagram if diagram is not None else fragment
    title = path.stem
    if path.suffix.lower() not in HTML_SUFFIXES:
        if diagram not in (None, 1):
            raise UsageError("a diagram file holds one diagram", Location(str(path)), expected="diagram 1",
                             found=str(diagram))
        return read_text(read_input_text(path), file=str(path), title=title)
    return _read_page(read_input(path), str(path), title, diagram)


def _read_page(data: bytes | str, file: str | None, title: str, diagram: int | None) -> Game:
    """The ``diagram``-th (1-based, default the first) diagram of a page, with the page's scripts."""
    from fairyport.idiagram.page import extract_diagrams  # lxml: only for pages

    diagrams = extract_diagrams(data, file)
    if not diagrams:
        raise ParseError("the page has no element with class idiagram", Location(file),
                         expected='an element with class="idiagram"')
    index = diagram or 1
    if not 1 <= index <= len(diagrams):
        raise UsageError(f"the page has {len(diagrams)} diagrams", Location(file),
                         expected=f"1..{len(diagrams)}", found=str(index))
    chosen = diagrams[index - 1]
    offset = (chosen.line or 1) - 1
    name = f"{title}#{index}" if len(diagrams) > 1 else title
    # the script lines are the page's; read_text adds the diagram's offset to every error's line
    scripts = tuple((code, Location(file, (line or 1) - offset, 1)) for code, line in chosen.scripts)
    return read_text(chosen.text, file=file, title=name, hooks=chosen.hooks, line_offset=offset, scripts=scripts)
