"""The measured compile profiles the status box's progress is told from stay true to the engines.

``game.match.compiling.COMPILE_PROFILES`` lists, for each shipped engine, the
kernels its ``warm_up`` compiles on a cold cache with the CPU seconds each
took (``benchmarks/warmup_timing.py --profile``). A renamed, added or removed
kernel would make the progress of a first game's wait wrong without a word,
so each engine's ``warm_up`` is run here in a fresh process and the kernels
it calls are checked against its profile (from the cache or compiled: either
way numba takes each kernel it is called with through ``Dispatcher.compile``).
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.match import compiling
from game.match.botregistry import BotRegistry
from game.match.compiling import COMPILE_PROFILES, CompileProgress, compile_share
from game.match.config import load_config
from game.match.warmup import warm_up_jobs

ROOT = Path(__file__).resolve().parent.parent

#: Run in a fresh process: import bot ``argv[1]``'s module, run its ``warm_up``, print the kernels it
#: called from Python (not those numba compiled for a kernel calling them, nor those its module's
#: import compiled: the compile is watched from ``warm_up`` on), one per new signature. As on a cold
#: cache, which the profile describes: no kernel counts as already on disk, so a bot's ``warm_up`` does
#: not go on with its ``warm_up_later`` because an earlier test left that part's compile in the cache.
CALLED_KERNELS = """
import json, sys, threading
sys.path.insert(0, sys.argv[3])
import bots.lib.kernel_cache
bots.lib.kernel_cache.disk_cached = lambda kernel: False
from numba.core import dispatcher
from game.match.botregistry import import_bot_class
from game.match.compiling import kernel_name
depth, called, recording = threading.local(), [], [False]
original = dispatcher.Dispatcher.compile
def compile(self, sig):
    level = getattr(depth, "level", 0)
    before = len(self.overloads)
    depth.level = level + 1
    try:
        return original(self, sig)
    finally:
        depth.level = level
        if level == 0 and recording[0] and len(self.overloads) > before:
            called.append(kernel_name(self))
dispatcher.Dispatcher.compile = compile
cls, _ = import_bot_class(sys.argv[1], sys.argv[2], None)
recording[0] = True     # what its import compiles is done before anyone watches (and in a profile)
cls.warm_up()
print(json.dumps(called))
"""


def shipped_engines() -> dict[str, str]:
    """The shipped bots with an engine to warm up: class name -> module."""
    registry = BotRegistry.discover()
    return {job.key: job.module for job in warm_up_jobs(registry, load_config())}


def test_every_shipped_engine_has_a_profile_and_every_profile_an_engine():
    assert set(COMPILE_PROFILES) == set(shipped_engines())
    for key, profile in COMPILE_PROFILES.items():
        assert profile and all(seconds >= 0 for _name, seconds, _top in profile), key
        assert any(top for _name, _seconds, top in profile), key


@pytest.mark.parametrize("key", sorted(COMPILE_PROFILES))
def test_a_profile_names_the_kernels_its_engines_warm_up_calls(key):
    module = shipped_engines()[key]
    done = subprocess.run([sys.executable, "-c", CALLED_KERNELS, module, key, str(ROOT)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    called = Counter(json.loads(done.stdout.strip().splitlines()[-1]))
    profile = COMPILE_PROFILES[key]
    # Each kernel the profile has warm_up call is called, as often; a kernel called that the profile
    # lists as compiled for a caller (it was compiled before warm_up called it) is in it too.
    assert called - Counter(name for name, _seconds, top in profile if not top) == Counter(
        name for name, _seconds, top in profile if top)


def test_the_share_done_is_the_measured_seconds_of_the_kernels_done(monkeypatch):
    monkeypatch.setitem(COMPILE_PROFILES, "Engine", (("m.small", 1.0, False), ("m.big", 6.0, True),
                                                      ("m.small", 1.0, True), ("m.last", 2.0, True)))
    assert compile_share("Engine", []) == 0.0
    assert compile_share("Engine", ["m.small"]) == pytest.approx(0.1)
    assert compile_share("Engine", ["m.small", "m.small", "m.big"]) == pytest.approx(0.8)
    assert compile_share("Engine", ["m.small", "m.small", "m.small", "elsewhere.other"]) == pytest.approx(0.2)
    # The kernel under way counts by the CPU time spent on it, never past the longest kernel left.
    assert compile_share("Engine", ["m.small"], cpu_since=3.0) == pytest.approx(0.4)
    assert compile_share("Engine", ["m.small"], cpu_since=3.0, speed=2.0) == pytest.approx(0.25)
    assert compile_share("Engine", ["m.small"], cpu_since=100.0) == pytest.approx(0.7)
    assert compile_share("Engine", ["m.small", "m.small", "m.big", "m.last"]) == compiling.MOST_SHOWN
    assert compile_share("NoSuchEngine", ["m.small"]) is None


def test_the_wait_left_is_estimated_from_the_time_so_far_only_once_a_tenth_is_done():
    assert CompileProgress(0.25, 10.0).seconds_left == pytest.approx(30.0)
    assert CompileProgress(0.05, 10.0).seconds_left is None
    assert CompileProgress(None, 10.0).seconds_left is None


def test_a_compile_under_way_counts_by_the_cpu_time_its_processes_spent_and_never_goes_back(monkeypatch):
    """The worker runs below the process its runner started: the CPU time of both counts; the
    share shown never drops when a kernel's end changes the measured pace."""
    cpu = {"now": 10.0}
    monkeypatch.setattr(compiling, "process_cpu_seconds", lambda pid: cpu["now"])
    monkeypatch.setattr(compiling, "CPU_EVERY", 0.0)
    monkeypatch.setitem(COMPILE_PROFILES, "Engine", (("m.a", 1.0, False), ("m.big", 8.0, False), ("m.top", 1.0, True)))
    tracker = compiling.CompileTracker("Engine", 1234)
    cpu["now"] = 11.0
    tracker.ended("m.a")
    assert tracker.progress().share == pytest.approx(0.1)
    cpu["now"] = 15.0                                  # 4 CPU s into the big kernel, at the profile's pace
    assert tracker.progress().share == pytest.approx(0.5)
    cpu["now"] = 40.0                                  # never past the longest kernel left
    assert tracker.progress().share == pytest.approx(0.9)
    tracker.ended("m.top")                             # done out of order: the share shown stays
    assert tracker.progress().share >= 0.9
