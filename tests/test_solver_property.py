"""Property tests: on random hands the exact solver's answer is a valid arrangement of the
hand (checked by the separate validator) and its cost equals the optimum found by the
plain brute-force reference in tests/brute.py."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypedDict, Unpack

import pytest
from brute import PlainCard, PlainOptions, brute_force_cost
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummycheck import Card, get_variant, min_deadwood, solve
from rummycheck.cards import full_deck
from rummycheck.games.validate import arrangement_problems, solution_problems
from rummycheck.solvers.exact import Arrangement, search
from rummycheck.variants import Variant

# house-rule overrides as passed to ``get_variant(name, **overrides)``: option values of several types
Overrides = dict[str, Any]

VARIANT_SETUPS: list[tuple[str, Overrides]] = [
    ("bing", {}),
    ("bing", {"ace": "low"}),
    ("bing", {"ace": "high"}),
    ("bing", {"ace": "wrap"}),
    ("bing", {"wild_points": 25}),
    ("bing", {"max_wilds": 1}),
    ("bing", {"min_naturals": 2}),
    ("bing", {"set_max": 4, "set_duplicates": False}),
    ("gin", {}),
    ("gin", {"ace": "low_or_high"}),
    ("basic", {}),
    ("basic", {"ace": "low_or_high"}),
]


def int_option(variant: Variant, name: str) -> int:
    """``int(variant.option(name))`` for an option the test knows is set."""
    value = variant.option(name)
    assert value is not None, name
    return int(value)


def plain_options(variant: Variant) -> PlainOptions:
    return {
        "wild": variant.wild_number == 2,
        "wild_points": int(variant.get("wild_points", 0) or 0),
        "ace_points": int_option(variant, "ace_points"),
        "face_points": int_option(variant, "face_points"),
        "ace": variant.ace,
        "set_max": variant.set_max,
        "set_duplicates": variant.set_duplicates,
        "max_wilds": variant.max_wilds,
        "min_naturals": variant.min_naturals,
    }


def plain(cards: Sequence[Card]) -> list[PlainCard]:
    return [(c.number, c.suit.value) for c in cards]


def known_cost(cards: list[PlainCard], opts: PlainOptions) -> tuple[int, int, int]:
    """``brute_force_cost`` of a hand that always has an arrangement (no melds asked for)."""
    cost = brute_force_cost(cards, opts)
    assert cost is not None
    return cost


def deal(rng: random.Random, variant: Variant, size: int, deuces: int, meld_rich: bool) -> list[Card]:
    deck = list(full_deck()) * variant.decks
    rng.shuffle(deck)
    hand: list[Card] = []
    if variant.wild_number is not None:
        twos = [c for c in deck if c.number == 2][:deuces]
        for c in twos:
            deck.remove(c)
        hand.extend(twos)
    if meld_rich:
        # seed a run and a set, then fill at random
        suit = rng.randrange(4)
        start = rng.randrange(0, 11)
        for r in range(start, start + 3):
            card = Card.from_index(suit * 13 + r)
            if card in deck and len(hand) < size:
                deck.remove(card)
                hand.append(card)
        rank = rng.randrange(13)
        for card in [c for c in deck if c.index % 13 == rank][:3]:
            if len(hand) < size:
                deck.remove(card)
                hand.append(card)
    while len(hand) < size:
        hand.append(deck.pop())
    rng.shuffle(hand)
    return hand


def cost_of(arrangement: Arrangement, variant: Variant) -> tuple[int, int, int]:
    return (arrangement.points, len(arrangement.deadwood), arrangement.wilds_used)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(VARIANT_SETUPS), seed=st.integers(0, 2**32 - 1),
       size=st.integers(3, 11), deuces=st.integers(0, 8), meld_rich=st.booleans(),
       min_melds=st.sampled_from([0, 0, 1, 2, 3]))
def test_exact_search_matches_brute_force(setup: tuple[str, Overrides], seed: int, size: int, deuces: int,
                                          meld_rich: bool, min_melds: int) -> None:
    name, overrides = setup
    variant = get_variant(name, **overrides)
    rng = random.Random(seed)
    hand = deal(rng, variant, size, min(deuces, size), meld_rich)
    expected = assert_search_matches_brute_force(hand, variant, min_melds)
    if min_melds == 0 and expected is not None:
        assert min_deadwood(hand, variant=variant) == expected[0]


def assert_search_matches_brute_force(hand: list[Card], variant: Variant, min_melds: int
                                      ) -> tuple[int, int, int] | None:
    """The exact search's best arrangement of ``hand`` with ``min_melds`` melds or more is legal
    and costs what the brute force finds (None where neither finds one); the brute force's cost."""
    expected = brute_force_cost(plain(hand), plain_options(variant), min_melds=min_melds)
    found = search(hand, variant=variant, min_melds=min_melds)
    if expected is None:
        assert found is None
        return None
    assert found is not None
    assert arrangement_problems(hand, found.melds, found.deadwood, variant=variant) == []
    assert len(found.melds) >= min_melds
    assert variant.points(found.deadwood) == found.points
    assert cost_of(found, variant) == expected
    return expected


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), deuces=st.integers(0, 8), score=st.integers(0, 75),
       opened=st.booleans())
def test_bing_full_hands_match_brute_force_and_validate(seed: int, deuces: int, score: int, opened: bool) -> None:
    variant = get_variant("bing")
    hand = deal(random.Random(seed), variant, 14, deuces, meld_rich=seed % 2 == 0)
    needed = 1 if opened else 3
    expected = brute_force_cost(plain(hand), plain_options(variant), min_melds=needed)
    result = solve(hand, variant=variant, score=score, opened=opened)
    assert solution_problems(result) == []
    if expected is None:
        assert result.melds == () and result.legal is False
    else:
        assert (result.deadwood_points, len(result.deadwood)) == expected[:2]
        assert result.legal == (score + expected[0] <= 75)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([12, 13, 14, 15]), deuces=st.integers(0, 4),
       wanted=st.sampled_from([3, 4, 5]))
def test_bing_openings_of_many_melds_match_brute_force(seed: int, size: int, deuces: int, wanted: int) -> None:
    # the `common` strategy opens with four melds: the search gives up on a state once too few
    # cards are left for the melds still wanted, and must not give up on one that has enough
    variant = get_variant("bing")
    hand = deal(random.Random(seed), variant, size, deuces, meld_rich=True)
    assert_search_matches_brute_force(hand, variant, wanted)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([10, 11]))
def test_gin_solutions_validate_and_match_brute_force(seed: int, size: int) -> None:
    variant = get_variant("gin")
    hand = deal(random.Random(seed), variant, size, 0, meld_rich=seed % 3 == 0)
    result = solve(hand, variant=variant)
    assert solution_problems(result) == []
    if size == 10:
        expected = brute_force_cost(plain(hand), plain_options(variant))
        assert expected is not None
        assert result.deadwood_points == expected[0]
        assert result.fact("can_knock") == (expected[0] <= 10)
    else:
        # the best discard: brute force over every card thrown
        best = min(known_cost(plain(hand[:i] + hand[i + 1:]), plain_options(variant))[0]
                   for i in range(len(hand)))
        whole = known_cost(plain(hand), plain_options(variant))[0]
        if whole == 0:
            assert result.fact("big_gin") is True and result.discard is None
        else:
            assert result.deadwood_points == best


@pytest.mark.parametrize("seed", range(8))
def test_basic_going_out_agrees_with_brute_force(seed: int) -> None:
    variant = get_variant("basic")
    rng = random.Random(seed)
    hand = deal(rng, variant, 8, 0, meld_rich=True)
    result = solve(hand, variant=variant)
    assert solution_problems(result) == []
    opts = plain_options(variant)
    whole = known_cost(plain(hand), opts)
    by_discard = [known_cost(plain(hand[:i] + hand[i + 1:]), opts) for i in range(len(hand))]
    can_out = whole[1] == 0 or any(c[1] == 0 for c in by_discard)
    assert result.fact("can_go_out") == can_out


@settings(max_examples=150, deadline=None)
@given(setup=st.sampled_from([("gin", {}), ("gin", {"ace": "low_or_high"}), ("basic", {}),
                              ("basic", {"set_max": 3})]),
       seed=st.integers(0, 2**32 - 1), size=st.integers(3, 11), sets=st.integers(0, 3))
def test_one_deck_fast_path_matches_brute_force(setup: tuple[str, Overrides], seed: int, size: int,
                                                sets: int) -> None:
    # the lookup-table path (deadwood.fast_parts) used by solve and min_deadwood for
    # one-deck games; hands are seeded with up to three ranks of 3-4 cards to exercise
    # the set choices
    from rummycheck.solvers.deadwood import fast_parts

    name, overrides = setup
    variant = get_variant(name, **overrides)
    rng = random.Random(seed)
    deck = list(full_deck())
    hand: list[Card] = []
    for rank in rng.sample(range(13), sets):
        for card in rng.sample([c for c in deck if c.index % 13 == rank], rng.choice([3, 4])):
            if len(hand) < size:
                hand.append(card)
    rest = [c for c in deck if c not in hand]
    hand += rng.sample(rest, size - len(hand))
    parts = fast_parts(hand, variant)
    assert parts is not None
    melds, deadwood, points = parts
    assert arrangement_problems(hand, melds, deadwood, variant=variant) == []
    assert variant.points(deadwood) == points
    expected = known_cost(plain(hand), plain_options(variant))
    assert (points, len(deadwood)) == expected[:2]
    assert min_deadwood(hand, variant=variant) == expected[0]


def test_variant_memo_is_not_shared_with_overridden_variants() -> None:
    # the solver memoises per-variant verdict texts; a variant derived with other options
    # must not see the base variant's memo (deadwood 10: knock at limit 10, not at 5)
    hand = [Card.parse(t) for t in "Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts".split()]
    base = get_variant("gin")
    assert solve(hand, variant=base).legal is True
    assert solve(hand, variant=base.with_options(knock_limit=5)).legal is False
    assert solve(hand, variant=get_variant("gin", preset="classic", knock_limit=5)).legal is False


class Bounds(TypedDict, total=False):
    """The meld bounds a question passes to ``search``."""

    min_melds: int
    max_melds: int | None


def _fresh_search(cards: list[Card], variant: Variant, **bounds: Unpack[Bounds]) -> Arrangement | None:
    from rummycheck.solvers import exact

    exact._kept.engines = {}  # a search with nothing kept from earlier questions
    return search(cards, variant=variant, **bounds)


@pytest.mark.parametrize(("name", "overrides"), VARIANT_SETUPS)
def test_a_kept_search_answers_as_a_fresh_one(name: str, overrides: Overrides) -> None:
    """The solver keeps its memo from one question to the next (solvers.exact._engine): the
    answer, melds and deadwood included, must be the one a fresh search gives, whatever was
    asked before.  Hands and their one-card-less sub-hands are asked in a shuffled order on a
    warm search, then each again on a fresh one."""
    from rummycheck.solvers import exact

    variant = get_variant(name, **overrides)
    rng = random.Random(f"kept:{name}:{sorted(overrides.items())}")
    questions: list[tuple[list[Card], Bounds]] = []
    for _ in range(6):
        hand = deal(rng, variant, rng.choice((7, 10, 11, 14)), rng.randint(0, 3), rng.random() < 0.7)
        questions.append((hand, {}))
        questions.append((hand, {"min_melds": 3}))
        questions.append((hand, {"max_melds": 1}))
        questions.extend((hand[:i] + hand[i + 1:], {}) for i in rng.sample(range(len(hand)), 3))
    rng.shuffle(questions)
    exact._kept.engines = {}
    warm = [search(hand, variant=variant, **bounds) for hand, bounds in questions]
    assert any(len(engine.memo) > 50 for engine in exact._kept.engines.values())  # it was kept
    for (hand, bounds), answer in zip(questions, warm):
        assert answer == _fresh_search(hand, variant, **bounds), (plain(hand), bounds)


def test_a_kept_search_is_dropped_past_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    from rummycheck.solvers import exact

    monkeypatch.setattr(exact, "KEPT_STATES", 40)
    variant = get_variant("bing")
    key = (exact.SearchRules.from_variant(variant), 0, None)
    rng = random.Random(5)
    exact._kept.engines = {}
    before, size = None, 0
    dropped = kept = 0
    for _ in range(30):
        hand = deal(rng, variant, rng.choice((3, 4, 14)), rng.randint(0, 2), True)
        search(hand, variant=variant)
        engine = exact._kept.engines[key]
        if before is not None:
            if size > 40:
                assert engine is not before  # past the bound: started afresh
                dropped += 1
            else:
                assert engine is before  # within it: kept
                kept += 1
        before, size = engine, len(engine.memo) + len(engine.bounds) + len(engine.dead)
    assert dropped and kept  # both cases happened
