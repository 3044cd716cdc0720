"""Faithful rewriting: a parsed file is written back byte for byte; edits change only what they touch.

Parsed lists keep their trivia (``SList.gaps``), so rendering an unmodified :class:`~.parser.Document`
reproduces its text exactly, and :meth:`~.source.SourceFile.encode` restores the original encoding. The edit
helpers here keep the gaps consistent and take separators from the neighbouring items, so inserted items follow
the file's own line endings and indentation; generated lists (no gaps) are laid out by :mod:`.printer` with the
file's style.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from fairyport.zrf.syntax.nodes import Atom, Node, SList, String
from fairyport.zrf.syntax.parser import Document, parse
from fairyport.zrf.syntax.printer import Style, format_node
from fairyport.zrf.syntax.source import SourceFile

_INDENT = re.compile(r"^([ \t]+)\(", re.MULTILINE)


def detect_style(source: SourceFile) -> Style:
    """The file's line ending and indentation step.

    The step is the most common indentation of a list line among one tab and one to four spaces (the first
    level of nesting in the usual layout); the printer's default if there is none.
    """
    widths = Counter(m.group(1) for m in _INDENT.finditer(source.text))
    steps = [w for w in widths if w == "\t" or (w.strip(" ") == "" and len(w) <= 4)]
    if not steps:
        return Style(newline=source.newline)
    return Style(newline=source.newline, indent=max(steps, key=lambda w: (widths[w], len(w))))


def _indentation_after(gap: str, fallback: str) -> str:
    """The indentation a gap leaves before the next item: the blanks after its last line break."""
    cut = max(gap.rfind("\n"), gap.rfind("\r"))
    if cut < 0:
        return fallback
    tail = gap[cut + 1:]
    return tail if tail.strip(" \t") == "" else fallback


def render_node(node: Node, style: Style, indent: str = "") -> str:
    """The text of ``node``: its own trivia where it has some, the pretty-printer's layout where not."""
    if isinstance(node, Atom):
        return node.text
    if isinstance(node, String):
        return f'"{node.value}' + ('"' if node.closed else "")
    assert isinstance(node, SList)
    gaps = _current_gaps(node)
    if gaps is None:
        return format_node(node, style, indent)
    parts = ["("]
    for gap, item in zip(gaps, node.items, strict=False):
        parts.append(gap)
        parts.append(render_node(item, style, _indentation_after(gap, indent + style.indent)))
    parts.append(gaps[-1])
    if node.closed:
        parts.append(")")
    return "".join(parts)


def _current_gaps(node: SList) -> list[str] | None:
    """Gaps aligned with ``node.items``: as parsed, or recovered by identity after direct edits, else None."""
    gaps, born, items = node.gaps, node.born, node.items
    if gaps is None:
        return None
    if len(gaps) == len(items) + 1 and (born is None or len(born) == len(items)):
        return gaps
    if born is None or len(gaps) != len(born) + 1:
        return None
    own = {id(item): gap for item, gap in zip(born, gaps, strict=False)}
    model = gaps[1] if len(gaps) > 2 else " "
    aligned: list[str] = []
    for index, item in enumerate(items):
        gap = own.get(id(item))
        if gap is None:
            gap = "" if index == 0 else _separator(aligned[-1] if index > 1 else model)
        elif index > 0 and gap == "":
            gap = " "
        aligned.append(gap)
    aligned.append(gaps[-1])
    return aligned


def render(document: Document, style: Style | None = None) -> str:
    """The text of a whole document."""
    chosen = style or detect_style(document.source)
    parts = []
    for gap, item in zip(document.gaps, document.items, strict=False):
        parts.append(gap)
        parts.append(render_node(item, chosen, _indentation_after(gap, "")))
    parts.append(document.gaps[-1] if len(document.gaps) > len(document.items) else "")
    return "".join(parts)


def to_bytes(document: Document) -> bytes:
    """The document rendered and encoded like the file it was read from."""
    return document.source.encode(render(document))


def rewrite_file(path: Path) -> bytes:
    """Parse ``path`` and write it back through the tree (``fairyport convert X.zrf --to zrf``).

    :raises ParseError: if the file is not syntactically valid (unbalanced, unterminated string).
    """
    return to_bytes(parse(SourceFile.read(path)))


def _separator(gap: str) -> str:
    """Whitespace to put before a new item, imitating ``gap``: a line break and indentation, or one space."""
    if "\n" in gap or "\r" in gap:
        newline = "\r\n" if "\r\n" in gap else ("\n" if "\n" in gap else "\r")
        return newline + _indentation_after(gap, "")
    return " " if gap == "" else gap if gap.strip() == "" else " "


def _ensure_gaps(node: SList) -> list[str]:
    aligned = _current_gaps(node)
    if aligned is None:
        aligned = [""] + [" "] * (len(node.items) - 1) + [""] if node.items else [""]
    node.gaps = aligned
    node.born = tuple(node.items)
    return aligned


def insert_item(node: SList, index: int, item: Node) -> None:
    """Insert ``item`` before ``node.items[index]`` (at the end if ``index == len(items)``) in the list's style."""
    gaps = _ensure_gaps(node)
    count = len(node.items)
    index = max(0, min(index, count))
    if count == 0:
        gaps.insert(0, "")
    elif index == 0:
        gaps.insert(0, gaps[0])
        if gaps[1] == "":
            gaps[1] = " "
    else:
        model = gaps[min(index, count - 1)] if count > 1 else " "
        gaps.insert(index, _separator(model))
    node.items.insert(index, item)
    node.born = tuple(node.items)


def remove_item(node: SList, index: int) -> Node:
    """Remove and return ``node.items[index]``, keeping comments that stood before it."""
    gaps = _ensure_gaps(node)
    if ";" in gaps[index] and index + 1 < len(gaps) - 1:
        del gaps[index + 1]
    else:
        del gaps[index]
    if index == 0 and node.items[1:] and gaps[0].strip() == "":
        gaps[0] = ""
    removed = node.items.pop(index)
    node.born = tuple(node.items)
    return removed


def replace_item(node: SList, index: int, item: Node) -> None:
    """Replace ``node.items[index]`` by ``item``; the trivia around it stays."""
    node.items[index] = item
