"""``config.yaml``'s text as data, with the line of every key, for problems that say
"file, line, key".

The YAML is read safely and measured before it is built: aliases expanded, a
document of more than ``MAX_NODES`` nodes or ``MAX_DEPTH`` levels, or one that
contains itself, raises ``TooLarge`` instead of eating the memory. A YAML
error is placed on the line a person would fix (``yaml_error_place``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from game.lang import N_, Phrase

#: Limits of config.yaml's data, aliases expanded (a real file has some dozens of nodes).
MAX_NODES, MAX_DEPTH = 10_000, 50

#: The line of each mapping key, by its key path (``('games', 'tictactoe', 'hint')``).
Lines = dict[tuple[str, ...], int]


class TooLarge(Exception):
    """config.yaml's data is nested too deeply, is too large, or contains itself."""


@dataclass
class Document:
    """A YAML document's data, the line of each key, and the keys given twice (with the
    line of each repeat: the later one is used)."""

    data: Any = None
    lines: Lines = field(default_factory=dict)
    twice: list[tuple[tuple[str, ...], int]] = field(default_factory=list)


def parse(text: str) -> Document:
    """The document in ``text``; ``yaml.YAMLError``, ``TooLarge`` or whatever the YAML
    library raises building a value (a date that is no date raises ``ValueError``)."""
    document = Document()
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is not None:
            _map_lines(document, node, (), [0], set())
            document.data = loader.construct_document(node)
    finally:
        loader.dispose()
    return document


def _map_lines(document: Document, node: yaml.Node, path: tuple[str, ...], count: list[int],
               open_nodes: set[int]) -> None:
    """Record the line of every mapping key, and the keys given twice.

    Walks the document as its data will be, aliases expanded; ``TooLarge``
    if that passes ``MAX_NODES`` nodes, ``MAX_DEPTH`` levels, or reaches a
    node inside itself (a recursive alias). ``count`` and ``open_nodes``
    carry the walk's totals and the nodes on its current path.
    """
    count[0] += 1
    if count[0] > MAX_NODES or len(path) > MAX_DEPTH or id(node) in open_nodes:
        raise TooLarge
    if not isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        return
    open_nodes.add(id(node))
    if isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _map_lines(document, item, path + (str(index),), count, open_nodes)
    else:
        seen: set[str] = set()
        for key_node, value_node in node.value:
            _map_lines(document, key_node, path, count, open_nodes)
            key = str(key_node.value)
            here = path + (key,)
            document.lines[here] = key_node.start_mark.line + 1
            if key in seen:
                document.twice.append((here, document.lines[here]))
            seen.add(key)
            _map_lines(document, value_node, here, count, open_nodes)
    open_nodes.discard(id(node))


def problem_text(path: Path, lines: Lines, key: tuple[str, ...], message: str) -> Phrase:
    """``config.yaml line 7: games.tictactoe.time_budget: <message>``: file, line (of the key,
    else of the nearest key above it that has one), key path; a ``Phrase``, its parts for
    ``problem_parts``."""
    line, probe = None, key
    while probe and line is None:
        line = lines.get(probe)
        probe = probe[:-1]
    return file_problem(path.name, line, message, ".".join(key))


def file_problem(name: str, line: int | None, message: str, key: str = "") -> Phrase:
    """A problem of file ``name``: ``'<name> line <line>: <key>: <message>'``, without the line
    or the key when there is none."""
    if line and key:
        return Phrase(N_("{file} line {line}: {key}: {message}"), file=name, line=line, key=key, message=message)
    if line:
        return Phrase(N_("{file} line {line}: {message}"), file=name, line=line, message=message)
    if key:
        return Phrase(N_("{file}: {key}: {message}"), file=name, key=key, message=message)
    return Phrase(N_("{file}: {message}"), file=name, message=message)


def problem_parts(problem: str, name: str, shown: str) -> tuple[str, str]:
    """A problem of file ``name`` as (where, what), the file named as ``shown``: ``config.yaml line 7:
    games.x: ...`` gives (``'<shown> line 7'``, ``'games.x: ...'``), each a ``Phrase`` for the window
    to word. A problem not made by ``file_problem`` is split at its English."""
    if isinstance(problem, Phrase) and problem.values.get("file") == name and "message" in problem.values:
        line, key, message = problem.values.get("line"), problem.values.get("key"), problem.values["message"]
        where = Phrase(N_("{file} line {line}"), file=shown, line=line) if line else shown
        return where, Phrase(N_("{key}: {message}"), key=key, message=message) if key else message
    match = re.match(rf"{re.escape(name)}( line \d+)?: ", problem)
    if match is None:
        return shown, problem
    return shown + (match.group(1) or ""), problem[match.end():]


#: Parser contexts whose mark is where the mistake is: an opened bracket or quote never closed.
_OPENED_AT = {
    "while parsing a flow mapping": N_("a {{ opened here is not closed: {problem} at line {line}"),
    "while parsing a flow sequence": N_("a [ opened here is not closed: {problem} at line {line}"),
    "while scanning a quoted scalar": N_("a quote opened here is not closed: {problem} at line {line}"),
}


def yaml_error_place(err: yaml.YAMLError, text: str) -> tuple[int | None, str]:
    """The line a YAML error is on as a person would fix it, and what is wrong there.

    The parser reports where it noticed the mistake, which is often lines
    later: an unclosed bracket or quote is noticed at the next key or at the
    end of the file, and a key indented wrongly after a comment is noticed at
    the next key below. So an unclosed bracket or quote is named where it was
    opened, and an indentation that does not fit at the line above it (the
    last line that is not blank or a comment), with where it was noticed. What is wrong is a
    ``Phrase`` around the YAML library's words, which stay English.
    """
    problem_mark = getattr(err, "problem_mark", None)
    context_mark = getattr(err, "context_mark", None)
    problem = getattr(err, "problem", None) or str(err)
    if problem_mark is None:
        return None, problem
    noticed = problem_mark.line + 1
    opened = _OPENED_AT.get(getattr(err, "context", None) or "")
    if opened and context_mark is not None and context_mark.line + 1 < noticed:
        return context_mark.line + 1, Phrase(opened, problem=problem, line=noticed)
    if problem.startswith("expected <block end>"):
        lines = text.splitlines()
        above = next((n for n in range(noticed - 1, 0, -1)
                      if n <= len(lines) and lines[n - 1].strip() and not lines[n - 1].lstrip().startswith("#")),
                     None)
        if above is not None and above < noticed:
            return above, Phrase(N_("the indentation of line {line} or of line {below} below it does not fit: {problem}"),
                                 line=above, below=noticed, problem=problem)
    return noticed, problem
