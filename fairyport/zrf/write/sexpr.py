"""A small builder for generated ZRF: nested Python lists and strings become located-free syntax nodes.

``Expr`` is an atom (``str``), a string literal (:class:`Text`) or a list of expressions; :func:`node` turns it
into :mod:`fairyport.zrf.syntax.nodes` nodes that :mod:`fairyport.zrf.syntax.printer` lays out.
"""

from __future__ import annotations

import dataclasses

from fairyport.zrf.syntax.nodes import Atom, Node, SList, String
from fairyport.zrf.syntax.parser import parse
from fairyport.zrf.syntax.source import SourceFile


@dataclasses.dataclass(frozen=True)
class Text:
    """A ZRF string literal (written between double quotes, no escapes)."""

    value: str


class Raw(str):
    """ZRF text kept verbatim (a block or rule a reader kept as code), written as it is."""

    __slots__ = ()


Expr = str | Text | list["Expr"]
"""An atom, a string literal or a list."""


def node(expr: Expr) -> Node:
    """The syntax node of ``expr``."""
    if isinstance(expr, Raw):
        items = parse(SourceFile(str(expr), "<kept ZRF code>")).items
        return items[0] if len(items) == 1 else SList(items)
    if isinstance(expr, str):
        return Atom(expr)
    if isinstance(expr, Text):
        return String(expr.value)
    return SList([node(item) for item in expr])
