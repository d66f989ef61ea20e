"""Loading saved games from the list of the saves folder, by posted events."""
from __future__ import annotations

import datetime as dt
import os
import re
from pathlib import Path

import pygame
import pytest

from game.rules.catalogue import new_state
from game.match.record import Match, Player
from game.store.savefile import SaveFileError, load_match, save_match
from game.store.userdata import saves_dir
from tests.test_ui_dialogs import type_text


def saved(name: str, moves: str, players: list[Player], when: dt.datetime, folder: Path | None = None) -> Path:
    """A save file ``name`` holding ``moves``, last modified at ``when``."""
    state = new_state("tictactoe")
    match = Match(state, players)
    for word in moves.split():
        match.play(state.parse_move(word))
    path = (folder or saves_dir()) / name
    save_match(match, path)
    stamp = when.timestamp()
    os.utime(path, (stamp, stamp))
    return path


def broken(name: str, text: str, when: dt.datetime) -> Path:
    path = saves_dir() / name
    path.write_text(text, encoding="utf-8")
    os.utime(path, (when.timestamp(), when.timestamp()))
    return path


YOU_VS_MASTER = [Player.human(), Player.of_bot("Master")]
HOT_SEAT = [Player.human(), Player.human()]
OLD = dt.datetime(2025, 1, 3, 10, 30)


def open_list_from_title(d) -> None:
    d.key(pygame.K_l)
    d.settle()
    assert d.scene.name == "load"


def test_list_shows_every_save_newest_first_with_game_players_moves_result_and_date(make_app):
    d = make_app()
    saved("old.txt", "b2 a3", YOU_VS_MASTER, OLD)
    saved("won.txt", "a1 b1 a2 b2 a3", HOT_SEAT, OLD + dt.timedelta(days=2))
    saved("class.txt", "", [Player.of_bot("TicTacToePerfect"), Player.human()], OLD + dt.timedelta(days=1))
    open_list_from_title(d)
    load = d.scene
    assert [g.path.name for g in load.games] == ["won.txt", "class.txt", "old.txt"]
    rows = [(s.title, s.players, s.moves, s.result, s.when) for s in load.summaries]
    assert rows == [
        ("Tic-tac-toe", "Player 1 vs Player 2", "5 moves", "Player 1 won", "5 Jan 2025 10:30"),
        ("Tic-tac-toe", "Tic-tac-toe perfect vs You", "No moves yet", "In progress", "4 Jan 2025 10:30"),
        ("Tic-tac-toe", "You vs Master", "2 moves", "In progress", "3 Jan 2025 10:30"),
    ]


def test_arrows_and_enter_load_the_chosen_game_over_the_current_match(make_app):
    d = make_app()
    saved("first.txt", "b2", YOU_VS_MASTER, OLD + dt.timedelta(hours=1))
    saved("second.txt", "a1 c3 b1", HOT_SEAT, OLD)
    d.start_hot_seat()
    d.key(pygame.K_o, mod=pygame.KMOD_CTRL)
    d.settle()
    assert d.scene.name == "load" and d.scene.list.selected == 0
    d.key(pygame.K_DOWN)
    assert d.scene.selected_game.path.name == "second.txt"
    d.key(pygame.K_RETURN)
    d.settle()
    assert d.scene.name == "play"
    assert d.scene.match.state.to_text() == "a1 c3 b1"
    assert [s.name for s in d.services.scenes.stack] == ["title", "games", "setup", "play"]


def test_escape_closes_the_list_and_keeps_the_match(make_app):
    d = make_app()
    saved("other.txt", "b2", YOU_VS_MASTER, OLD)
    d.start_hot_seat()
    play = d.scene
    play.play_move(4)
    d.key(pygame.K_o, mod=pygame.KMOD_CTRL)
    d.settle()
    d.key(pygame.K_ESCAPE)
    d.settle()
    assert d.scene is play and play.match.state.to_text() == "b2"


def test_a_file_that_cannot_be_loaded_is_a_row_with_its_problem_and_is_refused(make_app):
    d = make_app()
    saved("good.txt", "b2", YOU_VS_MASTER, OLD)
    broken("bad.txt", "# Board Arcade saved game\nGame: tictactoe\nSeat 1: human H\nSeat 2: human H\nMoves: b2 b2\n",
           OLD + dt.timedelta(hours=2))
    binary = saves_dir() / "picture.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe\x00")
    os.utime(binary, (OLD.timestamp() + 3600, OLD.timestamp() + 3600))
    d.start_hot_seat()
    play = d.scene
    d.key(pygame.K_o, mod=pygame.KMOD_CTRL)
    d.settle()
    load = d.scene
    assert [g.path.name for g in load.games] == ["bad.txt", "picture.png", "good.txt"]
    bad, picture, good = load.games
    assert not bad.loadable and bad.problem_detail.startswith("line 5:") and "b2" in bad.problem_detail
    assert not picture.loadable and "not a text file" in picture.problem
    assert good.loadable
    assert not load.widget("load").enabled
    d.key(pygame.K_RETURN)
    d.frames(2)
    assert d.scene is load and any("bad.txt cannot be loaded" in m for m in d.services.toasts.messages())
    d.key(pygame.K_ESCAPE)
    d.settle()
    assert d.scene is play and play.match.records == []


def test_a_file_spoilt_after_listing_shows_the_error_and_keeps_the_match(make_app):
    d = make_app()
    path = saved("game.txt", "b2", YOU_VS_MASTER, OLD)
    d.start_hot_seat()
    play = d.scene
    d.key(pygame.K_o, mod=pygame.KMOD_CTRL)
    d.settle()
    path.write_text("Game: chess\n", encoding="utf-8")
    d.key(pygame.K_RETURN)
    assert d.services.dialogs.kind == "message" and "chess" in d.services.dialogs.current.text
    d.key(pygame.K_RETURN)
    assert d.scene.name == "load" and not d.scene.games[0].loadable
    d.key(pygame.K_ESCAPE)
    d.settle()
    assert d.scene is play


def test_delete_asks_first_then_removes_the_file(make_app):
    d = make_app()
    keep = saved("keep.txt", "b2", YOU_VS_MASTER, OLD)
    doomed = saved("doomed.txt", "a1", YOU_VS_MASTER, OLD + dt.timedelta(hours=1))
    open_list_from_title(d)
    d.key(pygame.K_DELETE)
    assert d.services.dialogs.kind == "confirm"
    d.key(pygame.K_ESCAPE)
    assert doomed.exists() and not d.services.dialogs.is_open
    d.key(pygame.K_DELETE)
    d.key(pygame.K_RETURN)
    assert not doomed.exists() and keep.exists()
    assert [g.path for g in d.scene.games] == [keep]
    assert d.scene.selected_game.path == keep


def test_a_broken_file_can_be_deleted_too(make_app):
    d = make_app()
    junk = broken("junk.txt", "hello\n", OLD)
    open_list_from_title(d)
    d.click("delete")
    d.key(pygame.K_RETURN)
    assert not junk.exists() and d.scene.games == []
    assert d.scene.focus.current is d.scene.widget("browse")


def test_rows_are_chosen_by_click_and_loaded_by_double_click(make_app):
    d = make_app()
    for hour in range(3):
        saved(f"g{hour}.txt", "b2 a1 c3"[: 3 * hour + 2], YOU_VS_MASTER, OLD + dt.timedelta(hours=hour))
    open_list_from_title(d)
    listing = d.scene.list
    third = listing.row_rect(2).center
    d.click_at(third)
    assert listing.selected == 2 and d.scene.name == "load"
    d.click_at(third)
    d.settle()
    assert d.scene.name == "play" and d.scene.match.state.to_text() == "b2"


def test_a_long_list_scrolls_to_keep_the_chosen_row_in_view(make_app):
    d = make_app(size=(800, 560))
    for minute in range(14):
        saved(f"g{minute:02}.txt", "b2", YOU_VS_MASTER, OLD + dt.timedelta(minutes=minute))
    open_list_from_title(d)
    listing = d.scene.list
    d.key(pygame.K_END)
    assert listing.selected == 13 and listing.scroll > 0
    assert listing.body.contains(listing.row_rect(13))
    d.key(pygame.K_HOME)
    assert listing.selected == 0 and listing.scroll == 0
    d.post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0)
    d.frames(1)
    assert listing.scroll > 0 and listing.selected == 0


def test_browse_opens_a_game_saved_in_another_folder(make_app, tmp_path):
    d = make_app()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    path = saved("away.txt", "c3 b2", HOT_SEAT, OLD, folder=elsewhere)
    open_list_from_title(d)
    assert d.scene.games == []
    d.key(pygame.K_b)
    assert d.services.dialogs.kind == "file"
    type_text(d, str(path))
    d.key(pygame.K_RETURN)
    d.settle()
    assert d.scene.name == "play" and d.scene.match.state.to_text() == "c3 b2"


def test_save_dialog_enter_saves_a_bare_name_in_the_saves_folder_and_escape_cancels(make_app):
    d = make_app()
    d.start_hot_seat()
    d.scene.play_move(4)
    d.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    assert d.services.dialogs.kind == "save"
    d.key(pygame.K_ESCAPE)
    assert not d.services.dialogs.is_open and list(saves_dir().iterdir()) == []
    d.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    type_text(d, "my game")
    d.key(pygame.K_RETURN)
    assert not d.services.dialogs.is_open
    assert "Moves: b2" in (saves_dir() / "my game.txt").read_text(encoding="utf-8")


def test_a_save_cut_short_is_a_row_that_names_its_last_line_and_is_refused(make_app):
    d = make_app()
    whole = saved("whole.txt", "b2 a3 c1", YOU_VS_MASTER, OLD)
    text = whole.read_text(encoding="utf-8")
    broken("cut.txt", text[:text.index("Moves: b2 a") + len("Moves: b2 a")], OLD + dt.timedelta(hours=1))
    open_list_from_title(d)
    cut, kept = d.scene.games
    assert kept.loadable and not cut.loadable
    assert cut.problem_detail == ("line 5: the file ends in the middle of this line, before its Result line: "
                                  "it was cut short, and moves may be missing")
    d.key(pygame.K_RETURN)
    assert d.scene.name == "load" and any("cut.txt cannot be loaded" in m for m in d.services.toasts.messages())


def test_a_save_naming_a_bot_not_installed_says_so_and_loads_with_a_stand_in(make_app):
    d = make_app()
    saved("gone.txt", "b2", [Player.human(), Player.of_bot("RetiredBot")], OLD)
    open_list_from_title(d)
    assert d.scene.summaries[0].players == "You vs RetiredBot (not installed)"
    d.key(pygame.K_RETURN)
    d.settle()
    assert d.scene.name == "play" and d.scene.match.players[1] == Player.of_bot("Master")
    assert "RetiredBot is not installed, so Master" in d.services.dialogs.current.text


def test_two_saves_in_the_same_minute_get_different_names(make_app):
    d = make_app()
    d.start_hot_seat()
    d.scene.play_move(4)
    for _ in range(2):
        d.key(pygame.K_s, mod=pygame.KMOD_CTRL)
        assert d.services.dialogs.kind == "save"
        d.key(pygame.K_RETURN)
        assert not d.services.dialogs.is_open
    files = sorted(p.name for p in saves_dir().iterdir())
    assert len(files) == 2 and all(name.startswith("tictactoe-") for name in files)


def pixel_colours(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """How many different colours ``rect`` of ``surface`` holds (a drawn board: many; a plain box: one or two)."""
    pixels = pygame.surfarray.array3d(surface.subsurface(rect)).reshape(-1, 3)
    return len({tuple(p) for p in pixels})


def test_cards_show_game_players_result_and_date_beside_a_picture_of_the_position_and_no_file_path(
        make_app, monkeypatch):
    from game.ui.scenes.load import THUMBNAILS
    from tests.test_ui_layout import DrawnText

    drawn = DrawnText(monkeypatch)
    d = make_app()
    d.start_hot_seat()
    d.scene.play_move(4)
    d.key(pygame.K_s, mod=pygame.KMOD_CTRL)           # saved by the program: tictactoe-<date>.txt
    d.key(pygame.K_RETURN)
    saved("won.txt", "a1 b1 a2 b2 a3", HOT_SEAT, OLD)
    connect4 = Match(new_state("connect4"), YOU_VS_MASTER)
    for word in "4453":
        connect4.play(connect4.state.parse_move(word))
    save_match(connect4, saves_dir() / "four.txt")
    os.utime(saves_dir() / "four.txt", (OLD.timestamp() - 86400,) * 2)
    d.key(pygame.K_o, mod=pygame.KMOD_CTRL)
    d.settle()
    load = d.scene
    d.services.toasts.items.clear()                   # "Saved as tictactoe-….txt"
    lines = drawn.of_frames(d)
    d.until(lambda: not THUMBNAILS.waiting, limit=10, seconds=0, what="every card's picture (one a frame)")
    d.app.draw()
    for words in ("Tic-tac-toe", "Connect Four", "Player 1 vs Player 2", "You vs Master", "Player 1 won",
                  "In progress", "5 moves  ·  3 Jan 2025 10:30", "4 moves  ·  2 Jan 2025 10:30",
                  "3 saved games, newest first"):
        assert words in lines, f"{words!r} is not on the cards: {lines}"
    assert not any(".txt" in line or str(saves_dir()) in line for line in lines)
    screen = d.services.window.screen
    for index in range(3):
        picture = load.list.cards.picture_rect(load.list.row_rect(index))
        assert pixel_colours(screen, picture) > 40, f"card {index} has no picture of its position"
    made = THUMBNAILS.drawn
    for key in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_UP):
        d.key(key)
    assert load.list.selected == 1 and load.selected_game.path.name == "won.txt"
    d.frames(5)
    assert THUMBNAILS.drawn == made                   # pictures kept while the files are unchanged
    os.utime(saves_dir() / "won.txt", (OLD.timestamp() + 60,) * 2)
    load.refresh(keep=saves_dir() / "won.txt")
    d.frames(2)
    assert THUMBNAILS.drawn == made + 1               # a file changed: its picture drawn again
    d.key(pygame.K_RETURN)
    d.settle()
    assert d.scene.name == "play" and d.scene.match.state.to_text() == "a1 b1 a2 b2 a3"


def test_a_corrupt_file_is_a_card_saying_what_is_wrong_and_a_board_that_fails_to_draw_leaves_the_list_open(
        make_app, monkeypatch):
    from game.ui.renderers.tictactoe import TicTacToeRenderer
    from tests.test_ui_layout import DrawnText

    def cannot_draw(self, surface, state, view):
        raise RuntimeError("the board cannot be drawn")

    monkeypatch.setattr(TicTacToeRenderer, "draw", cannot_draw)
    drawn = DrawnText(monkeypatch)
    d = make_app()
    saved("good.txt", "b2", YOU_VS_MASTER, OLD)
    bad = broken("bad.txt", "# Board Arcade saved game\nGame: tictactoe\nSeat 1: human H\nSeat 2: human H\n"
                 "Moves: b2 b2\n", OLD + dt.timedelta(hours=2))
    open_list_from_title(d)
    load = d.scene
    problem = load.games[0].problem_detail
    with pytest.raises(SaveFileError, match=re.escape(problem)):
        load_match(bad)
    lines = drawn.of_frames(d)
    assert "bad.txt" in lines and problem in lines and "Cannot load" in lines
    assert "You vs Master" in lines                   # the good game's card, without its picture
    for key in (pygame.K_RETURN, pygame.K_v):
        d.key(key)
        d.settle()
        assert d.scene is load
    assert not load.widget("load").enabled and not load.widget("review").enabled
    d.key(pygame.K_DOWN)
    assert load.selected_game.path.name == "good.txt" and load.widget("load").enabled


def test_a_cards_in_progress_pill_reads_on_the_light_theme(make_app, monkeypatch):
    """The pills' colours were the dark theme's, read at import: "In progress" in pale
    amber on the light theme's pale card (contrast about 1.5)."""
    from game.ui import palette
    from game.ui.draw import contrast
    from game.ui.panels import savecard

    pills: list[tuple] = []
    real = savecard.text

    def noting(surface, font, words, colour, *args, **kwargs):
        if words == "In progress":
            pills.append(tuple(colour[:3]))
        return real(surface, font, words, colour, *args, **kwargs)

    monkeypatch.setattr(savecard, "text", noting)
    d = make_app(size=(800, 560))
    try:
        d.services.settings.update(theme="light")
        saves_dir().mkdir(parents=True, exist_ok=True)
        saved("evening.txt", "b2 a1", YOU_VS_MASTER, OLD)
        d.services.scenes.go("load", animate=False)
        d.settle()
        d.frames(30)
        assert pills and set(pills) == {palette.LIGHT.accent}
        assert contrast(pills[0], palette.LIGHT.board) > 2.0
    finally:
        palette.use("dark", False)
