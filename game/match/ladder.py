"""The tier ladder: each tier of a game measured against the tier below it, the
Elo differences chained into ratings anchored at the weakest tier (Easy = 1000),
and the measured ladder the arcade ships in ``assets/ladder.json`` for the seat
menus.

A link of the ladder is one pairing of two-seat games in colour-swapped pairs;
its Elo difference and 95% interval are the pentanomial ones of
``game.match.elo``. A tier's rating is the anchor plus the differences of the
links below it; its ± is the root of the sum of the squared ± of those links
(the pairings are independent).

A link whose pairs all scored the same gives a normal interval of zero width,
which would be a made-up certainty. For such a link the interval is the exact
worst case instead: if ``n`` pairs all scored ``x``, a pair scores ``x`` with
probability at least ``p = 0.025^(1/n)`` (95%, one-sided), so the mean score lies
in ``[p·x, p·x + (1 - p)]``. A sweep (``x`` = 1) then has a lower bound only,
and the tiers above it are shown as bounds (``≥ 1352``). A link of draws only
measures no difference: the tiers from it upwards get no rating.
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Sequence

from game.match.elo import PAIR_SCORES, elo_of_pairs, pentanomial, score_to_elo, trinomial
from game.paths import ASSETS_DIR

#: The rating of the weakest tier.
ANCHOR_ELO = 1000.0
#: The shipped measured ladder.
LADDER_PATH = ASSETS_DIR / "ladder.json"
#: One-sided tail of the worst-case bound of a link whose pairs all scored the same.
TAIL = 0.025
#: What ``assets/ladder.json`` holds, at its top (``arena --ladder --ladder-file``).
LADDER_ABOUT = ("Each game's tier ladder as measured by the command given (python main.py arena GAME --ladder), "
                "on the date given: logistic Elo anchored at Easy = 1000, each tier against the one below, 95% "
                "intervals from the game pairs (pentanomial). elo null: not measured; lower_bound_only: elo is a "
                "95% lower bound. The seat menus show a tier's rating only while config.yaml plays it with the "
                "bot, params and time budget measured here. The README's arena section has the tables.")


@dataclass(frozen=True)
class Link:
    """The Elo of a tier against the tier below it, from ``games`` games (its W/D/L).
    ``low``/``high`` are the 95% interval (``high`` may be inf); ``elo`` is None for draws only.
    ``failures`` are the tier's and the one below's moves that failed (played at random for
    it): a ladder measured with some measured the failures too, so the table shows them."""

    elo: float | None
    low: float
    high: float
    games: int
    wins: int
    draws: int
    losses: int
    failures: tuple[int, int] = (0, 0)

    @property
    def draws_only(self) -> bool:
        """Every game drawn: no difference measured."""
        return self.draws == self.games

    @property
    def error(self) -> float:
        """Half the interval's width (inf when a bound is)."""
        return (self.high - self.low) / 2


def link_of(scores: Sequence[float], failures: tuple[int, int] = (0, 0)) -> Link:
    """The link measured by the upper tier's per-game ``scores`` (1, ½, 0) against the lower
    tier, games in colour-swapped pairs, with each one's ``failures``. ``ValueError`` without
    a complete pair of games."""
    wins, draws, losses = trinomial(scores)
    counts = pentanomial(scores)
    estimate = elo_of_pairs(counts)
    if estimate is None:
        raise ValueError("a link of the ladder needs at least one pair of games")
    games = len(scores)
    if draws == games:
        return Link(None, -math.inf, math.inf, games, wins, draws, losses, failures)
    seen = [i for i, count in enumerate(counts) if count]
    if len(seen) > 1:
        return Link(estimate.elo, estimate.low, estimate.high, games, wins, draws, losses, failures)
    pair_score, pairs = PAIR_SCORES[seen[0]], counts[seen[0]]
    p = TAIL ** (1.0 / pairs)
    low, high = score_to_elo(p * pair_score), score_to_elo(1.0 - p * (1.0 - pair_score))
    return Link(estimate.elo, low, high, games, wins, draws, losses, failures)


@dataclass(frozen=True)
class Rung:
    """One tier's line of the ladder. ``elo`` None: not measured (a link below is draws only);
    ``error`` inf: ``elo`` is a lower bound only. ``link`` is None for the anchor."""

    tier: str
    bot: str
    params: dict[str, Any]
    elo: float | None
    error: float
    link: Link | None
    #: Why ``elo`` is None.
    reason: str = ""

    def elo_text(self) -> str:
        """``'1000 (anchor)'``, ``'1240 ± 150'``, ``'≥ 1352'`` or why there is none."""
        if self.link is None:
            return f"{self.elo:.0f} (anchor)"
        if self.elo is None:
            return self.reason
        if math.isinf(self.error):
            return f"≥ {self.elo:.0f}"
        return f"{self.elo:.0f} ± {self.error:.0f}"

    def menu_text(self) -> str:
        """What a seat menu shows (``rating_text``)."""
        return rating_text(self.elo, math.isinf(self.error))


def rating_text(elo: float | None, lower_bound_only: bool) -> str:
    """A tier's rating as a seat menu shows it: ``'≈1240 Elo'``, ``'≥1352 Elo'``, or '' when not measured."""
    if elo is None or not math.isfinite(elo):
        return ""
    return f"{'≥' if lower_bound_only else '≈'}{elo:.0f} Elo"


def chain(tiers: Sequence[tuple[str, str, dict[str, Any]]], links: Sequence[Link],
          anchor_elo: float = ANCHOR_ELO) -> list[Rung]:
    """The ladder of ``tiers`` ((name, bot, params), weakest first) from the ``links``
    between each tier and the next (see the module notes)."""
    if len(links) != len(tiers) - 1:
        raise ValueError(f"{len(tiers)} tiers have {len(tiers) - 1} links, got {len(links)}")
    rungs = [Rung(*tiers[0], anchor_elo, 0.0, None)]
    elo: float | None = anchor_elo
    square, bound, reason = 0.0, False, ""   # sum of squared errors; ``elo`` a lower bound only; why no elo
    for tier, link in zip(tiers[1:], links):
        if elo is not None and link.elo is None:
            elo, reason = None, "draws only: no difference measured"
        elif elo is not None and math.isinf(link.low):
            elo, reason = None, "not measured (no lower bound against the tier below)"
        elif elo is None:
            reason = "not measured (no rating below)"
        elif math.isinf(link.high) or bound:
            elo = (elo if bound else elo - math.sqrt(square)) + link.low
            bound = True
        else:
            elo += link.elo
            square += link.error ** 2
        error = math.inf if bound or elo is None else math.sqrt(square)
        rungs.append(Rung(*tier, elo, error, link, reason if elo is None else ""))
    return rungs


def ladder_table(rungs: Sequence[Rung]) -> str:
    """The ladder as a text table: tier, bot, Elo ± (95%), games, W/D/L against the tier below,
    and the failed moves of the tier / of the one below in those games."""
    header = ("tier", "bot", "Elo ± (95%)", "games", "W/D/L vs below", "failures")
    rows = [(r.tier, r.bot, r.elo_text(), "", "", "") if r.link is None else
            (r.tier, r.bot, r.elo_text(), str(r.link.games), f"{r.link.wins}/{r.link.draws}/{r.link.losses}",
             "{}/{}".format(*r.link.failures)) for r in rungs]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    return "\n".join("  ".join(cell.ljust(width) if i < 3 else cell.rjust(width)
                               for i, (cell, width) in enumerate(zip(row, widths))).rstrip()
                     for row in [header, *rows])


def ladder_words(rungs: Sequence[Rung]) -> list[dict[str, Any]]:
    """The ladder as JSON values (a run's summary, ``assets/ladder.json``); inf as None."""
    def finite(value: float | None) -> float | None:
        return value if value is not None and math.isfinite(value) else None

    words = []
    for rung in rungs:
        link = None if rung.link is None else {**asdict(rung.link), "elo": finite(rung.link.elo),
                                               "low": finite(rung.link.low), "high": finite(rung.link.high)}
        words.append({"tier": rung.tier, "bot": rung.bot, "params": rung.params, "elo": finite(rung.elo),
                      "error": finite(rung.error), "lower_bound_only": rung.elo is not None
                      and math.isinf(rung.error), "text": rung.elo_text(), "menu": rung.menu_text(),
                      "against_below": link})
    return words


def ladder_entry(rungs: Sequence[Rung], *, command: str, measured: str, load: str, budget: float | list[float],
                 games_per_pairing: int) -> dict[str, Any]:
    """A game's entry in ``assets/ladder.json`` (what ``shipped_ratings`` reads): how, when and
    under what load it was measured, the time budget, and each tier as ``ladder_words`` gives it
    but for its ``menu`` text, which the menus make from ``elo`` and ``lower_bound_only``."""
    tiers = [{key: value for key, value in words.items() if key != "menu"} for words in ladder_words(rungs)]
    return {"command": command, "measured": measured, "load": load, "budget": budget,
            "games_per_pairing": games_per_pairing, "tiers": tiers}


def shipped_ratings(game_id: str, path: Path | None = None) -> tuple[float | None, dict[str, dict[str, Any]]]:
    """The time budget and the tiers (by name: each one's ``bot``, ``params``, ``elo`` and
    ``lower_bound_only``) of ``game_id``'s ladder as measured in ``path`` (default: the shipped file). (None, {})
    when the file or the game is missing or not as written: the menus then show no ratings."""
    try:
        entry = json.loads((path or LADDER_PATH).read_text(encoding="utf-8"))["games"][game_id]
        tiers = {t["tier"]: t for t in entry["tiers"] if isinstance(t, dict) and isinstance(t.get("tier"), str)}
        return float(entry["budget"]), tiers
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None, {}
