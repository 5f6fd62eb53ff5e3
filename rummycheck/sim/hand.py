"""The start of a simulated hand as a ``GameState``, and gin's first-upcard pass.

Shared by the engine (which deals) and the records' replay (which starts from the same
deal), so both build the very same state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from rummycheck.cards import Card
from rummycheck.games import Game, game_of
from rummycheck.results import Reason
from rummycheck.table.state import GameState, PlayerState
from rummycheck.variants import Variant

__all__ = ["SimState", "apply_pass", "deal_state"]


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


_index = attrgetter("index")  # a card's sort key


def deal_state(variant: Variant, *, names: Sequence[str], scores: Sequence[int], out: Sequence[bool],
               hands: Sequence[Sequence[Card]], cut: Card | None, cutter: int | None, upcard: Card | None,
               stock: int, first: int, state_class: type[GameState] = GameState) -> GameState:
    """The ``GameState`` at the start of a hand, as dealt (a record's replay starts here too)."""
    game = game_of(variant)
    players = [PlayerState(name=n, score=s, hand=tuple(sorted(h, key=_index)), out=o,
                           cut=cut if seat == cutter else None)
               for seat, (n, s, o, h) in enumerate(zip(names, scores, out, hands))]
    state = state_class(variant=variant, players=players, discard_pile=[upcard] if upcard is not None else [],
                      stock=stock, upcard=upcard if game.knocks else None)
    state.current = first
    return state


def apply_pass(state: GameState) -> None:
    """Gin's first upcard refused (GIN-DEAL): the offer moves to the other player; after two passes
    the first player draws from the stock.  ``GameState`` has no pass, so the turn is moved here."""
    state.current = state._next_seat(state.current)
