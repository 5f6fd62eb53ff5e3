"""The games: one module per game holds all of that game's behaviour (see ``base.Game``).

Importing this package registers the shipped games; ``game_of(variant)`` returns the
game a variant plays.
"""

from rummycheck.games.base import Game, game_names, game_of, register_game

__all__ = ["Game", "game_names", "game_of", "register_game"]
