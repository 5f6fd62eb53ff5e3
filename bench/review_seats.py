"""Does the rollout review charge one seat more than the other when the same bot plays both?

Run:  python bench/review_seats.py [--bot knock] [--deals 40] [--samples 48] [--seed 4242] [--workers 2]
                                  [--truth 96]

A lead from ``bench/review_openspiel.py``: there the plain side's error rate came out 0.2 to 0.3
higher in seat 0 than in seat 1.  Here one bot plays itself in rummycheck's engine: one-hand gin
games (``game_target=1``), ``--deals`` seeded deals, each played once (seat 0 is the first to
play, seat 1 the dealer), every record reviewed (``--samples`` rollouts a move).  Printed: each
seat's error rate (the held-out points behind the best per decision not forced, one figure per
hand) with a 95% interval over the hands, their difference paired by hand, and the decisions
split by seat and kind (the move played): how many, their mean held-out loss, their mean loss
against the leader of all the samples, and the mean number of moves they had.  ``--truth N``
also prices each discard and knock by the true hands (``sampler_calibration._truth``: the
review's best against the move played, N rollouts from the true state with the stock's order
dealt again, the review's rollout bot in both seats; 0 where the best is the move played) and
prints, by seat, the held-out loss beside that price: a seat gap the true hands show too is the
bots' play, one they do not is the review's.  Always printed: the *floor* of each seat, the
held-out loss of the review's own best move (what a player who always played it would be
charged), and the held-out loss less it, each with its gap paired by hand.
docs/review-checks.md.
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
from rummycheck.table.actions import ActionKind  # noqa: E402
from rummycheck.table.replay import state_at  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sampler_calibration import _truth  # noqa: E402

#: the decisions priced by the true hands (``--truth``): moves that end the turn, so that the move
#: alone is what the review valued
_PRICED = (ActionKind.DISCARD, ActionKind.KNOCK)

# seat, kind, moves, held-out loss, loss against the leader, the best's lead by the true hands (None: not
# priced), and the floor: the held-out loss the review's own best move gets (what a player who always
# played it would be charged)
Row = tuple[int, str, int, float, float, float | None, float]


def one(task: tuple[str, int, int, int, int]) -> list[Row]:
    bot, seed, deal, samples, truth = task
    outcome = play_game(get_variant("gin", game_target="1"), [bot_class(bot)(), bot_class(bot)()], seed=seed,
                        deal=deal, labels=[bot, bot], record=True, max_hands=1)
    assert outcome.record is not None
    record = to_record(game_to_record_dict(outcome.record))
    review = review_decisions(record, samples=samples, seed=deal)
    rows: list[Row] = []
    for d in review.decisions:
        if d.forced:
            continue
        true: float | None = None
        if truth and d.played.kind in _PRICED and d.best.kind in _PRICED:
            if d.best == d.played:
                true = 0.0
            else:  # the review's best against the move played, rolled out from the true hands
                state = state_at(record, d.hand, d.action)
                rolled = [state.game.rollout_bot] * len(record.players)
                true = _truth(state, [d.best, d.played], rolled, truth)
        rows.append((record.players.index(d.player), d.played.kind.value, d.moves, d.held_out, d.loss, true,
                     d.best_held_out))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="knock")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--samples", type=int, default=48)
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--truth", type=int, default=0,
                        help="also price each discard and knock by the true hands, this many rollouts (0: not)")
    args = parser.parse_args(argv)
    tasks = [(args.bot, args.seed, deal, args.samples, args.truth) for deal in range(args.deals)]
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
        found = mean_interval([v for r in rates if (v := r[seat]) is not None])
        print(f"  seat {seat} ({'first to play' if seat == 0 else 'dealer'}): error rate {found.value:+.2f} "
              f"[{found.low:+.2f}, {found.high:+.2f}]")
    gap = mean_interval([a - b for a, b in rates if a is not None and b is not None])
    print(f"  seat 0 less seat 1, paired by hand: {gap.value:+.2f} [{gap.low:+.2f}, {gap.high:+.2f}]")
    kinds: dict[tuple[int, str], list[Row]] = defaultdict(list)
    for rows in hands:
        for row in rows:
            kinds[row[0], row[1]].append(row)
    print("  seat  kind        decisions  held-out  against the leader  moves  floor")
    for (seat, kind), rows in sorted(kinds.items()):
        n = len(rows)
        print(f"  {seat:4}  {kind:10}  {n:9}  {sum(r[3] for r in rows) / n:+8.2f}  {sum(r[4] for r in rows) / n:18.2f}"
              f"  {sum(r[2] for r in rows) / n:5.1f}  {sum(r[6] for r in rows) / n:+5.2f}")
    # the floor: a decision's held-out loss had the review's best been played; the held-out loss less it
    # is what the move played cost beyond what the estimator charges the best itself
    floors, excess = [], []
    for rows in hands:
        by_seat = [[r for r in rows if r[0] == seat] for seat in (0, 1)]
        if all(by_seat):
            floors.append([sum(r[6] for r in mine) / len(mine) for mine in by_seat])
            excess.append([sum(r[3] - r[6] for r in mine) / len(mine) for mine in by_seat])
    for label, pairs in (("floor (the best's own held-out loss)", floors), ("held-out less the floor", excess)):
        cells = [mean_interval([p[seat] for p in pairs]) for seat in (0, 1)]
        gap = mean_interval([a - b for a, b in pairs])
        print(f"  {label}: seat 0 {cells[0].value:+.2f} [{cells[0].low:+.2f}, {cells[0].high:+.2f}], seat 1 "
              f"{cells[1].value:+.2f} [{cells[1].low:+.2f}, {cells[1].high:+.2f}]; seat 0 less seat 1, paired by hand "
              f"({len(pairs)} hands) {gap.value:+.2f} [{gap.low:+.2f}, {gap.high:+.2f}]")
    if args.truth:
        _by_truth(hands, args.truth)
    return 0


def _by_truth(hands: list[list[Row]], truth: int) -> None:
    """Each seat's discards and knocks: the review's held-out loss a decision against the best's lead
    by the true hands (0 where the review's best is the move played), each a mean over the
    decisions with its interval, and the two seats' gap paired by hand."""
    print(f"  discards and knocks, the review's best against the move played by the true hands ({truth} rollouts "
          "from the true state, the stock dealt again; the review's rollout bot in both seats):")
    per_hand: list[tuple[float, float, float, float]] = []
    for seat in (0, 1):
        rows = [r for rows in hands for r in rows if r[0] == seat and r[5] is not None]
        held = mean_interval([r[3] for r in rows])
        true = mean_interval([price for r in rows if (price := r[5]) is not None])
        print(f"  seat {seat}: {len(rows)} decisions; held-out {held.value:+.2f} [{held.low:+.2f}, {held.high:+.2f}]"
              f"; true hands {true.value:+.2f} [{true.low:+.2f}, {true.high:+.2f}]")
    for rows in hands:
        means = []
        for seat in (0, 1):
            mine = [r for r in rows if r[0] == seat and r[5] is not None]
            if not mine:
                break
            means.append((sum(r[3] for r in mine) / len(mine), sum(r[5] or 0.0 for r in mine) / len(mine)))
        if len(means) == 2:
            per_hand.append((means[0][0], means[1][0], means[0][1], means[1][1]))
    held_gap = mean_interval([a - b for a, b, _, _ in per_hand])
    true_gap = mean_interval([c - d for _, _, c, d in per_hand])
    print(f"  seat 0 less seat 1, paired by hand ({len(per_hand)} hands): held-out {held_gap.value:+.2f} "
          f"[{held_gap.low:+.2f}, {held_gap.high:+.2f}]; true hands {true_gap.value:+.2f} "
          f"[{true_gap.low:+.2f}, {true_gap.high:+.2f}]")


if __name__ == "__main__":
    sys.exit(main())
