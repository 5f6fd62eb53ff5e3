"""Benchmark of the exact solver against two peers, and Bing timing figures.

Run:  pip install -e '.[bench]' && python bench/bench_solve.py [--hands 3000] [--seed 1]

Gin: the same seeded random 10-card hands go to
  * rummycheck.solve            (builds the melds and the verdict)
  * rummycheck.min_deadwood     (the number only)
  * RLCard   get_best_meld_clusters + get_deadwood_count (builds melds)
  * OpenSpiel GinRummyUtils(13, 4, 10).min_deadwood (C++)
Every hand's deadwood must agree across all four; the script prints hands per second
and the ratios measured in this same run (so machine noise cancels out as far as it can).

Bing: random 14-card two-deck hands (deuces as they fall) give the median and worst solve
time; then for each number of deuces 0..8 a batch of hands holding exactly that many
gives the worst time seen.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from rummycheck import Card, get_variant, min_deadwood, solve
from rummycheck.cards import full_deck
from rummycheck.solvers.deadwood import prepare


def timed(label: str, work: Callable[[Any], Any], items: Sequence[Any]) -> tuple[list[Any], float]:
    start = time.perf_counter()
    out = [work(item) for item in items]
    elapsed = time.perf_counter() - start
    print(f"  {label:<34} {len(items) / elapsed:>12,.0f} hands/s")
    return out, elapsed


def gin_hands(count: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    deck = list(full_deck())
    return [rng.sample(deck, 10) for _ in range(count)]


def bench_gin(count: int, seed: int) -> bool:
    variant = get_variant("gin")
    hands = gin_hands(count, seed)
    print(f"gin: {count} seeded random 10-card hands (seed {seed})")
    # build the lookup tables outside the timed region, and say what that costs once
    start = time.perf_counter()
    prepare(variant)
    print(f"  one-off table building (prepare)   {time.perf_counter() - start:12.3f} s")
    min_deadwood(hands[0], variant=variant)
    solve(hands[0], variant=variant)
    solved, t_solve = timed("rummycheck.solve", lambda h: solve(h, variant=variant).deadwood_points, hands)
    fast, t_fast = timed("rummycheck.min_deadwood", lambda h: min_deadwood(h, variant=variant), hands)
    ok = solved == fast
    ratios = []
    try:
        from rlcard.games.gin_rummy.utils import melding
        from rlcard.games.gin_rummy.utils import utils as rl_utils

        rl_hands = [[rl_utils.card_from_card_id(c.index) for c in h] for h in hands]

        def rlcard_deadwood(hand: list[Any]) -> int:
            clusters = melding.get_best_meld_clusters(hand)
            if not clusters:
                return int(rl_utils.get_deadwood_count(hand, []))
            return min(int(rl_utils.get_deadwood_count(hand, c)) for c in clusters)

        rl, t_rl = timed("RLCard best meld clusters", rlcard_deadwood, rl_hands)
        ok &= rl == solved
        ratios.append(f"solve / RLCard throughput        {t_rl / t_solve:6.2f}x  (target >= 3)")
    except ImportError:
        print("  RLCard not installed (pip install -e '.[bench]')")
    try:
        import pyspiel

        utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
        # OpenSpiel numbers cards suit-major with suits s c d h; ours are s h d c
        suit_map = {0: 0, 1: 3, 2: 2, 3: 1}
        os_hands = [[suit_map[c.index // 13] * 13 + c.index % 13 for c in h] for h in hands]
        osp, t_os = timed("OpenSpiel min_deadwood (C++)", utils.min_deadwood, os_hands)
        ok &= list(osp) == solved
        ratios.append(f"min_deadwood / OpenSpiel         {t_os / t_fast:6.2f}x  (target >= 0.5, goal 1)")
    except ImportError:
        print("  OpenSpiel not installed (pip install -e '.[bench]')")
    ratios.append(f"min_deadwood / solve             {t_solve / t_fast:6.2f}x")
    for line in ratios:
        print("  ratio " + line)
    print(f"  all deadwood counts agree: {'yes' if ok else 'NO'}")
    return ok


def bing_hand(rng: random.Random, deuces: int | None) -> list[Card]:
    deck = list(full_deck()) * 2
    if deuces is None:
        return rng.sample(deck, 14)
    twos = [c for c in deck if c.number == 2]
    others = [c for c in deck if c.number != 2]
    return rng.sample(twos, deuces) + rng.sample(others, 14 - deuces)


def time_one(hand: list[Card], variant: Any, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        solve(hand, variant=variant, score=40)
        best = min(best, time.perf_counter() - start)
    return best


def bench_bing(count: int, seed: int) -> None:
    variant = get_variant("bing")
    rng = random.Random(seed)
    hands = [bing_hand(rng, None) for _ in range(count)]
    solve(hands[0], variant=variant)
    times = [time_one(h, variant, repeat=1) for h in hands]
    print(f"bing: {count} random 14-card two-deck hands (not opened, score 40)")
    print(f"  median solve {statistics.median(times) * 1000:.3f} ms, "
          f"95th percentile {sorted(times)[int(0.95 * len(times))] * 1000:.3f} ms, "
          f"worst {max(times) * 1000:.2f} ms")
    per = max(20, count // 20)
    print(f"  by number of deuces ({per} hands each, best of 3 runs per hand):")
    worst_all = 0.0
    for deuces in range(9):
        sample = [bing_hand(rng, deuces) for _ in range(per)]
        spans = [time_one(h, variant) for h in sample]
        worst_all = max(worst_all, max(spans))
        print(f"    {deuces} deuces: median {statistics.median(spans) * 1000:7.3f} ms, "
              f"worst {max(spans) * 1000:7.2f} ms")
    print(f"  worst Bing hand over all deuce counts: {worst_all * 1000:.2f} ms (target <= 20 ms)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    ok = bench_gin(args.hands, args.seed)
    bench_bing(max(200, args.hands // 3), args.seed)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
