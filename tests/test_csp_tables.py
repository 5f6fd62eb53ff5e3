"""The constraint model with table melds: hand-worked lay-offs, the game rules around them,
and ``--all`` on a scenario listing every optimal whole play.

Bing card values (BING-VALUES): 3-10 their rank, J Q K 10, ace 15, a deuce 2.  Gin and
basic: ace 1, 2-10 their rank, J Q K 10.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rummycheck.cards import parse_cards
from rummycheck.cli import app
from rummycheck.crosscheck import crosscheck_tables
from rummycheck.games.prove import all_optimal_plays
from rummycheck.games.solve import solve_scenario
from rummycheck.games.validate import layoff_problems, solution_problems
from rummycheck.melds import Meld, MeldKind
from rummycheck.position import Scenario, ScenarioPlayer, TableMeld, TurnInfo
from rummycheck.solvers.csp import search_table
from rummycheck.variants import Variant, get_variant

runner = CliRunner()


def _table(*melds: str, owner: str = "other") -> tuple[TableMeld, ...]:
    out = []
    for number, text in enumerate(melds, start=1):
        cards = parse_cards(text)
        kind = MeldKind.SET if len({c.rank for c in cards}) == 1 else MeldKind.RUN
        out.append(TableMeld(number, Meld.natural(kind, cards), owner))
    return tuple(out)


def _laid(play: tuple[object, ...]) -> set[tuple[str, int, str]]:
    layoffs = play[2]
    assert isinstance(layoffs, tuple)
    return {(str(lo.card), lo.target, str(lo.stands_for)) for lo in layoffs}


def _bing(hand: str, table: tuple[TableMeld, ...], *, opened: bool, variant: Variant | None = None) -> Scenario:
    cards = parse_cards(hand)
    me = ScenarioPlayer("me", opened=opened, hand=cards, hand_size=len(cards))
    other = ScenarioPlayer("other", opened=True, hand_size=14)
    return Scenario("test", variant or get_variant("bing"), (me, other), table, TurnInfo("me"))


def _gin_knock(hand: str, knocker_hand: str, *melds: str) -> Scenario:
    cards = parse_cards(hand)
    knocker = ScenarioPlayer("knocker", hand=parse_cards(knocker_hand), hand_size=len(knocker_hand.split()))
    me = ScenarioPlayer("me", hand=cards, hand_size=len(cards))
    return Scenario("test", get_variant("gin"), (knocker, me), _table(*melds, owner="knocker"),
                    TurnInfo("knocker", knocked=True))


def _basic(hand: str, *melds: str) -> Scenario:
    cards = parse_cards(hand)
    me = ScenarioPlayer("me", opened=True, hand=cards, hand_size=len(cards))
    other = ScenarioPlayer("other", opened=True, hand_size=7)
    return Scenario("test", get_variant("basic"), (me, other), _table(*melds), TurnInfo("me", drew="stock"))


def test_csp_table_lays_off_at_both_ends_of_a_run() -> None:
    # gin: 4h below 5h 6h 7h, 8h above it; Kc fits nothing (10 points, 1 card, 2 laid off)
    play = search_table(parse_cards("4h 8h Kc"), _table("5h 6h 7h"), variant=get_variant("gin"))
    assert play is not None
    assert play[0] == (10, 1, 0, 2)
    assert _laid(play) == {("4h", 1, "4h"), ("8h", 1, "8h")}
    assert play[1] == () and [str(c) for c in play[3]] == ["Kc"]


def test_csp_table_adds_to_a_set_and_respects_no_duplicates() -> None:
    # gin (one deck): 7d joins 7h 7s 7c; 3s stays (3 points)
    play = search_table(parse_cards("7d 3s"), _table("7h 7s 7c"), variant=get_variant("gin"))
    assert play is not None and play[0] == (3, 1, 0, 1) and _laid(play) == {("7d", 1, "7d")}
    # basic without duplicates: a second 7h cannot join 7h 7s 7c (7 + 3 = 10 points stay)
    play = search_table(parse_cards("7h 3s"), _table("7h 7s 7c"), variant=get_variant("basic"))
    assert play is not None and play[0] == (10, 2, 0, 0)


def test_csp_table_wild_deuce_laid_off_as_a_named_card() -> None:
    # bing: 2d stands for 8h so 9h can follow it on 5h 6h 7h: nothing left, one wild used
    play = search_table(parse_cards("2d 9h"), _table("5h 6h 7h"), variant=get_variant("bing"))
    assert play is not None and play[0] == (0, 0, 1, 2)
    assert _laid(play) == {("2d", 1, "8h"), ("9h", 1, "9h")}


def test_csp_table_deuce_laid_off_as_itself_uses_no_wild() -> None:
    # bing: 2h fits 3h 4h 5h as the 2h itself (no wild used) or as 6h (one used): the
    # first is cheaper; Kc stays (10 points)
    play = search_table(parse_cards("2h Kc"), _table("3h 4h 5h"), variant=get_variant("bing"))
    assert play is not None and play[0] == (10, 1, 0, 1)
    assert _laid(play) == {("2h", 1, "2h")}


def test_csp_table_run_cannot_skip_a_gap() -> None:
    # 9h cannot join 5h 6h 7h without the 8h: 9 + 10 stay (gin)
    play = search_table(parse_cards("9h Kc"), _table("5h 6h 7h"), variant=get_variant("gin"))
    assert play is not None and play[0] == (19, 2, 0, 0)


def test_csp_scenario_bing_cannot_open_without_three_new_melds() -> None:
    # BING-OPEN: only two melds (Kd Kh Ks, 8c 9c Tc); the 4h that fits the table run does not help
    scenario = _bing("Kd Kh Ks 8c 9c Tc 4h", _table("5h 6h 7h"), opened=False)
    solution = solve_scenario(scenario, solver="csp")
    assert not solution.melds and not solution.layoffs and not solution.legal
    assert solution.solver == "csp"
    assert all_optimal_plays(scenario, solution) == ()


@pytest.mark.parametrize(("layoff_in_opening", "points"), [(True, 0), (False, 4)])
def test_csp_scenario_bing_opening_with_layoffs(layoff_in_opening: bool, points: int) -> None:
    # three melds open (Kd Kh Ks, 8c 9c Tc, 5s 5d 5c); the 4h goes on 5h 6h 7h only when
    # BING-LAYOFF allows lay-offs in the opening turn, else it stays (4 points)
    bing = get_variant("bing", layoff_in_opening=layoff_in_opening)
    scenario = _bing("Kd Kh Ks 8c 9c Tc 5s 5d 5c 4h", _table("5h 6h 7h"), opened=False, variant=bing)
    solution = solve_scenario(scenario, solver="csp")
    assert len(solution.melds) == 3 and solution.deadwood_points == points
    assert solution_problems(solution) == [] and layoff_problems(solution, scenario) == []


@pytest.mark.parametrize(("knocker_hand", "points"), [("4s", 3), ("", 24)])
def test_csp_scenario_gin_defender_lays_off_after_a_knock_unless_gin(knocker_hand: str, points: int) -> None:
    # GIN-LAYOFF: the defender melds Qd Qs Qc and Jd Jh Js, lays off 4d on 4h 4s 4c and 8h 9h
    # on 5h 6h 7h: 3d stays (3).  GIN-GIN: no lay-offs, 4d 8h 9h 3d stay: 4 + 8 + 9 + 3 = 24
    scenario = _gin_knock("Qd Qs Qc Jd Jh Js 4d 8h 9h 3d", knocker_hand, "5h 6h 7h", "4h 4s 4c")
    solution = solve_scenario(scenario, solver="csp")
    assert solution.deadwood_points == points and len(solution.melds) == 2
    assert len(solution.layoffs) == (3 if knocker_hand else 0)
    assert layoff_problems(solution, scenario) == []


def test_csp_scenario_basic_melds_lays_off_and_discards() -> None:
    # BASIC-OUT: 9h 9s 9c meld, 8h goes on 5h 6h 7h, the Kd is discarded: out with nothing left
    scenario = _basic("9h 9s 9c 8h Kd", "5h 6h 7h")
    solution = solve_scenario(scenario, solver="csp")
    assert solution.deadwood == () and str(solution.discard) == "Kd"
    assert {str(lo.card) for lo in solution.layoffs} == {"8h"}
    assert solution_problems(solution) == [] and layoff_problems(solution, scenario) == []


def _describe(play: object) -> tuple[frozenset[str], frozenset[tuple[str, int]], str | None]:
    melds = frozenset(" ".join(sorted(str(c) for c in m.cards)) for m in play.melds)  # type: ignore[attr-defined]
    laid = frozenset((str(lo.card), lo.target) for lo in play.layoffs)  # type: ignore[attr-defined]
    discard = play.discard  # type: ignore[attr-defined]
    return melds, laid, None if discard is None else str(discard)


def test_all_plays_gin_defender_lists_both_homes_of_the_8h() -> None:
    # 4h can only go below 5h 6h 7h; 8h goes above the run or on 8s 8d 8c; Kc stays (10):
    # exactly two plays leave 10 points
    scenario = _gin_knock("8h 4h Kc", "3d", "5h 6h 7h", "8s 8d 8c")
    plays = all_optimal_plays(scenario, solve_scenario(scenario, solver="exact"))
    assert {_describe(p) for p in plays} == {
        (frozenset(), frozenset({("4h", 1), ("8h", 1)}), None),
        (frozenset(), frozenset({("4h", 1), ("8h", 2)}), None),
    }
    assert all(p.points == 10 and [str(c) for c in p.deadwood] == ["Kc"] for p in plays)


def test_all_plays_basic_lists_every_way_out_with_and_without_a_discard() -> None:
    # basic (one deck, no final discard needed), 5h 6h 7h on the table, hand 9h 9s 9c 9d 8h.
    # Going out (0 points): without a discard, the four nines + 8h laid off, or 9s 9c 9d +
    # 8h 9h laid off; discarding 8h, the four nines; discarding any one nine, the other
    # three + 8h laid off (4 ways).  Seven plays; the tie-break is the solver's: cards left,
    # wilds, cards laid off, then no discard; so the four nines discarding 8h (nothing laid
    # off) come first.
    scenario = _basic("9h 9s 9c 9d 8h", "5h 6h 7h")
    plays = all_optimal_plays(scenario, solve_scenario(scenario, solver="exact"))
    nines = {"9h", "9s", "9c", "9d"}

    def melds(*cards: str) -> frozenset[str]:
        return frozenset({" ".join(sorted(cards))})

    expected = {(melds(*nines), frozenset({("8h", 1)}), None),
                (melds("9s", "9c", "9d"), frozenset({("8h", 1), ("9h", 1)}), None),
                (melds(*nines), frozenset(), "8h")}
    expected |= {(melds(*(nines - {n})), frozenset({("8h", 1)}), n) for n in nines}
    assert len(plays) == 7 and {_describe(p) for p in plays} == expected
    assert all(p.points == 0 and p.deadwood == () for p in plays)
    assert _describe(plays[0]) == (melds(*nines), frozenset(), "8h")


def test_all_plays_bing_wild_on_either_end_counts_twice() -> None:
    # opened bing player, 2d and Kc, table 5h 6h 7h: the 2d goes below (as 4h) or above
    # (as 8h): two plays, Kc stays (10 points); a run lay-off is told apart by its spots
    scenario = _bing("2d Kc", _table("5h 6h 7h"), opened=True)
    plays = all_optimal_plays(scenario, solve_scenario(scenario, solver="exact"))
    assert {(str(lo.card), str(lo.stands_for)) for p in plays for lo in p.layoffs} == {("2d", "4h"), ("2d", "8h")}
    assert len(plays) == 2 and all(p.points == 10 and p.wilds_used == 1 for p in plays)


def test_cli_solve_scenario_all_lists_whole_plays(tmp_path: Path) -> None:
    text = '''variant = "gin"
[[players]]
name = "knocker"
hand = "3d"
[[players]]
name = "me"
hand = "8h 4h Kc 3c Qd Qs Qc Jd Jh Js"
[[table]]
owner = "knocker"
cards = "5h 6h 7h"
[[table]]
owner = "knocker"
cards = "8s 8d 8c"
[turn]
player = "knocker"
knocked = true
drew = "stock"
'''
    path = tmp_path / "knock.toml"
    path.write_text(text)
    result = runner.invoke(app, ["solve", str(path), "--all"])
    assert result.exit_code == 0, result.output
    assert "all optimal plays (2" in result.output
    assert "lay off 8h on table meld 2" in result.output and "lay off 8h on table meld 1" in result.output
    result = runner.invoke(app, ["solve", str(path), "--all", "--solver", "csp", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    # the defender melds the queens and the jacks; 4h and 8h as in the test above; Kc 3c stay (13)
    assert data["solver"] == "csp" and data["deadwood_points"] == 13
    assert sorted(lo["meld"] for p in data["all_optimal"] for lo in p["layoffs"] if lo["card"] == "8h") == [1, 2]
    assert all(p["discard"] is None and sorted(p["deadwood"]) == ["3c", "Kc"] for p in data["all_optimal"])
    assert path.read_text() == text  # the input is never changed


@pytest.mark.parametrize(("game", "situations", "seed", "opened"), [("gin", 4, 11, False), ("basic", 3, 11, False),
                                                                    ("bing", 2, 14, True)])
def test_small_table_crosscheck_csp_agrees_with_exact(game: str, situations: int, seed: int, opened: bool) -> None:
    # few situations: the constraint model takes seconds to minutes on some deuce-rich Bing
    # tables, so the Bing seed (14) is one whose first two situations solve quickly; the
    # 100-situation runs are in docs/solvers.md
    result = crosscheck_tables(variant=get_variant(game), situations=situations, seed=seed,
                               solvers=("exact", "csp"), opened=opened)
    assert result.ok, [str(d) for d in result.disagreements] + [str(f) for f in result.failures]
    assert result.agreements == situations
