"""The review screen: a game step by step, its graph, the verdicts filling in from the analysis, play from here."""
from __future__ import annotations

import pygame
import pytest

from game.match.record import Match, Player
from game.rules.catalogue import new_state
from game.store.savefile import save_match
from game.store.userdata import saves_dir
from game.ui.window import MIN_SIZE
from tests.test_ui_layout import DrawnText, assert_laid_out, resize

#: A Tic-tac-toe game whose verdicts are known: O's c1 (move 6) turns the draw into a loss, X's b1 wins slower.
GAME = "b2 a1 c3 a3 a2 c1 b1"
#: A short game of each board, for the screens at both sizes.
GAMES = {"tictactoe": GAME, "connect4": "4 4 5 3 3 5", "reversi": "f5 d6 c3 d3 c4",
         "gomoku": "h8 i9 h9 h10 g8", "chinesecheckers": ""}


def game_of(game_id: str = "tictactoe", moves: str = GAME, players=None) -> Match:
    state = new_state(game_id)
    match = Match(state, players or [Player.human(), Player.of_bot("Master")][:state.num_seats]
                  + [Player.of_bot("Easy")] * max(0, state.num_seats - 2))
    for word in moves.split():
        match.play(state.parse_move(word))
    return match


def open_review(d, match: Match, ply: int | None = None):
    d.services.scenes.push("review", match=match, ply=ply, animate=False)
    d.frames(2)
    assert d.scene.name == "review"
    return d.scene


def analysed(d, review) -> None:
    d.until(lambda: review.job is not None and review.job.done, limit=600, what="the review's analysis", seconds=90)
    d.frames(1)


def test_the_arrow_keys_home_end_and_the_wheel_over_the_board_change_the_ply_shown(make_app):
    d = make_app()
    match = game_of()
    review = open_review(d, match)
    assert review.ply == 7 and review.state.move_stack == [r.move for r in match.records]
    d.key(pygame.K_LEFT)
    assert review.ply == 6 and review.view.last_move == match.records[5].move
    assert review.state.move_stack == [r.move for r in match.records[:6]]
    d.key(pygame.K_HOME)
    assert review.ply == 0 and review.view.last_move is None and not review.state.move_stack
    d.key(pygame.K_LEFT)
    assert review.ply == 0
    d.key(pygame.K_RIGHT)
    assert review.ply == 1 and review.state.move_stack == [match.records[0].move]
    d.key(pygame.K_END)
    assert review.ply == 7
    d.post(pygame.MOUSEMOTION, pos=review.board_rect.center, rel=(0, 0), buttons=(0, 0, 0))
    d.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)             # the wheel up over the board: a move back
    d.frames(1)
    assert review.ply == 6
    d.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    d.frames(1)
    assert review.ply == 7
    d.post(pygame.MOUSEMOTION, pos=review.movelist.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    d.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)             # over the move list it scrolls the list
    d.frames(1)
    assert review.ply == 7
    assert len(match.records) == 7, "the game itself is never changed"


def test_clicking_the_graph_or_a_move_of_the_list_goes_to_that_ply(make_app):
    d = make_app(size=(1280, 800))
    review = open_review(d, game_of(), ply=0)
    d.click_at((review.graph.x_of(3), review.graph.plot.centery))
    assert review.ply == 3
    d.frames(1)
    index, rect = next((i, rect) for record, rect in review.movelist.drawn
                       for i, kept in enumerate(review.records) if kept is record and i + 1 != 3)
    d.click_at(rect.center)
    assert review.ply == index + 1


def test_the_screen_fills_in_from_the_analysis_and_next_mistake_jumps_to_the_blunder(make_app):
    d = make_app(size=(1280, 800))
    review = open_review(d, game_of(), ply=0)
    analysed(d, review)
    assert review.review.complete and review.failure == ""
    assert review.progress_words()[0] == "Analysed: 7 of 7 moves"
    assert review.accuracy_words().startswith("Accuracy: X 100 · O ")
    d.key(pygame.K_n)
    assert review.ply == 6                                  # after O's c1, the blunder
    words = [line for line, _, _ in review.verdict_lines()]
    assert words[0] == "Move 6: O c1 · blunder" and "turned a draw into a loss (loss in 1)" in words
    assert "Better: c2 — draw" in words                    # what O should have played
    d.key(pygame.K_LEFT)
    assert review.view.hint == review.state.parse_move("c2"), "the engine's best move is ringed on the board"
    assert any(line.startswith("Best for O here: c2") for line, _, _ in review.verdict_lines())
    d.key(pygame.K_END)
    d.key(pygame.K_p)
    assert review.ply == 6
    d.key(pygame.K_n)
    assert review.ply == 6, "no mistake after it"


def test_play_from_here_starts_a_game_at_that_ply_with_the_moves_kept(make_app):
    d = make_app()
    match = game_of()
    review = open_review(d, match, ply=4)
    review.opponent.select_value("Master")
    d.key(pygame.K_c)
    d.settle()
    play = d.scene
    assert play.name == "play"
    assert [r.text for r in play.match.records] == GAME.split()[:4]
    assert play.match.players[0].is_human and play.match.players[1].bot == "Master"   # X to move: the player
    d.leave_game()
    d.settle()
    assert d.scene is review and len(review.records) == 7 and review.ply == 4, "the review's game is kept"


def test_the_result_panel_the_move_list_and_the_saved_games_open_the_review(make_app):
    d = make_app(size=(1280, 800))
    finished = game_of(moves="b2 a1 c3 a3 a2 c1 b1 c2 b3")      # X wins on the b file
    d.open_match(finished)
    d.until(lambda: d.scene.result.shown and d.scene.result.slide.done, limit=400, what="the result panel")
    hidden_move = d.scene.movelist.drawn[0][1]            # under the result panel: no review from there
    assert not any(button.rect.colliderect(hidden_move) for button in d.scene.result.buttons)
    d.click_at(hidden_move.center)
    assert d.scene.name == "play"
    d.click("review")
    d.settle()
    assert d.scene.name == "review" and d.scene.ply == 9 and d.scene.result_on_board
    assert any(line.startswith("X wins") for line, _, _ in d.scene.verdict_lines())
    d.key(pygame.K_r)
    assert not d.scene.result_on_board
    d.key(pygame.K_r)
    assert d.scene.result_on_board
    d.key(pygame.K_ESCAPE)
    d.settle()
    assert d.scene.name == "play"

    d.open_match(game_of(moves="b2 a1 c3", players=[Player.human(), Player.human()]))
    d.settle()
    d.frames(1)
    record, rect = d.scene.movelist.drawn[1]
    d.click_at(rect.center)
    d.settle()
    assert d.scene.name == "review" and d.scene.ply == 2 and record.text == "a1"

    saves_dir().mkdir(parents=True, exist_ok=True)
    save_match(game_of(), saves_dir() / "evening.txt")
    d.services.scenes.go("load", animate=False)
    d.settle()
    d.key(pygame.K_v)
    d.settle()
    assert d.scene.name == "review" and [r.text for r in d.scene.records] == GAME.split()


@pytest.mark.parametrize("size", [MIN_SIZE, (1920, 1080)], ids=["smallest", "full-hd"])
def test_no_text_is_cut_and_no_control_overlaps_on_the_review_of_each_game(make_app, monkeypatch, size):
    drawn = DrawnText(monkeypatch)
    d = make_app()
    resize(d, size)
    for game_id, moves in GAMES.items():
        review = open_review(d, game_of(game_id, moves))
        for ply in (0, review.plies // 2, review.plies):
            review.go_to(ply, animate=False)
            cut = [line for line in drawn.of_frames(d) if line.endswith("…")]
            assert cut == [], f"the review of {game_id} at ply {ply} at {size} cuts {cut}"
            assert_laid_out(review, size, {"graph": review.graph.rect, "words": review.words_rect})
        review.job.stop()
        d.services.scenes.pop(animate=False)


def test_a_chinese_checkers_graph_draws_each_players_steps_to_goal_from_the_reviews(make_app, monkeypatch):
    from game.rules.chinesecheckers import distance_to_goal
    from game.ui.scenes import review as review_scene

    monkeypatch.setattr(review_scene, "DEFAULT_BUDGET", 0.05)
    d = make_app()
    state = new_state("chinesecheckers")
    match = Match(state, [Player.human(), Player.of_bot("Easy")])
    for _ in range(6):
        match.play(min(state.legal_moves(), key=lambda move: (state.push(move), distance_to_goal(state, 1 - state.turn),
                                                              state.pop())[1]))
    review = open_review(d, match)
    analysed(d, review)
    assert review.steps is not None and len(review.steps) == 7
    assert review.steps[1:] == [item.steps for item in review.review.reviews], "the reviews' counts, one way"
    assert review.steps[6] == tuple(distance_to_goal(match.state, seat) for seat in range(2))
    assert review.steps[6][0] < review.steps[0][0] and review.steps[6][1] < review.steps[0][1]
    assert open_review(d, game_of()).steps is None


def test_a_board_labels_short_form_tells_a_win_in_moves_from_a_win_by_discs_and_names_the_proof():
    from game.ui.renderers.effects import short_value

    assert short_value("wins in 5 by fours") == "VCF 5"
    assert short_value("wins by a VCF in 5: h8 i9 j10 k11") == "VCF 5"
    assert short_value("wins by a VCT in 7, one line: h8 i9") == "VCT 7"
    assert short_value("wins in 5") == short_value("win in 5") == "win 5"
    assert short_value("loses to a VCF in 3") == short_value("loss in 3") == "loss 3"
    assert short_value("wins by 6") == "+6" and short_value("loses by 4") == "−4"
    assert short_value("about -6.5 (estimate)") == "≈-6.5" and short_value("draw") == "draw"


def test_a_blunder_is_written_and_dotted_in_the_light_themes_colours_after_a_theme_change(make_app):
    """The grades' colours were the dark theme's, read once at import: the light theme's
    "· blunder" was coral on white and an inaccuracy pale amber on white."""
    from game.ui import palette
    from game.ui.panels.evalgraph import first_players_chance
    d = make_app(size=(1280, 800))
    try:
        review = open_review(d, game_of(), ply=6)
        analysed(d, review)
        d.services.settings.update(theme="light")            # changed while the review is open
        d.frames(2)
        head, colour, _ = review.verdict_lines()[0]
        assert head == "Move 6: O c1 · blunder" and colour == palette.LIGHT.bad
        d.key(pygame.K_HOME)                                    # the graph's ply marker off the dot
        item = review.review.reviews[5]
        chance, _ = first_players_chance(item)
        dot = (review.graph.x_of(6), review.graph._y_of_chance(chance))
        assert tuple(d.services.window.screen.get_at(dot))[:3] == palette.LIGHT.bad
    finally:
        palette.use("dark", False)


@pytest.mark.parametrize("game_id, change", [("reversi", {"theme": "light"}), ("connect4", {"colour_blind": True}),
                                             ("connect4", {"display": {"connect4_classic_set": True}})])
def test_the_move_list_and_graph_take_the_pieces_colours_after_a_change_of_settings(make_app, game_id, change):
    """The review's move list and graph kept the colours of the moment it opened: after a
    theme, colour-blind pieces or a board set chosen (in Settings over a game played from
    here), the moves were written in colours no piece on the board had."""
    from game.ui import palette
    d = make_app(size=(800, 560))
    try:
        from game.ui.renderers import BoardView, renderer_for
        review = open_review(d, game_of(game_id, GAMES[game_id]))
        before = tuple(review.renderer.seat_colours())
        d.services.settings.update(**change)
        d.frames(2)
        fresh = renderer_for(game_id)
        fresh.follow_view(BoardView(display=d.services.settings.current.display))
        pieces = tuple(fresh.seat_colours())
        assert pieces != before and tuple(review.renderer.seat_colours()) == pieces
        assert review.movelist.colours == pieces and tuple(review.graph.colours) == pieces
    finally:
        palette.use("dark", False)


def test_a_review_opened_on_the_classic_set_writes_the_moves_in_its_colours(make_app):
    d = make_app(size=(800, 560))
    d.services.settings.update(display={"connect4_classic_set": True})
    review = open_review(d, game_of("connect4", GAMES["connect4"]))
    from game.ui.renderers.connect4 import CLASSIC_COLOURS
    assert review.movelist.colours == CLASSIC_COLOURS == tuple(review.graph.colours)


def test_an_opening_decision_is_named_in_the_players_language_at_the_head_of_the_verdict(make_app):
    from game.rules.gomoku import Gomoku

    d = make_app()
    d.services.settings.update(language="zh_CN")
    state = Gomoku.from_text("h8 h9 i8 more j8 k8 black", opening="swap2")
    review = open_review(d, Match(state, [Player.human(), Player.human()]), ply=4)
    assert review.verdict_lines()[0][0].startswith("第 4 手：白方 再下两子")


def test_a_stone_is_named_and_coloured_as_its_own_colour_whoever_placed_it_and_whatever_seat_took_later(make_app):
    from game.rules.gomoku import Gomoku

    d = make_app()
    state = Gomoku.from_text("h8 i9 j10 more h9 h10 white a1 a2", opening="swap2")   # seat 0 places i9, then takes White
    match = Match(state, [Player.human(), Player.human()])
    review = open_review(d, match, ply=2)
    assert review.verdict_lines()[0][0].startswith("Move 2: White i9")
    assert review.verdict_lines()[0][0] != "Move 2: Black i9"
    black, white = review.renderer.seat_colours()
    d.app.draw()
    colours = [review.movelist._colour(record) for record in review.records]
    assert colours == [black, white, black, white, white, black, white, white, black]   # "white" taken: White's
    review.go_to(8)
    assert review.verdict_lines()[0][0].startswith("Move 8: White a1")
