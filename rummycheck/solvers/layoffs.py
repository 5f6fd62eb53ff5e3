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
   card twice; combinations that leave the same cards in hand are kept once (the cheapest:
   fewest wilds laid off as another card, then fewest cards).  A wild card laid off as
   another card is walked as "some wild card": whether the extended meld is legal depends
   on how many wild cards it holds, not on their suits (a set of the wild rank excepted,
   where a deuce may stand for itself).  The walk counts the wild cards it owes and, at
   the end, takes them from the wild cards still held in every distinct way.  So a deuce
   of any suit can go on any meld, and a hand of many deuces is not walked once for each
   way of naming their suits.
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
from rummycheck.errors import SolverGaveUpError
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
_Way = tuple[tuple[int, ...], int, int, int, int, tuple[Addition, ...], tuple[int, ...]]  # see ``_folded``


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
        still free; each way carries the count of the cards it has used.  A wild card that is
        itself one of the targets (a deuce of the run's suit) is taken as a wild last, so that
        it stays free to fill its own place naturally (the walk may give any other wild card
        to the places a wild card fills: ``_folded``)."""
        wanted = set(targets)
        order = [w for w in distinct_wilds if w not in wanted] + [w for w in distinct_wilds if w in wanted]
        ways: list[tuple[tuple[Addition, ...], dict[Card, int]]] = [((), {})]
        for target in targets:
            grown = []
            for way, used in ways:
                if have[target] - used.get(target, 0) > 0:
                    grown.append(((*way, (target, target)), {**used, target: used.get(target, 0) + 1}))
                for wild in order:
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
        # on a set of 2s): try every distinct choice of them, not just the first few; on a
        # set of another rank they all stand for other cards, and their count alone counts
        # (the first ones, as a run's ``fill`` takes them; the walk may give any others)
        wild_choices: list[tuple[Card, ...]] = sorted(
            {combo for size in range(len(wilds) + 1) for combo in combinations(wilds, size)},
            key=lambda combo: (len(combo), combo)) if rank.number == variant.wild_number else \
            [tuple(wilds[:size]) for size in range(len(wilds) + 1)]
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
#: the most points (meld reached, cards left, wild cards owed) the lay-off walk visits before it gives
#: up (``SolverGaveUpError``): some 250 bytes each, so its memory stays near half a gigabyte at most
WALK_STATES = 2_000_000


def _ways(meld: Meld, hand: Sequence[Card], variant: Variant) -> list[_Way]:
    """``meld_options`` as the walk reads them (``_folded``), remembered per variant.  The answer depends
    on the meld and on the cards of the hand that could join it alone (a run: the cards of its suit; a
    set: those of its rank; wild cards either way), which stay the same for many turns while the rest
    of the hand changes; the list is shared, and nobody changes it."""
    relevant = tuple(sorted(may_join(meld, hand, variant)))
    memo: dict[tuple[Meld, tuple[Card, ...]], list[_Way]] = variant.memo.setdefault("layoff-ways", {})
    key = (meld, relevant)
    found = memo.get(key)
    if found is None:
        if len(memo) >= _OPTIONS_MAX:
            memo.clear()
        found = memo[key] = _folded(meld, meld_options(meld, relevant, variant), variant)
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


def _folded(meld: Meld, options: list[tuple[Addition, ...]], variant: Variant) -> list[_Way]:
    """``options`` with every wild card laid off as another card left open ("some wild card"), one
    way kept per (cards named, wilds left open, wilds laid off as another card), in their order.

    A wild card standing for another card makes the extended meld legal or not by its count alone
    (``meld_problems`` reads the cards it stands for and counts the wild cards, not their suits), so
    which of the hand's wild cards goes there is left to the end of the walk.  A set of the wild
    rank is the exception: there a wild card may stand for itself, and its own suit decides what it
    stands for, so its ways keep their cards.

    Each way: (card indices named, the wild cards among them, wild cards left open, wild cards
    laid off as another card, cards laid off, the way, the wild cards that some open place stands
    for: a deuce given its own place there is no wild used, ``layoff_remainders``'s ``settle``)."""
    exact = _keeps_cards(meld, variant)
    ways: list[_Way] = []
    seen: set[tuple[tuple[int, ...], int, int]] = set()
    for way in options:
        named = tuple(sorted(c.index for c, s in way if exact or c == s or not variant.is_wild(c)))
        loose = len(way) - len(named)
        wilds = sum(1 for c, s in way if c != s)
        key = (named, loose, wilds)
        if key not in seen:
            seen.add(key)
            own = () if exact else tuple(sorted(s.index for c, s in way if c != s and variant.is_wild(c)
                                                and variant.is_wild(s)))
            ways.append((named, sum(1 for c, _ in way if variant.is_wild(c)) - loose, loose, wilds, len(way), way,
                         own))
    return ways


def _keeps_cards(meld: Meld, variant: Variant) -> bool:
    """Whether the wild cards laid off on ``meld`` keep their own cards in the walk (``_folded``): a
    set of the wild rank."""
    return meld.kind == MeldKind.SET and meld.stands_for[0].number == variant.wild_number


def layoff_remainders(hand: Sequence[Card], table: Sequence[TableMeld], *, variant: Variant,
                      allow_layoffs: bool = True) -> dict[tuple[int, ...], tuple[tuple[int, int], _Path]]:
    """Every distinct hand left after some choice of lay-offs on ``table`` (steps 1 and 2 above).

    The keys are the cards left (sorted card indices; the hand itself, nothing laid off, among
    them); each value is the cheapest lay-offs that leave it, ((wilds laid off as another card,
    cards laid off), the path: per table meld index what goes on it).  The cards laid off are the
    hand less the key, so no choice of lay-offs is lost by keeping one per remainder.

    A wild card laid off as another card is walked as "some wild card" (``_folded``): the walk
    counts how many it owes and, at the end, gives them every distinct choice of the wild cards
    still held.  So any of the hand's wild cards can go on any meld, and a hand of many wild
    cards is not walked once per way of naming their suits."""
    wild = variant.wild_number
    per_meld = [_ways(t.meld, hand, variant) for t in table] if allow_layoffs else []
    kept = frozenset(at for at, t in enumerate(table) if _keeps_cards(t.meld, variant))
    # (meld index, cards left, wild cards owed) -> the cheapest lay-offs that reached it; a later
    # path to the same point goes on only when its lay-offs are cheaper (fewer wilds laid off as
    # other cards, then fewer cards)
    visited: dict[tuple[int, tuple[int, ...], int], tuple[int, int]] = {}
    last = len(per_meld)

    def is_wild(index: int) -> bool:
        return index % 13 + 1 == wild

    def walk(index: int, left: tuple[int, ...], wilds_left: int, owed: int, path: _Path, laid_wilds: int,
             laid: int, selfs: tuple[int, ...]) -> None:
        cost = (laid_wilds, laid)
        reached = visited.get((index, left, owed))
        if reached is not None and reached <= cost:
            return
        if reached is None and len(visited) >= WALK_STATES:
            raise SolverGaveUpError(
                f"the exact search gave up on this table: laying off {len(hand)} cards on {len(table)} melds "
                f"reaches more than {WALK_STATES:,} points of its walk (a house-rules position of many wild "
                "cards and melds; docs/performance.md); fewer table melds or wild cards in the scenario would do")
        visited[(index, left, owed)] = cost
        if index == last:
            if not owed:
                found = best.get(left)
                if found is None or cost < found[0]:
                    best[left] = (cost, path, ())
            else:
                settle(left, owed, path, laid_wilds, laid, selfs)
            return
        for named, named_wilds, loose, wilds, count, way, own in per_meld[index]:
            if loose and wilds_left - named_wilds < owed + loose:
                continue
            rest = _take(left, named)
            if rest is not None:
                walk(index + 1, rest, wilds_left - named_wilds, owed + loose, path + ((index, way),),
                     laid_wilds + wilds, laid + count, selfs + own if own else selfs)

    # the cards left -> the cheapest (cost, path, the wild cards given to its places left open)
    best: dict[tuple[int, ...], tuple[tuple[int, int], _Path, tuple[int, ...]]] = {}
    choices: dict[tuple[tuple[int, ...], int], list[tuple[int, ...]]] = {}

    def settle(left: tuple[int, ...], owed: int, path: _Path, laid_wilds: int, laid: int,
               selfs: tuple[int, ...]) -> None:
        # the wild cards owed, taken from those left in every distinct way; each way's wild cards
        # laid off as another card get them (one that is the very card it stands for goes there
        # first: it is then no wild used, so the cost falls by one)
        held = tuple([i for i in left if is_wild(i)])  # sorted, as left is
        ways = choices.get((held, owed))
        if ways is None:
            ways = choices[(held, owed)] = _choices(sorted(Counter(held).items()), owed)
        wanted = Counter(selfs) if selfs else None
        for chosen in ways:
            rest = _take(left, chosen)
            assert rest is not None
            cost = (laid_wilds - sum(min(n, wanted[i]) for i, n in Counter(chosen).items()) if wanted else laid_wilds,
                    laid)
            found = best.get(rest)
            if found is None or cost < found[0]:
                best[rest] = (cost, path, chosen)

    hand_wilds = sum(1 for c in hand if variant.is_wild(c))
    walk(0, tuple(sorted(c.index for c in hand)), hand_wilds, 0, (), 0, 0, ())
    return {rest: (cost, _settle(path, [Card.from_index(i) for i in chosen], kept, variant) if chosen else path)
            for rest, (cost, path, chosen) in best.items()}


def _choices(held: list[tuple[int, int]], count: int) -> list[tuple[int, ...]]:
    """Every distinct choice of ``count`` cards from ``held`` ((card index, copies), sorted), each
    sorted: by copies of each card, not by the copies' order."""
    if not held:
        return [()] if count == 0 else []
    (card, copies), rest = held[0], held[1:]
    room = sum(n for _, n in rest)
    return [(card,) * n + tail for n in range(max(0, count - room), min(copies, count) + 1)
            for tail in _choices(rest, count - n)]


def _settle(path: _Path, chosen: list[Card], kept: frozenset[int], variant: Variant) -> _Path:
    """``path`` with the wild cards ``chosen`` in the places its ways left open (``_folded``; the
    table melds ``kept`` keep their cards): a wild card where it stands for itself first, the
    others in order."""
    free = Counter(chosen)
    open_places = [(at, i) for at, (meld, way) in enumerate(path) if meld not in kept
                   for i, (c, s) in enumerate(way) if c != s and variant.is_wild(c)]
    given: dict[tuple[int, int], Card] = {}
    for at, i in open_places:
        stand = path[at][1][i][1]
        if free[stand]:
            free[stand] -= 1
            given[(at, i)] = stand
    others = iter(sorted(free.elements()))
    for place in open_places:
        if place not in given:
            given[place] = next(others)
    return tuple((meld, tuple((given.get((at, i), c), s) for i, (c, s) in enumerate(way)))
                 for at, (meld, way) in enumerate(path))


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


