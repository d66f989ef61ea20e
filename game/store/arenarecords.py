"""An arena run's records (``main.py arena --records DIR``): every game as a save file
that opens in the arcade, and a summary to reproduce and compare the run.

``DIR/game-0001.txt`` ... are written as each game is tallied, so a run stopped
half-way keeps the games it played; ``DIR/summary.json`` at the end holds the
command line, the configuration (game, options, games, openings, seed,
budgets, concurrency, SPRT), each bot's name and the SHA-256 of its source
file, and all the figures. For two-seat games ``DIR/games.pgn`` lists every
game as rating tools read it (Ordo, BayesElo): a PGN header per game with
``White`` (the first seat), ``Black``, ``Round`` (the game pair) and ``Result``,
the moves in the game's notation in a ``Moves`` tag, and the result alone as
the movetext (the moves are not chess's). A Gomoku game is also written as
SGF (``game-0001.sgf``, ``GM[4]``), which Gomoku and Renju programs open.
Every file is written atomically.

``--ladder-file PATH`` (``write_ladder_entry``) puts a ladder run's entry into a
file of measured ladders such as the shipped ``assets/ladder.json``, keeping the
other games' entries; a file that is not such a JSON object is reported and
set aside as ``<name>.bad`` rather than written over.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path
from typing import Any, Sequence

from game.lang import N_
from game.match.arena import ArenaResult
from game.match.record import Match
from game.match.runner import BotSpec
from game.store.jsonfile import atomic_write_text, locked, read_json_object, set_aside
from game.store.savefile import save_match

SUMMARY_NAME = "summary.json"
PGN_NAME = "games.pgn"


def game_path(folder: Path, number: int) -> Path:
    """The save file of game ``number`` (0 = the first) of a run."""
    return folder / f"game-{number + 1:04d}.txt"


def write_game(folder: Path, number: int, match: Match) -> Path:
    """Save game ``number`` of the run in ``folder`` (made if missing), and a Gomoku
    game as SGF beside it; returns the save file's path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = game_path(folder, number)
    save_match(match, path)
    if match.state.game_id == "gomoku":
        atomic_write_text(path.with_suffix(".sgf"), sgf_text(match))
    return path


def sgf_text(match: Match) -> str:
    """A Gomoku game as SGF (FF[4], GM[4]): board size, rule, players (Black is the seat
    holding Black at the end, after any opening rule's swaps), result (``B+``, ``W+``, ``0``
    for a draw, none while unfinished) and the stones in the order placed (an opening's
    choices and offers left out)."""
    state = match.state
    outcome = match.outcome()
    black = state.black_seat
    result = "" if outcome is None else "0" if not outcome.winners else "BW"[outcome.winners[0] != black] + "+"
    properties = [("GM", "4"), ("FF", "4"), ("CA", "UTF-8"), ("SZ", str(state.size)), ("RU", state.rule),
                  ("PB", match.players[black].label), ("PW", match.players[1 - black].label)]
    if result:
        properties.append(("RE", result))
    root = "".join(f"{name}[{_sgf_escape(value)}]" for name, value in properties)
    moves = []
    for seat, move in zip(_alternating(), state.stone_order):
        col, row = state.col_row(int(move))
        moves.append(f";{'BW'[seat]}[{chr(ord('a') + col)}{chr(ord('a') + row)}]")
    return f"(;{root}{''.join(moves)})\n"


def _alternating():
    seat = 0
    while True:
        yield seat
        seat = 1 - seat


def _sgf_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


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
                  figures: dict[str, Any], results: Sequence[dict[str, Any]]) -> Path:
    """Write ``summary.json`` in ``folder``: ``results`` are each side's record (one run) or each
    pairing's (a gauntlet or round robin). Returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    summary = {"command": list(argv), "config": config,
               "bots": {name: bot_entry(spec) for name, spec in zip("ABCDEF", specs)},
               "results": list(results), "figures": figures}
    path = folder / SUMMARY_NAME
    atomic_write_text(path, json.dumps(summary, indent=1, default=str) + "\n")
    return path


def pgn_text(result: ArenaResult, event: str = "Board Arcade arena") -> str:
    """The games of a two-seat run as PGN headers (see the module notes); sides with
    the same name are told apart by their letter."""
    labels = [side.label for side in result.sides]
    if len(set(labels)) < len(labels):
        labels = [f"{label} {side.name}" for label, side in zip(labels, result.sides)]
    by_name = {side.name: label for side, label in zip(result.sides, labels)}
    games = []
    for number, (outcome, seating, transcript) in enumerate(zip(result.outcomes, result.seatings, result.transcripts)):
        score = "1/2-1/2" if not outcome.winners else "1-0" if outcome.winners == (0,) else "0-1"
        tags = [("Event", event), ("Site", result.title), ("Round", f"{number // 2 + 1}.{number % 2 + 1}"),
                ("White", by_name[seating[0]]), ("Black", by_name[seating[1]]), ("Result", score),
                ("Moves", transcript), ("Termination", outcome.reason)]
        games.append("\n".join(f'[{name} "{_pgn_escape(value)}"]' for name, value in tags) + f"\n\n{score}\n")
    return "\n".join(games)


def _pgn_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_pgn(folder: Path, result: ArenaResult) -> Path:
    """Write ``games.pgn`` in ``folder`` for a two-seat run; returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / PGN_NAME
    atomic_write_text(path, pgn_text(result))
    return path


def write_ladder_entry(path: Path, game_id: str, entry: dict[str, Any], about: str) -> list[str]:
    """Put ``game_id``'s ladder ``entry`` into the file of measured ladders at ``path``
    (``{"about": ..., "games": {game id: entry}}``), keeping the other games' entries, under
    the file's lock. Returns what was wrong with the file before: one that is not such an
    object is set aside as ``<name>.bad`` (its entries kept there) and a new one written."""
    with locked(path):
        ladders, problems = read_json_object(path, N_("a JSON object of measured ladders"))
        if ladders is not None and not isinstance(ladders.get("games", {}), dict):
            problems = [f"{path}: expected its \"games\" to be an object of the games' ladders{set_aside(path)}"]
            ladders = None
        games = dict((ladders or {}).get("games", {}))
        games[game_id] = entry
        atomic_write_text(path, json.dumps({"about": about, "games": games}, indent=1, ensure_ascii=False) + "\n")
    return problems
