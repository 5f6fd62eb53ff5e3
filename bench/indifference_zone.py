"""Would an indifference-zone procedure leave the moves 2 points behind sooner than the race?
Measured, not shipped.

Run:  python bench/indifference_zone.py [--positions 4] [--samples 1000] [--delta 2]

Issue 17's gin bar asks for the best move parted at 95% from one 2 points worse.  The race
(``evaluate``) leaves a move behind when the leader is ``race_z`` standard errors ahead of it on
the paired differences, a boundary that keeps its 95% over all the race's looks.  The simulation
literature has procedures built for exactly "the best, when it is at least ``delta`` ahead":
Kim and Nelson's fully sequential procedure (KN, ACM TOMACS 2001) drops move ``i`` once its mean
is below another's by more than a triangular allowance, ``max(0, delta / (2 r) * (h^2 S_il^2 /
delta^2 - r))`` after ``r`` rollouts, where ``S_il^2`` is the variance of the two moves' paired
difference over the first ``n0`` rollouts and ``h^2 = 2 eta (n0 - 1)`` with ``eta = ((2 alpha /
(k - 1)) ^ (-2 / (n0 - 1)) - 1) / 2`` for ``k`` moves.  It picks the best with chance at least
``1 - alpha`` whenever the best is ``delta`` or more ahead of every other (and some move within
``delta`` of it otherwise); looking only every 16 rollouts, as here, keeps that promise.

The bench rolls out every move of ``bench_advise.py``'s gin positions on ``--samples`` samples
(each sample seeded by its index, as in ``evaluate``, so a prefix of these values is exactly
what a race with that many rollouts sees), takes the moves whose mean over all the samples is
``--delta`` or more behind the best as the ones to leave behind, and replays on the stored
values both the race (``evaluate._race`` at the looks and boundary of a budget of 400 and of
``--samples``) and KN (``alpha`` 0.05, ``n0`` 32 and 48, a look every 16 rollouts).  Printed per
position: after how many rollouts the last such move was left behind by each.  The sample
weights of ``analysis.evidence`` are carried by scaling each value by its weight over the mean
weight of the first ``n0`` samples (exact when, as in these opening positions, every weight is 1).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_advise import position  # noqa: E402

from rummycheck.analysis.evaluate import (  # noqa: E402
    RACE_ALPHA,
    _race,
    _sent,
    completions,
    race_looks,
    rollout_values,
)
from rummycheck.analysis.sequential import boundary_z  # noqa: E402
from rummycheck.table.observation import observe  # noqa: E402

BATCH = 16


def race_drops(values: list[list[float]], weights: list[float], budget: int) -> dict[int, int]:
    """The race as ``evaluate`` runs it on a budget: the rollouts after which each move was left behind."""
    looks = race_looks(budget, 48, BATCH)
    z = boundary_z(looks, RACE_ALPHA)
    active = list(range(len(values)))
    dropped: dict[int, int] = {}
    for n in looks:
        kept = _race([v[:n] for v in values], active, weights[:n], z, True)
        dropped.update({k: n for k in active if k not in kept})
        active = kept
        if len(active) == 1:
            break
    return dropped


def kn_drops(values: list[list[float]], weights: list[float], delta: float, n0: int, alpha: float = 0.05
             ) -> dict[int, int]:
    """Kim and Nelson's procedure on the stored values: the rollouts after which each move was dropped."""
    k = len(values)
    eta = ((2 * alpha / (k - 1)) ** (-2 / (n0 - 1)) - 1) / 2
    h2 = 2 * eta * (n0 - 1)
    mean_weight = statistics.fmean(weights[:n0])
    scaled = [[w * x / mean_weight for w, x in zip(weights, v)] for v in values]
    variance = {(i, j): statistics.variance([a - b for a, b in zip(scaled[i][:n0], scaled[j][:n0])])
                for i in range(k) for j in range(k) if i != j}
    active = list(range(k))
    sums = [0.0] * k
    dropped: dict[int, int] = {}
    for r in range(1, len(weights) + 1):
        for i in active:
            sums[i] += scaled[i][r - 1]
        if r < n0 or (r != n0 and r % BATCH):
            continue
        kept = [i for i in active
                if all(sums[i] / r >= sums[j] / r - max(0.0, delta / (2 * r) * (h2 * variance[i, j] / delta ** 2 - r))
                       for j in active if j != i)]
        dropped.update({i: r for i in active if i not in kept})
        active = kept
        if len(active) == 1:
            break
    return dropped


def when(dropped: dict[int, int], far: list[int]) -> str:
    if not far:
        return "no move that far behind"
    if any(i not in dropped for i in far):
        return f"{sum(1 for i in far if i not in dropped)} of {len(far)} never"
    return f"after {max(dropped[i] for i in far)}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--delta", type=float, default=2.0)
    args = parser.parse_args(argv)
    for number in range(1, args.positions + 1):
        state = position("gin", number, 3)
        observation = observe(state, state.current)
        moves = observation.public.legal_actions()
        lines = [line for move in moves for line in completions(observation, move)]
        if len(lines) != len(moves):
            print(f"position {number}: a move of several lines (a take); skipped")
            continue
        start = time.process_time()
        values, _, weights = rollout_values(observation, [_sent(line) for line in lines], seed=number - 1, first=0,
                                            count=args.samples, rollout=observation.public.game.rollout_bot)
        used = time.process_time() - start
        total = sum(weights)
        means = [sum(w * x for w, x in zip(weights, v)) / total for v in values]
        best = max(range(len(moves)), key=means.__getitem__)
        far = [i for i in range(len(moves)) if means[best] - means[i] >= args.delta]
        spread = statistics.median(statistics.pstdev([a - b for a, b in zip(values[best], values[i])])
                                   for i in range(len(moves)) if i != best)
        print(f"position {number}: {len(moves)} moves, {len(far)} of them {args.delta:g} or more behind over "
              f"{args.samples} samples; sd of the best's paired differences, median {spread:.1f} "
              f"({used:.1f} s of CPU for the rollouts)")
        for budget in (400, args.samples):
            print(f"  race, budget {budget}: {when(race_drops(values, weights, budget), far)}")
        for n0 in (32, 48):
            print(f"  KN, delta {args.delta:g}, n0 {n0}: {when(kn_drops(values, weights, args.delta, n0), far)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
