"""The constraint solver: a python-constraint2 model that can list every optimal arrangement.

A third reading of the rules, sharing no search code with ``exact.py`` or the z3 model
(see docs/solvers.md for the long form).

Variables and domains.  One variable per card; its value says where the card goes:
``0`` = stays in hand, ``2 * g + 0`` = in group ``g`` as a set, ``2 * g + 1`` = in group
``g`` as a run (``g = 1 .. n // 3``).  Domains are cut by necessary conditions checked
card by card, before the search:

* a natural card may join a set only if at least two other cards could share the set
  (cards of its rank, or wild cards);
* it may join a run only if some window of three positions around it (under the ace
  rule) can be filled by other cards of its suit and wild cards.

Constraints.

* Pairs: two cards in one group agree on the kind; two naturals in a set share a rank
  (and differ if the decks' duplicates may not share a set); two naturals in a run share a
  suit and differ in rank.  Of two identical cards (and of two wild cards, which are
  interchangeable) the earlier never sits in a later group.
* Whole hand (checked on every partial assignment, decided at the leaves): groups are
  numbered in the order of their first card; a group that has cards must still be able
  to reach three; a lower bound of the cost (points and cards already in hand, wilds
  already in groups with naturals) must not exceed the best found so far (branch and
  bound: the bound tightens as solutions come out of the solver); at a leaf, every group
  must be a legal meld (``_layout``) and the meld count within bounds.

Search order.  Cards are decided in a fixed order, naturals in sort order and then the
wild cards (python-constraint's default picks the smallest domain first, which defeats
the group numbering); forward checking still prunes the domains of the cards to come.

Arrangements that lay down the same cards in the same groups count once: wild cards are
interchangeable, so which deuce plays which part does not make a new arrangement, nor
does the card a wild stands for.

``constraint`` is imported inside the functions only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from rummycheck.cards import Card, Rank, Suit
from rummycheck.exact import Arrangement
from rummycheck.melds import Meld, MeldKind
from rummycheck.variants import Variant

__all__ = ["all_optimal", "search"]

HAND = 0
_SUITS = tuple(Suit)
INFINITE = (1 << 40, 1 << 40, 1 << 40)

Key = tuple[tuple[tuple[tuple[int, ...], int], ...], tuple[int, ...], int]


def _run_bounds(ace: str) -> tuple[int, int]:
    """Lowest and highest run position under the ace rule (wrap: positions taken mod 13)."""
    return {"low": (1, 13), "high": (2, 14), "low_or_high": (1, 14)}.get(ace, (1, 13))


def _positions(number: int, ace: str) -> tuple[int, ...]:
    """The run positions a rank may take (ace: 1 low, 14 high)."""
    if number != 1:
        return (number,)
    return {"low": (1,), "high": (14,), "low_or_high": (1, 14)}.get(ace, (1,))


def _run_window(numbers: Sequence[int], size: int, ace: str) -> tuple[int, dict[int, int]] | None:
    """A run window of ``size`` positions holding all ``numbers``: (first position, number->position)."""
    if size > 13 or len(set(numbers)) != len(numbers):
        return None
    if ace == "wrap":
        for first in range(1, 14):
            offsets = {n: (n - first) % 13 for n in numbers}
            if all(o < size for o in offsets.values()):
                return first, {n: first + o for n, o in offsets.items()}
        return None
    low, high = _run_bounds(ace)
    for choice in product(*(_positions(n, ace) for n in numbers)):
        placed = dict(zip(numbers, choice))
        if not placed:
            return low, {}
        lo, hi = min(placed.values()), max(placed.values())
        if lo < low or hi > high or hi - lo > size - 1:
            continue
        first = max(low, hi - size + 1)
        if first + size - 1 > high:
            continue
        return first, placed
    return None


def _layout(kind: int, naturals: Sequence[Card], wilds: Sequence[Card], variant: Variant) -> Meld | None:
    """The meld these cards make as a set (kind 0) or run (kind 1), or None if they cannot."""
    size = len(naturals) + len(wilds)
    counted = len(wilds) if naturals else 0
    if size < 3 or (variant.max_wilds is not None and counted > variant.max_wilds):
        return None
    if size - counted < variant.min_naturals:
        return None
    entries: list[tuple[Card, Card]] = [(c, c) for c in naturals]
    if kind == 0:
        if len({c.number for c in naturals}) > 1:
            return None
        if variant.set_max is not None and size > variant.set_max:
            return None
        if not naturals:
            if not variant.set_duplicates and len(set(wilds)) != len(wilds):
                return None
            return Meld(MeldKind.SET, tuple(sorted(wilds)), tuple(sorted(wilds)))
        rank = naturals[0].rank
        suits = Counter(c.suit for c in naturals)
        if not variant.set_duplicates and (max(suits.values()) > 1 or size > 4):
            return None
        for wild in wilds:
            suit = min(_SUITS, key=lambda s: (suits[s], s.index))
            suits[suit] += 1
            entries.append((wild, Card(rank, suit)))
        entries.sort(key=lambda e: (e[1].index, e[0].index))
        return Meld(MeldKind.SET, tuple(e[0] for e in entries), tuple(e[1] for e in entries))
    if len({c.suit for c in naturals}) > 1:
        return None
    suit = naturals[0].suit if naturals else _SUITS[0]
    found = _run_window([c.number for c in naturals], size, variant.ace)
    if found is None:
        return None
    first, placed = found
    taken = set(placed.values())
    free = iter(p for p in range(first, first + size) if p not in taken)
    ordered = [(placed[c.number], c, c) for c in naturals]
    for wild in wilds:
        position = next(free)
        ordered.append((position, wild, Card(Rank.from_number((position - 1) % 13 + 1), suit)))
    ordered.sort(key=lambda e: e[0])
    return Meld(MeldKind.RUN, tuple(e[1] for e in ordered), tuple(e[2] for e in ordered))


def _may_set(card: Card, cards: Sequence[Card], wild_count: int, variant: Variant) -> bool:
    partners = [c for c in cards if c.number == card.number and not variant.is_wild(c)]
    partners.remove(card)
    if not variant.set_duplicates:
        partners = [c for c in set(partners) if c != card]
    return len(partners) + wild_count >= 2


def _may_run(card: Card, cards: Sequence[Card], wild_count: int, variant: Variant) -> bool:
    numbers = {c.number for c in cards if c.suit == card.suit and not variant.is_wild(c)} - {card.number}
    ace = variant.ace
    for position in _positions(card.number, ace) if ace != "wrap" else (card.number,):
        for first in range(position - 2, position + 1):
            window = [first, first + 1, first + 2]
            if ace != "wrap":
                low, high = _run_bounds(ace)
                if window[0] < low or window[-1] > high:
                    continue
            others = [(p - 1) % 13 + 1 for p in window if p != position]
            if sum(1 for n in others if n not in numbers) <= wild_count:
                return True
    return False


@dataclass(frozen=True, slots=True)
class _Problem:
    cards: tuple[Card, ...]
    wild: tuple[bool, ...]
    points: tuple[int, ...]
    groups: int
    min_melds: int
    variant: Variant


def _pair_ok(problem: _Problem, i: int, j: int) -> Any:
    a, b = problem.cards[i], problem.cards[j]
    same = (problem.wild[i] and problem.wild[j]) or a == b
    either_wild = problem.wild[i] or problem.wild[j]
    duplicates = problem.variant.set_duplicates

    def check(u: int, v: int) -> bool:
        if u == HAND or v == HAND:
            if same and u > v:
                return False
            return True
        gu, gv = u // 2, v // 2
        if same and gu > gv:
            return False
        if gu != gv:
            return True
        if u != v:
            return False
        if either_wild:
            return True
        if u % 2 == 0:
            return a.number == b.number and (duplicates or a != b)
        return a.suit == b.suit and a.number != b.number

    return check


def _whole_constraint(problem: _Problem, state: dict[str, Any]) -> Any:
    from constraint import Constraint

    n = len(problem.cards)

    class Whole(Constraint):  # type: ignore[misc]
        def __call__(self, variables: Sequence[int], domains: dict[int, Any], assignments: dict[int, int],
                     forwardcheck: Any = False) -> bool:
            bound = state["bound"]
            left = forced = 0
            natural_groups: set[int] = set()
            for i in range(n):
                value = assignments.get(i)
                if value is None:
                    domain = domains[i]
                    if len(domain) == 1 and domain[0] == HAND:
                        left += problem.points[i]
                        forced += 1
                elif value == HAND:
                    left += problem.points[i]
                    forced += 1
                elif not problem.wild[i]:
                    natural_groups.add(value // 2)
            if state["ties"]:
                if left > bound[0]:
                    return False
            else:
                # a lower bound of the cost: wilds already in a group with a natural count
                wilds = sum(1 for i in range(n) if problem.wild[i] and i in assignments
                            and assignments[i] // 2 in natural_groups and assignments[i] != HAND)
                if (left, forced, wilds) > bound:
                    return False
            members: dict[int, int] = {}
            reach: dict[int, int] = {}
            seen_groups = 0
            prefix_done = True
            for i in range(n):
                value = assignments.get(i)
                if value is None:
                    prefix_done = False
                    for option in set(v // 2 for v in domains[i] if v != HAND):
                        reach[option] = reach.get(option, 0) + 1
                    continue
                group = value // 2
                if group:
                    members[group] = members.get(group, 0) + 1
                    if prefix_done:
                        if group > seen_groups + 1:
                            return False
                        seen_groups = max(seen_groups, group)
            for group, count in members.items():
                if count + reach.get(group, 0) < 3:
                    return False
            if len(assignments) < n:
                return True
            return bool(state["leaf"](assignments))

    return Whole()


def _arrangement(problem: _Problem, assignments: dict[int, int]) -> tuple[Arrangement, Key] | None:
    variant = problem.variant
    groups: dict[int, tuple[list[Card], list[Card]]] = {}
    deadwood: list[Card] = []
    for i, card in enumerate(problem.cards):
        value = assignments[i]
        if value == HAND:
            deadwood.append(card)
            continue
        naturals, wilds = groups.setdefault(value, ([], []))
        (wilds if problem.wild[i] else naturals).append(card)
    if len(groups) < problem.min_melds:
        return None
    melds: list[Meld] = []
    keys = []
    for value in sorted(groups):
        naturals, wilds = groups[value]
        meld = _layout(value % 2, naturals, wilds, variant)
        if meld is None:
            return None
        melds.append(meld)
        keys.append((tuple(sorted(c.index for c in naturals)), len(wilds)))
    deadwood.sort()
    key: Key = (tuple(sorted(keys)), tuple(c.index for c in deadwood if not variant.is_wild(c)),
                sum(1 for c in deadwood if variant.is_wild(c)))
    wilds_used = sum(m.wilds_used(variant) for m in melds)
    return Arrangement(tuple(melds), tuple(deadwood), variant.points(deadwood), wilds_used), key


def _cost(arrangement: Arrangement) -> tuple[int, int, int]:
    return arrangement.points, len(arrangement.deadwood), arrangement.wilds_used


def _solve(cards: Sequence[Card], *, variant: Variant, min_melds: int, max_melds: int | None,
           ties: bool) -> list[Arrangement]:
    """Branch and bound over the model.  ``ties``: keep every arrangement with the least points."""
    from constraint import FunctionConstraint, OptimizedBacktrackingSolver, Problem

    class InOrder(OptimizedBacktrackingSolver):  # type: ignore[misc]
        """Backtracking with forward checking, cards taken in our order (see the module notes)."""

        def getSortedVariables(self, domains: dict[int, Any], vconstraints: object) -> list[int]:
            return sorted(domains)

    # naturals in sort order, then the wild cards: the group numbering and the points bound
    # prune best when the cards are decided in this fixed order
    ordered = tuple(sorted(cards, key=lambda c: (variant.is_wild(c), c.index)))
    n = len(ordered)
    groups = n // 3 if max_melds is None else min(n // 3, max_melds)
    if groups < min_melds:
        return []
    if n == 0:
        return [Arrangement((), (), 0, 0)]  # nothing to lay out (every card laid off)
    wild = tuple(variant.is_wild(c) for c in ordered)
    problem = _Problem(ordered, wild, tuple(variant.card_points(c) for c in ordered), groups,
                       min_melds, variant)
    wild_count = sum(wild)
    csp = Problem(InOrder())
    for i, card in enumerate(ordered):
        kinds = [0, 1] if wild[i] else (
            [k for k, ok in ((0, _may_set(card, ordered, wild_count, variant)),
                             (1, _may_run(card, ordered, wild_count, variant))) if ok])
        values = [2 * g + k for g in range(groups, 0, -1) for k in reversed(kinds)]
        csp.addVariable(i, [HAND] + values)  # the last value is tried first
    for i in range(n):
        for j in range(i + 1, n):
            csp.addConstraint(FunctionConstraint(_pair_ok(problem, i, j)), [i, j])
    best: dict[Key, Arrangement] = {}
    state: dict[str, Any] = {"bound": INFINITE, "ties": ties}

    def leaf(assignments: dict[int, int]) -> bool:
        found = _arrangement(problem, assignments)
        if found is None:
            return False
        arrangement, key = found
        cost = _cost(arrangement)
        limit = state["bound"]
        if (cost[0] > limit[0]) if ties else (cost > limit):
            return False
        if (cost[0] < limit[0]) if ties else (cost < limit):
            best.clear()
            state["bound"] = cost
        best.setdefault(key, arrangement)
        return True

    state["leaf"] = leaf
    csp.addConstraint(_whole_constraint(problem, state), list(range(n)))
    for _ in csp.getSolutionIter():
        pass
    return sorted(best.values(), key=lambda a: (_cost(a), [str(m) for m in a.melds]))


def all_optimal(cards: Sequence[Card], *, variant: Variant, min_melds: int = 0,
                max_melds: int | None = None) -> tuple[Arrangement, ...]:
    """Every arrangement leaving the least points, best tie-break (cards, wilds) first."""
    return tuple(_solve(cards, variant=variant, min_melds=min_melds, max_melds=max_melds, ties=True))


def search(cards: Sequence[Card], *, variant: Variant, rules: object = None, min_melds: int = 0,
           max_melds: int | None = None) -> Arrangement | None:
    """The best arrangement with between ``min_melds`` and ``max_melds`` melds, or None.

    Same signature as ``exact.search``; ``rules`` is accepted and ignored.
    """
    found = _solve(cards, variant=variant, min_melds=min_melds, max_melds=max_melds, ties=False)
    return found[0] if found else None
