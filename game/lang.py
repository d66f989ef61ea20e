"""The player's language: the one translation function every word the window shows goes through.

Catalogues are gettext's, domain ``arcade``, in ``assets/locale/<code>/LC_MESSAGES/``
(the README's translator's guide says how a language is added with Babel).

- ``_(text)`` is ``text`` in the current language, asked each time it is drawn,
  so a change of language shows at once without a restart.
- ``N_(text)`` only marks a text kept in a table at import time (an option's
  label, a tier's name); it is translated where it is shown, with ``_(text)``.
- ``ngettext(one, many, n)`` picks the plural form of the current language for ``n``.

English is the catalogues' source: with no catalogue for a language, or none for a
text, the English text is shown.
"""
from __future__ import annotations

import gettext
import locale
import os
from pathlib import Path

from game.paths import data_dir

DOMAIN = "arcade"
ENGLISH = "en"

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = ENGLISH


def locale_dir() -> Path:
    """The folder of the shipped catalogues."""
    return data_dir() / "assets" / "locale"


def normalised(code: str) -> str:
    """``zh-CN``, ``zh_CN.UTF-8`` -> ``zh_CN``; ``C``, ``POSIX`` and empty -> English."""
    code = code.split(".", 1)[0].split("@", 1)[0].replace("-", "_").strip()
    if code in ("", "C", "POSIX"):
        return ENGLISH
    language, _sep, region = code.partition("_")
    return f"{language.lower()}_{region.upper()}" if region else language.lower()


def available() -> list[str]:
    """English and every language with a compiled catalogue, by code."""
    folder = locale_dir()
    found = {ENGLISH}
    if folder.is_dir():
        found |= {entry.name for entry in folder.iterdir() if (entry / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()}
    return sorted(found)


def system_language() -> str:
    """The language the system asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), normalised."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return normalised(value.split(":", 1)[0])
    code = locale.getlocale()[0]
    return normalised(code or "")


def best_match(code: str) -> str:
    """The shipped language nearest ``code``: itself, else the same language in another region, else English."""
    code = normalised(code)
    shipped = available()
    if code in shipped:
        return code
    language = code.split("_", 1)[0]
    for candidate in shipped:
        if candidate.split("_", 1)[0] == language:
            return candidate
    return ENGLISH


def set_language(code: str | None) -> str:
    """Show everything from now on in ``code`` (None: the system's language); the language chosen."""
    global _translations, _language
    chosen = best_match(system_language() if code is None else code)
    if chosen == ENGLISH:
        _translations = gettext.NullTranslations()
    else:
        _translations = gettext.translation(DOMAIN, str(locale_dir()), languages=[chosen], fallback=True)
    _language = chosen
    return chosen


def language() -> str:
    """The code of the language shown now."""
    return _language


def _(text: str) -> str:
    """``text`` in the current language."""
    return _translations.gettext(text) if text else text


def N_(text: str) -> str:
    """``text`` itself: marks it for the catalogue, to be translated where it is shown."""
    return text


def ngettext(one: str, many: str, n: int) -> str:
    """The form of ``one``/``many`` for ``n`` in the current language (format ``n`` in yourself)."""
    return _translations.ngettext(one, many, n)
