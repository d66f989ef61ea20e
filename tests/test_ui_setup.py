"""The setup screen: any game's rules options and seats, and the players it remembers (chosen or played)."""
from __future__ import annotations

import pygame

from game.rules import catalogue as games
from game.ui import renderers
from game.rules.core import Option, State
from game.rules.tictactoe import TicTacToe


class Optioned(TicTacToe):
    """Tic-tac-toe rules with options that change the number of seats (for the setup screen only)."""

    game_id = "optioned"
    title = "Optioned"
    options_spec = (
        Option("players", "Players", 2, (2, 3, 4, 6)),
        Option("variant", "Variant", "A", ("A", "B")),
        Option("handicap", "Handicap", 0, (0, 1, 2)),
        Option("size", "Board size", 3, (3, 4, 5)),
    )

    def __init__(self, **options) -> None:
        State.__init__(self, **options)
        self.board = [0] * 9
        self._moves = []

    @property
    def num_seats(self) -> int:
        return self.options["players"]

    def seat_name(self, seat: int) -> str:
        return "XOABCD"[seat]


def test_rules_options_are_choosers_and_seats_follow_the_player_count(make_app, monkeypatch):
    monkeypatch.setitem(games.GAMES, "optioned", f"{__name__}:Optioned")
    monkeypatch.setitem(renderers.RENDERERS, "optioned", renderers.RENDERERS["tictactoe"])
    d = make_app(game_id="optioned")
    setup = d.scene
    assert setup.name == "setup" and len(setup.seat_widgets) == 2
    players = setup.widget("option:players")
    d.click_at((players.rect.right - 12, players.rect.centery))
    assert setup.options == {"players": 3, "variant": "A", "handicap": 0, "size": 3}
    assert len(setup.seat_widgets) == 3 and len(setup.seat_labels) == 3
    size = setup.widget("option:size")
    setup.focus.focus(size)
    d.key(pygame.K_RIGHT)
    assert setup.options["size"] == 4
    labels = list(setup.seat_labels)
    d.key(pygame.K_w)
    assert setup.seat_labels == labels[1:] + labels[:1]
    assert d.services.setup_memory.recall("optioned").options == {"players": 3, "variant": "A", "handicap": 0, "size": 4}


def saved_game(tmp_path, players) -> str:
    from game.rules.catalogue import new_state
    from game.match.record import Match
    from game.store.savefile import save_match

    path = tmp_path / "saved.txt"
    match = Match(new_state("tictactoe"), players)
    match.play(4)
    save_match(match, path)
    return str(path)


def seats_shown(setup) -> list[str]:
    return [widget.item.label for widget in setup.seat_widgets]


def test_going_back_from_a_loaded_game_shows_its_players(make_app, tmp_path):
    from game.match.record import Player

    d = make_app(load_path=saved_game(tmp_path, [Player.of_bot("Hard"), Player.human()]))
    assert d.scene.name == "play"
    d.leave_game()
    d.settle()
    assert d.scene.name == "setup"
    assert d.scene.seat_labels == ["Hard", "Human"]
    assert seats_shown(d.scene) == ["Hard", "Human"]


def test_a_bot_saved_by_class_name_shows_as_the_tier_that_plays_it(make_app, tmp_path):
    from game.match.record import Player

    d = make_app(load_path=saved_game(tmp_path, [Player.human(), Player.of_bot("TicTacToePerfect")]))
    d.leave_game()
    d.settle()
    assert seats_shown(d.scene) == ["Human", "Master"]


def test_going_back_after_swapping_sides_shows_the_swapped_players(make_app):
    d = make_app()
    d.open_setup()
    d.scene.select(1, "Easy")
    d.click("start")
    d.settle()
    d.scene.swap_sides()
    d.leave_game()
    d.settle()
    assert seats_shown(d.scene) == ["Easy", "Human"]


def test_setup_choices_are_remembered_when_the_game_is_opened_again(make_app):
    d = make_app()
    d.open_setup()
    d.scene.select(0, "Master")
    d.scene.select(1, "Human")
    d.key(pygame.K_ESCAPE)
    d.settle()
    assert d.scene.name == "games"
    d.key(pygame.K_RETURN)
    d.settle()
    assert seats_shown(d.scene) == ["Master", "Human"]


def test_config_problems_name_the_file_and_line_once(make_app, tmp_path):
    config = tmp_path / "config.yaml"
    config.write_text(
        "games:\n"
        "  tictactoe:\n"
        "    time_budget: soon\n"
        "    tiers:\n"
        "      Easy: {bot: NoSuchBot}\n",
        encoding="utf-8",
    )
    d = make_app(config_path=config, game_id="tictactoe")
    found = [(where, what) for where, what in d.scene.problems if "config.yaml" in where]
    assert len(found) == 2
    for where, what in found:
        assert where.endswith(("config.yaml line 3", "config.yaml line 5"))
        assert "config.yaml" not in what
    assert any(what.startswith("games.tictactoe.time_budget: ") for _, what in found)


def test_a_config_problem_without_a_line_keeps_its_whole_message():
    from game.ui.scenes.setup import config_problem

    assert config_problem("config.yaml", "config.yaml", "config.yaml: cannot be read (denied)") == (
        "config.yaml", "cannot be read (denied)")
    assert config_problem("conf/config.yaml", "config.yaml", "something else went wrong") == (
        "conf/config.yaml", "something else went wrong")


def test_a_long_problems_list_scrolls_by_keys_and_wheel_until_every_problem_was_in_view(make_app):
    from game.ui.window import MIN_SIZE
    from tests.test_ui_navigation import FIXTURES

    d = make_app(size=MIN_SIZE, bots_dir=FIXTURES / "bots_broken", game_id="tictactoe")
    setup = d.scene
    panel = setup.problems_panel
    count = len(setup.problems)
    assert count >= 8 and panel.max_scroll() > 0
    seen = {line.problem for line in panel.visible_lines()}
    assert seen != set(range(count))                   # not all in view at first
    d.key(pygame.K_DOWN)                               # the panel does not have the focus yet:
    assert panel.scroll == 0                           # arrows move the focus, not the list
    while setup.focus.current is not panel:
        d.key(pygame.K_TAB)
    while panel.scroll < panel.max_scroll():
        before = panel.scroll
        d.key(pygame.K_DOWN)
        assert panel.scroll > before
        seen |= {line.problem for line in panel.visible_lines()}
    assert seen == set(range(count))
    last = [line for line in panel.lines if line.problem == count - 1]
    assert all(line in panel.visible_lines() for line in last)
    d.key(pygame.K_HOME)
    assert panel.scroll == 0
    d.post(pygame.MOUSEMOTION, pos=panel.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    d.post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)
    d.frames(1)
    assert panel.scroll == min(panel.max_scroll(), 2 * 40)
    d.post(pygame.MOUSEWHEEL, x=0, y=5, flipped=False, precise_x=0.0, precise_y=5.0)
    d.frames(1)
    assert panel.scroll == 0


def test_a_problems_list_that_fits_does_not_take_the_focus(make_app, tmp_path):
    config = tmp_path / "config.yaml"
    config.write_text("games:\n  tictactoe:\n    time_budget: soon\n", encoding="utf-8")
    d = make_app(size=(1920, 1080), config_path=config, game_id="tictactoe")
    setup = d.scene
    assert setup.problems and setup.problems_panel.max_scroll() == 0
    assert {line.problem for line in setup.problems_panel.visible_lines()} == set(range(len(setup.problems)))
    for _ in range(len(setup.focus.widgets) + 1):
        d.key(pygame.K_TAB)
        assert setup.focus.current is not setup.problems_panel


def test_a_tier_whose_bot_cannot_be_built_is_reported_and_the_builtin_tier_plays(make_app, tmp_path):
    config = tmp_path / "config.yaml"
    config.write_text(
        "games:\n"
        "  tictactoe:\n"
        "    tiers:\n"
        "      Hard: {bot: TicTacToeSymmetry, params: {depth: 99}}\n",
        encoding="utf-8",
    )
    d = make_app(config_path=config, game_id="tictactoe")
    found = [what for where, what in d.scene.problems if where.endswith("config.yaml line 4")]
    assert len(found) == 1 and "depth=99" in found[0] and "failed" in found[0]
    assert d.services.config.game("tictactoe").tier("Hard").params == {"depth": 5}


def test_seat_menu_lists_tiers_then_other_bots_apart_with_plain_words_and_the_technique_in_the_tooltip(make_app):
    d = make_app(game_id="gomoku")
    seat = d.scene.seat_widgets[1]
    labels = [item.label for item in seat.items]
    assert labels == ["Human", "Easy", "Medium", "Hard", "Master", "Tree search", "Sparring partner", "Remote player"]
    assert [item.group for item in seat.items] == [0, 1, 1, 1, 1, 2, 2, 3]
    assert seat.items[6].subtitle == "other bot · a gentle opponent for any two-player game"
    d.scene.select(1, "Hard")
    assert seat.item.subtitle == "sees several moves ahead and spots forced wins"
    assert seat.tooltip.startswith("Sees several moves ahead and spots forced wins. Victory by fours for both sides")
    d.scene.select(1, "Easy")
    assert seat.tooltip.startswith("Plays fast and makes mistakes. Weighs each point")
    d.key(pygame.K_w)      # swapped: the tooltips follow their bots
    assert d.scene.seat_widgets[0].tooltip.startswith("Plays fast") and d.scene.seat_widgets[1].tooltip == ""


def test_every_bot_in_a_two_player_seat_menu_shows_its_plain_description_uncut_small_and_large(make_app, monkeypatch):
    from game.ui.window import MIN_SIZE
    from tests.test_ui_layout import DrawnText, resize

    drawn = DrawnText(monkeypatch)
    d = make_app()
    for size in (MIN_SIZE, (1920, 1080)):
        resize(d, size)
        for game_id in ("tictactoe", "connect4", "gomoku", "reversi", "chinesecheckers"):
            d.services.scenes.go("setup", animate=False, game_id=game_id)
            setup = d.scene
            for item in setup.seat_widgets[1].items:
                setup.select(1, item.label)
                lines = drawn.of_frames(d, 1)
                where = f"{game_id} {item.label} at {size}"
                assert item.subtitle in lines and setup.seat_widgets[1].subtitle_shown, where
                assert [line for line in lines if line.endswith("…")] == [], where
                assert setup.seat_widgets[1].font_size * 3 <= setup.seat_widgets[1].rect.height


def test_seats_in_two_columns_leave_the_description_to_the_tooltip_uncut_small_and_large(make_app, monkeypatch):
    from game.ui.window import MIN_SIZE
    from tests.test_ui_layout import DrawnText, resize

    drawn = DrawnText(monkeypatch)
    d = make_app(game_id="chinesecheckers")
    d.scene.set_option("players", 6)
    for size in (MIN_SIZE, (1920, 1080)):
        resize(d, size)
        setup = d.scene
        setup.select(1, "Hard")
        lines = drawn.of_frames(d, 1)
        assert setup.seat_cols == 2 and setup.max_column_scroll == 0
        assert [line for line in lines if line.endswith("…")] == [], size
        seat = setup.seat_widgets[1]
        assert not seat.subtitle_shown and seat.tooltip.startswith("Looks a few moves ahead and blocks rivals. ")
        setup.select(1, "Human")        # one sentence: the tooltip is the line the chooser cannot show
        d.frames(1)
        assert setup.seat_widgets[1].tooltip == "you play at this screen"


def test_config_and_bot_file_problems_read_in_the_windows_language_and_are_reworded_when_it_changes(make_app,
                                                                                                   tmp_path):
    """The problems are found before any language is set (English, for the log and the command
    line); the panel words them in the language shown, and again on a change."""
    from game.lang import worded
    from game.ui.scenes.setup import short_path
    from tests.test_ui_navigation import FIXTURES

    config = tmp_path / "config.yaml"
    config.write_text("games:\n  tictactoe:\n    time_budget: soon\n    hint: Nobody\n", encoding="utf-8")
    d = make_app(size=(1920, 1080), config_path=config, bots_dir=FIXTURES / "bots_broken", game_id="tictactoe")
    problems = d.scene.problems
    assert ("tests/fixtures/bots_broken/syntax_error.py", "syntax error at line 4: invalid syntax") in problems
    d.services.settings.update(language="zh_CN")
    d.frames(2)
    shown = [(worded(where), worded(what)) for where, what in d.scene.problems]
    assert ("tests/fixtures/bots_broken/syntax_error.py", "第 4 行有语法错误：invalid syntax") in shown
    assert (f"{short_path(str(config))} 第 3 行",
            "games.tictactoe.time_budget：应为每步的秒数，0.01 到 600 之间的数字，此处为 'soon'；使用 1 秒") in shown
    assert ("tests/fixtures/bots_broken/string_games.py",
            "StringGamesBot.games 必须是游戏标识的元组，而不是字符串 'tictactoe'（请写成 ('tictactoe',)）；"
            "未加载 StringGamesBot") in shown
    drawn = "".join(line.content for line in d.scene.problems_panel.lines)
    assert "第 4 行有语法错误" in drawn and "syntax error" not in drawn
    d.services.settings.update(language="en")
    d.frames(2)
    drawn = " ".join(line.content for line in d.scene.problems_panel.lines)
    assert "syntax error at line 4" in drawn and "语法" not in drawn


def test_the_seat_menus_lines_reword_at_once_on_a_change_of_language(make_app):
    d = make_app(game_id="gomoku")
    d.scene.select(1, "Sparring partner")
    d.services.settings.update(language="zh_CN")
    d.frames(2)
    seat = d.scene.seat_widgets[1]
    assert seat.items[seat.index].label == "Sparring partner"                    # still chosen
    assert seat.items[seat.index].subtitle.startswith("其他电脑 · ")
    from game.lang import _
    shown = [_(item.subtitle) for item in seat.items if item.subtitle]      # as the menu draws them
    assert shown and all(not line.isascii() for line in shown), shown


def test_under_an_opening_rule_the_setup_says_who_places_the_stones_and_who_chooses_colours(make_app, monkeypatch):
    from game.ui.scenes import setup as setup_module

    drawn: list[str] = []
    real = setup_module.text

    def noting(surface, font, words, *rest, **kwargs):
        drawn.append(words)
        return real(surface, font, words, *rest, **kwargs)

    monkeypatch.setattr(setup_module, "text", noting)
    d = make_app(size=(1920, 1080))
    d.services.scenes.go("setup", game_id="gomoku", animate=False)
    d.frames(1)
    d.scene.select(0, "Human")
    d.scene.select(1, "Medium")
    d.scene.set_option("opening", "swap2")
    drawn.clear()
    d.frames(1)
    assert "First move:" not in drawn and "moves first" not in drawn
    said = " ".join(drawn[drawn.index("Opening:") + 1:drawn.index("RULES")])     # on one line or two
    assert said == "You: places 3 stones; Medium: takes a colour or places 2 more"
    assert "opens" in drawn and "chooses colours" in drawn
    d.scene.set_option("opening", "free")
    drawn.clear()
    d.frames(1)
    assert "First move:" in drawn and "Black — You" in drawn and "Opening:" not in drawn
