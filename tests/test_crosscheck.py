"""Cross-checks: small seeded runs per variant, the dealers, and the CLI's exit codes."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from typer.testing import CliRunner

from rummycheck import crosscheck as crosscheck_module
from rummycheck.cards import Card
from rummycheck.cli import app
from rummycheck.crosscheck import crosscheck
from rummycheck.dealing import deal
from rummycheck.games.solve import solve
from rummycheck.variants import Variant, get_variant

runner = CliRunner()


@pytest.mark.parametrize(("game", "kind", "size", "opened"), [
    ("bing", "meld-rich", None, False),
    ("bing", "deuce-rich", 9, True),
    ("bing", "plain", None, True),
    ("gin", "meld-rich", None, False),
    ("gin", "plain", 11, False),  # 11 cards: the best discard is part of the answer
    ("basic", "plain", None, False),
])
def test_small_crosscheck_all_solvers_agree(game: str, kind: str, size: int | None, opened: bool) -> None:
    result = crosscheck(variant=get_variant(game), hands=3, seed=5, kind=kind, size=size, opened=opened)
    assert result.failures == ()
    assert result.disagreements == ()
    assert result.agreements == 3
    assert [len(dict(result.times)[name]) for name in result.solvers] == [3, 3, 3]


def test_dealers_are_seeded_and_respect_the_decks() -> None:
    bing = get_variant("bing")
    for kind in ("plain", "deuce-rich", "meld-rich"):
        first = deal(kind, random.Random(11), bing)
        assert first == deal(kind, random.Random(11), bing)
        assert len(first) == 14
        assert max(Counter(first).values()) <= 2  # BING-DECK: two decks
    gin_hand = deal("meld-rich", random.Random(3), get_variant("gin"))
    assert len(gin_hand) == 10 and len(set(gin_hand)) == 10  # one deck: no copies


def test_deuce_rich_hand_holds_two_to_four_deuces() -> None:
    rng = random.Random(7)
    for _ in range(20):
        hand = deal("deuce-rich", rng, get_variant("bing"))
        # 2 to 4 deuces are dealt first; the fair rest of the deal may add more
        assert sum(1 for c in hand if c.number == 2) >= 2


def test_crosscheck_cli_prints_table_and_exits_0() -> None:
    result = runner.invoke(app, ["crosscheck", "--variant", "gin", "--hands", "3", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "3 agree, 0 disagree, 0 answers fail validation" in result.output
    for name in ("exact", "z3", "csp"):
        assert name in result.output


def test_crosscheck_cli_exits_1_on_a_disagreement(monkeypatch: pytest.MonkeyPatch) -> None:
    # a broken "csp" that claims one point more than it found must be caught
    def broken(hand, *, variant, score, opened, solver):  # type: ignore[no-untyped-def]
        answer = solve(hand, variant=variant, score=score, opened=opened, solver=solver)
        if solver == "csp":
            return dataclasses.replace(answer, deadwood_points=answer.deadwood_points + 1)
        return answer

    monkeypatch.setattr(crosscheck_module, "solve", broken)
    result = runner.invoke(app, ["crosscheck", "--variant", "gin", "--hands", "2", "--seed", "1"])
    assert result.exit_code == 1
    assert "DISAGREE" in result.output and "INVALID (csp)" in result.output


def test_crosscheck_cli_rejects_deuce_rich_gin() -> None:
    result = runner.invoke(app, ["crosscheck", "--variant", "gin", "--hands", "2", "--kind", "deuce-rich"])
    assert result.exit_code == 2
    assert "no wild cards" in result.output


def test_crosscheck_cli_rejects_unknown_solver() -> None:
    result = runner.invoke(app, ["crosscheck", "--hands", "1", "--solver", "magic"])
    assert result.exit_code == 2
    assert "unknown solver 'magic'" in result.output


def test_crosscheck_cli_tables_runs_all_three_solvers_by_default() -> None:
    result = runner.invoke(app, ["crosscheck", "--tables", "--variant", "gin", "--hands", "2", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "2 table hands" in result.output and "2 agree, 0 disagree" in result.output
    assert all(f"\n{name} " in result.output for name in ("exact", "z3", "csp"))


def test_crosscheck_cli_tables_accepts_csp() -> None:
    result = runner.invoke(app, ["crosscheck", "--tables", "--variant", "basic", "--solver", "exact",
                                 "--solver", "csp", "--hands", "2", "--seed", "5"])
    assert result.exit_code == 0, result.output
    assert "2 agree, 0 disagree, 0 answers fail validation" in result.output
    assert "\ncsp " in result.output and "\nz3 " not in result.output


def test_crosscheck_cli_tables_exits_1_on_a_disagreement_and_an_invalid_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    # a broken "csp" at the table: one point more than it found (a disagreement), and a lay-off on a
    # table meld that is not there (the validator's layoff_problems must refuse it)
    from rummycheck.games import solve as solve_module
    from rummycheck.results import LayOff

    real = solve_module.solve_scenario

    def broken(scenario, *, solver="exact"):  # type: ignore[no-untyped-def]
        answer = real(scenario, solver=solver)
        if solver != "csp":
            return answer
        card = answer.deadwood[0] if answer.deadwood else answer.hand[0]
        return dataclasses.replace(answer, deadwood_points=answer.deadwood_points + 1,
                                   layoffs=(*answer.layoffs, LayOff(card, 99, card)))

    monkeypatch.setattr(solve_module, "solve_scenario", broken)
    result = runner.invoke(app, ["crosscheck", "--tables", "--variant", "basic", "--solver", "exact",
                                 "--solver", "csp", "--hands", "2", "--seed", "5"])
    assert result.exit_code == 1, result.output
    assert "0 agree, 2 disagree, 2 answers fail validation" in result.output
    assert "DISAGREE" in result.output and "INVALID (csp)" in result.output
    assert "lay-off on table meld 99, which does not exist" in result.output


def test_crosscheck_negative_seed_deals_apart_from_its_positive(monkeypatch: pytest.MonkeyPatch) -> None:
    # random.Random(-7) is random.Random(7): crosscheck --seed -7 used to deal --seed 7's hands
    hands: list[tuple[Card, ...]] = []
    real = deal

    def recording(kind: str, rng: random.Random, variant: Variant, *, size: int | None = None) -> tuple[Card, ...]:
        hands.append(real(kind, rng, variant, size=size))
        return hands[-1]

    monkeypatch.setattr(crosscheck_module, "deal", recording)
    gin = get_variant("gin")
    crosscheck(variant=gin, hands=3, seed=7, solvers=("exact",))
    crosscheck(variant=gin, hands=3, seed=-7, solvers=("exact",))
    crosscheck(variant=gin, hands=3, seed=-7, solvers=("exact",))
    assert hands[3:6] == hands[6:9]  # seeded: the same seed, the same hands
    assert hands[0:3] != hands[3:6]


def test_deuce_rich_table_situations_hold_two_to_four_wild_cards() -> None:
    from rummycheck.crosscheck import crosscheck_tables, table_scenario

    bing = get_variant("bing")
    rng = random.Random(4)
    counts = set()
    for _ in range(40):
        hand = table_scenario(rng, bing, opened=True, kind="deuce-rich").player("me").hand
        assert hand is not None
        counts.add(sum(1 for c in hand if bing.is_wild(c)))
    assert min(counts) == 2 and {2, 3, 4} <= counts  # 2 to 4 dealt first, the rest dealt fairly
    result = crosscheck_tables(variant=bing, situations=4, seed=9, solvers=("exact", "z3"), opened=True,
                               kind="deuce-rich")
    assert result.ok and result.kind == "deuce-rich table (opened)"


def test_crosscheck_tables_refuses_a_kind_it_cannot_deal() -> None:
    meld_rich = runner.invoke(app, ["crosscheck", "--tables", "--kind", "meld-rich", "--hands", "1"])
    assert meld_rich.exit_code == 2 and "table situations are plain or deuce-rich" in meld_rich.output
    gin = runner.invoke(app, ["crosscheck", "--tables", "--kind", "deuce-rich", "--variant", "gin", "--hands", "1"])
    assert gin.exit_code == 2 and "has no wild cards" in gin.output
