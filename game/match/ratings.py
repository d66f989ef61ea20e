"""Ratings of many bots from all their games: a gauntlet or round robin of two-seat
games (maximum likelihood, as Ordo and BayesElo do), and multi-player finishing
orders (Plackett-Luce, by the openskill library). Pure functions, no I/O.

Two seats: the logistic (Bradley-Terry) model, where a bot ``d`` Elo stronger
scores ``1 / (1 + 10^(-d/400))`` on average; a draw counts as half a win each
way. The ratings are the maximum-likelihood ones, found by Hunter's MM
iteration, shifted so the anchor bot has the anchor's rating. One virtual draw
is added to every pair of bots that played (a weak prior, as BayesElo has), so
a bot that won or lost every game still gets a finite rating. The ± is the 95%
interval from the likelihood's curvature (the inverse Fisher information with
the anchor held fixed): it treats games as independent, so it is the
trinomial error, not the pentanomial one of a single pairing.

More seats: each game's places (1 = first, shared places tie) update a
Plackett-Luce rating per bot (openskill's defaults: mu 25, sigma 25/3);
the table is ordered by the conservative ``mu - 3·sigma``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

#: Rating points per unit of natural log-odds: 400 / ln 10.
ELO_PER_NATURAL = 400 / math.log(10)
Z95 = 1.959963984540054
#: The virtual draw added to each pair that played.
PRIOR_DRAWS = 1.0


@dataclass(frozen=True)
class PairResult:
    """The games of bot ``first`` against bot ``second``: how many, and ``first``'s points."""

    first: int
    second: int
    games: int
    points: float


@dataclass(frozen=True)
class Rating:
    """One bot's line of a ratings table."""

    name: str
    elo: float
    #: Half the 95% interval (0 for the anchor, which is fixed).
    error: float
    games: int
    #: Points per game over all its games (0..1).
    score: float


def ml_ratings(names: Sequence[str], results: Sequence[PairResult], anchor: int = 0,
               anchor_elo: float = 0.0, iterations: int = 10_000) -> list[Rating]:
    """Maximum-likelihood Elo of each of ``names`` from the pairings' ``results`` (see the
    module notes), the bot ``anchor`` at ``anchor_elo``; in the order of ``names``.
    ``ValueError`` if some bot is not connected to the anchor by games."""
    count = len(names)
    played = np.zeros((count, count))
    points = np.zeros((count, count))
    for result in results:
        played[result.first, result.second] += result.games
        played[result.second, result.first] += result.games
        points[result.first, result.second] += result.points
        points[result.second, result.first] += result.games - result.points
    _check_connected(names, played, anchor)
    games = played.sum(axis=1)
    score = points.sum(axis=1)
    met = played > 0
    played_prior = played + np.where(met, PRIOR_DRAWS, 0.0)
    wins = score + np.where(met, PRIOR_DRAWS / 2, 0.0).sum(axis=1)
    strength = np.ones(count)
    for _ in range(iterations):
        denominators = (played_prior / (strength[:, None] + strength[None, :])).sum(axis=1)
        new = wins / denominators
        new /= math.exp(np.log(new).mean())
        change = float(np.max(np.abs(np.log(new) - np.log(strength))))
        strength = new
        if change < 1e-12:
            break
    natural = np.log(strength)
    elo = (natural - natural[anchor]) * ELO_PER_NATURAL + anchor_elo
    errors = _errors(natural, played_prior, anchor)
    return [Rating(name, float(elo[i]), float(errors[i]), int(games[i]),
                   float(score[i] / games[i]) if games[i] else 0.0) for i, name in enumerate(names)]


def _check_connected(names: Sequence[str], played: np.ndarray, anchor: int) -> None:
    reached, frontier = {anchor}, [anchor]
    while frontier:
        bot = frontier.pop()
        for other in np.nonzero(played[bot])[0]:
            if int(other) not in reached:
                reached.add(int(other))
                frontier.append(int(other))
    apart = [names[i] for i in range(len(names)) if i not in reached]
    if apart:
        raise ValueError(f"no games link {', '.join(apart)} to the anchor {names[anchor]}: no rating can be given")


def _errors(natural: np.ndarray, played: np.ndarray, anchor: int) -> np.ndarray:
    """Half the 95% interval of each rating, from the Fisher information with the anchor fixed."""
    p = 1.0 / (1.0 + np.exp(natural[None, :] - natural[:, None]))
    weights = played * p * (1.0 - p)
    information = np.diag(weights.sum(axis=1)) - weights
    keep = [i for i in range(len(natural)) if i != anchor]
    errors = np.zeros(len(natural))
    if keep:
        covariance = np.linalg.inv(information[np.ix_(keep, keep)])
        errors[keep] = Z95 * np.sqrt(np.diag(covariance)) * ELO_PER_NATURAL
    return errors


def ratings_table(ratings: Sequence[Rating], anchor: str) -> str:
    """The ratings, best first, as a text table."""
    header = ("rank", "bot", "Elo", "±95%", "games", "score")
    rows = [(str(rank), r.name, f"{r.elo:.1f}", "anchor" if r.name == anchor else f"{r.error:.1f}",
             str(r.games), f"{r.score:.1%}")
            for rank, r in enumerate(sorted(ratings, key=lambda r: -r.elo), start=1)]
    return _table(header, rows)


@dataclass(frozen=True)
class SkillRating:
    """One bot's Plackett-Luce rating from finishing orders."""

    name: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The conservative estimate, ``mu - 3·sigma``."""
        return self.mu - 3 * self.sigma


def plackett_luce(names: Sequence[str], places: Sequence[Sequence[int]]) -> list[SkillRating]:
    """openskill's Plackett-Luce ratings of ``names`` from each game's ``places``
    (``places[g][i]``: bot ``i``'s place in game ``g``, 1 = first); in the order of ``names``."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=name) for name in names]
    for game in places:
        teams = model.rate([[rating] for rating in ratings], ranks=list(game))
        ratings = [team[0] for team in teams]
    return [SkillRating(name, rating.mu, rating.sigma, len(places)) for name, rating in zip(names, ratings)]


def skill_table(ratings: Sequence[SkillRating]) -> str:
    """The Plackett-Luce ratings, best (by ``mu - 3·sigma``) first, as a text table."""
    header = ("rank", "bot", "mu", "sigma", "mu-3sigma", "games")
    rows = [(str(rank), r.name, f"{r.mu:.2f}", f"{r.sigma:.2f}", f"{r.ordinal:.2f}", str(r.games))
            for rank, r in enumerate(sorted(ratings, key=lambda r: -r.ordinal), start=1)]
    return _table(header, rows)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [row[0].rjust(widths[0]), row[1].ljust(widths[1])]
        cells += [cell.rjust(width) for cell, width in zip(row[2:], widths[2:])]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)
