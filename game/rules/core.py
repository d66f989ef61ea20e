"""The rules interface every game implements, and the errors it raises.

A game is one ``State`` subclass in ``game/rules/<id>.py``. The class carries the
static facts (id, title, options a player may set, seat names); an instance is
one position plus the stack of moves that led to it, in the manner of
python-chess's ``Board``::

    state = TicTacToe()
    state.push(state.parse_move("b2"))
    state.legal_moves()        # every move playable now
    state.pop()                # takes the last move back exactly
    state.outcome()            # None while the game goes on

Moves are small hashable values chosen by each game (a cell index, a column,
a pass marker, a tuple of holes for a jump chain); callers outside the game
treat them as opaque and use ``move_to_str`` / ``parse_move`` to show or read
them. Seats are numbered 0..num_seats-1 and seat 0 moves first. Nothing here
imports pygame: rules are pure, deterministic and testable without a display.
"""
from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Hashable, Iterable, Mapping, Sequence

from game.lang import N_

Move = Hashable


class RulesError(ValueError):
    """Base of the errors the rules raise for bad input."""


class IllegalMove(RulesError):
    """A move that is not legal in the position it was played in."""


class BadNotation(RulesError):
    """Text that does not parse as a move, a game or an option."""


@dataclass(frozen=True)
class Option:
    """A rules option a player can set before a game (board size, players...).

    ``choices`` lists every allowed value, in the order a menu shows them.
    """

    name: str
    label: str
    default: Any
    choices: tuple[Any, ...]
    #: How each choice reads in a menu, in the order of ``choices`` (empty: as written).
    texts: tuple[str, ...] = ()

    def text(self, value: Any) -> str:
        """How ``value`` reads in a menu: its ``texts`` entry, Yes/No for a flag, else as written."""
        if self.texts and value in self.choices:
            return self.texts[self.choices.index(value)]
        if isinstance(value, bool):
            return N_("Yes") if value else N_("No")
        return str(value)

    def validate(self, value: Any) -> Any:
        """Return ``value`` if allowed, else raise ``BadNotation`` naming it."""
        if value not in self.choices:
            shown = ", ".join(str(c) for c in self.choices)
            raise BadNotation(f"option {self.name}={value!r} is not one of: {shown}")
        return value


@dataclass(frozen=True)
class Termination:
    """How a game ended, for result panels, statistics and the network to tell
    apart without reading the ``reason`` prose: a short word, compared by value.

    The set is open. The endings a match or a network table decides are here
    (``RESIGNATION``, ``AGREED_DRAW``, ``DISCONNECTION``), with endings many games
    share (``LINE``, ``BOARD_FULL``, ``NO_MOVES``, ``TURN_LIMIT``); a game whose rules
    end it another way names its own ending in its own module
    (``GOAL_FILLED = Termination("goal filled")``), so a new game edits nothing here.
    ``value`` is what save files (in brackets) and the network write; ``ValueError``
    unless it is 1 to 40 printable characters without brackets.
    """

    value: str

    RESIGNATION: ClassVar[Termination]
    AGREED_DRAW: ClassVar[Termination]
    DISCONNECTION: ClassVar[Termination]
    LINE: ClassVar[Termination]
    BOARD_FULL: ClassVar[Termination]
    NO_MOVES: ClassVar[Termination]
    TURN_LIMIT: ClassVar[Termination]

    def __post_init__(self) -> None:
        if not isinstance(self.value, str) or not self.value.strip() or not self.value.isprintable() \
                or len(self.value) > 40 or "[" in self.value or "]" in self.value:
            raise ValueError(f"{self.value!r} is not a termination: 1 to 40 printable characters, no brackets")


Termination.RESIGNATION = Termination("resignation")
Termination.AGREED_DRAW = Termination("agreed draw")
Termination.DISCONNECTION = Termination("disconnection")
#: A seat made the game's winning line of its own pieces.
Termination.LINE = Termination("line made")
#: No empty cell is left and nobody has won.
Termination.BOARD_FULL = Termination("board full")
#: No seat can move (Reversi's board locked, Renju's Black left only forbidden points).
Termination.NO_MOVES = Termination("no moves")
#: The game's turn limit ranked the seats.
Termination.TURN_LIMIT = Termination("turn limit")


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` holds the seats that won (empty for a draw); ``reason`` says
    how in words a player reads (``'four in a row'``) and ``termination`` says
    it as a ``Termination`` a program compares. ``cells`` are the game's own
    cell identifiers to highlight, in order along the winning line, so a
    renderer can sweep across them. ``ranking`` gives places for games of more
    than two players: ``ranking[0]`` is the seats in first place, and so on;
    two-player games may leave it empty. ``scores`` has one number per seat
    where the game counts something (Reversi's discs, Chinese Checkers'
    steps left to the goal); ``State.scores_text`` writes them out.
    """

    winners: tuple[int, ...]
    reason: str
    cells: tuple[Any, ...] = ()
    ranking: tuple[tuple[int, ...], ...] = ()
    termination: Termination = field(kw_only=True)
    scores: tuple[int, ...] = field(default=(), kw_only=True)

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def result_for(self, seat: int) -> str:
        """``'win'``, ``'draw'`` or ``'loss'`` from one seat's point of view."""
        if not self.winners:
            return "draw"
        return "win" if seat in self.winners else "loss"

    def points(self, seat: int) -> float:
        """1 for a sole win, 0.5 for a draw or shared win, 0 for a loss."""
        if seat not in self.winners and self.winners:
            return 0.0
        if not self.winners or len(self.winners) > 1:
            return 0.5
        return 1.0

    def places(self, seats: int) -> list[int]:
        """Each seat's place, 1 = first, from ``ranking``; without a ranking the
        winners share first place and the others the next (a draw: all first)."""
        ranking = self.ranking or tuple(
            group for group in (self.winners, tuple(s for s in range(seats) if s not in self.winners)) if group
        )
        places = [0] * seats
        place = 1
        for group in ranking:
            for seat in group:
                places[seat] = place
            place += len(group)
        return places


class State(ABC):
    """One position of a game, with the moves that led to it.

    Subclasses set the class facts and implement the abstract methods; the
    concrete methods here are written once for every game.
    """

    game_id: ClassVar[str]
    title: ClassVar[str]
    options_spec: ClassVar[tuple[Option, ...]] = ()
    #: The rules in plain words, for the play screen's Help (empty: no Help).
    rules_help: ClassVar[str] = ""
    #: The move a seat plays when it has no other, or ``None`` in a game without
    #: passes. It is legal exactly when it is the only legal move.
    pass_move: ClassVar[Move | None] = None
    #: Whether move lists write passes out (Chinese Checkers' ``pass``) or leave
    #: them implicit (an Othello transcript): then ``moves_to_text`` drops them and
    #: ``from_text`` plays each forced pass itself.
    writes_passes: ClassVar[bool] = True

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = self.check_options(options)

    # -- static facts -----------------------------------------------------
    @classmethod
    def check_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        """Fill in defaults and validate; unknown names raise ``BadNotation``."""
        known = {o.name: o for o in cls.options_spec}
        for name in options:
            if name not in known:
                raise BadNotation(f"{cls.game_id} has no option {name!r}")
        return {n: o.validate(options.get(n, o.default)) for n, o in known.items()}

    @classmethod
    def parse_options(cls, pairs: Iterable[str]) -> dict[str, Any]:
        """``['rows=6', 'n=4']`` -> the options with their proper values.

        A value is matched against the option's choices as written
        (``str(choice)``, ignoring case), so ``6.5`` or ``true`` come back as
        the number or flag they name. ``BadNotation`` names an unknown
        option, a pair without ``=``, an option given twice or a value that
        is not a choice.
        """
        spec = {option.name: option for option in cls.options_spec}
        options: dict[str, Any] = {}
        for pair in pairs:
            name, sep, text = pair.partition("=")
            name, text = name.strip(), text.strip()
            if not sep or not name:
                raise BadNotation(f"option {pair!r} is not of the form name=value")
            if name not in spec:
                known = ", ".join(spec) or "none"
                raise BadNotation(f"{cls.game_id} has no option {name!r} (options: {known})")
            if name in options:
                raise BadNotation(f"option {name!r} is given twice")
            option = spec[name]
            value = next((c for c in option.choices if str(c).casefold() == text.casefold()), None)
            if value is None:
                choices = ", ".join(str(c) for c in option.choices)
                raise BadNotation(f"option {name}={text!r} is not one of: {choices}")
            options[name] = value
        return options

    @classmethod
    def seats_for(cls, options: Mapping[str, Any]) -> int:
        """How many players the game seats with ``options`` (checked options, all
        names present); two unless a game's options change it."""
        return 2

    @classmethod
    def seat_range(cls) -> tuple[int, int]:
        """The fewest and the most players over every choice of options."""
        names = [o.name for o in cls.options_spec]
        counts = {cls.seats_for(dict(zip(names, values)))
                  for values in itertools.product(*(o.choices for o in cls.options_spec))}
        return min(counts), max(counts)

    @property
    def num_seats(self) -> int:
        """How many players this game (with its options) seats."""
        return type(self).seats_for(self.options)

    def seat_name(self, seat: int) -> str:
        """The name of a seat's pieces as players call them (``'X'``, ``'Red'``)."""
        return f"Player {seat + 1}"

    # -- position ---------------------------------------------------------
    @property
    @abstractmethod
    def turn(self) -> int:
        """The seat to move."""

    @property
    @abstractmethod
    def move_stack(self) -> Sequence[Move]:
        """The moves played from the start, oldest first (do not mutate)."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every move the seat to move may play; empty once the game is over."""

    def is_legal(self, move: Move) -> bool:
        return self.outcome() is None and move in self.legal_moves()

    def opening_moves(self) -> list[Move]:
        """The moves a random opening draws from (the arena's ``--openings``): every legal move,
        unless a game whose random moves anywhere make poor starts narrows them to some of
        its legal moves (Gomoku: near the centre). Never empty while legal moves exist."""
        return self.legal_moves()

    @abstractmethod
    def push(self, move: Move) -> None:
        """Play ``move``; raise ``IllegalMove`` (and change nothing) if illegal."""

    @abstractmethod
    def pop(self) -> Move:
        """Take back the last move, restoring the exact previous state."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result if the game is over, else ``None``."""

    def is_over(self) -> bool:
        return self.outcome() is not None

    def is_pass(self, move: Move) -> bool:
        """Whether ``move`` is this game's pass."""
        return self.pass_move is not None and move == self.pass_move

    def move_sides(self) -> list[int] | None:
        """For each move of the move stack, the side it is shown as: the index of its pieces'
        colour (the renderer's ``seat_colours``), the sound it makes and its name (``side_name``)
        in move lists and reviews. ``None``: every move's side is the seat that played it, as in
        most games (Gomoku under an opening rule: a stone's own colour, whoever placed it)."""
        return None

    def side_name(self, side: int) -> str:
        """The name of a side of ``move_sides`` (a seat's name where the sides are the seats)."""
        return self.seat_name(side)

    def opening_roles(self) -> tuple[str, str] | None:
        """What the first two seats' players do first, when the game does not simply start with
        seat 0's move (an opening rule: one proposes, the other chooses colours), as catalogue
        words (``N_``) for the setup screen; ``None``: seat 0 moves first."""
        return None

    def completes_a_move(self, move: Move) -> bool:
        """Whether ``move``, legal now, completes a move on the board, the kind a clock's Fischer
        increment is added after (as in the published rules and engine tournaments: one per move
        made on the board). Every move does, unless a game's rules say otherwise (Gomoku's opening
        decisions: a colour chosen, a number declared, an offer before the last, the pick)."""
        return True

    def must_pass(self) -> bool:
        """Whether the seat to move has no move but the pass (and the game goes on)."""
        if self.pass_move is None or self.outcome() is not None:
            return False
        moves = self.legal_moves()
        return len(moves) == 1 and moves[0] == self.pass_move

    def scores_text(self, outcome: Outcome) -> str:
        """The outcome's scores as players write them (``'36–28'``), or ``''``."""
        return "–".join(str(score) for score in outcome.scores)

    @abstractmethod
    def key(self) -> Hashable:
        """A value equal for equal positions (same pieces, same seat to move)."""

    @abstractmethod
    def copy(self) -> "State":
        """An independent state with the same options, position and move stack."""

    # -- notation ---------------------------------------------------------
    @abstractmethod
    def move_to_str(self, move: Move) -> str:
        """The move in the game's usual notation."""

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """Read one move in the game's notation; raise ``BadNotation`` if unreadable.

        The result is a well-formed move, not necessarily legal here.
        """

    def moves_to_text(self, moves: Iterable[Move] | None = None) -> str:
        """A move list in the game's notation (whitespace separated by default).

        Games whose usual notation differs (Connect Four's ``4453``) override
        this and ``split_moves``. Passes are left out where ``writes_passes``
        is false.
        """
        moves = self.move_stack if moves is None else moves
        return " ".join(self.move_to_str(m) for m in moves if self.writes_passes or not self.is_pass(m))

    @classmethod
    def split_moves(cls, text: str) -> list[str]:
        """Cut a game's move text into one string per move."""
        return text.split()

    def to_text(self) -> str:
        """The whole game so far as a move list in the game's notation."""
        return self.moves_to_text(self.move_stack)

    @classmethod
    def from_text(cls, text: str, **options: Any) -> "State":
        """Replay a move list; raise ``BadNotation`` naming the first bad move.

        Where passes are implicit (``writes_passes`` false) each forced pass is
        played before the next move and after the last, so the seat to move
        is one that can move; a transcript that writes a forced pass out
        anyway is read too.
        """
        state = cls(**options)
        state.play_text(text)
        return state

    def play_text(self, text: str) -> None:
        """Play a move list from this position (see ``from_text``); on a bad move
        ``BadNotation`` names it, and the moves before it stay played."""
        for number, word in enumerate(self.split_moves(text), start=1):
            try:
                move = self.parse_move(word)
                if not (self.is_pass(move) and self.must_pass()):
                    self.play_forced_passes()
                self.push(move)
            except (BadNotation, IllegalMove) as err:
                raise BadNotation(f"move {number} ({word!r}): {err}") from None
        self.play_forced_passes()

    # -- set-up positions -------------------------------------------------
    @classmethod
    def split_position(cls, text: str) -> tuple[str, str] | None:
        """A set-up position at the start of ``text`` and the moves after it, or
        ``None``; games without a position notation have none."""
        return None

    @classmethod
    def from_position(cls, text: str, **options: Any) -> "State":
        """The game set up at the position ``text``, no moves played; ``BadNotation``
        if it is not one (and always, for a game without a position notation)."""
        raise BadNotation(f"{cls.title} is written as a list of moves, not as a position")

    @property
    def start_text(self) -> str:
        """The set-up position this game started from, or ``''`` for the usual start."""
        return ""

    @classmethod
    def read(cls, text: str, **options: Any) -> "State":
        """A game written as text: a move list from the start or, in a game with a
        position notation, a set-up position followed by any moves (what Load,
        paste and ``analyse`` accept). ``BadNotation`` says what is wrong."""
        split = cls.split_position(text)
        if split is None:
            return cls.from_text(text, **options)
        position, moves = split
        state = cls.from_position(position, **options)
        try:
            state.play_text(moves)
        except BadNotation as err:
            raise BadNotation(f"after the position: {err}") from None
        return state

    def game_text(self) -> str:
        """The whole game as ``read`` reads it: the set-up position, if any, then the moves."""
        moves = self.to_text()
        return f"{self.start_text} {moves}".rstrip() if self.start_text else moves

    def root(self) -> "State":
        """A new game at this one's start: the same options and set-up position."""
        if self.start_text:
            return type(self).from_position(self.start_text, **self.options)
        return type(self)(**self.options)

    def play_forced_passes(self) -> None:
        """Where passes are implicit, play every pass the position forces now."""
        while not self.writes_passes and self.must_pass():
            self.push(self.pass_move)

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}.from_text({self.to_text()!r}{opts})"
