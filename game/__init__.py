"""Board Arcade. Each sub-package is one layer and imports only from the layers
listed before it:

``rules``  the games' rules and the bot interface (no pygame)
``match``  the match session, bots in worker processes, config, registry, arena
``engines`` our bots behind the Gomocup and NBoard engine protocols (``main.py engine``)
``store``  save files, settings and statistics on disk
``net``    the LAN server and client (no pygame)
``ui``     scenes, renderers, widgets: the only pygame code

The bots themselves live in the top-level ``bots/`` package, between ``rules``
and ``match``: they import the rules only.
"""
