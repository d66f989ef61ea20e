"""Connect Four alpha-beta search in numba, for any board up to 10x10 and N from 3 to 6.

A position is four arrays the kernels update in place (see ``Engine``):
``cells`` (int8, ``col * rows + row``: 0 empty, 1 Red, 2 Yellow),
``heights`` (int64 per column) and ``counts`` (int8, ``counts[player,
window]`` discs of that player in each window of ``connect4_lines``), plus
a Zobrist key. Dropping a disc touches only the windows through its cell.

The search is negamax with alpha-beta:

* A side that can complete a line now scores a win at once; a side facing
  two playable opponent threats has lost; one playable opponent threat
  forces the reply.
* Scores: a win with the disc dropped at ply ``p`` from the root is
  ``WIN - p`` (sooner is larger), a draw 0, otherwise the evaluation.
* Evaluation (from the side to move): every window free of one player's
  discs is worth ``weights[k]`` for its ``k`` discs of the other; every
  threat cell (the empty cell of a window one disc short) is worth more,
  and most when its row suits its owner in the zugzwang sense of Allis:
  the first player's threats on odd rows (1st, 3rd... from the bottom) and
  the second player's on even rows; a threat right above an opponent's
  threat is dead and counts nothing.
* Move ordering: the transposition-table move, two killer moves per ply,
  then the history heuristic and nearness to the centre; a move into the
  cell under an opponent threat goes last.
* A transposition table (Zobrist keys, depth-preferred replacement) keeps
  bounds and best moves across the iterations of iterative deepening.
* ``stats`` counts nodes; once ``stats[NODES]`` passes ``stats[NODE_LIMIT]``
  the search sets ``stats[ABORTED]`` and unwinds, so the caller can keep the
  last finished iteration and stay inside its time budget.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from bots.lib.connect4_lines import LineTables, line_tables

WIN = 1_000_000
INF = 10_000_000
#: Scores beyond this are wins or losses found by the search.
WIN_BOUND = WIN - 1000
MAX_PLY = 128
TT_BITS = 19
EXACT, LOWER, UPPER = 0, 1, 2
NODES, NODE_LIMIT, ABORTED = 0, 1, 2
#: Fields of a search frame (one row of ``frames`` per ply of the explicit stack).
(F_ALPHA, F_BETA, F_ALPHA0, F_BEST, F_BEST_MOVE, F_INDEX, F_COUNT, F_DEPTH, F_FORCED, F_SLOT, F_PLAYER,
 F_FILLED, F_COL, F_CELL) = range(14)
FRAME_FIELDS = 14
#: Evaluation of a threat cell: playable now, on its owner's good row, on the other rows.
THREAT_NOW, THREAT_GOOD, THREAT_OTHER = 30, 120, 40


@njit(cache=True)
def drop(cells, heights, counts, cell_windows, rows, col, player):
    """Put ``player``'s disc on top of ``col``; return its cell."""
    cell = col * rows + heights[col]
    cells[cell] = player
    heights[col] += 1
    for k in range(cell_windows.shape[1]):
        w = cell_windows[cell, k]
        if w < 0:
            break
        counts[player, w] += 1
    return cell


@njit(cache=True)
def undo(cells, heights, counts, cell_windows, rows, col):
    """Take the top disc off ``col``."""
    heights[col] -= 1
    cell = col * rows + heights[col]
    player = cells[cell]
    cells[cell] = 0
    for k in range(cell_windows.shape[1]):
        w = cell_windows[cell, k]
        if w < 0:
            break
        counts[player, w] -= 1


@njit(cache=True)
def wins_at(counts, cell_windows, n, cell, player):
    """Would a disc of ``player`` in the empty ``cell`` complete a window?"""
    other = 3 - player
    for k in range(cell_windows.shape[1]):
        w = cell_windows[cell, k]
        if w < 0:
            break
        if counts[player, w] == n - 1 and counts[other, w] == 0:
            return True
    return False


@njit(cache=True)
def evaluate(cells, heights, counts, windows, weights, threat_mark, cols, rows, n, player):
    """The static value of the position for ``player`` (to move): windows and threats."""
    other = 3 - player
    score = 0
    threat_mark[:] = 0
    for w in range(windows.shape[0]):
        mine = counts[player, w]
        theirs = counts[other, w]
        if theirs == 0 and mine > 0:
            score += weights[mine]
            if mine == n - 1:
                for i in range(n):
                    if cells[windows[w, i]] == 0:
                        threat_mark[windows[w, i]] |= player
        elif mine == 0 and theirs > 0:
            score -= weights[theirs]
            if theirs == n - 1:
                for i in range(n):
                    if cells[windows[w, i]] == 0:
                        threat_mark[windows[w, i]] |= other
    for col in range(cols):
        h = heights[col]
        for row in range(h, rows):
            mark = threat_mark[col * rows + row]
            if mark == 0:
                continue
            below = threat_mark[col * rows + row - 1] if row > h else 0
            for owner in (1, 2):
                if mark & owner == 0 or below & (3 - owner) != 0:
                    continue
                value = threat_value(owner, row, h)
                score += value if owner == player else -value
    return score


@njit(cache=True)
def threat_value(owner, row, height):
    """The worth of ``owner``'s threat cell in ``row`` of a column ``height`` discs high.

    Rows count from 0 at the bottom, so the first player's (1) good rows,
    the odd rows of Allis's numbering, are the even indexes here.
    """
    if row == height:
        return THREAT_NOW
    if (owner == 1 and row % 2 == 0) or (owner == 2 and row % 2 == 1):
        return THREAT_GOOD
    return THREAT_OTHER


@njit(cache=True)
def _to_tt(score, ply):
    if score > WIN_BOUND:
        return score + ply
    if score < -WIN_BOUND:
        return score - ply
    return score


@njit(cache=True)
def _from_tt(score, ply):
    if score > WIN_BOUND:
        return score - ply
    if score < -WIN_BOUND:
        return score + ply
    return score


@njit(cache=True)
def _enter(cells, heights, counts, windows, cell_windows, weights, centrality,
           tt_keys, tt_values, tt_depths, tt_flags, tt_moves, killers, history, threat_mark, move_buffer,
           priority_buffer, frames, cols, rows, n, player, depth, alpha, beta, ply, key, filled, level):
    """Open a node: return ``(True, value)`` if it is decided without trying moves, else
    ``(False, 0)`` with its frame and ordered moves ready (see ``negamax``)."""
    other = 3 - player
    forced = -1
    threats = 0
    for col in range(cols):
        h = heights[col]
        if h < rows:
            cell = col * rows + h
            if wins_at(counts, cell_windows, n, cell, player):
                return True, WIN - (ply + 1)
            if wins_at(counts, cell_windows, n, cell, other):
                threats += 1
                forced = col
    if filled == cols * rows:
        return True, 0
    if depth <= 0:
        return True, evaluate(cells, heights, counts, windows, weights, threat_mark, cols, rows, n, player)
    if threats >= 2:
        return True, -(WIN - (ply + 2))

    slot = np.int64(key & np.uint64((1 << TT_BITS) - 1))
    tt_move = -1
    if tt_depths[slot] >= 0 and tt_keys[slot] == key:
        tt_move = tt_moves[slot]
        if tt_depths[slot] >= depth:
            value = _from_tt(np.int64(tt_values[slot]), ply)
            flag = tt_flags[slot]
            if flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha):
                return True, value

    order = move_buffer[ply]
    priority = priority_buffer[ply]
    count = 0
    if forced >= 0:
        order[0] = forced
        priority[0] = 0
        count = 1
    else:
        for col in range(cols):
            h = heights[col]
            if h >= rows:
                continue
            cell = col * rows + h
            p = centrality[col] + history[player, cell]
            if col == tt_move:
                p += 1 << 40
            elif col == killers[ply, 0]:
                p += 1 << 38
            elif col == killers[ply, 1]:
                p += 1 << 37
            if h + 1 < rows and wins_at(counts, cell_windows, n, cell + 1, other):
                p -= 1 << 42
            order[count] = col
            priority[count] = p
            count += 1
    frame = frames[level]
    frame[F_ALPHA] = alpha
    frame[F_BETA] = beta
    frame[F_ALPHA0] = alpha
    frame[F_BEST] = -INF
    frame[F_BEST_MOVE] = -1
    frame[F_INDEX] = 0
    frame[F_COUNT] = count
    frame[F_DEPTH] = depth
    frame[F_FORCED] = forced
    frame[F_SLOT] = slot
    frame[F_PLAYER] = player
    frame[F_FILLED] = filled
    return False, 0


@njit(cache=True)
def _store(tt_keys, tt_values, tt_depths, tt_flags, tt_moves, frame, key, ply):
    """Keep a finished node's result in the transposition table (depth-preferred)."""
    slot = frame[F_SLOT]
    depth = frame[F_DEPTH]
    if depth >= tt_depths[slot] or tt_keys[slot] != key:
        best = frame[F_BEST]
        tt_keys[slot] = key
        tt_values[slot] = _to_tt(best, ply)
        tt_depths[slot] = depth
        tt_moves[slot] = frame[F_BEST_MOVE]
        if best <= frame[F_ALPHA0]:
            tt_flags[slot] = UPPER
        elif best >= frame[F_BETA]:
            tt_flags[slot] = LOWER
        else:
            tt_flags[slot] = EXACT


@njit(cache=True)
def negamax(cells, heights, counts, windows, cell_windows, weights, centrality, zobrist,
            tt_keys, tt_values, tt_depths, tt_flags, tt_moves, killers, history, threat_mark, move_buffer,
            priority_buffer, frames, frame_keys, stats,
            cols, rows, n, player, depth, alpha, beta, ply, key, filled):
    """The value for ``player`` (to move) searching ``depth`` more plies; see the module notes.

    Written as a loop over an explicit stack of frames (``frames[level]``, one
    row per ply below this call) rather than by recursion: numba's on-disk
    cache does not reload self-recursive functions reliably.
    """
    root_ply = ply
    level = np.int64(0)
    frame_keys[0] = key
    stats[NODES] += 1
    done, value = _enter(cells, heights, counts, windows, cell_windows, weights, centrality,
                         tt_keys, tt_values, tt_depths, tt_flags, tt_moves, killers, history, threat_mark,
                         move_buffer, priority_buffer, frames, cols, rows, n, player, depth, alpha, beta,
                         ply, key, filled, np.int64(0))   # typed, not literal: _enter is compiled once
    if done:
        return value
    while True:
        frame = frames[level]
        ply = root_ply + level
        index = frame[F_INDEX]
        if index < frame[F_COUNT]:
            order = move_buffer[ply]
            priority = priority_buffer[ply]
            count = frame[F_COUNT]
            pick = index
            for j in range(index + 1, count):
                if priority[j] > priority[pick]:
                    pick = j
            col = order[pick]
            order[pick] = order[index]
            priority[pick] = priority[index]
            order[index] = col
            mover = frame[F_PLAYER]
            cell = drop(cells, heights, counts, cell_windows, rows, col, mover)
            frame[F_COL] = col
            frame[F_CELL] = cell
            child_key = frame_keys[level] ^ zobrist[mover, cell]
            stats[NODES] += 1
            if stats[NODES] > stats[NODE_LIMIT]:
                stats[ABORTED] = 1
                for back in range(level, -1, -1):
                    undo(cells, heights, counts, cell_windows, rows, frames[back, F_COL])
                return 0
            frame_keys[level + 1] = child_key
            done, value = _enter(cells, heights, counts, windows, cell_windows, weights, centrality,
                                 tt_keys, tt_values, tt_depths, tt_flags, tt_moves, killers, history,
                                 threat_mark, move_buffer, priority_buffer, frames, cols, rows, n,
                                 3 - mover, frame[F_DEPTH] - 1, -frame[F_BETA], -frame[F_ALPHA], ply + 1,
                                 child_key, frame[F_FILLED] + 1, level + 1)
            if not done:
                level += 1
                continue
        else:
            _store(tt_keys, tt_values, tt_depths, tt_flags, tt_moves, frame, frame_keys[level], ply)
            value = frame[F_BEST]
            if level == 0:
                return value
            level -= 1
            frame = frames[level]
            ply = root_ply + level
        # ``value`` is the child's result for the move at frames[level]: take it back and score it.
        col = frame[F_COL]
        undo(cells, heights, counts, cell_windows, rows, col)
        value = -value
        if value > frame[F_BEST]:
            frame[F_BEST] = value
            frame[F_BEST_MOVE] = col
        if value > frame[F_ALPHA]:
            frame[F_ALPHA] = value
        if frame[F_ALPHA] >= frame[F_BETA]:
            if frame[F_FORCED] < 0 and col != killers[ply, 0]:
                killers[ply, 1] = killers[ply, 0]
                killers[ply, 0] = col
            history[frame[F_PLAYER], frame[F_CELL]] += frame[F_DEPTH] * frame[F_DEPTH]
            frame[F_INDEX] = frame[F_COUNT]
        else:
            frame[F_INDEX] += 1


@njit(cache=True)
def search_root(cells, heights, counts, windows, cell_windows, weights, centrality, zobrist,
                tt_keys, tt_values, tt_depths, tt_flags, tt_moves, killers, history, threat_mark, move_buffer,
                priority_buffer, frames, frame_keys, stats,
                cols, rows, n, player, depth, key, filled, root_moves, values, exact):
    """Search each of ``root_moves`` in order to ``depth`` plies; return the index of the best.

    ``values[i]`` receives move i's score: exact for every move when ``exact``
    (each searched with a full window, for analysis), else exact for the best
    move and an upper bound for the others. None of the root moves may win at
    once (the caller plays such a move without searching). On abort the
    result covers the moves finished so far (-1 if none).
    """
    other = 3 - player
    alpha = -INF
    best = -INF
    best_index = -1
    for i in range(root_moves.shape[0]):
        col = root_moves[i]
        cell = drop(cells, heights, counts, cell_windows, rows, col, player)
        low = -INF if exact else alpha
        value = -negamax(cells, heights, counts, windows, cell_windows, weights, centrality, zobrist,
                         tt_keys, tt_values, tt_depths, tt_flags, tt_moves, killers, history, threat_mark, move_buffer,
                         priority_buffer, frames, frame_keys, stats,
                         cols, rows, n, other, depth - 1, -INF, -low, np.int64(1),
                         key ^ zobrist[player, cell], filled + 1)
        undo(cells, heights, counts, cell_windows, rows, col)
        if stats[ABORTED]:
            return best_index
        values[i] = value
        if value > best:
            best = value
            best_index = i
        if value > alpha:
            alpha = value
    return best_index


class Engine:
    """One position in the engine's arrays, with its tables, table of searched positions and counters.

    Build it from a ``ConnectFour`` state; ``search`` runs one depth of
    ``search_root``. The transposition table lives as long as the engine, so
    the iterations of one move's iterative deepening share it.
    """

    def __init__(self, state) -> None:
        tables: LineTables = line_tables(state.cols, state.rows, state.n)
        self.tables = tables
        self.cols, self.rows, self.n = state.cols, state.rows, state.n
        self.cells = np.zeros(state.cols * state.rows, dtype=np.int8)
        self.heights = np.zeros(state.cols, dtype=np.int64)
        self.counts = np.zeros((3, tables.windows.shape[0]), dtype=np.int8)
        self.key = np.uint64(0)
        self.filled = 0
        for col, column in enumerate(state.board):
            for disc in column:
                if not disc:
                    break
                cell = drop(self.cells, self.heights, self.counts, tables.cell_windows, self.rows, col, disc)
                self.key ^= tables.zobrist[disc, cell]
                self.filled += 1
        self.player = state.disc(state.turn)
        size = 1 << TT_BITS
        self.tt_keys = np.zeros(size, dtype=np.uint64)
        self.tt_values = np.zeros(size, dtype=np.int32)
        self.tt_depths = np.full(size, -1, dtype=np.int8)
        self.tt_flags = np.zeros(size, dtype=np.int8)
        self.tt_moves = np.full(size, -1, dtype=np.int8)
        self.killers = np.full((MAX_PLY, 2), -1, dtype=np.int64)
        self.history = np.zeros((3, state.cols * state.rows), dtype=np.int64)
        self.threat_mark = np.zeros(state.cols * state.rows, dtype=np.int8)
        self.move_buffer = np.zeros((MAX_PLY, state.cols), dtype=np.int64)
        self.priority_buffer = np.zeros((MAX_PLY, state.cols), dtype=np.int64)
        self.frames = np.zeros((MAX_PLY, FRAME_FIELDS), dtype=np.int64)
        self.frame_keys = np.zeros(MAX_PLY, dtype=np.uint64)
        self.stats = np.zeros(3, dtype=np.int64)

    def wins_now(self, col: int, player: int) -> bool:
        """Would ``player``'s disc in ``col`` (which has room) complete a line?"""
        cell = col * self.rows + int(self.heights[col])
        return bool(wins_at(self.counts, self.tables.cell_windows, self.n, cell, player))

    def search(self, root_moves: list[int], depth: int, node_limit: int, exact: bool = False
               ) -> tuple[int, np.ndarray, bool]:
        """One ``search_root`` call: (best index or -1, the moves' values, whether it was cut short)."""
        t = self.tables
        self.stats[NODE_LIMIT] = node_limit
        self.stats[ABORTED] = 0
        moves = np.array(root_moves, dtype=np.int64)
        values = np.full(len(root_moves), -INF, dtype=np.int64)
        best = search_root(self.cells, self.heights, self.counts, t.windows, t.cell_windows, t.weights,
                           t.centrality, t.zobrist, self.tt_keys, self.tt_values, self.tt_depths, self.tt_flags,
                           self.tt_moves, self.killers, self.history, self.threat_mark, self.move_buffer,
                           self.priority_buffer, self.frames, self.frame_keys, self.stats,
                           self.cols, self.rows, self.n, self.player, depth, self.key, self.filled,
                           moves, values, exact)
        return int(best), values, bool(self.stats[ABORTED])

    @property
    def nodes(self) -> int:
        return int(self.stats[NODES])
