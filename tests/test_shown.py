"""Text from bots, engines and the network shows its control characters as codes."""
import unicodedata

from hypothesis import given, strategies as st

from game.shown import escaped


def test_terminal_controls_show_as_codes():
    assert escaped("bad\x1b[2Jmove\r\n") == "bad\\x1b[2Jmove\\r\\n"


def test_line_separators_and_bidi_overrides_show_as_codes():
    assert escaped("a\u2028b\u202ec\x0c") == "a\\u2028b\\u202ec\\x0c"


def test_lone_surrogate_shows_as_code():
    assert escaped("x\ud800") == "x\\ud800"


def test_ordinary_text_is_unchanged():
    for text in ("e4 d5", "五子棋 连珠", "Zoë's bot 👍🏽", "👨\u200d👩\u200d👧"):
        assert escaped(text) == text


def test_limit_cuts_with_an_ellipsis():
    assert escaped("abcdefghij", limit=8) == "abcde..."
    assert escaped("\x1b" * 10, limit=10) == "\\x1b\\x1..."


@given(st.text())
def test_result_has_no_hidden_characters_and_encodes(text):
    shown = escaped(text)
    assert not any(unicodedata.category(ch) in {"Cc", "Zl", "Zp", "Cs", "Co", "Cn"} for ch in shown)
    shown.encode("utf-8")
