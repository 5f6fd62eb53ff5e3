"""Does a Bing bot gain by not feeding the next player? One seat changed against the bots as shipped.

Run:  nice -n 10 python bench/bing_feed.py --weight 8 --deals 1000 [--bots early,common,sandbag] [--seed 31]

The Bing bots throw the loose card with the most points and the fewest loose partners, clear
of cards that lay off on the table (``BingBase.discard``).  ``BingBase.feed_weight`` also
takes points off a loose card's claim when it joins a card the next player took from the pile
this hand (the same rank, or the same suit within two ranks: ``sim.bots.feeds``), the gin and
basic bots' rule.  Every deal is played once with the bots as shipped (the baseline) and once
per seat with that seat's bot given ``--weight`` (the others as shipped); printed per bot: the
changed seats' discards and how many differ from the shipped choice, and the changed seat's
games won against the same seat's in the baseline, paired by deal.  ``--everyone`` also plays
each deal with every seat changed, as the studies of docs/simulate.md would be played again.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bing_partners import compare, report  # noqa: E402

from rummycheck.cards import Card  # noqa: E402
from rummycheck.sim import bots  # noqa: E402

TALLY = {"discards": 0, "changed": 0}


def weighted(name: str, weight: float) -> type[Any]:
    """The shipped bot ``name`` with ``feed_weight`` set, counting the discards it changes."""
    base = bots.bot_class(name)

    class Weighted(base):  # type: ignore[misc, valid-type]
        feed_weight = weight

        def discard(self, view: bots.View) -> Card:
            card: Card = super().discard(view)
            self.feed_weight = base.feed_weight  # the shipped weight, for this one question
            try:
                shipped: Card = base.discard(self, view)
            finally:
                del self.feed_weight
            TALLY["discards"] += 1
            TALLY["changed"] += shipped != card
            return card

    return Weighted


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weight", type=float, default=8.0)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--bots", default="early,common,sandbag")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--buybacks", type=int, default=1)
    parser.add_argument("--everyone", action="store_true",
                        help="also play each deal with every seat given the weight, against the baseline")
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    alone, everyone, differ = compare(names, bots.bot_class, lambda n: weighted(n, args.weight), deals=args.deals,
                                      seed=args.seed, buybacks=args.buybacks, everyone=args.everyone)
    print(f"bing, {len(names)} players ({', '.join(names)}), seed {args.seed}, buy-backs {args.buybacks}: "
          f"{args.deals} deals; feed weight {args.weight:g} on one seat")
    print(f"the changed seats' discards: {TALLY['discards']}; thrown otherwise than shipped: {TALLY['changed']} "
          f"({100 * TALLY['changed'] / max(1, TALLY['discards']):.2f}%)")
    report("one seat changed, the others as shipped (against the same seat with all as shipped):", alone)
    if args.everyone:
        print(f"every seat changed against none: {differ} of {args.deals} games with another winner or length")
        report("every seat changed (against all as shipped):", everyone)
    return 0


if __name__ == "__main__":
    sys.exit(main())
