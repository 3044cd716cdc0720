"""A game's start position as an SVG diagram, built with lxml: squares, coordinates, piece letters in circles.

The picture needs nothing outside the file: no images, no fonts beyond the viewer's generic sans-serif.
"""

from __future__ import annotations

from lxml import etree

from fairyport.model import WHITE, Game, square_name

SVG_NS = "http://www.w3.org/2000/svg"
SQUARE = 40
MARGIN = 24
LIGHT = "#f0d9b5"
DARK = "#b58863"
HOLE = "#ffffff"


def _element(parent: etree._Element, tag: str, text: str | None = None, **attributes: str) -> etree._Element:
    element = etree.SubElement(parent, f"{{{SVG_NS}}}{tag}", {k.replace("_", "-"): v for k, v in attributes.items()})
    if text is not None:
        element.text = text
    return element


def render_svg(game: Game) -> bytes:
    """The SVG document (UTF-8 bytes with an XML declaration) of ``game``'s start position."""
    board = game.board
    width = board.files * SQUARE + 2 * MARGIN
    height = board.ranks * SQUARE + 2 * MARGIN
    root = etree.Element(f"{{{SVG_NS}}}svg", nsmap={None: SVG_NS},  # type: ignore[dict-item]
                         attrib={"width": str(width), "height": str(height), "viewBox": f"0 0 {width} {height}"})
    _element(root, "title", game.metadata.title or "board")
    font = {"font_family": "sans-serif", "text_anchor": "middle", "dominant_baseline": "central"}
    for rank in range(board.ranks):
        y: float = MARGIN + (board.ranks - 1 - rank) * SQUARE
        for file in range(board.files):
            x: float = MARGIN + file * SQUARE
            name = square_name(file, rank, board.first_rank)
            if name in board.holes:
                _element(root, "rect", x=str(x), y=str(y), width=str(SQUARE), height=str(SQUARE), fill=HOLE,
                         stroke="#999999", stroke_dasharray="3,3")
                continue
            fill = DARK if (file + rank) % 2 == 0 else LIGHT
            _element(root, "rect", x=str(x), y=str(y), width=str(SQUARE), height=str(SQUARE), fill=fill)
            piece = game.setup.placement.get(name)
            if piece is None:
                continue
            cx, cy = x + SQUARE / 2, y + SQUARE / 2
            white = piece.color == WHITE
            _element(root, "circle", cx=f"{cx:g}", cy=f"{cy:g}", r=str(SQUARE * 0.42), fill="#ffffff" if white
                     else "#222222", stroke="#000000", stroke_width="1.5")
            size = SQUARE * (0.5 if len(piece.id) == 1 else 0.32)
            _element(root, "text", piece.id, x=f"{cx:g}", y=f"{cy:g}", font_size=f"{size:g}",
                     fill="#000000" if white else "#ffffff", font_weight="bold", **font)
    for file in range(board.files):
        label = square_name(file, 0)[:-1]
        x = MARGIN + file * SQUARE + SQUARE / 2.0
        _element(root, "text", label, x=f"{x:g}", y=f"{height - MARGIN / 2:g}", font_size="12", **font)
    for rank in range(board.ranks):
        y = MARGIN + (board.ranks - 1 - rank) * SQUARE + SQUARE / 2
        _element(root, "text", str(rank + board.first_rank), x=f"{MARGIN / 2:g}", y=f"{y:g}", font_size="12", **font)
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True))
