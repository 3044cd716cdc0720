"""The ZRF parser: tokens -> a :class:`Document` of located nodes that keeps every byte of trivia.

The parser uses an explicit stack (no recursion), so hostile nesting cannot overflow Python's stack; lists
nested deeper than :data:`MAX_DEPTH` are refused with a located error.

Two modes. Strict (``findings is None``): the first syntax error raises :class:`~fairyport.errors.ParseError`.
Tolerant (a list is given): syntax errors become findings and the parser recovers, which is what
``fairyport validate`` needs to report every problem of a file in one run. Recovery: an extra ``)`` is kept as
trivia; a ``(`` in column 1 followed by ``game``, ``variant``, ``define``, ``include`` or ``version`` while a
form is still open closes every open list there; lists still open at the end are closed there. Either way one
finding is reported, at the opening parenthesis of the list most likely left open: the first list closed by a
``)`` that stands first on its line in a column left of the list's own opening parenthesis (in the usual layout
a closing parenthesis on its own line sits under its opening one), else the outermost open list. After an
unterminated string (which runs to the end of the file) the lists it leaves open are not reported again.
"""

from __future__ import annotations

import dataclasses
import re

from fairyport.diagnostics import Finding, Severity
from fairyport.errors import Location, ParseError
from fairyport.zrf.syntax import scanner
from fairyport.zrf.syntax.nodes import Atom, Node, SList, String
from fairyport.zrf.syntax.source import SourceFile

MAX_DEPTH = 100
"""Deepest list nesting accepted (real files stay below 20)."""

TOP_LEVEL_HEADS = frozenset({"game", "variant", "define", "include", "version"})
"""The heads a top-level form can have."""

_TOP_LEVEL = re.compile(rf"(?:{'|'.join(sorted(TOP_LEVEL_HEADS))})(?![^{scanner.WHITESPACE}();\"])")

UNBALANCED = "unbalanced-paren"
UNTERMINATED = "unterminated-string"


@dataclasses.dataclass
class Document:
    """A parsed file: its top-level items and the trivia around them (``gaps`` has one more entry)."""

    source: SourceFile
    items: list[Node]
    gaps: list[str]


def report(findings: list[Finding] | None, location: Location, code: str, message: str) -> None:
    """An error of the reading stages: raised as a :class:`ParseError` in strict mode (``findings is None``),
    else appended to ``findings``."""
    if findings is None:
        raise ParseError(message, location)
    findings.append(Finding(location, Severity.ERROR, code, message))


def parse(source: SourceFile, findings: list[Finding] | None = None) -> Document:
    """Parse ``source``. See the module docstring for the strict and tolerant modes.

    :raises ParseError: on a syntax error in strict mode, and on excessive nesting in both modes.
    """
    text = source.text
    document = Document(source, [], [])
    # Each frame: (list node, its items, its gaps). The bottom frame stands for the document itself.
    root = SList(document.items, source, 0, len(text), gaps=document.gaps)
    stack: list[SList] = [root]
    pending = ""
    suspect: SList | None = None
    unterminated = False
    tolerant = findings is not None
    # The scanner's regular expression, matched here (one loop, group numbers instead of kinds: this loop runs
    # once per token of files of tens of megabytes; the group numbers bound to locals).
    trivia, lparen, rparen = scanner.GROUP_TRIVIA, scanner.GROUP_LPAREN, scanner.GROUP_RPAREN
    string, atom = scanner.GROUP_STRING, scanner.GROUP_ATOM
    items = root.items
    gaps = document.gaps
    for match in scanner.TOKEN.finditer(text):
        group = match.lastindex
        if group == trivia:
            pending += match.group()
            continue
        start, end = match.span()
        if group == atom:
            gaps.append(pending)
            pending = ""
            items.append(Atom(text[start:end], source, start, end))
            continue
        top = stack[-1]
        if group == rparen:
            if len(stack) == 1:
                report(findings, source.location(start), UNBALANCED, "unbalanced ')': no list is open here")
                pending += ")"
                continue
            if suspect is None and tolerant and _dedented(source, top.start, start):
                suspect = top
            gaps.append(pending)
            pending = ""
            top.end = end
            top.born = tuple(items)
            stack.pop()
            top = stack[-1]
            items = top.items
            gaps = top.gaps  # type: ignore[assignment]  # every list on the stack has gaps
            continue
        if (group == lparen and tolerant and len(stack) > 1
                and (start == 0 or text[start - 1] in "\r\n") and _TOP_LEVEL.match(text, end)):
            report(findings, source.location(_culprit(stack, suspect).start), UNBALANCED,
                   f"unbalanced '(': this list is never closed (a new top-level form starts at line "
                   f"{source.line_column(start)[0]})")
            _close_all(stack, pending, start)
            pending = ""
            suspect = None
            items = root.items
            gaps = document.gaps
        gaps.append(pending)
        pending = ""
        if group == string:
            if scanner.string_closed(text, start, end):
                items.append(String(text[start + 1:end - 1], source, start, end))
            else:
                report(findings, source.location(start), UNTERMINATED,
                       "unterminated string: no closing '\"' before the end")
                unterminated = True
                items.append(String(text[start + 1:end], source, start, end, closed=False))
            continue
        if len(stack) > MAX_DEPTH:
            raise ParseError(f"lists nested deeper than {MAX_DEPTH} levels", source.location(start))
        node = SList([], source, start, end, gaps=[])
        items.append(node)
        stack.append(node)
        items = node.items
        gaps = node.gaps  # type: ignore[assignment]  # made with gaps just above
    if len(stack) > 1:
        if not unterminated:
            report(findings, source.location(_culprit(stack, suspect).start), UNBALANCED,
                   "unbalanced '(': this list is never closed before the end of the file")
        _close_all(stack, pending, len(text))
        pending = ""
    document.gaps.append(pending)
    return document


def _culprit(stack: list[SList], suspect: SList | None) -> SList:
    """The open list to blame for a missing ``)``: the dedented suspect if it is inside the outermost open list."""
    return suspect if suspect is not None and suspect.start > stack[1].start else stack[1]


def _dedented(source: SourceFile, opening: int, closing: int) -> bool:
    """True if the ``)`` at ``closing`` is first on its line, on a later line, left of the ``(`` at ``opening``
    (line starts come from the source's index: no scan back through the text, which would be quadratic)."""
    closing_column = source.line_column(closing)[1]
    line_start = closing - closing_column + 1
    if line_start <= opening or source.text[line_start:closing].strip(" \t") != "":
        return False
    return closing_column < source.line_column(opening)[1]


def _close_all(stack: list[SList], pending: str, offset: int) -> None:
    """Close every open list (not the document frame) without a ``)``, giving ``pending`` to the innermost."""
    while len(stack) > 1:
        node = stack.pop()
        assert node.gaps is not None
        node.gaps.append(pending)
        pending = ""
        node.closed = False
        node.end = offset
        node.born = tuple(node.items)


def parse_text(text: str, name: str = "<input>", findings: list[Finding] | None = None) -> Document:
    """Parse a text given as a string."""
    return parse(SourceFile(text, name), findings)
