"""Board Arcade: rules of the games (no pygame), and the layers above them.

Layers, each using only those before it: rules (``game/<id>.py``,
``game/core.py``) -> bots (``bots/``) -> bot runner (``game/runner.py``) ->
net (``game/net/``) -> UI (``game/ui/``, the only pygame code).
"""
