"""The screens of the arcade, each a ``Scene`` on the ``SceneManager`` stack.

``title`` (logo and main menu) -> ``games`` (a card per game) -> ``setup``
(seats, first player, options) -> ``play`` (board, move list, result panel);
``settings`` and ``stats`` open from the title screen.
"""
