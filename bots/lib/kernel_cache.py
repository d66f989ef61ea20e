"""Whether numba's disk cache already holds a kernel, so a bot knows if using it costs a compile.

A bot whose engine has a part only later moves need (Reversi's exact solver,
Gomoku's threat search) compiles that part in ``warm_up_later``; until then it
plays without it rather than compile on a move's clock. When the part is
already in the disk cache, loading it is quick, and the bot loads it in
``warm_up`` instead.
"""
from __future__ import annotations

import os
from typing import Any


def disk_cached(kernel: Any) -> bool:
    """Whether numba's disk cache holds ``kernel`` (a ``cache=True`` dispatcher): call it on the
    entry kernel of a part, which numba writes there after every kernel it calls. False when numba
    keeps its cache some other way than this one knows."""
    try:
        return os.path.exists(kernel._cache._cache_file._index_path)
    except AttributeError:
        return False
