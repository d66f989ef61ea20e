"""A game on this computer on the play screen.

The play screen shows two kinds of game: one played here (``LocalGame``: its
seats resolved by ``game/match/seats.py``, its bots run by a ``MatchSession``)
and one played over the network (``NetworkGame``, ``game/ui/play/network.py``).
Both are a ``PlayMode`` (``game/ui/play/screen.py``): the screen drives their ``session`` (the one session
interface, ``game.match.session.Session``) and asks the mode for what differs:
who may move on the board, which buttons are enabled, what Rematch and Esc do,
the chat and cards a network game adds, and whether a result is counted.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.lang import _
from game.match.record import Match
from game.match.seats import Replaced, seat_match
from game.match.session import Event, MatchSession
from game.rules.core import State

if TYPE_CHECKING:
    from game.ui.panels.netcard import NetCard
    from game.ui.play.screen import PlayScreen


def replaced_words(replaced: Replaced, state: State, title: str) -> str:
    """A seat's player replaced (``seat_match``), in the words of the play screen's message."""
    where = _("Seat {n} ({seat})").format(n=replaced.seat + 1, seat=_(state.seat_name(replaced.seat)))
    if replaced.remote:
        return _("{where}: {player} plays over the network, which this screen cannot join; "
                 "that seat is now played by a human.").format(where=where, player=replaced.wanted)
    standing = replaced.stand_in
    if standing is None:
        return _("{where}: {problem}, and no bot of {game} can stand in: a human plays that seat.").format(
            where=where, problem=replaced.problem, game=_(title))
    why = _("the tier that gives hints") if standing.hint_tier else _("the strongest tier")
    return _("{where}: {problem}, so {bot} ({why}) plays that seat instead; "
             "Esc goes back to the setup screen to seat another player.").format(
        where=where, problem=replaced.problem, bot=_(standing.spec.label), why=why)


class LocalGame:
    """A game played on this computer (a ``PlayMode``): every seat is here, a human's
    or a bot's. A seat whose bot is not installed gets the stand-in, and a remote
    seat a human (``seat_match``); the screen says so when it opens."""

    chat = None
    cards: tuple["NetCard", ...] = ()
    paused = False
    counts_results = True
    #: Under another screen the game waits: its bots' moves are played once it is shown again.
    goes_on_behind = False

    def __init__(self, scene: "PlayScreen", match: Match) -> None:
        self.scene = scene
        self.services = scene.services
        seating = seat_match(match, self.services.config, self.services.registry)
        self.session = MatchSession(match, seating.specs)
        #: What was wrong with the seats, a paragraph a seat, shown on entering.
        self.problems = [replaced_words(r, match.state, match.state.title) for r in seating.replaced]

    def front_card(self) -> "NetCard | None":
        return None

    def enter(self) -> None:
        if self.problems:
            self.services.dialogs.message(_("Some players were replaced"), "\n\n".join(self.problems))

    def leave(self) -> None:
        """The game is kept for Resume, and the setup screen behind shows its players."""
        self.scene.files.keep_for_resume()
        self.services.setup_memory.remember(self.session.match)
        self.services.warmup.hold(False)
        self.session.close()

    def back(self) -> None:
        self.services.scenes.pop()

    def interactive(self) -> bool:
        """A human of this screen is to move."""
        return self.session.match.current_player.is_human

    def refresh_controls(self) -> None:
        scene, session = self.scene, self.session
        scene.controls.refresh(can_undo=session.can_undo(), can_redo=session.can_redo(),
                               hint=not scene.hints.unavailable(), going=not session.is_over)

    def rematch(self) -> None:
        self.session.restart()
        self.scene.show_events()

    def show(self, event: Event) -> None:
        """Nothing more: the play screen shows every event of a game on this computer itself."""
