"""A perfect Connect Four solver: the exact score of a position, in numba.

The search follows Pascal Pons' solver (blog.gamesolver.org), step by step:

* Bitboards. A board of ``cols`` x ``rows`` is a uint64 with ``rows + 1``
  bits per column, the extra bit on top a sentinel that keeps lines from
  wrapping into the next column. A position is ``(current, mask, plies)``:
  the discs of the player to move and all discs. ``current + mask`` is a key
  unique to the position (the sum sets the bit above each column's top disc).
* Negamax with alpha-beta over "possible non-losing moves": a move under a
  cell where the opponent would complete a line is never tried, and an
  opponent threat that is playable now forces the reply (two lose at once).
* Transposition tables in numpy arrays, one uint64 per entry: most of the
  key and one byte holding an upper or a lower bound; with the index (the
  key modulo a prime) the stored bits tell keys apart exactly, so there are
  no collisions. As in the C++, the search does not look for mirror images
  (a mirror key at every node costs more than the nodes it saves); the
  opening book (``connect4_book.py``) does.
* Two tables, where the C++ has one: positions with few empty cells left
  (``NEAR_EMPTY``), the great majority of nodes, each worth little, go to a
  small table that stays in the processor's cache (``NEAR_BITS``: 1 MB);
  the others to the big one. Each probe of a 64 MB table misses the cache,
  and the search was waiting on memory. With the near table it visits
  about 15% more nodes at 3 times the speed: ``python
  benchmarks/connect4_solver.py --limit 100`` solves the positions 8 to 13
  plies in 2.6 times faster, and weak solves 5 to 7 plies in take 2.3 to
  2.8 times less time.
* Move ordering: moves that create more winning cells first, centre first
  among equals.
* Null-window search: the score is found by a binary search of null-window
  probes, probing first near 0 (the sign of a position is cheap to prove).

Scores are the solvers' convention (``../shared/testdata/README.md``):
positive when the player to move wins, ``MAX_DISCS + 1 - d`` where ``d`` is
the number of the winner's own discs once the winning disc is played and
``MAX_DISCS = ceil(cols * rows / 2)`` (22 - d on 7x6: a win with one's 4th
disc is 18, with the last disc of the game 1); 0 for a draw; negative for a
loss, the opponent's winning score negated.

Lines of exactly four are what the solver knows: it plays N = 4 on any board
with ``cols * (rows + 1) <= 64``. ``Solver`` is the Python face: it owns the
table (allocated once, reused for every position) and counts nodes; every
call takes an optional node limit so a caller with a deadline can stop a
search and keep what it has proved; ``solve_many`` solves a batch of
positions in one call. The kernels Python calls release the GIL, so
``Solver.partner`` solvers, which share the big table, search in several
threads at once (a hint values its columns on every core).

The search's state (table address, counters, the board's constants, the
per-ply move buffers) is one record set up once per solver, so the
recursion passes integers and one record (``bots/lib/search_state.py``):
no reference counting per node.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np
from numba import njit, types
from numba.extending import intrinsic

from bots.lib.search_state import address_of, load, store

U0 = np.uint64(0)
U1 = np.uint64(1)


@intrinsic
def _popcount(typingctx, x):
    """The number of set bits of a uint64 (one CPU instruction)."""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return sig, codegen


@dataclass(frozen=True)
class Geometry:
    """The constants of one board size, as the kernels take them."""

    cols: int
    rows: int

    def __post_init__(self) -> None:
        if self.cols < 4 and self.rows < 4:
            raise ValueError(f"a {self.cols}x{self.rows} board has no room for four in a row")
        if self.cols * (self.rows + 1) > 64:
            raise ValueError(f"a {self.cols}x{self.rows} board needs {self.cols * (self.rows + 1)} bits; "
                             f"the solver's bitboards hold 64")

    @property
    def stride(self) -> int:
        """Bits per column: the rows plus the sentinel."""
        return self.rows + 1

    @property
    def cells(self) -> int:
        return self.cols * self.rows

    @property
    def max_discs(self) -> int:
        """The most discs one player can have: the first player's share of a full board."""
        return (self.cells + 1) // 2

    @property
    def bottom(self) -> np.uint64:
        return np.uint64(sum(1 << (c * self.stride) for c in range(self.cols)))

    @property
    def board(self) -> np.uint64:
        return np.uint64(int(self.bottom) * ((1 << self.rows) - 1))

    @property
    def column_masks(self) -> np.ndarray:
        return np.array([((1 << self.rows) - 1) << (c * self.stride) for c in range(self.cols)], dtype=np.uint64)

    @property
    def order(self) -> np.ndarray:
        """Columns centre first, alternating outwards (left of centre before right)."""
        centre = (self.cols - 1) / 2
        return np.array(sorted(range(self.cols), key=lambda c: (abs(c - centre), c)), dtype=np.int64)


STANDARD = Geometry(7, 6)


# -- bitboard kernels -------------------------------------------------------------
@njit(cache=True, inline="always")
def winning_cells(pos, mask, stride, board):
    """The empty cells where ``pos`` would complete four in a row (playable or not)."""
    s1 = np.uint64(1)
    s2 = np.uint64(2)
    s3 = np.uint64(3)
    r = (pos << s1) & (pos << s2) & (pos << s3)
    for shift in (stride, stride - 1, stride + 1):  # across, and the two diagonals
        d = np.uint64(shift)
        p = (pos << d) & (pos << (d * s2))
        r |= p & (pos << (d * s3))
        r |= p & (pos >> d)
        p = (pos >> d) & (pos >> (d * s2))
        r |= p & (pos << d)
        r |= p & (pos >> (d * s3))
    return r & (board ^ mask)


@njit(cache=True, inline="always")
def playable(mask, bottom, board):
    """The cell each non-full column would take next, as one bitboard."""
    return (mask + bottom) & board


@njit(cache=True, inline="always")
def non_losing_moves(current, mask, stride, bottom, board):
    """Moves that do not hand the opponent a win at once (0 when every move does).

    A playable opponent threat must be blocked (two of them cannot be); a move
    right under an opponent threat would let the opponent play into it.
    """
    possible = playable(mask, bottom, board)
    threats = winning_cells(current ^ mask, mask, stride, board)
    forced = possible & threats
    if forced != U0:
        if forced & (forced - U1) != U0:
            return U0
        possible = forced
    return possible & ~(threats >> U1)


@njit(cache=True, inline="always")
def mirror(key, cols, stride):
    """The bitboard reflected left to right."""
    column = (U1 << np.uint64(stride)) - U1
    out = U0
    for c in range(cols):
        bits = (key >> np.uint64(c * stride)) & column
        out |= bits << np.uint64((cols - 1 - c) * stride)
    return out


# -- the search's state, one record ------------------------------------------------------
#: Largest boards the record's buffers hold: ``cols * (rows + 1) <= 64`` bits allow at most
#: 32 columns and 56 cells.
MAX_COLS, MAX_PLIES = 32, 64
#: Everything a search reads or writes besides the position, set once per solver
#: (``bots/lib/search_state.py``): the table's address and size, the node counters, the
#: board's constants, and per-ply buffers of the sorted moves.
STATE = np.dtype([
    ("table_at", np.uint64), ("table_size", np.uint64),
    ("near_at", np.uint64), ("near_size", np.uint64), ("near_from", np.int64),
    ("nodes", np.int64), ("node_limit", np.int64), ("aborted", np.int64),
    ("cols", np.int64), ("stride", np.int64), ("cells", np.int64), ("max_discs", np.int64),
    ("bottom", np.uint64), ("board", np.uint64),
    ("col_masks", np.uint64, (MAX_COLS,)), ("order", np.int64, (MAX_COLS,)),
    ("moves", np.uint64, (MAX_PLIES, MAX_COLS)), ("scores", np.int64, (MAX_PLIES, MAX_COLS)),
])
#: Positions with this many empty cells or fewer are kept in the near table, of about
#: ``2 ** NEAR_BITS`` entries (1 MB: a core's level-2 cache on many processors).
NEAR_EMPTY, NEAR_BITS = 18, 17
#: ``node_limit`` when a search has none.
NO_LIMIT = np.iinfo(np.int64).max

# -- transposition table ------------------------------------------------------------
# Not ``ttable``'s keyed entries, for speed: half their size, so the near table keeps twice the
# positions in the processor's cache. One uint64 per entry: the key's low 56 bits above one byte
# of value. The index is the key modulo the table's (prime) size, so the index and the stored
# 56 bits together tell the full key apart from every other (Chinese remainder theorem): no
# collisions, and one memory access per probe. The value byte: 0 empty; an upper bound u as
# 1 + u + SPAN; a lower bound l as 1 + l + SPAN + RANGE, where SPAN = max_discs + 1
# bounds every score and RANGE = 2 * SPAN + 1.
_VALUE_BITS = np.uint64(8)
_VALUE_MASK = np.uint64(0xFF)


# -- search ---------------------------------------------------------------------------
@njit(cache=True)
def negamax(st, current, mask, plies, alpha, beta):
    """The score of a position whose player to move cannot win at once, within ``[alpha, beta]``.

    ``st`` is the search's ``STATE`` record. Fail-soft: a result ``<= alpha``
    is an upper bound, ``>= beta`` a lower bound, in between exact.
    ``st.nodes`` counts calls; when it reaches ``st.node_limit`` the search
    sets ``st.aborted`` and unwinds, returning meaningless values (and
    storing nothing more).
    """
    st.nodes += 1
    if st.nodes >= st.node_limit:
        st.aborted = 1
        return 0
    stride = st.stride
    board = st.board
    max_discs = st.max_discs
    moves = non_losing_moves(current, mask, stride, st.bottom, board)
    if moves == U0:  # every move lets the opponent complete a line next
        return -(max_discs - (plies + 1) // 2)
    if plies >= st.cells - 2:
        return 0
    low = -(max_discs - 1 - (plies + 1) // 2)  # the opponent cannot win with its next disc
    if alpha < low:
        alpha = low
        if alpha >= beta:
            return alpha
    high = max_discs - 1 - plies // 2  # we cannot win with this disc
    if beta > high:
        beta = high
        if alpha >= beta:
            return beta

    span = max_discs + 1
    key = current + mask
    if plies >= st.near_from:
        table_at = st.near_at
        slot = key % st.near_size
    else:
        table_at = st.table_at
        slot = key % st.table_size
    tag = key << _VALUE_BITS
    entry = load(np.uint64, table_at, slot)
    if entry ^ tag <= _VALUE_MASK and entry != tag:
        val = np.int64(entry & _VALUE_MASK)
        if val > 2 * span + 1:
            low = val - 1 - span - (2 * span + 1)
            if alpha < low:
                alpha = low
                if alpha >= beta:
                    return alpha
        else:
            high = val - 1 - span
            if beta > high:
                beta = high
                if alpha >= beta:
                    return beta

    # Order the moves: insertion sort by threats made; equal threats keep the centre first.
    count = 0
    for i in range(st.cols - 1, -1, -1):
        move = moves & st.col_masks[st.order[i]]
        if move != U0:
            score = np.int64(_popcount(winning_cells(current | move, mask, stride, board)))
            pos = count
            while pos > 0 and st.scores[plies, pos - 1] > score:
                st.moves[plies, pos] = st.moves[plies, pos - 1]
                st.scores[plies, pos] = st.scores[plies, pos - 1]
                pos -= 1
            st.moves[plies, pos] = move
            st.scores[plies, pos] = score
            count += 1

    opponent = current ^ mask
    while count > 0:
        count -= 1
        move = st.moves[plies, count]
        score = -negamax(st, opponent, mask | move, plies + 1, -beta, -alpha)
        if st.aborted != 0:
            return 0
        if score >= beta:
            store(np.uint64, table_at, slot, tag | np.uint64(score + 1 + span + 2 * span + 1))
            return score
        if score > alpha:
            alpha = score
    store(np.uint64, table_at, slot, tag | np.uint64(alpha + 1 + span))
    return alpha


@njit(cache=True)
def solve_position(st, current, mask, plies, weak):
    """The exact score of a position not yet over (``weak``: only its sign, -1, 0 or 1).

    Binary search by null-window probes, each probe's midpoint pulled
    towards 0 so that the sign is settled first. If the node limit stops it,
    ``st.aborted`` is set and the result means nothing.
    """
    max_discs = st.max_discs
    if winning_cells(current, mask, st.stride, st.board) & playable(mask, st.bottom, st.board) != U0:
        return max_discs - plies // 2
    lo = -(max_discs - (plies + 1) // 2)
    hi = max_discs - plies // 2
    if weak:
        lo, hi = -1, 1
    while lo < hi:
        med = lo + (hi - lo) // 2
        half_lo = -((-lo) // 2) if lo < 0 else lo // 2  # C's truncating division
        half_hi = hi // 2 if hi >= 0 else -((-hi) // 2)
        if med <= 0 and half_lo < med:
            med = half_lo
        elif med >= 0 and half_hi > med:
            med = half_hi
        r = negamax(st, current, mask, plies, med, med + 1)
        if st.aborted != 0:
            return 0
        if r <= med:
            hi = r
        else:
            lo = r
    return lo


@njit(cache=True, nogil=True)
def solve_kernel(state, current, mask, plies, weak, node_limit):
    """``solve_position`` from Python: the counters reset, ``node_limit`` (``NO_LIMIT``: none) set."""
    st = state[0]
    st.nodes = 0
    st.aborted = 0
    st.node_limit = node_limit
    return solve_position(st, current, mask, plies, weak)


@njit(cache=True, nogil=True)
def solve_many_kernel(state, currents, masks, plies, weak, node_limit, out):
    """``solve_position`` of each position in turn into ``out``; the node limit is the whole batch's."""
    st = state[0]
    st.nodes = 0
    st.aborted = 0
    st.node_limit = node_limit
    for i in range(currents.size):
        out[i] = solve_position(st, currents[i], masks[i], plies[i], weak)
        if st.aborted != 0:
            return


@njit(cache=True, nogil=True)
def probe_kernel(state, current, mask, plies, bound, node_limit):
    """Whether a position (whose mover cannot win at once) scores at most ``bound``: one null-window search."""
    st = state[0]
    st.nodes = 0
    st.aborted = 0
    st.node_limit = node_limit
    return negamax(st, current, mask, plies, bound, bound + 1) <= bound


# -- Python face ------------------------------------------------------------------------
class PositionError(ValueError):
    """A move sequence that is not a game in progress on the solver's board."""


@dataclass(frozen=True)
class Position:
    """A position as the kernels see it: the mover's discs, all discs, plies played."""

    current: int
    mask: int
    plies: int


def position_from_moves(moves: Sequence[int], geometry: Geometry = STANDARD) -> Position:
    """Play 0-based columns from the empty board; ``PositionError`` names a bad move.

    A move into a full column, a column off the board, or a move after the
    game has been won (by four in a row or a full board) is refused.
    """
    g = geometry
    stride, board = g.stride, int(g.board)
    current = mask = 0
    for number, col in enumerate(moves, start=1):
        if not 0 <= col < g.cols:
            raise PositionError(f"move {number}: column {col} is not on a {g.cols}-column board")
        top = 1 << (col * stride + g.rows - 1)
        if mask & top:
            raise PositionError(f"move {number}: column {col} is full")
        if number > 1 and _has_four(current ^ mask, stride):
            raise PositionError(f"move {number}: the game was already won")
        move = (mask + (1 << (col * stride))) & (((1 << g.rows) - 1) << (col * stride))
        current ^= mask
        mask |= move
    plies = len(moves)
    if plies and _has_four(current ^ mask, stride):
        raise PositionError("the game is already won")
    if plies >= g.cells:
        raise PositionError("the board is full")
    return Position(current, mask, plies)


def _has_four(pos: int, stride: int) -> bool:
    for shift in (1, stride, stride - 1, stride + 1):
        m = pos & (pos >> shift)
        if m & (m >> (2 * shift)):
            return True
    return False


def next_prime(n: int) -> int:
    """The smallest prime >= ``n`` (trial division: tables are at most a few times 2**24)."""
    def is_prime(k: int) -> bool:
        return k >= 2 and all(k % d for d in range(2, int(k ** 0.5) + 1))
    while not is_prime(n):
        n += 1
    return n


class Solver:
    """Exact scores of Connect Four positions, with a table kept between calls.

    ``table_bits`` sizes the transposition table: the first prime above
    ``2 ** table_bits`` entries of 8 bytes (2**23: 64 MB, 2**24: 128 MB),
    beside the near table of 1 MB (or the main table's size, if smaller). ``nodes`` counts the
    search's nodes since the last ``reset_nodes``. Every method takes a
    ``node_limit`` (0: none) and raises ``SearchAborted`` when reached; what
    earlier searches stored in the table stays valid.
    """

    def __init__(self, geometry: Geometry = STANDARD, table_bits: int = 23,
                 tables: tuple[np.ndarray, np.ndarray] | None = None) -> None:
        self.geometry = geometry
        if tables is None:
            tables = (np.zeros(next_prime(1 << table_bits), dtype=np.uint64),
                      np.zeros(next_prime(1 << min(table_bits, NEAR_BITS)), dtype=np.uint64))
        self._table, self._near = tables
        self._state = np.zeros(1, dtype=STATE)
        st = self._state[0]
        st["table_at"], st["table_size"] = address_of(self._table), self.table.size
        st["near_at"], st["near_size"] = address_of(self._near), self._near.size
        st["near_from"] = geometry.cells - NEAR_EMPTY
        st["cols"], st["stride"], st["cells"], st["max_discs"] = (
            geometry.cols, geometry.stride, geometry.cells, geometry.max_discs)
        st["bottom"], st["board"] = geometry.bottom, geometry.board
        st["col_masks"][:geometry.cols] = geometry.column_masks
        st["order"][:geometry.cols] = geometry.order
        self._order = geometry.order
        self.nodes = 0

    @property
    def table(self) -> np.ndarray:
        """The transposition table (read-only attribute: the kernels hold its address)."""
        return self._table

    def partner(self) -> "Solver":
        """A solver sharing this one's big table, with its own near table, counters and move buffers.

        It may search in another thread while this one searches: each keeps
        its state in its own record, and a table entry is one aligned 8-byte
        word, written whole, whose stored key bits are checked on every read,
        so neither ever reads a half-written or another position's entry.
        What either proves with more than ``NEAR_EMPTY`` cells empty, both
        see; each near table stays in its own core's cache.
        """
        return Solver(self.geometry, tables=(self._table, np.zeros_like(self._near)))

    def clear(self) -> None:
        """Forget every bound in the big table (shared with partners) and this solver's near table
        (a partner's near table keeps its own; every entry stays true). The memory is kept."""
        self.table[:] = 0
        self._near[:] = 0

    def reset_nodes(self) -> None:
        self.nodes = 0

    def _count(self, node_limit: int) -> None:
        """Add the last kernel call's nodes; ``SearchAborted`` if it stopped at ``node_limit``."""
        st = self._state[0]
        self.nodes += int(st["nodes"])
        if st["aborted"]:
            raise SearchAborted(f"node limit {node_limit} reached")

    def solve(self, position: Position, weak: bool = False, node_limit: int = 0) -> int:
        """The exact score of ``position`` (``weak``: -1, 0 or 1 for loss, draw, win)."""
        result = solve_kernel(self._state, np.uint64(position.current), np.uint64(position.mask), position.plies,
                              weak, node_limit or NO_LIMIT)
        self._count(node_limit)
        return int(result)

    def solve_many(self, positions: Sequence[Position], weak: bool = False, node_limit: int = 0) -> list[int]:
        """``solve`` of each position, in one call into the kernels (the table kept between them).

        ``node_limit`` bounds the nodes of the whole batch.
        """
        currents = np.array([p.current for p in positions], dtype=np.uint64)
        masks = np.array([p.mask for p in positions], dtype=np.uint64)
        plies = np.array([p.plies for p in positions], dtype=np.int64)
        out = np.zeros(len(positions), dtype=np.int64)
        solve_many_kernel(self._state, currents, masks, plies, weak, node_limit or NO_LIMIT, out)
        self._count(node_limit)
        return out.tolist()

    def score_at_most(self, position: Position, bound: int, node_limit: int = 0) -> bool:
        """Whether ``position`` scores ``bound`` or less: one null-window search, cheaper than ``solve``."""
        if self.winning_columns(position):
            return self.win_score(position.plies) <= bound
        result = probe_kernel(self._state, np.uint64(position.current), np.uint64(position.mask), position.plies,
                              bound, node_limit or NO_LIMIT)
        self._count(node_limit)
        return bool(result)

    def solve_moves(self, moves: Sequence[int], weak: bool = False, node_limit: int = 0) -> int:
        """``solve`` of the position after 0-based column ``moves``."""
        return self.solve(position_from_moves(moves, self.geometry), weak, node_limit)

    def play(self, position: Position, col: int) -> Position:
        """The position after dropping a disc in ``col`` (which must not be full)."""
        g = self.geometry
        move = (position.mask + (1 << (col * g.stride))) & (((1 << g.rows) - 1) << (col * g.stride))
        return Position(position.current ^ position.mask, position.mask | move, position.plies + 1)

    def legal_columns(self, position: Position) -> list[int]:
        g = self.geometry
        return [c for c in range(g.cols) if not position.mask & (1 << (c * g.stride + g.rows - 1))]

    def winning_columns(self, position: Position) -> list[int]:
        """The columns where the player to move completes four in a row at once."""
        return [c for c in self.legal_columns(position) if self.wins_at_once(position, c)]

    def safe_columns(self, position: Position) -> list[int]:
        """Legal columns, centre first, after which the opponent cannot win at once (all if none)."""
        legal = self.legal_columns(position)
        ordered = [int(c) for c in self._order if int(c) in legal]
        safe = [c for c in ordered if not self.winning_columns(self.play(position, c))]
        return safe or ordered

    def wins_at_once(self, position: Position, col: int) -> bool:
        """Whether dropping in ``col`` completes four in a row for the player to move."""
        after = self.play(position, col)
        return _has_four(after.current ^ after.mask, self.geometry.stride)

    def win_score(self, plies: int) -> int:
        """The score of winning with the next disc, ``plies`` plies into the game."""
        return self.geometry.max_discs - plies // 2

    def move_scores(self, position: Position, weak: bool = False, node_limit: int = 0) -> dict[int, int]:
        """Each legal column's score for the player to move (the child's score negated).

        ``weak``: only -1, 0, 1 (except immediate wins, which get their full
        score). A full board after the move is a draw (0). ``node_limit``
        bounds the nodes of the whole call.
        """
        start = self.nodes
        scores: dict[int, int] = {}
        for col in self.legal_columns(position):
            child = self.play(position, col)
            if self.wins_at_once(position, col):
                scores[col] = self.win_score(position.plies)
            elif child.plies >= self.geometry.cells:
                scores[col] = 0
            else:
                scores[col] = -self.solve(child, weak, self._remaining(node_limit, start))
        return scores

    def best_move(self, position: Position, node_limit: int = 0) -> tuple[int, int]:
        """``(column, score)``: a move of the position's exact score, the first in centre-first order.

        The position is solved, then moves are tested with null-window
        searches against that score (cheap: the table holds the solve's
        work): faster than scoring every move exactly.
        """
        start = self.nodes
        wins = self.winning_columns(position)
        if wins:
            return min(wins, key=list(self._order).index), self.win_score(position.plies)
        score = self.solve(position, node_limit=node_limit)
        column = self.move_reaching(position, score, self._remaining(node_limit, start))
        if column is None:
            raise AssertionError(f"no move reaches the score {score} its position was solved to")
        return column, score

    def move_reaching(self, position: Position, score: int, node_limit: int = 0) -> int | None:
        """The first column in centre-first order whose move scores ``score`` or more, if any.

        With ``score`` 1 (or -1 ... 0) this keeps a proven win (draw) without
        asking how fast: the cheap way to play safely when time is short.
        """
        start = self.nodes
        for col in self.winning_columns(position):
            return col
        legal = self.legal_columns(position)
        for col in (int(c) for c in self._order):
            if col not in legal:
                continue
            child = self.play(position, col)
            if child.plies >= self.geometry.cells:
                if score <= 0:
                    return col
            elif self.score_at_most(child, -score, self._remaining(node_limit, start)):
                return col
        return None

    def _remaining(self, node_limit: int, start: int) -> int:
        """What is left of a call's node limit (0: none), at least 1."""
        return 0 if node_limit == 0 else max(1, node_limit - (self.nodes - start))


class SearchAborted(RuntimeError):
    """A search stopped at its node limit before it proved its result."""


def score_text(score: int, plies: int, geometry: Geometry = STANDARD) -> str:
    """A score of the player to move, ``plies`` into the game, in words.

    ``'win in k'`` / ``'loss in k'`` where ``k`` counts the mover's own moves,
    the winning disc included (for a loss: the mover's moves until the
    opponent's winning disc, so ``'loss in 1'`` loses to the very next reply);
    ``'draw'`` for 0.
    """
    if score == 0:
        return "draw"
    own = plies // 2  # discs of the player to move
    if score > 0:
        discs = geometry.max_discs + 1 - score
        return f"win in {discs - own}"
    opponent_own = (plies + 1) // 2
    discs = geometry.max_discs + 1 + score
    return f"loss in {discs - opponent_own}"
