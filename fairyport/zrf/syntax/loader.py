"""Reading a ZRF file end to end: decode, parse, resolve includes, collect macros and expand them."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from fairyport.diagnostics import Finding
from fairyport.zrf.syntax.includes import resolve_includes
from fairyport.zrf.syntax.macros import DEFAULT_LIMITS, Expander, Limits, Macro, collect_macros
from fairyport.zrf.syntax.nodes import Node
from fairyport.zrf.syntax.parser import Document, parse
from fairyport.zrf.syntax.source import SourceFile


@dataclasses.dataclass
class LoadedFile:
    """A ZRF file read and expanded.

    ``document`` is the main file's syntax tree (for rewriting), ``documents`` every file read (the main file
    first, then included files), ``forms`` the top-level forms after includes, ``macros`` the defines and
    ``expanded`` the top-level forms other than defines, with every macro call expanded.
    """

    document: Document
    documents: list[Document]
    forms: list[Node]
    macros: dict[str, Macro]
    expanded: list[Node]
    findings: list[Finding]


def load_source(source: SourceFile, *, tolerant: bool = False, limits: Limits = DEFAULT_LIMITS) -> LoadedFile:
    """Parse and expand ``source``.

    Strict (default): the first syntax or include problem raises a located
    :class:`~fairyport.errors.ParseError`. Tolerant: those become ``findings`` too and reading goes on. Macro
    problems that ZoG tolerates (``$N`` beyond the arguments, a redefined macro) are always findings; a
    malformed define, and going past the expansion bounds, always raise.
    """
    findings: list[Finding] = []
    return expand_document(parse(source, findings if tolerant else None), findings, tolerant=tolerant, limits=limits)


def expand_document(document: Document, findings: list[Finding], *, tolerant: bool = False,
                    limits: Limits = DEFAULT_LIMITS) -> LoadedFile:
    """The second half of :func:`load_source`: resolve the includes of a parsed ``document`` and expand its
    macros, appending findings to ``findings``."""
    included = resolve_includes(document, findings if tolerant else None)
    macros, forms = collect_macros(included.forms, findings)
    expanded = Expander(macros, findings, limits).expand_forms(forms)
    return LoadedFile(document, included.documents, included.forms, macros, expanded, findings)


def load(path: Path, *, tolerant: bool = False, limits: Limits = DEFAULT_LIMITS) -> LoadedFile:
    """Read ``path`` and expand it (``OSError`` propagates). See :func:`load_source`."""
    return load_source(SourceFile.read(path), tolerant=tolerant, limits=limits)


def load_text(text: str, name: str = "<input>", *, tolerant: bool = False,
              limits: Limits = DEFAULT_LIMITS) -> LoadedFile:
    """Parse and expand ``text`` (includes resolve relative to the current folder)."""
    return load_source(SourceFile(text, name), tolerant=tolerant, limits=limits)
