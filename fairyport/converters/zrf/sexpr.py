"""A small builder for generated ZRF: nested Python lists and strings become located-free syntax nodes.

``Expr`` is an atom (``str``), a string literal (:class:`Text`) or a list of expressions; :func:`node` turns it
into :mod:`fairyport.formats.zrf.nodes` nodes that :mod:`fairyport.formats.zrf.printer` lays out.
"""

from __future__ import annotations

import dataclasses

from fairyport.formats.zrf.nodes import Atom, Node, SList, String


@dataclasses.dataclass(frozen=True)
class Text:
    """A ZRF string literal (written between double quotes, no escapes)."""

    value: str


Expr = str | Text | list["Expr"]
"""An atom, a string literal or a list."""


def node(expr: Expr) -> Node:
    """The syntax node of ``expr``."""
    if isinstance(expr, str):
        return Atom(expr)
    if isinstance(expr, Text):
        return String(expr.value)
    return SList([node(item) for item in expr])
