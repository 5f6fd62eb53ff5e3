"""Would a boundary that falls over the race's looks part the moves 2 points behind sooner?
Measured, not shipped.

Run:  python bench/race_boundaries.py [--positions 4] [--samples 1000]

The race (``evaluate``) leaves a move behind once the leader is a constant ``race_z`` standard
errors ahead (Pocock's design, 2.68 for advise's 23 looks).  Group-sequential designs can also
spend the error unevenly: Wang and Tsiatis's family asks ``c * (n / N) ** (delta - 0.5)`` at the
look after ``n`` of ``N`` rollouts, so ``delta`` 0.5 is Pocock's constant and ``delta`` 0 is
O'Brien and Fleming's, high at the first looks and low at the last.  A move 2 points behind
with a paired spread of about 20 is parted only late, so a lower last boundary could reach it
within the budget.

For each ``delta`` the constant ``c`` is found by simulation (400,000 random walks of normal
steps looked at as the race looks; the share crossing at some look is ``RACE_ALPHA``).  The bench
rolls out every discard of ``bench_advise.py``'s gin positions on ``--samples`` samples (seeded
by index as in ``evaluate``, so a prefix is what a race of that many rollouts sees), takes the
moves 2 or more points behind the best over all the samples as the ones to part, and replays the
race on a budget of 400 with each boundary (met as a t statistic, as ``evaluate`` does).
Printed per position: after how many rollouts the last such move was left behind, and the
CPU time of the rollouts played until then (at this run's time a rollout); or how many never were.
Printed first: where the spread of the paired differences comes from (the samples in which the
best and another move end the hand 25 points or more apart, and their share of the squares).
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

BUDGET = 400


def boundaries(looks: list[int], delta: float, paths: int = 400_000) -> list[float]:
    """Wang and Tsiatis's boundary at each look, its constant found by simulation."""
    import numpy

    rng = numpy.random.default_rng(1)
    ns = numpy.array(looks)
    steps = numpy.diff(numpy.concatenate([[0], ns]))
    walks = numpy.cumsum(rng.standard_normal((paths, len(ns))) * numpy.sqrt(steps), axis=1)
    shape = (ns / ns[-1]) ** (delta - 0.5)
    c = float(numpy.quantile((walks / numpy.sqrt(ns) / shape).max(axis=1), 1 - RACE_ALPHA))
    return [c * s for s in shape]


def dropped(values: list[list[float]], weights: list[float], looks: list[int], zs: list[float]
            ) -> dict[int, tuple[int, int]]:
    """The race replayed (``evaluate._race`` at each look with that look's boundary): per move left
    behind, the rollouts then and the rollouts played in all."""
    active = list(range(len(values)))
    found: dict[int, tuple[int, int]] = {}
    played = before = 0
    for n, z in zip(looks, zs):
        played += (n - before) * len(active)
        before = n
        kept = _race([v[:n] for v in values], active, weights[:n], z, True)
        found.update({k: (n, played) for k in active if k not in kept})
        active = kept
        if len(active) == 1:
            break
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--samples", type=int, default=1000)
    args = parser.parse_args(argv)
    stored = []
    for number in range(1, args.positions + 1):
        state = position("gin", number, 3)
        observation = observe(state, state.current)
        lines = [line for move in observation.public.legal_actions() for line in completions(observation, move)]
        start = time.process_time()
        values, _, weights = rollout_values(observation, [_sent(line) for line in lines], seed=number - 1, first=0,
                                            count=args.samples, rollout=observation.public.game.rollout_bot)
        stored.append((values, weights, (time.process_time() - start) / (args.samples * len(lines))))
    swings, shares = [], []  # per pair (the best against another move): where the spread comes from
    for values, _, _ in stored:
        means = [statistics.fmean(v) for v in values]
        best = max(range(len(values)), key=means.__getitem__)
        for k in range(len(values)):
            if k != best:
                diff = [a - b for a, b in zip(values[best], values[k])]
                swings.append(sum(1 for d in diff if abs(d) >= 25) / len(diff))
                shares.append(sum(d * d for d in diff if abs(d) >= 25) / max(1e-9, sum(d * d for d in diff)))
    print(f"paired differences of the best against each other move ({len(swings)} pairs): samples where the "
          f"two swing the hand by 25 points or more, median {statistics.median(swings):.0%} "
          f"({min(swings):.0%} to {max(swings):.0%}); their share of the squared differences, median "
          f"{statistics.median(shares):.0%} ({min(shares):.0%} to {max(shares):.0%})")
    looks = race_looks(BUDGET, 48, 16)
    print(f"{len(looks)} looks from 48 to {BUDGET} rollouts; Pocock's constant computed exactly: "
          f"{boundary_z(looks, RACE_ALPHA):.3f}")
    for delta in (0.5, 0.4, 0.3, 0.2, 0.1, 0.0):
        zs = boundaries(looks, delta)
        cells = []
        for values, weights, each in stored:
            total = sum(weights)
            means = [sum(w * x for w, x in zip(weights, v)) / total for v in values]
            best = max(range(len(values)), key=means.__getitem__)
            far = [i for i in range(len(values)) if means[best] - means[i] >= 2]
            left = dropped(values, weights, looks, zs)
            never = [i for i in far if i not in left]
            if never:
                cells.append(f"{len(never)} of {len(far)} never")
            elif far:
                n, played = max(left[i] for i in far)
                cells.append(f"after {n} ({played * each:.2f} s)")
            else:
                cells.append("none that far")
            if best in left:
                cells[-1] += ", the best left behind"
        print(f"delta {delta:.1f} (first look {zs[0]:.2f}, last {zs[-1]:.2f}): " + "; ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
