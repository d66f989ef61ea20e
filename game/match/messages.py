"""What the arcade and its child processes say to each other, and the one wire format.

Three conversations run over a child's connection (``game.match.supervisor.Child``):
a bot's worker (``runner.py`` asks, ``worker.py`` answers), the launch-time
warm-up (``warmup.py``) and the bot search (``botregistry.py``). Every message
is a frozen msgspec ``Struct`` tagged by its ``type``; what one side may send
is a union that ``decode`` reads in one step, checking every field's name and
type, so bytes that are no such message are one ``WireError`` saying what is
wrong, and nothing received is executed or unpickled. As on the LAN
(``game/net/protocol.py``), moves travel in the game's own notation
(``State.move_to_str``) and a position as the moves that led to it
(``Position``); a move's value is a ``Judgement``. The bytes are MessagePack,
which carries every float and bytes as they are (tuples and sets arrive as
lists).

The connection carries bytes only, one frame per message: the parent's side
is ``Child.send`` and ``Child.receive``, which encode and decode; ``send``
and ``receive`` here are the children's side of it.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Protocol, Union

import msgspec

from game.rules.bot import VALUE, AT_LEAST, AT_MOST, MoveValue, plays_game
from game.rules.core import State
from game.shown import escaped

#: A finite number: MessagePack carries NaN and infinities, a time or a score may not be one.
Finite = Annotated[float, msgspec.Meta(ge=-1.7976931348623157e308, le=1.7976931348623157e308)]
#: ``MoveValue.bound``: ``VALUE`` (0), ``AT_LEAST`` (1) or ``AT_MOST`` (-1).
Bound = Literal[0, 1, -1]
assert {VALUE, AT_LEAST, AT_MOST} == {0, 1, -1}


class WireError(ValueError):
    """Bytes that are not a message of the conversation; the text says what is wrong."""


class Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    """Base of every message."""


class Data(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Base of the typed parts of a message."""


# -- the bot's worker -------------------------------------------------------------------
@dataclass(frozen=True)
class BotSpec:
    """Everything a worker needs to build one bot; handed to it when it starts (an argument
    of its process, which ``multiprocessing`` pickles towards the child: see ``supervisor``).

    ``label`` names the bot to players (a tier name such as ``'Master'`` or
    the bot's own name); ``budget`` is the seconds it may think per request.
    ``path`` is set for bots loaded from a file outside the ``bots`` package;
    ``memory_limit`` is the bytes of data its worker may hold (None: no limit;
    ``config.yaml``'s ``bots: memory_limit_mb``).
    """

    key: str
    module: str
    params: dict[str, Any]
    label: str
    budget: float
    seed: int | None = None
    path: str | None = None
    memory_limit: int | None = None

    @classmethod
    def of(cls, info: Any, *, budget: float, label: str | None = None,
           params: dict[str, Any] | None = None, seed: int | None = None) -> "BotSpec":
        """A spec for a registry ``BotInfo`` (``label`` defaults to its name)."""
        return cls(info.key, info.module, dict(params or {}), label or info.name,
                   budget, seed, info.load_path)

    @property
    def who(self) -> str:
        """The bot as failure messages name it: ``'Master (TicTacToePerfect)'``
        (control characters written as codes: ``shown.escaped``)."""
        return escaped(self.label if self.label == self.key else f"{self.label} ({self.key})")


class Position(Data):
    """A position as the moves that led to it: the rules class by its import path
    (``'game.rules.connect4:ConnectFour'``, so a game a test defines plays in a worker
    too), its options, its set-up position (``''``: the usual start) and every move
    played, passes included, in the game's notation."""

    rules: str
    options: dict[str, Any]
    start: str
    moves: list[str]

    @classmethod
    def of(cls, state: State) -> "Position":
        rules = type(state)
        return cls(f"{rules.__module__}:{rules.__qualname__}", dict(state.options), state.start_text,
                   [state.move_to_str(move) for move in state.move_stack])

    def state(self) -> State:
        """The position rebuilt through the rules (``RulesError`` names a bad move)."""
        module, _, name = self.rules.partition(":")
        rules = getattr(importlib.import_module(module), name)
        state = rules.from_position(self.start, **self.options) if self.start else rules(**self.options)
        self.play(state, 0)
        return state

    def play(self, state: State, since: int) -> None:
        """Play on ``state`` (this game after its first ``since`` moves) the moves after them."""
        for text in self.moves[since:]:
            state.push(state.parse_move(text))

    def follows(self, earlier: "Position") -> bool:
        """Whether this is the game of ``earlier`` with moves played after its own."""
        return ((self.rules, self.options, self.start) == (earlier.rules, earlier.options, earlier.start)
                and self.moves[:len(earlier.moves)] == earlier.moves)


class Judgement(Data):
    """A ``MoveValue`` on the wire: its score, its words, whether it is proven and its bound."""

    score: Finite
    text: str
    exact: bool
    bound: Bound

    def move_value(self) -> MoveValue:
        return MoveValue(self.score, self.text, self.exact, self.bound)


#: A bot's values: each move in the game's notation, with its judgement.
Values = dict[str, Judgement]


class Ask(Message, tag="ask"):
    """Think about ``position`` for ``budget`` seconds: choose a move (``kind``
    ``'move'``) or value every move (``'analyse'``)."""

    kind: Literal["move", "analyse"]
    id: int
    position: Position
    budget: Finite


class NewGame(Message, tag="new_game"):
    """A new game starts: the bot may drop what it kept; with ``seed``, its ``rng`` is
    seeded afresh, so a game's play does not depend on the games before it (the arena)."""

    seed: int | None = None


class Ready(Message, tag="ready"):
    """The bot is built and its engine warmed up, ``at`` this ``time.monotonic()``."""

    at: Finite


class Failed(Message, tag="failed"):
    """The bot could not be built; ``text`` says why (a phrase)."""

    text: str


class Started(Message, tag="started"):
    """The worker took request ``id`` up ``at`` this ``time.monotonic()``: its clock runs."""

    id: int
    at: Finite


class Partial(Message, tag="partial"):
    """The values an ``analyse`` reported on its way (``Bot.report``)."""

    id: int
    values: Values


class Chose(Message, tag="chose"):
    """The bot's move, in the game's notation, after ``seconds`` of thought."""

    id: int
    move: str
    seconds: Finite


class Valued(Message, tag="valued"):
    """The bot's values of the moves, after ``seconds`` of thought."""

    id: int
    values: Values
    seconds: Finite


class Raised(Message, tag="error"):
    """The bot failed on request ``id``; ``text`` says how (a phrase that follows its name)."""

    id: int
    text: str
    seconds: Finite


class NewGameDone(Message, tag="new_game_done"):
    """The bot's ``new_game()`` has returned."""


class Games(Message, tag="games"):
    """The games registered in the parent (``catalogue.register_game``), id -> "module:Class":
    the first message an interpreter child reads, so it knows the games its parent knows."""
    registered: dict[str, str]


ToWorker = Union[Ask, NewGame]


# -- the launch-time warm-up ----------------------------------------------------------------
class Skip(Message, tag="skip"):
    """Leave out these bots: a game's worker warms them up itself."""

    keys: list[str]


class First(Message, tag="first"):
    """Warm these bots up next, the others after them in their order."""

    keys: list[str]


class Hold(Message, tag="hold"):
    """Start no other bot while ``held``."""

    held: bool


class Start(Message, tag="start"):
    """The warm-up of bot ``key`` begins."""

    key: str


class Compiling(Message, tag="compiling"):
    """numba compiles for bot ``key`` (a kernel not in the cache)."""

    key: str


class Compiled(Message, tag="compiled"):
    """numba finished compiling ``kernel`` (its module and qualified name) for bot ``key``
    (``game.match.compiling``: how far the engine's compile is)."""

    key: str
    kernel: str


class WarmedUp(Message, tag="done"):
    """Bot ``key``'s ``warm_up`` is over: ``error`` says what went wrong, or is None."""

    key: str
    error: str | None
    seconds: Finite


class Later(Message, tag="later"):
    """Bot ``key``'s ``warm_up_later`` begins."""

    key: str


class LaterDone(Message, tag="later_done"):
    """Bot ``key``'s ``warm_up_later`` is over: ``error`` says what went wrong, or is None."""

    key: str
    error: str | None
    seconds: Finite


class Finished(Message, tag="finished"):
    """Every bot is done; the process ends."""


ToWarmUp = Union[Skip, First, Hold]
FromWarmUp = Union[Start, Compiling, Compiled, WarmedUp, Later, LaterDone, Finished]
#: What a worker says (``Compiling`` and ``Compiled`` too, while its own warm-up compiles).
FromWorker = Union[Ready, Failed, Started, Partial, Chose, Valued, Raised, NewGameDone, Compiling, Compiled]


# -- the bot search -------------------------------------------------------------------------
class BotParam(Data):
    """One keyword parameter of a bot's constructor (``seed`` excepted).

    ``default`` is the default value when it is plain data (a number, text,
    a list ...); ``None`` when the parameter is ``required`` or its default
    is some other object.
    """

    name: str
    required: bool = False
    default: Any = None


class BotInfo(Data):
    """One bot class found in a bot file, as metadata (the class stays in its file).

    ``key`` is the class name (what ``config.yaml`` writes as ``bot:``);
    ``name`` is the bot's own display name (the class name if it sets none).
    ``module`` is the name it is imported under; ``load_path`` is set when
    that module is not importable by name and must be loaded from the file.
    ``params`` are its constructor's keyword parameters; ``takes_any_params``
    is true when it also accepts ``**kwargs`` (or its signature is unreadable).
    ``analyses`` is true when it overrides ``Bot.analyse`` (so it can give hints);
    ``warms_up`` when it defines ``Bot.warm_up`` (an engine to compile before play).
    """

    key: str
    module: str
    name: str
    games: tuple[str, ...]
    description: str
    source: str = ""
    load_path: str | None = None
    params: tuple[BotParam, ...] = ()
    takes_any_params: bool = False
    analyses: bool = False
    warms_up: bool = False

    def plays(self, game_id: str) -> bool:
        return plays_game(self.games, game_id)


class Check(Data):
    """Build bot ``key`` with ``params`` (a tier of the config) and say whether it built."""

    key: str
    params: dict[str, Any]


class Search(Message, tag="search"):
    """List the bots of ``files`` in ``folder``; ``known`` are the bot classes listed
    so far (key -> file), ``path`` the parent's ``sys.path``."""

    folder: str
    files: list[str]
    known: dict[str, str]
    checks: list[Check]
    path: list[str]


class Importing(Message, tag="file"):
    """The search imports file ``name`` now."""

    name: str


class Listed(Message, tag="bots"):
    """File ``name`` is listed: its bots and its problems as (path, message in English, its
    pattern and values for the parent to word: ``botregistry._wire``)."""

    name: str
    bots: list[BotInfo]
    problems: list[tuple[str, str, Any]]


class Constructing(Message, tag="constructing"):
    """The search builds the bot of check ``index`` now."""

    index: int


class Constructed(Message, tag="constructed"):
    """The bot of check ``index`` built (``error`` None) or failed (``error``: why)."""

    index: int
    error: str | None


class Searched(Message, tag="done"):
    """Every file is listed; the process ends."""


FromSearch = Union[Importing, Listed, Constructing, Constructed, Searched]


# -- the wire ---------------------------------------------------------------------------------
_ENCODER = msgspec.msgpack.Encoder()
_DECODERS: dict[Any, msgspec.msgpack.Decoder] = {}


def encode(message: msgspec.Struct) -> bytes:
    """The message as bytes. Text a bot wrote may hold lone surrogates, which UTF-8
    cannot carry: such text crosses as the screen shows it (``ui.draw.clean_text``),
    a pair joined into its character and a lone one as U+FFFD."""
    try:
        return _ENCODER.encode(message)
    except UnicodeEncodeError:
        return _ENCODER.encode(_without_lone_surrogates(msgspec.to_builtins(message)))


def _without_lone_surrogates(value: Any) -> Any:
    if isinstance(value, str):
        return value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    if isinstance(value, dict):
        return {_without_lone_surrogates(k): _without_lone_surrogates(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_without_lone_surrogates(item) for item in value]
    return value


def decode(data: Any, kind: Any) -> Any:
    """The message of union ``kind`` (``FromWorker`` ...) that ``data`` holds; ``WireError``
    if ``data`` is not bytes, not MessagePack, of another type or with fields missing,
    unknown or of the wrong kind."""
    if type(data) is not bytes:
        raise WireError(f"not a message but a {type(data).__name__}")
    decoder = _DECODERS.get(kind)
    if decoder is None:
        decoder = _DECODERS[kind] = msgspec.msgpack.Decoder(kind)
    try:
        return decoder.decode(data)
    except msgspec.ValidationError as err:
        raise WireError(f"not a valid message: {err}") from None
    except msgspec.DecodeError as err:
        raise WireError(f"not a message: {err}") from None


class Connection(Protocol):
    """A child's end of its connection: a ``multiprocessing`` one, or ``supervisor.InterpreterChannel``."""

    def send_bytes(self, data: bytes) -> None: ...
    def recv_bytes(self) -> bytes: ...


def send(conn: Connection, message: Message) -> None:
    """Send ``message`` on a child's end of its connection."""
    conn.send_bytes(encode(message))


def receive(conn: Connection, kind: Any) -> Any:
    """The parent's next message (of union ``kind``) on a child's end of its connection;
    ``EOFError`` once the parent has closed it, ``WireError`` for one it cannot read."""
    return decode(conn.recv_bytes(), kind)
