"""``all_optimal`` and ``solve --all``: every optimal arrangement, each counted once."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from rummycheck.cards import parse_cards
from rummycheck.cli import app
from rummycheck.games.validate import arrangement_problems
from rummycheck.solvers.csp import all_optimal
from rummycheck.variants import get_variant

runner = CliRunner()

# 5h sits in the run 5h-8h or in the set of fives; either way nothing is left (gin)
TWO_WAYS = "5h 6h 7h 8h 5s 5d 5c Kd Qd Jd"


def _groups(arrangement: object) -> set[tuple[str, ...]]:
    return {tuple(sorted(str(c) for c in meld.cards)) for meld in arrangement.melds}  # type: ignore[attr-defined]


def test_all_optimal_lists_both_homes_of_a_shared_card() -> None:
    variant = get_variant("gin")
    cards = parse_cards(TWO_WAYS)
    found = all_optimal(cards, variant=variant)
    assert len(found) == 2
    for arrangement in found:
        assert arrangement.points == 0
        assert arrangement_problems(cards, arrangement.melds, arrangement.deadwood, variant=variant) == []
    # sorted() on card strings: ranks as characters, so '5c' < '5d' < '5h' < '5s'
    assert {frozenset(_groups(a)) for a in found} == {
        frozenset({("5c", "5d", "5s"), ("5h", "6h", "7h", "8h"), ("Jd", "Kd", "Qd")}),
        frozenset({("5c", "5d", "5h", "5s"), ("6h", "7h", "8h"), ("Jd", "Kd", "Qd")}),
    }


def test_all_optimal_counts_swapped_identical_cards_once() -> None:
    # two identical runs 5h 6h 7h (Bing's two decks): swapping the copies is the same lay-down
    found = all_optimal(parse_cards("5h 6h 7h 5h 6h 7h"), variant=get_variant("bing"))
    assert len(found) == 1


def test_all_optimal_treats_deuces_as_interchangeable() -> None:
    # 2s 2h 5c 6c: one four-card run with both deuces; which deuce is the 4c or 7c is no new way
    found = all_optimal(parse_cards("2s 2h 5c 6c"), variant=get_variant("bing"))
    assert len(found) == 1 and found[0].points == 0 and found[0].wilds_used == 2


def test_all_optimal_keeps_only_least_points() -> None:
    # gin 7h 8h 9h 9s 9d: run leaves 9s 9d (18), set leaves 7h 8h (15): only the set is optimal
    found = all_optimal(parse_cards("7h 8h 9h 9s 9d"), variant=get_variant("gin"))
    assert [a.points for a in found] == [15]
    assert _groups(found[0]) == {("9d", "9h", "9s")}


def test_solve_all_prints_every_optimal_arrangement() -> None:
    result = runner.invoke(app, ["solve", "--cards", TWO_WAYS, "--variant", "gin", "--all"])
    assert result.exit_code == 0, result.output
    assert "all optimal arrangements (2" in result.output
    assert "  2. " in result.output and "  3. " not in result.output


def test_solve_all_json_has_the_list() -> None:
    result = runner.invoke(app, ["solve", "--cards", TWO_WAYS, "--variant", "gin", "--all", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert len(data["all_optimal"]) == 2
    assert all(entry["deadwood_points"] == 0 for entry in data["all_optimal"])


def test_solve_with_csp_solver_reports_csp() -> None:
    result = runner.invoke(app, ["solve", "--cards", "Ac 2c 3c 4d 5d 6d 7h 8h 9h Ts", "--variant", "gin",
                                 "--solver", "csp", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    # GIN-KNOCK worked example: deadwood 10
    assert data["solver"] == "csp" and data["deadwood_points"] == 10
