"""Seeded deals: a new record with the deal of one hand and no actions yet.

``deal_record(variant, players=4, seed=7)`` shuffles the variant's decks with an
explicit ``random.Random(seed)`` (the standard Fisher-Yates shuffle of
``random.Random.shuffle``), cuts for a deuce in Bing (BING-DEAL), deals one card at a
time from the dealer's left, turns up the next card and leaves the rest as the stock,
top first.  The same seed always gives the same record, so a club can replay a hand and
tests can make as many legal games as they like.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummycheck.cards import Card
from rummycheck.dealing import shoe
from rummycheck.errors import ScenarioError
from rummycheck.games import game_of
from rummycheck.table.replay import HandRecord, Record
from rummycheck.variants import OptionValue, Variant, get_variant

__all__ = ["cutter_of", "deal_hand", "deal_record", "seat_names"]


def seat_names(count: int) -> tuple[str, ...]:
    """Default player names: A, B, C, ..."""
    return tuple(chr(ord("A") + i) for i in range(count))


def cutter_of(seats: Sequence[str], dealer: str) -> str:
    """BING-DEAL: the player on the dealer's right cuts for a deuce (play passes to the left,
    in seat order, so the dealer's right is the seat before him)."""
    return seats[(seats.index(dealer) - 1) % len(seats)]


def deal_hand(rng: random.Random, variant: Variant, seats: Sequence[str], dealer: str) -> HandRecord:
    """Shuffle, cut (Bing), deal, turn up the upcard; the rest is the stock, top first."""
    deck: list[Card] = shoe(variant)
    rng.shuffle(deck)
    size = game_of(variant).dealt_size(len(seats))
    hands: dict[str, list[Card]] = {name: [] for name in seats}
    cut: Card | None = None
    if game_of(variant).cuts:
        at = rng.randrange(1, len(deck))
        if variant.is_wild(deck[at - 1]):  # the bottom card of the cut-off part is a deuce: he keeps it
            cut = deck.pop(at - 1)
            hands[cutter_of(seats, dealer)].append(cut)
    start = seats.index(dealer) + 1
    order = [seats[(start + i) % len(seats)] for i in range(len(seats))]
    while any(len(h) < size for h in hands.values()):
        for name in order:
            if len(hands[name]) < size:
                hands[name].append(deck.pop(0))
    upcard = deck.pop(0)
    return HandRecord(cards=tuple((name, tuple(sorted(hands[name]))) for name in seats), upcard=upcard, cut=cut,
                      stock=tuple(deck))


def deal_record(variant: Variant | str, *, players: int | Sequence[str] = 2, seed: int,
                dealer: str | None = None, preset: str | None = None,
                rules: Sequence[tuple[str, OptionValue]] = ()) -> Record:
    """A record holding one seeded deal and no actions (see the module docstring)."""
    name = variant.name if isinstance(variant, Variant) else variant
    resolved = get_variant(name, preset=preset, **dict(rules))
    seats = seat_names(players) if isinstance(players, int) else tuple(players)
    low, high = int(resolved.option("min_players") or 2), int(resolved.option("max_players") or 2)
    if not low <= len(seats) <= high:
        raise ScenarioError(f"{resolved.title} is played by {low} to {high} players, not {len(seats)}")
    if len(set(seats)) != len(seats):
        raise ScenarioError("two players share a name")
    size = game_of(resolved).dealt_size(len(seats))
    needed = size * len(seats) + 1
    if needed > 52 * resolved.decks:
        raise ScenarioError(f"{len(seats)} hands of {size} cards and the upcard need "
                            f"{needed} cards, but the decks hold {52 * resolved.decks}")
    chosen = dealer if dealer is not None else seats[-1]
    if chosen not in seats:
        raise ScenarioError(f"the dealer {chosen!r} is not one of the players ({', '.join(seats)})")
    hand = deal_hand(random.Random(seed), resolved, seats, chosen)
    return Record(variant_name=name, players=seats, hands=(hand,), dealer=chosen, preset=preset,
                  rules=tuple(rules), seed=seed)
