"""Exactness of the fast paths against the plain brute force (tests/brute.py).

The bitmask entry points of ``rummycheck.solvers.deadwood`` (``min_deadwood_mask``,
``deadwood_counter``, ``min_deadwood_many``) and gin's best discard (``best_discard_mask``
and ``deadwood_counter(discard=True)``) must give exactly the brute force's optimum on
every hand, whatever the variant options the lookup tables cover, and fall back to the
exact search for the others.  No timing here: speed is the benchmark's business.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import math
import random

import pytest
from brute import PlainOptions, brute_force_cost
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_solver_property import Overrides, deal, plain, plain_options

from rummycheck import Card, get_variant, min_deadwood, parse_cards, solve
from rummycheck.cards import full_deck
from rummycheck.errors import CardParseError, HandSizeError
from rummycheck.games.base import game_of
from rummycheck.melds import Meld, MeldKind
from rummycheck.render.json import solution_json
from rummycheck.results import Solution, assemble_solution
from rummycheck.solvers.deadwood import (
    best_discard_mask,
    deadwood_counter,
    fast_parts,
    fast_search,
    fast_tables,
    hand_mask,
    mask_parts,
    min_deadwood_many,
    min_deadwood_mask,
)

ONE_DECK_SETUPS: list[tuple[str, Overrides]] = [
    ("gin", {}),
    ("gin", {"ace": "low_or_high"}),
    ("gin", {"set_max": 3}),
    ("gin", {"ace_points": 0, "face_points": 15}),
    ("basic", {}),
    ("basic", {"set_max": 3}),
]


def set_rich_hand(rng: random.Random, size: int, sets: int) -> list[Card]:
    """A one-deck hand seeded with up to ``sets`` ranks of 3 or 4 cards, the rest at random."""
    deck = list(full_deck())
    hand: list[Card] = []
    for rank in rng.sample(range(13), sets):
        for card in rng.sample([c for c in deck if c.index % 13 == rank], rng.choice([3, 4])):
            if len(hand) < size:
                hand.append(card)
    if rng.random() < 0.5:  # and a run or two
        suit = rng.randrange(4)
        start = rng.randrange(0, 9)
        for r in range(start, start + rng.choice([3, 4, 5])):
            card = Card.from_index(suit * 13 + r)
            if card not in hand and len(hand) < size:
                hand.append(card)
    rest = [c for c in deck if c not in hand]
    hand += rng.sample(rest, size - len(hand))
    rng.shuffle(hand)
    return hand


def brute_best_discard(hand: list[Card], opts: PlainOptions) -> tuple[int, int, int]:
    """(points, cards left, index of the lowest best discard) by brute force over every discard."""
    best = None
    for i, card in enumerate(hand):
        cost = brute_force_cost(plain(hand[:i] + hand[i + 1:]), opts)
        assert cost is not None
        key = (cost[0], cost[1], card.index)
        if best is None or key < best:
            best = key
    assert best is not None
    return best


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(ONE_DECK_SETUPS), seed=st.integers(0, 2**32 - 1), size=st.integers(1, 12),
       sets=st.integers(0, 3))
def test_best_discard_mask_matches_brute_force(setup: tuple[str, Overrides], seed: int, size: int,
                                               sets: int) -> None:
    name, overrides = setup
    variant = get_variant(name, **overrides)
    hand = set_rich_hand(random.Random(seed), size, sets)
    points, cards_left, index = brute_best_discard(hand, plain_options(variant))
    mask = hand_mask(hand)
    assert deadwood_counter(variant, discard=True)(mask) == points
    assert best_discard_mask(mask, variant=variant) == (points, index)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(ONE_DECK_SETUPS), seed=st.integers(0, 2**32 - 1), size=st.integers(0, 12),
       sets=st.integers(0, 3))
def test_min_deadwood_mask_matches_brute_force(setup: tuple[str, Overrides], seed: int, size: int,
                                               sets: int) -> None:
    name, overrides = setup
    variant = get_variant(name, **overrides)
    hand = set_rich_hand(random.Random(seed), size, sets)
    expected = brute_force_cost(plain(hand), plain_options(variant))
    assert expected is not None
    mask = hand_mask(hand)
    assert min_deadwood_mask(mask, variant=variant) == expected[0]
    assert min_deadwood_many([mask, mask], variant=variant) == [expected[0]] * 2
    assert min_deadwood(hand, variant=variant) == expected[0]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(ONE_DECK_SETUPS), seed=st.integers(0, 2**32 - 1), size=st.integers(0, 12),
       sets=st.integers(0, 3), twice=st.booleans())
def test_min_deadwood_of_a_repeated_variant_matches_brute_force(setup: tuple[str, Overrides], seed: int, size: int,
                                                                sets: int, twice: bool) -> None:
    # the second question about the same variant object takes min_deadwood's short way
    # (ten cards added up without a loop); a card given twice must leave it for the search
    name, overrides = setup
    variant = get_variant(name, **overrides)
    hand = set_rich_hand(random.Random(seed), size, sets)
    if twice and hand:
        hand[-1] = hand[0]
    expected = brute_force_cost(plain(hand), plain_options(variant))
    assert expected is not None
    for cards in (hand, tuple(hand), hand):
        assert min_deadwood(cards, variant=variant) == expected[0]
    # min_melds leaves the short way for the search
    with_meld = brute_force_cost(plain(hand), plain_options(variant), min_melds=1)
    whole = variant.points(hand)
    assert min_deadwood(hand, variant=variant, min_melds=1) == (whole if with_meld is None else with_meld[0])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 10), deuces=st.integers(0, 4),
       overrides=st.sampled_from([{}, {"ace": "wrap"}, {"wild_points": 25}]))
def test_mask_entry_points_fall_back_to_the_exact_search(seed: int, size: int, deuces: int,
                                                         overrides: Overrides) -> None:
    # Bing has wilds and two decks: no lookup tables, the mask functions use the exact
    # search (a mask holds one copy of each card)
    variant = get_variant("bing", **overrides)
    rng = random.Random(seed)
    hand = list(dict.fromkeys(deal(rng, variant, size + 4, min(deuces, size), meld_rich=True)))[:size]
    opts = plain_options(variant)
    mask = hand_mask(hand)
    expected = brute_force_cost(plain(hand), opts)
    assert expected is not None
    assert min_deadwood_mask(mask, variant=variant) == expected[0]
    points, cards_left, index = brute_best_discard(hand, opts)
    assert deadwood_counter(variant, discard=True)(mask) == points
    assert best_discard_mask(mask, variant=variant)[0] == points


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), sets=st.integers(0, 3))
def test_best_discard_mask_agrees_with_solve_on_eleven_gin_cards(seed: int, sets: int) -> None:
    variant = get_variant("gin", big_gin_bonus=0)
    hand = set_rich_hand(random.Random(seed), 11, sets)
    result = solve(hand, variant=variant)
    points, index = best_discard_mask(hand_mask(hand), variant=variant)
    assert result.deadwood_points == points
    assert result.discard == Card.from_index(index)


def test_greedy_trap_hand_is_solved_exactly() -> None:
    # OpenSpiel's (greedy) 11-card min_deadwood answers 8 here; discarding 5h melds
    # 3s 4s 5s and 3c 4c 5c and keeps Ac Ad 2h 3h: 7
    hand = parse_cards("Ac 3c 4s 4c 5h Ad 2h 5c 3h 5s 3s")
    assert deadwood_counter("gin", discard=True)(hand_mask(hand)) == 7
    assert best_discard_mask(hand_mask(hand), variant="gin")[0] == 7
    assert solve(hand, variant="gin").deadwood_points == 7


@pytest.mark.parametrize("variant", ["gin", "bing"])
def test_discard_of_an_empty_hand_is_an_error(variant: str) -> None:
    with pytest.raises(ValueError, match="empty"):
        best_discard_mask(0, variant=variant)
    with pytest.raises(ValueError, match="empty"):
        deadwood_counter(variant, discard=True)(0)


def test_hand_mask_rejects_a_card_given_twice() -> None:
    with pytest.raises(ValueError, match="twice"):
        hand_mask(parse_cards("Ah Ah 2c"))
    assert hand_mask(iter(parse_cards("Ah 2c"))) == Card.parse("Ah").bit | Card.parse("2c").bit


BING_SETUPS: list[Overrides] = [{}, {"ace": "low"}, {"ace": "wrap"}, {"max_wilds": 1}, {"min_naturals": 2},
                                {"wild_points": 0}, {"set_max": 4, "set_duplicates": False},
                                {"face_points": 0, "ace_points": 0}]


def long_run_hand(rng: random.Random, size: int, deuces: int) -> list[Card]:
    """Two-deck cards: ``deuces`` deuces, a long stretch of one suit, the rest at random
    (the shape on which the search's early stop and candidate reuse matter most)."""
    deck = list(full_deck()) * 2
    twos = [c for c in deck if c.number == 2]
    others = [c for c in deck if c.number != 2]
    hand = rng.sample(twos, min(deuces, size))
    suit = rng.randrange(4)
    start = rng.randint(1, 9)
    for number in range(start, start + rng.randint(3, 10)):
        card = Card.from_index(suit * 13 + (number - 1) % 13)
        if card.number != 2 and len(hand) < size and card in others:
            others.remove(card)
            hand.append(card)
    hand += rng.sample(others, size - len(hand))
    rng.shuffle(hand)
    return hand


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(overrides=st.sampled_from(BING_SETUPS), seed=st.integers(0, 2**32 - 1), size=st.integers(3, 12),
       deuces=st.integers(0, 6), min_melds=st.sampled_from([0, 1, 3, 4]))
def test_exact_search_on_deuce_rich_long_runs_matches_brute_force(overrides: Overrides, seed: int, size: int,
                                                                  deuces: int, min_melds: int) -> None:
    # the search stops a state early once it reaches the least cost the state can have
    # (nothing left, all of fewer than 3 wilds used), gives a state up when too few of its
    # cards may meld for the melds still wanted (four for a Bing opening by the `common`
    # bots) and reuses run candidates made for more wilds; all must leave the optimum unchanged
    from rummycheck.games.validate import arrangement_problems
    from rummycheck.solvers.exact import search

    variant = get_variant("bing", **overrides)
    hand = long_run_hand(random.Random(seed), size, deuces)
    expected = brute_force_cost(plain(hand), plain_options(variant), min_melds=min_melds)
    found = search(hand, variant=variant, min_melds=min_melds)
    if expected is None:
        assert found is None
        return
    assert found is not None
    assert arrangement_problems(hand, found.melds, found.deadwood, variant=variant) == []
    assert (found.points, len(found.deadwood), found.wilds_used) == expected


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from([("bing", False), ("bing", True), ("basic", False), ("gin", False)]),
       seed=st.integers(0, 2**32 - 1), min_melds=st.sampled_from([0, 1, 3]))
def test_best_layoffs_matches_every_layoff_choice_searched_afresh(game: tuple[str, bool], seed: int,
                                                                  min_melds: int) -> None:
    # the lay-off walk shares one exact search over all remainders; the reference tries
    # every combination of lay-off options and searches each remainder with a fresh search
    from collections import Counter
    from itertools import product

    from rummycheck.crosscheck import table_scenario
    from rummycheck.solvers.exact import INF, SearchRules, search_cost
    from rummycheck.solvers.layoffs import best_layoffs, meld_options

    name, opened = game
    variant = get_variant(name)
    scenario = table_scenario(random.Random(seed), variant, opened=opened)
    hand = next(p.hand for p in scenario.players if p.name == "me")
    assert hand is not None
    rules = SearchRules.from_variant(variant)
    # meld_options names one choice of wild cards per count (the first ones); the reference
    # tries every wild card of the hand in every place a wild card stands for another card
    # (but on a set of the wild rank, where meld_options already tries every choice)
    wilds = sorted({c for c in hand if variant.is_wild(c)})

    def every_wild(meld: Meld, way: tuple[tuple[Card, Card], ...]) -> set[tuple[tuple[Card, Card], ...]]:
        if meld.kind == MeldKind.SET and meld.stands_for[0].number == variant.wild_number:
            return {way}
        places = [[(c, s)] if c == s or not variant.is_wild(c) else [(w, s) for w in wilds] for c, s in way]
        return set(product(*places))

    options = [sorted({other for way in meld_options(t.meld, hand, variant) for other in every_wild(t.meld, way)},
                      key=len) for t in scenario.table]
    # the reference tries every combination: a deal with many wild cards and long runs can make
    # that billions (a hung worker), so such deals are left to the z3 comparisons
    assume(math.prod(len(ways) for ways in options) <= 20_000)
    expected = None
    for combo in product(*options):
        used = Counter(c for way in combo for c, _ in way)
        have = Counter(hand)
        if any(have[c] < n for c, n in used.items()):
            continue
        remainder = list((have - used).elements())
        naturals = [c.index for c in remainder if not variant.is_wild(c)]
        cost = search_cost(naturals, len(remainder) - len(naturals), rules, min_melds=min_melds)
        if cost[0] >= INF:
            continue
        laid_wilds = sum(1 for way in combo for c, s in way if c != s)
        full = (cost[0], cost[1], cost[2] + laid_wilds, sum(len(way) for way in combo))
        expected = full if expected is None else min(expected, full)
    found = best_layoffs(hand, scenario.table, variant=variant, min_melds=min_melds)
    assert (found[0] if found is not None else None) == expected


GIN_SETUPS: list[Overrides] = [
    {},
    {"ace": "low_or_high"},
    {"set_max": 3},
    {"ace_points": 0, "face_points": 15},
    {"knock_limit": 0, "big_gin_bonus": 0},
    {"hand_size": 7, "knock_limit": 25},
]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(overrides=st.sampled_from(GIN_SETUPS), seed=st.integers(0, 2**32 - 1), extra=st.integers(0, 1),
       sets=st.integers(0, 3), score=st.integers(0, 99), opened=st.booleans())
def test_quick_gin_solve_equals_the_general_path(overrides: Overrides, seed: int, extra: int, sets: int, score: int,
                                                  opened: bool) -> None:
    # solve's quick path (the game's quick_solver: lookup tables, the Solution assembled
    # without the dataclass __init__) gives the very Solution of Gin.solve_hand, which
    # builds it the long way (fast_search, best_discard, solution_of)
    variant = get_variant("gin", **overrides)
    hand = tuple(set_rich_hand(random.Random(seed), variant.hand_size + extra, sets))
    general = game_of(variant).solve_hand(hand, score=score, opened=opened, find=fast_search, solver="exact")
    quick = game_of(variant).quick_solver()
    assert quick is not None
    found = quick(hand, score, opened)
    if found is not None:  # None: left to solve_hand (the whole 11 cards may meld)
        assert type(found) is Solution
        assert found == general and repr(found) == repr(general) and hash(found) == hash(general)
        assert solution_json(found) == solution_json(general)
    else:
        assert extra == 1 and best_discard_mask(hand_mask(hand), variant=variant)[0] == 0
    for _ in range(2):  # the first call finds the quick path, the second takes it straight
        assert solve(list(hand), variant=variant, score=score, opened=opened) == general


def test_quick_gin_solve_leaves_bad_hands_to_the_checks() -> None:
    variant = get_variant("gin")
    solve(parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts"), variant=variant)  # the quick path is now gin's
    with pytest.raises(CardParseError, match="2 copies of Ac"):
        solve(parse_cards("Ac Ac 3c 4d 5d 6d 7h 8h 9h Ts"), variant=variant)
    with pytest.raises(HandSizeError):
        solve(parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h"), variant=variant)
    big = solve(parse_cards("As 2s 3s 4s 5s 6h 7h 8h 9d 9c 9s"), variant=variant)
    assert big.fact("big_gin") and big.discard is None


def test_assembled_solution_is_the_frozen_value() -> None:
    solution = solve(parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts"), variant="gin", solver="z3")
    values = [getattr(solution, f.name) for f in dataclasses.fields(Solution)]
    made = assemble_solution(*values)
    assert type(made) is Solution and made == Solution(*values) and hash(made) == hash(solution)
    assert repr(made) == repr(solution) and copy.copy(made) == solution
    assert dataclasses.replace(made, score=7).score == 7
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.score = 1  # type: ignore[misc]
    assert not hasattr(made, "__dict__")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(ONE_DECK_SETUPS), seed=st.integers(0, 2**32 - 1), size=st.integers(3, 14),
       sets=st.integers(1, 4))
def test_lookup_sets_follow_the_documented_tie_break(setup: tuple[str, Overrides], seed: int, size: int,
                                                     sets: int) -> None:
    # docs/solver.md: least (points, cards left); the set choices tried rank by rank from
    # ace to king, "no set" first, then the sets of three in suit order, then of four;
    # the first best wins.  Written here with itertools.product over the per-suit keys.
    name, overrides = setup
    variant = get_variant(name, **overrides)
    tables = fast_tables(variant)
    assert tables is not None
    hand = set_rich_hand(random.Random(seed), size, sets)
    mask = hand_mask(hand)
    suits = [mask >> (13 * s) & 8191 for s in range(4)]
    options = []
    for rank in range(13):
        holding = [s for s in range(4) if suits[s] >> rank & 1]
        if len(holding) >= 3:
            sizes = [n for n in (3, 4) if n <= len(holding) and (variant.set_max is None or n <= variant.set_max)]
            options.append([(rank, ())] + [(rank, c) for n in sizes for c in itertools.combinations(holding, n)])
    best = None
    for combo in itertools.product(*options):
        left = list(suits)
        for rank, chosen in combo:
            for s in chosen:
                left[s] &= ~(1 << rank)
        key = sum(tables.keys[m] for m in left)
        if best is None or key < best[0]:
            best = (key, [(rank, chosen) for rank, chosen in combo if chosen])
    melds, deadwood, points = mask_parts(mask, tables)
    assert best is not None
    found = [(m.cards[0].index % 13, tuple(c.index // 13 for c in m.cards)) for m in melds if m.kind == MeldKind.SET]
    assert found == best[1]
    assert (points, len(deadwood)) == divmod(best[0], 64)
    assert fast_parts(hand, variant) == (melds, deadwood, points)


def _dead_by_counting(rem: tuple[int, ...], w: int, costs: tuple[int, ...]) -> int:
    """The exact search's bound worked the plain way: a card is dead when fewer than ``2 - w`` other
    cards share its rank and no ``3 - w`` ranks in a row of its suit around it (round the ace, with
    the wild standing in for one) are held."""
    held = set(rem)
    total = 0
    for x in rem:
        suit, rank = divmod(x, 13)
        if sum(1 for y in rem if y % 13 == rank) >= 3 - w:
            continue
        in_suit = [suit * 13 + (rank + d) % 13 in held for d in range(-2, 3)]  # ranks x-2 .. x+2
        windows = [in_suit[i:i + 3] for i in range(3)]  # the three runs of three through x
        if any(sum(window) >= 3 - w for window in windows):
            continue
        total += costs[x]
    return total


@given(st.integers(0, 2**32), st.integers(0, 15), st.booleans(), st.integers(0, 1))
@settings(max_examples=400, deadline=None)
def test_the_exact_searchs_dead_card_bound_counts_as_the_plain_rule(seed: int, size: int, two_decks: bool,
                                                                     wilds: int) -> None:
    from rummycheck.solvers.exact import _dead_cards

    rng = random.Random(seed)
    costs = tuple(rng.randrange(1, 50) for _ in range(52))
    rem = tuple(sorted(rng.sample(list(range(52)) * (2 if two_decks else 1), size)))
    assert _dead_cards(rem, wilds, costs) == _dead_by_counting(rem, wilds, costs)


@given(st.integers(0, 2**32), st.integers(3, 14), st.integers(0, 2))
@settings(max_examples=300, deadline=None)
def test_a_card_no_meld_can_hold_is_held_by_no_legal_meld(seed: int, size: int, wilds: int) -> None:
    # the Bing bots skip the search for a top discard when `may_meld` says no meld could hold it;
    # a legal meld through it (every subset of the hand tried by the brute force's meld rules)
    # would make that skip wrong
    from brute import _legal_meld

    from rummycheck.solvers.exact import may_meld, search

    variant = get_variant("bing")
    rng = random.Random(seed)
    deck = [c for c in full_deck() if not variant.is_wild(c)] * 2
    hand = rng.sample(deck, size) + [Card.parse(f"2{s}") for s in "cdhs"[:wilds]]
    card = hand[0]
    opts = plain_options(variant)
    others = [plain([c])[0] for c in hand[1:]]
    # sets and runs of three or more hold a three-card meld through each of their cards
    # (with at most one wild in the hand), so trying every pair of the others is the whole rule
    held = any(_legal_meld([plain([card])[0], a, b], opts) for a, b in itertools.combinations(others, 2))
    # with two wilds any card makes a meld; with fewer, Bing's aces (low or high) and the deuces
    # being wild leave nothing for the bound's generous wrap round the ace to add
    assert may_meld(card, hand, variant) == (held or wilds >= 2)
    if not held:
        arrangement = search(hand, variant=variant)
        assert arrangement is not None and card in arrangement.deadwood


def _least_naturals_left(hand: list[Card], variant_name: str) -> int:
    """The fewest natural cards of ``hand`` left out of melds over every arrangement (every legal
    meld of the brute force's rules tried, a memo over the cards still free)."""
    from functools import cache

    from brute import _legal_meld

    variant = get_variant(variant_name)
    opts = plain_options(variant)
    cards = plain(hand)
    n = len(cards)
    natural = [not variant.is_wild(c) for c in hand]
    melds = [mask for mask in range(1, 1 << n) if mask.bit_count() >= 3
             and _legal_meld([cards[i] for i in range(n) if mask >> i & 1], opts)]

    @cache
    def least(free: int) -> int:
        if not free:
            return 0
        low = (free & -free).bit_length() - 1
        found = least(free & ~(1 << low)) + natural[low]
        for mask in melds:
            if mask & free == mask and mask >> low & 1:
                found = min(found, least(free & ~mask))
        return found

    return least((1 << n) - 1)


@given(st.integers(0, 2**32), st.integers(3, 10), st.integers(1, 2))
@settings(max_examples=150, deadline=None)
def test_the_exact_searchs_count_of_cards_left_never_passes_the_fewest_left(seed: int, size: int,
                                                                             wilds: int) -> None:
    # the search gives up on a state whose melds still wanted cannot be made from the cards that
    # may meld (``_left_count``: with one or two wilds): that count must never be more than the
    # fewest natural cards any arrangement leaves in hand
    from rummycheck.solvers.exact import _left_count

    variant = get_variant("bing")
    rng = random.Random(seed)
    deck = [c for c in full_deck() if not variant.is_wild(c)] * 2
    naturals = rng.sample(deck, size)
    hand = naturals + [Card.parse(f"2{s}") for s in "cdhs"[:wilds]]
    rem = tuple(sorted(c.index for c in naturals))
    assert _left_count(rem, wilds) <= _least_naturals_left(hand, "bing")


def test_the_count_of_cards_left_takes_off_one_group_a_wild() -> None:
    # worked by hand: 3c 7d Jh Kd Ks Kc with one wild.  No meld of naturals alone holds 3c, 7d or
    # Jh, while the three kings make a set; with the wild 3c, 7d and Jh are still alone (no other
    # card of their rank, none of their suit within two ranks, Kc being three ranks from 3c round
    # the ace): all three stay.  With Kh for Kd, Jh + wild + Kh would be a run: two stay.
    from rummycheck.solvers.exact import _left_count

    def rem(text: str) -> tuple[int, ...]:
        return tuple(sorted(c.index for c in parse_cards(text)))

    assert _left_count(rem("3c 7d Jh Kd Ks Kc"), 1) == 3
    assert _left_count(rem("3c 7d Jh Kh Ks Kc"), 1) == 2
    # 3c 4d 9h 9s Kh: with no wild every card is alone.  With one wild 3c, 4d and Kh stay whatever
    # it does (no card of their rank, none of their suit within two ranks), and the wild can take
    # both nines (9h 9s + wild): 3 stay.  With two wilds no card is out of reach, and the largest
    # group of one rank or suit has 2 (the nines, the hearts), so at least 5 - 2 x 2 = 1 stays
    assert _left_count(rem("3c 4d 9h 9s Kh"), 1) == 3
    assert _left_count(rem("3c 4d 9h 9s Kh"), 2) == 1


def test_the_public_deadwood_functions_refuse_hands_they_cannot_mean() -> None:
    """A library audit: a whole deck made memory grow without end, and the mask functions took -1
    (memory without end), 1 << 60 (a made-up answer) or 52 cards."""
    from rummycheck.cards import full_deck, parse_cards
    from rummycheck.errors import CardParseError, HandSizeError
    from rummycheck.solvers.deadwood import best_discard_mask, min_deadwood, min_deadwood_mask

    with pytest.raises(HandSizeError, match="a hand of at most 30 cards, not 52"):
        min_deadwood(list(full_deck()), variant="gin")
    for mask in (-1, 1 << 60):
        for function in (best_discard_mask, min_deadwood_mask):
            with pytest.raises(CardParseError, match="a hand mask is a 52-bit int"):
                function(mask)
    with pytest.raises(CardParseError, match="a hand mask holds at most 20 cards, not 52"):
        min_deadwood_mask((1 << 52) - 1)
    assert min_deadwood(parse_cards("Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts"), variant="gin") == 10  # the doctest's hand
