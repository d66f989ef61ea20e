"""Finds the bots: lists every ``Bot`` class of the ``bots/*.py`` files.

Bot files are other people's code, and importing one runs it: it may hang
(``time.sleep`` at import), end the process (``os._exit``), print, or fail.
So the game never imports them itself. ``BotRegistry.discover()`` imports
them in a discovery process (a fresh ``python -c``, started and watched by
``game.match.supervisor``), which sends back metadata only (names,
games, description, constructor parameters, whether the bot can analyse,
whether it has an engine to warm up) as typed messages
(``game.match.messages``: ``BotInfo`` is one). A file that does not import becomes a
``LoadProblem`` naming the file and the error; one that hangs past the
timeout or ends the process is skipped and named, and the files after it
are listed by a fresh discovery process. The runner's worker and the
launch-time warm-up (``game/match/warmup.py``) re-import a bot by ``module`` (and
``load_path`` for files outside the ``bots`` package).

Discovery can also try to build bots with given parameters (``check``), so
the config can tell at start-up that ``depth: 99`` is refused by the bot's
constructor instead of every move of that tier failing later.

What the discovery process sends to be shown (a bot's name and description, a
file's problem, a refused check) is escaped as it arrives (``shown.escaped``),
so no screen, log or terminal shows a bot's control characters raw.

Problems are ``Phrase``s, English as text and worded in the player's language where the window
shows them; the discovery process sends each as its English and its pattern and values
(``_wire``), and a pattern that is not one of its own (``_SEARCH_PATTERNS``) arrives as the English.
"""
from __future__ import annotations

import difflib
import hashlib
import importlib
import importlib.util
import inspect
import logging
import os
import signal
import sys
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Iterable, Mapping

import msgspec

from game.lang import N_, Phrase
from game.match import messages as m
from game.match.messages import BotInfo, BotParam
from game.match.supervisor import Child, ChildEnded, ChildGarbled, ChildTimedOut, interpreter_channel
from game.paths import BOTS_DIR
from game.shown import escaped
from game.rules.bot import ALL_GAMES

logger = logging.getLogger(__name__)

#: Seconds one discovery process may take to import the bot files it is given.
DISCOVERY_TIMEOUT = 30.0
#: The problems the discovery process words, by name: the only patterns taken from it (``_unwired``).
_SEARCH_WORDS = {
    "syntax": N_("syntax error at line {line}: {error}"),
    "syntax_in": N_("syntax error at {file} line {line}: {error}"),
    "syntax_nowhere": N_("syntax error at unknown line: {error}"),
    "exit_at_import": N_("called sys.exit({code}) while being imported"),
    "import": N_("failed to import: {error}"),
    "at_line": N_("{problem} (line {line})"),
    "not_loaded": N_("{problem}; {bot} is not loaded"),
    "games_string": N_("{bot}.games must be a tuple of game ids, not the string {games} (write ({games},))"),
    "games_kind": N_("{bot}.games must be a tuple of game ids such as ('tictactoe',), got {value}"),
    "games_text": N_("{bot}.games must hold game ids (text), got {value}"),
    "not_text": N_("{bot}.{attribute} must be text, got {value}"),
    "warm_up": N_("{bot}.warm_up must be a @classmethod (it runs before any bot is built), got {value}"),
    "unknown_games": N_("{bot}.games lists unknown game(s) {names} (games: {games})"),
    "defined_twice": N_("bot class {bot} is already defined in {path}; this one is ignored (rename one of them)"),
    "not_listed": N_("could not be listed: {error}"),
}
_SEARCH_PATTERNS = frozenset(_SEARCH_WORDS.values())

#: What the discovery process runs: a plain interpreter, so it starts quickly and
#: does not re-run the program's main module (as a multiprocessing child would).
_CHILD_CODE = (f"import sys; sys.path.insert(0, {str(BOTS_DIR.parent)!r}); "
               "from game.match.botregistry import discovery_entry; discovery_entry()")


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
    #: Constructions tried at discovery: check key -> error text, or None if it built.
    constructed: dict[str, str | None] = field(default_factory=dict)

    @classmethod
    def discover(cls, directory: str | Path | None = None, *,
                 check: Iterable[tuple[str, Mapping[str, Any]]] = (),
                 timeout: float = DISCOVERY_TIMEOUT) -> "BotRegistry":
        """List the bots of every ``*.py`` of ``directory`` (default: the program's ``bots/``).

        Files whose name starts with ``_`` and sub-folders (``bots/lib``) are
        not scanned. Files of the program's own ``bots`` package are imported
        as ``bots.<stem>``; any other directory's files are loaded by path
        under a module name unique to that directory, freshly each call. The
        importing happens in a discovery process that may take ``timeout``
        seconds; a file that outlasts it is skipped and reported.

        ``check`` lists ``(bot class, params)`` pairs to construct in that
        process (the config's tiers); ``construct_error`` tells the outcome.
        """
        folder = Path(directory).resolve() if directory is not None else BOTS_DIR
        registry = cls(folder)
        if not folder.is_dir():
            registry._problem(str(folder), Phrase(N_("bots folder not found")))
            return registry
        files = [p.name for p in sorted(folder.glob("*.py")) if not p.name.startswith("_")]
        pairs = {_check_key(key, params): (key, dict(params)) for key, params in check}
        _Discovery(registry, folder, files, list(pairs.values()), timeout).run()
        return registry

    def checked(self, key: str, params: Mapping[str, Any]) -> bool:
        """Whether discovery tried to construct bot ``key`` with ``params``."""
        return _check_key(key, params) in self.constructed

    def construct_error(self, key: str, params: Mapping[str, Any]) -> str | None:
        """Why constructing ``key(**params)`` failed at discovery (``'ValueError: ...'``);
        None if it was built, or was not tried (see ``checked``)."""
        return self.constructed.get(_check_key(key, params))

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

    def _problem(self, path: str, message: Phrase | str) -> None:
        problem = LoadProblem(path, message)
        logger.warning("bot file %s", problem)
        self.problems.append(problem)


class _Discovery:
    """Runs discovery processes until every file is listed or named as a problem.

    A process lists the files it is given in order and reports each as it
    goes, so when one hangs or ends the process, the files before it are
    already in and the files after it go to a fresh process.
    """

    def __init__(self, registry: BotRegistry, folder: Path, files: list[str],
                 checks: list[tuple[str, dict[str, Any]]], timeout: float) -> None:
        self.registry = registry
        self.folder = folder
        self.remaining = list(files)
        self.checks = [(key, params) for key, params in checks if self._sendable(key, params)]
        self.timeout = timeout
        self.current_file: str | None = None
        self.current_check: int | None = None

    def _sendable(self, key: str, params: dict[str, Any]) -> bool:
        """Whether ``params`` can go to the search (plain data); if not, the check fails saying so."""
        try:
            m.encode(m.Check(key, params))
        except (TypeError, ValueError, OverflowError) as err:
            self._record(key, params, Phrase(N_("its parameters cannot be sent to the bot search ({error})"),
                                             error=str(err)))
            return False
        return True

    def run(self) -> None:
        while self.remaining:
            if not self._run_once():
                return

    def _run_once(self) -> bool:
        """One discovery process over ``remaining``; True if another should follow."""
        known = {key: info.source for key, info in self.registry.bots.items()}
        try:
            child = Child.interpreter(_CHILD_CODE, name="the bot search", reads=m.FromSearch)
        except (OSError, ValueError, TypeError) as err:  # no usable interpreter (an embedded Python)
            self._folder_problem(Phrase(N_("the bot search could not start ({error}); no bots listed"), error=str(err)))
            return False
        self.current_file = self.current_check = None
        child.expect(child.started_at + self.timeout)
        try:
            child.send(m.Search(str(self.folder), self.remaining, known,
                                [m.Check(key, params) for key, params in self.checks], list(sys.path)))
            while True:
                try:
                    message = child.receive(None)
                except ChildTimedOut:
                    seconds = f"{self.timeout:g}"
                    return self._stopped(
                        Phrase(N_("did not finish importing within {seconds} s (it waits or loops at import); skipped"),
                               seconds=seconds),
                        Phrase(N_("was still being built after {seconds} s"), seconds=seconds),
                        Phrase(N_("did not answer within {seconds} s"), seconds=seconds))
                except ChildEnded as ended:
                    return self._stopped(
                        Phrase(N_("ended the bot search (exit code {code}) while being imported; skipped"), code=ended.code),
                        Phrase(N_("ended the bot search (exit code {code}) while being built"), code=ended.code),
                        Phrase(N_("ended (exit code {code})"), code=ended.code))
                except ChildGarbled as garbled:  # a tampered process: reported, never trusted
                    self._folder_problem(Phrase(N_("the bot search sent a message the game cannot read ({error}); stopped"),
                                                error=str(garbled.error)))
                    return False
                outcome = self._handle(message)
                if outcome == "done":
                    return False
                if outcome == "bad":
                    self._folder_problem(Phrase(N_("the bot search sent {kind} about a file or bot it was not given; "
                                                   "stopped"), kind=type(message).__name__))
                    return False
        finally:
            child.stop()

    def _handle(self, message: m.Message) -> str | None:
        """Take in one message; returns 'done', 'bad' (about a file or check it was not
        given) or None."""
        if isinstance(message, m.Importing) and message.name in self.remaining:
            self.current_file, self.current_check = message.name, None
            return None
        if isinstance(message, m.Listed) and message.name in self.remaining:
            for path, text, wired in message.problems:
                self.registry._problem(escaped(path), _unwired(wired, escaped(text)))
            for info in message.bots:
                info = msgspec.structs.replace(info, name=escaped(info.name), description=escaped(info.description))
                if info.key in self.registry.bots:
                    self.registry._problem(info.source, Phrase(_SEARCH_WORDS["defined_twice"], bot=info.key,
                                                               path=self.registry.bots[info.key].source))
                else:
                    self.registry.bots[info.key] = info
            self.remaining = self.remaining[self.remaining.index(message.name) + 1:]
            self.current_file = None
            return None
        if isinstance(message, m.Constructing) and 0 <= message.index < len(self.checks):
            self.current_check = message.index
            return None
        if isinstance(message, m.Constructed) and 0 <= message.index < len(self.checks):
            self._record_check(message.index, message.error)
            self.current_check = None
            return None
        if isinstance(message, m.Searched):
            self.remaining = []
            return "done"
        return "bad"

    def _record_check(self, index: int, error: str | None) -> None:
        self._record(*self.checks[index], None if error is None else escaped(error))

    def _record(self, key: str, params: Mapping[str, Any], error: Phrase | str | None) -> None:
        self.registry.constructed[_check_key(key, params)] = error

    def _stopped(self, file_text: Phrase, check_text: Phrase, search_text: Phrase) -> bool:
        """The process hung or died: name the file it was importing (or the bot it
        was building) and go on after it; if it named neither, name the folder
        and the files it could not list."""
        if self.current_check is not None:
            self._record_check(self.current_check, check_text)
            return bool(self.remaining)
        current = self.current_file
        if current is None or current not in self.remaining:
            self._folder_problem(Phrase(N_("the bot search {what} before listing a file; not listed: {files}"),
                                        what=search_text, files=", ".join(self.remaining)))
            return False
        self.registry._problem(_shown_path(self.folder / current), file_text)
        self.remaining = self.remaining[self.remaining.index(current) + 1:]
        return bool(self.remaining)

    def _folder_problem(self, message: Phrase) -> None:
        self.registry._problem(_shown_path(self.folder), message)


# -- the discovery process ------------------------------------------------------------
def discovery_entry() -> None:
    """Start of the discovery process: its arguments are the parent's first
    message, and nothing a bot file prints can mix with the messages (see
    ``supervisor.interpreter_channel``)."""
    conn = interpreter_channel()
    search = m.receive(conn, m.Search)
    sys.path[:] = [entry for entry in search.path if entry not in sys.path] + sys.path
    discovery_main(conn, search)


def discovery_main(conn: m.Connection, search: m.Search) -> None:
    """Import each bot file of the search in turn and send back what it holds.

    Messages: ``Importing`` before importing a file, ``Listed`` after it (its
    bots and problems), then for each check naming a bot of that file
    ``Constructing`` and ``Constructed`` (its error or None), and ``Searched``
    at the end. The process then ends at once, so a bot's leftover thread
    cannot keep it alive.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    sys.stdout = sys.stderr  # a bot file's prints must not mix with the program's output
    root = str(BOTS_DIR.parent)
    if root not in sys.path:
        sys.path.insert(0, root)
    from game.rules.bot import Bot
    from game.rules.catalogue import game_ids

    scanner = _Scanner(Path(search.folder), Bot, set(game_ids()), dict(search.known))
    code = 1
    try:
        for name in search.files:
            m.send(conn, m.Importing(name))
            path = Path(search.folder) / name
            try:
                infos, problems = scanner.scan(path)
            except Exception as err:  # noqa: BLE001 - a class that breaks the listing: reported, not fatal
                infos, problems = [], [(_shown_path(path), _said("not_listed", error=f"{type(err).__name__}: {err}"))]
            m.send(conn, m.Listed(name, infos, [(where, str(said), _wire(said)) for where, said in problems]))
            listed = {info.key for info in infos}
            for index, check in enumerate(search.checks):
                if check.key in listed:
                    m.send(conn, m.Constructing(index))
                    m.send(conn, m.Constructed(index, _construct(scanner.classes[check.key], check.params)))
        m.send(conn, m.Searched())
        conn.close()
        code = 0
    finally:
        sys.stderr.flush()
        os._exit(code)


class _Scanner:
    """Imports bot files and describes their ``Bot`` classes as ``BotInfo``s."""

    def __init__(self, folder: Path, base: type, known_games: set[str], known: dict[str, str]) -> None:
        self.folder = folder
        self.base = base
        self.known_games = known_games
        self.known = known
        #: The classes listed so far, by key (for the construction checks).
        self.classes: dict[str, type] = {}

    def scan(self, path: Path) -> tuple[list[BotInfo], list[tuple[str, Phrase]]]:
        problems: list[tuple[str, Phrase]] = []
        module = self._import(path, problems)
        if module is None:
            return [], problems
        return self._collect(module, path, problems), problems

    def _import(self, path: Path, problems: list[tuple[str, Phrase]]) -> ModuleType | None:
        in_package = path.parent == BOTS_DIR
        name = f"bots.{path.stem}" if in_package else _file_module_name(path)
        try:
            if in_package:
                return importlib.import_module(name)
            return load_module_from_file(name, path)
        except SyntaxError as err:
            problems.append((_shown_path(path), _syntax_error_text(err, path)))
        except (Exception, SystemExit) as err:  # a bot file may raise anything at import
            problems.append((_shown_path(path), _import_error_text(err, path)))
        return None

    def _collect(self, module: ModuleType, path: Path, problems: list[tuple[str, Phrase]]) -> list[BotInfo]:
        shown = _shown_path(path)
        load_path = None if module.__name__.startswith("bots.") else str(path)
        records = []
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if not issubclass(cls, self.base) or cls is self.base or cls.__module__ != module.__name__:
                continue
            games = cls.games
            if isinstance(games, (tuple, list)) and not games:
                continue  # a base class for other bots, not a bot itself
            wrong = _attribute_problem(cls)
            if wrong is not None:
                problems.append((shown, _said("not_loaded", problem=wrong, bot=cls.__name__)))
                continue
            unknown = [g for g in games if g not in self.known_games and g not in ALL_GAMES]
            if unknown:
                problems.append((shown, _said("unknown_games", bot=cls.__name__, names=", ".join(map(repr, unknown)),
                                              games=", ".join(sorted(self.known_games)))))
            key = cls.__name__
            if key in self.known:
                problems.append((shown, _said("defined_twice", bot=key, path=self.known[key])))
                continue
            self.known[key] = shown
            self.classes[key] = cls
            params, any_params = self._constructor(cls)
            records.append(BotInfo(key, module.__name__, str.__str__(cls.name) or key,
                                   tuple(str.__str__(g) for g in games if g in self.known_games or g in ALL_GAMES),
                                   str.__str__(cls.description),
                                   shown, load_path, params, any_params, cls.analyse is not self.base.analyse,
                                   _defines_warm_up(cls, self.base)))
        return records

    def _constructor(self, cls: type) -> tuple[tuple[BotParam, ...], bool]:
        """(keyword parameters, takes **kwargs)."""
        if cls.__init__ is self.base.__init__:
            return (), False
        try:
            signature = inspect.signature(cls)
        except (TypeError, ValueError):
            return (), True
        params, any_params = [], False
        for name, param in signature.parameters.items():
            if param.kind is inspect.Parameter.VAR_KEYWORD:
                any_params = True
            elif param.kind in (param.POSITIONAL_OR_KEYWORD, param.KEYWORD_ONLY) and name != "seed":
                required = param.default is inspect.Parameter.empty
                params.append(BotParam(name, required, None if required else _plain_default(param.default)))
        return tuple(params), any_params


def _plain_default(value: Any) -> Any:
    """A constructor's default as the registry keeps it: plain data (numbers, text,
    bytes, None, and tuples, lists, sets and dicts of them) that MessagePack can carry
    (tuples and sets arrive as lists), else None."""
    if not _is_plain(value):
        return None
    try:
        m.encode(m.BotParam("", False, value))
    except (TypeError, ValueError, OverflowError):  # a whole number past 64 bits
        return None
    return value


def _is_plain(value: Any, depth: int = 0) -> bool:
    if depth > 50:
        return False
    if type(value) in (int, float, str, bytes, bool, type(None)):
        return True
    if type(value) in (tuple, list, set, frozenset):
        return all(_is_plain(item, depth + 1) for item in value)
    if type(value) is dict:
        return all(_is_plain(k, depth + 1) and _is_plain(v, depth + 1) for k, v in value.items())
    return False


def _defines_warm_up(cls: type, base: type) -> bool:
    """Whether bot class ``cls`` (or a base of it other than ``Bot``) defines ``warm_up``."""
    return inspect.getattr_static(cls, "warm_up", None) is not inspect.getattr_static(base, "warm_up")


def _said(name: str, **values: object) -> Phrase:
    """The discovery process's problem ``name`` (one of ``_SEARCH_WORDS``) with ``values``."""
    return Phrase(_SEARCH_WORDS[name], **values)


def _wire(said: Phrase | str) -> Any:
    """A problem as the discovery process sends it: ``[pattern, {name: value}]``, a value that is
    itself a ``Phrase`` sent the same way; plain text as None."""
    if not isinstance(said, Phrase):
        return None
    return [said.pattern, {key: _wire(value) if isinstance(value, Phrase) else str(value)
                           for key, value in said.values.items()}]


def _unwired(wired: Any, english: str) -> Phrase | str:
    """A problem the discovery process sent (``_wire``) as a ``Phrase``, each value escaped; the
    ``english`` it sent when the pattern is none of ``_SEARCH_PATTERNS`` or the values do not fit it."""
    def phrase(data: Any) -> Phrase | None:
        if not (isinstance(data, list) and len(data) == 2 and data[0] in _SEARCH_PATTERNS and isinstance(data[1], dict)):
            return None
        values: dict[str, object] = {}
        for key, value in data[1].items():
            value = phrase(value) if isinstance(value, list) else escaped(value) if isinstance(value, str) else None
            if value is None:
                return None
            values[str(key)] = value
        try:
            return Phrase(data[0], **values)
        except (KeyError, IndexError, ValueError):
            return None

    return phrase(wired) or english


def _attribute_problem(cls: type) -> Phrase | None:
    """What is wrong with the class attributes ``games``, ``name``,
    ``description`` and ``warm_up`` of bot class ``cls`` (a phrase naming
    the class), or None."""
    key, games = cls.__name__, cls.games
    if isinstance(games, str):
        return _said("games_string", bot=key, games=repr(games))
    if not isinstance(games, (tuple, list)):
        return _said("games_kind", bot=key, value=_shown(games))
    odd = [g for g in games if not isinstance(g, str)]
    if odd:
        return _said("games_text", bot=key, value=_shown(odd[0]))
    for attribute in ("name", "description"):
        value = getattr(cls, attribute)
        if not isinstance(value, str):
            return _said("not_text", bot=key, attribute=attribute, value=_shown(value))
    warm_up = inspect.getattr_static(cls, "warm_up", None)
    if not isinstance(warm_up, (classmethod, staticmethod)):
        return _said("warm_up", bot=key, value=_shown(warm_up))
    return None


def _shown(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - an object whose repr fails is still named by its type
        text = f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


def _construct(cls: type, params: dict[str, Any]) -> str | None:
    """Build ``cls(**params)`` once; the error as ``'ValueError: ...'``, or None."""
    try:
        cls(seed=None, **params)
    except SystemExit as err:
        return f"called sys.exit({err.code!r})"
    except BaseException as err:  # noqa: BLE001 - any failure of the bot's constructor is reported
        text = f"{type(err).__name__}: {err}" if str(err) else type(err).__name__
        return text if len(text) <= 300 else text[:297] + "..."
    return None


def _check_key(key: str, params: Mapping[str, Any]) -> str:
    """One string per (bot, parameters) pair: the registry's key for a construction check."""
    return repr((key, sorted(params.items(), key=lambda item: str(item[0]))))


def load_module_from_file(name: str, path: str | Path) -> ModuleType:
    """Execute the Python file ``path`` as a fresh module called ``name``.

    Used for bot files outside the ``bots`` package (test fixtures, a user's
    folder) by the discovery process and the runner's worker.
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


def import_bot_class(module_name: str, key: str, load_path: str | None = None) -> tuple[type, str | None]:
    """The bot class ``key`` of module ``module_name`` and its source file.

    The module is imported by name, or executed from ``load_path`` for a bot
    file outside the ``bots`` package (as ``BotInfo.load_path`` says). Used
    where bot code is meant to run: the runner's worker and the warm-up
    process. ``ImportError`` if the module has no such class.
    """
    if load_path is not None:
        module = load_module_from_file(module_name, load_path)
    else:
        module = importlib.import_module(module_name)
    try:
        cls = getattr(module, key)
    except AttributeError:
        raise ImportError(f"{module_name} has no class {key}") from None
    return cls, getattr(module, "__file__", None)


def _file_module_name(path: Path) -> str:
    digest = hashlib.sha1(str(path.parent).encode()).hexdigest()[:10]
    return f"_arcade_bots_{digest}_{path.stem}"


def _shown_path(path: Path) -> str:
    """``path`` relative to the program folder when inside it, else as is."""
    try:
        return str(path.relative_to(BOTS_DIR.parent))
    except ValueError:
        return str(path)


def _syntax_error_text(err: SyntaxError, path: Path) -> Phrase:
    if not err.lineno:
        return _said("syntax_nowhere", error=err.msg)
    if err.filename and Path(err.filename).resolve() != path.resolve():
        return _said("syntax_in", file=err.filename, line=err.lineno, error=err.msg)
    return _said("syntax", line=err.lineno, error=err.msg)


def _import_error_text(err: BaseException, path: Path) -> Phrase:
    if isinstance(err, SystemExit):
        what = _said("exit_at_import", code=repr(err.code))
    else:
        what = _said("import", error=f"{type(err).__name__}: {err}" if str(err) else type(err).__name__)
    lines = [f.lineno for f in traceback.extract_tb(err.__traceback__)
             if f.filename and Path(f.filename).resolve() == path.resolve()]
    return _said("at_line", problem=what, line=lines[-1]) if lines else what
