"""The import rule: each part of fairyport imports only parts below it, so there is no cycle between packages.

``cli`` -> ``api`` -> ``formats`` (the registry) -> the format packages -> ``format`` -> ``engines``, ``render``
-> ``movegen`` -> ``xbetza`` -> ``model`` -> ``errors``. Format packages do not import each other, and nothing
outside ``cli`` imports ``fairyport.cli``. Every ``import`` statement counts, also those inside functions and
under ``TYPE_CHECKING``: a late import hides a cycle, it does not remove it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import fairyport

PACKAGE = Path(fairyport.__file__).resolve().parent

LAYERS: list[set[str]] = [
    {"errors"},
    {"inputs", "output", "program"},
    {"model", "diagnostics", "expectations", "version"},
    {"features"},
    {"xbetza", "conversion"},
    {"movegen"},
    {"engines", "render"},
    {"format"},
    {"zrf", "gamecourier", "idiagram", "fsf", "json"},
    {"formats"},
    {"api", "report"},
    {"cli", "__init__"},
    {"__main__"},
]
"""Each part's layer, lowest first: a part may import parts of lower layers only (``__init__`` is the root
package, ``fairyport`` itself)."""

LAYER = {part: index for index, parts in enumerate(LAYERS) for part in parts}


def part_of(module: str) -> str:
    """The top-level part (package or module below ``fairyport``) that ``module`` belongs to."""
    parts = module.split(".")
    return "__init__" if len(parts) == 1 else parts[1]


def imports() -> list[tuple[str, str, str]]:
    """(importing file, its part, imported part) for every import of a fairyport module in the package."""
    found: list[tuple[str, str, str]] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        own = relative.parts[0].removesuffix(".py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
                if node.module == "fairyport":
                    names = [f"fairyport.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                if name == "fairyport" or name.startswith("fairyport."):
                    other = part_of(name)
                    if other != own:
                        found.append((str(relative), own, other))
    return found


def test_every_part_has_a_layer() -> None:
    parts = {p.name.removesuffix(".py") for p in PACKAGE.iterdir()
             if (p.suffix == ".py" or (p.is_dir() and (p / "__init__.py").exists()))}
    assert parts - LAYER.keys() == set()


def test_imports_go_one_way() -> None:
    wrong = [f"{file}: {own} imports {other}" for file, own, other in imports()
             if LAYER[other] >= LAYER[own]]
    assert wrong == []


def test_the_walk_sees_imports() -> None:
    """The test above could pass by finding nothing: it must see the registry importing every format."""
    seen = {(own, other) for _, own, other in imports()}
    assert {("formats", f) for f in ("zrf", "gamecourier", "idiagram", "fsf", "json")} <= seen
    assert ("cli", "api") in seen and ("movegen", "model") in seen


def test_import_fairyport_gives_the_api() -> None:
    assert callable(fairyport.read) and callable(fairyport.convert) and callable(fairyport.perft)
    assert set(fairyport.FORMATS) == {"zrf", "gamecourier", "idiagram", "json", "fsf"}
