"""Finds the bots: imports every ``bots/*.py`` and lists its ``Bot`` classes.

A bot file that does not import (a syntax error, a missing library, an
exception at import) must not stop the program: it becomes a ``LoadProblem``
naming the file and the error, is logged, and every other file still loads.
The registry is built once at start-up (``BotRegistry.discover()``) and read
by the config (tiers name bot classes), the seat menus and the runner, which
re-imports a bot in its worker process by ``module`` (and ``load_path`` for
files outside the ``bots`` package).
"""
from __future__ import annotations

import difflib
import hashlib
import importlib
import importlib.util
import inspect
import logging
import sys
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from game.bot import Bot
from game.games import game_ids

logger = logging.getLogger(__name__)

#: The bots directory of the program, scanned by default.
BOTS_DIR = Path(__file__).resolve().parent.parent / "bots"


@dataclass(frozen=True)
class BotInfo:
    """One bot class found in a bot file.

    ``key`` is the class name (what ``config.yaml`` writes as ``bot:``);
    ``name`` is the bot's own display name (the class name if it sets none).
    ``module`` is the name it was imported under; ``load_path`` is set when
    that module is not importable by name and must be loaded from the file.
    """

    key: str
    module: str
    cls: type[Bot]
    name: str
    games: tuple[str, ...]
    description: str
    source: str = ""
    load_path: str | None = None

    def plays(self, game_id: str) -> bool:
        return game_id in self.games


@dataclass(frozen=True)
class LoadProblem:
    """A bot file (``path``) that failed to load, or a bot in it that is unusable."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


@dataclass
class BotRegistry:
    """Every bot found, keyed by class name, and what went wrong finding them."""

    directory: Path
    bots: dict[str, BotInfo] = field(default_factory=dict)
    problems: list[LoadProblem] = field(default_factory=list)

    @classmethod
    def discover(cls, directory: str | Path | None = None) -> "BotRegistry":
        """Import every ``*.py`` of ``directory`` (default: the program's ``bots/``).

        Files whose name starts with ``_`` and sub-folders (``bots/lib``) are
        not scanned. Files of the program's own ``bots`` package are imported
        as ``bots.<stem>``; any other directory's files are loaded by path
        under a module name unique to that directory, freshly each call.
        """
        folder = Path(directory).resolve() if directory is not None else BOTS_DIR
        registry = cls(folder)
        if not folder.is_dir():
            registry._problem(folder, "bots folder not found")
            return registry
        for path in sorted(folder.glob("*.py")):
            if path.name.startswith("_"):
                continue
            module = registry._import(path)
            if module is not None:
                registry._collect(module, path)
        return registry

    # -- reading ------------------------------------------------------------
    def for_game(self, game_id: str) -> list[BotInfo]:
        """The bots that play ``game_id``, by class name."""
        return [info for key, info in sorted(self.bots.items()) if info.plays(game_id)]

    def get(self, key: str) -> BotInfo:
        """The bot whose class is ``key``; ``KeyError`` naming the known ones."""
        try:
            return self.bots[key]
        except KeyError:
            raise KeyError(f"no bot class {key!r}{self._suggest(key)}") from None

    def find(self, text: str, game_id: str | None = None) -> BotInfo | None:
        """A bot by class name or display name, ignoring case (``None`` if none)."""
        wanted = text.strip().casefold()
        candidates = self.for_game(game_id) if game_id else list(self.bots.values())
        for info in candidates:
            if info.key.casefold() == wanted:
                return info
        for info in candidates:
            if info.name.casefold() == wanted:
                return info
        return None

    def _suggest(self, key: str) -> str:
        close = difflib.get_close_matches(key, list(self.bots), n=1)
        hint = f"; did you mean {close[0]}?" if close else ""
        known = ", ".join(sorted(self.bots)) or "none"
        return f"{hint} (bots found: {known})"

    # -- loading ------------------------------------------------------------
    def _problem(self, path: Path, message: str) -> None:
        problem = LoadProblem(_shown_path(path), message)
        logger.warning("bot file %s", problem)
        self.problems.append(problem)

    def _import(self, path: Path) -> ModuleType | None:
        """Import one bot file; on any failure record a problem and return None."""
        in_package = path.parent == BOTS_DIR
        name = f"bots.{path.stem}" if in_package else _file_module_name(path)
        try:
            if in_package:
                return importlib.import_module(name)
            return load_module_from_file(name, path)
        except SyntaxError as err:
            self._problem(path, _syntax_error_text(err, path))
        except (Exception, SystemExit) as err:  # a bot file may raise anything at import
            self._problem(path, _import_error_text(err, path))
        return None

    def _collect(self, module: ModuleType, path: Path) -> None:
        load_path = None if module.__name__.startswith("bots.") else str(path)
        known_games = set(game_ids())
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if not issubclass(cls, Bot) or cls is Bot or cls.__module__ != module.__name__:
                continue
            games = cls.games
            if isinstance(games, str):
                self._problem(path, f"{cls.__name__}.games must be a tuple of game ids, "
                                    f"not the string {games!r} (write ({games!r},))")
                continue
            if not games:
                continue  # a base class for other bots, not a bot itself
            unknown = [g for g in games if g not in known_games]
            if unknown:
                self._problem(path, f"{cls.__name__}.games lists unknown game(s) "
                                    f"{', '.join(map(repr, unknown))} (games: {', '.join(sorted(known_games))})")
            key = cls.__name__
            if key in self.bots:
                self._problem(path, f"bot class {key} is already defined in "
                                    f"{self.bots[key].source}; this one is ignored (rename one of them)")
                continue
            self.bots[key] = BotInfo(
                key=key,
                module=module.__name__,
                cls=cls,
                name=cls.name or key,
                games=tuple(g for g in games if g in known_games),
                description=cls.description,
                source=_shown_path(path),
                load_path=load_path,
            )


def load_module_from_file(name: str, path: str | Path) -> ModuleType:
    """Execute the Python file ``path`` as a fresh module called ``name``.

    Used for bot files outside the ``bots`` package (test fixtures, a user's
    folder); the runner's worker loads them the same way.
    """
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path} as Python source")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module


def _file_module_name(path: Path) -> str:
    digest = hashlib.sha1(str(path.parent).encode()).hexdigest()[:10]
    return f"_arcade_bots_{digest}_{path.stem}"


def _shown_path(path: Path) -> str:
    """``path`` relative to the program folder when inside it, else as is."""
    try:
        return str(path.relative_to(BOTS_DIR.parent))
    except ValueError:
        return str(path)


def _syntax_error_text(err: SyntaxError, path: Path) -> str:
    where = f"line {err.lineno}" if err.lineno else "unknown line"
    if err.filename and Path(err.filename).resolve() != path.resolve():
        where = f"{err.filename} {where}"
    return f"syntax error at {where}: {err.msg}"


def _import_error_text(err: BaseException, path: Path) -> str:
    if isinstance(err, SystemExit):
        what = f"called sys.exit({err.code!r}) while being imported"
    else:
        what = f"{type(err).__name__}: {err}" if str(err) else type(err).__name__
        what = f"failed to import: {what}"
    lines = [f.lineno for f in traceback.extract_tb(err.__traceback__)
             if f.filename and Path(f.filename).resolve() == path.resolve()]
    return f"{what} (line {lines[-1]})" if lines else what
