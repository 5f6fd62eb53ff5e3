"""Does the evaluator's sampling of hidden hands price a decision as the true hands do?

Run:  python bench/sampler_calibration.py [--variant basic] [--bots patient,eager] [--deals 10]
                                          [--samples 200] [--seed 611] [--workers 2]

The evaluator values a move by rollouts over hidden states drawn from what the player could
know (``analysis.evidence``: his opponents' throws, passes, takes and draws, and in gin and
basic how good a played hand is).  In a simulated game the hidden state is known, so the
sampling can be checked against it: for a decision, the difference between two moves rolled
out from the *true* state (only the stock's order dealt again, which nobody at the table
knows) is one draw of what the evaluator estimates by its samples.  Over many decisions the
mean of the true differences and the mean of the evaluator's must agree if the samples follow
the hands the players really hold; a gap between them is a bias of the sampling, in points a
decision.

For each decision of the first bot (``--bots``: the reviewed bot, then its opponent) in seeded
one-hand games from both seats, after its draw (a discard, or a lay-down and then the bot's
discard): the move played and the evaluator's best at the review's 96 rollouts (seed 1; a
decision whose best is the move played is skipped: there is no gap to price), each then valued
on fresh samples (seed 2), ``--samples`` rollouts a move, the opponent's seat played by the
opponent's own bot as in ``review --rollout NAME=BOT`` (the review of a bot against the opponent
it faced), three ways: the evaluator's samples as shipped (``evidence``), uniform deals of the
unseen cards (``uniform``), and the true hands (``truth``).  Printed per decision and then the
means over the decisions with 95% intervals (over the decisions, which are independent draws
of the truth), and the mean of each way's gap to the truth with its interval, paired by
decision.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.analysis.decisions import _decisions  # noqa: E402
from rummycheck.analysis.evaluate import ROLLOUT_TURNS, _net, evaluate, rollout_values  # noqa: E402
from rummycheck.errors import SimulationError  # noqa: E402
from rummycheck.sim.bots import bot_class  # noqa: E402
from rummycheck.sim.engine import play_out  # noqa: E402
from rummycheck.sim.stats import mean_interval, weighted_mean_interval  # noqa: E402
from rummycheck.table.actions import Action, ActionKind  # noqa: E402
from rummycheck.table.observation import observe  # noqa: E402
from rummycheck.table.replay import replay  # noqa: E402
from rummycheck.table.state import GameState  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from review_strength import TARGET, one_hand_records  # noqa: E402


def _paired(values: list[list[float]], weights: list[float]) -> float:
    """The mean of the first move's values less the second's, sample by sample, each sample by its
    weight (1 where the samples are drawn by weight: gin and basic; the discard evidence in Bing)."""
    return weighted_mean_interval([a - b for a, b in zip(values[0], values[1])], weights).value


def _truth(state: GameState, moves: list[Action], seat_bots: list[str], samples: int) -> float:
    """The mean difference of the two moves rolled out from the true state, the stock's order dealt
    again for each sample (the same order and bot seeds for both moves: common random numbers)."""
    seat = state.current
    diffs = []
    for i in range(samples):
        nets = []
        order = list(state.stock_order or [])
        random.Random(f"truth:{i}").shuffle(order)
        for move in moves:
            start = state.copy()
            start.stock_order = list(order)
            after = start.apply(move)
            try:
                final, ending = play_out(after, [bot_class(b)() for b in seat_bots], seed=f"truth:{i}",
                                         max_turns=ROLLOUT_TURNS)
            except SimulationError:  # as the evaluator counts a rollout the bots never end: 0
                nets.append(0.0)
                continue
            nets.append(_net(final, ending, seat)[0])
        diffs.append(nets[0] - nets[1])
    return statistics.fmean(diffs)


def _decision(job: tuple[GameState, Action, list[Action], str, list[str], int]
              ) -> tuple[str, str, float, float, float] | None:
    state, played, moves, spec, seat_bots, samples = job
    first = evaluate(state, samples=96, seed=1, rollout=spec, candidates=moves, min_samples=32)
    best = first.best.action
    if best == played:
        return None
    pair = [best, played]
    observation = observe(state, state.current)
    shipped, _, weights = rollout_values(observation, pair, seed=2, first=0, count=samples, rollout=spec)
    uniform, _, ones = rollout_values(observation, pair, seed=2, first=0, count=samples, rollout=spec, evidence=False)
    return (str(played), str(best), _paired(shipped, weights), _paired(uniform, ones),
            _truth(state, pair, seat_bots, samples))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="basic")
    parser.add_argument("--bots", default="patient,eager")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--seed", type=int, default=611)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    bots = args.bots.split(",")
    variant = get_variant(args.variant, **({TARGET[args.variant]: "1"} if args.variant in TARGET else {}))
    jobs = []
    for _, _, seats, record in one_hand_records(variant, bots, args.seed, args.deals):
        seat = seats.index(bots[0])
        name, other = record.players[seat], record.players[1 - seat]
        spec = f"{other}={seats[1 - seat]}"
        for item in _decisions(record, replay(record), [name]):
            state = getattr(item, "state", None)
            if state is None or state.drew == "none" or len(item.moves) < 2:
                continue
            listed = item.listed
            moves = list(item.moves) if listed in item.moves else [*item.moves, listed]
            if listed.kind not in (ActionKind.DISCARD, ActionKind.LAY_DOWN, ActionKind.KNOCK):
                continue
            # the rollouts' bots, the truth's as the evaluator's: the game's rollout bot for the
            # reviewed player, the opponent's own bot for him
            rolled = [state.game.rollout_bot if s == seat else seats[s] for s in range(len(seats))]
            jobs.append((state, listed, moves, spec, rolled, args.samples))
    print(f"{args.variant}: {bots[0]} reviewed against {bots[1]}, {args.deals} deals from both seats, seed "
          f"{args.seed}: {len(jobs)} decisions after a draw; {args.samples} rollouts a move each way", flush=True)
    start, wall = time.process_time(), time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        found = [r for r in pool.map(_decision, jobs) if r is not None]
    for played, best, shipped, uniform, truth in found:
        print(f"  {played[:40]:40} best {best[:40]:40} evidence {shipped:+7.2f}  uniform {uniform:+7.2f}  "
              f"truth {truth:+7.2f}")
    print(f"{len(found)} decisions whose best (96 rollouts, seed 1) is not the move played; the best's lead on "
          f"fresh samples, points a decision, mean [95% over decisions]:")
    for label, index in (("evidence (shipped)", 2), ("uniform deals", 3), ("true hands", 4)):
        iv = mean_interval([r[index] for r in found])
        print(f"  {label:20} {iv.value:+6.2f} [{iv.low:+.2f}, {iv.high:+.2f}]")
    for label, index in (("evidence - truth", 2), ("uniform - truth", 3)):
        iv = mean_interval([r[index] - r[4] for r in found])
        print(f"  {label:20} {iv.value:+6.2f} [{iv.low:+.2f}, {iv.high:+.2f}]")
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)  # the pool's processes, ended with it
    print(f"({time.process_time() - start + workers.ru_utime + workers.ru_stime:.0f} s CPU, "
          f"{time.perf_counter() - wall:.0f} s wall, {args.workers} workers)")


if __name__ == "__main__":
    main()
