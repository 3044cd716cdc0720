"""Interactive Diagram syntax tree -> game model.

Every rule of the Diagram's own reading applies (see :mod:`fairyport.converters.idiagram.rules`). What the
model has no field for is kept in ``Game.format_data["idiagram"]`` and ``PieceType.extra["idiagram"]``:

- ``head``: the directives before the first piece line, and per piece ``after``: the directives between its
  line and the next, each as ``{"prose": text}``, ``{"key": k, "value": v}`` (kept verbatim) or a marker
  ``{"key": k, "mapped": true, ...}`` for a key the model carries (written back at the same place);
- per piece ``defaulted`` (fields left empty), ``squares`` and ``holdings`` as written, ``fields`` (extra
  fields beyond the sixth);
- ``holes``: the hole lines (position among the pieces, squares as written, directives after them);
- ``hooks``: the page script functions (``BadZone`` ...) of the page the diagram came from;
- ``notes``: what the definition says that the model cannot carry (also shown by ``fairyport show``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from fairyport.converters.idiagram.rules import (
    CONFINE_KEY,
    HOLE_NAME,
    MAX_BOARD_SIDE,
    ZONE_KEY,
    Grid,
    PromotionSettings,
    check_betza,
    default_id,
    default_move,
    normalise_symmetry,
    parse_holdings,
    parse_int,
    parse_squares,
    parse_zone,
    read_promotions,
    read_royals,
    split_facing,
)
from fairyport.errors import FairyportError, Location, ModelError
from fairyport.formats.idiagram.syntax import Document, Parameter, PieceLine, Prose
from fairyport.model import (
    BLACK,
    WHITE,
    BareKingRule,
    Board,
    Game,
    Metadata,
    Piece,
    PieceType,
    RoyalProtection,
    Rules,
    Setup,
    StalemateResult,
    Zone,
)

SCALAR_KEYS = ("files", "ranks", "firstRank", "symmetry", "promoZone", "maxPromote", "promoChoice", "promoOffset",
               "stalemate", "baring", "extinction")
"""Keys the model carries that hold one value (the last line wins, as in the Diagram)."""

MULTI_KEYS = ("royal", ZONE_KEY)
"""Keys the model carries that may be given on several lines (each line counts)."""

PIECE_KEYS = (CONFINE_KEY,)
"""Keys the model carries that apply to the piece line above them."""

UNMODELLED = {
    "holdingsType": "captured pieces go to a hand (drops)",
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
    confine: dict[int, Parameter] = dataclasses.field(default_factory=dict)
    """Index in ``pieces`` -> the fairyportConfine line after it."""


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
            scan.confine[len(scan.pieces) - 1] = directive
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
        if key in UNMODELLED and not (key == "holdingsType" and entry["value"].strip() in ("", "0")):
            notes.append(f"{key}={entry['value']}: {UNMODELLED[key]} is not part of the game model (kept as written)")
        if key == CONFINE_KEY and not entry.get("mapped"):
            notes.append(f"{CONFINE_KEY}={entry['value']} before any piece line confines nothing (kept as written)")
    baring = scan.scalars.get("baring")
    if baring is not None and baring.value.strip() not in ("0", ""):
        notes.append(f"baring={baring.value}: a bare-king rule counting only piece {baring.value.strip()} is not "
                     "part of the game model (kept as written)")
    for hook in hooks:
        notes.append(f"the page defines the script hook {hook}(); rules in page scripts are not read")
    return notes


def _read_piece(draft: _PieceDraft, files: int) -> tuple[PieceType, list[str]]:
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
    return piece, defaulted


def _place(game_pieces: list[PieceType], drafts: list[_PieceDraft], grid: Grid, symmetry: str,
           setup: Setup) -> None:
    for piece, draft in zip(game_pieces, drafts, strict=True):
        field = draft.line.field("squares")
        assert field is not None
        read = parse_squares(field.text, grid, symmetry, field.location)
        for color, squares in ((WHITE, read.white), (BLACK, read.black)):
            for square in squares:
                if square in setup.placement:
                    raise ModelError(f"two pieces start on {square}", field.location,
                                     expected="each square used once", found=f"{square} again for {piece.name}")
                setup.placement[square] = Piece(piece.id, color)
        holdings = draft.line.field("holdings")
        if holdings is not None and holdings.text.strip():
            counts = parse_holdings(holdings.text, holdings.location)
            for color, count in zip((WHITE, BLACK), counts, strict=True):
                if count:
                    setup.hands.setdefault(color, {})[piece.id] = count


def _read_holes(scan: _Scan, pieces: list[_PieceDraft], grid: Grid,
                symmetry: str) -> list[tuple[Entry, set[str], Location]]:
    """Every hole line: its layout entry (position among the pieces, squares as written), squares, location."""
    result: list[tuple[Entry, set[str], Location]] = []
    for index, draft in enumerate(scan.pieces):
        if draft in pieces:
            continue
        field = draft.line.field("squares")
        assert field is not None
        read = parse_squares(field.text, grid, symmetry, field.location)
        position = sum(1 for d in scan.pieces[:index] if d in pieces)
        entry = {"position": position, "squares": field.text, "after": draft.after}
        result.append((entry, set(read.white) | set(read.black), field.location))
    return result


def _read_pieces(drafts: list[_PieceDraft], files: int) -> list[PieceType]:
    pieces: list[PieceType] = []
    seen: set[str] = set()
    for draft in drafts:
        piece, defaulted = _read_piece(draft, files)
        if piece.id in seen:
            field = draft.line.field("id")
            where = field.location if field is not None and "id" not in defaulted else draft.line.location
            raise ModelError(f"two piece types have the ID {piece.id!r}", where,
                             expected="a different ID (the ID defaults to the name's first letter)",
                             found=f"{piece.id} again for {piece.name!r}")
        seen.add(piece.id)
        pieces.append(piece)
    return pieces


def _read_royals(scan: _Scan, pieces: list[PieceType], drafts: list[_PieceDraft]) -> bool:
    """Mark the royal pieces; return whether royals may face (False when every royal type has ``fkR``)."""
    ids = [p.id for p in pieces]
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


def _read_zones(scan: _Scan, grid: Grid, pieces: list[PieceType], drafts: list[_PieceDraft]) -> list[Zone]:
    zones: list[Zone] = []
    for line in scan.multi.get(ZONE_KEY, []):
        for name, squares, color in parse_zone(line.value, grid, line.value_location):
            zones.append(Zone(name, squares, color))
    zone_names = {z.name for z in zones}
    for index, line in scan.confine.items():
        wanted = line.value.strip()
        if wanted not in zone_names:
            raise ModelError(f"{CONFINE_KEY} names an unknown zone", line.value_location,
                             expected="a zone defined by " + ZONE_KEY, found=repr(wanted))
        draft = scan.pieces[index]
        if draft in drafts:
            pieces[drafts.index(draft)].confined_to = wanted
    return zones


def game_from_document(document: Document, *, title: str = "", source: str = "",
                       hooks: tuple[str, ...] = ()) -> Game:
    """Read a parsed Interactive Diagram definition into a :class:`Game`.

    :raises ParseError: for bad numbers and bad move strings; :raises ModelError: for squares off the board,
        unknown piece IDs and an inconsistent game. Every error carries the file, line and column.
    """
    scan = _scan(document)
    files = _int_param(scan, "files", 8, 1, MAX_BOARD_SIDE)
    ranks = _int_param(scan, "ranks", 8, 1, MAX_BOARD_SIDE)
    grid = Grid(files, ranks, _int_param(scan, "firstRank", 1, 0, MAX_BOARD_SIDE))
    symmetry = normalise_symmetry(_value(scan, "symmetry"))
    drafts = [d for d in scan.pieces if d.line.text("name").strip().lower() != HOLE_NAME]
    holes = _read_holes(scan, drafts, grid, symmetry)
    pieces = _read_pieces(drafts, files)
    ids = [p.id for p in pieces]
    setup = Setup()
    _place(pieces, drafts, grid, symmetry, setup)
    for _, squares, location in holes:
        clash = sorted(squares & set(setup.placement))
        if clash:
            raise ModelError(f"a piece starts on the hole {clash[0]}", location,
                             expected="holes on empty squares", found=clash[0])
    may_face = _read_royals(scan, pieces, drafts)
    settings = PromotionSettings(
        zone=_value(scan, "promoZone"), max_promote=_value(scan, "maxPromote"), choice=_value(scan, "promoChoice"),
        offset=_value(scan, "promoOffset"), locations={k: p.value_location for k, p in scan.scalars.items()},
    )
    for piece_id, promotion in read_promotions(settings, ids).items():
        pieces[ids.index(piece_id)].promotion = promotion
    zones = _read_zones(scan, grid, pieces, drafts)
    rules = Rules(
        stalemate=_stalemate(_value(scan, "stalemate")),
        bare_king=BareKingRule.LOSS if (_value(scan, "baring") or "").strip() == "0" else BareKingRule.NONE,
        royals_may_face=may_face,
        royal_protection=_protection(scan, setup, [p.id for p in pieces if p.royal]),
    )
    game = Game(
        metadata=Metadata(title=title, source=source),
        board=Board(files, ranks, holes=frozenset().union(*(s for _, s, _ in holes)), first_rank=grid.first_rank),
        pieces=pieces,
        setup=setup,
        rules=rules,
        zones=zones,
        format_data={"idiagram": {"head": scan.head, "holes": [e for e, _, _ in holes], "hooks": list(hooks),
                                  "notes": _notes(scan, hooks)}},
    )
    try:
        game.validate()
    except FairyportError as error:
        if error.location.file is None:
            error.relocated(Location(file=document.file))
        raise
    return game


def _value(scan: _Scan, key: str) -> str | None:
    parameter = scan.scalars.get(key)
    return parameter.value if parameter is not None else None


def _stalemate(value: str | None) -> StalemateResult:
    if value is None or value.strip().lower() == "draw":
        return StalemateResult.DRAW
    return StalemateResult.LOSS


def royals_per_side(setup: Setup, royals: list[str]) -> int:
    """The largest number of royal pieces one side has at the start (on the board and in hand)."""
    counts = [0, 0]
    for piece in setup.placement.values():
        if piece.id in royals:
            counts[piece.color] += 1
    for color, hand in setup.hands.items():
        counts[color] += sum(n for piece_id, n in hand.items() if piece_id in royals)
    return max(counts)


def _protection(scan: _Scan, setup: Setup, royals: list[str]) -> RoyalProtection:
    """``extinction=0``: every royal is protected; another value: only the last one. Without the key: the
    Diagram's default (last) where a side has several royals, and EVERY otherwise (the same game then)."""
    line = scan.scalars.get("extinction")
    if line is None:
        return RoyalProtection.LAST if royals_per_side(setup, royals) > 1 else RoyalProtection.EVERY
    value = parse_int(line.value, line.value_location, "extinction")
    return RoyalProtection.EVERY if value == 0 else RoyalProtection.LAST
