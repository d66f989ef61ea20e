"""The end of a game on the play screen: the final position at full contrast, the
result panel put away (R, Hide) for the move list and brought back (R, Result)."""
from __future__ import annotations

import random

import pygame
import pytest

from game.match.record import Match, Player
from game.rules.catalogue import new_state
from game.ui.window import MIN_SIZE
from tests.test_ui_layout import DrawnText, assert_laid_out, resize
from tests.test_ui_play import near


def reversi_to_the_end(seed: int = 3) -> list[str]:
    """A whole Reversi game of random moves, as notation."""
    state, rng, words = new_state("reversi"), random.Random(seed), []
    while not state.is_over():
        move = rng.choice(list(state.legal_moves()))
        words.append(state.move_to_str(move))
        state.push(move)
    return words


def hot_seat(d, game_id: str, words: list[str]):
    state = new_state(game_id)
    for word in words:
        state.push(state.parse_move(word))
    d.open_match(Match(state, [Player.human(), Player.human()]))
    d.settle()
    d.frames(30)
    return d.scene


def to_the_result(d, play) -> None:
    d.until(lambda: play.result.shown and play.result.slide.done, limit=600, what="the result panel")
    d.frames(60)        # the winning line swept, the pieces at rest


def pixel(d, point) -> pygame.Color:
    return d.services.window.screen.get_at((round(point[0]), round(point[1])))


def loser_points(play, loser: int) -> dict[int, tuple[int, int]]:
    """Where the loser's pieces are drawn, by the rules' square (Reversi) or column (Connect Four)."""
    state, renderer = play.state, play.renderer
    if play.game_id == "connect4":      # the discs of the row above the bottom one
        return {col: renderer.hole_centre(col, 1) for col in range(state.cols)
                if state.height(col) > 1 and state.cell(col, 1) == type(state).disc(loser)}
    mask = state.discs(loser)
    return {square: renderer.cell_centre(renderer.cell_for_move(state, square)) for square in range(64)
            if mask >> square & 1}


@pytest.mark.parametrize("game_id", ["connect4", "reversi"])
def test_at_the_end_the_losers_pieces_are_drawn_as_in_play_not_faded(make_app, game_id):
    d = make_app(size=(1280, 800))
    words = "4 4 5 5 6 6 7".split() if game_id == "connect4" else reversi_to_the_end()
    play = hot_seat(d, game_id, words[:-1])
    play.play_move(play.state.parse_move(words[-1]))
    to_the_result(d, play)
    outcome = play.state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    after = loser_points(play, 1)
    play.undo()                        # the position before the last move, as it was in play
    d.settle()
    d.frames(30)
    before = loser_points(play, 1)
    in_play = {key: pixel(d, point) for key, point in before.items()}
    play.redo()
    to_the_result(d, play)
    kept = [key for key in after if key in before]      # not turned by the last move
    assert len(kept) >= 3
    for key in kept:
        assert near(pixel(d, after[key]), in_play[key], 6), f"the loser's piece on {key} is faded at the end"


def test_r_puts_the_result_away_for_the_move_list_and_brings_it_back(make_app):
    d = make_app(size=(1280, 800))
    play = hot_seat(d, "connect4", "4 4 5 5 6 6".split())
    play.play_move(play.state.parse_move("7"))
    to_the_result(d, play)
    assert play.focus.current is play.result.rematch
    d.key(pygame.K_r)
    d.frames(2)
    assert not play.result.visible and play.result.put_aside
    assert play.focus.current is play.result.show_button, "Enter brings the result back"
    assert [record.text for record, _ in play.movelist.drawn] == "4 4 5 5 6 6 7".split()
    d.key(pygame.K_r)
    d.until(lambda: play.result.shown and play.result.slide.done, limit=120, what="the panel back")
    assert play.focus.current is play.result.rematch
    d.click_at(play.result.hide_button.rect.center)              # the Hide button
    d.frames(2)
    assert not play.result.visible
    record, rect = play.movelist.drawn[2]                        # a move clicked: the review at that move
    d.click_at(rect.center)
    d.settle()
    assert d.scene.name == "review" and d.scene.ply == 3 and record.text == "5"
    d.key(pygame.K_ESCAPE)
    d.settle()
    assert d.scene is play and play.result.put_aside
    d.key(pygame.K_ESCAPE)                                       # Esc: the game menu, panel put away or not
    assert d.services.dialogs.kind == "menu"
    d.key(pygame.K_ESCAPE)
    d.click_at(play.result.show_button.rect.center)              # the Result button
    d.until(lambda: play.result.shown and play.result.slide.done, limit=120, what="the panel back")
    d.key(pygame.K_RETURN)                                       # Rematch
    assert play.match.records == [] and not play.result.visible and not play.result.put_aside


@pytest.mark.parametrize("size", [MIN_SIZE, (1920, 1080)], ids=["smallest", "full-hd"])
def test_the_end_of_a_game_cuts_no_text_with_the_panel_shown_or_put_away(make_app, monkeypatch, size):
    drawn = DrawnText(monkeypatch)
    d = make_app()
    resize(d, size)
    for game_id, words in (("connect4", "4 4 5 5 6 6 7".split()), ("reversi", reversi_to_the_end())):
        play = hot_seat(d, game_id, words)
        to_the_result(d, play)
        for shown in (True, False):
            assert play.result.visible is shown
            cut = [line for line in drawn.of_frames(d) if line.endswith("…")]
            assert cut == [], f"the end of {game_id} at {size} cuts {cut}"
            assert_laid_out(play, size)
            if shown:
                assert play.result.rect.contains(play.result.hide_button.rect)
                d.key(pygame.K_r)
            else:
                assert play.status.rect.contains(play.result.show_button.rect)
