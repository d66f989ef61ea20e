"""What the play scene tells a board renderer, and the behaviour every renderer shares.

A renderer draws one game's board and turns the player's clicks and keys
into moves. The play scene owns the match; it hands the renderer the state
and a ``BoardView`` (last move, hint, whether a human here is to move, the
outcome) and tells it about changes (``on_move``, ``on_undo``,
``on_outcome``) so it can animate them. The renderer keeps only what it
needs to draw: tweens, the hovered cell and the keyboard cursor; the state
passed to ``draw`` is always the truth, so a renderer that missed an event
still draws the right position.

Input plumbing is shared here: the base class tracks the hovered cell and a
keyboard cursor and maps mouse clicks, arrow keys, digit keys and
Enter/Space to *cells*; each game says what a cell is (``cell_at``), which
move picking a cell makes (``move_for_cell``), how arrows step the cursor
(``step_cursor``) and which cell a digit names (``cell_for_digit``). A board
where a move takes a piece from one cell to another adds
``renderers.picking.PickThenPlace``: pick a piece, see where it can go, place it.
Coordinates are those of the surface given to ``draw`` (the screen), the
same as mouse events.

Animations shared by every board (shake, glide, fades, the outcome's sweep)
are in ``renderers.effects``; a board of cells in rows and columns
builds on ``renderers.grid.GridRenderer`` (square cells unless its
``geometry_type`` says otherwise) and draws only its pieces.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, ClassVar, Hashable, Mapping, Protocol

import pygame

from game.lang import _, N_
from game.rules.bot import MoveValue
from game.rules.core import Move, Outcome, RulesError, State
from game.rules.phrases import value_in_words
from game.match.record import MoveRecord
from game.ui import palette
from game.ui.tween import Easing, Tween, ease_out_cubic

Cell = Hashable


#: The rules' reasons a board refuses a point, square or hole that are always the same words,
#: in the catalogue so a refusal shows in the player's language (``refusal_words``).
REFUSALS = (N_("the game is over"), N_("the point is taken"), N_("the square is taken"), N_("that cell is taken"),
            N_("it turns over no disc"), N_("the path visits a hole twice"), N_("a move needs at least two holes"),
            N_("not a path of holes"), N_("it makes a double-three, forbidden to Black in Renju"),
            N_("it makes a double-four, forbidden to Black in Renju"),
            N_("it makes an overline, forbidden to Black in Renju"), N_("a player with a move may not pass"))


def refusal_words(words: str) -> str:
    """The rules' ``'h8 is not legal: the point is taken'`` in the player's language (a reason
    not in the catalogue is shown as the rules word it): ``value_in_words``, whose patterns hold it."""
    return value_in_words(words)


class Effect(Protocol):
    """What the base keeps of an effect (``renderers.effects``): a way to stop it."""

    def clear(self) -> None: ...

_ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
_DIGITS = {getattr(pygame, f"K_{d}"): d for d in range(10)}
_DIGITS.update({getattr(pygame, f"K_KP{d}"): d for d in range(10)})
_PLAY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def blit_centred(target: pygame.Surface, image: pygame.Surface, centre: tuple[float, float],
                 opacity: float = 1.0) -> None:
    """Draw ``image`` centred on ``centre`` at ``opacity`` (0..1; nothing at 0): how
    renderers place their cached pieces, marks and rings."""
    if opacity <= 0.0:
        return
    image.set_alpha(int(round(255 * min(1.0, opacity))))
    target.blit(image, image.get_rect(center=(int(round(centre[0])), int(round(centre[1])))))


@dataclass(frozen=True)
class DisplayOption:
    """A way of showing a board that the player turns on or off in Settings (Reversi's
    dots where the mover may play): a renderer lists its own in ``display_options``,
    the Settings screen offers every renderer's, and ``BoardView.display`` brings the
    player's choice to the board."""

    #: The key the settings file keeps the choice under.
    name: str
    #: The Settings row's label, and the line under it (the games offering it are added).
    label: str
    note: str
    default: bool
    #: The Settings chooser's words for on and off. A renderer's ``board_set`` names its two
    #: sets of board and pieces here ("Wood", "Green felt"): on is the second set.
    choices: tuple[str, str] = (N_("On"), N_("Off"))


@dataclass
class BoardView:
    """What the play scene shows beyond the position itself."""

    last_move: Move | None = None
    hint: Move | None = None
    hint_values: dict[Move, MoveValue] = field(default_factory=dict)
    #: A human at this screen is to move: show hover and cursor, accept input.
    interactive: bool = False
    outcome: Outcome | None = None
    #: The player's display choices by ``DisplayOption`` name; an option left out shows its default.
    display: Mapping[str, bool] = field(default_factory=dict)

    def shows(self, option: DisplayOption) -> bool:
        """Whether the player wants ``option`` shown."""
        return bool(self.display.get(option.name, option.default))


#: The game menu's sample positions by renderer class and size (see ``Renderer.draw_preview``).
_PREVIEWS: dict[tuple[type, tuple[int, int]], pygame.Surface] = {}

#: Seconds the board's pulses (a hint's ring, the winning line, the disc over the aimed
#: column) breathe after the board last changed or was pointed at, the last
#: ``AMBIENT_FADE`` of them easing to rest: a still board then costs no frames.
AMBIENT_SECONDS = 4.0
AMBIENT_FADE = 1.0


class Renderer:
    """Base of every game's board renderer (see the module docstring).

    Subclasses set ``game_id``, implement ``draw``, ``draw_preview`` and the
    cell hooks, and create their animations with ``animate`` (or the shared
    effects of ``renderers.effects``, which use it) so that the animation
    speed, ``busy`` and ``reset`` work the same for every game.
    """

    game_id: ClassVar[str] = ""
    #: How a human plays on this board, in one short line for the play
    #: screen's status box while it is their move ('' shows nothing).
    input_help: ClassVar[str] = ""
    #: What of this board the player may show or hide (listed in Settings).
    display_options: ClassVar[tuple[DisplayOption, ...]] = ()
    #: The display option (one of ``display_options``) that chooses between this board's two
    #: sets of board and pieces; ``second_set`` says which is shown. None: one set only.
    board_set: ClassVar[DisplayOption | None] = None

    def __init__(self) -> None:
        self._anim_speed = 1.0
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: Seconds of animation time since the renderer was made (drives pulses).
        self.clock = 0.0
        self._tweens: list[tuple[Tween, bool]] = []
        self.hover: Cell | None = None
        self.cursor: Cell = self.default_cursor()
        self.cursor_visible = False
        #: The player chose the board's second set (``board_set``): ``follow_view`` keeps it.
        self.second_set = False
        #: The colours (``palette.generation``) and set the cached images were made with.
        self._look = (palette.generation, False)
        #: True after ``handle_event`` refused a pick (a taken cell): the play
        #: scene may play the "error" sound. Reset by the next event.
        self.rejected_input = False
        #: Why the last refused pick is not a move, in the rules' words ('' when
        #: they give none): the play scene shows it. Reset by the next event.
        self.rejection = ""
        self._fonts: dict[tuple[Path, int], pygame.font.Font] = {}
        #: Images that change only with the layout, by key (see ``cached``).
        self._cache: dict[Any, pygame.Surface] = {}
        #: What the surface given to ``draw`` shows under the board area before the board is
        #: drawn (the window's background, set by the play screen), or None when unknown.
        self.backdrop: pygame.Surface | None = None
        #: The board area as last drawn with its parts that do not move, by key (``blit_static``).
        self._static: dict[Hashable, tuple[pygame.Surface, pygame.Surface]] = {}
        self._effects: list[Effect] = []
        self._ambient_left = AMBIENT_SECONDS
        #: The clock when a pulse was last drawn (``effects.beat``), and whether the last drawing had one.
        self.beat_clock = -1.0
        self._pulsing = False

    # -- animation ------------------------------------------------------------
    @property
    def anim_speed(self) -> float:
        """Animation speed multiplier: 1 normal, 2 twice as fast, 0 no animation."""
        return self._anim_speed

    @anim_speed.setter
    def anim_speed(self, value: float) -> None:
        if value < 0:
            raise ValueError(f"anim_speed must be 0 or more, got {value!r}")
        self._anim_speed = float(value)
        if self._anim_speed == 0:
            for tween, _done in self._tweens:
                tween.finish()

    def animate(
        self,
        start: float,
        end: float,
        duration: float,
        easing: Easing = ease_out_cubic,
        delay: float = 0.0,
        blocking: bool = True,
    ) -> Tween:
        """A tween advanced by ``update``; ``blocking`` ones make the renderer ``busy``.

        Durations are at normal speed; ``anim_speed`` scales time, and at 0
        the tween is finished at once.
        """
        tween = Tween(start, end, duration, easing, delay)
        if self._anim_speed == 0:
            tween.finish()
        else:
            self._tweens.append((tween, blocking))
        return tween

    @property
    def animated(self) -> bool:
        """Whether ambient effects (pulses, glides) move at all."""
        return self._anim_speed > 0

    def stir(self) -> None:
        """The board changed or was pointed at: its pulses breathe again for ``AMBIENT_SECONDS``."""
        self._ambient_left = AMBIENT_SECONDS

    @property
    def liveliness(self) -> float:
        """How far the pulses swing: 1 after a change, easing to 0 (at rest) ``AMBIENT_SECONDS`` later."""
        return min(1.0, self._ambient_left / AMBIENT_FADE)

    @property
    def animating(self) -> bool:
        """An animation runs, or a pulse on the board still breathes: the window keeps drawing the board."""
        return bool(self._tweens) or (self.animated and self._pulsing and self._ambient_left > 0)

    def update(self, dt: float) -> None:
        """Advance every animation by ``dt`` seconds of real time."""
        step = max(0.0, dt) * self._anim_speed
        self._pulsing = self.beat_clock == self.clock    # the last drawing (at this clock) had a pulse
        self.clock += step
        self._ambient_left = max(0.0, self._ambient_left - max(0.0, dt))
        for tween, _done in self._tweens:
            tween.update(step)
        self._tweens = [(t, b) for t, b in self._tweens if not t.done]

    @property
    def busy(self) -> bool:
        """A move (or the outcome highlight) is still being animated."""
        return any(blocking and not tween.done for tween, blocking in self._tweens)

    def finish_animations(self) -> None:
        """Jump every running animation to its end."""
        for tween, _done in self._tweens:
            tween.finish()
        self._tweens.clear()

    def add_effect(self, effect: Effect) -> None:
        """Keep ``effect`` (made with this renderer) so that ``reset`` and ``on_undo`` clear it."""
        self._effects.append(effect)

    def _clear_effects(self) -> None:
        for effect in self._effects:
            effect.clear()

    def seat_colours(self) -> tuple[palette.RGB, ...]:
        """The colour of each seat's pieces on this board, seat 0 first: the play
        screen's turn card, move list and result panel use them, so they match
        the pieces (Connect Four's second player is yellow, not the palette's teal)."""
        return palette.SEAT_COLOURS

    def seat_pieces(self, state: State, seat: int) -> int:
        """Which of ``seat_colours`` a seat's pieces are now: its own, unless a game's seats
        change colours (a Gomoku opening rule's swap)."""
        return seat

    def seat_figures(self, state: State) -> tuple[str, ...]:
        """A short figure for each seat, seat 0 first, that the play screen shows beside
        the players' names at all times (Reversi's disc counts); none by default."""
        return ()

    # -- lifecycle ------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Use ``rect`` as the board area (called on every resize)."""
        self.rect = pygame.Rect(rect)

    def reset(self, state: State) -> None:
        """A new, loaded or restarted game: drop animations, effects, hover and outcome."""
        self.stir()
        self._tweens.clear()
        self._clear_effects()
        self.hover = None
        self.cursor = self.default_cursor()
        self.cursor_visible = False
        self.rejected_input = False
        self.rejection = ""

    def on_move(self, state: State, record: MoveRecord) -> None:
        """``record`` was just played; ``state`` is after it. Animate, no sound."""

    def sound_delay(self) -> float:
        """Seconds of real time until the piece just moved comes to rest: the play
        screen plays its sound (and the result's) then; 0 plays them at once."""
        return 0.0

    def on_undo(self, state: State) -> None:
        """Moves were taken back (or redone); ``state`` is the result: snap to it,
        dropping every effect (a piece arriving, a shake, the outcome shown)."""
        self.finish_animations()
        self._clear_effects()

    def on_outcome(self, state: State, outcome: Outcome) -> None:
        """The game just ended: start the outcome highlight."""

    def draw(self, surface: pygame.Surface, state: State, view: BoardView) -> None:
        raise NotImplementedError(f"{type(self).__name__} does not implement draw")

    def content_rect(self) -> pygame.Rect:
        """The part of the board area with the cells and pieces, which messages
        drawn over the board (toasts) must leave visible; by default all of it."""
        return pygame.Rect(self.rect)

    def leaves_clear(self, rect: pygame.Rect) -> bool:
        """Whether the board draws nothing that matters in ``rect`` (a toast may go there):
        by default, when it is outside ``content_rect``."""
        return not rect.colliderect(self.content_rect())

    def draw_preview(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A small sample position for the game menu card, made by ``render_preview``
        once per game and size for the program's life (the card redraws it every frame,
        and the menu makes its renderers anew each time it opens: making the five
        previews again cost its first frame 30-50 ms, a jolt in the slide that opens it)."""
        rect = pygame.Rect(rect)
        if rect.width < 8 or rect.height < 8:
            return
        key = (type(self), rect.size, palette.generation)
        image = _PREVIEWS.get(key)
        if image is None:
            if len(_PREVIEWS) > 32:
                _PREVIEWS.clear()
            image = _PREVIEWS[key] = self.render_preview(rect.size)
        surface.blit(image, rect)

    def render_preview(self, size: tuple[int, int]) -> pygame.Surface:
        """The menu card's sample position drawn on a transparent surface of ``size``."""
        raise NotImplementedError(f"{type(self).__name__} does not implement render_preview")

    # -- cells: what each game defines ------------------------------------------
    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The board cell under a screen position, or ``None``."""
        raise NotImplementedError(f"{type(self).__name__} does not implement cell_at")

    def cell_centre(self, cell: Cell) -> tuple[int, int]:
        """The screen position of a cell's centre (for effects placed on the board)."""
        raise NotImplementedError(f"{type(self).__name__} does not implement cell_centre")

    def move_for_cell(self, state: State, cell: Cell) -> Move | None:
        """The move a player makes by picking ``cell`` (``None`` if none)."""
        raise NotImplementedError(f"{type(self).__name__} does not implement move_for_cell")

    def default_cursor(self) -> Cell:
        """Where the keyboard cursor starts."""
        return None

    def step_cursor(self, cell: Cell, dx: int, dy: int) -> Cell:
        """The cell an arrow key moves the cursor to (dy < 0 is up)."""
        return cell

    def cell_for_digit(self, digit: int) -> Cell | None:
        """The cell a digit key names, or ``None`` if the digit names none."""
        return None

    def on_cursor_moved(self, old: Cell, new: Cell) -> None:
        """Hook: the keyboard cursor went from ``old`` to ``new`` (to animate it)."""

    def on_rejected(self, cell: Cell) -> None:
        """Hook: the player picked ``cell`` but it gives no legal move (to shake it)."""

    def cancel_input(self) -> bool:
        """Esc on the board: drop a move half made (a marble picked up). True if
        there was one, so that the same Esc does not also leave the screen."""
        return False

    # -- input ----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event, state: State, view: BoardView) -> Move | None:
        """Mouse and keys -> a legal move the human chose, else ``None``.

        The hovered cell is followed at all times (so the ghost appears where
        the mouse already is when the turn comes); picking a move needs
        ``view.interactive`` and a game that is not over. Arrow keys move and
        show the keyboard cursor, digits pick the cell they name at once,
        Enter/Space pick the cursor's cell (the first press only shows a
        hidden cursor), a left click picks the cell under the mouse.
        """
        self.rejected_input = False
        self.rejection = ""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.cell_at(event.pos)
            self.cursor_visible = False
            return None
        if event.type == pygame.WINDOWLEAVE:
            self.hover = None
            return None
        if not view.interactive or view.outcome is not None or state.is_over():
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = self.cell_at(event.pos)
            self.hover = cell
            return None if cell is None else self.pick(state, cell)
        if event.type != pygame.KEYDOWN:
            return None
        if event.key in _ARROWS:
            dx, dy = _ARROWS[event.key]
            self._move_cursor(self.step_cursor(self.cursor, dx, dy))
            self.cursor_visible = True
            return None
        if event.key in _DIGITS:
            cell = self.cell_for_digit(_DIGITS[event.key])
            if cell is None:
                return None
            self._move_cursor(cell)
            return self.pick(state, cell)
        if event.key in _PLAY_KEYS:
            if not self.cursor_visible:
                self.cursor_visible = True
                return None
            return self.pick(state, self.cursor)
        return None

    def _move_cursor(self, cell: Cell) -> None:
        if cell != self.cursor:
            old, self.cursor = self.cursor, cell
            self.on_cursor_moved(old, cell)

    def pick(self, state: State, cell: Cell) -> Move | None:
        """A cell was chosen (a click, a digit, Enter on the cursor): the legal move it
        makes, else ``None`` and the pick is refused (``rejected_input``, ``on_rejected``).
        A board whose moves take more than one pick (``renderers.picking``) overrides it."""
        move = self.move_for_cell(state, cell)
        if move is not None and state.is_legal(move):
            return move
        self.rejected_input = True
        self.rejection = self.why_refused(state, move)
        self.on_rejected(cell)
        return None

    @staticmethod
    def why_refused(state: State, move: Move | None) -> str:
        """The rules' words for why ``move`` cannot be played in ``state`` (tried on a
        copy), or '' if there is no move or the rules allow it."""
        if move is None:
            return ""
        trial = state.copy()
        try:
            trial.push(move)
        except RulesError as err:
            return refusal_words(str(err))
        return ""

    # -- shared drawing help --------------------------------------------------
    def cached(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The image kept under ``key``, made by ``make`` the first time; a ``None`` key
        keeps nothing (an image of a moment of an animation). Each renderer empties
        ``_cache`` when the images stop fitting its layout."""
        if key is None:
            return make()
        self._check_look()
        image = self._cache.get(key)
        if image is None:
            image = self._cache[key] = make()
        return image

    def blit_static(self, surface: pygame.Surface, key: Hashable,
                    paint: Callable[[pygame.Surface], None]) -> None:
        """Draw what does not move on the board (the board, its shadow, its coordinates):
        ``paint`` draws it onto the surface it is given. With a ``backdrop`` known, the
        board area is painted once over it, kept under ``key`` (with the area's place),
        and then copied onto ``surface`` each frame: the same pixels as painting them
        anew, for one opaque copy instead of blending the board and its labels every
        frame. Without one (a menu card, a test's own surface), ``paint`` draws directly."""
        self._check_look()
        backdrop = self.backdrop
        area = self.rect.clip(surface.get_rect())
        if backdrop is None or backdrop.get_size() != surface.get_size() or area.width <= 0 or area.height <= 0:
            paint(surface)
            return
        key = (key, tuple(area))
        kept = self._static.get(key)
        if kept is None or kept[0] is not backdrop:
            if len(self._static) >= 4:
                self._static.clear()
            canvas = pygame.Surface(surface.get_size(), 0, surface)
            canvas.blit(backdrop, (0, 0))
            paint(canvas)
            kept = self._static[key] = (backdrop, canvas.subsurface(area).copy())
        surface.blit(kept[1], area)

    def follow_view(self, view: BoardView) -> None:
        """Take the player's choice of board set from ``view`` (each ``draw`` starts here)."""
        if self.board_set is not None:
            self.second_set = view.shows(self.board_set)

    def _check_look(self) -> None:
        """Forget the images made in other colours or another board set than those in use."""
        look = (palette.generation, self.second_set)
        if look != self._look:
            self._cache.clear()
            self._static.clear()
            self._look = look

    def font(self, path: Path, size: int) -> pygame.font.Font:
        """A font from ``palette`` at a pixel size, loaded once per renderer."""
        size = max(6, int(size))
        key = (path, size)
        if key not in self._fonts:
            if not pygame.font.get_init():
                pygame.font.init()
            self._fonts[key] = pygame.font.Font(str(path), size)
        return self._fonts[key]
