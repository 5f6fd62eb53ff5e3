"""Seeded deals: a new record with the deal of one hand and no actions yet.

``deal_record(variant, players=4, seed=7)`` shuffles the variant's decks with an
explicit ``random.Random(seed)`` (the standard Fisher-Yates shuffle of
``random.Random.shuffle``), cuts for a deuce in Bing (BING-DEAL), deals one card at a
time from the dealer's left, turns up the next card and leaves the rest as the stock,
top first.  The same seed always gives the same record, so a club can replay a hand and
tests can make as many legal games as they like.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummycheck.dealing import seeded
from rummycheck.errors import ScenarioError
from rummycheck.table.hand import cutter_of, deal_hand, seat_names, seats_for
from rummycheck.table.record import Record
from rummycheck.variants import OptionValue, Variant, get_variant

__all__ = ["cutter_of", "deal_hand", "deal_record", "seat_names"]


def deal_record(variant: Variant | str, *, players: int | Sequence[str] = 2, seed: int,
                dealer: str | None = None, preset: str | None = None,
                rules: Sequence[tuple[str, OptionValue]] = ()) -> Record:
    """A record holding one seeded deal and no actions (see the module docstring)."""
    if isinstance(variant, Variant):  # its options as [rules] over the shipped game (it kept only the name)
        base = get_variant(variant.game)
        own = tuple((key, value) for key, value in variant.values if base.get(key) != value)
        name, rules = variant.game, (*own, *rules)
    else:
        name = variant
    resolved = get_variant(name, preset=preset, **dict(rules))
    seats = seats_for(resolved, players)  # (checks the count, the names and that the decks hold the deal)
    chosen = dealer if dealer is not None else seats[-1]
    if chosen not in seats:
        raise ScenarioError(f"the dealer {chosen!r} is not one of the players ({', '.join(seats)})")
    hand = deal_hand(seeded(seed), resolved, seats, chosen)
    return Record(variant_name=name, players=seats, hands=(hand,), dealer=chosen, preset=preset,
                  rules=tuple(rules), seed=seed)
