"""Typed reading of data a person wrote or a file kept (``config.yaml``, the player's JSON files).

What a value must be is declared once, on the fields of a ``msgspec.Struct`` or
dataclass: the type, and where it matters a range, pattern and the words for
it (``Annotated[int, between(0, 65535)]``, ``Meta(description=...)``).
``msgspec.convert`` checks it; this module turns its first complaint, which
names the place only inside its message (``... - at `$.time_budget```), into a
``Fault``: the key at fault, what was expected there and what was given, for
the caller to word with its own file, line and fallback.

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


def between(low: float, high: float, what: str = "", *, whole: bool = False) -> Meta:
    """The range ``low``..``high`` of a number field, with the words for it:
    ``'seconds per move, a number from 0.01 to 600'``, ``'a whole number from 0 to 65535'``."""
    words = f"{'a whole number' if whole else 'a number'} from {low:g} to {high:g}"
    return Meta(ge=low, le=high, description=f"{what}, {words}" if what else words)


def shown(value: Any) -> str:
    """A value as a problem shows it: ``'soon'``, ``5``, ``a mapping``, ``a list``, ``nothing``."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None or value is MISSING:
        return "nothing"
    return repr(value)


def field_names(kind: type) -> tuple[str, ...]:
    """The fields of a Struct or dataclass, in order."""
    if dataclasses.is_dataclass(kind):
        return tuple(f.name for f in dataclasses.fields(kind))
    return tuple(kind.__struct_fields__)


def expected_of(kind: type, name: str) -> str:
    """The words for what field ``name`` of ``kind`` takes: its ``Meta`` description."""
    hint = typing.get_type_hints(kind, include_extras=True).get(name)
    for part in (hint, *typing.get_args(hint)):
        for extra in getattr(part, "__metadata__", ()):
            if isinstance(extra, Meta) and extra.description:
                return extra.description
    return name


def shape_of(kind: type) -> str:
    """The words for a whole ``kind``: its ``shape`` (``{keys}`` filled in), else a mapping of its keys."""
    shape = getattr(kind, "shape", "a mapping of {keys}")
    return shape.replace("{keys}", ", ".join(field_names(kind)))


def unknown_key(kind: type, name: str) -> Fault:
    """The fault of key ``name``, which ``kind`` does not have."""
    message = getattr(kind, "unknown_key", None) or f"unknown key (expected {', '.join(field_names(kind))})"
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
        return Fault((name,), expected, given, f"expected {expected}, got {shown(given)}")
    if at is None and (unknown := _UNKNOWN.match(text)):
        return unknown_key(kind, unknown.group(1))
    if at is None and (missing := _MISSING.match(text)):
        expected = expected_of(kind, missing.group(1))
        return Fault((missing.group(1),), expected, MISSING, f"expected {expected}, got nothing")
    expected = shape_of(kind)
    return Fault((), expected, value, f"expected {expected}, got {shown(value)}")
