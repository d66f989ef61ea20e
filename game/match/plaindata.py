"""Reading what another process sent, accepting plain data only.

Bot workers and the bot-discovery process run other people's code. Their
messages (``game.match.messages``) are bytes, but the supervisor's connection
frames them by pickling, and an ordinary unpickle would rebuild any object
the sender named, running its code (``__reduce__``) in the game's own
process. ``loads_plain`` rebuilds only numbers, text, bytes, ``None``,
booleans and the containers tuple, list, dict, set and frozenset; anything
else raises ``NotPlainData`` without running anything.
"""
from __future__ import annotations

import io
import pickle
from typing import Any

#: The builtins a plain-data pickle may name (older protocols name set/frozenset).
_ALLOWED = frozenset({"int", "float", "str", "bytes", "bool", "tuple", "list", "dict", "set", "frozenset"})


class NotPlainData(pickle.UnpicklingError):
    """The data names a class or function that plain data does not need."""


class _PlainUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if module == "builtins" and name in _ALLOWED:
            return super().find_class(module, name)
        raise NotPlainData(f"refused to rebuild {module}.{name}: only plain data is accepted")

    def persistent_load(self, pid: Any) -> Any:
        raise NotPlainData("refused a persistent reference: only plain data is accepted")


def loads_plain(data: bytes) -> Any:
    """Unpickle ``data`` if it holds plain data only, else ``NotPlainData``.

    A damaged pickle raises ``pickle.UnpicklingError`` or another error of
    the ``pickle`` module's reading (``EOFError``, ``ValueError`` ...).
    """
    return _PlainUnpickler(io.BytesIO(data)).load()

