"""The z3 and constraint solvers on hands whose best arrangement is worked out by hand.

Both second solvers get the same table of hands; each expected value is reasoned in the
comment next to it (or, for the 14-card four-deuce hands, compared with the exact solver,
a separate implementation).
"""

from __future__ import annotations

from typing import Any

import pytest

from rummycheck.cards import parse_cards
from rummycheck.games.validate import arrangement_problems
from rummycheck.solvers import exact
from rummycheck.solvers.exact import Arrangement
from rummycheck.variants import Variant, get_variant

SOLVERS = ["z3", "csp"]


def _search(solver: str, text: str, variant: Variant, **bounds: int) -> Arrangement | None:
    if solver == "z3":
        from rummycheck.solvers.z3 import search
    else:
        from rummycheck.solvers.csp import search
    cards = parse_cards(text)
    found = search(cards, variant=variant, **bounds)
    if found is not None:
        assert arrangement_problems(cards, found.melds, found.deadwood, variant=variant) == []
        assert found.points == variant.points(found.deadwood)
    return found


CASES = [
    # (id, variant, overrides, hand, min_melds, expected points left)
    # GIN-KNOCK worked example from RULES.md: three runs, Ts left
    ("gin_knock_example_deadwood_10", "gin", {}, "Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts", 0, 10),
    # BING-OPEN worked example: Kd Kh Kc / 8c 9c Tc / 3h 3s 3h 3s are three melds
    ("bing_open_example_three_melds", "bing", {}, "Kd Kh Kc 8c 9c Tc 3h 3s 3h 3s", 3, 0),
    # BING-RUN ace rules: Q-K-A is a run unless the ace is low only (10 + 10 + 15 = 35)
    ("bing_run_ace_high_qka", "bing", {"ace": "high"}, "Qh Kh Ah", 0, 0),
    ("bing_run_ace_low_only_blocks_qka", "bing", {"ace": "low"}, "Qh Kh Ah", 0, 35),
    # K-A-2 without wilds: only the wrap option makes it a run (10 + 15 + 2 = 27 otherwise)
    ("bing_run_wrap_ka2", "bing", {"ace": "wrap", "wild_rank": "none"}, "Kh Ah 2h", 0, 0),
    ("bing_run_no_wrap_ka2", "bing", {"wild_rank": "none"}, "Kh Ah 2h", 0, 27),
    # BING-WILD max_wilds=1: 5h with two deuces needs two wilds, so all stay (5 + 2 + 2 = 9)
    ("bing_wild_max_one_blocks_two_deuces", "bing", {"max_wilds": 1}, "5h 2s 2d", 0, 9),
    ("bing_wild_default_two_deuces_meld", "bing", {}, "5h 2s 2d", 0, 0),
    # min_naturals=2: 5h 6h 2d has two naturals, 5h 2s 2d only one
    ("bing_wild_min_naturals_two_allows_run", "bing", {"min_naturals": 2}, "5h 6h 2d", 0, 0),
    ("bing_wild_min_naturals_two_blocks", "bing", {"min_naturals": 2}, "5h 2s 2d", 0, 9),
    # BING-SET duplicates: 8s 8s 8h is a set only when duplicates may share it (8 * 3 = 24)
    ("bing_set_duplicates_allowed", "bing", {}, "8s 8s 8h", 0, 0),
    ("bing_set_no_duplicates", "bing", {"set_duplicates": False}, "8s 8s 8h", 0, 24),
    # set_max=3: four nines make one set of three, one nine stays
    ("bing_set_max_three", "bing", {"set_max": 3}, "9s 9h 9d 9c", 0, 9),
    # a six-card run splits into two runs for two melds; three melds are impossible
    ("bing_open_split_run", "bing", {}, "5h 6h 7h 8h 9h Th", 2, 0),
    # four deuces alone are a set of 2s, which uses no wilds
    ("bing_four_deuces_set_of_twos", "bing", {}, "2s 2h 2d 2c", 0, 0),
    # gin: 7 8 9 of hearts plus 9s 9d: the 9h goes to the run or the set, not both:
    # run 7h 8h 9h leaves 9s 9d (18); set 9s 9h 9d leaves 7h 8h (15): best 15
    ("gin_shared_card_best_use", "gin", {}, "7h 8h 9h 9s 9d", 0, 15),
    # basic: ace low only, so Q K A of spades is no run: 10 + 10 + 1
    ("basic_ace_low_only", "basic", {}, "Qs Ks As", 0, 21),
]


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize(("name", "game", "overrides", "hand", "min_melds", "points"), CASES,
                         ids=[c[0] for c in CASES])
def test_second_solvers_find_hand_worked_optimum(solver: str, name: str, game: str, overrides: dict[str, Any],
                                                 hand: str, min_melds: int, points: int) -> None:
    variant = get_variant(game, **overrides)
    found = _search(solver, hand, variant, min_melds=min_melds)
    assert found is not None
    assert found.points == points


@pytest.mark.parametrize("solver", SOLVERS)
def test_bing_open_impossible_returns_none(solver: str) -> None:
    # six cards can hold at most two melds of three: BING-OPEN's three melds cannot be made
    assert _search(solver, "5h 6h 7h 8h 9h Th", get_variant("bing"), min_melds=3) is None


@pytest.mark.parametrize("solver", SOLVERS)
def test_basic_one_meld_a_turn_caps_the_melds(solver: str) -> None:
    # BASIC-TURN one meld: of 4h 5h 6h and Ks Kd Kc only the kings go down (15 points left)
    found = _search(solver, "4h 5h 6h Ks Kd Kc", get_variant("basic"), max_melds=1)
    assert found is not None and found.points == 15 and len(found.melds) == 1


@pytest.mark.parametrize("solver", SOLVERS)
def test_wild_names_what_it_stands_for(solver: str) -> None:
    # 9c Tc 2d Qc: all four meld only as a run 9-Q, so the deuce must stand for Jc (the gap)
    found = _search(solver, "9c Tc 2d Qc", get_variant("bing"))
    assert found is not None and found.points == 0
    (meld,) = found.melds
    assert [(str(c), str(s)) for c, s in meld.wild_pairs()] == [("2d", "Jc")]


@pytest.mark.parametrize("hand", [
    "2s 2h 2d 2c 5h 9s Kd 7c Jc Qc 4d 4s 8h Ah",
    "2s 2h 2d 2c 3h 4h 9h Qh 5s 8s 9s 9d 7d Td",
])
def test_z3_bing_fourteen_cards_four_deuces_matches_exact(hand: str) -> None:
    # expected value from the exact solver (separate code); the answer must also validate
    variant = get_variant("bing")
    expected = exact.search(parse_cards(hand), variant=variant, min_melds=3)
    found = _search("z3", hand, variant, min_melds=3)
    def cost(a: Arrangement | None) -> tuple[int, int, int] | None:
        return None if a is None else (a.points, len(a.deadwood), a.wilds_used)

    assert cost(found) == cost(expected)


def test_bing_four_deuces_spaced_naturals_cannot_open() -> None:
    # every natural is three ranks from the next of its suit and alone in its rank, so a
    # meld with naturals takes two deuces; four deuces make two such melds, or one set of
    # deuces: BING-OPEN's three melds are impossible
    hand = "2s 2h 2d 2c 3h 6h 9h Qh 5s 8s Js 4d 7d Td"
    assert _search("z3", hand, get_variant("bing"), min_melds=3) is None
