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
from time import monotonic
from typing import TYPE_CHECKING, Any

from rummycheck.cards import Card, Rank, Suit
from rummycheck.errors import SolverGaveUpError
from rummycheck.melds import Meld, MeldKind
from rummycheck.results import LayOff
from rummycheck.solvers.base import Arrangement, PlayFound
from rummycheck.variants import Variant

if TYPE_CHECKING:
    from rummycheck.position import TableMeld

__all__ = ["all_optimal", "all_optimal_table", "search", "search_table"]

HAND = 0
_SUITS = tuple(Suit)
INFINITE = (1 << 40, 1 << 40, 1 << 40, 1 << 40)
BUDGET_S = 5.0  # one search's time budget: an answer or a clear "gave up"

Cost = tuple[int, int, int, int]  # points left, cards left, wilds used, cards laid off
Addition = tuple[Card, Card]  # (card, what it stands for)
Laid = tuple[tuple[int, Card, Card], ...]  # lay-offs: (table meld index, card, stands for)
Key = tuple[Any, ...]  # what makes two plays different (see the module notes)
# (cost, new melds, lay-offs, cards left): the play finders' common return (z3.search_table)


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
    table: tuple[Meld, ...] = ()  # melds on the table that cards may be laid off on

    @property
    def base(self) -> int:
        """The value of table meld 0; table meld ``t`` is ``base + t``, above every group value."""
        return 2 * self.groups + 2

    def order(self, value: int) -> int:
        """Where a value sits in the symmetry order: hand, groups 1..G, then the table melds."""
        return value // 2 if value < self.base else value


def _may_join(card: Card, meld: Meld, variant: Variant) -> bool:
    """A necessary condition for laying ``card`` off on the table meld ``meld``."""
    if meld.kind == MeldKind.RUN:
        if len(meld) >= variant.max_run_length:
            return False
        if variant.is_wild(card):
            return True
        return card.suit == meld.stands_for[0].suit and card.number not in {s.number for s in meld.stands_for}
    if variant.set_max is not None and len(meld) >= variant.set_max:
        return False
    if variant.is_wild(card):
        return True
    return card.rank == meld.stands_for[0].rank and (variant.set_duplicates or card not in meld.stands_for)


def _pair_ok(problem: _Problem, i: int, j: int) -> Any:
    a, b = problem.cards[i], problem.cards[j]
    # wild cards are interchangeable in new melds only: on a table meld a deuce may stand
    # for itself, which costs no wild (as in the z3 model)
    same = (problem.wild[i] and problem.wild[j] and not problem.table) or a == b
    either_wild = problem.wild[i] or problem.wild[j]
    duplicates = problem.variant.set_duplicates
    base = problem.base

    def check(u: int, v: int) -> bool:
        if u == HAND or v == HAND:
            return not (same and u > v)
        if u >= base or v >= base:
            if same and problem.order(u) > problem.order(v):
                return False
            if u != v or either_wild:
                return True
            if problem.table[u - base].kind == MeldKind.RUN:
                return a.number != b.number
            return duplicates or a != b
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


def _gap_need(naturals: int, fill: int, ace: str) -> int:
    """Fewest wild cards a run needs between its naturals (rank numbers as bits ``1 << n``),
    when the naturals still to come whose numbers are in ``fill`` may fill gaps; 99 if no
    window under the ace rule holds the naturals.  A window holding the naturals holds every
    position between the lowest and the highest of them (wrap: around one of the circular gaps)."""
    numbers = [n for n in range(1, 14) if naturals >> n & 1]
    if len(numbers) < 2:
        return 0
    if ace == "wrap":
        best = 99
        for k, start in enumerate(numbers):  # the arc from ``start`` up to the number before it
            end = numbers[k - 1]
            length = (end - start) % 13 + 1
            missing = sum(1 for o in range(length) if not (naturals | fill) >> ((start - 1 + o) % 13 + 1) & 1)
            best = min(best, missing)
        return best
    low, high = _run_bounds(ace)
    best = 99
    for choice in product(*(_positions(n, ace) for n in numbers)):
        first, last = min(choice), max(choice)
        if first < low or last > high or last - first > 12:
            continue
        missing = sum(1 for p in range(first + 1, last) if not (naturals | fill) >> ((p - 1) % 13 + 1) & 1)
        best = min(best, missing)
    return best


def _whole_constraint(problem: _Problem, state: dict[str, Any]) -> Any:
    """The constraint over all cards (see the module notes): group numbering, reachable
    group sizes, the wild cards the groups still need, the cost bound, the leaf check."""
    from constraint import Constraint

    n = len(problem.cards)
    base = problem.base
    variant = problem.variant
    ace = variant.ace
    wild = problem.wild
    points = problem.points
    numbers = tuple(c.number for c in problem.cards)
    suits = tuple(c.suit.index for c in problem.cards)
    max_wilds = variant.max_wilds
    min_melds = problem.min_melds
    set_limit = variant.set_max
    if not variant.set_duplicates:
        set_limit = 4 if set_limit is None else min(set_limit, 4)
    need_cache: dict[tuple[int, int], int] = {}

    def gap_need(naturals: int, fill: int) -> int:
        key = (naturals, fill)
        found = need_cache.get(key)
        if found is None:
            found = need_cache[key] = _gap_need(naturals, fill, ace)
        return found

    deadline = state["deadline"]

    class Whole(Constraint):  # type: ignore[misc]
        def __call__(self, variables: Sequence[int], domains: dict[int, Any], assignments: dict[int, int],
                     forwardcheck: Any = False) -> bool:
            if monotonic() > deadline:
                raise SolverGaveUpError(f"the constraint solver gave up on this hand after {BUDGET_S:g} s; the exact "
                                        "solver (the default) finds the best arrangement of every hand the rules "
                                        "allow")
            bound = state["bound"]
            left = forced = laid = 0
            free_wilds = 0
            members: dict[int, int] = {}  # group -> cards in it
            reach: dict[int, int] = {}  # group -> undecided cards that may still join it
            natural_values: dict[int, tuple[int, int]] = {}  # group value -> (a natural, rank bits)
            natural_count: dict[int, int] = {}
            wilds_in: dict[int, int] = {}  # group value -> wild cards in it
            undecided: list[int] = []
            starters: list[set[int]] = []  # the groups each undecided card may still join
            seen_groups = 0
            prefix_done = True
            for i in range(n):
                value = assignments.get(i)
                if value is None:
                    prefix_done = False
                    domain = domains[i]
                    if len(domain) == 1 and domain[0] == HAND:
                        left += points[i]
                        forced += 1
                        continue
                    if wild[i]:
                        free_wilds += 1
                    else:
                        undecided.append(i)
                    options = set(v // 2 for v in domain if v != HAND and v < base)
                    for option in options:
                        reach[option] = reach.get(option, 0) + 1
                    if options:
                        starters.append(options)
                    continue
                if value == HAND:
                    left += points[i]
                    forced += 1
                    continue
                if value >= base:
                    laid += 1
                    continue
                group = value // 2
                members[group] = members.get(group, 0) + 1
                if prefix_done:
                    if group > seen_groups + 1:
                        return False
                    seen_groups = max(seen_groups, group)
                if wild[i]:
                    wilds_in[value] = wilds_in.get(value, 0) + 1
                else:
                    natural_values[value] = (i, natural_values.get(value, (i, 0))[1] | 1 << numbers[i])
                    natural_count[value] = natural_count.get(value, 0) + 1
            if state["ties"]:
                if left > bound[0]:
                    return False
            else:
                # a lower bound of the cost: wilds already in a group with a natural count
                wilds = sum(count for value, count in wilds_in.items() if value in natural_values)
                if (left, forced, wilds, laid) > bound:
                    return False
            for group, count in members.items():
                if count + reach.get(group, 0) < 3:
                    return False
            if min_melds > len(members):
                # groups still empty need three undecided cards each
                spare = sum(1 for options in starters if any(g not in members for g in options))
                if len(members) + spare // 3 < min_melds:
                    return False
            # the wild cards the groups with naturals still need: each wild fills one place
            extra = 0
            for value, (first, ranks) in natural_values.items():
                suit, number = suits[first], numbers[first]
                held = natural_count[value]
                wilds_here = wilds_in.get(value, 0)
                fill = 0  # undecided naturals that may still join (run: their rank bits)
                joiners = 0
                for j in undecided:
                    if value in domains[j]:
                        if value & 1:
                            if suits[j] == suit and not ranks >> numbers[j] & 1 and not fill >> numbers[j] & 1:
                                fill |= 1 << numbers[j]
                                joiners += 1
                        elif numbers[j] == number:
                            joiners += 1
                need = max(0, 3 - held - joiners)
                if value & 1:
                    need = max(need, gap_need(ranks, fill))
                elif set_limit is not None and held + wilds_here > set_limit:
                    return False
                if max_wilds is not None and max(need, wilds_here) > max_wilds:
                    return False
                extra += max(0, need - wilds_here)
            if extra > free_wilds:
                return False
            if len(assignments) < n:
                return True
            return bool(state["leaf"](assignments))

    return Whole()


def _additions(meld: Meld, naturals: Sequence[Card], wilds: Sequence[Card], variant: Variant
               ) -> list[tuple[Addition, ...]]:
    """Every way ``naturals`` and ``wilds`` extend the table meld ``meld``: (card, stands for) pairs.

    A set names its wilds once (a deuce of the set's rank as itself when it may, the others
    as the least represented suits); a run takes ``below`` spots under its lowest card and
    the rest over its highest, the naturals on their own spots and the wilds on the others
    (a deuce on its own spot as itself).  Legality of the extended meld: ``meld_problems``.
    """
    from rummycheck.melds import extend_meld, meld_problems, run_positions

    added: list[Addition]
    if meld.kind == MeldKind.SET:
        rank = meld.stands_for[0].rank
        counts = Counter(meld.stands_for) + Counter(naturals)
        added = [(c, c) for c in naturals]
        rest = []
        for wild in sorted(wilds):
            if wild.rank == rank and (variant.set_duplicates or counts[wild] == 0):
                counts[wild] += 1
                added.append((wild, wild))
            else:
                rest.append(wild)
        for wild in rest:
            target = min((Card(rank, s) for s in _SUITS), key=lambda c: (counts[c], c.index))
            counts[target] += 1
            added.append((wild, target))
        return [] if meld_problems(extend_meld(meld, added, variant), variant) else [tuple(added)]
    positions = run_positions([s.number for s in meld.stands_for], variant.ace)
    if positions is None:
        return []
    suit = meld.stands_for[0].suit
    low, high = positions[0], positions[-1]
    size = len(naturals) + len(wilds)
    found: list[tuple[Addition, ...]] = []
    for below in range(size + 1):
        spots = list(range(low - below, low)) + list(range(high + 1, high + 1 + size - below))
        free = [Card(Rank.from_number((p - 1) % 13 + 1), suit) for p in spots]
        added = []
        for card in naturals:
            if card not in free:
                break
            free.remove(card)
            added.append((card, card))
        else:
            pool = sorted(wilds)
            for target in list(free):
                if target in pool:  # a deuce on its own spot stands for itself
                    pool.remove(target)
                    free.remove(target)
                    added.append((target, target))
            added += list(zip(pool, free))
            if not meld_problems(extend_meld(meld, added, variant), variant):
                found.append(tuple(added))
    return found


def _plays(problem: _Problem, assignments: dict[int, int]) -> list[tuple[Cost, Arrangement, Laid, Key]]:
    """The plays a complete assignment stands for (several when a run lay-off has more than
    one set of spots), each with its cost and its key for counting plays once."""
    variant = problem.variant
    base = problem.base
    groups: dict[int, tuple[list[Card], list[Card]]] = {}
    laid: dict[int, tuple[list[Card], list[Card]]] = {}
    deadwood: list[Card] = []
    for i, card in enumerate(problem.cards):
        value = assignments[i]
        if value == HAND:
            deadwood.append(card)
            continue
        naturals, wilds = (laid.setdefault(value - base, ([], [])) if value >= base
                           else groups.setdefault(value, ([], [])))
        (wilds if problem.wild[i] else naturals).append(card)
    if len(groups) < problem.min_melds:
        return []
    melds: list[Meld] = []
    keys = []
    for value in sorted(groups):
        naturals, wilds = groups[value]
        meld = _layout(value % 2, naturals, wilds, variant)
        if meld is None:
            return []
        melds.append(meld)
        keys.append((tuple(sorted(c.index for c in naturals)), len(wilds)))
    ways: list[list[tuple[int, tuple[Addition, ...]]]] = []
    for t in sorted(laid):
        naturals, wilds = laid[t]
        options = _additions(problem.table[t], naturals, wilds, variant)
        if not options:
            return []
        ways.append([(t, way) for way in options])
    deadwood.sort()
    points = variant.points(deadwood)
    wilds_used = sum(m.wilds_used(variant) for m in melds)
    arrangement = Arrangement(tuple(melds), tuple(deadwood), points, wilds_used)
    left_key = (tuple(c.index for c in deadwood if not variant.is_wild(c)),
                sum(1 for c in deadwood if variant.is_wild(c)))
    plays = []
    for combo in product(*ways):
        layoffs = tuple((t, card, stands) for t, way in combo for card, stands in way)
        cost = (points, len(deadwood), wilds_used + sum(1 for _, c, s in layoffs if c != s), len(layoffs))
        # a run lay-off is told apart by the spots it fills, a set lay-off by its cards only
        laid_key = tuple((t, tuple(sorted(c.index for c, _ in way if not variant.is_wild(c))),
                          sum(1 for c, _ in way if variant.is_wild(c)),
                          tuple(sorted(s.index for _, s in way)) if problem.table[t].kind == MeldKind.RUN else ())
                         for t, way in combo)
        plays.append((cost, arrangement, layoffs, (tuple(sorted(keys)), laid_key, left_key)))
    return plays


def _solve(cards: Sequence[Card], *, variant: Variant, min_melds: int, max_melds: int | None,
           ties: bool, table: Sequence[Meld] = ()) -> list[tuple[Cost, Arrangement, Laid]]:
    """Branch and bound over the model.  ``ties``: keep every play with the least points.

    ``table``: melds on the table that cards may be laid off on; ``min_melds`` counts new
    melds only.  Each answer is (cost, new melds as an arrangement, lay-offs as (table
    meld index, card, stands for)).
    """
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
        return [((0, 0, 0, 0), Arrangement((), (), 0, 0), ())]  # nothing to lay out (every card laid off)
    wild = tuple(variant.is_wild(c) for c in ordered)
    problem = _Problem(ordered, wild, tuple(variant.card_points(c) for c in ordered), groups,
                       min_melds, variant, tuple(table))
    wild_count = sum(wild)
    csp = Problem(InOrder())
    for i, card in enumerate(ordered):
        kinds = [0, 1] if wild[i] else (
            [k for k, ok in ((0, _may_set(card, ordered, wild_count, variant)),
                             (1, _may_run(card, ordered, wild_count, variant))) if ok])
        values = [2 * g + k for g in range(groups, 0, -1) for k in reversed(kinds)]
        lay = [problem.base + t for t, meld in enumerate(problem.table) if _may_join(card, meld, variant)]
        csp.addVariable(i, [HAND] + lay + values)  # the last value is tried first
    for i in range(n):
        for j in range(i + 1, n):
            csp.addConstraint(FunctionConstraint(_pair_ok(problem, i, j)), [i, j])
    best: dict[Key, tuple[Cost, Arrangement, Laid]] = {}
    state: dict[str, Any] = {"bound": INFINITE, "ties": ties, "deadline": monotonic() + BUDGET_S}

    def leaf(assignments: dict[int, int]) -> bool:
        accepted = False
        for cost, arrangement, layoffs, key in _plays(problem, assignments):
            limit = state["bound"]
            if (cost[0] > limit[0]) if ties else (cost > limit):
                continue
            if (cost[0] < limit[0]) if ties else (cost < limit):
                best.clear()
                state["bound"] = cost
            if key not in best or cost < best[key][0]:
                best[key] = (cost, arrangement, layoffs)
            accepted = True
        return accepted

    state["leaf"] = leaf
    csp.addConstraint(_whole_constraint(problem, state), list(range(n)))
    for _ in csp.getSolutionIter():
        pass
    return sorted(best.values(), key=lambda f: (f[0], [str(m) for m in f[1].melds],
                                                [(t, c.index, s.index) for t, c, s in f[2]]))


def _table_play(found: tuple[Cost, Arrangement, Laid], table: Sequence[TableMeld]) -> PlayFound:
    cost, arrangement, laid = found
    layoffs = sorted((LayOff(card, table[t].number, stands) for t, card, stands in laid),
                     key=lambda lo: (lo.target, lo.stands_for.index, lo.card.index))
    return cost, arrangement.melds, tuple(layoffs), arrangement.deadwood


def all_optimal(cards: Sequence[Card], *, variant: Variant, min_melds: int = 0,
                max_melds: int | None = None) -> tuple[Arrangement, ...]:
    """Every arrangement leaving the least points, best tie-break (cards, wilds) first."""
    found = _solve(cards, variant=variant, min_melds=min_melds, max_melds=max_melds, ties=True)
    return tuple(f[1] for f in found)


def search(cards: Sequence[Card], *, variant: Variant, rules: object = None, min_melds: int = 0,
           max_melds: int | None = None) -> Arrangement | None:
    """The best arrangement with between ``min_melds`` and ``max_melds`` melds, or None.

    Same signature as ``exact.search``; ``rules`` is accepted and ignored.
    """
    found = _solve(cards, variant=variant, min_melds=min_melds, max_melds=max_melds, ties=False)
    return found[0][1] if found else None


def search_table(hand: Sequence[Card], table: Sequence[TableMeld], *, variant: Variant, min_melds: int = 0,
                 max_melds: int | None = None, allow_layoffs: bool = True) -> PlayFound | None:
    """The best play of ``hand`` with lay-offs on ``table``: new melds (at least ``min_melds``)
    and cards added to the table melds, or None when no play has ``min_melds`` new melds.

    The same contract as ``z3.search_table`` (cost = points left, cards left, wilds
    used, cards laid off), from this module's own model.
    """
    used = tuple(table) if allow_layoffs else ()
    found = _solve(hand, variant=variant, min_melds=min_melds, max_melds=max_melds, ties=False,
                   table=[t.meld for t in used])
    return _table_play(found[0], used) if found else None


def all_optimal_table(hand: Sequence[Card], table: Sequence[TableMeld], *, variant: Variant, min_melds: int = 0,
                      max_melds: int | None = None, allow_layoffs: bool = True) -> tuple[PlayFound, ...]:
    """Every play of ``hand`` (new melds and lay-offs on ``table``) leaving the least points,
    best tie-break (cards left, wilds used, cards laid off) first; each counted once."""
    used = tuple(table) if allow_layoffs else ()
    found = _solve(hand, variant=variant, min_melds=min_melds, max_melds=max_melds, ties=True,
                   table=[t.meld for t in used])
    return tuple(_table_play(f, used) for f in found)
