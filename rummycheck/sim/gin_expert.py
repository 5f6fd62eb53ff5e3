"""The ``expert`` gin bot: the gin bots' deadwood play, a read of the opponent and a knock model.

What it adds to ``GinBase`` (docs/bots.md has the figures and every setting tried):

* **A read of the opponent** from what the table shows (``View.taken``, ``View.thrown`` and
  ``View.declined``, the public record every seat sees): the cards he took from the pile and
  still holds are *known*; the cards he threw, and those he let pass (each card this bot threw
  that he did not take, and a first upcard he passed), are *avoided*; every card in the pile is
  *dead* (only the next discard can be taken).  Each card not seen anywhere is in his hand with
  the same chance, ``q`` (his unknown cards over the unseen ones), raised for a card that joins
  one he took (he took it for a reason) and lowered for one that joins a card he threw or passed.
* **Safe discards**: a card's *danger* is the chance that it completes a meld for him (a set
  or run of three with two of his cards, each pair of partners weighed by those chances); the
  discard's score is the gin bots' (deadwood left, partners kept) plus ``danger_weight`` times
  the danger.  A card he threw (its rank, the next cards of its suit) comes out safe by itself:
  the cards it would need are dead.
* **A knock model**: what knocking now is worth against playing on, in points, by the deadwood
  kept, the stage of the hand (the stock left) and how many pile cards the opponent holds
  (``KNOCK_GAIN``, rolled out inside OpenSpiel against its simple bot: at each knock opportunity
  both branches played out, two steps of policy iteration, see ``bench/expert_knock_rollouts.py``);
  the bot knocks when knocking is worth at least ``play_on`` points more, and always when the
  game is close (either player within ``close`` points of the target: a hand won then most likely
  decides the game, whatever its size).  Gin is always knocked.

Everything is worked out on 52-bit masks; a hand with a card held twice (no gin deck has one)
falls back to the gin bots' rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import ClassVar

from rummycheck.cards import Card
from rummycheck.sim.bots import _ALL_CARDS, GinBase, View, _Fast, meld_pairs, outs_lost

__all__ = ["KNOCK_GAIN", "GinExpert", "Reads", "knock_gain", "stage_of"]

_bit = attrgetter("bit")

# the stock's size split into stages: 0 above 24 cards, 1 from 19 to 24, 2 from 13 to 18, 3 at 12 or less
_STAGES = (24, 18, 12)

#: What knocking now is worth against playing on, in OpenSpiel's points (the deadwood difference,
#: 25 for gin, 25 for an undercut), by deadwood kept (1 to 10), stage of the hand (the stock above
#: 24, 19 to 24, 13 to 18, 12 or less) and the pile cards the opponent holds (0, 1, 2 or more):
#: the mean over knock opportunities of (the knock's return) less (the mean return of playing on,
#: this bot throwing its usual card and both players going on by their policies).  Rolled out
#: inside OpenSpiel's gin against its simple bot with the EAAI lay-off sweep, on tuning seeds
#: (``bench/expert_knock_rollouts.py``, docs/bots.md): the second step of a policy iteration (the
#: first valued playing on for a bot that knocked whenever allowed; this one for a bot knocking by
#: the first step's table), 14,712 opportunities on seeds 15 to 18.  A cell with fewer than 30 takes
#: the cell with one card fewer held, else its deadwood and stage over every holding; a key with
#: no entry (none here) is knocked.
KNOCK_GAIN: dict[tuple[int, int, int], float] = {
    (1, 0, 0): -4.0, (1, 0, 1): -14.0, (1, 0, 2): -14.0, (1, 1, 0): -15.2,
    (1, 1, 1): -15.4, (1, 1, 2): -18.9, (1, 2, 0): -11.6, (1, 2, 1): -13.0,
    (1, 2, 2): -15.0, (1, 3, 0): -10.3, (1, 3, 1): -14.7, (1, 3, 2): -16.7,
    (2, 0, 0): -7.4, (2, 0, 1): -9.5, (2, 0, 2): -9.5, (2, 1, 0): -13.3,
    (2, 1, 1): -13.9, (2, 1, 2): -16.4, (2, 2, 0): -10.9, (2, 2, 1): -11.9,
    (2, 2, 2): -12.2, (2, 3, 0): -6.8, (2, 3, 1): -10.2, (2, 3, 2): -12.0,
    (3, 0, 0): -5.0, (3, 0, 1): -14.2, (3, 0, 2): -14.2, (3, 1, 0): -11.3,
    (3, 1, 1): -13.5, (3, 1, 2): -14.1, (3, 2, 0): -11.2, (3, 2, 1): -10.4,
    (3, 2, 2): -12.7, (3, 3, 0): -10.2, (3, 3, 1): -7.7, (3, 3, 2): -7.7,
    (4, 0, 0): -3.8, (4, 0, 1): -10.5, (4, 0, 2): -10.5, (4, 1, 0): -8.5,
    (4, 1, 1): -11.5, (4, 1, 2): -11.1, (4, 2, 0): -8.6, (4, 2, 1): -10.1,
    (4, 2, 2): -13.4, (4, 3, 0): -5.2, (4, 3, 1): -5.8, (4, 3, 2): -4.0,
    (5, 0, 0): 1.1, (5, 0, 1): -6.3, (5, 0, 2): -6.3, (5, 1, 0): -5.9,
    (5, 1, 1): -7.7, (5, 1, 2): -10.3, (5, 2, 0): -9.1, (5, 2, 1): -10.6,
    (5, 2, 2): -13.9, (5, 3, 0): -8.7, (5, 3, 1): -7.9, (5, 3, 2): -6.9,
    (6, 0, 0): 3.9, (6, 0, 1): -2.6, (6, 0, 2): -8.9, (6, 1, 0): -1.2,
    (6, 1, 1): -7.3, (6, 1, 2): -10.0, (6, 2, 0): -5.1, (6, 2, 1): -9.6,
    (6, 2, 2): -8.3, (6, 3, 0): -5.5, (6, 3, 1): -7.5, (6, 3, 2): -6.1,
    (7, 0, 0): 3.2, (7, 0, 1): -0.8, (7, 0, 2): -0.8, (7, 1, 0): -0.2,
    (7, 1, 1): -6.5, (7, 1, 2): -9.5, (7, 2, 0): -5.0, (7, 2, 1): -6.5,
    (7, 2, 2): -5.2, (7, 3, 0): -7.3, (7, 3, 1): -5.8, (7, 3, 2): -5.8,
    (8, 0, 0): 5.2, (8, 0, 1): 0.7, (8, 0, 2): -3.4, (8, 1, 0): 0.9,
    (8, 1, 1): -3.7, (8, 1, 2): -8.8, (8, 2, 0): -2.4, (8, 2, 1): -5.7,
    (8, 2, 2): -7.2, (8, 3, 0): -3.5, (8, 3, 1): -7.5, (8, 3, 2): -6.6,
    (9, 0, 0): 5.6, (9, 0, 1): 1.0, (9, 0, 2): -7.1, (9, 1, 0): 1.7,
    (9, 1, 1): -2.5, (9, 1, 2): -7.2, (9, 2, 0): -2.3, (9, 2, 1): -4.0,
    (9, 2, 2): -4.7, (9, 3, 0): -6.5, (9, 3, 1): -7.9, (9, 3, 2): -5.4,
    (10, 0, 0): 4.8, (10, 0, 1): 1.6, (10, 0, 2): -2.9, (10, 1, 0): 2.0,
    (10, 1, 1): -0.9, (10, 1, 2): -8.4, (10, 2, 0): -0.8, (10, 2, 1): -3.6,
    (10, 2, 2): -10.0, (10, 3, 0): -1.1, (10, 3, 1): -6.1, (10, 3, 2): -1.7,
}


def stage_of(stock: int) -> int:
    """The stage of the hand by the stock's size (``_STAGES``)."""
    high, middle, low = _STAGES  # the bounds compared in turn (asked at every knock the bot weighs)
    return 0 if stock > high else 1 if stock > middle else 2 if stock > low else 3


def knock_gain(deadwood: int, stock: int, holding: int,
               table: Mapping[tuple[int, int, int], float] = KNOCK_GAIN) -> float | None:
    """``table``'s points of knocking now less those of playing on, or None where it has no entry."""
    return table.get((deadwood, stage_of(stock), min(holding, 2)))


def _runs_of(index: int) -> tuple[tuple[int, int], ...]:
    """The pairs of cards that make a meld of three with card ``index`` (ace low, no wrap)."""
    suit, rank = divmod(index, 13)
    others = [s * 13 + rank for s in range(4) if s != suit]
    pairs = [(others[0], others[1]), (others[0], others[2]), (others[1], others[2])]
    base = suit * 13
    for low, high in ((rank - 2, rank - 1), (rank - 1, rank + 1), (rank + 1, rank + 2)):
        if 0 <= low and high <= 12:
            pairs.append((base + low, base + high))
    return tuple(pairs)


_PAIRS = tuple(_runs_of(i) for i in range(52))
# the same as bits: (a, b, a | b)
_PAIR_BITS = tuple(tuple((1 << a, 1 << b, 1 << a | 1 << b) for a, b in pairs) for pairs in _PAIRS)


class Reads:
    """The opponent as this bot reads him at one decision (see the module's text)."""

    __slots__ = ("boosted", "damp", "holding", "known", "near_avoided", "near_known", "q", "seen")

    def __init__(self, view: View, mine: int, *, boost: float, damp: float) -> None:
        opponent = 1 - view.seat if len(view.names) == 2 else view.next_seat()
        thrown = sum(map(_bit, view.thrown[opponent]))
        passed = sum(map(_bit, view.thrown[view.seat]))  # thrown by this bot ...
        if view.declined and view.declined[opponent]:  # ... or a first upcard he passed (GIN-DEAL)
            passed |= sum(map(_bit, view.declined[opponent]))
        if view.taken[opponent]:  # (most decisions: he has taken nothing)
            taken = sum(map(_bit, view.taken[opponent]))
            known = taken & ~thrown  # taken and thrown again: no longer held (a card is taken at most once a hand)
            passed &= ~taken  # ... and not taken by him
            self.holding = holding = known.bit_count()
        else:
            known = holding = self.holding = 0
        self.known = known
        self.seen = seen = mine | sum(map(_bit, view.discard_pile)) | known
        unseen = 52 - seen.bit_count()
        self.q = q = max(0, view.hand_sizes[opponent] - holding) / unseen if unseen > 0 else 0.0
        self.boosted = q + (1.0 - q) * boost
        self.damp = damp
        self.near_known = _near(known) if known else 0
        avoided = (thrown | passed) & ~known
        self.near_avoided = _near(avoided) if avoided else 0

    def chance(self, index: int) -> float:
        """The chance that card ``index`` is in his hand."""
        bit = 1 << index
        if bit & self.seen:
            return 1.0 if bit & self.known else 0.0
        p = self.boosted if bit & self.near_known else self.q
        return p * self.damp if bit & self.near_avoided else p

    def draws(self) -> list[tuple[int, float]]:
        """The cards the next draw may be (not seen), each with its chance of being in the stock
        rather than his hand, scaled to add up to one."""
        found = [(1 << i, 1.0 - self.chance(i)) for i in range(52) if not self.seen >> i & 1]
        total = sum(w for _, w in found)
        return [(bit, w / total) for bit, w in found] if total else []

    def danger(self, index: int) -> float:
        """The chance that card ``index``, thrown now, completes a meld of three for him."""
        known, near_avoided, dead = self.known, self.near_avoided, self.seen & ~self.known
        q = self.q
        q_damped = q * self.damp  # a chance times damp, or times nothing (the same floats as chance's)
        safe = 1.0
        if not known:  # (most decisions: he holds no card known, so none is near one)
            for a, b, both in _PAIR_BITS[index]:  # self.chance of each, inline (the bot's hot path)
                if both & dead:
                    continue
                safe *= 1.0 - (q_damped if a & near_avoided else q) * (q_damped if b & near_avoided else q)
            return 1.0 - safe
        near_known, boosted = self.near_known, self.boosted
        boosted_damped = boosted * self.damp
        for a, b, both in _PAIR_BITS[index]:
            if both & dead:
                continue
            pa = 1.0 if a & known else (boosted_damped if a & near_avoided else boosted) if a & near_known \
                else q_damped if a & near_avoided else q
            pb = 1.0 if b & known else (boosted_damped if b & near_avoided else boosted) if b & near_known \
                else q_damped if b & near_avoided else q
            safe *= 1.0 - pa * pb
        return 1.0 - safe


def _knock_chance(fast: _Fast, hand: int, draws: list[tuple[int, float]], limit: int, memo: dict[int, int]
                  ) -> float:
    """The chance that the next draw (from ``draws``: card bit, weight) lets the 10-card ``hand``
    knock: its least deadwood after the best discard is within ``limit``."""
    least_discard = fast.least_discard
    if len(memo) > 1 << 18:
        memo.clear()
    get = memo.get
    total = 0.0
    for bit, weight in draws:
        if bit & hand:
            continue
        key = hand | bit
        value = get(key)
        if value is None:
            value = memo[key] = least_discard(key)
        if value <= limit:
            total += weight
    return total


_SUITS = 1 | 1 << 13 | 1 << 26 | 1 << 39  # one bit per suit: a rank mask times this is that rank in every suit
_NOT_ACE = ((1 << 52) - 1) ^ _SUITS  # every card but the aces (rank 0 of each suit)


def _near(mask: int) -> int:
    """The cards next to those of ``mask``: the same rank, or the same suit one rank away."""
    ranks = (mask | mask >> 13 | mask >> 26 | mask >> 39) & 8191
    return (ranks * _SUITS | (mask << 1) & _NOT_ACE | (mask & _NOT_ACE) >> 1) & ~mask


class GinExpert(GinBase):
    """Gin with a read of the opponent, safe discards and a knock model (module text)."""

    label = "expert"
    # the basic bots' partner weight, twice the other gin bots' (tuned, docs/bots.md)
    partner_weight = 2.0
    feed_weight = 0.0  # the danger below stands in for the gin bots' "joins a card he took"
    #: points of deadwood a discard's danger (0 to 1) weighs
    danger_weight: ClassVar[float] = 8.0
    #: an unseen card next to one he took is in his hand with chance q + (1 - q) x boost
    boost: ClassVar[float] = 0.5
    #: and one next to a card he threw or passed with chance q x damp
    damp: ClassVar[float] = 0.5
    #: points of deadwood the chance of a knock after the next draw weighs (0: not looked at)
    knock_weight: ClassVar[float] = 0.0
    #: discards looked at: those within this many points of the least deadwood
    window: ClassVar[float] = 10.0
    #: the look-ahead is made only for discards leaving at most this much deadwood
    reach: ClassVar[float] = 30.0
    #: the table of what knocking now is worth against playing on (``KNOCK_GAIN``)
    knock_table: ClassVar[Mapping[tuple[int, int, int], float]] = KNOCK_GAIN
    #: knock when the table says knocking now is worth at least this many points more than playing on
    play_on: ClassVar[float] = 0.0
    #: knock whenever allowed once either player is this close to the game's target
    close: ClassVar[int] = 25

    def _best_fast(self, view: View, fast: _Fast, mask: int, choices: Sequence[Card], left: Sequence[int]
                   ) -> tuple[Card, int]:
        """The discard with the least score: deadwood left + partners kept + danger (and, with
        ``knock_weight``, less the chance of a knock after the next draw)."""
        near1, near2, points = fast.near1, fast.near2, fast.points
        partner_weight, danger_weight, knock_weight = self.partner_weight, self.danger_weight, self.knock_weight
        # a score is at least its card's base (deadwood + partners) and the danger only adds: a card
        # whose base is above the best score so far cannot win (the look-ahead takes off at most knock_weight)
        top = min(left) + self.window
        bases = []
        for c, deadwood in zip(choices, left):
            if deadwood <= top:
                i = c.index
                bases.append((deadwood + partner_weight * ((mask & near1[i]).bit_count()
                                                           + 0.5 * (mask & near2[i]).bit_count()), i, c, deadwood))
        # with no negative weight the cards are looked at by base, least first: once a base is above the
        # best score so far every later one is too (the least key is the same in any order: keys differ by card)
        ordered = partner_weight >= 0 and danger_weight >= 0 and knock_weight >= 0
        if ordered:
            bases.sort()
        reads: Reads | None = None
        outs_weight = self.outs_weight
        pairs = meld_pairs(view.variant) if outs_weight else ()
        limit = self.knock_limit(view) if knock_weight else 0
        draws: list[tuple[int, float]] | None = None
        best_key = (float("inf"), 0, 0)
        best, kept = choices[0], left[0]
        for score, i, c, deadwood in bases:
            if deadwood - knock_weight > best_key[0] or score - knock_weight > best_key[0]:
                if ordered:
                    break
                continue
            if danger_weight or knock_weight or outs_weight:
                if reads is None:
                    reads = Reads(view, mask, boost=self.boost, damp=self.damp)
                if danger_weight:
                    score += danger_weight * reads.danger(i)
                if outs_weight:  # the unseen cards: not in his hand, the pile, or known in the opponent's
                    score += outs_weight * outs_lost(pairs[i], mask ^ c.bit, _ALL_CARDS & ~reads.seen)
                if knock_weight and limit < deadwood <= self.reach:
                    if draws is None:
                        draws = reads.draws()
                    score -= knock_weight * _knock_chance(fast, mask ^ c.bit, draws, limit, self._memo)
            key = (score, -points[i], i)
            if key < best_key:
                best_key, best, kept = key, c, deadwood
        self._kept = (mask ^ best.bit, kept)
        return best, kept

    def __init__(self) -> None:
        super().__init__()
        self._memo: dict[int, int] = {}

    def wants_knock(self, view: View, deadwood: int) -> bool:
        if deadwood == 0:
            return True
        target = int(view.variant.option("game_target") or 0)
        if target and max(view.scores) >= target - self.close:
            return True  # a hand won now likely ends the game (or stops him ending it): its size hardly counts
        gain = knock_gain(deadwood, view.stock, _holding(view), self.knock_table)
        return gain is None or gain >= self.play_on


def _holding(view: View) -> int:
    """How many cards the opponent took from the pile and has not thrown again."""
    opponent = view.next_seat()
    taken = view.taken[opponent]
    if not taken:  # most hands: nothing taken, and no set of his discards to make
        return 0
    thrown = set(view.thrown[opponent])
    return sum(1 for c in taken if c not in thrown)


class GinExpertRace(GinExpert):
    """``expert``'s read of the opponent and safe discards, knocking whenever the rules allow:
    the race to a knock, which wins the most hands, in short hands. The analysis's rollout bot
    for gin (``Game.rollout_bot``): its hands end sooner, so a decision is valued in less time,
    and it models an opponent who knocks, as most players do."""

    label = "expert-race"

    def wants_knock(self, view: View, deadwood: int) -> bool:
        return True
