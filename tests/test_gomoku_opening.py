"""Gomoku's and Renju's opening rules: the phases, who decides, colours that change seats."""
from __future__ import annotations

import random

import pytest

from bots.gomoku_easy import GomokuEasy
from bots.gomoku_master import GomokuMaster
from bots.gomoku_medium import GomokuMedium
from bots.lib.gomoku_opening import decide, opening_values
from game.rules.bot import MoveValue
from game.rules.core import BadNotation, IllegalMove
from game.rules.gomoku import BLACK, WHITE, Gomoku
from game.rules.gomoku_opening import CHOOSE, OFFER, OPENING_RULES, PICK, PLACE, fifths
from game.rules.renju_openings import OPENINGS, name_of, opening_named


def played(text: str, **options) -> Gomoku:
    return Gomoku.from_text(text, **options)


def test_swap2_asks_the_second_player_to_take_a_colour_or_place_two_more():
    state = played("h8 i9 j10", opening="swap2")
    assert (state.phase.kind, state.turn) == (CHOOSE, 1)
    assert state.legal_moves() == ["black", "white", "more"]
    state.push("more")
    assert (state.phase.kind, state.turn, state.to_play) == (PLACE, 1, WHITE)
    state.play_text("h9 h10")
    assert (state.phase.kind, state.turn) == (CHOOSE, 0) and state.legal_moves() == ["black", "white"]
    state.push("white")                          # the first player takes White: seat 0 is White now
    assert state.phase is None and state.black_seat == 1 and state.seat_name(0) == "White"
    assert state.to_play == WHITE and state.turn == 0


def test_a_swap_gives_the_win_to_the_seat_holding_the_winning_colour():
    state = played("h8 i9 j10 black", opening="swap1")   # seat 1 took Black
    assert state.black_seat == 1 and state.turn == 0     # White (seat 0) plays the fourth stone
    state.play_text("a1 h9 a2 h10 a3 h11 a4 h12")        # Black's five: h8 to h12
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and state.seat_colour(1) == BLACK


def test_the_chooser_takes_the_colour_it_names():
    state = played("h8 i9 j10 white", opening="swap1")
    assert state.black_seat == 0 and state.turn == 1 and state.to_play == WHITE


def test_rif_needs_one_of_the_26_openings_then_two_offered_fifth_moves_and_a_pick():
    state = Gomoku(opening="rif", rule="renju")
    assert state.legal_moves() == [state.parse_move("h8")]
    state.push(state.parse_move("h8"))
    assert sorted(state.move_to_str(p) for p in state.legal_moves()) == sorted(
        ["g7", "g8", "g9", "h7", "h9", "i7", "i8", "i9"])
    state.play_text("h9")
    assert len(state.legal_moves()) == 23                # the rest of the central 5x5
    with pytest.raises(IllegalMove, match="within 2 lines"):
        state.push(state.parse_move("a1"))
    state.play_text("h10 white k12")                     # Kansei; seat 1 keeps White and plays the 4th
    assert (state.phase.kind, state.turn) == (OFFER, 0)
    state.play_text("offer:g9")
    assert ("offer", state.parse_move("i9")) in state.legal_moves()   # k12 leaves the position no symmetry
    state.play_text("offer:j7")
    assert (state.phase.kind, state.turn) == (PICK, 1)
    assert state.legal_moves() == [("pick", state.parse_move("g9")), ("pick", state.parse_move("j7"))]
    state.play_text("pick:j7")
    assert state.phase is None and state.offers == () and state.turn == 1 and state.to_play == WHITE
    assert state.stone(*state.col_row(state.parse_move("j7"))) == BLACK
    assert state.stone(*state.col_row(state.parse_move("g9"))) == 0


def test_symmetric_fifth_moves_may_not_both_be_offered():
    state = played("h8 h9 h10 white h5 offer:g7", opening="rif", rule="renju")   # symmetric about the h file
    assert ("offer", state.parse_move("i7")) not in state.legal_moves()
    with pytest.raises(IllegalMove):
        state.push(("offer", state.parse_move("i7")))
    assert ("offer", state.parse_move("i6")) in state.legal_moves()


def test_soosorv8_declares_one_to_eight_offers_and_lets_black_swap_again():
    state = played("h8 h9 i9 black k12", opening="soosorv8", rule="renju")
    assert (state.phase.kind, state.turn) == (CHOOSE, 0)          # seat 0 holds White now and declares
    assert state.legal_moves() == [fifths(n) for n in range(1, 9)]
    state.play_text("fifths:3")
    assert (state.phase.kind, state.turn) == (CHOOSE, 1) and state.legal_moves() == ["black", "white"]
    state.play_text("white")
    assert state.black_seat == 0
    state.play_text("offer:g7 offer:j6 offer:f10")
    assert state.phase.kind == PICK and state.turn == 1
    state.play_text("pick:f10")
    assert state.phase is None and state.turn == 1


def test_taraguchi10_grows_the_square_and_offers_ten_or_a_fifth_within_nine_by_nine():
    state = played("h8 white", opening="taraguchi10", rule="renju")
    assert state.black_seat == 0 and state.turn == 1
    assert len(state.legal_moves()) == 8                          # the 2nd within 3x3
    state.play_text("i9 black")
    assert len(state.legal_moves()) == 25 - 2                     # the 3rd within 5x5
    state.play_text("i8 white")
    assert len(state.legal_moves()) == 49 - 3                     # the 4th within 7x7
    state.play_text("g10")
    assert state.legal_moves() == ["black", "white", fifths(10)]
    choice_one = state.copy()
    choice_one.play_text("black")
    assert len(choice_one.legal_moves()) == 81 - 4 - len(choice_one.forbidden_points())
    choice_one.play_text("j10 black")
    assert choice_one.phase is None and choice_one.to_play == WHITE
    state.play_text("fifths:10")
    assert state.phase.kind == OFFER and state.phase.count == 10


def test_rif_asks_as_many_fifth_moves_as_its_option_fifths_and_a_save_keeps_it(tmp_path):
    from game.match.record import Match, Player
    from game.rules.catalogue import GameSpec
    from game.store.savefile import load_match, save_match

    spec = GameSpec.parse("gomoku(opening=rif,rule=renju,fifths=3)")
    state = spec.new_state()
    state.play_text("h8 h9 h10 white k12 offer:g7 offer:a1")
    assert (state.phase.kind, state.phase.count, state.turn) == (OFFER, 3, 0)   # a third offer still to come
    state.play_text("offer:a2")
    assert state.phase.kind == PICK and len(state.legal_moves()) == 3
    path = tmp_path / "rif3.txt"
    save_match(Match(state, [Player.human(), Player.human()]), path)
    loaded = load_match(path).state
    assert loaded.options["fifths"] == 3 and loaded.phase.kind == PICK and len(loaded.offers) == 3
    sent = str(GameSpec.of_state(loaded))                       # as a network game's Sync names the game
    assert "fifths=3" in sent and GameSpec.parse(sent).new_state().options["fifths"] == 3
    assert loaded.pop() == ("offer", loaded.parse_move("a2")) and loaded.phase.count == 3   # undone: still three
    assert GameSpec.parse("gomoku(opening=rif)").new_state().options["fifths"] == 2    # the RIF's two
    with pytest.raises(BadNotation):
        GameSpec.parse("gomoku(opening=rif,fifths=11)")


def test_yamaguchi_declares_the_offers_with_the_opening_before_the_swap():
    state = played("h8 h9 h10", opening="yamaguchi", rule="renju")
    assert (state.phase.kind, state.turn) == (CHOOSE, 0)                       # the proposer declares
    assert state.legal_moves() == [fifths(n) for n in range(1, 11)]
    state.play_text("fifths:3")
    assert (state.phase.kind, state.turn) == (CHOOSE, 1) and state.legal_moves() == ["black", "white"]
    state.play_text("black")                                                   # the second player swaps
    assert state.black_seat == 1 and state.turn == 0                           # seat 0, now White, plays the 4th
    state.play_text("k12 offer:g7 offer:a1 offer:a2")
    assert (state.phase.kind, state.turn) == (PICK, 0)
    state.play_text("pick:a2")
    assert state.phase is None and state.turn == 0 and state.to_play == WHITE


def test_renju_forbidden_points_still_hold_after_an_opening():
    state = played("h8 g7 j8 white a1 offer:h10 offer:a15 pick:h10 a2 h11 a3 h14 a4", opening="rif", rule="renju")
    h12 = state.parse_move("h12")
    assert state.to_play == BLACK and state.forbidden_points() == [h12] == state.plain().forbidden_points()
    assert h12 not in state.legal_moves()
    with pytest.raises(IllegalMove, match="double-four"):
        state.push(h12)


def test_every_rule_reaches_normal_play_with_random_decisions_and_undoes_to_the_start():
    for rule in OPENING_RULES:
        for seed in range(3):
            rng = random.Random(seed)
            state = Gomoku(opening=rule, rule="renju")
            while state.phase is not None:
                state.push(rng.choice(state.legal_moves()))
            assert state.legal_moves() and all(isinstance(m, int) for m in state.legal_moves())
            text = state.to_text()
            assert Gomoku.from_text(text, opening=rule, rule="renju").key() == state.key()
            for _ in range(len(state.move_stack)):
                state.pop()
            assert state.key() == Gomoku(opening=rule, rule="renju").key()


def test_decisions_are_written_and_read_back():
    state = played("h8 h9 i9 black k12 fifths:2 white offer:g7 offer:j6 pick:g7", opening="soosorv8")
    assert state.to_text() == "h8 h9 i9 black k12 fifths:2 white offer:g7 offer:j6 pick:g7"
    assert state.parse_move("offer:j6") == ("offer", state.parse_move("j6"))
    with pytest.raises(BadNotation):
        state.parse_move("offer:black")
    with pytest.raises(BadNotation, match="move 4"):
        played("h8 i9 j10 k11", opening="swap1")


def test_plain_is_the_stones_in_free_play():
    state = played("h8 i9 j10 more h9 h10 white", opening="swap2")
    plain = state.plain()
    assert plain.to_text() == "h8 i9 j10 h9 h10" and plain.board == state.board
    assert plain.turn == 1 and state.turn == 0                    # White to move: seat 0 here


def test_the_26_openings_are_distinct_and_named_from_any_orientation():
    assert len(OPENINGS) == 26 and len({o.name for o in OPENINGS}) == 26
    kansei = opening_named("Kansei")
    assert [Gomoku().move_to_str(p) for p in kansei.points(15)] == ["h8", "h9", "h10"]
    assert name_of(15, kansei.points(15)) == kansei
    state = Gomoku()
    turned = [state.parse_move(t) for t in ("h8", "i8", "j8")]   # Kansei turned a quarter
    assert name_of(15, turned) == kansei
    assert name_of(15, [state.parse_move(t) for t in ("h8", "i9", "i7")]).name == "Hogetsu"
    seen = set()
    for opening in OPENINGS:
        assert name_of(15, opening.points(15)) == opening
        seen.add(opening.points(15))
    assert len(seen) == 26


def test_a_named_opening_fixes_the_first_three_stones():
    state = Gomoku(opening="rif", named="4d")
    assert state.legal_moves() == [state.parse_move("h8")]
    state.play_text("h8 h9")
    with pytest.raises(IllegalMove, match="4D Kagetsu"):
        state.push(state.parse_move("h10"))
    state.play_text("i9")
    assert state.phase.kind == CHOOSE


# -- the bots' decisions ---------------------------------------------------------------


@pytest.mark.parametrize("bot_class", [GomokuEasy, GomokuMedium])
@pytest.mark.parametrize("rule", [r for r in OPENING_RULES if r != "free"])
def test_every_tier_makes_every_decision_of_every_rule(bot_class, rule):
    bots = (bot_class(seed=3), bot_class(seed=4))
    state = Gomoku(opening=rule, rule="renju")
    kinds = set()
    while state.phase is not None:
        kinds.add(state.phase.kind)
        move = bots[state.turn].choose_move(state, 0.2)
        assert state.is_legal(move), f"{bot_class.__name__} chose {move!r} in {state.to_text()!r}"
        state.push(move)
    move = bots[state.turn].choose_move(state, 0.2)
    assert state.is_legal(move) and isinstance(move, int)
    assert {PLACE, CHOOSE} <= kinds


def fixed_judge(score: float):
    """An evaluation that finds the side to move ``score`` ahead, whatever the stones."""
    return lambda plain, budget: MoveValue(score, "ahead (estimate)" if score > 0 else "behind (estimate)")


def test_a_searching_bot_takes_the_colour_its_evaluation_favours():
    chooser = played("h8 a1 i8", opening="swap1")                # White moves next
    assert decide(chooser, 0.1, random.Random(1), fixed_judge(500.0), even=60) == "white"
    assert decide(chooser, 0.1, random.Random(1), fixed_judge(-500.0), even=60) == "black"
    swap2 = played("h8 a1 i8", opening="swap2")
    assert decide(swap2, 0.1, random.Random(1), fixed_judge(10.0), even=60) == "more"   # near level: two more
    values = opening_values(chooser, fixed_judge(500.0), 0.1)
    assert values["white"].score > values["black"].score
    assert values["white"].text == values["black"].text == "White to move ahead (estimate)"


def test_taraguchi10_ten_fifth_moves_are_chosen_when_black_keeps_the_lead_after_white_picks():
    state = played("h8 white i9 black i8 white g10", opening="taraguchi10", rule="renju")
    assert fifths(10) in state.legal_moves() and state.turn == 0
    # fixed_judge values the side to move, White after each offer: -500 leaves Black ahead after any pick
    assert decide(state, 0.2, random.Random(1), fixed_judge(-500.0), even=60) == fifths(10)
    assert decide(state, 0.2, random.Random(1), fixed_judge(500.0), even=60) in ("black", "white")
    values = opening_values(state, fixed_judge(-500.0), 0.2)
    assert values[fifths(10)].score == 500.0 and values[fifths(10)].score > values["black"].score
    assert values[fifths(10)].text == ("White to move behind (estimate) after keeping the worst for Black "
                                       "of its 10 best fifth moves")


def test_a_colour_chosen_before_another_swap_is_the_one_whose_holder_swaps_next():
    fourth = played("h8 white i9 black i8 white g10", opening="taraguchi10", rule="renju")
    # choice 1: White's holder swaps after Black's fifth stone, so White is worth more, however the stones stand
    assert decide(fourth, 0.2, random.Random(1), fixed_judge(500.0), even=60) == "white"
    first = played("h8", opening="taraguchi10", rule="renju")     # Black's holder swaps after White's second stone
    assert decide(first, 0.2, random.Random(1), fixed_judge(500.0), even=60) == "black"
    values = opening_values(first, fixed_judge(500.0), 0.2)
    assert values["black"].score > values["white"].score
    assert values["black"].text == "yours is the next swap, after the other's stone"
    last = played("h8 h9 i9 black k12 fifths:3", opening="soosorv8", rule="renju")   # the last swap: by the stones
    assert decide(last, 0.2, random.Random(1), fixed_judge(500.0), even=60) == "black"


def test_the_pick_is_the_offer_worst_for_black():
    state = played("h8 h9 h10 white k12 offer:g7 offer:a1", opening="rif")
    judge = lambda plain, budget: MoveValue(  # noqa: E731  (White to move: far from the centre is worse for Black)
        -100.0 if plain.stone(0, 14) else 100.0, "estimate")
    assert decide(state, 0.1, random.Random(1), judge) == ("pick", state.parse_move("g7"))


def test_master_decides_a_swap2_opening_with_its_search():
    master = GomokuMaster(seed=1)
    state = played("h8 g7 i9", opening="swap2")
    choice = master.choose_move(state, 0.3)
    assert choice in ("black", "white", "more")
    hint = master.analyse(state, 0.3)
    assert set(hint) == {"black", "white"} and all(v.text.startswith("White to move") for v in hint.values())


# -- records -----------------------------------------------------------------------------
def test_an_arena_record_of_a_swapped_opening_is_saved_and_written_as_sgf(tmp_path):
    from game.match.record import Match, Player
    from game.store.arenarecords import sgf_text, write_game
    from game.store.savefile import load_match

    state = played("h8 i9 a15 black", opening="swap1")          # seat 1 took Black
    match = Match(state, [Player.of_bot("Easy"), Player.of_bot("Medium")])
    assert sgf_text(match) == ("(;GM[4]FF[4]CA[UTF-8]SZ[15]RU[freestyle]PB[Medium]PW[Easy]"
                               ";B[hh];W[ig];B[aa])\n")
    saved = write_game(tmp_path / "run", 0, match)
    loaded = load_match(saved).state
    assert loaded.to_text() == "h8 i9 a15 black" and loaded.options["opening"] == "swap1"
    assert loaded.black_seat == 1


def test_a_named_opening_reads_as_its_three_stones_in_a_game_and_an_openings_file():
    from game.match.arena import read_openings

    assert played("kagetsu white", opening="swap1").to_text() == "h8 h9 i9 white"
    assert played("4I i10", size=13).to_text() == "g7 h8 i6 i10"        # Suigetsu on 13 x 13
    openings = read_openings("gomoku", {"opening": "swap2"}, ["# the 26 by name", "Kansei", "hogetsu"])
    assert openings == [(112, 97, 82), (112, 98, 128)]
