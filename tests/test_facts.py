"""The exact facts of a discard (rummycheck.analysis.facts) against independent counts.

Two references share no code with the solvers or with the facts module:

* ``least_plain``: the least deadwood of a one-deck hand (gin, basic; ace low, faces 10,
  ace 1) by its own list of every set and run of the 52-card deck and a memoised search
  that either leaves the lowest card in hand or lays it in a meld that fits.
* ``brute_force_cost`` (tests/brute.py): every subset of a hand judged as a meld, packed by
  trying everything; used for Bing (two decks, wild deuces).

Each reference answers the facts' questions the slow way: every discard, every unseen
card drawn, every discard after the draw.  The hand-worked cases spell out the count in
their comments.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest
from brute import PlainOptions, brute_force_cost
from test_solver_property import int_option, plain_options

from rummycheck.analysis import HandFacts, discard_facts
from rummycheck.cards import Card, full_deck, parse_cards
from rummycheck.errors import CardParseError, HandSizeError, ScenarioError
from rummycheck.variants import Variant, get_variant

C = Card.parse


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def names(found: tuple[Card, ...]) -> set[str]:
    return {str(c) for c in found}


def one_deck_unseen(hand: list[Card], seen: list[Card]) -> list[Card]:
    return [c for c in full_deck() if c not in hand and c not in seen]


def two_deck_unseen(hand: list[Card], seen: list[Card]) -> Counter[Card]:
    pool = Counter(c for c in full_deck() for _ in range(2))
    pool.subtract(hand)
    pool.subtract(seen)
    return +pool


# -- the one-deck reference -------------------------------------------------------------------

def _plain_points(card: Card) -> int:
    return min(card.number, 10)


def _every_meld() -> dict[Card, list[frozenset[Card]]]:
    """Every set (3 or 4 of a rank) and run (3+ consecutive of a suit, ace low) of one deck,
    listed under each of its cards."""
    suits = "shdc"
    ranks = "A23456789TJQK"
    melds: list[frozenset[Card]] = []
    for rank in ranks:
        for size in (3, 4):
            for chosen in combinations(suits, size):
                melds.append(frozenset(C(rank + s) for s in chosen))
    for suit in suits:
        for start in range(13):
            for end in range(start + 3, 14):
                melds.append(frozenset(C(r + suit) for r in ranks[start:end]))
    by_card: dict[Card, list[frozenset[Card]]] = {c: [] for c in full_deck()}
    for meld in melds:
        for card in meld:
            by_card[card].append(meld)
    return by_card


_MELDS = _every_meld()


@cache
def least_plain(hand: frozenset[Card]) -> int:
    if not hand:
        return 0
    low = min(hand)
    best = _plain_points(low) + least_plain(hand - {low})
    for meld in _MELDS[low]:
        if meld <= hand:
            best = min(best, least_plain(hand - meld))
    return best


def plain_after_discard(hand: frozenset[Card]) -> int:
    return min(least_plain(hand - {c}) for c in hand)


def brute_gin(hand: list[Card], unseen: list[Card], limit: int) -> dict[Card, tuple[int, set[str], set[str]]]:
    """Per discard: (deadwood, knock outs, gin outs) by the one-deck reference."""
    found: dict[Card, tuple[int, set[str], set[str]]] = {}
    for discard in set(hand):
        kept = frozenset(hand) - {discard}
        knocks, gins = set(), set()
        for draw in unseen:
            after = kept | {draw}
            best = plain_after_discard(after)
            if best == 0 or least_plain(after) == 0:
                gins.add(str(draw))
            if best <= limit:
                knocks.add(str(draw))
        found[discard] = (least_plain(kept), knocks | gins, gins)
    return found


# -- the Bing reference (tests/brute.py) ----------------------------------------------------------

def assert_gin_reference(facts: HandFacts, hand: list[Card], unseen: list[Card]) -> None:
    """Every discard's deadwood, knock outs, gin outs and chances as ``brute_gin`` counts them."""
    assert facts.knock_limit is not None
    expected = brute_gin(hand, unseen, facts.knock_limit)
    assert sorted(f.discard for f in facts.discards) == sorted(set(hand))
    for found in facts.discards:
        deadwood, knocks, gins = expected[found.discard]
        assert (found.deadwood, names(found.outs), names(found.gin_outs)) == (deadwood, knocks, gins)
        assert found.p_knock_next == Fraction(len(knocks), len(unseen))
        assert found.p_gin_next == Fraction(len(gins), len(unseen))
        assert list(found.outs) == sorted(found.outs)


def brute_bing(hand: list[Card], unseen: Counter[Card], variant: Variant, *, score: int, opened: bool,
               keep_back: bool = False) -> dict[Card, tuple[int, set[str], set[str]]]:
    """Per discard: (deadwood, going-out cards, opening cards) by brute force, the rules
    written out here: an opening needs ``opening_melds`` melds (an opened player one),
    score + points left <= limit (BING-LIMIT), and once opened every discard keeps
    score + hand <= limit (BING-LIMIT-HOLD); the meld turn comes after the draw's discard."""
    opts = plain_options(variant)
    limit = int_option(variant, "limit")
    needed = 1 if opened else int_option(variant, "opening_melds")

    def plain(cards_: list[Card]) -> tuple[tuple[int, str], ...]:
        return tuple(sorted((c.number, c.suit.value) for c in cards_))

    @cache
    def cost(key: tuple[tuple[int, str], ...]) -> tuple[int, int, int] | None:
        return brute_force_cost(list(key), opts, min_melds=needed)

    def points(cards_: list[Card]) -> int:
        return sum(brute_points(c, opts) for c in cards_)

    def lay_down(held: list[Card]) -> tuple[int, int, int] | None:
        """The best lay-down's cost at a meld turn holding ``held`` (one card kept back for the
        turn's discard under ``keep_back``), or None."""
        if keep_back and len(held) > 1:
            costs = [cost(plain(held[:i] + held[i + 1:])) for i in range(len(held))]
            options = [o for o in costs if o is not None]
            return min(options) if options else None
        return cost(plain(held))

    def meld_turn(held: list[Card]) -> tuple[bool, bool]:
        """(lays down legally, goes out) holding ``held`` at a meld turn."""
        best = lay_down(held)
        if best is None or score + best[0] > limit:
            return False, False
        return True, best[1] == 0

    found: dict[Card, tuple[int, set[str], set[str]]] = {}
    for discard in set(hand):
        kept = list(hand)
        kept.remove(discard)
        best = lay_down(kept)
        deadwood = best[0] if best is not None and score + best[0] <= limit else points(kept)
        outs, opens = set(), set()
        for draw in unseen:
            after = kept + [draw]
            for i in range(len(after)):
                held = after[:i] + after[i + 1:]
                if opened and score + points(held) > limit:
                    continue
                lays, out = meld_turn(held)
                if lays:
                    opens.add(str(draw))
                if out:
                    outs.add(str(draw))
        found[discard] = (deadwood, outs, opens)
    return found


def assert_bing_reference(facts: HandFacts, hand: list[Card], unseen: Counter[Card], *,
                          keep_back: bool = False) -> None:
    """Every discard's deadwood, outs, opening cards and chances as ``brute_bing`` counts them."""
    expected = brute_bing(hand, unseen, facts.variant, score=facts.score, opened=facts.opened, keep_back=keep_back)
    assert sorted(f.discard for f in facts.discards) == sorted(set(hand))
    for found in facts.discards:
        deadwood, outs, opens = expected[found.discard]
        assert (found.deadwood, names(found.outs)) == (deadwood, outs)
        assert found.p_out_next == share(outs, unseen)
        if facts.opened:
            assert found.open_outs is None and found.p_open_next is None
        else:
            assert names(found.open_outs or ()) == opens and found.p_open_next == share(opens, unseen)


def brute_points(card: Card, opts: PlainOptions) -> int:
    if opts["wild"] and card.number == 2:
        return opts["wild_points"]
    if card.number == 1:
        return opts["ace_points"]
    return opts["face_points"] if card.number >= 11 else card.number


def share(outs: set[str], unseen: Counter[Card]) -> Fraction:
    return Fraction(sum(n for c, n in unseen.items() if str(c) in outs), sum(unseen.values()))


# -- hand-worked cases -----------------------------------------------------------------------------

def test_gin_one_pair_from_gin_has_two_gin_outs_and_two_more_knock_outs() -> None:
    # Hand after the draw: As 2s 3s 4s | 7h 8h 9h | 5c 5d | Kd Qc; the upcard Jc was seen.
    # Unseen: 52 - 11 - 1 = 40 cards.  Discarding Qc keeps the run, the run, 5c 5d and Kd:
    # deadwood 5 + 5 + 10 = 20.  A draw then:
    # - 5s or 5h makes 5-5-5 (5s could also extend the spade run): throw Kd, gin (2 cards);
    # - 6h or Th extends the heart run: throw Kd, 5c 5d = 10 left, a knock at 10 (2 cards);
    # - anything else melds nothing: 5c 5d and the cheaper of Kd and the card stay, 11 or more.
    # So p_gin = 2/40 = 1/20 and p_knock = 4/40 = 1/10.
    hand = cards("As 2s 3s 4s 7h 8h 9h 5c 5d Kd Qc")
    unseen = one_deck_unseen(hand, cards("Jc"))
    facts = discard_facts(hand, unseen=unseen, variant="gin")
    assert facts.unseen == 40 and facts.knock_limit == 10
    qc = facts.of(C("Qc"))
    assert qc.deadwood == 20
    assert names(qc.gin_outs) == {"5s", "5h"}
    assert names(qc.outs) == {"5s", "5h", "6h", "Th"}
    assert qc.p_gin_next == Fraction(1, 20) and qc.p_knock_next == Fraction(1, 10)
    assert qc.p_out_next == qc.p_knock_next and qc.p_open_next is None
    assert qc.knock_chance == pytest.approx(0.1)
    assert_gin_reference(facts, hand, unseen)


def test_gin_knock_limit_from_the_oklahoma_upcard_counts_the_nines_rearranged() -> None:
    # Hand after the draw: As 2s 3s | 7h 8h 9h | Kc Kd Kh | 9c Qd; the upcard 8d was seen.
    # Unseen: 40.  Discarding Qd leaves 9c alone: deadwood 9.
    # Default limit 10: the hand knocks already (draw, throw the card drawn), so all 40
    # cards are knock outs.  Gin outs: 4s (spade run), 6h and Th (heart run), Ks (four
    # kings), then throw 9c: 4/40 = 1/10.
    # Oklahoma with the 8d upcard: limit 8.  A draw of A-8 stays cheaper than 9c: throw 9c,
    # at most 8 left: 32 such cards less As 2s 3s 7h 8h (held) and 8d (seen) = 26 (4s and
    # 6h among them, gin).  Of the 9-K cards: Th and Ks give gin; 9d or 9s make 9-9-9 with
    # 9h, breaking the heart run: 7h 8h left, throw 8h, 7 <= 8.  Any other card leaves at
    # least 9.  So 26 + 4 = 30 outs: p_knock = 30/40 = 3/4, p_gin still 1/10.
    hand = cards("As 2s 3s 7h 8h 9h Kc Kd Kh 9c Qd")
    unseen = one_deck_unseen(hand, cards("8d"))
    plain = discard_facts(hand, unseen=unseen, variant="gin").of(C("Qd"))
    assert plain.deadwood == 9
    assert plain.p_knock_next == 1 and len(plain.outs) == 40
    assert names(plain.gin_outs) == {"4s", "6h", "Th", "Ks"} and plain.p_gin_next == Fraction(1, 10)
    oklahoma = get_variant("gin", oklahoma=True)
    facts = discard_facts(hand, unseen=unseen, variant=oklahoma, upcard=C("8d"))
    assert facts.knock_limit == 8
    qd = facts.of(C("Qd"))
    assert qd.p_knock_next == Fraction(3, 4) and len(qd.outs) == 30
    assert {"9d", "9s", "Th", "Ks"} <= names(qd.outs) and not {"Jc", "Tc", "Qh"} & names(qd.outs)
    assert qd.p_gin_next == Fraction(1, 10)
    assert_gin_reference(facts, hand, unseen)


def test_gin_ace_upcard_under_oklahoma_allows_gin_only() -> None:
    # The hand above with an ace upcard (Ad seen instead of 8d): only gin ends the hand, so
    # the knock outs are the four gin outs: 4/40.
    hand = cards("As 2s 3s 7h 8h 9h Kc Kd Kh 9c Qd")
    unseen = one_deck_unseen(hand, cards("Ad"))
    facts = discard_facts(hand, unseen=unseen, variant=get_variant("gin", oklahoma=True), upcard=C("Ad"))
    qd = facts.of(C("Qd"))
    assert facts.knock_limit == 0
    assert names(qd.outs) == names(qd.gin_outs) == {"4s", "6h", "Th", "Ks"}
    assert qd.p_knock_next == qd.p_gin_next == Fraction(1, 10)


def test_bing_two_decks_an_out_with_two_unseen_copies_counts_twice() -> None:
    # An opened Bing player at 40 holds 9c 9d 3d 4s after his draw.  Seen: the table's
    # 5s 5h 5d and Jc Qc Kc (none of the cards below lays off on them) and 9s on the pile.
    # Unseen: 104 - 4 - 6 - 1 = 93 cards, copies counted.  Discarding 4s keeps 9c 9d 3d:
    # no meld, deadwood 9 + 9 + 3 = 21.  Next turn he draws, discards, and melds the turn
    # after; three cards go out only as one meld: a third nine or a wild deuce with 9c 9d,
    # throwing 3d.  Copies unseen: 9s 1 (one on the pile), 9h 2, 9c 1, 9d 1 (one each in
    # hand), and each deuce 2: 1 + 2 + 1 + 1 + 8 = 13, so p_out = 13/93.
    # At 50 the hold limit bites: after throwing 3d he would hold 9-9-9 = 27, 50 + 27 = 77 > 75
    # (BING-LIMIT-HOLD), while 9-9-2 holds 20, 70 <= 75: only the deuces, 8/93.
    hand = cards("9c 9d 3d 4s")
    seen = cards("5s 5h 5d Jc Qc Kc 9s")
    unseen = two_deck_unseen(hand, seen)
    assert sum(unseen.values()) == 93 and unseen[C("9h")] == 2
    at_40 = discard_facts(hand, unseen=unseen, variant="bing", score=40, opened=True)
    four = at_40.of(C("4s"))
    assert four.deadwood == 21
    assert names(four.outs) == {"9s", "9h", "9c", "9d", "2s", "2h", "2d", "2c"}
    assert four.p_out_next == Fraction(13, 93)
    assert four.p_knock_next is None and four.p_gin_next is None and four.open_outs is None
    at_50 = discard_facts(hand, unseen=unseen, variant="bing", score=50, opened=True).of(C("4s"))
    assert names(at_50.outs) == {"2s", "2h", "2d", "2c"} and at_50.p_out_next == Fraction(8, 93)
    assert_bing_reference(at_40, hand, unseen)
    assert_bing_reference(discard_facts(hand, unseen=unseen, variant="bing", score=50, opened=True), hand, unseen)


def test_bing_opening_chance_needs_the_melds_and_the_limit() -> None:
    # A small house Bing (7 cards dealt, two melds to open) so that every step is countable.
    # Unopened at 60 with Ks Kh Kd 7c 8c 4h Js + Ah after the draw.  Seen: nothing but the
    # hand, so 96 cards are unseen.  Discard Ah: keep K K K 7c 8c 4h Js.
    # An opening needs two melds after the next draw and its discard, within 75 - 60 = 15:
    # - a 6c or 9c (2 copies each) or a deuce (8) makes the club run: melds K-K-K and the run,
    #   left 4h Js, throw Js: 4 <= 15, opens.  That is 12 cards.
    # - a 4 (4h has 1 more copy, 4s 4d 4c 2 each: 7) pairs 4h but no third 4 comes: no.
    # - a Jack (Js 1 more, Jh Jd Jc 2 each: 7) likewise no.
    # - a king (Ks Kh Kd 1 more each, Kc 2: 5) adds to the set, no second meld: no.
    # So p_open = 12/96 = 1/8.  Going out needs both loose cards gone: never (a 7-card meld
    # turn hand of K K K, the run and one loose card): no outs.
    variant = get_variant("bing", hand_size=7, opening_melds=2)
    hand = cards("Ks Kh Kd 7c 8c 4h Js Ah")
    unseen = two_deck_unseen(hand, [])
    facts = discard_facts(hand, unseen=unseen, variant=variant, score=60)
    ah = facts.of(C("Ah"))
    assert ah.open_outs is not None
    assert names(ah.open_outs) == {"6c", "9c", "2s", "2h", "2d", "2c"}
    assert ah.p_open_next == Fraction(1, 8)
    assert ah.outs == () and ah.p_out_next == 0
    assert_bing_reference(facts, hand, unseen)


def test_bing_an_opening_must_survive_the_discard_after_the_draw() -> None:
    # House Bing dealing 5, two melds to open: unopened with 7c 8c 9c Kh Kd As after the draw.
    # Discard As: keep 7c 8c 9c Kh Kd.  A third king (Ks, Kc: 2 copies each, Kh Kd 1 each:
    # 6) or a deuce (8) completes two melds, six cards; but the draw is followed by a discard
    # (BING-TURN) and the meld turn holds five cards, too few for two melds of three.  So
    # no card opens and none goes out: both chances are 0.
    variant = get_variant("bing", hand_size=5, opening_melds=2)
    hand = cards("7c 8c 9c Kh Kd As")
    unseen = two_deck_unseen(hand, [])
    facts = discard_facts(hand, unseen=unseen, variant=variant)
    ace = facts.of(C("As"))
    assert ace.open_outs == () and ace.p_open_next == 0 and ace.outs == ()
    assert_bing_reference(facts, hand, unseen)


def test_bing_hold_limit_counts_for_keeping_the_card_drawn() -> None:
    # Opened at 70 holding 9c 9d 9h 4s after the draw.  Kept 9-9-9 would go out at the next
    # meld turn, but holding it between turns is 70 + 27 = 97 > 75 (BING-LIMIT-HOLD), and so is
    # every hand the next draw and discard can leave that melds every card (a three-card meld
    # holds at least 2 + 2 + 2 = 6 > 5): no out for that discard.  (That discard is itself over
    # the limit now; the facts count only what the next draw allows.)  Discarding a nine keeps
    # 9 9 4 = 22, 92 > 75 too: no outs anywhere.
    hand = cards("9c 9d 9h 4s")
    unseen = two_deck_unseen(hand, [])
    facts = discard_facts(hand, unseen=unseen, variant="bing", score=70, opened=True)
    assert all(f.outs == () for f in facts.discards)
    assert_bing_reference(facts, hand, unseen)


def test_bing_a_free_wild_left_in_hand_is_not_going_out() -> None:
    # House Bing: sets of at most 3, a wild left in hand worth 0.  Opened, holding 9c 9d 9h 2s Kd
    # after the draw.  Discarding Kd keeps 9c 9d 9h 2s: the set takes no fourth card, so 2s
    # stays in hand: 0 points but one card, which is not going out (BING-OUT: every card
    # melded).  No single draw fixes it (the meld turn's four cards would have to be one
    # meld: no set of four, and no four-card run holds 9c, 2s and one drawn card).
    variant = get_variant("bing", set_max=3, wild_points=0)
    hand = cards("9c 9d 9h 2s Kd")
    unseen = two_deck_unseen(hand, [])
    facts = discard_facts(hand, unseen=unseen, variant=variant, opened=True)
    kd = facts.of(C("Kd"))
    assert kd.deadwood == 0 and kd.outs == () and kd.p_out_next == 0
    assert_bing_reference(facts, hand, unseen)


def test_basic_going_out_outs_match_the_reference() -> None:
    # Basic, 2 players: As 2s 3s | 7h 8h 9h | Kc Kd Kh | 5c + Qd after the draw; 41 unseen.
    # Discard Qd: keep 5c, deadwood 5.  The next draw goes out (BASIC-OUT: all melded but a
    # final discard) only if it joins a meld, leaving 5c to throw: 4s, 6h, Th or Ks.  Any
    # other card and 5c are two loose cards (5c makes no meld with one more card): 4/41.
    hand = cards("As 2s 3s 7h 8h 9h Kc Kd Kh 5c Qd")
    unseen = one_deck_unseen(hand, [])
    facts = discard_facts(hand, unseen=unseen, variant="basic")
    qd = facts.of(C("Qd"))
    assert qd.deadwood == 5
    assert names(qd.outs) == {"4s", "6h", "Th", "Ks"} and qd.p_out_next == Fraction(4, 41)
    assert qd.p_knock_next is None and qd.p_gin_next is None and qd.p_open_next is None


# -- properties over seeded random hands -----------------------------------------------------------

_ALL_MELDS = sorted({meld for melds in _MELDS.values() for meld in melds if len(meld) <= 5}, key=sorted)


def meld_rich(rng: random.Random, deck: list[Card], size: int) -> list[Card]:
    """A hand of ``size`` built from a few random melds, one of them often broken, the rest
    random: hands near gin or near going out, where the outs are many and varied."""
    hand: list[Card] = []
    for _ in range(rng.choice((2, 3, 3))):
        meld = rng.choice(_ALL_MELDS)
        if not meld & set(hand) and len(hand) + len(meld) <= size - 1:
            hand.extend(sorted(meld))
    if hand and rng.random() < 0.6:
        hand.remove(rng.choice(hand))
    rest = [c for c in deck if c not in hand]
    rng.shuffle(rest)
    return hand + rest[:size - len(hand)]


@pytest.mark.parametrize("seed", range(12))
def test_gin_facts_match_the_reference_on_random_hands(seed: int) -> None:
    rng = random.Random(seed)
    deck = list(full_deck())
    hand = meld_rich(rng, deck, 11)
    rest = [c for c in deck if c not in hand]
    rng.shuffle(rest)
    unseen = rest[:31]  # 10 more seen: the opponent's takes and the pile
    oklahoma = seed % 3 == 0
    upcard = rest[40] if oklahoma else None
    variant = get_variant("gin", oklahoma=oklahoma)
    facts = discard_facts(hand, unseen=unseen, variant=variant, upcard=upcard)
    assert facts.knock_limit == (variant.card_points(upcard) if upcard is not None and upcard.number > 1
                                 else 0 if upcard is not None else 10)
    assert_gin_reference(facts, hand, unseen)


@pytest.mark.parametrize("seed", range(6))
def test_basic_facts_match_the_reference_on_random_hands(seed: int) -> None:
    rng = random.Random(100 + seed)
    deck = list(full_deck())
    hand = meld_rich(rng, deck, 11)
    unseen = rng.sample([c for c in deck if c not in hand], 35)
    facts = discard_facts(hand, unseen=unseen, variant="basic")
    for found in facts.discards:
        kept = frozenset(hand) - {found.discard}
        outs = {str(d) for d in unseen if least_plain(kept | {d}) == 0 or plain_after_discard(kept | {d}) == 0}
        assert found.deadwood == least_plain(kept)
        assert names(found.outs) == outs
        assert found.p_out_next == Fraction(len(outs), 35)


def bing_hand(rng: random.Random, size: int, deuces: int) -> tuple[list[Card], Counter[Card]]:
    deck = [c for c in full_deck() for _ in range(2)]
    rng.shuffle(deck)
    hand = [c for c in deck if c.number == 2][:deuces]
    for card in hand:
        deck.remove(card)
    for _ in range(2):  # two melds started (a run's or a set's cards), the rest random
        base = rng.choice(deck)
        if rng.random() < 0.5:
            near = [c for c in deck if c.suit is base.suit and 0 < abs(c.number - base.number) <= 2]
        else:
            near = [c for c in deck if c.number == base.number and c != base]
        for card in [base, *rng.sample(near, min(len(near), rng.choice((1, 2))))]:
            if len(hand) < size and card in deck:
                hand.append(card)
                deck.remove(card)
    hand += deck[:size - len(hand)]
    return hand, two_deck_unseen(hand, [])


@pytest.mark.parametrize("seed", range(8))
def test_opened_bing_facts_match_brute_force(seed: int) -> None:
    rng = random.Random(200 + seed)
    variant = get_variant("bing")
    hand, unseen = bing_hand(rng, rng.choice((4, 5, 6)), deuces=seed % 3)
    score = rng.choice((0, 30, 55, 70))
    assert_bing_reference(discard_facts(hand, unseen=unseen, variant=variant, score=score, opened=True), hand, unseen)


@pytest.mark.parametrize("seed", range(8))
def test_unopened_small_bing_facts_match_brute_force(seed: int) -> None:
    rng = random.Random(300 + seed)
    variant = get_variant("bing", hand_size=7, opening_melds=2)
    hand, unseen = bing_hand(rng, 8, deuces=seed % 3)
    score = rng.choice((0, 50, 65))
    assert_bing_reference(discard_facts(hand, unseen=unseen, variant=variant, score=score), hand, unseen)


@pytest.mark.parametrize("seed", range(4))
def test_meld_turn_discard_house_rule_keeps_a_card_back(seed: int) -> None:
    rng = random.Random(400 + seed)
    variant = get_variant("bing", hand_size=7, opening_melds=2, meld_turn_discard=True)
    hand, unseen = bing_hand(rng, 8, deuces=1 + seed % 2)
    assert_bing_reference(discard_facts(hand, unseen=unseen, variant=variant), hand, unseen, keep_back=True)


def meld_turn_hands(hand: list[Card], unseen: Counter[Card], variant: Variant, *, score: int, opened: bool
                    ) -> Iterator[tuple[Card, Card, list[Card]]]:
    """(discard, draw, hand held at the meld turn) for every discard of ``hand``, every unseen card
    drawn next and every discard after that draw, the hold limit (BING-LIMIT-HOLD) checked on the
    hand held once opened: the hands a Bing player may meld from at the turn after his next draw."""
    limit = int_option(variant, "limit")
    for discard in set(hand):
        kept = list(hand)
        kept.remove(discard)
        for draw in unseen:
            after = [*kept, draw]
            for throw in set(after):
                held = list(after)
                held.remove(throw)
                if not opened or score + variant.points(held) <= limit:
                    yield discard, draw, held


def solve_count(hand: list[Card], unseen: Counter[Card], *, score: int, opened: bool
                ) -> dict[Card, tuple[set[str], set[str]]]:
    """Per discard: (going-out cards, opening cards) asked of the game's own ``solve`` for
    every hand a discard, a draw and the draw's discard leave (``meld_turn_hands``).  Not
    independent of the solvers, but it has none of the facts' shortcuts, and it runs at full
    size."""
    from rummycheck.games.solve import solve

    variant = get_variant("bing")
    found: dict[Card, tuple[set[str], set[str]]] = {card: (set(), set()) for card in set(hand)}
    for discard, draw, held in meld_turn_hands(hand, unseen, variant, score=score, opened=opened):
        outs, opens = found[discard]
        solution = solve(held, variant=variant, score=score, opened=opened)
        if solution.legal:
            opens.add(str(draw))
        if solution.fact("goes_out"):
            outs.add(str(draw))
    return found


def bing_near(rng: random.Random, size: int, melds: int, deuces: int) -> list[Card]:
    """A two-deck hand of ``size`` from ``melds`` random one-deck melds, one card of the last
    taken away, ``deuces`` wild deuces and random cards."""
    deck = [c for c in full_deck() for _ in range(2)]
    hand = [c for c in deck if c.number == 2][:deuces]
    for card in hand:
        deck.remove(card)
    for n in range(melds):
        meld = sorted(rng.choice([m for m in _ALL_MELDS if len(m) <= 4]))
        if n == melds - 1:
            meld.remove(rng.choice(meld))
        for card in meld:
            if card in deck and len(hand) < size:
                hand.append(card)
                deck.remove(card)
    rng.shuffle(deck)
    return hand + deck[:size - len(hand)]


@pytest.mark.parametrize("seed, opened, score", [(0, False, 0), (1, False, 50), (2, False, 20), (3, True, 10)])
def test_full_size_bing_facts_agree_with_the_games_solve(seed: int, opened: bool, score: int) -> None:
    rng = random.Random(500 + seed)
    hand = bing_near(rng, 7 if opened else 15, 2 if opened else 3, deuces=seed % 2)
    everything = two_deck_unseen(hand, [])
    unseen = Counter({c: everything[c] for c in rng.sample(sorted(everything), 14)})
    facts = discard_facts(hand, unseen=unseen, variant="bing", score=score, opened=opened)
    expected = solve_count(hand, unseen, score=score, opened=opened)
    for found in facts.discards:
        outs, opens = expected[found.discard]
        assert names(found.outs) == outs
        if not opened:
            assert names(found.open_outs or ()) == opens
    # the case is not trivial: some draws matter and others do not
    counted = [len(found.open_outs or found.outs) for found in facts.discards]
    assert 0 < sum(counted) < len(counted) * len(unseen)


# -- values, JSON and bad input ----------------------------------------------------------------------

def test_facts_json_holds_cards_as_text_and_exact_chances() -> None:
    hand = cards("As 2s 3s 4s 7h 8h 9h 5c 5d Kd Qc")
    from rummycheck.render.json import hand_facts_json

    data = hand_facts_json(discard_facts(hand, unseen=one_deck_unseen(hand, cards("Jc")), variant="gin"))
    assert data["variant"] == "gin" and data["unseen"] == 40 and data["knock_limit"] == 10
    qc = next(c for c in data["candidates"] if c["discard"] == "Qc")
    assert qc["outs"] == ["5s", "5h", "6h", "Th"] and qc["gin_outs"] == ["5s", "5h"]
    assert qc["p_knock_next"] == pytest.approx(0.1) and qc["exact"]["p_knock_next"] == "1/10"
    assert qc["p_open_next"] is None and qc["exact"]["p_open_next"] is None


def test_the_card_taken_from_the_pile_is_not_a_candidate() -> None:
    hand = cards("As 2s 3s 4s 7h 8h 9h 5c 5d Kd Qc")
    facts = discard_facts(hand, unseen=one_deck_unseen(hand, []), variant="gin", took=C("Kd"))
    assert C("Kd") not in [f.discard for f in facts.discards] and len(facts.discards) == 10
    chosen = discard_facts(hand, unseen=one_deck_unseen(hand, []), variant="gin", discards=[C("Qc"), C("Kd")])
    assert [f.discard for f in chosen.discards] == [C("Kd"), C("Qc")]


def test_bad_input_is_refused_with_a_reason() -> None:
    hand = cards("As 2s 3s 4s 7h 8h 9h 5c 5d Kd Qc")
    with pytest.raises(CardParseError, match="copies of As"):
        discard_facts(hand, unseen=[C("As")], variant="gin")
    with pytest.raises(ScenarioError, match="no card is unseen"):
        discard_facts(hand, unseen=[], variant="gin")
    with pytest.raises(HandSizeError, match="11 cards, got 10"):
        discard_facts(hand[:10], unseen=[C("Ah")], variant="gin")
    with pytest.raises(ScenarioError, match="not in the hand"):
        discard_facts(hand, unseen=[C("Ah")], variant="gin", discards=[C("Ah")])
    with pytest.raises(ScenarioError, match="upcard"):
        discard_facts(hand, unseen=[C("Ah")], variant=get_variant("gin", oklahoma=True))
    with pytest.raises(ScenarioError, match="Ah has -1 copies"):
        discard_facts(hand, unseen={C("Ah"): -1, C("Ac"): 1}, variant="gin")
    with pytest.raises(CardParseError, match="copies of 9h"):
        discard_facts(cards("9h 9h 4s 5s"), unseen=Counter({C("9h"): 1}), variant="bing", opened=True)


@pytest.mark.parametrize("seed", range(8))
def test_kept_facts_match_the_reference_for_the_hand_before_a_draw(seed: int) -> None:
    """``kept_facts``: a ten-card gin hand kept as it is, before a draw from the stock, against the
    plain reference: its least deadwood, and the unseen cards that, drawn now, knock or go gin."""
    from rummycheck.analysis.facts import kept_facts

    rng = random.Random(100 + seed)
    deck = list(full_deck())
    hand = meld_rich(rng, deck, 10)
    rest = [c for c in deck if c not in hand]
    rng.shuffle(rest)
    unseen = rest[:33]  # nine cards seen: the pile and the opponent's takes
    found = kept_facts(hand, unseen=unseen, variant="gin")
    assert found is not None and found.discard not in hand and found.discard not in unseen
    kept = frozenset(hand)
    knocks, gins = set(), set()
    for draw in unseen:
        best = plain_after_discard(kept | {draw})
        if best == 0 or least_plain(kept | {draw}) == 0:
            gins.add(str(draw))
        if best <= 10:
            knocks.add(str(draw))
    assert found.deadwood == least_plain(kept)
    assert (names(found.outs), names(found.gin_outs)) == (knocks | gins, gins)
    assert found.p_knock_next == Fraction(len(knocks | gins), len(unseen))
    assert found.p_gin_next == Fraction(len(gins), len(unseen))


def test_kept_facts_need_a_card_seen() -> None:
    from rummycheck.analysis.facts import kept_facts

    hand = cards("As 2s 3s 4s 7h 8h 9h 5c 5d Kd")
    assert kept_facts(hand, unseen=[c for c in full_deck() if c not in hand], variant="gin") is None
