"""The chance to win a gin game from a score, for the evaluator's second scale.

A hand's expected points do not say everything when the game score matters: at 95 to 90
in a game to 100, any win of the next hand ends the game, and the size of the win hardly
counts.  ``win_chance(variant, mine, theirs)`` is the chance that the player with ``mine``
points wins the game against ``theirs``, under a simple model of the hands still to come:

* each hand is won by either player with the same chance (hands nobody wins are replayed,
  so they drop out), and
* the points it is won by follow the counts in ``rummycheck/data/gin_hands.toml``, made by
  ``bench/gin_hand_points.py`` from seeded one-hand games of the shipped bots under the
  preset's scoring.

Then the chance is exact for the model: ``W(a, b) = 1/2 sum_x p(x) W(a + x, b) + 1/2
sum_x p(x) W(a, b + x)``, with ``W = 1`` once ``a`` reaches the target and ``0`` once ``b``
does, worked out from the highest scores down (every hand is won by at least one point).
The game and box bonuses decide no game, so they are left out.  Who deals next and how
strong each player is are not in the model.

Only a game that names its table (``Game.game_chance_table``: gin's is
``data/gin_hands.toml``), played by two, is covered: the scoring options of the variant
(``gin_bonus``, ``undercut_bonus``, ``big_gin_bonus``, ``knock_limit``) must match one of
the table's presets, and the target must be at most 1,000 points.  Otherwise
``win_chance`` returns None and the evaluator reports the hand's points alone.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from rummycheck.games import game_of
from rummycheck.variants import Variant

__all__ = ["MAX_TARGET", "WIN_UNIT", "hand_points_table", "win_chance"]

WIN_UNIT = "chance to win the game (a model of the hands to come: analysis.match)"

_DATA = Path(__file__).resolve().parent.parent / "data"
_SCORING = ("gin_bonus", "undercut_bonus", "big_gin_bonus", "knock_limit")
MAX_TARGET = 1000


@cache
def _tables(name: str) -> dict[str, dict[str, object]]:
    with (_DATA / name).open("rb") as handle:
        return tomllib.load(handle)


def hand_points_table(variant: Variant) -> tuple[tuple[int, float], ...] | None:
    """The model's (points, chance) pairs for a hand won under ``variant``'s scoring, or None."""
    name = game_of(variant).game_chance_table  # the game's own table (games/), or None
    if name is None:
        return None
    for entry in _tables(name).values():
        if all(entry.get(name) == variant.get(name) for name in _SCORING):
            won = entry["won"]
            assert isinstance(won, dict)
            total = sum(won.values())
            return tuple((int(points), count / total) for points, count in sorted(won.items(), key=lambda i: int(i[0])))
    return None


@cache
def _chances(points: tuple[tuple[int, float], ...], target: int) -> tuple[tuple[float, ...], ...]:
    """``W[a][b]`` for every score below the target (see the module docstring)."""
    size = target
    table = [[0.0] * size for _ in range(size)]
    for a in range(size - 1, -1, -1):
        row = table[a]
        for b in range(size - 1, -1, -1):
            mine = 0.0
            theirs = 0.0
            for x, p in points:
                mine += p * (1.0 if a + x >= target else table[a + x][b])
                theirs += p * (0.0 if b + x >= target else row[b + x])
            row[b] = (mine + theirs) / 2
    return tuple(tuple(row) for row in table)


def win_chance(variant: Variant, mine: int, theirs: int) -> float | None:
    """The chance that a player with ``mine`` points wins the game against ``theirs`` (the model
    of the module docstring), or None where the model does not cover the variant."""
    target = variant.get("game_target")
    if not isinstance(target, int) or target > MAX_TARGET:
        return None
    if mine >= target:  # a gin hand gives points to one player only: two cannot cross at once
        return 1.0
    if theirs >= target:
        return 0.0
    points = hand_points_table(variant)
    if points is None:
        return None
    return _chances(points, target)[max(0, mine)][max(0, theirs)]
