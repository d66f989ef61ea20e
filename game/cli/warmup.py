"""``warmup``: every bot's engine compiled (or loaded from numba's cache) now, a line per engine."""
from __future__ import annotations

import argparse
import time

from game.cli.common import BOT_FAILED, load_setup


def warm_up_engines(args: argparse.Namespace) -> int:
    """Compile (or load from numba's cache) every engine, printing a line as each is ready;
    BOT_FAILED if one could not be prepared (the arcade still runs: that bot compiles when it plays)."""
    from game.match.warmup import EngineWarmUp, warm_up_jobs

    config, registry = load_setup(args)
    jobs = warm_up_jobs(registry, config)
    print(f"Preparing {len(jobs)} game engines (numba compiles them once; later launches load them):", flush=True)
    begun = time.monotonic()
    # The player waits for every engine here: none is compiled behind other work (at a lower priority).
    with EngineWarmUp(jobs, background=False) as warmup:
        announced: set[str] = set()
        while warmup.running:
            progress = warmup.wait(0.2)
            for key, seconds in warmup.seconds.items():
                if key in announced:
                    continue
                announced.add(key)
                how = "compiled" if key in warmup.compiled else "loaded from the cache"
                error = warmup.outcomes.get(key)
                line = f"FAILED: {error}" if error else f"{how} in {seconds:.1f} s"
                print(f"  [{len(announced)}/{len(jobs)}] {warmup.jobs[key].label}: {line}", flush=True)
            if progress.finished and warmup.running and "later" not in announced:
                announced.add("later")
                print("  and, last, the parts that only later moves need…", flush=True)
    failures = progress.failures
    print(f"{len(jobs) - len(failures)} of {len(jobs)} engines ready in {time.monotonic() - begun:.1f} s.")
    return BOT_FAILED if failures else 0
