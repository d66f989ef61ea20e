"""What the tests of both sessions (``MatchSession``, a network game's ``RemoteSession``) share."""
from __future__ import annotations

import inspect

from game.match.session import Session


def session_mismatches(session: object) -> list[str]:
    """What ``session`` lacks of the ``Session`` interface the play screen drives: each
    member missing, each method that is not one or takes other parameters."""
    wrong = []
    for name, member in vars(Session).items():
        if name.startswith("_"):
            continue
        if not hasattr(session, name):
            wrong.append(f"{name} is missing")
        elif callable(member):
            mine = getattr(session, name)
            wanted = list(inspect.signature(member).parameters)[1:]
            if not callable(mine) or list(inspect.signature(mine).parameters) != wanted:
                wrong.append(f"{name} is not {name}({', '.join(wanted)})")
    return wrong
