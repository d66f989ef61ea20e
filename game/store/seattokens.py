"""The seats this player holds in network games, kept across launches.

Joining a hosted game gives a token that proves the seat (``game/net``); a
player whose arcade closed or crashed takes the seat back by joining the same
address again with it, within the host's time limit. The tokens are kept by
the name the player joined under and the address joined (``Grace@host:port``:
another copy of the arcade on this computer joining under another name is
another player) in ``seats.json`` in the data folder, the newest few only.
A damaged file is set aside and read as empty; a file that cannot be written
costs only the rejoin after a restart, so ``remember`` reports it and goes on.
A change reads, changes and writes the file under its lock (``jsonfile.locked``),
so two arcades joining at once both keep their seats.
"""
from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import Meta

from game.lang import N_, _
from game.match.typeddata import Fault, convert
from game.store.jsonfile import atomic_write_text, locked, read_json_object
from game.store.userdata import data_dir

logger = logging.getLogger(__name__)

#: Tokens kept at most (the oldest go first).
KEPT = 20
#: The longest address and token kept (a server's tokens are far shorter).
LONGEST = 200
#: The most of an address a problem shows.
SHOWN = 60


class _Entry(msgspec.Struct):
    """An entry of the file: the seat's key (``seat_key``) and its token."""

    address: Annotated[str, Meta(max_length=LONGEST, description=f"an address, text of at most {LONGEST} characters")]
    token: Annotated[str, Meta(max_length=LONGEST, description=f"a seat token, text of at most {LONGEST} characters")]


def tokens_path() -> Path:
    return data_dir() / "seats.json"


def load_tokens() -> dict[str, str]:
    """Every kept token by address, oldest first; problems with the file are logged,
    and an entry that is not an address and a token (text, ``LONGEST`` at most) is left out."""
    path = tokens_path()
    value, problems = read_json_object(path, N_("an object of addresses and seat tokens"))
    tokens = {}
    for address, token in (value or {}).items():
        fault = convert({"address": address, "token": token}, _Entry)
        if isinstance(fault, Fault):
            where = address if len(address) <= SHOWN else address[:SHOWN - 3] + "..."
            what = f"its {fault.key[0]}" if fault.key else "it"   # the value is not shown: it may be long
            problems.append(f"{path}: {where!r}: left out, {what} is not {fault.expected}")
            continue
        tokens[address] = token
    for problem in problems:
        logger.warning("%s", problem)
    return tokens


def _change(key: str, token: str | None) -> str:
    """Under the file's lock: keep ``token`` for ``key`` as the newest, or (None) drop ``key``'s;
    returns a problem in words ('' if done or nothing to drop)."""
    try:
        with locked(tokens_path()):
            tokens = load_tokens()
            if tokens.pop(key, None) is None and token is None:
                return ""
            if token is not None:
                tokens[key] = token
            atomic_write_text(tokens_path(), json.dumps(dict(list(tokens.items())[-KEPT:]), indent=1))
    except OSError as err:
        problem = (_("The seat could not be kept for a rejoin after a restart: {error}") if token is not None
                   else _("The seat could not be forgotten: {error}")).format(error=err.strerror or err)
        logger.warning("%s", problem)
        return problem
    return ""


def seat_key(name: str, address: str) -> str:
    """Where a seat is kept: who joined, and where."""
    return f"{name}@{address}"


def token_for(name: str, address: str) -> str | None:
    """The token of the seat ``name`` holds at ``address`` (None: no seat kept there)."""
    return load_tokens().get(seat_key(name, address))


def remember(name: str, address: str, token: str) -> str:
    """Keep ``token`` for ``name`` at ``address`` (the newest); returns a problem in words ('' if kept)."""
    return _change(seat_key(name, address), token)


def forget(name: str, address: str) -> str:
    """Drop the token kept for ``name`` at ``address`` (its seat is gone); returns a problem ('' if none)."""
    return _change(seat_key(name, address), None)
