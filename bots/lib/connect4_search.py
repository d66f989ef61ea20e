"""Connect Four alpha-beta search in numba, for any board up to 10x10 and N from 3 to 6.

A position is three arrays the kernels update in place (see ``Engine``):
``cells`` (int8, ``col * rows + row``: 0 empty, 1 Red, 2 Yellow),
``heights`` (int64 per column) and ``counts`` (int8, ``counts[player,
window]`` discs of that player in each window of ``connect4_lines``), plus
a Zobrist key. Dropping a disc touches only the windows through its cell.

The search's state is one record (``STATE``, ``bots/lib/search_state.py``):
the position's arrays, the board's line tables, the killers, history, move
buffers and the explicit stack's frames, sized for the largest board, and
the transposition table's addresses. The kernels take that record and
integers, so a node counts no references.

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
* A transposition table (``ttable``'s keyed entries: Zobrist keys,
  depth-preferred replacement) keeps bounds and best moves across the
  iterations of iterative deepening.
* The record counts nodes; once ``nodes`` passes ``node_limit`` the search
  sets ``aborted`` and unwinds, so the caller can keep the last finished
  iteration and stay inside its time budget.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from bots.lib.connect4_lines import LineTables, line_tables
from bots.lib.search_state import address_of
from bots.lib.ttable import (WIN, bound_of, depth_of, flag_of, from_table, keep_deeper, keyed_table, move_of, pack,
                             probe, settles, to_table, value_of)

INF = 10_000_000
MAX_PLY = 128
TT_BITS = 19
#: Fields of a search frame (one row of ``frames`` per ply of the explicit stack).
(F_ALPHA, F_BETA, F_ALPHA0, F_BEST, F_BEST_MOVE, F_INDEX, F_COUNT, F_DEPTH, F_FORCED, F_PLAYER,
 F_FILLED, F_COL, F_CELL) = range(13)
FRAME_FIELDS = 13
#: Evaluation of a threat cell: playable now, on its owner's good row, on the other rows.
THREAT_NOW, THREAT_GOOD, THREAT_OTHER = 30, 120, 40
#: The largest board and line the record holds.
MAX_SIDE, MIN_N, MAX_N = 10, 3, 6
MAX_CELLS = MAX_SIDE * MAX_SIDE
#: Windows of the largest board with the shortest line (across, up and both diagonals).
MAX_WINDOWS = 2 * MAX_SIDE * (MAX_SIDE - MIN_N + 1) + 2 * (MAX_SIDE - MIN_N + 1) ** 2
#: The search's state, one record per ``Engine`` (``bots/lib/search_state.py``): counters, the
#: board's size and line tables (``connect4_lines``, padded with -1), the position, the move
#: ordering's killers and history, per-ply move buffers, the explicit stack, and the transposition
#: table's address and slot mask (``ttable``'s keyed entries). ``drop`` and ``undo``
#: keep two sums up to date for ``evaluate``: ``window_score[p]``, the weights of the windows
#: holding discs of ``p`` only, and ``threats[p, cell]``, the windows one disc of ``p`` short whose
#: empty cell is ``cell``.
STATE = np.dtype([
    ("nodes", np.int64), ("node_limit", np.int64), ("aborted", np.int64),
    ("cols", np.int64), ("rows", np.int64), ("n", np.int64), ("window_count", np.int64),
    ("tt_at", np.uint64), ("tt_mask", np.int64),
    ("windows", np.int32, (MAX_WINDOWS, MAX_N)), ("cell_windows", np.int32, (MAX_CELLS, 4 * MAX_N)),
    ("weights", np.int64, (MAX_N + 1,)), ("centrality", np.int64, (MAX_SIDE,)),
    ("zobrist", np.uint64, (3, MAX_CELLS)),
    ("cells", np.int8, (MAX_CELLS,)), ("heights", np.int64, (MAX_SIDE,)), ("counts", np.int8, (3, MAX_WINDOWS)),
    ("window_score", np.int64, (3,)), ("threats", np.int16, (3, MAX_CELLS)),
    ("killers", np.int64, (MAX_PLY, 2)), ("history", np.int64, (3, MAX_CELLS)),
    ("move_buffer", np.int64, (MAX_PLY, MAX_SIDE)), ("priority_buffer", np.int64, (MAX_PLY, MAX_SIDE)),
    ("frames", np.int64, (MAX_PLY, FRAME_FIELDS)), ("frame_keys", np.uint64, (MAX_PLY,)),
])


@njit(cache=True, inline="always")
def _threat_moved(st, w, player, delta):
    """Add ``delta`` to ``player``'s threats at the one empty cell of window ``w``."""
    for i in range(st.n):
        cell = st.windows[w, i]
        if st.cells[cell] == 0:
            st.threats[player, cell] += delta
            return


@njit(cache=True)
def drop(st, col, player):
    """Put ``player``'s disc on top of ``col`` in the record ``st``'s position; return its cell."""
    cell = col * st.rows + st.heights[col]
    st.cells[cell] = player
    st.heights[col] += 1
    other = 3 - player
    short = st.n - 1
    for k in range(4 * MAX_N):
        w = st.cell_windows[cell, k]
        if w < 0:
            break
        mine = np.int64(st.counts[player, w])
        theirs = np.int64(st.counts[other, w])
        if theirs == 0:
            st.window_score[player] += st.weights[mine + 1] - st.weights[mine]
            if mine == short:            # the window's empty cell was this one
                st.threats[player, cell] -= 1
            elif mine + 1 == short:
                _threat_moved(st, w, player, 1)
        elif mine == 0:
            st.window_score[other] -= st.weights[theirs]
            if theirs == short:
                st.threats[other, cell] -= 1
        st.counts[player, w] = mine + 1
    return cell


@njit(cache=True)
def undo(st, col):
    """Take the top disc off ``col``."""
    st.heights[col] -= 1
    cell = col * st.rows + st.heights[col]
    player = st.cells[cell]
    other = 3 - player
    short = st.n - 1
    for k in range(4 * MAX_N):
        w = st.cell_windows[cell, k]
        if w < 0:
            break
        mine = np.int64(st.counts[player, w]) - 1
        theirs = np.int64(st.counts[other, w])
        if theirs == 0:
            st.window_score[player] -= st.weights[mine + 1] - st.weights[mine]
            if mine == short:
                st.threats[player, cell] += 1
            elif mine + 1 == short:
                _threat_moved(st, w, player, -1)     # the cell is still filled: the other empty one
        elif mine == 0:
            st.window_score[other] += st.weights[theirs]
            if theirs == short:
                st.threats[other, cell] += 1
        st.counts[player, w] = mine
    st.cells[cell] = 0


@njit(cache=True)
def wins_at(st, cell, player):
    """Would a disc of ``player`` in the empty ``cell`` complete a window?"""
    other = 3 - player
    n = st.n
    for k in range(4 * MAX_N):
        w = st.cell_windows[cell, k]
        if w < 0:
            break
        if st.counts[player, w] == n - 1 and st.counts[other, w] == 0:
            return True
    return False


@njit(cache=True, inline="always")
def _threat_mark(st, cell):
    """Whose threats ``cell`` holds: bit 1 the first player's, bit 2 the second's."""
    return (1 if st.threats[1, cell] > 0 else 0) | (2 if st.threats[2, cell] > 0 else 0)


@njit(cache=True)
def evaluate(st, player):
    """The static value of the record ``st``'s position for ``player`` (to move): windows and threats."""
    other = 3 - player
    cols, rows = st.cols, st.rows
    score = st.window_score[player] - st.window_score[other]
    for col in range(cols):
        h = st.heights[col]
        for row in range(h, rows):
            mark = _threat_mark(st, col * rows + row)
            if mark == 0:
                continue
            below = _threat_mark(st, col * rows + row - 1) if row > h else 0
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
def _enter(st, player, depth, alpha, beta, ply, key, filled, level):
    """Open a node: return ``(True, value)`` if it is decided without trying moves, else
    ``(False, 0)`` with its frame (``st.frames[level]``) and ordered moves ready (see ``negamax``)."""
    cols, rows = st.cols, st.rows
    other = 3 - player
    forced = -1
    threats = 0
    for col in range(cols):
        h = st.heights[col]
        if h < rows:
            cell = col * rows + h
            if wins_at(st, cell, player):
                return True, WIN - (ply + 1)
            if wins_at(st, cell, other):
                threats += 1
                forced = col
    if filled == cols * rows:
        return True, 0
    if depth <= 0:
        return True, evaluate(st, player)
    if threats >= 2:
        return True, -(WIN - (ply + 2))

    entry = probe(st.tt_at, st.tt_mask, np.int64(key))
    tt_move = move_of(entry)
    if depth_of(entry) >= depth:
        value = from_table(value_of(entry), ply)
        if settles(flag_of(entry), value, alpha, beta):
            return True, value

    count = 0
    if forced >= 0:
        st.move_buffer[ply, 0] = forced
        st.priority_buffer[ply, 0] = 0
        count = 1
    else:
        for col in range(cols):
            h = st.heights[col]
            if h >= rows:
                continue
            cell = col * rows + h
            p = st.centrality[col] + st.history[player, cell]
            if col == tt_move:
                p += 1 << 40
            elif col == st.killers[ply, 0]:
                p += 1 << 38
            elif col == st.killers[ply, 1]:
                p += 1 << 37
            if h + 1 < rows and wins_at(st, cell + 1, other):
                p -= 1 << 42
            st.move_buffer[ply, count] = col
            st.priority_buffer[ply, count] = p
            count += 1
    st.frames[level, F_ALPHA] = alpha
    st.frames[level, F_BETA] = beta
    st.frames[level, F_ALPHA0] = alpha
    st.frames[level, F_BEST] = -INF
    st.frames[level, F_BEST_MOVE] = -1
    st.frames[level, F_INDEX] = 0
    st.frames[level, F_COUNT] = count
    st.frames[level, F_DEPTH] = depth
    st.frames[level, F_FORCED] = forced
    st.frames[level, F_PLAYER] = player
    st.frames[level, F_FILLED] = filled
    return False, 0


@njit(cache=True)
def _store(st, level, key, ply):
    """Keep the finished node of ``st.frames[level]`` in the transposition table (depth-preferred)."""
    depth = st.frames[level, F_DEPTH]
    best = st.frames[level, F_BEST]
    flag = bound_of(best, st.frames[level, F_ALPHA0], st.frames[level, F_BETA])
    keep_deeper(st.tt_at, st.tt_mask, np.int64(key), depth,
                pack(to_table(best, ply), st.frames[level, F_BEST_MOVE], depth, flag))


@njit(cache=True)
def negamax(st, player, depth, alpha, beta, ply, key, filled):
    """The value for ``player`` (to move) searching ``depth`` more plies; see the module notes.

    Written as a loop over an explicit stack of frames (``st.frames[level]``,
    one row per ply below this call) rather than by recursion: numba's
    on-disk cache does not reload self-recursive functions reliably.
    """
    root_ply = ply
    level = np.int64(0)
    st.frame_keys[0] = key
    st.nodes += 1
    done, value = _enter(st, player, depth, alpha, beta, ply, key, filled, level)
    if done:
        return value
    while True:
        ply = root_ply + level
        index = st.frames[level, F_INDEX]
        if index < st.frames[level, F_COUNT]:
            count = st.frames[level, F_COUNT]
            pick = index
            for j in range(index + 1, count):
                if st.priority_buffer[ply, j] > st.priority_buffer[ply, pick]:
                    pick = j
            col = st.move_buffer[ply, pick]
            st.move_buffer[ply, pick] = st.move_buffer[ply, index]
            st.priority_buffer[ply, pick] = st.priority_buffer[ply, index]
            st.move_buffer[ply, index] = col
            mover = st.frames[level, F_PLAYER]
            cell = drop(st, col, mover)
            st.frames[level, F_COL] = col
            st.frames[level, F_CELL] = cell
            child_key = st.frame_keys[level] ^ st.zobrist[mover, cell]
            st.nodes += 1
            if st.nodes > st.node_limit:
                st.aborted = 1
                for back in range(level, -1, -1):
                    undo(st, st.frames[back, F_COL])
                return 0
            st.frame_keys[level + 1] = child_key
            done, value = _enter(st, 3 - mover, st.frames[level, F_DEPTH] - 1, -st.frames[level, F_BETA],
                                 -st.frames[level, F_ALPHA], ply + 1, child_key, st.frames[level, F_FILLED] + 1,
                                 level + 1)
            if not done:
                level += 1
                continue
        else:
            _store(st, level, st.frame_keys[level], ply)
            value = st.frames[level, F_BEST]
            if level == 0:
                return value
            level -= 1
            ply = root_ply + level
        # ``value`` is the child's result for the move at st.frames[level]: take it back and score it.
        col = st.frames[level, F_COL]
        undo(st, col)
        value = -value
        if value > st.frames[level, F_BEST]:
            st.frames[level, F_BEST] = value
            st.frames[level, F_BEST_MOVE] = col
        if value > st.frames[level, F_ALPHA]:
            st.frames[level, F_ALPHA] = value
        if st.frames[level, F_ALPHA] >= st.frames[level, F_BETA]:
            if st.frames[level, F_FORCED] < 0 and col != st.killers[ply, 0]:
                st.killers[ply, 1] = st.killers[ply, 0]
                st.killers[ply, 0] = col
            depth_left = st.frames[level, F_DEPTH]
            st.history[st.frames[level, F_PLAYER], st.frames[level, F_CELL]] += depth_left * depth_left
            st.frames[level, F_INDEX] = st.frames[level, F_COUNT]
        else:
            st.frames[level, F_INDEX] += 1


@njit(cache=True)
def search_root(state, player, depth, key, filled, root_moves, values, exact, node_limit):
    """Search each of ``root_moves`` in order to ``depth`` plies; return the index of the best.

    ``state`` is the one-record ``STATE`` array; its node count goes on
    from earlier searches and ``node_limit`` (on that count) is set here.
    ``values[i]`` receives move i's score: exact for every move when ``exact``
    (each searched with a full window, for analysis), else exact for the best
    move and an upper bound for the others. None of the root moves may win at
    once (the caller plays such a move without searching). On abort the
    result covers the moves finished so far (-1 if none).
    """
    st = state[0]
    st.node_limit = node_limit
    st.aborted = 0
    other = 3 - player
    alpha = -INF
    best = -INF
    best_index = -1
    for i in range(root_moves.shape[0]):
        col = root_moves[i]
        cell = drop(st, col, player)
        low = -INF if exact else alpha
        value = -negamax(st, other, depth - 1, np.int64(-INF), -low, np.int64(1), key ^ st.zobrist[player, cell],
                         filled + 1)
        undo(st, col)
        if st.aborted:
            return best_index
        values[i] = value
        if value > best:
            best = value
            best_index = i
        if value > alpha:
            alpha = value
    return best_index


class Engine:
    """One position in the engine's record, with its tables, table of searched positions and counters.

    Build it from a ``ConnectFour`` state; ``search`` runs one depth of
    ``search_root``. The transposition table lives as long as the engine, so
    the iterations of one move's iterative deepening share it.
    """

    def __init__(self, state) -> None:
        if not (state.cols <= MAX_SIDE and state.rows <= MAX_SIDE and MIN_N <= state.n <= MAX_N):
            raise ValueError(f"a {state.cols}x{state.rows} board with {state.n} in a row is beyond the engine "
                             f"(at most {MAX_SIDE}x{MAX_SIDE}, {MIN_N} to {MAX_N} in a row)")
        tables: LineTables = line_tables(state.cols, state.rows, state.n)
        self.tables = tables
        self.cols, self.rows, self.n = state.cols, state.rows, state.n
        cells, window_count = state.cols * state.rows, tables.windows.shape[0]
        self.tt = keyed_table(TT_BITS)
        self._state = np.zeros(1, dtype=STATE)
        st = self._state[0]
        st["cols"], st["rows"], st["n"], st["window_count"] = state.cols, state.rows, state.n, window_count
        st["tt_at"], st["tt_mask"] = address_of(self.tt), (1 << TT_BITS) - 1
        st["windows"][:] = -1
        st["windows"][:window_count, :state.n] = tables.windows
        st["cell_windows"][:] = -1
        st["cell_windows"][:cells, :tables.cell_windows.shape[1]] = tables.cell_windows
        st["weights"][:state.n + 1] = tables.weights
        st["centrality"][:state.cols] = tables.centrality
        st["zobrist"][:, :cells] = tables.zobrist
        st["killers"][:] = -1
        self.record = st
        self.cells = st["cells"][:cells]
        self.heights = st["heights"][:state.cols]
        self.counts = st["counts"][:, :window_count]
        self.key = np.uint64(0)
        self.filled = 0
        for col, column in enumerate(state.board):
            for disc in column:
                if not disc:
                    break
                cell = drop(st, col, disc)
                self.key ^= tables.zobrist[disc, cell]
                self.filled += 1
        self.player = state.disc(state.turn)

    def wins_now(self, col: int, player: int) -> bool:
        """Would ``player``'s disc in ``col`` (which has room) complete a line?"""
        cell = col * self.rows + int(self.heights[col])
        return bool(wins_at(self.record, cell, player))

    def search(self, root_moves: list[int], depth: int, node_limit: int, exact: bool = False
               ) -> tuple[int, np.ndarray, bool]:
        """One ``search_root`` call: (best index or -1, the moves' values, whether it was cut short).

        ``node_limit`` bounds ``nodes``, which counts on from the engine's earlier searches.
        """
        moves = np.array(root_moves, dtype=np.int64)
        values = np.full(len(root_moves), -INF, dtype=np.int64)
        best = search_root(self._state, self.player, depth, self.key, self.filled, moves, values, exact, node_limit)
        return int(best), values, bool(self.record["aborted"])

    @property
    def nodes(self) -> int:
        return int(self.record["nodes"])
