"""Chinese Checkers rules: the 121-hole star for 2, 3, 4 or 6 players.

Coordinates. Holes are named by a file ``a``-``q`` (17) and a rank ``1``-``17``,
like a chess square: ``e1`` is the bottom tip, ``m17`` the top tip. Ranks are
the star's horizontal rows, counted from the bottom; a file runs up and to the
left, so the board is a 17 x 17 grid sheared into a star. With ``q = file-9``
and ``t = rank-9`` (file a = 1) a hole has cube coordinates
``(A, B, C) = (q, -t, t-q)`` and is on the board iff all three are <= 4 or
all three are >= -4. On screen it sits at ``x = q - t/2`` hole spacings to the
right of the centre ``i9`` and ``y = t * sqrt(3)/2`` above it. Each hole has up
to six neighbours, at file/rank offsets (+1,0), (+1,+1), (0,+1), (-1,0),
(-1,-1), (0,-1): east, north-east, north-west, west, south-west, south-east.

The star, with the digit of the point each hole belongs to (``.`` is the
central hexagon of 61 holes) and each rank's first and last hole::

    17                  3             m17
    16                 3 3            l16..m16
    15                3 3 3           k15..m15
    14               3 3 3 3          j14..m14
    13      2 2 2 2 . . . . . 4 4 4 4 e13..q13
    12       2 2 2 . . . . . . 4 4 4  e12..p12
    11        2 2 . . . . . . . 4 4   e11..o11
    10         2 . . . . . . . . 4    e10..n10
     9          . . . . . . . . .     e9..m9
     8         1 . . . . . . . . 5    d8..m8
     7        1 1 . . . . . . . 5 5   c7..m7
     6       1 1 1 . . . . . . 5 5 5  b6..m6
     5      1 1 1 1 . . . . . 5 5 5 5 a5..m5
     4               0 0 0 0          e4..h4
     3                0 0 0           e3..g3
     2                 0 0            e2..f2
     1                  0             e1

Points are numbered clockwise on screen from the bottom: 0 bottom, 1 lower
left, 2 upper left, 3 top, 4 upper right, 5 lower right; the goal of point
``p`` is the opposite point ``(p + 3) % 6``. Seats take points by the number
of players (2: 0 and 3; 3: 0, 2, 4; 4: 0, 1, 3, 4; 6: all) and play in that
order, clockwise; seat 0 moves first.

Holes are indexed 0..120 by rank (rank 1 first), then file. A move is the
tuple of holes its marble visits, start first: a step ``(e4, e5)`` or a jump
chain ``(e4, e6, g6)``, written ``e4-e6-g6``. A player who cannot move passes:
``PASS = ()``, written ``pass``.

Distance to goal (``distance_to_goal``) is the sum over a seat's marbles of
the hex distance to its goal's far tip, less 20, the least that sum can be
(ten marbles filling the goal, whose holes lie 0, 1, 1, 2, 2, 2, 3, 3, 3, 3
steps from the tip). It is 0 exactly when the seat's marbles fill its goal,
every step toward the tip lowers it by one, and it ranks unfinished seats
when the turn limit ends a game.
"""
from __future__ import annotations

from collections import deque
from numbers import Integral
from typing import Any, Hashable, Mapping, Sequence

from game.lang import N_
from game.rules.core import BadNotation, IllegalMove, Option, Outcome, State, Termination

FILES = "abcdefghijklmnopq"
#: File/rank offsets of the six directions: E, NE, NW, W, SW, SE (direction d+3 is d's opposite).
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))
PASS: tuple[int, ...] = ()
SEAT_NAMES = (N_("Red"), N_("Teal"), N_("Yellow"), N_("Violet"), N_("Green"), N_("Pink"))
#: Points of the star taken by the seats, in order of play, by number of players.
SEAT_POINTS: dict[int, tuple[int, ...]] = {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 6: (0, 1, 2, 3, 4, 5)}
POINT_NAMES = ("bottom", "lower left", "upper left", "top", "upper right", "lower right")
#: How a game ends when a seat's marbles fill its goal.
GOAL_FILLED = Termination("goal filled")


def _cube(file: int, rank: int) -> tuple[int, int, int]:
    q, t = file - 9, rank - 9
    return q, -t, t - q


def _on_board(file: int, rank: int) -> bool:
    if not (1 <= file <= 17 and 1 <= rank <= 17):
        return False
    a, b, c = _cube(file, rank)
    return max(a, b, c) <= 4 or min(a, b, c) >= -4


def _point_of(file: int, rank: int) -> int:
    """The point (0-5) a hole belongs to, or -1 for the central hexagon."""
    a, b, c = _cube(file, rank)
    for point, inside in enumerate((b >= 5, a <= -5, c >= 5, b <= -5, a >= 5, c <= -5)):
        if inside:
            return point
    return -1


#: Every hole as (file, rank), 1-based, ordered by rank then file.
HOLES: tuple[tuple[int, int], ...] = tuple(
    (f, r) for r in range(1, 18) for f in range(1, 18) if _on_board(f, r)
)
NAMES: tuple[str, ...] = tuple(f"{FILES[f - 1]}{r}" for f, r in HOLES)
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
_AT: dict[tuple[int, int], int] = {fr: i for i, fr in enumerate(HOLES)}
CUBES: tuple[tuple[int, int, int], ...] = tuple(_cube(f, r) for f, r in HOLES)
#: For each hole, its neighbour in each of the six DIRECTIONS (-1 off the board).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_AT.get((f + df, r + dr), -1) for df, dr in DIRECTIONS) for f, r in HOLES
)
#: For each hole and direction, (hole jumped over, landing hole), or None off the board.
JUMPS: tuple[tuple[tuple[int, int] | None, ...], ...] = tuple(
    tuple(
        (_AT[(f + df, r + dr)], _AT[(f + 2 * df, r + 2 * dr)]) if (f + 2 * df, r + 2 * dr) in _AT else None
        for df, dr in DIRECTIONS
    )
    for f, r in HOLES
)
#: The point of each hole (0-5), -1 for the hexagon.
POINT_OF: tuple[int, ...] = tuple(_point_of(f, r) for f, r in HOLES)
HEXAGON: tuple[int, ...] = tuple(i for i, p in enumerate(POINT_OF) if p < 0)
#: The six points' holes, clockwise on screen from the bottom (see the module docstring).
POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, p in enumerate(POINT_OF) if p == point) for point in range(6)
)
#: The hole at the far end of each point.
TIPS: tuple[int, ...] = tuple(max(pts, key=lambda i: max(map(abs, CUBES[i]))) for pts in POINTS)


def hex_distance(a: int, b: int) -> int:
    """Steps between holes ``a`` and ``b`` on an empty board."""
    (a1, b1, c1), (a2, b2, c2) = CUBES[a], CUBES[b]
    return max(abs(a1 - a2), abs(b1 - b2), abs(c1 - c2))


#: TIP_DISTANCE[point][hole]: steps from a hole to the tip of a point.
TIP_DISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(hex_distance(hole, TIPS[point]) for hole in range(len(HOLES))) for point in range(6)
)


#: The least sum of tip distances of ten marbles, reached when they fill the point (20).
_PACKED_DISTANCE = sum(TIP_DISTANCE[0][hole] for hole in POINTS[0])


def goal_point(point: int) -> int:
    """The point a marble starting in ``point`` must reach: the opposite one."""
    return (point + 3) % 6


def distance_to_goal(state: "ChineseCheckers", seat: int) -> int:
    """How far ``seat``'s marbles are from filling its goal (0: filled by them).

    The sum over its marbles of the steps to its goal's tip, less 20 (see the
    module docstring).
    """
    tip = TIP_DISTANCE[goal_point(state.seat_point(seat))]
    mark = seat + 1
    return sum(tip[h] for h, v in enumerate(state.board) if v == mark) - _PACKED_DISTANCE


def _jump_paths(board: Sequence[int], start: int) -> dict[int, tuple[int, ...]]:
    """Every hole a marble at ``start`` reaches by a chain of jumps, with a shortest path.

    Breadth first from ``start``: each landing is reached first by a chain of
    fewest jumps, which never revisits a hole. (A chain never jumps over its
    own start hole: landings keep the start's file and rank parity, and the
    holes next to the start do not have it.)
    """
    paths = {start: (start,)}
    queue = deque((start,))
    while queue:
        hole = queue.popleft()
        for jump in JUMPS[hole]:
            if jump is None:
                continue
            over, land = jump
            if board[over] and not board[land] and land not in paths:
                paths[land] = paths[hole] + (land,)
                queue.append(land)
    del paths[start]
    return paths


class ChineseCheckers(State):
    """A Chinese Checkers position: ``board[hole]`` is 0 or the seat + 1 of its marble."""

    game_id = "chinesecheckers"
    pass_move = PASS
    title = N_("Chinese Checkers")
    options_spec = (
        Option("players", N_("Players"), 2, (2, 3, 4, 6)),
        Option("play_on", N_("Play for places"), False, (False, True)),
        Option("turn_limit", N_("Turn limit"), 200, (50, 100, 200, 400)),
    )
    rules_help = N_(
        "Each player has ten marbles in one point of the star and must move them all into the "
        "opposite point, the goal. Players move in turn, clockwise.\n\n"
        "A move is either a step to a neighbouring empty hole, or a chain of jumps: each jump goes "
        "over one neighbouring marble (of any colour, yours too) into the empty hole straight beyond "
        "it. The chain may stop after any jump, and may not pass through a hole twice. Steps and "
        "jumps do not mix: no step after a jump, no jump after a step. Jumped marbles stay where "
        "they are.\n\n"
        "No parking: a marble may end its move only in the central hexagon, in its own starting "
        "point or in its goal. It may jump through other players' points on the way.\n\n"
        "A player who has no legal move passes.\n\n"
        "The first player to fill their goal wins. No blocking: a goal counts as filled when every "
        "hole of it is taken, at least one by its owner's marbles and the rest by other players' "
        "marbles, so leaving marbles at home cannot stop an opponent for ever.\n\n"
        "Play for places (an option): the game goes on after the first finisher, skipping those "
        "who have finished, until one player is left, and everyone gets a place.\n\n"
        "Turn limit: after the chosen number of turns per player the game ends; players who have "
        "not finished are placed by their distance to goal, the number of steps their marbles "
        "still need to reach the tip of the goal (fewer is better; ties share a place).\n\n"
        "Holes are named by file a-q and rank 1-17 (rank 1 is the bottom tip e1, rank 17 the top "
        "tip m17); a move is written as its path, such as e4-e6-g6."
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._points = SEAT_POINTS[self.options["players"]]
        self._goals = tuple(POINTS[goal_point(p)] for p in self._points)
        #: For each hole, the seat whose goal it is in, or -1.
        self._goal_owner = [-1] * len(HOLES)
        for seat, goal in enumerate(self._goals):
            for hole in goal:
                self._goal_owner[hole] = seat
        self._allowed = tuple(
            frozenset(HEXAGON) | frozenset(POINTS[p]) | frozenset(goal)
            for p, goal in zip(self._points, self._goals)
        )
        self.board: list[int] = [0] * len(HOLES)
        for seat, point in enumerate(self._points):
            for hole in POINTS[point]:
                self.board[hole] = seat + 1
        self._turn = 0
        self._finished: list[int] = []
        self._turns_taken = [0] * len(self._points)
        #: Per move: (move, seat, seat that finished by it or -1).
        self._history: list[tuple[tuple[int, ...], int, int]] = []
        self._moves: list[tuple[int, ...]] = []

    # -- static facts -----------------------------------------------------
    @classmethod
    def seats_for(cls, options: Mapping[str, Any]) -> int:
        return options["players"]

    @property
    def num_seats(self) -> int:
        return len(self._points)   # seats_for's answer, read often while searching

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def seat_point(self, seat: int) -> int:
        """The point (0-5) where ``seat``'s marbles start."""
        return self._points[seat]

    def goal(self, seat: int) -> tuple[int, ...]:
        """The holes ``seat`` must fill: the point opposite its start."""
        return self._goals[seat]

    def may_end_in(self, seat: int, hole: int) -> bool:
        """Whether ``seat``'s marble may end a move in ``hole`` (the no-parking rule)."""
        return hole in self._allowed[seat]

    # -- position ---------------------------------------------------------
    @property
    def turn(self) -> int:
        return self._turn

    @property
    def move_stack(self) -> Sequence[tuple[int, ...]]:
        return self._moves

    @property
    def finished(self) -> tuple[int, ...]:
        """Seats that have filled their goal, in the order they did."""
        return tuple(self._finished)

    def turns_taken(self, seat: int) -> int:
        """How many turns ``seat`` has had (passes included)."""
        return self._turns_taken[seat]

    def moves_from(self, hole: int) -> dict[int, tuple[int, ...]]:
        """The moves of the marble on ``hole`` by the seat to move: end hole -> path.

        Empty if the hole is not the mover's or the game is over; one path per
        end hole, the shortest.
        """
        seat = self._turn
        if not 0 <= hole < len(HOLES) or self.board[hole] != seat + 1 or self.outcome() is not None:
            return {}
        return self._moves_of(hole, seat)

    def _moves_of(self, hole: int, seat: int) -> dict[int, tuple[int, ...]]:
        allowed = self._allowed[seat]
        board = self.board
        result = {n: (hole, n) for n in NEIGHBOURS[hole] if n >= 0 and not board[n] and n in allowed}
        for end, path in _jump_paths(board, hole).items():
            if end in allowed:
                result[end] = path
        return result

    def legal_moves(self) -> list[tuple[int, ...]]:
        if self.outcome() is not None:
            return []
        mark = self._turn + 1
        moves = [
            path
            for hole, value in enumerate(self.board) if value == mark
            for path in self._moves_of(hole, self._turn).values()
        ]
        return moves or [PASS]

    def is_legal(self, move: Hashable) -> bool:
        return self._why_illegal(move) is None

    def _why_illegal(self, move: Hashable) -> str | None:
        """Why ``move`` cannot be played now, or None if it can."""
        if self.outcome() is not None:
            return "the game is over"
        if not isinstance(move, (tuple, list)) or not all(
            isinstance(h, Integral) and not isinstance(h, bool) and 0 <= h < len(HOLES) for h in move
        ):
            return "not a path of holes"
        seat = self._turn
        if len(move) == 0:
            if self.legal_moves() != [PASS]:
                return f"{SEAT_NAMES[seat]} has a move and may not pass"
            return None
        if len(move) == 1:
            return "a move needs at least two holes"
        start, end = move[0], move[-1]
        if self.board[start] != seat + 1:
            return f"{NAMES[start]} does not hold a {SEAT_NAMES[seat]} marble"
        if len(set(move)) != len(move):
            return "the path visits a hole twice"
        if len(move) == 2 and end in NEIGHBOURS[start]:
            if self.board[end]:
                return f"{NAMES[end]} is taken"
        else:
            for here, there in zip(move, move[1:]):
                jump = next((j for j in JUMPS[here] if j is not None and j[1] == there), None)
                if jump is None:
                    return f"{NAMES[here]} to {NAMES[there]} is neither a step nor a jump"
                if not self.board[jump[0]]:
                    return f"{NAMES[here]}-{NAMES[there]} jumps over the empty hole {NAMES[jump[0]]}"
                if self.board[there]:
                    return f"{NAMES[there]} is taken"
        if end not in self._allowed[seat]:
            return (f"a marble may end its move only in the hexagon, its start point or its goal; "
                    f"{NAMES[end]} is in the {POINT_NAMES[POINT_OF[end]]} point")
        return None

    def push(self, move: Hashable) -> None:
        why = self._why_illegal(move)
        if why is not None:
            raise IllegalMove(f"{self._describe(move)} is not legal: {why}")
        path = tuple(int(h) for h in move)  # type: ignore[union-attr]
        seat = self._turn
        finished = -1
        if path:
            start, end = path[0], path[-1]
            self.board[start] = 0
            self.board[end] = seat + 1
            owner = self._goal_owner[end]
            if owner >= 0 and owner not in self._finished and self._goal_filled(owner):
                finished = owner
                self._finished.append(owner)
        self._turns_taken[seat] += 1
        self._history.append((path, seat, finished))
        self._moves.append(path)
        self._turn = self._next_seat(seat)

    def _next_seat(self, seat: int) -> int:
        n = self.num_seats
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if nxt not in self._finished:
                return nxt
        return seat

    def pop(self) -> tuple[int, ...]:
        if not self._history:
            raise IllegalMove("no move to take back")
        path, seat, finished = self._history.pop()
        self._moves.pop()
        if finished >= 0:
            self._finished.remove(finished)
        if path:
            self.board[path[-1]] = 0
            self.board[path[0]] = seat + 1
        self._turns_taken[seat] -= 1
        self._turn = seat
        return path

    def _goal_filled(self, seat: int) -> bool:
        """Every goal hole taken, at least one by the owner (the anti-blocking rule)."""
        board = self.board
        mark = seat + 1
        return all(board[h] for h in self._goals[seat]) and any(board[h] == mark for h in self._goals[seat])

    def outcome(self) -> Outcome | None:
        finished = self._finished
        seats = self.num_seats
        if finished and not self.options["play_on"]:
            reason, termination = f"{SEAT_NAMES[finished[0]]} filled the goal", GOAL_FILLED
        elif self.options["play_on"] and len(finished) >= seats - 1:
            reason = f"{SEAT_NAMES[finished[0]]} filled the goal first; places played out"
            termination = GOAL_FILLED
        elif self._turns_taken[self._turn] >= self.options["turn_limit"]:
            reason = f"turn limit of {self.options['turn_limit']}: ranked by distance to goal"
            termination = Termination.TURN_LIMIT
        else:
            return None
        distances = tuple(distance_to_goal(self, seat) for seat in range(seats))
        ranking = [(seat,) for seat in finished]
        rest = [s for s in range(seats) if s not in finished]
        by_distance: dict[int, list[int]] = {}
        for seat in rest:
            by_distance.setdefault(distances[seat], []).append(seat)
        ranking += [tuple(group) for _, group in sorted(by_distance.items())]
        if finished:
            winners: tuple[int, ...] = (finished[0],)
        elif len(ranking[0]) == seats:
            winners = ()
        else:
            winners = ranking[0]
        cells = self._goals[winners[0]] if winners else ()
        return Outcome(winners, reason, cells=cells, ranking=tuple(ranking), termination=termination,
                       scores=distances)

    def scores_text(self, outcome: Outcome) -> str:
        """Each seat's steps left to its goal: ``'steps to goal: Red 0, Teal 12'``."""
        if not outcome.scores:
            return ""
        return "steps to goal: " + ", ".join(f"{SEAT_NAMES[s]} {d}" for s, d in enumerate(outcome.scores))

    def key(self) -> Hashable:
        return bytes(self.board), self._turn, tuple(self._finished)

    def copy(self) -> "ChineseCheckers":
        other = ChineseCheckers.__new__(ChineseCheckers)
        other.options = dict(self.options)
        other._points = self._points
        other._goals = self._goals
        other._goal_owner = self._goal_owner
        other._allowed = self._allowed
        other.board = list(self.board)
        other._turn = self._turn
        other._finished = list(self._finished)
        other._turns_taken = list(self._turns_taken)
        other._history = list(self._history)
        other._moves = list(self._moves)
        return other

    # -- notation ---------------------------------------------------------
    def move_to_str(self, move: Hashable) -> str:
        if not isinstance(move, (tuple, list)) or len(move) == 1 or not all(
            isinstance(h, Integral) and not isinstance(h, bool) and 0 <= h < len(HOLES) for h in move
        ):
            raise BadNotation(f"{move!r} is not a Chinese Checkers move (a path of hole indexes 0-120)")
        return "-".join(NAMES[h] for h in move) if move else "pass"

    def parse_move(self, text: str) -> tuple[int, ...]:
        word = text.strip().lower()
        if word == "pass":
            return PASS
        names = word.split("-")
        if len(names) < 2:
            raise BadNotation(f"{text!r} is not a move: write its path of holes, such as e4-e5 or e4-e6-g6, or pass")
        for name in names:
            if name not in INDEX:
                raise BadNotation(f"{text!r}: {name!r} is not a hole (files a-q, ranks 1-17, such as e4)")
        return tuple(INDEX[name] for name in names)

    def _describe(self, move: Hashable) -> str:
        try:
            return self.move_to_str(move)
        except BadNotation:
            return repr(move)

    def __str__(self) -> str:
        rows = []
        for rank in range(17, 0, -1):
            line = [" "] * 35
            for hole, (f, r) in enumerate(HOLES):
                if r == rank:
                    q, t = f - 9, r - 9
                    value = self.board[hole]
                    line[int(2 * q - t) + 17] = str(value) if value else "."
            rows.append(f"{rank:>2} {''.join(line).rstrip()}")
        return "\n".join(rows)
