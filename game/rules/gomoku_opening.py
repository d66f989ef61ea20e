"""Gomoku and Renju opening rules: who places the first stones, who may swap colours.

Free play is a proven first-player win, so tournaments start with an opening rule:
one player proposes a position, the other chooses a colour. Each rule here is a
*script*: a generator that yields the ``Phase`` to play next (what kind of decision,
by which seat) and receives the move that was played, until normal play begins.
The seats are the two players: seat 0 is the first player (the tentative Black,
who proposes), seat 1 the second. A colour choice may give seat 0 the White stones,
so the rules keep which seat holds Black (``Context.black_seat``).

Every decision is a move of the game, written in its notation:

* a stone: its point (``h8``); its colour is the next one, Black first, whoever
  places it (in Swap2 the first player places two black stones and a white one);
* a choice: ``black`` or ``white`` (the colour the choosing player takes), ``more``
  (Swap2: place two more stones and let the other choose), ``fifths:N`` (how many
  fifth moves Black will offer: Soosõrv-8's declaration, Taraguchi-10's choice 2);
* ``offer:j10``: one fifth move Black offers (none symmetric to another);
* ``pick:j10``: the offered fifth move White keeps (the others go).

The rules, as published (renju.net, the RIF rules, Gomocup's Swap2):

* ``swap1``: the first player places three stones (black, white, black) anywhere;
  the second chooses a colour. White plays the fourth stone.
* ``swap2``: the same three stones; the second player takes Black, takes White, or
  places two more stones (white, black) and the first player chooses a colour.
* ``rif`` (the RIF rule of 1996, the traditional rule): the first player places one
  of the 26 openings (``renju_openings``: first stone on the centre, second next to
  it, third within the central 5x5 square); the second may swap; White places the
  fourth stone anywhere; Black offers two fifth moves, White keeps one and plays on.
  The number of offers is the game's option ``fifths`` (``Context.fifths``, 2 as the
  RIF's text says; the Chinese traditional rule is played with other numbers too).
* ``yamaguchi`` (the Yamaguchi rule, the RIF's for its world championships from 2009
  to 2015): the first player places one of the 26 openings and declares how many
  fifth moves will be offered (``fifths:N``, 1 to 10 here); the second may swap;
  White places the fourth stone anywhere; Black offers that many, White keeps one.
* ``soosorv8`` (Soosõrv-8, certified by the RIF in 2011): one of the 26 openings;
  the other player may swap; White places the fourth stone anywhere and declares
  1 to 8 fifth moves; the other player may swap; Black offers that many fifth moves,
  White keeps one and plays on.
* ``taraguchi10`` (Taraguchi-N with N = 10): Black's first stone on the centre, then
  each stone within a growing central square (2nd 3x3, 3rd 5x5, 4th 7x7), the other
  player may swap after each. After the fourth, the player holding Black chooses:
  swap or not (choice 1: Black's fifth within 9x9, the other may swap once more,
  White plays on), or ``fifths:10`` (choice 2: Black offers ten fifth moves, White
  keeps one and plays on).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Generator, Hashable, Sequence

from game.lang import N_
from game.rules.renju_openings import SYMMETRIES

FREE, SWAP1, SWAP2, RIF, SOOSORV8, TARAGUCHI10, YAMAGUCHI = (
    "free", "swap1", "swap2", "rif", "soosorv8", "taraguchi10", "yamaguchi")
OPENING_RULES = (FREE, SWAP2, SWAP1, SOOSORV8, TARAGUCHI10, RIF, YAMAGUCHI)
OPENING_TEXTS = (N_("Free"), N_("Swap2"), N_("Swap1"), N_("Soosõrv-8"), N_("Taraguchi-10"), N_("RIF (traditional)"),
                 N_("Yamaguchi"))
#: What each player does first under each rule, for the setup screen: (the first player, the second).
ROLES = {SWAP1: (N_("places 3 stones"), N_("takes a colour")),
         SWAP2: (N_("places 3 stones"), N_("takes a colour or places 2 more")),
         RIF: (N_("places the opening"), N_("may swap colours")),
         SOOSORV8: (N_("places the opening"), N_("may swap colours")),
         YAMAGUCHI: (N_("places the opening, declares the fifth moves"), N_("may swap colours")),
         TARAGUCHI10: (N_("places the first stone"), N_("may swap colours, as after each stone"))}
#: How many fifth moves Black may be asked to offer under ``rif`` (the option ``fifths``; the RIF's
#: text says two) and may declare under ``yamaguchi``.
RIF_FIFTHS, MOST_FIFTHS = 2, 10

#: The kinds of decision an opening asks for.
PLACE, CHOOSE, OFFER, PICK = "place", "choose", "offer", "pick"
BLACK_WORD, WHITE_WORD, MORE = "black", "white", "more"
COLOURS = (BLACK_WORD, WHITE_WORD)
#: The first word of a declared number of fifth moves, of an offer and of a pick.
FIFTHS = "fifths"


def fifths(n: int) -> tuple[str, int]:
    """The choice 'Black will offer ``n`` fifth moves'."""
    return (FIFTHS, n)


@dataclass(frozen=True)
class Phase:
    """The decision to make now: its kind, the seat that makes it and, for a
    choice, the moves it may choose among; for a stone, how far from the centre
    it may stand (``reach`` lines, ``None``: anywhere); for offers, how many in all."""

    kind: str
    seat: int
    choices: tuple[Hashable, ...] = ()
    reach: int | None = None
    count: int = 0


@dataclass
class Context:
    """What a script reads as it goes: which seat holds Black now, and how many fifth
    moves the game's option ``fifths`` asks Black to offer under ``rif``."""

    black_seat: int = 0
    fifths: int = RIF_FIFTHS

    def black(self) -> int:
        return self.black_seat

    def white(self) -> int:
        return 1 - self.black_seat


Script = Generator[Phase, Any, None]


def _swap1(ctx: Context) -> Script:
    for _ in range(3):
        yield Phase(PLACE, 0)
    yield Phase(CHOOSE, 1, COLOURS)


def _swap2(ctx: Context) -> Script:
    for _ in range(3):
        yield Phase(PLACE, 0)
    choice = yield Phase(CHOOSE, 1, COLOURS + (MORE,))
    if choice == MORE:
        yield Phase(PLACE, 1)
        yield Phase(PLACE, 1)
        yield Phase(CHOOSE, 0, COLOURS)


def _one_of_26(ctx: Context) -> Script:
    for reach in (0, 1, 2):
        yield Phase(PLACE, 0, reach=reach)


def _offers(ctx: Context, count: int) -> Script:
    for _ in range(count):
        yield Phase(OFFER, ctx.black(), count=count)
    yield Phase(PICK, ctx.white())


def _rif(ctx: Context) -> Script:
    yield from _one_of_26(ctx)
    yield Phase(CHOOSE, 1, COLOURS)
    yield Phase(PLACE, ctx.white())
    yield from _offers(ctx, ctx.fifths)


def _yamaguchi(ctx: Context) -> Script:
    yield from _one_of_26(ctx)
    declared = yield Phase(CHOOSE, 0, tuple(fifths(n) for n in range(1, MOST_FIFTHS + 1)))
    yield Phase(CHOOSE, 1, COLOURS)
    yield Phase(PLACE, ctx.white())
    yield from _offers(ctx, declared[1])


def _soosorv8(ctx: Context) -> Script:
    yield from _one_of_26(ctx)
    yield Phase(CHOOSE, 1, COLOURS)
    yield Phase(PLACE, ctx.white())
    declared = yield Phase(CHOOSE, ctx.white(), tuple(fifths(n) for n in range(1, 9)))
    yield Phase(CHOOSE, ctx.black(), COLOURS)
    yield from _offers(ctx, declared[1])


def _taraguchi10(ctx: Context) -> Script:
    yield Phase(PLACE, 0, reach=0)
    yield Phase(CHOOSE, 1, COLOURS)
    yield Phase(PLACE, ctx.white(), reach=1)
    yield Phase(CHOOSE, ctx.black(), COLOURS)
    yield Phase(PLACE, ctx.black(), reach=2)
    yield Phase(CHOOSE, ctx.white(), COLOURS)
    yield Phase(PLACE, ctx.white(), reach=3)
    choice = yield Phase(CHOOSE, ctx.black(), COLOURS + (fifths(10),))
    if choice == fifths(10):
        yield from _offers(ctx, 10)
        return
    yield Phase(PLACE, ctx.black(), reach=4)
    yield Phase(CHOOSE, ctx.white(), COLOURS)


SCRIPTS: dict[str, Callable[[Context], Script]] = {
    SWAP1: _swap1, SWAP2: _swap2, RIF: _rif, SOOSORV8: _soosorv8, TARAGUCHI10: _taraguchi10, YAMAGUCHI: _yamaguchi}


def walk(rule: str, moves: Sequence[Hashable], rif_fifths: int = RIF_FIFTHS) -> tuple[Phase | None, int]:
    """The phase after the opening moves ``moves`` under ``rule`` (``None``: the opening
    is over, or free play) and the seat then holding Black; ``rif_fifths``: how many fifth
    moves ``rif`` has Black offer (the option ``fifths``). The moves are known to be
    the opening's, in order; the script is run again from its start each time, so a
    game holds only values (the opening is a few moves long)."""
    if rule not in SCRIPTS:
        return None, 0
    ctx = Context(fifths=rif_fifths)
    run = SCRIPTS[rule](ctx)
    phase = next(run)
    for move in moves:
        if phase.kind == CHOOSE:
            ctx.black_seat = chosen_black_seat(phase, move, ctx.black_seat)
        try:
            phase = run.send(move)
        except StopIteration:
            return None, ctx.black_seat
    return phase, ctx.black_seat


def chosen_black_seat(phase: Phase, choice: Hashable, black_seat: int) -> int:
    """Which seat holds Black after ``phase``'s seat chose ``choice`` (a colour word
    gives the chooser that colour; any other choice changes nothing)."""
    if choice == BLACK_WORD:
        return phase.seat
    if choice == WHITE_WORD:
        return 1 - phase.seat
    return black_seat


def choice_text(choice: Hashable) -> str:
    """A choice as the game's notation writes it: ``black``, ``more``, ``fifths:4``."""
    if isinstance(choice, tuple) and len(choice) == 2 and choice[0] == FIFTHS:
        return f"{FIFTHS}:{choice[1]}"
    return str(choice)


def parse_choice(text: str) -> Hashable | None:
    """``choice_text``'s inverse, or ``None`` if ``text`` is no choice."""
    word = text.strip().casefold()
    if word in (BLACK_WORD, WHITE_WORD, MORE):
        return word
    head, sep, number = word.partition(":")
    if sep and head == FIFTHS and number.isdigit() and 0 < int(number) <= 99:
        return fifths(int(number))
    return None


@lru_cache(maxsize=None)
def symmetric_maps(size: int) -> tuple[tuple[int, ...], ...]:
    """The board's eight symmetries about its centre, each as a table point -> point."""
    middle = size // 2
    maps = []
    for turn in SYMMETRIES:
        table = []
        for point in range(size * size):
            x, y = turn(point % size - middle, point // size - middle)
            table.append((y + middle) * size + x + middle)
        maps.append(tuple(table))
    return tuple(maps)


def within(size: int, point: int, reach: int | None) -> bool:
    """Whether ``point`` stands at most ``reach`` lines from the centre (``None``: anywhere)."""
    if reach is None:
        return True
    middle = size // 2
    return abs(point % size - middle) <= reach and abs(point // size - middle) <= reach
