"""The player's files written atomically (``atomic_write_text``: settings, statistics,
saved games, arena records), and JSON files read without ever losing them.

A file is written to a temporary file beside it and renamed over it in one
step, so a crash or a full disk mid-write leaves the previous version. A file
that is not JSON, or not the object expected, is reported and set aside as
``<name>.bad``, so the player can recover it by hand and the next save does
not destroy it; each kind of file then checks its entries with msgspec
(``game.match.typeddata``) and keeps the good ones.

Two copies of the arcade (two windows, a window and ``serve``) may change
one file at once. A change that reads a file, merges into it and writes it
back does so while holding the file's lock (``locked``: a lock file beside
it, ``.<name>.lock``, locked with ``fcntl.flock`` or ``msvcrt.locking``; the
operating system releases it when its holder exits, even by kill -9), so
no copy writes over what another added between its read and its write.

A writer killed between its temporary file and the rename leaves that file,
``.<name>.<pid>.<random>.tmp``; ``remove_stale_temporaries`` clears them from
a folder at start: only files of that pattern, and only once their writer is
gone (its process id no longer runs on this computer) or they are older than
``STALE_SECONDS``, so a file another running copy is writing is never touched.
"""
from __future__ import annotations

import errno
import json
import os
import re
import shutil
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import msgspec

from game.lang import _

#: How long a change waits for another copy of the arcade to finish with a file (seconds).
LOCK_WAIT = 10.0
#: A temporary file this old is a dead writer's whatever its process id says (seconds);
#: the arcade's files take milliseconds to write.
STALE_SECONDS = 600.0
#: ``atomic_write_text``'s temporary files: ``.<name>.<pid>.<8 random characters>.tmp``
#: (without the pid, as written before it was).
_TEMPORARY = re.compile(r"^\.(?P<name>.+?)\.(?:(?P<pid>\d+)\.)?[a-z0-9_]{8}\.tmp$")
#: File systems that cannot lock: the change goes on unlocked, as before there were locks.
_NO_LOCKS = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL}


def atomic_write_text(path: Path | str, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old or the new file, never half.

    The text goes to a temporary file in the same folder, is flushed to disk,
    then renamed over the target in one step.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def set_aside(path: Path, copy: bool = False) -> str:
    """Keep a damaged file as ``<name>.bad`` for the player; say where, for the message.

    ``copy`` keeps the original in place too (when part of it is still used).
    """
    bad = path.with_name(path.name + ".bad")
    try:
        if copy:
            shutil.copyfile(path, bad)
        else:
            os.replace(path, bad)
    except OSError:
        return ""
    return _("; the file as it was is kept as {path}").format(path=bad)


def read_json_object(path: Path, what: str) -> tuple[dict[str, Any] | None, list[str]]:
    """The JSON object in ``path`` (``None`` if absent or damaged), and what was wrong.

    ``what`` names the object in a problem: ``'a JSON object of settings'`` (marked with ``N_``;
    the problems are worded in the current language). The text
    is read by Python's json, which takes all that Python's json writes (``Infinity``
    among it, for which msgspec's JSON would refuse the whole file), and its shape
    is checked by msgspec.
    """
    if not path.exists():
        return None, []
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as err:
        reason = str(err) if not isinstance(err, RecursionError) else _("nested too deeply")
        return None, [_("{path}: could not be read ({reason}){kept}").format(path=path, reason=reason, kept=set_aside(path))]
    try:
        return msgspec.convert(value, dict[str, Any]), []
    except msgspec.ValidationError:
        return None, [_("{path}: expected {what}{kept}").format(path=path, what=_(what), kept=set_aside(path))]


def lock_path(path: Path) -> Path:
    """The lock file of ``path``: ``.<name>.lock`` beside it (kept: removing it would race)."""
    return path.with_name(f".{path.name}.lock")


@contextmanager
def locked(path: Path | str, wait: float = LOCK_WAIT) -> Iterator[None]:
    """Hold ``path``'s lock for the block: every copy of the arcade that reads, changes and
    writes ``path`` inside ``locked`` waits for the others. ``TimeoutError`` (an ``OSError``)
    if another holds it for ``wait`` seconds; a file system that cannot lock is used unlocked.
    Not re-entrant: a block must not take the same lock again."""
    target = lock_path(Path(path))
    target.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(target, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        held = _acquire(fd, target, wait)
        try:
            yield
        finally:
            if held:
                _release(fd)
    finally:
        os.close(fd)


def _acquire(fd: int, target: Path, wait: float) -> bool:
    """Take the lock on ``fd``, retrying until ``wait`` runs out; False if locks are not supported."""
    deadline = time.monotonic() + wait
    pause = 0.002
    while True:
        try:
            _try_lock(fd)
            return True
        except OSError as err:
            if err.errno in _NO_LOCKS:
                return False
            if not isinstance(err, BlockingIOError) and err.errno not in (errno.EACCES, errno.EDEADLK):
                raise
        if time.monotonic() >= deadline:
            raise TimeoutError(f"another copy of the arcade held {target} for {wait:g} s")
        time.sleep(pause)
        pause = min(pause * 2, 0.05)


if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _release(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

    def _running(pid: int) -> bool:
        return True     # no check that is safe here (os.kill ends a process on Windows): age decides
else:
    import fcntl

    def _try_lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _release(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

    def _running(pid: int) -> bool:
        """Whether process ``pid`` runs on this computer (signal 0 checks, sends nothing)."""
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except OSError:
            return True     # it runs, as another user's
        return True


def remove_stale_temporaries(folder: Path, now: float | None = None) -> list[Path]:
    """Remove from ``folder`` the temporary files that writers killed mid-write left
    (``.<name>.<pid>.<random>.tmp``) whose writer is gone or which are older than
    ``STALE_SECONDS``; returns those removed. Nothing else is touched, and a folder
    that cannot be read is left as it is."""
    now = time.time() if now is None else now
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        found = _TEMPORARY.match(entry.name)
        if found is None:
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            age = now - entry.stat(follow_symlinks=False).st_mtime
            pid = int(found.group("pid")) if found.group("pid") else None
            writer_gone = pid is not None and pid != os.getpid() and not _running(pid)
            if age >= STALE_SECONDS or writer_gone:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed
