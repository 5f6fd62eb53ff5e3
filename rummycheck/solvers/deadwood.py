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

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations
from operator import attrgetter
from typing import Literal

from rummycheck.cards import Card
from rummycheck.errors import CardParseError, HandSizeError
from rummycheck.melds import Meld, MeldKind
from rummycheck.solvers.base import Arrangement
from rummycheck.solvers.exact import INF, SearchRules, search, search_cost
from rummycheck.variants import Variant, get_variant

__all__ = ["best_discard_key", "best_discard_mask", "cards_mask", "deadwood_counter", "fast_parts", "fast_search",
           "fast_tables", "hand_mask", "mask_parts", "min_deadwood", "min_deadwood_many", "min_deadwood_mask",
           "prepare"]

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


_Pieces = tuple[tuple[Meld, ...], tuple[Card, ...], int]  # one suit's runs, cards left, their points


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
        self.discards: _Discards | None = None  # the 11-card tables, made on first use
        self.points_of = tuple(key // _WEIGHT for key in keys)  # the points alone, per suit mask
        self.four = variant.set_max is None or variant.set_max >= 4
        self.layouts = tuple(layouts)
        # per suit, per mask: (run melds, cards left, their points), filled in on first use
        self.pieces: list[list[_Pieces | None]] = [
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
        # per rank, per suit-bit set: for each set choice ("no set" first), the mask of the
        # hand's cards it keeps
        self.set_keeps: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(~sum(1 << (suit * 13 + rank) for suit in chosen) for chosen in choices)
                  for _, choices in sorted(self.set_choices.items()))
            for rank in range(13))
        # the same without "no set", with which suits each choice takes the rank from
        self.one_set: dict[int, list[tuple[tuple[int, ...], bool, bool, bool, bool]]] = {
            bits: [(chosen, 0 in chosen, 1 in chosen, 2 in chosen, 3 in chosen)
                   for chosen in choices if chosen]
            for bits, choices in self.set_choices.items()}
        self.parts = _parts_function(self)  # mask -> (melds, cards left, points left)

    def _layouts(self) -> list[bool]:
        if self.ace == "low":
            return [False]
        if self.ace == "high":
            return [True]
        return [False, True]


def _points_function(tables: _Tables) -> Callable[[int], int]:
    """A closure mapping a 52-bit hand mask to its least deadwood points (lookups only).

    One rank that could be a set (most such hands): taking it from every suit that holds
    it is the set of three, or of four; with four cards, a set of three keeps one of them
    in its suit, the one whose suit gains the least by losing it.  Two ranks or more:
    every combination of the ranks' set choices, each a mask of the cards it keeps.
    """
    points = tables.points_of
    four = tables.four
    keeps = tables.set_keeps

    def least_points(mask: int) -> int:
        s0 = mask & 8191
        s1 = mask >> 13 & 8191
        s2 = mask >> 26 & 8191
        s3 = mask >> 39 & 8191
        three = (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3)
        best = points[s0] + points[s1] + points[s2] + points[s3]
        if not three:
            return best
        if three & (three - 1):  # two or more ranks could form sets
            for m in _choice_masks(keeps, mask, three, s0, s1, s2, s3):
                value = points[m & 8191] + points[m >> 13 & 8191] + points[m >> 26 & 8191] + points[m >> 39 & 8191]
                if value < best:
                    best = value
            return best
        keep = ~three
        t0, t1, t2, t3 = s0 & keep, s1 & keep, s2 & keep, s3 & keep
        value = points[t0] + points[t1] + points[t2] + points[t3]  # the rank's set of every card
        if s0 & s1 & s2 & s3 & three:
            kept = value + min(points[s0] - points[t0], points[s1] - points[t1],
                               points[s2] - points[t2], points[s3] - points[t3])
            if kept < value or not four:
                value = kept
        return value if value < best else best

    return least_points


def _clears(tables: _Tables) -> dict[int, list[tuple[bool, bool, bool, bool]]]:
    """For one rank in a set, per suit-bit set: which of the 4 suits lose that rank, per set choice."""
    choices = tables.set_choices
    return {bits: [(0 in chosen, 1 in chosen, 2 in chosen, 3 in chosen) for chosen in choices[bits] if chosen]
            for bits in range(16)}


def _choice_masks(keeps: tuple[tuple[tuple[int, ...], ...], ...], mask: int, three: int,
                  s0: int, s1: int, s2: int, s3: int) -> list[int]:
    """The hand ``mask`` less each combination of set choices of the ranks in ``three``
    (``_Tables.set_keeps``), in the order of ``itertools.product`` over the ranks from the
    ace up, each rank's "no set" first: the order of the fast path's tie-break."""
    left = [mask]
    while three:
        low = three & -three
        three ^= low
        bits = (s0 & low and 1) | (s1 & low and 2) | (s2 & low and 4) | (s3 & low and 8)
        left = [m & keep for m in left for keep in keeps[low.bit_length() - 1][bits]]
    return left


class _Discards:
    """Per-suit tables for "the hand less one card of the player's choosing" (gin's 11 cards).

    Runs stay inside a suit, so once the sets are chosen the best discard comes out of one
    suit's leftover: ``gain[m]`` is how much a suit mask's best layout improves by
    dropping its best card (negative when every card of ``m`` sits in a run), and the
    hand's least deadwood after a discard is, over every choice of sets, the sum over the
    suits less the largest gain.  Every (discard, arrangement) pair is counted: the
    discard is never in a set of the arrangement, so it sits in a leftover suit mask of
    some choice of sets of the whole hand.  ``key_gain`` and ``low`` do the same on the
    (points, cards) keys and name the lowest card that reaches the best key.
    """

    def __init__(self, tables: _Tables) -> None:
        keys = tables.keys
        none = -(1 << 30)  # an empty suit has no card to discard
        gain = [none] * (1 << 13)
        key_gain = [none] * (1 << 13)
        low = [-1] * (1 << 13)
        for mask in range(1, 1 << 13):
            best_key = None
            best_rank = -1
            rest = mask
            while rest:
                bit = rest & -rest
                rest ^= bit
                key = keys[mask ^ bit]
                if best_key is None or key < best_key:
                    best_key, best_rank = key, bit.bit_length() - 1
            assert best_key is not None
            key_gain[mask] = keys[mask] - best_key
            low[mask] = best_rank
            gain[mask] = keys[mask] // _WEIGHT - min(keys[mask ^ (1 << r)] // _WEIGHT
                                                       for r in range(13) if mask >> r & 1)
        self.gain = tuple(gain)
        self.key_gain = tuple(key_gain)
        self.low = tuple(low)


def _discard_tables(tables: _Tables) -> _Discards:
    if tables.discards is None:
        tables.discards = _Discards(tables)
    return tables.discards


def _discard_function(variant: Variant, tables: _Tables) -> Callable[[int], int]:
    """A closure mapping a hand mask to its least deadwood points after the best discard."""
    points = tables.points_of
    gain = _discard_tables(tables).gain
    keeps = tables.set_keeps
    clears = _clears(tables)

    def least_after_discard(mask: int) -> int:
        if not mask:
            raise ValueError("the hand is empty, there is nothing to discard")
        s0 = mask & 8191
        s1 = mask >> 13 & 8191
        s2 = mask >> 26 & 8191
        s3 = mask >> 39 & 8191
        three = (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3)
        best = (points[s0] + points[s1] + points[s2] + points[s3]
                - max(gain[s0], gain[s1], gain[s2], gain[s3]))
        if not three:
            return best
        if three & (three - 1):  # two or more ranks could form sets
            for m in _choice_masks(keeps, mask, three, s0, s1, s2, s3):
                a, b, c, d = m & 8191, m >> 13 & 8191, m >> 26 & 8191, m >> 39 & 8191
                value = points[a] + points[b] + points[c] + points[d] - max(gain[a], gain[b], gain[c], gain[d])
                if value < best:
                    best = value
            return best
        bits = (s0 & three and 1) | (s1 & three and 2) | (s2 & three and 4) | (s3 & three and 8)
        keep = ~three
        t0, t1, t2, t3 = s0 & keep, s1 & keep, s2 & keep, s3 & keep
        for c0, c1, c2, c3 in clears[bits]:
            a = t0 if c0 else s0
            b = t1 if c1 else s1
            c = t2 if c2 else s2
            d = t3 if c3 else s3
            value = points[a] + points[b] + points[c] + points[d] - max(gain[a], gain[b], gain[c], gain[d])
            if value < best:
                best = value
        return best

    return least_after_discard


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


# the last variant min_deadwood answered through the tables and its lookup function; one
# tuple, so that a reader always sees the two together
_RECENT: tuple[object, Callable[[int], int]] = (object(), int)


def min_deadwood(cards: Sequence[Card], *, variant: Variant | str = "gin", min_melds: int = 0) -> int:
    """The least points exactly ``cards`` can leave in hand: no discard is tried, and no meld count is
    asked but ``min_melds`` (so ``solve``'s number for a hand it lays out as it is, such as ten gin
    cards; for eleven gin cards ``solve`` throws one first).

    ``min_melds`` asks for arrangements with at least that many melds (Bing's opening);
    a hand that cannot make them returns the points of the whole hand.  A hand of more than
    ``MAX_HAND_CARDS`` cards is refused.  The copies of a card are not counted here (a bot's hot
    path; a card given more often than the decks hold is searched as given): ``solve`` counts them.

    >>> from rummycheck.cards import parse_cards
    >>> min_deadwood(parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts"), variant="gin")
    10
    """
    recent = _RECENT
    if variant is recent[0] and not min_melds:
        # bulk callers ask about one variant many times: straight to its lookup function
        mask = cards_mask(cards)
        if mask.bit_count() == len(cards) <= MAX_HAND_CARDS:
            return recent[1](mask)
    return _min_deadwood(cards, variant, min_melds)


#: the most cards ``min_deadwood`` takes (a Bing hand holds 15): a whole deck at once made the
#: search's memory grow without bound
MAX_HAND_CARDS = 30


def _min_deadwood(cards: Sequence[Card], variant: Variant | str, min_melds: int) -> int:
    global _RECENT
    if not isinstance(variant, Variant):
        variant = get_variant(variant)
    if len(cards) > MAX_HAND_CARDS:
        raise HandSizeError(f"min_deadwood: a hand of at most {MAX_HAND_CARDS} cards, not {len(cards)}")
    least = _least_points(variant)
    if least and not min_melds:
        _RECENT = (variant, least)
        mask = sum(map(_bit, cards))
        if mask.bit_count() == len(cards):
            return least(mask)
    wilds = sum(1 for c in cards if variant.is_wild(c))
    naturals = [c.index for c in cards if not variant.is_wild(c)]
    cost = search_cost(naturals, wilds, SearchRules.from_variant(variant), min_melds=min_melds)
    if cost[0] >= INF:
        return variant.points(cards)
    return cost[0]


def cards_mask(cards: Sequence[Card]) -> int:
    """The sum of the cards' bits, for the hot paths: ``hand_mask`` without its check (a
    card given twice carries into another bit: the mask has fewer bits than there are
    cards, which the callers test).  Ten cards, gin's hand, are added up without a loop."""
    if len(cards) == 10:
        c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = cards
        return c0.bit + c1.bit + c2.bit + c3.bit + c4.bit + c5.bit + c6.bit + c7.bit + c8.bit + c9.bit
    return sum(map(_bit, cards))


def hand_mask(cards: Iterable[Card]) -> int:
    """The 52-bit mask of one-deck ``cards`` (bit ``card.index`` per card): the hand type of the
    ``*_mask`` functions below, made once and reused by callers that ask many questions.
    A mask holds each card once: a card given twice is a ``ValueError``."""
    cards = tuple(cards)
    mask: int = sum(map(_bit, cards))
    if mask.bit_count() != len(cards):
        raise ValueError("hand_mask: a bitmask holds each card once; this hand holds a card twice")
    return mask


def _indices(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _search_counter(variant: Variant, discard: bool) -> Callable[[int], int]:
    """The exact search behind a mask, for variants the lookup tables do not cover."""
    rules = SearchRules.from_variant(variant)
    wild = variant.wild_number
    points = rules.points

    def least(mask: int) -> int:
        cards = _indices(mask)
        naturals = [i for i in cards if i % 13 + 1 != wild]
        cost = search_cost(naturals, len(cards) - len(naturals), rules)
        return sum(points[i] for i in cards) if cost[0] >= INF else cost[0]

    if not discard:
        return least

    def least_after_discard(mask: int) -> int:
        if not mask:
            raise ValueError("the hand is empty, there is nothing to discard")
        return min(least(mask ^ (1 << i)) for i in _indices(mask))

    return least_after_discard


def deadwood_counter(variant: Variant | str = "gin", *, discard: bool = False) -> Callable[[int], int]:
    """The function ``mask -> least deadwood points`` of a variant, for bulk callers.

    With ``discard`` the points are those left after the best discard (gin's 11 cards;
    an empty hand is a ``ValueError``).  One-deck variants without wilds get the lookup
    tables; others the exact search.

    >>> count = deadwood_counter("gin", discard=True)
    >>> from rummycheck.cards import parse_cards
    >>> count(hand_mask(parse_cards("Ac 3c 4s 4c 5h Ad 2h 5c 3h 5s 3s")))
    7
    """
    if variant.__class__ is not Variant:
        variant = get_variant(variant)
    name = "least_discard" if discard else "least_mask"
    found: Callable[[int], int] | None = variant.memo.get(name)
    if found is None:
        tables = fast_tables(variant)
        if tables is None:
            found = _search_counter(variant, discard)
        elif discard:
            found = _discard_function(variant, tables)
        else:
            least = _least_points(variant)
            assert least
            found = least
        variant.memo[name] = found
    return found


_ALL_MASK = (1 << 52) - 1
#: the most cards a mask may hold for the public mask functions (gin's 11, with room; 52 cards at
#: once would make the search's memory grow without bound)
MAX_MASK_CARDS = 20


def _check_mask(mask: int, name: str) -> None:
    """A mask the public functions take: 52 bits, at most ``MAX_MASK_CARDS`` of them set."""
    if type(mask) is not int or mask & ~_ALL_MASK or mask < 0:
        raise CardParseError(f"{name}: a hand mask is a 52-bit int (bit card.index per card), not {mask!r}")
    if mask.bit_count() > MAX_MASK_CARDS:
        raise CardParseError(f"{name}: a hand mask holds at most {MAX_MASK_CARDS} cards, not {mask.bit_count()}")


def min_deadwood_mask(mask: int, *, variant: Variant | str = "gin") -> int:
    """``min_deadwood`` of the one-deck hand given as a 52-bit mask (see ``hand_mask``)."""
    _check_mask(mask, "min_deadwood_mask")
    return deadwood_counter(variant)(mask)


def min_deadwood_many(masks: Iterable[int], *, variant: Variant | str = "gin", discard: bool = False) -> list[int]:
    """``min_deadwood_mask`` of many hands (with ``discard``: after each hand's best discard)."""
    return list(map(deadwood_counter(variant, discard=discard), masks))


def best_discard_mask(mask: int, *, variant: Variant | str = "gin") -> tuple[int, int]:
    """(least deadwood points after a discard, index of the card to discard) for a mask.

    The tie-break is ``solve``'s for gin's 11 cards: least points, then fewest cards left,
    then the lowest card in sort order.
    """
    if variant.__class__ is not Variant:
        variant = get_variant(variant)
    if not mask:
        raise CardParseError("best_discard_mask: the hand is empty, there is nothing to discard")
    _check_mask(mask, "best_discard_mask")
    tables = fast_tables(variant)
    if tables is None:
        rules = SearchRules.from_variant(variant)
        wild = variant.wild_number
        best: tuple[tuple[int, int, int], int] | None = None
        for index in _indices(mask):
            kept = _indices(mask ^ (1 << index))
            naturals = [i for i in kept if i % 13 + 1 != wild]
            cost = search_cost(naturals, len(kept) - len(naturals), rules)
            if cost[0] >= INF:
                cost = (sum(rules.points[i] for i in kept), len(kept), 0)
            if best is None or cost < best[0]:
                best = (cost, index)
        assert best is not None
        return best[0][0], best[1]
    key, card = best_discard_key(mask, tables)
    return key // _WEIGHT, card


def least_key(mask: int, tables: _Tables) -> int:
    """The least key (points * 64 + cards) the one-deck hand ``mask`` can leave, every
    choice of sets tried, through the lookup tables of its variant (``fast_tables``)."""
    keys = tables.keys
    s0, s1, s2, s3 = mask & 8191, mask >> 13 & 8191, mask >> 26 & 8191, mask >> 39 & 8191
    three = (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3)
    if not three:
        return keys[s0] + keys[s1] + keys[s2] + keys[s3]
    return min(keys[m & 8191] + keys[m >> 13 & 8191] + keys[m >> 26 & 8191] + keys[m >> 39 & 8191]
               for m in _choice_masks(tables.set_keeps, mask, three, s0, s1, s2, s3))


def best_discard_key(mask: int, tables: _Tables) -> tuple[int, int]:
    """``best_discard_mask`` of a non-empty mask through the lookup tables of its variant
    (``fast_tables``), with the whole key of what is left: points * 64 + cards."""
    discards = _discard_tables(tables)
    keys, key_gain, low = tables.keys, discards.key_gain, discards.low
    s0, s1, s2, s3 = mask & 8191, mask >> 13 & 8191, mask >> 26 & 8191, mask >> 39 & 8191
    three = (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3)
    best_key, best_card = INF, 52
    for m in _choice_masks(tables.set_keeps, mask, three, s0, s1, s2, s3) if three else (mask,):
        a, b, c, d = m & 8191, m >> 13 & 8191, m >> 26 & 8191, m >> 39 & 8191
        # an empty suit's gain is hugely negative: its key never wins
        total = keys[a] + keys[b] + keys[c] + keys[d]
        k0, k1, k2, k3 = total - key_gain[a], total - key_gain[b], total - key_gain[c], total - key_gain[d]
        key = min(k0, k1, k2, k3)
        # the lowest card reaching it: suits sort in card order
        card = low[a] if key == k0 else 13 + low[b] if key == k1 else 26 + low[c] if key == k2 else 39 + low[d]
        if key < best_key or key == best_key and card < best_card:
            best_key, best_card = key, card
    return best_key, best_card


@cache
def _set_meld(rank: int, suits: tuple[int, ...]) -> Meld:
    return Meld.natural(MeldKind.SET, (Card.from_index(s * 13 + rank) for s in suits))


def _suit_pieces(tables: _Tables, suit: int, mask: int) -> _Pieces:
    runs = tables.layouts[mask]
    melds = tuple(Meld.natural(MeldKind.RUN, (Card.from_index(suit * 13 + n - 1) for n in run)) for run in runs)
    covered = {n for run in runs for n in run}
    left = tuple(Card.from_index(suit * 13 + n - 1) for n in range(1, 14)
                 if mask >> (n - 1) & 1 and n not in covered)
    found = tables.pieces[suit][mask] = (melds, left, tables.points_of[mask])
    return found


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
    return mask_parts(mask, tables)


def mask_parts(mask: int, tables: _Tables) -> tuple[tuple[Meld, ...], tuple[Card, ...], int]:
    """(melds, cards left, points left) of the one-deck hand ``mask`` through ``tables``
    (``fast_tables`` of its variant): ``fast_parts`` for callers that hold the mask."""
    return tables.parts(mask)


_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39  # rank bits * _SPREAD: that rank in every suit


def _parts_function(tables: _Tables) -> Callable[[int], tuple[tuple[Meld, ...], tuple[Card, ...], int]]:
    """The closure behind ``mask_parts``, with the tables it reads bound once."""
    pieces = tables.pieces
    p0, p1, p2, p3 = pieces
    keys = tables.keys
    four_choices = tables.one_set[15]
    keeps = tables.set_keeps
    set_melds: dict[int, Meld] = {}  # a set of three, by the mask of its cards

    def parts(mask: int) -> tuple[tuple[Meld, ...], tuple[Card, ...], int]:
        s0, s1, s2, s3 = mask & 8191, mask >> 13 & 8191, mask >> 26 & 8191, mask >> 39 & 8191
        three = (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3)
        if not three:  # no rank with 3+ cards: runs only
            a = p0[s0] or _suit_pieces(tables, 0, s0)
            b = p1[s1] or _suit_pieces(tables, 1, s1)
            c = p2[s2] or _suit_pieces(tables, 2, s2)
            d = p3[s3] or _suit_pieces(tables, 3, s3)
            return a[0] + b[0] + c[0] + d[0], a[1] + b[1] + c[1] + d[1], a[2] + b[2] + c[2] + d[2]
        if three & (three - 1):  # two or more ranks could form sets: every choice, the first best wins
            best_key = -1
            best_mask = mask
            for m in _choice_masks(keeps, mask, three, s0, s1, s2, s3):
                key = keys[m & 8191] + keys[m >> 13 & 8191] + keys[m >> 26 & 8191] + keys[m >> 39 & 8191]
                if best_key < 0 or key < best_key:
                    best_key, best_mask = key, m
            melds: list[Meld] = []
            taken = mask ^ best_mask
            while three:
                low = three & -three
                three ^= low
                rank = low.bit_length() - 1
                suits = tuple(suit for suit in range(4) if taken >> (suit * 13 + rank) & 1)
                if suits:
                    melds.append(_set_meld(rank, suits))
            deadwood: list[Card] = []
            for suit in range(4):
                suit_mask = best_mask >> (suit * 13) & 8191
                found = pieces[suit][suit_mask] or _suit_pieces(tables, suit, suit_mask)
                melds.extend(found[0])
                deadwood.extend(found[1])
            return tuple(melds), tuple(deadwood), best_key // _WEIGHT
        # one rank could be a set (most such hands): its choices in order, "no set" first
        best = keys[s0] + keys[s1] + keys[s2] + keys[s3]
        keep = ~three
        t0, t1, t2, t3 = s0 & keep, s1 & keep, s2 & keep, s3 & keep
        m0, m1, m2, m3 = s0, s1, s2, s3
        chosen: Meld | None = None
        if s0 & s1 & s2 & s3 & three:  # four cards: the sets of three in suit order, then of four
            for chosen_suits, c0, c1, c2, c3 in four_choices:
                n0 = t0 if c0 else s0
                n1 = t1 if c1 else s1
                n2 = t2 if c2 else s2
                n3 = t3 if c3 else s3
                value = keys[n0] + keys[n1] + keys[n2] + keys[n3]
                if value < best:
                    best, m0, m1, m2, m3 = value, n0, n1, n2, n3
                    chosen = _set_meld(three.bit_length() - 1, chosen_suits)
        else:  # three cards: the one set, or none
            value = keys[t0] + keys[t1] + keys[t2] + keys[t3]
            if value < best:
                best, m0, m1, m2, m3 = value, t0, t1, t2, t3
                cards = mask & three * _SPREAD
                chosen = set_melds.get(cards)
                if chosen is None:
                    chosen = set_melds[cards] = Meld.natural(MeldKind.SET, map(Card.from_index, _indices(cards)))
        w = p0[m0] or _suit_pieces(tables, 0, m0)
        x = p1[m1] or _suit_pieces(tables, 1, m1)
        y = p2[m2] or _suit_pieces(tables, 2, m2)
        z = p3[m3] or _suit_pieces(tables, 3, m3)
        runs = w[0] + x[0] + y[0] + z[0]
        return (chosen,) + runs if chosen else runs, w[1] + x[1] + y[1] + z[1], best // _WEIGHT

    return parts


def fast_search(cards: Sequence[Card], *, variant: Variant, rules: SearchRules | None = None,
                min_melds: int = 0, max_melds: int | None = None) -> Arrangement | None:
    """The exact search's answer, through the lookup tables when the variant allows."""
    if min_melds == 0 and max_melds is None:
        parts = fast_parts(cards, variant)
        if parts is not None:
            return Arrangement(parts[0], parts[1], parts[2], 0)
    return search(cards, variant=variant, rules=rules, min_melds=min_melds, max_melds=max_melds)
