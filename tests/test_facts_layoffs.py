"""The exact facts at a table: outs that go out only by laying cards off on the table's melds.

``rummycheck.analysis.facts`` counts as an out a card after which the player goes out with
lay-offs on the melds already on the table (basic: BASIC-LAYOFF, any turn; Bing: at the meld
turn, BING-LAYOFF).  The hand-worked cases spell their count out in the comments; the seeded
basic positions are checked against the judge itself: for every unseen card, the state just
after drawing it is built and every split of the hand into new melds, lay-offs and one final
discard is played through ``GameState.lay_down`` and ``discard``.  That reference asks neither
the facts, nor the lay-off search (``solvers.layoffs``), nor the exact solver: only the judge's
rules.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

import pytest
from test_facts import meld_turn_hands
from test_solver_property import int_option

from rummycheck.analysis.advisor import facts_at, kept_facts_at
from rummycheck.analysis.facts import discard_facts
from rummycheck.cards import Card, Suit, full_deck, parse_cards
from rummycheck.errors import CardParseError, RummyError
from rummycheck.files.scenario import parse_scenario
from rummycheck.melds import Meld, MeldKind, TableMeld, meld_problems
from rummycheck.results import LayOff
from rummycheck.table.state import GameState, PlayerState
from rummycheck.variants import Variant, get_variant

C = Card.parse


def names(found: Sequence[Card]) -> set[str]:
    return {str(c) for c in found}


def table_meld(number: int, kind: MeldKind, text: str) -> TableMeld:
    return TableMeld(number, Meld.natural(kind, tuple(parse_cards(text))), "B")


def two_deck_unseen(hand: Sequence[Card], seen: Sequence[Card]) -> Counter[Card]:
    pool = Counter(c for c in full_deck() for _ in range(2))
    pool.subtract(hand)
    pool.subtract(seen)
    return +pool


# -- hand-worked cases -------------------------------------------------------------------------------

#: Basic, two players.  A drew and holds As 2s 3s / 7h 8h 9h / Kc Kd Kh with Jd and Qd; B laid down
#: the club run 8c 9c Tc.  The pile is empty.
BASIC_AT_A_TABLE = """variant = "basic"
[[players]]
name = "A"
hand = "As 2s 3s 7h 8h 9h Kc Kd Kh Jd Qd"
[[players]]
name = "B"
opened = true
hand_size = 7
[[table]]
owner = "B"
cards = "8c 9c Tc"
[turn]
player = "A"
drew = "stock"
[pile]
discard = ""
stock = 30
"""


def test_basic_a_card_that_lays_off_on_the_table_run_is_an_out() -> None:
    # Unseen: 52 less A's 11 and the table's 3 = 38 cards.  Discarding Qd keeps three melds and
    # Jd.  Next turn A draws; he goes out (BASIC-OUT) when the card drawn goes somewhere and Jd is
    # the final discard:
    # - 4s (spade run), 6h or Th (heart run), Ks (four kings): melded, as without a table;
    # - 7c or Jc: laid off on B's run 8c 9c Tc (BASIC-LAYOFF: anyone's meld, even before A's own
    #   first meld), which makes it 7c-Tc or 8c-Jc.
    # Nothing else: Qc needs Jc first; a jack pairs Jd but no third comes; any other card leaves
    # two loose cards.  So 6 outs, 6/38 = 3/19; without the table only the first four, 4/38 = 2/19.
    state = GameState.from_scenario(parse_scenario(BASIC_AT_A_TABLE, source="test.toml"))
    facts = facts_at(state)
    assert facts.unseen == 38
    qd = facts.of(C("Qd"))
    assert qd.deadwood == 10  # the hand alone: Jd
    assert names(qd.outs) == {"4s", "6h", "Th", "Ks", "7c", "Jc"}
    assert qd.p_out_next == Fraction(3, 19)
    alone = discard_facts(state.player.hand, unseen=[c for c in full_deck() if c not in state.player.hand
                                                     and c not in parse_cards("8c 9c Tc")], variant="basic")
    assert names(alone.of(C("Qd")).outs) == {"4s", "6h", "Th", "Ks"}
    assert alone.of(C("Qd")).p_out_next == Fraction(2, 19)
    # the judge agrees card by card (the reference below)
    assert names(qd.outs) == judge_outs(state, C("Qd"), facts_unseen(state))


def test_basic_lay_offs_before_the_first_meld_follow_layoff_before_meld() -> None:
    # A holds Jc Qd after the draw; the table holds B's run 8c 9c Tc.  Unseen: 52 - 2 - 3 = 47.
    # Discard Qd and keep Jc: next turn, whatever card D he draws, he lays Jc off on the run and
    # throws D (BASIC-OUT: the last card may be a final discard): all 47 are outs, chance 1.
    # With layoff_before_meld = false and A not opened, a lay-off needs a new meld of his own in
    # the same turn (BASIC-LAYOFF), and two cards make none: no out.  Opened, he lays off as he
    # likes again: chance 1.
    hand = list(parse_cards("Jc Qd"))
    table = (table_meld(1, MeldKind.RUN, "8c 9c Tc"),)
    unseen = [c for c in full_deck() if c not in hand and c not in parse_cards("8c 9c Tc")]
    assert len(unseen) == 47
    free = discard_facts(hand, unseen=unseen, variant="basic", table=table).of(C("Qd"))
    assert free.p_out_next == 1 and len(free.outs) == 47
    strict = get_variant("basic", layoff_before_meld=False)
    assert discard_facts(hand, unseen=unseen, variant=strict, table=table).of(C("Qd")).outs == ()
    opened = discard_facts(hand, unseen=unseen, variant=strict, table=table, opened=True).of(C("Qd"))
    assert opened.p_out_next == 1
    # with an opening minimum (BASIC-OPEN, 31) the lay-off of Jc counts nothing toward it, and two
    # cards make no meld that could: no out before opening, every card an out once opened
    minimum = get_variant("basic", opening_points=31)
    assert discard_facts(hand, unseen=unseen, variant=minimum, table=table).of(C("Qd")).outs == ()
    assert discard_facts(hand, unseen=unseen, variant=minimum, table=table, opened=True).of(C("Qd")).p_out_next == 1


def test_bing_an_opened_player_lays_off_at_the_meld_turn() -> None:
    # Opened at 30, A drew and holds 9c 9d 9s 4c Qs.  On the table: a heart run 5h 6h 7h and a set
    # Kc Kd Kh.  Unseen: 104 less 5 held and 6 on the table = 93, copies counted.  Discarding Qs
    # keeps 9c 9d 9s 4c (the hand alone: 4 left).  Next turn he draws D and discards, and melds at
    # the turn after (BING-MELD-TURN); four cards must all go, melded or laid off (BING-LAYOFF: an
    # opened player, any meld on the table):
    # - a fourth nine (9h: 2 unseen, 9c 9d 9s: 1 each) or a deuce (8): a set of four, throw 4c: 13;
    # - 4h or 8h (2 each) extends the heart run, 9-9-9 melds, throw 4c: 4;
    # - a king (Ks 2, Kc Kd Kh 1 each: Bing sets take duplicates) goes on the set, throw 4c: 5.
    # 4c itself never goes anywhere.  The hold limit after the discard: at most 30 + 27 + 10 = 67
    # <= 75 (BING-LIMIT-HOLD).  So 22/93; without the table only the first 13/93.
    hand = list(parse_cards("9c 9d 9s 4c Qs"))
    table = (table_meld(1, MeldKind.RUN, "5h 6h 7h"), table_meld(2, MeldKind.SET, "Kc Kd Kh"))
    unseen = two_deck_unseen(hand, [c for t in table for c in t.meld.cards])
    assert sum(unseen.values()) == 93
    qs = discard_facts(hand, unseen=unseen, variant="bing", score=30, opened=True, table=table).of(C("Qs"))
    assert qs.deadwood == 4
    assert names(qs.outs) == {"9s", "9h", "9c", "9d", "2s", "2h", "2d", "2c", "4h", "8h", "Ks", "Kc", "Kd", "Kh"}
    assert qs.p_out_next == Fraction(22, 93)
    alone = discard_facts(hand, unseen=unseen, variant="bing", score=30, opened=True).of(C("Qs"))
    assert alone.p_out_next == Fraction(13, 93)
    # At 62 the hold limit allows at most 13 points in hand after the draw's discard
    # (BING-LIMIT-HOLD): any four cards he could keep hold two nines or more (18): no out.
    late = discard_facts(hand, unseen=unseen, variant="bing", score=62, opened=True, table=table).of(C("Qs"))
    assert late.outs == ()


def test_bing_lay_offs_in_the_opening_turn_follow_layoff_in_opening() -> None:
    # House Bing dealing 7, two melds to open; A has not opened, at 0, and holds Ks Kh Kd 7c 8c 9c
    # 4h Qs after the draw; the table holds 5h 6h 7h.  Unseen: 104 - 8 - 3 = 93.  Discard Qs.
    # - layoff_in_opening = true (the default): at the meld turn K-K-K and 7c-8c-9c open and 4h
    #   lays off on the run in the same turn: the hand kept goes out whatever is drawn (throw it):
    #   every card, 93/93.
    # - false: 4h must be melded, which one more card cannot do; throwing 4h instead, the four
    #   kept cards must take the card drawn: a king (Ks Kh Kd 1 each, Kc 2: 5), 6c or Tc (2 each:
    #   4), a deuce (8): 17/93.
    # Either way the hand opens as kept (two melds, 4 points left): p_open_next = 1.
    hand = list(parse_cards("Ks Kh Kd 7c 8c 9c 4h Qs"))
    table = (table_meld(1, MeldKind.RUN, "5h 6h 7h"),)
    unseen = two_deck_unseen(hand, [c for t in table for c in t.meld.cards])
    assert sum(unseen.values()) == 93
    allowed = get_variant("bing", hand_size=7, opening_melds=2)
    qs = discard_facts(hand, unseen=unseen, variant=allowed, table=table).of(C("Qs"))
    assert qs.p_out_next == 1 and qs.p_open_next == 1
    barred = get_variant("bing", hand_size=7, opening_melds=2, layoff_in_opening=False)
    qs = discard_facts(hand, unseen=unseen, variant=barred, table=table).of(C("Qs"))
    assert names(qs.outs) == {"Ks", "Kh", "Kd", "Kc", "6c", "Tc", "2s", "2h", "2d", "2c"}
    assert qs.p_out_next == Fraction(17, 93) and qs.p_open_next == 1


def test_kept_facts_at_a_table_and_gin_ignores_the_table() -> None:
    # Before his draw A holds As 2s 3s 7h 8h 9h Kc Kd Kh Jd (the position above less Qd, which lies
    # on the pile): the card drawn now is an out as it was for the discard of Qd: 4s 6h Th Ks by
    # melding, 7c Jc by laying off; unseen 52 - 10 - 3 - 1 = 38.
    text = BASIC_AT_A_TABLE.replace('hand = "As 2s 3s 7h 8h 9h Kc Kd Kh Jd Qd"',
                                    'hand = "As 2s 3s 7h 8h 9h Kc Kd Kh Jd"')
    text = text.replace('drew = "stock"', 'drew = "none"').replace('discard = ""', 'discard = "Qd"')
    state = GameState.from_scenario(parse_scenario(text, source="test.toml"))
    kept = kept_facts_at(state)
    assert kept is not None
    assert names(kept.outs) == {"4s", "6h", "Th", "Ks", "7c", "Jc"} and kept.p_out_next == Fraction(6, 38)
    # gin: a table changes nothing (gin's lay-offs are the defender's, after a knock)
    hand = list(parse_cards("As 2s 3s 4s 7h 8h 9h 5c 5d Kd Qc"))
    unseen = [c for c in full_deck() if c not in hand and c not in parse_cards("6c 7c 8c Jc")]
    table = (table_meld(1, MeldKind.RUN, "6c 7c 8c"),)  # 5c would lay off on it in basic
    with_table = discard_facts(hand, unseen=unseen, variant="gin", table=table)
    assert with_table == discard_facts(hand, unseen=unseen, variant="gin")


def test_a_table_card_counted_twice_is_refused() -> None:
    hand = list(parse_cards("Jc Qd"))
    table = (table_meld(1, MeldKind.RUN, "8c 9c Tc"),)
    with pytest.raises(CardParseError, match="the table together"):
        discard_facts(hand, unseen=[c for c in full_deck() if c not in hand], variant="basic", table=table)


# -- the judge's reference ---------------------------------------------------------------------------

def facts_unseen(state: GameState) -> list[Card]:
    """The cards A has not seen at ``state``: the deck less his hand, the pile and the table."""
    seen = set(state.player.hand) | set(state.discard_pile) | {c for t in state.table for c in t.meld.cards}
    return [c for c in full_deck() if c not in seen]


def _new_melds(cards: Sequence[Card], variant: Variant) -> Iterator[tuple[Meld, tuple[Card, ...]]]:
    """Every legal new meld holding ``cards[0]`` (sets and runs of one deck), with the cards it uses."""
    first, others = cards[0], cards[1:]
    same_rank = [c for c in others if c.rank is first.rank]
    same_suit = [c for c in others if c.suit is first.suit]
    for pool, kind in ((same_rank, MeldKind.SET), (same_suit, MeldKind.RUN)):
        for mask in range(1, 1 << len(pool)):
            chosen = [first] + [c for i, c in enumerate(pool) if mask >> i & 1]
            if len(chosen) < 3:
                continue
            orders = [sorted(chosen, key=lambda c: c.number),
                      sorted(chosen, key=lambda c: 14 if c.number == 1 else c.number)]
            for order in orders:
                meld = Meld.natural(kind, tuple(order))
                if not meld_problems(meld, variant):
                    yield meld, tuple(chosen)
                    break


def _splits(cards: tuple[Card, ...], table: Sequence[TableMeld], variant: Variant
            ) -> Iterator[tuple[list[Meld], list[LayOff], list[Card]]]:
    """Every split of ``cards`` into new melds, cards laid off (each on a table meld of its suit or
    rank: the judge says whether they fit) and at most one card left for the final discard."""
    if not cards:
        yield [], [], []
        return
    first, rest = cards[0], cards[1:]
    for melds, layoffs, left in _splits(rest, table, variant):  # first is the card left
        if not left:
            yield melds, layoffs, [first]
    for t in table:
        stands = t.meld.stands_for[0]
        if (first.suit is stands.suit) if t.meld.kind is MeldKind.RUN else (first.rank is stands.rank):
            for melds, layoffs, left in _splits(rest, table, variant):
                yield melds, [LayOff(first, t.number, first), *layoffs], left
    for meld, used in _new_melds(cards, variant):
        remaining = list(cards)
        for card in used:
            remaining.remove(card)
        for melds, layoffs, left in _splits(tuple(remaining), table, variant):
            yield [meld, *melds], layoffs, left


def _plays_out(state: GameState, steps: Sequence[tuple[Sequence[Meld], Sequence[LayOff]]],
               left: Sequence[Card]) -> bool:
    """Whether the judge lets A lay down ``steps`` in turn, discard what is ``left`` and so win the hand."""
    trial = state.copy()
    seat = trial.current
    try:
        for melds, layoffs in steps:
            if melds or layoffs:
                trial.lay_down(melds, layoffs)
        for card in left:
            trial.discard(card)
    except RummyError:
        return False
    return trial.phase == "over" and trial.winner == seat


def judge_goes_out(state: GameState) -> bool:
    """Whether some legal lay-down of A's (his turn's melds and lay-offs together, as a record's
    replay and ``solve`` judge a turn) and a final discard or none empties his hand at ``state``, A
    to move just after his draw."""
    hand = tuple(sorted(state.player.hand))
    return any(_plays_out(state, [(melds, layoffs)], left)
               for melds, layoffs, left in _splits(hand, state.table, state.variant))


def judge_outs(state: GameState, discard: Card, unseen: Sequence[Card]) -> set[str]:
    """The unseen cards after which, ``discard`` thrown now and the card drawn next turn, the judge
    lets A go out: the state just after that draw is built and asked ``judge_goes_out``."""
    player = state.player
    kept = list(player.hand)
    kept.remove(discard)
    found = set()
    for draw in unseen:
        after = state.copy()
        after.players[after.current] = PlayerState(player.name, player.score, player.opened, (*kept, draw))
        after.discard_pile = [*state.discard_pile, discard]
        after.drew, after.took, after.melded = "stock", None, False
        if judge_goes_out(after):
            found.add(str(draw))
    return found


def _random_meld(rng: random.Random, free: set[Card]) -> list[Card] | None:
    """A random set of three or run of three or four among the ``free`` cards, or None."""
    for _ in range(50):
        if rng.random() < 0.4:
            rank = rng.randrange(1, 14)
            cards = [c for c in full_deck() if c.number == rank and c in free]
            if len(cards) >= 3:
                return rng.sample(cards, 3)
        else:
            suit = rng.choice(list(Suit))
            length = rng.choice((3, 4))
            start = rng.randrange(1, 15 - length)
            cards = [c for c in full_deck() if c.suit is suit and start <= c.number < start + length]
            if all(c in free for c in cards):
                return cards
    return None


def table_position(rng: random.Random, variant: Variant, *, opened: bool) -> GameState:
    """A seeded basic position near going out: B has laid down two or three melds; A has just drawn
    and holds melds of his own and two or three loose cards, most of them next to the table's melds
    (or one card away), the rest random; four cards lie on the pile."""
    free = set(full_deck())
    table: list[TableMeld] = []
    for number in range(1, rng.choice((2, 3, 3)) + 1):
        meld = _random_meld(rng, free)
        if meld is None:
            break
        kind = MeldKind.SET if len({c.number for c in meld}) == 1 else MeldKind.RUN
        table.append(TableMeld(number, Meld.natural(kind, tuple(sorted(meld, key=lambda c: c.number))), "B"))
        free -= set(meld)
    size = rng.choice((4, 5, 6, 8, 11))
    loose = rng.choice((2, 3))
    hand: list[Card] = []
    while len(hand) < size - loose:
        meld = _random_meld(rng, free - set(hand))
        if meld is None or len(hand) + len(meld) > size - loose + 1:
            break
        hand += meld

    def near(card: Card, t: TableMeld) -> bool:
        if t.meld.kind is MeldKind.SET:
            return card.number == t.meld.stands_for[0].number
        numbers = [c.number for c in t.meld.stands_for]
        return card.suit is t.meld.stands_for[0].suit and 0 < min(abs(card.number - n) for n in numbers) <= 2

    close = sorted(c for c in free - set(hand) if any(near(c, t) for t in table))
    hand += rng.sample(close, min(len(close), loose - 1, size - len(hand)))
    hand += rng.sample(sorted(free - set(hand)), size - len(hand))
    pile = rng.sample(sorted(free - set(hand)), 4)
    players = [PlayerState("A", 0, opened, tuple(hand)), PlayerState("B", 0, True, (), 6)]
    return GameState(variant=variant, players=players, table=table, discard_pile=pile, stock=20, drew="stock")


#: (seed, basic options, A opened): each position has outs that only a lay-off makes
CASES: list[tuple[int, dict[str, Any], bool]] = [
    (0, {}, False), (8, {}, True), (14, {}, False),
    (10, {"layoff_before_meld": False}, False), (15, {"layoff_before_meld": False}, False),
    (3, {"opening_points": 31}, False), (7, {"opening_points": 31, "layoff_before_meld": False}, False),
    (7, {"out_discard_required": True}, True), (15, {"melds_per_turn": "one"}, True),
]


@pytest.mark.parametrize("seed, options, opened", CASES)
def test_basic_outs_at_a_table_are_those_the_judge_allows(seed: int, options: dict[str, Any],
                                                          opened: bool) -> None:
    """Every discard of a seeded position, every unseen card: the outs and the exact chance are
    those the judge lets go out (``judge_outs``)."""
    rng = random.Random(700 + seed)
    variant = get_variant("basic", **options)
    state = table_position(rng, variant, opened=opened)
    unseen = facts_unseen(state)
    facts = facts_at(state)
    assert facts.unseen == len(unseen)
    hand = state.player.hand
    alone = discard_facts(hand, unseen=unseen, variant=variant, opened=opened)
    laid_off_only = 0
    for discard in sorted(set(hand)):
        expected = judge_outs(state, discard, unseen)
        found = facts.of(discard)
        assert names(found.outs) == expected, (discard, [str(t.meld) for t in state.table], [str(c) for c in hand])
        assert found.p_out_next == Fraction(len(expected), len(unseen))
        laid_off_only += len(expected - names(alone.of(discard).outs))
    assert laid_off_only > 0  # the case is not trivial: the table makes outs


# -- Bing at a table: the facts' shortcuts against a plain count ---------------------------------------

def bing_table_count(hand: Sequence[Card], unseen: Counter[Card], table: Sequence[TableMeld], variant: Variant, *,
                     score: int, opened: bool) -> dict[Card, tuple[set[str], set[str]]]:
    """Per discard: (going-out cards, opening cards), every discard, draw and discard after the draw
    asked of the lay-off search (``solvers.layoffs.best_layoffs``) at the meld turn that follows.
    Not independent of the solver, but without any of the facts' shortcuts: the rules written out
    here are BING-OPEN's melds, BING-LAYOFF (opened, or ``layoff_in_opening``), BING-LIMIT on the
    points left and BING-LIMIT-HOLD on the hand kept once opened."""
    from rummycheck.solvers.layoffs import best_layoffs

    limit = int_option(variant, "limit")
    needed = 0 if opened else int_option(variant, "opening_melds")
    lays_off = opened or bool(variant.option("layoff_in_opening"))
    found: dict[Card, tuple[set[str], set[str]]] = {card: (set(), set()) for card in set(hand)}
    for discard, draw, held in meld_turn_hands(list(hand), unseen, variant, score=score, opened=opened):
        outs, opens = found[discard]
        best = best_layoffs(held, table if lays_off else (), variant=variant, min_melds=needed)
        if best is None or score + best[0][0] > limit:
            continue
        if best[0][1] == 0:
            outs.add(str(draw))
        if not opened and needed:
            opens.add(str(draw))
    return found


def bing_table_position(rng: random.Random, size: int, deuces: int
                        ) -> tuple[list[Card], Counter[Card], tuple[TableMeld, ...]]:
    """Two natural table melds (a run and a set), a hand of ``size`` with ``deuces`` deuces, a card or
    two next to the table's melds, a started meld and random cards; the rest of the two decks unseen."""
    suit = rng.choice(list(Suit))
    start = rng.randrange(3, 10)
    run = [c for c in full_deck() if c.suit is suit and start <= c.number < start + 3]
    rank = rng.choice([n for n in range(3, 14) if not start <= n < start + 3])
    trio = [c for c in full_deck() if c.number == rank][:3]
    table = (TableMeld(1, Meld.natural(MeldKind.RUN, tuple(run)), "B"),
             TableMeld(2, Meld.natural(MeldKind.SET, tuple(trio)), "B"))
    deck = Counter(c for c in full_deck() for _ in range(2))
    deck.subtract(run + trio)
    hand: list[Card] = []

    def take(cards: Sequence[Card], count: int) -> None:
        """``count`` cards of ``cards`` (in that order) that the two decks still hold."""
        for card in cards:
            if count > 0 and deck[card] > 0:
                hand.append(card)
                deck[card] -= 1
                count -= 1

    take([c for c in full_deck() if c.number == 2], deuces)
    close = [c for c in full_deck() if c.suit is suit and c.number in (start - 2, start - 1, start + 3, start + 4)]
    close += [c for c in full_deck() if c.number == rank]
    take(rng.sample(close, len(close)), 2)
    base = rng.choice([c for c in full_deck() if c.number > 2])
    take([base, *[c for c in full_deck() if c.number == base.number and c != base]], 2)
    rest = [c for c in sorted((+deck).elements()) if c.number != 2]
    take(rng.sample(rest, len(rest)), size - len(hand))
    unseen = +deck
    return hand, unseen, table


@pytest.mark.parametrize("seed, kind", [(1, "opened"), (2, "opened"), (3, "opened"), (8, "opened"), (11, "opened"),
                                        (0, "lays off in the opening"), (3, "lays off in the opening"),
                                        (0, "lays off after the opening")])
def test_bing_outs_at_a_table_match_the_plain_count(seed: int, kind: str) -> None:
    """Opened hands of 4 to 6 cards (0 to 2 deuces) at 0, 40 or 60; a small house Bing (7 dealt, two
    melds to open) at 50 before opening, with lay-offs in the opening turn allowed or not."""
    rng = random.Random(900 + seed)
    if kind == "opened":
        variant = get_variant("bing")
        opened, score = True, rng.choice((0, 40, 60))
        hand, unseen, table = bing_table_position(rng, rng.choice((4, 5, 6)), deuces=seed % 3)
    else:
        variant = get_variant("bing", hand_size=7, opening_melds=2, layoff_in_opening=kind == "lays off in the opening")
        opened, score = False, 50
        hand, unseen, table = bing_table_position(rng, 8, deuces=1)
    facts = discard_facts(hand, unseen=unseen, variant=variant, score=score, opened=opened, table=table)
    expected = bing_table_count(hand, unseen, table, variant, score=score, opened=opened)
    alone = discard_facts(hand, unseen=unseen, variant=variant, score=score, opened=opened)
    differs = 0
    total = sum(unseen.values())
    for found in facts.discards:
        outs, opens = expected[found.discard]
        assert names(found.outs) == outs, (found.discard, [str(c) for c in hand])
        assert found.p_out_next == Fraction(sum(n for c, n in unseen.items() if str(c) in outs), total)
        if not opened:
            assert names(found.open_outs or ()) == opens
        differs += len(outs ^ names(alone.of(found.discard).outs))
    if kind == "lays off after the opening":
        assert differs == 0  # lay-offs wait for the turn after the opening: the table changes nothing
    else:
        assert differs > 0  # the table makes outs


def test_a_turn_split_into_two_lay_downs_meets_the_opening_minimum_as_one() -> None:
    # opening 31, A unopened with 4h 5h 6h (15 points) Jc 2s after his draw; B's 8c 9c Tc is on the
    # table. One lay-down of "layoff Jc; meld 4h 5h 6h" is refused (its melds are worth 15); laying
    # the Jc off first and melding after, in the same turn, must be refused the same way
    variant = get_variant("basic", opening_points=31)
    table = (TableMeld(1, Meld.natural(MeldKind.RUN, parse_cards("8c 9c Tc")), "B"),)
    players = [PlayerState("A", 0, False, tuple(parse_cards("4h 5h 6h Jc 2s"))), PlayerState("B", 0, True, (), 6)]
    run = Meld.natural(MeldKind.RUN, parse_cards("4h 5h 6h"))
    jack = LayOff(Card.parse("Jc"), 1, Card.parse("Jc"))

    def start() -> GameState:
        return GameState(variant=variant, players=list(players), table=list(table),
                         discard_pile=list(parse_cards("Kd")), stock=20, drew="stock")

    with pytest.raises(RummyError, match="BASIC-OPEN"):
        start().lay_down([run], [jack])
    split = start()
    split.lay_down([], [jack])  # lay-offs alone need no minimum (layoff_before_meld, the default)
    with pytest.raises(RummyError, match="BASIC-OPEN"):
        split.lay_down([run], [])
    # melds worth the minimum after the lay-off in the same turn are fine: Ks Kh Kc (30) and the run, 45
    rich = [PlayerState("A", 0, False, tuple(parse_cards("4h 5h 6h Jc Ks Kh Kc 2s"))), players[1]]
    state = GameState(variant=variant, players=rich, table=list(table), discard_pile=list(parse_cards("Kd")),
                      stock=20, drew="stock")
    state.lay_down([], [jack])
    state.lay_down([Meld.natural(MeldKind.SET, parse_cards("Ks Kh Kc")), run], [])
    assert state.player.hand == (Card.parse("2s"),)
