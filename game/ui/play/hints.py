"""The play screen's Hint (H): when it may be asked, asking the game's hint tier, and the
hint on show (the move marked on the board, its value's words in the status box).

The hint bot runs in the session (``Session.request_hint``); a hint that proved
some values but not all goes on proving them (``refining``), and the values
reported on the way are shown as they come.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.lang import _
from game.match.config import BotChoiceError, TierSpec
from game.match.runner import BotSpec
from game.match.session import HintReady
from game.ui.naming import player_names
from game.ui.panels.movelist import shown_move
from game.rules.phrases import value_in_words

if TYPE_CHECKING:
    from game.ui.play.screen import PlayScreen


#: How a value's words end when the value is an estimate.
ESTIMATE_MARK = " (estimate)"


def plain_detail(detail: str) -> str:
    """A hint's value in words to write after its move in brackets: an estimate's own
    bracket would double them ("f4 (-0.79 (estimate))"), so it is said first instead
    ("estimated -0.79"; "about +3 discs (estimate)" is "estimated +3 discs"; words with no
    figure, "estimate: slightly behind")."""
    worded = value_in_words(detail)
    if worded != detail or not detail.endswith(ESTIMATE_MARK):      # a language's own words for it
        return worded
    figure = detail[:-len(ESTIMATE_MARK)].strip().removeprefix("about ").strip()
    return (_("estimated {figure}") if figure[:1] in "+-−0123456789" else _("estimate: {figure}")).format(figure=figure)


@dataclass
class HintShown:
    """The hint on screen: the move in notation, the words of its value, both as one line,
    what the values prove of the position (when it says more than the move's words) and
    whether the hint bot is still proving the rest."""

    move_text: str = ""
    detail: str = ""
    position: str = ""
    refining: bool = False

    @property
    def text(self) -> str:
        return self.move_text + (f"  ({self.detail})" if self.detail else "") + (
            " · " + _("position: {value}").format(value=self.position) if self.position else "")


class PlayHints:
    """The hint of one play screen: ``shown`` is on screen (empty: none)."""

    def __init__(self, scene: "PlayScreen") -> None:
        self.scene = scene
        self.services = scene.services
        self.shown = HintShown()
        self._spec: BotSpec | None = None

    def unavailable(self) -> str:
        """Why Hint cannot be asked now ('' when it can): hints are for the move
        of a player at this screen, in a game still going, once the hint engine is ready."""
        scene = self.scene
        why = scene.session.hint_unavailable(player_names(scene.match.players, scene.state.seat_name))
        if why:
            return why
        tier = self._tier()
        if tier is not None and self.services.warmup.compiling(tier.bot):
            return _("The hint engine is still being prepared (first launch only)")
        return ""

    def _tier(self) -> TierSpec | None:
        config = self.services.config.game(self.scene.game_id)
        return config.tier(config.hint_tier) if config.hint_tier else None

    def refuse(self) -> None:
        """H pressed while Hint is greyed out: say why."""
        self.services.sounds.play("error")
        self.services.toasts.show(self.unavailable(), "info", seconds=2.5)

    def ask(self) -> None:
        scene, services = self.scene, self.services
        if self.unavailable():
            self.refuse()
            return
        if scene.session.hint_pending or scene.session.hint_refining:   # the hint on its way, or filling in
            services.sounds.play("error")
            return
        game = services.config.game(scene.game_id)
        if not game.hint_tier:
            services.toasts.show(_("No hints for {game}: config.yaml names no hint tier whose bot can judge moves").format(
                game=_(scene.title)),
                                 "warning")
            return
        if self._spec is None:
            try:
                self._spec = services.config.bot_spec(scene.game_id, game.hint_tier, services.registry,
                                                      budget=game.hint_seconds)
            except BotChoiceError as err:
                services.toasts.show(_("No hints: {error}").format(error=err), "error")
                return
            services.warmup.hand_over(self._spec.key)
        self.clear()
        scene.session.request_hint(self._spec)

    def clear(self) -> None:
        """No hint on show, and none on its way."""
        self.scene.session.cancel_hint()
        self.scene.view.hint = None
        self.scene.view.hint_values = {}
        self.shown = HintShown()

    def show(self, event: HintReady) -> None:
        """The hint bot's judgement on the board and in the status box (a sound for the first)."""
        scene = self.scene
        scene.view.hint = event.move
        scene.view.hint_values = dict(event.values)
        verdict, legal = event.position, scene.state.legal_moves()
        telling = verdict is not None and (verdict.proven or any(m not in event.values for m in legal))
        position = value_in_words(verdict.text) if telling else ""    # estimates of every move: their words say so
        first = not self.shown.text
        self.shown = HintShown(shown_move(scene.state.move_to_str(event.move)), plain_detail(event.detail),
                               "" if position == event.detail else position, event.refining)
        if first:
            self.services.sounds.play("hint")
