"""How the screens name the players of a match: "You", "Player 2", "Master".

The play screen, its result panel, the statistics and the list of saved
games all name players the same way, from the point of view of whoever sits
at this screen: a lone human is "You", several humans are "Player 1",
"Player 2"..., a bot goes by its label, with its seat added when two seats
share a label. The statistics file keeps a matchup as "Human vs Master";
``matchup_title`` is how the screens show it.
"""
from __future__ import annotations

import getpass
from typing import Callable, Sequence

from game.lang import _
from game.match.record import REMOTE, Player
from game.net.seating import OPEN_SEAT

#: The longest name a player may give themselves for the network (Join's and the host's field).
NAME_LENGTH = 24
#: How the statistics file names a human seat.
HUMAN_LABEL = Player.human().label


def player_names(players: Sequence[Player], seat_name: Callable[[int], str]) -> list[str]:
    """The name of each seat's player; ``seat_name`` gives a seat's mark ("X")."""
    humans = [seat for seat, player in enumerate(players) if player.is_human]
    names = []
    for seat, player in enumerate(players):
        open_seat = player.kind == REMOTE and player.label == OPEN_SEAT
        label = _(player.label) if player.is_bot or open_seat else player.label     # a tier's name; a person's as typed
        if player.is_human:
            names.append(_("You") if len(humans) == 1 else _("Player {n}").format(n=humans.index(seat) + 1))
        elif sum(1 for other in players if other.label == player.label) > 1:
            names.append(f"{label} ({_(seat_name(seat))})")
        else:
            names.append(label)
    return names


def matchup_title(matchup: str) -> str:
    """A statistics matchup as the screens name it: "Human vs Master" is "You vs
    Master", "Human vs Human" is "Player 1 vs Player 2", "Human ×3 vs Hard"
    is "Players ×3 vs Hard"."""
    sides = matchup.split(" vs ")
    humans = [i for i, side in enumerate(sides) if side == HUMAN_LABEL or side.startswith(HUMAN_LABEL + " ×")]
    if len(humans) == 1 and sides[humans[0]] == HUMAN_LABEL:
        sides[humans[0]] = _("You")
    else:
        for number, index in enumerate(humans, start=1):
            side = sides[index]
            sides[index] = _("Player {n}").format(n=number) if side == HUMAN_LABEL else _("Players") + side[len(HUMAN_LABEL):]
    return _(" vs ").join(side if i in humans else _(side) for i, side in enumerate(sides))


def default_name() -> str:
    """The name others see until the player types one: their login name, else "Player"."""
    try:
        name = getpass.getuser()
    except Exception:       # no login name in this environment (getpass raises various errors)
        name = ""
    return (name or "Player")[:NAME_LENGTH]
