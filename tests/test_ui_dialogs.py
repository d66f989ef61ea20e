"""The arcade's own dialogs: keyboard-first, sized to their content, scaled with the window."""
from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from game.store.userdata import saves_dir
from game.ui.window import MIN_SIZE


def type_text(d, content: str) -> None:
    """Type ``content`` as the keyboard would (a TEXTINPUT event), then run a frame."""
    d.post(pygame.TEXTINPUT, text=content)
    d.frames(1)


def assert_dialog_laid_out(d) -> None:
    """The open dialog inside the window, its controls inside it and apart, nothing cut."""
    dialog = d.services.dialogs.current
    screen = d.services.window.screen.get_rect()
    assert screen.contains(dialog.rect), f"{dialog.kind} dialog {dialog.rect} is outside {screen.size}"
    controls = [w for w in dialog.focus.widgets if w.rect.width > 0]
    for widget in controls:
        assert dialog.rect.contains(widget.rect), f"{widget.id} {widget.rect} sticks out of {dialog.rect}"
    for a, b in combinations(controls, 2):
        assert not a.rect.colliderect(b.rect), f"{a.id} {a.rect} overlaps {b.id} {b.rect}"


@pytest.fixture
def folder(tmp_path):
    """A folder of its own for the files a test lists (``tmp_path`` also holds the app's home)."""
    made = tmp_path / "files"
    made.mkdir()
    return made


def test_a_message_is_sized_to_its_words_and_enter_or_escape_closes_it(make_app):
    d = make_app(size=(1280, 800))
    d.services.dialogs.message("Could not save the game", "The disk is full.")
    d.frames(2)
    dialog = d.services.dialogs.current
    assert dialog.kind == "message" and dialog.focus.current.id == "ok"
    assert dialog.rect.height < 800 // 3 and dialog.rect.width < 1280 // 2      # no empty acres
    d.key(pygame.K_RETURN)
    assert not d.services.dialogs.is_open
    d.services.dialogs.message("Problem", "Something")
    d.key(pygame.K_ESCAPE)
    assert not d.services.dialogs.is_open and d.scene.name == "title"       # Esc closed the dialog only


def test_confirm_has_the_action_focused_and_tab_reaches_cancel(make_app):
    d = make_app()
    answers = []
    d.services.dialogs.confirm("Delete saved game", "Delete it?", "Delete", lambda: answers.append("yes"),
                               lambda: answers.append("no"))
    d.frames(1)
    assert d.services.dialogs.current.focus.current.label == "Delete"
    d.key(pygame.K_TAB)
    assert d.services.dialogs.current.focus.current.label == "Cancel"
    d.key(pygame.K_RETURN)
    assert answers == ["no"] and not d.services.dialogs.is_open
    d.services.dialogs.confirm("Delete saved game", "Delete it?", "Delete", lambda: answers.append("yes"))
    d.key(pygame.K_RETURN)
    assert answers == ["no", "yes"]


def test_clicks_outside_a_dialog_do_not_reach_the_screen_under_it(make_app):
    d = make_app()
    d.services.dialogs.message("Note", "Read me")
    d.frames(1)
    d.click("settings")                       # the title's Settings button, under the shade
    d.settle()
    assert d.scene.name == "title" and d.services.dialogs.is_open


def test_choose_file_walks_folders_by_keyboard_and_lists_only_saved_games(make_app, folder):
    d = make_app()
    (folder / "older").mkdir()
    (folder / "older" / "first.txt").write_text("x", encoding="utf-8")
    (folder / "notes.md").write_text("x", encoding="utf-8")
    (folder / "top.txt").write_text("x", encoding="utf-8")
    picked = []
    d.services.dialogs.choose_file("Open a saved game", folder, picked.append)
    d.frames(1)
    dialog = d.services.dialogs.current
    assert [e.name for e in dialog.list.entries] == ["..", "older", "top.txt"]
    assert dialog.focus.current is dialog.list and dialog.list.chosen.name == "top.txt"
    d.key(pygame.K_UP)
    assert dialog.list.chosen.name == "older"
    d.key(pygame.K_RETURN)                    # into the folder
    assert dialog.folder == folder / "older" and dialog.list.chosen.name == "first.txt"
    d.key(pygame.K_BACKSPACE)                 # and back up, the folder chosen again
    assert dialog.folder == folder and dialog.list.chosen.name == "older"
    d.key(pygame.K_RETURN)
    d.key(pygame.K_RETURN)
    assert picked == [folder / "older" / "first.txt"] and not d.services.dialogs.is_open


def test_choose_file_takes_a_typed_path_and_says_when_there_is_no_such_file(make_app, folder):
    d = make_app()
    (folder / "game.txt").write_text("x", encoding="utf-8")
    picked = []
    d.services.dialogs.choose_file("Open a saved game", saves_dir(), picked.append)
    type_text(d, str(folder / "gone.txt"))          # typing on the list goes into the name field
    d.key(pygame.K_RETURN)
    assert d.services.dialogs.kind == "file" and f"There is no file {folder / 'gone.txt'}" in d.services.toasts.messages()
    d.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    type_text(d, str(folder))                       # a folder: the dialog goes there
    d.key(pygame.K_RETURN)
    assert d.services.dialogs.current.folder == folder
    d.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)        # back to the list, its file chosen
    d.key(pygame.K_RETURN)
    assert picked == [folder / "game.txt"]


def test_save_as_shows_the_folder_lists_the_saves_and_asks_before_replacing_one(make_app):
    d = make_app()
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "evening.txt").write_text("precious", encoding="utf-8")
    saved = []
    d.services.dialogs.save_as("Save game", folder / "tictactoe-new.txt", saved.append, creatable=folder)
    d.frames(1)
    dialog = d.services.dialogs.current
    assert dialog.folder == folder and dialog.focus.current is dialog.field
    assert dialog.field.text == "tictactoe-new.txt" and dialog.field.selection == (0, len("tictactoe-new.txt"))
    assert "evening.txt" in [e.name for e in dialog.list.entries]
    d.key(pygame.K_DOWN)                              # to the list: its file
    assert dialog.focus.current is dialog.list
    while dialog.list.chosen.name != "evening.txt":
        d.key(pygame.K_DOWN)
    assert dialog.field.text == "evening.txt"
    d.key(pygame.K_RETURN)
    assert d.services.dialogs.kind == "confirm" and saved == []
    d.key(pygame.K_ESCAPE)
    assert d.services.dialogs.current is dialog
    d.key(pygame.K_RETURN)
    d.key(pygame.K_RETURN)
    assert saved == [folder / "evening.txt"] and not d.services.dialogs.is_open


def test_the_name_field_edits_like_a_text_box(make_app):
    d = make_app()
    saved = []
    d.services.dialogs.save_as("Save game", saves_dir() / "suggested.txt", saved.append, creatable=saves_dir())
    field = d.services.dialogs.current.field
    type_text(d, "my gam")                            # replaces the selected suggestion
    d.key(pygame.K_SPACE)                             # a key that is no shortcut here: its text comes as TEXTINPUT
    assert field.text == "my gam"
    type_text(d, "x")
    d.key(pygame.K_BACKSPACE)
    d.key(pygame.K_HOME)
    d.key(pygame.K_DELETE)
    type_text(d, "M")
    d.key(pygame.K_END)
    type_text(d, "e")
    assert field.text == "My game"
    d.key(pygame.K_RETURN)
    assert saved == [saves_dir() / "My game.txt"]


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 800), (1920, 1080)])
def test_every_dialog_fits_the_window_with_its_controls_apart(make_app, size, folder):
    d = make_app(size=size)
    for i in range(30):
        (folder / f"game-{i:02}.txt").write_text("x", encoding="utf-8")
    long = "line 5: move 2 ('b2'): b2 is not legal: that cell is taken. " * 12
    openers = [
        lambda: d.services.dialogs.message("Could not load the game", long),
        lambda: d.services.dialogs.confirm("Quit", "Leave Board Arcade?", "Quit", lambda: None),
        lambda: d.services.dialogs.choose_file("Open a saved game", folder, lambda path: None),
        lambda: d.services.dialogs.save_as("Save game", folder / "new.txt", lambda path: None),
    ]
    heights = []
    for open_dialog in openers:
        open_dialog()
        d.frames(2)
        assert_dialog_laid_out(d)
        dialog = d.services.dialogs.current
        heights.append(dialog.buttons[-1].rect.height)
        if dialog.kind in ("file", "save"):
            assert dialog.list.rect.height >= 2 * dialog.list.row_h
        d.services.dialogs.close()
    assert heights[0] == round(50 * d.services.fonts.scale)   # buttons grow with the window


def test_a_dialog_follows_the_window_when_it_is_resized(make_app):
    d = make_app(size=(1280, 800))
    d.services.dialogs.save_as("Save game", saves_dir() / "new.txt", lambda path: None)
    d.frames(1)
    d.post(pygame.VIDEORESIZE, size=MIN_SIZE, w=MIN_SIZE[0], h=MIN_SIZE[1])
    d.frames(2)
    assert_dialog_laid_out(d)
    assert d.services.dialogs.current.rect.center == d.services.window.screen.get_rect().center


def test_the_mouse_crossing_a_button_leaves_enter_to_the_typed_name_and_a_click_focuses(make_app):
    d = make_app()
    saved = []
    d.services.dialogs.save_as("Save game", saves_dir() / "suggested.txt", saved.append, creatable=saves_dir())
    d.frames(1)
    dialog = d.services.dialogs.current
    cancel = next(b for b in dialog.buttons if b.id == "cancel")
    d.post(pygame.MOUSEMOTION, pos=cancel.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    d.frames(1)
    assert cancel.hovered and dialog.focus.current is dialog.field
    d.click_at(dialog.list.rect.center)
    assert dialog.focus.current is dialog.list
    d.click_at(dialog.field.rect.center)
    assert dialog.focus.current is dialog.field
    d.key(pygame.K_RETURN)
    assert len(saved) == 1


def test_the_save_dialogs_headings_read_in_the_players_language(make_app, monkeypatch):
    import game.ui.dialogs as dialogs

    drawn: list[str] = []
    real = dialogs.text
    monkeypatch.setattr(dialogs, "text", lambda surface, font, words, *rest, **kw: (drawn.append(words),
                                                                                   real(surface, font, words, *rest, **kw))[1])
    d = make_app()
    d.services.settings.update(language="zh_CN")
    d.services.dialogs.save_as("Save game", saves_dir() / "new.txt", lambda path: None)
    d.frames(2)
    d.app.draw()
    assert "文件夹" in drawn and "另存为（名称或路径）" in drawn and "FOLDER" not in drawn
