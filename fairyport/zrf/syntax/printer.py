"""Pretty-printer for generated ZRF in the conventional Zillions layout.

Short lists stay on one line; a list that does not fit, or whose head is a block keyword (``game``,
``piece``, ``board``, ``moves`` ...), puts its head and leading atoms on the first line, every other item on its
own line one indentation step deeper, and the closing parenthesis on a line of its own under the opening one:

.. code-block:: lisp

   (game
      (title "Chess")
      (players White Black)
      (piece
         (name Pawn)
         (moves
            (Pawn-move)
         )
      )
   )
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from fairyport.zrf.syntax.nodes import Atom, Node, SList, String

BLOCK_HEADS = frozenset({
    "game", "variant", "board", "grid", "dimensions", "piece", "moves", "drops", "board-setup", "zone",
})
"""Lists with these heads are always laid out one item per line."""


@dataclasses.dataclass(frozen=True)
class Style:
    """Layout settings: line ending, one indentation step and the line width to fill."""

    newline: str = "\r\n"
    indent: str = "   "
    width: int = 100


DEFAULT_STYLE = Style()
"""CRLF line endings, three-space indentation, 100 columns (the layout of the official Zillions files)."""


def _flat(node: Node) -> str | None:
    """One-line text of ``node``, or None if it cannot stay on one line (a multi-line string inside)."""
    if isinstance(node, Atom):
        return node.text
    if isinstance(node, String):
        return None if "\n" in node.value or "\r" in node.value else f'"{node.value}"'
    assert isinstance(node, SList)
    parts = []
    for item in node.items:
        text = _flat(item)
        if text is None:
            return None
        parts.append(text)
    return "(" + " ".join(parts) + ")"


def _has_block(node: SList) -> bool:
    return node.head in BLOCK_HEADS or any(isinstance(i, SList) and _has_block(i) for i in node.items)


def format_node(node: Node, style: Style = DEFAULT_STYLE, indent: str = "") -> str:
    """Lay out ``node`` starting at a line indented by ``indent`` (the first line is not indented)."""
    if isinstance(node, Atom):
        return node.text
    if isinstance(node, String):
        return f'"{node.value}"'
    assert isinstance(node, SList)
    flat = _flat(node)
    if flat is not None and not _has_block(node) and len(indent) + len(flat) <= style.width:
        return flat
    inner = indent + style.indent
    first: list[str] = []
    rest = node.items
    while rest and not isinstance(rest[0], SList) and (_flat(rest[0]) is not None):
        first.append(format_node(rest[0], style, inner))
        rest = rest[1:]
    lines = ["(" + " ".join(first)]
    lines.extend(inner + format_node(item, style, inner) for item in rest)
    lines.append(indent + ")")
    return style.newline.join(lines)


def format_forms(forms: Iterable[Node], style: Style = DEFAULT_STYLE) -> str:
    """A whole file: top-level forms separated by blank lines, ending with a line break."""
    return "".join(format_node(form, style) + style.newline * 2 for form in forms).rstrip("\r\n") + style.newline
