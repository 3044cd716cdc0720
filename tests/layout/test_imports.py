"""The import rule: each part of fairyport imports only parts below it, so there is no cycle between packages.

``cli`` -> ``api`` -> ``formats`` (the registry) -> the format packages -> ``format`` -> ``engines``, ``render``
-> ``movegen`` -> ``xbetza`` -> ``model`` -> ``errors``. Format packages do not import each other, and nothing
outside ``cli`` imports ``fairyport.cli``. Every ``import`` statement counts, also those inside functions and
under ``TYPE_CHECKING``: a late import hides a cycle, it does not remove it.

Inside the parts too, modules import one way: the graph of every import between fairyport's modules, those under
``TYPE_CHECKING`` included, has no circle (:func:`test_no_import_circle`); a compiled game and its positions name
each other's types through a lower module's protocol (``movegen/tables.py``, ``zrf/interpreter/tables.py``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
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


def module_name(path: Path) -> str:
    """The dotted name below ``fairyport`` of the module in ``path`` (a package is its ``__init__``)."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(["fairyport", *parts])


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _imported(module: str, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The fairyport modules ``node`` (an import in ``module``) imports: ``from a import b`` is module ``a.b`` when
    there is one, else ``a``; relative imports are resolved."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    if node.level:
        package = module.split(".") if MODULES[module].name == "__init__.py" else module.split(".")[:-1]
        base = ".".join(package[:len(package) - node.level + 1] + ([node.module] if node.module else []))
    for alias in node.names:
        yield f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST, type_only: bool = False) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import in ``tree`` (in functions too), and whether it sits under ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child, type_only
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for part in child.body:
                yield from _import_nodes(ast.Module(body=[part], type_ignores=[]), True)
            for part in child.orelse:
                yield from _import_nodes(ast.Module(body=[part], type_ignores=[]), type_only)
        else:
            yield from _import_nodes(child, type_only)


def module_graph(*, with_type_only: bool) -> dict[str, set[str]]:
    """Module -> the fairyport modules it imports (with or without the imports under ``TYPE_CHECKING``)."""
    graph: dict[str, set[str]] = {name: set() for name in MODULES}
    for name, path in MODULES.items():
        for node, type_only in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            if type_only and not with_type_only:
                continue
            graph[name].update(t for t in _imported(name, node) if t in MODULES and t != name)
    return graph


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of ``graph`` with more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: set[str] = set()
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.add(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(m.removeprefix("fairyport.") for m in component))
    return found


def test_no_import_circle() -> None:
    """Modules import one way inside every package: a circle, however its imports are placed (in functions, under
    TYPE_CHECKING), is named here."""
    assert [sorted(c) for c in circles(module_graph(with_type_only=True))] == []


def test_no_import_circle_at_run_time() -> None:
    """The imports that run (all but those under TYPE_CHECKING) have no circle at all."""
    assert [sorted(c) for c in circles(module_graph(with_type_only=False))] == []


def test_the_circle_test_sees_circles() -> None:
    """The circle finder is not blind: it finds a made-up circle, and the graph holds the one-way imports of a
    compiled game and its positions (the game's module imports the positions', which import only the tables)."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset({"a", "b", "c"})]
    graph = module_graph(with_type_only=True)
    for package, game, position in (("movegen", "compile", "position"), ("zrf.interpreter", "game", "position")):
        game_module, position_module = f"fairyport.{package}.{game}", f"fairyport.{package}.{position}"
        assert position_module in graph[game_module]
        assert f"fairyport.{package}.tables" in graph[position_module]
        assert game_module not in graph[position_module]


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
