"""What the tests of both sessions (``MatchSession``, a network game's ``RemoteSession``) share,
and the check that a class has what a protocol declares (the play screen's parts use it too)."""
from __future__ import annotations

import inspect

from game.match.session import Session


def session_mismatches(session: object) -> list[str]:
    """What ``session`` lacks of the ``Session`` interface the play screen drives."""
    return protocol_mismatches(session, Session)


def protocol_mismatches(thing: object, protocol: type) -> list[str]:
    """What ``thing`` lacks of ``protocol`` and the protocols it extends: each member
    (attribute, property or method) missing, each method that is not one or takes
    other parameters."""
    declared = [cls for cls in reversed(protocol.__mro__) if getattr(cls, "_is_protocol", False)]
    annotated = {name for cls in declared for name in vars(cls).get("__annotations__", {})}
    wrong = [f"{name} is missing" for name in sorted(annotated)
             if not name.startswith("_") and not hasattr(thing, name)]
    members = {name: member for cls in declared for name, member in vars(cls).items()}
    for name, member in members.items():
        if name.startswith("_"):
            continue
        if not hasattr(thing, name):
            wrong.append(f"{name} is missing")
        elif callable(member):
            mine = getattr(thing, name)
            wanted = list(inspect.signature(member).parameters)[1:]
            if not callable(mine) or list(inspect.signature(mine).parameters) != wanted:
                wrong.append(f"{name} is not {name}({', '.join(wanted)})")
    return wrong
