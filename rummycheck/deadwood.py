"""``min_deadwood``: the least points a hand can leave, without building the melds.

For bulk work (simulation, analysis).  One-deck games without wilds take a fast path:
sets cut across suits while runs stay inside one suit, so the search only chooses the
sets (at most a few ranks hold three or more cards); what is left of each suit is then
scored by a lookup table.  Once the sets are fixed, the best use of a suit's remaining
cards is to run every stretch of three or more consecutive ranks in full, so the table
holds, for each of the 8192 subsets of a suit's ranks, the points covered by such
stretches.  Other variants (two decks, wilds) use the exact search's value mode.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, product

from rummycheck.cards import Card
from rummycheck.exact import SearchRules, search_cost
from rummycheck.variants import Variant, get_variant

__all__ = ["min_deadwood"]


def _segments_points(mask: int, values: Sequence[int]) -> int:
    """Points of the cards of ``mask`` (bit i = position i) in stretches of 3 or more."""
    total = 0
    run_points = 0
    run_length = 0
    for i in range(len(values) + 1):
        if i < len(values) and mask >> i & 1:
            run_points += values[i]
            run_length += 1
        else:
            if run_length >= 3:
                total += run_points
            run_points = run_length = 0
    return total


@cache
def _run_table(ace_points: int, face_points: int, ace: str) -> tuple[int, ...]:
    """Points a suit's cards can put into runs, for each 13-bit rank mask (bit 0 = ace)."""
    ranks = [ace_points] + list(range(2, 11)) + [face_points] * 3
    table = []
    for mask in range(1 << 13):
        best = 0
        if ace in ("low", "low_or_high"):
            best = _segments_points(mask, ranks)
        if ace in ("high", "low_or_high"):
            # positions 2..14: move the ace bit to the top
            high_mask = (mask >> 1) | ((mask & 1) << 12)
            best = max(best, _segments_points(high_mask, ranks[1:] + ranks[:1]))
        table.append(best)
    return tuple(table)


def _fast_applies(variant: Variant) -> bool:
    return (variant.decks == 1 and variant.wild_number is None and variant.ace in ("low", "high", "low_or_high")
            and (variant.set_max is None or variant.set_max >= 4) and variant.min_naturals <= 3)


def _fast_min_deadwood(cards: Sequence[Card], variant: Variant) -> int:
    points = [variant.card_points(Card.from_index(i)) for i in range(13)]
    table = _run_table(points[0], points[10], variant.ace)
    masks = [0, 0, 0, 0]
    by_rank = [0] * 13
    total = 0
    for card in cards:
        index = card.index
        suit, rank = divmod(index, 13)
        masks[suit] |= 1 << rank
        by_rank[rank] |= 1 << suit
        total += points[rank]
    set_options: list[list[tuple[int, int, int]]] = []  # per rank: (rank, suit bits, points)
    for rank, bits in enumerate(by_rank):
        suits = [s for s in range(4) if bits >> s & 1]
        if len(suits) >= 3:
            options = [(rank, 0, 0)]
            for size in range(3, len(suits) + 1):
                for chosen in combinations(suits, size):
                    options.append((rank, sum(1 << s for s in chosen), points[rank] * size))
            set_options.append(options)
    best = 0
    m0, m1, m2, m3 = masks
    for combo in product(*set_options):
        a, b, c, d = m0, m1, m2, m3
        melded = 0
        for rank, bits, value in combo:
            if bits:
                melded += value
                clear = ~(1 << rank)
                if bits & 1:
                    a &= clear
                if bits & 2:
                    b &= clear
                if bits & 4:
                    c &= clear
                if bits & 8:
                    d &= clear
        melded += table[a] + table[b] + table[c] + table[d]
        if melded > best:
            best = melded
    return total - best


def min_deadwood(cards: Sequence[Card], *, variant: Variant | str = "gin", min_melds: int = 0) -> int:
    """The least points ``cards`` can leave in hand (the same number ``solve`` finds).

    ``min_melds`` asks for arrangements with at least that many melds (Bing's opening);
    a hand that cannot make them returns the points of the whole hand.

    >>> from rummycheck.cards import parse_cards
    >>> min_deadwood(parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts"), variant="gin")
    10
    """
    variant = get_variant(variant)
    if min_melds == 0 and _fast_applies(variant):
        return _fast_min_deadwood(cards, variant)
    wilds = sum(1 for c in cards if variant.is_wild(c))
    naturals = [c.index for c in cards if not variant.is_wild(c)]
    cost = search_cost(naturals, wilds, _rules(variant), min_melds=min_melds)
    if cost[1] >= 1 << 40:
        return variant.points(cards)
    return cost[0]


def _rules(variant: Variant) -> SearchRules:
    return _cached_rules(variant)


@cache
def _cached_rules(variant: Variant) -> SearchRules:
    return SearchRules.from_variant(variant)
