"""The ``expert`` gin bot: the gin bots' deadwood play, a read of the opponent and a knock model.

What it adds to ``GinBase`` (docs/bots.md has the figures and every setting tried):

* **A read of the opponent** from what the table shows (``View.taken`` and ``View.thrown``, the
  public record every seat sees): the cards he took from the pile and still holds are *known*;
  the cards he threw, and those he let pass (each card this bot threw that he did not take),
  are *avoided*; every card in the pile is *dead* (only the next discard can be taken).  Each
  card not seen anywhere is in his hand with the same chance, ``q`` (his unknown cards over the
  unseen ones), raised for a card that joins one he took (he took it for a reason) and lowered
  for one that joins a card he threw or passed.
* **Safe discards**: a card's *danger* is the chance that it completes a meld for him (a set
  or run of three with two of his cards, each pair of partners weighed by those chances); the
  discard's score is the gin bots' (deadwood left, partners kept) plus ``danger_weight`` times
  the danger.  A card he threw (its rank, the next cards of its suit) comes out safe by itself:
  the cards it would need are dead.
* **A knock model**: the expected points of knocking now, by the deadwood kept, the stock left
  and how many pile cards the opponent holds (``KNOCK_TABLE``, tabled from self-play, see
  ``bench/expert_knock_table.py``); the bot knocks when that is at least ``play_on`` points,
  and always when the game is close (either player within ``close`` points of the target: a
  hand won then most likely decides the game, whatever its size).

Everything is worked out on 52-bit masks; a hand with a card held twice (no gin deck has one)
falls back to the gin bots' rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import ClassVar

from rummycheck.cards import Card
from rummycheck.sim.bots import GinBase, View, _Fast

__all__ = ["KNOCK_TABLE", "GinExpert", "Reads", "knock_value"]

_bit = attrgetter("bit")

# the stock's size split into stages: early (more than 20 cards), middle (11 to 20), late (10 or less)
_STAGES = (20, 10)

#: The expected points of a knock (its hand's score for the knocker, an undercut counted as
#: minus what it pays), by deadwood kept (0 to 10, gin at 0), stage of the hand (early, middle,
#: late: the stock above 20, 11 to 20, 10 or less) and whether the opponent holds two or more
#: cards he took from the pile.  Tabled from self-play inside OpenSpiel's gin (OpenSpiel's scoring),
#: 6,000 hands, two ``expert`` bots knocking whenever allowed (``python bench/expert_knock_table.py
#: --hands 6000 --seed 7``); a cell with fewer than 30 knocks is left out (the bot knocks there).
KNOCK_TABLE: dict[tuple[int, int, bool], float] = {
    (0, 0, False): 52.5,
    (0, 1, False): 45.1,
    (1, 0, False): 22.1,
    (1, 1, False): 14.5,
    (2, 0, False): 22.3,
    (2, 0, True): 13.4,
    (2, 1, False): 15.3,
    (3, 0, False): 21.9,
    (3, 1, False): 13.1,
    (4, 0, False): 21.2,
    (4, 1, False): 12.6,
    (5, 0, False): 20.3,
    (5, 1, False): 10.9,
    (6, 0, False): 20.0,
    (6, 0, True): 13.3,
    (6, 1, False): 11.3,
    (6, 1, True): 7.8,
    (7, 0, False): 17.9,
    (7, 0, True): 8.3,
    (7, 1, False): 10.3,
    (7, 1, True): 8.0,
    (8, 0, False): 17.4,
    (8, 0, True): 7.2,
    (8, 1, False): 8.2,
    (8, 1, True): 4.9,
    (9, 0, False): 15.9,
    (9, 0, True): 4.6,
    (9, 1, False): 7.3,
    (9, 1, True): 4.3,
    (9, 2, False): 4.1,
    (10, 0, False): 16.3,
    (10, 0, True): 6.0,
    (10, 1, False): 6.7,
    (10, 1, True): -1.3,
}


def knock_value(deadwood: int, stock: int, holding: int) -> float | None:
    """``KNOCK_TABLE``'s expected points of a knock, or None where the table has no entry."""
    stage = 0 if stock > _STAGES[0] else 1 if stock > _STAGES[1] else 2
    return KNOCK_TABLE.get((deadwood, stage, holding >= 2))


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
        taken = sum(map(_bit, view.taken[opponent]))
        thrown = sum(map(_bit, view.thrown[opponent]))
        known = taken & ~thrown  # taken and thrown again: no longer held (a card is taken at most once a hand)
        passed = sum(map(_bit, view.thrown[view.seat])) & ~taken  # thrown by this bot, not taken by him
        self.known = known
        self.seen = seen = mine | sum(map(_bit, view.discard_pile)) | known
        self.holding = holding = known.bit_count()
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
        seen, known, near_known, near_avoided = self.seen, self.known, self.near_known, self.near_avoided
        dead = seen & ~known
        q, boosted, damp = self.q, self.boosted, self.damp
        safe = 1.0
        for a, b, both in _PAIR_BITS[index]:  # self.chance of each, inline (the bot's hot path)
            if both & dead:
                continue
            pa = 1.0 if a & known else (boosted if a & near_known else q) * (damp if a & near_avoided else 1.0)
            pb = 1.0 if b & known else (boosted if b & near_known else q) * (damp if b & near_avoided else 1.0)
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
    #: knock when the table's expected points of a knock are at least this
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
        reads: Reads | None = None
        limit = self.knock_limit(view)
        draws: list[tuple[int, float]] | None = None
        best_key = (float("inf"), 0, 0)
        best, kept = choices[0], left[0]
        for c, deadwood in zip(choices, left):
            if deadwood > top or deadwood - knock_weight > best_key[0]:
                continue
            i = c.index
            score = deadwood + partner_weight * ((mask & near1[i]).bit_count() + 0.5 * (mask & near2[i]).bit_count())
            if score - knock_weight > best_key[0]:
                continue
            if danger_weight or knock_weight:
                if reads is None:
                    reads = Reads(view, mask, boost=self.boost, damp=self.damp)
                if danger_weight:
                    score += danger_weight * reads.danger(i)
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
        value = knock_value(deadwood, view.stock, _holding(view))
        return value is None or value >= self.play_on


def _holding(view: View) -> int:
    """How many cards the opponent took from the pile and has not thrown again."""
    opponent = view.next_seat()
    thrown = set(view.thrown[opponent])
    return sum(1 for c in view.taken[opponent] if c not in thrown)

