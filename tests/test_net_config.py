"""config.yaml's ``net:`` section: read with the rest, each bad entry reported with its
line and replaced by the shipped value."""
from __future__ import annotations

import ipaddress

from game.match.config import NetLimits, load_config
from game.paths import CONFIG_PATH

#: The LAN broadcast address, where the shipped file has hosted games announced.
EVERY_HOST = str(ipaddress.IPv4Network("0.0.0.0/0").broadcast_address)


def test_the_shipped_file_gives_the_lan_defaults():
    config = load_config(CONFIG_PATH)
    assert config.net == NetLimits(port=5151, discovery_port=5152, reconnect_seconds=120.0, max_line_bytes=65536,
                                   messages_per_second=20.0, idle_timeout=30.0, discovery_address=EVERY_HOST,
                                   offer_seconds=45.0, connections_per_address=8)
    assert config.problems == []


def test_a_players_file_changes_only_what_it_names(tmp_path):
    own = tmp_path / "config.yaml"
    own.write_text("net:\n  port: 6000\n  reconnect_seconds: 30\n")
    config = load_config(own)
    assert (config.net.port, config.net.reconnect_seconds, config.net.idle_timeout) == (6000, 30.0, 30.0)
    assert config.problems == []


def test_bad_entries_are_reported_with_their_line_and_fall_back(tmp_path):
    own = tmp_path / "config.yaml"
    own.write_text("net:\n  port: 70000\n  messages_per_second: lots\n  max_line_bytes: 2048\n  colour: red\n")
    config = load_config(own)
    assert config.net.port == 5151 and config.net.messages_per_second == 20.0 and config.net.max_line_bytes == 2048
    assert config.problems == [
        "config.yaml line 2: net.port: expected a whole number from 0 to 65535, got 70000; using 5151",
        "config.yaml line 3: net.messages_per_second: expected a number from 1 to 1000, got 'lots'; using 20",
        "config.yaml line 5: net.colour: unknown key (expected port, discovery_port, reconnect_seconds, "
        "max_line_bytes, messages_per_second, idle_timeout, bind, discovery_address, offer_seconds, "
        "connections_per_address); ignored",
    ]


def test_a_net_section_that_is_not_a_mapping_keeps_the_shipped_settings(tmp_path):
    own = tmp_path / "config.yaml"
    own.write_text("net: 5151\n")
    config = load_config(own)
    assert config.net == load_config(CONFIG_PATH).net
    assert config.problems == ["config.yaml line 1: net: expected a mapping of port, discovery_port, "
                               "reconnect_seconds, max_line_bytes, messages_per_second, idle_timeout, bind, discovery_address, "
                               "offer_seconds, connections_per_address, got 5151; "
                               "using the built-in settings"]


def test_the_lan_addresses_are_settings_and_a_bad_one_is_reported(tmp_path):
    own = tmp_path / "config.yaml"
    own.write_text("net:\n  bind: 127.0.0.1\n  discovery_address: everywhere\n")
    config = load_config(own)
    assert config.net.bind == "127.0.0.1" and config.net.discovery_address == EVERY_HOST
    assert config.problems == ["config.yaml line 3: net.discovery_address: expected an IPv4 address such as "
                               f"127.0.0.1, got 'everywhere'; using {EVERY_HOST}"]

