"""The LAN protocol: every message, and how one line of bytes becomes one.

A connection carries one JSON object per line (UTF-8, ``\\n`` at the end);
its ``type`` field names the message, and msgspec checks the rest of its
fields (names, types, allowed values, lengths) while it decodes, so a line
either becomes a typed message or raises ``ProtocolError``. Nothing received
is ever executed or unpickled. Moves travel in the game's own notation
(``state.move_to_str``), and each side rebuilds positions from the game's
``GameSpec`` text, its start position and the move list through the rules.
docs/protocol.md describes every message with an example line.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

import msgspec

#: Raised by the server at once, before anything else, when a client speaks another version.
#: 2: the server's sentences also travel as ``Words`` (a code and its values), each window
#: wording them in its own language; the ``version`` error stays readable by a version-1 client.
PROTOCOL_VERSION = 2
#: The longest line ``decode`` accepts unless told otherwise (config ``net.max_line_bytes``).
MAX_LINE_BYTES = 65536

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
Text = Annotated[str, msgspec.Meta(max_length=500)]
Token = Annotated[str, msgspec.Meta(min_length=8, max_length=64)]
MoveText = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
Seat = Annotated[int, msgspec.Meta(ge=0, le=15)]
Count = Annotated[int, msgspec.Meta(ge=0)]
RequestKind = Literal["undo", "draw", "rematch"]


class ProtocolError(ValueError):
    """A line that is not a message of this protocol; the text says what is wrong."""


class Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    """Base of every message."""


# -- client to server ---------------------------------------------------------------
class Hello(Message, tag="hello"):
    """First line of a client: its protocol version and name; ``token`` to take back
    the seats (or host's seats) it proves; ``watch`` to join as a spectator."""

    version: int
    name: Name
    token: Token | None = None
    watch: bool = False


class Accept(Message, tag="accept"):
    """The joiner accepts the invitation (its seat, or watching when none is offered)."""


class Decline(Message, tag="decline"):
    """The joiner declines the invitation; the server says so to the others and closes."""


class Play(Message, tag="play"):
    """A move for the seat to move, in the game's notation; ``ply`` is the number of
    moves the sender saw played, so a move meant for an older position is refused."""

    move: MoveText
    ply: Count | None = None


class Say(Message, tag="say"):
    """A chat line to everyone in the game."""

    text: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


class Ask(Message, tag="ask"):
    """Ask the other players to agree: take back to the asker's last turn, a draw, a rematch."""

    kind: RequestKind


class Answer(Message, tag="answer"):
    """Agree to (or refuse) the request ``request_id``."""

    request_id: Count
    accept: bool


class Resign(Message, tag="resign"):
    """The sender's seats give the game up."""


class Decide(Message, tag="decide"):
    """The host's choice for a seat whose player did not come back in time: ``bot`` (a
    tier name in ``tier``) takes the seat over, ``end`` ends the game."""

    seat: Seat
    action: Literal["bot", "end"]
    tier: Name | None = None


class Ping(Message, tag="ping"):
    """Are you there? Either side may send it; the other answers ``pong``."""


class Pong(Message, tag="pong"):
    """The answer to ``ping``."""


class Bye(Message, tag="bye"):
    """The sender leaves on purpose (a seat so left can still be taken back with its token)."""


# -- server to client ------------------------------------------------------------------
class Words(msgspec.Struct, forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    """A sentence of the server's as a ``code`` and its ``values`` (names, seats, seconds), for
    each window to word in its own language (``game.net.wording``); the message that carries
    it also holds the sentence in English, for a window that does not know the code."""

    code: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    values: Annotated[dict[Annotated[str, msgspec.Meta(max_length=40)], Union[Text, int, float]],
                      msgspec.Meta(max_length=8)] = {}


class SeatInfo(msgspec.Struct, forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    """Who sits in a seat: ``kind`` is ``remote`` (a player over the network, this
    screen's own included), ``bot`` or ``open``; ``connected`` is false while its
    player is away."""

    seat: Seat
    name: Text
    kind: Literal["remote", "bot", "open"]
    connected: bool = True


class Invitation(Message, tag="invitation"):
    """What a joiner is offered: the game, the players so far and ``seat`` (None: no
    seat is open, accept to watch). The joiner answers ``accept`` or ``decline``."""

    game: Text
    title: Text
    host: Text
    seat: Seat | None
    seat_name: Text
    players: list[SeatInfo]


class Welcome(Message, tag="welcome"):
    """The sender is in: its ``token`` (keep it to rejoin), its seats (empty for a spectator)."""

    version: int
    token: Token
    seats: list[Seat]
    host: bool = False


class Result(msgspec.Struct, forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    """A finished game's result as the server decided it: ``termination`` is a
    ``Termination`` value (``resignation``, ``agreed draw``, ``line made``...)."""

    winners: list[Seat]
    reason: Text
    termination: Text
    ranking: list[list[Seat]] = []
    words: Words | None = None


class SeatClock(msgspec.Struct, forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    """One seat's time left as the server measured it: ``main`` seconds, byo-yomi ``periods``
    left and ``period`` seconds left of the running one."""

    main: Annotated[float, msgspec.Meta(ge=0)]
    periods: Count = 0
    period: Annotated[float, msgspec.Meta(ge=0)] = 0.0


class ClockState(msgspec.Struct, forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    """The game's clocks when the message was sent: the time control (``5+3``, as
    ``game.match.clocks.TimeControl`` writes it), each seat's time left then, and the seat
    whose clock runs (None: none runs, the game waits or is over)."""

    control: Text
    times: list[SeatClock]
    running: Seat | None = None


class Sync(Message, tag="sync"):
    """The whole game, to rebuild it from: ``game`` (GameSpec text), ``start`` (the
    set-up position, ``''`` for the usual one), every move played (passes too), the
    seats, the result if the server ended the game (resignation, draw) and, if the
    game waits, why. ``how`` says what changed: ``join``, ``undo``, ``rematch``,
    ``seats``, ``refused`` (the sender's move was refused: here is the truth)."""

    how: Literal["join", "undo", "rematch", "seats", "refused"]
    game: Text
    start: Text
    moves: list[MoveText]
    players: list[SeatInfo]
    ended: Result | None = None
    paused: Text | None = None
    clock: ClockState | None = None


class Moved(Message, tag="moved"):
    """A move was played: it is move number ``ply`` (from 0), by ``seat``; ``by`` is
    ``remote``, ``bot`` or ``pass`` (a forced pass); ``note`` (a bot that failed); ``clock``
    (a game with a time control) each seat's time once the move was received."""

    ply: Count
    seat: Seat
    move: MoveText
    by: Literal["remote", "bot", "pass"]
    note: Text = ""
    clock: ClockState | None = None


class Ended(Message, tag="ended"):
    """The server ended the game (resignation, agreed draw, a player who did not come back)."""

    result: Result


class Chat(Message, tag="chat"):
    """A chat line from ``name`` (``''``: the server, whose line also comes as ``words``)."""

    name: Text
    text: Text
    words: Words | None = None


class Requested(Message, tag="requested"):
    """``name`` asks the others to agree to ``kind``; they answer with ``answer``."""

    request_id: Count
    kind: RequestKind
    name: Text


class Answered(Message, tag="answered"):
    """The request was agreed to or refused (``by``: who refused, or who agreed last); or,
    ``cancelled``, it is void (``by``: who asked): a move changed the position it was about,
    or its asker resigned."""

    request_id: Count
    kind: RequestKind
    accepted: bool
    by: Text
    cancelled: bool = False


class Paused(Message, tag="paused"):
    """The game waits (a player dropped, a seat is still open): ``reason`` in words,
    ``seconds_left`` until the host may give the seat away (None: no limit runs)."""

    reason: Text
    seconds_left: float | None = None
    seat: Seat | None = None
    words: Words | None = None
    clock: ClockState | None = None


class Resumed(Message, tag="resumed"):
    """The game goes on."""

    clock: ClockState | None = None


class Joined(Message, tag="joined"):
    """``name`` joined, in ``seat`` (None: watching); ``again`` when they came back."""

    name: Text
    seat: Seat | None = None
    again: bool = False


class Left(Message, tag="left"):
    """``name`` left or dropped; ``why`` in words."""

    name: Text
    why: Text = ""
    words: Words | None = None


class Declined(Message, tag="declined"):
    """``name`` declined the invitation."""

    name: Text


class Error(Message, tag="error"):
    """What the server refused and why; ``code`` for programs: ``version``, ``bad``
    (not a message), ``turn``, ``seat``, ``illegal``, ``paused``, ``flood``, ``size``,
    ``state`` (not now), ``full``, ``token``, ``offer`` (the invitation was not answered in time)."""

    code: Text
    text: Text
    words: Words | None = None


CLIENT_MESSAGES = (Hello, Accept, Decline, Play, Say, Ask, Answer, Resign, Decide, Ping, Pong, Bye)
SERVER_MESSAGES = (Invitation, Welcome, Sync, Moved, Ended, Chat, Requested, Answered, Paused, Resumed,
                   Joined, Left, Declined, Error, Ping, Pong, Bye)
ClientMessage = Union[CLIENT_MESSAGES]  # type: ignore[valid-type]
ServerMessage = Union[SERVER_MESSAGES]  # type: ignore[valid-type]
AnyMessage = Union[tuple(dict.fromkeys(CLIENT_MESSAGES + SERVER_MESSAGES))]  # type: ignore[valid-type]

_ENCODER = msgspec.json.Encoder()
_DECODERS = {
    "any": msgspec.json.Decoder(AnyMessage),
    "client": msgspec.json.Decoder(ClientMessage),
    "server": msgspec.json.Decoder(ServerMessage),
}


def encode(message: Message) -> bytes:
    """One line: the message as a JSON object, then ``\\n``."""
    return _ENCODER.encode(message) + b"\n"


def decode(line: bytes, *, side: Literal["any", "client", "server"] = "any",
           max_bytes: int = MAX_LINE_BYTES) -> Message:
    """The message on ``line`` (its ``\\n`` may be there or not); ``side`` narrows it
    to what a client may send (``client``) or a server (``server``). ``ProtocolError``
    for a line over ``max_bytes``, not JSON, of an unknown type, or with fields
    missing, unknown or of the wrong kind."""
    if len(line) > max_bytes:
        raise ProtocolError(f"line of {len(line)} bytes, over the limit of {max_bytes}")
    body = line.rstrip(b"\r\n")
    if not body.strip():
        raise ProtocolError("empty line")
    try:
        return _DECODERS[side].decode(body)
    except msgspec.ValidationError as err:
        raise ProtocolError(f"not a valid message: {err}") from None
    except msgspec.DecodeError as err:
        raise ProtocolError(f"not JSON: {err}") from None
