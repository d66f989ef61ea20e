"""What the play screen's parts see of the screen and of one another, so that none imports the screen.

The play screen (``PlayScene``, ``game/ui/scenes/play.py``) makes its parts
(``files``, ``hints``, ``keys``, ``layout``, ``local``, ``network``) and hands
each itself; a part knows it as a ``PlayScreen``, the members the parts use,
which ``PlayScene`` has (tests/test_ui_play.py checks that it has every one).
``PlayMode`` is what the screen asks of the kind of game it shows, a game on
this computer (``local.py``) or a network game (``network.py``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.ui.panels.status import StatusHost

if TYPE_CHECKING:
    import pygame

    from game.match.record import Match, MoveRecord
    from game.match.session import Event, Session
    from game.rules.core import Move
    from game.ui.focus import FocusGroup
    from game.ui.panels.chat import ChatPanel
    from game.ui.panels.controls import PlayControls
    from game.ui.panels.decision import DecisionPanel
    from game.ui.panels.movelist import MoveList
    from game.ui.panels.netcard import NetCard
    from game.ui.panels.result import ResultPanel
    from game.ui.panels.rules_help import RulesPanel
    from game.ui.panels.status import StatusPanel
    from game.ui.widgets import Widget


class PlayMode(Protocol):
    """What the play screen asks of the kind of game it shows."""

    #: The game's session; the screen drives it.
    session: Session
    #: The chat under the move list (None: no chat).
    chat: "ChatPanel | None"
    #: The cards that may go over the board, the front one first.
    cards: tuple["NetCard", ...]
    #: The game waits for a player of the network (it says so in the status box).
    paused: bool
    #: Whether a finished game counts in the statistics.
    counts_results: bool
    #: Whether the game goes on while another screen (the review, Settings) is over the play screen.
    goes_on_behind: bool

    def front_card(self) -> "NetCard | None": ...
    def enter(self) -> None: ...
    def leave(self) -> None: ...
    def back(self) -> None: ...
    def interactive(self) -> bool: ...
    def refresh_controls(self) -> None: ...
    def rematch(self) -> None: ...
    def show(self, event: Event) -> None: ...


class HintCommand(Protocol):
    """What the other parts ask of the screen's Hint (``PlayHints``, ``hints.py``)."""

    def unavailable(self) -> str: ...
    def refuse(self) -> None: ...


class ResumeKeeper(Protocol):
    """What the modes ask of the screen's game files (``GameFiles``, ``files.py``)."""

    def keep_for_resume(self) -> None: ...


class PlayScreen(StatusHost, Protocol):
    """The play screen as its parts see it (``PlayScene`` has each member): what its
    status panel reads of it (``StatusHost``), and what the parts use besides."""

    game_id: str
    movelist: MoveList
    result: ResultPanel
    rules: RulesPanel
    controls: PlayControls
    status: StatusPanel
    #: The opening rule's decision, in words and buttons (``panels/decision.py``).
    decision: DecisionPanel
    focus: FocusGroup
    rect: pygame.Rect
    #: The seconds the board's refusal (``refusal``) stays shown.
    refusal_left: float

    # Read only here: the parts' own classes, known by what the others use of them.
    @property
    def board(self) -> Widget: ...
    @property
    def files(self) -> ResumeKeeper: ...
    @property
    def hints(self) -> HintCommand: ...
    @property
    def mode(self) -> PlayMode: ...

    @property
    def match(self) -> Match: ...
    @property
    def autoplay(self) -> bool: ...
    @property
    def chat(self) -> "ChatPanel | None": ...

    def play_move(self, move: Move) -> MoveRecord | None: ...
    def restart(self) -> None: ...
    def rematch(self) -> None: ...
    def ask_save(self) -> None: ...
    def open_menu(self) -> None: ...
    def request_redraw(self) -> None: ...
    def show_events(self) -> None: ...
    def sync_view(self) -> None: ...
    def set_paused(self, paused: bool) -> None: ...
    def refresh_focus(self) -> None: ...
    def back(self) -> None: ...
    def layout(self, size: tuple[int, int]) -> None: ...
    def draw_overlay(self, surface: pygame.Surface) -> None: ...
