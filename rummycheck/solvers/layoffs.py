"""Lay-off-aware solving: the best play of the player whose turn it is, table included.

Built on ``exact.search``.  The search over lay-offs is exact by enumeration:

1. For every table meld, list every way the hand can extend it (``meld_options``): a run
   grows at its low end and at its high end by a contiguous stretch of positions, each
   filled by the natural card or by a wild deuce named as that card; a set takes any
   sub-multiset of the hand's cards of its rank plus any number of wilds named as that
   rank.  Each option is checked with ``melds.meld_problems`` (the one place meld
   legality lives) on the extended meld, so set sizes, duplicate rules, the ace rule and
   wild limits all apply.
2. A depth-first walk over the table melds combines one option per meld without using a
   card twice; combinations that leave the same cards in hand are kept once (the first
   found, which has the fewest cards laid off because each meld's options are listed
   smallest first).
3. For every distinct remainder, the exact search gives the best cost of new melds from
   it (with the opening's minimum meld count for an unopened Bing player); all the
   remainders share one search (``exact.cost_finder``) and so one memo.  The
   remainder with the lowest (points left, cards left, wilds used, cards laid off) wins;
   only the winner is laid out with ``exact.search``.

Every arrangement of the turn is some choice of lay-offs plus new melds from what is
left, and step 2 covers every choice of lay-offs, so the minimum is exact.  Lay-offs on
a meld laid down in the same turn are never needed: such cards can be part of the new
meld itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from rummycheck.cards import Card
from rummycheck.melds import Meld, MeldKind, extend_meld, may_join, meld_problems, run_positions
from rummycheck.position import TableMeld
from rummycheck.results import LayOff
from rummycheck.solvers.base import PlayFound
from rummycheck.solvers.exact import INF, SearchRules, cost_finder, search
from rummycheck.variants import Variant

if TYPE_CHECKING:
    from rummycheck.solvers.exact import CostFinder

__all__ = ["best_layoffs", "exact_play", "layoff_remainders", "meld_options"]

Addition = tuple[Card, Card]  # (physical card, what it stands for)
_Path = tuple[tuple[int, tuple[Addition, ...]], ...]  # (table meld index, what goes on it), meld by meld


def meld_options(meld: Meld, hand: Sequence[Card], variant: Variant) -> list[tuple[Addition, ...]]:
    """Every legal way to add cards of ``hand`` to ``meld``, smallest first (the empty way first)."""
    wilds = sorted(c for c in hand if variant.is_wild(c))
    have = Counter(hand)
    options: list[tuple[Addition, ...]] = [()]
    seen: set[tuple[Card | int, ...]] = set()

    wild_counts = Counter(wilds)
    distinct_wilds = sorted(wild_counts)

    def fill(targets: list[Card]) -> list[tuple[Addition, ...]]:
        """Ways to supply each target card, naturally (if held) or with the first wild
        still free; each way carries the count of the cards it has used."""
        ways: list[tuple[tuple[Addition, ...], dict[Card, int]]] = [((), {})]
        for target in targets:
            grown = []
            for way, used in ways:
                if have[target] - used.get(target, 0) > 0:
                    grown.append(((*way, (target, target)), {**used, target: used.get(target, 0) + 1}))
                for wild in distinct_wilds:
                    if used.get(wild, 0) < wild_counts[wild]:
                        grown.append(((*way, (wild, target)), {**used, wild: used.get(wild, 0) + 1}))
                        break
            ways = grown
        return [way for way, _ in ways]

    if meld.kind == MeldKind.RUN:
        numbers = [s.number for s in meld.stands_for]
        positions = run_positions(numbers, variant.ace)
        if positions is None:
            return options
        suit = meld.stands_for[0].suit
        low, high = positions[0], positions[-1]
        spare = 13 - len(meld)

        def card_at(position: int) -> Card:
            return Card.from_index(suit.index * 13 + (position - 1) % 13)

        # how many of the first k positions below (above) the run the hand does not hold: each needs
        # a wild of its own, so a stretch needing more than the hand's wilds has no way (``fill``
        # would find none) and is not tried
        missing_below, missing_above = [0], [0]
        for k in range(1, spare + 1):
            missing_below.append(missing_below[-1] + (not have[card_at(low - k)]))
            missing_above.append(missing_above[-1] + (not have[card_at(high + k)]))
        free = len(wilds)
        for below in range(0, spare + 1):
            if missing_below[below] > free:
                break
            for above in range(0, spare - below + 1):
                if missing_below[below] + missing_above[above] > free:
                    break
                if below == above == 0:
                    continue
                spots = list(range(low - below, low)) + list(range(high + 1, high + above + 1))
                targets = [card_at(p) for p in spots]
                for way in fill(targets):
                    _keep(meld, way, variant, options, seen)
    else:
        rank = meld.stands_for[0].rank
        naturals = sorted(c for c in hand if c.rank == rank and not variant.is_wild(c))
        counts = Counter(naturals)
        distinct = sorted(counts)
        choices: list[list[Card]] = [[]]
        for card in distinct:
            choices = [prefix + [card] * n for prefix in choices for n in range(counts[card] + 1)]
        # which wild cards go on the set matters when one can stand for itself (a deuce
        # on a set of 2s): try every distinct choice of them, not just the first few
        wild_choices: list[tuple[Card, ...]] = sorted(
            {combo for size in range(len(wilds) + 1) for combo in combinations(wilds, size)},
            key=lambda combo: (len(combo), combo))
        for chosen in sorted(choices, key=len):
            for placed in wild_choices:
                if not chosen and not placed:
                    continue
                added: list[Addition] = [(c, c) for c in chosen]
                stand_counts = Counter(meld.stands_for) + Counter(chosen)
                for wild in placed:
                    if wild.rank == rank and (variant.set_duplicates or not stand_counts[wild]):
                        suit_card = wild  # a deuce on a set of 2s stands for itself
                    else:
                        suit_card = min((Card.from_index(s * 13 + rank.number - 1) for s in range(4)),
                                        key=lambda c: (stand_counts[c], c.index))
                    stand_counts[suit_card] += 1
                    added.append((wild, suit_card))
                _keep(meld, tuple(added), variant, options, seen)
    options.sort(key=len)
    return options


_OPTIONS_MAX = 1 << 14  # remembered ways to extend a meld, per variant, before the memo is emptied


def _options(meld: Meld, hand: Sequence[Card], variant: Variant) -> list[tuple[Addition, ...]]:
    """``meld_options``, remembered per variant.  Its answer depends on the meld and on the cards of the
    hand that could join it alone (a run: the cards of its suit; a set: those of its rank; wild cards
    either way), which stay the same for many turns while the rest of the hand changes; the list
    is shared, and nobody changes it."""
    relevant = tuple(sorted(may_join(meld, hand, variant)))
    memo: dict[tuple[Meld, tuple[Card, ...]], list[tuple[Addition, ...]]] = variant.memo.setdefault(
        "layoff-options", {})
    key = (meld, relevant)
    found = memo.get(key)
    if found is None:
        if len(memo) >= _OPTIONS_MAX:
            memo.clear()
        found = memo[key] = meld_options(meld, relevant, variant)
    return found


def _keep(meld: Meld, way: tuple[Addition, ...], variant: Variant, options: list[tuple[Addition, ...]],
          seen: set[tuple[Card | int, ...]]) -> None:
    # the same cards may go on a meld in several ways; keep one per count of wilds that
    # stand for another card (a deuce laid off as itself is not a wild used)
    key: tuple[Card | int, ...] = (*sorted(c for c, _ in way), sum(1 for c, s in way if c != s))
    if key in seen:
        return
    if not meld_problems(extend_meld(meld, way, variant), variant):
        seen.add(key)
        options.append(way)


def layoff_remainders(hand: Sequence[Card], table: Sequence[TableMeld], *, variant: Variant,
                      allow_layoffs: bool = True) -> dict[tuple[int, ...], tuple[tuple[int, int], _Path]]:
    """Every distinct hand left after some choice of lay-offs on ``table`` (steps 1 and 2 above).

    The keys are the cards left (sorted card indices; the hand itself, nothing laid off, among
    them); each value is the cheapest lay-offs that leave it, ((wilds laid off as another card,
    cards laid off), the path: per table meld index what goes on it).  The cards laid off are the
    hand less the key, so no choice of lay-offs is lost by keeping one per remainder."""
    per_meld = [_options(t.meld, hand, variant) for t in table] if allow_layoffs else []
    # each way to extend a meld as (card indices it takes, wilds laid off as another card,
    # cards laid off, the way itself); cards left are sorted tuples of card indices
    ways = [[(tuple(sorted(c.index for c, _ in way)), sum(1 for c, s in way if c != s), len(way), way)
             for way in options] for options in per_meld]
    remainders: dict[tuple[int, ...], tuple[tuple[int, int], _Path]] = {}
    # (meld index, cards left) -> the cheapest lay-offs that reached it; a later path to
    # the same point goes on only when its lay-offs are cheaper (fewer wilds laid off as
    # other cards, then fewer cards)
    visited: dict[tuple[int, tuple[int, ...]], tuple[int, int]] = {}
    last = len(ways)

    def walk(index: int, left: tuple[int, ...], path: _Path, laid_wilds: int, laid: int) -> None:
        cost = (laid_wilds, laid)
        reached = visited.get((index, left))
        if reached is not None and reached <= cost:
            return
        visited[(index, left)] = cost
        if index == last:
            found = remainders.get(left)
            if found is None or cost < found[0]:
                remainders[left] = (cost, path)
            return
        for need, wilds, count, way in ways[index]:
            rest = _take(left, need)
            if rest is not None:
                walk(index + 1, rest, path + ((index, way),), laid_wilds + wilds, laid + count)

    walk(0, tuple(sorted(c.index for c in hand)), (), 0, 0)
    return remainders


def best_layoffs(hand: Sequence[Card], table: Sequence[TableMeld], *, variant: Variant, min_melds: int = 0,
                 max_melds: int | None = None, allow_layoffs: bool = True, find: CostFinder | None = None
                 ) -> tuple[tuple[int, int, int, int], tuple[LayOff, ...], tuple[Card, ...]] | None:
    """The best (cost, lay-offs, remainder) over every lay-off choice; None if no arrangement exists.

    The cost is (points left, cards left, wilds used, cards laid off).  ``find``: the exact
    search's ``cost_finder`` for ``variant`` with these ``min_melds`` and ``max_melds``, for a
    caller asking about many hands that wants them to share one memo (default: a new one).
    """
    remainders = layoff_remainders(hand, table, variant=variant, allow_layoffs=allow_layoffs)
    wild = variant.wild_number
    if find is None:
        find = cost_finder(SearchRules.from_variant(variant), min_melds=min_melds, max_melds=max_melds)
    best: tuple[tuple[int, int, int, int], _Path, tuple[int, ...]] | None = None
    for remainder, ((laid_wilds, laid), path) in remainders.items():
        naturals = [i for i in remainder if i % 13 + 1 != wild]
        # only a remainder that can beat (or tie and lay off fewer) the best so far counts
        at_most = None if best is None else (best[0][0], best[0][1], best[0][2] - laid_wilds)
        cost = find(naturals, len(remainder) - len(naturals), at_most=at_most)
        if cost[0] >= INF:
            continue
        full = (cost[0], cost[1], cost[2] + laid_wilds, laid)
        if best is None or full < best[0]:
            best = (full, path, remainder)
    if best is None:
        return None
    full, path, remainder = best
    layoffs = tuple(LayOff(c, table[index].number, s) for index, way in path for c, s in way)
    return full, layoffs, tuple(Card.from_index(i) for i in remainder)


def _take(cards: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...] | None:
    """``cards`` less ``taken`` (both sorted card indices), or None if one is missing."""
    if not taken:
        return cards
    rest = list(cards)
    try:
        for x in taken:
            rest.remove(x)
    except ValueError:
        return None
    return tuple(rest)




def exact_play(hand: Sequence[Card], table: Sequence[TableMeld], *, variant: Variant, min_melds: int = 0,
               max_melds: int | None = None, allow_layoffs: bool = True) -> PlayFound | None:
    """``best_layoffs`` and the exact layout of the cards left: the exact solver's play."""
    found = best_layoffs(hand, table, variant=variant, min_melds=min_melds, max_melds=max_melds,
                         allow_layoffs=allow_layoffs)
    if found is None:
        return None
    cost, layoffs, remainder = found
    arrangement = search(remainder, variant=variant, min_melds=min_melds, max_melds=max_melds)
    assert arrangement is not None
    return cost, arrangement.melds, layoffs, arrangement.deadwood


