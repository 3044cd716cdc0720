"""Macros: top-level ``(define NAME body...)`` and calls ``(NAME arg...)``.

A call is any list whose head atom names a macro. The call is replaced by the macro's body items (spliced, so
a body may give one item, several, or whole game sections). ``$1``..``$n`` are replaced textually inside atoms
and strings (``p$1``, ``$1$2``, ``"images/$1.bmp"``); an atom that is exactly ``$N`` is replaced by the whole
argument, which may be a list. Arguments are substituted in the caller's context first, then the result is
expanded again, so macros can call macros. A ``$N`` beyond the call's arguments is replaced by nothing, as
Zillions does (a whole ``$N`` atom disappears: ``(enemy? $2)`` with one argument is ``(enemy?)``), with an info
finding.

Expansion is bounded: macro calls nest at most :data:`Limits.call_depth` deep, the output nests at most
:data:`Limits.nesting` deep and at most :data:`Limits.nodes` nodes and :data:`Limits.chars` characters of
substituted text are produced; going past any bound is a located :class:`~fairyport.errors.ParseError`.
Expanded nodes keep the location of their text and an :class:`~.nodes.Expansion` naming the call.

Identical calls (same macro, structurally equal arguments) are expanded once and the resulting nodes are shared
(the expanded tree is read-only); their ``origin`` names the first such call. The limits count the full
(unshared) size, so an exponential macro bomb stops after a bounded amount of work. Problems found inside a
shared expansion are reported once.
"""

from __future__ import annotations

import dataclasses
import re

from fairyport.diagnostics import Finding, Severity
from fairyport.errors import ParseError
from fairyport.zrf.syntax.nodes import Atom, Expansion, Node, SList, String
from fairyport.zrf.syntax.parser import report

PARAMETER = re.compile(r"\$([0-9]+)")

MACRO_ARG_MISSING = "macro-arg-missing"
MACRO_LIST_IN_ATOM = "macro-list-in-atom"
MACRO_REDEFINED = "macro-redefined"


@dataclasses.dataclass(frozen=True)
class Limits:
    """Bounds on one file's expansion."""

    call_depth: int = 40
    nesting: int = 120
    nodes: int = 10_000_000
    chars: int = 20_000_000
    made: int = 500_000
    """Nodes actually made (the shared expansions of identical calls counted once): calls that all differ share
    nothing, so they are bounded by the work they do (a bomb of distinct calls took 21.7 s and 669 MiB to reach
    the 10,000,000 nodes of :attr:`nodes`). The 949 files of the public ZRF collections make at most 83,695."""


DEFAULT_LIMITS = Limits()
"""The bounds used unless a caller gives others."""


@dataclasses.dataclass
class Macro:
    """One ``define``: its name, the whole define form and the body items."""

    name: str
    node: SList
    body: list[Node]


def collect_macros(forms: list[Node], findings: list[Finding] | None = None) -> tuple[dict[str, Macro], list[Node]]:
    """Split top-level ``forms`` into the macro table and the other forms.

    Every define counts wherever it stands among the top-level forms; a later define of the same name wins and
    is reported as a warning.
    """
    macros: dict[str, Macro] = {}
    rest: list[Node] = []
    for form in forms:
        if not (isinstance(form, SList) and form.head == "define"):
            rest.append(form)
            continue
        if len(form.items) < 2 or not isinstance(form.items[1], Atom):
            raise ParseError("malformed define: expected (define NAME body...)", form.location)
        name = form.items[1].text
        if name in macros and findings is not None:
            findings.append(Finding(form.location, Severity.WARNING, MACRO_REDEFINED,
                                    f"macro {name!r} is defined again (first at {macros[name].node.location}); "
                                    "the later definition is used"))
        macros[name] = Macro(name, form, form.items[2:])
    return macros, rest


def _number(match: re.Match[str]) -> int:
    """The N of a ``$N`` match; absurdly long numbers count as a huge N (beyond any argument list)."""
    digits = match.group(1)
    return int(digits) if len(digits) <= 6 else 10**7


def _key(node: Node) -> object:
    """A hashable structural key of an argument (memoisation of identical calls)."""
    if isinstance(node, Atom):
        return node.text
    if isinstance(node, String):
        return ("s", node.value)
    assert isinstance(node, SList)
    return tuple(_key(item) for item in node.items)


class Expander:
    """Expands macro calls in trees; one instance per file (it counts the output against the limits)."""

    def __init__(self, macros: dict[str, Macro], findings: list[Finding] | None = None,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        self.macros = macros
        self.findings = findings
        self.limits = limits
        self.nodes = 0
        self.chars = 0
        self.made = 0
        self._memo: dict[tuple[str, tuple[object, ...]], tuple[list[Node], int, int]] = {}

    # -- expansion ---------------------------------------------------------------------------------------

    def expand_forms(self, forms: list[Node]) -> list[Node]:
        """Expand a sequence of top-level forms (calls at top level splice their bodies too)."""
        return self._items(forms, 0, 0)

    def _items(self, items: list[Node], nesting: int, calls: int) -> list[Node]:
        out: list[Node] = []
        for item in items:
            if isinstance(item, SList):
                head = item.head
                if head is not None and head in self.macros:
                    out.extend(self._call(item, self.macros[head], nesting, calls))
                    continue
                out.append(self._list(item, nesting, calls))
            else:
                out.append(item)
        return out

    def _list(self, node: SList, nesting: int, calls: int) -> SList:
        if nesting >= self.limits.nesting:
            raise ParseError(f"macro expansion nests lists deeper than {self.limits.nesting} levels"
                             f"{node.where()}", node.location)
        items = self._items(node.items, nesting + 1, calls)
        if len(items) == len(node.items) and all(a is b for a, b in zip(items, node.items, strict=True)):
            return node
        self._count(node, 1, 0)
        copy = node.relocate(node.origin)
        copy.items = items
        if len(items) != len(node.items):
            copy.gaps = None
        return copy

    def _call(self, call: SList, macro: Macro, nesting: int, calls: int) -> list[Node]:
        if calls >= self.limits.call_depth:
            raise ParseError(f"macro calls nest deeper than {self.limits.call_depth} levels (is {macro.name!r} "
                             f"recursive?){call.where()}", call.location)
        expansion = Expansion(call, macro.name, call.origin)
        args = call.items[1:]
        key = (macro.name, tuple(_key(arg) for arg in args))
        cached = self._memo.get(key)
        if cached is not None:
            items, nodes, chars = cached
            self._count(call, nodes, chars, shared=True)
            return items
        nodes_before, chars_before = self.nodes, self.chars
        body = [out for item in macro.body if (out := self._substitute(item, args, expansion)) is not None]
        result = self._items(body, nesting, calls + 1)
        self._memo[key] = (result, self.nodes - nodes_before, self.chars - chars_before)
        return result

    # -- substitution --------------------------------------------------------------------------------------

    def _count(self, where: Node, nodes: int, chars: int, *, shared: bool = False) -> None:
        self.nodes += nodes
        self.chars += chars
        if not shared:
            self.made += nodes
            if self.made > self.limits.made:
                raise ParseError(f"macro expansion makes more than {self.limits.made:,} nodes, its calls all "
                                 f"different (Limits.made){where.where()}", where.location)
        if self.nodes > self.limits.nodes:
            raise ParseError(f"macro expansion produces more than {self.limits.nodes} nodes{where.where()}",
                             where.location)
        if self.chars > self.limits.chars:
            raise ParseError(f"macro expansion produces more than {self.limits.chars} characters of text"
                             f"{where.where()}", where.location)

    def _substitute(self, node: Node, args: list[Node], expansion: Expansion) -> Node | None:
        """``node`` with the call's arguments put in; None where the node was a ``$N`` beyond the arguments
        (Zillions substitutes nothing there: ``(enemy? $2)`` called with one argument is ``(enemy?)``)."""
        if isinstance(node, Atom):
            if "$" in node.text:
                whole = PARAMETER.fullmatch(node.text)
                if whole is not None and 1 <= _number(whole) <= len(args):
                    argument = args[_number(whole) - 1]
                    self._count(node, 1, 0)
                    return argument
                if whole is not None:
                    self._missing(node, _number(whole), len(args), expansion)
                    return None
                text = self._text(node, node.text, args, expansion)
                self._count(node, 1, len(text))
                return Atom(text, node.source, node.start, node.end, expansion)
            self._count(node, 1, 0)
            return node.relocate(expansion)
        if isinstance(node, String):
            value = self._text(node, node.value, args, expansion) if "$" in node.value else node.value
            self._count(node, 1, len(value))
            return String(value, node.source, node.start, node.end, expansion, closed=node.closed)
        assert isinstance(node, SList)
        copy = node.relocate(expansion)
        copy.items = [out for item in node.items if (out := self._substitute(item, args, expansion)) is not None]
        if len(copy.items) != len(node.items):
            copy.gaps = None
        self._count(node, 1, 0)
        return copy

    def _text(self, node: Node, text: str, args: list[Node], expansion: Expansion) -> str:
        def replace(match: re.Match[str]) -> str:
            number = _number(match)
            if not 1 <= number <= len(args):
                self._missing(node, number, len(args), expansion)
                return ""
            argument = args[number - 1]
            if isinstance(argument, Atom):
                return argument.text
            if isinstance(argument, String):
                return argument.value
            self._report(node, MACRO_LIST_IN_ATOM,
                         f"${number} is a list argument and cannot be pasted inside {text!r}", expansion)
            return match.group(0)

        return PARAMETER.sub(replace, text)

    def _missing(self, node: Node, number: int, count: int, expansion: Expansion) -> None:
        """A ``$N`` beyond the call's arguments: Zillions puts nothing there; an info finding says so."""
        if self.findings is not None:
            self.findings.append(Finding(
                node.location, Severity.INFO, MACRO_ARG_MISSING,
                f"${number} but ({expansion.macro} ...) is called with {count} argument{'' if count == 1 else 's'}; "
                f"nothing is put in its place, as Zillions does ({expansion.describe()})"))

    def _report(self, node: Node, code: str, message: str, expansion: Expansion) -> None:
        report(self.findings, node.location, code, f"{message} ({expansion.describe()})")
