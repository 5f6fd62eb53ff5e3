"""Does the race keep its 95% on real rollouts?  How often it parts two moves that are equal.

The boundary (``evaluate.race_z``) is exact for normal differences; rollout differences are not
normal (mostly small, now and then a gin bonus or an undercut).  This takes seeded gin positions
(``bench_advise.position``, seeds ``--first`` to ``--first + --positions - 1``, and with
``--scenario`` the README's ``scenarios/gin-knock.toml``), rolls every legal move out ``--samples``
times on the same samples, and for each move not plainly apart from the best (a paired z below
4 over all the samples) re-centres the paired differences to mean 0: a pair of equal moves with
the real shape of the noise.  Each is then raced ``--runs`` times (the differences resampled
with replacement, looked at as ``evaluate`` looks for 400 rollouts from 48 (``--min-samples``), each look's bound met
as a t statistic), and the bench reports the share of runs that parted them (either way; the
promise is 5%) at the shipped boundary and at others, with the kurtosis of the differences.

    python bench/race_calibration.py [--positions 4] [--first 1] [--scenario] [--runs 400] [--min-samples 48]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_advise import position  # noqa: E402

from rummycheck.analysis.evaluate import RACE_ALPHA, race_looks, race_z, rollout_values  # noqa: E402
from rummycheck.analysis.sequential import boundary_z, student_z  # noqa: E402
from rummycheck.files.scenario import load_scenario  # noqa: E402
from rummycheck.table.observation import observe  # noqa: E402
from rummycheck.table.state import GameState  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def near_pairs(state: GameState, samples: int) -> list[list[float]]:
    """The re-centred paired differences of the best move and each move not plainly behind it."""
    observation = observe(state, state.current)
    moves = state.legal_actions()
    values, _, _ = rollout_values(observation, moves, seed=1, first=0, count=samples, rollout="expert-race")
    means = [sum(v) / len(v) for v in values]
    best = max(range(len(moves)), key=lambda k: means[k])
    pairs = []
    for k in range(len(moves)):
        if k == best:
            continue
        diff = [b - v for b, v in zip(values[best], values[k])]
        mean, sd = statistics.fmean(diff), statistics.stdev(diff)
        if sd > 0 and abs(mean) / (sd / len(diff) ** 0.5) < 4:
            pairs.append([d - mean for d in diff])
    return pairs


def parted(diff: list[float], c: float, runs: int, rng: random.Random, first: int = 48) -> float:
    looks = race_looks(400, first, 16)
    bounds = {n: student_z(c, n - 1) for n in looks}
    count = 0
    for _ in range(runs):
        drawn = rng.choices(diff, k=looks[-1])
        total = squares = 0.0
        at = 0
        for n in looks:
            for x in drawn[at:n]:
                total += x
                squares += x * x
            at = n
            mean = total / n
            variance = (squares - n * mean * mean) / (n - 1)
            if variance > 0 and abs(mean) / (variance / n) ** 0.5 > bounds[n]:
                count += 1
                break
    return count / runs


def kurtosis(diff: list[float]) -> float:
    sd = statistics.pstdev(diff)
    return statistics.fmean((d / sd) ** 4 for d in diff)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--scenario", action="store_true", help="also scenarios/gin-knock.toml")
    parser.add_argument("--samples", type=int, default=400)
    parser.add_argument("--runs", type=int, default=400)
    parser.add_argument("--min-samples", type=int, default=48, help="the race's first look (advise: 48)")
    args = parser.parse_args()
    states = [position("gin", seed, 6) for seed in range(args.first, args.first + args.positions)]
    if args.scenario:
        states.insert(0, GameState.from_scenario(load_scenario(str(ROOT / "scenarios" / "gin-knock.toml"))))
    pairs = [pair for state in states for pair in near_pairs(state, args.samples)]
    print(f"{len(states)} gin positions, {args.samples} rollouts a move: {len(pairs)} moves not plainly behind "
          f"the best; median kurtosis of their differences {statistics.median(map(kurtosis, pairs)):.2f} (normal: 3)")
    first = args.min_samples
    looks = race_looks(400, first, 16)
    rng = random.Random(3)
    for name, c in ((f"shipped (RACE_ALPHA {RACE_ALPHA:.4f})", race_z(400, first, 16)),
                    ("2.5% a direction", boundary_z(looks, 0.025)),
                    ("Bonferroni's 3.06 as a t", boundary_z([400], 0.025 / len(looks)))):
        rates = [parted(pair, c, args.runs, rng, first) for pair in pairs]
        share = statistics.fmean(rates)
        half = 1.96 * (share * (1 - share) / (len(rates) * args.runs)) ** 0.5
        print(f"  {name:28} boundary {c:.3f}: parted {share:.2%} [{share - half:.2%}, {share + half:.2%}] "
              f"of {len(rates) * args.runs} runs (worst pair {max(rates):.1%})")


if __name__ == "__main__":
    main()
