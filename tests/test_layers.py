"""The layers stay layers: a module imports only from its own layer or those below
it, and no modules import each other in a circle.

From the ground up: ``game.paths`` (where the program's files are) and the
rules (``game.rules``), the bots (``bots``), matches (``game.match``), what is
kept on disk (``game.store``), the network (``game.net``), the window
(``game.ui``), and the command line (``game.cli``) on top. For the layers,
imports inside ``if TYPE_CHECKING:`` count too: a type that points up is a
dependency that points up. The circle check is of the imports that run, those
inside functions included (an import moved into a function to dodge a circle is
still a circle); a type named both ways (the scene and the services it is handed)
is not a circle Python ever runs.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ["game.paths", "game.rules", "bots", "game.match", "game.engines", "game.store", "game.net", "game.ui", "game.cli"]
#: Layers that sit side by side at the bottom: neither imports the other's code.
GROUND = {"game.paths": 0, "game.rules": 0}


def layer_of(module: str) -> int | None:
    """The rank of ``module``'s layer (0 at the bottom), None if it is not the program's."""
    if module == "game":     # the package's docstring, which names the layers
        return 0
    for rank, layer in enumerate(LAYERS):
        if module == layer or module.startswith(layer + "."):
            return GROUND.get(layer, rank)
    return None


def modules() -> dict[str, Path]:
    found = {}
    for top in ("game", "bots"):
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = modules()


def type_checking_blocks(tree: ast.AST) -> set[int]:
    """The ids of the import nodes inside ``if TYPE_CHECKING:`` blocks."""
    inside = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", getattr(node.test, "attr", "")) == "TYPE_CHECKING":
            inside |= {id(child) for statement in node.body for child in ast.walk(statement)}
    return inside


def imports_of(module: str, typing: bool = True) -> list[tuple[str, int]]:
    """(program module imported, line) for each import in ``module``, resolved to the modules
    that exist (``from game.rules import core`` imports ``game.rules.core``); without
    ``typing``, those made only for type checkers are left out."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    skipped = set() if typing else type_checking_blocks(tree)
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
            names = [name if name in MODULES else node.module for name in names]
        else:
            continue
        found += [(name, node.lineno) for name in names if name in MODULES]
    return found


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_only_from_its_layer_or_below(module):
    rank = layer_of(module)
    assert rank is not None, f"{module} is in no layer; add its package to LAYERS"
    upward = [f"line {line}: {name}" for name, line in imports_of(module)
              if (layer_of(name) or 0) > rank]
    assert upward == [], f"{module} imports from a layer above it: {upward}"


def test_no_modules_import_each_other_in_a_circle():
    graph = {module: {name for name, _ in imports_of(module, typing=False) if name != module} for module in MODULES}
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> None:
        if module in path:
            raise AssertionError("import circle: " + " -> ".join(path[path.index(module):] + [module]))
        if module in done:
            return
        path.append(module)
        for name in sorted(graph[module]):
            visit(name)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)
