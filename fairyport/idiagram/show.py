"""``fairyport show`` for an Interactive Diagram file or a diagram of a page."""

from __future__ import annotations

from pathlib import Path

from fairyport.errors import UsageError
from fairyport.format import ShowOptions
from fairyport.idiagram.read import read_game


def show(path: Path, options: ShowOptions) -> int:
    """``fairyport show`` for a Diagram: the text board on stdout and, with ``--svg``, an SVG diagram."""
    from fairyport.render.show import show_game

    variant = options.variant
    diagram = None
    if variant:
        if not str(variant).isdecimal():
            raise UsageError("--variant for a Diagram page is the 1-based number of the diagram",
                             expected="a number", found=str(variant))
        diagram = int(variant)
    return show_game(read_game(path, diagram=diagram), options.svg)
