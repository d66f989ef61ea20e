"""Search helpers shared by bots, written once against the rules interface; the
games' numba kernels; and where numba keeps them compiled.

Numba's disk cache checks only the file that defines a kernel: a kernel that
calls (and so compiles in) one from another file would go on running the
old code after that file changed, in a player's upgrade as in development.
So the cache lives in a folder named by a digest of every source file here,
any change starts a fresh one, and older ones are removed. The folder sits
in ``__pycache__`` beside these files, or in the player's cache folder when
that is not writable (a system-wide install). A ``NUMBA_CACHE_DIR`` set by
the user is left alone.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_PREFIX = "numba-"


def sources_digest() -> str:
    """A digest of every source file here: the name of the cache folder that holds their kernels."""
    digest = hashlib.sha256()
    for path in sorted(_HERE.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _cache_parent() -> Path:
    local = _HERE / "__pycache__"
    try:
        local.mkdir(exist_ok=True)
        if os.access(local, os.W_OK):
            return local
    except OSError:
        pass
    import platformdirs

    return Path(platformdirs.user_cache_dir("board-arcade", appauthor=False))


def use_cache_folder() -> None:
    """Point numba at the cache folder of these sources (unless the user set ``NUMBA_CACHE_DIR``) and remove older ones."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    parent = _cache_parent()
    folder = parent / f"{_PREFIX}{sources_digest()}"
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    numba = sys.modules.get("numba")
    if numba is not None:                      # numba read its settings already
        numba.config.CACHE_DIR = str(folder)
    for old in parent.glob(f"{_PREFIX}*"):
        if old != folder:
            shutil.rmtree(old, ignore_errors=True)


use_cache_folder()
