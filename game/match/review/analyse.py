"""Each move of a game valued and judged by the strongest engine that can stand behind the values.

For each ply the engine (``ENGINES``: the game's perfect or Master bot)
values the moves of the position before it (``Bot.analyse``); the best
value is what the position was worth to the mover, the played move's value
what it is worth after the move. A move the engine left unvalued takes the
value the next ply's analysis gives the position after it (seen from the
other side). Values keep what stands behind them (``PlyValue.kind``), and
``judged`` says in words only what they prove: with proven values on both
sides, "threw away a win", "turned a draw into a loss", "slower win (win in 9
instead of 5)", "the only move that kept the draw"; with estimates, a grade
by the drop in winning chance, labelled as an estimate.

Reversi's last ``exact_empties`` empties (Master's: 20) are solved backwards
from the end with the exact solver (one solve per position, its table kept
from one to the next), each within ``EXACT_SOLVE_BUDGETS`` plies' budgets; the
plies before the first solve that does not fit are estimated. Connect Four's
first ``Engine.solve_plies`` plies, whose exact scores a hint's budget may not
reach, are solved the same way before the analysis, the latest first
(``connect4_solve``), within ``SOLVE_PASS_BUDGETS`` plies' budgets in all: the
book's exact scores (every position up to ply 6) at once, and those whose
solve fits; the others keep what the analysis proves (a result without its
distance).

Chinese Checkers' bot gives no value of a position (its numbers are shares of
playouts), so its moves are judged by the race itself (``race_value``): the
mover's lead in steps to goal over the nearest rival after the played move,
against the lead after the engine's move, mapped to a chance by
``RACE_SCALE`` and labelled as an estimate. Each seat's steps to its goal
after each move (``steps_to_goal``) go with every game's review.
"""
from __future__ import annotations

import importlib
import math
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from game.match.review.model import UNKNOWN, MoveReview, PlyValue, steps_to_goal
from game.rules.bot import AT_LEAST, AT_MOST, VALUE, Bot, MoveValue, position_value, ranked_moves
from game.rules.catalogue import GameSpec
from game.rules.core import BadNotation, RulesError, State
from bots.lib.clock import Deadline
from bots.lib.connect4_solver import SearchAborted, position_from_moves, score_text
from bots.lib.reversi_words import exact_text

#: The drops in winning chance (0 to 1) from which a move is an inaccuracy, a mistake, a blunder.
INACCURACY, MISTAKE, BLUNDER = 0.1, 0.2, 0.3
#: Per-ply budgets an exact endgame solve may take (a solve with the table the later plies
#: filled is quick; the first ones from the end are the longest).
EXACT_SOLVE_BUDGETS = 3.0
#: The least time an exact endgame solve may take, whatever the budget.
EXACT_SOLVE_LEAST = 5.0
#: Per-ply budgets the exact solves of Connect Four's first plies may take in all (``Engine.solve``):
#: with Master's analysis (about 13 s for a 40-move game at 1 s a move), under a minute.
SOLVE_PASS_BUDGETS = 30.0
#: Chinese Checkers: the lead in steps to goal that is a 73% chance (a logistic curve). A race
#: between equals is decided by tempi, and a turn of Master's gains about 3 steps (118 to 68 in
#: 18 turns in a game against itself), so a lead of two turns' progress is taken as that chance:
#: a move that gives up one turn's progress against the engine's move is then an inaccuracy, two
#: turns' a mistake, three a blunder (from a level race). A choice, not measured on results of
#: games: the grades it gives are labelled as estimates.
RACE_SCALE = 6.0


@dataclass(frozen=True)
class Engine:
    """The bot that reviews a game (``"module:Class"``, with its parameters) and how its estimates
    map to a winning chance: ``scale`` is the estimate (in its own units) at which the
    chance is about 73% (a logistic curve), ``centred`` an estimate that is already
    the chance less a half."""

    target: str
    params: dict[str, Any] = field(default_factory=dict)
    scale: float = 1.0
    centred: bool = False
    #: A race to a goal (Chinese Checkers): moves judged by the steps they gain (``race_value``), not
    #: by the bot's values (shares of playouts, no value of a position).
    race: bool = False
    #: A proven winning line from a won position, the best move first (both sides' moves), or ().
    line: Callable[[Bot, State, Any], Sequence[Any]] | None = None
    #: An exact solve of a position within so many seconds: its score for the mover, in the bot's
    #: units, its words and a best move; None if it does not fit. Used on the plies up to
    #: ``solve_plies`` whose analysis proves less than the exact value.
    solve: Callable[[Bot, State, float], tuple[float, str, Any] | None] | None = None
    solve_plies: int = 0

    def bot(self) -> Bot:
        module, _, name = self.target.partition(":")
        cls = getattr(importlib.import_module(module), name)
        warm_up = getattr(cls, "warm_up", None)
        if warm_up is not None:
            warm_up()
            later = getattr(cls, "warm_up_later", None)
            if later is not None:
                later()
        return cls(**self.params)

    def chance(self, estimate: float) -> float:
        """The winning chance an estimate stands for."""
        if self.centred:
            return min(1.0, max(0.0, 0.5 + estimate))
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, estimate / self.scale))))


#: The reviewing engine of each game; any other game is reviewed by tree search over its rules.
ENGINES = {
    "tictactoe": Engine("bots.tictactoe_perfect:TicTacToePerfect"),
    # the book's exact plies (0 to 6) and those after it whose exact scores take seconds to solve
    "connect4": Engine("bots.connect4_master:ConnectFourMaster", scale=300.0,
                       line=lambda bot, state, first: connect4_line(bot, state, first),
                       solve=lambda bot, state, seconds: connect4_solve(bot, state, seconds), solve_plies=10),
    # discs: an estimate of +6 discs is a 73% chance
    "reversi": Engine("bots.reversi_master:ReversiMaster", scale=6.0),
    # the search's units, a hundred to the estimate's shown unit
    "gomoku": Engine("bots.gomoku_master:GomokuMaster", scale=300.0),
    "chinesecheckers": Engine("bots.chinesecheckers_master:ChineseCheckersMaster", scale=RACE_SCALE, race=True),
}
ANY_GAME = Engine("bots.any_game:AnyGameTreeSearch", centred=True)


def engine_for(game_id: str) -> Engine:
    return ENGINES.get(game_id, ANY_GAME)


# -- values ---------------------------------------------------------------------------------
def estimate_label(text: str) -> str:
    """An estimate's words, saying that they are one (once)."""
    return text if "estimate" in text else f"{text} (estimate)"


def ply_value(value: MoveValue | None, engine: Engine) -> PlyValue:
    """A bot's value of a move as the mover's value of the position after it."""
    if value is None:
        return UNKNOWN
    if value.exact and value.bound == VALUE:
        return PlyValue("exact", value.score, _result_chance(value.score), _short(value.text))
    if value.exact and ((value.bound == AT_LEAST and value.score > 0) or (value.bound == AT_MOST and value.score < 0)):
        return PlyValue("proven", value.score, _result_chance(value.score), _short(value.text))
    if value.exact:    # a proven bound of a draw either way: neither a result nor an estimate of one
        return PlyValue("unknown", None, None, _short(value.text))
    return PlyValue("estimate", value.score, engine.chance(value.score), estimate_label(_short(value.text)))


def race_value(steps: Sequence[int], seat: int, engine: Engine) -> PlyValue:
    """A race's value for ``seat``: its lead in steps to goal over the nearest rival (counted by
    the rules), the chance ``engine`` maps it to (an estimate)."""
    lead = min(count for other, count in enumerate(steps) if other != seat) - steps[seat]
    words = "level" if lead == 0 else f"{abs(lead)} {'step' if abs(lead) == 1 else 'steps'} " \
                                      f"{'ahead' if lead > 0 else 'behind'}"
    return PlyValue("estimate", float(lead), engine.chance(lead), words)


def _result_chance(score: float) -> float:
    return 1.0 if score > 0 else 0.0 if score < 0 else 0.5


def result_of(value: PlyValue) -> int | None:
    """+1, 0 or -1 for a proven win, draw or loss; None for anything not proven."""
    if value.kind == "exact" and value.score is not None:
        return (value.score > 0) - (value.score < 0)
    if value.kind == "proven" and value.score:
        return 1 if value.score > 0 else -1
    return None


#: Words of a value and the words of the same value for the other side.
_OPPOSITES = {"win": "loss", "loss": "win", "wins": "loses", "loses": "wins", "won": "lost", "lost": "won",
              "ahead": "behind", "behind": "ahead", "least": "most", "most": "least"}
_WORD_OR_SIGN = re.compile(r"\b(" + "|".join(_OPPOSITES) + r")\b|(?<![\w.])([+-])(?=\d)")


#: Threat wins in Gomoku's words, as the winner and as the loser says them.
_THREATS = [("wins by a VCF in {}", "loses to a VCF in {}"), ("wins by a VCT in {}", "loses to a VCT in {}")]


def flipped_text(text: str) -> str:
    """The words of a value as the other player sees it: "win in 3" -> "loss in 3",
    "about +3 discs" -> "about -3 discs", "wins by a VCF in 5" -> "loses to a VCF in 5"
    (a line after a colon is dropped: it is the other side's; so is a "holds")."""
    text = text.split(":")[0].removeprefix("holds, ")
    for winning, losing in _THREATS:
        for this, that in ((winning, losing), (losing, winning)):
            found = re.fullmatch(re.escape(this).replace(r"\{\}", r"(\d+)"), text.split(", one line")[0])
            if found:
                return that.format(found.group(1))
    return _WORD_OR_SIGN.sub(lambda m: _OPPOSITES[m.group(1)] if m.group(1) else "-" if m.group(2) == "+" else "+",
                             text)


def flipped(value: PlyValue) -> PlyValue:
    """The other player's view of a two-player value."""
    if value.kind == "unknown":
        return value
    return PlyValue(value.kind, None if value.score is None else -value.score,
                    None if value.chance is None else 1.0 - value.chance, flipped_text(value.text))


def better(first: PlyValue, second: PlyValue) -> PlyValue:
    """Of two values of one position, the one with more behind it (the first if as good)."""
    rank = {"exact": 3, "proven": 2, "estimate": 1, "unknown": 0}
    return second if rank[second.kind] > rank[first.kind] else first


# -- verdicts -------------------------------------------------------------------------------
RESULT_WORDS = {1: "win", 0: "draw", -1: "loss"}


@dataclass(frozen=True)
class Judgement:
    verdict: str
    grade: str
    proven: bool


def grade_of(drop: float, played_best: bool) -> str:
    """The grade of a move that lost ``drop`` of a winning chance."""
    if drop >= BLUNDER:
        return "blunder"
    if drop >= MISTAKE:
        return "mistake"
    if drop >= INACCURACY:
        return "inaccuracy"
    return "best" if played_best else "good"


def judged(before: PlyValue, after: PlyValue, played_best: bool, keepers: int | None) -> Judgement:
    """The verdict on a move from the mover's values before and after it (``keepers``: how many
    moves are proven to keep the position's result, None if not every move's result is known)."""
    was, now = result_of(before), result_of(after)
    if was is not None and now is not None:
        if now < was:
            drop = _result_chance(was) - _result_chance(now)
            if was == 1:
                now_words = "a draw" if now == 0 else _result_words(after.text)
                return Judgement(f"threw away a win ({now_words} now)", grade_of(drop, False), True)
            return Judgement(f"turned a draw into a loss ({_result_words(after.text)})", grade_of(drop, False), True)
        if now > was:     # the values disagree: the engine's, not the player's, fault; say nothing
            return Judgement("", "", False)
        exact = before.kind == after.kind == "exact"
        if exact and after.score is not None and before.score is not None and after.score < before.score:
            margins = " by " in before.text     # a win by more discs, not a quicker one
            what = ({1: "smaller win", -1: "bigger loss"} if margins else {1: "slower win", -1: "quicker loss"})[was]
            return Judgement(f"{what} ({instead(after.text, before.text)})", "inaccuracy", True)
        if was >= 0 and keepers == 1:
            return Judgement(f"the only move that kept the {RESULT_WORDS[was]}", "best", True)
        if was == -1:
            return Judgement("lost whatever was played" if not exact else "held out longest", "best", True)
        return Judgement(f"kept the {RESULT_WORDS[was]}", "best", True)
    if was == 1 and now is None:
        drop = 1.0 - after.chance if after.chance is not None else None
        grade = "" if drop is None else grade_of(drop, played_best)
        return Judgement(f"missed a proven win ({before.text}); the move played is not proven to win",
                         grade if grade not in ("best", "good") else "inaccuracy", False)
    if now == -1 and was is None:
        drop = before.chance if before.chance is not None else None
        grade = "" if drop is None else grade_of(drop, played_best)
        return Judgement(f"after it, a proven loss ({_result_words(after.text)})", grade, False)
    return estimate_judged(before, after, played_best)


def estimate_judged(before: PlyValue, after: PlyValue, played_best: bool, best: str = "with the best move",
                    as_best: str = "best move (estimate)") -> Judgement:
    """The verdict on a move from estimates: graded by the drop in the chance they map to, the
    words saying so (``best``: how the value with the engine's move is named; ``as_best``: the
    verdict on a move that is the engine's)."""
    if before.chance is None or after.chance is None:
        return Judgement("", "", False)
    grade = grade_of(max(0.0, before.chance - after.chance), played_best)
    if grade in ("inaccuracy", "mistake", "blunder"):
        return Judgement(f"{grade} (estimate): {after.text} after it, {before.text} {best}", grade, False)
    return Judgement(as_best if grade == "best" else "", grade, False)


def _result_words(text: str) -> str:
    """A bare result as words that read after "now": "loss" -> "a loss"; "loss in 3" stays."""
    return f"a {text}" if text in ("win", "loss", "draw") else text


def instead(played: str, best: str) -> str:
    """"win in 9 instead of 5": two values in words, what they share said once."""
    shared = 0
    for word_played, word_best in zip(played.split(" "), best.split(" ")):
        if word_played != word_best:
            break
        shared += len(word_played) + 1
    return f"{played} instead of {best[shared:] if shared < len(best) else best}"


# -- the review -----------------------------------------------------------------------------
@dataclass
class Analysed:
    """One ply's analysis before its review is written: the position's value for the mover
    (``before``), the played move's own value, and what else the verdict needs."""

    ply: int
    seat: int
    move: str
    forced: bool
    before: PlyValue = UNKNOWN
    own: PlyValue = UNKNOWN
    best: str | None = None
    line: tuple[str, ...] = ()
    keepers: int | None = None
    steps: tuple[int, ...] | None = None


def review_moves(game_spec: str, moves: Sequence[str], budget: float,
                 engine: Engine | None = None, start: str = "") -> Iterator[MoveReview]:
    """The review of each move of the game, as each is found (not always in the order of the plies),
    by ``engine`` (default: the game's, ``ENGINES``), ``budget`` seconds of analysis a ply;
    ``start``: the set-up position the game started from (the game's position notation), "" for
    the usual start."""
    spec = GameSpec.parse(game_spec)
    engine = engine or engine_for(spec.game_id)
    states = _positions(spec, moves, start)
    reviewer = _Reviewer(spec, engine, engine.bot(), budget)
    yield from reviewer.review(states, list(moves))


def _positions(spec: GameSpec, moves: Sequence[str], start: str = "") -> list[State]:
    """The position before each move (from the set-up position ``start`` if given), and the last
    position; ``BadNotation`` names a bad position or move."""
    try:
        state = spec.rules.from_position(start, **dict(spec.options)) if start else spec.new_state()
    except RulesError as err:
        raise BadNotation(f"the start position of {spec}: {err}") from None
    states = [state.copy()]
    for ply, text in enumerate(moves):
        try:
            state.push(state.parse_move(text))
        except RulesError as err:
            raise BadNotation(f"move {ply + 1} ({text!r}) of {spec}: {err}") from None
        states.append(state.copy())
    return states


class _Reviewer:
    """Reviews one game: analyses its plies in the engine's order and finishes each ply's review
    once the value after its move is known (from the next ply's analysis, or the end)."""

    def __init__(self, spec: GameSpec, engine: Engine, bot: Bot, budget: float) -> None:
        self.spec, self.engine, self.bot, self.budget = spec, engine, bot, budget
        self.analysed: dict[int, Analysed] = {}
        self.finished: set[int] = set()
        #: The plies whose position the engine's ``solve`` solved: (score, words, best move).
        self.solved: dict[int, tuple[float, str, Any]] = {}
        self.open_end = False

    def review(self, states: list[State], moves: list[str]) -> Iterator[MoveReview]:
        count = len(moves)
        # A game not over: its last position is valued too (as ply ``count``, which has no move),
        # to give the last move its value after.
        self.open_end = count > 0 and not states[count].is_over()
        exact = self._exact_plies(states, count)
        if exact and self.open_end:
            tail = self._solve(states[count], "", count)
            if tail is None:
                exact = []
            else:
                self.analysed[count] = tail
        for ply in exact:
            item = self._solve(states[ply], moves[ply], ply)
            if item is None:     # out of time: this ply and those before it are estimated
                break
            self.analysed[ply] = item
            yield from self._ready(states, count)
        solving = Deadline.after(self.budget * SOLVE_PASS_BUDGETS)
        for ply in range(min(self.engine.solve_plies, count - 1), -1, -1) if self.engine.solve else ():
            found = self._solved(states[ply], solving)
            if found is not None:   # else out of time: the ply keeps what the analysis proves
                self.solved[ply] = found
        for ply, text in [*enumerate(moves), (count, "")]:
            if ply not in self.analysed and (ply < count or self.open_end):
                self.analysed[ply] = self.analyse(states[ply], text, ply)
                self._made_exact(states[ply], self.analysed[ply])
                yield from self._ready(states, count)

    # -- one ply ------------------------------------------------------------------------------
    def analyse(self, state: State, text: str, ply: int) -> Analysed:
        """The ply valued by the engine's ``analyse``: every move it values, the best first."""
        legal = state.legal_moves()
        move = state.parse_move(text) if text else None    # none: the last position of a game not over
        item = Analysed(ply, state.turn, text, forced=len(legal) == 1 and move is not None)
        if move is not None:
            item.steps = steps_to_goal(_after(state, move))
        if self.engine.race and item.steps is not None:
            item.own = race_value(item.steps, state.turn, self.engine)
        if item.forced:
            return item
        values = self.bot.analyse(state.copy(), self.budget)
        values = {m: v for m, v in values.items() if m in legal}
        if not values:
            return item
        best_move, best_value = ranked_moves(values, legal)[0]
        item.best = state.move_to_str(best_move)
        if self.engine.race:
            steps = steps_to_goal(_after(state, best_move))
            item.before = race_value(steps, state.turn, self.engine) if steps is not None else UNKNOWN
            return item
        position = position_value(values, legal)
        item.before = ply_value(best_value, self.engine)
        if not position.proven and item.before.kind != "estimate" and best_value is not None:
            item.before = PlyValue("estimate", best_value.score, self.engine.chance(best_value.score),
                                   estimate_label(_short(best_value.text)))
        item.own = ply_value(values.get(move), self.engine) if move is not None else UNKNOWN
        result = result_of(item.before)
        if position.proven and result is not None and len(values) == len(legal):
            results = [result_of(ply_value(values[m], self.engine)) for m in legal]
            if None not in results:
                item.keepers = results.count(result)
        line = getattr(self.bot, "last_win_line", None)
        if line and result == 1:
            item.line = tuple(state.move_to_str(point) for point in line)
        elif result == 1 and item.before.kind == "exact" and self.engine.line is not None:
            item.line = tuple(state.move_to_str(move) for move in self.engine.line(self.bot, state, best_move))
        return item

    def _solved(self, state: State, deadline: Deadline) -> tuple[float, str, Any] | None:
        """The engine's exact ``solve`` of a position, by ``deadline`` (the pass's): once it has
        passed, only what the engine knows at once (Connect Four's book) or finds in a search's first short try."""
        assert self.engine.solve is not None
        return self.engine.solve(self.bot, state.copy(), max(0.0, deadline.left()))

    def _made_exact(self, state: State, item: Analysed) -> None:
        """The ply's value made exact by the solve of its position (``solved``) where the analysis
        proved less."""
        found = self.solved.get(item.ply)
        if found is None or item.forced or item.before.kind == "exact":
            return
        score, words, move = found
        item.before = PlyValue("exact", score, _result_chance(score), words)
        item.best = state.move_to_str(move)
        if score > 0 and self.engine.line is not None:
            item.line = tuple(state.move_to_str(step) for step in self.engine.line(self.bot, state, move))

    def _exact_plies(self, states: list[State], count: int) -> list[int]:
        """The plies the engine solves exactly one position at a time, last first (their table
        then helps the earlier ones): Reversi's last ``exact_empties`` empties."""
        solve = getattr(self.bot, "solve_position", None)
        empties = getattr(self.bot, "exact_empties", None)
        if solve is None or empties is None:
            return []
        return [ply for ply in range(count - 1, -1, -1) if _empty_squares(states[ply]) <= empties]

    def _solve(self, state: State, text: str, ply: int) -> Analysed | None:
        """The ply's position solved exactly (its value for the mover, and a best move); None if
        the solve does not fit in the time a ply may take."""
        legal = state.legal_moves()
        item = Analysed(ply, state.turn, text, forced=len(legal) == 1 and bool(text))
        if item.forced:
            return item
        seconds = max(self.budget * EXACT_SOLVE_BUDGETS, EXACT_SOLVE_LEAST)
        found = self.bot.solve_position(state, seconds)  # type: ignore[attr-defined]
        if found is None:
            return None
        score, move = found
        item.before = PlyValue("exact", float(score), _result_chance(score), exact_text(score))
        item.best = state.move_to_str(move) if move in legal else None
        return item

    # -- the reviews ---------------------------------------------------------------------------
    def _ready(self, states: list[State], count: int) -> Iterator[MoveReview]:
        """The reviews of the analysed plies whose value after the move is known now, in order.

        That value comes from the next ply's analysis (a forced move, which is not
        analysed, takes it from the ply after it, once that is reviewed), or from
        the end of the game for the last move.
        """
        found = []
        for ply in sorted(self.analysed, reverse=True):
            if ply in self.finished or ply >= count:
                continue
            following = self.analysed.get(ply + 1)
            if (ply + 1 < count or self.open_end) and (
                    following is None or (following.forced and ply + 1 not in self.finished)):
                continue
            item = self.analysed[ply]
            review = self._finish(item, following, states[ply + 1])
            if item.forced:
                item.before = review.before
            self.finished.add(ply)
            found.append(review)
        yield from sorted(found, key=lambda review: review.ply)

    def _finish(self, item: Analysed, following: Analysed | None, after_state: State) -> MoveReview:
        after = item.own     # a race's: the lead the move left (the next ply's is another move's)
        if following is not None and not self.engine.race:
            derived = following.before if following.seat == item.seat else (
                flipped(following.before) if after_state.num_seats == 2 else UNKNOWN)
            after = better(after, derived)
        elif following is None and not self.engine.race:
            after = better(after, self._final_value(after_state, item.seat))
        before = after if item.forced else item.before
        if item.forced:
            judgement = Judgement("the only legal move", "", after.proven)
        elif self.engine.race:
            judgement = estimate_judged(before, after, item.best == item.move, "after the engine's move",
                                        "the engine's move")
        else:
            judgement = judged(before, after, item.best == item.move, item.keepers)
        return MoveReview(item.ply, item.seat, item.move, before, after, item.best, item.line,
                          judgement.verdict, judgement.grade, judgement.proven, item.steps)

    def _final_value(self, state: State, seat: int) -> PlyValue:
        """The value of the finished game for ``seat``: the solver's final score where it has one
        (Reversi's discs), else won, drawn or lost."""
        outcome = state.outcome()
        if outcome is None:
            return UNKNOWN
        solve = getattr(self.bot, "solve_position", None)
        if solve is not None:
            found = solve(state, self.budget)
            if found is not None:
                score = found[0] if state.turn == seat else -found[0]
                return PlyValue("exact", float(score), _result_chance(score), exact_text(score))
        if outcome.is_draw:
            return PlyValue("exact", 0.0, 0.5, "draw")
        won = seat in outcome.winners
        return PlyValue("exact", 1.0 if won else -1.0, 1.0 if won else 0.0, "won" if won else "lost")


def connect4_solve(bot: Any, state: State, seconds: float) -> tuple[float, str, int] | None:
    """Connect Four: the position's exact score for the mover, its words and a move reaching it,
    from the bot's opening book (exact up to ply 6) or solved within ``seconds`` (its solver's
    table kept from one position to the next); None if the solve does not fit, or on a board the
    solver does not play."""
    from bots.connect4_master import within    # the reviewing bot's module, loaded with it

    if not bot.solves(state):
        return None
    position = position_from_moves(list(state.move_stack))
    known = bot.book().lookup(list(state.move_stack))
    if known is not None and known.score is not None:
        return float(known.score), score_text(known.score, position.plies), known.column
    solver = bot.solver()
    try:
        column, score = within(Deadline.after(seconds), lambda limit: solver.best_move(position, limit))
    except SearchAborted:
        return None
    return float(score), score_text(score, position.plies), column


#: The longest winning line (plies) Connect Four's review writes out, and the nodes each of its moves may take.
LINE_PLIES, LINE_NODES = 13, 1 << 21


def connect4_line(bot: Any, state: State, first: int) -> list[int]:
    """Connect Four: the solver's line from a won position (``first``, a move of the exact score,
    then the loser's longest resistance and the winner's quickest win in turn) to the winning
    disc; [] on a board the solver does not play, for a line longer than ``LINE_PLIES``, or
    one not found within ``LINE_NODES`` a move."""
    if not bot.solves(state):
        return []
    solver = bot.solver()
    position = position_from_moves(list(state.move_stack))
    line, column = [], first
    try:
        while len(line) < LINE_PLIES:
            line.append(column)
            if solver.wins_at_once(position, column):
                return line
            position = solver.play(position, column)
            column = solver.best_move(position, LINE_NODES)[0]
    except SearchAborted:
        return []
    return []


def _after(state: State, move: Any) -> State:
    after = state.copy()
    after.push(move)
    return after


def _empty_squares(state: State) -> int:
    black, white = state.counts()  # type: ignore[attr-defined]
    return 64 - black - white


def _short(text: str) -> str:
    """A value's words without the line after its colon (the review keeps the line apart)."""
    return text.split(":")[0]
