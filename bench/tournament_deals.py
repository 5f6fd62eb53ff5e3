"""How far the two games of a paired deal are from independent (docs/tournament.md).

The tournament's rating intervals take games as independent; a deal's two games (the same
shuffles, the bots in swapped seats) are not.  For each pair below this plays ``--deals``
deals and compares the variance of a bot's wins per deal (0, 1 or 2) with the 2p(1-p) of two
independent games: a ratio under 1 means the deal's games lean to a split (the cards favour a
seat, and each bot has that seat once), so intervals that treat them as independent are too
wide rather than too narrow.  The ratio's interval is a bootstrap over deals (seeded).

    nice -n 10 python bench/tournament_deals.py --deals 500
"""

from __future__ import annotations

import argparse
import random
import statistics

from rummycheck.sim.runner import SimSpec, simulate

PAIRS = [("knock", "gin"), ("knock", "knock-at-5"), ("gin", "knock-at-5")]


def ratio(wins: list[float]) -> float:
    p = statistics.fmean(wins) / 2
    return statistics.variance(wins) / (2 * p * (1 - p)) if 0 < p < 1 else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    rng = random.Random(f"bootstrap:{args.seed}")
    for first, second in PAIRS:
        result = simulate(SimSpec(variant="gin", bots=(first, second), seed=args.seed), games=2 * args.deals,
                          workers=args.workers)
        wins = [2 * share for share in result.shares[first]]
        splits = sum(1 for w in wins if w == 1)
        boot = sorted(ratio([rng.choice(wins) for _ in wins]) for _ in range(1000))
        print(f"{first} v {second}: {len(wins)} deals, {first} won {sum(wins):.0f} of {2 * len(wins)} games; "
              f"deals split 1-1: {splits}; variance of wins per deal / 2p(1-p) = {ratio(wins):.3f} "
              f"[{boot[25]:.3f}, {boot[974]:.3f}] (bootstrap 95%, 1000 resamples)")


if __name__ == "__main__":
    main()
