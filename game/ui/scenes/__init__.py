"""The screens of the arcade, each a ``Scene`` on the ``SceneManager`` stack, by name.

``title`` (logo and main menu) -> ``games`` (a card per game) -> ``setup``
(seats, first player, options) -> ``play`` (board, move list, result panel);
``load``, ``settings`` and ``stats`` open from the title screen (``load``
from the play screen too); ``review`` (a game step by step with the engine's
verdict on each move) from the result panel, the move list and the saved games. Network games: ``host`` (from the setup screen,
opens the server, then ``play``), ``join`` (from the title screen: games found
on the network or an address) -> ``lobby`` (the invitation) -> ``play``. Screens open each other by these names
(``services.scenes.push("stats")``), never by importing one another: adding
a screen is adding its class to ``SCENES``.
"""
from __future__ import annotations

from game.ui.scenes.base import Scene
from game.ui.scenes.games import GamesScene
from game.ui.scenes.host import HostScene
from game.ui.scenes.join import JoinScene
from game.ui.scenes.load import LoadScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.stats import StatsScene
from game.ui.scenes.title import TitleScene

#: Every screen under the name it is opened by (its ``Scene.name``).
SCENES: dict[str, type[Scene]] = {
    scene.name: scene
    for scene in (TitleScene, GamesScene, SetupScene, PlayScene, LoadScene, SettingsScene, StatsScene, HostScene,
                  JoinScene, LobbyScene, ReviewScene)
}
