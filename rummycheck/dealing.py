"""Seeded random hands for cross-checks, benchmarks and simulations.

Every dealer takes an explicit ``random.Random`` and draws from the variant's own decks
(two copies of each card in Bing), so a hand never holds more copies than the decks
allow.  Three kinds of hand:

* ``deal_plain``: a fair deal of ``size`` cards;
* ``deal_deuce_rich``: ``wilds`` wild cards (default 2 to 4) and the rest dealt fairly;
* ``deal_meld_rich``: built from random sets and runs (pieces of 3 to 5 cards), then
  topped up fairly: hands where many melds compete for the same cards.

``deal_table`` deals a table situation: a few legal melds already on the table (some
with a wild deuce standing in, where the variant has wilds) and a hand from the cards
that are left, for lay-off cross-checks.

``shuffle`` is ``random.Random.shuffle`` with the same permutation from the same draws, its
loop written out: the simulator's deals and the analysis's hidden states shuffle with it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rummycheck.cards import Card, full_deck
from rummycheck.errors import VariantError
from rummycheck.melds import Meld, MeldKind, meld_problems
from rummycheck.variants import Variant

__all__ = ["DEALERS", "deal", "deal_deuce_rich", "deal_meld_rich", "deal_plain", "deal_table", "seeded", "shoe",
           "shuffle"]


def seeded(seed: int) -> random.Random:
    """The ``random.Random`` of a deal's seed: ``random.Random(seed)`` for a seed of 0 or more (the
    deals every release has dealt); a negative seed, which ``random.Random`` reads as its absolute
    value (-7 dealt what 7 deals), seeded by its text instead, so that every seed deals apart.  A
    seed that is not a whole number (None, 1.5, "7", True) is a ``TypeError``."""
    if type(seed) is not int:
        raise TypeError(f"a seed is a whole number, not {seed!r}")
    return random.Random(seed if seed >= 0 else str(seed))


def shoe(variant: Variant) -> list[Card]:
    """Every card of the variant's decks, in sort order."""
    return [card for card in full_deck() for _ in range(variant.decks)]


def shuffle(rng: random.Random, cards: list[Any]) -> None:
    """``rng.shuffle(cards)``, the same permutation from the same draws: for a plain ``random.Random``
    its loop is written out here (each position's draw by ``getrandbits``, retried above the bound, as
    ``Random._randbelow`` draws it) without a method call per card; any other generator, or a Python
    whose ``shuffle`` draws otherwise (checked once, ``_SAME_SHUFFLE``), shuffles itself."""
    if type(rng) is not random.Random or not _same_shuffle():
        rng.shuffle(cards)
        return
    _shuffle(rng, cards)


def _shuffle(rng: random.Random, cards: list[Any]) -> None:
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


_SAME_SHUFFLE: list[bool] = []  # whether _shuffle gives random.shuffle's permutations (asked once)


def _same_shuffle() -> bool:
    if not _SAME_SHUFFLE:
        same = True
        for seed in range(8):
            for size in (1, 2, 3, 4, 5, 8, 9, 16, 17, 52, 64, 104):
                a, b = list(range(size)), list(range(size))
                first, second = random.Random(seed), random.Random(seed)
                first.shuffle(a)
                _shuffle(second, b)
                same = same and a == b and first.random() == second.random()
        _SAME_SHUFFLE.append(same)
    return _SAME_SHUFFLE[0]


def _size(variant: Variant, size: int | None) -> int:
    return variant.hand_size if size is None else size


def _take(rng: random.Random, pool: list[Card], count: int) -> list[Card]:
    chosen = rng.sample(range(len(pool)), count)
    taken = [pool[i] for i in chosen]
    for i in sorted(chosen, reverse=True):
        del pool[i]
    return taken


def deal_plain(rng: random.Random, variant: Variant, *, size: int | None = None) -> tuple[Card, ...]:
    """``size`` cards (default: the variant's hand size) dealt fairly."""
    return tuple(sorted(_take(rng, shoe(variant), _size(variant, size))))


def deal_deuce_rich(rng: random.Random, variant: Variant, *, size: int | None = None,
                    wilds: int | None = None) -> tuple[Card, ...]:
    """A hand with ``wilds`` wild cards (default: 2 to 4 at random); the rest dealt fairly."""
    if variant.wild_number is None:
        raise VariantError(f"variant {variant.name!r} has no wild cards to deal")
    pool = shoe(variant)
    wild_pool = [c for c in pool if variant.is_wild(c)]
    count = rng.randint(2, 4) if wilds is None else wilds
    total = _size(variant, size)
    count = min(count, len(wild_pool), total)
    hand = _take(rng, wild_pool, count)
    rest = [c for c in pool if not variant.is_wild(c)] + wild_pool
    hand += _take(rng, rest, total - count)
    return tuple(sorted(hand))


def deal_meld_rich(rng: random.Random, variant: Variant, *, size: int | None = None) -> tuple[Card, ...]:
    """A hand made mostly of random sets and runs of 3 to 5 cards, topped up fairly."""
    pool = shoe(variant)
    total = _size(variant, size)
    hand: list[Card] = []
    for _ in range(50):
        room = total - len(hand)
        if room < 3:
            break
        piece = _piece(rng, pool, rng.randint(3, min(5, room)))
        if piece is not None:
            hand += [card for _, card in piece]
    hand += _take(rng, pool, total - len(hand))
    return tuple(sorted(hand))


def _piece(rng: random.Random, pool: list[Card], length: int) -> list[tuple[MeldKind, Card]] | None:
    """A random run or set of ``length`` cards taken out of ``pool`` (None when the draw misses)."""
    anchor = pool[rng.randrange(len(pool))]
    if rng.random() < 0.5:
        kind = MeldKind.RUN
        wanted = [Card.from_index(anchor.suit.index * 13 + (anchor.number - 1 + k) % 13)
                  for k in range(length)]
        if anchor.number + length - 1 > 14:
            return None
    else:
        kind = MeldKind.SET
        same_rank = [c for c in pool if c.number == anchor.number]
        if len(same_rank) < length:
            return None
        wanted = rng.sample(same_rank, length)
    if not all(wanted.count(c) <= pool.count(c) for c in wanted):
        return None
    for card in wanted:
        pool.remove(card)
    return [(kind, card) for card in wanted]


def deal_table(rng: random.Random, variant: Variant, *, melds: int | None = None, size: int | None = None,
               wilds: int = 0) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """``melds`` legal melds on the table (default 2 to 4) and a hand of ``size`` cards from the rest.

    Where the variant has wild cards, a table meld sometimes has one card replaced by a
    wild standing for it, and ``wilds`` extra wild cards go into the hand (when the
    decks have them left).  Every table meld passes ``meld_problems``.
    """
    pool = shoe(variant)
    wanted = rng.randint(2, 4) if melds is None else melds
    table: list[Meld] = []
    for _ in range(50):
        if len(table) == wanted:
            break
        piece = _piece(rng, pool, rng.randint(3, 5))
        if piece is None:
            continue
        kind = piece[0][0]
        stands = [card for _, card in piece]
        if kind == MeldKind.RUN:
            high_ace = stands[0].number >= 10  # a run from ten up ends with the ace
            stands.sort(key=lambda c: 14 if c.number == 1 and high_ace else c.number)
        cards = list(stands)
        spare_wilds = [c for c in pool if variant.is_wild(c)]
        if spare_wilds and rng.random() < 0.4:
            at = rng.randrange(len(cards))
            if not variant.is_wild(cards[at]):
                wild = rng.choice(spare_wilds)
                pool.remove(wild)
                pool.append(cards[at])  # the card the wild stands for goes back to the deck
                cards[at] = wild
        meld = Meld(kind, tuple(cards), tuple(stands))
        if meld_problems(meld, variant):
            pool.extend(c for c in cards)
            continue
        table.append(meld)
    hand: list[Card] = []
    if wilds:
        wild_pool = [c for c in pool if variant.is_wild(c)]
        hand += _take(rng, wild_pool, min(wilds, len(wild_pool)))
        for card in hand:
            pool.remove(card)
    hand += _take(rng, pool, _size(variant, size) - len(hand))
    return tuple(table), tuple(sorted(hand))


DEALERS: dict[str, Callable[..., tuple[Card, ...]]] = {
    "plain": deal_plain,
    "deuce-rich": deal_deuce_rich,
    "meld-rich": deal_meld_rich,
}


def deal(kind: str, rng: random.Random, variant: Variant, *, size: int | None = None) -> tuple[Card, ...]:
    """Deal one hand of the named kind (plain, deuce-rich or meld-rich)."""
    try:
        dealer = DEALERS[kind]
    except KeyError:
        raise VariantError(f"unknown kind of hand {kind!r}; choose {', '.join(DEALERS)}") from None
    return dealer(rng, variant, size=size)
