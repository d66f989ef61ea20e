"""The pieces of the network screens that need no network: the setup screen's Remote
player seat, typing in a text field, the chat panel's lines, reading a typed address."""
from __future__ import annotations

import pygame
import pytest

from game.ui.panels.netcard import countdown_text
from game.ui.scenes.join import AddressError, parse_address


def type_text(d, words: str) -> None:
    """Type ``words`` as SDL delivers typing: a TEXTINPUT event per character."""
    for ch in words:
        d.post(pygame.TEXTINPUT, text=ch)
    d.frames(1)


def test_setup_offers_a_remote_player_seat_and_play_becomes_host(make_app):
    d = make_app(game_id="tictactoe")
    setup = d.scene
    assert "Remote player" in [c.label for c in setup.choices]
    assert setup.widget("start").label == "Play"
    setup.select(1, "Remote player")
    assert setup.players()[1].kind == "remote"
    assert setup.widget("start").label == "Host"
    setup.select(1, "Human")
    assert setup.widget("start").label == "Play"


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080)])
def test_a_hosted_match_has_a_name_field_that_takes_chinese_and_a_w_and_names_the_host(make_app, size):
    """The host types the name the others see on the setup screen (before, only Join had a name
    field); W typed there is a letter, not Swap seats; Host keeps the name for the server."""
    d = make_app(size=size, game_id="connect4")
    setup = d.scene
    assert setup.name_field not in setup.focus.widgets
    setup.select(1, "Remote player")
    d.frames(1)
    field = setup.widget("host-name")
    assert field is not None and setup.rules_box.contains(field.rect)
    setup.focus.focus(field)
    field.text, field.cursor, field.anchor = "", 0, 0
    d.post(pygame.TEXTINPUT, text="小明")
    d.key(pygame.K_w, unicode="w")
    d.post(pygame.TEXTINPUT, text="w")
    d.frames(1)
    assert field.text == "小明w"
    assert setup.seat_labels == ["Human", "Remote player"]          # not swapped
    pushed = []
    d.services.scenes.push = lambda name, **args: pushed.append(name)
    setup.start()
    assert pushed == ["host"] and d.services.setup_memory.player_name == "小明w"
    setup.select(1, "Human")
    d.frames(1)
    assert setup.name_field not in setup.focus.widgets


def test_default_opponent_is_a_bot_not_a_remote_player(make_app):
    d = make_app(game_id="connect4")
    assert d.scene.seat_labels[0] == "Human"
    assert d.scene.players()[1].is_bot


def test_text_field_takes_typing_editing_keys_and_enter(make_app):
    from game.ui.textfield import TextField

    d = make_app()
    sent = []
    field = TextField(d.services, on_submit=lambda: sent.append(field.text), max_length=8)
    for ch in "hello":
        field.edit(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    field.edit(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode=""))
    field.edit(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    field.insert("p world")      # at the caret, cut at the length limit
    assert field.text == "help woo"
    assert field.edit(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    assert field.text == "help woo"     # a printable key's character comes as TEXTINPUT, not twice
    assert field.edit(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert sent == ["help woo"]


def test_text_field_drops_control_characters(make_app):
    from game.ui.textfield import TextField

    d = make_app()
    field = TextField(d.services)
    field.insert("a\x00b\nc")
    assert field.text == "a b c"


def test_empty_text_field_shows_its_placeholder_until_typed_in(make_app):
    from game.ui.textfield import TextField

    d = make_app()

    def drawn(field: TextField) -> bytes:
        surface = pygame.Surface((300, 40))
        field.rect = pygame.Rect(0, 0, 300, 40)
        field.draw(surface)
        return pygame.image.tobytes(surface, "RGB")

    bare = drawn(TextField(d.services))
    hinted = TextField(d.services, placeholder="host:port")
    assert drawn(hinted) != bare
    hinted.insert("x")
    assert drawn(hinted) == drawn(TextField(d.services, "x"))


def test_chat_panel_sends_typed_words_and_keeps_lines(make_app):
    from game.ui.panels.chat import KEPT_LINES, ChatPanel

    d = make_app()
    sent = []
    chat = ChatPanel(d.services, sent.append)
    chat.field.set_text("  good game  ")
    chat.field.activate()
    chat.field.activate()            # nothing left to send
    assert sent == ["good game"] and chat.field.text == ""
    chat.add("Alice", "hi\x00there")
    chat.note("Bob joined")
    assert [(line.name, line.words) for line in chat.lines] == [("Alice", "hi\\x00there"), ("", "Bob joined")]
    for i in range(KEPT_LINES + 5):
        chat.add("Bob", f"line {i}")
    assert len(chat.lines) == KEPT_LINES and chat.lines[-1].words == f"line {KEPT_LINES + 4}"


def test_chat_panel_draws_long_lines_wrapped(make_app):
    from game.ui.panels.chat import ChatPanel

    d = make_app()
    chat = ChatPanel(d.services, lambda words: None)
    chat.layout(pygame.Rect(0, 0, 240, 200))
    chat.add("Alice", "a rather long line of chat that cannot fit on one row of a narrow panel")
    rows = chat.wrapped(216)
    assert len(rows) > 1 and rows[0][0].startswith("Alice: ")
    chat.draw(pygame.Surface((300, 300)))


def test_the_chat_panels_heading_reads_in_the_players_language(make_app, monkeypatch):
    import game.ui.panels.chat as chat_panel

    drawn: list[str] = []
    real = chat_panel.text
    monkeypatch.setattr(chat_panel, "text", lambda surface, font, words, *rest, **kw: (drawn.append(words),
                                                                                      real(surface, font, words, *rest, **kw))[1])
    d = make_app()
    d.services.settings.update(language="zh_CN")
    chat = chat_panel.ChatPanel(d.services, lambda words: None)
    chat.layout(pygame.Rect(0, 0, 300, 240))
    assert chat.headed
    chat.draw(pygame.Surface((300, 300)))
    assert "聊天" in drawn and "CHAT" not in drawn


@pytest.mark.parametrize("typed, expected", [
    ("192.168.1.20:5151", ("192.168.1.20", 5151)),
    ("  host.local ", ("host.local", 5151)),
    ("localhost:80", ("localhost", 80)),
    ("[::1]:6000", ("::1", 6000)),
    ("[fe80::1]", ("fe80::1", 5151)),
])
def test_typed_addresses_are_read(typed, expected):
    assert parse_address(typed, 5151) == expected


@pytest.mark.parametrize("typed, words", [
    ("", "Type the address"),
    ("host:port", "'port' is not a port"),
    ("host:70000", "'70000' is not a port"),
    (":5151", "no host"),
    ("[::1", "closing ]"),
])
def test_bad_addresses_are_refused_with_the_reason(typed, words):
    with pytest.raises(AddressError, match=words):
        parse_address(typed, 5151)


def test_countdown_reads_as_a_clock():
    assert countdown_text(125.2) == "2:06"
    assert countdown_text(0.1) == "0:01"
    assert countdown_text(0) == "0:00"


def test_a_network_game_in_the_smallest_window_shows_moves_and_chat_uncut(make_app, monkeypatch):
    from game.ui.window import MIN_SIZE
    from tests.test_ui_layout import DrawnText, assert_laid_out
    from tests.test_ui_net import host_game

    drawn = DrawnText(monkeypatch)
    d = make_app(MIN_SIZE)
    play = host_game(d, "connect4")
    play.chat.add("Grace", "hi there, good luck")
    lines = drawn.of_frames(d)
    assert play.movelist.shown and play.movelist.visible_lines >= 2
    assert play.chat.shown and play.chat.field.visible
    assert not play.movelist.rect.colliderect(play.chat.rect)
    assert play.chat.rect.bottom <= play.controls.autoplay_top
    assert "Grace:" in lines and " hi there, good luck" in lines and "MOVES" in lines
    assert [line for line in lines if line.endswith("…")] == []
    assert_laid_out(play, MIN_SIZE, {"status": play.status.rect, "chat lines": play.chat.rect.clip(
        play.chat.rect.x, play.chat.rect.y, play.chat.rect.width, play.chat.field.rect.top - play.chat.rect.y)})


@pytest.mark.parametrize("named", [None, "WARNING"])
def test_a_network_games_card_is_titled_in_the_light_themes_colour(make_app, monkeypatch, named):
    """The request card's colour was the dark theme's accent, taken when the module was
    imported: "Hostess offers a draw" in pale amber on the light theme's white card; and
    a card kept its colour through a theme change."""
    from game.ui import palette
    from game.ui.panels import netcard

    titles: list[tuple] = []
    real = netcard.text

    def noting(surface, font, words, colour, *args, **kwargs):
        if words == "Hostess offers a draw":
            titles.append(tuple(colour[:3]))
        return real(surface, font, words, colour, *args, **kwargs)

    monkeypatch.setattr(netcard, "text", noting)
    d = make_app(size=(1280, 800))
    try:
        card = netcard.NetCard(d.services) if named is None else netcard.NetCard(d.services, named)
        d.services.settings.update(theme="light")
        card.show("Hostess offers a draw", "Accept it?")
        card.layout(pygame.Rect(0, 0, 800, 600))
        card.draw(pygame.Surface((800, 600)))
        assert titles == [palette.LIGHT.accent if named is None else palette.LIGHT.warning]
    finally:
        palette.use("dark", False)


def test_a_hosted_games_rules_read_in_the_joiners_language_on_the_join_list_at_once_on_a_change(make_app, monkeypatch):
    """The announcement carries the game's spec text; each window words it in its own language,
    at once on a change (it read "Connect Four · Columns: 7 · Rows: 6 · In a row: 4" in Chinese)."""
    import game.ui.scenes.join as join_module
    from game.rules.catalogue import GameSpec
    from game.ui.hosting import rules_text
    from game.ui.scenes.join import FoundGame

    drawn: list[str] = []
    real = join_module.text
    monkeypatch.setattr(join_module, "text", lambda surface, font, words, *rest, **kw: (drawn.append(words),
                                                                                      real(surface, font, words, *rest, **kw))[1])
    d = make_app()
    join = d.services.scenes.push("join", listen_on=None)
    spec = str(GameSpec.parse("connect4"))
    found = [FoundGame("Ada", spec, "127.0.0.1", 5151, 1)]
    monkeypatch.setattr(join, "finder", type("Still", (), {"found": lambda self: (found, ""), "stop": lambda self: None})(),
                        raising=False)
    d.frames(2)
    assert any(words.startswith("Connect Four · Columns: 7") for words in drawn), drawn
    d.services.settings.update(language="zh_CN")
    drawn.clear()
    d.frames(2)
    assert any(words.startswith("四子棋 · 列数：7 · 行数：6") for words in drawn), drawn
    assert rules_text(spec) == "列数：7 · 行数：6 · 连子数：4"
