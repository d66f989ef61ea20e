"""The rules' and the bots' sentences made of parts, in the player's language.

The rules and the bots write English (the saves, the logs and the command line read it); a
sentence that names a seat or a number (``'Red filled the goal'``, ``'win in 3'``,
``'+4 steps, leaves 0.4 behind'``) is not one catalogue entry but a pattern of one, with its
parts worded in turn. ``value_in_words`` is the one place such a sentence is put into the
player's language: the window's boards, hints, reviews and results, and the LAN's words for
a result the server re-ranked (``game.net.wording``).
"""
from __future__ import annotations

import re

from game.lang import _, N_

#: A bot's value of a move, in the words the shipped bots write it, as the catalogue words it:
#: (the bots' pattern, the catalogue's words with the number the pattern takes).
_VALUE_WORDS = ((re.compile(r"win in (\d+)"), N_("win in {0}")), (re.compile(r"loss in (\d+)"), N_("loss in {0}")),
                (re.compile(r"wins in (\d+)"), N_("wins in {0}")), (re.compile(r"wins by (\d+)"), N_("wins by {0}")),
                (re.compile(r"loses by (\d+)"), N_("loses by {0}")),
                (re.compile(r"about ([+-]\d+) discs?"), N_("about {0} discs")),
                (re.compile(r"about ([+-]\d+) steps?"), N_("about {0} steps")),
                (re.compile(r"about (\d+)%"), N_("about {0}%")),
                (re.compile(r"likely wins in (\d+)"), N_("likely wins in {0}")),
                (re.compile(r"likely loses in (\d+)"), N_("likely loses in {0}")),
                (re.compile(r"wins by a (VCF|VCT) in (\d+)"), N_("wins by a {0} in {1}")),
                (re.compile(r"wins by a (VCF|VCT) in (\d+), one line"), N_("wins by a {0} in {1}, one line")),
                (re.compile(r"loses to a (VCF|VCT) in (\d+)"), N_("loses to a {0} in {1}")),
                (re.compile(r"loses in (\d+)"), N_("loses in {0}")),
                (re.compile(r"holds, (.+)"), N_("holds, {0}")),
                (re.compile(r"(.+) \(estimate\)"), N_("{0} (estimate)")),
                # Chinese Checkers' bots (``chinesecheckers_greedy``, ``chinesecheckers_master``).
                (re.compile(r"([+-]1) step"), N_("{0} step")), (re.compile(r"([+-]\d+) steps"), N_("{0} steps")),
                (re.compile(r"(.+), leaves ([\d.]+) behind"), N_("{0}, leaves {1} behind")),
                (re.compile(r"(.+), brings up ([\d.]+)"), N_("{0}, brings up {1}")),
                (re.compile(r"(.+) toward the goal, tried in (\d+%) of ([\d,]+) playouts"),
                 N_("{0} toward the goal, tried in {1} of {2} playouts")),
                (re.compile(r"(.+) toward the goal, best-reply search 1 ply deep, the only move valued"),
                 N_("{0} toward the goal, best-reply search 1 ply deep, the only move valued")),
                (re.compile(r"(.+) toward the goal, best-reply search (\d+) plies deep, the only move valued"),
                 N_("{0} toward the goal, best-reply search {1} plies deep, the only move valued")),
                (re.compile(r"(.+) toward the goal, the one move worth playing, the only move valued"),
                 N_("{0} toward the goal, the one move worth playing, the only move valued")),
                (re.compile(r"(.+) toward the goal, the one move worth playing"),
                 N_("{0} toward the goal, the one move worth playing")),
                # The rules' sentences naming a seat or a number: a refusal, an end, a score
                # (``reversi``, ``chinesecheckers``; the window's ``refusal_words`` and ``outcome_words``).
                (re.compile(r"([A-Z][a-z]+) has no move and must pass"), N_("{0} has no move and must pass")),
                (re.compile(r"([A-Z][a-z]+) has a move and may not pass"), N_("{0} has a move and may not pass")),
                (re.compile(r"([a-q]\d{1,2}) is taken"), N_("{0} is taken")),
                (re.compile(r"([a-q]\d{1,2}) does not hold a ([A-Z][a-z]+) marble"),
                 N_("{0} does not hold a {1} marble")),
                (re.compile(r"([a-q]\d{1,2}) to ([a-q]\d{1,2}) is neither a step nor a jump"),
                 N_("{0} to {1} is neither a step nor a jump")),
                (re.compile(r"([a-q]\d{1,2})-([a-q]\d{1,2}) jumps over the empty hole ([a-q]\d{1,2})"),
                 N_("{0}-{1} jumps over the empty hole {2}")),
                (re.compile(r"a marble may end its move only in the hexagon, its start point or its goal; "
                            r"([a-q]\d{1,2}) is in the (bottom|lower left|upper left|top|upper right|lower right) point"),
                 N_("a marble may end its move only in the hexagon, its start point or its goal; {0} is in the {1} point")),
                (re.compile(r"([A-Z][a-z]+) filled the goal"), N_("{0} filled the goal")),
                (re.compile(r"([A-Z][a-z]+) filled the goal first; places played out"),
                 N_("{0} filled the goal first; places played out")),
                (re.compile(r"turn limit of (\d+): ranked by distance to goal"),
                 N_("turn limit of {0}: ranked by distance to goal")),
                (re.compile(r"steps to goal: (.+)"), N_("steps to goal: {0}")),
                # a save file's line the rules refuse (``game.store.savefile``): a move, a position, a game
                (re.compile(r"move (\d+) \('(.*)'\): (.+)"), N_("move {0} ('{1}'): {2}")),
                (re.compile(r"(?P<move>.+?) is not legal: (?P<reason>.+)"), N_("{move} is not legal: {reason}")),
                (re.compile(r"column (\d+) is full"), N_("column {0} is full")),
                (re.compile(r"column (\d+)"), N_("column {0}")),
                (re.compile(r"'(.*)' is not a cell: use a1-c3 \(column a-c, row 1-3 from the bottom\)"),
                 N_("'{0}' is not a cell: use a1-c3 (column a-c, row 1-3 from the bottom)")),
                (re.compile(r"'(.*)' is not a column: use 1-(\d+) \(numbered from the left\)"),
                 N_("'{0}' is not a column: use 1-{1} (numbered from the left)")),
                (re.compile(r"'(.*)' is not a square: write a column a-h and a row 1-8, such as f5"),
                 N_("'{0}' is not a square: write a column a-h and a row 1-8, such as f5")),
                (re.compile(r"'(.*)' is not a point: write a column a-([a-s]) and a row 1-(\d+), such as ([a-s]\d+)"),
                 N_("'{0}' is not a point: write a column a-{1} and a row 1-{2}, such as {3}")),
                (re.compile(r"'(.*)' is not a move: write its path of holes, such as e4-e5 or e4-e6-g6, or pass"),
                 N_("'{0}' is not a move: write its path of holes, such as e4-e5 or e4-e6-g6, or pass")),
                (re.compile(r"'(.*)': '(.*)' is not a hole \(files a-q, ranks 1-17, such as e4\)"),
                 N_("'{0}': '{1}' is not a hole (files a-q, ranks 1-17, such as e4)")),
                (re.compile(r"'(.*)' is not a position: write the 64 squares a1 to h8 \(X black, O white, - empty\) "
                            r"and the side to move, X or O"),
                 N_("'{0}' is not a position: write the 64 squares a1 to h8 (X black, O white, - empty) and the side "
                    "to move, X or O")),
                (re.compile(r"after the position: (.+)"), N_("after the position: {0}")),
                (re.compile(r"unknown game '(.*)'; games: (.+)"), N_("unknown game '{0}'; games: {1}")),
                (re.compile(r"'(.*)' is not a game: write its id and any options, such as connect4 or "
                            r"connect4\(rows=6,cols=7\)"),
                 N_("'{0}' is not a game: write its id and any options, such as connect4 or connect4(rows=6,cols=7)")),
                (re.compile(r"'(.*)' is not a time control: write minutes \(10\), minutes\+increment \(5\+3\), "
                            r"minutes\+periods x seconds \(5\+3x30\) or none"),
                 N_("'{0}' is not a time control: write minutes (10), minutes+increment (5+3), minutes+periods x "
                    "seconds (5+3x30) or none")),
                (re.compile(r"'(.*)' is not a time left \(seconds, or seconds/periods\)"),
                 N_("'{0}' is not a time left (seconds, or seconds/periods)")),
                # an opening's colour choice valued (``bots.lib.gomoku_opening.opening_values``)
                (re.compile(r"(Black|White) to move (.+) after keeping the worst for Black of its (\d+) best fifth moves"),
                 N_("{0} to move {1} after keeping the worst for Black of its {2} best fifth moves")),
                (re.compile(r"(Black|White) to move (.+)"), N_("{0} to move {1}")),
                # a flag fallen (``game.match.clocks.lost_on_time``)
                (re.compile(r"(?P<name>.+) lost on time"), N_("{name} lost on time")),
                (re.compile(r"([A-Z][a-z]+ \d+), (.+)"), N_("{0}, {1}")),
                (re.compile(r"([A-Z][a-z]+) (\d+)"), N_("{0} {1}")))
#: The values that are always the same words (``game.rules.bot`` and the shipped bots).
VALUES = (N_("yours is the next swap, after the other's stone"), N_("the other player may swap after your next stone"),
          N_("win"), N_("loss"), N_("draw"), N_("a win"), N_("a loss"), N_("at least a draw"), N_("wins at once"),
          N_("unknown: no move valued"), N_("about even"),
          # Gomoku's estimates (``bots/gomoku_hard.py``'s ``estimate_text``).
          N_("even"), N_("slightly ahead"), N_("slightly behind"), N_("ahead"), N_("behind"), N_("well ahead"),
          N_("well behind"),
          # Chinese Checkers' bots with no move; a hint's move its bot has not valued (``game.match.session``).
          N_("no move: pass"), N_("not valued yet"),
          # the points of Chinese Checkers' star (``chinesecheckers.POINT_NAMES``), named in a refusal
          N_("bottom"), N_("lower left"), N_("upper left"), N_("top"), N_("upper right"), N_("lower right"))


def worded(words: str, patterns, otherwise) -> str:
    """``words`` in the player's language by the first of ``patterns`` ((pattern, catalogue
    words) pairs) it matches whole, each part it holds worded the same way; ``otherwise(words)``
    when none matches. The one loop behind every table of sentences made of parts."""
    for pattern, catalogued in patterns:
        found = pattern.fullmatch(words)
        if found:
            named = {key: worded(part, patterns, otherwise) for key, part in found.groupdict().items()}
            return _(catalogued).format(*(worded(part, patterns, otherwise) for part in found.groups()), **named)
    return otherwise(words)


def value_in_words(words: str) -> str:
    """A bot's value of a move (``'win in 3'``, ``'draw'``), or a rules' sentence made of a seat's
    name or a number (``'Red filled the goal'``), in the player's language; words the catalogue
    does not word (an estimate's figures, a bot of one's own) are shown as written."""
    return worded(words, _VALUE_WORDS, _)
