"""What a child process reports of its catalogue: the test that games registered in
the parent reach every kind of child (``game.match.supervisor.Child``)."""
from __future__ import annotations

from typing import Any

from game.match import messages as m
from game.rules.catalogue import game_ids
from tests.fixtures.children import Say


def report_games(conn: Any) -> None:
    """A ``Child.spawn`` target: send the child's game ids, a space between each."""
    m.send(conn, Say(" ".join(game_ids())))
