"""fairyport's extension lines for joins, unloading moves and moves that keep a piece unmoved (Transport Chess), and for
captures that spare pieces by kind (Non-Prise Chess, Caissa), written after a piece line: the Interactive
Diagram's text has no move that lands on a friendly piece and makes the two one piece, nor one that leaves part
of a piece behind (its ``d`` modifier captures a friend, it does not merge).

| key | value | model |
|---|---|---|
| ``fairyportJoin`` | ``BETZA PARTNER>RESULT; ...`` | :attr:`~fairyport.model.PieceType.joins` |
| ``fairyportUnload`` | ``BETZA LEAVES>BECOMES [virgin] [leavesvirgin]; ...`` | :attr:`~.model.PieceType.unloads` |
| ``fairyportVirginMoves`` | ``BETZA`` | :attr:`~fairyport.model.PieceType.virgin_moves` |
| ``fairyportUnmovedWhenMade`` | ``1`` | :attr:`~fairyport.model.PieceType.unmoved_when_made` |
| ``fairyportCannotCapture`` | ``ID+ID`` | :attr:`~fairyport.model.PieceType.cannot_capture` |
| ``fairyportCannotCaptureOwn`` | ``ID+ID`` | :attr:`~fairyport.model.PieceType.cannot_capture_own` |

Piece names are the IDs the piece lines give; errors are located at their column.
"""

from __future__ import annotations

from collections.abc import Sequence

from fairyport.errors import Location, ModelError
from fairyport.idiagram.goals import parse_switch
from fairyport.idiagram.rules import check_betza, extension_error, shifted
from fairyport.model import Join, PieceType, Unload

JOIN_KEY = "fairyportJoin"
"""``fairyportJoin=dR N>H; fdW B>S``: the piece's joins (:class:`~fairyport.model.Join`)."""

UNLOAD_KEY = "fairyportUnload"
"""``fairyportUnload=R N>R virgin``: the piece's unloading moves (:class:`~fairyport.model.Unload`); ``virgin``:
the arriving piece counts as unmoved, ``leavesvirgin``: the piece left behind does."""

VIRGIN_MOVES_KEY = "fairyportVirginMoves"
"""``fairyportVirginMoves=R``: moves after which the piece stays unmoved if it was."""

UNMOVED_WHEN_MADE_KEY = "fairyportUnmovedWhenMade"
"""``fairyportUnmovedWhenMade=1``: a piece that becomes this type by a promotion or a join is unmoved."""

CANNOT_CAPTURE_KEY = "fairyportCannotCapture"
"""``fairyportCannotCapture=N+B+R+Q``: the enemy kinds the piece's captures spare (Non-Prise Chess). The Diagram's
``captureMatrix`` may say this, but its syntax is not documented (shared notes A.8), so fairyport does not write
it."""

CANNOT_CAPTURE_OWN_KEY = "fairyportCannotCaptureOwn"
"""``fairyportCannotCaptureOwn=Q``: the friendly kinds the piece's ``d`` captures spare (Caissa)."""

TRANSPORT_KEYS = (JOIN_KEY, UNLOAD_KEY, VIRGIN_MOVES_KEY, UNMOVED_WHEN_MADE_KEY, CANNOT_CAPTURE_KEY,
                  CANNOT_CAPTURE_OWN_KEY)
"""The piece extension keys of this module, in the order the writer adds them."""

TRANSPORT_WHAT = {JOIN_KEY: "joins", UNLOAD_KEY: "unloading moves", VIRGIN_MOVES_KEY: "moves that keep it unmoved",
                  UNMOVED_WHEN_MADE_KEY: "unmoved state when made",
                  CANNOT_CAPTURE_KEY: "captures that spare enemy kinds",
                  CANNOT_CAPTURE_OWN_KEY: "captures that spare own kinds"}
"""What each key carries, as the writer's loss names it."""

_FLAGS = {"virgin": "virgin", "leavesvirgin": "leaves_virgin"}


def format_joins(joins: Sequence[Join], labels: dict[str, str]) -> str:
    """The ``fairyportJoin`` value (read back by :func:`parse_transport`)."""
    return "; ".join(f"{j.betza} {labels[j.partner]}>{labels[j.result]}" for j in joins)


def format_unloads(unloads: Sequence[Unload], labels: dict[str, str]) -> str:
    """The ``fairyportUnload`` value (read back by :func:`parse_transport`)."""
    return "; ".join(" ".join([s.betza, f"{labels[s.leaves]}>{labels[s.becomes]}"]
                              + [word for word, field in _FLAGS.items() if getattr(s, field)]) for s in unloads)


def transport_lines(piece: PieceType, labels: dict[str, str]) -> dict[str, str]:
    """The extension lines of ``piece``'s joins, unloads and the other rules of this module (key -> value)."""
    lines: dict[str, str] = {}
    if piece.joins:
        lines[JOIN_KEY] = format_joins(piece.joins, labels)
    if piece.unloads:
        lines[UNLOAD_KEY] = format_unloads(piece.unloads, labels)
    if piece.virgin_moves:
        lines[VIRGIN_MOVES_KEY] = piece.virgin_moves
    if piece.unmoved_when_made:
        lines[UNMOVED_WHEN_MADE_KEY] = "1"
    if piece.cannot_capture:
        lines[CANNOT_CAPTURE_KEY] = "+".join(labels[t] for t in piece.cannot_capture)
    if piece.cannot_capture_own:
        lines[CANNOT_CAPTURE_OWN_KEY] = "+".join(labels[t] for t in piece.cannot_capture_own)
    return lines


def parse_transport(piece: PieceType, key: str, value: str, location: Location, ids: Sequence[str],
                    labels: Sequence[str]) -> None:
    """Read one of :data:`TRANSPORT_KEYS` into ``piece``."""
    if key == VIRGIN_MOVES_KEY:
        check_betza(value.strip(), location)
        piece.virgin_moves = value.strip()
        return
    if key == UNMOVED_WHEN_MADE_KEY:
        piece.unmoved_when_made = parse_switch(key, value, location)
        return
    by_label: dict[str, str] = {}
    for pid, label in zip(ids, labels, strict=True):
        by_label.setdefault(label.upper(), pid)
    if key in (CANNOT_CAPTURE_KEY, CANNOT_CAPTURE_OWN_KEY):
        spared = tuple(_piece(key, label.strip(), location, by_label) for label in value.split("+") if label.strip())
        if key == CANNOT_CAPTURE_KEY:
            piece.cannot_capture = spared
        else:
            piece.cannot_capture_own = spared
        return
    joins: list[Join] = []
    unloads: list[Unload] = []
    column = 0
    for item in value.split(";"):
        where = shifted(location, column + len(item) - len(item.lstrip()))
        column += len(item) + 1
        words = item.split()
        if not words:
            continue
        flags = words[2:]
        if len(words) < 2 or words[1].count(">") != 1 or (key == JOIN_KEY and flags) or \
                any(f not in _FLAGS for f in flags):
            expected = "BETZA PARTNER>RESULT" if key == JOIN_KEY else "BETZA LEAVES>BECOMES [virgin] [leavesvirgin]"
            raise extension_error(key, "not a join" if key == JOIN_KEY else "not an unload", where, expected,
                                  item.strip())
        check_betza(words[0], where)
        named = []
        for label in words[1].split(">"):
            named.append(_piece(key, label, where, by_label))
        if key == JOIN_KEY:
            joins.append(Join(words[0], named[0], named[1]))
        else:
            unloads.append(Unload(words[0], named[0], named[1], **{_FLAGS[f]: True for f in flags}))
    if key == JOIN_KEY:
        piece.joins = tuple(joins)
    else:
        piece.unloads = tuple(unloads)


def _piece(key: str, label: str, where: Location, by_label: dict[str, str]) -> str:
    known = by_label.get(label.upper())
    if known is None:
        raise ModelError(f"{key} names an unknown piece", where, expected="the ID of a piece line", found=repr(label))
    return known


__all__ = [
    "CANNOT_CAPTURE_KEY",
    "CANNOT_CAPTURE_OWN_KEY",
    "JOIN_KEY",
    "TRANSPORT_KEYS",
    "TRANSPORT_WHAT",
    "UNLOAD_KEY",
    "UNMOVED_WHEN_MADE_KEY",
    "VIRGIN_MOVES_KEY",
    "format_joins",
    "format_unloads",
    "parse_transport",
    "transport_lines",
]
