"""Exact facts of each discard: the least deadwood kept, the outs, and the chances of the next draw.

A player holds his hand just after his draw (gin 11 cards, basic one more than dealt,
Bing 15 before opening or any size after).  For every card he may discard, ``discard_facts``
answers, by enumeration and never by sampling:

* ``deadwood`` - the points he keeps.  Gin and basic: the least deadwood of the hand
  after the discard (``min_deadwood``).  Bing: the points left after the best legal
  lay-down of that hand on his next meld turn (the game's ``solve``: the opening's melds,
  BING-OPEN, and the limit, BING-LIMIT, with his running score); the whole hand's points
  when no lay-down is legal.  The hand alone: lay-offs on the table do not count here.
* ``outs`` - the distinct cards he has not seen that, drawn next from the stock, let him
  knock (gin: deadwood within the knock limit after the best discard, GIN-KNOCK, the
  Oklahoma limit taken from the upcard), go gin (deadwood 0 after a discard, or big gin),
  or go out (basic: every card melded or laid off on the table's melds, or all but a final
  discard, BASIC-OUT, BASIC-LAYOFF and BASIC-OPEN as the judge applies them; Bing: after the
  draw's discard, every card melded or laid off at the meld turn that follows,
  BING-MELD-TURN and BING-LAYOFF, the discard kept within BING-LIMIT-HOLD once opened).
* ``p_knock_next``, ``p_gin_next``, ``p_out_next`` - the exact chance that the next card
  of the stock is such an out, every unseen card equally likely and each copy counted
  (with two decks a card with two unseen copies counts twice).
* ``p_open_next`` (Bing, before opening) - the exact chance that after the next draw and
  its discard the hand lays down an opening (``opening_melds`` melds, BING-OPEN) within
  the limit (BING-LIMIT) at the next meld turn, lay-offs in that turn counted where
  ``layoff_in_opening`` allows them.

Keeping the card just drawn is always allowed, so a hand that already knocks, goes out
or opens without the draw has every unseen card as an out (chance 1).

What is unseen is the caller's: the deck(s) less the player's hand, the discard pile and
the table.  The table's melds (``table=``, as the state holds them) are those the next
turn finds: the opponents' turns in between are not foreseen.  Gin does not use them (its
lay-offs are the defender's, after a knock: no way out).  Gin and basic use the one-deck
lookup tables of ``rummycheck.solvers.deadwood``; a basic hand that cannot go out alone and
holds a card that might go on a table meld is searched again over every choice of lay-offs
(``solvers.layoffs.layoff_remainders``), the tables throwing out at once the choices that
leave too much.  Bing asks the exact search for each hand once, sharing its memo between the
hands that differ by the cards drawn and discarded; at a table, a hand holding a card that
might go on a table meld is asked of ``solvers.layoffs.best_layoffs`` with that same kind of
shared memo.  Without a table nothing of this is asked: the hand alone, as fast as before.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rummycheck.cards import Card, check_copies, full_deck
from rummycheck.errors import HandSizeError, ScenarioError
from rummycheck.games.base import Game, check_hand_size, game_of
from rummycheck.games.gin import gin_knock_limit
from rummycheck.games.solve import solve
from rummycheck.melds import TableMeld, may_join
from rummycheck.solvers.deadwood import deadwood_counter, hand_mask
from rummycheck.solvers.exact import INF, SearchRules, cost_finder
from rummycheck.solvers.layoffs import best_layoffs, layoff_remainders
from rummycheck.variants import Variant, get_variant

__all__ = ["DiscardFacts", "HandFacts", "discard_facts", "kept_facts"]


def _chance(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


@dataclass(frozen=True, slots=True)
class DiscardFacts:
    """The exact facts of one discard (see the module's docstring for each field's rule).

    ``outs`` are the unseen cards that knock, go gin or go out when drawn next (for gin
    every gin out is a knock out too); ``gin_outs`` the gin ones (gin only, else empty);
    ``open_outs`` the cards that let an unopened Bing player open (None when the game
    has no opening or the player has opened).  Chances are exact fractions over the
    unseen cards, copies counted; ``p_knock_next`` and ``p_gin_next`` are None in a game
    without knocking, ``p_open_next`` None where ``open_outs`` is.
    """

    discard: Card
    deadwood: int
    outs: tuple[Card, ...]
    gin_outs: tuple[Card, ...]
    open_outs: tuple[Card, ...] | None
    p_out_next: Fraction
    p_knock_next: Fraction | None
    p_gin_next: Fraction | None
    p_open_next: Fraction | None

    @property
    def out_chance(self) -> float:
        """``p_out_next`` as a float."""
        return float(self.p_out_next)

    @property
    def knock_chance(self) -> float | None:
        """``p_knock_next`` as a float (None without knocking)."""
        return _chance(self.p_knock_next)

    @property
    def gin_chance(self) -> float | None:
        """``p_gin_next`` as a float (None without knocking)."""
        return _chance(self.p_gin_next)

    @property
    def open_chance(self) -> float | None:
        """``p_open_next`` as a float (None without an opening to make)."""
        return _chance(self.p_open_next)


@dataclass(frozen=True, slots=True)
class HandFacts:
    """The facts of every discard candidate of one hand, in card order.

    ``unseen`` is the number of unseen cards, copies counted: the denominator of every
    chance.  ``knock_limit`` is the limit in force (gin; None in a game without knocking).
    """

    variant: Variant
    hand: tuple[Card, ...]
    score: int
    opened: bool
    unseen: int
    knock_limit: int | None
    discards: tuple[DiscardFacts, ...]

    def of(self, card: Card) -> DiscardFacts:
        """The facts of discarding ``card``; a ``KeyError`` when it is not a candidate."""
        for found in self.discards:
            if found.discard == card:
                return found
        raise KeyError(card)


def discard_facts(hand: Sequence[Card], *, unseen: Mapping[Card, int] | Iterable[Card],
                  variant: Variant | str = "gin", score: int = 0, opened: bool = False,
                  upcard: Card | None = None, took: Card | None = None,
                  discards: Iterable[Card] | None = None, table: Sequence[TableMeld] = ()) -> HandFacts:
    """The exact facts of each discard of ``hand`` (held just after the draw).

    ``unseen``: the cards the player has not seen, as a ``Counter`` (card to copies) or a
    sequence with a card once per copy.  ``score`` and ``opened``: the player's running
    score and whether he has opened (Bing).  ``upcard``: the first upcard (gin under
    Oklahoma, where it sets the knock limit).  ``took``: the card taken from the discard
    pile this turn, which may not be thrown back (unless the game allows it or the hand
    holds another copy).  ``discards``: the candidates (default: every card of the hand).
    ``table``: the melds on the table, which an out may lay cards off on (basic, Bing; gin
    does not lay off while the hand is played); their cards are seen, so none is unseen.

    Every chance is enumerated over every unseen card, never sampled.

    >>> from rummycheck.cards import full_deck, parse_cards
    >>> hand = parse_cards("As 2s 3s 4s 7h 8h 9h 5c 5d Kd Qc")
    >>> rest = [c for c in full_deck() if c not in hand]
    >>> facts = discard_facts(hand, unseen=rest, variant="gin").of(Card.parse("Qc"))
    >>> facts.deadwood, [str(c) for c in facts.outs], facts.p_knock_next, facts.p_gin_next
    (20, ['5s', '5h', '6h', 'Th'], Fraction(4, 41), Fraction(2, 41))
    """
    return _hand_facts(hand, unseen=unseen, variant=variant, score=score, opened=opened, upcard=upcard,
                       took=took, discards=discards, table=table)


def _hand_facts(hand: Sequence[Card], *, unseen: Mapping[Card, int] | Iterable[Card], variant: Variant | str,
                score: int, opened: bool, upcard: Card | None, took: Card | None,
                discards: Iterable[Card] | None, table: Sequence[TableMeld], phantom: Card | None = None
                ) -> HandFacts:
    """``discard_facts``; ``phantom``: a card of ``hand`` that is only there to be thrown again
    (``kept_facts``), left out of the count of copies with the table."""
    if not isinstance(variant, Variant):
        variant = get_variant(variant)
    game = game_of(variant)
    cards = tuple(hand)
    check_copies(cards, decks=variant.decks)
    if isinstance(unseen, Mapping):
        negative = sorted(c for c, n in unseen.items() if n < 0)
        if negative:
            raise ScenarioError(f"unseen cards: {negative[0]} has {unseen[negative[0]]} copies, expected 0 or more")
        pool = Counter({c: n for c, n in unseen.items() if n > 0})
    else:
        pool = Counter(unseen)
    melds = tuple(table)
    on_table = [c for t in melds for c in t.meld.cards]
    real = list(cards)
    if phantom is not None:  # (kept_facts chose it with a copy to spare over the hand and the unseen cards)
        real.remove(phantom)
    check_copies([*real, *pool.elements(), *on_table], decks=variant.decks,
                 what="the hand, the unseen cards and the table together" if on_table
                 else "the hand and the unseen cards together")
    total = sum(pool.values())
    if total == 0:
        raise ScenarioError("no card is unseen: there is no next draw to count chances over")
    if game.knocks:
        if len(cards) != variant.hand_size + 1:
            raise HandSizeError(f"the facts of a discard need the hand just after the draw: "
                                f"{variant.hand_size + 1} cards, got {len(cards)} ({game.DEAL})")
    else:
        check_hand_size(len(cards), variant)
    if len(cards) < 2:
        raise HandSizeError("the facts of a discard need at least two cards: one to discard, one to keep")
    candidates = _candidates(cards, game, took, discards)
    drawn = sorted(pool)
    if game.knocks:
        limit = gin_knock_limit(variant, upcard)[0]
        found = _knock_facts(cards, candidates, drawn, pool, total, variant, limit)
        return HandFacts(variant, cards, score, opened, total, limit, found)
    if game.melds_instead_of_drawing:
        found = _meld_turn_facts(cards, candidates, drawn, pool, total, game, score=score, opened=opened,
                                 table=melds)
    else:
        found = _same_turn_facts(cards, candidates, drawn, pool, total, game, score=score, opened=opened,
                                 table=melds)
    return HandFacts(variant, cards, score, opened, total, None, found)


def kept_facts(hand: Sequence[Card], *, unseen: Mapping[Card, int] | Iterable[Card],
               variant: Variant | str = "gin", score: int = 0, opened: bool = False,
               upcard: Card | None = None, table: Sequence[TableMeld] = ()) -> DiscardFacts | None:
    """The facts of ``hand`` kept as it is, before a draw from the stock: its least deadwood,
    and the unseen cards that, drawn now, let him knock, go gin, go out or open.  They are a
    discard's facts for the hand that discard keeps, so this asks ``discard_facts`` about the
    hand with one seen card more (one the player does not hold and has not missed: a copy
    neither in the hand nor unseen: on the pile or the ``table``), thrown again; the ``discard``
    field is that card.  None when no such card exists (every card is in the hand or unseen: a
    scenario with no pile and no table)."""
    if not isinstance(variant, Variant):
        variant = get_variant(variant)
    pool = Counter({c: n for c, n in unseen.items() if n > 0}) if isinstance(unseen, Mapping) else Counter(unseen)
    held = Counter(hand)
    spare = next((c for c in full_deck() if held[c] + pool[c] < variant.decks), None)
    if spare is None:
        return None
    return _hand_facts((*hand, spare), unseen=pool, variant=variant, score=score, opened=opened, upcard=upcard,
                       took=None, discards=[spare], table=table, phantom=spare).discards[0]


def _candidates(cards: tuple[Card, ...], game: Game, took: Card | None,
                discards: Iterable[Card] | None) -> list[Card]:
    held = Counter(cards)
    if took is not None and took not in held:
        raise ScenarioError(f"the card taken from the discard pile, {took}, is not in the hand")
    if discards is None:
        chosen = sorted(held)
    else:
        chosen = sorted(set(discards))
        for card in chosen:
            if card not in held:
                raise ScenarioError(f"the discard {card} is not in the hand")
    if took is not None and not game.may_discard_taken() and held[took] < 2:
        chosen = [c for c in chosen if c != took]
    if not chosen:
        raise ScenarioError("no discard to judge: the only candidate is the card taken from the discard pile")
    return chosen


def _share(outs: Sequence[Card], pool: Counter[Card], total: int) -> Fraction:
    return Fraction(sum(pool[c] for c in outs), total)


def _one_deck(variant: Variant) -> None:
    if variant.decks != 1:
        raise ScenarioError(f"exact facts for {variant.name} are built for one deck, "
                            f"the variant plays {variant.decks}")


def _knock_facts(cards: tuple[Card, ...], candidates: Sequence[Card], drawn: Sequence[Card], pool: Counter[Card],
                 total: int, variant: Variant, limit: int) -> tuple[DiscardFacts, ...]:
    """Gin: the 11-card hand after each draw, its least deadwood after the best discard (tables)."""
    _one_deck(variant)
    least = deadwood_counter(variant)
    after = deadwood_counter(variant, discard=True)
    whole = hand_mask(cards)
    big_gin: dict[int, bool] = {}

    def gin(mask: int, best: int) -> bool:
        if best == 0:
            return True
        if least(mask):
            return False
        # every card melds but no discard leaves gin: big gin, if the game plays it
        if mask not in big_gin:
            hand = tuple(Card.from_index(i) for i in range(52) if mask >> i & 1)
            big_gin[mask] = bool(solve(hand, variant=variant).fact("gin"))
        return big_gin[mask]

    found = []
    for card in candidates:
        kept = whole ^ card.bit
        outs: list[Card] = []
        gins: list[Card] = []
        for draw in drawn:
            mask = kept | draw.bit
            best = after(mask)
            if gin(mask, best):
                gins.append(draw)
                outs.append(draw)
            elif best <= limit:
                outs.append(draw)
        p_knock = _share(outs, pool, total)
        found.append(DiscardFacts(card, least(kept), tuple(outs), tuple(gins), None, p_knock, p_knock,
                                  _share(gins, pool, total), None))
    return tuple(found)


def _same_turn_facts(cards: tuple[Card, ...], candidates: Sequence[Card], drawn: Sequence[Card],
                     pool: Counter[Card], total: int, game: Game, *, score: int, opened: bool,
                     table: tuple[TableMeld, ...]) -> tuple[DiscardFacts, ...]:
    """Basic: a draw and a lay-down in the same turn.  A hand that melds every card, or all
    but one, after the draw (the lookup tables) is asked of the game's ``solve``, which
    judges going out (BASIC-OUT) and the first lay-down's minimum (BASIC-OPEN); a hand that
    does not is asked ``_LaidOut`` about lay-offs on the ``table`` (BASIC-LAYOFF)."""
    variant = game.variant
    _one_deck(variant)
    least = deadwood_counter(variant)
    after = deadwood_counter(variant, discard=True)
    whole = hand_mask(cards)
    verdicts: dict[int, bool] = {}
    laid_out = _LaidOut(game, table, opened=opened) if table else None

    def goes_out(mask: int) -> bool:
        found = verdicts.get(mask)
        if found is not None:
            return found
        if not (least(mask) and after(mask)):
            hand = tuple(Card.from_index(i) for i in range(52) if mask >> i & 1)
            found = bool(solve(hand, variant=variant, score=score, opened=opened).fact("can_go_out"))
        else:
            found = False  # two cards or more stay in hand whatever is melded: no rule lets it go out
        if not found and laid_out is not None:
            found = laid_out(mask)
        verdicts[mask] = found
        return found

    found = []
    for card in candidates:
        kept = whole ^ card.bit
        outs = tuple(draw for draw in drawn if goes_out(kept | draw.bit))
        found.append(DiscardFacts(card, least(kept), outs, (), None, _share(outs, pool, total), None, None, None))
    return tuple(found)


class _LaidOut:
    """Basic: can a hand (a one-deck mask, just after the draw) go out with cards laid off on the
    table's melds?  Every choice of lay-offs is one remainder of ``layoffs.layoff_remainders`` (the
    hand less the cards laid off); it goes out when the remainder, less a final discard or not,
    melds every card (BASIC-OUT).  The one-deck lookup tables throw out at once the remainders
    that cannot (least deadwood, with or without the best discard, above 0); the others are
    judged by the exact search with the game's rules:

    * lay-offs need the player opened or ``layoff_before_meld`` (BASIC-LAYOFF) with no opening
      minimum (BASIC-OPEN); else they come with a new meld of his own in the same turn, so the
      remainder must hold one;
    * ``melds_per_turn = "one"``: at most one new meld (BASIC-TURN);
    * ``out_discard_required``: a final discard is kept back (BASIC-OUT);
    * ``opening_points`` before opening (BASIC-OPEN): the new melds of the turn's lay-down (the
      remainder, less the discard) must be worth the minimum, as ``solve`` and a record's replay
      judge a turn's melds and lay-offs, one lay-down; lay-offs count nothing toward it.

    A hand that goes out without laying anything off is not asked here (the game's ``solve``
    answers it)."""

    def __init__(self, game: Game, table: tuple[TableMeld, ...], *, opened: bool) -> None:
        variant = game.variant
        self.variant, self.table = variant, table
        self.least = deadwood_counter(variant)
        self.after = deadwood_counter(variant, discard=True)
        # lay-offs only together with a new meld (the game's rule, ``Game.could_lay_off``)
        self.need_meld = not game.could_lay_off(melded=False, opened_before=opened)
        most = game.meld_bounds(opened)[1]
        self.find = cost_finder(SearchRules.from_variant(variant), min_melds=1 if self.need_meld else 0,
                                max_melds=most)
        self.minimum = 0 if opened else int(variant.option("opening_points") or 0)
        self.discard_required = bool(variant.option("out_discard_required"))
        self.points = [variant.card_points(Card.from_index(i)) for i in range(52)]
        # the cards that might go on some table meld (a run's suit, a set's rank): a hand holding none
        # of them lays nothing off
        self.joins = hand_mask({c for t in table for c in may_join(t.meld, full_deck(), variant)})

    def __call__(self, mask: int) -> bool:
        if not mask & self.joins:
            return False
        hand = tuple(Card.from_index(i) for i in range(52) if mask >> i & 1)
        size = len(hand)
        least, after = self.least, self.after
        for left in layoff_remainders(hand, self.table, variant=self.variant):
            if len(left) == size:
                continue  # nothing laid off: the game's ``solve`` judged it
            if left:
                rest = sum(1 << i for i in left)
                if least(rest) and after(rest):
                    continue
            if self.goes_out(left):
                return True
        return False

    def goes_out(self, left: tuple[int, ...]) -> bool:
        """Whether the cards ``left`` after some lay-offs (at least one) go out, less a final discard or not."""
        throws: list[int | None] = [] if self.discard_required else [None]
        throws += sorted(set(left))
        for throw in throws:
            rest = left if throw is None else _without(left, throw)
            if not rest:
                if not self.need_meld:
                    return True  # all laid off: no melds, so no minimum
                continue
            cost = self.find(rest, 0)
            if cost[0] >= INF or cost[1]:
                continue
            if sum(self.points[i] for i in rest) >= self.minimum:
                return True
        return False


_Cost = tuple[int, int, int]
_Hand = tuple[tuple[int, ...], tuple[int, ...]]  # natural card indices and wild card indices, each sorted


def _without(items: tuple[int, ...], item: int) -> tuple[int, ...]:
    at = items.index(item)
    return items[:at] + items[at + 1:]


def _with(items: tuple[int, ...], item: int) -> tuple[int, ...]:
    return tuple(sorted((*items, item)))


class _MeldTurn:
    """Bing's questions about the hand after a draw: can the meld turn that follows open, or
    go out?  A drawing turn ends with a discard and the melds come at the next turn, which
    has no draw (BING-TURN, BING-MELD-TURN); so each discard ``y`` of the hand after the draw
    leaves the meld turn a hand, searched once (the exact search's cost, one memo for every
    hand of the question) and judged by the game's opening count (BING-OPEN) and limits
    (BING-LIMIT, BING-LIMIT-HOLD).

    With melds on the ``table`` and lay-offs allowed at that meld turn (opened, or
    ``layoff_in_opening`` for the opening turn itself, BING-LAYOFF), a hand holding a card that
    might go on a table meld (a wild, a run's suit, a set's rank) is searched with every choice
    of lay-offs (``layoffs.best_layoffs``, its remainders sharing one memo): the fewest points
    left, with the opening's melds before opening and none needed after it.  Which deuce is
    which matters there (a deuce may lay off as itself), so the wilds are kept as cards."""

    def __init__(self, game: Game, cards: tuple[Card, ...], drawn: Sequence[Card], *, score: int,
                 opened: bool, table: tuple[TableMeld, ...] = ()) -> None:
        variant = game.variant
        self.game, self.score, self.opened = game, score, opened
        self.rules = SearchRules.from_variant(variant)
        self.needed = max(1, game.melds_needed(opened))
        # BING-MELD-TURN's house option: the meld turn itself ends with a discard, kept back from the melds
        self.keep_back = bool(variant.get("meld_turn_discard", False))
        self.points = self.rules.points
        self.wild_value = self.rules.wild_points  # a wild left in hand
        self.is_wild = variant.is_wild
        self.naturals = tuple(sorted(c.index for c in cards if not variant.is_wild(c)))
        self.wilds = tuple(sorted(c.index for c in cards if variant.is_wild(c)))
        self.held = sum(self.points[n] for n in self.naturals) + len(self.wilds) * self.wild_value
        # one search memo for every hand asked about: what one hand worked out (a remainder's best)
        # serves the others
        self.find = cost_finder(self.rules, min_melds=self.needed)
        self.judged: dict[_Hand | tuple[tuple[int, ...], int], tuple[bool, bool]] = {}  # the meld turn's verdicts
        allowed = opened or bool(variant.option("layoff_in_opening"))
        self.table = table if allowed else ()
        self.variant = variant
        if self.table:
            # an opened player may go out by lay-offs alone: no new meld needed
            self.table_find = cost_finder(self.rules, min_melds=game.melds_needed(opened))
            self.joins = frozenset(c.index for t in self.table for c in may_join(t.meld, full_deck(), variant)
                                   if not variant.is_wild(c))
            self.costs: dict[_Hand, _Cost] = {}

    def cost(self, nat: tuple[int, ...], wilds: tuple[int, ...]) -> _Cost:
        """The best lay-down's (points left, cards left, wilds used) holding ``nat`` and ``wilds`` at
        the meld turn; INF when it cannot make the melds it needs."""
        if not self.table or not wilds and self.joins.isdisjoint(nat):
            return self.find(nat, len(wilds))
        key = (nat, wilds)
        found = self.costs.get(key)
        if found is None:
            hand = [Card.from_index(i) for i in nat] + [Card.from_index(i) for i in wilds]
            best = best_layoffs(hand, self.table, variant=self.variant, min_melds=self.game.melds_needed(self.opened),
                                find=self.table_find)
            found = self.costs[key] = (INF, INF, INF) if best is None else best[0][:3]
        return found

    def wild_throws(self, wilds: tuple[int, ...]) -> list[int]:
        """The wilds worth trying to throw or keep back: each distinct one at a table (a deuce may lay
        off as itself there), else one (to the search a wild is a wild)."""
        if not wilds:
            return []
        return sorted(set(wilds)) if self.table else [wilds[0]]

    def within(self, points_left: int, *, hold: bool) -> bool:
        check = self.game.limit_check(score=self.score, points=points_left, hold=hold)
        return check is None or check.ok

    def kept(self, card: Card) -> _Hand:
        """The hand less ``card``."""
        if self.is_wild(card):
            return self.naturals, _without(self.wilds, card.index)
        return _without(self.naturals, card.index), self.wilds

    def judge(self, kept: tuple[int, ...], wilds: tuple[int, ...]) -> tuple[bool, bool]:
        """(lays down legally, goes out) at the meld turn holding ``kept`` and ``wilds``."""
        key = (kept, wilds) if self.table else (kept, len(wilds))  # without a table a wild is a wild
        found = self.judged.get(key)
        if found is not None:
            return found
        cost = self.cost
        if self.keep_back and len(kept) + len(wilds) > 1:
            options = [cost(_without(kept, n), wilds) for n in sorted(set(kept))]
            options += [cost(kept, _without(wilds, w)) for w in self.wild_throws(wilds)]
            best = min(options)
        else:
            best = cost(kept, wilds)
        if best[0] >= INF or not self.within(best[0], hold=False):
            found = (False, False)
        else:
            found = (True, best[1] == 0)
        self.judged[key] = found
        return found

    def value(self, card: Card) -> int:
        """The points ``card`` leaves in hand, as the search counts them."""
        return self.wild_value if self.is_wild(card) else self.points[card.index]

    def as_kept(self, card: Card) -> tuple[bool, bool]:
        """(opens, goes out) at the next meld turn holding the hand less ``card``: what every
        draw allows by throwing the card drawn (the hold limit checked once opened)."""
        nat, wilds = self.kept(card)
        if self.opened and not self.within(self.held - self.value(card), hold=True):
            return False, False
        return self.judge(nat, wilds)

    def after_draw(self, card: Card, draw: Card, known: tuple[bool, bool]) -> tuple[bool, bool]:
        """(opens, goes out) at the meld turn after throwing ``card``, drawing ``draw`` and the
        best discard; ``known``: ``as_kept(card)``, which the draw can only add to."""
        known_open, known_out = known
        if known_out and (known_open or self.opened):
            return known
        nat, wilds = self.kept(card)
        if self.is_wild(draw):
            wilds = _with(wilds, draw.index)
        else:
            nat = _with(nat, draw.index)
        may_open = not self.opened and not known_open
        whole = self.cost(nat, wilds)  # the hand after the draw, before its discard
        if whole[0] >= INF:
            return known  # not even the whole hand makes the melds a lay-down needs: less of it cannot
        if self.keep_back:
            opening, out = self.each_discard(nat, wilds, bound=None, want_open=may_open,
                                             want_out=not known_out)
            return known_open or opening, known_out or out
        # a discard y leaves the meld turn at least whole - points(y) (the lay-down of the hand less
        # y, with y left in hand, is one of the whole hand's); throwing a card the best arrangement
        # leaves in hand reaches it
        least, left = whole[0], whole[1]
        opening, out = known_open, known_out
        if may_open and left >= 1 and self.within(least, hold=False):
            opening = True
        if not out and left == 1 and self.within(0, hold=False):
            # the one card left (worth ``least``) is the discard and the rest melds
            held = sum(self.points[n] for n in nat) + len(wilds) * self.wild_value
            out = not self.opened or self.within(held - least, hold=True)
        want_open = may_open and not opening
        if out and not want_open:
            return opening, out
        # with two cards or more left at best, one card left needs a dearer card than ``least``
        found_open, found_out = self.each_discard(nat, wilds, bound=least, strict=left >= 2,
                                                  want_open=want_open, want_out=not out)
        return opening or found_open, out or found_out

    def each_discard(self, nat: tuple[int, ...], wilds: tuple[int, ...], *, bound: int | None,
                     want_open: bool, want_out: bool, strict: bool = False) -> tuple[bool, bool]:
        """(opens, goes out) over every discard y of the hand after the draw (``nat``, ``wilds``).

        ``bound``: the least points of the whole hand, when ``bound - points(y)`` bounds the
        meld turn from below; it skips the discards that can reach neither (``strict``: going
        out needs more than the bound).  Only what is wanted is looked for."""
        points, opened = self.points, self.opened
        held = sum(points[n] for n in nat) + len(wilds) * self.wild_value
        choices = [(_without(nat, n), wilds, points[n]) for n in sorted(set(nat))]
        if wilds:
            choices += [(nat, _without(wilds, w), self.wild_value) for w in self.wild_throws(wilds)]
        out = opening = False
        for rest, rest_wilds, thrown in choices:
            if opened and not self.within(held - thrown, hold=True):
                continue  # BING-LIMIT-HOLD: this discard is not allowed
            if bound is not None:
                floor = bound - thrown
                may_out = want_out and not out and (floor < 0 if strict else floor <= 0)
                may_open = want_open and not opening and self.within(max(floor, 0), hold=False)
                if not (may_out or may_open):
                    continue
            verdict = self.judge(rest, rest_wilds)
            opening = opening or (want_open and verdict[0])
            out = out or (want_out and verdict[1])
            if (out or not want_out) and (opening or not want_open):
                break
        return opening, out


def _meld_turn_facts(cards: tuple[Card, ...], candidates: Sequence[Card], drawn: Sequence[Card],
                     pool: Counter[Card], total: int, game: Game, *, score: int, opened: bool,
                     table: tuple[TableMeld, ...]) -> tuple[DiscardFacts, ...]:
    """Bing: the facts of each discard through ``_MeldTurn``; ``deadwood`` from the game's ``solve``
    (the hand alone, the table left out)."""
    turn = _MeldTurn(game, cards, drawn, score=score, opened=opened, table=table)
    variant = game.variant
    found = []
    for card in candidates:
        kept_cards = list(cards)
        kept_cards.remove(card)
        deadwood = _bing_deadwood(tuple(kept_cards), variant, score=score, opened=opened)
        known = turn.as_kept(card)
        outs: list[Card] = []
        opens: list[Card] = []
        for draw in drawn:
            opening, out = turn.after_draw(card, draw, known)
            if out:
                outs.append(draw)
            if opening:
                opens.append(draw)
        open_outs = None if opened or not game.has_opening else tuple(opens)
        found.append(DiscardFacts(card, deadwood, tuple(outs), (), open_outs, _share(outs, pool, total), None, None,
                                  None if open_outs is None else _share(open_outs, pool, total)))
    return tuple(found)


def _bing_deadwood(kept: tuple[Card, ...], variant: Variant, *, score: int, opened: bool) -> int:
    """The points left after the best legal lay-down of ``kept`` (the game's ``solve``), or
    the whole hand's points when no lay-down is legal."""
    if not kept:
        return 0
    solution = solve(kept, variant=variant, score=score, opened=opened)
    if solution.legal:
        return solution.deadwood_points
    return variant.points(kept)
