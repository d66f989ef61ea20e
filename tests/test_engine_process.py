"""An external engine program behind pipes: every misbehaviour becomes an EngineError naming it."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from bots.lib.engine_process import (EngineDied, EngineProcess, EngineStartError, EngineTimeout, MAX_LINE,
                                     command_words)

ECHO = textwrap.dedent("""
    import sys
    for line in sys.stdin:
        if line.strip() == "quit":
            break
        print("got " + line.strip(), flush=True)
""")


def script(tmp_path: Path, name: str, text: str) -> list[str]:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return [sys.executable, str(path)]


def pid_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (dead, not yet reaped by a parent that is itself gone) counts as ended.
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return True


def test_lines_go_both_ways_and_into_the_log(tmp_path: Path) -> None:
    log = tmp_path / "logs" / "echo.log"
    with EngineProcess(script(tmp_path, "echo.py", ECHO), name="Echo", log_path=log) as engine:
        engine.send("hello")
        assert engine.read_line(10) == "got hello"
        engine.note("a note")
    text = log.read_text()
    assert "> hello" in text and "< got hello" in text and "# a note" in text


def test_a_silent_engine_times_out_and_stays_usable(tmp_path: Path) -> None:
    with EngineProcess(script(tmp_path, "echo.py", ECHO), name="Echo") as engine:
        with pytest.raises(EngineTimeout, match="Echo"):
            engine.read_line(0.1)
        engine.send("again")
        assert engine.read_line(10) == "got again"


def test_an_engine_that_exits_is_reported_with_status_and_error_output(tmp_path: Path) -> None:
    command = script(tmp_path, "dies.py", """
        import sys
        sys.stdin.readline()
        print("cannot open weights.bin", file=sys.stderr, flush=True)
        sys.exit(3)
    """)
    with EngineProcess(command, name="Crashy") as engine:
        engine.send("go")
        with pytest.raises(EngineDied) as caught:
            engine.read_line(10)
        assert "Crashy" in str(caught.value) and "exit status 3" in str(caught.value)
        assert "cannot open weights.bin" in str(caught.value)
        with pytest.raises(EngineDied):
            engine.send("more")


def test_a_missing_program_is_a_start_error_naming_the_command(tmp_path: Path) -> None:
    engine = EngineProcess([str(tmp_path / "no-such-engine"), "--fast"], name="Ghost")
    with pytest.raises(EngineStartError, match="no-such-engine"):
        engine.start()
    with pytest.raises(EngineStartError, match="empty"):
        command_words("   ")


def test_bytes_that_are_not_text_and_endless_lines_are_read_as_lines(tmp_path: Path) -> None:
    command = script(tmp_path, "garbage.py", f"""
        import sys
        sys.stdin.readline()
        sys.stdout.buffer.write(b"\\xff\\xfe\\x00ok\\r\\n" + b"x" * {MAX_LINE * 3} + b"\\n")
        sys.stdout.flush()
    """)
    with EngineProcess(command, name="Noisy") as engine:
        engine.send("go")
        first = engine.read_line(10)
        assert first.endswith("ok") and "\ufffd" in first
        assert len(engine.read_line(10)) <= MAX_LINE


def test_drain_returns_waiting_lines_without_blocking(tmp_path: Path) -> None:
    with EngineProcess(script(tmp_path, "echo.py", ECHO), name="Echo") as engine:
        engine.send("a")
        engine.send("b")
        assert engine.read_line(10) == "got a"
        deadline = time.monotonic() + 10
        lines: list[str] = []
        while not lines and time.monotonic() < deadline:
            lines = engine.drain()
        assert lines == ["got b"]
        assert engine.drain() == []


def test_stop_kills_an_engine_that_ignores_end_of_input(tmp_path: Path) -> None:
    command = script(tmp_path, "stubborn.py", """
        import signal, time
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        while True:
            time.sleep(1)
    """)
    engine = EngineProcess(command, name="Stubborn")
    engine.start()
    pid = engine.pid
    assert pid is not None and engine.alive
    engine.stop(grace=0.1)
    assert not engine.alive and not pid_running(pid)


@pytest.mark.skipif(os.name == "nt", reason="Windows has no process groups to signal")
def test_stop_takes_the_helpers_an_engine_started_along(tmp_path: Path) -> None:
    command = script(tmp_path, "spawner.py", f"""
        import subprocess, sys, time
        helper = subprocess.Popen([{sys.executable!r}, "-c", "import time; time.sleep(60)"])
        print(helper.pid, flush=True)
        time.sleep(60)
    """)
    engine = EngineProcess(command, name="Spawner")
    engine.start()
    helper = int(engine.read_line(30))
    assert pid_running(helper)
    engine.stop(grace=0.1)
    deadline = time.monotonic() + 10
    while pid_running(helper) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not pid_running(helper)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_the_engine_dies_with_the_process_that_started_it(tmp_path: Path) -> None:
    sleeper = script(tmp_path, "sleeper.py", "import time\ntime.sleep(60)\n")
    parent = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import sys, time
        sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r})
        from bots.lib.engine_process import EngineProcess
        engine = EngineProcess({sleeper!r}, name="Sleeper")
        engine.start()
        print(engine.pid, flush=True)
        time.sleep(60)
    """)], stdout=subprocess.PIPE, text=True)
    try:
        pid = int(parent.stdout.readline())
        assert pid_running(pid)
        parent.kill()
        parent.wait(timeout=10)
        deadline = time.monotonic() + 10
        while pid_running(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not pid_running(pid)
    finally:
        parent.kill()
