"""Text from outside the program, made safe to show in a terminal, a log or the window.

A bot's message, an engine's line, a stranger's chat or a hand-edited file can
hold control characters: an escape sequence that clears the terminal, a
carriage return that overwrites a log line, U+2028 that splits one, a bidi
override that reverses what follows. Wherever such text is shown it goes
through ``escaped`` first, so each of them appears as the code it is
(``\\x1b``, ``\\r``, ``\\u2028``) and the rest as it was written.
"""
from __future__ import annotations

import unicodedata

#: Unicode categories shown as codes: controls, line and paragraph separators,
#: surrogates (a lone one cannot be encoded), private-use and unassigned code
#: points (no font draws them).
_ESCAPED_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs", "Co", "Cn"})
#: Format characters that change how the text around them is shown: the bidi
#: embeddings, overrides and isolates (other format characters, such as the
#: zero-width joiner inside an emoji, stay).
_BIDI_CONTROLS = frozenset(chr(code) for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))


def escaped(text: str, limit: int | None = None) -> str:
    """``text`` with every control character written as its code, cut to ``limit`` characters.

    A cut text ends in ``...``; the limit counts the codes as written, so the
    result never exceeds it.
    """
    if text.isprintable() and not _BIDI_CONTROLS.intersection(text):
        shown = text
    else:
        shown = "".join(_code(ch) if _hidden(ch) else ch for ch in text)
    if limit is not None and len(shown) > limit:
        return shown[:max(limit - 3, 0)] + "..."
    return shown


def _hidden(ch: str) -> bool:
    return ch in _BIDI_CONTROLS or unicodedata.category(ch) in _ESCAPED_CATEGORIES


def _code(ch: str) -> str:
    code = ord(ch)
    if ch in "\t\n\r":
        return {"\t": "\\t", "\n": "\\n", "\r": "\\r"}[ch]
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
