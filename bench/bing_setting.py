"""A Bing bot's setting changed on one seat, against the bots as shipped, paired by deal.

Run:  nice -n 10 python bench/bing_setting.py --set feed_weight=8 --deals 1000 [--bots early,common,sandbag]
      [--seed 31] [--everyone]

``--set NAME=VALUE`` (repeatable) gives the bot's class attribute ``NAME`` a float value: the
Bing discard's ``partner_weight`` (6 as shipped: points a loose partner is worth, times one less
the danger) or ``feed_weight`` (0 as shipped: points off a loose card's claim to be thrown when
it joins a card the next player took from the pile this hand, ``sim.bots.feeds``), or any other
setting a bot reads from its class.  Every deal is played once with the bots as shipped (the
baseline) and once per seat with that seat's bot changed (the others as shipped); printed per
bot: the changed seats' discards and how many differ from the shipped choice, and the changed
seat's games won against the same seat's in the baseline, paired by deal.  ``--everyone`` also
plays each deal with every seat changed, as the studies of docs/simulate.md would be played
again.  ``--feed-held`` narrows the feed rule for the changed bots: a card feeds the next player
only when it joins a card he took from the pile this hand and still holds (taken, not thrown
again), and only while he has not opened (the cards of an opened player went to the table).
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bing_partners import bing_parser, compare, report  # noqa: E402

from rummycheck.cards import Card  # noqa: E402
from rummycheck.sim import bots  # noqa: E402

TALLY = {"discards": 0, "changed": 0}


def held_only(view: bots.View) -> bots.View:
    """``view`` with the next player's taken cards narrowed to those he still holds, none once he
    has opened (``--feed-held``)."""
    following = view.next_seat()
    held: tuple[Card, ...] = ()
    if not view.opened[following]:
        left = Counter(view.taken[following]) - Counter(view.thrown[following])
        held = tuple(left.elements())
    taken = list(view.taken)
    taken[following] = held
    return replace(view, taken=tuple(taken))


def changed(name: str, settings: dict[str, float], narrow: bool = False) -> type[Any]:
    """The shipped bot ``name`` with ``settings`` on its class (and, with ``narrow``, the feed rule
    read from ``held_only``), counting the discards they change."""
    base = bots.bot_class(name)

    def discard(self: Any, view: bots.View) -> Card:
        card: Card = base.discard(self, held_only(view) if narrow else view)
        for key in settings:  # the shipped values, for this one question
            setattr(self, key, getattr(base, key))
        try:
            shipped: Card = base.discard(self, view)
        finally:
            for key in settings:
                delattr(self, key)
        TALLY["discards"] += 1
        TALLY["changed"] += shipped != card
        return card

    return type(f"Changed{base.__name__}", (base,), {**settings, "discard": discard})


def main(argv: list[str] | None = None) -> int:
    parser = bing_parser(__doc__.splitlines()[0], deals=1000, seed=31)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", dest="settings")
    parser.add_argument("--feed-held", action="store_true",
                        help="the feed rule counts only cards the next player took and still holds, unopened")
    parser.add_argument("--everyone", action="store_true",
                        help="also play each deal with every seat changed, against the baseline")
    args = parser.parse_args(argv)
    settings: dict[str, float] = {}
    for item in args.settings:
        key, _, value = item.partition("=")
        settings[key.strip()] = float(value)
    names = args.bots.split(",")
    for name in set(names):
        missing = [key for key in settings if not hasattr(bots.bot_class(name), key)]
        if missing:
            parser.error(f"{name} has no setting {', '.join(missing)}")
    alone, everyone, differ = compare(names, bots.bot_class, lambda n: changed(n, settings, args.feed_held),
                                      deals=args.deals, seed=args.seed, buybacks=args.buybacks,
                                      everyone=args.everyone)
    shown = ", ".join(f"{key}={value:g}" for key, value in settings.items()) or "nothing"
    if args.feed_held:
        shown += " (the feed rule narrowed to cards held by an unopened next player)"
    print(f"bing, {len(names)} players ({', '.join(names)}), seed {args.seed}, buy-backs {args.buybacks}: "
          f"{args.deals} deals; {shown} on one seat")
    print(f"the changed seats' discards: {TALLY['discards']}; thrown otherwise than shipped: {TALLY['changed']} "
          f"({100 * TALLY['changed'] / max(1, TALLY['discards']):.2f}%)")
    report("one seat changed, the others as shipped (against the same seat with all as shipped):", alone)
    if args.everyone:
        print(f"every seat changed against none: {differ} of {args.deals} games with another winner or length")
        report("every seat changed (against all as shipped):", everyone)
    return 0


if __name__ == "__main__":
    sys.exit(main())
