"""The process supervisor: a child that hangs, dies, answers late or sends
something that is no message is reported as such, and no process outlives its stop.

Every behaviour is tried with both kinds of child where it applies: a
``multiprocessing`` spawn process (targets in tests/fixtures/children.py)
and a plain ``python -c`` interpreter (code below).
"""
from __future__ import annotations

import gc
import logging
import os
import pickle
import signal
import subprocess
import sys
import time
from pathlib import Path

import msgspec
import pytest

from fixtures import children
from fixtures.children import MakesFolder, Say
from game.match.messages import WireError
from game.match.supervisor import SAFE_PATH, Child, ChildEnded, ChildGarbled, ChildTimedOut, MessageTooLong

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
#: How an interpreter child begins: the program and the test children importable, its connection taken.
PRELUDE = (f"import sys, time\nsys.path[:0] = [{str(ROOT)!r}, {str(TESTS)!r}]\n"
           "from game.match import messages as m\nfrom fixtures.children import Say\n"
           "from game.match.supervisor import interpreter_channel\nconn = interpreter_channel()\n")
#: The behaviours of tests/fixtures/children.py, as interpreter code.
CODE = {
    "echo": PRELUDE + ("m.send(conn, Say('ready'))\n"
                       "try:\n"
                       "    while (message := m.receive(conn, Say)).text != 'stop':\n"
                       "        m.send(conn, Say('echo ' + message.text))\n"
                       "except EOFError:\n"
                       "    pass\n"),
    "hang": PRELUDE + "while True:\n    time.sleep(0.05)\n",
    "say_then_die": PRELUDE + "for text in {said!r}:\n    m.send(conn, Say(text))\nimport os\nos._exit({code})\n",
    "send_raw": PRELUDE + "conn.send_bytes({data!r})\nwhile True:\n    time.sleep(0.05)\n",
}
#: Which argument of a behaviour of tests/fixtures/children.py is which, for its interpreter code.
ARGUMENTS = {"say_then_die": ("said", "code"), "send_raw": ("data",)}


def start(kind: str, behaviour: str, *args, name: str | None = None, start_timeout: float | None = None) -> Child:
    """A child of ``kind`` ('spawn' or 'interpreter') that behaves as ``behaviour``."""
    name = name or f"test {behaviour}"
    if kind == "spawn":
        return Child.spawn(getattr(children, behaviour), args, name=name, reads=Say, start_timeout=start_timeout)
    code = CODE[behaviour].format(**dict(zip(ARGUMENTS.get(behaviour, ()), args)))
    return Child.interpreter(code, name=name, reads=Say, start_timeout=start_timeout)


def assert_gone(pid: int) -> None:
    """No process ``pid``: it ended and was reaped (a zombie would still be found)."""
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


KINDS = ["spawn", "interpreter"]


@pytest.mark.parametrize("kind", KINDS)
def test_child_answers_what_it_is_sent_and_stops_when_told(kind):
    child = start(kind, "echo", start_timeout=60)
    try:
        assert child.receive(None) == Say("ready")
        assert child.send(Say("b2"))
        assert child.receive(None) == Say("echo b2")
        assert child.alive and child.receive(0) is None
    finally:
        child.stop()
    assert child.stopped and not child.alive
    assert_gone(child.pid)


@pytest.mark.parametrize("kind", KINDS)
def test_child_that_hangs_at_start_times_out_and_is_stopped(kind):
    child = start(kind, "hang", start_timeout=0.5)
    with pytest.raises(ChildTimedOut) as caught:
        child.receive(None)
    assert caught.value.starting
    assert str(caught.value) == "test hang did not start within 0.5 s"
    assert child.stopped
    assert_gone(child.pid)
    with pytest.raises(ChildTimedOut):  # the failure stays: nothing more comes from a stopped child
        child.receive(0)


@pytest.mark.parametrize("kind", KINDS)
def test_child_that_dies_hands_over_what_it_said_then_its_exit_code(kind):
    child = start(kind, "say_then_die", ["first", "last"], 7, start_timeout=60)
    assert child.receive(None) == Say("first")
    assert child.receive(None) == Say("last")
    with pytest.raises(ChildEnded) as caught:
        child.receive(None)
    assert caught.value.code == 7
    assert str(caught.value) == "test say_then_die ended (exit code 7)"
    assert child.stopped and child.exit_code == 7
    assert_gone(child.pid)


def test_end_is_reported_as_the_end_even_past_a_deadline_and_after_the_last_words():
    child = Child.spawn(children.say_then_die, (["bye"], 3), name="quitter", reads=Say)
    while child.alive:  # everything it sent is in the pipe once it has ended
        time.sleep(0.01)
    child.expect(time.monotonic() - 1.0)
    assert child.receive(0) == Say("bye")
    with pytest.raises(ChildEnded):
        child.receive(0)


def test_child_that_answers_late_is_stopped_at_the_owners_deadline_with_the_owners_words():
    child = Child.spawn(children.answer_after, (60.0,), name="slow bot", reads=Say, start_timeout=60)
    assert child.receive(None) == Say("ready")
    child.send(Say("position"))
    child.expect(time.monotonic() + 0.5, "did not answer within its 0.5 s")
    with pytest.raises(ChildTimedOut) as caught:
        child.receive(None)
    assert not caught.value.starting
    assert str(caught.value) == "slow bot did not answer within its 0.5 s"
    assert_gone(child.pid)


def test_answer_within_the_deadline_is_heard_and_a_wait_shorter_than_it_gives_nothing():
    child = Child.spawn(children.answer_after, (0.5,), name="steady bot", reads=Say, start_timeout=60)
    try:
        assert child.receive(None) == Say("ready")
        child.send(Say("position"))
        child.expect(time.monotonic() + 60)
        assert child.receive(0) is None
        assert child.receive(None) == Say("answer position")
        child.expect(None)
        assert child.receive(0.05) is None and child.alive
    finally:
        child.stop()


@pytest.mark.parametrize("kind", KINDS)
def test_closing_twice_is_harmless_and_leaves_no_process(kind):
    child = start(kind, "echo")
    pid = child.pid
    child.stop()
    child.stop()
    assert_gone(pid)
    assert child.stopped and not child.alive and child.exit_code is not None
    assert child.send(Say("anyone?")) is False
    assert child.receive(0) is None


@pytest.mark.skipif(sys.platform == "win32", reason="Windows has no signal a process can ignore to stay alive")
def test_child_that_ignores_terminate_is_killed():
    child = Child.spawn(children.ignore_terminate, name="stubborn", reads=Say, start_timeout=60)
    assert child.receive(None) == Say("ready")
    child.stop()
    assert child.exit_code == -signal.SIGKILL
    assert_gone(child.pid)


def test_child_dropped_by_its_owner_is_stopped():
    child = Child.spawn(children.hang, name="forgotten", reads=Say)
    pid = child.pid
    del child
    gc.collect()
    assert_gone(pid)


TAMPERING = {
    "garbage": (lambda target: b"\xc1 not a message", "not a message"),
    # A pickle begins with 0x80, which MessagePack reads as an empty map: a message with no words.
    "pickle that would run code": (lambda target: pickle.dumps(MakesFolder(str(target))),
                                   "not a valid message: Object missing required field `text`"),
    "another message": (lambda target: msgspec.msgpack.encode({"type": "launch", "text": "x"}),
                        "not a valid message: Invalid value 'launch'"),
    "a word missing": (lambda target: msgspec.msgpack.encode({"type": "say"}),
                       "not a valid message: Object missing required field `text`"),
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("tampering", TAMPERING)
def test_child_sending_what_is_no_message_is_reported_garbled_and_nothing_it_sent_runs(kind, tampering, tmp_path):
    target = tmp_path / "made by unpickling"
    payload, why = TAMPERING[tampering]
    child = start(kind, "send_raw", payload(target), name="tamperer")
    with pytest.raises(ChildGarbled) as caught:
        child.receive(None)
    assert isinstance(caught.value.error, WireError)
    assert str(caught.value).startswith(f"tamperer sent something that cannot be read (WireError: {why}")
    assert not target.exists()
    assert child.stopped
    assert_gone(child.pid)


def test_interpreter_child_announcing_a_huge_message_is_refused_unread():
    child = Child.interpreter("import os, time\nos.write(1, (2**31).to_bytes(4, 'big'))\ntime.sleep(60)\n",
                              name="boaster", reads=Say)
    with pytest.raises(ChildGarbled) as caught:
        child.receive(None)
    assert isinstance(caught.value.error, MessageTooLong)
    assert_gone(child.pid)


def test_what_an_interpreter_child_prints_stays_out_of_its_messages_and_the_programs_output(capfd, caplog):
    code = PRELUDE + "print('NOISE FROM THE CHILD \\x1b[2J', flush=True)\nm.send(conn, Say('clean'))\n"
    with caplog.at_level(logging.WARNING, logger="game.match.supervisor"):
        child = Child.interpreter(code, name="noisy", reads=Say)
        try:
            assert child.receive(None) == Say("clean")
            with pytest.raises(ChildEnded):
                child.receive(None)
        finally:
            child.stop()
    out, err = capfd.readouterr()
    assert "NOISE FROM THE CHILD" not in out + err   # to the log, escaped
    assert "noisy wrote: NOISE FROM THE CHILD \\x1b[2J" in [record.getMessage() for record in caplog.records]


def test_children_still_running_at_interpreter_exit_are_stopped(tmp_path):
    script = tmp_path / "leaves_children.py"
    script.write_text(
        f"import sys\nsys.path[:0] = [{str(ROOT)!r}, {str(TESTS)!r}]\n"
        "from fixtures import children\n"
        "from game.match.supervisor import Child\n"
        "if __name__ == '__main__':\n"
        "    spawned = Child.spawn(children.hang, name='left spawned', reads=children.Say)\n"
        "    plain = Child.interpreter('import time\\nwhile True: time.sleep(0.05)', name='left plain',\n"
        "                              reads=children.Say)\n"
        "    print(spawned.pid, plain.pid, flush=True)\n")
    output = tmp_path / "output.txt"
    with output.open("w") as sink:  # not a pipe: a child left running would keep a pipe open
        result = subprocess.run([sys.executable, str(script)], stdout=sink, stderr=subprocess.STDOUT, timeout=120)
    assert result.returncode == 0, output.read_text()
    pids = [int(word) for word in output.read_text().split()[:2]]
    survivors = [pid for pid in pids if _exists(pid)]
    for pid in survivors:  # not leave them to the rest of the test run
        os.kill(pid, signal.SIGKILL)
    assert survivors == []


def _exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_wait_for_a_fork_server_that_failed_to_start_ends_when_it_fails(tmp_path):
    (tmp_path / "dies_at_import.py").write_text("import os\nos._exit(3)\n")   # the fork server dies preloading it
    env = dict(os.environ, PYTHONPATH=str(tmp_path))    # the fork server's own path: it is not handed sys.path
    script = tmp_path / "waits.py"
    script.write_text(
        f"import sys\nsys.path[:0] = [{str(ROOT)!r}, {str(tmp_path)!r}]\n"
        "from game.match.supervisor import fork_server_ready, start_fork_server\n"
        "if __name__ == '__main__':\n"
        "    start_fork_server(['dies_at_import'])\n"
        "    print('ready' if fork_server_ready(timeout=3600) else 'not ready', flush=True)\n")
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "not ready"
    assert "the bot workers' fork server did not start" in result.stderr


@pytest.mark.parametrize("python_path", ["", "/elsewhere"])
def test_a_child_leaves_out_the_working_directory_and_the_arcade_keeps_its_environment(monkeypatch, python_path):
    """Issue 33 §4: a child's path must not start with the working directory (``PYTHONSAFEPATH``,
    set only while it starts); a bot's worker hands on the environment the arcade had."""
    monkeypatch.delenv("PYTHONSAFEPATH", raising=False)
    monkeypatch.setenv("PYTHONPATH", python_path)
    child = Child.spawn(children.say_environment, name="test environment", reads=Say, start_timeout=60)
    try:
        assert child.receive(None) == Say(f"{SAFE_PATH}  {python_path}")
    finally:
        child.stop()
    assert "PYTHONSAFEPATH" not in os.environ and os.environ["PYTHONPATH"] == python_path
