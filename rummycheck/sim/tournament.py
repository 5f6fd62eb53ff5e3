"""A round robin of bots over paired deals, rated by Bradley-Terry (docs/tournament.md).

Every pair of bots plays two-player games: deal ``d`` (``0, 1, ...``) once with each bot in
the first seat, the same shuffles both times (``sim.runner.run_batch``'s seat rotations),
and every pair plays the same deals, so the bots meet the same cards from both seats and
against every opponent.  The work is cut into tasks of one pair and ``batch`` deals, run on
any executor (local processes or Dask, ``sim.runner.executor_for``) and folded in a fixed
order (``sim.runner.in_order``): the same seed gives the same numbers with any number of
workers.

A game without a winner (stopped unfinished after ``max_hands`` hands, or a score sheet that
ended without naming one) is a draw: half a win to each side in the ratings, its own column in the
pair's counts.  The ratings are ``sim.ratings.fit`` over all the games at once, with
intervals from the Fisher information, or ``sim.ratings.bootstrap``'s over deals (seeded by
the tournament's seed).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field

from rummycheck.errors import SimulationError
from rummycheck.sim.bots import bot_label
from rummycheck.sim.guard import DEFAULT_TIME_LIMIT
from rummycheck.sim.ratings import Match, Ratings, bootstrap, expected_score, fit
from rummycheck.sim.runner import MAX_WORKERS, DealSummary, SimSpec, check_scheduler, executor_for, in_order, run_batch
from rummycheck.sim.stats import Interval, mean_interval, paired_interval, wilson
from rummycheck.textsafe import shorten
from rummycheck.variants import Variant

__all__ = ["PairResult", "TournamentResult", "TournamentSpec", "tournament"]

#: a game is two-player: each deal is played twice, once from each seat
SEATS = 2
#: how the ratings' intervals are made (``TournamentSpec.interval``)
INTERVALS = ("fisher", "bootstrap")


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    """Everything that decides a tournament's results: the bots (shipped names or
    ``package.module:Class``), the variant and its rules, the seed; the ratings' anchor (None:
    the mean rating is 0) and prior (drawn games added to every pair, ``sim.ratings``)."""

    variant: str = "gin"
    bots: tuple[str, ...] = ("knock", "gin")
    seed: int = 1
    preset: str | None = None
    rules: tuple[tuple[str, str], ...] = ()
    buybacks: int = 0
    max_hands: int = 300
    time_limit: float = DEFAULT_TIME_LIMIT
    anchor: str | None = None
    prior_draws: float = 1.0
    #: the ratings' intervals: "fisher" (the information matrix) or "bootstrap" (over deals, ``resamples``)
    interval: str = "fisher"
    resamples: int = 1000

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(bot_label(b) for b in self.bots)

    def pairs(self) -> list[tuple[int, int]]:
        """Every pair of bots (by index), each once, in the order the bots were given."""
        count = len(self.bots)
        return [(i, j) for i in range(count) for j in range(i + 1, count)]

    def pair_spec(self, first: int, second: int) -> SimSpec:
        """The two-player simulation of one pair (``first`` in seat 0 in rotation 0)."""
        return SimSpec(variant=self.variant, bots=(self.bots[first], self.bots[second]), seed=self.seed,
                       preset=self.preset, rules=self.rules, buybacks=self.buybacks, max_hands=self.max_hands,
                       time_limit=self.time_limit)

    def build_variant(self) -> Variant:
        return SimSpec(variant=self.variant, preset=self.preset, rules=self.rules).build_variant()

    def check(self) -> None:
        """Every problem that would stop the run, found before it starts: too few bots, a name
        given twice, an unknown bot, a bot that does not play the variant, a variant that two
        cannot play, an anchor that is not one of the bots."""
        if len(self.bots) < 2:
            raise SimulationError(f"a tournament needs two bots at least, got {len(self.bots)}"
                                  + (f" ({shorten(self.bots[0])})" if self.bots else ""))
        seen: dict[str, str] = {}
        for spec in self.bots:
            label = bot_label(spec)
            if label in seen:
                same = f"{shorten(seen[label])} and {shorten(spec)} both go by" if seen[label] != spec else "bot"
                raise SimulationError(f"{same} {shorten(label)} twice: each bot plays once in a round robin")
            seen[label] = spec
        if self.anchor is not None and self.anchor not in seen:
            raise SimulationError(f"--anchor {shorten(self.anchor)}: not one of the bots ({', '.join(seen)})")
        if self.prior_draws < 0:
            raise SimulationError(f"prior draws must be 0 or more, got {self.prior_draws}")
        if self.interval not in INTERVALS:
            raise SimulationError(f"--interval {shorten(self.interval)}: expected {' or '.join(INTERVALS)}")
        if self.interval == "bootstrap" and self.resamples < 2:
            raise SimulationError(f"--resamples {self.resamples}: a bootstrap needs two resamples at least")
        for index in range(len(self.bots)):  # each bot checked once, against itself: says which one is wrong
            SimSpec(variant=self.variant, bots=(self.bots[index],) * SEATS, seed=self.seed, preset=self.preset,
                    rules=self.rules, buybacks=self.buybacks, max_hands=self.max_hands,
                    time_limit=self.time_limit).check()


@dataclass(frozen=True, slots=True)
class PairResult:
    """One pair's games: ``first``'s wins and losses, the draws, and the points per game.

    ``first_points`` and ``second_points`` are, per deal, each bot's mean points per game over
    the deal's two games (its points from the hands it played, as ``simulate`` counts them);
    ``outcomes`` are, per deal, ``first``'s wins, losses and draws.
    """

    first: str
    second: str
    deals: int
    games: int
    wins: int
    losses: int
    draws: int
    unfinished: int
    hands: int
    first_points: tuple[float, ...]
    second_points: tuple[float, ...]
    outcomes: tuple[tuple[int, int, int], ...]

    @property
    def win_rate(self) -> Interval:
        """``first``'s share of the games won (Wilson 95%)."""
        return wilson(self.wins, self.games)

    @property
    def score(self) -> float:
        """``first``'s score: wins plus half the draws, over the games."""
        return (self.wins + self.draws / 2) / self.games if self.games else float("nan")

    @property
    def first_points_per_game(self) -> Interval:
        return mean_interval(self.first_points)

    @property
    def second_points_per_game(self) -> Interval:
        return mean_interval(self.second_points)

    @property
    def points_difference(self) -> Interval:
        """``first``'s points per game minus ``second``'s, paired by deal."""
        return paired_interval(self.first_points, self.second_points)

    def match(self) -> Match:
        return Match(self.first, self.second, wins=self.wins, losses=self.losses, draws=self.draws)


@dataclass
class _PairTally:
    first: str
    second: str
    deals: int = 0
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    unfinished: int = 0
    hands: int = 0
    first_points: list[float] = field(default_factory=list)
    second_points: list[float] = field(default_factory=list)
    outcomes: list[tuple[int, int, int]] = field(default_factory=list)

    def add(self, summary: DealSummary) -> None:
        one, two = summary.tallies[self.first], summary.tallies[self.second]
        self.deals += 1
        self.games += summary.games
        self.wins += one.wins
        self.losses += two.wins
        self.draws += summary.games - one.wins - two.wins
        self.outcomes.append((one.wins, two.wins, summary.games - one.wins - two.wins))
        self.unfinished += summary.unfinished
        self.hands += summary.hands
        self.first_points.append(one.points / one.seat_games)
        self.second_points.append(two.points / two.seat_games)

    def frozen(self) -> PairResult:
        return PairResult(self.first, self.second, self.deals, self.games, self.wins, self.losses, self.draws,
                          self.unfinished, self.hands, tuple(self.first_points), tuple(self.second_points),
                          tuple(self.outcomes))


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """The tournament: each pair's games (in ``TournamentSpec.pairs`` order) and the ratings."""

    spec: TournamentSpec
    deals: int  # per pair
    pairs: tuple[PairResult, ...]
    ratings: Ratings

    @property
    def games(self) -> int:
        return sum(p.games for p in self.pairs)

    @property
    def hands(self) -> int:
        return sum(p.hands for p in self.pairs)

    @property
    def unfinished(self) -> int:
        return sum(p.unfinished for p in self.pairs)

    def record(self, label: str) -> tuple[int, int, int]:
        """``label``'s wins, losses and draws over all its games."""
        wins = losses = draws = 0
        for pair in self.pairs:
            if pair.first == label:
                wins, losses, draws = wins + pair.wins, losses + pair.losses, draws + pair.draws
            elif pair.second == label:
                wins, losses, draws = wins + pair.losses, losses + pair.wins, draws + pair.draws
        return wins, losses, draws

    def predicted_score(self, pair: PairResult) -> float:
        """``pair.first``'s expected score against ``pair.second`` at the fitted ratings."""
        return expected_score(self.ratings.rating(pair.first).value - self.ratings.rating(pair.second).value)

    def ranked(self) -> list[str]:
        """The bots by rating, best first (ties in the order given)."""
        return [r.name for r in sorted(self.ratings.ratings, key=lambda r: -r.value)]


def tournament(spec: TournamentSpec, *, games: int, workers: int | None = None, scheduler: str | None = None,
               batch: int = 10, progress: Callable[[int, int], None] | None = None) -> TournamentResult:
    """Play ``games`` games per pair (rounded up to whole deals, two games each) for every pair of
    ``spec.bots`` and fit the ratings."""
    spec.check()
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise SimulationError(f"--workers {workers}: from 1 to {MAX_WORKERS} local processes")
    if scheduler:
        check_scheduler(scheduler)
    if batch < 1:
        raise SimulationError(f"--batch {batch}: one deal per task at least")
    deals = max(1, -(-games // SEATS))
    if spec.interval == "bootstrap" and deals < 2:
        raise SimulationError(f"--interval bootstrap resamples deals: give --games {2 * SEATS} at least (two deals)")
    labels = spec.labels
    pairs = spec.pairs()
    tallies = [_PairTally(labels[i], labels[j]) for i, j in pairs]  # listed as given; a tally reads by label
    # each pair seated in one order whatever the order the bots were given in (the bots' random
    # streams are seeded by rotation and seat, so a bot that draws on them would otherwise play
    # other games when the list is turned round): the one whose label sorts first opens rotation 0
    seated = [(i, j) if labels[i] <= labels[j] else (j, i) for i, j in pairs]
    owner = [k for k in range(len(pairs)) for _ in range(0, deals, batch)]
    tasks = ((run_batch, (spec.pair_spec(i, j), start, min(batch, deals - start), 0))
             for i, j in seated for start in range(0, deals, batch))
    total = len(pairs) * deals * SEATS
    done_games = 0
    with executor_for(workers, scheduler) as pool, \
            closing(in_order(pool, tasks, ahead=max(2, 2 * (workers or os.cpu_count() or 1)))) as results:
        for k, summaries in zip(owner, results):
            for summary in summaries:
                tallies[k].add(summary)
                done_games += summary.games
            if progress is not None:
                progress(done_games, total)
    frozen = tuple(t.frozen() for t in tallies)
    if spec.interval == "bootstrap":
        by_deal = [[Match(p.first, p.second, *p.outcomes[deal]) for p in frozen] for deal in range(deals)]
        ratings = bootstrap(labels, by_deal, rng=random.Random(f"bootstrap:{spec.seed}"),
                            resamples=spec.resamples, anchor=spec.anchor, prior_draws=spec.prior_draws)
    else:
        ratings = fit(labels, [p.match() for p in frozen], anchor=spec.anchor, prior_draws=spec.prior_draws)
    return TournamentResult(spec=spec, deals=deals, pairs=frozen, ratings=ratings)
