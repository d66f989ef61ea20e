"""msgspec's complaints turned into "key, what was expected, what was given", and a
value read field by field so that one bad field costs only itself."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from msgspec import Meta, Struct

from game.match.typeddata import MISSING, between, convert, convert_fields


@dataclass(frozen=True)
class Limits:
    port: Annotated[int, between(0, 65535, whole=True)] = 5151
    name: Annotated[str, Meta(pattern=r"\S", description="a name")] = "host"


class Engine(Struct, forbid_unknown_fields=True):
    shape: ClassVar[str] = "{command: ..., time: seconds}"

    command: Annotated[str, Meta(description="the engine's command line")]
    time: Annotated[float, between(0.01, 600, "seconds per move")] | None = None


def test_a_bad_field_names_its_key_what_it_takes_and_what_was_given():
    fault = convert({"command": "rapfi", "time": "soon"}, Engine)
    assert (fault.key, fault.value) == (("time",), "soon")
    assert fault.message == "expected seconds per move, a number from 0.01 to 600, got 'soon'"


def test_a_missing_field_an_unknown_key_and_a_wrong_shape_are_told_apart():
    missing = convert({"time": 1}, Engine)
    assert (missing.key, missing.value, missing.message) == (
        ("command",), MISSING, "expected the engine's command line, got nothing")
    unknown = convert({"command": "x", "memory": 64}, Engine)
    assert unknown.unknown and unknown.message == "unknown key (expected command, time)"
    assert convert([1, 2], Engine).message == "expected {command: ..., time: seconds}, got a list"


def test_field_by_field_each_fault_is_reported_and_only_its_field_falls_back():
    limits, faults = convert_fields({"port": 70000, "name": "table", "colour": "red"}, Limits)
    assert limits == Limits(name="table")
    assert [f.message for f in faults] == ["unknown key (expected port, name)",
                                           "expected a whole number from 0 to 65535, got 70000"]
    assert convert_fields("everything", Limits) == (None, [convert("everything", Limits)])
