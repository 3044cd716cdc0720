"""An SVG board built with lxml: checkered squares, holes, tinted zones, coordinates, pieces, move marks, paths.

One drawing routine serves the standalone start-position picture (``fairyport show --svg``, in the SVG
namespace) and the pictures inlined in report pages (``namespace=None``: an HTML parser puts an inline ``<svg>``
element in the SVG namespace itself). The picture needs nothing outside it: no images, no web fonts.
"""

from __future__ import annotations

import dataclasses
import re

from lxml import etree

from fairyport.model import BLACK, WHITE, Board, Game, Piece, square_name

SVG_NS = "http://www.w3.org/2000/svg"
SQUARE = 40
MARGIN = 22
LIGHT = "#f0d9b5"
DARK = "#c49a6c"
HOLE_STROKE = "#b0b0b0"

ZONE_TINTS = {"promotion": "#e8b923", "palace": "#7e57c2"}
"""Zone kind -> tint colour (drawn translucent over the squares); other zones get :data:`OTHER_TINT`."""
OTHER_TINT = "#26a69a"
TINT_OPACITY = "0.38"

MARK_STYLE = {
    "move": "#2e7d32",
    "capture": "#c62828",
    "hop": "#ef6c00",
    "initial": "#1565c0",
    "path": "#1565c0",
}
"""Colours of move marks; each kind also has its own shape, so the diagram reads in black and white."""


@dataclasses.dataclass
class BoardPicture:
    """What to draw: the board, pieces by square, zone tints by square, move marks by square, paths."""

    board: Board
    pieces: dict[str, Piece] = dataclasses.field(default_factory=dict)
    tints: dict[str, str] = dataclasses.field(default_factory=dict)
    """Square -> zone kind (a key of :data:`ZONE_TINTS`, or any other name)."""
    marks: dict[str, set[str]] = dataclasses.field(default_factory=dict)
    """Square -> mark kinds (:mod:`fairyport.render.moves`)."""
    paths: list[list[str]] = dataclasses.field(default_factory=list)
    title: str = ""
    highlight: str | None = None
    """A square to outline (the moving piece's square)."""


class _Builder:
    def __init__(self, namespace: str | None) -> None:
        self.namespace = namespace

    def tag(self, name: str) -> str:
        return f"{{{self.namespace}}}{name}" if self.namespace else name

    def add(self, parent: etree._Element, name: str, text: str | None = None, **attributes: str) -> etree._Element:
        element = etree.SubElement(parent, self.tag(name), {k.replace("_", "-"): v for k, v in attributes.items()})
        if text is not None:
            element.text = text
        return element


def tint_colour(kind: str) -> str:
    """The tint of a zone kind."""
    return ZONE_TINTS.get(kind, OTHER_TINT)


@dataclasses.dataclass(frozen=True)
class Grid:
    """The cells a board is drawn as: every position with coordinates, on a grid of ``files`` x ``ranks``, and the
    labels of its columns and rows."""

    files: int
    ranks: int
    cells: tuple[tuple[int, int, str], ...]
    """(file, rank, name) of every cell drawn."""
    holes: frozenset[tuple[int, int]]
    """Cells of a rectangle that are not part of the board (drawn dashed)."""
    file_labels: tuple[str, ...]
    rank_labels: tuple[str, ...]


_NAME = re.compile(r"([A-Za-z]+)(\d+)")


def grid_of(board: Board) -> Grid:
    """The grid of ``board``: its rectangle (labels a, b, ... and 1, 2, ...), or, for a board of positions and
    links, those positions that have coordinates (labels: the letters and the numbers of their names where a
    column or row shares them). Positions without coordinates (ZRF's dummies) are not drawn."""
    if board.files and board.ranks:
        cells = tuple((f, r, square_name(f, r, board.first_rank)) for r in range(board.ranks)
                      for f in range(board.files))
        holes = frozenset((f, r) for f, r, name in cells if name in board.holes)
        return Grid(board.files, board.ranks, cells, holes, tuple(square_name(f, 0)[:-1] for f in range(board.files)),
                    tuple(str(r + board.first_rank) for r in range(board.ranks)))
    placed = tuple((p.file, p.rank, p.name) for p in board.positions if p.file is not None and p.rank is not None)
    if not placed:
        return Grid(0, 0, (), frozenset(), (), ())
    files, ranks = max(c[0] for c in placed) + 1, max(c[1] for c in placed) + 1

    def shared(index: int, part: int, count: int) -> tuple[str, ...]:
        labels = []
        for line in range(count):
            found = {m.group(part) if (m := _NAME.fullmatch(c[2])) else "" for c in placed if c[index] == line}
            labels.append(found.pop() if len(found) == 1 else "")
        return tuple(labels)

    return Grid(files, ranks, placed, frozenset(), shared(0, 1, files), shared(1, 2, ranks))


def drawable(board: Board) -> bool:
    """Whether :func:`board_svg` can draw ``board``: a rectangle, or positions with coordinates."""
    return bool(grid_of(board).cells)


def board_svg(picture: BoardPicture, *, namespace: str | None = SVG_NS, css_class: str = "board") -> etree._Element:
    """The ``<svg>`` element of ``picture``; it scales to its container (viewBox, no fixed size in HTML). A board of
    positions and links is drawn by its positions' coordinates (:func:`grid_of`)."""
    board = picture.board
    grid = grid_of(board)
    width = grid.files * SQUARE + MARGIN + 6
    height = grid.ranks * SQUARE + MARGIN + 6
    b = _Builder(namespace)
    attributes = {"viewBox": f"0 0 {width} {height}", "class": css_class, "role": "img"}
    if namespace:
        attributes.update(width=str(width), height=str(height))
        root = etree.Element(b.tag("svg"), nsmap={None: namespace}, attrib=attributes)  # type: ignore[dict-item]
    else:
        root = etree.Element("svg", attrib=attributes)
    b.add(root, "title", picture.title or "board")

    def corner(file: int, rank: int) -> tuple[float, float]:
        return MARGIN + file * SQUARE, 3 + (grid.ranks - 1 - rank) * SQUARE

    def centre(name: str) -> tuple[float, float]:
        position = board.square(name)
        x, y = corner(position.file or 0, position.rank or 0)
        return x + SQUARE / 2, y + SQUARE / 2

    squares = b.add(root, "g")
    for file, rank, name in grid.cells:
        x, y = corner(file, rank)
        if (file, rank) in grid.holes:
            b.add(squares, "rect", x=f"{x + 3:g}", y=f"{y + 3:g}", width=str(SQUARE - 6), height=str(SQUARE - 6),
                  fill="none", stroke=HOLE_STROKE, stroke_dasharray="3,3", **{"class": "hole"})
            continue
        fill = DARK if (file + rank) % 2 == 0 else LIGHT
        b.add(squares, "rect", x=f"{x:g}", y=f"{y:g}", width=str(SQUARE), height=str(SQUARE), fill=fill)
        kind = picture.tints.get(name)
        if kind is not None:
            b.add(squares, "rect", x=f"{x:g}", y=f"{y:g}", width=str(SQUARE), height=str(SQUARE),
                  fill=tint_colour(kind), fill_opacity=TINT_OPACITY, **{"class": f"zone zone-{kind}"})
    font = {"font_family": "sans-serif", "text_anchor": "middle", "dominant_baseline": "central"}
    labels = b.add(root, "g", fill="#444444", font_size="12", **font)
    for file, text in enumerate(grid.file_labels):
        x, _ = corner(file, 0)
        b.add(labels, "text", text, x=f"{x + SQUARE / 2:g}", y=f"{height - MARGIN / 2 + 2:g}")
    for rank, text in enumerate(grid.rank_labels):
        _, y = corner(0, rank)
        b.add(labels, "text", text, x=f"{MARGIN / 2:g}", y=f"{y + SQUARE / 2:g}")
    if picture.highlight is not None:
        x, y = centre(picture.highlight)
        b.add(root, "rect", x=f"{x - SQUARE / 2 + 1.5:g}", y=f"{y - SQUARE / 2 + 1.5:g}", width=str(SQUARE - 3),
              height=str(SQUARE - 3), fill="none", stroke="#1565c0", stroke_width="3", **{"class": "origin"})
    if picture.paths:
        lines = b.add(root, "g", fill="none", stroke=MARK_STYLE["path"], stroke_width="2.5", stroke_opacity="0.55",
                      stroke_linecap="round", stroke_linejoin="round", **{"class": "paths"})
        for path in picture.paths:
            points = " ".join(f"{x:g},{y:g}" for x, y in (centre(name) for name in path))
            b.add(lines, "polyline", points=points)
            end_x, end_y = centre(path[-1])
            b.add(lines, "circle", cx=f"{end_x:g}", cy=f"{end_y:g}", r="3.5", fill=MARK_STYLE["path"],
                  stroke="none")
    marks = b.add(root, "g", **{"class": "marks"})
    for name, kinds in sorted(picture.marks.items()):
        cx, cy = centre(name)
        group = b.add(marks, "g", **{"class": "mark " + " ".join(sorted(kinds)), "data-square": name})
        draw_mark(b, group, cx, cy, kinds)
    for name, piece in sorted(picture.pieces.items()):
        cx, cy = centre(name)
        draw_piece(b, root, cx, cy, piece)
    return root


def draw_mark(b: _Builder, parent: etree._Element, cx: float, cy: float, kinds: set[str]) -> None:
    """The glyph of one marked square: filled disc (move or capture), ring (move only), cross (capture only),
    diamond (by hopping: filled to capture, hollow to move), blue (initial move only)."""
    initial = "initial" in kinds
    move, capture = "move" in kinds, "capture" in kinds
    colour = MARK_STYLE["initial"] if initial else MARK_STYLE["move"]
    r = SQUARE * 0.24
    if move and capture:
        b.add(parent, "circle", cx=f"{cx:g}", cy=f"{cy:g}", r=f"{r:g}", fill=colour, stroke="#ffffff",
              stroke_width="1.5")
    elif move:
        b.add(parent, "circle", cx=f"{cx:g}", cy=f"{cy:g}", r=f"{r:g}", fill="#ffffff", fill_opacity="0.5",
              stroke=colour, stroke_width="3.5")
    elif capture:
        d = SQUARE * 0.22
        red = MARK_STYLE["capture"] if not initial else MARK_STYLE["initial"]
        path = f"M{cx - d:g},{cy - d:g} L{cx + d:g},{cy + d:g} M{cx - d:g},{cy + d:g} L{cx + d:g},{cy - d:g}"
        b.add(parent, "path", d=path, stroke="#ffffff", stroke_width="7", stroke_linecap="round")
        b.add(parent, "path", d=path, stroke=red, stroke_width="4", stroke_linecap="round")
    hop_capture, hop_move = "hop-capture" in kinds, "hop-move" in kinds
    if hop_capture or hop_move:
        d = SQUARE * (0.16 if (move or capture) else 0.26)
        diamond = f"M{cx:g},{cy - d:g} L{cx + d:g},{cy:g} L{cx:g},{cy + d:g} L{cx - d:g},{cy:g} Z"
        b.add(parent, "path", d=diamond, fill=MARK_STYLE["hop"] if hop_capture else "#ffffff",
              stroke=MARK_STYLE["hop"], stroke_width="2.5")


def draw_piece(b: _Builder, parent: etree._Element, cx: float, cy: float, piece: Piece) -> None:
    """A piece: its id in a circle, white or black."""
    white = piece.color == WHITE
    group = b.add(parent, "g", **{"class": "piece " + ("white" if white else "black")})
    b.add(group, "circle", cx=f"{cx:g}", cy=f"{cy:g}", r=f"{SQUARE * 0.41:g}", fill="#ffffff" if white else "#262626",
          stroke="#000000", stroke_width="1.5")
    size = SQUARE * (0.48 if len(piece.id) == 1 else 0.34 if len(piece.id) == 2 else 0.26)
    b.add(group, "text", piece.id, x=f"{cx:g}", y=f"{cy + 0.5:g}", font_size=f"{size:g}", font_weight="bold",
          fill="#000000" if white else "#ffffff", font_family="sans-serif", text_anchor="middle",
          dominant_baseline="central")


def legend_svg(kinds: list[str], *, namespace: str | None = None) -> etree._Element:
    """A small ``<svg>`` showing the glyph of one mark kind (for legends)."""
    b = _Builder(namespace)
    root = etree.Element(b.tag("svg"), attrib={"viewBox": f"0 0 {SQUARE} {SQUARE}", "class": "glyph",
                                                "aria-hidden": "true"})
    b.add(root, "rect", x="0", y="0", width=str(SQUARE), height=str(SQUARE), fill=LIGHT)
    draw_mark(b, root, SQUARE / 2, SQUARE / 2, set(kinds))
    return root


def tint_svg(kind: str) -> etree._Element:
    """A small ``<svg>`` swatch of a zone tint (for legends)."""
    b = _Builder(None)
    root = etree.Element("svg", attrib={"viewBox": f"0 0 {SQUARE} {SQUARE}", "class": "glyph", "aria-hidden": "true"})
    b.add(root, "rect", x="0", y="0", width=str(SQUARE), height=str(SQUARE), fill=LIGHT)
    b.add(root, "rect", x="0", y="0", width=str(SQUARE), height=str(SQUARE), fill=tint_colour(kind),
          fill_opacity=TINT_OPACITY)
    return root


def zone_kind(name: str) -> str:
    """The tint kind of a zone name: ``palace`` for palaces and castles, ``promotion`` for promotion zones."""
    lowered = name.lower()
    if "palace" in lowered or "castle" in lowered or "fortress" in lowered:
        return "palace"
    if "promo" in lowered:
        return "promotion"
    return lowered


def start_tints(game: Game) -> dict[str, str]:
    """Square -> zone kind for a game's start board: its named zones and the promotion zones of its pieces."""
    tints: dict[str, str] = {}
    board = game.board
    for piece in game.pieces:
        promotion = piece.promotion
        if promotion is None or promotion.zone:
            continue
        for color in (WHITE, BLACK):
            for k in range(promotion.depth):
                rank = board.ranks - 1 - k if color == WHITE else k
                for file in range(board.files):
                    tints[square_name(file, rank, board.first_rank)] = "promotion"
    for zone in game.zones:
        kind = zone_kind(zone.name)
        if any(p.promotion is not None and p.promotion.zone == zone.name for p in game.pieces):
            kind = "promotion"
        tints.update(dict.fromkeys(zone.squares, kind))
    return tints
