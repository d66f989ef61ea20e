"""The screens stay apart: no scene imports the app or another scene, and nothing
under game/ui dodges an import cycle by importing inside a function.

A scene reaches everything through the ``Services`` it is handed and opens
other screens by name (``services.scenes.push("load")``), so any screen can
be added, removed or replaced by its entry in ``game.ui.scenes.SCENES``.
"""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import game.ui
from game.ui.scenes import SCENES
from game.ui.scenes.base import Scene

UI = Path(game.ui.__file__).resolve().parent
#: Modules of game/ui/scenes that are not screens: the package (the table) and the Scene base.
NOT_SCENES = {"game.ui.scenes", "game.ui.scenes.base"}


def module_name(path: Path) -> str:
    parts = path.relative_to(UI.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def ui_modules() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def scene_modules() -> list[Path]:
    return [p for p in sorted((UI / "scenes").glob("*.py")) if module_name(p) not in NOT_SCENES]


def imported(tree: ast.AST) -> list[tuple[str, ast.AST]]:
    """Every module an import in ``tree`` names, with the import: ``from a.b import c``
    names ``a.b`` and ``a.b.c`` (``c`` may be a module)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.module, node))
            found += [(f"{node.module}.{alias.name}", node) for alias in node.names]
    return found


def function_imports(tree: ast.AST) -> list[tuple[str, ast.AST]]:
    """The imports made inside a function's body."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            found += imported(node)
    return found


def is_within(name: str, module: str) -> bool:
    return name == module or name.startswith(module + ".")


@pytest.mark.parametrize("path", ui_modules(), ids=lambda p: str(p.relative_to(UI)))
def test_every_ui_module_imports_on_its_own(path):
    importlib.import_module(module_name(path))


@pytest.mark.parametrize("path", scene_modules(), ids=lambda p: p.stem)
def test_a_scene_imports_neither_the_app_nor_another_scene(path):
    own = module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = [
        f"line {node.lineno}: {name}"
        for name, node in imported(tree)
        if is_within(name, "game.ui.app")
        or (is_within(name, "game.ui.scenes") and not is_within(name, "game.ui.scenes.base") and name != own)
    ]
    assert bad == [], f"{path.name} imports the app or another screen (open screens by name instead): {bad}"


@pytest.mark.parametrize("path", sorted((UI / "panels").glob("*.py")), ids=lambda p: p.stem)
def test_a_panel_imports_neither_the_app_nor_a_scene(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = [f"line {node.lineno}: {name}" for name, node in imported(tree)
           if is_within(name, "game.ui.app") or is_within(name, "game.ui.scenes")]
    assert bad == [], f"{path.name} imports the app or a screen: {bad}"


def test_nothing_in_the_ui_imports_the_app_or_the_scenes_inside_a_function():
    bad = []
    for path in ui_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        bad += [f"{path.relative_to(UI)} line {node.lineno}: {name}" for name, node in function_imports(tree)
                if is_within(name, "game.ui.app") or is_within(name, "game.ui.scenes")]
    assert bad == [], f"imports inside functions (an import cycle dodged): {bad}"


def test_only_the_program_imports_the_app():
    bad = [str(path.relative_to(UI)) for path in ui_modules()
           if any(is_within(name, "game.ui.app") for name, _ in imported(ast.parse(path.read_text(encoding="utf-8"))))]
    assert bad == [], f"modules of game/ui that import game.ui.app: {bad}"


def test_every_scene_module_registers_its_screens_under_their_names():
    for path in scene_modules():
        module = importlib.import_module(module_name(path))
        screens = [value for value in vars(module).values()
                   if isinstance(value, type) and issubclass(value, Scene) and value.__module__ == module.__name__]
        assert screens, f"{path.name} defines no screen"
        for screen in screens:
            assert SCENES.get(screen.name) is screen, f"{screen.__name__} is not in SCENES as {screen.name!r}"
