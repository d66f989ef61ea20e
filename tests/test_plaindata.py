"""Plain-data unpickling: numbers, text and containers come through; objects never rebuild."""
from __future__ import annotations

import os
import pickle

import pytest

from game.match.plaindata import NotPlainData, loads_plain

PLAIN = (1, 2.5, "b2", b"\x00", True, None, [1, (2, 3)], {"a": {4, 5}}, frozenset({(0, 1)}))


class MakesFolder:
    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return (os.mkdir, (self.path,))


@pytest.mark.parametrize("protocol", [4, pickle.HIGHEST_PROTOCOL])
def test_plain_data_round_trips(protocol):
    assert loads_plain(pickle.dumps(PLAIN, protocol=protocol)) == PLAIN


def test_object_that_would_run_code_is_refused_and_nothing_runs(tmp_path):
    target = tmp_path / "made"
    with pytest.raises(NotPlainData, match="posix.mkdir|os.mkdir|nt.mkdir"):
        loads_plain(pickle.dumps(("done", 1, MakesFolder(str(target)), 0.1)))
    assert not target.exists()


def test_instances_of_other_classes_are_refused():
    with pytest.raises(NotPlainData, match="refused to rebuild"):
        loads_plain(pickle.dumps(complex(1, 2)))

