"""The store's file helpers: the lock that keeps two arcades' changes apart."""
from __future__ import annotations

import pytest

from game.store.jsonfile import atomic_write_text, locked


def test_a_change_waits_for_the_lock_another_holds_and_gives_up_with_an_os_error(tmp_path):
    path = tmp_path / "stats.json"
    with locked(path):
        with pytest.raises(TimeoutError, match="another copy of the arcade held"):
            with locked(path, wait=0.05):
                pass
    with locked(path, wait=0.05):   # released: taken at once
        atomic_write_text(path, "{}")
    assert path.read_text() == "{}"
