"""Keep the catalogues in step with the code: the README's Babel commands in one run.

    python assets/locale/catalogues.py update        # extract, update every language, fold, compile
    python assets/locale/catalogues.py traditional   # zh_TW made again from zh_CN, then compiled

``update`` extracts the template (``arcade.pot``) from the words the code marks, brings each
language's ``arcade.po`` in step with it (new words untranslated, gone words dropped), folds
into ``arcade.po`` the translations of any other ``.po`` beside it (a catalogue written apart,
such as the rules cards' ``cards.po``, which is then removed; one holding words the code does
not mark yet, such as ``pending.po``, is kept), and compiles every ``arcade.mo``.
It prints each language's untranslated count: ``tests/test_translations.py`` wants none.

``traditional`` writes Traditional Chinese (``zh_TW``) from Simplified Chinese with OpenCC's
Simplified-to-Taiwan conversion with Taiwan's phrases (``s2twp``; ``pip install
opencc-python-reimplemented``), then the corrections in ``TAIWAN`` (where the conversion
errs, or Taiwan's players name a thing otherwise). Run it after translating ``zh_CN``.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
TEMPLATE = HERE / "arcade.pot"
DOMAIN = "arcade"
#: The words ``s2twp`` gets wrong for a board game, or that Taiwan says otherwise: (its output, ours).
TAIWAN = (("覆盤", "復盤"), ("井字棋", "井字遊戲"))


def pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True, cwd=ROOT)


def languages() -> list[Path]:
    return sorted(folder / "LC_MESSAGES" for folder in HERE.iterdir() if (folder / "LC_MESSAGES").is_dir())


def fold(folder: Path) -> None:
    """Take into ``arcade.po`` the translations of the other ``.po`` files in ``folder``, then remove
    each whose words are all in the template."""
    from babel.messages.pofile import read_po, write_po

    main = folder / f"{DOMAIN}.po"
    with main.open("rb") as handle:
        catalogue = read_po(handle)
    for other in sorted(folder.glob("*.po")):
        if other == main:
            continue
        with other.open("rb") as handle:
            messages = [message for message in read_po(handle) if message.id]
        for message in messages:
            mine = catalogue.get(message.id)
            if mine is not None and not (all(mine.string) if isinstance(mine.string, tuple) else mine.string):
                mine.string = message.string
                mine.flags.discard("fuzzy")
        waiting = [message.id for message in messages if catalogue.get(message.id) is None]
        if waiting:     # words the code does not mark yet (another branch's): kept for a later fold
            print(f"kept {other.relative_to(ROOT)}: {len(waiting)} of its words are not in the template yet")
            continue
        other.unlink()
        other.with_suffix(".mo").unlink(missing_ok=True)
        print(f"folded {other.relative_to(ROOT)} into {main.relative_to(ROOT)}")
    with main.open("wb") as handle:
        write_po(handle, catalogue, no_location=True, sort_output=True)


def compile_all() -> None:
    pybabel("compile", "-D", DOMAIN, "-d", str(HERE), "--statistics")


def update() -> None:
    pybabel("extract", "-F", str(HERE / "babel.cfg"), "-o", str(TEMPLATE), "--no-location", "--sort-output",
            "--project", "Board Arcade", "--version", "0.1.0", "--add-comments", "TRANSLATORS:", ".")
    pybabel("update", "-D", DOMAIN, "-i", str(TEMPLATE), "-d", str(HERE), "--ignore-obsolete", "--no-fuzzy-matching")
    for folder in languages():
        fold(folder)
    compile_all()


def traditional() -> None:
    from babel.messages.pofile import read_po, write_po
    from opencc import OpenCC

    convert = OpenCC("s2twp").convert

    def taiwan(text: str) -> str:
        text = convert(text)
        for wrong, right in TAIWAN:
            text = text.replace(wrong, right)
        return text

    with (HERE / "zh_CN" / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
        simplified = {message.id: message.string for message in read_po(handle) if message.id}
    target = HERE / "zh_TW" / "LC_MESSAGES" / f"{DOMAIN}.po"
    with target.open("rb") as handle:
        catalogue = read_po(handle, locale="zh_TW")
    for message in catalogue:
        if message.id and message.id in simplified:
            source = simplified[message.id]
            message.string = tuple(taiwan(form) for form in source) if isinstance(source, tuple) else taiwan(source)
            message.flags.discard("fuzzy")
    with target.open("wb") as handle:
        write_po(handle, catalogue, no_location=True, sort_output=True)
    compile_all()


if __name__ == "__main__":
    commands = {"update": update, "traditional": traditional}
    if len(sys.argv) != 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]]()
