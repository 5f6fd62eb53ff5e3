"""The start of a simulated hand as a ``GameState``, and gin's first-upcard pass.

Shared by the engine (which deals) and the records' replay (which starts from the same
deal), so both build the very same state.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummycheck.cards import Card
from rummycheck.games import game_of
from rummycheck.table.state import GameState, PlayerState
from rummycheck.variants import Variant

__all__ = ["apply_pass", "deal_state"]


def deal_state(variant: Variant, *, names: Sequence[str], scores: Sequence[int], out: Sequence[bool],
               hands: Sequence[Sequence[Card]], cut: Card | None, cutter: int | None, upcard: Card | None,
               stock: int, first: int) -> GameState:
    """The ``GameState`` at the start of a hand, as dealt (a record's replay starts here too)."""
    game = game_of(variant)
    players = [PlayerState(name=n, score=s, hand=tuple(sorted(h)), out=o, cut=cut if seat == cutter else None)
               for seat, (n, s, o, h) in enumerate(zip(names, scores, out, hands))]
    state = GameState(variant=variant, players=players, discard_pile=[upcard] if upcard is not None else [],
                      stock=stock, upcard=upcard if game.knocks else None)
    state.current = first
    return state


def apply_pass(state: GameState) -> None:
    """Gin's first upcard refused (GIN-DEAL): the offer moves to the other player; after two passes
    the first player draws from the stock.  ``GameState`` has no pass, so the turn is moved here."""
    state.current = state._next_seat(state.current)
