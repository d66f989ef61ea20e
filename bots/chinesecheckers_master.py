"""Master Chinese Checkers: deeper Best-Reply Search by forward pruning, and a solo race at the end.

Changes to Hard's search (``bots/chinesecheckers_brs.py``), each
measured in ``benchmarks/chinesecheckers_arena.py``:

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
  so that layer is pruned like the rest.
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

from game.chinesecheckers import ChineseCheckers
from game.core import Move, State
from bots.chinesecheckers_brs import ChineseCheckersBRS, progress_filter, rules_move
from bots.lib.chinesecheckers_engine import Position, tables_for
from bots.lib.chinesecheckers_search import Scratch, SearchParams, best_move


#: Most seats still playing (the bot included) for which every reply to its move is searched.
FULL_REPLIES_UP_TO = 3


class ChineseCheckersMaster(ChineseCheckersBRS):
    """Best-Reply Search over the most forward moves, solo search once the players are apart."""

    name = "Chinese Checkers pruned best-reply search"
    games = ("chinesecheckers",)
    description = "best-reply search over the most forward moves, deeper than Hard; races the endgame alone"

    def __init__(self, seconds: float = 0.8, forward: int = 8, straggler: int = 6, leader: int = 50,
                 seed: int | None = None) -> None:
        super().__init__(seconds=seconds, straggler=straggler, leader=leader, seed=seed)
        if isinstance(forward, bool) or not isinstance(forward, int) or not 1 <= forward <= 100:
            raise ValueError(f"forward must be a whole number of moves from 1 to 100, got {forward!r}")
        self.crowded_params = SearchParams(straggler_weight=straggler, leader_weight=leader,
                                           forward_moves=forward, start_fraction=0.5)
        self.params = replace(self.crowded_params, first_reply_moves=0)
        self.solo_params = replace(self.crowded_params, solo=True)
        self.scratch = Scratch(table_bits=18)

    def choose_move(self, state: State, budget: float) -> Move:
        assert isinstance(state, ChineseCheckers)
        tables = tables_for(state.num_seats)
        position = Position.of_state(state)
        if position.disengaged(tables, state.turn):
            params = self.solo_params
        elif int(position.active.sum()) > FULL_REPLIES_UP_TO:
            params = self.crowded_params
        else:
            params = self.params
        self.last = best_move(position, tables, state.turn, self.thinking_time(budget), params, self.scratch,
                              self.rng, progress_filter(state, position, tables))
        return rules_move(state, self.last.code)
