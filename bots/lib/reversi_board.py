"""Reversi bitboard kernels in numba: moves, flips, mobility, stability, parity.

A position is two uint64 masks, the discs of the side to move (``own``)
and of the other side (``opp``), bit ``n`` being square ``n`` as in
``game/rules/reversi.py`` (a1 = 0, h1 = 7, h8 = 63). Every kernel is a small
pure function of such masks; the searches (``reversi_endgame.py``,
``reversi_search.py``) call them per node.

* ``legal_moves``: the eight directions by shifts, each one doubling its
  run of opponent discs (1, 2, 4 squares), so a run of six is found in
  four steps and no loop runs over squares.
* ``flips``: for each of the eight rays from the square (precomputed
  masks), the first square of the ray that is not the opponent's is its
  lowest (rays running up the board) or highest (rays running down) bit
  of ``ray & ~opp``, one bit-scan instruction; if that square is ours,
  every ray square before it turns over.
* ``legal_moves_inlined`` and ``flips_inlined``, what the searches call per
  node: the same, four directions in the four lanes of one LLVM vector (on
  x86-64 one AVX2 instruction per step; a per-lane leading-zero count for
  the rays running down): a search waits on each result in turn, and the
  lanes shorten that wait (in alternating runs of ``benchmarks/search_speed.py``
  the midgame search's Hard 1.4 to 1.9 times as fast so, Master 1.1 to 1.5).
* ``last_flip_count``: with one empty square left, how many discs a move
  there turns, by one table lookup per line through it (the line's discs
  gathered into a byte: the rest of the line is the opponent's).
* ``stable_discs``: discs no sequence of moves can turn over. Edge discs
  from a table of the stable discs of every edge line (every way the other
  squares of that edge may still fill); an inner disc is stable once each
  of its four lines (across, down, two diagonals) is full or has a stable
  disc of its own beside it on that line, repeated until nothing changes.
* ``odd_regions``: the quadrants holding an odd number of empties; the
  endgame tries moves there first (the last move of a region is then ours).
"""
from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

U0 = np.uint64(0)
U1 = np.uint64(1)
FULL = np.uint64(0xFFFFFFFFFFFFFFFF)
#: Squares off column a / column h / both (a disc moved east must not come from column h).
NOT_A = np.uint64(0xFEFEFEFEFEFEFEFE)
NOT_H = np.uint64(0x7F7F7F7F7F7F7F7F)
INNER_COLUMNS = np.uint64(0x7E7E7E7E7E7E7E7E)
CORNERS = np.uint64(0x8100000000000081)
#: The squares b2-g7, whose four lines all run on past them in both directions.
INNER = np.uint64(0x007E7E7E7E7E7E00)
#: The four quadrants (a1-d4, e1-h4, a5-d8, e5-h8).
QUADRANTS = np.array([0x000000000F0F0F0F, 0x00000000F0F0F0F0,
                      0x0F0F0F0F00000000, 0xF0F0F0F000000000], dtype=np.uint64)
COLUMN_A = np.uint64(0x0101010101010101)
#: Multiplying column a's bits by this gathers them into the top byte (row 1 in bit 56).
GATHER_COLUMN = np.uint64(0x0102040810204080)


# -- bit instructions ---------------------------------------------------------------
@intrinsic
def popcount(typingctx, x):
    """The number of set bits of a uint64 (one CPU instruction)."""
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return types.uint64(types.uint64), codegen


@intrinsic
def lowest_bit_index(typingctx, x):
    """The index of the lowest set bit of a non-zero uint64 (bit scan forward)."""
    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], context.get_constant(types.boolean, True))
    return types.uint64(types.uint64), codegen


@intrinsic
def leading_zeros(typingctx, x):
    """The number of zero bits above the highest set bit of a non-zero uint64."""
    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], context.get_constant(types.boolean, True))
    return types.uint64(types.uint64), codegen


# -- tables -------------------------------------------------------------------------
def _rays() -> np.ndarray:
    """``RAYS[square, k]``: the squares from ``square`` outward in direction ``k``, not the square itself.

    Directions 0-3 run to higher square numbers (east, south, south-east,
    south-west), 4-7 to lower ones (west, north, north-west, north-east).
    """
    steps = ((1, 0), (0, 1), (1, 1), (-1, 1), (-1, 0), (0, -1), (-1, -1), (1, -1))
    rays = np.zeros((64, 8), dtype=np.uint64)
    for square in range(64):
        for k, (dc, dr) in enumerate(steps):
            col, row, mask = square % 8 + dc, square // 8 + dr, 0
            while 0 <= col < 8 and 0 <= row < 8:
                mask |= 1 << (row * 8 + col)
                col, row = col + dc, row + dr
            rays[square, k] = mask
    return rays


def _lines() -> np.ndarray:
    """``LINES[axis]``: every line of an axis (rows, columns, the two diagonal ways), 0-padded to 16."""
    lines = np.zeros((4, 16), dtype=np.uint64)
    for axis, (dc, dr) in enumerate(((1, 0), (0, 1), (1, 1), (-1, 1))):
        found = set()
        for square in range(64):
            col, row = square % 8, square // 8
            while 0 <= col - dc < 8 and 0 <= row - dr < 8:   # walk back to where the line starts
                col, row = col - dc, row - dr
            mask = 0
            while 0 <= col < 8 and 0 <= row < 8:
                mask |= 1 << (row * 8 + col)
                col, row = col + dc, row + dr
            found.add(mask)
        for k, mask in enumerate(sorted(found)):
            lines[axis, k] = mask
    return lines


def _line_flips(own: int, opp: int, square: int) -> int:
    """The discs of ``opp`` a disc of ``own`` on ``square`` turns over along one 8-square line."""
    flips = 0
    for step in (1, -1):
        run, at = 0, square + step
        while 0 <= at < 8 and opp >> at & 1:
            run |= 1 << at
            at += step
        if 0 <= at < 8 and own >> at & 1:
            flips |= run
    return flips


def _edge_stability() -> np.ndarray:
    """``EDGE_STABLE[own, opp]``: the discs of ``own`` on an 8-square edge that nothing can turn over.

    An edge disc can only be flipped along its edge, and any empty edge
    square may still be taken by either side (from another direction), so
    a disc is stable when it stays ``own`` after every move of either side
    at every empty square, and so on until the edge is full.
    """
    table = np.zeros((256, 256), dtype=np.uint8)
    stable: dict[int, int] = {}
    # Fill from the full edges back: a position's stable discs depend on those with one more disc.
    for discs in range(8, -1, -1):
        for occupied in (m for m in range(256) if m.bit_count() == discs):
            sub = occupied
            while True:
                own, opp = sub, occupied & ~sub
                keep = own
                empty = ~occupied & 0xFF
                while empty and keep:
                    bit = empty & -empty
                    empty ^= bit
                    square = bit.bit_length() - 1
                    turned = _line_flips(own, opp, square)
                    keep &= stable[(own | bit | turned) << 8 | (opp & ~turned)]
                    turned = _line_flips(opp, own, square)
                    keep &= stable[(own & ~turned) << 8 | (opp | bit | turned)]
                stable[own << 8 | opp] = keep
                table[own, opp] = keep
                if sub == 0:
                    break
                sub = (sub - 1) & occupied
    return table


RAYS = _rays()
LINES = _lines()
EDGE_STABLE = _edge_stability()
#: ``COLUMN_BITS[byte]``: a byte (bit i = row i + 1) spread down column a.
COLUMN_BITS = np.array([sum(1 << (8 * i) for i in range(8) if b >> i & 1) for b in range(256)], dtype=np.uint64)


# -- moves --------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _direction_moves(own, runs, d):
    """Squares beyond a run of ``runs`` discs from an ``own`` disc, both ways along shift ``d``."""
    d2 = d + d
    found = runs & (own << d)
    found |= runs & (found << d)
    pairs = runs & (runs << d)
    found |= pairs & (found << d2)
    found |= pairs & (found << d2)
    moves = found << d
    found = runs & (own >> d)
    found |= runs & (found >> d)
    pairs = runs & (runs >> d)
    found |= pairs & (found >> d2)
    found |= pairs & (found >> d2)
    return moves | (found >> d)


@njit(cache=True)
def legal_moves(own, opp):
    """The squares where the side owning ``own`` may play against ``opp``, as a mask."""
    inner = opp & INNER_COLUMNS
    moves = _direction_moves(own, inner, np.uint64(1))
    moves |= _direction_moves(own, opp, np.uint64(8))
    moves |= _direction_moves(own, inner, np.uint64(7))
    moves |= _direction_moves(own, inner, np.uint64(9))
    return moves & ~(own | opp)


@njit(cache=True)
def flips(own, opp, square):
    """The ``opp`` discs a disc of ``own`` placed on ``square`` turns over (0: not a move)."""
    turned = U0
    for k in range(4):
        ray = RAYS[square, k]
        beyond = ray & ~opp
        outflank = beyond & (U0 - beyond) & own
        if outflank:
            turned |= (outflank - U1) & ray
    for k in range(4, 8):
        ray = RAYS[square, k]
        beyond = ray & ~opp
        if beyond:
            outflank = (U1 << (np.uint64(63) - leading_zeros(beyond))) & own
            if outflank:
                turned |= ray & (U0 - (outflank << U1))
    return turned


def _last_flips() -> np.ndarray:
    """``LAST_FLIPS[position, own]``: discs turned on an 8-square line by a disc put on its empty square
    ``position`` when the line's other squares are ``own``'s where its bits are set, else the opponent's."""
    table = np.zeros((8, 256), dtype=np.uint8)
    for position in range(8):
        for own in range(256):
            if not own >> position & 1:
                opp = ~own & 0xFF & ~(1 << position)
                table[position, own] = _line_flips(own, opp, position).bit_count()
    return table


def _diagonals(step: int) -> np.ndarray:
    """``_diagonals(step)[square]``: the squares of the diagonal through ``square`` (step 9 or 7 between them)."""
    masks = np.zeros(64, dtype=np.uint64)
    dc = 1 if step == 9 else -1
    for square in range(64):
        mask = 0
        for sign in (1, -1):
            col, row = square % 8, square // 8
            while 0 <= col < 8 and 0 <= row < 8:
                mask |= 1 << (row * 8 + col)
                col, row = col + sign * dc, row + sign
        masks[square] = mask
    return masks


LAST_FLIPS = _last_flips()
DIAGONAL = _diagonals(9)
ANTI_DIAGONAL = _diagonals(7)
#: Multiplying a mask with at most one square per column by this gathers the columns into the top byte.
GATHER_ROWS = np.uint64(0x0101010101010101)


@njit(cache=True, inline="always")
def last_flip_count(own, square):
    """How many discs a disc of ``own`` on ``square`` turns over when ``square`` is the board's only empty
    one (every square not ``own``'s is the opponent's), by four line lookups in ``LAST_FLIPS``."""
    col = square & 7
    row = square >> 3
    s56 = np.uint64(56)
    count = LAST_FLIPS[col, (own >> np.uint64(row * 8)) & np.uint64(0xFF)]
    count += LAST_FLIPS[row, ((own >> np.uint64(col)) & COLUMN_A) * GATHER_COLUMN >> s56]
    count += LAST_FLIPS[col, (own & DIAGONAL[square]) * GATHER_ROWS >> s56]
    count += LAST_FLIPS[col, (own & ANTI_DIAGONAL[square]) * GATHER_ROWS >> s56]
    return np.int64(count)


@njit(cache=True)
def mobility(own, opp):
    """How many moves the side owning ``own`` has."""
    return np.int64(popcount(legal_moves(own, opp)))


@njit(cache=True)
def neighbours(discs):
    """The squares next to any of ``discs`` (in all eight directions), ``discs`` themselves left in."""
    east = discs & NOT_H
    west = discs & NOT_A
    return (discs << np.uint64(8)) | (discs >> np.uint64(8)) | (east << U1) | (east << np.uint64(9)) \
        | (east >> np.uint64(7)) | (west >> U1) | (west >> np.uint64(9)) | (west << np.uint64(7))


@njit(cache=True)
def potential_mobility(own, opp):
    """The empty squares next to an ``opp`` disc: where ``own`` may come to have moves (the frontier)."""
    return np.int64(popcount(neighbours(opp) & ~(own | opp)))


# -- stability ------------------------------------------------------------------------
@njit(cache=True)
def _column_byte(discs, column):
    """Column ``column``'s squares as a byte, bit i for row i + 1."""
    return ((discs >> np.uint64(column)) & COLUMN_A) * GATHER_COLUMN >> np.uint64(56)


@njit(cache=True)
def edge_stable(own, opp):
    """The discs of ``own`` on the four edges that nothing can turn over."""
    s56 = np.uint64(56)
    stable = np.uint64(EDGE_STABLE[own & np.uint64(0xFF), opp & np.uint64(0xFF)])
    stable |= np.uint64(EDGE_STABLE[own >> s56, opp >> s56]) << s56
    stable |= COLUMN_BITS[EDGE_STABLE[_column_byte(own, 0), _column_byte(opp, 0)]]
    stable |= COLUMN_BITS[EDGE_STABLE[_column_byte(own, 7), _column_byte(opp, 7)]] << np.uint64(7)
    return stable


@njit(cache=True)
def full_lines(occupied, axis):
    """The squares of ``occupied`` whose line along ``axis`` (0 across, 1 down, 2 and 3 diagonal) is full."""
    full = U0
    for k in range(16):
        line = LINES[axis, k]
        if line != U0 and occupied & line == line:
            full |= line
    return full


@njit(cache=True)
def stable_discs(own, opp):
    """The discs of ``own`` that no sequence of moves can turn over (edges exactly, inner discs by their lines)."""
    occupied = own | opp
    across = full_lines(occupied, 0)
    down = full_lines(occupied, 1)
    diagonal = full_lines(occupied, 2)
    anti = full_lines(occupied, 3)
    stable = edge_stable(own, opp)
    candidates = own & INNER
    s1, s7, s8, s9 = U1, np.uint64(7), np.uint64(8), np.uint64(9)
    stable |= candidates & across & down & diagonal & anti
    while True:
        before = stable
        stable |= candidates \
            & (across | (stable << s1) | (stable >> s1)) \
            & (down | (stable << s8) | (stable >> s8)) \
            & (diagonal | (stable << s9) | (stable >> s9)) \
            & (anti | (stable << s7) | (stable >> s7))
        if stable == before:
            return stable


@njit(cache=True)
def odd_regions(empty):
    """The quadrants holding an odd number of the ``empty`` squares, as one mask."""
    odd = U0
    for q in range(4):
        if popcount(empty & QUADRANTS[q]) & U1:
            odd |= QUADRANTS[q]
    return odd


# -- search helpers -----------------------------------------------------------------------
#: Multipliers of the transposition tables' hash of the two disc masks.
HASH_OWN = np.uint64(0x9E3779B97F4A7C15)
HASH_OPP = np.uint64(0xD6E8FEB86659FD93)


@njit(cache=True, inline="always")
def bucket(own, opp, mask):
    """The first of the two table entries a position may take (``mask``: the table's size - 1)."""
    h = own * HASH_OWN ^ opp * HASH_OPP
    return np.int64((h ^ (h >> np.uint64(29))) & mask) & ~1


@njit(cache=True, inline="always")
def insert_sorted(row, count, value):
    """Insert ``value`` among the ``count`` values of ``row``, which stay in increasing order."""
    i = count
    while i > 0 and row[i - 1] > value:
        row[i] = row[i - 1]
        i -= 1
    row[i] = value


# -- counting ---------------------------------------------------------------------------
@njit(cache=True)
def final_score(own, opp, split):
    """The final disc difference of a finished game for ``own``: the empties all go to the winner,
    or with ``split`` (non-zero) half to each side, the odd one to the winner."""
    diff = np.int64(popcount(own)) - np.int64(popcount(opp))
    empties = 64 - np.int64(popcount(own | opp))
    if split:
        empties &= 1
    if diff > 0:
        return diff + empties
    if diff < 0:
        return diff - empties
    return diff


@njit(cache=True)
def perft(own, opp, depth, over_passes):
    """The number of move sequences ``depth`` plies long from a position; a forced pass is a move.

    A game that ends early ends its sequences (the count of the project's
    rules tests) unless ``over_passes`` is non-zero: then a side left without
    a move passes even when the game is over, the convention of the
    published counts beyond depth 9.
    """
    moves = legal_moves(own, opp)
    if moves == U0:
        if not over_passes and legal_moves(opp, own) == U0:
            return 0
        return 1 if depth == 1 else perft(opp, own, depth - 1, over_passes)
    if depth == 1:
        return np.int64(popcount(moves))
    total = 0
    while moves:
        square = lowest_bit_index(moves)
        bit = U1 << square
        moves ^= bit
        turned = flips(own, opp, np.int64(square))
        total += perft(opp & ~turned, own | turned | bit, depth - 1, over_passes)
    return total


# -- compiled into the calling kernel --------------------------------------------------------------
#: The same functions as above, inlined where a search calls them per node instead of called:
#: numba calls another kernel through a pointer with a status word and its result in memory, which
#: on the midgame search's leaves cost more than the work (``benchmarks/search_speed.py``).
#: ``legal_moves_inlined`` and ``flips_inlined`` work on four directions at once (below).
_inlined = njit(cache=True, inline="always")
neighbours_inlined = _inlined(neighbours.py_func)

# Four directions at once: one LLVM vector of four uint64, a lane per direction, each lane shifted
# by its own amount (one AVX2 instruction per step on x86-64; any other processor gets the same
# values from whatever the compiler makes of the vector operations). A search's nodes wait on these
# results one after another, so what counts is their latency, which the lanes cut: the scalar forms
# above run the four directions as four chains the processor has to interleave itself.
_I32 = ir.IntType(32)
_I64 = ir.IntType(64)
_LANES = ir.VectorType(_I64, 4)


def _lanes(values) -> ir.Constant:
    """A constant vector of four uint64 (given as Python ints)."""
    return ir.Constant(_LANES, [_I64((v & 0xFFFFFFFFFFFFFFFF) - ((v >> 63 & 1) << 64)) for v in values])


def _splat(builder, value):
    """The uint64 ``value`` in every lane."""
    vector = builder.insert_element(ir.Constant(_LANES, None), value, _I32(0))
    return builder.shuffle_vector(vector, vector, ir.Constant(ir.VectorType(_I32, 4), [_I32(0)] * 4))


def _or_lanes(builder, vector):
    """The four lanes or-ed into one uint64."""
    function = cgutils.get_or_insert_function(builder.module, ir.FunctionType(_I64, [_LANES]),
                                              "llvm.vector.reduce.or.v4i64")
    return builder.call(function, [vector])


@intrinsic
def _legal_moves_lanes(typingctx, own, opp):
    """``legal_moves`` with the shifts 1, 8, 9 and 7 in one lane each (runs of ``opp`` doubling as
    there, each way along the lane's direction), the lanes or-ed at the end."""
    def codegen(context, builder, signature, args):
        own_value, opp_value = args
        b = builder
        shift = _lanes([1, 8, 9, 7])
        double = _lanes([2, 16, 18, 14])
        inner = int(INNER_COLUMNS)
        runs = b.and_(_splat(b, opp_value), _lanes([inner, 0xFFFFFFFFFFFFFFFF, inner, inner]))
        mine = _splat(b, own_value)
        up = b.and_(runs, b.shl(mine, shift))
        down = b.and_(runs, b.lshr(mine, shift))
        up = b.or_(up, b.and_(runs, b.shl(up, shift)))
        down = b.or_(down, b.and_(runs, b.lshr(down, shift)))
        pairs_up = b.and_(runs, b.shl(runs, shift))
        pairs_down = b.lshr(pairs_up, shift)
        for _ in range(2):
            up = b.or_(up, b.and_(pairs_up, b.shl(up, double)))
            down = b.or_(down, b.and_(pairs_down, b.lshr(down, double)))
        moves = _or_lanes(b, b.or_(b.shl(up, shift), b.lshr(down, shift)))
        return b.and_(moves, b.not_(b.or_(own_value, opp_value)))
    return types.uint64(types.uint64, types.uint64), codegen


@intrinsic
def _flips_lanes(typingctx, rays, own, opp, square):
    """``flips`` over ``rays`` (``RAYS``): the four rays running up the board in one vector (each
    lane's outflanking disc the lowest bit of ``ray & ~opp``, masked in if ours), the four running
    down in another (the highest bit, by a leading-zero count per lane), without a branch."""
    def codegen(context, builder, signature, args):
        rays_value, own_value, opp_value, square_value = args
        b = builder
        table = context.make_array(signature.args[0])(context, builder, rays_value)
        at = context.cast(b, square_value, signature.args[3], types.int64)
        first = b.gep(table.data, [b.mul(at, _I64(8))])
        up_rays = b.load(b.bitcast(first, _LANES.as_pointer()), align=8, typ=_LANES)
        down_rays = b.load(b.bitcast(b.gep(first, [_I64(4)]), _LANES.as_pointer()), align=8, typ=_LANES)
        mine = _splat(b, own_value)
        free = _splat(b, b.not_(opp_value))
        zero, one = _lanes([0] * 4), _lanes([1] * 4)
        beyond = b.and_(up_rays, free)
        outflank = b.and_(b.and_(beyond, b.sub(zero, beyond)), mine)
        ours = b.sext(b.icmp_unsigned("!=", outflank, zero), _LANES)
        turned = b.and_(b.and_(b.sub(outflank, one), up_rays), ours)
        beyond = b.or_(b.and_(down_rays, free), one)    # bit 0 stops the count when the whole ray is opp's
        count = cgutils.get_or_insert_function(b.module, ir.FunctionType(_LANES, [_LANES, ir.IntType(1)]),
                                               "llvm.ctlz.v4i64")
        highest = b.shl(one, b.sub(_lanes([63] * 4), b.call(count, [beyond, ir.IntType(1)(1)])))
        outflank = b.and_(b.and_(highest, mine), down_rays)
        turned = b.or_(turned, b.and_(down_rays, b.sub(zero, b.shl(outflank, one))))
        return _or_lanes(b, turned)
    return types.uint64(rays, types.uint64, types.uint64, square), codegen


@njit(cache=True, inline="always")
def legal_moves_inlined(own, opp):
    """``legal_moves``, four directions at once, inlined."""
    return _legal_moves_lanes(own, opp)


@njit(cache=True, inline="always")
def flips_inlined(own, opp, square):
    """``flips``' discs, four rays at once and without a branch (a branch on a ray's outflanking disc
    mispredicts often in a search), inlined."""
    return _flips_lanes(RAYS, own, opp, square)
