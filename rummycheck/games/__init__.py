"""The games: one module per game holds all of that game's behaviour (see ``base.Game``).

Importing this package registers the shipped games; ``game_of(variant)`` returns the
game a variant plays.
"""

from rummycheck.games.base import Game, game_names, game_of, register_game
from rummycheck.games.basic import Basic
from rummycheck.games.bing import Bing
from rummycheck.games.gin import Gin

for _game in (Bing, Basic, Gin):
    register_game(_game)

__all__ = ["Basic", "Bing", "Game", "Gin", "game_names", "game_of", "register_game"]
