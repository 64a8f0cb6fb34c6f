"""Every game package has the same shape (rules at the top, ``odds/`` and ``sim/`` subpackages, data in
``content/``), and no two modules of ``explorer`` or ``widgets`` import each other in a circle, even through an
import inside a function."""
import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXPLORER = ROOT / "explorer"
PACKAGES = ("explorer", "widgets")
GAMES = ["proving_grounds", "barbearian", "doomrock", "rumble_planet"]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_package_has_the_shared_shape(game):
    root = EXPLORER / game
    for part in ("odds", "sim"):
        assert (root / part / "__init__.py").is_file(), f"explorer/{game}/{part} is not a package"
        importlib.import_module(f"explorer.{game}.{part}")
    assert (root / "content").is_dir() and list((root / "content").glob("*.json"))
    assert (root / "game.py").is_file() and (root / "__init__.py").is_file()
    assert not list(root.glob("sim_*.py")) and not list(root.glob("reroll_*.py"))


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, text: str | None = None) -> set[str]:
    """Every module an import statement names, at module level or inside a function, except under
    ``if TYPE_CHECKING:`` (never run). ``from pkg import name`` also names ``pkg.name`` (a module, if it is one)."""
    tree = ast.parse(path.read_text() if text is None else text)
    package = _module(path) if path.name == "__init__.py" else _module(path).rsplit(".", 1)[0]
    unrun = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
             for n in ast.walk(node)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in unrun:
            continue
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def _graph() -> dict[str, set[str]]:
    modules = {_module(p): p for top in PACKAGES for p in (ROOT / top).rglob("*.py")}
    graph = {m: {i for i in _imports(p) if i in modules and i != m} for m, p in modules.items()}
    # a package's __init__ is its public face: importing a submodule through it is not a circle
    return {m: {i for i in deps if not m.startswith(i + ".")} for m, deps in graph.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle through each module that can reach itself, found by a depth-first walk."""
    seen, stack, circles = set(), [], []

    def visit(m):
        if m in stack:
            circles.append(stack[stack.index(m):] + [m])
            return
        if m in seen:
            return
        seen.add(m)
        stack.append(m)
        for d in sorted(graph[m]):
            visit(d)
        stack.pop()

    for m in sorted(graph):
        visit(m)
    return circles


def test_no_import_circles():
    """Imports point one way, counting the imports inside functions, in ``explorer`` and ``widgets``."""
    circles = _circles(_graph())
    assert not circles, "import circles: " + "; ".join(" -> ".join(c) for c in circles[:5])


def test_an_import_inside_a_function_counts():
    """A circle hidden behind an import inside a function is still a circle (and ``TYPE_CHECKING`` is not run)."""
    graph = {m: set() for m in ("explorer.x.a", "explorer.x.b", "explorer.x.c")}
    source = {"a": "from . import b\n", "b": "def f():\n    from .c import g\n",
              "c": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import h\ndef g():\n    from .a import h\n"}
    for name, text in source.items():
        path = ROOT / "explorer" / "x" / f"{name}.py"
        graph[f"explorer.x.{name}"] = {i for i in _imports(path, text) if i in graph}
    assert graph["explorer.x.b"] == {"explorer.x.c"} and graph["explorer.x.a"] == {"explorer.x.b"}
    assert _circles(graph) == [["explorer.x.a", "explorer.x.b", "explorer.x.c", "explorer.x.a"]]


def _imports_inside_functions(text: str) -> list[int]:
    """Line numbers of the import statements inside a function (or method) of a module's source."""
    tree = ast.parse(text)
    return sorted({n.lineno for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                   for n in ast.walk(f) if isinstance(n, (ast.Import, ast.ImportFrom))})


def test_an_import_inside_a_function_says_why():
    """An import inside a function is only for an optional, heavy dependency loaded on first use, and the comment
    next to it names it; any other import sits at the top of its module, where the dependency shows."""
    silent = []
    for top in PACKAGES:
        for path in sorted((ROOT / top).rglob("*.py")):
            lines = path.read_text().splitlines()
            silent += [f"{path.relative_to(ROOT)}:{n}: {lines[n - 1].strip()}"
                       for n in _imports_inside_functions("\n".join(lines)) if "#" not in lines[n - 1]]
    assert not silent, "imports inside functions without a comment naming the optional dependency: " + "; ".join(silent)


def test_a_silent_import_inside_a_function_is_found():
    text = "import json\n\ndef f():\n    from .draw import draw\n    import plotly  # optional: charts, on first use\n"
    assert _imports_inside_functions(text) == [4, 5]


def test_the_layers_point_down():
    """In a game package the rules never import the layer above them (its ``odds/``, ``sim/``, ``bots``, ``draw``);
    no game imports the lab, and ``explorer`` never imports ``widgets``."""
    graph, upward = _graph(), []
    for game in GAMES:
        package = f"explorer.{game}"
        above = tuple(f"{package}.{part}" for part in ("odds", "sim", "bots", "draw"))
        for m, deps in graph.items():
            if m.startswith(package + ".") and not m.startswith(above):
                upward += [f"{m} -> {d}" for d in sorted(deps) if d.startswith(above)]
    for m, deps in graph.items():
        if m.startswith("explorer.") and not m.startswith("explorer.lab"):
            upward += [f"{m} -> {d}" for d in sorted(deps) if d.startswith(("explorer.lab", "widgets"))]
    assert not upward, "imports pointing up: " + "; ".join(upward)
