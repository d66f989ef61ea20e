"""The configuration as loaded, and checked against the bots found.

``Config.validate(registry)`` checks the tiers that need the bots to check
(does the bot exist, play the game, take those parameters); a tier that fails
falls back to the built-in tier of its name, or is left out, and the hint tier
moves to the strongest tier that can give hints. The seat menus built from it
are ``menus``'.
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

from game.lang import N_, Phrase
from game.match.botregistry import BotRegistry
from game.match.config import menus
from game.match.config.botcheck import analyses, tier_error
from game.match.config.model import BotLimits, GameConfig, NetLimits, SeatChoice, TierSpec, strongest_or
from game.match.config.yamlfile import problem_text
from game.match.runner import BotSpec
from game.match.untuned import GENERIC_BOT, UNTUNED_HINT, UNTUNED_TIERS


def tier_name(name: str) -> Phrase:
    """A tier's name in a problem, in the player's language where the catalogue has it (the
    shipped tiers' names, ``assets/locale/tiers.py``); a tier of one's own as it is named."""
    return Phrase(name)


def built_in_tier(tier: TierSpec) -> Phrase:
    """What a bad tier falls back to: ``'using the built-in Hard tier (GomokuHard)'``."""
    return Phrase(N_("using the built-in {tier} tier ({bot})"), tier=tier_name(tier.name), bot=tier.text)


class Config:
    """The loaded configuration and every problem found in it.

    ``problems`` lists what was wrong with the file (from loading) and, once
    ``validate`` has run, with the bots it names.
    """

    def __init__(self, path: Path, games: dict[str, GameConfig], load_problems: list[str],
                 lines: dict[tuple[str, ...], int] | None = None, *,
                 defaults: dict[str, GameConfig] | None = None, net: NetLimits | None = None,
                 bots: BotLimits | None = None) -> None:
        self.path = path
        #: The LAN settings.
        self.net = net or NetLimits()
        #: What every bot may use.
        self.bots = bots or BotLimits()
        self._lines = lines or {}
        #: The built-in settings a bad tier falls back to (none for the shipped file itself).
        self._defaults = defaults or {}
        self._loaded = games
        self._checked: dict[str, GameConfig] | None = None
        self._registry: BotRegistry | None = None
        self.load_problems = load_problems
        self.bot_problems: list[str] = []

    @property
    def problems(self) -> list[str]:
        """Every problem, in the order of the file's lines (problems of the whole
        file, which name no line, first)."""
        return sorted(self.load_problems + self.bot_problems, key=self._line_of)

    def _line_of(self, problem: str) -> int:
        match = re.match(rf"{re.escape(self.path.name)} line (\d+):", problem)
        return int(match.group(1)) if match else 0

    @property
    def games(self) -> dict[str, GameConfig]:
        return self._checked if self._checked is not None else self._loaded

    def game(self, game_id: str) -> GameConfig:
        """The settings of ``game_id``; a game the config does not mention gets the
        default budget and the generic bot's tiers (``untuned.py``), those whose bot
        was found once ``validate`` has run."""
        game = self.games.get(game_id)
        if game is None:
            game = GameConfig(game_id, tiers=[TierSpec(n, GENERIC_BOT, p) for n, p in UNTUNED_TIERS],
                              hint_tier=UNTUNED_HINT)
            game = game if self._registry is None else self._validate_game(game, None, self._registry)
        return game

    # -- checking against the bots ------------------------------------------
    def bot_checks(self) -> list[tuple[str, dict[str, Any]]]:
        """``(bot class, params)`` of every tier, and of the built-in tiers that
        may replace them, for ``BotRegistry.discover(check=...)`` to construct. Not the
        external engines: building one starts its program."""
        pairs: list[tuple[str, dict[str, Any]]] = []
        for game_id, game in self._loaded.items():
            default = self._defaults.get(game_id)
            for tier in [*game.tiers, *(default.tiers if default else [])]:
                if tier.engine is None and (tier.bot, tier.params) not in pairs:
                    pairs.append((tier.bot, dict(tier.params)))
        return pairs

    def validate(self, registry: BotRegistry) -> list[str]:
        """Check every tier against the bots found; return the problems.

        A tier whose bot is missing, does not play the game, or does not take
        its parameters is replaced by the built-in tier of the same name (if
        that one is usable) or left out. The hint tier falls back likewise.
        Running it again with the same registry changes nothing.
        """
        if registry is self._registry:
            return self.bot_problems
        self._registry = registry
        self.bot_problems = []
        checked = {}
        for game_id, game in self._loaded.items():
            checked[game_id] = self._validate_game(game, self._defaults.get(game_id), registry)
        self._checked = checked
        return self.bot_problems

    def _validate_game(self, game: GameConfig, default: GameConfig | None,
                       registry: BotRegistry) -> GameConfig:
        if ("games", game.game_id) not in self._lines:
            # Built-in settings of a game the file does not mention: a bot missing from
            # the bots folder is no fault of the file, so its tier is left out quietly.
            tiers = [t for t in game.tiers if tier_error(t, game.game_id, registry) is None]
            analysing = [t.name for t in tiers if analyses(t, registry)]
            return dataclasses.replace(game, tiers=tiers, hint_tier=strongest_or(game.hint_tier, analysing))
        tiers = []
        for tier in game.tiers:
            key = ("games", game.game_id, "tiers", tier.name)
            error = tier_error(tier, game.game_id, registry)
            if error is None:
                tiers.append(tier)
                continue
            fallback = default.tier(tier.name) if default else None
            usable = fallback is not None and fallback != tier
            if usable and tier_error(fallback, game.game_id, registry) is None:
                tiers.append(fallback)
                action = built_in_tier(fallback)
            else:
                action = Phrase(N_("tier {tier} left out"), tier=tier_name(tier.name))
            self.bot_problems.append(self._problem_text(key + error[0], Phrase(N_("{problem}; {action}"),
                                                                               problem=error[1], action=action)))
        return dataclasses.replace(game, tiers=tiers, hint_tier=self._valid_hint(game, tiers, default, registry))

    def _valid_hint(self, game: GameConfig, tiers: list[TierSpec], default: GameConfig | None,
                    registry: BotRegistry) -> str:
        """The hint tier if it survived validation and its bot values moves (has
        ``analyse``), else the strongest tier whose bot does (``''`` if none)."""
        hint = game.hint_tier
        analysing = [t.name for t in tiers if analyses(t, registry)]
        if not hint or hint in analysing:
            return hint
        fallback = strongest_or(default.hint_tier if default else "", analysing)
        action = Phrase(N_("hints come from {tier}"), tier=tier_name(fallback)) if fallback else Phrase(N_("no hints"))
        key = ("games", game.game_id, "hint")
        if hint not in [t.name for t in tiers]:
            self.bot_problems.append(self._problem_text(key, Phrase(N_("tier {tier} is not available; {action}"),
                                                                    tier=tier_name(hint), action=action)))
        elif key in self._lines:
            tier = next(t for t in tiers if t.name == hint)
            why = (Phrase(N_("the external engine {engine} is not asked for hints"), engine=tier.engine.name)
                   if tier.engine else Phrase(N_("{bot} does not value moves (it has no analyse)"), bot=tier.bot))
            self.bot_problems.append(self._problem_text(key, Phrase(N_("tier {tier} cannot give hints: {why}; {action}"),
                                                                    tier=tier_name(hint), why=why, action=action)))
        return fallback

    def _problem_text(self, key: tuple[str, ...], message: str) -> Phrase:
        return problem_text(self.path, self._lines, key, message)

    # -- seats (see ``menus``) --------------------------------------------------
    def seat_choices(self, game_id: str, registry: BotRegistry) -> list[SeatChoice]:
        """The seat menu of ``game_id`` (``menus.seat_choices``)."""
        self.validate(registry)
        return menus.seat_choices(self.game(game_id), registry)

    def choice_names(self, game_id: str, registry: BotRegistry) -> list[str]:
        """Every name ``bot_spec`` accepts for ``game_id`` (``menus.choice_names``)."""
        self.validate(registry)
        return menus.choice_names(self.game(game_id), registry)

    def bot_spec(self, game_id: str, choice: str, registry: BotRegistry, *,
                 seed: int | None = None, budget: float | None = None) -> BotSpec:
        """How to run ``choice`` in ``game_id`` (``menus.bot_spec``), within ``bots:``' memory limit."""
        self.validate(registry)
        spec = menus.bot_spec(self.game(game_id), choice, registry, seed=seed, budget=budget)
        return dataclasses.replace(spec, memory_limit=self.bots.memory_limit)
