"""The server's sentences by code: the one place a LAN message's ``Words`` become words.

Two players of one game may read different languages, so the server sends each of
its sentences (why the game waits, why a player left, what it refused, its own chat
lines, how it ended a game) as ``protocol.Words``, a code and its values, beside the
same sentence in English. ``english`` gives that English (the server's fields and
log); ``worded`` gives the sentence in this window's language, or the English the
message carried when this copy does not know the code (a newer server's). Players'
chat is never worded: it is passed as typed.
"""
from __future__ import annotations

from game.lang import N_, _
from game.net import protocol as p
from game.rules.phrases import value_in_words

#: Each code's sentence, with ``{name}``-style fields for its values.
SENTENCES: dict[str, str] = {
    # why the game waits (``paused``)
    "waiting_for_seat": N_("Waiting for a player to join seat {seat} ({seat_name})"),
    "lost_connection": N_("{name} lost the connection: waiting for them to rejoin ({seconds} s)"),
    "did_not_come_back": N_("{name} did not come back: the host may give their seat to a bot or end the game"),
    # why a player left (``left``); plain leaving needs no words
    "left": "",
    "declined_invitation": N_("declined the invitation"),
    "invitation_unanswered": N_("did not answer the invitation within {seconds} s"),
    "closed_connection": N_("closed the connection"),
    "connection_lost": N_("connection lost ({error})"),
    "silent": N_("said nothing in time"),
    "silent_for": N_("silent for {seconds} s"),
    "line_too_long": N_("sent a line over {bytes} bytes"),
    "flooded": N_("flooded the server"),
    "bad_lines": N_("sent {count} lines that are not messages"),
    "server_stopped": N_("the server stopped"),
    "other_protocol": N_("speaks protocol {version}"),
    "unknown_token": N_("came with an unknown token"),
    "before_hello": N_("sent {kind} before hello"),
    "past_limit": N_("came past the connection limit without a seat's token"),
    "made_room": N_("made room for a newcomer: it had not said hello"),
    # the server's own chat lines
    "host_closed": N_("The host closed the game"),
    "bot_stuck": N_("{text}; it is asked again every {seconds} s"),
    "resigned_plays_out": N_("{name} resigned and leaves the game, last whatever happens; {bot} plays their pieces out"),
    # how the server ended a game (``ended``)
    "resigned": N_("{name} resigned"),
    "did_not_come_back_end": N_("{name} did not come back"),
    "ended_by_host": N_("ended by the host: {name} did not come back"),
    "lost_on_time": N_("{name} lost on time"),
    "left_the_game": N_("{reason}; {names} left the game"),
    # what it refused (``error``)
    "invitation_expired": N_("the invitation was not answered within {seconds} s; join again to be invited"),
    "version_mismatch": N_("this server speaks protocol {server}, the client {client}: "
                           "use the same version of Board Arcade"),
    "token_unknown": N_("that token holds no seat here (the game was hosted anew, or the seat was given away)"),
    "only_host_decides": N_("only the host decides that"),
    "not_waiting_decision": N_("seat {seat} is not waiting for a decision"),
    "no_game_to_resign": N_("there is no game of yours to resign"),
    "no_bot_plays_out": N_("no bot can play your seat out ({why}): keep playing"),
    "only_players_ask": N_("only players ask that"),
    "request_waiting": N_("a {kind} request is waiting for its answer"),
    "rematch_when_over": N_("a rematch is for a finished game"),
    "game_over": N_("the game is over"),
    "no_move_to_take_back": N_("you have no move to take back"),
    "line_limit": N_("a line is at most {bytes} bytes"),
    "hello_first": N_("say hello first"),
    "hello_again": N_("hello was said already"),
    "no_invitation": N_("there is no invitation to answer"),
    "answer_invitation_first": N_("answer the invitation first"),
    "no_such_request": N_("there is no request {number} waiting"),
    "not_your_request": N_("that request does not wait for your answer"),
    "could_not_handle": N_("the server could not handle that message"),
    "flood": N_("more than {count} messages a second: messages are dropped"),
    "game_full": N_("this game has as many connections as it takes ({most}, {per_address} from one address); "
                    "only a player coming back to their seat gets in"),
}
#: The kinds of request a ``kind`` value names, in words to translate.
REQUEST_KINDS = {"undo": N_("take-back"), "draw": N_("draw"), "rematch": N_("rematch")}


def _value(key: str, value: str | int | float) -> str | int | float:
    """A value as this window shows it: a seat's name (Black, Red...), a request's kind and the
    rules' reason a game ended for (``four in a row``) translated."""
    if isinstance(value, str) and key == "seat_name":
        return _(value)
    if isinstance(value, str) and key == "reason":
        return value_in_words(value)
    if isinstance(value, str) and key == "kind" and value in REQUEST_KINDS:
        return _(REQUEST_KINDS[value])
    return value


def words(code: str, **values: str | int | float) -> p.Words:
    """The sentence ``code`` with ``values``, to send (``code`` must be one of ``SENTENCES``)."""
    if code not in SENTENCES:
        raise KeyError(f"no sentence has the code {code!r}")
    return p.Words(code, values)


def error(code: str, sentence: str, *, plain: bool = False, **values: str | int | float) -> p.Error:
    """An ``error`` of ``code`` (for programs) saying ``sentence`` with ``values``, in English and as
    words; ``plain``: in English only, for a client whose version is not known yet (before its
    hello), which must read it whatever version it speaks."""
    said = words(sentence, **values)
    return p.Error(code, english(said), None if plain else said)


def announcement(sentence: str, **values: str | int | float) -> p.Chat:
    """A chat line of the server's own saying ``sentence`` with ``values``, in English and as words."""
    said = words(sentence, **values)
    return p.Chat("", english(said), said)


def english(said: p.Words) -> str:
    """``said`` in English, as the message's own text field carries it."""
    return SENTENCES[said.code].format(**said.values)


def worded(said: p.Words | None, fallback: str) -> str:
    """``said`` in this window's language; ``fallback`` (the English the message carried)
    when there are no words, their code is unknown here or their values do not fit it."""
    if said is None or said.code not in SENTENCES:
        return fallback
    values = {key: _value(key, value) for key, value in said.values.items()}
    try:
        return _(SENTENCES[said.code]).format(**values) if SENTENCES[said.code] else ""
    except (KeyError, IndexError, ValueError):
        return fallback
