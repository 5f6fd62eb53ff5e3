"""What the basic bots' discard rules are worth, paired by deal: "a take must pay" and the outs.

Run:  nice -n 10 python bench/basic_discards.py [--deals 3000] [--seed 3001] [--target 1] [--bot patient]
                                                [--against earlier-patient] [--opponent earlier-eager]

Since 2026-12-06 a basic bot that took the top discard throws only a card that leaves less
deadwood than its hand had before the take (``BasicBase.discard``: a take must pay), and the bots
``eager-outs`` and ``patient-outs`` also count a loose card's outs against throwing it
(``outs_weight``: the unseen cards that would make a meld of three with it and a card of the
hand).  This bench keeps the bots as they were before the take rule (``earlier-eager``,
``earlier-patient``) and plays every deal twice from both seats: ``--bot`` against ``--opponent``,
and ``--against`` against the same ``--opponent``.  Printed: each one's net points a hand and
games won, and the paired differences with normal 95% intervals over the deals.  ``--target 1``
plays one-hand games (``target_2 = 1``); ``--target 0`` plays to the variant's own target.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.cards import Card  # noqa: E402
from rummycheck.sim import bots  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.sim.stats import mean_interval, paired_interval  # noqa: E402
from rummycheck.variants import Variant, get_variant  # noqa: E402


class Earlier(bots.BasicBase):
    """The basic discard before the take rule: the best-scored loose card, whatever was taken."""

    def discard(self, view: bots.View) -> Card:
        fast = self._fast(view.variant)
        found = bots._fast_choices(view, fast) if fast is not None else None
        if fast is None or found is None:
            raise SystemExit("the earlier rule is kept here for the bitmask path only (one deck, ace low)")
        choices, left, mask = found
        least, points = fast.least(mask), fast.points
        loose = [i for i, (c, d) in enumerate(zip(choices, left)) if d + points[c.index] == least]
        if loose:
            choices, left = [choices[i] for i in loose], [left[i] for i in loose]
        return self._best_fast(view, fast, mask, choices, left)[0]


class EarlierEager(Earlier, bots.BasicEager):
    label = "earlier-eager"


class EarlierPatient(Earlier, bots.BasicPatient):
    label = "earlier-patient"


KINDS: dict[str, type[bots.BaseBot]] = {
    "eager": bots.BasicEager, "patient": bots.BasicPatient,
    "eager-outs": bots.BasicEagerOuts, "patient-outs": bots.BasicPatientOuts,
    "earlier-eager": EarlierEager, "earlier-patient": EarlierPatient,
}


def net(bot: type[bots.BaseBot], opponent: type[bots.BaseBot], variant: Variant, seed: int, deal: int
        ) -> tuple[float, float]:
    """``bot``'s net points a hand against ``opponent`` and its share of the games won, the deal
    played from both seats."""
    points = won = 0.0
    for seat in (0, 1):
        players = [bot(), opponent()] if seat == 0 else [opponent(), bot()]
        outcome = play_game(variant, players, seed=seed, deal=deal, rotation=seat)
        mine, theirs = sum(outcome.seats[seat].points), sum(outcome.seats[1 - seat].points)
        points += (mine - theirs) / max(1, outcome.hands)
        won += outcome.winner == seat
    return points / 2, won / 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=3001)
    parser.add_argument("--target", type=int, default=1, help="target_2; 0 for the variant's own")
    parser.add_argument("--bot", choices=sorted(KINDS), default="patient")
    parser.add_argument("--against", choices=sorted(KINDS), default="earlier-patient")
    parser.add_argument("--opponent", choices=sorted(KINDS), default="earlier-eager")
    args = parser.parse_args(argv)
    variant = get_variant("basic")
    if args.target:
        variant = variant.with_options(target_2=args.target)
    shipped, earlier = KINDS[args.bot], KINDS[args.against]
    opponent = KINDS[args.opponent]
    start = time.process_time()
    now_points, now_won, before_points, before_won = [], [], [], []
    for deal in range(args.deals):
        points, won = net(shipped, opponent, variant, args.seed, deal)
        now_points.append(points)
        now_won.append(won)
        points, won = net(earlier, opponent, variant, args.seed, deal)
        before_points.append(points)
        before_won.append(won)
    target = args.target or "the variant's own"
    print(f"basic, target {target}, seed {args.seed}: {args.deals} deals, each from both seats, "
          f"{args.bot} and {args.against}, each against {args.opponent}")
    print(f"  {args.bot + ':':18s} net points a hand {mean_interval(now_points)}, "
          f"games won {mean_interval(now_won)}")
    print(f"  {args.against + ':':18s} net points a hand {mean_interval(before_points)}, "
          f"games won {mean_interval(before_won)}")
    print(f"  paired difference:  points a hand {paired_interval(now_points, before_points)}, "
          f"games won {paired_interval(now_won, before_won)}")
    print(f"  {time.process_time() - start:.0f} s of CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
