"""Many independent tasks run at once, on this machine or on a Ray cluster: ``run_tasks``.

The arena's games and the benchmarks' self-play and solving are each a list
of independent tasks, ``fn(item)``, whose results the caller puts back in
order. ``run_tasks`` runs them and hands each result back as soon as it is
ready, with its index, so a caller can show progress and stop early:

- on this machine, ``concurrency`` at a time in threads (``threads=True``:
  for work that waits on other processes, as the arena's games wait on
  their bots' workers) or in processes (``multiprocessing``'s ``spawn``,
  for work done in Python itself, as the benchmarks' searches; the
  processes are kept for the next run with the same ``concurrency``, so
  what a task keeps in its process, ``kept``, lasts from run to run);
- on a Ray cluster (``ray_address``: a cluster's address, or ``'auto'``
  for the one started on this machine with ``ray start``), as Ray tasks.
  Ray is imported only then, so an install without the ``cluster`` extra
  never needs it. A task on a node that dies is run again
  (``max_retries``); its result is handed back once. ``fn`` and the items
  travel pickled (cloudpickle), and every node must have this project's
  code at the driver's path or installed (``pip install .``).

Stopping early: closing the iterator (leaving a ``for`` loop over it, or an
exception in the caller) starts no further task; on this machine it waits
for the tasks already running (the caller may make them quick to end), on
Ray it cancels them.
"""
from __future__ import annotations

import multiprocessing
import os
import socket
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor, wait
from typing import Any, Callable, Hashable, Iterable, Iterator, TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: How often Ray runs again a task whose node or worker process died.
MAX_RETRIES = 5
#: Seconds between looks at the tasks, so Ctrl+C is taken at once while waiting.
POLL = 0.5
#: Seconds to wait for a cluster's head to answer before saying it does not.
REACH_TIMEOUT = 10.0
#: What a ``--ray`` run without Ray says.
NO_RAY = "Ray is not installed: install the cluster extra: pip install .[cluster]"


class RayMissing(RuntimeError):
    """``ray_address`` was given and Ray is not installed."""


class RayUnreachable(ConnectionError):
    """Nothing answers at the cluster's address (Ray itself would wait for it without end)."""


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:   # not on every platform
        return os.cpu_count() or 1


def run_tasks(fn: Callable[[T], R], items: Iterable[T], *, concurrency: int | None = None,
              ray_address: str | None = None, threads: bool = False, max_retries: int = MAX_RETRIES,
              on_stop: Callable[[], None] | None = None) -> Iterator[tuple[int, R]]:
    """``fn(item)`` for every item, as ``(index, result)`` pairs in the order the tasks finish.

    ``concurrency`` tasks run at once (default: this machine's cores, or on Ray
    the cluster's CPUs). An exception of a task is raised here, after the tasks
    not started are dropped. ``on_stop`` is called when the run ends with tasks
    still running (closed early, or an exception), before they are waited for
    or cancelled: a caller's signal to end them soon. ``RayMissing`` if
    ``ray_address`` is given and Ray is not installed; ``ValueError`` if
    ``concurrency`` is below 1.
    """
    if concurrency is not None and concurrency < 1:
        raise ValueError(f"tasks at once must be at least 1, got {concurrency}")
    if ray_address is not None:
        return _on_ray(fn, items, concurrency, ray_address, max_retries, on_stop)
    return _here(fn, items, concurrency or usable_cores(), threads, on_stop)


def _here(fn: Callable[[T], R], items: Iterable[T], concurrency: int, threads: bool,
          on_stop: Callable[[], None] | None) -> Iterator[tuple[int, R]]:
    if threads:
        executor: Executor = ThreadPoolExecutor(concurrency, thread_name_prefix="task")
    else:     # kept for the next run, so what its processes keep (``kept``) serves that run too
        executor = kept(("processes", concurrency), lambda: ProcessPoolExecutor(
            concurrency, mp_context=multiprocessing.get_context("spawn")))
    ahead = concurrency if threads else 2 * concurrency
    todo = enumerate(items)
    running: dict[Future, int] = {}
    try:
        while True:
            for index, item in todo:
                running[executor.submit(fn, item)] = index
                if len(running) >= ahead:
                    break
            if not running:
                return
            finished, _ = wait(running, timeout=POLL, return_when=FIRST_COMPLETED)
            for future in finished:
                yield running.pop(future), future.result()
    finally:
        if running and on_stop is not None:
            on_stop()
        for future in running:
            future.cancel()
        if threads:
            executor.shutdown(wait=True, cancel_futures=True)
        else:
            wait(running)


def import_ray() -> Any:
    """The ``ray`` module; ``RayMissing`` with the extra to install if it is not there."""
    try:
        import ray
    except ImportError:
        raise RayMissing(NO_RAY) from None
    return ray


#: Ray's switch that has a process take the loopback address as its node's, as on a
#: machine that cannot join a cluster (it is read when Ray is imported).
RAY_LOOPBACK = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"


def is_loopback(address: str) -> bool:
    """Whether a cluster's ``host:port`` is on this machine's loopback."""
    host = address.rpartition(":")[0].strip("[]")
    return host in ("localhost", "::1") or host.startswith("127.")


def connect_ray(address: str) -> Any:
    """Ray, connected to the cluster at ``address`` (once per process): the ``ray`` module.

    A cluster on this machine's loopback (``127.0.0.1:PORT``) is joined from the
    loopback too: left to itself, Ray swaps a loopback address for the
    machine's network address and looks for the cluster there."""
    if is_loopback(address):
        os.environ.setdefault(RAY_LOOPBACK, "0")
    ray = import_ray()
    if address != "auto":
        _check_reachable(address)
    if not ray.is_initialized():
        loopback = {"_node_ip_address": "127.0.0.1"} if is_loopback(address) else {}
        ray.init(address=address, logging_level="WARNING", log_to_driver=False, **loopback)
    return ray


def _check_reachable(address: str) -> None:
    """``RayUnreachable`` naming ``address`` unless its head takes a connection within ``REACH_TIMEOUT``."""
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise RayUnreachable(f"{address!r} is no cluster address: give the head's host:port (or auto)")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=REACH_TIMEOUT).close()
    except OSError as err:
        raise RayUnreachable(f"no Ray cluster answers at {address} ({err.strerror or err})") from None


def _on_ray(fn: Callable[[T], R], items: Iterable[T], concurrency: int | None, address: str,
            max_retries: int, on_stop: Callable[[], None] | None) -> Iterator[tuple[int, R]]:
    ray = connect_ray(address)
    # A system failure (a node or worker that died) is retried; an exception raised by fn is not,
    # since the same item would raise it again.
    task = ray.remote(max_retries=max_retries, retry_exceptions=False)(_call)
    shared = ray.put(fn)       # sent to the cluster once, not with every task
    # Given: at most that many at once. Else twice the cluster's CPUs, so each CPU has its next task waiting.
    ahead = concurrency or 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
    todo = enumerate(items)
    running: dict[Any, int] = {}
    try:
        while True:
            for index, item in todo:
                running[task.remote(shared, item)] = index
                if len(running) >= ahead:
                    break
            if not running:
                return
            finished, _ = ray.wait(list(running), num_returns=1, timeout=POLL)
            for ref in finished:
                index = running.pop(ref)
                yield index, ray.get(ref)
    finally:
        if running and on_stop is not None:
            on_stop()
        for ref in running:
            ray.cancel(ref)


#: What tasks keep in this process from one to the next (``kept``).
_KEPT: dict[Hashable, Any] = {}


def kept(key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, made once in this process for ``key`` and kept: what a task reuses in
    the next task the same process runs (a search and its tables). It lives here, in an
    importable module, so that pickling a task never carries it along."""
    if key not in _KEPT:
        _KEPT[key] = make()
    return _KEPT[key]


def forget(key: Hashable) -> None:
    """Make the next ``kept(key, ...)`` make its thing afresh (this one is no longer fit to reuse)."""
    _KEPT.pop(key, None)


def in_order(done: Iterable[tuple[int, R]], start: int = 0) -> Iterator[tuple[int, R]]:
    """The ``(index, result)`` pairs of ``done`` (any order, from ``start`` up) in index order,
    each as soon as those before it are in; an index seen before (a task Ray ran again) once."""
    waiting: dict[int, R] = {}
    following = start
    for index, result in done:
        if index >= following:
            waiting.setdefault(index, result)
        while following in waiting:
            yield following, waiting.pop(following)
            following += 1


def _call(fn: Callable[[T], R], item: T) -> R:
    """``fn(item)``: what a Ray task runs (Ray takes a function, and ``fn`` may be any callable)."""
    return fn(item)
