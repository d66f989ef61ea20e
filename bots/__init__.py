"""Bots: every ``bots/*.py`` is imported at start-up and its ``Bot`` classes listed.

Start from ``bots/example_bot.py``. Shared search helpers live in
``bots/lib/`` (not scanned for bots).
"""
