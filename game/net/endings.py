"""How a hosted game ends when players leave it, and how a result goes on the wire.

A player who resigns from a game of two gives the other the win. From a game of
three or more they leave it, ranked below everyone still in it (the first to
resign last of all), and the rules' own result, when it comes, is re-ranked so.
A player who does not come back forfeits, as game servers score an abandoned
game: the seats still in it share the win.
"""
from __future__ import annotations

from typing import Sequence

from game.net import protocol as p
from game.net import wording
from game.rules.core import Outcome, Termination


def resignation(num_seats: int, staying: Sequence[int], resigned: Sequence[int], name: str) -> Outcome:
    """The game ends as ``name`` resigns: ``staying`` (one seat, or only bots) win;
    ``resigned`` holds every seat that resigned so far, theirs last."""
    ranking = (tuple(staying), *((seat,) for seat in reversed(resigned))) if num_seats > 2 else ()
    reason = wording.english(wording.words("resigned", name=name))
    return Outcome(tuple(staying), reason, (), ranking, termination=Termination.RESIGNATION)


def left_words(reason: str, resigned: Sequence[int], labels: Sequence[str]) -> p.Words:
    """The rules' ``reason`` a game ended for and the players of the seats that ``resigned``
    (``labels`` names every seat's player), as words each window says in its language."""
    return wording.words("left_the_game", reason=reason, names=", ".join(labels[s] for s in resigned))


def after_resignations(outcome: Outcome, resigned: Sequence[int], labels: Sequence[str]) -> Outcome:
    """The rules' ``outcome`` with the seats that ``resigned`` taken out of it and ranked
    last (the first to resign last of all); ``labels`` names every seat's player."""
    num_seats = len(labels)
    groups = outcome.ranking or tuple(g for g in (outcome.winners, tuple(
        s for s in range(num_seats) if s not in outcome.winners)) if g)
    ranking = [kept for group in groups if (kept := tuple(s for s in group if s not in resigned))]
    winners = tuple(s for s in outcome.winners if s not in resigned) or (
        ranking[0] if outcome.winners and ranking else ())
    ranking += [(seat,) for seat in reversed(resigned)]
    reason = wording.english(left_words(outcome.reason, resigned, labels))
    return Outcome(winners, reason, outcome.cells if winners == outcome.winners
                   else (), tuple(ranking), termination=outcome.termination, scores=outcome.scores)


def forfeit(num_seats: int, absent: Sequence[int], resigned: Sequence[int], reason: str) -> Outcome:
    """The game ends because the players of ``absent`` did not come back: they forfeit,
    the seats still in it (neither absent nor ``resigned``) share the win."""
    staying = tuple(s for s in range(num_seats) if s not in absent and s not in resigned)
    ranking = (staying, tuple(absent), *((s,) for s in reversed(resigned))) if num_seats > 2 else ()
    return Outcome(staying, reason, (), tuple(group for group in ranking if group),
                   termination=Termination.DISCONNECTION)


def result(outcome: Outcome, said: p.Words | None = None) -> p.Result:
    """``outcome`` as the protocol's ``Result``; ``said``: its reason as words, when the server decided it."""
    return p.Result(list(outcome.winners), outcome.reason, outcome.termination.value,
                    [list(group) for group in outcome.ranking], said)
