"""The words of the Gomocup protocol that both of its ends read and write.

The Gomocup protocol (the one the Piskvork manager and the yearly Gomocup
tournament use; https://plastovicka.github.io/protocl2en.htm) is plain text,
one command a line. A point is written ``x,y``: ``x`` the column from the
left, ``y`` the row from the top, both from 0, which is our Gomoku's
``point(col, row)``. ``INFO rule`` is a sum of bits: 1 exactly five wins, 2 a
continuous game, 4 Renju, 8 Caro. Our engine (``game/engines/gomocup.py``) and
our client of other engines (``bots/lib/gomocup_client.py``) both read and
write these through here, so the two ends cannot drift apart.
"""
from __future__ import annotations

import re

#: ``INFO rule`` bits.
EXACT_FIVE, CONTINUOUS, RENJU, CARO = 1, 2, 4, 8
#: The ``INFO rule`` value of each of our rule sets.
RULE_CODES = {"freestyle": 0, "standard": EXACT_FIVE, "renju": RENJU}
#: What the bits we cannot play mean, for the message that refuses them.
UNPLAYABLE_BITS = {CONTINUOUS: "a continuous game", CARO: "Caro (five blocked at one end does not win)"}
#: ``INFO time_left`` when the match has no time limit.
UNLIMITED_MS = 2147483647
#: The longest text a line of ours carries from elsewhere (a quoted command, a message).
QUOTED_CHARS = 80

_POINT = re.compile(r"^\s*(-?\d{1,9})\s*,\s*(-?\d{1,9})\s*$")
_ABOUT_FIELD = re.compile(r'([A-Za-z_][\w-]*)\s*=\s*"([^"]*)"')


class GomocupTextError(ValueError):
    """A Gomocup word that cannot be read; the message quotes it."""


def rule_code(rule: str) -> int:
    """The ``INFO rule`` value of one of our rule sets: ``'renju'`` -> 4."""
    try:
        return RULE_CODES[rule]
    except KeyError:
        raise GomocupTextError(f"no Gomocup rule for {rule!r}: we know {', '.join(RULE_CODES)}") from None


def rule_name(code: int) -> str:
    """Our rule set for an ``INFO rule`` value: 0 freestyle, 1 standard, 4 (or 5) renju.

    ``GomocupTextError`` names what we cannot play: a continuous game, Caro,
    an unknown bit or a negative value."""
    if code < 0:
        raise GomocupTextError(f"rule {code} is not a sum of rule bits")
    for bit, meaning in UNPLAYABLE_BITS.items():
        if code & bit:
            raise GomocupTextError(f"rule {code} asks for {meaning}, which this engine does not play")
    if code & ~(EXACT_FIVE | RENJU):
        raise GomocupTextError(f"rule {code} has bits this engine does not know (it knows 1, 2, 4 and 8)")
    if code & RENJU:
        return "renju"  # Renju's Black wins only by exactly five anyway: 4 and 5 are the same game
    return "standard" if code & EXACT_FIVE else "freestyle"


def parse_point(text: str) -> tuple[int, int]:
    """``'7,9'`` (spaces allowed around the numbers) -> ``(7, 9)``; ``GomocupTextError`` quotes
    anything else. The numbers may be off any board: the caller checks them against its own."""
    match = _POINT.match(text)
    if match is None:
        raise GomocupTextError(f"{quoted(text)} is not a point written x,y")
    return int(match.group(1)), int(match.group(2))


def point_text(x: int, y: int) -> str:
    """A point as the protocol writes it: ``7,9``."""
    return f"{x},{y}"


def about_fields(line: str) -> dict[str, str]:
    """The ``key="value"`` pairs of an ``ABOUT`` answer (``{}`` for an old brain's free text)."""
    return {key.lower(): value for key, value in _ABOUT_FIELD.findall(line)}


def about_line(fields: dict[str, str]) -> str:
    """An ``ABOUT`` answer: ``name="...", version="..."`` (quotes in values become apostrophes)."""
    return ", ".join(f'{key}="{one_line(value).replace(chr(34), chr(39))}"' for key, value in fields.items())


def one_line(text: str) -> str:
    """``text`` fit to go out as (part of) one protocol line: control characters become spaces."""
    return "".join(c if c.isprintable() else " " for c in text).strip()


def quoted(text: str) -> str:
    """``text`` quoted in a message, cut to ``QUOTED_CHARS`` and on one line."""
    line = one_line(text)
    return repr(line if len(line) <= QUOTED_CHARS else line[:QUOTED_CHARS - 3] + "...")
