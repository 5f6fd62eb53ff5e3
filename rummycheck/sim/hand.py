"""The simulator's ``GameState``: the judge with its stalemate verdict remembered.

The hand itself (deal, starting state, end) is ``rummycheck.table.hand``'s, as for every driver.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rummycheck.games import Game
from rummycheck.results import Reason
from rummycheck.table.state import GameState

__all__ = ["SimState"]


@dataclass
class SimState(GameState):
    """``GameState`` with its stalemate verdict remembered (the engine's state; replays use ``GameState``).

    Every action asks ``stalemate()`` (BASIC-STALEMATE), which scans the whole deck against
    the table.  Its inputs are the table melds and the players' hand sizes; within a hand
    table melds only grow, so (meld numbers and lengths, hand sizes) fixes the answer and
    the game's own verdict is computed once per distinct key.
    """

    stalemates: dict[Any, Reason | None] = field(default_factory=dict)
    ruled: bool | None = None  # whether the game has a stalemate rule (asked once)

    def stalemate(self) -> Reason | None:
        ruled = self.ruled
        if ruled is None:
            ruled = self.ruled = type(self.game).stalemate is not Game.stalemate
        if not ruled:
            return None
        key = (tuple((t.number, len(t.meld.cards)) for t in self.table),
               tuple((p.size, p.out) for p in self.players))
        if key not in self.stalemates:
            if len(self.stalemates) > 64:
                self.stalemates.clear()
            self.stalemates[key] = super().stalemate()
        return self.stalemates[key]
