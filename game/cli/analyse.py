"""``analyse``: a position read from the command line, and the value of every legal move as a bot sees it."""
from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from game.cli.common import BOT_FAILED, CliError, bot_spec, check_budget, game_spec, load_setup, warn_problems

if TYPE_CHECKING:
    from game.rules.bot import MoveValue

#: Moves not valued are named up to this many (a Gomoku board has 200 points nobody searched).
UNKNOWN_LISTED = 24


def value_words(value: MoveValue) -> str:
    """One move's value as ``analyse`` lists it: its words, then whether they are proven."""
    if not value.exact:
        return value.text if "estimate" in value.text else f"{value.text} (estimate)"
    return value.text if "exact" in value.text else f"{value.text} (proven)"


def analyse_position(args: argparse.Namespace) -> int:
    """Print the position the command line names, then the value the chosen bot (the hint tier's,
    by default) gives each legal move, best first, and the position's value."""
    from game.rules.bot import position_value, ranked_moves
    from game.rules.core import BadNotation
    from game.match.runner import ANALYSE, BotRunner

    spec = game_spec(args.game, args.options)
    game_id = spec.game_id
    check_budget(args.budget)
    text = " ".join(args.moves)
    try:
        state = spec.rules.read(text, **dict(spec.options))
    except BadNotation as err:
        raise CliError(f"{spec} {text!r}: {err}") from None
    config, registry = load_setup(args)
    warn_problems(config, registry)
    moves = state.to_text()
    start = f"from {state.start_text}" if state.start_text else "from the start"
    print(f"{state.title} {start}{', after ' + moves if moves else ''}:")
    print(state)
    print()
    outcome = state.outcome()
    if outcome is not None:
        winners = ", ".join(state.seat_name(s) for s in outcome.winners)
        print(f"The game is over: {winners + ' wins' if winners else 'draw'} ({outcome.reason}).")
        return 0
    choice = args.bot or config.game(game_id).hint_tier
    if not choice:
        raise CliError(f"no tier of {game_id} can give hints; name a bot with --bot "
                       f"(choices: {', '.join(config.choice_names(game_id, registry)) or 'none'})")
    budget = config.game(game_id).hint_seconds if args.budget is None else args.budget
    spec = bot_spec(config, registry, game_id, choice, budget)
    with BotRunner(spec) as runner:
        runner.request(state, ANALYSE)
        reply = runner.wait()
    if reply.failure is not None:
        print(f"{args.prog}: {reply.failure}", file=sys.stderr)
        return BOT_FAILED
    if not reply.values:
        print(f"{args.prog}: {spec.who} does not value moves; try another with --bot", file=sys.stderr)
        return BOT_FAILED
    legal = state.legal_moves()
    print(f"{spec.who}, values of {state.seat_name(state.turn)}'s moves, best first:")
    names = {move: state.move_to_str(move) for move in legal}
    width = max(len(n) for n in names.values())
    ranked = ranked_moves(reply.values, legal)
    unknown = [names[move] for move, value in ranked if value is None]
    for move, value in ranked:
        if value is not None:
            print(f"  {names[move].ljust(width)}  {value_words(value)}")
        elif names[move] == unknown[0]:   # unknown moves rank together: one line in their place
            listed = " ".join(unknown) if len(unknown) <= UNKNOWN_LISTED else (
                f"{' '.join(unknown[:UNKNOWN_LISTED])} and {len(unknown) - UNKNOWN_LISTED} more")
            print(f"  unknown, not valued: {listed}")
    verdict = position_value(reply.values, legal)
    print(f"Value of the position for {state.seat_name(state.turn)}{', proven' if verdict.proven else ''}: "
          f"{verdict.text}")
    return 0
