"""A game this window hosts on the network: its server, its announcements and its address;
and how a hosted game's rules are put in words on the Join and invitation screens.

The play screen of a hosted game holds one ``Hosting`` and stops it when it
leaves: the server (``game/net/server.py``, in its own thread) ends the game for
everyone, and the announcements that list it on other arcades' Join screens stop.
The address friends type is ``game.net.discovery.join_addresses``'s: this
computer's addresses on its networks.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.lang import _
from game.rules.catalogue import GameSpec
from game.rules.core import RulesError

if TYPE_CHECKING:
    from game.net.discovery import Announcer
    from game.net.server import ServerThread

logger = logging.getLogger(__name__)

def rules_text(game: str) -> str:
    """The rules options of a game's spec text in the window's words ("Columns: 7 · Rows: 6 · In a row: 4"),
    '' for a game without options; ``RulesError`` for a game or option this arcade does not know."""
    spec = GameSpec.parse(game)
    labels = {option.name: option for option in spec.rules.options_spec}
    return " · ".join(_("{label}: {value}").format(label=_(labels[name].label), value=_(labels[name].text(value)))
                      for name, value in spec.options if name in labels)


def game_words(game: str) -> str:
    """A hosted game's spec text as a player reads it, in the window's language: its title and
    rules, or the text itself (cleaned by the drawing) when this arcade does not know the game."""
    try:
        spec = GameSpec.parse(game)
        rules = rules_text(game)
    except RulesError:
        return game
    return f"{_(spec.title)} · {rules}" if rules else _(spec.title)


def address_text(host: str, port: int) -> str:
    """``host:port`` as it is typed (an IPv6 address in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


@dataclass(eq=False)
class Hosting:
    """The running server of a hosted game, its announcer (None: not announced) and the
    address to give to friends (several joined by "or" when the computer is on several networks)."""

    server: "ServerThread"
    announcer: "Announcer | None"
    address: str

    def stop(self) -> None:
        """Stop announcing and close the server (the others are told the host closed the game)."""
        if self.announcer is not None:
            try:
                self.announcer.stop()
            except OSError as err:
                logger.warning("stopping the game's announcements: %s", err)
        self.server.stop()
