"""Which bot plays each difficulty tier, and how long bots may think.

A ``config.yaml`` holds, per game, the seconds a bot may think per move
(``time_budget``), the tier that gives hints (``hint``) and the tiers from
weakest to strongest, each a bot class with parameters::

    games:
      tictactoe:
        time_budget: 1.0
        hint: Master
        tiers:
          Easy: {bot: TicTacToeEasy}
          Hard: {bot: TicTacToeSymmetry, params: {depth: 5}}

The built-in settings are the shipped ``config.yaml`` (``CONFIG_PATH``),
read once per run; there is no second copy in code to drift from it. The
player changes them in a file of their own, read over the shipped one: the
``config.yaml`` in their settings folder (``paths.user_config_path``) when
there is one, or the file ``--config`` names; what it leaves out keeps the
shipped settings. Loading never fails; a mistake is reported with file, line
and key, and only its entry falls back (``reader``).

An external engine program (Gomocup or NBoard, see ``bots/external_engine.py``)
is a game's entry under ``engines:``, beside ``tiers:``, named as the seat
menus show it::

    gomoku:
      engines:
        Rapfi: {command: "/path/to/pbrain-rapfi", protocol: gomocup, time: 2.0}
      tiers:
        Hard: {engine: Rapfi}

``time`` (optional: the game's ``time_budget``) is its seconds per move,
``cwd`` (optional) the folder it runs in, and an NBoard engine's ``depth`` and
``protocol_version`` (optional) the deepest search it is asked and the
``nboard`` version said to it. A tier may be one of the engines
(``{engine: Name}``); the engines no tier names are offered after the tiers.
Loading checks each entry's keys, protocol (one that plays the game), command
(some text) and time, but never runs the program: a command that cannot be
started is reported when the engine is first started. Engines are never built
at discovery (their constructor starts the program).

Entries that need the bots to check (does the bot exist, does it take that
parameter) are checked by ``Config.validate(registry)``, which
``seat_choices`` and ``bot_spec`` call for you; a tier that fails falls back
in the same way. Whether a bot's constructor accepts the parameter *values*
is known only by building it: pass ``config.bot_checks()`` to
``BotRegistry.discover(check=...)`` and ``validate`` reports the tiers whose
bot refused to be built.

The modules: ``model`` (what the file holds once read), ``entries`` (the
shape of its entries, checked by msgspec), ``yamlfile`` (its text as data with
the line of each key), ``reader`` (the player's file over the shipped one),
``botcheck`` and ``checked`` (the tiers against the bots found), ``menus``
(the seat menus).
"""
from game.match.config.botcheck import params_error, tier_error
from game.match.config.checked import Config
from game.match.config.model import (DEFAULT_TIME_BUDGET, ENGINE_BOT, ENGINE_MODULE, MAX_TIME_BUDGET,
                                     MIN_TIME_BUDGET, BotChoiceError, BotLimits, EngineSpec, GameConfig,
                                     NetLimits, SeatChoice, TierSpec)
from game.match.config.reader import NO_BUILT_IN, builtin_games, config_path, load_config
from game.match.config.yamlfile import problem_parts, yaml_error_place
from game.paths import CONFIG_PATH

__all__ = ["CONFIG_PATH", "DEFAULT_TIME_BUDGET", "ENGINE_BOT", "ENGINE_MODULE", "MAX_TIME_BUDGET",
           "MIN_TIME_BUDGET", "NO_BUILT_IN", "BotChoiceError", "BotLimits", "Config", "EngineSpec", "GameConfig",
           "NetLimits", "SeatChoice", "TierSpec", "builtin_games", "config_path", "load_config", "params_error", "problem_parts", "tier_error",
           "yaml_error_place"]
