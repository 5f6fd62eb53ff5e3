"""Strategy simulation: bots play whole games through ``GameState``; seeded, paired, parallel.

``simulate(...)`` (``runner``) plays paired deals in every seat rotation and returns the
statistics (``stats``); ``engine.play_game`` plays one game; ``bots`` holds the bot
protocol and the shipped bots; ``record_out`` turns games into record actions.
"""
