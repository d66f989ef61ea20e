"""Clocks for people: a game's time control and each seat's time left.

A ``TimeControl`` is one of three kinds (none is ``None``):

- sudden death: ``M`` minutes for the whole game (written ``10``);
- Fischer: ``M`` minutes, and ``I`` seconds added after each of the seat's moves (``5+3``);
- byo-yomi: ``M`` minutes, then ``N`` periods of ``S`` seconds (``5+3x30``): a move made
  within a period keeps it; a period used up is gone, and the flag falls when the last one is.

Main times may have seconds: ``0:05+1`` is five seconds and one more a move.

A ``Clock`` holds a ``SeatTime`` per seat and runs for one seat at a time, the one whose
turn it is. It reads the time from ``now`` (``time.monotonic`` unless told otherwise), so
a test drives it with a fake clock and never sleeps. It never decides anything itself:
the session asks it whether a flag fell (``fallen``) and ends the game (``lost_on_time``).
Its times after each ply are kept (``mark``/``rewind``) so an undo puts them back.
"""
from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass, replace
from typing import Callable, Sequence

from game.lang import N_, _, ngettext
from game.rules.core import Outcome, Termination

#: The ending of a game a player's flag fell in.
LOST_ON_TIME = Termination("lost on time")

_CONTROL = re.compile(r"^(?P<min>\d{1,3})(?::(?P<sec>[0-5]\d))?"
                      r"(?:\+(?:(?P<periods>\d{1,2})x(?P<period>\d{1,4})|(?P<inc>\d{1,3})))?$")
#: The presets the setup screen offers, as written.
PRESETS = ("1", "3+2", "5", "5+3", "10", "15+10", "30", "5+3x30", "10+5x30")
#: Seconds left under which a seat's clock shows as low (or its last byo-yomi period is running).
LOW_TIME = 10.0
#: A custom time control on the setup screen: its main time's minutes, and what follows it
#: (nothing: sudden death; ``+I``: a Fischer increment; ``+NxS``: byo-yomi), as ``parse`` reads them.
CUSTOM_MINUTES = (1, 2, 3, 5, 7, 10, 15, 20, 25, 30, 45, 60, 90)
CUSTOM_AFTER = ("", "+1", "+2", "+3", "+5", "+10", "+15", "+20", "+30", "+1x30", "+3x10", "+3x30", "+5x30", "+5x60")


class BadTimeControl(ValueError):
    """Text that is not a time control; the message says what was expected."""


@dataclass(frozen=True)
class TimeControl:
    """A game's time control: ``main`` seconds each, then ``increment`` seconds added after
    every move (Fischer) or ``periods`` byo-yomi periods of ``period`` seconds."""

    main: float
    increment: float = 0.0
    periods: int = 0
    period: float = 0.0

    def __post_init__(self) -> None:
        if self.main < 0 or self.increment < 0 or self.periods < 0 or self.period < 0:
            raise BadTimeControl("a time control's times are not negative")
        if self.increment and self.periods:
            raise BadTimeControl("a time control has an increment or byo-yomi periods, not both")
        if bool(self.periods) != bool(self.period):
            raise BadTimeControl("byo-yomi needs both a number of periods and their length")
        if self.main == 0 and not self.periods and not self.increment:
            raise BadTimeControl("a time control with no main time needs an increment or byo-yomi periods")

    @property
    def kind(self) -> str:
        """``'sudden'``, ``'fischer'`` or ``'byoyomi'``."""
        return "byoyomi" if self.periods else "fischer" if self.increment else "sudden"

    @classmethod
    def parse(cls, text: str) -> "TimeControl | None":
        """``10``, ``5+3``, ``5+3x30``, ``0:05+1`` (minutes[:seconds], +increment seconds or
        +periods x seconds); ``none`` or nothing is no time control. ``BadTimeControl`` otherwise."""
        text = text.strip().lower().replace(" ", "").replace("×", "x")
        if text in ("", "none", "-"):
            return None
        found = _CONTROL.match(text)
        if found is None:
            raise BadTimeControl(f"{text[:40]!r} is not a time control: write minutes (10), minutes+increment "
                                 "(5+3), minutes+periods x seconds (5+3x30) or none")
        main = int(found["min"]) * 60 + int(found["sec"] or 0)
        if found["periods"]:
            return cls(main, periods=int(found["periods"]), period=int(found["period"]))
        return cls(main, increment=int(found["inc"] or 0))

    @property
    def text(self) -> str:
        """As ``parse`` reads it."""
        minutes, seconds = divmod(int(self.main), 60)
        main = f"{minutes}:{seconds:02d}" if seconds else str(minutes)
        if self.periods:
            return f"{main}+{self.periods}x{self.period:g}"
        return f"{main}+{self.increment:g}" if self.increment else main

    def label(self) -> str:
        """In words for a menu: ``5 min + 3 s``, ``10 min``, ``5 min + 3×30 s``."""
        minutes, seconds = divmod(int(self.main), 60)
        main = (_("{m} min {s} s").format(m=minutes, s=seconds) if minutes and seconds
                else _("{s} s").format(s=seconds) if seconds else _("{m} min").format(m=minutes))
        if self.periods:
            return _("{main} + {n}×{s} s").format(main=main, n=self.periods, s=f"{self.period:g}")
        if self.increment:
            return _("{main} + {s} s").format(main=main, s=f"{self.increment:g}")
        return main


def after_label(after: str) -> str:
    """What follows a custom control's main time (``CUSTOM_AFTER``), in words for its chooser."""
    if not after:
        return _("no more time")
    control = TimeControl.parse(f"0{after}")
    if control.periods:
        return _("then {n}×{s} s").format(n=control.periods, s=f"{control.period:g}")
    return _("+{s} s a move").format(s=f"{control.increment:g}")


def custom_parts(control: TimeControl | None) -> tuple[int, str]:
    """The custom choosers' values nearest ``control`` (5 minutes and nothing more for none)."""
    if control is None:
        return 5, ""
    minutes = min(CUSTOM_MINUTES, key=lambda m: abs(m * 60 - control.main))
    after = control.text.partition("+")[2]
    return minutes, f"+{after}" if f"+{after}" in CUSTOM_AFTER else ""


def control_label(control: TimeControl | None) -> str:
    """A time control in words, ``No clock`` for none."""
    return control.label() if control is not None else _("No clock")


@dataclass(frozen=True)
class SeatTime:
    """One seat's time: ``main`` seconds of main time left, ``periods`` byo-yomi periods
    left, and ``period`` seconds left of the one running (full between moves)."""

    main: float
    periods: int = 0
    period: float = 0.0
    flagged: bool = False

    @property
    def shown(self) -> float:
        """The seconds a clock face shows: main time, or the running period's once it is spent."""
        return self.main if self.main > 0 or not self.periods else self.period


def clock_text(seconds: float) -> str:
    """A clock face: ``4:59``, ``1:02:03``; tenths under ten seconds (``9.4``)."""
    seconds = max(0.0, seconds)
    if seconds < LOW_TIME:
        return f"{math.floor(seconds * 10) / 10:.1f}"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def periods_text(time_left: SeatTime) -> str:
    """The byo-yomi periods left in words (``3 × 30 s``), empty without byo-yomi."""
    if not time_left.periods:
        return ""
    return ngettext("{n} period", "{n} periods", time_left.periods).format(n=time_left.periods)


class Clock:
    """Each seat's time under ``control``, running for one seat at a time: see the module docstring.

    ``start(seat)`` begins a seat's turn, ``moved()`` ends it (charging the time spent and
    adding the increment), ``hold()`` stops it without ending it (a bot's answer waits to be
    shown), ``pause``/``resume`` stop it for the game menu or a dropped network player.
    """

    def __init__(self, control: TimeControl, seats: int, now: Callable[[], float] = time.monotonic,
                 times: Sequence[SeatTime] | None = None) -> None:
        self.control = control
        self._now = now
        full = SeatTime(control.main, control.periods, control.period)
        self.times: list[SeatTime] = list(times) if times is not None else [full] * seats
        if len(self.times) != seats:
            raise ValueError(f"a clock for {seats} seats was given {len(self.times)} times")
        self.running: int | None = None
        self._spent = 0.0              # this turn's time before the last pause or hold
        self._since: float | None = None
        self.paused = False
        self._history: dict[int, tuple[SeatTime, ...]] = {}

    # -- reading ------------------------------------------------------------------------
    def spent(self) -> float:
        """Seconds the seat to move has spent on this turn so far."""
        return self._spent + (self._now() - self._since if self._since is not None else 0.0)

    def left(self, seat: int) -> SeatTime:
        """``seat``'s time now (its running turn charged, no increment yet)."""
        time_left = self.times[seat]
        return charged(self.control, time_left, self.spent()) if seat == self.running else time_left

    def ticking(self) -> int | None:
        """The seat whose clock is running now (None: none is, or it is paused or held)."""
        return self.running if self._since is not None else None

    def fallen(self) -> int | None:
        """The seat whose flag has fallen (its time is out), if any."""
        if self.running is not None and self.left(self.running).flagged:
            return self.running
        return next((seat for seat, time_left in enumerate(self.times) if time_left.flagged), None)

    def until_flag(self, seat: int) -> float:
        """Seconds ``seat`` may still think on this turn before its flag falls."""
        time_left = self.left(seat)
        if time_left.flagged:
            return 0.0
        if time_left.main > 0:
            return time_left.main + time_left.periods * self.control.period
        return time_left.period + (time_left.periods - 1) * self.control.period

    def budget_for(self, seat: int, budget: float) -> float:
        """A bot's budget for this move capped so that it never flags: a tenth of its time
        left to the flag plus most of what the move gives back (its increment, a byo-yomi
        period), and always its budget and the runner's grace within the flag."""
        time_left = self.left(seat)
        back = self.control.increment or (self.control.period if time_left.periods else 0.0)
        share = (time_left.main / 10 + 0.8 * back) if time_left.main > 0 else 0.8 * back
        safe = (self.until_flag(seat) - 0.5) / 1.25
        return max(0.05, min(budget, share, safe))

    # -- running ------------------------------------------------------------------------
    def start(self, seat: int) -> None:
        """``seat``'s turn begins now (when resumed, if paused)."""
        self.running, self._spent = seat, 0.0
        self._since = None if self.paused else self._now()

    def hold(self) -> None:
        """Stop the running turn's time without ending the turn (a bot answered; its move is
        played later). ``resume`` or ``moved`` follow."""
        self._stop()

    def moved(self, increment: bool = True) -> None:
        """The running seat moved: charge its turn, add its increment (or give back its byo-yomi
        period), and run no one until ``start``. ``increment=False``: a decision that completes
        no move on the board (``State.completes_a_move``) earns no Fischer increment; a byo-yomi
        period is given back after it as after any turn."""
        if self.running is None:
            return
        seat = self.running
        time_left = charged(self.control, self.times[seat], self.spent())
        if not time_left.flagged:
            added = self.control.increment if increment else 0.0
            time_left = replace(time_left, main=time_left.main + added
                                if time_left.main > 0 or not time_left.periods else 0.0,
                                period=self.control.period if time_left.periods else 0.0)
        self.times[seat] = time_left
        self.running, self._spent, self._since = None, 0.0, None

    def pause(self) -> None:
        self.paused = True
        self._stop()

    def resume(self) -> None:
        """Go on after ``pause`` or ``hold``."""
        self.paused = False
        if self.running is not None and self._since is None:
            self._since = self._now()

    def _stop(self) -> None:
        if self._since is not None:
            self._spent += self._now() - self._since
            self._since = None

    def flag(self, seat: int) -> None:
        """Mark ``seat``'s flag fallen (the server said so) and stop its time."""
        self.times[seat] = replace(self.times[seat], main=0.0, periods=0, period=0.0, flagged=True)
        if self.running == seat:
            self.running, self._spent, self._since = None, 0.0, None

    # -- history ------------------------------------------------------------------------
    def mark(self, ply: int) -> None:
        """Keep the times as they are after ``ply`` moves (the times of later plies, a game
        taken back and played otherwise, are dropped)."""
        self._history = {p: times for p, times in self._history.items() if p < ply}
        self._history[ply] = tuple(self.times)

    def rewind(self, ply: int) -> None:
        """Put back the times kept after ``ply`` moves (an undo, a redo, a restart: the start is
        everyone's full time); times never kept (the moves before a saved game was loaded) stay
        as they are."""
        if ply in self._history:
            self.times = list(self._history[ply])
        elif ply == 0:
            self.times = [SeatTime(self.control.main, self.control.periods, self.control.period)] * len(self.times)
        self.running, self._spent, self._since = None, 0.0, None

    def set_times(self, times: Sequence[SeatTime], running: int | None = None, spent: float = 0.0) -> None:
        """Take the times another clock keeps (the server's): ``running``'s turn has lasted ``spent``."""
        self.times = list(times)
        self.running, self._spent = running, spent
        self._since = self._now() if running is not None and not self.paused else None

    def reset(self) -> None:
        """Every seat's full time again, no history (a new game)."""
        self.times = [SeatTime(self.control.main, self.control.periods, self.control.period)] * len(self.times)
        self.running, self._spent, self._since = None, 0.0, None
        self._history = {}


def charged(control: TimeControl, time_left: SeatTime, spent: float) -> SeatTime:
    """``time_left`` after ``spent`` seconds of a turn (no increment): main time first, then
    byo-yomi periods, each used up one lost; flagged when no time is left."""
    if time_left.flagged:
        return time_left
    main = time_left.main - spent
    if main > 0:
        return replace(time_left, main=main, period=control.period if time_left.periods else 0.0)
    if not time_left.periods:
        return SeatTime(0.0, flagged=True)
    over = -main
    used = math.floor(over / control.period)
    if used >= time_left.periods:
        return SeatTime(0.0, flagged=True)
    return SeatTime(0.0, time_left.periods - used, control.period - (over - used * control.period))


def lost_on_time(num_seats: int, seat: int, name: str) -> Outcome:
    """The game's end when ``seat``'s flag falls: the other seat wins a game of two; in a game
    of three or more the player whose flag fell is out and the game ends with it, the seats
    still in it sharing the win and the flagged seat last (as a player who does not come back
    to a network game forfeits). Its reason is English, as the rules write theirs: the save
    keeps it so, and the window words it (``game.rules.phrases``)."""
    staying = tuple(s for s in range(num_seats) if s != seat)
    ranking = (staying, (seat,)) if num_seats > 2 else ()
    return Outcome(staying, N_("{name} lost on time").format(name=name), (), ranking, termination=LOST_ON_TIME)


def times_text(times: Sequence[SeatTime]) -> str:
    """Each seat's time as a save file writes it: seconds, ``/periods`` under byo-yomi."""
    return ", ".join(f"{t.main:.1f}/{t.periods}" if t.periods or t.period else f"{t.main:.1f}" for t in times)


def parse_times(text: str, control: TimeControl, seats: int) -> list[SeatTime]:
    """``times_text``'s text back; ``ValueError`` naming what is wrong."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != seats:
        raise ValueError(f"{len(parts)} times for {seats} seats")
    times = []
    for part in parts:
        main_text, _sep, periods_text_ = part.partition("/")
        try:
            main = float(main_text)
            periods = int(periods_text_) if periods_text_ else 0
        except ValueError:
            raise ValueError(f"{part[:20]!r} is not a time left (seconds, or seconds/periods)") from None
        if not math.isfinite(main) or main < 0 or periods < 0 or periods > control.periods:
            raise ValueError(f"{part[:20]!r} is not a time left under {control.text}")
        times.append(SeatTime(main, periods, control.period if periods else 0.0))
    return times
