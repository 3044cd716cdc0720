"""Find Interactive Diagram definitions in an HTML page.

The Diagram script reads every element whose class list contains ``idiagram``. This module does the same with
lxml's HTML parser, set up never to touch the network (``no_network``) and never to load a DTD or expand an
external entity: a page cannot make fairyport fetch or read anything. The text of each element is its content
with ``<br>`` read as a line break and character entities unescaped (``&lt;`` -> ``<``).
"""

from __future__ import annotations

import dataclasses
import re

from lxml import etree, html

from fairyport.errors import Location, ParseError

HOOK_FUNCTIONS = ("BadZone", "WeirdPromotion", "CustomPromotion", "WeirdChain", "Shade", "Setup", "Tinker")
"""Page script functions through which a page changes the Diagram's rules or appearance."""


@dataclasses.dataclass(frozen=True)
class HtmlDiagram:
    """One diagram found in a page: its definition text and the line of its element in the page."""

    text: str
    line: int | None
    hooks: tuple[str, ...] = ()
    """Names of page script hooks (``BadZone``, ...) defined anywhere in the page."""
    scripts: tuple[tuple[str, int | None], ...] = ()
    """The page's inline ``<script>`` blocks: their code and the line each starts on."""


def _parser() -> html.HTMLParser:
    # huge_tree: libxml2 otherwise stops at a text node of 10,000,000 characters and silently drops the rest of
    # the page (a diagram after it would be "not found"); the input gate bounds the page's size instead
    return html.HTMLParser(no_network=True, remove_comments=True, remove_pis=True, huge_tree=True)


def _element_text(element: etree._Element) -> str:
    """The element's content as text; ``<br>`` becomes a newline (a walk, not a recursion: nesting depth is the
    page's to choose)."""
    parts: list[str] = []
    for event, node in etree.iterwalk(element, events=("start", "end")):
        if node is element:
            if event == "start":
                parts.append(element.text or "")
            continue
        if event == "start":
            tag = node.tag if isinstance(node.tag, str) else ""
            parts.append("\n" if tag.lower() == "br" else node.text or "")
        else:
            parts.append(node.tail or "")
    return "".join(parts)


def _has_class(element: etree._Element, name: str) -> bool:
    return name in (element.get("class") or "").split()


def _page_hooks(root: etree._Element) -> tuple[str, ...]:
    scripts = " ".join(_element_text(s) for s in root.iter("script"))
    found = [name for name in HOOK_FUNCTIONS if re.search(r"function\s+\w*" + name + r"\s*\(", scripts)]
    return tuple(found)


def _page_scripts(root: etree._Element) -> tuple[tuple[str, int | None], ...]:
    """The inline scripts (not those loaded by ``src``), with their lines."""
    return tuple((s.text or "", s.sourceline if isinstance(s.sourceline, int) else None)
                 for s in root.iter("script") if not s.get("src"))


def _refuse_depth(parser: html.HTMLParser, file: str | None) -> None:
    """Say why a page showed no diagram when libxml2 stopped at its depth bound (2,048 elements with
    ``huge_tree``): it drops the rest of the page, so a diagram nested deeper, or after, is never seen.

    :raises ParseError: where the parser stopped (its line; the column libxml2 gives).
    """
    for entry in parser.error_log:
        if entry.message.startswith("Excessive depth"):
            raise ParseError("no diagram before the page nests elements deeper than the HTML parser reads (2,048 "
                             "levels): the rest of the page is lost", Location(file, entry.line, entry.column),
                             expected="at most 2,048 nested elements")


def extract_diagrams(data: bytes | str, file: str | None = None) -> list[HtmlDiagram]:
    """Every Interactive Diagram definition in the page ``data``, in document order.

    :raises ParseError: if the page cannot be parsed at all.
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not data.strip():
        return []
    parser = _parser()
    try:
        root = html.document_fromstring(data, parser=parser)
    except (etree.LxmlError, ValueError) as exc:
        raise ParseError(f"cannot parse the HTML page: {exc}", Location(file)) from None
    hooks = _page_hooks(root)
    scripts = _page_scripts(root)
    diagrams: list[HtmlDiagram] = []
    for element in root.iter():
        if isinstance(element.tag, str) and _has_class(element, "idiagram"):
            line = element.sourceline
            diagrams.append(HtmlDiagram(_element_text(element), line if isinstance(line, int) else None, hooks,
                                        scripts))
    if not diagrams:
        _refuse_depth(parser, file)
    return diagrams
