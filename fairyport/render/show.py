"""``fairyport show`` for any format that reads into the game model: text on stdout, optional SVG file."""

from __future__ import annotations

import sys

from fairyport.errors import EXIT_OK
from fairyport.model import Game
from fairyport.output import write_output
from fairyport.render.svg import render_svg
from fairyport.render.text import render_text


def show_game(game: Game, svg: str | None) -> int:
    """Print ``game`` as text (with the Interactive Diagram's notes, if any) and write the SVG to ``svg``."""
    data = game.format_data.get("idiagram", {})
    notes = [f"warning: line {w.get('line')}: {w.get('message')}" for w in data.get("warnings", [])]
    notes += list(data.get("notes", []))
    sys.stdout.write(render_text(game, notes))
    if svg:
        write_output(svg, render_svg(game))
        print(f"SVG diagram written to {svg}")
    return EXIT_OK
