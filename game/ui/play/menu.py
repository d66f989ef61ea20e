"""The game menu: what Esc opens over the board, instead of leaving the game.

Resume (Esc or R), New game with the same players (N), Save (S), Settings
(O; closing them comes back to the game), Rules (F1, for a game that has
them) and Leave (L: the game kept for Resume, as leaving always does). It is
a dialog of the arcade's own (``Dialogs.menu``): modal, keyboard first, the
focus on Resume. While it is open a game on this computer holds its bots'
moves back: a bot may finish thinking, but its move is played only once the
menu has closed, and stops its clocks (``PlayScene._hold_clock``) (a ``MatchSession`` has no way to stop a worker mid-search).
A network game goes on behind it (the others play on); there New game is the
host's rematch, once the game is over, and a joiner has none.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.lang import _
from game.ui.dialogs import MenuDialog, MenuEntry

if TYPE_CHECKING:
    from game.ui.play.screen import PlayScreen


class GameMenu:
    """The play screen's game menu: opened by Esc and the Menu buttons."""

    def __init__(self, scene: "PlayScreen", networked: bool, hosting: bool) -> None:
        self.scene = scene
        self.services = scene.services
        self.networked = networked
        self.hosting = hosting
        self.dialog: MenuDialog | None = None

    @property
    def is_open(self) -> bool:
        """The menu is on screen (a dialog it opened, Save as, may be over it)."""
        return self.dialog is not None and self.dialog in self.services.dialogs.stack

    @property
    def holds_bots(self) -> bool:
        """The bots' moves wait: the menu is open over a game on this computer."""
        return self.is_open and not self.networked

    def entries(self) -> list[MenuEntry]:
        """The menu's choices for the game on screen."""
        scene = self.scene
        over = scene.session.is_over
        entries = [MenuEntry(_("Resume"), "menu_resume", pygame.K_r, "Esc", self.resume,
                             _("Back to the board (Esc or R)"))]
        if not self.networked:
            entries.append(MenuEntry(_("New game"), "menu_new", pygame.K_n, "N", scene.restart,
                                     _("The same players from the first move (N); Redo brings this game back")))
        elif self.hosting:
            entries.append(MenuEntry(_("New game"), "menu_new", pygame.K_n, "N", scene.rematch,
                                     _("Ask the others for a rematch (N)") if over
                                     else _("A network game starts again as a rematch, once it is over"),
                                     enabled=over))
        entries.append(MenuEntry(_("Save"), "menu_save", pygame.K_s, "S", scene.ask_save,
                                 _("Save this game to a file (S; Ctrl+S on the board)")))
        entries.append(MenuEntry(_("Settings"), "menu_settings", pygame.K_o, "O", self.open_settings,
                                 _("Sound, animation, bot speed, window (O); closing them comes back here")))
        if scene.rules.available:
            entries.append(MenuEntry(_("Rules"), "menu_rules", pygame.K_F1, "F1", scene.rules.open,
                                     _("How to play {game} (F1)").format(game=_(scene.title))))
        leave = (_("Leave this network game (L; asks first)") if self.networked
                 else _("Back to the match setup (L); Resume on the title screen brings this game back"))
        entries.append(MenuEntry(_("Leave"), "menu_leave", pygame.K_l, "L", scene.back, leave))
        return entries

    def note(self) -> str:
        """The line under the menu's title: what the game does while the menu is open."""
        scene = self.scene
        if self.networked:
            return _("The game goes on while this menu is open.")
        if scene.session.is_over:
            return _("The game is over.")
        if scene.session.clock is not None:
            return _("The clocks stop while this menu is open.")
        if any(p.is_bot for p in scene.match.players):
            return _("The game waits while this menu is open.")
        return _("{seat} to move.").format(seat=_(scene.state.seat_name(scene.state.turn)))

    def open(self) -> None:
        """Show the menu (once: a second Esc is the menu's own, and closes it)."""
        if self.is_open:
            return
        self.services.sounds.play("click")
        self.dialog = self.services.dialogs.menu(_(self.scene.title), self.entries(), self.note())
        self.scene.request_redraw()

    def resume(self) -> None:
        self.dialog = None
        self.scene.request_redraw()

    def open_settings(self) -> None:
        self.services.scenes.push("settings")
