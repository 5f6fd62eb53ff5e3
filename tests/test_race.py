"""The race that stops the rollouts keeps its 95% promise over all its looks (``evaluate.race_z``)."""

from __future__ import annotations

import random
from statistics import NormalDist

import pytest

from rummycheck.analysis.evaluate import RACE_ALPHA, _race, race_looks, race_z
from rummycheck.analysis.sequential import MAX_LOOKS, boundary_z, crossing_chance, student_z
from rummycheck.sim.stats import Z95


def test_the_boundary_is_pocock_s_constant_for_equally_spaced_looks() -> None:
    # Pocock's constants for K equally spaced looks at 5% two-sided (Pocock 1977; Jennison and
    # Turnbull, Group Sequential Methods, table 2.1): the one-sided 2.5% boundary is the same to
    # the third decimal (a walk that crosses both ways is too rare to move it)
    published = {1: 1.960, 2: 2.178, 3: 2.289, 4: 2.361, 5: 2.413, 10: 2.555, 20: 2.672}
    for looks, constant in published.items():
        assert boundary_z(range(1, looks + 1)) == pytest.approx(constant, abs=6e-4)
    # the spacing does not matter, only the ratios of the looks
    assert boundary_z([16, 32, 48]) == pytest.approx(boundary_z([1, 2, 3]), abs=1e-4)


def test_the_race_s_boundary_lies_between_one_look_and_bonferroni() -> None:
    # advise: 400 rollouts, looks at 48, 64, ..., 384 and 400: 23 looks
    assert race_looks(400, 48, 16) == [*range(48, 400, 16), 400]
    advise = race_z(400, 48, 16)
    assert Z95 < advise < NormalDist().inv_cdf(1 - 0.025 / 23)  # Bonferroni's 3.06
    assert advise == pytest.approx(boundary_z(race_looks(400, 48, 16), RACE_ALPHA))
    assert advise == pytest.approx(2.676, abs=2e-3)
    # review: 96 from 32 in batches of 16: 32, 48, 64, 80, 96
    assert race_looks(96, 32, 16) == [32, 48, 64, 80, 96]
    assert race_z(96, 32, 16) == pytest.approx(2.413, abs=2e-3)
    # one look: the plain quantile of RACE_ALPHA (2.25% one-sided, 4.5% in all)
    one = NormalDist().inv_cdf(1 - RACE_ALPHA)
    assert race_z(32, 32, 16) == pytest.approx(one, abs=1e-6)
    assert race_z(10, 48, 16) == pytest.approx(one, abs=1e-6)  # a budget below min_samples: one look at the end


def _simulated_crossing(looks: list[int], c: float, runs: int, rng: random.Random) -> float:
    """The share of ``runs`` walks of standard normal steps, summed between the looks, that rise above
    ``c`` standard errors at some look: an independent count of ``crossing_chance``."""
    crossed = 0
    for _ in range(runs):
        total, last = 0.0, 0
        for n in looks:
            total += rng.gauss(0.0, (n - last) ** 0.5)
            last = n
            if total > c * n ** 0.5:
                crossed += 1
                break
    return crossed / runs


def test_the_computed_crossing_chance_agrees_with_simulated_walks() -> None:
    # an independent count: walks of normal steps, summed between the looks, looked at as the
    # race looks; how often one rises above the boundary at some look
    looks = race_looks(400, 48, 16)
    c = 2.4  # a boundary crossed often enough to count well
    runs = 20_000
    simulated = _simulated_crossing(looks, c, runs, random.Random(3))
    computed = crossing_chance(looks, c)
    assert 0.03 < computed < 0.06
    assert abs(simulated - computed) < 1.96 * (computed * (1 - computed) / runs) ** 0.5 + 1e-3
    assert crossing_chance(looks, race_z(400, 48, 16)) == pytest.approx(RACE_ALPHA, abs=1e-5)


def test_the_t_quantile_matches_published_values() -> None:
    # Student's t quantiles from the tables: 97.5% at 10 and 30 degrees of freedom, 99.5% at 47
    assert student_z(Z95, 10) == pytest.approx(2.2281, abs=2e-4)
    assert student_z(Z95, 30) == pytest.approx(2.0423, abs=2e-4)
    assert student_z(NormalDist().inv_cdf(0.995), 47) == pytest.approx(2.6846, abs=2e-4)
    assert student_z(2.5, 0) == 2.5


def _parted(z: float, runs: int, rng: random.Random, student: bool) -> float:
    """How often the race leaves one of two equal moves behind at some look (the rollouts of both
    moves alike in distribution, paired noise), looking as ``evaluate`` looks for 400 from 48."""
    looks = race_looks(400, 48, 16)
    parted = 0
    for _ in range(runs):
        a = [rng.gauss(0.0, 10.0) for _ in range(400)]
        b = [x + rng.gauss(0.0, 10.0) for x in a]  # correlated, as common random numbers make them
        for n in looks:
            if len(_race([a[:n], b[:n]], [0, 1], None, z, student)) < 2:
                parted += 1
                break
    return parted / runs


def test_two_equal_moves_are_seldom_parted_with_the_corrected_threshold_and_often_without() -> None:
    rng = random.Random(11)
    naive = _parted(Z95, 400, rng, False)
    runs = 1_000
    corrected = _parted(race_z(400, 48, 16), runs, rng, True)
    # either move may be left behind: two-sided, so the promise is 5% (4.5% asked: RACE_ALPHA);
    # 1.96 at each of 23 looks parts them about a fifth of the time (22% in 20,000 runs)
    assert naive > 0.12
    assert corrected <= 0.05 + 1.96 * (0.05 * 0.95 / runs) ** 0.5
    # and the boundary is not needlessly wide: Bonferroni's parted them on about 2%
    asked = 2 * RACE_ALPHA
    assert corrected >= asked - 1.96 * (asked * (1 - asked) / runs) ** 0.5


def test_a_large_budget_looks_a_bounded_number_of_times_and_keeps_its_chance() -> None:
    # the CLI takes up to 100,000 rollouts a move: every batch of 16 would be 6,248 looks, and the
    # boundary's cost grows with them; the race thins its looks to at most MAX_LOOKS instead
    looks = race_looks(100_000, 48, 16)
    assert len(looks) <= MAX_LOOKS
    assert looks[0] == 48 and looks[-1] == 100_000 and looks == sorted(set(looks))
    assert race_looks(800, 48, 16) == [*range(48, 800, 16), 800]  # 48 looks: not thinned
    c = race_z(100_000, 48, 16)
    # an independent count: walks looked at as the thinned race looks
    runs = 20_000
    simulated = _simulated_crossing(looks, c, runs, random.Random(4))
    assert abs(simulated - RACE_ALPHA) < 1.96 * (RACE_ALPHA * (1 - RACE_ALPHA) / runs) ** 0.5 + 1e-3
    with pytest.raises(ValueError):
        crossing_chance(range(1, MAX_LOOKS + 2), 2.5)


def test_the_known_boundaries_are_what_the_integration_gives() -> None:
    """``KNOWN_BOUNDARIES`` spares a fresh process the integration for ``advise``'s default race;
    each entry is worked out again here, and the default schedule is among them."""
    from rummycheck.analysis.sequential import KNOWN_BOUNDARIES, _boundary

    assert (tuple(race_looks(400, 48, 16)), RACE_ALPHA) in KNOWN_BOUNDARIES
    for (looks, alpha), known in KNOWN_BOUNDARIES.items():
        assert _boundary.__wrapped__(looks, alpha) == pytest.approx(known, abs=1e-12)
        assert boundary_z(looks, alpha) == known
