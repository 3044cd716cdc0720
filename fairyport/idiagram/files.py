"""Interactive Diagram files and pages <-> the game model: what :data:`fairyport.idiagram.FORMAT` offers.

- :func:`read_game` reads a ``.idiagram`` text file or an HTML page (its first diagram by default; choose
  another with ``diagram=N`` or by naming the file ``page.html#N``);
- :func:`write_game` writes a game as Diagram text, returning what could not be expressed;
- :func:`rewrite` rewrites a Diagram file through its syntax tree (an unchanged file comes back byte for byte);
- :func:`show` prints the board of a Diagram (``fairyport show``).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from fairyport.errors import FairyportError, Location, ParseError, UsageError
from fairyport.format import ShowOptions, split_game_path
from fairyport.idiagram import syntax
from fairyport.idiagram.read import game_from_document
from fairyport.idiagram.write import document_from_game
from fairyport.inputs import read_input, read_input_text
from fairyport.model import Game

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
              line_offset: int = 0) -> Game:
    """Read a Diagram definition given as text. ``line_offset`` shifts error lines (a diagram inside a page)."""
    document = syntax.parse(text, file)
    try:
        return game_from_document(document, title=title, source=file or "", hooks=hooks)
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
    from fairyport.idiagram.page import extract_diagrams  # lxml: only for pages

    diagrams = extract_diagrams(read_input(path), str(path))
    if not diagrams:
        raise ParseError("the page has no element with class idiagram", Location(str(path)),
                         expected='an element with class="idiagram"')
    index = diagram or 1
    if not 1 <= index <= len(diagrams):
        raise UsageError(f"the page has {len(diagrams)} diagrams", Location(str(path)),
                         expected=f"1..{len(diagrams)}", found=str(index))
    chosen = diagrams[index - 1]
    offset = (chosen.line or 1) - 1
    name = f"{title}#{index}" if len(diagrams) > 1 else title
    return read_text(chosen.text, file=str(path), title=name, hooks=chosen.hooks, line_offset=offset)


def write_game(game: Game, *, best_effort: bool = False) -> tuple[str, list[str]]:
    """The Diagram text of ``game`` and the list of what it leaves out (empty unless ``best_effort``).

    :raises UnsupportedError: naming the piece or rule the Diagram cannot express, unless ``best_effort``.
    """
    document, lost = document_from_game(game, best_effort=best_effort)  # castling rules: fairyportCastling
    return syntax.write(document), lost


def rewrite(path: Path) -> bytes:
    """Rewrite a Diagram file through its syntax tree (``fairyport convert X.idiagram --to idiagram``).

    For a page: the text of every diagram (or of the one ``page.html#N`` names), separated by blank lines.
    Each text is read into a game first, so a text that does not read fails as it does for every other command.
    """
    path, fragment = split_fragment(path)
    if path.suffix.lower() in HTML_SUFFIXES:
        from fairyport.idiagram.page import extract_diagrams  # lxml: only for pages

        diagrams = extract_diagrams(read_input(path), str(path))
        if fragment is not None:
            if not 1 <= fragment <= len(diagrams):
                raise UsageError(f"the page has {len(diagrams)} diagrams", Location(str(path)),
                                 expected=f"1..{len(diagrams)}", found=str(fragment))
            diagrams = diagrams[fragment - 1:fragment]
        for diagram in diagrams:
            read_text(diagram.text, file=str(path), hooks=diagram.hooks, line_offset=(diagram.line or 1) - 1)
        return "\n\n".join(syntax.write(syntax.parse(d.text, str(path))) for d in diagrams).encode("utf-8")
    text = read_input_text(path)
    read_text(text, file=str(path))
    return syntax.write(syntax.parse(text, str(path))).encode("utf-8")


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
