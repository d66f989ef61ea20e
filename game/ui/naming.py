"""How the screens name the players of a match: "You", "Player 2", "Master".

The play screen, its result panel and the list of saved games all name
players the same way, from the point of view of whoever sits at this screen:
a lone human is "You", several humans are "Player 1", "Player 2"..., a bot
goes by its label, with its seat added when two seats share a label.
"""
from __future__ import annotations

from typing import Callable, Sequence

from game.match.record import Player


def player_names(players: Sequence[Player], seat_name: Callable[[int], str]) -> list[str]:
    """The name of each seat's player; ``seat_name`` gives a seat's mark ("X")."""
    humans = [seat for seat, player in enumerate(players) if player.is_human]
    names = []
    for seat, player in enumerate(players):
        if player.is_human:
            names.append("You" if len(humans) == 1 else f"Player {humans.index(seat) + 1}")
        elif sum(1 for other in players if other.label == player.label) > 1:
            names.append(f"{player.label} ({seat_name(seat)})")
        else:
            names.append(player.label)
    return names
