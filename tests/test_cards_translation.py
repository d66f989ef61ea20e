"""The rules cards (F1) and the bots' descriptions in the player's language.

Each shipped game's ``rules_help`` and each shipped bot's ``description`` is marked
for the catalogue (``N_``) and translated where it is shown: the rules card and the
seat menus. The Simplified Chinese is in ``assets/locale/zh_CN/LC_MESSAGES/cards.po``;
a bot of someone else's, with no translation, keeps its own words.
"""
from __future__ import annotations

import importlib
import os
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.lang import _
from game.match.botregistry import BotInfo, BotRegistry
from game.match.config import load_config
from game.paths import ASSETS_DIR
from game.rules.catalogue import game_class, game_ids
from tests.lang_helpers import chinese, shipped_chinese  # noqa: F401 - chinese is a fixture

SHIPPED_BOTS = sorted(path.stem for path in (ASSETS_DIR.parent / "bots").glob("*.py")
                      if "\n    description = N_(" in path.read_text(encoding="utf-8"))


def catalogue() -> dict[str, str]:
    return {message.id: message.string for message in shipped_chinese() if message.id}


def test_every_shipped_rules_card_and_bot_description_has_a_chinese_translation():
    translated = catalogue()
    cards = [game_class(game_id).rules_help for game_id in game_ids()]
    assert len(cards) == 5 and all(cards)
    descriptions = [bot_class(name).description for name in SHIPPED_BOTS]
    assert len(descriptions) >= 20
    for english in cards + descriptions:
        chinese = translated.get(english, "")
        assert chinese and any("\u4e00" <= ch <= "\u9fff" for ch in chinese), english[:60]
    for english in cards:   # the card's paragraphs are its lines, in every language
        assert translated[english].count("\n") == english.count("\n")


def bot_class(module: str) -> type:
    mod = importlib.import_module(f"bots.{module}")
    return next(value for value in vars(mod).values()
                if isinstance(value, type) and value.__module__ == mod.__name__ and "description" in vars(value))


@pytest.mark.parametrize("game_id", ["tictactoe", "gomoku", "chinesecheckers"])
def test_the_rules_card_shows_the_rules_in_chinese(chinese, game_id):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    from game.ui.draw import Fonts
    from game.ui.panels.rules_help import RulesPanel
    english = game_class(game_id).rules_help
    panel = RulesPanel(SimpleNamespace(fonts=Fonts()), "Title", english)
    panel.layout(pygame.Rect(0, 0, 800, 560))
    translated = catalogue()[english]
    shown = "".join(line for line, _starts in panel._lines)
    assert shown.replace(" ", "") == translated.replace("\n", "").replace(" ", "")
    font = Fonts().text(17)
    assert all(font.size(line)[0] <= panel.text_rect.width - 14 for line, _starts in panel._lines)
    assert sum(1 for _line, starts in panel._lines if starts) == len([p for p in catalogue()[english].split("\n") if p]) - 1


def test_seat_menus_show_shipped_bots_in_chinese_and_other_bots_as_written(chinese):
    shipped = {name: bot_class(name) for name in
               ("tictactoe_easy", "tictactoe_rules", "tictactoe_symmetry", "tictactoe_perfect")}
    infos = [BotInfo(cls.__name__, f"bots.{name}", cls.name, ("tictactoe",), cls.description)
             for name, cls in shipped.items()]
    infos.append(BotInfo("TheirBot", "bots.theirs", "Their bot", ("tictactoe",), "plays its own way. Quickly"))
    registry = BotRegistry(Path("fake"), bots={info.key: info for info in infos})
    choices = {choice.label: choice for choice in load_config().seat_choices("tictactoe", registry)}
    assert _(choices["Human"].description) == "你在这台电脑上下棋"      # marked, translated where the menu draws it
    assert choices["Master"].description == "下得完美：你最多只能和棋"                # the first sentence
    assert choices["Master"].detail == "下得完美：你最多只能和棋。从不输棋，尽快取胜"
    assert choices["Easy"].description == "随机落子，但有胜必取"
    assert choices["Their bot"].description == "plays its own way"
    assert choices["Their bot"].detail == "plays its own way. Quickly"
