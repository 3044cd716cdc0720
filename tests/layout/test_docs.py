"""Docs that stay true: every module of a format package is in its docs page's module table, and every module the
table names exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import fairyport

PACKAGE = Path(fairyport.__file__).resolve().parent
DOCS = PACKAGE.parent / "docs"

PAGES = {"zrf": "zrf.md", "gamecourier": "gamecourier.md", "idiagram": "idiagram.md", "fsf": "fsf.md",
         "movegen": "movegen.md", "xbetza": "xbetza.md"}
"""Each package and the docs page whose module table lists its modules."""

NAME = re.compile(r"`([\w/]+(?:\.py|/))`")
"""A module (``read.py``, ``syntax/parser.py``) or a folder (``syntax/``) named in a table cell."""


def table_rows(page: Path) -> list[tuple[str, str]]:
    """The rows of the page's first table headed ``| module |``, as (first cell, whole row)."""
    rows: list[tuple[str, str]] = []
    inside = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("| module |"):
            inside = True
        elif inside and line.startswith("|"):
            if not line.startswith("|-"):
                rows.append((line.split("|")[1], line))
        elif inside:
            break
    return rows


def package_modules(name: str) -> set[str]:
    """The package's modules as its table names them: ``read.py``, ``syntax/parser.py``, a package whose
    ``__init__.py`` holds code as its folder (``read/``)."""
    root = PACKAGE / name
    names = set()
    for path in root.rglob("*.py"):
        relative = path.relative_to(root).as_posix()
        if relative == "__init__.py":
            continue
        if path.name == "__init__.py":
            names.add(relative.removesuffix("__init__.py"))
        else:
            names.add(relative)
    return names


def listed(rows: list[tuple[str, str]]) -> set[str]:
    """What the table names: the modules and folders of each row's first cell, and the modules named in the row of
    a folder alone in its first cell (``syntax/`` ... ``parser.py`` -> ``syntax/parser.py``)."""
    names: set[str] = set()
    for first, row in rows:
        heads = NAME.findall(first)
        names.update(heads)
        if len(heads) == 1 and heads[0].endswith("/"):  # a folder's row: its modules
            names.update(heads[0] + module for module in NAME.findall(row) if "/" not in module)
    return names


@pytest.mark.parametrize("package", sorted(PAGES))
def test_every_module_is_in_its_page_table(package: str) -> None:
    rows = table_rows(DOCS / PAGES[package])
    assert rows, f"docs/{PAGES[package]} has no table headed '| module |'"
    names = listed(rows)
    modules = package_modules(package)
    assert sorted(modules - names) == [], f"modules missing from docs/{PAGES[package]}'s module table"
    folders = {module.rsplit("/", 1)[0] + "/" for module in modules if "/" in module.rstrip("/")}
    entry = {"__init__.py"}  # the package's own entry, which a table may name
    assert sorted(names - modules - folders - entry) == [], \
        f"docs/{PAGES[package]}'s module table names missing modules"


def test_development_guide_layers_are_the_import_tests() -> None:
    """docs/development.md's layer table says what tests/layout/test_imports.py's ``LAYERS`` enforce."""
    from test_imports import LAYERS

    text = (DOCS / "development.md").read_text(encoding="utf-8")
    table = text[text.index("| layer | parts |"):].split("\n\n", 1)[0]
    rows = [re.sub(r"\([^)]*\)", "", line) for line in table.splitlines()[2:]]
    assert [set(re.findall(r"`(\w+)`", row)) for row in rows] == LAYERS


def test_code_cites_the_docs_not_outside_notes() -> None:
    """The facts the code rests on are in docs/ with their sources; no comment cites notes outside the repository."""
    citing = [f"{path.relative_to(PACKAGE)}:{number}" for path in sorted(PACKAGE.rglob("*.py"))
              for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
              if re.search(r"notes(/\S*)? §|shared/notes", line)]
    assert citing == []
