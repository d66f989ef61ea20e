"""Every screen laid out without overlaps from the smallest window to a large one."""
from __future__ import annotations

import re
from itertools import combinations

import pygame
import pytest

from game import lang
from game.rules import catalogue as games
from game.rules.catalogue import new_state
from game.rules.core import Option
from game.match.record import Match, Player
from game.ui import draw, renderers
from game.ui.window import MIN_SIZE
from tests.test_ui_navigation import FIXTURES
from tests.test_ui_setup import Optioned

SIZES = [MIN_SIZE, (900, 600), (1024, 680), (1920, 1080)]


def resize(d, size) -> None:
    d.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    d.frames(2)
    assert d.services.window.size == size


class DrawnText:
    """Every line of text the screens draw (through ``draw.text``), frame by frame."""

    def __init__(self, monkeypatch) -> None:
        self.lines: list[str] = []
        original = draw.rendered

        def recording(font, content, colour):
            self.lines.append(draw.clean_text(content))
            return original(font, content, colour)

        monkeypatch.setattr(draw, "rendered", recording)

    def of_frames(self, d, count: int = 2) -> list[str]:
        """The text drawn in the next ``count`` frames."""
        self.lines = []
        d.frames(count)
        return list(self.lines)


def shown_part(scene, widget) -> pygame.Rect:
    """What of ``widget`` can be seen (the setup boxes scroll inside a viewport)."""
    if scene.name == "setup" and scene.max_column_scroll and widget in scene.column_widgets():
        return widget.rect.clip(scene.viewport)
    if scene.name == "settings" and scene.max_scroll and widget is not scene.back_btn:
        return widget.rect.clip(scene.view)
    return pygame.Rect(widget.rect)


def assert_laid_out(scene, size, boxes: dict[str, pygame.Rect] | None = None) -> None:
    """Every visible control inside the window, no two overlapping, none over ``boxes``
    (regions the scene draws that controls must leave clear)."""
    screen = pygame.Rect((0, 0), size)
    shown = [(w.id, shown_part(scene, w)) for w in scene.focus.widgets if w.visible]
    shown = [(wid, rect) for wid, rect in shown if rect.width > 0 and rect.height > 0]
    assert shown, f"{scene.name} shows no controls at {size}"
    for wid, rect in shown:
        assert screen.contains(rect), f"{scene.name} {wid} {rect} is outside the {size} window"
    for (a, rect_a), (b, rect_b) in combinations(shown, 2):
        assert not rect_a.colliderect(rect_b), f"{scene.name} at {size}: {a} {rect_a} overlaps {b} {rect_b}"
    for name, box in (boxes or {}).items():
        assert screen.contains(box), f"{scene.name} {name} {box} is outside the {size} window"
        for wid, rect in shown:
            assert not rect.colliderect(box), f"{scene.name} at {size}: {wid} {rect} overlaps {name} {box}"


def setup_boxes(setup) -> dict[str, pygame.Rect]:
    """Check the players and rules boxes are clear of Play, Back and the problems panel
    (a control itself, checked with the others); returns no further boxes."""
    if setup.problems:
        assert not setup.problems_rect.colliderect(setup.viewport)
    for box in (setup.players_box, setup.rules_box):
        visible = box.clip(setup.viewport) if setup.max_column_scroll else box
        for button in (setup.play_btn, setup.back_btn):
            assert not visible.colliderect(button.rect), f"{button.id} {button.rect} overlaps {box}"
    return {}


def test_window_cannot_be_made_smaller_than_the_minimum(make_app):
    d = make_app()
    d.post(pygame.VIDEORESIZE, size=(640, 400), w=640, h=400)
    d.frames(2)
    assert d.services.window.size == MIN_SIZE
    if hasattr(pygame, "Window") and hasattr(pygame.Window, "from_display_module"):
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            assert tuple(pygame.Window.from_display_module().minimum_size) == MIN_SIZE


def test_title_menu_and_setup_fit_every_size(make_app):
    d = make_app(bots_dir=FIXTURES / "bots_broken")
    for size in SIZES:
        resize(d, size)
        assert_laid_out(d.scene, size)
        assert d.scene.focus.widgets[-1].rect.bottom <= size[1] - 40    # clear of the key hint
    d.key(pygame.K_p)
    d.settle()
    d.key(pygame.K_RETURN)
    d.settle()
    setup = d.scene
    assert setup.name == "setup" and setup.problems
    for size in SIZES:
        resize(d, size)
        assert_laid_out(setup, size, setup_boxes(setup))
    d.key(pygame.K_ESCAPE)
    d.settle()
    for size in SIZES:
        resize(d, size)
        assert_laid_out(d.scene, size)


def test_setup_without_problems_keeps_play_clear_of_the_rules_and_back(make_app):
    d = make_app(game_id="tictactoe")
    setup = d.scene
    for size in [*SIZES, (1280, 800)]:
        resize(d, size)
        assert_laid_out(setup, size, setup_boxes(setup))
        assert setup.max_column_scroll == 0
    assert setup.play_btn.rect.top > setup.rules_box.bottom    # roomy: Play under the rules box


def test_play_screen_and_result_panel_fit_every_size(make_app):
    d = make_app()
    d.start_hot_seat()
    play = d.scene
    for word in ("a1", "a3", "b2"):
        play.play_move(play.match.state.parse_move(word))
    for size in SIZES:
        resize(d, size)
        assert_laid_out(play, size, {"status": play.status.rect})
        assert play.movelist.rect.height >= 60 and play.movelist.rect.top >= play.status.rect.bottom
        assert play.movelist.rect.bottom < play.controls.top
    for word in ("b3", "c3"):
        play.play_move(play.match.state.parse_move(word))
    d.until(lambda: play.result.visible, what="result panel")
    for size in SIZES:
        resize(d, size)
        assert_laid_out(play, size)
        for button in play.result.buttons:
            assert play.result.rect.contains(button.rect)


def test_bots_playing_controls_clear_the_status_box_in_a_small_window(make_app):
    from game.ui.scenes.play import PlayScene

    d = make_app(size=MIN_SIZE)
    play = PlayScene(d.services, Match(new_state("tictactoe"), [Player.of_bot("Hard"), Player.of_bot("Master")]))
    for size in SIZES:
        play.layout(size)
        label_row = pygame.Rect(play.panel_rect.x, play.controls.autoplay_top, play.panel_rect.width, 20)
        assert_laid_out(play, size, {"status": play.status.rect, "bots playing": label_row})
        assert play.status.rect.bottom <= play.controls.autoplay_top


def test_settings_statistics_and_saved_games_fit_every_size(make_app):
    d = make_app()
    for opener, name in (("settings", "settings"), ("stats", "stats"), ("load", "load")):
        d.click(opener)
        d.settle()
        assert d.scene.name == name
        for size in SIZES:
            resize(d, size)
            assert_laid_out(d.scene, size)
        d.key(pygame.K_ESCAPE)
        d.settle()


class CrowdedOptioned(Optioned):
    """Optioned with four more rules, Board size at the right of the last row of options (the clock under it): with six
    seats its rules and the clock (two a row beside seats in two columns) do not fit the
    smallest window."""

    options_spec = (*Optioned.options_spec[:3], Option("scoring", "Scoring", "A", ("A", "B")),
                    Option("komi", "Komi", 0, (0, 1)), Option("swap", "Swap rule", False, (False, True)),
                    Option("pass", "Passing", False, (False, True)), Optioned.options_spec[3])


def test_setup_boxes_that_do_not_fit_scroll_to_the_focused_control(make_app, monkeypatch):
    monkeypatch.setitem(games.GAMES, "optioned", f"{__name__}:CrowdedOptioned")
    monkeypatch.setitem(renderers.RENDERERS, "optioned", renderers.RENDERERS["tictactoe"])
    d = make_app(size=MIN_SIZE, game_id="optioned")
    setup = d.scene
    players = setup.widget("option:players")
    setup.focus.focus(players)
    while setup.options["players"] != 6:
        d.key(pygame.K_RIGHT)                   # six players
    assert len(setup.seat_widgets) == 6 and setup.max_column_scroll > 0
    assert_laid_out(setup, MIN_SIZE, setup_boxes(setup))
    setup.focus.focus(setup.widget("seat1"))
    d.key(pygame.K_UP)
    assert setup.focus.current is setup.widget("seat0") and setup.column_scroll == 0
    size_option = setup.widget("option:size")
    hidden = pygame.Rect(size_option.rect.right - 40, max(size_option.rect.top, setup.viewport.bottom) + 2, 30, 10)
    assert size_option.rect.contains(hidden) and d.services.window.screen.get_rect().contains(hidden)
    assert not hidden.colliderect(setup.play_btn.rect)
    d.click_at(hidden.center)                   # under the footer edge, where it cannot be seen
    assert setup.options["size"] == 3
    while setup.focus.current is not size_option:
        d.key(pygame.K_TAB)
    assert setup.viewport.contains(size_option.rect)
    d.key(pygame.K_RIGHT)
    assert setup.options["size"] == 4
    d.post(pygame.MOUSEMOTION, pos=setup.viewport.center, rel=(0, 0), buttons=(0, 0, 0))
    d.post(pygame.MOUSEWHEEL, x=0, y=10, flipped=False, precise_x=0.0, precise_y=10.0)
    d.frames(1)
    assert setup.column_scroll == 0


def test_six_players_in_the_smallest_window_leave_the_move_list_three_lines(make_app):
    from game.rules.chinesecheckers import ChineseCheckers
    from game.ui.scenes.play import PlayScene

    d = make_app(size=MIN_SIZE)
    play = PlayScene(d.services, Match(ChineseCheckers(players=6), [Player.human()] * 6))
    for size in SIZES:
        play.layout(size)
        assert_laid_out(play, size, {"status": play.status.rect})
        assert play.movelist.rect.bottom < play.controls.top
        assert play.movelist.visible_lines >= 3, f"the move list shows under three lines at {size}"
    play.layout(MIN_SIZE)
    assert play.controls.save.shortcut == "" and play.controls.save.rect.width < play.panel_rect.width // 3
    play.layout((1920, 1080))
    assert play.controls.save.shortcut == "Ctrl+S"


def test_the_human_is_you_on_the_setup_and_play_screens_the_result_panel_and_the_statistics(make_app, monkeypatch):
    drawn = DrawnText(monkeypatch)
    d = make_app(size=(1280, 800), game_id="tictactoe")
    d.scene.select(0, "Human")
    d.scene.select(1, "Easy")
    assert "X — You" in drawn.of_frames(d)
    state = new_state("tictactoe")
    for word in ("a1", "b1", "a2", "b2"):
        state.push(state.parse_move(word))
    d.open_match(Match(state, [Player.human(), Player.of_bot("Easy")]))
    play = d.scene
    assert any(line.endswith("You") for line in drawn.of_frames(d))
    play.play_move(state.parse_move("a3"))
    d.until(lambda: play.result.shown, what="result panel")
    lines = drawn.of_frames(d)
    assert "You vs Easy" in lines and "counted for You" in lines
    d.services.scenes.go("stats", animate=False)
    lines = drawn.of_frames(d)
    assert "You vs Easy" in lines and not any("Human" in line for line in lines)


@pytest.mark.parametrize("code", lang.available())
def test_no_text_is_cut_on_the_menus_setup_settings_and_a_game_at_the_smallest_and_a_full_hd_window(
        make_app, monkeypatch, code):
    drawn = DrawnText(monkeypatch)
    d = make_app()
    lang.set_language(code)
    screens = [("games", {}), ("setup", {"game_id": "connect4"}), ("setup", {"game_id": "chinesecheckers"}),
               ("settings", {}), ("stats", {})]
    for size in (MIN_SIZE, (1920, 1080)):
        resize(d, size)
        for name, kwargs in screens:
            d.services.scenes.go(name, animate=False, **kwargs)
            if kwargs.get("game_id") == "connect4":
                d.scene.select(1, "Medium")
            cut = [line for line in drawn.of_frames(d) if line.endswith("…")]
            assert cut == [], f"{name} {kwargs} at {size} cuts {cut}"
        d.open_match(Match(new_state("connect4"), [Player.human(), Player.of_bot("Medium")]))
        cut = [line for line in drawn.of_frames(d) if line.endswith("…")]
        assert cut == [], f"the play screen at {size} cuts {cut}"


def enclosed(widget, size: tuple[int, int], others: list[pygame.Rect], window: pygame.Rect) -> bool:
    """Whether a box of ``size`` put against any side of ``widget`` (slid along it inside
    ``window``) would cover one of ``others`` or leave the window: no side is clear."""
    from game.ui.focus import TOOLTIP_GAP

    rect, gap = widget.rect, TOOLTIP_GAP
    for point, at in (("midtop", (rect.centerx, rect.bottom + gap)), ("midleft", (rect.right + gap, rect.centery)),
                      ("midright", (rect.left - gap, rect.centery)), ("midbottom", (rect.centerx, rect.top - gap))):
        spot = pygame.Rect((0, 0), size)
        setattr(spot, point, at)
        for shift in range(-spot.width, spot.width + 1, 4) if point in ("midtop", "midbottom") else \
                range(-spot.height, spot.height + 1, 4):
            moved = spot.move((shift, 0) if point in ("midtop", "midbottom") else (0, shift))
            if window.inflate(-8, -8).contains(moved) and moved.collidelist(others) < 0 and (
                    moved.inflate(2 * gap + 2, 2 * gap + 2).colliderect(rect)):
                return False
    return True


def test_tooltips_show_on_a_rest_beside_their_control_and_over_a_neighbour_only_when_no_side_is_clear(make_app):
    d = make_app(size=(1280, 800))
    d.start_hot_seat()
    play = d.scene
    window = pygame.Rect(0, 0, 1280, 800)
    checked = 0
    for widget in play.focus.widgets:
        if not widget.visible or not widget.enabled or not widget.tooltip or widget is play.board:
            continue
        d.post(pygame.MOUSEMOTION, pos=widget.rect.center, rel=(0, 0), buttons=(0, 0, 0))
        d.frames(45)                                    # the tooltip waits for the mouse to rest
        box = play.focus.tooltip_rect
        assert box is not None, f"{widget.id}'s tooltip is not shown"
        assert not box.colliderect(widget.rect)
        others = [w for w in play.focus.widgets if w is not widget and w.visible and w is not play.board]
        neighbours = [w.id for w in others if box.colliderect(w.rect)]
        if neighbours:
            assert enclosed(widget, box.size, [w.rect for w in others], window), \
                f"{widget.id}'s tooltip covers {neighbours} though a side of it is clear"
        checked += 1
    assert checked >= 6


def test_a_button_has_a_tooltip_only_when_it_says_more_than_the_button(make_app):
    d = make_app(size=(1280, 800))
    d.start_hot_seat()
    controls = d.scene.controls
    assert controls.undo.tooltip and "Ctrl+Z" in controls.undo.tooltip       # a second key the keycap does not show
    setup_options = []
    d.services.scenes.go("setup", game_id="connect4", animate=False)
    d.settle()
    for widget in d.scene.option_widgets:
        setup_options.append(widget.tooltip)
    assert setup_options and all(tip == "" for tip in setup_options)     # their names are written beside them


def test_no_text_is_cut_on_the_saved_games_list_and_the_dialogs_at_the_smallest_and_a_full_hd_window(
        make_app, monkeypatch):
    from game.rules.chinesecheckers import ChineseCheckers
    from game.store.savefile import save_match
    from game.store.userdata import saves_dir

    drawn = DrawnText(monkeypatch)
    d = make_app()
    saves_dir().mkdir(parents=True, exist_ok=True)
    match = Match(new_state("tictactoe"), [Player.human(), Player.of_bot("Master")])
    match.play(4)
    save_match(match, saves_dir() / "evening.txt")
    six = Match(ChineseCheckers(players=6), [Player.human()] + [Player.of_bot("Medium")] * 5)
    six.play(six.state.legal_moves()[0])
    save_match(six, saves_dir() / "six.txt")
    save_match(Match(new_state("gomoku", size=19), [Player.of_bot("Hard"), Player.of_bot("Master")]),
               saves_dir() / "gomoku.txt")
    (saves_dir() / "broken.txt").write_text("# Board Arcade saved game\nGame: tictactoe\nSeat 1: human H\n"
                                            "Seat 2: human H\nMoves: b2 b2\n", encoding="utf-8")
    dialogs = [
        lambda: d.services.dialogs.message("Could not save the game", "The disk is full: nothing was written."),
        lambda: d.services.dialogs.confirm("Quit", "Leave Board Arcade?", "Quit", lambda: None),
        lambda: d.services.dialogs.save_as("Save game", saves_dir() / "tictactoe-new.txt", lambda path: None),
        lambda: d.services.dialogs.choose_file("Open a saved game", saves_dir(), lambda path: None),
    ]
    for size in (MIN_SIZE, (1920, 1080)):
        resize(d, size)
        d.services.scenes.go("load", animate=False)
        lines = drawn.of_frames(d)
        cut = [line for line in lines if line.endswith("…") and line != "Browse…"]   # its own dots
        assert cut == [], f"the saved games at {size} cut {cut}"
        assert "Gomoku" in lines and "Chinese Checkers" in lines and "broken.txt" in lines
        assert_laid_out(d.scene, size)
        for open_dialog in dialogs:
            open_dialog()
            cut = [line for line in drawn.of_frames(d) if line.endswith("…") and line != "Browse…"]
            assert cut == [], f"the {d.services.dialogs.kind} dialog at {size} cuts {cut}"
            d.services.dialogs.close()


def assert_tooltips_beside_their_controls(d, scene, size, skip=(), clear=False) -> int:
    """Rest the mouse on each control with a tooltip: the tooltip touches its control (a
    ``TOOLTIP_GAP`` between them), does not cover it, and is inside the window (and,
    ``clear``, covers no other control)."""
    from game.ui.focus import TOOLTIP_GAP

    window = pygame.Rect((0, 0), size)
    checked = 0
    for widget in list(scene.focus.widgets):
        if not widget.visible or not widget.enabled or not widget.tooltip or widget.id in skip:
            continue
        d.post(pygame.MOUSEMOTION, pos=widget.rect.center, rel=(0, 0), buttons=(0, 0, 0))
        d.frames(45)                                    # the tooltip waits for the mouse to rest
        d.app.draw()
        box = scene.focus.tooltip_rect
        assert box is not None, f"{widget.id}'s tooltip is not shown at {size}"
        assert window.contains(box), f"{widget.id}'s tooltip {box} leaves the {size} window"
        assert not box.colliderect(widget.rect), f"{widget.id}'s tooltip covers it at {size}"
        reach = widget.rect.inflate(2 * TOOLTIP_GAP + 2, 2 * TOOLTIP_GAP + 2)
        assert box.colliderect(reach), f"{widget.id}'s tooltip {box} is away from it {widget.rect} at {size}"
        if clear:
            covered = [w.id for w in scene.focus.widgets if w is not widget and w.visible and box.colliderect(w.rect)]
            assert covered == [], f"{widget.id}'s tooltip covers {covered} at {size}"
        checked += 1
    return checked


@pytest.mark.parametrize("size", [MIN_SIZE, (1920, 1080)])
def test_every_tooltip_of_the_title_and_the_play_screen_touches_its_control_inside_the_window(make_app, size):
    d = make_app(size=size)
    d.open_match(Match(new_state("reversi"), [Player.human(), Player.human()]))
    d.settle()
    d.scene.play_move(d.scene.state.legal_moves()[0])
    assert assert_tooltips_beside_their_controls(d, d.scene, size, skip=("board",)) >= 8
    d.leave_game()                                     # a game kept: the title offers Resume above Play
    while d.scene.name != "title":
        d.key(pygame.K_ESCAPE)
        d.settle()
    title = d.scene
    assert title.widget("resume").visible
    assert assert_tooltips_beside_their_controls(d, title, size, clear=True) >= 3


@pytest.mark.parametrize("game_id, options", [("tictactoe", {}), ("connect4", {}), ("reversi", {}),
                                              ("gomoku", {"size": 17})])
def test_in_the_smallest_window_coordinates_are_at_least_12_px_and_the_move_list_shows_five_lines(
        make_app, monkeypatch, game_id, options):
    from game.ui import palette
    from game.ui.renderers.base import Renderer
    from game.ui.renderers.effects import MIN_LABEL_PX

    sizes: list[int] = []
    original = Renderer.font

    def recording(self, path, size):
        if path == palette.DISPLAY_FONT_MEDIUM:       # the coordinates' face on every board
            sizes.append(int(size))
        return original(self, path, size)

    monkeypatch.setattr(Renderer, "font", recording)
    d = make_app(size=MIN_SIZE)
    d.open_match(Match(new_state(game_id, **options), [Player.human(), Player.human()]))
    d.frames(2)
    d.app.draw()
    play = d.scene
    assert sizes and min(sizes) >= MIN_LABEL_PX == 12, f"{game_id}'s coordinates are drawn at {min(sizes)} px"
    assert play.movelist.visible_lines >= 5
    assert_laid_out(play, MIN_SIZE, {"status": play.status.rect})


def test_in_the_smallest_window_the_connect_four_board_is_wider_and_fills_most_of_the_height(make_app):
    from game.ui.renderers.stand import DROP, LABELS, PAD

    d = make_app(size=MIN_SIZE)
    d.open_match(Match(new_state("connect4"), [Player.human(), Player.human()]))
    play = d.scene
    frame, area = play.renderer.content_rect(), play.board.rect
    assert frame.width >= 410, f"the board is {frame.width} px wide"          # 392 before
    rows = play.state.rows
    drawn = frame.height / (rows + 2 * PAD) * (DROP + rows + 2 * PAD + LABELS)    # with the drop zone and numbers
    assert drawn >= 0.8 * area.height, f"the board takes {drawn:.0f} px of {area.height} px free"


#: What the window draws in English on purpose: key names on keycaps, the Settings' language
#: row's note (in English and Chinese, for a player who cannot read the language shown).
NOT_TRANSLATED = {"Enter", "Space", "Ctrl+S", "Ctrl+O", "Ctrl+C", "Ctrl+V", "Ctrl+Z", "Ctrl+Y", "Language · 语言"}


def test_every_word_the_menus_settings_setup_a_game_its_result_and_review_draw_is_marked_for_translation(make_app, monkeypatch, tmp_path):
    """In the pseudo-locale every marked word is accented: a word of plain letters drawn is one
    nobody marked (a bot's description is its own file's, translated there)."""
    from game.match.config.menus import seat_choices
    from tests.test_translations import use_pseudo_locale, write_pseudo_locale

    drawn = DrawnText(monkeypatch)
    d = make_app()
    use_pseudo_locale(monkeypatch, write_pseudo_locale(tmp_path))
    descriptions = {choice.description for game_id in games.game_ids()
                    for choice in seat_choices(d.services.config.game(game_id), d.services.registry)}
    unmarked = []
    screens = [("title", {}), ("games", {}), ("setup", {"game_id": "connect4"}), ("setup", {"game_id": "gomoku"}),
               ("settings", {}), ("stats", {}), ("load", {}), ("join", {})]
    for name, kwargs in screens:
        d.services.scenes.go(name, animate=False, **kwargs)
        unmarked += [(name, line) for line in drawn.of_frames(d, 3)]
    d.open_match(Match(new_state("gomoku"), [Player.human(), Player.human()]))
    unmarked += [("play", line) for line in drawn.of_frames(d, 3)]
    won = Match(new_state("tictactoe"), [Player.human(), Player.human()])
    for move in (0, 3, 1, 4, 2):
        won.play(move)
    d.open_match(won)
    unmarked += [("result", line) for line in drawn.of_frames(d, 3)]
    d.key(pygame.K_ESCAPE)
    unmarked += [("game menu", line) for line in drawn.of_frames(d, 3)]
    d.key(pygame.K_ESCAPE)
    d.services.scenes.go("review", animate=False, match=won)
    unmarked += [("review", line) for line in drawn.of_frames(d, 3)]
    unmarked = [(name, line) for name, line in unmarked
                if re.search(r"[A-Za-z]{4,}", line) and line not in NOT_TRANSLATED and line not in descriptions]
    assert unmarked == []


def test_in_the_pseudo_locale_no_text_is_cut_on_the_menus_setup_saved_games_join_and_a_game(
        make_app, monkeypatch, tmp_path):
    """Words 40% longer than English (as many languages' are) still fit, at the smallest and
    a full-HD window; a chooser's note too long for it is written whole in its tooltip."""
    from babel.messages.pofile import read_po

    from game.ui.widgets import Choice
    from tests.test_translations import TEMPLATE, use_pseudo_locale, write_pseudo_locale

    drawn = DrawnText(monkeypatch)
    d = make_app()
    use_pseudo_locale(monkeypatch, write_pseudo_locale(tmp_path))
    ellipsis_words = {lang._(m.id) for m in read_po(TEMPLATE.open("rb")) if isinstance(m.id, str) and m.id.endswith("…")}
    screens = [("title", {}), ("games", {}), ("setup", {"game_id": "connect4"}), ("setup", {"game_id": "chinesecheckers"}),
               ("settings", {}), ("stats", {}), ("load", {}), ("join", {})]
    for size in (MIN_SIZE, (1920, 1080)):
        resize(d, size)
        for name, kwargs in screens + [("play", {"match": Match(new_state("connect4"), [Player.human(), Player.human()])})]:
            d.services.scenes.go(name, animate=False, **kwargs)
            lines = drawn.of_frames(d, 3)
            in_tooltips = [lang._(w.item.subtitle) for w in d.scene.focus.widgets
                           if isinstance(w, Choice) and w.visible and not w.subtitle_shown and w.tooltip]
            cut = {line for line in lines if line.endswith("…") and line not in ellipsis_words
                   and not any(whole.startswith(line[:-1].rstrip()) for whole in in_tooltips)}
            assert cut == set(), f"{name} at {size} cuts {cut}"
