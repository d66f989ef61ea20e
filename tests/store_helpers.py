"""Helpers of the store's tests: copies of the arcade at work at once, as processes."""
from __future__ import annotations

import multiprocessing
from typing import Any, Callable, Sequence


def run_at_once(target: Callable[..., None], args_list: Sequence[tuple[Any, ...]]) -> None:
    """Run ``target(go, *args)`` for each of ``args_list``, each in a process of its own; ``go``
    is an event set once every process has started, for them to wait on and so run together.
    Fails unless every process exits with status 0."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    go = context.Event()
    processes = [context.Process(target=target, args=(go, *args)) for args in args_list]
    for process in processes:
        process.start()
    go.set()
    for process in processes:
        process.join(60)
    assert [process.exitcode for process in processes] == [0] * len(processes)
