"""What the ``mc`` bots cost, and how they play: CPU time per decision and per hand.

For each game, ``mc`` (32 rollouts a decision) sits in seat A against the game's default bots
and plays whole one-hand games on seeded deals.  Every decision the bot samples (a decision
with one legal move is played without sampling, and counted apart) is timed with
``time.process_time``.  Reported: decisions sampled per hand, the median CPU seconds per
sampled decision (min and max beside it), and the CPU seconds per hand (median, min, max).

With ``--strength N`` it also plays ``N`` paired gin hands (each deal from both seats) of
``mc`` against ``knock`` in rummycheck's engine and reports the share of hands ``mc`` won
with a Wilson interval, and its mean net points a hand with a 95% interval.

    python bench/bench_mc.py [--hands 3] [--strength 0] [--samples 32]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.analysis import mc  # noqa: E402
from rummycheck.sim.bots import bot_class  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.sim.stats import mean_interval, wilson  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

TIMES: list[float] = []
FORCED = [0]


def timed(samples: int) -> type[mc.MonteCarloBot]:
    base = mc.mc_bot(samples)

    class Timed(base):  # type: ignore[misc, valid-type]
        def _best(self, view, kinds, default):  # type: ignore[no-untyped-def]
            moves = [a for a in self._observation(view).public.legal_actions() if a.kind in kinds]
            start = time.process_time()
            found = super()._best(view, kinds, default)
            if len(moves) > 1:
                TIMES.append(time.process_time() - start)
            else:
                FORCED[0] += 1
            return found

    return Timed


def cost(name: str, hands: int, samples: int) -> None:
    variant = get_variant(name, game_target="1") if name == "gin" else get_variant(name)
    others = {"gin": ["knock"], "basic": ["patient"], "bing": ["common", "early", "sandbag"]}[name]
    per_hand, per_decisions = [], []
    for deal in range(hands):
        TIMES.clear()
        FORCED[0] = 0
        start = time.process_time()
        play_game(variant, [timed(samples)(), *[bot_class(b)() for b in others]], seed=2026, deal=deal,
                  max_hands=1)
        per_hand.append(time.process_time() - start)
        per_decisions.extend(TIMES)
        print(f"  {name} deal {deal}: {len(TIMES)} sampled decisions, {FORCED[0]} forced, "
              f"{per_hand[-1]:.1f} s CPU", flush=True)
    print(f"{name:5} mc-{samples}: {len(per_decisions) / hands:.1f} sampled decisions a hand; a decision "
          f"median {statistics.median(per_decisions):.2f} s (min {min(per_decisions):.2f}, "
          f"max {max(per_decisions):.2f}); a hand median {statistics.median(per_hand):.1f} s "
          f"(min {min(per_hand):.1f}, max {max(per_hand):.1f}); {hands} hands, seat A against "
          f"{', '.join(others)}", flush=True)


def strength(pairs: int, samples: int) -> None:
    variant = get_variant("gin", game_target="1")
    won, net = 0, []
    for deal in range(pairs):
        for rotation, bots in enumerate(([f"mc-{samples}", "knock"], ["knock", f"mc-{samples}"])):
            seat = rotation
            outcome = play_game(variant, [bot_class(b)() for b in bots], seed=9090, deal=deal, rotation=rotation)
            won += outcome.winner == seat
            mine = sum(outcome.seats[seat].points)
            theirs = sum(outcome.seats[1 - seat].points)
            net.append(mine - theirs)
    hands = 2 * pairs
    rate = wilson(won, hands)
    found = mean_interval(net)
    print(f"gin mc-{samples} v knock: {won}/{hands} hands won = {won / hands:.1%} [{rate.low:.1%}, {rate.high:.1%}] "
          f"(Wilson 95%); net points a hand {found.value:+.1f} [{found.low:+.1f}, {found.high:+.1f}]; "
          f"{pairs} deals from both seats")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--samples", type=int, default=mc.DEFAULT_SAMPLES)
    parser.add_argument("--strength", type=int, default=0, help="paired gin deals of mc against knock")
    parser.add_argument("--games", default="gin,basic,bing")
    args = parser.parse_args()
    for name in args.games.split(","):
        if name:
            cost(name, args.hands, args.samples)
    if args.strength:
        strength(args.strength, args.samples)


if __name__ == "__main__":
    main()
