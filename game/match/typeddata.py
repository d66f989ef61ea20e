"""Typed reading of data a person wrote or a file kept (``config.yaml``, the player's JSON files).

What a value must be is declared once, on the fields of a ``msgspec.Struct`` or
dataclass: the type, and where it matters a range, pattern and the words for
it (``Annotated[int, between(0, 65535)]``, ``Meta(description=...)``).
``msgspec.convert`` checks it; this module turns its first complaint, which
names the place only inside its message (``... - at `$.time_budget```), into a
``Fault``: the key at fault, what was expected there and what was given, for
the caller to word with its own file, line and fallback.

A ``Fault``'s words are ``Phrase``s, shown in the player's language by the window. A field's
``Meta(description=...)`` must be plain text: a description made of parts is written with
``described``, which keeps its ``Phrase`` for ``expected_of`` to find; a plain one is marked
with ``N_``.

``convert`` takes an entry whole or not at all; ``convert_fields`` goes past a
bad field or an unknown key, reports it and leaves it out, so that field keeps
its default and the good ones are kept.
"""
from __future__ import annotations

import dataclasses
import re
import typing
from dataclasses import dataclass
from typing import Any, TypeVar

import msgspec
from msgspec import Meta

from game.lang import N_, Phrase

T = TypeVar("T")

#: The place msgspec names at the end of its message: ``- at `$.field...``` (or ``- at `key` in `$...```).
_AT = re.compile(r" - at (?:`key` in )?`\$([^`]*)`$")
_FIELD = re.compile(r"\.([A-Za-z_]\w*)")
_UNKNOWN = re.compile(r"^Object contains unknown field `(.+)`")
_MISSING = re.compile(r"^Object missing required field `(.+)`")


class _Missing:
    def __repr__(self) -> str:
        return "nothing"


#: The value of a ``Fault`` about a key that was not given.
MISSING: Any = _Missing()


@dataclass(frozen=True)
class Fault:
    """What was wrong with a value: the key path at fault below it (``()``: the value
    itself), what was expected there, what was given (``MISSING`` if nothing), and the
    problem in words: ``expected <expected>, got <value>``, or ``unknown key (...)``."""

    key: tuple[str, ...]
    expected: str
    value: Any
    message: str

    @property
    def unknown(self) -> bool:
        """Whether the fault is a key the type does not have."""
        return self.value is MISSING and not self.expected


#: The descriptions written by ``described``, by their English: the ``Phrase`` each was made of.
_DESCRIBED: dict[str, Phrase] = {}


def described(pattern: str, **values: object) -> str:
    """A field's description made of parts (``pattern`` marked with ``N_``), as the plain text
    ``Meta`` takes; ``expected_of`` gives it back as the ``Phrase`` it was made of."""
    phrase = Phrase(pattern, **values)
    _DESCRIBED[str(phrase)] = phrase
    return str(phrase)


def between(low: float, high: float, what: str = "", *, whole: bool = False) -> Meta:
    """The range ``low``..``high`` of a number field, with the words for it (``what`` marked
    with ``N_``): ``'seconds per move, a number from 0.01 to 600'``, ``'a whole number from 0 to 65535'``."""
    pattern = N_("a whole number from {low} to {high}") if whole else N_("a number from {low} to {high}")
    words = Phrase(pattern, low=f"{low:g}", high=f"{high:g}")
    if what:
        return Meta(ge=low, le=high, description=described(N_("{what}, {range}"), what=Phrase(what), range=words))
    return Meta(ge=low, le=high, description=described(pattern, low=f"{low:g}", high=f"{high:g}"))


def shown(value: Any) -> str:
    """A value as a problem shows it: ``'soon'``, ``5``, ``a mapping``, ``a list``, ``nothing``
    (the last three a ``Phrase``, worded in the player's language where shown)."""
    if isinstance(value, dict):
        return Phrase(N_("a mapping"))
    if isinstance(value, list):
        return Phrase(N_("a list"))
    if value is None or value is MISSING:
        return Phrase(N_("nothing"))
    return repr(value)


def field_names(kind: type) -> tuple[str, ...]:
    """The fields of a Struct or dataclass, in order."""
    if dataclasses.is_dataclass(kind):
        return tuple(f.name for f in dataclasses.fields(kind))
    return tuple(kind.__struct_fields__)


def expected_of(kind: type, name: str) -> str:
    """The words for what field ``name`` of ``kind`` takes: its ``Meta`` description, as a ``Phrase``
    (the field's name when it has none)."""
    hint = typing.get_type_hints(kind, include_extras=True).get(name)
    for part in (hint, *typing.get_args(hint)):
        for extra in getattr(part, "__metadata__", ()):
            if isinstance(extra, Meta) and extra.description:
                return _DESCRIBED.get(extra.description) or Phrase(extra.description)
    return name


def shape_of(kind: type) -> str:
    """The words for a whole ``kind``: its ``shape`` (``{keys}`` filled in), else a mapping of its keys."""
    shape = getattr(kind, "shape", N_("a mapping of {keys}"))
    if "{keys}" in shape:
        return Phrase(shape, keys=", ".join(field_names(kind)))
    return Phrase(shape)


def unknown_key(kind: type, name: str) -> Fault:
    """The fault of key ``name``, which ``kind`` does not have."""
    own = getattr(kind, "unknown_key", None)
    message = (Phrase(own) if own else
               Phrase(N_("unknown key (expected {keys})"), keys=", ".join(field_names(kind))))
    return Fault((name,), "", MISSING, message)


def convert(value: Any, kind: type[T]) -> T | Fault:
    """``value`` as a ``kind`` (a Struct or dataclass, from a mapping), or the first ``Fault`` in it."""
    try:
        return msgspec.convert(value, kind)
    except msgspec.ValidationError as err:
        return _fault(str(err), value, kind)


def convert_fields(value: Any, kind: type[T]) -> tuple[T | None, list[Fault]]:
    """``value`` as a ``kind`` whose every field has a default, and the faults found.

    Each unknown key and each field at fault is reported and left out, so that
    field keeps its default; ``None`` (with the fault) if ``value`` is not a mapping.
    """
    if not isinstance(value, dict):
        fault = convert(value, kind)
        return (None, [fault]) if isinstance(fault, Fault) else (fault, [])
    names = field_names(kind)
    faults = [unknown_key(kind, str(key)) for key in value if str(key) not in names]
    data = {str(key): item for key, item in value.items() if str(key) in names}
    while True:
        result = convert(data, kind)
        if not isinstance(result, Fault):
            return result, faults
        faults.append(result)
        if not result.key or result.key[0] not in data:
            return None, faults
        del data[result.key[0]]


def _fault(text: str, value: Any, kind: type) -> Fault:
    at = _AT.search(text)
    field = _FIELD.match(at.group(1)) if at else None
    if field is not None:
        name = field.group(1)
        given = value.get(name, MISSING) if isinstance(value, dict) else MISSING
        expected = expected_of(kind, name)
        return Fault((name,), expected, given, expected_got(expected, given))
    if at is None and (unknown := _UNKNOWN.match(text)):
        return unknown_key(kind, unknown.group(1))
    if at is None and (missing := _MISSING.match(text)):
        expected = expected_of(kind, missing.group(1))
        return Fault((missing.group(1),), expected, MISSING, expected_got(expected, MISSING))
    expected = shape_of(kind)
    return Fault((), expected, value, expected_got(expected, value))


def expected_got(expected: str, value: Any) -> Phrase:
    """``expected <expected>, got <value as shown>``."""
    return Phrase(N_("expected {expected}, got {value}"), expected=expected, value=shown(value))
