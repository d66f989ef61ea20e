"""The play screen's move list: rounds follow seat order, with skipped seats and up to six seats."""
from __future__ import annotations

import pygame
import pytest

from game.match.record import MoveRecord
from game.ui import palette
from game.ui.panels.movelist import MoveList


def records(*seats: int, notes: dict[int, str] | None = None) -> list[MoveRecord]:
    """One record per seat given, named m1, m2... in order, with ``notes`` by index."""
    notes = notes or {}
    return [MoveRecord(i, seat, f"m{i + 1}", notes.get(i, "")) for i, seat in enumerate(seats)]


def drawn_list(d, moves: list[MoveRecord], seats: int, size=(320, 420)) -> MoveList:
    movelist = MoveList(d.services.fonts)
    movelist.rect = pygame.Rect((10, 10), size)
    surface = pygame.Surface((size[0] + 20, size[1] + 20))
    movelist.draw(surface, moves, seats)
    movelist.surface = surface
    return movelist


def test_a_skipped_seat_starts_a_new_round_instead_of_shifting_the_columns(make_app):
    d = make_app()
    moves = records(0, 1, 1, 0, 1)                  # seat 0 missed a turn after the first round
    movelist = drawn_list(d, moves, 2)
    lines = movelist.lines(moves, 2)
    assert [(line.number, [r.text for r in line.records]) for line in lines] == [
        (1, ["m1", "m2"]), (2, ["m3"]), (3, ["m4", "m5"])]
    column = {record.text: rect.x for record, rect in movelist.drawn}
    assert column["m2"] == column["m3"] == column["m5"] > column["m1"] == column["m4"]


def test_with_more_than_two_seats_each_move_has_a_line_with_its_seat_colour(make_app):
    d = make_app()
    moves = records(0, 1, 2, 3, 4, 5, 0, 1, 3, 4, 5, 0)   # seat 2 finished after the first round
    movelist = drawn_list(d, moves, 6)
    lines = movelist.lines(moves, 6)
    assert [(line.number, line.numbered, line.records[0].seat) for line in lines] == [
        (1, True, 0), (1, False, 1), (1, False, 2), (1, False, 3), (1, False, 4), (1, False, 5),
        (2, True, 0), (2, False, 1), (2, False, 3), (2, False, 4), (2, False, 5),
        (3, True, 0)]
    body = movelist.body()
    assert [record.text for record, _ in movelist.drawn] == [r.text for r in moves]
    for record, rect in movelist.drawn:
        assert body.left < rect.left and rect.right <= body.right
        dot = movelist.surface.get_at((body.x + 48, rect.centery))[:3]
        assert dot == palette.SEAT_COLOURS[record.seat]


def test_a_bot_failure_takes_one_line_under_its_move(make_app):
    d = make_app()
    long_note = "Slow (Hard) raised ValueError: the evaluation table is damaged " * 4 + "; a random move was played"
    moves = records(0, 1, 2, 0, notes={1: long_note})
    lines = MoveList(d.services.fonts).lines(moves, 3)
    assert [line.records[0].text if line.records else line.note for line in lines] == [
        "m1", "m2", "⚠ Bot failed: random move", "m3", "m4"]


def test_the_mouse_over_a_failure_line_shows_the_failure_in_full(make_app):
    d = make_app()
    note = "Slow timed out after 1.2 s; a random move was played"
    moves = records(0, 1, 0, notes={1: note})
    movelist = MoveList(d.services.fonts)
    movelist.rect = pygame.Rect(420, 10, 320, 400)
    surface = pygame.Surface((800, 560))
    movelist.draw(surface, moves, 2)
    [(line, details)] = movelist.notes_drawn
    assert details == note
    box = movelist.draw_details(surface, line.center)
    assert box is not None and box.right <= movelist.rect.x
    assert movelist.draw_details(surface, (line.centerx, line.bottom + 40)) is None


def test_two_seats_whose_moves_do_not_fit_a_column_get_a_line_each_written_in_full(make_app):
    d = make_app()
    moves = records(0, 1, 0)
    long = MoveRecord(moves[1].move, 1, "e6-e4-e2-g4-i6-i8-k10-m12-k12")
    moves = [moves[0], long, moves[2]]
    movelist = drawn_list(d, moves, 2, size=(380, 420))      # the side panel's width at 1280x800
    assert [record.text for record, _ in movelist.drawn] == [r.text for r in moves]
    rects = [rect for _, rect in movelist.drawn]
    assert rects[0].centery < rects[1].centery < rects[2].centery       # one move a line
    assert movelist.fonts.bold(16).size(long.text)[0] <= rects[1].width + 1   # not cut short


from game.ui.draw import contrast  # noqa: E402 - beside the tests that use it


def inks_noted(monkeypatch, *panels) -> list[tuple[str, tuple]]:
    """The (words, colour) of every text the ``panels`` modules draw from now on, in order."""
    from game.ui import draw

    inks: list[tuple[str, tuple]] = []
    real = draw.text

    def noting(surface, font, words, colour, *args, **kwargs):
        inks.append((words, tuple(colour[:3])))
        return real(surface, font, words, colour, *args, **kwargs)

    for panel in panels:
        monkeypatch.setattr(panel, "text", noting)
    return inks


def test_blacks_moves_and_its_marks_are_not_drawn_in_the_grey_of_disabled_text(make_app, monkeypatch):
    from game.match.record import Match, Player
    from game.rules.catalogue import new_state
    from game.ui import draw
    from game.ui.panels import movelist, status

    inks = inks_noted(monkeypatch, movelist, status)
    d = make_app(size=(1280, 800))
    d.open_match(Match(new_state("reversi"), [Player.human(), Player.human()]))
    d.settle()
    play = d.scene
    for _ in range(4):
        play.play_move(play.state.legal_moves()[0])
    d.frames(60)
    inks.clear()
    d.app.draw()
    black = [play.match.records[i].text for i in (0, 2)]
    disabled = draw.mix(palette.TEXT, palette.BACKGROUND_TOP, 0.5)        # a disabled button's words
    for move in black:
        colour = next(colour for words, colour in inks if words == move)
        assert sum(abs(a - b) for a, b in zip(colour, disabled)) > 60, f"Black's {move} is drawn in a disabled grey"
        assert sum(abs(a - b) for a, b in zip(colour, palette.TEXT_MUTED)) > 60
        assert contrast(colour, palette.BOARD) >= 7.0
    pixel = play.screen.panel_rect.x + 20 + 5, play.screen.panel_rect.y + d.services.window.px(60)
    dot = d.services.window.screen.get_at(pixel)[:3]                     # Black's dot in the header is dark
    assert max(dot) < 80, f"Black's dot is {dot}"


@pytest.mark.parametrize("classic", [False, True])
@pytest.mark.parametrize("colour_blind", [False, True])
def test_connect_fours_moves_are_legible_on_the_light_themes_panels(make_app, monkeypatch, classic, colour_blind):
    """Yellow (and coral) written on the light theme's near-white panels could hardly be read (contrast 1.3 to 2.7): at least WCAG's 3 for large text now."""
    from game.match.record import Match, Player
    from game.rules.catalogue import new_state
    from game.ui.panels import movelist

    inks = inks_noted(monkeypatch, movelist)
    d = make_app(size=(800, 560))
    try:
        d.services.settings.update(theme="light", colour_blind=colour_blind,
                                   display={"connect4_classic_set": classic})
        d.open_match(Match(new_state("connect4"), [Player.human(), Player.human()]))
        d.settle()
        play = d.scene
        play.play_move(play.state.legal_moves()[0])
        play.play_move(play.state.legal_moves()[1])
        d.frames(60)
        inks.clear()
        d.app.draw()
        for record in play.match.records:              # Red's "1", Yellow's "2"
            colour = next(colour for words, colour in inks if words == record.text)
            for ground in (palette.PANEL, palette.PANEL_LIGHT, palette.BOARD):
                assert contrast(colour, ground) >= 3.0, f"seat {record.seat}'s {record.text} in {colour} on {ground}"
    finally:
        palette.use("dark", False)


def test_an_opening_decision_is_written_in_the_players_language(make_app, monkeypatch):
    from game.ui.panels import movelist as module

    d = make_app()
    d.services.settings.update(language="zh_CN")
    drawn: list[str] = []
    real = module.text

    def recorded(surface, font, words, *rest, **kwargs):
        drawn.append(words)
        return real(surface, font, words, *rest, **kwargs)

    monkeypatch.setattr(module, "text", recorded)
    moves = [MoveRecord(0, 0, "h8"), MoveRecord(1, 0, "h9"), MoveRecord(2, 0, "i8"), MoveRecord(3, 1, "more"),
             MoveRecord(4, 1, "j8"), MoveRecord(5, 1, "k8"), MoveRecord(6, 0, "black"), MoveRecord(7, 0, "pick:j10")]
    drawn_list(d, moves, 2)
    assert "再下两子" in drawn and "执黑" in drawn and "保留:j10" in drawn
    assert not {"more", "black", "pick:j10"} & set(drawn)
