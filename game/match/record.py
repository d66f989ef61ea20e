"""A match: a game state, who sits in each seat, and the history around it.

The match is what the play screen, the arena, save files and the LAN
server share: the rules state, one ``Player`` per seat, the record of moves
with any notes (a bot that failed and was replaced by a fallback move), and
undo/redo that knows about bots. No pygame and no processes here; bots are
asked for moves by ``game/match/runner.py``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from game.match.clocks import Clock
from game.rules.core import IllegalMove, Move, Outcome, State

HUMAN, BOT, REMOTE = "human", "bot", "remote"


@dataclass(frozen=True)
class Player:
    """Who sits in a seat.

    ``kind`` is ``'human'`` (plays at this screen), ``'bot'`` or ``'remote'``
    (a player over the LAN). ``label`` is what the screen shows ("Human",
    "Master", "Alice"). For a bot, ``bot`` is the choice as the config and
    the menu name it: a tier name of the game (``'Master'``) or a bot class
    name for a bot with no tier.
    """

    kind: str
    label: str
    bot: str | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    @classmethod
    def human(cls, label: str = "Human") -> "Player":
        return cls(HUMAN, label)

    @classmethod
    def of_bot(cls, choice: str, label: str | None = None) -> "Player":
        return cls(BOT, label or choice, choice)


@dataclass(frozen=True)
class MoveRecord:
    """One played move: the move, the seat that played it, its notation and a note."""

    move: Move
    seat: int
    text: str
    note: str = ""


@dataclass
class Match:
    """A game in progress with its players and history."""

    state: State
    players: list[Player]
    records: list[MoveRecord] = field(default_factory=list)
    _redo: list[list[MoveRecord]] = field(default_factory=list, repr=False)
    #: How the game ended when the players, not the rules, ended it (a resignation, an
    #: agreed draw, a player who did not come back); None while the rules decide.
    ended: Outcome | None = None
    #: Each seat's time under the game's time control (None: no clock; ``game/match/clocks.py``).
    clock: Clock | None = None

    def __post_init__(self) -> None:
        if len(self.players) != self.state.num_seats:
            raise ValueError(
                f"{self.state.title} seats {self.state.num_seats} players, got {len(self.players)}"
            )
        if len(self.records) != len(self.state.move_stack):
            self.records = self._records_by_replay()

    def _records_by_replay(self) -> list[MoveRecord]:
        """Records for a state that arrived with moves already played (a loaded game)."""
        replay = self.state.copy()
        while replay.move_stack:
            replay.pop()
        records = []
        for move in self.state.move_stack:
            records.append(MoveRecord(move, replay.turn, replay.move_to_str(move)))
            replay.push(move)
        return records

    # -- reading ------------------------------------------------------------
    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def current_player(self) -> Player:
        return self.players[self.state.turn]

    def outcome(self) -> Outcome | None:
        """The rules' outcome, or how the players ended the game (``ended``)."""
        return self.ended or self.state.outcome()

    @property
    def last_move(self) -> Move | None:
        return self.records[-1].move if self.records else None

    @property
    def has_human(self) -> bool:
        return any(p.is_human for p in self.players)

    # -- changing -----------------------------------------------------------
    def play(self, move: Move, note: str = "") -> MoveRecord:
        """Play ``move`` for the seat to move; ``IllegalMove`` leaves all as it was.

        A new move clears the redo history, as in any editor.
        """
        seat = self.state.turn
        text = self.state.move_to_str(move)
        self.state.push(move)
        record = MoveRecord(self.state.move_stack[-1], seat, text, note)
        self.records.append(record)
        self._redo.clear()
        return record

    def can_undo(self) -> bool:
        return bool(self.records)

    def undo(self) -> list[MoveRecord]:
        """Take back to the previous turn of a human at this screen.

        A turn where the human could only pass was no choice: undo goes on to
        the one before it. With no human seated (bots watched), one move is
        taken back. Returns the records taken back, newest first; one redo
        replays them all.
        """
        taken: list[MoveRecord] = []
        self.ended = None
        while self.records:
            self.state.pop()
            taken.append(self.records.pop())
            if not self.has_human or (self.current_player.is_human and not self.state.must_pass()):
                break
        if taken:
            self._redo.append(taken)
        return taken

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> list[MoveRecord]:
        """Replay the moves the last undo took back; returns them oldest first."""
        if not self._redo:
            return []
        group = list(reversed(self._redo.pop()))
        for record in group:
            self.state.push(record.move)
            self.records.append(record)
        return group

    def redo_groups(self) -> list[list[Move]]:
        """The moves Redo would bring back, one list per press: the next press
        first, each list oldest move first (what a save file keeps of them)."""
        return [[record.move for record in reversed(group)] for group in reversed(self._redo)]

    def set_redo_groups(self, groups: Sequence[Sequence[Move]]) -> None:
        """Make ``groups`` (listed as ``redo_groups`` lists them) what Redo brings
        back; ``IllegalMove`` if they do not play on from this position, and the
        redo history stays as it was."""
        replay = self.state.copy()
        stack: list[list[MoveRecord]] = []
        for group in groups:
            records = []
            for move in group:
                if not replay.is_legal(move):
                    raise IllegalMove(f"redo move {move!r} is not legal after {replay.to_text() or 'the start'}")
                seat, text = replay.turn, replay.move_to_str(move)
                replay.push(move)
                records.append(MoveRecord(replay.move_stack[-1], seat, text))
            if records:
                stack.append(list(reversed(records)))
        self._redo = list(reversed(stack))

    def restart(self, start: State | None = None) -> None:
        """Back to the start position with the same players and options.

        The game taken back becomes the redo history, so a restart pressed by
        mistake is undone by one redo. ``start``, a position with no moves
        played (a pasted set-up position), replaces the start instead; the
        game taken back is gone, as its moves need the old start.
        """
        taken: list[MoveRecord] = []
        self.ended = None
        while self.records:
            self.state.pop()
            taken.append(self.records.pop())
        if start is not None:
            if start.move_stack or start.num_seats != self.state.num_seats:
                raise ValueError("a new start must be a position of the same seats with no moves played")
            self.state = start
            taken = []
        self._redo = [taken] if taken else []

    def replace_players(self, players: Sequence[Player]) -> None:
        """Seat other players (e.g. Swap sides) without touching the position."""
        if len(players) != self.state.num_seats:
            raise ValueError(f"{self.state.title} seats {self.state.num_seats} players")
        self.players = list(players)
