"""Fast paths: ``min_deadwood`` (the number only) and ``fast_search`` for one-deck games.

In a one-deck game without wilds (gin, basic) sets cut across suits while runs stay
inside one suit.  So the search only has to choose the sets (few ranks ever hold three
or more cards); once they are fixed, the best use of what is left of a suit is to run
every stretch of three or more consecutive ranks in full (all cards score points, and a
stretch can always be one run).  Tables indexed by a suit's 13-bit rank mask hold, for
each of the 8192 masks, the points and cards left after those runs, and the runs
themselves; a hand is then a handful of table lookups.

Tie-breaks of the fast path (documented in docs/solver.md): least points, then fewest
cards left; among equal arrangements the set choices are tried rank by rank from ace to
king, "no set" first, then the three-card sets in suit order (s h d c), then the
four-card set, and the first best choice wins.

Everything else (two decks, wilds, Bing's opening count) goes to the exact search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations, product
from operator import attrgetter
from typing import Literal

from rummycheck.cards import Card
from rummycheck.melds import Meld, MeldKind
from rummycheck.solvers.base import Arrangement
from rummycheck.solvers.exact import INF, SearchRules, search, search_cost
from rummycheck.variants import Variant, get_variant

__all__ = ["fast_parts", "fast_search", "fast_tables", "min_deadwood", "prepare"]

_bit = attrgetter("bit")
_SUIT_MASK = 0x1FFF
_WEIGHT = 64  # key = points * 64 + cards: compare points first, then cards


def _stretches(mask: int, high_ace: bool) -> list[list[int]]:
    """Rank numbers of each stretch of 3+ consecutive ranks in ``mask`` (bit 0 = ace)."""
    order = list(range(2, 14)) + [1] if high_ace else list(range(1, 14))
    found: list[list[int]] = []
    current: list[int] = []
    for number in order + [0]:
        if number and mask >> (number - 1) & 1:
            current.append(number)
            continue
        if len(current) >= 3:
            found.append(current)
        current = []
    return found


class _Tables:
    """Per-variant lookup tables for one suit's 13-bit rank mask."""

    def __init__(self, variant: Variant) -> None:
        self.points = [variant.card_points(Card.from_index(i)) for i in range(13)]
        self.ace = variant.ace
        keys = []
        layouts: list[tuple[tuple[int, ...], ...]] = []
        for mask in range(1 << 13):
            best_key = None
            best_runs: list[list[int]] = []
            for high_ace in self._layouts():
                runs = _stretches(mask, high_ace)
                covered = {n for run in runs for n in run}
                left = [n for n in range(1, 14) if mask >> (n - 1) & 1 and n not in covered]
                key = sum(self.points[n - 1] for n in left) * _WEIGHT + len(left)
                if best_key is None or key < best_key:
                    best_key, best_runs = key, runs
            assert best_key is not None
            keys.append(best_key)
            layouts.append(tuple(tuple(run) for run in best_runs))
        self.keys = tuple(keys)
        self.layouts = tuple(layouts)
        # per suit, per mask: (run melds, cards left), filled in on first use
        self.pieces: list[list[tuple[tuple[Meld, ...], tuple[Card, ...]] | None]] = [
            [None] * (1 << 13) for _ in range(4)]
        # sets: for each rank, the options as (suit-bit set, key change is computed live)
        self.set_choices: dict[int, list[tuple[int, ...]]] = {}
        for bits in range(16):
            suits = [s for s in range(4) if bits >> s & 1]
            choices: list[tuple[int, ...]] = [()]
            for size in range(3, len(suits) + 1):
                if variant.set_max is not None and size > variant.set_max:
                    continue
                choices.extend(combinations(suits, size))
            self.set_choices[bits] = choices

    def _layouts(self) -> list[bool]:
        if self.ace == "low":
            return [False]
        if self.ace == "high":
            return [True]
        return [False, True]

    def best_sets(self, mask: int) -> tuple[int, tuple[tuple[int, tuple[int, ...]], ...], list[int]]:
        """(key, chosen sets as (rank, suits), suit masks left for runs) for a 52-bit hand mask."""
        keys = self.keys
        suits = [mask & _SUIT_MASK, mask >> 13 & _SUIT_MASK, mask >> 26 & _SUIT_MASK, mask >> 39 & _SUIT_MASK]
        s0, s1, s2, s3 = suits
        three = (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3)
        if not three:
            return keys[s0] + keys[s1] + keys[s2] + keys[s3], (), suits
        if not three & (three - 1):  # exactly one rank could be a set: try its choices in order
            rank = three.bit_length() - 1
            bits = (s0 & three and 1) | (s1 & three and 2) | (s2 & three and 4) | (s3 & three and 8)
            keep = ~three
            best_key = keys[s0] + keys[s1] + keys[s2] + keys[s3]
            best_choice: tuple[int, ...] = ()
            for chosen in self.set_choices[bits]:
                if chosen:
                    left = [m & keep if i in chosen else m for i, m in enumerate((s0, s1, s2, s3))]
                    value = keys[left[0]] + keys[left[1]] + keys[left[2]] + keys[left[3]]
                    if value < best_key:
                        best_key, best_choice, suits = value, chosen, left
            return best_key, ((rank, best_choice),) if best_choice else (), suits
        options = []
        for rank in range(13):
            if three >> rank & 1:
                bits = sum(1 << s for s in range(4) if suits[s] >> rank & 1)
                options.append([(rank, chosen) for chosen in self.set_choices[bits]])
        best_key = -1
        best: tuple[tuple[int, tuple[int, ...]], ...] = ()
        best_suits = suits
        for combo in product(*options):
            left = list(suits)
            for rank, chosen in combo:
                for s in chosen:
                    left[s] &= ~(1 << rank)
            key = keys[left[0]] + keys[left[1]] + keys[left[2]] + keys[left[3]]
            if best_key < 0 or key < best_key:
                best_key, best, best_suits = key, tuple(x for x in combo if x[1]), left
        return best_key, best, best_suits


def _points_function(tables: _Tables) -> Callable[[int], int]:
    """A closure mapping a 52-bit hand mask to its least deadwood points (lookups only)."""
    points = tuple(key // _WEIGHT for key in tables.keys)
    best_sets = tables.best_sets

    choices = tables.set_choices
    # for one rank in a set: which of the 4 suits lose that rank, per choice
    clears = {bits: [tuple(suit in chosen for suit in range(4)) for chosen in choices[bits] if chosen]
              for bits in range(16)}

    def least_points(mask: int) -> int:
        s0 = mask & 8191
        s1 = mask >> 13 & 8191
        s2 = mask >> 26 & 8191
        s3 = mask >> 39 & 8191
        three = (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3)
        best = points[s0] + points[s1] + points[s2] + points[s3]
        if not three:
            return best
        if three & (three - 1):  # two or more ranks could form sets: the general search
            return best_sets(mask)[0] // _WEIGHT
        bits = (s0 & three and 1) | (s1 & three and 2) | (s2 & three and 4) | (s3 & three and 8)
        keep = ~three
        t0, t1, t2, t3 = s0 & keep, s1 & keep, s2 & keep, s3 & keep
        for c0, c1, c2, c3 in clears[bits]:
            value = (points[t0 if c0 else s0] + points[t1 if c1 else s1]
                     + points[t2 if c2 else s2] + points[t3 if c3 else s3])
            if value < best:
                best = value
        return best

    return least_points


def _fast_applies(variant: Variant) -> bool:
    return (variant.decks == 1 and variant.wild_number is None
            and variant.ace in ("low", "high", "low_or_high") and variant.min_naturals <= 3
            and variant.max_run_length >= 13)


def _least_points(variant: Variant) -> Callable[[int], int] | Literal[False]:
    found: Callable[[int], int] | Literal[False] | None = variant.memo.get("least")
    if found is not None:
        return found
    tables = fast_tables(variant)
    built: Callable[[int], int] | Literal[False] = False if tables is None else _points_function(tables)
    variant.memo["least"] = built
    return built


def min_deadwood(cards: Sequence[Card], *, variant: Variant | str = "gin", min_melds: int = 0) -> int:
    """The least points ``cards`` can leave in hand (the same number ``solve`` finds).

    ``min_melds`` asks for arrangements with at least that many melds (Bing's opening);
    a hand that cannot make them returns the points of the whole hand.

    >>> from rummycheck.cards import parse_cards
    >>> min_deadwood(parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts"), variant="gin")
    10
    """
    if not isinstance(variant, Variant):
        variant = get_variant(variant)
    least = variant.memo.get("least")
    if least is None:
        least = _least_points(variant)
    if least and not min_melds:
        mask = sum(map(_bit, cards))
        if mask.bit_count() == len(cards):
            return least(mask)
    wilds = sum(1 for c in cards if variant.is_wild(c))
    naturals = [c.index for c in cards if not variant.is_wild(c)]
    cost = search_cost(naturals, wilds, SearchRules.from_variant(variant), min_melds=min_melds)
    if cost[0] >= INF:
        return variant.points(cards)
    return cost[0]


@cache
def _set_meld(rank: int, suits: tuple[int, ...]) -> Meld:
    return Meld.natural(MeldKind.SET, (Card.from_index(s * 13 + rank) for s in suits))


def _suit_pieces(tables: _Tables, suit: int, mask: int) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    runs = tables.layouts[mask]
    melds = tuple(Meld.natural(MeldKind.RUN, (Card.from_index(suit * 13 + n - 1) for n in run)) for run in runs)
    covered = {n for run in runs for n in run}
    left = tuple(Card.from_index(suit * 13 + n - 1) for n in range(1, 14)
                 if mask >> (n - 1) & 1 and n not in covered)
    tables.pieces[suit][mask] = (melds, left)
    return melds, left


def prepare(variant: Variant) -> None:
    """Build every lookup table of a one-deck variant now rather than on first use.

    For bulk work (benchmarks, simulations): afterwards no hand pays for table building.
    """
    tables = fast_tables(variant)
    if tables is not None:
        for suit in range(4):
            for mask in range(1 << 13):
                if tables.pieces[suit][mask] is None:
                    _suit_pieces(tables, suit, mask)


def fast_tables(variant: Variant) -> _Tables | None:
    """The lookup tables of a one-deck variant without wilds (built once per variant), or None."""
    if "tables" not in variant.memo:
        variant.memo["tables"] = _Tables(variant) if _fast_applies(variant) else None
    found: _Tables | None = variant.memo["tables"]
    return found


def fast_parts(cards: Sequence[Card], variant: Variant, mask: int = 0,
               tables: _Tables | None = None) -> tuple[tuple[Meld, ...], tuple[Card, ...], int] | None:
    """(melds, cards left, points left) through the lookup tables, or None when the fast
    path does not apply (two decks, wilds, duplicate cards).  Callers that have them may
    pass the cards' bitmask and the variant's tables."""
    if tables is None:
        tables = fast_tables(variant)
        if tables is None:
            return None
    if not mask:
        mask = sum(map(_bit, cards))
    if mask.bit_count() != len(cards):
        return None
    s0, s1, s2, s3 = mask & 8191, mask >> 13 & 8191, mask >> 26 & 8191, mask >> 39 & 8191
    if not (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3):  # no rank with 3+ cards: runs only
        p0, p1, p2, p3 = tables.pieces
        a = p0[s0] or _suit_pieces(tables, 0, s0)
        b = p1[s1] or _suit_pieces(tables, 1, s1)
        c = p2[s2] or _suit_pieces(tables, 2, s2)
        d = p3[s3] or _suit_pieces(tables, 3, s3)
        keys = tables.keys
        return (a[0] + b[0] + c[0] + d[0], a[1] + b[1] + c[1] + d[1],
                (keys[s0] + keys[s1] + keys[s2] + keys[s3]) // _WEIGHT)
    key, sets, suits = tables.best_sets(mask)
    melds = [_set_meld(rank, chosen) for rank, chosen in sets]
    deadwood: list[Card] = []
    pieces = tables.pieces
    for suit in range(4):
        found = pieces[suit][suits[suit]] or _suit_pieces(tables, suit, suits[suit])
        melds.extend(found[0])
        deadwood.extend(found[1])
    return tuple(melds), tuple(deadwood), key // _WEIGHT


def fast_search(cards: Sequence[Card], *, variant: Variant, rules: SearchRules | None = None,
                min_melds: int = 0, max_melds: int | None = None) -> Arrangement | None:
    """The exact search's answer, through the lookup tables when the variant allows."""
    if min_melds == 0 and max_melds is None:
        parts = fast_parts(cards, variant)
        if parts is not None:
            return Arrangement(parts[0], parts[1], parts[2], 0)
    return search(cards, variant=variant, rules=rules, min_melds=min_melds, max_melds=max_melds)
