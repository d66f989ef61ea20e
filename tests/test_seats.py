"""Who plays each seat of a match on this computer, and the one rule for who stands in
for a player who cannot play (``game/match/seats.py``)."""
from __future__ import annotations

import pytest

from game.match.config import BotChoiceError, GameConfig, TierSpec, load_config
from game.match.record import REMOTE, Match, Player
from game.match.runner import BotSpec
from game.match.seats import config_stand_in, seat_match, stand_in
from game.paths import CONFIG_PATH
from game.rules.catalogue import new_state

#: A game of three tiers, weakest first, whose hint tier is the middle one.
GAME = GameConfig("tictactoe", tiers=[TierSpec("Easy", "EasyBot"), TierSpec("Hard", "HardBot"),
                                      TierSpec("Master", "MasterBot")], hint_tier="Hard")


def runs(*tiers: str):
    """A tier-to-spec function that can run only ``tiers`` (the others are not installed)."""
    def spec_of(tier: str) -> BotSpec:
        if tier not in tiers:
            raise BotChoiceError(f"no tier {tier!r}")
        return BotSpec(f"{tier}Bot", "bots.somewhere", {}, tier, 1.0)
    return spec_of


def test_the_hint_tier_stands_in_first():
    chosen = stand_in(GAME, runs("Easy", "Hard", "Master"))
    assert (chosen.tier, chosen.hint_tier, chosen.spec.key) == ("Hard", True, "HardBot")
    assert chosen.player == Player.of_bot("Hard", label="Hard")


def test_without_the_hint_tier_the_strongest_tier_that_can_play_stands_in():
    assert stand_in(GAME, runs("Easy", "Master")).tier == "Master"
    weakest = stand_in(GAME, runs("Easy"))
    assert (weakest.tier, weakest.hint_tier) == ("Easy", False)


def test_a_tier_refused_with_a_plain_value_error_is_passed_over_too():
    def spec_of(tier: str) -> BotSpec:     # the LAN server's tier lookup says ValueError
        if tier == "Hard":
            raise ValueError("its engine is not installed")
        return runs("Easy", "Master")(tier)

    assert stand_in(GAME, spec_of).tier == "Master"


def test_no_tier_that_can_play_means_no_stand_in():
    assert stand_in(GAME, runs()) is None
    assert stand_in(GameConfig("tictactoe"), runs("Easy")) is None


@pytest.fixture(scope="module")
def installed(shipped_registry):
    config = load_config(CONFIG_PATH)
    config.validate(shipped_registry)
    return config, shipped_registry


def test_a_bot_not_installed_gets_the_stand_in_and_the_match_says_so(installed):
    config, registry = installed
    match = Match(new_state("tictactoe"), [Player.human(), Player.of_bot("RetiredBot")])
    seating = seat_match(match, config, registry)
    (replaced,) = seating.replaced
    assert (replaced.seat, replaced.wanted, replaced.problem) == (1, "RetiredBot", "RetiredBot is not installed")
    assert replaced.stand_in == config_stand_in(config, "tictactoe", registry)
    assert replaced.stand_in.tier == config.game("tictactoe").hint_tier == "Master"
    assert match.players == [Player.human(), Player.of_bot("Master")]
    assert list(seating.specs) == [1] and seating.specs[1].label == "Master"


def test_a_remote_seat_becomes_a_human_on_this_computer(installed):
    config, registry = installed
    match = Match(new_state("tictactoe"), [Player(REMOTE, "Grace"), Player.of_bot("Easy")])
    seating = seat_match(match, config, registry)
    (replaced,) = seating.replaced
    assert replaced.remote and (replaced.seat, replaced.wanted, replaced.stand_in) == (0, "Grace", None)
    assert match.players[0] == Player.human() and match.players[1] == Player.of_bot("Easy")
    assert list(seating.specs) == [1] and seating.specs[1].label == "Easy"


def test_players_who_can_play_keep_their_seats(installed):
    config, registry = installed
    players = [Player.of_bot("Hard"), Player.of_bot("Master")]
    match = Match(new_state("tictactoe"), list(players))
    seating = seat_match(match, config, registry)
    assert seating.replaced == [] and match.players == players
    assert [seating.specs[seat].label for seat in (0, 1)] == ["Hard", "Master"]
