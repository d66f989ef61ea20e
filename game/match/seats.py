"""Who plays each seat of a match on this computer, and the one rule for who stands in.

A match names its players: a human, a bot by its tier or name, a remote
player. ``seat_match`` finds how to run each bot seat from the config and the
bots installed. A seat whose player cannot play is given a stand-in bot chosen
by one rule, ``stand_in``: the game's hint tier (its best judge of moves), else
its strongest tier that can play here. It is the one rule for every seat whose
player cannot play: a saved game's bot that is no longer installed (the play
screen), a network player who did not come back (the host's "Give to a bot").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from game.match.botregistry import BotRegistry
from game.match.config import BotChoiceError, Config, GameConfig
from game.match.record import Match, Player
from game.match.runner import BotSpec


@dataclass(frozen=True)
class StandIn:
    """The bot that plays a seat in its player's place: its tier, how to run it, and
    whether it is the game's hint tier (else its strongest tier that can play)."""

    tier: str
    spec: BotSpec
    hint_tier: bool

    @property
    def player(self) -> Player:
        """The seat's player as the match names it."""
        return Player.of_bot(self.tier, label=self.spec.label)


def stand_in(game: GameConfig, spec_of: Callable[[str], BotSpec]) -> StandIn | None:
    """The stand-in of ``game``: its hint tier, else its tiers from the strongest down,
    the first that ``spec_of`` (a tier name to how to run it; ``ValueError`` for a
    tier that cannot play here) can run; None when none can."""
    hint = game.hint_tier
    candidates = ([hint] if hint else []) + [tier.name for tier in reversed(game.tiers)]
    for tier in candidates:
        try:
            spec = spec_of(tier)
        except ValueError:       # BotChoiceError is one
            continue
        return StandIn(tier, spec, tier == hint)
    return None


def config_stand_in(config: Config, game_id: str, registry: BotRegistry) -> StandIn | None:
    """``stand_in`` for ``game_id`` with its tiers run as ``config`` says, from the bots of ``registry``."""
    return stand_in(config.game(game_id), lambda tier: config.bot_spec(game_id, tier, registry))


@dataclass(frozen=True)
class Replaced:
    """A seat whose player cannot play it here, and who does instead.

    ``wanted`` is the player the match named (a bot's tier or name, a remote
    player's label); ``problem`` why that bot cannot play (``''`` for a remote
    player: a game on this computer joins no network); ``stand_in`` the bot now
    in the seat, None when a human plays it."""

    seat: int
    wanted: str
    problem: str = ""
    stand_in: StandIn | None = None

    @property
    def remote(self) -> bool:
        return not self.problem


@dataclass
class Seating:
    """How to run each bot seat of a match (its ``BotSpec``), and the seats whose players were replaced."""

    specs: dict[int, BotSpec] = field(default_factory=dict)
    replaced: list[Replaced] = field(default_factory=list)


def seat_match(match: Match, config: Config, registry: BotRegistry) -> Seating:
    """Seat ``match``'s players on this computer. A bot seat whose bot cannot play here
    gets the stand-in (a human when there is none), a remote seat a human; the
    match's players are replaced to say so. A bot named by its tier takes the tier's
    label (``'Master'`` for a tier whose label the config changed)."""
    game_id = match.state.game_id
    seating = Seating()
    players = list(match.players)
    for seat, player in enumerate(players):
        if player.is_bot:
            wanted = player.bot or player.label
            try:
                spec = config.bot_spec(game_id, wanted, registry)
            except BotChoiceError as err:
                problem = f"{wanted} is not installed" if registry.find(wanted) is None else str(err)
                standing = config_stand_in(config, game_id, registry)
                seating.replaced.append(Replaced(seat, wanted, problem, standing))
                if standing is None:
                    players[seat] = Player.human()
                else:
                    players[seat] = standing.player
                    seating.specs[seat] = standing.spec
                continue
            seating.specs[seat] = spec
            if player.label == player.bot and spec.label != player.label:
                players[seat] = Player.of_bot(player.bot, label=spec.label)
        elif not player.is_human:
            seating.replaced.append(Replaced(seat, player.label))
            players[seat] = Player.human()
    if players != match.players:
        match.replace_players(players)
    return seating
