"""How far ahead a move must be, at each of the race's looks, for "separated at 95%" to hold over
all of them: the exact constant boundary of a test that looks repeatedly (Pocock's design).

The paired difference of two equal moves, summed over ``n`` rollouts, is a random walk: its
increments are independent with mean 0, so at the looks ``n_1 < n_2 < ... < n_K`` its standard
scores ``Z_k = S_k / sqrt(n_k)`` are jointly normal with ``corr(Z_j, Z_k) = sqrt(n_j / n_k)``.
The race leaves a move behind at the first look where the best is ``c`` standard errors ahead,
so what must be held at a small chance (one direction; either of two equal moves may fall
behind, twice that in all; the race asks 2.25%, ``evaluate.RACE_ALPHA``) is
``P(Z_k > c for some k)``.  Bonferroni (``c`` at the chance / K for each look) bounds it for
any correlation and so wastes rollouts where the looks are close together; ``crossing_chance``
computes it for the actual looks by the recursive integration of Armitage, McPherson and Rowe
(1969): the density of ``S_k`` on the paths that have not yet crossed, carried from look to look
by the normal density of the increment, on a lattice, with the trapezoid rule.  ``boundary_z``
finds the ``c`` where the chance is ``alpha``.  For equally spaced looks this is Pocock's
constant (1.960, 2.178, 2.289, 2.361, 2.413 for one to five looks, 2.555 for ten; the tests check
these published values and a simulation).

The race estimates the spread of the differences from the rollouts themselves, so its ``Z`` is a
t statistic, with a heavier tail than the normal one at the first looks: at 48 rollouts a t of
2.68 is passed about a third more often than a normal score.  ``student_z`` turns the boundary into the
t with the same tail for the look's rollouts; the simulation in ``tests/test_race.py`` measures
the race as it runs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from operator import mul
from statistics import NormalDist

__all__ = ["KNOWN_BOUNDARIES", "MAX_LOOKS", "boundary_z", "crossing_chance", "student_z"]

_SQRT2 = math.sqrt(2.0)
_STEPS_PER_SD = 3  # lattice points per standard deviation of the smallest increment (and twice that)
_TAIL = 7.0  # the lower end of each look's lattice, in standard deviations of S_k
_MAX_POINTS = 400  # the most points of the coarse lattice at the last look
#: the most looks a boundary is computed for (the cost grows with the looks and the lattice)
MAX_LOOKS = 48


def _density(x: float, sd: float) -> float:
    return math.exp(-0.5 * (x / sd) ** 2) / (sd * math.sqrt(2 * math.pi))


def _above(x: float, sd: float) -> float:
    """P(N(0, sd^2) > x)."""
    return 0.5 * math.erfc(x / (sd * _SQRT2))


def _trapezoid(points: Sequence[float]) -> list[float]:
    """The trapezoid rule's weights for a grid of increasing points."""
    weights = [0.0] * len(points)
    for i in range(len(points) - 1):
        half = (points[i + 1] - points[i]) / 2
        weights[i] += half
        weights[i + 1] += half
    return weights


def crossing_chance(looks: Sequence[int], c: float) -> float:
    """The chance that a random walk of standard normal steps, looked at after ``looks[k]`` steps,
    is above ``c`` standard errors (``c * sqrt(looks[k])``) at one look or more.  The trapezoid
    rule's error falls as the square of the lattice step (the density is cut at the boundary), so
    two lattices, one twice as fine, are combined (Richardson): within about 1e-6 of the chance
    for looks like the race's.  The coarse lattice is ``_STEPS_PER_SD`` points to a standard
    deviation of the smallest step between looks (the last step excepted: only the chance of
    crossing at the last look is wanted, a smooth function), but never more than ``_MAX_POINTS``
    points at the last look, so many looks or an uneven spacing cost a bounded time, at some
    accuracy (the race keeps at most ``MAX_LOOKS`` looks: ``evaluate.race_looks``)."""
    ns = sorted(set(int(n) for n in looks if n > 0))
    if not ns:
        raise ValueError("no looks")
    if len(ns) > MAX_LOOKS:
        raise ValueError(f"at most {MAX_LOOKS} looks, not {len(ns)}")
    gaps = [b - a for a, b in zip(ns, ns[1:])]
    step = max(math.sqrt(min(gaps[:-1] + [ns[0]])) / _STEPS_PER_SD,
               (_TAIL + abs(c)) * math.sqrt(ns[-1]) / _MAX_POINTS)
    coarse, fine = _crossing(ns, c, step), _crossing(ns, c, step / 2)
    return fine + (fine - coarse) / 3


def _crossing(ns: list[int], c: float, h: float) -> float:
    gaps = [b - a for a, b in zip(ns, ns[1:])]
    kernels: dict[int, list[float]] = {}  # by increment: the step's density at lattice offsets

    def grid(n: int) -> list[float]:
        top = c * math.sqrt(n)
        low = math.floor(-_TAIL * math.sqrt(n) / h)
        high = math.ceil(top / h) - 1  # lattice points strictly below the boundary
        return [j * h for j in range(low, high + 1)] + [top]

    first = ns[0]
    crossed = _above(c * math.sqrt(first), math.sqrt(first))
    points = grid(first)
    density = [_density(s, math.sqrt(first)) for s in points]
    for gap, n in zip(gaps, ns[1:]):
        sd = math.sqrt(gap)
        weighted = [d * w for d, w in zip(density, _trapezoid(points))]
        top = c * math.sqrt(n)
        crossed += sum(w * _above(top - s, sd) for w, s in zip(weighted, points))
        if n == ns[-1]:
            break
        nxt = grid(n)
        base = round(points[0] / h)  # lattice index of the first source point
        count = len(points) - 1  # the lattice sources (the last point, the boundary, is off it)
        span = len(nxt) + count
        if gap not in kernels or len(kernels[gap]) < 2 * span + 1:
            # reversed: the density at offsets span, span-1, ..., -span
            kernels[gap] = [_density(d * h, sd) for d in range(span, -span - 1, -1)]
        kernel = kernels[gap]
        middle = (len(kernel) - 1) // 2
        lattice = weighted[:count]
        edge_s, edge_w = points[-1], weighted[-1]
        fresh = []
        for t in nxt[:-1]:
            # the sources (lattice indices base, base+1, ...) lie at offsets j-base, j-base-1, ...
            # from the target j: in the reversed kernel, from index middle-(j-base) upwards
            start = middle - (round(t / h) - base)
            fresh.append(sum(map(mul, lattice, kernel[start:start + count]))
                         + edge_w * _density(t - edge_s, sd))
        t = nxt[-1]
        fresh.append(sum(w * _density(t - s, sd) for w, s in zip(weighted, points)))
        points, density = nxt, fresh
    return crossed


@lru_cache(maxsize=64)
def _boundary(looks: tuple[int, ...], alpha: float) -> float:
    # the secant method on log(chance): nearly straight in c; kept inside the bracket
    # [the one-look quantile, Bonferroni's], where the answer lies
    normal = NormalDist()
    low, high = normal.inv_cdf(1 - alpha), normal.inv_cdf(1 - alpha / len(looks))
    if len(looks) == 1:
        return low

    def gap(c: float) -> float:
        return math.log(crossing_chance(looks, c)) - math.log(alpha)

    a, b = low, high
    fa, fb = gap(a), gap(b)
    for _ in range(30):
        if abs(b - a) < 1e-5 or fb == fa:
            break
        c = min(high, max(low, b - fb * (b - a) / (fb - fa)))
        a, fa, b, fb = b, fb, c, gap(c)
    return b


#: ``_boundary`` of the schedules every fresh process would otherwise work out first: ``advise``'s
#: default race (400 rollouts from 48 in batches of 16, 23 looks, at ``evaluate.RACE_ALPHA``), about
#: a quarter of a second of CPU, a tenth of a decision.  Worked out by ``_boundary`` itself; a test
#: works each one out again and compares.
KNOWN_BOUNDARIES: dict[tuple[tuple[int, ...], float], float] = {
    (tuple(range(48, 401, 16)), 0.0225): 2.6760032932007918,
}


def boundary_z(looks: Sequence[int], alpha: float = 0.025) -> float:
    """The constant ``c`` at which a walk looked at after ``looks`` steps crosses ``c`` standard
    errors at some look with chance ``alpha`` (one direction).  One look: the normal quantile."""
    ns = tuple(sorted(set(int(n) for n in looks if n > 0)))
    if not ns:
        raise ValueError("no looks")
    if not 0 < alpha < 0.5:
        raise ValueError(f"alpha must be between 0 and 0.5, not {alpha}")
    known = KNOWN_BOUNDARIES.get((ns, alpha))
    return known if known is not None else _boundary(ns, alpha)


def student_z(z: float, df: int) -> float:
    """The value a t statistic with ``df`` degrees of freedom passes as rarely as a standard normal
    one passes ``z``: the Cornish-Fisher expansion of the t quantile in the normal one (Abramowitz
    and Stegun 26.7.5), within 1e-4 for ``df`` of 10 and more at the race's ``z`` of 2 to 3.5;
    ``z`` itself for no degrees of freedom to speak of (below 1: there is no spread to use)."""
    if df < 1:
        return z
    v = float(df)
    z2 = z * z
    g1 = (z2 + 1) * z / 4
    g2 = ((5 * z2 + 16) * z2 + 3) * z / 96
    g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384
    g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160
    return z + g1 / v + g2 / v ** 2 + g3 / v ** 3 + g4 / v ** 4
