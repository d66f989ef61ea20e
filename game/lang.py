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

A sentence made before its language is known (``config.yaml``'s and the bot files' problems,
found at start-up) is a ``Phrase``: English wherever it is used as text (the log, the command
line, a test), worded in the current language by ``worded`` where the window shows it.

Numbers, dates and times shown go through ``number``, ``decimal``, ``percent``, ``time_of_day`` and
``day``, which write them as the current language does (Babel's locale data).
"""
from __future__ import annotations

import datetime as dt
import gettext
import locale
import os
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from game.paths import data_dir

if TYPE_CHECKING:
    import babel

DOMAIN = "arcade"
ENGLISH = "en"

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = ENGLISH
#: The language the command line asked for (``--lang``), over the Settings' for this run; None: none.
_override: str | None = None


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


#: The region whose catalogue a region without one reads first (Hong Kong's and Macau's
#: Chinese is written in traditional characters, as Taiwan's; Singapore's in simplified, as China's).
NEAREST = {"zh_HK": "zh_TW", "zh_MO": "zh_TW", "zh_SG": "zh_CN"}


def best_match(code: str) -> str:
    """The shipped language nearest ``code``: itself, else the region ``NEAREST`` names, else the
    same language in another region, else English."""
    code = normalised(code)
    shipped = available()
    if code in shipped:
        return code
    if NEAREST.get(code) in shipped:
        return NEAREST[code]
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


def set_override(code: str | None) -> None:
    """Keep ``code`` (``--lang``) for this run over the language the Settings name; None: follow the Settings."""
    global _override
    _override = code
    if code:
        set_language(code)


def follow_setting(setting: str) -> str:
    """Show the language the Settings name (``""``: the system's), unless ``--lang`` chose one; the language chosen."""
    return set_language(_override or setting or None)


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


class Phrase(str):
    """A sentence kept as its catalogue pattern and values, worded when it is shown.

    As text it is the sentence in English (``Phrase(N_("{file} line {line}"), file="config.yaml",
    line=7)`` is ``'config.yaml line 7'``), so logs, the command line and comparisons read it as
    before; ``worded()`` is the sentence in the language shown now, each value that is itself a
    ``Phrase`` worded in turn and any other value (a name, a number, a system's error text) as it
    is. ``pattern`` is marked with ``N_`` where it is written; one without values is not formatted
    (a shape such as ``{bot: ClassName}`` is kept as written).
    """

    pattern: str
    values: dict[str, object]

    def __new__(cls, pattern: str, /, **values: object) -> "Phrase":
        self = super().__new__(cls, pattern.format(**values) if values else pattern)
        self.pattern, self.values = pattern, values
        return self

    def __reduce__(self):
        return _rebuilt, (self.pattern, self.values)

    def worded(self) -> str:
        """The sentence in the current language; its English when the catalogue's words do not fit its values."""
        if not self.values:
            return _(self.pattern)
        values = {key: worded(value) if isinstance(value, Phrase) else value for key, value in self.values.items()}
        try:
            return _(self.pattern).format(**values)
        except (KeyError, IndexError, ValueError):
            return self.pattern.format(**values)


def _rebuilt(pattern: str, values: dict[str, object]) -> Phrase:
    return Phrase(pattern, **values)


def worded(text: str) -> str:
    """``text`` as the window shows it: a ``Phrase`` worded in the current language, any other
    text through the catalogue (``_``), shown as it is when the catalogue does not hold it."""
    return text.worded() if isinstance(text, Phrase) else _(text)


#: How English writes numbers and dates here: the British way the arcade's words are spelt (``27 Nov 2026 14:05``).
ENGLISH_FORMATS = "en_GB"


@lru_cache(maxsize=16)
def _locale(code: str) -> "babel.Locale":
    """Babel's data for ``code``; English for a code Babel does not know (the test pseudo-locale).
    Babel is imported here, when a number or date is first shown, not by every process
    that imports the rules (the bots' workers)."""
    import babel

    try:
        return babel.Locale.parse(ENGLISH_FORMATS if code == ENGLISH else code)
    except (ValueError, babel.UnknownLocaleError):
        return babel.Locale.parse(ENGLISH_FORMATS)


def display_name(code: str) -> str:
    """The language ``code`` named in itself (``中文 (中国)``, ``English``), as a language menu lists it."""
    import babel

    try:
        found = babel.Locale.parse(code)
    except (ValueError, babel.UnknownLocaleError):
        return code
    name = found.get_display_name(found) or code
    return name[:1].upper() + name[1:]


def number(value: int) -> str:
    """A whole number as the current language writes it (``12,345``)."""
    from babel.numbers import format_decimal

    return format_decimal(value, locale=_locale(_language))


def decimal(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals, as the current language writes it (``0.5``, ``0,5``)."""
    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    from babel.numbers import format_decimal

    return format_decimal(value, format=pattern, locale=_locale(_language))


def percent(fraction: float) -> str:
    """``fraction`` (0.25) as a percentage in the current language (``25%``, ``25 %``)."""
    from babel.numbers import format_percent

    return format_percent(fraction, locale=_locale(_language))


def time_of_day(moment: dt.datetime | dt.time) -> str:
    """A time of day, short, as the current language writes it (``14:05``, ``下午2:05``)."""
    from babel.dates import format_time

    return format_time(moment, format="short", locale=_locale(_language))


def day(moment: dt.date | dt.datetime) -> str:
    """A date, medium length, as the current language writes it (``27 Nov 2026``, ``2026年11月27日``)."""
    from babel.dates import format_date

    return format_date(moment, format="medium", locale=_locale(_language))
