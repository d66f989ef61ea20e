"""An arena run's records (``main.py arena --records DIR``): every game as a save file
that opens in the arcade, and a summary to reproduce and compare the run.

``DIR/game-0001.txt`` ... are written as each game is tallied, so a run stopped
half-way keeps the games it played; ``DIR/summary.json`` at the end holds the
command line, the configuration (game, options, games, openings, seed,
budgets, concurrency, SPRT), each bot's name and the SHA-256 of its source
file, and all the figures. Every file is written atomically.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path
from typing import Any, Sequence

from game.match.record import Match
from game.match.runner import BotSpec
from game.store.jsonfile import atomic_write_text
from game.store.savefile import save_match

SUMMARY_NAME = "summary.json"


def game_path(folder: Path, number: int) -> Path:
    """The save file of game ``number`` (0 = the first) of a run."""
    return folder / f"game-{number + 1:04d}.txt"


def write_game(folder: Path, number: int, match: Match) -> Path:
    """Save game ``number`` of the run in ``folder`` (made if missing); returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = game_path(folder, number)
    save_match(match, path)
    return path


def bot_source(spec: BotSpec) -> Path | None:
    """The file a bot's class is in: its own file, or its module's in the ``bots`` package."""
    if spec.path is not None:
        return Path(spec.path)
    try:
        found = importlib.util.find_spec(spec.module)
    except (ImportError, ValueError):
        return None
    return Path(found.origin) if found is not None and found.origin else None


def file_digest(path: Path | None) -> str | None:
    """The SHA-256 of a file, or None if there is none or it cannot be read."""
    if path is None:
        return None
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def bot_entry(spec: BotSpec) -> dict[str, Any]:
    """What the summary says of one side's bot: who it is, its file and that file's digest."""
    source = bot_source(spec)
    return {"bot": spec.who, "class": spec.key, "module": spec.module,
            "source": str(source) if source else None, "sha256": file_digest(source),
            "params": dict(spec.params), "budget": spec.budget, "seed": spec.seed}


def write_summary(folder: Path, *, argv: Sequence[str], config: dict[str, Any], specs: Sequence[BotSpec],
                  figures: dict[str, Any], sides: Sequence[dict[str, Any]]) -> Path:
    """Write ``summary.json`` in ``folder``; returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    summary = {"command": list(argv), "config": config,
               "bots": {name: bot_entry(spec) for name, spec in zip("ABCDEF", specs)},
               "sides": list(sides), "figures": figures}
    path = folder / SUMMARY_NAME
    atomic_write_text(path, json.dumps(summary, indent=1, default=str) + "\n")
    return path
