"""``(include "file")``: splice another file's top-level forms, resolved relative to the including file.

Includes are resolved at top level (the only place real files use them), before macro expansion. A missing
file, an include cycle or a malformed include form is a located error at the include form (a finding in
tolerant mode).

An include is confined: the name must be relative, and the file it names (symbolic links followed) must lie in
the folder tree of the file the user named, or in the tree of a folder of the include path
(:func:`fairyport.inputs.include_path`, the command line's ``--include-path``, also searched when the file is
not beside the including file). Anything else (``/etc/passwd``, ``../../x``) is refused at the include form
without being opened, so nothing of the other file is read or shown.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path, PureWindowsPath

from fairyport.diagnostics import Finding
from fairyport.errors import ParseError
from fairyport.inputs import include_path, inside
from fairyport.zrf.syntax.nodes import Node, SList, String
from fairyport.zrf.syntax.parser import Document, parse, report
from fairyport.zrf.syntax.source import SourceFile

INCLUDE_MISSING = "include-missing"
INCLUDE_CYCLE = "include-cycle"
INCLUDE_MALFORMED = "include-malformed"
INCLUDE_REFUSED = "include-refused"
MAX_INCLUDE_DEPTH = 32
"""Deepest chain of nested includes accepted (real files include at most one level)."""
MAX_INCLUDED_FILES = 256
"""Most included files read for one game, counted over the whole tree (a file included twice counts twice): 20
files of 40 bytes each including the next twice would otherwise read 2**20 files within the depth bound."""


@dataclasses.dataclass
class Included:
    """The top-level forms of a file with its includes spliced in, and every document read on the way."""

    forms: list[Node]
    documents: list[Document]


def find_included(base: Path, name: str) -> Path | None:
    """The file ``name`` names, relative to the folder ``base``; ``\\`` is a separator, case is tried loosely."""
    relative = Path(name.replace("\\", "/"))
    candidate = base / relative
    if candidate.is_file():
        return candidate
    folder = candidate.parent
    if folder.is_dir():
        wanted = candidate.name.lower()
        for entry in sorted(folder.iterdir()):
            if entry.name.lower() == wanted and entry.is_file():
                return entry
    return None


def resolve_includes(document: Document, findings: list[Finding] | None = None) -> Included:
    """Splice every top-level ``(include "f")`` of ``document`` (recursively).

    :raises ParseError: in strict mode (``findings is None``) for a missing file, a cycle, a bad form or an
        include outside the allowed folders.
    """
    result = Included([], [document])
    top = document.source.path
    roots = [(top.parent if top is not None else Path(".")).resolve(), *include_path()]
    _splice(document, result, findings, [], roots)
    return result


def _locate(base: Path, name: str, roots: list[Path]) -> Path | None:
    """The included file: beside the including file, else in a folder of the include path."""
    for folder in (base, *roots[1:]):
        found = find_included(folder, name)
        if found is not None:
            return found
    return None


def _refusal(name: str) -> str | None:
    """Why ``name`` may not be included, or None."""
    relative = Path(name.replace("\\", "/"))
    if relative.is_absolute() or PureWindowsPath(name).drive:
        return f"include {name!r} refused: an absolute path (includes are relative to the including file)"
    return None


def _splice(document: Document, result: Included, findings: list[Finding] | None, active: list[Path],
            roots: list[Path]) -> None:
    here = document.source.path
    if here is not None:
        active = [*active, here.resolve()]
    for form in document.items:
        if not (isinstance(form, SList) and form.head == "include"):
            result.forms.append(form)
            continue
        if len(form.items) != 2 or not isinstance(form.items[1], String):
            report(findings, form.location, INCLUDE_MALFORMED, 'malformed include: expected (include "file")')
            continue
        name = form.items[1].value
        base = here.parent if here is not None else Path(".")
        refused = _refusal(name)
        if refused is not None:
            report(findings, form.items[1].location, INCLUDE_REFUSED, refused)
            continue
        try:
            target = _locate(base, name, roots)
        except OSError as exc:  # a name too long for the system, a path through a file
            report(findings, form.items[1].location, INCLUDE_MISSING,
                   f"cannot look for included file {name[:80]!r}: {exc.strerror}")
            continue
        if target is not None and not inside(target, roots):
            report(findings, form.items[1].location, INCLUDE_REFUSED,
                   f"include {name!r} refused: it names a file outside the game's folder "
                   "(allow other folders with --include-path)")
            continue
        if target is None:
            report(findings, form.items[1].location, INCLUDE_MISSING,
                   f"included file not found: {name!r} (looked in {base})")
            continue
        if target.resolve() in active:
            report(findings, form.location, INCLUDE_CYCLE, f"include cycle: {name!r} is already being included")
            continue
        if len(active) >= MAX_INCLUDE_DEPTH:
            raise ParseError(f"includes nested deeper than {MAX_INCLUDE_DEPTH} files", form.location)
        if len(result.documents) > MAX_INCLUDED_FILES:
            raise ParseError(f"more than {MAX_INCLUDED_FILES} included files in all (MAX_INCLUDED_FILES)",
                             form.location)
        try:
            source = SourceFile.read(target)
        except OSError as exc:
            report(findings, form.items[1].location, INCLUDE_MISSING,
                   f"cannot read included file {name!r}: {exc.strerror}")
            continue
        included = parse(source, findings)
        result.documents.append(included)
        _splice(included, result, findings, active, roots)
