"""What the benchmarks that play a tier against a reference engine share: the machine's load,
the score of a list of game records, and the loop that plays colour-swapped pairs and keeps each
game as a JSON line (``--record``) so long runs can be split and summed (``--sum``).

Used by ``gomoku_rapfi.py`` and ``reversi_egaroucid.py``; each supplies how one game is played and
how its line and table read.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Callable, Sequence


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes, for the lines that report timings."""
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def score(records: Sequence[dict]) -> tuple[int, int, int, float]:
    """Our wins, losses, draws and score (a draw half a win) over ``records``."""
    wins = sum(r["result"] == "win" for r in records)
    losses = sum(r["result"] == "loss" for r in records)
    draws = len(records) - wins - losses
    return wins, losses, draws, (wins + draws / 2) / len(records) if records else 0.0


def read_records(names: Sequence[str]) -> list[dict]:
    """The games recorded in the files ``names``, one JSON object a line."""
    return [json.loads(line) for name in names for line in Path(name).read_text(encoding="utf-8").splitlines()
            if line.strip()]


def play_pairs(openings: Sequence[tuple], play: Callable[[tuple, int], dict], describe: Callable[[dict], str],
               first_pair: int = 1, record: str | None = None) -> list[dict]:
    """Play each opening twice, ours first as the first player (seat 0) then as the second, and
    return the records. Each game's line (``describe``) is printed with the load as it ends, and
    appended to ``record`` as it ends, so a run stopped half way keeps what it played."""
    records = []
    for index, opening in enumerate(openings):
        for seat in (0, 1):
            game = play(opening, seat)
            records.append(game)
            print(f"pair {first_pair + index} ours as {'first' if seat == 0 else 'second'}: {describe(game)}; "
                  f"load {load()}", flush=True)
            if record:
                with open(record, "a", encoding="utf-8") as out:
                    out.write(json.dumps(game) + "\n")
    return records


def run_match(openings: Sequence[tuple], play: Callable[[tuple, int], dict], describe: Callable[[dict], str],
              table: Callable[[list[dict]], str], close: Callable[[], None], first_pair: int = 1,
              record: str | None = None) -> int:
    """``play_pairs``, then the reference engine closed (``close``, even when a game fails) and the
    records' ``table`` printed with the load at the end; the script's exit status."""
    try:
        records = play_pairs(openings, play, describe, first_pair, record)
    finally:
        close()
    print(table(records))
    print(f"load at end {load()}")
    return 0
