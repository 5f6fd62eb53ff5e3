"""The race that stops the rollouts keeps its 95% promise over all its looks (``evaluate.race_z``)."""

from __future__ import annotations

import random
from statistics import NormalDist

import pytest

from rummycheck.analysis.evaluate import _race, race_z
from rummycheck.sim.stats import Z95


def test_the_threshold_is_bonferroni_over_the_looks() -> None:
    # advise: 400 rollouts, looks at 48, 64, ..., 384 and 400: 23 looks
    assert race_z(400, 48, 16) == pytest.approx(NormalDist().inv_cdf(1 - 0.025 / 23))
    assert 3.05 < race_z(400, 48, 16) < 3.07
    # review: 96 from 32 in batches of 16: 32, 48, 64, 80, 96
    assert race_z(96, 32, 16) == pytest.approx(2.5758, abs=1e-4)
    # one look: the plain 95%
    assert race_z(32, 32, 16) == pytest.approx(Z95, abs=1e-3)
    assert race_z(10, 48, 16) == pytest.approx(Z95, abs=1e-3)  # a budget below min_samples: one look at the end


def _parted(z: float, runs: int, rng: random.Random) -> float:
    """How often the race leaves one of two equal moves behind at some look (the rollouts of both
    moves alike in distribution, paired noise), looking as ``evaluate`` looks for 400 from 48."""
    looks = [*range(48, 400, 16), 400]
    parted = 0
    for _ in range(runs):
        a = [rng.gauss(0.0, 10.0) for _ in range(400)]
        b = [x + rng.gauss(0.0, 10.0) for x in a]  # correlated, as common random numbers make them
        for n in looks:
            if len(_race([a[:n], b[:n]], [0, 1], None, z)) < 2:
                parted += 1
                break
    return parted / runs


def test_two_equal_moves_are_seldom_parted_with_the_corrected_threshold_and_often_without() -> None:
    rng = random.Random(11)
    naive = _parted(Z95, 400, rng)
    corrected = _parted(race_z(400, 48, 16), 400, rng)
    # either move may be left behind: two-sided, so the promise is 5% at most; 1.96 at each of 23
    # looks parts them about a fifth of the time (22% in 20,000 simulated runs)
    assert naive > 0.12
    assert corrected <= 0.05 + 1.96 * (0.05 * 0.95 / 400) ** 0.5
