"""Honest statistics for bot comparisons: Wilson intervals and paired differences by deal.

Design (see docs/simulate.md):

* Every deal is played once in every seat rotation (common random numbers), so each
  bot meets the same cards from every seat.  A *deal* is the independent unit: games
  of one deal share their cards and are correlated.
* A rate (games won, hands won, busts, knocks, ...) is reported with its Wilson score
  interval (95%, z = 1.96) over the trials it counts (seat-games or seat-hands).
  Wilson treats trials as independent; within a deal they are not quite, which is why
  the *differences* between bots use the paired method below.
* A difference between two bots is paired by deal: for each deal d, x_d is bot A's
  share (its wins over its seat-games in that deal's rotations) minus bot B's; the
  interval is mean(x) +- 1.96 * sd(x) / sqrt(n) over the n deals (normal approximation;
  deals are independent and identically distributed).  Means (points per hand) use the
  same by-deal interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Z95", "Interval", "mean_interval", "paired_interval", "wilson"]

Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate and its 95% interval."""

    value: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    @property
    def reach(self) -> float:
        """How far the interval reaches from the estimate on its wider side (a Wilson interval is
        not centred on its estimate, so this can exceed ``half_width``)."""
        return max(self.value - self.low, self.high - self.value)

    def __str__(self) -> str:
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}]"


def wilson(successes: int, trials: int, *, z: float = Z95) -> Interval:
    """The Wilson score interval of ``successes`` out of ``trials``.

    >>> str(wilson(50, 100))
    '0.500 [0.404, 0.596]'
    >>> str(wilson(0, 10))
    '0.000 [0.000, 0.278]'
    """
    if trials <= 0:
        return Interval(math.nan, 0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and {trials}, got {successes}")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return Interval(p, max(0.0, centre - spread), min(1.0, centre + spread))


def mean_interval(values: Sequence[float], *, z: float = Z95) -> Interval:
    """The mean of ``values`` (independent units) and its normal-approximation interval.

    >>> str(mean_interval([1.0, 2.0, 3.0, 4.0]))
    '2.500 [1.235, 3.765]'
    """
    n = len(values)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan)
    mean = math.fsum(values) / n
    if n == 1:
        return Interval(mean, -math.inf, math.inf)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    spread = z * math.sqrt(variance / n)
    return Interval(mean, mean - spread, mean + spread)


def weighted_mean_interval(values: Sequence[float], weights: Sequence[float], *, z: float = Z95) -> Interval:
    """The weighted mean of ``values`` (importance weights, one per independent sample) and its
    normal-approximation interval: variance ``n/(n-1) * sum w^2 (v - m)^2 / (sum w)^2``, which is
    ``mean_interval``'s when the weights are equal.

    >>> str(weighted_mean_interval([1.0, 2.0, 3.0, 4.0], [2.0, 2.0, 2.0, 2.0]))
    '2.500 [1.235, 3.765]'
    """
    n = len(values)
    total = math.fsum(weights)
    if n == 0 or total <= 0:
        return Interval(math.nan, math.nan, math.nan)
    mean = math.fsum(w * v for v, w in zip(values, weights)) / total
    if n == 1:
        return Interval(mean, -math.inf, math.inf)
    variance = n / (n - 1) * math.fsum((w * (v - mean)) ** 2 for v, w in zip(values, weights)) / total ** 2
    spread = z * math.sqrt(variance)
    return Interval(mean, mean - spread, mean + spread)


def paired_interval(first: Sequence[float], second: Sequence[float], *, z: float = Z95) -> Interval:
    """The mean paired difference ``first[d] - second[d]`` over deals d, with its interval.

    >>> str(paired_interval([0.5, 0.75, 0.25, 0.5], [0.5, 0.25, 0.75, 0.5]))
    '0.000 [-0.400, 0.400]'
    """
    if len(first) != len(second):
        raise ValueError(f"paired samples differ in length: {len(first)} and {len(second)}")
    return mean_interval([a - b for a, b in zip(first, second)], z=z)
