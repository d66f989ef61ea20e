"""The launch-time engine warm-up on screen: a progress card on the title
screen while engines compile, none once they are done, and a game whose bot
is still compiling waits for it with its progress in the status box.

The fixture bots' warm-up (tests/fixtures/bots_warmup_gated) holds the gated bot
until the test creates its gate file, so nothing here depends on timing.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.rules.catalogue import new_state
from game.match.record import Match, Player
from game.ui.overlays import WarmUpCard
from game.ui.palette import ACCENT, PANEL_BORDER
from game.ui.draw import mix
from game.match.compiling import CAN_LOCK
from game.match.warmup import WarmUpProgress

GATED = Path(__file__).resolve().parent / "fixtures" / "bots_warmup_gated"
GATE_ENV = "BOARD_ARCADE_TEST_WARMUP_GATE"
LIMIT = 3000
CARD_BORDER = mix(PANEL_BORDER, ACCENT, 0.5)


@pytest.fixture
def gate(tmp_path, monkeypatch) -> Path:
    """The file the gated bot's warm-up waits for (absent until the test creates it)."""
    path = tmp_path / "gate"
    monkeypatch.setenv(GATE_ENV, str(path))
    return path


def test_title_shows_the_warm_up_card_while_engines_compile_and_hides_it_when_done(make_app, gate):
    d = make_app(bots_dir=GATED, warm_up=True)
    card = d.app.warmup_card
    d.until(lambda: card.alpha >= 1.0 and card.progress.current == "Gated", LIMIT,
            "the warm-up card fully shown, the gated engine compiling")
    assert d.scene.name == "title"
    assert card.title() == "Compiling the Gated engine…"
    assert card.detail() == "first launch only · 1 of 2"
    border = (card.rect.centerx, card.rect.top)
    assert d.services.window.screen.get_at(border)[:3] == CARD_BORDER
    gate.touch()
    d.until(lambda: d.services.warmup.finished and not card.visible, LIMIT, "the warm-up's end and the card gone")
    d.frames(1)
    assert card.rect is None
    assert d.services.window.screen.get_at(border)[:3] != CARD_BORDER
    assert d.services.warmup.progress().failures == ()


def test_card_appears_only_when_an_engine_compiles_for_more_than_a_moment(make_app):
    d = make_app()
    after = WarmUpCard.SHOW_AFTER
    compiling = WarmUpCard(d.services.fonts)
    compiling.update(after * 0.75, WarmUpProgress(0, 3, "Connect Four Master", compiling=True))
    assert not compiling.visible
    compiling.update(after * 0.5, WarmUpProgress(0, 3, "Connect Four Master", compiling=True))
    assert compiling.visible
    assert compiling.title() == "Compiling the Connect Four Master engine…"
    assert compiling.detail() == "first launch only · 1 of 3"
    compiling.update(after * 0.1, WarmUpProgress(1, 3, "Chinese Checkers Hard"))
    assert compiling.visible                             # it stays until the warm-up ends
    cached = WarmUpCard(d.services.fonts)                     # loading from the cache, however slowly
    cached.update(after * 5, WarmUpProgress(0, 2, "Connect Four Hard"))
    cached.update(after * 5, WarmUpProgress(1, 2, "Connect Four Master"))
    cached.update(after * 5, WarmUpProgress(2, 2, ""))
    assert not cached.visible


def test_game_waits_for_the_engine_the_warm_up_is_compiling_without_starting_its_clock(make_app, gate):
    """Its worker starts (a first move it plays without its engine would come at once) and waits
    for the warm-up's compile; the status box says it is a first game, with the seconds so far
    (the fixture's engine has no measured profile to tell a share from)."""
    d = make_app(bots_dir=GATED, warm_up=True)
    d.services.settings.update(bot_delay=0.0)
    d.until(lambda: d.services.warmup.compiling("GatedBot"), LIMIT, "the gated engine compiling")
    d.open_match(Match(new_state("tictactoe"), [Player.of_bot("GatedBot", label="Gated"), Player.human()]))
    d.settle()
    play = d.scene
    d.frames(30)
    assert play.warming and (not CAN_LOCK or play.session.runners[0].starting)
    assert play.status.status_line() == "getting ready for its first game on this computer"
    assert re.fullmatch(r"\d+ s so far", play.status.warming_label())
    assert d.app.warmup_card.rect is None                 # the play screen shows it in its status box
    gate.touch()
    d.until(lambda: len(play.match.records) == 1, LIMIT, "the bot's first move once its engine is ready")
    assert play.match.records[0].note == ""               # no failure: its clock started when it could play
    assert not play.warming


def test_bot_still_queued_for_the_warm_up_starts_at_once_and_warms_up_itself(make_app, gate):
    d = make_app(bots_dir=GATED, warm_up=True)
    d.services.settings.update(bot_delay=0.0)
    d.until(lambda: d.services.warmup.progress().current == "Gated", LIMIT, "the gated engine compiling")
    holds = []
    hold = d.services.warmup.hold
    d.services.warmup.hold = lambda held: (holds.append(held), hold(held))
    d.open_match(Match(new_state("tictactoe"), [Player.of_bot("QuickBot", label="Quick"), Player.human()]))
    d.settle()
    play = d.scene
    assert 0 in play.session.runners                      # its worker started at once
    d.until(lambda: len(play.match.records) == 1, LIMIT, "the queued bot's first move")
    assert not play.warming
    assert play.match.records[0].note == ""
    assert d.services.warmup.progress().current == "Gated"     # the warm-up still holds the gated engine
    d.frames(1)
    assert holds[:1] == [True] and holds[-1] is False     # held while the bot's worker started
    assert not d.services.warmup.held
    gate.touch()


def test_opening_a_games_setup_puts_its_engines_first_in_the_warm_up_its_seats_first(make_app):
    d = make_app()
    preferred = []
    d.services.warmup.prefer = lambda keys: preferred.append(list(keys))
    d.services.scenes.go("setup", game_id="reversi", animate=False)
    d.settle()
    tiers = d.services.config.game("reversi").tiers
    bots = list(dict.fromkeys(tier.bot for tier in tiers))
    opponent = next(tier.bot for tier in tiers if tier.name == d.scene.seat_labels[1])
    assert preferred[-1][0] == opponent and sorted(preferred[-1]) == sorted(bots)
    hard = next(tier.bot for tier in tiers if tier.name == "Hard")
    d.scene.set_seat(1, next(i for i, c in enumerate(d.scene.choices) if c.label == "Hard"))
    assert preferred[-1] == [hard] + [bot for bot in bots if bot != hard]


def test_the_game_highlighted_in_the_menu_compiles_first(make_app):
    """On the game menu, the card under the pointer or the keys puts its game's engines next
    in the warm-up, once per highlight."""
    d = make_app()
    preferred = []
    d.services.warmup.prefer = lambda keys: preferred.append(list(keys))
    d.services.scenes.go("games", animate=False)
    d.settle()
    d.scene.focus.focus(d.scene.widget("game:gomoku"))
    d.frames(1)
    assert preferred[-1] == list(dict.fromkeys(tier.bot for tier in d.services.config.game("gomoku").tiers))
    count = len(preferred)
    d.frames(30)
    assert len(preferred) == count                          # once, not every frame
    d.scene.focus.focus(d.scene.widget("game:reversi"))
    d.frames(1)
    assert preferred[-1] == list(dict.fromkeys(tier.bot for tier in d.services.config.game("reversi").tiers))


def test_a_bot_whose_worker_is_still_compiling_is_getting_ready_not_thinking(make_app, gate, monkeypatch):
    """Until its worker has the bot built and its engine compiled, the bot to move does not
    have the position: the status box says it is getting ready (a first game on this computer
    once numba says it compiles, with the measured share done and an estimate of the wait left
    where the engine has a profile), never "thinking" with a move's budget."""
    import threading

    from game.match import compiling, supervisor

    # A worker spawned afresh sees this test's gate; one forked from the fork server an earlier
    # test started would have that test's environment (its gate, long opened).
    monkeypatch.setattr(supervisor, "_fork_server_ready", threading.Event())

    d = make_app(bots_dir=GATED)                 # no launch-time warm-up: the worker compiles the engine
    d.services.settings.update(bot_delay=0.0)
    d.open_match(Match(new_state("tictactoe"), [Player.of_bot("GatedBot", label="Gated"), Player.human()]))
    d.settle()
    play = d.scene
    d.until(lambda: 0 in play.session.runners and play.session.runners[0].starting, LIMIT, "the worker starting")
    assert play.warming
    d.until(lambda: play.session.runners[0].compile is not None and play.session.runners[0].compile.kernels, LIMIT,
            "the worker's kernel compiled")
    assert play.session.runners[0].starting       # the gate holds the worker's warm-up
    assert play.status.status_line() == "getting ready for its first game on this computer"
    assert re.fullmatch(r"\d+ s so far", play.status.warming_label())      # no profile: no share, no estimate
    # With a profile in which its kernel is a quarter of the compile: that share done, and an estimate.
    kernel = play.session.runners[0].compile.kernels[0]
    assert kernel.endswith("._one_more")
    monkeypatch.setitem(compiling.COMPILE_PROFILES, "GatedBot", ((kernel, 1.0, True), ("elsewhere.rest", 3.0, True)))
    found = re.fullmatch(r"(\d+)% done, about (\d+) s left", play.status.warming_label())
    assert found and 25 <= int(found[1]) <= 99 and int(found[2]) >= 1
    gate.touch()
    d.until(lambda: len(play.match.records) == 1, LIMIT, "the bot's first move once its engine is ready")
    assert play.match.records[0].note == ""
    assert not play.warming


def test_setup_says_under_its_title_that_its_engine_is_compiling_and_shows_no_card(make_app):
    """The setup screen names its own game's engine being compiled (not another game's) under
    its title; the warm-up card, which would cover its Play button in a small window, is not drawn."""
    d = make_app((800, 560))
    compiling = {"ConnectFourAlphaBeta"}
    d.services.warmup.compiling = lambda key: key in compiling
    d.services.scenes.go("setup", game_id="gomoku", animate=False)
    d.settle()
    assert d.scene.draws_warm_up and d.scene.warm_up_line() == ""          # another game's engine
    hard = next(tier.bot for tier in d.services.config.game("gomoku").tiers if tier.name == "Hard")
    compiling.add(hard)
    d.frames(2)
    assert d.scene.warm_up_line() == "Getting Hard ready for its first game on this computer…"
