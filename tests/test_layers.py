"""The layers stay layers: a module imports only from its own layer or those below
it, and no modules import each other in a circle.

From the ground up: ``game.paths`` (where the program's files are),
``game.shown`` (outside text made safe to show), ``game.lang`` (the player's language) and the rules (``game.rules``), the bots (``bots``), matches (``game.match``), what is
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
import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ["game.paths", "game.shown", "game.lang", "game.rules", "bots", "game.match", "game.engines", "game.store", "game.net", "game.ui", "game.cli"]
#: Layers that sit side by side at the bottom: neither imports the other's code.
GROUND = {"game.paths": 0, "game.shown": 0, "game.lang": 0, "game.rules": 0}


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


# -- the README's layout table names the layers as this test does ---------------------------
#: The folders whose every module the README's row names; the bots are one file each, found
#: at start-up, and the window's row names its parts (sub-folders) rather than every file.
NAMED_BY_FOLDER = ("bots/", "game/ui/")


def readme_layout_rows() -> dict[str, str]:
    """The README's layout table: the first cell's first path -> the whole row."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Layout", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = line.split("|")
        if len(cells) > 3 and cells[1].strip().startswith("`"):
            rows[cells[1].strip().split("`")[1]] = line
    return rows


def layer_path(layer: str) -> str:
    """``game.match`` -> ``game/match/``; a single module (``game.paths``) -> ``game/paths.py``."""
    path = layer.replace(".", "/")
    return f"{path}/" if (ROOT / path).is_dir() else f"{path}.py"


def test_the_readme_layout_table_has_a_row_for_each_layer_in_order():
    rows = list(readme_layout_rows())
    wanted = [layer_path(layer) for layer in LAYERS]
    missing = [path for path in wanted if path not in rows]
    assert missing == [], f"README's layout table has no row for {missing}"
    assert sorted(wanted, key=rows.index) == wanted, "README's layout rows are not in the layers' order"


@pytest.mark.parametrize("folder", [path for path in readme_layout_rows() if path.endswith("/")
                                    and path.split("/")[0] in ("game", "bots")])
def test_the_readme_layout_row_of_a_folder_names_what_is_in_it_and_nothing_else(folder):
    row = readme_layout_rows()[folder]
    named = {name for i, name in enumerate(row.split("`")) if i % 2 and (name.endswith(".py") or name.endswith("/"))}
    here = ROOT / folder
    stale = [name for name in named - {folder} if not any(here.glob(name.rstrip("/")))
             and not any(here.rglob(name.rstrip("/")))]
    assert stale == [], f"README's row for {folder} names what is not there: {stale}"
    if folder in NAMED_BY_FOLDER:
        parts = [p.name + "/" for p in here.iterdir() if (p / "__init__.py").exists()]
    else:
        parts = [p.name for p in here.glob("*.py") if p.name != "__init__.py"]
        parts += [p.name + "/" for p in here.iterdir() if (p / "__init__.py").exists()]
    unnamed = [part for part in sorted(parts)
               if not any(fnmatch.fnmatch(part, name) or fnmatch.fnmatch(part, name.rsplit("/", 2)[-2] + "/")
                          if name.endswith("/") and "/" in name[:-1] else fnmatch.fnmatch(part, name)
                          for name in named)]
    assert unnamed == [], f"README's row for {folder} does not name {unnamed}"
