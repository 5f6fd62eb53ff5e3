"""The exact search on the hardest Bing hands (issue #20): same answers, optimal, sound bounds.

The search cuts a state short when it cannot beat what its caller already has (a budget)
and skips cards that no meld can hold (a lower bound).  Neither may change an answer,
not even which of two equally good arrangements is given:

* ``data/hard_bing_hands.json`` pins the answers of the search before those changes
  (melds with their stand-ins, deadwood, points, wilds) on the slowest hands of a
  screen of deuce-rich hands with long, gapped one-suit runs; each pinned answer is
  checked here to be a legal layout of its hand, and those with the default rules
  against the brute force (``tests/brute.py``) for the optimum.
* The lower bound never passes the brute force's optimum; the budgeted cost never
  passes the true cost, and is the true cost whenever the caller's bound allows it.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest
from brute import brute_force_cost
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fast_paths import BING_SETUPS, long_run_hand
from test_solver_property import Overrides, plain, plain_options

from rummycheck import get_variant, parse_cards
from rummycheck.games.validate import arrangement_problems
from rummycheck.melds import Meld, MeldKind
from rummycheck.solvers import exact

CASES = json.loads((Path(__file__).parent / "data" / "hard_bing_hands.json").read_text(encoding="utf-8"))["cases"]


def _case_id(case: dict[str, Any]) -> str:
    options = ",".join(f"{k}={v}" for k, v in case["options"].items()) or "default"
    return f"{case['hand']} [{options}] min {case['min_melds']}"


def _pinned(case: dict[str, Any]) -> exact.Arrangement | None:
    answer = case["answer"]
    if answer is None:
        return None
    melds = tuple(Meld(MeldKind(kind), tuple(parse_cards(cards)), tuple(parse_cards(stands)))
                  for kind, cards, stands in answer["melds"])
    return exact.Arrangement(melds, tuple(parse_cards(answer["deadwood"])), answer["points"], answer["wilds_used"])


def test_the_pinned_set_holds_the_issue_hands_and_the_families() -> None:
    hands = {case["hand"] for case in CASES}
    assert "2s 2s 2h 2h Ad 3d 5d 6d 7d 8d 9d Td Jd Qd" in hands  # issue #20's named hand, cards sorted
    assert "2s 6s 2h Ad 2d 2d 6d 7d 8d 9d Td Jd Qd Kd" in hands  # issue #12's
    assert len(hands) == 36
    assert {case["min_melds"] for case in CASES} == {1, 3}


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_hard_hand_keeps_the_answer_of_the_search_before_issue_20(case: dict[str, Any]) -> None:
    variant = get_variant("bing", **case["options"])
    hand = parse_cards(case["hand"])
    found = exact.search(hand, variant=variant, min_melds=case["min_melds"])
    expected = _pinned(case)
    assert found == expected
    if expected is not None:
        assert arrangement_problems(hand, expected.melds, expected.deadwood, variant=variant) == []


DEFAULT_RULES = [case for case in CASES if not case["options"]]


# the brute force takes about 0.3 s a hand: the six slowest hands and the two named ones
@pytest.mark.parametrize("case", DEFAULT_RULES[:12] + DEFAULT_RULES[-4:], ids=_case_id)
def test_hard_hand_answer_is_the_brute_force_optimum(case: dict[str, Any]) -> None:
    variant = get_variant("bing")
    hand = parse_cards(case["hand"])
    expected = brute_force_cost(plain(hand), plain_options(variant), min_melds=case["min_melds"])
    answer = _pinned(case)
    assert answer is not None and expected is not None
    assert (answer.points, len(answer.deadwood), answer.wilds_used) == expected


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(overrides=st.sampled_from(BING_SETUPS), seed=st.integers(0, 2**32 - 1), size=st.integers(1, 11),
       wilds=st.integers(0, 1))
def test_lower_bound_never_passes_the_optimum(overrides: Overrides, seed: int, size: int, wilds: int) -> None:
    variant = get_variant("bing", **overrides)
    rules = exact.SearchRules.from_variant(variant)
    naturals = [c for c in long_run_hand(random.Random(seed), size + 4, 0) if not variant.is_wild(c)][:size]
    hand = naturals + list(parse_cards("2c"))[:wilds]
    expected = brute_force_cost(plain(hand), plain_options(variant))
    assert expected is not None
    engine = exact._Search(rules, 0, None)
    bound = engine.least(tuple(sorted(c.index for c in naturals)), wilds)
    assert bound <= exact._pack(*expected)


def test_lower_bound_counts_a_card_no_meld_can_hold() -> None:
    rules = exact.SearchRules.from_variant(get_variant("bing"))
    engine = exact._Search(rules, 0, None)
    def least(text: str, wilds: int) -> tuple[int, int, int]:
        return exact._unpack(engine.least(tuple(sorted(c.index for c in parse_cards(text))), wilds))

    assert least("5h 6h 7h 9c", 0) == (9, 1, 0)  # 9c: no run, no set; the run holds the hearts
    assert least("5h 6h 7h 9c", 1) == (9, 1, 1)  # a wild and 9c are two cards: still no meld
    assert least("5h 6h 8h 9c", 0) == (28, 4, 0)  # no three hearts in a row
    assert least("5h 6h 8h 9c", 1) == (9, 1, 1)  # a wild makes 5h 6h 7h or 6h 7h 8h
    assert least("9h 9c 9c Kd", 0) == (10, 1, 0)  # three nines make a set
    assert least("5h 6h 8h 9c", 2) == (0, 0, 2)  # two wilds meld any card: only the wilds count


@pytest.mark.parametrize("case", DEFAULT_RULES[::4], ids=_case_id)
def test_cost_finder_within_a_bound_is_exact_or_says_above(case: dict[str, Any]) -> None:
    variant = get_variant("bing")
    rules = exact.SearchRules.from_variant(variant)
    hand = parse_cards(case["hand"])
    naturals = [c.index for c in hand if not variant.is_wild(c)]
    wilds = len(hand) - len(naturals)
    true = exact.search_cost(naturals, wilds, rules, min_melds=case["min_melds"])
    points, cards, used = true
    for at_most in [true, (points, cards, used + 1), (points + 1, 0, 0), (points, cards, used - 1),
                    (points, cards - 1, used + 5), (points - 1, cards + 3, 0), (points, cards, -3)]:
        find = exact.cost_finder(rules, min_melds=case["min_melds"])
        got = find(naturals, wilds, at_most=at_most)
        assert got == (true if true <= at_most else (exact.INF, exact.INF, exact.INF)), at_most


OMISSION_SETUPS: list[Overrides] = [{}, {"ace": "low"}, {"ace": "wrap"}, {"set_max": 4, "set_duplicates": False},
                                    {"wild_points": 0}]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(overrides=st.sampled_from(OMISSION_SETUPS), seed=st.integers(0, 2**32 - 1), size=st.integers(6, 14),
       deuces=st.integers(1, 8), min_melds=st.sampled_from([0, 1, 3]))
def test_runs_that_leave_out_a_natural_are_never_needed_where_the_rules_allow(overrides: Overrides, seed: int,
                                                                              size: int, deuces: int,
                                                                              min_melds: int) -> None:
    # with no limit on wilds per meld, no naturals asked for and a wild in hand no dearer
    # than any card, the search makes no run that puts a spare wild in a natural's place;
    # making them must not change a single answer
    variant = get_variant("bing", **overrides)
    rules = exact.SearchRules.from_variant(variant)
    assert not rules.omissions
    hand = long_run_hand(random.Random(seed), size, deuces)
    everything = dataclasses.replace(rules, omissions=True)
    assert exact.search(hand, variant=variant, rules=rules, min_melds=min_melds) == \
        exact.search(hand, variant=variant, rules=everything, min_melds=min_melds)


def test_rules_that_make_a_left_out_natural_useful_keep_those_runs() -> None:
    setups: tuple[Overrides, ...] = ({"max_wilds": 1}, {"min_naturals": 2}, {"wild_points": 25}, {"face_points": 0})
    for overrides in setups:
        assert exact.SearchRules.from_variant(get_variant("bing", **overrides)).omissions, overrides
