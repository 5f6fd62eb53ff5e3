"""The cost of ``review --rollouts`` on one simulated gin hand, on 1 and on 2 worker processes.

Run:  python bench/bench_review.py [--samples 96] [--rounds 2]

The hand: the seeded gin game (``gin`` against ``knock``, seed 11) whose hand is nearest 80
actions (about 40 turns).  Each round reviews it in this process (CPU time,
``time.process_time``) and then with 2 worker processes (wall time, and the CPU of the
workers from ``resource.getrusage(RUSAGE_CHILDREN)``); the two take turns.  The answers
must be the same (the seed decides them, not the workers); the script exits 1 otherwise.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.analysis.decisions import review_decisions  # noqa: E402
from rummycheck.sim.as_record import to_record  # noqa: E402
from rummycheck.sim.bots import bot_class  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.sim.record_out import game_to_record_dict  # noqa: E402
from rummycheck.table.record import Record  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402


def the_hand() -> Record:
    variant = get_variant("gin")
    best: tuple[int, Record] | None = None
    for deal in range(30):
        outcome = play_game(variant, [bot_class("gin")(), bot_class("knock")()], seed=11, deal=deal,
                            labels=("gin", "knock"), record=True)
        assert outcome.record is not None
        record = to_record(game_to_record_dict(outcome.record))
        for hand in record.hands:
            if best is None or abs(len(hand.actions) - 80) < abs(best[0] - 80):
                best = (len(hand.actions), replace(record, hands=(replace(hand, scores=None),), start=()))
    assert best is not None
    return best[1]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=96)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    record = the_hand()
    actions = len(record.hands[0].actions)
    one_cpu: list[float] = []
    two_wall: list[float] = []
    two_cpu: list[float] = []
    answers = set()
    for _ in range(args.rounds):
        start = time.process_time()
        alone = review_decisions(record, samples=args.samples, seed=1)
        one_cpu.append(time.process_time() - start)
        before, wall = children_cpu(), time.perf_counter()
        with ProcessPoolExecutor(max_workers=2) as pool:
            shared = review_decisions(record, samples=args.samples, seed=1, executor=pool)
        two_wall.append(time.perf_counter() - wall)
        two_cpu.append(children_cpu() - before)
        answers.add(alone.decisions)
        answers.add(shared.decisions)
    if len(answers) != 1:
        print("the answers differ between 1 and 2 workers")
        return 1
    decisions = len(alone.decisions)
    print(f"gin hand of {actions} actions, {decisions} decisions, up to {args.samples} rollouts a move, "
          f"{args.rounds} rounds")
    print(f"1 process: CPU median {statistics.median(one_cpu):.1f} s (min {min(one_cpu):.1f}, max {max(one_cpu):.1f})")
    print(f"2 workers: wall median {statistics.median(two_wall):.1f} s (min {min(two_wall):.1f}, "
          f"max {max(two_wall):.1f}); workers' CPU median {statistics.median(two_cpu):.1f} s")
    print(f"speed-up (1-process CPU / 2-worker wall): {statistics.median(one_cpu) / statistics.median(two_wall):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
