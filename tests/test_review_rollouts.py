"""review --rollouts: every decision on one scale, graded only where the interval clears the step."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from rummycheck.analysis.decisions import GRADES, review_decisions
from rummycheck.cli import app
from rummycheck.files.record import load_record
from rummycheck.table.actions import ActionKind

PLANTED = "tests/data/review/gin-pass-the-gin-upcard.toml"


def test_passing_the_upcard_that_gives_gin_is_a_blunder_and_nothing_else_is_graded() -> None:
    review = review_decisions(load_record(PLANTED), samples=96, seed=1)
    by_action = {(d.player, d.action): d for d in review.decisions}
    passed = by_action[("A", 1)]
    assert passed.played.kind is ActionKind.PASS and passed.best.kind is ActionKind.TAKE
    assert passed.grade == "blunder" and passed.loss_low > 10
    # B's pass of a card he cannot use, A's forced draw and the throw of one ten for another: no grade
    assert by_action[("B", 2)].grade is None
    assert by_action[("A", 3)].forced and by_action[("A", 3)].grade is None
    assert by_action[("A", 4)].grade is None
    rates = {p.name: p for p in review.players}
    assert rates["A"].forced == 1 and rates["A"].decisions == 2 and rates["A"].blunders == 1
    assert rates["B"].blunders == 0


def test_a_grade_needs_the_whole_interval_above_its_step() -> None:
    review = review_decisions(load_record("records/gin-knock.toml"), samples=64, seed=2)
    steps = dict(GRADES)
    for d in review.decisions:
        assert d.loss_low <= d.loss <= d.loss_high
        if d.grade is not None:
            assert d.loss_low > steps[d.grade]
        if d.forced:
            assert d.grade is None and d.loss == 0


def test_review_rollouts_json_has_the_unit_and_each_decision() -> None:
    result = CliRunner().invoke(app, ["review", PLANTED, "--rollouts", "--samples", "48", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["unit"] == "expected net points for the hand" and data["samples"] == 48
    first = data["decisions"][0]
    assert first["played"] == "pass" and first["best"] == "take" and first["grade"] == "blunder"
    assert {p["name"] for p in data["players"]} == {"A", "B"}
