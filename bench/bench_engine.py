"""The cost of one random-play step of the engine: ``legal_actions()`` then ``apply(action)``.

Run:  python bench/bench_engine.py [--rounds 5] [--hands 40]

Each round plays ``--hands`` seeded hands of gin and of Bing (4 players) to the end by
uniformly random legal moves (``rummycheck.new_hand``, ``legal_actions``, ``apply``) and
times it in CPU time (``time.process_time``), the games taking turns from round to round
after one untimed warm-up round.  Printed: microseconds per step (median of the rounds,
with min and max), and the split between ``legal_actions`` and ``apply``.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.table.hand import new_hand  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

GAMES = {"gin": 2, "basic": 2, "bing": 4}


def one_round(name: str, hands: int, seed: int) -> tuple[int, float, float]:
    """(steps, CPU seconds in legal_actions, CPU seconds in apply) over ``hands`` random hands."""
    variant = get_variant(name)
    steps = 0
    listing = applying = 0.0
    clock = time.process_time
    for number in range(hands):
        rng = random.Random(seed * 1000 + number)
        state = new_hand(variant, players=GAMES[name], seed=seed * 1000 + number)
        while steps < 10 ** 7:
            t0 = clock()
            moves = state.legal_actions()
            t1 = clock()
            if not moves or state.phase == "over":
                break
            state = state.apply(rng.choice(moves))
            t2 = clock()
            listing += t1 - t0
            applying += t2 - t1
            steps += 1
            if len(state.history) > 400:
                break
    return steps, listing, applying


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--hands", type=int, default=40)
    args = parser.parse_args(argv)
    names = list(GAMES)
    for name in names:
        one_round(name, 2, 0)  # warm-up: tables, caches
    per_step: dict[str, list[float]] = {n: [] for n in names}
    split: dict[str, list[tuple[float, float]]] = {n: [] for n in names}
    for r in range(args.rounds):
        for name in names[r % len(names):] + names[:r % len(names)]:
            gc.collect()
            gc.disable()
            steps, listing, applying = one_round(name, args.hands, r + 1)
            gc.enable()
            per_step[name].append((listing + applying) / steps * 1e6)
            split[name].append((listing / steps * 1e6, applying / steps * 1e6))
    for name in names:
        values = per_step[name]
        lists = statistics.median(a for a, _ in split[name])
        applies = statistics.median(b for _, b in split[name])
        print(f"{name:5} one random step: median {statistics.median(values):8.1f} us "
              f"(min {min(values):.1f}, max {max(values):.1f}; {args.rounds} rounds of {args.hands} hands); "
              f"legal_actions {lists:.1f} us, apply {applies:.1f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
