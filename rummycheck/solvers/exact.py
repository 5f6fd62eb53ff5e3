"""The exact meld search: the default solver's engine.

Idea.  Cards are numbered 0..51 (suit-major, ace low).  The search always decides the
lowest remaining natural card ``c``: either it stays in hand, or it goes into a meld whose
other natural cards all come later.  Wild cards are a count, not a list.  Each meld is
generated in its *minimal* form (wilds only where a meld needs them: gaps of a run, or to
reach three cards); wilds left at the end are absorbed by melds that can still take
cards (a set without a size limit takes any number, a run can grow to 13), or form a meld
of their own (deuces are a set of 2s).  A state is (remaining cards, wilds left, room
for extra wilds, melds laid so far capped at the number that matters), memoised.

The cost of an arrangement is the tuple (points left, cards left, wilds used), compared
lexicographically; among equal costs the first arrangement in search order wins, so the
same hand always gives the same answer.  The search order is: sets before runs, smaller
melds before larger ones, and leaving the card in hand last.

Branch and bound (issue #20).  Each state is given a budget, what its caller already has:
a candidate that cannot beat the best so far (or the budget) is not searched further, by
its least possible cost (wilds it needs; fewer than 3 wilds left are all used; with at
most one wild, cards no meld can hold stay in hand), and a state stops once it reaches
its own least cost.  A state cut short keeps a lower bound, not an answer, and is searched
again if asked with a larger budget.  Ties still go to the first arrangement in search
order, so the answer is the one the full search gives (``_Search.best`` says why).

The module knows nothing about opening rules or limits: ``solver.py`` asks it for the
best arrangement with at least ``min_melds`` (and at most ``max_melds``) melds.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from itertools import combinations, product
from typing import TYPE_CHECKING, NamedTuple

from rummycheck.cards import Card
from rummycheck.frozen import dataclass
from rummycheck.melds import Meld, MeldKind
from rummycheck.solvers.base import Arrangement
from rummycheck.variants import Variant

__all__ = ["Arrangement", "SearchRules", "cost_finder", "search", "search_cost"]

if TYPE_CHECKING:  # a class made at import costs start-up time; only the type checker needs it
    from typing import Protocol

    class CostFinder(Protocol):
        def __call__(self, naturals: Sequence[int], wild_count: int, *,
                     at_most: tuple[int, int, int] | None = None) -> tuple[int, int, int]: ...

INF = 1 << 40
NO_LIMIT = 1 << 20

# Inside the search a cost (points, cards, wilds used) is one int, a field of 21 bits each,
# so that adding and comparing costs is one integer operation (the fields never come near
# 2**21: at most a few thousand points); PACKED_INF is "no arrangement".
_FIELD = 21
_FIELD_MASK = (1 << _FIELD) - 1
PACKED_INF = 1 << 80
_ROOT = PACKED_INF + 1  # the budget of a question asked from outside: every answer counts


def _pack(points: int, cards: int, wilds: int) -> int:
    # a sum, not a bitwise or: a bound's last field may be negative (cost_finder's at_most)
    return (points << (2 * _FIELD)) + (cards << _FIELD) + wilds


def _unpack(cost: int) -> tuple[int, int, int]:
    if cost >= PACKED_INF:
        return INF, INF, INF
    return cost >> (2 * _FIELD), (cost >> _FIELD) & _FIELD_MASK, cost & _FIELD_MASK


@dataclass(frozen=True, slots=True)
class SearchRules:
    """The variant settings the search needs, flattened for speed."""

    points: tuple[int, ...]  # points of card index 0..51 left in hand
    wild_points: int
    ace: str
    set_max: int | None
    set_duplicates: bool
    max_wilds: int | None
    min_naturals: int
    # whether a run may leave out a natural card for a spare wild: only when that can be
    # cheaper (see _run_candidates); otherwise the run holding the card comes first and is
    # never worse
    omissions: bool = True

    @property
    def set_cap(self) -> int:
        """Most cards a set may hold: the set_max option, and 4 when duplicates are barred."""
        cap = self.set_max if self.set_max is not None else NO_LIMIT
        return cap if self.set_duplicates else min(cap, 4)

    @classmethod
    def from_variant(cls, variant: Variant) -> SearchRules:
        found = variant.memo.get("search_rules")
        if found is None:
            found = variant.memo["search_rules"] = cls._build(variant)
        assert isinstance(found, SearchRules)
        return found

    @classmethod
    def _build(cls, variant: Variant) -> SearchRules:
        points = tuple(variant.card_points(Card.from_index(i)) for i in range(52))
        wild_points = int(variant.get("wild_points", 0) or 0)
        return cls(
            points=points,
            wild_points=wild_points,
            ace=variant.ace,
            set_max=variant.set_max,
            set_duplicates=variant.set_duplicates,
            max_wilds=variant.max_wilds,
            min_naturals=variant.min_naturals,
            omissions=variant.max_wilds is not None or variant.min_naturals > 0 or wild_points > min(points),
        )


class Candidate(NamedTuple):
    """A meld in minimal form: its natural cards, the wilds it needs and its layout.

    A named tuple rather than a dataclass: the search makes thousands of them per hand."""

    kind: MeldKind
    naturals: tuple[int, ...]
    wilds: int
    room: int  # how many more wilds it could absorb
    start: int  # runs: position of the first card (ace high = 14; wrap may exceed 13)
    length: int


def _set_candidates(c: int, rem: tuple[int, ...], w: int, rules: SearchRules) -> list[Candidate]:
    rank = c % 13
    counts = [0, 0, 0, 0]
    for x in rem[1:]:
        if x % 13 == rank:
            counts[x // 13] += 1
    csuit = c // 13
    if not rules.set_duplicates:
        counts = [0 if s == csuit else min(1, n) for s, n in enumerate(counts)]
    if not any(counts) and w < 2:
        return []
    cap = rules.set_cap
    max_wilds = rules.max_wilds
    min_naturals = rules.min_naturals
    # per suit, the copies the set may take: (how many, their card indices); suits in
    # order, so (c, *copies) is sorted (c is the lowest card there is)
    per_suit = [[(n, (suit * 13 + rank,) * n) for n in range(count + 1)] for suit, count in enumerate(counts)]
    found: list[tuple[int, tuple[int, ...], int, int]] = []
    for (n0, t0), (n1, t1), (n2, t2), (n3, t3) in product(*per_suit):
        size = 1 + n0 + n1 + n2 + n3
        need = 3 - size if size < 3 else 0
        if need > w or size < min_naturals:
            continue
        if max_wilds is not None and need > max_wilds:
            continue
        if size + need > cap:
            continue
        room = cap - size - need
        if max_wilds is not None:
            room = min(room, max_wilds - need)
        found.append((size, (c, *t0, *t1, *t2, *t3), need, room))
    found.sort()  # fewer naturals first, then by the cards (no two share both)
    return [Candidate(MeldKind.SET, naturals, need, room, 0, size + need) for size, naturals, need, room in found]


def _position_rank(position: int) -> int:
    """Rank number (1..13) at a run position (14 = high ace; wrap positions go past 13)."""
    return (position - 1) % 13 + 1


def _run_candidates(c: int, rem: tuple[int, ...], w: int, rules: SearchRules) -> list[Candidate]:
    suit = c // 13
    rc = c % 13 + 1
    available = 0  # bit n: rank number n of c's suit is in ``rem`` (c's own rank excluded)
    for x in rem:
        if x // 13 == suit and x != c:
            available |= 1 << (x % 13 + 1)
    ace = rules.ace
    if w == 0 and not available:
        return []
    if ace == "low":
        anchors, lo_bound, hi_bound = [rc], 1, 13
    elif ace == "high":
        anchors, lo_bound, hi_bound = [14 if rc == 1 else rc], 2, 14
    elif ace == "low_or_high":
        anchors, lo_bound, hi_bound = ([1, 14] if rc == 1 else [rc]), 1, 14
    else:  # wrap
        anchors, lo_bound, hi_bound = [rc], rc - 12, rc + 12
    max_wilds = rules.max_wilds
    min_naturals = rules.min_naturals
    # A run that leaves out a natural card x for a spare wild is never better than the same
    # run holding x, which comes before it (fewer wilds, same length): any arrangement of
    # the cards left plus x with one wild less becomes one without x and with that wild,
    # the wild standing for x where x was melded or staying in hand where x stayed, at no
    # greater cost when no meld limits its wilds or asks for naturals and a wild left in
    # hand counts no more than any card.  Ties go to the first found, so such runs can be
    # left out; with other rules they are made.
    omissions = rules.omissions
    seen: set[tuple[tuple[int, ...], int]] = set()
    found: list[tuple[int, int, int, tuple[int, ...], int]] = []  # (length, wilds, start, naturals, room)
    base = suit * 13 - 1
    run = MeldKind.RUN
    for pc in anchors:
        # the ends below and above the anchor, nearest first: (position, gaps passed, card
        # indices of the naturals passed incl. the end, whether the end may close a run
        # longer than 3)
        sides: list[list[tuple[int, int, tuple[int, ...], bool]]] = []
        for step, bound in ((-1, max(lo_bound, pc - 12)), (1, min(hi_bound, pc + 12))):
            side: list[tuple[int, int, tuple[int, ...], bool]] = [(pc, 0, (), True)]
            gaps = 0
            naturals: tuple[int, ...] = ()
            p = pc + step
            while (p >= bound) if step < 0 else (p <= bound):
                rank = (p - 1) % 13 + 1
                if available >> rank & 1:
                    naturals = naturals + (base + rank,)
                    side.append((p, gaps, naturals, True))
                else:
                    gaps += 1
                    if gaps > w:
                        break
                    if abs(p - pc) <= 2:  # a wild end is allowed in a 3-card window
                        side.append((p, gaps, naturals, False))
                p += step
            sides.append(side)
        below, above = sides
        for low, low_gaps, low_nats, low_natural in below:
            budget = w - low_gaps
            for high, high_gaps, high_nats, high_natural in above:
                if high_gaps > budget:
                    break  # gaps only grow further up
                length = high - low + 1
                if length > 13:
                    break
                if length < 3:
                    continue
                if length > 3 and not (low_natural and high_natural):
                    continue  # minimal form: both ends natural unless the run is 3 long
                gaps = low_gaps + high_gaps
                slots = low_nats + high_nats
                spare = w - gaps if omissions else 0
                if spare == 0:
                    choices: list[tuple[int, ...]] | tuple[tuple[int, ...], ...] = (slots,)
                else:
                    # a natural card may give way to a wild, but not at an end of a run
                    # longer than 3 (its ends are the last naturals passed on each side)
                    inner = slots if length == 3 else low_nats[:-1] + high_nats[:-1]
                    choices = [slots]
                    for omit_count in range(1, min(spare, len(inner)) + 1):
                        for omitted in combinations(inner, omit_count):
                            choices.append(tuple(q for q in slots if q not in omitted))
                room_left = 13 - length
                for used in choices:
                    need = length - 1 - len(used)
                    if max_wilds is not None and need > max_wilds:
                        continue
                    naturals_idx = tuple(sorted((c, *used)))
                    key = (naturals_idx, need)
                    if key in seen or len(naturals_idx) < min_naturals:
                        continue
                    seen.add(key)
                    room = room_left if max_wilds is None else min(room_left, max_wilds - need)
                    found.append((length, need, low, naturals_idx, room))
    # the search's order of runs: shorter first, then fewer wilds, lower start, naturals (no
    # two share all four: (naturals, wilds) is made once)
    found.sort()
    return [Candidate(run, naturals_idx, need, room, low, length) for length, need, low, naturals_idx, room in found]


_RANKS = (1 << 13) - 1
_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39  # a rank bit times this: that rank in every suit


def _dead_cards(rem: tuple[int, ...], w: int, hand_costs: tuple[int, ...]) -> int:
    """The cost (packed) of the cards of ``rem`` that no meld can hold with ``w`` (0 or 1)
    wilds (``_dead_mask``)."""
    dead = _dead_mask(rem, w)
    if not dead:
        return 0
    total = 0
    for x in rem:
        if dead >> x & 1:
            total += hand_costs[x]
    return total


def _left_count(rem: tuple[int, ...], w: int) -> int:
    """How many of the natural cards ``rem`` stay in hand at least, with ``w`` (1 or 2) wilds.

    A card that no meld of naturals alone can hold (``_dead_mask`` with no wild) can sit only in
    a meld with a wild, and ``w`` wilds make at most ``w`` such melds, each of cards of one rank
    (a set) or one suit (a run); with one wild, the cards no meld can hold even with it stay
    too.  So at least those cards, less ``w`` times the most of them that share a rank or a suit,
    stay in hand (generous: the groups may overlap)."""
    dead = _dead_mask(rem, 0)
    if not dead:
        return 0
    stuck = _dead_mask(rem, 1) if w == 1 else 0
    count = 0
    free = 0
    ranks = [0] * 13
    suits = [0, 0, 0, 0]
    for x in rem:
        if dead >> x & 1:
            if stuck >> x & 1:
                count += 1
            else:
                free += 1
                ranks[x % 13] += 1
                suits[x // 13] += 1
    if free:
        count += max(0, free - w * max(max(ranks), max(suits)))
    return count


def may_meld(card: Card, cards: Sequence[Card], variant: Variant) -> bool:
    """False when no meld of ``cards`` (which hold ``card``) can hold ``card``: the exact
    search then leaves it in hand.  True says only that some meld might (judged as
    generously as the search's bound: any suits for a set, runs round the ace; with two
    wilds or more, always)."""
    naturals = tuple(c.index for c in cards if not variant.is_wild(c))
    wilds = len(cards) - len(naturals)
    if wilds >= 2 or variant.is_wild(card):
        return True
    return not _dead_mask(naturals, wilds) >> card.index & 1


def _dead_mask(rem: tuple[int, ...], w: int) -> int:
    """Bit x set: card index x of ``rem`` is one no meld can hold with ``w`` (0 or 1) wilds:
    no other ``2 - w`` cards of its rank, and no run of its suit within reach (three ranks
    in a row without a wild, a card one or two ranks away with one)."""
    present = 0  # bit x: card index x is there
    for x in rem:
        present |= 1 << x
    s0, s1, s2, s3 = present & _RANKS, present >> 13 & _RANKS, present >> 26 & _RANKS, present >> 39 & _RANKS
    two = s0 & (s1 | s2 | s3) | s1 & (s2 | s3) | s2 & s3  # ranks held in two suits or more
    # a set needs 3 - w copies of its rank: with no card twice, as many suits
    sets = s0 & s1 & (s2 | s3) | (s0 | s1) & s2 & s3 if w == 0 else two
    if present.bit_count() != len(rem):  # two decks: a rank with a card held twice has one copy more than its suits
        seen = second = third = 0
        for x in rem:
            bit = 1 << x
            if second & bit:
                third |= bit
            elif seen & bit:
                second |= bit
            seen |= bit
        twice = (second | second >> 13 | second >> 26 | second >> 39) & _RANKS
        thrice = (third | third >> 13 | third >> 26 | third >> 39) & _RANKS
        # three copies: also two suits, one of them held twice, or one card held three times (three
        # decks or more); two copies: also one card held twice
        sets |= twice & two | thrice if w == 0 else twice
    cover = _RUN_COVER[w]  # per suit: the cards some run of that suit may hold
    held = sets * _SPREAD | cover[s0] | cover[s1] << 13 | cover[s2] << 26 | cover[s3] << 39
    return present & ~held


def _suit_cover(bits: int, w: int) -> int:
    """The ranks of the 13-bit suit mask ``bits`` that a run of that suit may hold with ``w`` (0
    or 1) wilds: three ranks in a row held, or, with the wild, another held one or two ranks away
    (round the ace both ways, as generous as the bound needs)."""
    # bits rotated so that bit r tells of rank r + k (above) or r - k (below), round the ace
    up1 = (bits >> 1 | bits << 12) & _RANKS
    up2 = (bits >> 2 | bits << 11) & _RANKS
    if w == 0:
        starts = bits & up1 & up2
        return starts | (starts << 1 | starts >> 12) & _RANKS | (starts << 2 | starts >> 11) & _RANKS
    return bits & (up1 | up2 | (bits << 1 | bits >> 12) & _RANKS | (bits << 2 | bits >> 11) & _RANKS)


class _SuitCovers(dict[int, int]):
    """``_suit_cover`` of each suit mask with a given wild count, worked out when first asked."""

    def __init__(self, w: int) -> None:
        super().__init__()
        self.w = w

    def __missing__(self, bits: int) -> int:
        cover = self[bits] = _suit_cover(bits, self.w)
        return cover


_RUN_COVER = (_SuitCovers(0), _SuitCovers(1))


def _remove(rem: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    out = list(rem)
    for x in cards:
        out.remove(x)
    return tuple(out)


class _Search:
    """The memoised search; ``best`` may be asked about any cards and wilds, and what one
    question worked out serves the next (the sub-hands of one hand share states)."""

    def __init__(self, rules: SearchRules, min_melds: int, max_melds: int | None):
        self.rules = rules
        self.min_melds = min_melds
        self.max_melds = max_melds
        self.cap_melds = max(min_melds, max_melds or 0)
        # least costs (packed, see _pack) of the states searched to the end, with the choice
        # that reached each first; lower bounds of the states cut short by a budget
        self.memo: dict[tuple[tuple[int, ...], int, int, int], int] = {}
        self.choices: dict[tuple[tuple[int, ...], int, int, int], object] = {}
        self.bounds: dict[tuple[tuple[int, ...], int, int, int], int] = {}
        self.hand_costs = tuple(_pack(p, 1, 0) for p in rules.points)
        self.dead: dict[tuple[tuple[int, ...], int], int] = {}
        self.left: dict[tuple[tuple[int, ...], int], int] = {}  # ``_left_count`` by (cards, wilds)
        self.cand_cache: dict[tuple[int, tuple[int, ...], tuple[int, ...]], list[Candidate]] = {}
        self.set_cache: dict[tuple[int, tuple[int, ...]], list[Candidate]] = {}
        self.run_cache: dict[tuple[int, tuple[int, ...]], list[Candidate]] = {}
        # ``search``'s answers by (natural card indexes, wild card indexes), both sorted
        self.arrangements: dict[tuple[tuple[int, ...], tuple[int, ...]], Arrangement | None] = {}

    def candidates(self, rem: tuple[int, ...], w: int) -> list[Candidate]:
        """The melds of the lowest card ``c = rem[0]`` in the search's order: sets, then runs.

        A meld of c only involves cards of c's rank (sets) and of c's suit (runs), so those
        two groups and the wild count are the whole key.  They are made for each state's own
        cards and wilds (the search now visits few states, and a list made once for every
        card of the hand and every wild, then filtered, costs more than it saves: runs that
        leave out natural cards for wilds grow with the wilds as binomials)."""
        c = rem[0]
        suit, rank = divmod(c, 13)
        same_suit = 1
        for x in rem[1:]:
            if x // 13 != suit:
                break
            same_suit += 1
        suited = rem[:same_suit]
        ranked = tuple(x for x in rem[same_suit:] if x % 13 == rank)
        key = (w, suited, ranked)
        found = self.cand_cache.get(key)
        if found is None:
            rank_key = (w, (c,) + tuple(x for x in suited[1:] if x % 13 == rank) + ranked)
            sets = self.set_cache.get(rank_key)
            if sets is None:
                sets = self.set_cache[rank_key] = _set_candidates(c, rank_key[1], w, self.rules)
            runs = self.run_cache.get((w, suited))
            if runs is None:
                runs = self.run_cache[(w, suited)] = _run_candidates(c, suited, w, self.rules)
            found = self.cand_cache[key] = sets + runs
        return found

    def terminal(self, w: int, room: int, m: int) -> tuple[int, object]:
        """No natural card left: the ``w`` wilds left join melds with room or make their own."""
        rules = self.rules
        best = PACKED_INF
        choice: object = None
        own_options = range(0, w // 3 + 1)
        for j in own_options:
            if m + j < self.min_melds:
                continue
            if self.max_melds is not None and m + j > self.max_melds:
                continue
            if j == 0:
                left = max(0, w - room)
                used = w - left
            else:
                own_cap = min(w, j * max(rules.set_cap, 13))
                absorbed = min(w - own_cap, room)
                left = w - own_cap - absorbed
                used = absorbed
            cost = _pack(left * rules.wild_points, left, used)
            if cost < best:
                best, choice = cost, ("terminal", j)
        return best, choice

    def least(self, rem: tuple[int, ...], w: int) -> int:
        """A lower bound of the cost of ``rem`` with ``w`` wilds (packed): fewer than 3 wilds
        cannot meld on their own, so each is used (or left, which costs more); with at most
        one wild, a card that no meld of the cards left can hold stays in hand.  "Can hold"
        is judged generously (any suits for a set, a run may wrap round the ace), so the
        bound never passes the true cost."""
        floor = w if w < 3 else 0
        if w > 1 or not rem:
            return floor
        key = (rem, w)
        found = self.dead.get(key)
        if found is None:
            found = self.dead[key] = _dead_cards(rem, w, self.hand_costs)
        return found + floor

    def best(self, rem: tuple[int, ...], w: int, room: int, m: int, budget: int = _ROOT) -> int:
        """The least cost of a state, packed, when it is below ``budget``; otherwise a lower
        bound of it that is at least ``budget`` (the state was cut short: nothing in it can
        beat what the caller already has).  Exact costs go to ``memo`` with their choice,
        bounds to ``bounds``; a state asked again with a larger budget is searched again.

        Why the answer is the one of the full search: each candidate's cost is its exact cost
        or a lower bound at least the ``limit`` it was given (the best so far, or the budget),
        so a candidate cut short never beats the best so far, and the first candidate whose
        exact cost is the state's least, when that is below the budget, meets a limit above
        it and so is searched exactly and chosen."""
        key = (rem, w, room, m)
        memo = self.memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        bound = self.bounds.get(key)
        if bound is not None and bound >= budget:
            return bound
        if not rem:
            cost, end = self.terminal(w, room, m)
            memo[key] = cost
            self.choices[key] = end
            return cost
        floor = self.least(rem, w)
        if m < self.min_melds:
            # every meld holds three cards or more, none of them a card that stays in hand (with
            # no wild the cards counted in ``floor``; with one or two, ``_left_count``): too few
            # cards left for the melds still wanted, and no arrangement from here has enough melds
            usable = len(rem) + w
            if w == 0:
                usable -= floor >> _FIELD & _FIELD_MASK
            elif w < 3:
                left = self.left.get((rem, w))
                if left is None:
                    left = self.left[(rem, w)] = _left_count(rem, w)
                usable -= left
            if m + usable // 3 < self.min_melds:
                memo[key] = PACKED_INF
                self.choices[key] = None
                return PACKED_INF
        best = PACKED_INF
        choice: object = None
        if self.max_melds is None or m < self.max_melds:
            m2 = m + 1 if m < self.cap_melds else m
            for cand in self.candidates(rem, w):
                _, naturals, wilds, more_room, _, _ = cand
                w2 = w - wilds
                limit = best if best < budget else budget
                least = wilds + (w2 if w2 < 3 else 0)
                if least >= limit:  # even its least cost cannot beat what is known (ties go to the first)
                    if least < best:
                        best = least  # no better than the budget: a lower bound, not an answer
                    continue
                room2 = room + more_room
                if room2 > w2:
                    room2 = w2
                # the lowest card is c = rem[0], and the candidate holds it
                rest = list(rem[1:])
                for x in naturals[1:]:
                    rest.remove(x)
                after = tuple(rest)
                sub_key = (after, w2, room2, m2)
                sub = memo.get(sub_key)
                if sub is None and w2 < 2:  # self.least, inlined: it is asked for most candidates
                    dead = self.dead.get((after, w2))
                    if dead is None:
                        dead = self.dead[(after, w2)] = _dead_cards(after, w2, self.hand_costs) if after else 0
                    least = wilds + dead + w2
                    if least >= limit:
                        if least < best:
                            best = least
                        continue
                if sub is None:
                    sub = self.best(*sub_key, limit - wilds)
                cost = sub + wilds
                if cost < best:
                    best, choice = cost, cand
                    if cost == floor:  # ties go to the first found: the rest cannot win
                        memo[key] = best
                        self.choices[key] = choice
                        return best
        limit = best if best < budget else budget
        hand = self.hand_costs[rem[0]]
        least = hand + (self.least(rem[1:], w) if w < 2 else floor)
        if least < limit:  # leave the lowest card in hand
            sub_key = (rem[1:], w, room, m)
            sub = memo.get(sub_key)
            if sub is None:
                sub = self.best(*sub_key, limit - hand)
            cost = sub + hand
            if cost < best:
                best, choice = cost, "hand"
        elif least < best:
            best = least
        if best < budget:
            memo[key] = best
            self.choices[key] = choice
        else:
            self.bounds[key] = best
        return best

    def walk(self, rem: tuple[int, ...], w: int, room: int, m: int
             ) -> tuple[list[Candidate], list[int], int]:
        """Follow the memoised choices: (melds, natural cards left, own wild-only melds)."""
        melds: list[Candidate] = []
        left: list[int] = []
        while True:
            choice = self.choices[(rem, w, room, m)]
            if not rem:
                assert isinstance(choice, tuple)
                return melds, left, int(choice[1])
            if choice == "hand":
                left.append(rem[0])
                rem = rem[1:]
                continue
            assert isinstance(choice, Candidate)
            melds.append(choice)
            w2 = w - choice.wilds
            room = min(room + choice.room, w2)
            w = w2
            m = min(m + 1, self.cap_melds)
            rem = _remove(rem, choice.naturals)


#: the most states a kept search may hold before it starts afresh (a few hundred bytes each)
KEPT_STATES = 200_000
_kept = threading.local()


def _engine(rules: SearchRules, min_melds: int, max_melds: int | None) -> _Search:
    """The search for these rules, kept from one question to the next (per thread).

    Every state's cost, bound and choice belongs to the state alone (the cards, wilds, room and
    melds so far, under the rules), never to the question that first reached it, so an answer
    is the same whether the memo is fresh or full: a bot asking about its hand turn after turn,
    and rollouts of the same position, share most sub-hands.  A search that grows past
    ``KEPT_STATES`` states is dropped before the next question, so memory stays bounded."""
    engines: dict[tuple[SearchRules, int, int | None], _Search] | None = getattr(_kept, "engines", None)
    if engines is None:
        engines = _kept.engines = {}
    key = (rules, min_melds, max_melds)
    engine = engines.get(key)
    if engine is None or (len(engine.memo) + len(engine.bounds) + len(engine.dead) + len(engine.left)
                          + len(engine.arrangements) > KEPT_STATES):
        if len(engines) > 16:
            engines.clear()
        engine = engines[key] = _Search(rules, min_melds, max_melds)
    return engine


def search_cost(naturals: Sequence[int], wilds: int, rules: SearchRules, *, min_melds: int = 0,
                max_melds: int | None = None) -> tuple[int, int, int]:
    """Only the cost (points, cards, wilds used) of the best arrangement; INF if none."""
    ordered = tuple(sorted(naturals))
    engine = _engine(rules, min_melds, max_melds)
    return _unpack(engine.best(ordered, wilds, 0, 0))


def cost_finder(rules: SearchRules, *, min_melds: int = 0, max_melds: int | None = None) -> CostFinder:
    """``search_cost`` for many sub-hands of one hand: ``find(naturals, wild_count)``.  The
    sub-hands share one memo, so what one remainder worked out is not worked out again for
    the next.  With ``at_most`` (compared
    as tuples; its last number may be negative), a cost above it comes back as INF: the
    caller wants only those, and the search stops sooner."""
    engine = _engine(rules, min_melds, max_melds)

    def find(naturals: Sequence[int], wild_count: int, *,
             at_most: tuple[int, int, int] | None = None) -> tuple[int, int, int]:
        budget = _ROOT if at_most is None else _pack(*at_most) + 1
        cost = engine.best(tuple(sorted(naturals)), wild_count, 0, 0, budget)
        return _unpack(cost) if cost < budget else (INF, INF, INF)

    return find


def search(cards: Sequence[Card], *, variant: Variant, rules: SearchRules | None = None,
           min_melds: int = 0, max_melds: int | None = None) -> Arrangement | None:
    """The best arrangement of ``cards`` with between ``min_melds`` and ``max_melds`` melds.

    Returns None when no arrangement has ``min_melds`` melds.
    """
    rules = rules or SearchRules.from_variant(variant)
    wild = variant.wild_number
    indexes = sorted(c.index for c in cards)
    naturals: tuple[int, ...]
    wilds: tuple[int, ...]
    if wild is None:
        naturals, wilds = tuple(indexes), ()
    else:  # the wild cards' rank, read from the indexes (the key is built for every question)
        naturals = tuple(x for x in indexes if x % 13 != wild - 1)
        wilds = tuple(x for x in indexes if x % 13 == wild - 1)
    engine = _engine(rules, min_melds, max_melds)
    # the same cards asked again (a bot's hand turn after turn, the rollouts of one position): the
    # arrangement laid out before, a frozen value whose cards are equal to these
    key = (naturals, wilds)
    arrangements = engine.arrangements
    if key in arrangements:
        return arrangements[key]
    wild_cards = sorted(c for c in cards if variant.is_wild(c))
    cost = _unpack(engine.best(naturals, len(wild_cards), 0, 0))
    if cost[0] >= INF:
        arrangements[key] = None
        return None
    chosen, left, own = engine.walk(naturals, len(wild_cards), 0, 0)
    melds, deadwood = _lay_out(chosen, left, own, wild_cards, rules)
    arrangement = arrangements[key] = Arrangement(tuple(melds), tuple(deadwood), cost[0], cost[2])
    return arrangement


# -- turning the search's choices into concrete melds with named wilds -----------------

def _lay_out(chosen: list[Candidate], left: list[int], own: int, wild_cards: list[Card],
             rules: SearchRules) -> tuple[list[Meld], list[Card]]:
    wilds_pool = list(wild_cards)
    # stand-in lists per meld: natural card indices and wild stand-ins (card indices)
    plans: list[tuple[Candidate, list[int], list[int]]] = []
    for cand in chosen:
        if cand.kind == MeldKind.SET:
            stand_ins = _set_stand_ins(cand.naturals, cand.wilds, rules)
            plans.append((cand, list(cand.naturals), stand_ins))
        else:
            plans.append((cand, list(cand.naturals), _run_stand_ins(cand)))
    free = len(wilds_pool) - sum(c.wilds for c in chosen)
    own_melds: list[list[Card]] = []
    if own:
        # wilds that form melds of their own: deuces as a set of 2s
        size = min(free, own * max(rules.set_cap, 13))
        deuces = wilds_pool[len(wilds_pool) - size:]
        del wilds_pool[len(wilds_pool) - size:]
        free -= size
        for i in range(own):
            own_melds.append(deuces[i::own])
    # absorb the remaining free wilds into melds with room, sets first
    spans = [[cand.start, cand.start + cand.length - 1] for cand, _, _ in plans]
    extras: list[list[int]] = [[] for _ in plans]
    order = sorted(range(len(plans)), key=lambda i: (plans[i][0].kind != MeldKind.SET, i))
    for i in order:
        cand, naturals, stand_ins = plans[i]
        while free > 0 and len(extras[i]) < cand.room:
            extra = _extra_stand_in(cand, naturals + stand_ins + extras[i], spans[i], rules)
            if extra is None:
                break
            extras[i].append(extra)
            free -= 1
    melds: list[Meld] = []
    for (cand, naturals, stand_ins), added, span in zip(plans, extras, spans):
        melds.append(_build(cand, naturals, stand_ins + added, span, wilds_pool))
    for chunk in own_melds:
        melds.append(_deuce_set(chunk, rules))
    deadwood = [Card.from_index(i) for i in left] + wilds_pool
    return melds, sorted(deadwood)


def _deuce_set(deuces: list[Card], rules: SearchRules) -> Meld:
    """A meld made only of wild deuces: a set of 2s, or a run when it is too big for a set."""
    if len(deuces) > rules.set_cap:
        length = len(deuces)
        top = 13 if rules.ace == "low" else 14
        start = 2 if 2 + length - 1 <= top else top - length + 1
        suit = deuces[0].suit.index
        stands = [Card.from_index(suit * 13 + _position_rank(p) - 1) for p in range(start, start + length)]
        ordered = sorted(deuces, key=lambda c: (c != stands[0], c.index))
        return Meld(MeldKind.RUN, tuple(ordered), tuple(stands))
    if rules.set_duplicates:
        return Meld(MeldKind.SET, tuple(deuces), tuple(deuces))
    taken: set[Card] = set()
    kept: list[Card | None] = []
    for card in deuces:  # keep a deuce as itself where its suit is still free
        kept.append(None if card in taken else card)
        taken.add(card)
    free_suits = [Card.from_index(s * 13 + 1) for s in range(4) if Card.from_index(s * 13 + 1) not in taken]
    resolved = [s if s is not None else free_suits.pop(0) for s in kept]
    pairs = sorted(zip(deuces, resolved), key=lambda p: (p[1].index, p[0].index))
    return Meld(MeldKind.SET, tuple(p[0] for p in pairs), tuple(p[1] for p in pairs))


def _set_stand_ins(naturals: tuple[int, ...], need: int, rules: SearchRules) -> list[int]:
    rank = naturals[0] % 13
    counts = [0, 0, 0, 0]
    for x in naturals:
        counts[x // 13] += 1
    out = []
    for _ in range(need):
        suit = min(range(4), key=lambda s: (counts[s], s))
        counts[suit] += 1
        out.append(suit * 13 + rank)
    return out


def _run_stand_ins(cand: Candidate) -> list[int]:
    suit = cand.naturals[0] // 13
    have = {x % 13 + 1 for x in cand.naturals}
    out = []
    for p in range(cand.start, cand.start + cand.length):
        r = _position_rank(p)
        if r not in have:
            out.append(suit * 13 + r - 1)
    return out


def _extra_stand_in(cand: Candidate, everything: list[int], span: list[int],
                    rules: SearchRules) -> int | None:
    """The card one more wild stands for in this meld (``span`` grows for runs), or None."""
    if cand.kind == MeldKind.SET:
        rank = everything[0] % 13
        counts = [0, 0, 0, 0]
        for x in everything:
            counts[x // 13] += 1
        suit = min(range(4), key=lambda s: (counts[s], s))
        if not rules.set_duplicates and counts[suit] > 0:
            return None
        return suit * 13 + rank
    suit = everything[0] // 13
    low, high = span
    for p in (high + 1, low - 1):
        if _position_allowed(p, low, high, rules.ace):
            span[0], span[1] = min(low, p), max(high, p)
            return suit * 13 + _position_rank(p) - 1
    return None


def _position_allowed(p: int, low: int, high: int, ace: str) -> bool:
    new_low, new_high = min(low, p), max(high, p)
    if new_high - new_low + 1 > 13:
        return False
    if ace == "low":
        return 1 <= new_low and new_high <= 13
    if ace == "high":
        return 2 <= new_low and new_high <= 14
    if ace == "low_or_high":
        return 1 <= new_low and new_high <= 14
    return True


def _build(cand: Candidate, naturals: list[int], stand_ins: list[int], span: list[int],
           pool: list[Card]) -> Meld:
    entries: list[tuple[Card, Card]] = [(Card.from_index(i), Card.from_index(i)) for i in naturals]
    for target_index in stand_ins:
        target = Card.from_index(target_index)
        physical = target if target in pool else pool[0]
        pool.remove(physical)
        entries.append((physical, target))
    if cand.kind == MeldKind.RUN:
        low = span[0]
        entries.sort(key=lambda e: (e[1].number - low) % 13)
    else:
        entries.sort(key=lambda e: (e[1].index, e[0].index))
    return Meld(cand.kind, tuple(e[0] for e in entries), tuple(e[1] for e in entries))
