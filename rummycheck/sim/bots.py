"""Bots: what a simulated player sees, the protocol a bot implements, and the shipped bots.

A bot sees a ``View``: its own hand, the table, the discard pile (every card in it, in
order), the stock's size, every player's score, hand size and opened flag, and the cards
each player took from or threw on the discard pile this hand (public knowledge at a real
table).  It never sees another player's hand or the stock's cards.

A bot answers four questions (``Bot``); the engine puts every answer through
``GameState``, the one judge, so an illegal answer raises ``IllegalPlay`` instead of
being played:

* ``start(view)``: how the turn begins, one of ``view.options`` (``ActionKind`` members):
  ``DRAW`` (from the stock), ``TAKE`` (the top discard), ``LAY_DOWN`` (a Bing meld turn),
  ``PASS`` (gin: refuse the first upcard).  The words of the older protocol are still read
  (``OLD_STARTS``: ``"stock"``, ``"discard"`` for a take, ``"meld"``, ``"pass"``), so a bot
  written against it keeps working;
* ``lay_down(view)``: melds and lay-offs to put down now (a Bing meld turn, a basic turn
  after the draw, the gin defender after a knock), or None;
* ``discard(view)``: the card that ends the turn;
* ``knock(view, card)``: gin, whether to knock with that discard.

A bot may also have ``knock_melds(view, card)``: the melds it lays down with that knock,
or None for the best arrangement (the judge's exact search); the judge checks the melds
either way.  The shipped bots lay down the search's own best arrangement, worked out on
bitmasks (``search_melds``).

Bots are small classes built with no arguments; the engine calls ``setup`` once a game
with the seat, the variant and a seeded ``random.Random`` (the only randomness a bot
may use).  ``--bot package.module:ClassName`` loads a user's class.

The shipped bots share the heuristics a decent player uses: keep cards that can join
melds, never throw a wild deuce, throw the card that leaves the least deadwood, and avoid
feeding the next player (cards that lay off on the table or join cards he took from the
pile).  They differ in the decision each game's strategies argue about: when to open
(Bing early, common, sandbag, and the hybrids common-ev and sandbag-ev, which open short
of their strategy when holding on costs more than it is worth), when to knock (gin knock,
gin, knock-at-K), when to lay melds down (basic eager, patient).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import os
import random
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations, product
from operator import attrgetter
from typing import ClassVar, NamedTuple, Protocol, runtime_checkable

from rummycheck.cards import Card
from rummycheck.errors import BotError
from rummycheck.frozen import quick
from rummycheck.games import Game, game_of
from rummycheck.games.gin import gin_knock_limit, gin_layoffs
from rummycheck.melds import Meld, MeldKind, TableMeld, extend_meld, meld_problems, run_positions
from rummycheck.reading import remember_read
from rummycheck.results import LayOff
from rummycheck.solvers.base import Arrangement
from rummycheck.solvers.deadwood import deadwood_counter, fast_search, fast_tables, least_key, min_deadwood
from rummycheck.solvers.exact import SearchRules, may_meld, search
from rummycheck.solvers.layoffs import best_layoffs, exact_play
from rummycheck.table.actions import ActionKind
from rummycheck.table.observation import Observation
from rummycheck.textsafe import shorten
from rummycheck.variants import Variant

__all__ = [
    "BOTS",
    "OLD_STARTS",
    "danger",
    "danger_from",
    "BaseBot",
    "Bot",
    "BotError",
    "LayDown",
    "StartOptions",
    "View",
    "ViewPhase",
    "bot_class",
    "bot_label",
    "start_choice",
    "start_options_text",
]


_bit = attrgetter("bit")
_index = attrgetter("index")


@dataclass(frozen=True, slots=True)
class LayDown:
    """New melds and lay-offs (on table melds by number) put down in one go."""

    melds: tuple[Meld, ...] = ()
    layoffs: tuple[LayOff, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.melds or self.layoffs)


class ViewPhase(StrEnum):
    """When a bot is asked (``View.phase``); the values are the words the protocol always used, so
    ``view.phase == "layoff"`` in an older bot still holds."""

    UPCARD = "upcard"  # gin's first upcard on offer (GIN-DEAL)
    PLAY = "play"
    LAYOFF = "layoff"  # gin's defender, after a knock


#: the ``start`` answers of the older protocol, still read (a plain ``str``, not an ``ActionKind``):
#: its ``"discard"`` meant taking the top discard
OLD_STARTS: dict[str, ActionKind] = {"stock": ActionKind.DRAW, "discard": ActionKind.TAKE,
                                     "meld": ActionKind.LAY_DOWN, "pass": ActionKind.PASS}
_OLD_WORD = {kind: word for word, kind in OLD_STARTS.items()}
_BY_VALUE = {kind.value: kind for kind in ActionKind}


class StartOptions(tuple[ActionKind, ...]):
    """``View.options``: a tuple of ``ActionKind`` members in which an older bot's word is found too
    (``"stock" in view.options`` holds when a draw is an option), so a bot that looks before it
    answers keeps working.  A copy (``list(view.options)``) holds the members only."""

    __slots__ = ()

    def __contains__(self, item: object) -> bool:
        if type(item) is str:
            item = OLD_STARTS.get(item, item)
        return tuple.__contains__(self, item)


def start_choice(answer: object, options: Sequence[ActionKind]) -> ActionKind | None:
    """The option a ``start`` answer names: an ``ActionKind`` among ``options``; a plain ``str`` is
    read as an older word (``OLD_STARTS``: ``"discard"`` is a take) or else as an ``ActionKind``'s
    value (``"take"``, as ``"take" in view.options`` reads it); None for anything else.  Exact
    types only: a subclass of ``str`` could answer anything when compared."""
    if type(answer) is ActionKind:
        return answer if answer in options else None
    if type(answer) is str:
        found = OLD_STARTS.get(answer) or _BY_VALUE.get(answer)
        return found if found in options else None
    return None


def start_options_text(options: Sequence[ActionKind]) -> str:
    """``options`` as an answer's error names them: ``ActionKind.DRAW, ActionKind.TAKE (or the old
    'stock', 'discard')``."""
    new = ", ".join(f"ActionKind.{o.name}" for o in options)
    old = ", ".join(repr(_OLD_WORD[o]) for o in options if o in _OLD_WORD)
    return f"{new} (or the old {old})" if old else new


@dataclass(frozen=True, slots=True)
class View:
    """What the player in ``seat`` sees when asked to act.  Nothing of other hands or the stock."""

    variant: Variant
    seat: int
    names: tuple[str, ...]
    hand: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    discard_pile: tuple[Card, ...]
    stock: int
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    opened: tuple[bool, ...]
    out: tuple[bool, ...]
    taken: tuple[tuple[Card, ...], ...]  # cards each player took from the discard pile this hand
    thrown: tuple[tuple[Card, ...], ...]  # cards each player discarded this hand
    drew: str  # none, stock, discard
    took: Card | None
    phase: ViewPhase  # upcard (gin's first upcard), play, layoff (gin defender)
    knocker: int | None
    upcard: Card | None
    options: tuple[ActionKind, ...] = ()  # the legal ways to start this turn (``start``)
    # the seat's Observation (``rummycheck.table.observation``), made only when asked: it walks the
    # hand's history.  Valid during the call it comes with; None where no game state stands behind
    # the view (a view built by hand, an outside engine's adapter)
    observe: Callable[[], Observation] | None = field(default=None, compare=False, repr=False)
    declined: tuple[tuple[Card, ...], ...] = ()  # the first upcards each player passed (gin; () if not told)

    @property
    def game(self) -> Game:
        return game_of(self.variant)

    @property
    def top(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def score(self) -> int:
        return self.scores[self.seat]

    @property
    def has_opened(self) -> bool:
        return self.opened[self.seat]

    def next_seat(self) -> int:
        """The next player still in the game after this one."""
        count = len(self.names)
        for step in range(1, count + 1):
            seat = (self.seat + step) % count
            if not self.out[seat]:
                return seat
        return self.seat

    def opponents(self) -> list[int]:
        return [s for s in range(len(self.names)) if s != self.seat and not self.out[s]]


# ``View(...)`` with every field given in order, built the quick way (``rummycheck.frozen``):
# the engine builds two a turn.
new_view: Callable[..., View] = quick(View)


@runtime_checkable
class Bot(Protocol):
    """The protocol every bot implements (``BaseBot`` gives working defaults)."""

    def setup(self, *, seat: int, variant: Variant, rng: random.Random) -> None: ...

    def start(self, view: View) -> ActionKind: ...

    def lay_down(self, view: View) -> LayDown | None: ...

    def discard(self, view: View) -> Card: ...

    def knock(self, view: View, card: Card) -> bool: ...


# -- shared heuristics ----------------------------------------------------------------------------

def _less(hand: Sequence[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def _less_all(hand: Sequence[Card], melds: Sequence[Meld]) -> tuple[Card, ...]:
    """``hand`` without the cards of ``melds`` (one copy each)."""
    rest = list(hand)
    for meld in melds:
        for card in meld.cards:
            rest.remove(card)
    return tuple(rest)


def _most_melds(view: View) -> int | None:
    """The most new melds a lay-down of this turn may hold, as the game answers it (basic's
    ``melds_per_turn``)."""
    return game_of(view.variant).meld_bounds(view.has_opened)[1]


def partners(card: Card, others: Sequence[Card], variant: Variant) -> float:
    """How many cards of ``others`` (the hand less ``card``, one copy) could join ``card`` in a
    meld: the same rank (1 each; with two decks a second copy of ``card`` too, as in ``8s 8h 8s``)
    and the same suit one rank away (1) or two ranks away (0.5); wild cards count 0.5."""
    score = 0.0
    suit, rank = divmod(card.index, 13)  # rank 0 is the ace
    wild = variant.wild_number
    wild_rank = -1 if wild is None else wild - 1
    high = variant.ace != "low"
    for other in others:
        other_suit, other_rank = divmod(other.index, 13)
        if other_rank == wild_rank:
            score += 0.5
        elif other_rank == rank:
            score += 1.0
        elif other_suit == suit:
            gap = abs(other_rank - rank)
            if high and (rank == 0 or other_rank == 0):
                gap = min(gap, 13 - gap)  # round the ace: K A is one apart, Q A two
            if gap == 1:
                score += 1.0
            elif gap == 2:
                score += 0.5
    return score


def table_wants(table: Sequence[TableMeld], variant: Variant) -> frozenset[int]:
    """Indexes of the cards that lay off on some table meld (a discard of one feeds the next player).
    Memoised per variant by the identity of the table's melds (the bots ask it several times a turn
    and the table seldom changes; the memo holds the melds it names, so no id in it can belong to
    another object)."""
    if not table:
        return _NOTHING
    memo: dict[tuple[int, ...], tuple[tuple[TableMeld, ...], frozenset[int]]] = \
        variant.memo.setdefault("table_wants", {})
    ids = tuple(map(id, table))
    found = memo.get(ids)
    if found is None:
        if len(memo) > 4096:
            memo.clear()
        found = memo[ids] = tuple(table), _table_wants(table, variant)
    return found[1]


_NOTHING: frozenset[int] = frozenset()


def _table_wants(table: Sequence[TableMeld], variant: Variant) -> frozenset[int]:
    wanted: set[int] = set()
    for t in table:
        stands = t.meld.stands_for
        if t.meld.kind == MeldKind.SET:
            number = stands[0].number
            wanted.update(s * 13 + number - 1 for s in range(4))
        else:
            suit = stands[0].suit.index
            numbers = sorted(c.number for c in stands)
            if 1 in numbers and 13 in numbers:  # ace high: K A
                numbers = sorted(14 if x == 1 else x for x in numbers)
            for x in (numbers[0] - 1, numbers[-1] + 1):
                if x == 14 and variant.ace != "low":
                    x = 1
                if 1 <= x <= 13:
                    wanted.add(suit * 13 + x - 1)
    return frozenset(wanted)


def greedy_layoffs(cards: Sequence[Card], table: Sequence[TableMeld], variant: Variant
                   ) -> tuple[tuple[LayOff, ...], tuple[Card, ...]]:
    """Lay off what fits, card by card (natural cards first, then wild ones as the card they
    fit best), until nothing more fits: a quick stand-in for the exact lay-off search."""
    melds = {t.number: t.meld for t in table}
    left = sorted(cards, key=lambda c: (variant.is_wild(c), -variant.card_points(c), c.index))
    laid: list[LayOff] = []
    progress = True
    while progress and left:
        progress = False
        for card in list(left):
            wild = variant.is_wild(card)
            for number, meld in melds.items():
                if not wild:  # a natural card joins only a set of its rank or a run of its suit
                    first = meld.stands_for[0]
                    if first.number != card.number if meld.kind == MeldKind.SET else first.suit is not card.suit:
                        continue
                for stands in _stand_ins(card, meld, wild):
                    grown = extend_meld(meld, [(card, stands)], variant)
                    if not meld_problems(grown, variant):
                        melds[number] = grown
                        laid.append(LayOff(card, number, stands))
                        left.remove(card)
                        progress = True
                        break
                else:
                    continue
                break
    return tuple(laid), tuple(sorted(left))


def bing_layoffs(cards: Sequence[Card], table: Sequence[TableMeld], variant: Variant
                 ) -> tuple[tuple[LayOff, ...], tuple[Card, ...]]:
    """The lay-offs of the Bing bots: ``greedy_layoffs``, unless it leaves cards the exact lay-off
    search (``solvers.layoffs.best_layoffs``) lays off for fewer points (or as many points and
    fewer cards) left.  Card by card, a card laid on the first meld it fits can block the next: a
    deuce laid as the 7d on ``7s 7h 7c`` leaves the 8d loose that ``Td Jd Qd`` takes once the deuce
    stands for the 9d there.  Where greedy is no worse its lay-offs are kept (which meld takes a
    card changes what the others can lay off later); measured in docs/bots.md."""
    laid, left = greedy_layoffs(cards, table, variant)
    if not left or not table:
        return laid, left
    found = best_layoffs(cards, table, variant=variant, max_melds=0)
    if found is None:
        return laid, left
    (points, count, _, _), exact, rest = found
    if (points, count) < (variant.points(left), len(left)):
        return exact, tuple(sorted(rest))
    return laid, left


def _stand_ins(card: Card, meld: Meld, wild: bool) -> list[Card]:
    """What ``card`` could stand for on ``meld``: itself, and for a wild card the cards that extend it."""
    options = [card]
    if not wild:
        return options
    stands = meld.stands_for
    if meld.kind == MeldKind.SET:
        number = stands[0].number
        options += [Card.from_index(s * 13 + number - 1) for s in range(4)]
    else:
        suit = stands[0].suit.index
        numbers = sorted(c.number for c in stands)
        for x in (numbers[-1] + 1, numbers[0] - 1, 1):
            if 1 <= x <= 13:
                options.append(Card.from_index(suit * 13 + x - 1))
    return options


def feeds(card: Card, view: View, wanted: frozenset[int], taken: Sequence[Card] | None = None) -> bool:
    """Whether throwing ``card`` helps the next player: it lays off on the table or joins a
    card he took from the discard pile this hand (``taken``: those cards, when already known)."""
    if card.index in wanted:
        return True
    for other in view.taken[view.next_seat()] if taken is None else taken:
        if other.number == card.number or (other.suit is card.suit and abs(other.number - card.number) <= 2):
            return True
    return False


def _fast_defence(hand: Sequence[Card], owned: Sequence[TableMeld], variant: Variant,
                  least: Callable[[int], int]) -> LayDown | None:
    """The gin defender's best lay-offs on bitmasks (one deck, no wilds, ace low): a set takes its
    missing suits, a run takes a stretch of cards below it and one above it; every combination
    is tried and the one leaving the least deadwood (then the fewest cards laid off) wins, the
    same least deadwood as ``gin_layoffs`` finds by trying every subset."""
    mask = 0
    for card in hand:
        mask |= card.bit
    per_meld: list[list[tuple[int, tuple[Card, ...]]]] = []
    for t in owned:
        stands = t.meld.stands_for
        ways: list[tuple[int, tuple[Card, ...]]] = [(0, ())]
        if t.meld.kind == MeldKind.SET:
            rank = stands[0].number - 1
            spare = [Card.from_index(s * 13 + rank) for s in range(4)]
            spare = [c for c in spare if c.bit & mask and c not in stands]
            room = (variant.set_max or 4) - len(stands)
            for size in range(1, min(room, len(spare)) + 1):
                for chosen in _subsets(spare, size):
                    ways.append((sum(c.bit for c in chosen), chosen))
        else:
            suit = stands[0].suit.index
            numbers = sorted(c.number for c in stands)
            below: list[Card] = []
            for n in range(numbers[0] - 1, 0, -1):
                card = Card.from_index(suit * 13 + n - 1)
                if not card.bit & mask:
                    break
                below.append(card)
            above: list[Card] = []
            for n in range(numbers[-1] + 1, 14):
                card = Card.from_index(suit * 13 + n - 1)
                if not card.bit & mask:
                    break
                above.append(card)
            ways = [(sum(c.bit for c in below[:i] + above[:j]), tuple(below[:i] + above[:j]))
                    for i in range(len(below) + 1) for j in range(len(above) + 1)]
        per_meld.append(ways)
    best: tuple[int, int, list[tuple[int, tuple[Card, ...]]]] | None = None
    for combo in product(*per_meld):
        laid = 0
        clash = False
        for bits, _ in combo:
            if laid & bits:
                clash = True
                break
            laid |= bits
        if clash:
            continue
        key = (least(mask & ~laid), laid.bit_count())
        if best is None or key < best[:2]:
            best = (key[0], key[1], list(combo))
    assert best is not None
    layoffs = tuple(LayOff(card, t.number, card) for t, (_, cards) in zip(owned, best[2]) for card in cards)
    laid_cards = {c for lo in layoffs for c in (lo.card,)}
    rest = [c for c in hand if c not in laid_cards]
    arrangement = fast_search(rest, variant=variant) if rest else None
    melds = arrangement.melds if arrangement is not None else ()
    return LayDown(melds, layoffs) or None


def _subsets(cards: Sequence[Card], size: int) -> list[tuple[Card, ...]]:
    return list(combinations(cards, size))


def discard_choices(view: View) -> list[Card]:
    """The cards that may be thrown now: not the card just taken from the pile, nor another copy of
    it (two decks): the judge refuses both, since either would undo the take."""
    distinct = sorted(dict.fromkeys(view.hand), key=_index)  # the cards' own order: by index
    if view.drew != "discard" or view.took is None:
        return distinct
    return [c for c in distinct if c != view.took]


class _Fast(NamedTuple):
    """Per-variant bitmask data of the fast paths (one deck, no wilds)."""

    least: Callable[[int], int]  # least deadwood of a 52-bit hand mask (the solver's lookup tables)
    near1: tuple[int, ...]  # per card: its partners one step away (same rank, or same suit one rank away)
    near2: tuple[int, ...]  # per card: its partners two ranks away in its suit
    least_discard: Callable[[int], int]  # least deadwood of a hand mask after its best discard
    joins: tuple[int, ...]  # per card: the cards that join it (same rank, or same suit within two ranks)
    points: tuple[int, ...]  # per card: its points
    # per 13-bit suit mask: the least deadwood of those cards of one suit, and of them less each
    # card in rank order; empty when points differ by suit
    suit_least: tuple[int, ...]
    suit_less_one: tuple[tuple[int, ...], ...]
    # per 4-bit set of suits holding a rank: the sets that rank may form, as suit tuples ("none" first)
    set_choices: dict[int, list[tuple[int, ...]]]
    # per (whole suit mask << 13 | that mask less one card): the lesser mask's ``suit_less_one`` with a
    # gap (a big number) where the card left out sits, filled in as hands ask
    gapped: dict[int, tuple[int, ...]]
    # per (13-bit suit mask << 2 | suit), for ``search_melds``: the runs the exact search makes of
    # those cards of one suit, filled in as hands ask
    runs: dict[int, tuple[Meld, ...]]
    # per (one rank's 13-bit mask << 4 | the 4-bit set of suits holding it), for ``_after_each``: each
    # of ``set_choices``' sets as the masks of the four suits that keep the rest (all ones: untouched),
    # filled in as hands ask
    set_keeps: dict[int, list[tuple[int, int, int, int]]]
    most_points: int  # the most points a card has


_ALL_CARDS = (1 << 52) - 1  # every card of one deck, as bits
MeldPairs = tuple[tuple[tuple[int, int], ...], ...]


def meld_pairs(variant: Variant) -> MeldPairs:
    """Per card index, the pairs of other cards (as bits) that make a meld of three with it: a set,
    or a run under the variant's ace rule (kept in the variant's memo)."""
    found: MeldPairs | None = variant.memo.get("sim-meld-pairs")
    if found is None:
        every = []
        for index in range(52):
            suit, rank = divmod(index, 13)
            others = [s * 13 + rank for s in range(4) if s != suit]
            pairs = [(1 << a, 1 << b) for n, a in enumerate(others) for b in others[n + 1:]]
            ranks = [r for r in range(13) if r != rank]
            pairs += [(1 << (suit * 13 + a), 1 << (suit * 13 + b)) for n, a in enumerate(ranks) for b in ranks[n + 1:]
                      if run_positions([rank + 1, a + 1, b + 1], variant.ace) is not None]
            every.append(tuple(pairs))
        found = variant.memo["sim-meld-pairs"] = tuple(every)
    return found


def unseen_cards(view: View, mask: int) -> int:
    """The cards (as bits) the player has not seen: not in his hand (``mask``), the discard pile or
    the table. With two decks a card counts as seen once either copy is."""
    seen = mask
    for card in view.discard_pile:
        seen |= card.bit
    for laid in view.table:
        for card in laid.meld.cards:
            seen |= card.bit
    return _ALL_CARDS & ~seen


def outs_lost(pairs: tuple[tuple[int, int], ...], rest: int, unseen: int) -> int:
    """How many unseen cards would make a meld of three with a card (whose ``meld_pairs`` entry is
    ``pairs``) and one card of ``rest``, the hand without it: the outs thrown away with it."""
    outs = 0
    for a, b in pairs:
        if a & rest:
            outs |= b & unseen
        elif b & rest:
            outs |= a & unseen
    return outs.bit_count()


def _fast(variant: Variant) -> _Fast | None:
    """The bitmask data of one-deck games without wilds (``_Fast``), or None for other variants."""
    found: _Fast | None | bool = variant.memo.get("sim-fast")
    if found is False:
        return None
    if found is None or found is True:
        tables = fast_tables(variant)
        if tables is None:
            variant.memo["sim-fast"] = False
            return None
        near1, near2, joins = [], [], []
        for index in range(52):
            suit, rank = divmod(index, 13)
            one = sum(1 << (s * 13 + rank) for s in range(4) if s != suit)
            two = 0
            for step, into in ((1, "one"), (2, "two")):
                for r in (rank - step, rank + step):
                    if variant.ace != "low":
                        r %= 13
                    if 0 <= r < 13 and r != rank:
                        if into == "one":
                            one |= 1 << (suit * 13 + r)
                        else:
                            two |= 1 << (suit * 13 + r)
            near1.append(one)
            near2.append(two)
            joins.append(sum(1 << (x * 13 + rank) for x in range(4))
                         | sum(1 << (suit * 13 + r) for r in range(max(0, rank - 2), min(13, rank + 3))))
        least = deadwood_counter(variant)
        points = tuple(variant.card_points(Card.from_index(i)) for i in range(52))
        suit_least: tuple[int, ...] = ()
        suit_less_one: tuple[tuple[int, ...], ...] = ()
        if points[:13] * 4 == points:  # one suit's masks serve every suit
            suit_least = tuple(map(least, range(1 << 13)))
            suit_less_one = tuple(tuple(suit_least[m ^ (1 << r)] for r in range(13) if m >> r & 1)
                                  for m in range(1 << 13))
        found = _Fast(least, tuple(near1), tuple(near2), deadwood_counter(variant, discard=True), tuple(joins),
                      points, suit_least, suit_less_one, tables.set_choices, {}, {}, {}, max(points))
        variant.memo["sim-fast"] = found
    return found


def search_melds(cards: Sequence[Card], variant: Variant) -> tuple[Meld, ...] | None:
    """The melds of the exact search's best arrangement of ``cards`` (``search(cards).melds``),
    worked out on bitmasks for one-deck games without wilds, ace low (gin); None for others.

    The search decides the lowest card first: a set with it (three cards before four, in card
    order), else a run up from it (shorter first), else it stays in hand, and the first choice
    that reaches the least (points, cards) wins.  Here each choice is judged by the lookup
    tables' least (points, cards) of the cards it leaves, so the same choice wins, without the
    search's own work (a tenth of a simulated hand when the knock asked the search).
    """
    tables = fast_tables(variant)
    fast = _fast(variant)
    mask = _mask(cards)
    if tables is None or fast is None or mask is None:
        return None
    rules = SearchRules.from_variant(variant)
    if rules.ace != "low" or rules.set_duplicates:
        return None
    keys, cap = tables.keys, rules.set_cap

    def least(m: int) -> int:  # the tables' key of a hand: points, then cards
        return least_key(m, tables)

    target = least(mask)
    melds: list[Meld] = []
    rest = mask
    while rest:
        s0, s1, s2, s3 = rest & 8191, rest >> 13 & 8191, rest >> 26 & 8191, rest >> 39 & 8191
        if not (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3):  # no set left to make: runs, suit by suit
            for suit, m in enumerate((s0, s1, s2, s3)):
                melds.extend(_search_runs(fast, keys, suit, m))
                target -= keys[m]
            break
        low = rest & -rest
        rest ^= low
        c = low.bit_length() - 1
        suit, rank = divmod(c, 13)
        chosen: tuple[MeldKind, int] | None = None
        others = [x for x in (c + 13, c + 26, c + 39) if x < 52 and rest >> x & 1]
        for size in (2, 3):
            if chosen is not None or size + 1 > cap:
                break
            for combo in combinations(others, size):
                bits = sum(1 << x for x in combo)
                if least(rest ^ bits) == target:
                    chosen = (MeldKind.SET, low | bits)
                    break
        if chosen is None:
            bits = 0
            for n in range(rank + 1, 13):
                card = 1 << (suit * 13 + n)
                if not rest & card:
                    break
                bits |= card
                if n - rank >= 2 and least(rest ^ bits) == target:
                    chosen = (MeldKind.RUN, low | bits)
                    break
        if chosen is None:  # the card stays in hand
            target -= keys[1 << rank]  # one card alone in its suit: its points and one card
            continue
        kind, bits = chosen
        rest &= ~bits
        melds.append(Meld.natural(kind, [Card.from_index(i) for i in range(c, 52) if bits >> i & 1]))
    return tuple(melds) if target == 0 else None  # every point accounted for, or ask the search itself


def _after_each(fast: _Fast, mask: int) -> list[int]:
    """The least deadwood of the hand ``mask`` less each of its cards, in card order.

    Runs stay inside a suit: once the sets are chosen, the hand less a card not in them is
    the other suits' least plus the least of that suit less the card, a few table lookups.
    The hand less a card is best laid out by some choice of sets of the whole hand that
    leaves the card out (and every such choice is one for the hand less the card), so each
    card takes the least over those choices: with no rank held three times, only "no set".
    """
    s0, s1, s2, s3 = mask & 8191, mask >> 13 & 8191, mask >> 26 & 8191, mask >> 39 & 8191
    three = (s0 & s1 & (s2 | s3)) | ((s0 | s1) & s2 & s3)
    suit_least, less_one = fast.suit_least, fast.suit_less_one
    if not suit_least:
        least = fast.least
        left = []
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            left.append(least(mask ^ low))
        return left
    if not three:
        total = suit_least[s0] + suit_least[s1] + suit_least[s2] + suit_least[s3]
        left = []
        for m in (s0, s1, s2, s3):
            if m:
                base = total - suit_least[m]
                left.extend([base + x for x in less_one[m]])
        return left
    if not three & (three - 1):  # one rank may form a set (most such hands)
        bits = (s0 & three and 1) | (s1 & three and 2) | (s2 & three and 4) | (s3 & three and 8)
        if bits.bit_count() == 3 and len(fast.set_choices[bits]) == 2:  # held three times: the set, or none
            return _after_each_one_set(fast, three, (s0, s1, s2, s3))
    # every choice of sets: its least (the other suits' part of it) and the suit masks it leaves for runs
    touched = three  # the ranks that may form sets: suits holding one of them have several layouts
    suits = [(s0, s1, s2, s3)]  # the suit masks each choice leaves, in the order of product(): ace up, "none" first
    set_keeps = fast.set_keeps
    while three:
        low = three & -three
        three ^= low
        bits = (s0 & low and 1) | (s1 & low and 2) | (s2 & low and 4) | (s3 & low and 8)
        keeps = set_keeps.get(low << 4 | bits)
        if keeps is None:
            keeps = set_keeps[low << 4 | bits] = [
                (~low if 0 in chosen else -1, ~low if 1 in chosen else -1, ~low if 2 in chosen else -1,
                 ~low if 3 in chosen else -1) for chosen in fast.set_choices[bits]]
        suits = [(a & k0, b & k1, c & k2, d & k3) for a, b, c, d in suits for k0, k1, k2, k3 in keeps]
    layouts = [(suit_least[a] + suit_least[b] + suit_least[c] + suit_least[d], (a, b, c, d)) for a, b, c, d in suits]
    whole_least = min(total for total, _ in layouts)
    none = 1 << 20  # a card in the chosen sets: that choice does not leave it out
    left = []
    for suit, whole in enumerate((s0, s1, s2, s3)):
        if not whole:
            continue
        if not whole & touched:  # one layout of this suit whatever the sets: the others' least
            base = whole_least - suit_least[whole]
            left.extend([base + x for x in less_one[whole]])
            continue
        bases: dict[int, int] = {}  # per mask this suit is left with: the least of the other suits
        for total, r in layouts:
            m = r[suit]
            base = total - suit_least[m]
            if base < bases.get(m, none):
                bases[m] = base
        if len(bases) == 2:  # kept whole (no set takes its card), or less one card (a set takes it)
            (m, base), (short, short_base) = bases.items()  # the first layout takes no set
            if m == whole and (whole ^ short).bit_count() == 1:
                key = whole << 13 | short
                gapped = fast.gapped.get(key)
                if gapped is None:  # the short mask's values in the whole mask's places
                    values = list(less_one[short])
                    values.insert((whole & (whole ^ short) - 1).bit_count(), none)
                    gapped = fast.gapped[key] = tuple(values)
                step = short_base - base
                left.extend([base + (x if x <= step + y else step + y) for x, y in zip(less_one[whole], gapped)])
                continue
        pairs = list(bases.items())
        rest = whole
        while rest:  # each card: the least over the masks that hold it, of their base and that mask less it
            low = rest & -rest
            rest ^= low
            found = none
            for m, base in pairs:
                if m & low:
                    value = base + suit_least[m ^ low]
                    if value < found:
                        found = value
            left.append(found)
    return left


def _after_each_one_set(fast: _Fast, low: int, whole: tuple[int, int, int, int]) -> list[int]:
    """``_after_each`` of a hand (its four suit masks) with one rank (``low``, a 13-bit mask) held in
    three suits and no other rank held three times: two layouts, that set or none.  A suit without
    the rank is laid out alike in both (the whole hand's least less its own); a suit holding it is
    left whole (no set) or less that card (the set): each card takes the lesser of the two, and the
    set's card itself only the first (without it there is no set)."""
    suit_least, less_one = fast.suit_least, fast.suit_less_one
    short = [m ^ low if m & low else m for m in whole]  # the suits the set leaves for runs
    total = suit_least[whole[0]] + suit_least[whole[1]] + suit_least[whole[2]] + suit_least[whole[3]]
    total_set = suit_least[short[0]] + suit_least[short[1]] + suit_least[short[2]] + suit_least[short[3]]
    least = total if total <= total_set else total_set
    left: list[int] = []
    for m, s in zip(whole, short):
        if not m:
            continue
        if m == s:  # the rank is not in this suit
            base = least - suit_least[m]
            left.extend([base + x for x in less_one[m]])
            continue
        base = total - suit_least[m]
        key = m << 13 | s
        gapped = fast.gapped.get(key)
        if gapped is None:  # the short mask's values in the whole mask's places
            values = list(less_one[s])
            values.insert((m & (low - 1)).bit_count(), 1 << 20)
            gapped = fast.gapped[key] = tuple(values)
        step = total_set - suit_least[s] - base
        left.extend([base + (x if x <= step + y else step + y) for x, y in zip(less_one[m], gapped)])
    return left


def _least_after_take(fast: _Fast, mask: int, card: Card, now: int) -> int:
    """``fast.least_discard(mask | card.bit)``: the least deadwood after taking ``card`` (not in the
    hand ``mask``, whose least deadwood is ``now``) and the best discard.  A card with no partner one
    step away (no meld can hold it) and as many points as any card stays deadwood whatever is thrown:
    throwing another card saves at most that card's points, no more than it adds, and throwing it
    back leaves ``now``; so the answer is ``now``, without the lookup."""
    index = card.index
    if not mask & fast.near1[index] and fast.points[index] >= fast.most_points:
        return now
    return fast.least_discard(mask | card.bit)


def _fast_choices(view: View, fast: _Fast) -> tuple[list[Card], list[int], int] | None:
    """``discard_choices(view)``, the least deadwood after each and the hand's mask, for a hand
    without a card held twice (else None)."""
    mask = _mask(view.hand)
    if mask is None:
        return None
    choices = sorted(view.hand, key=_index)
    left = _after_each(fast, mask)
    took = view.took
    if view.drew == "discard" and took is not None and mask & took.bit:  # not the card just taken
        at = (mask & (took.bit - 1)).bit_count()
        del choices[at], left[at]
    return choices, left, mask


def _search_runs(fast: _Fast, keys: Sequence[int], suit: int, mask: int) -> tuple[Meld, ...]:
    """``search_melds`` of the cards of one suit (13-bit ``mask``) when no rank is held three times:
    no set to choose, so what the search does with each suit depends on that suit alone."""
    found = fast.runs.get(mask << 2 | suit)
    if found is None:
        target = keys[mask]
        rest = mask
        runs = []
        while rest:
            low = rest & -rest
            rest ^= low
            bits = 0
            step = low << 1
            while step < 1 << 13 and rest & step:  # a run up from the lowest card, shorter first
                bits |= step
                if bits.bit_count() >= 2 and keys[rest ^ bits] == target:
                    rest ^= bits
                    runs.append(Meld.natural(MeldKind.RUN, [Card.from_index(suit * 13 + r) for r in range(13)
                                                            if (low | bits) >> r & 1]))
                    break
                step <<= 1
            else:  # the card stays in hand
                target -= keys[low]
        found = fast.runs[mask << 2 | suit] = tuple(runs)
    return found


def _mask(hand: Sequence[Card]) -> int | None:
    """The bitmask of ``hand``, or None when it holds a card twice (two decks)."""
    mask: int = sum(map(_bit, hand))
    return mask if mask.bit_count() == len(hand) else None


# -- the base bot ------------------------------------------------------------------------------------

class BaseBot:
    """A decent player's defaults for every game; strategies override one decision."""

    #: the short name shown in tables (the registry's key when shipped)
    label: ClassVar[str] = "base"
    #: discard scoring (gin, basic): deadwood left + partner_weight x partners kept + feed_weight if it feeds
    #: + outs_weight x outs lost (``outs_lost``: the unseen cards that would make a meld of three with
    #: the card and one of the hand's)
    partner_weight: ClassVar[float] = 2.0
    feed_weight: ClassVar[float] = 5.0
    outs_weight: ClassVar[float] = 0.0
    #: its choices depend on its views and its rng alone (what it keeps between calls is cache, or
    #: is reset at the start of each of its turns), so a bot made afresh mid-hand plays on as it
    #: would have: the evaluator may then reuse one rollout for another reaching the same state
    #: (``analysis.evaluate.rollout_values``).  A subclass that remembers more says False.
    replays: ClassVar[bool] = True

    # the last variant asked about and its bitmask data (``_fast``), kept to skip the memo lookup
    _fast_variant: Variant | None = None
    _fast_data: _Fast | None = None
    # the hand (mask) the last fast discard left, and its least deadwood: the next turn starts there
    _kept: tuple[int, int] = (-1, 0)

    def __init__(self) -> None:
        self.seat = 0
        self.rng = random.Random(0)
        self.variant: Variant | None = None

    def _fast(self, variant: Variant) -> _Fast | None:
        if variant is not self._fast_variant:
            self._fast_variant, self._fast_data = variant, _fast(variant)
        return self._fast_data

    def setup(self, *, seat: int, variant: Variant, rng: random.Random) -> None:
        self.seat = seat
        self.variant = variant
        self.rng = rng

    @classmethod
    def fits(cls, game: Game) -> bool:
        """Whether the bot plays ``game`` (checked when the simulation starts)."""
        return True

    # -- gin and basic: deadwood-driven draws and discards ------------------------------------
    def _deadwood(self, view: View, cards: Sequence[Card]) -> int:
        return min_deadwood(cards, variant=view.variant)

    def _discard_score(self, view: View, hand: Sequence[Card], card: Card, wanted: frozenset[int],
                       unseen: int = 0) -> float:
        rest = _less(hand, card)
        score = float(self._deadwood(view, rest))
        score += self.partner_weight * partners(card, rest, view.variant)
        if feeds(card, view, wanted):
            score += self.feed_weight
        if unseen:
            rest_mask = 0
            for other in rest:
                rest_mask |= other.bit
            score += self.outs_weight * outs_lost(meld_pairs(view.variant)[card.index], rest_mask, unseen)
        return score

    def _best_discard(self, view: View, hand: Sequence[Card], choices: Sequence[Card],
                      left: Sequence[int] | None = None) -> Card:
        """The choice with the least discard score, then the most points, then the lowest card.
        ``left``: the least deadwood after each choice, when the caller has it already."""
        variant = view.variant
        fast = self._fast(variant)
        mask = _mask(hand) if fast is not None else None
        if fast is not None and mask is not None:
            if left is None:
                least = fast.least
                left = [least(mask ^ c.bit) for c in choices]
            return self._best_fast(view, fast, mask, choices, left)[0]
        wanted = table_wants(view.table, variant)
        unseen = 0
        if self.outs_weight:
            held = 0
            for card in hand:
                held |= card.bit
            unseen = unseen_cards(view, held)
        return min(choices, key=lambda c: (self._discard_score(view, hand, c, wanted, unseen), -variant.card_points(c),
                                           c.index))

    def _best_fast(self, view: View, fast: _Fast, mask: int, choices: Sequence[Card], left: Sequence[int]
                   ) -> tuple[Card, int]:
        """``_best_discard`` on the hand's mask, with the least deadwood after each choice: the card
        and the deadwood it leaves (kept for the next turn's take, ``_kept``)."""
        near1, near2, joins, points = fast.near1, fast.near2, fast.joins, fast.points
        partner_weight, feed_weight, outs_weight = self.partner_weight, self.feed_weight, self.outs_weight
        fed = 0  # cards joining one the next player took: same rank, or same suit within two ranks
        for other in view.taken[view.next_seat()]:
            fed |= joins[other.index]
        for index in table_wants(view.table, view.variant):
            fed |= 1 << index
        unseen = unseen_cards(view, mask) if outs_weight else 0
        pairs = meld_pairs(view.variant) if outs_weight else ()
        # with no negative weight a score is at least the deadwood left: a card leaving more than
        # the best score so far cannot win
        prune = partner_weight >= 0 and feed_weight >= 0 and outs_weight >= 0
        best_key = (float("inf"), 0, 0)
        best, kept = choices[0], left[0]
        for c, deadwood in zip(choices, left):
            if prune and deadwood > best_key[0]:
                continue
            i = c.index
            # partners kept: the card itself is in no partner mask, so the whole hand counts
            score = deadwood + partner_weight * (
                (mask & near1[i]).bit_count() + 0.5 * (mask & near2[i]).bit_count())
            if fed >> i & 1:
                score += feed_weight
            if unseen:
                score += outs_weight * outs_lost(pairs[i], mask ^ c.bit, unseen)
            if score <= best_key[0]:
                key = (score, -points[i], i)
                if key < best_key:
                    best_key, best, kept = key, c, deadwood
        self._kept = (mask ^ best.bit, kept)
        return best, kept

    def _take_helps(self, view: View, top: Card) -> bool:
        fast = self._fast(view.variant)
        mask = _mask(view.hand) if fast is not None else None
        if fast is not None and mask is not None and not mask & top.bit:
            # some card of the hand, thrown after the take, leaves less deadwood than now; throwing
            # the top card back leaves what the hand has now, so the best discard says it
            kept = self._kept
            now = kept[1] if kept[0] == mask else fast.least(mask)
            return _least_after_take(fast, mask, top, now) < now
        now = self._deadwood(view, view.hand)
        hand = (*view.hand, top)
        after = min(self._deadwood(view, _less(hand, c)) for c in set(view.hand))
        return after < now

    def start(self, view: View) -> ActionKind:
        top = view.top
        if top is not None and ActionKind.TAKE in view.options and self._take_helps(view, top):
            return ActionKind.TAKE
        if ActionKind.DRAW in view.options:
            return ActionKind.DRAW
        return view.options[0]

    def lay_down(self, view: View) -> LayDown | None:
        if view.phase == ViewPhase.LAYOFF:
            return self._defend(view)
        return None

    def within_rules(self, play: LayDown) -> Iterator[LayDown]:
        """Smaller plays to try, in order, where the judge refuses ``play`` under a house rule the
        bots' searches do not model (basic's one meld a turn, its final discard when going out, its
        lay-offs only after one's own meld; gin's limit on how far lay-offs grow a run): the melds
        with fewer lay-offs, then the lay-offs alone, then fewer melds.  The engine plays the first
        the judge allows, else none (``engine._Hand.lay``)."""
        melds, layoffs = play.melds, play.layoffs
        for count in range(len(layoffs) - 1, -1, -1):
            if melds or count:
                yield LayDown(melds, layoffs[:count])
        if melds:
            for count in range(len(layoffs), 0, -1):
                yield LayDown((), layoffs[:count])
        for count in range(len(melds) - 1, 0, -1):
            yield LayDown(melds[:count], ())

    def _defend(self, view: View) -> LayDown | None:
        """Gin defender after a knock: own melds, and the best lay-offs on the knocker's melds unless gin."""
        variant = view.variant
        assert view.knocker is not None
        knocker = view.names[view.knocker]
        owned = [t for t in view.table if t.owner == knocker]
        if view.hand_sizes[view.knocker] == 0:  # the knocker kept no deadwood: gin, no lay-offs (GIN-GIN)
            melds = search_melds(view.hand, variant)  # the search's own melds, on bitmasks (None: ask it)
            if melds is not None:
                return LayDown(melds) or None
            arrangement = search(view.hand, variant=variant)
            return LayDown(arrangement.melds) or None if arrangement is not None else None
        fast = self._fast(variant)
        if fast is not None and variant.ace == "low" and len(set(view.hand)) == len(view.hand):
            return _fast_defence(view.hand, owned, variant, fast[0])
        best = gin_layoffs(view.hand, [t.meld for t in owned], variant=variant)
        layoffs = tuple(LayOff(card, owned[m].number, card) for card, m in best.layoffs)
        return LayDown(best.melds, layoffs) or None

    def discard(self, view: View) -> Card:
        fast = self._fast(view.variant)
        found = _fast_choices(view, fast) if fast is not None else None
        if fast is not None and found is not None:
            return self._best_fast(view, fast, found[2], found[0], found[1])[0]
        return self._best_discard(view, view.hand, discard_choices(view))

    def knock(self, view: View, card: Card) -> bool:
        return False

    def knock_melds(self, view: View, card: Card) -> tuple[Meld, ...] | None:
        """The melds laid down with a knock: the exact search's best arrangement of the hand
        less ``card`` (None when only the search itself can say: the judge then finds it)."""
        return search_melds(_less(view.hand, card), view.variant)


# -- gin ---------------------------------------------------------------------------------------------

class GinBase(BaseBot):
    """Gin: take the upcard when it allows a knock or lowers deadwood by ``take_gain``, throw the card
    leaving the least, knock by rule."""

    label = "gin-base"
    # lighter than the basic bots' 2 and 5: chosen on seed 23 against OpenSpiel's simple bot,
    # checked on seeds 11 and 37 (see docs/simulate.md)
    partner_weight = 1.0
    feed_weight = 3.0
    #: take the top discard only when it allows a knock the bot wants or lowers the least deadwood
    #: by at least this much (a card from the stock may make a meld; a taken card tells the
    #: opponent what the hand holds).  Chosen on seeds 1 and 2 against OpenSpiel's simple bot among
    #: 1 (any gain), 3, 6 and 9 and "only when it joins a meld", checked on seeds 101 to 104
    #: (docs/simulate.md)
    take_gain: ClassVar[int] = 6
    #: the same gain for gin's first upcard (GIN-DEAL); None: ``take_gain`` (0, 3 and 12 tried on
    #: seed 4 against OpenSpiel's simple bot: all level with 6, docs/bots.md)
    first_gain: ClassVar[int | None] = None

    @classmethod
    def fits(cls, game: Game) -> bool:
        return game.knocks

    def __init__(self) -> None:
        super().__init__()
        # the last discard's view, the card chosen and the least deadwood it leaves (for knock)
        self._left: tuple[View, Card, int] | None = None
        self._limit: tuple[Variant, Card | None, int] | None = None
        # the discard's answer of ``wants_knock`` (view, deadwood, answer), which ``knock`` asks again
        self._wanted: tuple[View | None, int, bool] = (None, -1, False)

    def knock_limit(self, view: View) -> int:
        found = self._limit
        if found is None or found[0] is not view.variant or found[1] is not view.upcard:
            found = self._limit = (view.variant, view.upcard, gin_knock_limit(view.variant, view.upcard)[0])
        return found[2]

    def wants_knock(self, view: View, deadwood: int) -> bool:
        return deadwood <= self.knock_limit(view)

    def _take_helps(self, view: View, top: Card, gain: int | None = None) -> bool:
        fast = self._fast(view.variant)
        mask = _mask(view.hand) if fast is not None else None
        if fast is not None and mask is not None and not mask & top.bit:
            kept = self._kept  # the hand the last discard left, and its least deadwood
            now = kept[1] if kept[0] == mask else fast.least(mask)
            after = _least_after_take(fast, mask, top, now)
        else:
            now = self._deadwood(view, view.hand)
            hand = (*view.hand, top)
            after = min(self._deadwood(view, _less(hand, c)) for c in set(view.hand))
        if after < now and after <= self.knock_limit(view) and self.wants_knock(view, after):
            return True
        return now - after >= (self.take_gain if gain is None else gain)

    def start(self, view: View) -> ActionKind:
        """The usual take rule, the first upcard included (GIN-DEAL): taken only when it helps, else
        passed (``BaseBot.start`` would take it, ``options[0]``, whether it helps or not)."""
        if view.phase == ViewPhase.UPCARD and ActionKind.PASS in view.options:
            top = view.top
            helps = top is not None and self._take_helps(view, top, self.first_gain)
            return ActionKind.TAKE if helps else ActionKind.PASS
        return super().start(view)

    def knock(self, view: View, card: Card) -> bool:
        memo = self._left
        if memo is not None and memo[0] is view and memo[1] is card:
            deadwood = memo[2]
        else:
            deadwood = self._deadwood(view, _less(view.hand, card))
        if deadwood > self.knock_limit(view):
            return False
        wanted = self._wanted  # the discard asked it already for this view and deadwood (most knocks)
        if wanted[0] is view and wanted[1] == deadwood:
            return wanted[2]
        return self.wants_knock(view, deadwood)

    def discard(self, view: View) -> Card:
        """The usual discard, unless some discard allows a knock the bot wants: then the discard
        leaving the least deadwood (so a knock is never missed for a card kept for later)."""
        fast = self._fast(view.variant)
        found = _fast_choices(view, fast) if fast is not None else None
        if found is not None:
            choices, left, mask = found
        else:
            choices = discard_choices(view)
            left = [self._deadwood(view, _less(view.hand, c)) for c in choices]
        least = min(left)
        wants = False
        if least <= self.knock_limit(view):
            wants = self.wants_knock(view, least)
            self._wanted = (view, least, wants)
        if wants:
            if fast is not None and found is not None:  # the cards' points from the fast path's table
                table = fast.points
                card, deadwood = min(zip(choices, left), key=lambda p: (p[1], -table[p[0].index], p[0].index))
            else:
                points = view.variant.card_points
                card, deadwood = min(zip(choices, left), key=lambda p: (p[1], -points(p[0]), p[0].index))
        elif fast is not None and found is not None:
            card, deadwood = self._best_fast(view, fast, mask, choices, left)
        else:
            card = self._best_discard(view, view.hand, choices, left)
            deadwood = left[[c.index for c in choices].index(card.index)]
        self._left = (view, card, deadwood)
        return card


class GinKnock(GinBase):
    """Knock as soon as the rules allow."""

    label = "knock"


class GinOnly(GinBase):
    """Never knock with deadwood: play every hand to gin."""

    label = "gin"

    def wants_knock(self, view: View, deadwood: int) -> bool:
        return deadwood == 0


class GinKnockAt(GinBase):
    """Knock only with ``k`` or less deadwood (``knock-at-5``: 5)."""

    label = "knock-at"
    k: ClassVar[int] = 5

    def wants_knock(self, view: View, deadwood: int) -> bool:
        return deadwood <= self.k


def knock_at(k: int) -> type[GinKnockAt]:
    """The knock-at-``k`` bot class."""
    return type(f"GinKnockAt{k}", (GinKnockAt,), {"k": k, "label": f"knock-at-{k}",
                                                   "__doc__": f"Knock only with {k} or less deadwood."})


# -- basic ---------------------------------------------------------------------------------------------

class BasicBase(BaseBot):
    """Basic rummy: draw and discard by deadwood; lay down by strategy."""

    label = "basic-base"

    @classmethod
    def fits(cls, game: Game) -> bool:
        return game.turn_starts_with_draw

    def _take_helps(self, view: View, top: Card) -> bool:
        """A card that lays off on the table is taken when it goes down this turn (``takes_layoff``;
        from a hand of one card it always does, and the player goes out); else the usual rule,
        except that a hand of one card takes nothing else: a lower card taken only lowers what
        it pays, where a card drawn from the stock may lay off and take it out at once."""
        if top.index in table_wants(view.table, view.variant) and (len(view.hand) == 1
                                                                  or self.takes_layoff(view, top)):
            return True
        if len(view.hand) == 1:
            return False
        return super()._take_helps(view, top)

    def takes_layoff(self, view: View, top: Card) -> bool:
        """Whether the top discard, which lays off, would be laid down this turn once taken (a bot
        that lays everything down at once: always)."""
        return True

    def wants_to_lay(self, view: View, play: LayDown, left: tuple[Card, ...]) -> bool:
        return True

    def discard(self, view: View) -> Card:
        """``BaseBot.discard`` among the loose cards only, while one is left: a card whose loss lowers
        the least deadwood by its own points (it is deadwood in some best arrangement), so no meld
        held back is broken for a card that feeds the next player or has partners.  After taking
        the top discard, among the cards that leave less deadwood than the hand had before the take
        (the reason it was taken; ``_take_helps`` says one does), so a take always pays: without
        this, a card kept for its partners could make the take a swap of one loose card for
        another, and two players holding melds back could take each other's throws for ever."""
        variant = view.variant
        fast = self._fast(variant)
        found = _fast_choices(view, fast) if fast is not None else None
        took = view.took if view.drew == "discard" else None
        if fast is not None and found is not None:
            choices, left, mask = found
            least, points = fast.least(mask), fast.points
            keep = [i for i, (c, d) in enumerate(zip(choices, left)) if d + points[c.index] == least] \
                or list(range(len(choices)))
            if took is not None and mask & took.bit:
                before = fast.least(mask ^ took.bit)
                keep = [i for i in keep if left[i] < before] or keep
            choices, left = [choices[i] for i in keep], [left[i] for i in keep]
            return self._best_fast(view, fast, mask, choices, left)[0]
        every = discard_choices(view)
        whole = min_deadwood(view.hand, variant=variant)
        after = {c: min_deadwood(_less(view.hand, c), variant=variant) for c in every}
        free = [c for c in every if after[c] + variant.card_points(c) == whole] or every
        if took is not None and took in view.hand:
            before = min_deadwood(_less(view.hand, took), variant=variant)
            free = [c for c in free if after[c] < before] or free
        return self._best_discard(view, view.hand, free)

    def lay_down(self, view: View) -> LayDown | None:
        variant = view.variant
        wanted = table_wants(view.table, variant)
        if not any(c.index in wanted for c in view.hand) and \
                min_deadwood(view.hand, variant=variant) == variant.points(view.hand):
            return None  # no meld in hand and nothing lays off: skip the whole-play search
        most = _most_melds(view)
        quick: tuple[Meld, ...] | None = None
        layoffs: Sequence[LayOff] = ()
        left: Sequence[Card]
        if most is None and variant.ace == "low" and not any(c.index in wanted for c in view.hand):
            # no card of the hand lays off (``table_wants`` lists every card that could, ace low), so
            # the play is the exact search's melds of the hand, worked out on bitmasks where it can
            quick = search_melds(view.hand, variant)
        if quick is not None:
            melds, left = quick, _less_all(view.hand, quick)
        else:
            play = exact_play(view.hand, view.table, variant=variant, max_melds=most)
            if play is None:
                return None
            _, melds, layoffs, left = play
        found = LayDown(tuple(melds), tuple(layoffs))
        if not found:
            return None
        took = view.took if view.drew == "discard" else None
        if took is not None and tuple(left) == (took,):
            return None  # the only card left would be the one just taken (BASIC-DISCARD)
        minimum = int(variant.option("opening_points") or 0)
        if minimum and not view.has_opened:  # lay-offs alone count nothing toward it (BASIC-OPEN)
            if sum(variant.card_points(c) for m in melds for c in m.stands_for) < minimum:
                return None
        if not self.wants_to_lay(view, found, tuple(left)):
            return None
        return found


class BasicEager(BasicBase):
    """Lay every meld and lay-off down as soon as it is found."""

    label = "eager"


class BasicPatient(BasicBase):
    """Hold melds back to go out in one turn (rummy doubles the points) unless holding costs more
    than it is worth: the points held in the melds times the chance that an opponent goes out
    before this player's next turn (``basic_danger``) reach ``hold_value``, or the stock is nearly out."""

    label = "patient"
    #: the points one more turn of holding back is worth (a stated value, not fitted)
    hold_value: ClassVar[float] = 2.0

    def wants_to_lay(self, view: View, play: LayDown, left: tuple[Card, ...]) -> bool:
        return self._lays(view, view.hand, left)

    def _lays(self, view: View, hand: Sequence[Card], left: Sequence[Card]) -> bool:
        if len(left) <= 1:
            return True  # goes out this turn
        if view.has_opened:
            return True  # laid down before this hand: no rummy is left to wait for (BASIC-RUMMY)
        held = view.variant.points(hand) - view.variant.points(left)
        return basic_danger(view) * held >= self.hold_value or view.stock < 6

    def takes_layoff(self, view: View, top: Card) -> bool:
        """Only when the hand with it would be laid down now: a card taken to be held back is
        thrown again later, and two such players pass the same cards back and forth for ever."""
        hand = (*view.hand, top)
        play = exact_play(hand, view.table, variant=view.variant, max_melds=_most_melds(view))
        return play is not None and self._lays(view, hand, play[3])


#: the outs weight of ``eager-outs`` and ``patient-outs``: chosen on seeds 1 and 2 among 0.5, 1, 1.5
#: and 2, checked on seeds 3101 and 3102 (docs/simulate.md)
BASIC_OUTS_WEIGHT = 2.0


class BasicEagerOuts(BasicEager):
    """``eager`` that also counts a loose card's outs against throwing it (``outs_lost``)."""

    label = "eager-outs"
    outs_weight = BASIC_OUTS_WEIGHT


class BasicPatientOuts(BasicPatient):
    """``patient`` that also counts a loose card's outs against throwing it (``outs_lost``)."""

    label = "patient-outs"
    outs_weight = BASIC_OUTS_WEIGHT


#: the chance that a basic player goes out in his next turn by the cards he holds at its start
#: (``_BASIC_OUT[size]``; larger hands: the last entry, a hand that has laid nothing down and can
#: still go out in one turn), measured in self-play of eager and patient by ``bench/bing_study.py
#: --variant basic --going-out`` (docs/simulate.md)
_BASIC_OUT: tuple[float, ...] = (0.0, 0.21, 0.03, 0.12, 0.002, 0.0, 0.0, 0.026)


def basic_danger(view: View) -> float:
    """The chance that some opponent goes out before this player's next turn (basic)."""
    last = len(_BASIC_OUT) - 1
    return _any_of(_BASIC_OUT[min(view.hand_sizes[s], last)] for s in view.opponents())


def _any_of(chances: Iterable[float]) -> float:
    """The chance that at least one of independent events of these chances happens."""
    stay = 1.0
    for chance in chances:
        stay *= 1.0 - chance
    return 1.0 - stay


# -- bing ------------------------------------------------------------------------------------------------

class BingBase(BaseBot):
    """Bing: open by strategy; once opened, meld and lay off whenever the limit allows.

    The bot lays its hand out with the exact search (``search``, about half a millisecond for
    fifteen Bing cards; the arrangements are kept by hand, so a turn searches two or three
    hands) and throws only a loose card of the best arrangement while one is left: the
    card thrown lowers the deadwood by its own points, and no complete meld is broken
    (a deuce is never thrown).  Among the loose cards: the most points and the fewest
    loose partners (a second copy of the card among them is one: BING-SET allows
    ``8s 8h 8s``), the partners weighing less as the danger of being caught rises
    (``danger``), and a card that lays off on a table meld kept (``lay_off_weight``).  It
    takes the top discard when it is a deuce or sits in a meld of the best arrangement with
    it (with fewer than three cards: only a card that lays off).

    ``open_melds``: the melds the strategy's own opening holds (None: only a lay-down of
    every card).  ``hold_value`` (None for the pure strategies): a hybrid also opens with
    fewer melds when holding on costs more than it is worth, by the expected value in
    points over the next round: ``danger(view) x (points in hand - points left after the
    opening) >= hold_value`` (the points caught saved if someone goes out before this
    player's next turn, against what one more turn of waiting is worth).
    """

    label = "bing-base"
    #: melds an opening must hold for this strategy (None: only a lay-down that goes out)
    open_melds: ClassVar[int | None] = 3
    #: hybrids: the points one more turn of holding on is worth (None: a pure strategy, no fallback)
    hold_value: ClassVar[float | None] = None
    #: the weight of a loose partner against a point of the card, with no danger (``discard``)
    partner_weight = 6.0
    #: points taken off a loose card's claim to be thrown when it lays off on a table meld (8 until
    #: 2026-12-06; at 32 such a card goes only when nothing else loose is left to throw in practice:
    #: measured with ``bench/bing_setting.py``, docs/simulate.md)
    lay_off_weight = 32.0
    #: points taken off a loose card's claim to be thrown when it joins a card the next player
    #: took from the pile this hand (the same rank, or the same suit within two ranks: ``feeds``)
    feed_weight = 0.0

    def __init__(self) -> None:
        super().__init__()
        self._plan: LayDown | None = None
        # the hands this bot started its turns with since the stock last moved (at ``_seen_stock``
        # cards): the same again means only takes from the pile came between, a round that can
        # repeat for ever (no Bing rule ends a hand whose stock is not drawn)
        self._seen: set[tuple[int, ...]] = set()
        self._seen_stock = -1
        # the exact search's best arrangement by hand (sorted card indexes), a few turns' worth
        self._arranged: dict[tuple[int, ...], Arrangement] = {}

    @classmethod
    def fits(cls, game: Game) -> bool:
        return game.melds_instead_of_drawing

    def _arrange(self, view: View, cards: Sequence[Card]) -> Arrangement:
        """The best arrangement of ``cards`` (any number of melds), from the exact search."""
        key = tuple(sorted(map(_index, cards)))
        found = self._arranged.get(key)
        if found is None:
            if len(self._arranged) >= 16:
                self._arranged.clear()
            found = search(cards, variant=view.variant)
            assert found is not None  # with no melds needed some arrangement always stands
            self._arranged[key] = found
        return found

    def _going_round(self, view: View) -> bool:
        """Whether this turn starts as one of this bot's earlier turns did, the stock unmoved."""
        key = tuple(sorted(c.index for c in view.hand))
        if view.stock != self._seen_stock:  # the stock moved (or a new hand): earlier rounds cannot come back
            self._seen.clear()
            self._seen_stock = view.stock
        again = key in self._seen
        self._seen.add(key)
        return again

    def _limit_ok(self, view: View, points: int, *, hold: bool) -> bool:
        check = view.game.limit_check(score=view.score, points=points, hold=hold)
        return check is None or check.ok

    def _lay_out(self, view: View, least: int) -> tuple[LayDown, tuple[Card, ...]] | None:
        """The opening with at least ``least`` melds leaving the fewest points (lay-offs included)
        and the cards it leaves, or None when there is none or it breaks the limit."""
        variant = view.variant
        arrangement = search(view.hand, variant=variant, min_melds=least)
        if arrangement is None:
            return None
        layoffs: tuple[LayOff, ...] = ()
        left = arrangement.deadwood
        if left and view.table and variant.option("layoff_in_opening"):
            layoffs, left = bing_layoffs(left, view.table, variant)
        if not self._limit_ok(view, variant.points(left), hold=False):
            return None
        return LayDown(arrangement.melds, layoffs), left

    def _opening(self, view: View) -> LayDown | None:
        """The opening this strategy lays down now, or None."""
        needed = view.game.melds_needed(False)
        want = self.open_melds
        own = self._lay_out(view, needed if want is None else max(want, needed))
        if own is not None and (want is not None or not own[1]):
            return own[0]  # the strategy's own opening (sandbag: one that goes out)
        if self.hold_value is None:
            return None
        fallback = own if want is None else self._lay_out(view, needed)
        if fallback is None:
            return None
        saved = view.variant.points(view.hand) - view.variant.points(fallback[1])
        return fallback[0] if danger(view) * saved >= self.hold_value else None

    def _after_opening(self, view: View) -> LayDown | None:
        """Melds and lay-offs an opened player can put down now within the limit."""
        variant = view.variant
        hand = view.hand
        melds: tuple[Meld, ...] = ()
        left: tuple[Card, ...] = hand
        if len(hand) >= 3:
            arrangement = self._arrange(view, hand)
            melds, left = arrangement.melds, arrangement.deadwood
        layoffs, left = bing_layoffs(left, view.table, variant)
        found = LayDown(melds, layoffs)
        if not found or not self._limit_ok(view, variant.points(left), hold=False):
            return None
        return found

    def start(self, view: View) -> ActionKind:
        self._plan = None
        if ActionKind.LAY_DOWN in view.options:
            plan = self._after_opening(view) if view.has_opened else self._opening(view)
            if plan:
                self._plan = plan
                return ActionKind.LAY_DOWN
        top = view.top
        if top is not None and ActionKind.TAKE in view.options and not self._going_round(view) \
                and self._bing_take(view, top):
            return ActionKind.TAKE
        if ActionKind.DRAW in view.options:
            return ActionKind.DRAW
        if ActionKind.TAKE in view.options:
            return ActionKind.TAKE
        return view.options[0]

    def _bing_take(self, view: View, top: Card) -> bool:
        variant = view.variant
        hand = (*view.hand, top)
        if view.has_opened:
            best = min(variant.points(_less(hand, c)) for c in set(view.hand))
            if not self._limit_ok(view, best, hold=True):
                return False
        if len(view.hand) < 3:  # a take leaves as few cards, too few for a meld: only a lay-off helps
            return top.index in table_wants(view.table, variant) or variant.is_wild(top) and bool(view.table)
        if variant.is_wild(top):
            return True
        if not may_meld(top, hand, variant):
            return False  # no meld of the hand with it could hold it: skip the search
        # the top card sits in a meld of the best arrangement of the hand with it
        return top not in self._arrange(view, hand).deadwood

    def lay_down(self, view: View) -> LayDown | None:
        plan, self._plan = self._plan, None
        return plan

    def discard(self, view: View) -> Card:
        variant = view.variant
        choices = discard_choices(view)
        if view.drew == "discard" and view.took is not None:
            # BING-TURN: a card taken from the pile is not thrown back; with two decks the other
            # copy of it would be legal, but it undoes the take (two bots doing it forever loop)
            choices = [c for c in choices if c != view.took] or choices
        naturals = [c for c in choices if not variant.is_wild(c)] or choices
        loose = list(self._arrange(view, view.hand).deadwood)
        if view.has_opened:
            total = variant.points(view.hand)
            legal = [c for c in naturals if self._limit_ok(view, total - variant.card_points(c), hold=True)]
            if not legal:
                legal = [c for c in choices if self._limit_ok(view, total - variant.card_points(c), hold=True)]
            naturals = legal or naturals
        free = [c for c in naturals if c in loose]
        if not free:  # every card sits in a meld: the card whose loss leaves the least deadwood
            return min(naturals, key=lambda c: (min_deadwood(_less(view.hand, c), variant=variant),
                                                -variant.card_points(c), c.index))
        weight = self.partner_weight * (1.0 - danger(view))
        wanted = table_wants(view.table, variant)
        feed, lay_off = self.feed_weight, self.lay_off_weight
        taken = view.taken[view.next_seat()] if feed else ()

        def badness(card: Card) -> tuple[float, int]:
            value = variant.card_points(card) - weight * partners(card, _less(loose, card), variant)
            if card.index in wanted:
                value -= lay_off
            elif taken and feeds(card, view, _NOTHING, taken):
                value -= feed
            return value, card.index

        return max(free, key=badness)


#: the chance that a Bing player goes out in his next turn, by hand size, for a player who has opened
#: (``_OUT_OPENED[size]``; larger hands: the last entry) and one who has not (``_OUT_UNOPENED``): the
#: rates measured in self-play by ``bench/bing_study.py --going-out`` (docs/simulate.md)
_OUT_OPENED: tuple[float, ...] = (0.0, 0.243, 0.024, 0.076, 0.008, 0.005)
_OUT_UNOPENED = 0.044


def out_chance(*, opened: bool, size: int) -> float:
    """The chance that a Bing player goes out in his next turn (the measured rates above)."""
    if not opened:
        return _OUT_UNOPENED
    return _OUT_OPENED[min(size, len(_OUT_OPENED) - 1)]


def danger_from(players: Iterable[tuple[bool, int]]) -> float:
    """The chance that one of ``players`` (opened, hand size) goes out in his next turn."""
    return _any_of(out_chance(opened=opened, size=size) for opened, size in players)


def danger(view: View) -> float:
    """The chance that some opponent goes out before this player's next turn: each plays one turn,
    each by ``out_chance`` (an unopened opponent counts too: he can meld all fourteen cards at once)."""
    return danger_from((view.opened[s], view.hand_sizes[s]) for s in view.opponents())


class BingEarly(BingBase):
    """Early lay: open as soon as three melds are possible."""

    label = "early"
    open_melds = 3


class BingCommon(BingBase):
    """Common: hold off until four melds (usually two cards over), whatever the danger."""

    label = "common"
    open_melds = 4


class BingSandbag(BingBase):
    """Sandbagging: hold everything and meld all 14 at once, whatever the danger."""

    label = "sandbag"
    open_melds = None


# the hybrids' hold values were chosen on seed 2 (240 three-player games against early for each of
# 3, 10, 20 and 40; docs/simulate.md): waiting for a fourth meld is worth little, waiting to go out
# more

class BingCommonEV(BingCommon):
    """Common, but open with three melds when holding on costs more than it is worth (``hold_value``)."""

    label = "common-ev"
    hold_value = 3.0


class BingSandbagEV(BingSandbag):
    """Sandbagging, but open with three melds or more when holding on costs more than it is worth."""

    label = "sandbag-ev"
    hold_value = 10.0


# -- random -------------------------------------------------------------------------------------------------

class RandomBot(BaseBot):
    """A random legal player for every game: random starts and discards; lays down or knocks at random when it can."""

    label = "random"

    def __init__(self) -> None:
        super().__init__()
        self._plan: LayDown | None = None

    def start(self, view: View) -> ActionKind:
        options = list(view.options)
        if ActionKind.LAY_DOWN in options:
            game = view.game
            needed = game.melds_needed(view.has_opened)
            found = search(view.hand, variant=view.variant, min_melds=max(needed, 1))
            ok = found is not None and self.rng.random() < 0.5
            if ok:
                assert found is not None
                check = game.limit_check(score=view.score, points=found.points)
                ok = check is None or check.ok
            if ok:
                assert found is not None
                self._plan = LayDown(found.melds)
                return ActionKind.LAY_DOWN
            options.remove(ActionKind.LAY_DOWN)
        if view.has_opened and ActionKind.TAKE in options and view.top is not None:
            options.remove(ActionKind.TAKE)  # a Bing take could break the limit hold; keep it simple
        return self.rng.choice(options or list(view.options))

    def lay_down(self, view: View) -> LayDown | None:
        if view.phase == ViewPhase.LAYOFF:
            return self._defend(view)
        plan, self._plan = self._plan, None
        if plan is not None:
            return plan
        if view.game.turn_starts_with_draw and self.rng.random() < 0.5:
            found = search(view.hand, variant=view.variant, min_melds=1)
            if found is not None and len(found.deadwood) >= 1:
                took = view.took if view.drew == "discard" else None
                if not (took is not None and found.deadwood == (took,)):
                    return LayDown(found.melds)
        return None

    def discard(self, view: View) -> Card:
        variant = view.variant
        choices = discard_choices(view)
        if view.has_opened and view.game.has_limit:
            total = variant.points(view.hand)
            legal = [c for c in choices
                     if (lambda chk: chk is None or chk.ok)(view.game.limit_check(
                         score=view.score, points=total - variant.card_points(c), hold=True))]
            choices = legal or choices
        return self.rng.choice(choices)

    def knock(self, view: View, card: Card) -> bool:
        deadwood = min_deadwood(_less(view.hand, card), variant=view.variant)
        return deadwood <= gin_knock_limit(view.variant, view.upcard)[0] and self.rng.random() < 0.5


# -- the registry -------------------------------------------------------------------------------------------

BOTS: dict[str, type[BaseBot]] = {
    "early": BingEarly,
    "common": BingCommon,
    "sandbag": BingSandbag,
    "common-ev": BingCommonEV,
    "sandbag-ev": BingSandbagEV,
    "knock": GinKnock,
    "gin": GinOnly,
    "eager": BasicEager,
    "patient": BasicPatient,
    "eager-outs": BasicEagerOuts,
    "patient-outs": BasicPatientOuts,
    "random": RandomBot,
}

#: shipped bots in modules of their own, which build on this one (so this one may not import
#: them): loaded by name when asked for, as a user's ``package.module:ClassName`` is
LATER_BOTS: dict[str, str] = {
    "expert": "rummycheck.sim.gin_expert:GinExpert",
    "expert-race": "rummycheck.sim.gin_expert:GinExpertRace",
}

_KNOCK_AT = re.compile(r"knock-at-(\d+)$")
_MC = re.compile(r"mc(?:-(\d+))?$")


def shipped_fast_bot(spec: str) -> bool:
    """Whether ``spec`` names a shipped bot that plays without rollouts: never a plug-in
    (``package.module:ClassName``, whose module runs when loaded) nor an ``mc`` bot.  What a data
    file may name (``verify``'s ``strategies``)."""
    spec = spec.strip()
    match = _KNOCK_AT.match(spec)
    return spec in BOTS or spec in LATER_BOTS or (match is not None and len(match.group(1)) <= 3)


def bot_class(spec: str) -> type[Bot]:
    """The bot class named by ``spec``: a shipped name (``early``, ``knock-at-5``, ...) or
    ``package.module:ClassName`` (a module in the current folder is found too).  Whatever
    goes wrong importing the module (an ``ImportError``, a ``SyntaxError``, an error raised
    or ``sys.exit`` called at import) is a ``BotError`` naming the module."""
    spec = spec.strip()
    if spec in BOTS:
        return BOTS[spec]
    if spec in LATER_BOTS:
        module_name, _, class_name = LATER_BOTS[spec].partition(":")
        later: type[Bot] = getattr(importlib.import_module(module_name), class_name)
        return later
    match = _KNOCK_AT.match(spec)
    if match:
        digits = match.group(1)
        if len(digits) > 3:
            raise BotError(f"bot {shorten(spec)}: a knock limit is a number of points, at most 999")
        return knock_at(int(digits))
    match = _MC.match(spec)
    if match:  # the evaluator at a budget: it sits above the simulator, so it is loaded by name
        digits = match.group(1) or ""
        if len(digits) > 5:
            raise BotError(f"bot {shorten(spec)}: an mc bot's samples are at most 10,000")
        evaluator = importlib.import_module("rummycheck.analysis.mc")
        try:
            made: type[Bot] = evaluator.mc_bot(int(digits)) if digits else evaluator.MonteCarloBot
        except ValueError as error:
            raise BotError(f"bot {shorten(spec)}: {error}") from None
        return made
    if ":" in spec:
        module_name, _, class_name = spec.partition(":")
        module = _import_bot_module(module_name.strip())
        found = getattr(module, class_name.strip(), None)
        if not isinstance(found, type):
            raise BotError(f"module {module_name!r} has no class {class_name!r}")
        needed = ("setup", "start", "lay_down", "discard", "knock")
        missing = [m for m in needed if not callable(getattr(found, m, None))]
        if missing:
            raise BotError(f"{spec!r} is not a bot: it lacks {', '.join(missing)} (see rummycheck.sim.bots.Bot)")
        return found
    known = ", ".join([*BOTS, *LATER_BOTS, "knock-at-K", "mc", "mc-N"])
    raise BotError(f"unknown bot {shorten(spec)}; shipped bots: {known}; or give package.module:ClassName")


def _import_bot_module(name: str) -> object:
    if not name:
        raise BotError("a bot is package.module:ClassName; the module name is empty")
    folder = os.getcwd()
    if folder not in sys.path and "" not in sys.path:
        sys.path.append(folder)  # after the installed packages: a file here never hides one of them
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # what the module prints never reaches our output
            module = importlib.import_module(name)
    except KeyboardInterrupt:
        raise
    except SyntaxError as error:
        where = f" ({error.filename}, line {error.lineno})" if error.filename else ""
        raise BotError(f"cannot import the bot module {name!r}: SyntaxError: {error.msg}{where}") from None
    except SystemExit as error:
        raise BotError(f"cannot import the bot module {name!r}: it called sys.exit({error.code!r})") from None
    except ModuleNotFoundError as error:
        if error.name is not None and (name == error.name or name.startswith(error.name + ".")):  # not found itself
            raise BotError(f"no bot module {name!r}: no {error.name}.py in the current folder "
                           f"({folder}) and no installed package of that name") from None
        raise BotError(f"cannot import the bot module {name!r}: ModuleNotFoundError: {error}") from None
    except BaseException as error:  # a bot's module is the user's code: any failure is told in one line
        raise BotError(f"cannot import the bot module {name!r}: {type(error).__name__}: {error}") from None
    source = getattr(module, "__file__", None)
    if isinstance(source, str):  # an input of the command: its writers never overwrite it (--html, say)
        remember_read(source)
    return module


def bot_label(spec: str) -> str:
    """The name a bot goes by in tables: the shipped name, else the class name."""
    spec = spec.strip()
    if ":" in spec:
        return spec.partition(":")[2]
    return spec
