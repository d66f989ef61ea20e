"""The review screen: a game step by step, with the engine's verdict on each move.

Opened over the play screen (the result panel's Review, or a click on a move of
the move list), over the saved games (Review beside Load), it shows the board
at any ply: ←/→ a move, Home/End the start and the end, the mouse wheel over
the board, a click on a move of the list or on the graph. The last move is
marked, the engine's best move in the position is ringed on the board (with
Gomoku's proven line as numbered stones), and the side panel says in words
what the move shown was worth (``game.match.review``: a verdict only where the
values prove it, an estimate labelled as one). Next mistake (N) and Previous
mistake (P) jump between the moves graded mistake or blunder; each player's
accuracy is under the graph (``panels/evalgraph.py``). At the end of the game
the final position is drawn plainly, with the result on a card over the
board that R hides and brings back (it is in the side panel's words too).

The analysis runs in a child process (``ReviewJob``), started when the screen
opens and stopped when it leaves; each frame asks it, without waiting, for
what it has found (a game reviewed before comes from the cache at once), so
the screen is usable while it fills in and draws nothing when nothing changes.
Play from here (C) continues the game from the position shown, hot-seat or
against a tier of the game (the chooser beside it), on a play screen over this
one: Esc there comes back to the review, whose game is kept as it was.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from game.lang import _, N_, ngettext
from game.match.record import Match, MoveRecord, Player
from game.match.review.job import DEFAULT_BUDGET, ReviewJob, cache_folder
from game.match.review.model import GameReview, MoveReview, steps_over_game
from game.rules.bot import MoveValue
from game.rules.catalogue import GameSpec
from game.rules.core import Outcome, RulesError, State
from game.store.jsonfile import atomic_write_text
from game.ui import palette
from game.ui.draw import fit_text, mix, panel, text, wrap_text
from game.ui.naming import player_names
from game.ui.panels.evalgraph import EvalGraph
from game.ui.panels.movelist import MoveList, shown_move
from game.ui.renderers import has_renderer, renderer_for
from game.rules.phrases import value_in_words, worded
from game.ui.renderers.base import BoardView
from game.ui.scenes.base import Scene
from game.ui.widgets import Button, Choice, ChoiceItem, Widget

if TYPE_CHECKING:
    from game.store.userdata import Settings
    from game.ui.services import Services

#: A grade's colour in the verdict box, by its name in ``palette`` (read as drawn: the theme may change).
GRADE_COLOURS = {"best": "GOOD", "good": "GOOD", "inaccuracy": "ACCENT", "mistake": "WARNING", "blunder": "BAD"}
#: Games whose engine's proven line is drawn on the board as numbered stones (from the best move's value).
LINE_ON_BOARD = ("gomoku",)
#: Height (unscaled pixels) the move list needs for toasts to be shown over it.
TOAST_ROOM = 120


#: The review's words the analysis writes as codes (a move's grade, how sure a value is) and
#: its verdicts that are whole sentences, in the catalogue so the screen can word them.
REVIEW_WORDS = (N_("best"), N_("good"), N_("inaccuracy"), N_("mistake"), N_("blunder"), N_("exact"), N_("proven"),
                N_("estimate"), N_("unknown"), N_("the only legal move"), N_("lost whatever was played"),
                N_("held out longest"))


#: The analysis's verdicts that hold values (``game.match.review.analyse.judged``): its pattern,
#: the catalogue's words, and which of the pattern's parts are values to word.
_VERDICTS = (
    (re.compile(r"threw away a win \((.+) now\)"), N_("threw away a win ({0} now)")),
    (re.compile(r"turned a draw into a loss \((.+)\)"), N_("turned a draw into a loss ({0})")),
    (re.compile(r"smaller win \((.+)\)"), N_("smaller win ({0})")),
    (re.compile(r"bigger loss \((.+)\)"), N_("bigger loss ({0})")),
    (re.compile(r"slower win \((.+)\)"), N_("slower win ({0})")),
    (re.compile(r"quicker loss \((.+)\)"), N_("quicker loss ({0})")),
    (re.compile(r"missed a proven win \((.+)\); the move played is not proven to win"),
     N_("missed a proven win ({0}); the move played is not proven to win")),
    (re.compile(r"after it, a proven loss \((.+)\)"), N_("after it, a proven loss ({0})")),
    (re.compile(r"(inaccuracy|mistake|blunder) \(estimate\): (.+) after it, (.+) with the best move"),
     N_("{0} (estimate): {1} after it, {2} with the best move")),
    (re.compile(r"(inaccuracy|mistake|blunder) \(estimate\): (.+) after it, (.+) after the engine's move"),
     N_("{0} (estimate): {1} after it, {2} after the engine's move")),
    (re.compile(r"(.+) instead of (.+)"), N_("{0} instead of {1}")),
)
#: The analysis's verdicts that are always the same words.
VERDICTS = (N_("the only move that kept the win"), N_("the only move that kept the draw"), N_("kept the win"),
            N_("kept the draw"), N_("best move (estimate)"), N_("the engine's move"), N_("a draw"))


def verdict_words(verdict: str) -> str:
    """The analysis's verdict on a move in the player's language: each value in it worded
    (``value_in_words``), the words around them from the catalogue; one it does not know, as written."""
    return worded(verdict, _VERDICTS, value_in_words)


def value_words(content: str) -> str:
    """A value's words without the line an engine writes after a colon ('wins in 5 by fours
    (VCF): h8 h9 ...' is 'wins in 5 by fours (VCF)'): the screen shows the line its own way."""
    return value_in_words(content.partition(":")[0].strip())


def outcome_words(state: State, outcome: Outcome) -> str:
    """The result in one line: 'Red wins · four in a row', 'Draw · the board is full'."""
    if outcome.is_draw:
        head = _("Draw")
    else:
        head = _("{players} wins").format(players=_(" and ").join(_(state.seat_name(seat)) for seat in outcome.winners))
    reason = value_in_words(outcome.reason)
    reason = reason[:1].upper() + reason[1:] if reason else ""
    score = value_in_words(state.scores_text(outcome))
    return " · ".join(part for part in (head, reason, score) if part)


class ReviewScene(Scene):
    """One game under review (see the module docstring); ``ply`` is the position shown
    (0: the start, the number of moves: the end)."""

    name = "review"

    def __init__(self, services: "Services", match: Match, ply: int | None = None) -> None:
        super().__init__(services)
        self.game_id = match.state.game_id
        self.title = _("Review · {game}").format(game=_(match.state.title))
        self.players = list(match.players)
        self.records: list[MoveRecord] = list(match.records)
        self.outcome = match.outcome()
        start = match.state.copy()
        while start.move_stack:
            start.pop()
        #: The position before the first move, and the one shown (moved along by ``go_to``).
        self.start_state = start
        self.state = start.copy()
        self.ply = 0
        self.renderer = renderer_for(self.game_id)
        self.renderer.anim_speed = services.settings.current.anim_speed
        self.view = BoardView(display=services.settings.current.display)
        self.renderer.follow_view(self.view)                  # the board set chosen, for its colours
        colours = self.renderer.seat_colours()
        self.movelist = MoveList(services.fonts, colours)
        self.movelist.on_pick = lambda index: self.go_to(index + 1)
        #: Each move's side (``State.move_sides``: a Gomoku stone's own colour), or () for its seat's.
        self.sides: tuple[int, ...] = tuple(match.state.move_sides() or ())
        self.movelist.sides = self.sides
        self.graph = EvalGraph(services.fonts, colours)
        self.follow_settings(self.apply_settings)
        self.spec = str(GameSpec.of_state(start))
        self.review = GameReview(self.spec, [record.text for record in self.records], start=start.start_text)
        self.job: ReviewJob | None = None
        self.failure = ""
        #: Whether the result card is over the board at the end of the game (R hides it).
        self.result_shown = True
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        #: Where the mouse was last seen (the wheel steps through the game over the board).
        self.pointer = (-1, -1)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.words_rect = pygame.Rect(0, 0, 0, 0)
        self.head_bottom = 0
        self.previous_btn = Button(services, N_("◀ Mistake"), self.previous_mistake, wid="previous_mistake", shortcut="P",
                                   tooltip=N_("The previous mistake or blunder"), font_size=16)
        self.next_btn = Button(services, N_("Mistake ▶"), self.next_mistake, wid="next_mistake", shortcut="N",
                               tooltip=N_("The next mistake or blunder"), font_size=16)
        self.opponent = Choice(services, self._opponents(), 0, lambda value: None, wid="opponent", font_size=16,
                               tooltip=N_("Who plays the other sides when you play from here: hot-seat, or a tier"))
        self.play_btn = Button(services, N_("Play from here"), self.play_from_here, wid="play_from_here", shortcut="C",
                               style="primary", font_size=16,
                               tooltip=N_("Go on with the game from the position shown; Esc there comes back here"))
        self.back_btn = self.back_button()
        self.focus.set([self.previous_btn, self.next_btn, self.play_btn, self.opponent, self.back_btn],
                       focus=self.next_btn)
        self.go_to(len(self.records) if ply is None else ply, animate=False)

    @classmethod
    def refusal(cls, match: Match, ply: int | None = None) -> tuple[str, str] | None:
        """A game with no board on screen cannot be reviewed here (``main.py review`` can)."""
        if not has_renderer(match.state.game_id):
            return _("Cannot show this game"), _("{game} has no board on screen yet.").format(game=_(match.state.title))
        return None

    def _opponents(self) -> list[ChoiceItem]:
        """Hot-seat, or each tier of the game."""
        items = [ChoiceItem(None, N_("Hot-seat"))]
        try:
            tiers = self.services.config.game(self.game_id).tiers
        except (KeyError, LookupError):
            tiers = []
        items += [ChoiceItem(tier.name, f"vs {tier.name}") for tier in tiers]
        return items

    @property
    def steps(self) -> list[tuple[int, ...] | None] | None:
        """Each player's steps to goal at each ply as the analysis has them, in a race to a goal
        (Chinese Checkers), else None."""
        return steps_over_game(self.start_state, self.review)

    # -- life cycle ----------------------------------------------------------------------------
    def apply_settings(self, settings: "Settings", changed: frozenset[str]) -> None:
        """A theme, colour-blind pieces or a board set chosen (in Settings over a game played
        from here): the board, the move list and the graph take the pieces' new colours; another
        language: the title says so at once."""
        if "language" in changed:
            self.title = _("Review · {game}").format(game=_(self.start_state.title))
        self.renderer.anim_speed = settings.anim_speed
        self.view.display = settings.display
        self.renderer.follow_view(self.view)
        self.movelist.colours = self.graph.colours = tuple(self.renderer.seat_colours())
        self.request_redraw()

    def enter(self) -> None:
        self.renderer.reset(self.state)
        self._start_job()

    def _start_job(self) -> None:
        try:
            self.job = ReviewJob.start(self.spec, self.review.moves, DEFAULT_BUDGET, cache_folder(), atomic_write_text,
                                       self.review.start)
        except (OSError, RuntimeError, ValueError) as err:
            self.failure = _("the analysis could not start: {error}").format(error=err)
            return
        self.review = self.job.review
        self._take_results()

    def leave(self) -> None:
        if self.job is not None:
            self.job.stop()

    def _take_results(self) -> bool:
        """What the analysis found since the last frame (nothing waits); whether anything came."""
        job = self.job
        if job is None:
            return False
        was_done = job.done
        new = job.poll()
        if job.failure and not self.failure:
            self.failure = job.failure
        if new or job.done != was_done:
            self._sync_view()
            return True
        return False

    # -- the position shown --------------------------------------------------------------------
    @property
    def plies(self) -> int:
        return len(self.records)

    def go_to(self, ply: int, animate: bool = True) -> None:
        """Show the position after ``ply`` moves: one move on is played on the board (animated
        as in play), any other jump snaps to the position."""
        ply = max(0, min(self.plies, ply))
        if ply == self.ply and self.state.move_stack == [r.move for r in self.records[:ply]]:
            return
        forward = ply == self.ply + 1
        while len(self.state.move_stack) > ply:
            self.state.pop()
        for record in self.records[len(self.state.move_stack):ply]:
            self.state.push(record.move)
        self.ply = ply
        if forward and animate:
            self.renderer.on_move(self.state, self.records[ply - 1])
        else:
            self.renderer.on_undo(self.state)
        self.renderer.stir()
        self._sync_view()

    def _sync_view(self) -> None:
        """What the board shows besides the position: the last move, the engine's best move here."""
        view = self.view
        view.last_move = self.records[self.ply - 1].move if self.ply else None
        view.hint, view.hint_values = None, {}
        here = self.review_here()
        if here is not None and here.best:
            try:
                best = self.state.parse_move(here.best)
            except RulesError:
                best = None
            view.hint = best
            if best is not None and here.line and self.game_id in LINE_ON_BOARD:
                line = " ".join(here.line)
                score = here.before.score if here.before.score is not None else 1.0
                words = value_words(here.before.text)
                view.hint_values = {best: MoveValue(score, f"{words}: {line}", exact=here.before.proven)}
        view.display = self.services.settings.current.display
        self.movelist.current = self.ply - 1
        self.request_redraw()

    def shown_review(self) -> MoveReview | None:
        """The review of the move that led to the position shown (None at the start, or not analysed yet)."""
        return self.review.reviews[self.ply - 1] if self.ply else None

    def review_here(self) -> MoveReview | None:
        """The review of the move played from the position shown (its best move), None at the end."""
        return self.review.reviews[self.ply] if self.ply < self.plies else None

    # -- commands ---------------------------------------------------------------------------------
    def next_mistake(self) -> None:
        found = self.review.next_mistake(self.ply - 1)
        self._jump_to_mistake(found, after=True)

    def previous_mistake(self) -> None:
        found = self.review.previous_mistake(self.ply - 1)
        self._jump_to_mistake(found, after=False)

    def _jump_to_mistake(self, found: int | None, after: bool) -> None:
        if found is None:
            self.services.sounds.play("error")
            pending = self.job is not None and not self.job.done
            if pending:
                none = _("No mistake after this move found yet: the analysis goes on") if after else \
                    _("No mistake before this move found yet: the analysis goes on")
            else:
                none = _("No mistake after this move") if after else _("No mistake before this move")
            self.services.toasts.show(none, "info", seconds=2.5)
            return
        self.go_to(found + 1)

    def play_from_here(self) -> None:
        """The game from the position shown, on a play screen over this one."""
        state = self.state.copy()
        if state.is_over():
            self.services.sounds.play("error")
            self.services.toasts.show(_("The game is over here: go back a move to play on"), "info", seconds=3)
            return
        tier = self.opponent.value
        players = [Player.human() if tier is None or seat == state.turn else Player.of_bot(tier)
                   for seat in range(state.num_seats)]
        self.services.scenes.push("play", match=Match(state, players))

    def toggle_result(self) -> None:
        self.result_shown = not self.result_shown
        self.request_redraw()

    @property
    def result_on_board(self) -> bool:
        """The result card is over the final position."""
        return self.result_shown and self.ply == self.plies and self.outcome is not None

    # -- input --------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_LEFT: self.ply - 1, pygame.K_RIGHT: self.ply + 1, pygame.K_HOME: 0,
                     pygame.K_END: self.plies}
            if event.key in steps and not event.mod & pygame.KMOD_CTRL:
                self.go_to(steps[event.key])
                return
            shortcuts = {pygame.K_n: self.next_btn, pygame.K_p: self.previous_btn, pygame.K_c: self.play_btn}
            if event.key in shortcuts and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                shortcuts[event.key].activate()
                return
            if event.key == pygame.K_r and self.outcome is not None and self.ply == self.plies:
                self.toggle_result()
                return
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.MOUSEWHEEL and self.board_rect.collidepoint(self.pointer):
            self.go_to(self.ply - event.y)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            picked = self.graph.ply_at(event.pos)
            if picked is not None:
                self.go_to(picked)
                return
        if self.movelist.handle_event(event):
            return
        super().handle_event(event)

    # -- frame --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.renderer.update(dt)
        self._take_results()
        self.previous_btn.enabled = self.review.previous_mistake(self.ply - 1) is not None or self._pending
        self.next_btn.enabled = self.review.next_mistake(self.ply - 1) is not None or self._pending
        self.play_btn.enabled = not self.state.is_over()

    @property
    def _pending(self) -> bool:
        return self.job is not None and not self.job.done

    @property
    def animating(self) -> bool:
        return self.renderer.animating or super().animating

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        window = self.services.window
        px = window.px
        width, height = size
        margin = 24
        side_w = max(320, min(px(420), width * 3 // 10))
        compact = height < 700
        self.panel_rect = pygame.Rect(width - side_w - margin, margin, side_w, height - 2 * margin)
        self.board_rect = pygame.Rect(margin, margin, width - side_w - 3 * margin, height - 2 * margin)
        self.renderer.layout(self.board_rect)
        self.renderer.backdrop = window.background
        p = self.panel_rect
        inner_x, inner_w = p.x + 20, p.width - 40
        button_h, gap = (px(38), 8) if compact else (px(46), 12)
        half = (inner_w - 10) // 2
        rows: list[tuple[Widget, ...]] = [(self.back_btn, self.opponent), (self.play_btn,),
                                          (self.previous_btn, self.next_btn)]
        y = p.bottom - 16 - button_h
        for row in rows:
            if len(row) == 1:
                row[0].rect = pygame.Rect(inner_x, y, inner_w, button_h)
            else:
                # Back takes what its word and key need, the chooser of the opponent the rest.
                left_w = min(half, px(112)) if row[0] is self.back_btn else half
                row[0].rect = pygame.Rect(inner_x, y, left_w, button_h)
                row[1].rect = pygame.Rect(inner_x + left_w + 10, y, inner_w - left_w - 10, button_h)
            y -= button_h + gap
        buttons_top = y + button_h + gap
        fonts = self.services.fonts
        self.head_bottom = p.y + 14 + fonts.display(24).get_linesize() + fonts.text(14).get_linesize() * 2 + 6
        graph_h = px(80) if compact else px(150)
        self.graph.layout(pygame.Rect(inner_x, self.head_bottom, inner_w, graph_h))
        words_top = self.graph.rect.bottom + 6 + fonts.text(14).get_linesize() + 6
        words_lines = 4 if compact else 6
        gap_words = 6 if compact else 8
        self.words_rect = pygame.Rect(inner_x, words_top, inner_w, words_lines * fonts.text(15).get_linesize() + 12)
        list_top = self.words_rect.bottom + gap_words
        self.movelist.rect = pygame.Rect(inner_x, list_top, inner_w, max(0, buttons_top - 10 - list_top))

    # -- drawing ---------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.state, self.view)
        if self.result_on_board:
            self._draw_result(surface)
        p = self.panel_rect
        panel(surface, p, shadow=self.services.shadows)
        fonts = self.services.fonts
        inner_x, inner_w = p.x + 20, p.width - 40
        size = next((size for size in (24, 22, 20) if fonts.display(size).size(self.title)[0] <= inner_w), 18)
        y = text(surface, fonts.display(size), fit_text(fonts.display(size), self.title, inner_w), palette.TEXT,
                 (inner_x, p.y + 14)).bottom
        names = player_names(self.players, self.start_state.seat_name)
        players = _(" vs ").join(names)
        y = text(surface, fonts.text(14), fit_text(fonts.text(14), players, inner_w), palette.TEXT_MUTED,
                 (inner_x, y)).bottom
        progress, colour = self.progress_words()
        text(surface, fonts.text(14), fit_text(fonts.text(14), progress, inner_w), colour, (inner_x, y))
        self.graph.draw(surface, self.review, self.ply, _(self.start_state.seat_name(0)), self.steps)
        text(surface, fonts.text(14), fit_text(fonts.text(14), self.accuracy_words(), inner_w), palette.TEXT,
             (inner_x, self.graph.rect.bottom + 6))
        self._draw_words(surface)
        if self.records:
            self.movelist.draw(surface, self.records, self.state.num_seats)

    def progress_words(self) -> tuple[str, tuple[int, int, int]]:
        """The analysis's progress in words, and their colour."""
        done, total = self.review.done, self.plies
        if self.failure:
            return _("Analysis stopped: {failure}").format(failure=self.failure), palette.WARNING
        if total == 0:
            return _("No moves to review"), palette.TEXT_MUTED
        if self._pending:
            return _("Analysing move {n} of {total}").format(n=min(done + 1, total), total=total), palette.ACCENT
        return ngettext("Analysed: {n} of {total} move", "Analysed: {n} of {total} moves", total).format(
            n=done, total=total), palette.TEXT_MUTED

    def accuracy_words(self) -> str:
        """Each player's accuracy ('Accuracy: X 92 · O 71'), or why there is none yet."""
        figures = []
        for seat in range(self.state.num_seats):
            accuracy = self.review.accuracy(seat)
            if accuracy is not None:
                figures.append(f"{_(self.state.seat_name(seat))} {accuracy:.0f}")
        return _("Accuracy: {figures}").format(figures=" · ".join(figures)) if figures else _("Accuracy: not known yet")

    def verdict_lines(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The words about the position shown, most important first: (line, colour, bold)."""
        lines: list[tuple[str, tuple[int, int, int], bool]] = []
        shown = self.shown_review()
        if self.ply == 0:
            lines.append((_("The start of the game"), palette.TEXT, True))
        else:
            record = self.records[self.ply - 1]
            side = self.state.side_name(self.sides[self.ply - 1]) if self.sides else self.state.seat_name(record.seat)
            head = _("Move {n}: {seat} {move}").format(n=self.ply, seat=_(side),
                                                         move=shown_move(record.text))
            if shown is not None and shown.grade:
                head += f" · {_(shown.grade)}"
            colour = getattr(palette, GRADE_COLOURS.get(shown.grade, "TEXT") if shown is not None else "TEXT")
            lines.append((head, colour, True))
            if shown is None:
                lines.append((_("not analysed yet") if self._pending or not self.failure else _("not analysed"),
                              palette.TEXT_MUTED, False))
            else:
                if shown.verdict:
                    lines.append((verdict_words(shown.verdict), palette.TEXT, False))
                if shown.best and shown.best != shown.move and shown.grade not in ("", "best"):
                    better = value_words(shown.before.text)
                    lines.append((_("Better: {move}").format(move=shown.best) + (f" — {better}" if better else ""), palette.GOOD, False))
                after = value_words(shown.after.text)
                if after not in shown.verdict:
                    lines.append((_("After it: {value} ({kind})").format(value=after, kind=_(shown.after.kind))
                                  if shown.after.kind != "estimate" else _("After it: {value}").format(value=after),
                                  palette.TEXT_MUTED, False))
        if self.ply == self.plies and self.outcome is not None:
            lines.append((outcome_words(self.state, self.outcome) + ("" if self.result_shown else " " + _("(R shows it on the board)")),
                          palette.ACCENT, False))
        here = self.review_here()
        if here is not None and here.best:
            words = value_words(here.before.text)
            mover = _(self.state.seat_name(here.seat))       # the side to move here, whose value it is
            best = _("Best for {seat} here: {move}").format(seat=mover, move=here.best) + (f" — {words}" if words else "")
            if here.line:
                best += ": " + " ".join(here.line)
            lines.append((best, palette.ACCENT, False))
        return lines

    def _draw_words(self, surface: pygame.Surface) -> None:
        """The verdict box: its lines whole, in the largest size that holds them all; in a
        small window, from the most important down, as many as fit whole."""
        box = self.words_rect
        panel(surface, box, fill=palette.BOARD, alpha=200)
        fonts = self.services.fonts
        room, height = box.width - 24, box.height - 12
        entries = self.verdict_lines()
        for size in (15, 14, 13):
            laid = [(fonts.bold(size) if bold else fonts.text(size), line, colour) for line, colour, bold in entries]
            parts = [(font, wrap_text(font, line, room), colour) for font, line, colour in laid]
            if sum(font.get_linesize() * len(wrapped) for font, wrapped, _ in parts) <= height:
                break
        y, bottom = box.y + 6, box.bottom - 6
        for font, wrapped, colour in parts:
            if y + font.get_linesize() * len(wrapped) > bottom:
                break
            for part in wrapped:
                text(surface, font, part, colour, (box.x + 12, y))
                y += font.get_linesize()

    def _draw_result(self, surface: pygame.Surface) -> None:
        """The result on a card at the top of the board (R hides it)."""
        fonts = self.services.fonts
        px = self.services.window.px
        assert self.outcome is not None
        words = outcome_words(self.state, self.outcome)
        font = fonts.bold(17)
        room = self.board_rect.width - px(80)
        lines = wrap_text(font, words, room)[:2]
        width = max(font.size(line)[0] for line in lines) + px(40)
        hint = _("R hides this")
        card = pygame.Rect(0, 0, width, len(lines) * font.get_linesize() + fonts.text(13).get_linesize() + px(18))
        card.midtop = (self.board_rect.centerx, self.board_rect.y + px(4))
        panel(surface, card, fill=mix(palette.PANEL, palette.ACCENT, 0.08), border=palette.ACCENT, alpha=235)
        y = card.y + px(8)
        for line in lines:
            y = text(surface, font, line, palette.TEXT, (card.centerx, y), "midtop").bottom
        text(surface, fonts.text(13), hint, palette.TEXT_MUTED, (card.centerx, y), "midtop")

    def toast_room(self) -> pygame.Rect:
        """Over the move list, when it is tall enough for a toast of three lines: the board and
        the words stay in view; else (a short window) where every scene puts them."""
        rect = self.movelist.rect
        return rect if rect.height >= self.services.window.px(TOAST_ROOM) else super().toast_room()
