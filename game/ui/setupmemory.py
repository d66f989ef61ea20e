"""What each game's setup screen last had chosen, kept for the session.

The setup screen remembers its seats, rules options and time control per game as the player
changes them; a match opened or left on the play screen is remembered as its
game's setup too (``remember``), so going back from a loaded game shows its
players. Seats are remembered by their choice's label on the setup screen
(``Config.seat_choices``): "Human", a tier name, a bot's own name.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.match.botregistry import BotRegistry
from game.match.config import BotChoiceError, Config, SeatChoice
from game.match.record import Match, Player


@dataclass(frozen=True)
class SetupChoices:
    """One game's remembered setup: a seat choice's label per seat (None: nothing
    on the setup screen plays as that seat's player), the rules options and the time
    control as ``TimeControl.text`` writes it ('': no clock)."""

    seats: tuple[str | None, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    clock: str = ""


class SetupMemory:
    """The remembered setup of every game set up or played this session."""

    def __init__(self, config: Config, registry: BotRegistry) -> None:
        self.config = config
        self.registry = registry
        self._games: dict[str, SetupChoices] = {}
        #: The name this player goes by in network games, as last typed ('' until then).
        self.player_name = ""

    def recall(self, game_id: str) -> SetupChoices:
        """What was last chosen for ``game_id`` (nothing, if it was never set up)."""
        return self._games.get(game_id, SetupChoices())

    def keep(self, game_id: str, seats: list[str], options: dict[str, Any], clock: str | None = None) -> None:
        """The setup screen's seats and options for ``game_id``, as chosen now, and its time
        control (None: the one remembered stays)."""
        clock = self.recall(game_id).clock if clock is None else clock
        self._games[game_id] = SetupChoices(tuple(seats), dict(options), clock)

    def remember(self, match: Match) -> None:
        """Make ``match``'s players and rules options the remembered setup of its game."""
        game_id = match.state.game_id
        choices = self.config.seat_choices(game_id, self.registry)
        self._games[game_id] = SetupChoices(
            tuple(self.choice_label(game_id, player, choices) for player in match.players),
            dict(match.state.options),
            match.clock.control.text if match.clock is not None else "",
        )

    def choice_label(self, game_id: str, player: Player, choices: list[SeatChoice]) -> str | None:
        """The seat choice that plays as ``player``, or None (a remote player, an unknown bot).

        A bot is found by its choice name (a tier, any case, or a class name),
        then by its label, then by what it runs: a class name saved in a file
        picks the tier that plays that class with no parameters.
        """
        if player.is_human:
            return choices[0].label if choices else None
        if not player.is_bot:
            return None
        bots = [c for c in choices if c.player.is_bot]
        wanted = (player.bot or player.label).casefold()
        for choice in bots:
            if (choice.player.bot or "").casefold() == wanted:
                return choice.label
        for choice in bots:
            if choice.label == player.label:
                return choice.label
        try:
            spec = self.config.bot_spec(game_id, player.bot or player.label, self.registry)
        except BotChoiceError:
            return None
        for choice in bots:
            other = self.config.bot_spec(game_id, choice.player.bot or choice.label, self.registry)
            if (other.key, other.params) == (spec.key, spec.params):
                return choice.label
        return None
