"""When the window draws a frame, and how long the loop may sleep between frames.

A board game's screen is still most of the time: the title once its pieces
have settled, a menu, the board on a human's turn. Drawing it sixty times a
second anyway costs a core's worth of a laptop's battery, so the loop handles
events and updates every frame (cheap) but draws and flips only when the
picture may have changed, and sleeps on events when nothing moves.

A frame is drawn when:
  - input arrived this frame, and for ``INPUT_LINGER`` seconds after it (a
    hover glow easing in, a tooltip appearing after its delay);
  - something reports it is moving (a scene, a toast, the warm-up card, a
    scene transition): every frame while it does, and one more after it
    stops, so the last picture shows where it came to rest;
  - something asked for one (``request``): a session event changed the board
    or the status box, a text field's caret blinked.
When only some parts move by themselves (a bot's thinking indicator, a
board animating a move while the rest of the screen stays: the scene's
``live_areas``), frames run at the frame rate but redraw those parts alone
and show only them, which spares both the drawing of everything else and
the copying of the whole window to the screen. When nothing moves, ``idle_wait`` tells the loop to sleep on the event
queue for at most ``IDLE_WAIT`` seconds, so the game's session, the engine
warm-up and the timers are still looked at a few times a second.
"""
from __future__ import annotations

from enum import Enum

#: Seconds of frames after any input, for what eases in after a hover or a key.
INPUT_LINGER = 1.0
#: The longest sleep on the event queue when nothing moves (seconds).
IDLE_WAIT = 0.2


class Drawing(Enum):
    """What a frame draws."""

    NOTHING = "nothing"
    LIVE = "live"        # the live areas alone
    WHOLE = "whole"


class FramePacer:
    """Decides, frame by frame, whether to draw, and whether the loop may sleep.

    The app calls ``input()`` for each event it handles, ``request()`` when
    something changed without moving, then after the frame's updates
    ``decide(dt, moving, live)``: what to draw. ``idle_wait()`` says how long
    the loop may then sleep on events (None: run the next frame at the frame rate).
    """

    def __init__(self) -> None:
        self._linger = 0.0
        self._requested = True       # the first frame is drawn
        self._was_moving = False
        self._moving = False
        self._live = False

    def input(self) -> None:
        """An event arrived: draw now and for ``INPUT_LINGER`` seconds more."""
        self._linger = INPUT_LINGER

    def request(self) -> None:
        """Something changed on screen without moving: draw the next frame."""
        self._requested = True

    def decide(self, dt: float, moving: bool, live: bool = False) -> Drawing:
        """What this frame draws, given whether anything is ``moving`` after its updates
        and whether ``live`` areas move by themselves (``dt`` seconds after the last frame)."""
        whole = moving or self._was_moving or self._requested or self._linger > 0
        self._linger = max(0.0, self._linger - dt)
        self._was_moving = self._moving = moving
        self._live = live
        self._requested = False
        return Drawing.WHOLE if whole else Drawing.LIVE if live else Drawing.NOTHING

    def idle_wait(self) -> float | None:
        """Seconds the loop may sleep on events before the next frame, or None when the
        next frame is due at the frame rate (something moves, input lingers, a frame
        was asked for, or the one after a movement's end is still to draw)."""
        if self._moving or self._live or self._requested or self._linger > 0:
            return None
        return IDLE_WAIT
