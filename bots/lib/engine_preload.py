"""Numba set up once for every bot worker: imported by the workers' fork server.

On Linux the bot workers are forked from one fork server
(``game.match.supervisor.process_context``), which imports this module before
the first worker starts. Importing numba is not all a worker pays: the first
kernel it loads builds numba's typing and target contexts and starts LLVM's
JIT, some fifteen megabytes in each process. Loading one tiny kernel here
does that once in the server, and every worker forked from it shares those
pages copy-on-write (measured with five Chinese Checkers Master workers:
36 MB of PSS a worker instead of 51 with numba imported alone, 68 without
the fork server; benchmarks/ui_idle.py).
"""
from __future__ import annotations

from numba import njit


@njit(cache=True)
def _one_more(value: int) -> int:
    return value + 1


_one_more(1)
