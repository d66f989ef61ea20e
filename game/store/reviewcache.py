"""The player's review cache: a game's review started with its finished analysis kept on disk.

``game.match.review.job.ReviewJob`` reads a cached review and writes a finished
one through the writer it is handed; files are this layer's to write, so a
review that should be kept is started here (``start_review``), its file
written atomically (``jsonfile.atomic_write_text``) in ``reviews/`` of the
player's data folder.
"""
from __future__ import annotations

from pathlib import Path

from game.match.review.job import ReviewJob, cache_folder
from game.store.jsonfile import atomic_write_text


def start_review(game_spec: str, moves: list[str], budget_seconds_per_ply: float,
                 cache_dir: Path | None = None, start: str = "") -> ReviewJob:
    """``ReviewJob.start`` with the cache in ``cache_dir`` (default: the player's, ``cache_folder()``),
    read if it holds this game, written when the analysis is finished; ``start``: the set-up
    position the game started from, "" for the usual start."""
    return ReviewJob.start(game_spec, moves, budget_seconds_per_ply, cache_dir or cache_folder(), atomic_write_text,
                           start)
