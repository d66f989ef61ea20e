"""Where the play screen's parts go, what it draws, and what it redraws alone.

The board on the left, the side panel on the right: title and players, the
status box, the clocks (a game with a time control), the move list (with a network game's chat at its foot), then the
controls from the foot up. While only the board moves (a piece falling) or only
the status box's indicator does (a bot thinking), just that part is redrawn
(``live_areas``, ``draw_live``); the pacing of frames is ``game/ui/pacing.py``'s.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.lang import _
from game.ui import palette
from game.ui.draw import panel, text

if TYPE_CHECKING:
    from game.ui.play.screen import PlayScreen


#: The room round the board's cells and pieces (its ``content_rect``) its coordinates take, at the 1280×800 scale.
COORDINATES = 28
#: The space round the board and the side panel; in a short window (``compact``) less, for a larger board.
MARGIN, MARGIN_COMPACT = 24, 16
#: The side panel's least width (a player's name in the status box fits it).
MIN_SIDE = 320
#: A window shorter than this puts the buttons three a row even with two seats, for more lines of moves.
TWO_ROWS_OF_MOVES_TALL = 640


class PlayLayout:
    """The places of one play screen's parts (``panel_rect``: the side panel) and its drawing."""

    def __init__(self, scene: "PlayScreen") -> None:
        self.scene = scene
        self.services = scene.services
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        #: Whether the board animated at the last update, and whether it has just stopped
        #: (one more drawing of it shows where it came to rest).
        self.board_moving = False
        self.board_resting = False

    def place(self, size: tuple[int, int]) -> None:
        """Place the parts for a window of ``size``. A short window gets smaller buttons
        and gaps; the move list takes what is left (and is hidden when that is too little)."""
        scene, window = self.scene, self.services.window
        width, height = size
        side_w = max(MIN_SIDE, min(window.px(420), width * 3 // 10))
        compact = height < 700 or side_w < 360
        margin = MARGIN_COMPACT if compact else MARGIN
        self.panel_rect = pygame.Rect(width - side_w - margin, margin, side_w, height - 2 * margin)
        board_rect = pygame.Rect(margin, margin, width - side_w - 3 * margin, height - 2 * margin)
        if scene.decision.shown:    # an opening rule's decision: its strip below the board, not over it
            strip_w = min(board_rect.width, max(window.px(560), board_rect.height * 3 // 4))
            strip_h = scene.decision.height_for(strip_w)
            board_rect.height -= strip_h + margin // 2
            strip = pygame.Rect(0, board_rect.bottom + margin // 2, strip_w, strip_h)
            strip.centerx = board_rect.centerx
            scene.decision.layout(strip)
        else:
            scene.decision.layout(pygame.Rect(board_rect.x, board_rect.bottom, board_rect.width, 0))
        scene.renderer.layout(board_rect)
        scene.renderer.backdrop = window.background
        scene.board.rect = board_rect
        p = self.panel_rect
        inner_x, inner_w = p.x + 20, p.width - 40
        # A short window with three or more seats (the players list takes lines)
        # puts three buttons a row, without keycaps (the tooltips keep them), so
        # the move list keeps room for a few lines.
        # A window too short for four rows of buttons and a few lines of moves
        # (800×560) does the same with two seats.
        tight = compact and (scene.status.seat_rows() > 1 or height < TWO_ROWS_OF_MOVES_TALL)
        scene.controls.layout(p, compact, tight, scene.rules.available, scene.autoplay)
        scene.rules.layout(scene.rect)
        scene.status.layout(p, inner_x, inner_w, compact)
        list_top = scene.status.rect.bottom + (12 if compact else 16)
        scene.clocks.layout(pygame.Rect(inner_x, list_top, inner_w, 0))
        if scene.clocks.shown:
            list_top = scene.clocks.rect.bottom + (12 if compact else 16)
        list_h = max(0, scene.controls.autoplay_top - 12 - list_top)
        chat, movelist = scene.chat, scene.movelist
        if chat is not None:    # the chat takes the foot of the move list's room
            if list_h >= window.px(240):
                chat_h = max(list_h * 11 // 20, window.px(150))
            else:    # short: the list keeps two lines of moves, the chat its typing line and the last lines
                chat_h = max(chat.height_for(1), list_h - 8 - movelist.height_for(2))
            chat.layout(pygame.Rect(inner_x, list_top + list_h - chat_h, inner_w, chat_h))
            list_h -= chat_h + 8
        movelist.rect = pygame.Rect(inner_x, list_top, inner_w, max(0, list_h))
        movelist.header_reserve = scene.controls.place_copy_paste(movelist.rect, movelist.shown)
        scene.result.layout(p, scene.status.rect)
        for card in scene.mode.cards:
            card.layout(board_rect)

    def toast_room(self) -> pygame.Rect:
        """Where toasts go: over no control, not the side panel's heading, the status box,
        the move list nor the result panel's words, and not the board's cells and pieces
        where there is room beside them. Over the result panel, between its words and its
        buttons when the oldest toast fits there; else, and during a game, the first room
        of the board's area it fits (``board_rooms``)."""
        scene = self.scene
        px = self.services.window.px
        if scene.result.shown:
            top, bottom = scene.result.content_bottom + px(8), scene.result.rematch.rect.top - px(4)
            inside = pygame.Rect(self.panel_rect.x + 8, top, self.panel_rect.width - 16, max(0, bottom - top))
            if self._fits(inside):
                return inside
        rooms = self.board_rooms()
        return next((room for room in rooms if self._fits(room)), rooms[0])

    def board_rooms(self) -> list[pygame.Rect]:
        """The rooms for toasts in the board's area, best first: below the board, then above
        it, beside it (clear of its coordinates), below or above its cells over the
        coordinates only, then a corner of the area the board leaves clear (the star's); the
        last, for when none fits, the area's top left corner, where a board covers least."""
        scene = self.scene
        px = self.services.window.px
        area, cells = scene.board.rect, scene.renderer.content_rect()
        board = cells.inflate(2 * px(COORDINATES), 2 * px(COORDINATES)).clip(area) or cells
        rooms = [pygame.Rect(area.x, board.bottom, area.width, area.bottom - board.bottom),
                 pygame.Rect(area.x, area.top, area.width, board.top - area.top),
                 pygame.Rect(area.x, area.top, board.left - area.x, area.height),
                 pygame.Rect(board.right, area.top, area.right - board.right, area.height),
                 pygame.Rect(area.x, cells.bottom, area.width, area.bottom - cells.bottom),
                 pygame.Rect(area.x, area.top, area.width, cells.top - area.top)]
        rooms += self._clear_corners(area)
        width = area.width * 2 // 5     # none fits (a star filling an 800×560 window): its top left corner
        need_w, need_h = self.services.toasts.needs(width)
        last = pygame.Rect(area.topleft, (max(width, need_w), max(need_h, 1)))
        return [room for room in rooms if room.width > 0 and room.height > 0] + [last]

    def _fits(self, room: pygame.Rect) -> bool:
        """Whether the oldest toast (the one always shown) fits ``room`` whole."""
        width, height = self.services.toasts.needs(room.width)
        return room.width >= width and room.height >= height

    def _clear_corners(self, area: pygame.Rect) -> list[pygame.Rect]:
        """Rooms just big enough for the oldest toast in the corners of ``area`` where the
        board draws nothing (``renderer.leaves_clear``), the widest toast first."""
        toasts, renderer = self.services.toasts, self.scene.renderer
        if not toasts.items:
            return []
        found = []
        for width in range(area.width // 2, 140, -self.services.window.px(16)):
            need_w, need_h = toasts.needs(width)
            size = (max(width, need_w), need_h)
            for corner in ("topleft", "topright", "bottomleft", "bottomright"):
                room = pygame.Rect((0, 0), size)
                setattr(room, corner, getattr(area, corner))
                if area.contains(room) and renderer.leaves_clear(room):
                    found.append(room)
            if found:
                return found
        return found

    # -- drawing --------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        """The board, the side panel and what is on it, a network card over the board."""
        scene = self.scene
        scene.renderer.draw(surface, scene.state, scene.view)
        scene.decision.draw(surface)
        panel(surface, self.panel_rect, shadow=self.services.shadows)
        scene.status.draw_header(surface, self.panel_rect)
        scene.status.draw(surface)
        scene.clocks.draw(surface)
        scene.movelist.sides = scene.state.move_sides() or ()
        scene.movelist.draw(surface, scene.match.records, scene.state.num_seats)
        if scene.chat is not None:
            scene.chat.draw(surface)
        card = scene.mode.front_card()
        if card is not None:
            card.draw(surface)
        if scene.autoplay:
            fonts = self.services.fonts
            top = scene.controls.autoplay_top
            text(surface, fonts.bold(13), _("BOTS PLAYING") + ("  ·  " + _("PAUSED") if scene.paused else ""),
                 palette.ACCENT if scene.paused else palette.TEXT_MUTED, (self.panel_rect.x + 20, top + 6))
            text(surface, fonts.text(15), _("Delay"), palette.TEXT_MUTED,
                 (self.panel_rect.x + 20, scene.controls.speed.rect.centery), "midleft")

    # -- what moves by itself ---------------------------------------------------------------------
    def note_frame(self) -> None:
        """Whether the board moves at this frame, or has just come to rest."""
        moved, self.board_moving = self.board_moving, self.scene.renderer.animating
        self.board_resting = moved and not self.board_moving

    @property
    def animating(self) -> bool:
        """A panel animates, or the board does under something drawn over it (the
        status box's indicator under a panel likewise): on a human's turn with nothing
        moving, the screen is still; so is a network game waiting for a remote player's
        move (what the network brings asks for a frame). The board moving alone, or
        the indicator, is redrawn alone (``live_areas``)."""
        scene = self.scene
        return ((scene.renderer.animating and not self.board_alone) or scene.result.animating
                or scene.rules.animating or (self.indicator_moves and not self.status_alone))

    @property
    def indicator_moves(self) -> bool:
        """The status box shows something moving: a bot thinking (not while paused), an
        engine being prepared, a hint being looked for or proven."""
        scene = self.scene
        return (scene.thinking and not scene.paused) or scene.warming or scene.hint_pending or scene.hint.refining

    @property
    def status_alone(self) -> bool:
        """Nothing is drawn over the status box (the result panel, the rules)."""
        return not self.scene.result.visible and not self.scene.rules.visible

    @property
    def board_alone(self) -> bool:
        """Nothing is drawn over the board but what the board draws itself (no network
        card, no rules), and the side panel is the plain one (no result panel)."""
        scene = self.scene
        return not (scene.result.visible or scene.rules.visible or scene.mode.front_card() is not None)

    def live_areas(self) -> list[pygame.Rect]:
        """The board while it animates alone (and the frame after, where it comes to
        rest), the status box while only its indicator moves."""
        areas = []
        if self.board_alone and (self.board_moving or self.board_resting):
            areas.append(pygame.Rect(self.scene.board.rect))
        if self.indicator_moves and self.status_alone:
            areas.append(pygame.Rect(self.scene.status.rect))
        return areas

    def draw_live(self, surface: pygame.Surface, areas: list[pygame.Rect]) -> None:
        """The board alone, or the status box alone over the side panel behind it; what
        goes over either (a tooltip) drawn again on top."""
        scene = self.scene
        clip = surface.get_clip()
        try:
            for area in areas:
                surface.set_clip(area)
                surface.blit(self.services.window.background, area, area)
                if area == scene.board.rect:
                    scene.renderer.draw(surface, scene.state, scene.view)
                    scene.decision.draw(surface)
                else:
                    panel(surface, self.panel_rect, shadow=self.services.shadows)
                    scene.status.draw(surface)
                scene.draw_overlay(surface)
        finally:
            surface.set_clip(clip)
