"""The z3 model with table melds: lay-offs worked out by hand, and the game rules around them.

Bing card values (BING-VALUES): 3-10 their rank, J Q K 10, ace 15, a deuce 2.  Gin and
basic: ace 1, 2-10 their rank, J Q K 10.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rummycheck.cards import Card, parse_cards
from rummycheck.crosscheck import crosscheck_tables, table_scenario
from rummycheck.games.prove import prove_scenario
from rummycheck.games.solve import solve_scenario
from rummycheck.games.validate import layoff_problems, solution_problems
from rummycheck.melds import Meld, MeldKind
from rummycheck.position import Scenario, ScenarioPlayer, TableMeld, TurnInfo
from rummycheck.solvers.z3 import search_table
from rummycheck.variants import Variant, get_variant


def _table(*melds: str) -> list[TableMeld]:
    out = []
    for number, text in enumerate(melds, start=1):
        cards = parse_cards(text)
        kind = MeldKind.SET if len({c.rank for c in cards}) == 1 else MeldKind.RUN
        out.append(TableMeld(number, Meld.natural(kind, cards), "other"))
    return out


def _bing_scenario(hand: str, table: list[TableMeld], *, opened: bool, variant: Variant | None = None) -> Scenario:
    cards = parse_cards(hand)
    me = ScenarioPlayer("me", opened=opened, hand=cards, hand_size=len(cards))
    other = ScenarioPlayer("other", opened=True, hand_size=14)
    return Scenario("test", variant or get_variant("bing"), (me, other), tuple(table), TurnInfo("me"))


def _laid(play: tuple[object, ...]) -> set[tuple[str, int, str]]:
    layoffs = play[2]
    assert isinstance(layoffs, tuple)
    return {(str(lo.card), lo.target, str(lo.stands_for)) for lo in layoffs}


def test_z3_table_lays_off_at_both_ends_of_a_run_and_on_a_set() -> None:
    # BING-LAYOFF: 4h and 8h extend 5h 6h 7h at either end, 9s joins 9h 9d 9c; Kc stays (10)
    play = search_table(parse_cards("4h 8h 9s Kc"), _table("5h 6h 7h", "9h 9d 9c"), variant=get_variant("bing"))
    assert play is not None
    assert play[0][:2] == (10, 1)
    assert _laid(play) == {("4h", 1, "4h"), ("8h", 1, "8h"), ("9s", 2, "9s")}


def test_z3_table_wild_deuce_stands_for_the_missing_run_card() -> None:
    # BING-WILD: 2d stands for 8h so that 9h can follow it: 5h 6h 7h 2d=8h 9h, nothing left;
    # one wild used, two cards laid off
    play = search_table(parse_cards("2d 9h"), _table("5h 6h 7h"), variant=get_variant("bing"))
    assert play is not None
    assert play[0] == (0, 0, 1, 2)
    assert _laid(play) == {("2d", 1, "8h"), ("9h", 1, "9h")}


def test_z3_table_run_cannot_skip_a_gap() -> None:
    # without the 8h, the 9h does not touch 5h 6h 7h: it stays (9 points)
    play = search_table(parse_cards("9h"), _table("5h 6h 7h"), variant=get_variant("bing"))
    assert play is not None and play[0][:2] == (9, 1) and play[2] == ()


@pytest.mark.parametrize(("ace", "points"), [("low_or_high", 0), ("low", 15)])
def test_z3_table_bing_run_ace_rule_decides_qka(ace: str, points: int) -> None:
    # BING-RUN: Ah after Jh Qh Kh is a lay-off only when the ace may be high (ace = 15 points)
    bing = get_variant("bing", ace=ace)
    play = search_table(parse_cards("Ah"), _table("Jh Qh Kh"), variant=bing)
    assert play is not None and play[0][0] == points


def test_z3_table_set_max_limits_a_set_lay_off() -> None:
    # set_max = 4: 9h 9d 9c takes one more nine; the second 9c stays (9 points)
    bing = get_variant("bing", set_max=4)
    play = search_table(parse_cards("9c 9c"), _table("9h 9d 9c"), variant=bing)
    assert play is not None and play[0][:2] == (9, 1) and len(play[2]) == 1


def test_z3_table_set_without_duplicates_refuses_a_second_copy() -> None:
    # set_duplicates = false: 9c is on the table already, so 9c cannot join; 9s can
    bing = get_variant("bing", set_duplicates=False)
    play = search_table(parse_cards("9c 9s"), _table("9h 9d 9c"), variant=bing)
    assert play is not None and play[0][:2] == (9, 1)
    assert _laid(play) == {("9s", 1, "9s")}


def test_z3_table_melds_are_fixed_and_cannot_be_rearranged() -> None:
    # 5h 6h would make a run with the 7h of the table set, but the table's cards stay put:
    # 5 + 6 = 11 points left
    play = search_table(parse_cards("5h 6h"), _table("7h 7d 7c"), variant=get_variant("bing"))
    assert play is not None and play[0][:2] == (11, 2)


def test_z3_scenario_bing_opening_needs_three_new_melds_before_lay_offs_count() -> None:
    # BING-OPEN: not opened, 3 melds needed; the hand has only two (Kd Kh Ks, 8c 9c Tc), so
    # the 4h that fits the table run does not help: cannot open
    scenario = _bing_scenario("Kd Kh Ks 8c 9c Tc 4h", _table("5h 6h 7h"), opened=False)
    for solver in ("exact", "z3"):
        solution = solve_scenario(scenario, solver=solver)
        assert not solution.melds and not solution.layoffs and not solution.legal
        assert solution.solver == solver
    assert prove_scenario(scenario, solve_scenario(scenario, solver="z3")).optimal


@pytest.mark.parametrize(("layoff_in_opening", "points"), [(True, 0), (False, 4)])
def test_z3_scenario_bing_layoff_in_opening_option(layoff_in_opening: bool, points: int) -> None:
    # three melds open (Kd Kh Ks, 8c 9c Tc, 5s 5d 5c); 4h goes on 5h 6h 7h only when lay-offs
    # are allowed in the opening turn, else it stays (4 points)
    bing = get_variant("bing", layoff_in_opening=layoff_in_opening)
    scenario = _bing_scenario("Kd Kh Ks 8c 9c Tc 5s 5d 5c 4h", _table("5h 6h 7h"), opened=False, variant=bing)
    solution = solve_scenario(scenario, solver="z3")
    assert len(solution.melds) == 3 and solution.deadwood_points == points
    assert solution_problems(solution) == [] and layoff_problems(solution, scenario) == []
    assert prove_scenario(scenario, solution).optimal


def test_z3_scenario_opened_bing_player_lays_off_without_a_new_meld() -> None:
    # opened: Ks on the kings, 3d on the threes, 5s fits nothing (5 points)
    scenario = _bing_scenario("Ks 3d 5s", _table("Kd Kh Kc", "3h 3s 3h"), opened=True)
    solution = solve_scenario(scenario, solver="z3")
    assert solution.melds == () and solution.deadwood_points == 5
    assert {str(lo.card) for lo in solution.layoffs} == {"Ks", "3d"}


@pytest.mark.parametrize(("knocker_hand", "points"), [("4s", 3), ("", 24)])
def test_z3_scenario_gin_defender_lays_off_unless_gin(knocker_hand: str, points: int) -> None:
    # GIN-LAYOFF: the defender melds Qd Qs Qc and Jd Jh Js, lays off 4d on the knocker's
    # 4h 4s 4c and 8h 9h on his 5h 6h 7h: 3d stays (3).  GIN-GIN: after gin (the knocker has
    # no deadwood) nothing is laid off: 4d 8h 9h 3d stay, 4 + 8 + 9 + 3 = 24
    gin = get_variant("gin")
    hand = parse_cards("Qd Qs Qc Jd Jh Js 4d 8h 9h 3d")
    knocker = ScenarioPlayer("knocker", hand=parse_cards(knocker_hand), hand_size=len(knocker_hand.split()))
    me = ScenarioPlayer("me", hand=hand, hand_size=len(hand))
    table = tuple(TableMeld(t.number, t.meld, "knocker") for t in _table("5h 6h 7h", "4h 4s 4c"))
    scenario = Scenario("test", gin, (knocker, me), table, TurnInfo("knocker", knocked=True))
    for solver in ("exact", "z3"):
        solution = solve_scenario(scenario, solver=solver)
        assert solution.deadwood_points == points
        assert len(solution.melds) == 2
        assert layoff_problems(solution, scenario) == []
    assert prove_scenario(scenario, solve_scenario(scenario, solver="z3")).optimal


def test_z3_table_play_proof_refutes_a_missed_lay_off() -> None:
    # the exact answer lays off Ks and 3d (5s left, 5 points); an answer that keeps the Ks
    # (15 points) is refuted with the better play
    import dataclasses

    scenario = _bing_scenario("Ks 3d 5s", _table("Kd Kh Kc", "3h 3s 3h"), opened=True)
    honest = solve_scenario(scenario)
    worse = dataclasses.replace(honest, layoffs=tuple(lo for lo in honest.layoffs if str(lo.card) != "Ks"),
                                deadwood=tuple(parse_cards("5s Ks")), deadwood_points=15)
    proof = prove_scenario(scenario, worse)
    assert not proof.optimal and proof.better is not None and proof.better.points == 5
    assert {str(lo.card) for lo in proof.better_layoffs} == {"Ks", "3d"}


@pytest.mark.parametrize(("game", "opened"), [("bing", False), ("bing", True), ("basic", False), ("gin", False)])
def test_small_table_crosscheck_exact_and_z3_agree(game: str, opened: bool) -> None:
    # exact and z3 only: the constraint model has its own small table crosscheck
    # (tests/test_csp_tables.py), and takes seconds per Bing table situation
    result = crosscheck_tables(variant=get_variant(game), situations=2, seed=3, opened=opened,
                               solvers=("exact", "z3"))
    assert result.failures == ()
    assert result.disagreements == ()
    assert result.agreements == 2


def test_table_scenarios_are_seeded_and_their_table_melds_are_legal() -> None:
    from rummycheck.melds import meld_problems

    for game in ("bing", "basic", "gin"):
        variant = get_variant(game)
        first = table_scenario(random.Random(8), variant)
        assert first == table_scenario(random.Random(8), variant)
        assert first.table and all(meld_problems(t.meld, variant) == [] for t in first.table)


def test_layoff_problems_catches_an_illegal_lay_off() -> None:
    # 9h does not touch 5h 6h 7h: a solution claiming that lay-off must be flagged
    import dataclasses

    from rummycheck.results import LayOff

    scenario = _bing_scenario("9h", _table("5h 6h 7h"), opened=True)
    solution = solve_scenario(scenario)
    card = parse_cards("9h")[0]
    bad = dataclasses.replace(solution, layoffs=(LayOff(card, 1, card),), deadwood=(), deadwood_points=0)
    problems = layoff_problems(bad, scenario)
    assert len(problems) == 1 and "not consecutive" in problems[0]


@pytest.mark.parametrize("options", [{"ace": "wrap"}, {"max_wilds": 1}, {"set_duplicates": False, "set_max": 4}])
def test_z3_table_play_cost_matches_the_exact_lay_off_search_under_house_rules(options: dict[str, Any]) -> None:
    # two independent readings of the lay-off rules (enumeration in layoffs.py, constraints in
    # solvers/z3.py) must find the same cost on seeded table situations, opening (2 melds) or not
    from rummycheck.solvers.layoffs import exact_play

    bing = get_variant("bing", **options)
    rng = random.Random(7)
    for _ in range(2):
        scenario = table_scenario(rng, bing, opened=True)
        hand = scenario.players[0].hand
        assert hand is not None
        for minimum in (0, 2):
            expected = exact_play(hand[:9], scenario.table, variant=bing, min_melds=minimum)
            found = search_table(hand[:9], scenario.table, variant=bing, min_melds=minimum)
            assert (expected is None) == (found is None)
            if expected is not None and found is not None:
                assert found[0] == expected[0]


def test_two_deuces_each_laid_off_on_a_run_of_its_own_regression() -> None:
    # Found 2026-12-07: the exact lay-off search offered a run only its first wild card in card
    # order, so two runs that each take one deuce (their only free place is the 2, under a 3..A
    # run of 12 cards with the ace high) both asked for the same deuce.  By hand: 2c as 2h on the
    # hearts, 2d as 2s on the spades (or the other way round) and the hand is out, 0 points; the
    # search left a deuce in hand (2 points).
    table = _table("3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah", "3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As")
    scenario = _bing_scenario("2c 2d", table, opened=True)
    for solver in ("exact", "z3"):
        solution = solve_scenario(scenario, solver=solver)
        assert solution.deadwood == () and solution.deadwood_points == 0, solver
        assert sorted(lo.target for lo in solution.layoffs) == [1, 2], solver
        assert layoff_problems(solution, scenario) == [] and solution_problems(solution) == [], solver


def _deuce_rich(rng: random.Random, variant: Variant) -> tuple[tuple[Card, ...], list[TableMeld]]:
    """A table of 2 to 4 natural melds and a hand of 2 to 4 deuces and 2 to 4 other cards: positions
    where which deuce goes where decides the play."""
    melds: list[str] = []
    for _ in range(rng.randrange(2, 5)):
        if rng.random() < 0.5:
            suit, length = rng.choice("cdhs"), rng.randrange(3, 6)
            start = rng.randrange(2, 14 - length)  # from the 3 up, to the king at most
            melds.append(" ".join(f"{RANKS[start + i]}{suit}" for i in range(length)))
        else:
            rank = RANKS[rng.randrange(1, 13)]
            melds.append(" ".join(f"{rank}{suit}" for suit in rng.sample("cdhs", 3)))
    deuces = [f"2{rng.choice('cdhs')}" for _ in range(rng.randrange(2, 5))]
    others = [f"{RANKS[rng.randrange(1, 13)]}{rng.choice('cdhs')}" for _ in range(rng.randrange(2, 5))]
    return parse_cards(" ".join(deuces + others)), _table(*melds)


RANKS = "A23456789TJQK"


@pytest.mark.parametrize("options", [{}, {"max_wilds": 1}, {"ace": "wrap"}], ids=["bing", "max_wilds=1", "wrap"])
@pytest.mark.parametrize("seed", range(30))
def test_exact_lay_offs_match_z3_on_hands_rich_in_deuces(options: dict[str, Any], seed: int) -> None:
    # two independent readings of the lay-offs (the exact walk in layoffs.py, the constraints of
    # solvers/z3.py) on positions where the deuces' suits must be chosen across several melds
    # (with one wild card a meld, every meld that takes a deuce takes a deuce of its own)
    from rummycheck.solvers.layoffs import exact_play

    bing = get_variant("bing", **options)
    hand, table = _deuce_rich(random.Random(seed), bing)
    expected = exact_play(hand, table, variant=bing)
    found = search_table(hand, table, variant=bing)
    assert (expected is None) == (found is None)
    if expected is not None and found is not None:
        assert found[0] == expected[0]


def test_a_deuce_of_the_runs_suit_stands_for_itself_past_the_ace_regression() -> None:
    # Found by an outside fuzz of the three solvers (2026-12-07): with ace = "wrap" the run Jh Qh Kh
    # goes on with Ah and then 2h.  By hand: 2d as Ah (a wild) and 2h as itself (natural): out with
    # one wild used.  The exact search gave the run's places the deuces in card order, 2h as the Ah
    # and 2d as the 2h, two wilds, and so laid both deuces on the nines instead (two wilds).
    wrap = get_variant("bing", ace="wrap")
    scenario = _bing_scenario("2h 2d", _table("Jh Qh Kh", "9s 9d 9c"), opened=True, variant=wrap)
    for solver in ("exact", "z3"):
        solution = solve_scenario(scenario, solver=solver)
        assert solution.deadwood == (), solver
        assert sorted((str(lo.card), lo.target, str(lo.stands_for)) for lo in solution.layoffs) == [
            ("2d", 1, "Ah"), ("2h", 1, "2h")], solver
        assert layoff_problems(solution, scenario) == [], solver


def test_the_proof_refutes_an_answer_that_spends_a_wild_card_more_than_it_needs() -> None:
    # The position above, answered the way the exact search once did: 2h as the Ah and 2d as
    # the 2h, both laid off on Jh Qh Kh.  Out with 0 points either way, but two wild cards
    # where one does (2d as Ah, 2h as itself).  A proof that compared points alone passed it.
    import dataclasses

    from rummycheck.results import LayOff

    wrap = get_variant("bing", ace="wrap")
    scenario = _bing_scenario("2h 2d", _table("Jh Qh Kh", "9s 9d 9c"), opened=True, variant=wrap)
    honest = solve_scenario(scenario)
    two_h, two_d = parse_cards("2h 2d")
    ace = parse_cards("Ah")[0]
    doctored = dataclasses.replace(honest, layoffs=(LayOff(two_h, 1, ace), LayOff(two_d, 1, two_h)))
    assert layoff_problems(doctored, scenario) == []  # legal, only not the cheapest
    proof = prove_scenario(scenario, doctored)
    assert not proof.optimal and proof.better is not None
    assert proof.better.points == 0 and proof.better.deadwood == ()
    assert sorted((str(lo.card), str(lo.stands_for)) for lo in proof.better_layoffs) == [("2d", "Ah"), ("2h", "2h")]
    assert "with fewer than 2 wild cards used" in proof.claim
    assert proof.text().endswith("(0 points, 1 wild card used)")
    from rummycheck.games.prove import proof_json

    assert sorted((lo["card"], lo["as"]) for lo in proof_json(proof)["counter_example_layoffs"]) == [  # type: ignore[attr-defined]
        ("2d", "Ah"), ("2h", "2h")]
    honest_proof = prove_scenario(scenario, honest)
    assert honest_proof.optimal and "with fewer than 1 wild card used" in honest_proof.claim


def test_three_copies_of_a_card_make_a_set_with_three_decks_regression() -> None:
    # Found by the same fuzz: with decks = 3 the search's lower bound took a card held three
    # times (Qd Qd Qd) for one no meld can hold, and with the lay-off walk's budget it then gave
    # up the remainder Ah Qd Qd Qd.  By hand: Qd Qd Qd is a set (Bing allows duplicates), Kd goes on
    # Kh Ks Kc, Ah (15) stays: 15 points, 1 card, no wild, 1 card laid off.
    from rummycheck.solvers.layoffs import exact_play

    three = get_variant("bing", decks=3)
    hand = parse_cards("Ah Qd Qd Qd Kd")
    table = _table("Kh Ks Kc")
    for play in (exact_play(hand, table, variant=three), search_table(hand, table, variant=three)):
        assert play is not None and play[0] == (15, 1, 0, 1)
