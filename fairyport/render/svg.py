"""A game's start position as a standalone SVG document (``fairyport show --svg``), drawn by :mod:`.board`.

The picture needs nothing outside the file: no images, no fonts beyond the viewer's generic sans-serif.
"""

from __future__ import annotations

from lxml import etree

from fairyport.model import Game
from fairyport.render.board import BoardPicture, board_svg, start_tints


def render_svg(game: Game) -> bytes:
    """The SVG document (UTF-8 bytes with an XML declaration) of ``game``'s start position."""
    picture = BoardPicture(game.board, dict(game.setup.placement), start_tints(game), title=game.metadata.title)
    root = board_svg(picture)
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True))
