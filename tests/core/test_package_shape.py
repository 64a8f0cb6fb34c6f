"""Every game package has the same shape (rules at the top, ``odds/`` and ``sim/`` subpackages, data in
``content/``), and no two modules of ``explorer`` import each other in a circle."""
import ast
import importlib
from pathlib import Path

import pytest

EXPLORER = Path(__file__).resolve().parents[2] / "explorer"
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
    parts = list(path.relative_to(EXPLORER.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Modules imported at module level (not inside functions, not under TYPE_CHECKING)."""
    tree = ast.parse(path.read_text())
    package = _module(path) if path.name == "__init__.py" else _module(path).rsplit(".", 1)[0]
    found = set()
    for node in tree.body:
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


def test_no_import_circles():
    modules = {_module(p): p for p in EXPLORER.rglob("*.py")}
    graph = {m: {i for i in _imports(p) if i in modules and i != m} for m, p in modules.items()}
    # a package's __init__ is its public face: importing a submodule through it is not a circle
    graph = {m: {i for i in deps if not m.startswith(i + ".")} for m, deps in graph.items()}
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
    assert not circles, "import circles: " + "; ".join(" -> ".join(c) for c in circles[:5])
