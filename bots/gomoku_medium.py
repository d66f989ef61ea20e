"""Medium Gomoku: seed 003's search over its pattern scores.

Seed 003 (from the gobang project) searches a few moves ahead:

* Candidates: the empty points within two of a stone, ranked by seed 003's
  pattern scores, attack plus defence (``bots/lib/gomoku_patterns.py``); the
  best ``width`` of them are searched at every node. When the opponent has a
  four, blocking its five is the only candidate.
* Negamax with alpha-beta, the shared search (``bots/lib/negamax.py``, with
  principal-variation windows), over a ``PatternBoard`` that keeps every
  point's shapes up to date move by move.
* Zobrist hashing with a depth-aware cache: the board's Zobrist hash keys
  the search's table, whose entries serve only a search no deeper than the
  one that stored them.
* Iterative deepening over even depths (2, 4, ... ``depth`` plies, as the
  seed does), until half the move's budget has gone; it stops at once when
  a depth proves a win (or that every candidate loses).
* Scores carry the distance to the end, so the bot takes the shortest win
  and, when every move loses, the longest resistance.

Forced results are seen before the search's horizon: a side to move with a
five to make has won; one facing two fives, or a five it may not block
(a Renju forbidden point), has lost; one that can make an open four (or a
double four) while the opponent has no five to make wins in two moves. At
the horizon, a side facing one five blocks it (and so on while the blocks
make fours) before the position is judged; then the judgement is the sum of
the empty points' scores for the side to move less that for the opponent,
in points of the seed's table (``analyse`` writes it so: ``+2150 (estimate)``).

``analyse`` values the candidate moves it searched, and only those (the rest
are not valued). A value is an estimate unless proven: the search leaves out
all but ``width`` replies, so a win it sees may not be forced. A win or a
loss it sees is checked by a search for a win by continuous fours (each
attacking move makes a four, so every defence is forced): found, it is
``win in N`` / ``loss in N`` (a forced result in at most N of the winner's
moves), a win followed by its moves from the move valued on
(``'win in 3: g9 g8 d9 c9 h9'``, which the hint draws on the board); not
found, ``likely win in N (estimate)``.
"""
from __future__ import annotations

from game.lang import N_
from game.rules.bot import AT_LEAST, AT_MOST, Bot, MoveValue, check_whole
from game.rules.gomoku import BLACK, Gomoku
from bots.lib.clock import Deadline
from bots.lib.deepening import Iteration, deepen, deepest
from bots.lib.gomoku_opening import best_value, opening_move, opening_values
from bots.lib.gomoku_patterns import PatternBoard
from bots.lib.negamax import WIN, WIN_BOUND, Negamax, decided, result_text

#: Part of the budget a move may use: the rest covers the worker process's overhead.
BUDGET_SHARE = 0.5
#: A depth is begun only while this share of the move's time is left unused.
START_BEFORE = 0.4
#: The deepest search a tier may ask for, and the most candidates per node.
MAX_DEPTH = 12
MAX_WIDTH = 60
#: The judgement of a position is kept inside this, below every forced result.
EVAL_LIMIT = WIN_BOUND // 2
#: The judgement of a horizon position one side is sure to win by a five or an open four.
SURE = EVAL_LIMIT
#: With fewer empty points than this, a Renju search checks whether Black has any point left.
ENDGAME_EMPTIES = 40
#: The longest win by continuous fours ``analyse`` looks for, in plies.
MAX_PROOF_PLIES = 17


class GomokuMedium(Bot):
    """Seed 003's search: the ``width`` best-scored points, alpha-beta ``depth`` plies deep."""

    name = "Gomoku pattern search"
    games = ("gomoku",)
    description = N_("sees a few moves ahead. Looks a few moves ahead at the most promising points, wins fastest")

    def __init__(self, depth: int = 4, width: int = 10, seed: int | None = None) -> None:
        """``depth``: the most plies searched ahead, even (fewer if half the time budget runs out first);
        ``width``: how many candidate points are searched at each node."""
        super().__init__(seed=seed)
        even = " and even (the search deepens two plies at a time)"
        self.depth = check_whole("depth", depth, 2, MAX_DEPTH, "plies", even)
        if depth % 2:
            raise ValueError(f"depth must be a whole number of plies from 2 to {MAX_DEPTH}{even}, got {depth!r}")
        self.width = check_whole("width", width, 1, MAX_WIDTH, "candidate points per node")
        self.search = Negamax(evaluate=self._evaluate, moves=self._moves, terminal=self._terminal,
                              key=PatternBoard.key)
        self.proof = FourProof()

    def new_game(self) -> None:
        self.search.table.clear()

    def choose_move(self, state: Gomoku, budget: float) -> int:
        opening = opening_move(state, budget, self.rng, best_value(self.analyse))
        if opening is not None:
            return opening
        state = state.plain()
        board = PatternBoard.of(state)
        moves = self._root_moves(board, state)
        if len(moves) == 1:
            return moves[0]
        found = deepest(self._deepen(board, Deadline.for_move(budget, BUDGET_SHARE), moves))
        return moves[0] if found is None else found.move

    def analyse(self, state: Gomoku, budget: float) -> dict[int, MoveValue]:
        """The values of the candidate moves searched (see the module notes); the others are not valued."""
        if state.is_over():
            return {}
        if state.phase is not None:
            return opening_values(state, best_value(self.analyse), budget)
        state = state.plain()
        board = PatternBoard.of(state)
        moves = self._root_moves(board, state)
        whole = Deadline.for_move(budget, BUDGET_SHARE)
        found = deepest(self._deepen(board, whole.part(0.6), moves, exact=True))
        if found is None:
            found = self.search.search(board, 2, None, moves, exact=True)
        return {move: self._judge(state, board, move, score, whole) for move, score in found.values.items()}

    # -- the search ------------------------------------------------------------------------
    def _deepen(self, board: PatternBoard, deadline: Deadline, moves: list[int], exact: bool = False):
        """The search at 2, 4, ... ``depth`` plies (``deepening.deepen`` counts pairs of plies)."""
        self.search.nodes = 0
        return deepen(lambda pairs, until: self.search.search(board, 2 * pairs, until, moves, exact),
                      deadline, self.depth // 2, START_BEFORE)

    def _root_moves(self, board: PatternBoard, state: Gomoku) -> list[int]:
        """The searched moves at the root: ``_moves``' choice among the legal moves, equal
        scores in a random order."""
        legal = state.legal_moves()
        if not legal:
            raise ValueError(f"no move to choose: the game {state.to_text()!r} is over")
        forced = self._forced(board)
        if forced is not None:
            return [forced] if forced in legal else legal[:1]
        allowed = set(legal)
        points = [p for p in board.candidates() if p in allowed] or legal
        self.rng.shuffle(points)
        return board.ranked(points)[:self.width]

    def _forced(self, board: PatternBoard) -> int | None:
        """The point the side to move must play: its own five, or the block of the opponent's only five."""
        own = board.fives[board.colour]
        if own:
            return min(own)
        threats = board.fives[board.opponent]
        return next(iter(threats)) if len(threats) == 1 else None

    def _terminal(self, board: PatternBoard) -> int | None:
        """The score of a position decided without search (see the module notes), else None."""
        settled = fives_decide(board)
        if settled is not None:
            return settled
        if board.full:
            return 0
        me = board.colour
        if not board.fives[board.opponent] and any(board.allowed(me, p) for p in board.doubles[me]):
            return WIN - 3
        if board.rule == "renju" and len(board.cells) - len(board.move_stack) < ENDGAME_EMPTIES \
                and me == BLACK and not _black_has_a_point(board):
            return 0
        return None

    def _moves(self, board: PatternBoard) -> list[int]:
        """The block of the opponent's five, or the ``width`` best candidates the side to move may play."""
        threats = board.fives[board.opponent]
        if threats:
            return list(threats)
        me = board.colour
        chosen = []
        for point in board.ranked(board.candidates()):
            if board.allowed(me, point):
                chosen.append(point)
                if len(chosen) == self.width:
                    break
        return chosen or [p for p, cell in enumerate(board.cells) if not cell and board.allowed(me, p)][:1] \
            or board.candidates()[:1]

    def _evaluate(self, board: PatternBoard) -> int:
        """A horizon position's value for the side to move, after the blocks of single fives."""
        blocks = 0
        while True:
            me, them = board.colour, board.opponent
            threats = board.fives[them]
            if board.fives[me]:
                value = SURE
            elif len(threats) >= 2:
                value = -SURE
            elif threats:
                point = next(iter(threats))
                if board.allowed(me, point):
                    board.push(point)
                    blocks += 1
                    continue
                value = -SURE
            elif any(board.allowed(me, p) for p in board.doubles[me]):
                value = SURE
            else:
                value = max(-EVAL_LIMIT, min(EVAL_LIMIT, board.total[me] - board.total[them]))
            break
        for _ in range(blocks):
            board.pop()
        return -value if blocks % 2 else value

    # -- analysis ----------------------------------------------------------------------------
    def _judge(self, state: Gomoku, board: PatternBoard, move: int, score: int, deadline: Deadline) -> MoveValue:
        """A searched move's value in words: a forced result if proven by fours (a win with its
        moves, ``'win in 3: g9 g8 f9 ...'``), else an estimate."""
        if not decided(score):
            return MoveValue(float(score), f"{score:+d} (estimate)")
        mover = board.colour
        board.push(move)
        try:
            winner = mover if score > 0 else board.colour
            plies = self.proof.plies_to_win(board, winner, deadline, MAX_PROOF_PLIES)
            line = self.proof.line(board, winner, plies) if plies is not None and score > 0 else []
        finally:
            board.pop()
        if plies is None:
            likely = WIN_BOUND - 1 - (WIN - abs(score))
            return MoveValue(float(likely if score > 0 else -likely), f"likely {result_text(score)} (estimate)")
        proven = WIN - (plies + 1) if score > 0 else -(WIN - (plies + 1))
        moves = f": {state.moves_to_text([move, *line])}" if line else ""
        # Proven by fours: a win at least this fast (a quicker one need not be by fours), a loss
        # at least this bad for the mover.
        return MoveValue(float(proven), f"{result_text(proven)}{moves}", exact=True,
                         bound=AT_LEAST if proven > 0 else AT_MOST)


def fives_decide(board: PatternBoard) -> int | None:
    """The score for the side to move of a position its fives decide: lost to the last stone's
    five (``-WIN``), won with its own five to make (``WIN - 1``), lost to two fives of the
    opponent or one it may not block (``-(WIN - 2)``); otherwise None."""
    if board.won:
        return -WIN
    me = board.colour
    if board.fives[me]:
        return WIN - 1
    threats = board.fives[board.opponent]
    if len(threats) >= 2 or (threats and not board.allowed(me, next(iter(threats)))):
        return -(WIN - 2)
    return None


def _black_has_a_point(board: PatternBoard) -> bool:
    return any(not cell and not board.forbidden(p) for p, cell in enumerate(board.cells))


class FourProof:
    """A win by continuous fours, proven: every attacking move makes a four, so every defence is forced.

    The shared negamax with hooks that allow only those moves: the attacker's
    fours (or the block of the defender's five, if it makes a four too), the
    defender's block. Anything else ends the line unproven (value 0), so a
    forced result it finds is forced against every defence.
    """

    def __init__(self) -> None:
        self.search = Negamax(evaluate=lambda board: 0, moves=self._moves, terminal=self._terminal,
                              key=PatternBoard.key)
        self.attacker = 0
        self._pending: tuple[int, list[int]] = (-1, [])

    def plies_to_win(self, board: PatternBoard, attacker: int, deadline: Deadline, most: int) -> int | None:
        """How many plies from ``board`` the ``attacker`` (BLACK or WHITE; either side may be to move)
        makes five by continuous fours, the fewest found within ``most`` plies and the deadline; None
        if no such win was found."""
        self.attacker = attacker
        self.search.table.clear()
        sign = 1 if board.colour == attacker else -1
        score = self._terminal(board)
        if score is None:
            moves = self._pending[1]
            found: Iteration | None = None
            for found in self.search.deepen(board, deadline, most, moves):
                pass
            score = None if found is None or not found.complete else found.score
        if score is None or not decided(score) or score * sign < 0:
            return None
        return WIN - abs(score)

    def line(self, board: PatternBoard, attacker: int, plies: int) -> list[int]:
        """The moves of the win ``plies_to_win`` has just proven from ``board``: the attacker's fours
        as the search's table stores them, the forced blocks, the five. Empty if they do not make
        the attacker's five within ``plies`` (the table may have lost an entry)."""
        played: list[int] = []
        try:
            while not board.won and len(played) < plies:
                me = board.colour
                if board.fives[me]:
                    move = min(board.fives[me])
                elif me != attacker:
                    move = min(board.fives[attacker], default=None)
                elif not board.fives[board.opponent] and any(board.allowed(me, p) for p in board.doubles[me]):
                    move = min(p for p in board.doubles[me] if board.allowed(me, p))
                else:
                    entry = self.search.table.get(board.hash)
                    move = None if entry is None else entry[3]
                if move is None:
                    break
                board.push(move)
                played.append(move)
            won = board.won and board.cells[played[-1]] == attacker if played else False
        finally:
            for _ in played:
                board.pop()
        return played if won else []

    def _terminal(self, board: PatternBoard) -> int | None:
        settled = fives_decide(board)
        if settled is not None:
            return settled
        me, them = board.colour, board.opponent
        threats = board.fives[them]
        if me == self.attacker:
            if threats:
                block = next(iter(threats))
                moves = [block] if block in board.fours[me] else []
            else:
                if any(board.allowed(me, p) for p in board.doubles[me]):
                    return WIN - 3
                moves = board.ranked(p for p in board.fours[me] if board.allowed(me, p))
        else:
            moves = list(board.fives[them])
        if not moves:
            return 0
        self._pending = (board.hash, moves)
        return None

    def _moves(self, board: PatternBoard) -> list[int]:
        if self._pending[0] != board.hash:
            self._terminal(board)
        return self._pending[1]
