"""review: a grade's step is cleared only by a low end above it, not by floating-point dust."""

from __future__ import annotations

from rummycheck.analysis.decisions import _grade


def test_a_loss_exactly_on_a_step_does_not_clear_it() -> None:
    # bing-open-without-the-layoff.toml's loss is exactly 10 on every rollout (docs/review.md); as a
    # weighted mean (the evidence weights) it can come to 10.000000000000002, which graded a blunder:
    # 81 of 1,000 random weightings of 96 tens put the interval's low end above 10
    assert _grade(10.000000000000002) == "mistake"
    assert _grade(10.01) == "blunder"
    assert _grade(5.0) == "inaccuracy" and _grade(2.0) is None and _grade(-1.0) is None
