"""The store's file helpers: the lock that keeps two arcades' changes apart, and the
temporary files of writers killed mid-write cleared at start."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.store.jsonfile import STALE_SECONDS, atomic_write_text, locked, remove_stale_temporaries
from game.store.userdata import data_dir, remove_stale_writes, saves_dir, stats_path

ROOT = Path(__file__).resolve().parent.parent
#: A writer killed (kill -9) between writing its temporary file and renaming it over the target.
KILLED_WRITER = """
import os, signal, sys
from game.store import jsonfile
os.replace = lambda *names: os.kill(os.getpid(), signal.SIGKILL)
jsonfile.atomic_write_text(sys.argv[1], "{}")
"""


def test_a_change_waits_for_the_lock_another_holds_and_gives_up_with_an_os_error(tmp_path):
    path = tmp_path / "stats.json"
    with locked(path):
        with pytest.raises(TimeoutError, match=r"^another copy of the arcade held .*\.stats\.json\.lock for 0\.05 s$"):
            with locked(path, wait=0.05):
                pass
    with locked(path, wait=0.05):   # released: taken at once
        atomic_write_text(path, "{}")
    assert path.read_text() == "{}"


def temporaries(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.glob(".*.tmp"))


@pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is POSIX's")
def test_what_a_writer_killed_mid_write_leaves_is_removed_at_the_next_start(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARD_ARCADE_HOME", str(tmp_path))
    stats_path().write_text('{"tictactoe": {}}')
    saved = saves_dir() / "tictactoe-2026-01-01-120000.txt"
    for target in (stats_path(), saved):
        writer = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(target)], cwd=ROOT, timeout=60)
        assert writer.returncode == -9
    assert len(temporaries(data_dir())) == 1 and len(temporaries(saves_dir())) == 1
    assert stats_path().read_text() == '{"tictactoe": {}}'
    removed = remove_stale_writes()
    assert len(removed) == 2
    assert temporaries(data_dir()) == [] and temporaries(saves_dir()) == []
    assert stats_path().read_text() == '{"tictactoe": {}}' and not saved.exists()


def test_a_temporary_file_a_running_writer_may_still_be_writing_is_left_alone(tmp_path):
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]) as running:
        try:
            fresh = tmp_path / f".stats.json.{running.pid}.a1b2c3d_.tmp"
            stale = tmp_path / f".settings.json.{running.pid}.zz99yy88.tmp"
            mine = tmp_path / f".seats.json.{os.getpid()}.k3j4h5g6.tmp"
            for path in (fresh, stale, mine):
                path.write_text("{")
            old = time.time() - STALE_SECONDS - 1
            os.utime(stale, (old, old))
            assert remove_stale_temporaries(tmp_path) == [stale]
            assert temporaries(tmp_path) == sorted([fresh.name, mine.name])
        finally:
            running.kill()


def test_only_the_temporary_files_of_the_arcades_own_writes_are_removed(tmp_path):
    with subprocess.Popen([sys.executable, "-c", "pass"]) as gone:
        gone.wait()
    theirs = [".stats.json.lock", "stats.json", "notes.tmp", ".hidden.tmp", f"game.txt.{gone.pid}.abcdefgh.tmp",
              f".x.{gone.pid}.ABCDEFGH.tmp", f".x.{gone.pid}.abc.tmp"]
    for name in theirs:
        (tmp_path / name).write_text("kept")
    (tmp_path / f".folder.{gone.pid}.abcdefgh.tmp").mkdir()
    old = time.time() - STALE_SECONDS - 1
    for path in tmp_path.iterdir():
        os.utime(path, (old, old))
    ours = [tmp_path / f".stats.json.{gone.pid}.abcdefgh.tmp", tmp_path / ".autosave.txt.k_9x2m4q.tmp"]
    for path in ours:
        path.write_text("{")
    os.utime(ours[1], (old, old))   # written before the writer's pid was in the name: age alone decides
    assert sorted(remove_stale_temporaries(tmp_path)) == sorted(ours)
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(theirs + [f".folder.{gone.pid}.abcdefgh.tmp"])


def test_a_missing_folder_is_no_problem(tmp_path):
    assert remove_stale_temporaries(tmp_path / "none") == []
