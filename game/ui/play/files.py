"""The play screen's game in and out: Save (Ctrl+S), Load (Ctrl+O), Copy (Ctrl+C), Paste
(Ctrl+V), and the game kept for Resume when the screen is left.

Save writes the match to a file in the saves folder (``game/store/savefile.py``);
Load opens the list of saved games; Copy puts the moves in the game's notation
on the clipboard, Paste plays a move list from it (after asking, when it would
replace the game). Leaving keeps a game in progress for Resume on the title
screen (``game/store/autosave.py``).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.lang import _
from game.rules.core import BadNotation, IllegalMove, RulesError, State
from game.store import autosave
from game.store.savefile import default_save_path, save_match
from game.store.userdata import saves_dir
from game.ui.clipboard import ClipboardError, copy_text, paste_text

if TYPE_CHECKING:
    from game.ui.play.screen import PlayScreen


def shorten(moves: str, limit: int = 40) -> str:
    """A move list cut to ``limit`` characters for a toast."""
    return moves if len(moves) <= limit else moves[:limit - 1] + "…"


def example(state: State) -> str:
    """A sample move list for this game: its first legal moves, as the game writes them."""
    sample = type(state)(**state.options)
    for _ply in range(3):
        legal = sample.legal_moves()
        if not legal:
            break
        sample.push(legal[len(legal) // 2])
    return sample.to_text()


class GameFiles:
    """The play screen's save, load, copy and paste commands and its game kept for Resume."""

    def __init__(self, scene: "PlayScreen", resumed: bool) -> None:
        self.scene = scene
        self.services = scene.services
        #: The match is the game kept for Resume, reopened.
        self.resumed = resumed

    # -- save and load --------------------------------------------------------------------
    def default_save_path(self) -> Path:
        return default_save_path(self.scene.game_id, saves_dir())

    def ask_save(self) -> None:
        """The Save dialog: a name in the saves folder (asking before it replaces a file)."""
        self.services.dialogs.save_as(_("Save game"), self.default_save_path(), self._write, suffix=".txt",
                                      creatable=saves_dir())

    def _write(self, path: Path) -> None:
        try:
            save_match(self.scene.match, path)
        except OSError as err:
            self.services.sounds.play("error")
            self.services.dialogs.message(_("Could not save the game"), f"{path}: {err.strerror or err}")
            return
        self.services.toasts.show(_("Saved to {name}").format(name=path.name), "good")

    def ask_load(self) -> None:
        """The list of saved games; this match stays unless another one is loaded."""
        self.services.scenes.push("load")

    def keep_for_resume(self) -> None:
        """Leaving (Esc, closing the window, quitting, loading another game) keeps a
        game in progress for Resume on the title screen; the resumed game, once
        there is nothing left in it to come back to, is no longer offered."""
        toasts = self.services.toasts
        try:
            if autosave.keep(self.scene.match):
                toasts.show(_("Your game is kept: Resume on the title screen brings it back"), "good")
            elif self.resumed:
                autosave.forget()
        except OSError as err:
            self.services.sounds.play("error")
            toasts.show(_("The game could not be kept for Resume: {error}").format(error=err.strerror or err), "error",
                        seconds=8)
        except RulesError as err:     # a position the save-file notation cannot write: say so, leave anyway
            toasts.show(_("The game could not be kept for Resume: {error}").format(error=err), "error", seconds=8)

    # -- copy and paste ---------------------------------------------------------------------
    def copy_position(self) -> None:
        """Put the moves so far on the clipboard in the game's notation (Connect Four's ``4453``),
        after the set-up position the game started from, if any."""
        moves = self.scene.state.game_text()
        if not moves:
            self.services.toasts.show(_("No moves to copy yet"), "info", seconds=2.5)
            return
        try:
            copy_text(moves)
        except ClipboardError as err:
            self.services.sounds.play("error")
            self.services.toasts.show(_("Could not copy: {error}").format(error=err), "warning")
            return
        self.services.toasts.show(_("Copied {moves}").format(moves=shorten(moves)), "good", seconds=3)

    def paste_position(self) -> None:
        """Play the move list on the clipboard from the start, with this game's rules options.

        Moves this game shares with the pasted list stay; if the pasted list
        leaves this game's line, the game is replaced (after asking). Each
        pasted move is a move of the match, so Undo takes them back.
        """
        toasts = self.services.toasts
        try:
            content = paste_text().strip()
        except ClipboardError as err:
            self.services.sounds.play("error")
            toasts.show(_("Could not paste: {error}").format(error=err), "warning")
            return
        state = self.scene.state
        if not content:
            toasts.show(_("The clipboard holds no moves to paste (copy a game's moves, e.g. {example})").format(
                example=example(state)), "info")
            return
        try:
            pasted = type(state).read(content, **state.options)
        except BadNotation as err:
            self.services.sounds.play("error")
            toasts.show(_("Cannot paste {text} as {game} moves: {error}").format(
                text=repr(shorten(content)), game=_(self.scene.title), error=err), "warning", seconds=6)
            return
        moves, played = list(pasted.move_stack), list(state.move_stack)
        same_start = pasted.start_text == state.start_text
        if same_start and moves == played:
            toasts.show(_("The clipboard holds this game's moves already"), "info", seconds=2.5)
            return
        if same_start and moves[:len(played)] == played:
            self._paste(pasted)
            return
        self.services.dialogs.confirm(
            _("Paste moves"),
            (_("Replace this game ({n} moves) with the pasted position ({pasted} moves)? This game cannot be brought back.")
             if pasted.start_text else
             _("Replace this game ({n} moves) with the pasted one ({pasted} moves)? This game cannot be brought back.")
             ).format(n=len(played), pasted=len(moves)),
            _("Replace"),
            lambda: self._paste(pasted),
        )

    def _paste(self, pasted: State) -> None:
        """Make the game ``pasted`` (see ``MatchSession.paste``); a finished pasted game is shown but not counted."""
        scene = self.scene
        try:
            scene.session.paste(pasted)
        except IllegalMove as err:    # the game changed while the dialog was open
            self.services.toasts.show(_("Cannot paste: {error}").format(error=err), "warning")
            return
        if scene.autoplay:
            scene.set_paused(True)
        scene.show_events()
        what = shorten(scene.state.to_text()) or _("the position")
        self.services.toasts.show(_("Pasted {what} — Undo takes it back").format(what=what), "good", seconds=3)
