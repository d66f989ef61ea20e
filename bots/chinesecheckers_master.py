"""Master Chinese Checkers: tree search with four or more players after the opening, else deeper Best-Reply Search.

With four or six seats still playing (``tree_from``), Master opens with
Hard's full-width Best-Reply Search, given its longer time and a
transposition table, for its first ``tree_after`` (15) turns, then plays
Monte Carlo tree search with greedy playouts
(``bots/lib/chinesecheckers_mcts.py``). The opening is a race of ladders:
a search that sees two or three of its own moves exactly builds them better
than greedy playouts, which judge a move by where the most forward moves
lead. Later, when the marbles of every seat mingle in the middle, a
fixed-depth search sees one of its own moves per six plies and plans over
marbles that move before it can use them; averaging over short playouts of
every seat does better there. With the tree search from the first turn,
Master won 3 of 24 six-player games against five Hards (share 4); opening
with Best-Reply Search, 11 of 48 (``benchmarks/chinesecheckers_arena.py``,
seeds 11 and 12).

With two or three, it plays Hard's search (``bots/chinesecheckers_brs.py``)
with these changes, each measured in ``benchmarks/chinesecheckers_arena.py``:

* Forward pruning: below the first reply layer only the ``forward`` most
  forward moves of each seat (largest drop in distance to its goal tip) are
  searched. Chinese Checkers has dozens of moves a turn, most of them
  shuffles; dropping them lets the search see two or three more plies in the
  same time, which is worth far more than the rare good backward move lost.
  With one or two opponents every reply to the bot's own move is still
  searched, so a block that is no step forward for the blocker is not missed
  (that won 10 of 16 two-player games against pruning the replies too).
  With three or more, the replies of all of them are too many to search in
  full (a 6-player Master that did won none of 6 games against five Hards),
  so that layer is pruned like the rest (with ``tree_from`` above 4).
  It also starts a new iteration later into its time (half of it, against
  Hard's 30%), as a cut-off iteration still counts for the moves it finished.
* A transposition table (2^18 slots, cleared each move): the same marbles
  reached by moves in another order are searched once, and each iteration
  tries first the best move the last one found there. On sample positions it
  reaches one ply deeper in 2 and 6-player games for the same time, and the
  same depth with a quarter of the nodes in 3-player ones.
* The race: in a two-player game, once every opponent marble is two rows
  behind the bot's last marble the players can never meet again, and the
  game is two solo puzzles. The bot then searches its own moves only (the
  opponent stands still), so its whole depth goes into packing the goal in
  the fewest moves.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from game.lang import N_
from game.rules.bot import MoveValue, check_whole
from game.rules.chinesecheckers import PASS, ChineseCheckers
from game.rules.core import Move, State
from bots.chinesecheckers_brs import ChineseCheckersBRS, progress_filter, rules_move
from bots.chinesecheckers_greedy import steps_text
from bots.lib.chinesecheckers_engine import PASS_CODE, Position, Tables, tables_for
from bots.lib.chinesecheckers_mcts import MctsParams, MctsTree, search_root_moves
from bots.lib.chinesecheckers_search import Scratch, SearchParams, best_move
from bots.lib.clock import Deadline
from bots.lib.deepening import Iteration
from bots.lib.mcts import RootStats


#: Most seats still playing (the bot included) for which every reply to its move is searched.
FULL_REPLIES_UP_TO = 3
#: What a hint says of a move that was not searched, being the only one Master would consider.
ONLY_MOVE = "the one move worth playing"


def gain(tables: Tables, seat: int, move: Move) -> int:
    """The steps ``move`` takes its marble toward ``seat``'s goal tip."""
    return int(tables.dist[seat, move[0]]) - int(tables.dist[seat, move[-1]])


class ChineseCheckersMaster(ChineseCheckersBRS):
    """Among four or more players, full-width Best-Reply Search for ``tree_after`` turns, then tree
    search; among fewer, Best-Reply Search over the most forward moves, solo once the two players are apart."""

    name = "Chinese Checkers tree search and pruned best-reply search"
    games = ("chinesecheckers",)
    description = N_("sees further than Hard. "
                      "Looks further ahead than Hard; plays out many games to choose among four or more players")

    def __init__(self, seconds: float = 0.8, forward: int = 8, straggler: int = 6, leader: int = 50,
                 tree_from: int = 4, tree_after: int = 15, seed: int | None = None) -> None:
        super().__init__(seconds=seconds, straggler=straggler, leader=leader, seed=seed)
        self.crowded_params = SearchParams(straggler_weight=straggler, leader_weight=leader,
                                           forward_moves=check_whole("forward", forward, 1, 100, "moves"),
                                           start_fraction=0.5)
        self.params = replace(self.crowded_params, first_reply_moves=0)
        self.solo_params = replace(self.crowded_params, solo=True)
        self.opening_params = replace(self.crowded_params, forward_moves=0)
        self.scratch = Scratch(table_bits=18)
        self.tree_from = check_whole("tree_from", tree_from, 2, 7, "players", " (7: never)")
        self.tree_after = check_whole("tree_after", tree_after, 0, 200, "turns")
        self.mcts_params = MctsParams(straggler_weight=straggler)
        self.tree: MctsTree | None = None
        self.last: Iteration | RootStats | None = None

    @classmethod
    def warm_up(cls) -> None:
        """Compile both searches: Best-Reply Search (three players) and the tree search (four, with
        no opening, so the first tree move of a game never pays for compiling)."""
        bot = cls(seconds=0.05, tree_after=0)
        bot.choose_move(ChineseCheckers(players=3), 0.05)
        bot.choose_move(ChineseCheckers(players=4), 0.05)

    def choose_move(self, state: State, budget: float) -> Move:
        assert isinstance(state, ChineseCheckers)
        tables = tables_for(state.num_seats)
        position = Position.of_state(state)
        keep = progress_filter(state, position, tables)
        if self.uses_tree(state, position):
            self.last = self.tree_search(state, position, tables, self.deadline(budget), keep)
            code = self.last.best()
            return rules_move(state, PASS_CODE if code is None else int(code))
        self.last = best_move(position, tables, state.turn, self.deadline(budget),
                              self.search_params(position, tables, state.turn), self.scratch, self.rng, keep)
        return rules_move(state, self.last.move)

    def search_params(self, position: Position, tables: Tables, seat: int) -> SearchParams:
        """Best-Reply Search's settings for ``seat`` when the tree search is not used: solo once the
        players are apart; full width in the opening of a game of ``tree_from`` or more; every reply
        to its move searched with at most ``FULL_REPLIES_UP_TO`` players; else pruned throughout."""
        playing = int(position.active.sum())
        if position.disengaged(tables, seat):
            return self.solo_params
        if playing >= self.tree_from:
            return self.opening_params
        return self.crowded_params if playing > FULL_REPLIES_UP_TO else self.params

    def analyse(self, state: State, budget: float) -> dict[Move, MoveValue]:
        """The moves Master weighed and how it judged them, for Hint and ``main.py analyse``.

        With ``tree_from`` or more players, after the opening: every root move of the tree
        search, scored by its share of the playouts (the most visited is the
        move Master plays; the search spends its playouts on the moves that
        do best in them), its text the steps the move gains and that share:
        ``'+6 steps toward the goal, tried in 41% of 2,310 playouts'``.
        Otherwise Best-Reply Search judges only the move it plays, so that is
        the one move returned (score 1: no judgement of the others), its text
        the steps that move gains and how deep the search saw. Neither is
        the position's value: the texts say what they are.
        """
        assert isinstance(state, ChineseCheckers)
        if state.legal_moves() == [PASS]:
            return {PASS: MoveValue(0.0, "no move: pass")}
        tables = tables_for(state.num_seats)
        position = Position.of_state(state)
        if not self.uses_tree(state, position):
            move = self.choose_move(state, budget)
            depth = self.last.depth
            how = f"best-reply search {depth} {'ply' if depth == 1 else 'plies'} deep" if depth else ONLY_MOVE
            return {move: MoveValue(1.0, f"{steps_text(gain(tables, state.turn, move))} toward the goal, {how}, "
                                         "the only move valued")}
        keep = progress_filter(state, position, tables)
        stats = self.tree_search(state, position, tables, self.deadline(budget), keep)
        moves = [rules_move(state, int(code)) for code in stats.moves]
        playouts = int(stats.visits.sum())
        values = {}
        for move, visits in zip(moves, stats.visits):
            share = visits / playouts if playouts else 1.0
            how = f"tried in {share:.0%} of {playouts:,} playouts" if playouts else ONLY_MOVE
            values[move] = MoveValue(share, f"{steps_text(gain(tables, state.turn, move))} toward the goal, {how}")
        return values

    def uses_tree(self, state: ChineseCheckers, position: Position) -> bool:
        """Whether enough seats are still playing for the tree search (``tree_from``) and the
        opening (``tree_after`` turns of the seat to move) is over."""
        return int(position.active.sum()) >= self.tree_from and state.turns_taken(state.turn) >= self.tree_after

    def tree_search(self, state: ChineseCheckers, position: Position, tables: Tables, deadline: Deadline,
                    keep: Callable[[int], bool]) -> RootStats:
        """Tree search from the seat to move until ``deadline``, in the bot's one tree (made on first use);
        its moves are engine codes."""
        if self.tree is None:
            self.tree = MctsTree(seats=state.num_seats)
        return search_root_moves(position, tables, state.turn, deadline, self.mcts_params, self.tree, self.scratch,
                                 self.rng, keep)
