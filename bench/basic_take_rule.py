"""What the basic bots' take rule ("a take must pay") is worth, paired by deal.

Run:  nice -n 10 python bench/basic_take_rule.py [--deals 3000] [--seed 3001] [--target 1] [--bot patient]
                                                 [--opponent eager]

Since 2026-12-06 a basic bot that took the top discard throws only a card that leaves less
deadwood than its hand had before the take (``BasicBase.discard``).  Before, the discard was
scored with the partner and feed weights, so a card kept for its partners could make the take a
plain swap of one loose card for another.  This bench keeps the earlier discard (``Earlier``
below, the rule as it stood) and plays every deal twice from both seats: ``--bot`` as shipped
against ``--opponent``, and ``--bot`` with the earlier discard against the same ``--opponent``
(the opponent's own discard as given: ``earlier-eager`` and ``earlier-patient`` name the
earlier rule).  Printed: each version's net points a hand and games won, and the paired
differences with normal 95% intervals over the deals.  ``--target 1`` plays one-hand games
(``target_2 = 1``); ``--target 0`` plays to the variant's own target.
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
    parser.add_argument("--bot", choices=("eager", "patient"), default="patient")
    parser.add_argument("--opponent", choices=sorted(KINDS), default="earlier-eager")
    args = parser.parse_args(argv)
    variant = get_variant("basic")
    if args.target:
        variant = variant.with_options(target_2=args.target)
    shipped, earlier = KINDS[args.bot], KINDS[f"earlier-{args.bot}"]
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
          f"{args.bot} against {args.opponent}")
    print(f"  with the take rule:    net points a hand {mean_interval(now_points)}, "
          f"games won {mean_interval(now_won)}")
    print(f"  with the earlier rule: net points a hand {mean_interval(before_points)}, "
          f"games won {mean_interval(before_won)}")
    print(f"  paired difference:     points a hand {paired_interval(now_points, before_points)}, "
          f"games won {paired_interval(now_won, before_won)}")
    print(f"  {time.process_time() - start:.0f} s of CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
