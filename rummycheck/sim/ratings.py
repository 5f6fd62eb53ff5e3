"""Bradley-Terry ratings fitted to every game of a tournament at once (docs/tournament.md).

The model: bot i beats bot j with probability ``1 / (1 + exp(-(t_i - t_j)))``, one strength
``t`` per bot.  The strengths are the maximum of the likelihood of all the games together,
so the order the games were played in does not matter (unlike an Elo table updated game by
game).  A game without a winner (a draw, or a game stopped unfinished) counts half a win to
each side.  ``prior_draws`` adds that many drawn games to every pair that met: it keeps a bot
that won every game at a finite rating (with no prior the maximum does not exist then, and
``fit`` says so), and it pulls ratings a little towards each other (one draw in 200 games
moves a 75% win rate to 74.9%).

The fit is Newton's method on the log-likelihood (concave, so the step is halved until the
likelihood rises), with the first bot held at 0 while fitting; the ratings are then shifted
so that their mean is 0, or the ``anchor`` bot's rating is 0.  They are reported on Elo's
scale, ``400 / ln 10`` times ``t`` (a 200-point gap is a 76% expected score).

The intervals are from the Fisher information: the inverse of the negative Hessian of the
log-likelihood at the maximum is the ratings' covariance (with the first bot held at 0),
carried over to the chosen anchor; each rating is given +- ``z`` standard errors.  They treat
games as independent; games of one paired deal are not quite (docs/tournament.md says which
way that leans).  ``bootstrap`` makes them instead from the games themselves: the deals are
drawn again with replacement and the ratings fitted again, many times, and a rating's
interval is the middle 95% of what it came to.

>>> result = fit(["a", "b"], [Match("a", "b", wins=3, losses=1)], prior_draws=0)
>>> round(result.rating("a").value - result.rating("b").value, 2)  # 400 log10(3)
190.85
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from rummycheck.errors import SimulationError
from rummycheck.sim.stats import Z95, Interval

__all__ = ["ELO", "Match", "Rating", "Ratings", "bootstrap", "expected_score", "fit"]

#: Elo points per unit of Bradley-Terry strength (natural log-odds): 400 / ln 10
ELO = 400 / math.log(10)


@dataclass(frozen=True, slots=True)
class Match:
    """The games two bots played against each other: ``first``'s wins and losses, and the games
    without a winner (``draws``)."""

    first: str
    second: str
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


@dataclass(frozen=True, slots=True)
class Rating:
    """One bot's rating (Elo scale) with its interval and standard error."""

    name: str
    value: float
    low: float
    high: float
    error: float

    @property
    def interval(self) -> Interval:
        return Interval(self.value, self.low, self.high)


@dataclass(frozen=True, slots=True)
class Ratings:
    """The fit: ratings in the order the names were given, their covariance (Elo points
    squared, in that order), the anchor (None: the mean rating is 0), the prior, the Newton
    iterations taken and how the intervals were made."""

    ratings: tuple[Rating, ...]
    covariance: tuple[tuple[float, ...], ...]
    anchor: str | None
    prior_draws: float
    iterations: int
    log_likelihood: float
    #: how the intervals were made: "fisher information", or "bootstrap over deals" (``resamples``)
    interval: str = "fisher information"
    resamples: int = 0

    def rating(self, name: str) -> Rating:
        for rating in self.ratings:
            if rating.name == name:
                return rating
        raise SimulationError(f"ratings: no bot {name!r} (the bots: {', '.join(r.name for r in self.ratings)})")

    def difference(self, first: str, second: str, *, z: float = Z95) -> Interval:
        """``first``'s rating minus ``second``'s, with its interval (their covariance counted)."""
        _check_z(z)
        names = [r.name for r in self.ratings]
        for name in (first, second):
            if name not in names:
                raise SimulationError(f"ratings: no bot {name!r} (the bots: {', '.join(names)})")
        i, j = names.index(first), names.index(second)
        value = self.ratings[i].value - self.ratings[j].value
        c = self.covariance
        spread = z * math.sqrt(max(0.0, c[i][i] + c[j][j] - 2 * c[i][j]))
        return Interval(value, value - spread, value + spread)


def _check_z(z: float) -> None:
    if not z > 0 or math.isinf(z):  # a z of -1 gave intervals with the low end above the high
        raise SimulationError(f"ratings: z (standard errors each side of an interval) must be above 0, not {z!r}")


def expected_score(difference: float) -> float:
    """The chance of winning at a rating ``difference`` (Elo points) under the model.

    >>> round(expected_score(200), 3)
    0.76
    """
    return _sigma(difference / ELO)


def _sigma(d: float) -> float:
    """The logistic function, written so that the exponential never overflows."""
    if d >= 0:
        return 1 / (1 + math.exp(-d))
    e = math.exp(d)
    return e / (1 + e)


def _pairs(names: Sequence[str], matches: Sequence[Match], prior_draws: float
           ) -> list[tuple[int, int, float, float]]:
    """(i, j, i's score against j, games) for every pair that met, the prior's draws added."""
    index = {name: k for k, name in enumerate(names)}
    if len(index) != len(names):
        raise SimulationError(f"ratings: a bot is named twice in {list(names)!r}")
    totals: dict[tuple[int, int], list[float]] = {}
    for match in matches:
        for name in (match.first, match.second):
            if name not in index:
                raise SimulationError(f"ratings: a match names {name!r}, not one of {list(names)!r}")
        if match.first == match.second:
            raise SimulationError(f"ratings: a match of {match.first!r} against itself")
        if min(match.wins, match.losses, match.draws) < 0:
            raise SimulationError(f"ratings: negative counts in {match!r}")
        i, j = index[match.first], index[match.second]
        score = match.wins + match.draws / 2
        if i > j:
            i, j, score = j, i, match.losses + match.draws / 2
        total = totals.setdefault((i, j), [0.0, 0.0])
        total[0] += score
        total[1] += match.games
    return [(i, j, s + prior_draws / 2, n + prior_draws) for (i, j), (s, n) in sorted(totals.items()) if n > 0]


def _log_likelihood(strengths: Sequence[float], pairs: Sequence[tuple[int, int, float, float]]) -> float:
    """The log-likelihood of (i, j, i's score, games) rows at ``strengths`` (natural units)."""
    total = 0.0
    for i, j, score, games in pairs:
        d = strengths[i] - strengths[j]
        # log sigma(d) = -log(1 + e^-d), written so that neither exponential overflows
        log_p = -math.log1p(math.exp(-d)) if d >= 0 else d - math.log1p(math.exp(d))
        log_q = log_p - d
        total += score * log_p + (games - score) * log_q
    return total


def _check_exists(names: Sequence[str], pairs: Sequence[tuple[int, int, float, float]]) -> None:
    """The maximum exists (and is unique up to a shift) when every bot can be reached from every
    other through 'scored something against' steps (Zermelo's condition)."""
    count = len(names)
    beat: list[set[int]] = [set() for _ in range(count)]
    for i, j, score, games in pairs:
        if score > 0:
            beat[i].add(j)
        if games - score > 0:
            beat[j].add(i)
    for start in range(count):
        seen = {start}
        todo = [start]
        while todo:
            for k in beat[todo.pop()] - seen:
                seen.add(k)
                todo.append(k)
        if len(seen) < count:
            missing = next(names[k] for k in range(count) if k not in seen)
            raise SimulationError(
                f"ratings: no finite fit: {names[start]!r} never scored, even through other bots, against "
                f"{missing!r} (a bot that wins or loses every game; give prior_draws > 0)")


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix x = vector`` by Gaussian elimination with partial pivoting (small, dense)."""
    n = len(vector)
    rows = [row[:] + [vector[k]] for k, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-300:
            raise SimulationError("ratings: the information matrix is singular (bots that never met)")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            if factor:
                for c in range(col, n + 1):
                    rows[r][c] -= factor * rows[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (rows[r][n] - sum(rows[r][c] * x[c] for c in range(r + 1, n))) / rows[r][r]
    return x


def _gradient_and_information(strengths: Sequence[float], pairs: Sequence[tuple[int, int, float, float]]
                              ) -> tuple[list[float], list[list[float]]]:
    count = len(strengths)
    gradient = [0.0] * count
    information = [[0.0] * count for _ in range(count)]
    for i, j, score, games in pairs:
        p = _sigma(strengths[i] - strengths[j])
        gradient[i] += score - games * p
        gradient[j] -= score - games * p
        w = games * p * (1 - p)
        information[i][i] += w
        information[j][j] += w
        information[i][j] -= w
        information[j][i] -= w
    return gradient, information


def _checked(names: Sequence[str], anchor: str | None, prior_draws: float) -> list[str]:
    names = list(names)
    if len(names) < 2:
        raise SimulationError(f"ratings: two bots at least, got {len(names)}")
    if anchor is not None and anchor not in names:
        raise SimulationError(f"ratings: the anchor {anchor!r} is not one of {names!r}")
    if prior_draws < 0:
        raise SimulationError(f"ratings: prior_draws must be 0 or more, got {prior_draws}")
    return names


def _maximise(names: Sequence[str], pairs: Sequence[tuple[int, int, float, float]], *, tolerance: float,
              max_iterations: int) -> tuple[list[float], float, int]:
    """The strengths at the maximum (the first held at 0), the log-likelihood there, and the
    Newton steps taken."""
    _check_exists(names, pairs)
    strengths = [0.0] * len(names)
    current = _log_likelihood(strengths, pairs)
    iterations = 0
    while True:
        gradient, information = _gradient_and_information(strengths, pairs)
        if max(abs(g) for g in gradient[1:]) <= tolerance * max(1.0, sum(p[3] for p in pairs)):
            return strengths, current, iterations
        if iterations >= max_iterations:
            raise SimulationError(f"ratings: the fit did not settle in {max_iterations} Newton steps")
        iterations += 1
        step = _solve([row[1:] for row in information[1:]], gradient[1:])
        scale = 1.0
        while True:  # halve the step until the likelihood does not fall (it is concave: this ends)
            trial = [0.0] + [t + scale * s for t, s in zip(strengths[1:], step)]
            value = _log_likelihood(trial, pairs)
            if value >= current - 1e-12 * abs(current) or scale < 1e-12:
                break
            scale /= 2
        strengths, current = trial, value


def _weights(names: Sequence[str], anchor: str | None) -> list[float]:
    """The anchor as weights w: a rating is ``t - sum(w t)`` (the mean's, or the anchor bot's)."""
    if anchor is None:
        return [1 / len(names)] * len(names)
    return [1.0 if name == anchor else 0.0 for name in names]


def fit(names: Sequence[str], matches: Sequence[Match], *, anchor: str | None = None, prior_draws: float = 1.0,
        z: float = Z95, tolerance: float = 1e-9, max_iterations: int = 200) -> Ratings:
    """The Bradley-Terry ratings of ``names`` from ``matches`` (module docstring): maximum
    likelihood by Newton's method, Fisher-information intervals, Elo scale; the mean rating
    is 0, or ``anchor``'s."""
    _check_z(z)
    names = _checked(names, anchor, prior_draws)
    pairs = _pairs(names, matches, prior_draws)
    strengths, current, iterations = _maximise(names, pairs, tolerance=tolerance, max_iterations=max_iterations)
    count = len(names)
    _, information = _gradient_and_information(strengths, pairs)
    reduced = [row[1:] for row in information[1:]]
    size = count - 1
    inverse_columns = [_solve(reduced, [1.0 if r == c else 0.0 for r in range(size)]) for c in range(size)]
    held = [[0.0] * count for _ in range(count)]  # covariance with the first bot held at 0
    for c in range(size):
        for r in range(size):
            held[r + 1][c + 1] = inverse_columns[c][r]
    # the chosen anchor: rating = A t with A = I - 1 w^T (w: the mean's weights, or the anchor bot's)
    weights = _weights(names, anchor)
    shift = sum(w * t for w, t in zip(weights, strengths))
    transform = [[(1.0 if r == c else 0.0) - weights[c] for c in range(count)] for r in range(count)]
    covariance = [[ELO * ELO * sum(transform[r][a] * held[a][b] * transform[c][b]
                                   for a in range(count) for b in range(count))
                   for c in range(count)] for r in range(count)]
    ratings = []
    for k, name in enumerate(names):
        value = ELO * (strengths[k] - shift)
        error = math.sqrt(max(0.0, covariance[k][k]))
        ratings.append(Rating(name, value, value - z * error, value + z * error, error))
    return Ratings(ratings=tuple(ratings), covariance=tuple(tuple(row) for row in covariance), anchor=anchor,
                   prior_draws=prior_draws, iterations=iterations, log_likelihood=current)


def bootstrap(names: Sequence[str], deals: Sequence[Sequence[Match]], *, rng: random.Random,
              resamples: int = 1000, anchor: str | None = None, prior_draws: float = 1.0, level: float = 0.95,
              tolerance: float = 1e-9, max_iterations: int = 200) -> Ratings:
    """The ratings of all the ``deals`` together (``deals[d]``: the matches of deal d, one per
    pair that played it), with intervals from a bootstrap over deals: ``resamples`` times, as
    many deals as there are drawn with replacement (the same draw for every pair, so a deal's
    games stay together), the ratings fitted again.  A rating's interval is the central
    ``level`` of its resampled values (percentiles); ``error`` and ``covariance`` are those
    values' standard deviation and covariance (``Ratings.difference`` uses it)."""
    names = _checked(names, anchor, prior_draws)
    if resamples < 2:
        raise SimulationError(f"ratings: a bootstrap needs two resamples at least, got {resamples}")
    if not 0 < level < 1:  # (2 was an IndexError, -1 an interval with its low end above the high)
        raise SimulationError(f"ratings: the interval's level is between 0 and 1, e.g. 0.95, not {level!r}")
    if len(deals) < 2:
        raise SimulationError(f"ratings: a bootstrap over deals needs two deals at least, got {len(deals)}")
    every = [m for deal in deals for m in deal]
    point = fit(names, every, anchor=anchor, prior_draws=prior_draws, tolerance=tolerance,
                max_iterations=max_iterations)
    rows = [_pairs(names, deal, 0.0) for deal in deals]
    weights = _weights(names, anchor)
    values: list[list[float]] = []
    for _ in range(resamples):
        totals: dict[tuple[int, int], list[float]] = {}
        for _ in range(len(deals)):
            for i, j, score, games in rows[rng.randrange(len(deals))]:
                total = totals.setdefault((i, j), [0.0, 0.0])
                total[0] += score
                total[1] += games
        pairs = [(i, j, sc + prior_draws / 2, n + prior_draws) for (i, j), (sc, n) in sorted(totals.items())]
        try:
            strengths, _, _ = _maximise(names, pairs, tolerance=tolerance, max_iterations=max_iterations)
        except SimulationError as error:
            raise SimulationError(f"{error} (in a bootstrap resample: give a prior of drawn games)") from None
        shift = sum(w * t for w, t in zip(weights, strengths))
        values.append([ELO * (t - shift) for t in strengths])
    count = len(names)
    means = [math.fsum(v[k] for v in values) / resamples for k in range(count)]
    covariance = tuple(tuple(math.fsum((v[a] - means[a]) * (v[b] - means[b]) for v in values) / (resamples - 1)
                             for b in range(count)) for a in range(count))
    tail = (1 - level) / 2
    ratings = []
    for k, rating in enumerate(point.ratings):
        ordered = sorted(v[k] for v in values)
        ratings.append(Rating(rating.name, rating.value, _quantile(ordered, tail), _quantile(ordered, 1 - tail),
                              math.sqrt(max(0.0, covariance[k][k]))))
    return Ratings(ratings=tuple(ratings), covariance=covariance, anchor=anchor, prior_draws=prior_draws,
                   iterations=point.iterations, log_likelihood=point.log_likelihood, interval="bootstrap over deals",
                   resamples=resamples)


def _quantile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values, by linear interpolation between order statistics."""
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (position - low) * (ordered[high] - ordered[low])
