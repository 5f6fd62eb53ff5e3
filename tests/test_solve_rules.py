"""Hand-checked verdicts of ``solve`` for each game's rules.

Every expected number below was worked out by hand from RULES.md (the comment next to
it says how); none was copied from the solver's output.  Every answer also goes through
the independent validator (``solution_problems``).

Points used in the comments: Bing A 15, J Q K 10, 3-10 their rank, a deuce left in hand 2;
basic and gin A 1, J Q K 10.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from rummycheck import Solution, get_variant, parse_cards, solution_problems, solve
from rummycheck.errors import HandSizeError
from rummycheck.results import LayOff
from rummycheck.variants import Variant


def solved(text: str, variant: str | Variant = "bing", **kwargs: object) -> Solution:
    """Solve a hand and insist the validator finds nothing wrong with the answer."""
    solution = solve(parse_cards(text), variant=variant, **kwargs)  # type: ignore[arg-type]
    assert solution_problems(solution) == []
    return solution


def meld_groups(solution: Solution) -> Counter[tuple[str, ...]]:
    """The melds as sorted card lists, order of melds ignored."""
    return Counter(tuple(sorted(str(c) for c in meld.cards)) for meld in solution.melds)


def groups(*melds: str) -> Counter[tuple[str, ...]]:
    return Counter(tuple(sorted(meld.split())) for meld in melds)


def cards(solution_cards: tuple[object, ...]) -> list[str]:
    return sorted(str(c) for c in solution_cards)


def reason(solution: Solution, rule: str) -> str:
    found = [r.message for r in solution.reasons if r.rule == rule]
    assert len(found) == 1, solution.reasons
    return found[0]


def wild_texts(solution: Solution) -> list[str]:
    return sorted(f"{card} as {stand}" for meld in solution.melds for card, stand in meld.wild_pairs())


# ======================================================================================
# Bing
# ======================================================================================

# RULES.md BING-OPEN example; three melds, all ten cards melded.
RULES_OPENING = "Kd Kh Kc 8c 9c 10c 3h 3s 3h 3s"

# The same three melds plus four cards that fit nothing: 5d (diamonds K 5 J), 7h (hearts
# K 3 3 7), 9s (only two nines: 9c is in the run), Jd.  Left: 5 + 7 + 9 + 10 = 31.
OPENING_PLUS_31 = "Kd Kh Kc 8c 9c 10c 3h 3s 3h 3s 5d 7h 9s Jd"

# Only two melds exist: the kings and 8c 9c Tc.  Nines: 9c 9h (two); spades 6 Q;
# hearts 4 J 9; diamonds K 7 A (Q-K-A lacks Qd); clubs 5 8 9 T K.
CANNOT_OPEN = "Kd Kh Kc 8c 9c 10c 4h 6s 7d Jh Qs Ad 5c 9h"

# Four melds (kings, 8c 9c Tc, 3h 3s 3d, 5d 6d 7d) and two cards over, for the player
# on 63.  The two cards fit nothing: a four or five or six of spades next to 3s alone,
# the 8h beside 8c (which sits in the run), 7h beside 7d (in the run).
FOUR_MELDS = "Kd Kh Kc 8c 9c 10c 3h 3s 3d 5d 6d 7d"
LEAVES_11 = FOUR_MELDS + " 4s 7h"   # 4 + 7
LEAVES_12 = FOUR_MELDS + " 4s 8h"   # 4 + 8
LEAVES_13 = FOUR_MELDS + " 5s 8h"   # 5 + 8
LEAVES_14 = FOUR_MELDS + " 6s 8h"   # 6 + 8


def test_bing_open_rules_example_is_three_melds_and_goes_out() -> None:
    s = solved(RULES_OPENING)
    assert meld_groups(s) == groups("Kd Kh Kc", "8c 9c Tc", "3h 3s 3h 3s")
    assert s.deadwood == () and s.deadwood_points == 0
    assert s.legal
    assert "3 melds" in reason(s, "BING-OPEN") and "met" in reason(s, "BING-OPEN")
    assert "BING-OUT" in [r.rule for r in s.reasons]
    assert s.fact("goes_out") is True


def test_bing_open_three_melds_leave_31() -> None:
    s = solved(OPENING_PLUS_31)
    assert meld_groups(s) == groups("Kd Kh Kc", "8c 9c Tc", "3h 3s 3h 3s")
    assert cards(s.deadwood) == ["5d", "7h", "9s", "Jd"]
    assert s.deadwood_points == 31
    assert s.legal
    assert s.fact("goes_out") is False


def test_bing_open_hand_that_cannot_open_melds_nothing() -> None:
    s = solved(CANNOT_OPEN)
    assert s.melds == ()
    assert not s.legal
    assert "meld nothing" in reason(s, "BING-OPEN")
    # the whole hand stays: K K K 30, 8 9 T 27, 4 6 7, J Q 20, A 15, 5, 9 -> 123
    assert len(s.deadwood) == 14
    assert s.deadwood_points == 123


def test_bing_open_needs_only_two_melds_with_opening_melds_2() -> None:
    s = solved(CANNOT_OPEN, get_variant("bing", opening_melds=2))
    assert meld_groups(s) == groups("Kd Kh Kc", "8c 9c Tc")
    # left: 4 + 6 + 7 + 10 (J) + 10 (Q) + 15 (A) + 5 + 9 = 66
    assert s.deadwood_points == 66
    assert s.legal


def test_bing_open_four_melds_required_blocks_three_meld_hand() -> None:
    # OPENING_PLUS_31 holds only three melds (the four threes are one set, not two)
    s = solved(OPENING_PLUS_31, get_variant("bing", opening_melds=4))
    assert s.melds == () and not s.legal
    assert "4" in reason(s, "BING-OPEN")


def test_bing_open_splits_a_long_run_to_make_three_melds() -> None:
    # 4h..9h is one run of six, or two runs of three; with the kings that makes three
    # melds and only Qs (10) stays, the same points as the two-meld layout.
    s = solved("4h 5h 6h 7h 8h 9h Ks Kd Kc Qs")
    assert meld_groups(s) == groups("4h 5h 6h", "7h 8h 9h", "Ks Kd Kc")
    assert s.deadwood_points == 10 and s.legal


def test_bing_opened_player_may_meld_two_melds() -> None:
    s = solved(CANNOT_OPEN, opened=True)
    assert meld_groups(s) == groups("Kd Kh Kc", "8c 9c Tc")
    assert s.deadwood_points == 66  # as in the opening_melds=2 test
    assert s.legal
    assert all(r.rule != "BING-OPEN" for r in s.reasons)


def test_bing_opened_limit_still_applies() -> None:
    # 9 + 66 = 75 is at the limit; 10 + 66 = 76 is over it
    assert solved(CANNOT_OPEN, opened=True, score=9).legal
    over = solved(CANNOT_OPEN, opened=True, score=10)
    assert not over.legal
    assert "score 10 + 66 left = 76 > 75" in reason(over, "BING-LIMIT")


def test_bing_opened_hand_without_any_meld() -> None:
    s = solved("4h 6s 7d Jh", opened=True)
    assert s.melds == () and not s.legal
    assert s.deadwood_points == 4 + 6 + 7 + 10
    assert "no set or run" in reason(s, "BING-SET")


def test_bing_limit_inclusive_at_75_with_31_left() -> None:
    # 44 + 31 = 75: allowed (the limit is inclusive); 45 + 31 = 76: not allowed
    at = solved(OPENING_PLUS_31, score=44)
    assert at.legal
    assert "score 44 + 31 left = 75 <= 75" in reason(at, "BING-LIMIT")
    over = solved(OPENING_PLUS_31, score=45)
    assert not over.legal
    assert "score 45 + 31 left = 76 > 75" in reason(over, "BING-LIMIT")
    # the arrangement is still reported, only the verdict changes
    assert over.deadwood_points == 31 and len(over.melds) == 3


def test_bing_limit_four_melds_and_two_cards_over_shape() -> None:
    # RULES.md: fourteen cards make four 3-card melds with two cards over
    s = solved(LEAVES_12, score=63)
    assert len(s.hand) == 14
    assert meld_groups(s) == groups("Kd Kh Kc", "8c 9c Tc", "3h 3s 3d", "5d 6d 7d")
    assert cards(s.deadwood) == ["4s", "8h"]


def test_bing_limit_allows_meld_leaving_12_at_63() -> None:
    # RULES.md: a player on 63 may meld only if 12 or fewer points stay: 63 + 12 = 75
    s = solved(LEAVES_12, score=63)
    assert s.deadwood_points == 12
    assert s.legal
    assert reason(s, "BING-LIMIT").startswith("may meld: score 63 + 12 left = 75 <= 75")


def test_bing_limit_blocks_meld_leaving_13_at_63() -> None:
    s = solved(LEAVES_13, score=63)
    assert cards(s.deadwood) == ["5s", "8h"] and s.deadwood_points == 13
    assert not s.legal
    assert reason(s, "BING-LIMIT").startswith("may not meld now: score 63 + 13 left = 76 > 75")


def test_bing_limit_blocks_meld_leaving_14_at_63() -> None:
    s = solved(LEAVES_14, score=63)
    assert cards(s.deadwood) == ["6s", "8h"] and s.deadwood_points == 14
    assert not s.legal
    assert "score 63 + 14 left = 77 > 75" in reason(s, "BING-LIMIT")
    assert s.fact("goes_out") is False


def test_bing_limit_strict_blocks_meld_leaving_12_at_63() -> None:
    # limit_strict: score + hand must stay below 75, and 63 + 12 = 75 is not below
    strict = get_variant("bing", limit_strict=True)
    s = solved(LEAVES_12, strict, score=63)
    assert s.deadwood_points == 12
    assert not s.legal
    assert "score 63 + 12 left = 75 >= 75" in reason(s, "BING-LIMIT")


def test_bing_limit_strict_allows_meld_leaving_11_at_63() -> None:
    strict = get_variant("bing", limit_strict=True)
    s = solved(LEAVES_11, strict, score=63)
    assert s.deadwood_points == 11
    assert s.legal
    assert "score 63 + 11 left = 74 < 75" in reason(s, "BING-LIMIT")


@pytest.mark.parametrize("text", [LEAVES_13, LEAVES_14])
def test_bing_limit_strict_blocks_13_and_14_at_63(text: str) -> None:
    assert not solved(text, get_variant("bing", limit_strict=True), score=63).legal


def test_bing_limit_other_limit_value() -> None:
    # with the limit at 77, 63 + 14 = 77 is allowed again
    s = solved(LEAVES_14, get_variant("bing", limit=77), score=63)
    assert s.legal
    assert "score 63 + 14 left = 77 <= 77" in reason(s, "BING-LIMIT")


def test_bing_readme_hand_goes_out_at_63() -> None:
    # scenarios/bing-opening.txt: kings, 8c 9c Tc Jc, 3h 3s 3h, and 3s 2d 5s with the
    # deuce as 4s: every card melds, so 63 + 0 = 63 and the player goes out
    s = solved("Kd Kh Kc 8c 9c 10c 3h 3s 3h 3s 2d Jc 5s", score=63)
    assert s.deadwood == () and s.legal
    assert wild_texts(s) == ["2d as 4s"]
    assert s.fact("goes_out") is True


# -- wild deuces ---------------------------------------------------------------------

# Kings, 4h 5h 6h, 6s 6c 6d (6h sits in the run), and Tc Qc with the deuce as the
# missing Jc.  Left 7s 9d = 16.  Nothing better: 7s would need 6s and the deuce (then
# Tc Qc stay, 20), 9d needs two wilds, Tc Qc without the deuce cost 20.
WILD_JC = "Ks Kh Kd 4h 5h 6h Tc Qc 2d 7s 9d 6s 6c 6d"


def test_bing_wild_assignment_is_reported_2d_as_jc() -> None:
    s = solved(WILD_JC)
    assert wild_texts(s) == ["2d as Jc"]
    assert meld_groups(s) == groups("Ks Kh Kd", "4h 5h 6h", "6s 6c 6d", "Tc 2d Qc")
    assert cards(s.deadwood) == ["7s", "9d"] and s.deadwood_points == 16
    run = next(m for m in s.melds if "2d" in [str(c) for c in m.cards])
    assert [str(c) for c in run.stands_for] == ["Tc", "Jc", "Qc"]
    assert s.legal


def test_bing_wild_two_deuces_in_a_set_stand_for_kings() -> None:
    # opened player: Kd with two deuces is a set of kings; 7c stays (7 points)
    s = solved("Kd 2s 2h 7c", opened=True)
    assert s.deadwood_points == 7
    (meld,) = s.melds
    assert sorted(str(c.rank) for c in meld.stands_for) == ["K", "K", "K"]
    assert len(meld.wild_pairs()) == 2


def test_bing_wild_deuce_may_simply_be_a_two() -> None:
    # Ah 2h 3h is the run A-2-3 with the deuce standing for itself
    s = solved("Ah 2h 3h", opened=True)
    (meld,) = s.melds
    assert [str(c) for c in meld.stands_for] == ["Ah", "2h", "3h"]
    assert meld.wild_pairs() == ()
    assert s.deadwood_points == 0


def test_bing_all_eight_deuces_fill_four_melds() -> None:
    # Naturals Ah 5h Kd Qd 7c 9s.  Wilds needed to meld each: Qd Kd +1 (Jd or Ad),
    # Ah 5h +3 (2h 3h 4h), 7c +2, 9s +2: 8 in all, exactly the eight deuces, so
    # nothing stays.  No other grouping is as cheap (Ah and 5h apart need 4).
    s = solved("2s 2s 2h 2h 2d 2d 2c 2c Ah Kd 7c 9s 5h Qd")
    assert s.deadwood == () and s.legal
    naturals = Counter(tuple(sorted(str(c) for c in m.cards if c.number != 2)) for m in s.melds)
    assert naturals == Counter([("Kd", "Qd"), ("5h", "Ah"), ("7c",), ("9s",)])
    assert sum(len(m.cards) for m in s.melds) == 14


def test_bing_deuces_prefer_their_own_set_over_joining_melds() -> None:
    # Kings, 8c 9c Tc and eight deuces: nothing stays either way; the documented tie
    # break (fewer wilds used; a meld of deuces only uses none) keeps the deuces apart.
    s = solved("2s 2s 2h 2h 2d 2d 2c 2c Kd Kh Kc 8c 9c 10c")
    assert s.deadwood == () and s.legal
    for meld in s.melds:
        deuces = sum(1 for c in meld.cards if c.number == 2)
        assert deuces in (0, len(meld.cards)), str(meld)
    assert all(m.wild_pairs() == () for m in s.melds)


def test_bing_values_deuce_left_in_hand_counts_wild_points() -> None:
    # opened, 2s 4h 9c: no meld.  Default 2 + 4 + 9 = 15; wild_points=25: 25 + 4 + 9 = 38
    assert solved("2s 4h 9c", opened=True).deadwood_points == 15
    assert solved("2s 4h 9c", get_variant("bing", wild_points=25), opened=True).deadwood_points == 38


@pytest.mark.parametrize(("max_wilds", "left"), [
    (None, 0),   # Kd with all three deuces is a set of kings
    (3, 0),
    (2, 2),      # Kd 2 2 is a set, one deuce (2 points) stays
    (1, 10),     # Kd cannot meld; the three deuces are a set of 2s (no wilds counted), Kd stays
    (0, 10),
])
def test_bing_wild_max_wilds_counts_deuces_unless_all_deuces(max_wilds: int | None, left: int) -> None:
    variant = get_variant("bing", max_wilds="none" if max_wilds is None else max_wilds)
    s = solved("Kd 2s 2h 2c", variant, opened=True)
    assert s.deadwood_points == left


def test_bing_wild_min_naturals_2_stops_king_with_two_deuces() -> None:
    # default: Kd 2s 2h is a king set and 9c stays (9); with min_naturals=2 no meld is
    # possible (Kd or 9c with two deuces has one natural), so 10 + 2 + 2 + 9 = 23 stay
    assert solved("Kd 2s 2h 9c", opened=True).deadwood_points == 9
    s = solved("Kd 2s 2h 9c", get_variant("bing", min_naturals=2), opened=True)
    assert s.melds == () and s.deadwood_points == 23


def test_bing_wild_max_wilds_0_counts_a_deuce_standing_for_itself() -> None:
    # bing.toml's reading: every deuce in a meld counts unless the meld is all deuces,
    # so A-2-3 with the real 2h uses one wild and max_wilds=0 forbids it: 15 + 2 + 3 = 20
    s = solved("Ah 2h 3h", get_variant("bing", max_wilds=0), opened=True)
    assert s.melds == () and s.deadwood_points == 20


def test_bing_wild_rank_none_makes_deuces_plain_twos() -> None:
    # Kd 2s 2h: without wilds the deuces are just 2s; 10 + 2 + 2 = 14 stay
    s = solved("Kd 2s 2h", get_variant("bing", wild_rank="none"), opened=True)
    assert s.melds == () and s.deadwood_points == 14


# -- sets and runs -------------------------------------------------------------------

def test_bing_set_duplicates_and_no_size_limit() -> None:
    # five eights from two decks are one set by default
    s = solved("8s 8h 8s 8h 8d", opened=True)
    assert meld_groups(s) == groups("8s 8h 8s 8h 8d") and s.deadwood_points == 0


def test_bing_set_max_4_leaves_one_eight() -> None:
    # a set of four, the fifth eight (8 points) stays
    s = solved("8s 8h 8s 8h 8d", get_variant("bing", set_max=4), opened=True)
    assert s.deadwood_points == 8


def test_bing_set_without_duplicates_leaves_two_eights() -> None:
    # distinct suits only: 8s 8h 8d is a set, the second 8s and 8h (16) stay
    s = solved("8s 8h 8s 8h 8d", get_variant("bing", set_duplicates=False), opened=True)
    assert s.deadwood_points == 16
    assert cards(s.deadwood) == ["8h", "8s"]


def test_bing_run_ace_high_q_k_a() -> None:
    assert solved("Qh Kh Ah", opened=True).deadwood_points == 0


def test_bing_run_ace_never_wraps_by_default() -> None:
    # K-A-2 without wilds (wild_rank none): no run, 10 + 15 + 2 = 27 stay; with ace=wrap it is a run
    plain = get_variant("bing", wild_rank="none")
    assert solved("Kh Ah 2h", plain, opened=True).deadwood_points == 27
    assert solved("Kh Ah 2h", get_variant("bing", wild_rank="none", ace="wrap"), opened=True).deadwood_points == 0


def test_bing_run_ace_high_only_rejects_a_2_3() -> None:
    plain_high = get_variant("bing", wild_rank="none", ace="high")
    # A-2-3 is low: not a run with ace=high; 15 + 2 + 3 = 20 stay
    assert solved("Ah 2h 3h", plain_high, opened=True).deadwood_points == 20


# ======================================================================================
# Gin
# ======================================================================================

RULES_GIN_10 = "Ac 2c 3c 4d 5d 6d 7h 8h 9h 10s"


def test_gin_rules_hand_deadwood_10_can_knock() -> None:
    # RULES.md: three runs (A-2-3 clubs, 4-5-6 diamonds, 7-8-9 hearts), Ts left = 10
    s = solved(RULES_GIN_10, "gin")
    assert meld_groups(s) == groups("Ac 2c 3c", "4d 5d 6d", "7h 8h 9h")
    assert cards(s.deadwood) == ["Ts"] and s.deadwood_points == 10
    assert s.fact("can_knock") is True and s.fact("gin") is False
    assert s.legal
    assert "deadwood 10 <= 10: may knock" in reason(s, "GIN-KNOCK")
    assert s.discard is None


def test_gin_knock_limit_9_blocks_deadwood_10() -> None:
    s = solved(RULES_GIN_10, get_variant("gin", knock_limit=9))
    assert s.fact("can_knock") is False and not s.legal
    assert "deadwood 10 > 9: may not knock" in reason(s, "GIN-KNOCK")


def test_gin_gin_with_deadwood_0() -> None:
    # 7h 8h 9h Th is a four-card run: nothing left
    s = solved("Ac 2c 3c 4d 5d 6d 7h 8h 9h Th", "gin")
    assert s.deadwood == () and s.deadwood_points == 0
    assert s.fact("gin") is True and s.fact("can_knock") is True and s.fact("big_gin") is False
    assert "GIN-GIN" in [r.rule for r in s.reasons]


def test_gin_deadwood_over_10_cannot_knock() -> None:
    # A-2-3 clubs and 4-5-6 diamonds; 7h 8h (15) and Ts Js (20) stay: 35
    s = solved("Ac 2c 3c 4d 5d 6d 7h 8h Ts Js", "gin")
    assert s.deadwood_points == 35
    assert s.fact("can_knock") is False and not s.legal


def test_gin_chooses_the_set_when_it_leaves_less() -> None:
    # kings; then 7h either runs 5h 6h 7h (7s 7d = 14 stay) or sets 7h 7s 7d (5h 6h = 11):
    # the set, leaving 5 + 6 + 3 + 4 = 18
    s = solved("5h 6h 7h 7s 7d Kc Kd Ks 3c 4s", "gin")
    assert meld_groups(s) == groups("7h 7s 7d", "Kc Kd Ks")
    assert s.deadwood_points == 18


def test_gin_ace_is_low_only_by_default() -> None:
    # Q-K-A is no run in gin: Qh Kh Ah 9d stay, 10 + 10 + 1 + 9 = 30
    hand = "Qh Kh Ah 4c 5c 6c 7s 7d 7h 9d"
    assert solved(hand, "gin").deadwood_points == 30
    # with ace=low_or_high Q-K-A is a run and only 9d stays
    assert solved(hand, get_variant("gin", ace="low_or_high")).deadwood_points == 9


def test_gin_eleven_cards_picks_the_best_discard() -> None:
    # discarding Ts leaves 4s (4 points, may knock); discarding 4s leaves Ts (10)
    s = solved("Ac 2c 3c 4d 5d 6d 7h 8h 9h 10s 4s", "gin")
    assert str(s.discard) == "Ts"
    assert cards(s.deadwood) == ["4s"] and s.deadwood_points == 4
    assert s.fact("can_knock") is True and s.fact("gin") is False
    assert "best discard Ts" in reason(s, "GIN-TURN")


def test_gin_eleven_cards_discard_to_gin() -> None:
    # throwing Ks leaves three runs with 7h 8h 9h Th: gin, but not big gin
    s = solved("Ac 2c 3c 4d 5d 6d 7h 8h 9h Th Ks", "gin")
    assert str(s.discard) == "Ks"
    assert s.deadwood == ()
    assert s.fact("gin") is True and s.fact("big_gin") is False


def test_gin_big_gin_all_eleven_cards_meld() -> None:
    # A-2-3 clubs, 4-5-6 diamonds, 7h-Jh: all 11 cards meld, no discard
    s = solved("Ac 2c 3c 4d 5d 6d 7h 8h 9h Th Jh", "gin")
    assert s.discard is None
    assert sum(len(m.cards) for m in s.melds) == 11
    assert s.fact("big_gin") is True and s.fact("gin") is True
    assert "bonus 31" in reason(s, "GIN-BIGGIN")


def test_gin_classic_has_no_big_gin_and_discard_tie_goes_to_lowest_card() -> None:
    # classic: big gin is not played, so a card must go.  7h or Jh both leave gin; the
    # tie goes to the lowest card in sort order (suits s h d c, then rank): 7h.
    s = solved("Ac 2c 3c 4d 5d 6d 7h 8h 9h Th Jh", get_variant("gin", preset="classic"))
    assert str(s.discard) == "7h"
    assert s.deadwood == ()
    assert s.fact("big_gin") is False and s.fact("gin") is True


def test_gin_wrong_hand_size_is_refused() -> None:
    with pytest.raises(HandSizeError, match=r"9 cards, but a gin hand holds 10 cards, 11 just after drawing "
                                            r"\(GIN-DEAL\)$"):
        solved("Ac 2c 3c 4d 5d 6d 7h 8h 9h", "gin")


# ======================================================================================
# Basic
# ======================================================================================

def test_basic_out_without_discard() -> None:
    # 4h 5h 6h and the four nines: every card melds
    s = solved("4h 5h 6h 9s 9d 9c 9h", "basic")
    assert s.discard is None and s.deadwood == ()
    assert s.fact("can_go_out") is True and s.legal
    assert "without a discard" in reason(s, "BASIC-OUT")


def test_basic_out_with_a_discard() -> None:
    # 4h 5h 6h and three nines meld, Kc is thrown
    s = solved("4h 5h 6h 9s 9d 9c Kc", "basic")
    assert str(s.discard) == "Kc" and s.deadwood == ()
    assert meld_groups(s) == groups("4h 5h 6h", "9s 9d 9c")
    assert s.fact("can_go_out") is True
    assert "discarding it" in reason(s, "BASIC-OUT")


def test_basic_out_discard_required_throws_a_nine() -> None:
    # with a final discard required only a nine can go (a run card would break 4-5-6);
    # among the nines the lowest in sort order (spades first) is thrown: 9s
    s = solved("4h 5h 6h 9s 9d 9c 9h", get_variant("basic", out_discard_required=True))
    assert str(s.discard) == "9s"
    assert s.deadwood == () and s.fact("can_go_out") is True


def test_basic_cannot_go_out() -> None:
    # only 4h 5h 6h melds; 9 + 9 + 10 + 10 = 38 stay and one discard cannot clear four cards
    s = solved("4h 5h 6h 9s 9d Kc Qd", "basic")
    assert s.deadwood_points == 38 and s.discard is None
    assert s.fact("can_go_out") is False
    assert "cannot go out" in reason(s, "BASIC-OUT")


def test_basic_ace_low_only_by_default() -> None:
    # Q-K-A is no run: Qs Ks As 9c stay, 10 + 10 + 1 + 9 = 30
    s = solved("Qs Ks As 5d 6d 7d 9c", "basic")
    assert s.deadwood_points == 30 and s.fact("can_go_out") is False
    # with the ace high too, Q-K-A runs and 9c is the discard
    high = solved("Qs Ks As 5d 6d 7d 9c", get_variant("basic", ace="low_or_high"))
    assert str(high.discard) == "9c" and high.fact("can_go_out") is True


def test_basic_open_31_met() -> None:
    # melds worth 4 + 5 + 6 + 9 + 9 + 9 = 42 >= 31
    s = solved("4h 5h 6h 9s 9d 9c Kc", get_variant("basic", opening_points=31))
    assert s.legal and s.fact("can_go_out") is True
    assert "worth 42 points" in reason(s, "BASIC-OPEN")


def test_basic_open_31_not_met() -> None:
    # A-2-3 hearts (1 + 2 + 3) and three fours (12): 18 < 31
    s = solved("Ah 2h 3h 4s 4d 4c Kc", get_variant("basic", opening_points=31))
    assert not s.legal and s.fact("can_go_out") is False
    assert reason(s, "BASIC-OPEN") == "the first lay-down is worth 18 points, 31 are needed"


def test_basic_open_minimum_does_not_apply_once_opened() -> None:
    s = solved("Ah 2h 3h 4s 4d 4c Kc", get_variant("basic", opening_points=31), opened=True)
    assert s.legal and s.fact("can_go_out") is True and str(s.discard) == "Kc"


def test_basic_open_31_lay_offs_alone_are_not_a_play() -> None:
    # 8h 2s 4d 6c 9s Jd Kc Qh 3c 5s Ad: eleven ranks, no two of a suit within two ranks, so no meld;
    # the 8h would go on B's 5h 6h 7h, but a lay-off counts nothing toward the 31 (BASIC-OPEN), so
    # the legal best lays nothing down and throws a ten-pointer: 68 - 10 = 58 points stay
    from rummycheck.files.scenario import parse_scenario
    from rummycheck.games.solve import solve_scenario
    from rummycheck.games.validate import layoff_problems

    text = ('variant = "basic"\n[rules]\nopening_points = 31\n[[players]]\nname = "A"\n'
            'hand = "8h 2s 4d 6c 9s Jd Kc Qh 3c 5s Ad"\n[[players]]\nname = "B"\nopened = true\nhand_size = 7\n'
            '[[table]]\nowner = "B"\ncards = "5h 6h 7h"\n[turn]\nplayer = "A"\ndrew = "stock"\n'
            '[pile]\ndiscard = "4h"\nstock = 20\n')
    scenario = parse_scenario(text, source="layoff-alone.toml")
    s = solve_scenario(scenario)
    assert s.legal and s.layoffs == () and s.melds == ()
    assert s.deadwood_points == 58 and s.discard is not None and s.discard.rank.number >= 10
    for solver in ("z3", "csp"):
        other = solve_scenario(scenario, solver=solver)
        assert other.layoffs == () and other.deadwood_points == 58, solver
    # the validator refuses the lay-off alone
    alone = dataclasses.replace(s, layoffs=(LayOff(parse_cards("8h")[0], 1, parse_cards("8h")[0]),))
    assert any("BASIC-OPEN" in problem for problem in layoff_problems(alone, scenario))


def test_basic_open_31_met_by_choosing_the_discard() -> None:
    # A final discard is required.  Throwing 6s (the first card in sort order) leaves
    # 6h 6d 6c (18) + Ad 2d 3d 4d (10) = 28 < 31; throwing Ad leaves 6s 6h 6d 6c (24) +
    # 2d 3d 4d (9) = 33 >= 31.  So the player can open and go out by discarding Ad.
    variant = get_variant("basic", out_discard_required=True, opening_points=31)
    s = solved("6s 6h 6d 6c Ad 2d 3d 4d", variant)
    assert s.legal and s.fact("can_go_out") is True
    assert str(s.discard) == "Ad"


def test_basic_one_meld_a_turn_keeps_the_best_single_meld() -> None:
    # one meld only: the nines (27) beat 4h 5h 6h (15); 4 + 5 + 6 + 10 = 25 stay
    s = solved("4h 5h 6h 9s 9d 9c Kc", get_variant("basic", melds_per_turn="one"))
    assert meld_groups(s) == groups("9s 9d 9c")
    assert s.deadwood_points == 25
    assert s.fact("can_go_out") is False
    assert "BASIC-TURN" in [r.rule for r in s.reasons]


def test_basic_set_distinct_suits_up_to_four() -> None:
    # four queens are one set and 5c is the final discard
    s = solved("Qs Qh Qd Qc 5c", "basic")
    assert meld_groups(s) == groups("Qs Qh Qd Qc")
    assert str(s.discard) == "5c" and s.deadwood_points == 0
    # with a set limit of 3 one queen cannot meld: a queen and 5c stay (10 + 5 = 15),
    # and no single discard clears both
    three = solved("Qs Qh Qd Qc 5c", get_variant("basic", set_max=3))
    assert three.deadwood_points == 15 and three.fact("can_go_out") is False


def test_bing_meld_turn_discard_option_keeps_a_card_back_for_the_discard() -> None:
    # Kd Kh Kc / 8c 9c Tc / 3h 3s 3h are three melds; 9d fits none of them.
    # Default BING-MELD-TURN (no discard): 9d stays in hand, 9 points.
    # House rule meld_turn_discard=true: the turn ends by discarding 9d, nothing stays.
    hand = "Kd Kh Kc 8c 9c Tc 3h 3s 3h 9d"
    plain = solved(hand, "bing")
    assert plain.deadwood_points == 9 and plain.discard is None
    house = solved(hand, get_variant("bing", meld_turn_discard=True))
    assert str(house.discard) == "9d"
    assert house.deadwood == () and house.fact("goes_out") is True
    assert "BING-MELD-TURN" in [r.rule for r in house.reasons]
