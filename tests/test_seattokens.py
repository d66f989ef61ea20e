"""The network seats kept across launches: a token per address joined, the newest few."""
from __future__ import annotations

import os

import pytest

from game.store import seattokens
from tests.store_helpers import run_at_once


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARD_ARCADE_HOME", str(tmp_path / "home"))


def test_a_kept_token_is_found_by_name_and_address_until_forgotten():
    assert seattokens.token_for("Grace", "10.0.0.2:5151") is None
    assert seattokens.remember("Grace", "10.0.0.2:5151", "token-one-abc") == ""
    seattokens.remember("Grace", "10.0.0.3:5151", "token-two-abc")
    assert seattokens.token_for("Grace", "10.0.0.2:5151") == "token-one-abc"
    assert seattokens.token_for("Kim", "10.0.0.2:5151") is None     # another player on this computer
    seattokens.forget("Grace", "10.0.0.2:5151")
    assert seattokens.token_for("Grace", "10.0.0.2:5151") is None
    assert seattokens.token_for("Grace", "10.0.0.3:5151") == "token-two-abc"


def test_only_the_newest_tokens_are_kept():
    for i in range(seattokens.KEPT + 3):
        seattokens.remember("Grace", f"10.0.0.{i}:5151", f"token-{i:04d}")
    kept = seattokens.load_tokens()
    assert len(kept) == seattokens.KEPT
    assert seattokens.token_for("Grace", "10.0.0.0:5151") is None
    assert seattokens.token_for("Grace", f"10.0.0.{seattokens.KEPT + 2}:5151") == f"token-{seattokens.KEPT + 2:04d}"


def test_a_damaged_file_is_set_aside_and_read_as_empty():
    path = seattokens.tokens_path()
    path.write_text("{not json", encoding="utf-8")
    assert seattokens.load_tokens() == {}
    assert path.with_name(path.name + ".bad").exists()
    seattokens.remember("Grace", "10.0.0.2:5151", "token-one-abc")
    assert seattokens.token_for("Grace", "10.0.0.2:5151") == "token-one-abc"


def test_entries_that_are_not_address_and_token_text_are_ignored_and_named_in_words(caplog):
    seattokens.tokens_path().write_text('{"10.0.0.2:5151": 7, "10.0.0.3:5151": "token-ok"}', encoding="utf-8")
    assert seattokens.load_tokens() == {"10.0.0.3:5151": "token-ok"}
    assert caplog.messages == [f"{seattokens.tokens_path()}: '10.0.0.2:5151': left out, its token is not "
                               f"a seat token, text of at most {seattokens.LONGEST} characters"]


def test_a_too_long_address_is_left_out_and_shown_cut(caplog):
    address = "G" * (seattokens.LONGEST + 1)
    seattokens.tokens_path().write_text('{"%s": "token-ok"}' % address, encoding="utf-8")
    assert seattokens.load_tokens() == {}
    [message] = caplog.messages
    assert "left out, its address is not an address" in message and "GGG..." in message
    assert len(message) < len(str(seattokens.tokens_path())) + 150


def test_a_token_too_long_to_be_a_servers_is_left_out_and_the_others_kept():
    seattokens.tokens_path().write_text('{"Grace@10.0.0.2:5151": "%s", "Grace@10.0.0.3:5151": "token-ok"}'
                                        % ("x" * (seattokens.LONGEST + 1)), encoding="utf-8")
    assert seattokens.load_tokens() == {"Grace@10.0.0.3:5151": "token-ok"}


def _remember_seats(go, home, name, count):
    os.environ["BOARD_ARCADE_HOME"] = home
    go.wait()
    for number in range(count):
        assert seattokens.remember(name, f"10.0.0.{number}:5151", f"{name}-{number}") == ""


def test_seats_kept_by_arcades_at_once_are_all_kept(tmp_path):
    home = str(tmp_path / "home")     # as the fixture set it
    run_at_once(_remember_seats, [(home, name, 5) for name in ("Ann", "Bob", "Cy", "Di")])
    kept = seattokens.load_tokens()
    assert sorted(kept.values()) == sorted(f"{name}-{n}" for name in ("Ann", "Bob", "Cy", "Di") for n in range(5))
