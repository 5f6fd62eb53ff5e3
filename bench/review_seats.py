"""Does the rollout review charge one seat more than the other when the same bot plays both?

Run:  python bench/review_seats.py [--bot knock] [--deals 40] [--samples 48] [--seed 4242] [--workers 2]

A lead from ``bench/review_openspiel.py``: there the plain side's error rate came out 0.2 to 0.3
higher in seat 0 than in seat 1.  Here one bot plays itself in rummycheck's engine: one-hand gin
games (``game_target=1``), ``--deals`` seeded deals, each played once (seat 0 is the first to
play, seat 1 the dealer), every record reviewed (``--samples`` rollouts a move).  Printed: each
seat's error rate (the held-out points behind the best per decision not forced, one figure per
hand) with a 95% interval over the hands, their difference paired by hand, and the decisions
split by seat and kind (the move played): how many, their mean held-out loss, their mean loss
against the leader of all the samples, and the mean number of moves they had.  Measured, not
explained: docs/review.md.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.analysis.decisions import review_decisions  # noqa: E402
from rummycheck.sim.as_record import to_record  # noqa: E402
from rummycheck.sim.bots import bot_class  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.sim.record_out import game_to_record_dict  # noqa: E402
from rummycheck.sim.stats import mean_interval  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

Row = tuple[int, str, int, float, float]  # seat, kind, moves, held-out loss, loss against the leader


def one(task: tuple[str, int, int, int]) -> list[Row]:
    bot, seed, deal, samples = task
    outcome = play_game(get_variant("gin", game_target="1"), [bot_class(bot)(), bot_class(bot)()], seed=seed,
                        deal=deal, labels=[bot, bot], record=True, max_hands=1)
    assert outcome.record is not None
    record = to_record(game_to_record_dict(outcome.record))
    review = review_decisions(record, samples=samples, seed=deal)
    return [(record.players.index(d.player), d.played.kind.value, d.moves, d.held_out, d.loss)
            for d in review.decisions if not d.forced]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="knock")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--samples", type=int, default=48)
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    tasks = [(args.bot, args.seed, deal, args.samples) for deal in range(args.deals)]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        hands = list(pool.map(one, tasks))
    rates: list[list[float | None]] = []
    for rows in hands:
        per_seat: list[float | None] = []
        for seat in (0, 1):
            mine = [r[3] for r in rows if r[0] == seat]
            per_seat.append(sum(mine) / len(mine) if mine else None)
        rates.append(per_seat)
    print(f"gin, one-hand games, {args.bot} v {args.bot}, {args.deals} deals from seed {args.seed}, "
          f"{args.samples} rollouts a move")
    for seat in (0, 1):
        found = mean_interval([r[seat] for r in rates if r[seat] is not None])
        print(f"  seat {seat} ({'first to play' if seat == 0 else 'dealer'}): error rate {found.value:+.2f} "
              f"[{found.low:+.2f}, {found.high:+.2f}]")
    gap = mean_interval([a - b for a, b in rates if a is not None and b is not None])
    print(f"  seat 0 less seat 1, paired by hand: {gap.value:+.2f} [{gap.low:+.2f}, {gap.high:+.2f}]")
    kinds: dict[tuple[int, str], list[Row]] = defaultdict(list)
    for rows in hands:
        for row in rows:
            kinds[row[0], row[1]].append(row)
    print("  seat  kind        decisions  held-out  against the leader  moves")
    for (seat, kind), rows in sorted(kinds.items()):
        n = len(rows)
        print(f"  {seat:4}  {kind:10}  {n:9}  {sum(r[3] for r in rows) / n:+8.2f}  {sum(r[4] for r in rows) / n:18.2f}"
              f"  {sum(r[2] for r in rows) / n:5.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
