"""``game.match.pool``: tasks run at once here, handed back as they finish, put back in order."""
from __future__ import annotations

import math
import threading
import time

import pytest

from game.match.pool import forget, in_order, kept, run_tasks


def test_every_task_runs_once_in_processes_and_comes_back_with_its_index():
    done = list(run_tasks(math.factorial, [5, 3, 7, 0], concurrency=2))
    assert sorted(done) == [(0, 120), (1, 6), (2, 5040), (3, 1)]


def test_results_come_back_as_tasks_finish_and_in_order_puts_them_back():
    def slow_first(item: int) -> int:
        time.sleep(0.3 if item == 0 else 0.0)
        return item * 10

    done = list(run_tasks(slow_first, range(3), concurrency=3, threads=True))
    assert done[-1] == (0, 0)
    assert list(in_order(done)) == [(0, 0), (1, 10), (2, 20)]


def test_in_order_counts_an_index_seen_twice_once():
    assert list(in_order([(1, "b"), (0, "a"), (1, "b again"), (2, "c")])) == [(0, "a"), (1, "b"), (2, "c")]


def test_closing_early_starts_no_more_tasks_and_signals_those_running():
    started: list[int] = []
    stop = threading.Event()

    def task(item: int) -> int:
        started.append(item)
        if item:
            stop.wait(5)
        return item

    tasks = run_tasks(task, range(100), concurrency=2, threads=True, on_stop=stop.set)
    assert next(tasks) == (0, 0)
    began = time.perf_counter()
    tasks.close()
    assert stop.is_set() and time.perf_counter() - began < 4
    assert len(started) <= 3


def test_a_task_that_raises_raises_in_the_caller():
    with pytest.raises(ZeroDivisionError):
        list(run_tasks(lambda item: 1 // item, [1, 0, 2], concurrency=1, threads=True))


def test_games_at_once_below_one_is_refused():
    with pytest.raises(ValueError, match="at least 1, got 0"):
        run_tasks(math.factorial, [1], concurrency=0)


def test_kept_makes_a_thing_once_per_key():
    made = []
    first = kept(("test_arena_pool", 1), lambda: made.append(1) or ["table"])
    again = kept(("test_arena_pool", 1), lambda: made.append(2) or ["other"])
    assert first is again and made == [1]


def test_forget_has_kept_make_its_thing_afresh():
    first = kept(("test_arena_pool", 2), lambda: ["table"])
    forget(("test_arena_pool", 2))
    assert kept(("test_arena_pool", 2), lambda: ["new table"]) == ["new table"] and first == ["table"]
