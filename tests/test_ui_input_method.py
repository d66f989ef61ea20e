"""Typing through an input method, the way Chinese is typed (pinyin): its composition shown
underlined at the caret of the field being typed into, every key its own until it commits,
the system's text input on only while a field takes typing, the candidate window by the caret.
SDL reports an input method as ``TEXTEDITING`` (the composition) and ``TEXTINPUT`` (what it
commits); the tests post them as SDL would."""
from __future__ import annotations

import pygame
import pytest

from tests.test_ui_net import Pair, host_game, join_game


def compose(d, words: str, caret: int | None = None) -> None:
    """The input method shows ``words`` as its composition, its caret at ``caret`` (default: the end)."""
    d.post(pygame.TEXTEDITING, text=words, start=len(words) if caret is None else caret, length=0)
    d.frames(1)


def commit(d, words: str) -> None:
    """The input method commits ``words``: its composition empties and the words are typed."""
    d.post(pygame.TEXTEDITING, text="", start=0, length=0)
    d.post(pygame.TEXTINPUT, text=words)
    d.frames(1)


@pytest.fixture
def text_input(monkeypatch):
    """What the app asked of the system's text input: 'start', 'stop' and ('rect', x, y, w, h), in order."""
    asked: list = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: asked.append("start"))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: asked.append("stop"))
    monkeypatch.setattr(pygame.key, "set_text_input_rect", lambda rect: asked.append(("rect", *rect)))
    return asked


def open_join(d):
    d.services.scenes.push("join", listen_on=None, animate=False)
    d.frames(2)
    return d.scene


def name_field_holding(d, words: str):
    """The Join screen open, its name field focused and holding ``words``: (the screen, the field)."""
    join = open_join(d)
    field = join.name_field
    join.focus.focus(field)
    field.set_text(words)
    d.frames(1)
    return join, field


def test_a_chinese_name_is_composed_at_the_caret_and_typed_when_the_input_method_commits_it(make_app, text_input):
    d = make_app()
    join, field = name_field_holding(d, "Li ")
    compose(d, "xiao ming", caret=4)
    assert field.composition == "xiao ming" and field.text == "Li "
    d.frames(1)
    assert text_input[-1] == ("rect", *field.caret_rect)                 # the candidates go by the caret,
    assert field.rect.left < field.caret_rect.x < field.rect.right        # which stands inside the composition
    font = d.services.fonts.text(field.font_size)
    assert field.caret_rect.x == field.rect.x + field._pad() + font.size("Li xiao")[0]
    for key in (pygame.K_BACKSPACE, pygame.K_LEFT, pygame.K_RETURN, pygame.K_TAB, pygame.K_ESCAPE):
        d.key(key)                                                       # the input method's keys, not the field's,
    assert d.scene is join and join.focus.current is field               # the focus's or the screen's
    assert field.text == "Li " and field.composition == "xiao ming"
    commit(d, "小明")
    assert field.text == "Li 小明" and field.composition == ""
    d.key(pygame.K_BACKSPACE)                                            # no composition: the field's key again
    assert field.text == "Li 小"


def test_the_composition_is_drawn_underlined_where_it_will_go(make_app):
    d = make_app()
    _join, field = name_field_holding(d, "")
    surface = pygame.Surface(d.services.window.size)
    field.draw(surface)
    plain = pygame.image.tobytes(surface.subsurface(field.rect), "RGB")
    compose(d, "ni")
    field.draw(surface)
    composed = surface.subsurface(field.rect)
    assert pygame.image.tobytes(composed, "RGB") != plain
    from game.ui import palette
    font = d.services.fonts.text(field.font_size)
    underline_y = field.rect.centery - font.get_height() // 2 + font.get_height() - 1
    x0 = field.rect.x + field._pad()
    row = [surface.get_at((x, underline_y))[:3] for x in range(x0 + 1, x0 + font.size("ni")[0] - 1)]
    assert row and all(colour == palette.ACCENT for colour in row)


def test_text_input_is_on_only_while_a_field_takes_typing(make_app, text_input):
    d = make_app()
    d.frames(1)
    assert d.app.text_input.on is False and "start" not in text_input      # the title: keys are shortcuts
    join = open_join(d)
    join.focus.focus(join.address_field)
    d.frames(1)
    assert d.app.text_input.on is True and text_input[-2:] == ["start", ("rect", *join.address_field.caret_rect)]
    compose(d, "zhong")
    join.focus.focus(join.join_btn)                                         # the field loses the focus:
    d.frames(1)
    assert d.app.text_input.on is False and text_input[-1] == "stop"       # the input method is off,
    assert join.address_field.composition == ""                            # its composition gone with it


@pytest.fixture
def pair(make_app):
    return Pair(make_app((1024, 700)), make_app((1024, 700)))


def test_a_chinese_name_and_chat_cross_the_lan_and_no_shortcut_leaks_from_the_chat_line(pair):
    play = host_game(pair.host)
    address = f"127.0.0.1:{play.mode.hosting.server.address[1]}"
    join_game(pair, address, name="小明").accept_btn.activate()
    guest = pair.guest
    pair.until(lambda: guest.scene.name == "play", what="the guest's play screen")
    pair.until(lambda: not play.net_paused and not guest.scene.net_paused, what="the game going on")
    pair.settle()
    seen = guest.scene
    seen.focus.focus(seen.chat.field)
    guest.frames(1)
    compose(guest, "zai ma")
    for key in (pygame.K_h, pygame.K_ESCAPE, pygame.K_UP, pygame.K_u):     # hint, menu, focus, undo: none of them
        guest.key(key)
    assert guest.scene is seen and seen.focus.current is seen.chat.field and not guest.services.dialogs.is_open
    assert not seen.hints.shown.text and seen.chat.field.composition == "zai ma"
    commit(guest, "在吗？")
    guest.key(pygame.K_RETURN)
    pair.until(lambda: any(line.words == "在吗？" for line in play.chat.lines), what="the chat line at the host")
    assert next(line for line in play.chat.lines if line.words == "在吗？").name == "小明"
