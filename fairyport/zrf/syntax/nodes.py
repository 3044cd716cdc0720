"""Located S-expression nodes of ZRF: atoms, strings and lists.

Every node knows the :class:`~.source.SourceFile` and the offsets its text came from, so any later stage can
report ``file:line:column``. Lists also keep the trivia (whitespace and comments) between their items, which
lets :mod:`.rewriter` write an unmodified file back byte for byte. Nodes made by macro expansion carry an
:class:`Expansion`: their location is where their text is written (the macro body, or the argument at the call
site) and ``origin`` names the call that produced them.
"""

from __future__ import annotations

import abc
import re
from collections.abc import Iterator

from fairyport.errors import Location
from fairyport.zrf.syntax.source import SourceFile

_INTEGER = re.compile(r"-?[0-9]{1,18}\Z")


class Expansion:
    """One macro call that produced nodes: the call list, the macro's name and the enclosing expansion."""

    __slots__ = ("call", "macro", "parent")

    def __init__(self, call: SList, macro: str, parent: Expansion | None) -> None:
        self.call = call
        self.macro = macro
        self.parent = parent

    def chain(self) -> Iterator[Expansion]:
        """This expansion and every enclosing one, innermost first."""
        current: Expansion | None = self
        while current is not None:
            yield current
            current = current.parent

    def describe(self, most: int = 3) -> str:
        """``in expansion of (NAME ...) at file:line:column, ...``: the innermost ``most`` calls and the outermost."""
        chain = list(self.chain())
        shown = chain if len(chain) <= most + 1 else [*chain[:most], chain[-1]]
        parts = [f"in expansion of ({e.macro} ...) at {e.call.location}" for e in shown]
        if len(chain) > len(shown):
            parts.insert(most, f"{len(chain) - len(shown)} more")
        return ", ".join(parts)


class Node(abc.ABC):
    """Base class of the three node kinds.

    Each kind's constructor sets these slots itself (no ``super().__init__`` call: atoms are the most numerous
    objects of a parse and an expansion).
    """

    __slots__ = ("end", "origin", "source", "start")

    source: SourceFile | None
    start: int
    end: int
    origin: Expansion | None

    @property
    def location(self) -> Location:
        """Where this node's text starts (an empty Location for generated nodes)."""
        if self.source is None:
            return Location()
        return self.source.location(self.start)

    @property
    def call_site(self) -> Location | None:
        """The outermost macro call this node came from, if any: the place in the game text that produced it."""
        if self.origin is None:
            return None
        return list(self.origin.chain())[-1].call.location

    def where(self) -> str:
        """A note for messages: empty for source nodes, otherwise the chain of macro calls."""
        return "" if self.origin is None else f" ({self.origin.describe()})"

    @abc.abstractmethod
    def relocate(self, origin: Expansion | None) -> Node:
        """A shallow copy of this node with ``origin`` (lists copy their item list, not the items)."""


class Atom(Node):
    """An identifier or number: any run of characters other than whitespace, parentheses, ``;`` and ``"``."""

    __slots__ = ("text",)

    def __init__(self, text: str, source: SourceFile | None = None, start: int = 0, end: int = 0,
                 origin: Expansion | None = None) -> None:
        self.source = source
        self.start = start
        self.end = end
        self.origin = origin
        self.text = text

    @property
    def integer(self) -> int | None:
        """The value if the atom is an integer (``-3``, at most 18 digits), else None. ``1i`` is not an integer."""
        return int(self.text) if _INTEGER.match(self.text) else None

    def relocate(self, origin: Expansion | None) -> Atom:
        return Atom(self.text, self.source, self.start, self.end, origin)

    def __repr__(self) -> str:
        return f"Atom({self.text!r})"


class String(Node):
    """A ``"..."`` literal. ``value`` is the text between the quotes, byte for byte (ZRF has no escapes)."""

    __slots__ = ("closed", "value")

    def __init__(self, value: str, source: SourceFile | None = None, start: int = 0, end: int = 0,
                 origin: Expansion | None = None, *, closed: bool = True) -> None:
        self.source = source
        self.start = start
        self.end = end
        self.origin = origin
        self.value = value
        self.closed = closed

    def relocate(self, origin: Expansion | None) -> String:
        return String(self.value, self.source, self.start, self.end, origin, closed=self.closed)

    def __repr__(self) -> str:
        return f"String({self.value!r})"


class SList(Node):
    """A parenthesised list.

    ``gaps`` holds the trivia around the items: ``gaps[i]`` precedes ``items[i]`` and ``gaps[-1]`` precedes the
    closing parenthesis, so ``len(gaps) == len(items) + 1`` for a parsed list. Generated lists have
    ``gaps = None`` and are laid out by the pretty-printer. ``closed`` is False for a list the file never closed.
    ``born`` is the item list as parsed: if ``items`` is later changed directly (not through the
    :mod:`.rewriter` helpers), the rewriter still finds each surviving item's own trivia through it.
    """

    __slots__ = ("born", "closed", "gaps", "items")

    def __init__(self, items: list[Node] | None = None, source: SourceFile | None = None, start: int = 0,
                 end: int = 0, origin: Expansion | None = None, *, gaps: list[str] | None = None,
                 closed: bool = True) -> None:
        self.source = source
        self.start = start
        self.end = end
        self.origin = origin
        self.items: list[Node] = [] if items is None else items
        self.gaps = gaps
        self.closed = closed
        self.born: tuple[Node, ...] | None = None

    @property
    def head(self) -> str | None:
        """The text of the first item if it is an atom, else None."""
        if self.items:
            first = self.items[0]
            if isinstance(first, Atom):
                return first.text
        return None

    @property
    def args(self) -> list[Node]:
        """Every item after the head."""
        return self.items[1:]

    def relocate(self, origin: Expansion | None) -> SList:
        copy = SList(list(self.items), self.source, self.start, self.end, origin, gaps=self.gaps,
                     closed=self.closed)
        copy.born = self.born
        return copy

    def __repr__(self) -> str:
        return f"SList({self.items!r})"


Plain = str | tuple["Plain", ...]
"""An expanded instruction as plain data: an atom's text, or a tuple for a list (strings as ``'"text"'``)."""


def plain(node: Node) -> Plain:
    """``node`` as plain data."""
    if isinstance(node, Atom):
        return node.text
    if isinstance(node, String):
        return '"' + node.value + '"'
    assert isinstance(node, SList)
    return tuple(plain(item) for item in node.items)


def name_text(node: Node) -> str | None:
    """The text of an atom or the value of a string (names are written either way), else None."""
    if isinstance(node, Atom):
        return node.text
    if isinstance(node, String):
        return node.value
    return None


def equal(a: Node, b: Node) -> bool:
    """Structural equality: same kinds, same texts, same shape (locations and trivia ignored)."""
    pairs = [(a, b)]
    while pairs:
        x, y = pairs.pop()
        if type(x) is not type(y):
            return False
        if isinstance(x, Atom) and isinstance(y, Atom):
            if x.text != y.text:
                return False
        elif isinstance(x, String) and isinstance(y, String):
            if x.value != y.value:
                return False
        elif isinstance(x, SList) and isinstance(y, SList):
            if len(x.items) != len(y.items):
                return False
            pairs.extend(zip(x.items, y.items, strict=True))
    return True


def to_text(node: Node) -> str:
    """A compact one-line rendering (``(a (b "c"))``), for messages and tests."""
    if isinstance(node, Atom):
        return node.text
    if isinstance(node, String):
        return f'"{node.value}"'
    assert isinstance(node, SList)
    return "(" + " ".join(to_text(item) for item in node.items) + ")"
