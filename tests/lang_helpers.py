"""The arcade in Simplified Chinese for a test: the catalogue compiled from the shipped
``.po`` files of ``zh_CN`` into a temporary folder, the language set, English again after."""
from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from game import lang
from game.paths import ASSETS_DIR

ZH_CN = ASSETS_DIR / "locale" / "zh_CN" / "LC_MESSAGES"


def shipped_chinese() -> Catalog:
    """Every message of the ``zh_CN`` catalogues in one."""
    merged = Catalog(locale="zh_CN", domain=lang.DOMAIN)
    for path in sorted(ZH_CN.glob("*.po")):
        with path.open("rb") as handle:
            for message in read_po(handle):
                if message.id:
                    merged[message.id] = message
    return merged


@pytest.fixture
def chinese(tmp_path, monkeypatch):
    """The arcade in Simplified Chinese, from the shipped catalogues compiled here."""
    folder = tmp_path / "zh_CN" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / f"{lang.DOMAIN}.mo").open("wb") as out:
        write_mo(out, shipped_chinese())
    monkeypatch.setattr(lang, "locale_dir", lambda: tmp_path)
    assert lang.set_language("zh_CN") == "zh_CN"
    yield
    lang.set_language("en")
