"""Chinese Checkers engine: numba move generation, make/unmake and evaluation.

The rules (``game/rules/chinesecheckers.py``) own the geometry; ``Tables`` turns
their neighbour list, star points and tip distances into the integer arrays
the kernels read, once per number of players (``tables_for``), so there is
one source of the board. A position is a handful of small arrays
(``Position``): the board (0 empty, seat + 1 for a marble), each seat's ten
marble holes, and running totals kept up to date by ``make``/``unmake``, so
evaluating a position costs a few dozen additions.

A move inside the engine is one int: ``seat << 14 | start << 7 | end``. The
path of a jump chain is not needed by the search (the rules list one path per
start and end); the bots map the chosen (start, end) back to the rules' move.

Move generation follows the rules: a step to an empty neighbour, or a chain
of jumps (each over one adjacent marble of any colour into the empty hole
straight beyond, no hole visited twice, the moving marble's own start hole
counting as empty), and a move may end only in the hexagon, the mover's start
point or its goal point. A seat with no move passes.

Evaluation (``seat_cost``): each marble's distance, in steps, to the far tip
of its seat's goal, summed (the tip measure fills the goal from the back and
pulls marbles toward the centre line), plus a weight on the farthest marble
behind (the straggler), so a seat does not race ahead and leave one marble
stranded for the endgame.

Search (``search_root``, Best-Reply Search with alpha-beta: see
``chinesecheckers_search``) is here too, with its table and clock from
``ttable``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

import numpy as np
from numba import njit

from bots.lib.ttable import (bound_of, depth_of, flag_of, keep, move_of, pack, probe, settles, time_up,
                             value_of)
from game.rules.chinesecheckers import CUBES, NEIGHBOURS, POINTS, SEAT_POINTS, TIP_DISTANCE, ChineseCheckers, goal_point

HOLE_COUNT = 121
MARBLES = 10
#: Room for every move of every seat in one layer (real positions use a few hundred).
MAX_MOVES = 4096
MAX_PLY = 64
WIN = 1_000_000
#: Value of an engine move code for "no move: pass".
PASS_CODE = -1
#: Zero as a typed int64 argument: a literal 0 would make numba compile its callee once more for it.
_ZERO = np.int64(0)

SEAT_SHIFT, START_SHIFT, HOLE_MASK = 14, 7, 127


def encode(seat: int, start: int, end: int) -> int:
    """The engine code of ``seat`` moving a marble from ``start`` to ``end``."""
    return seat << SEAT_SHIFT | start << START_SHIFT | end


def decode(code: int) -> tuple[int, int, int]:
    """``(seat, start, end)`` of an engine move code."""
    return code >> SEAT_SHIFT, (code >> START_SHIFT) & HOLE_MASK, code & HOLE_MASK


@dataclass(frozen=True)
class Tables:
    """The board geometry and one seating's targets, as arrays for the kernels.

    ``neighbours[h, d]`` is the hole next to ``h`` in direction ``d`` (or
    -1), ``jump_land[h, d]`` the hole a jump that way lands on (over the
    neighbour). Per seat: ``allowed`` marks where its marbles may end a move,
    ``dist`` the steps from each hole to its goal's far tip, ``goal`` its ten
    goal holes, nearest the tip first, and ``axis`` the row of each hole
    across its way home (8 at its start's tip, -8 at its goal's).
    ``goal_owner[h]`` is the seat whose goal holds ``h`` (or -1);
    ``zobrist[s, h]`` a fixed random key for a marble of seat ``s`` on ``h``.
    """

    neighbours: np.ndarray
    jump_land: np.ndarray
    allowed: np.ndarray
    dist: np.ndarray
    goal: np.ndarray
    goal_owner: np.ndarray
    axis: np.ndarray
    zobrist: np.ndarray
    seat_points: tuple[int, ...]

    @classmethod
    def build(cls, neighbours: Sequence[Sequence[int]], points: Sequence[Sequence[int]],
              tip_distance: Sequence[Sequence[int]], cubes: Sequence[tuple[int, int, int]],
              seat_points: Sequence[int]) -> "Tables":
        """Tables for seats playing from ``seat_points`` (indexes into ``points``).

        ``tip_distance[p][h]``: steps from hole ``h`` to the far tip of point
        ``p``; ``cubes[h]``: the hole's cube coordinates, one of which (signed)
        is at least 5 all over a point: that one is the point's axis.
        """
        nb = np.array(neighbours, dtype=np.int16)
        if nb.shape != (HOLE_COUNT, 6):
            raise ValueError(f"expected {HOLE_COUNT} holes with 6 neighbour slots, got {nb.shape}")
        land = np.full_like(nb, -1)
        for hole in range(HOLE_COUNT):
            for d in range(6):
                if nb[hole, d] >= 0:
                    land[hole, d] = nb[nb[hole, d], d]
        in_hexagon = np.ones(HOLE_COUNT, np.uint8)
        for point in points:
            in_hexagon[list(point)] = 0
        seats = len(seat_points)
        allowed = np.zeros((seats, HOLE_COUNT), np.uint8)
        dist = np.zeros((seats, HOLE_COUNT), np.int16)
        goal = np.zeros((seats, MARBLES), np.int16)
        goal_owner = np.full(HOLE_COUNT, -1, np.int8)
        axis = np.zeros((seats, HOLE_COUNT), np.int16)
        coordinates = np.array(cubes, dtype=np.int16)
        for seat, point in enumerate(seat_points):
            home, target = points[point], points[goal_point(point)]
            allowed[seat] = in_hexagon
            allowed[seat, list(home)] = 1
            allowed[seat, list(target)] = 1
            dist[seat] = tip_distance[goal_point(point)]
            goal[seat] = sorted(target, key=lambda h: dist[seat, h])
            goal_owner[list(target)] = seat
            axis[seat] = next(sign * coordinates[:, i] for i in range(3) for sign in (1, -1)
                              if (sign * coordinates[list(home), i] >= 5).all())
        zobrist = np.random.default_rng(seats).integers(1, 1 << 62, size=(seats, HOLE_COUNT), dtype=np.int64)
        return cls(nb, land, allowed, dist, goal, goal_owner, axis, zobrist, tuple(seat_points))

    @property
    def seats(self) -> int:
        return len(self.seat_points)


@lru_cache(maxsize=None)
def tables_for(players: int) -> Tables:
    """The tables of a game of ``players`` seats, built from the rules' geometry."""
    if players not in SEAT_POINTS:
        raise ValueError(f"Chinese Checkers seats {', '.join(map(str, SEAT_POINTS))} players, not {players}")
    return Tables.build(NEIGHBOURS, POINTS, TIP_DISTANCE, CUBES, SEAT_POINTS[players])


@dataclass
class Position:
    """One position as kernel arrays; ``make``/``unmake`` keep every total in step.

    ``marbles[s]`` the holes of seat ``s``'s marbles (-1 for a slot without
    one: positions set up with fewer than ten marbles); ``dist_sum[s]`` their
    summed distance to the goal tip; ``home[s]`` how many sit in their goal;
    ``occupied[s]`` how many of seat ``s``'s goal holes hold any marble;
    ``active[s]`` 0 once a seat has finished (it no longer moves).
    """

    board: np.ndarray
    marbles: np.ndarray
    dist_sum: np.ndarray
    home: np.ndarray
    occupied: np.ndarray
    active: np.ndarray

    @classmethod
    def from_board(cls, board: Sequence[int], tables: Tables) -> "Position":
        """The position of a rules board (0 empty, seat + 1 a marble)."""
        cells = np.array(board, dtype=np.int8)
        seats = tables.seats
        if cells.shape != (HOLE_COUNT,) or cells.min() < 0 or cells.max() > seats:
            raise ValueError(f"a board is {HOLE_COUNT} values from 0 to {seats}")
        marbles = np.full((seats, MARBLES), -1, np.int16)
        for seat in range(seats):
            holes = np.flatnonzero(cells == seat + 1)
            if len(holes) > MARBLES:
                raise ValueError(f"seat {seat} has {len(holes)} marbles on the board, at most {MARBLES}")
            marbles[seat, :len(holes)] = holes
        dist_sum = np.array([int(tables.dist[s, cells == s + 1].sum()) for s in range(seats)], np.int32)
        home = np.array([int(np.sum(tables.goal_owner[cells == s + 1] == s)) for s in range(seats)], np.int32)
        occupied = np.array([int(np.sum(cells[tables.goal[s]] != 0)) for s in range(seats)], np.int32)
        position = cls(cells, marbles, dist_sum, home, occupied, np.ones(seats, np.uint8))
        for seat in range(seats):
            if goal_filled(position.home, position.occupied, seat):
                position.active[seat] = 0
        return position

    @classmethod
    def of_state(cls, state: ChineseCheckers) -> "Position":
        """The position of a rules state (its finished seats inactive)."""
        position = cls.from_board(state.board, tables_for(state.num_seats))
        for seat in state.finished:
            position.active[seat] = 0
        return position

    def disengaged(self, tables: Tables, seat: int) -> bool:
        """Two players who can no longer meet: every opponent marble at least two
        rows behind ``seat``'s last marble, so from here each just races home."""
        if tables.seats != 2:
            return False
        mine = self.marbles[seat][self.marbles[seat] >= 0]
        theirs = self.marbles[1 - seat][self.marbles[1 - seat] >= 0]
        if len(mine) == 0 or len(theirs) == 0:
            return False
        return int(tables.axis[seat, mine].max()) + 1 < int(tables.axis[seat, theirs].min())

    def arrays(self) -> tuple:
        return (self.board, self.marbles, self.dist_sum, self.home, self.occupied, self.active)


# -- kernels ---------------------------------------------------------------------------
@njit(cache=True, inline="always")
def goal_filled(home, occupied, seat):
    """A seat has won: every goal hole is taken, at least one by its own marble."""
    return occupied[seat] == MARBLES and home[seat] >= 1


@njit(cache=True, inline="always")
def make(code, board, marbles, dist_sum, home, occupied, dist, goal_owner):
    """Play an engine move code on the position arrays (no legality check)."""
    seat = code >> SEAT_SHIFT
    start = (code >> START_SHIFT) & HOLE_MASK
    end = code & HOLE_MASK
    _move_marble(seat, start, end, board, marbles, dist_sum, home, occupied, dist, goal_owner)


@njit(cache=True, inline="always")
def unmake(code, board, marbles, dist_sum, home, occupied, dist, goal_owner):
    """Take back ``make(code, ...)`` exactly."""
    seat = code >> SEAT_SHIFT
    start = (code >> START_SHIFT) & HOLE_MASK
    end = code & HOLE_MASK
    _move_marble(seat, end, start, board, marbles, dist_sum, home, occupied, dist, goal_owner)


@njit(cache=True, inline="always")
def _move_marble(seat, start, end, board, marbles, dist_sum, home, occupied, dist, goal_owner):
    board[start] = 0
    board[end] = seat + 1
    for k in range(MARBLES):
        if marbles[seat, k] == start:
            marbles[seat, k] = end
            break
    dist_sum[seat] += dist[seat, end] - dist[seat, start]
    owner = goal_owner[start]
    if owner >= 0:
        occupied[owner] -= 1
        if owner == seat:
            home[seat] -= 1
    owner = goal_owner[end]
    if owner >= 0:
        occupied[owner] += 1
        if owner == seat:
            home[seat] += 1


@njit(cache=True, inline="always")
def generate(seat, board, marbles, allowed, neighbours, jump_land, mark, queue, out, count):
    """Append every move of ``seat`` to ``out`` from index ``count``; return the new count.

    One code per (start, end). ``mark`` (int32[121], any contents) and
    ``queue`` (int16[121]) are scratch; ``mark[0..]`` is reset here.
    """
    piece = seat + 1
    capacity = out.shape[0]
    for k in range(MARBLES):
        start = marbles[seat, k]
        if start < 0:
            continue
        base = seat << SEAT_SHIFT | start << START_SHIFT
        for d in range(6):
            n = neighbours[start, d]
            if n >= 0 and board[n] == 0 and allowed[seat, n] and count < capacity:
                out[count] = base | n
                count += 1
        board[start] = 0
        for h in range(HOLE_COUNT):
            mark[h] = 0
        mark[start] = 1
        queue[0] = start
        head = 0
        tail = 1
        while head < tail:
            here = queue[head]
            head += 1
            for d in range(6):
                land = jump_land[here, d]
                if land < 0 or board[land] != 0 or mark[land] != 0:
                    continue
                if board[neighbours[here, d]] == 0:
                    continue
                mark[land] = 1
                queue[tail] = land
                tail += 1
                if allowed[seat, land] and count < capacity:
                    out[count] = base | land
                    count += 1
        board[start] = piece
    return count


@njit(cache=True, inline="always")
def straggler(seat, marbles, dist):
    """The distance to the goal tip of the seat's marble farthest behind."""
    worst = 0
    for k in range(MARBLES):
        if marbles[seat, k] < 0:
            continue
        d = dist[seat, marbles[seat, k]]
        if d > worst:
            worst = d
    return worst


@njit(cache=True, inline="always")
def seat_cost(seat, marbles, dist_sum, dist, straggler_weight):
    """How far a seat is from home: summed tip distance plus the straggler term (x4)."""
    return 4 * dist_sum[seat] + straggler_weight * straggler(seat, marbles, dist)


# -- Best-Reply Search ------------------------------------------------------------------
#: Sort keys pack (BIAS - ordering score) above the 32-bit move code.
_KEY_BIAS = 1 << 20
_CODE_BITS = 32
#: counters[]: nodes visited, 1 once the deadline has passed.
NODES, ABORTED = 0, 1
_CLOCK_EVERY = 511
#: Flips the key of a MIN layer's node, so it never answers for a MAX layer's.
_SIDE_KEY = 0x2545F4914F6CDD1D


@njit(cache=True, inline="always")
def evaluate(root, marbles, dist_sum, active, dist, weights):
    """The leaf value for ``root``: the opponents' blended cost minus its own."""
    mine = seat_cost(root, marbles, dist_sum, dist, weights[0])
    seats = dist_sum.shape[0]
    leader = 1 << 40
    total = 0
    count = 0
    for seat in range(seats):
        if seat == root or active[seat] == 0:
            continue
        cost = seat_cost(seat, marbles, dist_sum, dist, weights[0])
        total += cost
        count += 1
        if cost < leader:
            leader = cost
    if count == 0:
        return -mine
    blended = (weights[1] * leader * count + (100 - weights[1]) * total) // (100 * count)
    return blended - mine


@njit(cache=True, inline="always")
def _order(moves, start, stop, dist):
    """Sort ``moves[start:stop]`` most forward first (largest drop in tip distance)."""
    for i in range(start, stop):
        code = moves[i]
        seat = code >> SEAT_SHIFT
        gain = dist[seat, (code >> START_SHIFT) & HOLE_MASK] - dist[seat, code & HOLE_MASK]
        moves[i] = (_KEY_BIAS - gain) << _CODE_BITS | code
    moves[start:stop].sort()
    for i in range(start, stop):
        moves[i] = moves[i] & 0xFFFFFFFF


@njit(cache=True, inline="always")
def _outcome(root, ply, home, occupied, active):
    """``WIN - ply`` if the root seat has filled its goal, ``ply - WIN`` if another has, else 0."""
    if goal_filled(home, occupied, root):
        return WIN - ply
    for seat in range(home.shape[0]):
        if seat != root and active[seat] != 0 and goal_filled(home, occupied, seat):
            return ply - WIN
    return 0


@njit(cache=True, inline="always")
def _node_moves(maximising, root, board, marbles, active, neighbours, jump_land, allowed, dist, weights,
                mark, queue, buffer, level):
    """Fill ``buffer`` with a node's moves, best ordered first; returns how many.

    A MAX node has the root seat's moves; a MIN node every other active
    seat's. ``weights[2]`` > 0 keeps only that many most forward moves per
    seat (``weights[4]`` instead at ``level`` 0, the replies to the root move).
    """
    count = _ZERO
    for seat in range(marbles.shape[0]):
        if (seat == root) != maximising or active[seat] == 0:
            continue
        first = count
        count = generate(seat, board, marbles, allowed, neighbours, jump_land, mark, queue, buffer, count)
        _order(buffer, first, count, dist)
        keep = weights[4] if level == 0 else weights[2]
        if keep > 0 and count - first > keep:
            count = first + keep
    if not maximising and count > 0:
        _order(buffer, _ZERO, count, dist)
    return count


@njit(cache=True)
def position_key(marbles, zobrist):
    """The Zobrist key of the marbles' places (xor of one random number per seat and hole)."""
    key = 0
    for seat in range(marbles.shape[0]):
        for k in range(MARBLES):
            if marbles[seat, k] >= 0:
                key ^= zobrist[seat, marbles[seat, k]]
    return key


@njit(cache=True, inline="always")
def _move_key(code, zobrist):
    if code < 0:
        return 0
    seat = code >> SEAT_SHIFT
    return zobrist[seat, (code >> START_SHIFT) & HOLE_MASK] ^ zobrist[seat, code & HOLE_MASK]


@njit(cache=True)
def _brs(depth, maximising, alpha, beta, key, root, board, marbles, dist_sum, home, occupied, active,
         neighbours, jump_land, allowed, dist, goal_owner, zobrist, table_at, table_mask, weights, mark, queue, moves,
         counters, deadline):
    """The BRS value for ``root`` of the position, ``depth`` plies deep, one ply below the root.

    Alpha-beta written as a loop over an explicit stack (numba's cache cannot
    hold recursive functions safely). A node without moves passes: its one
    child is the same position a layer on. With ``weights[3]`` set the search
    is solo: every layer is the root seat's (the others stand still), for a
    race in which no one can get in anyone's way any more.

    ``table_at`` is the address of a transposition table of ``ttable``'s keyed
    entries (``key`` is the Zobrist key of the marbles, a MIN layer's flipped
    by ``_SIDE_KEY``), ``table_mask`` its slot mask; 0, a table of one entry,
    means none. A stored value deep enough and inside the window answers the
    node; otherwise its best move is tried first. A new entry always replaces
    the old, and values are stored as found, not by distance (``ttable.to_table``).
    """
    counts = np.zeros(MAX_PLY, np.int64)
    index = np.zeros(MAX_PLY, np.int64)
    alphas = np.zeros(MAX_PLY, np.int64)
    betas = np.zeros(MAX_PLY, np.int64)
    first_alphas = np.zeros(MAX_PLY, np.int64)
    first_betas = np.zeros(MAX_PLY, np.int64)
    bests = np.zeros(MAX_PLY, np.int64)
    best_moves = np.zeros(MAX_PLY, np.int64)
    depths = np.zeros(MAX_PLY, np.int64)
    keys = np.zeros(MAX_PLY, np.int64)
    maxing = np.zeros(MAX_PLY, np.bool_)
    solo = weights[3] != 0
    alphas[0], betas[0], depths[0], maxing[0], keys[0] = alpha, beta, depth, maximising, key
    level = _ZERO
    entering = True
    value = 0
    use_table = table_mask > 0
    while True:
        if entering:
            counters[NODES] += 1
            if time_up(counters[NODES], _CLOCK_EVERY, deadline[0]):
                counters[ABORTED] = 1
            if counters[ABORTED]:
                return 0
            value = _outcome(root, level + 1, home, occupied, active)
            if value != 0 or depths[level] <= 0 or level >= MAX_PLY - 1:
                if value == 0:
                    value = evaluate(root, marbles, dist_sum, active, dist, weights)
                entering = False
                continue
            hint = PASS_CODE
            if use_table:
                entry = probe(table_at, table_mask, keys[level] if maxing[level] else keys[level] ^ _SIDE_KEY)
                if depth_of(entry) >= depths[level] and settles(flag_of(entry), value_of(entry), alphas[level],
                                                                betas[level]):
                    value = value_of(entry)
                    entering = False
                    continue
                hint = move_of(entry)
            count = _node_moves(maxing[level], root, board, marbles, active, neighbours, jump_land, allowed,
                                dist, weights, mark, queue, moves[level], level)
            if count == 0:
                moves[level, 0] = PASS_CODE
                count = 1
            elif hint >= 0:
                for i in range(count):
                    if moves[level, i] == hint:
                        moves[level, i] = moves[level, 0]
                        moves[level, 0] = hint
                        break
            counts[level] = count
            index[level] = 0
            bests[level] = -WIN - 1 if maxing[level] else WIN + 1
            best_moves[level] = moves[level, 0]
            first_alphas[level], first_betas[level] = alphas[level], betas[level]
        else:
            if level == 0:
                return value
            level -= 1
            code = moves[level, index[level]]
            if code >= 0:
                unmake(code, board, marbles, dist_sum, home, occupied, dist, goal_owner)
            if maxing[level]:
                if value > bests[level]:
                    bests[level] = value
                    best_moves[level] = code
                    if value > alphas[level]:
                        alphas[level] = value
            elif value < bests[level]:
                bests[level] = value
                best_moves[level] = code
                if value < betas[level]:
                    betas[level] = value
            index[level] += 1
            if alphas[level] >= betas[level] or index[level] >= counts[level]:
                value = bests[level]
                if not use_table:
                    continue
                keep(table_at, table_mask, keys[level] if maxing[level] else keys[level] ^ _SIDE_KEY,
                     pack(value, best_moves[level], depths[level], bound_of(value, first_alphas[level],
                                                                            first_betas[level])))
                continue
        code = moves[level, index[level]]
        if code >= 0:
            make(code, board, marbles, dist_sum, home, occupied, dist, goal_owner)
        child = level + 1
        alphas[child], betas[child] = alphas[level], betas[level]
        depths[child], maxing[child] = depths[level] - 1, solo or not maxing[level]
        keys[child] = keys[level] ^ _move_key(code, zobrist)
        level = child
        entering = True


@njit(cache=True)
def root_moves(root, board, marbles, allowed, neighbours, jump_land, dist, mark, queue, out):
    """The root seat's moves, most forward first; returns how many."""
    count = generate(root, board, marbles, allowed, neighbours, jump_land, mark, queue, out, _ZERO)
    _order(out, _ZERO, count, dist)
    return count


@njit(cache=True)
def search_root(depth, root, candidates, board, marbles, dist_sum, home, occupied, active,
                neighbours, jump_land, allowed, dist, goal_owner, zobrist, table_at, table_mask, weights, mark, queue,
                moves, counters, deadline):
    """Search each candidate root move ``depth`` plies deep (its own ply included).

    Returns the index of the best candidate, its value and how many candidates
    were searched in full (fewer than all when the deadline cut in; the best
    of those is still sound, as the first candidate is the previous best).
    """
    alpha = -WIN - 1
    best_index = 0
    finished = 0
    key = position_key(marbles, zobrist)
    for i in range(candidates.shape[0]):
        code = candidates[i]
        make(code, board, marbles, dist_sum, home, occupied, dist, goal_owner)
        value = _brs(depth - 1, weights[3] != 0, alpha, WIN + 1, key ^ _move_key(code, zobrist), root, board,
                     marbles, dist_sum, home, occupied, active, neighbours, jump_land, allowed, dist, goal_owner,
                     zobrist, table_at, table_mask, weights, mark, queue, moves, counters, deadline)
        unmake(code, board, marbles, dist_sum, home, occupied, dist, goal_owner)
        if counters[ABORTED]:
            break
        finished += 1
        if value > alpha:
            alpha = value
            best_index = i
    return best_index, alpha, finished


# -- Monte Carlo tree search ------------------------------------------------------------
#: config[] of ``mcts``: playout length in rounds (every seat still playing moves once), children
#: kept per node below the root (most forward first), chance that a playout move is random rather
#: than the most forward, UCB exploration constant (in quarter-steps of reward), the weight of the
#: others' mean progress subtracted from a seat's own, visits before a leaf grows children, the
#: reward (quarter-steps) for filling the goal (twice that for filling it at once), and a cap on
#: iterations (0: none, run to the deadline).
ROUNDS, KEEP, EPSILON, EXPLORE, RIVALRY, EXPAND_AFTER, FILL_BONUS, MAX_ITERATIONS = range(8)
#: counters[] after ``mcts``: iterations run, tree nodes used.
ITERATIONS, TREE_USED = 0, 1
#: Longest line a single iteration plays (tree descent plus playout).
_LINE = 1024
#: Deepest the tree descent goes.
_TREE_DEPTH = 200


@njit(cache=True)
def _next_live(seat, live):
    """The seat after ``seat`` in turn order that still plays, or -1 if none does."""
    seats = live.shape[0]
    for step in range(1, seats + 1):
        other = (seat + step) % seats
        if live[other]:
            return other
    return -1


@njit(cache=True)
def _play_line(code, line, plies, live, filled_at, board, marbles, dist_sum, home, occupied, dist, goal_owner):
    """Make ``code`` (a pass if negative) and record it in ``line``; a seat whose goal it fills
    stops playing, and ``filled_at`` notes on which ply of the line."""
    if code < 0:
        return plies
    make(code, board, marbles, dist_sum, home, occupied, dist, goal_owner)
    line[plies] = code
    owner = goal_owner[code & HOLE_MASK]
    if owner >= 0 and live[owner] and goal_filled(home, occupied, owner):
        live[owner] = 0
        filled_at[owner] = plies
    return plies + 1


@njit(cache=True)
def _playout_move(seat, board, marbles, allowed, neighbours, jump_land, dist, mark, queue, buffer, epsilon):
    """The playout policy: the seat's most forward move (ties at random), a random one with chance ``epsilon``."""
    count = generate(seat, board, marbles, allowed, neighbours, jump_land, mark, queue, buffer, _ZERO)
    if count == 0:
        return PASS_CODE
    if np.random.random() < epsilon:
        return buffer[np.random.randint(count)]
    best = buffer[0]
    best_gain = -1000
    ties = 0
    for i in range(count):
        code = buffer[i]
        gain = dist[seat, (code >> START_SHIFT) & HOLE_MASK] - dist[seat, code & HOLE_MASK]
        if gain > best_gain:
            best_gain = gain
            best = code
            ties = 1
        elif gain == best_gain:
            ties += 1
            if np.random.randint(ties) == 0:
                best = code
    return best


@njit(cache=True)
def mcts(root, candidates, board, marbles, dist_sum, home, occupied, active, neighbours, jump_land, allowed,
         dist, goal_owner, weights, config, node_move, node_seat, node_first, node_count, visits, rewards,
         mark, queue, buffer, counters, deadline, seed):
    """Max^n Monte Carlo tree search from ``root``'s turn over its ``candidates``; returns the root visits.

    Each iteration walks down the tree by UCB (at a node, the seat to move
    picks the child best for itself: each node sums a reward per seat), grows
    a leaf's children once it has ``config[EXPAND_AFTER]`` visits (the
    ``config[KEEP]`` most forward moves of the seat to move), then plays
    ``config[ROUNDS]`` rounds of the playout policy (``_playout_move``) and
    rewards every seat with its progress over the line: the drop in its
    ``seat_cost``, a bonus for a filled goal (the sooner, the larger), less ``config[RIVALRY]`` times
    the other seats' mean drop. The line is then taken back with ``unmake``.

    Runs until ``deadline[0]`` (one iteration at least, so a late start still searches)
    or ``config[MAX_ITERATIONS]`` iterations.
    The tree lives in the caller's arrays (node ``0`` is the root, its
    children ``1..len(candidates)``); when they are full, leaves stop growing.
    Returns the visits of each candidate.
    """
    np.random.seed(seed)
    seats = active.shape[0]
    capacity = node_move.shape[0]
    straggler_weight = weights[0]
    rounds = int(config[ROUNDS])
    keep = int(config[KEEP])
    epsilon = config[EPSILON]
    explore = config[EXPLORE]
    rivalry = config[RIVALRY]
    expand_after = int(config[EXPAND_AFTER])
    bonus = config[FILL_BONUS]
    limit = int(config[MAX_ITERATIONS])
    base = np.zeros(seats)
    playing = 0
    for seat in range(seats):
        base[seat] = seat_cost(seat, marbles, dist_sum, dist, straggler_weight)
        if active[seat]:
            playing += 1
    live = np.zeros(seats, np.uint8)
    filled_at = np.zeros(seats, np.int64)
    reward = np.zeros(seats)
    line = np.zeros(_LINE, np.int64)
    trail = np.zeros(_TREE_DEPTH + 1, np.int64)
    roots = candidates.shape[0]
    node_move[0] = PASS_CODE
    node_seat[0] = root
    node_first[0] = 1
    node_count[0] = roots
    visits[0] = 0
    rewards[0, :] = 0.0
    for i in range(roots):
        node_move[1 + i] = candidates[i]
        node_seat[1 + i] = -1
        node_count[1 + i] = 0
        visits[1 + i] = 0
        rewards[1 + i, :] = 0.0
    used = 1 + roots
    iterations = 0
    while limit == 0 or iterations < limit:
        if iterations > 0 and time_up(iterations, 15, deadline[0]):     # one at least, however late
            break
        iterations += 1
        for seat in range(seats):
            live[seat] = active[seat]
            filled_at[seat] = -1
        plies = 0
        node = 0
        depth = 0
        trail[0] = 0
        seat = root
        while node_count[node] > 0 and depth < _TREE_DEPTH:
            first = node_first[node]
            chosen = first
            best_score = -1e300
            log_visits = np.log(visits[node] + 1.0)
            for child in range(first, first + node_count[node]):
                if visits[child] == 0:
                    chosen = child
                    break
                score = rewards[child, seat] / visits[child] + explore * np.sqrt(log_visits / visits[child])
                if score > best_score:
                    best_score = score
                    chosen = child
            plies = _play_line(node_move[chosen], line, plies, live, filled_at, board, marbles, dist_sum, home,
                               occupied, dist, goal_owner)
            if node_seat[chosen] == -1:
                node_seat[chosen] = _next_live(seat, live) if live[root] else -2
            node = chosen
            depth += 1
            trail[depth] = node
            seat = node_seat[node]
            if seat < 0:
                break
        if seat >= 0 and node_count[node] == 0 and visits[node] >= expand_after:
            count = generate(seat, board, marbles, allowed, neighbours, jump_land, mark, queue, buffer, _ZERO)
            if count == 0:
                buffer[0] = PASS_CODE
                count = 1
            else:
                _order(buffer, _ZERO, count, dist)
                if keep > 0 and count > keep:
                    count = keep
            if used + count <= capacity:
                node_first[node] = used
                node_count[node] = count
                for i in range(count):
                    node_move[used + i] = buffer[i]
                    node_seat[used + i] = -1
                    node_count[used + i] = 0
                    visits[used + i] = 0
                    rewards[used + i, :] = 0.0
                used += count
        if seat >= 0:
            for _ in range(rounds * playing):
                if not live[root] or plies >= _LINE:
                    break
                code = _playout_move(seat, board, marbles, allowed, neighbours, jump_land, dist, mark, queue,
                                     buffer, epsilon)
                plies = _play_line(code, line, plies, live, filled_at, board, marbles, dist_sum, home,
                                   occupied, dist, goal_owner)
                seat = _next_live(seat, live)
                if seat < 0:
                    break
        total = 0.0
        for other in range(seats):
            reward[other] = base[other] - seat_cost(other, marbles, dist_sum, dist, straggler_weight)
            if filled_at[other] >= 0:
                reward[other] += bonus * (2.0 - filled_at[other] / plies)
            if active[other]:
                total += reward[other]
        if playing > 1:
            for other in range(seats):
                mean_others = (total - reward[other]) / (playing - 1) if active[other] else total / playing
                reward[other] -= rivalry * mean_others
        for i in range(plies - 1, -1, -1):
            unmake(line[i], board, marbles, dist_sum, home, occupied, dist, goal_owner)
        for i in range(depth + 1):
            visited = trail[i]
            visits[visited] += 1
            for other in range(seats):
                rewards[visited, other] += reward[other]
    counters[ITERATIONS] = iterations
    counters[TREE_USED] = used
    return visits[1:1 + roots].copy()
