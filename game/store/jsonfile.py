"""The player's files written atomically (``atomic_write_text``: settings, statistics,
saved games, arena records), and JSON files read without ever losing them.

A file is written to a temporary file beside it and renamed over it in one
step, so a crash or a full disk mid-write leaves the previous version. A file
that is not JSON, or not the object expected, is reported and set aside as
``<name>.bad``, so the player can recover it by hand and the next save does
not destroy it; each kind of file then checks its entries with msgspec
(``game.match.typeddata``) and keeps the good ones.
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import msgspec


def atomic_write_text(path: Path | str, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old or the new file, never half.

    The text goes to a temporary file in the same folder, is flushed to disk,
    then renamed over the target in one step.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
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
    return f"; the file as it was is kept as {bad}"


def read_json_object(path: Path, what: str) -> tuple[dict[str, Any] | None, list[str]]:
    """The JSON object in ``path`` (``None`` if absent or damaged), and what was wrong.

    ``what`` names the object in a problem: ``'a JSON object of settings'``. The text
    is read by Python's json, which takes all that Python's json writes (``Infinity``
    among it, for which msgspec's JSON would refuse the whole file), and its shape
    is checked by msgspec.
    """
    if not path.exists():
        return None, []
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as err:
        reason = str(err) if not isinstance(err, RecursionError) else "nested too deeply"
        return None, [f"{path}: could not be read ({reason}){set_aside(path)}"]
    try:
        return msgspec.convert(value, dict[str, Any]), []
    except msgspec.ValidationError:
        return None, [f"{path}: expected {what}{set_aside(path)}"]
