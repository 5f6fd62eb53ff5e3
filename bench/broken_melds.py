"""How often the old discard rules broke a meld: the shipped bots play, and at every discard the
old rule's choice is worked out too and judged against the best arrangement of the hand.

Run:  nice -n 10 python bench/broken_melds.py --games 100

Bing's old rule threw the card with the most points and the fewest partners in the whole
hand (points - 6 x partners, +8 kept for a card that lays off on the table); basic's old rule
is ``BaseBot.discard`` over every card.  A choice is counted (printed as "broke a meld") when a
loose card was left and the card is not loose: the least deadwood of the hand less it is more
than the hand's least deadwood less its points, so the card sits in the melds of every best
arrangement (a fourth card of a set counts too, though the set stands without it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.cards import Card  # noqa: E402
from rummycheck.sim.bots import BaseBot, View, bot_class, discard_choices, partners, table_wants  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.sim.stats import wilson  # noqa: E402
from rummycheck.solvers.deadwood import min_deadwood  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

TALLY = {"discards": 0, "with_loose": 0, "old_breaks": 0, "new_breaks": 0}


def _old_bing(view: View) -> Card:
    variant = view.variant
    choices = discard_choices(view)
    if view.drew == "discard" and view.took is not None:
        choices = [c for c in choices if c != view.took] or choices
    naturals = [c for c in choices if not variant.is_wild(c)] or choices
    wanted = table_wants(view.table, variant)
    total = variant.points(view.hand)
    if view.has_opened:
        legal = [c for c in naturals if view.game.limit_check(
            score=view.score, points=total - variant.card_points(c), hold=True).ok]
        naturals = legal or naturals

    def badness(card: Card) -> tuple[float, int]:
        value = variant.card_points(card) - 6.0 * partners(card, view.hand, variant)
        if card.index in wanted:
            value -= 8.0
        return value, card.index

    return max(naturals, key=badness)


def _loose(view: View, card: Card, whole: int) -> bool:
    rest = list(view.hand)
    rest.remove(card)
    return min_deadwood(rest, variant=view.variant) + view.variant.card_points(card) == whole


def watching(name: str) -> type[BaseBot]:
    base = bot_class(name)
    assert issubclass(base, BaseBot)

    class Watched(base):  # type: ignore[valid-type,misc]
        def discard(self, view: View) -> Card:
            card = super().discard(view)
            old = _old_bing(view) if view.variant.name == "bing" else BaseBot.discard(self, view)
            whole = min_deadwood(view.hand, variant=view.variant)
            TALLY["discards"] += 1
            if any(_loose(view, c, whole) for c in set(view.hand) if not view.variant.is_wild(c)):
                TALLY["with_loose"] += 1
                TALLY["old_breaks"] += not _loose(view, old, whole)
                TALLY["new_breaks"] += not _loose(view, card, whole)
            return card

    return Watched


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args(argv)
    for variant_name, bots in (("bing", ("early", "common", "sandbag")), ("basic", ("eager", "patient"))):
        variant = get_variant(variant_name)
        for key in TALLY:
            TALLY[key] = 0
        for deal in range(args.games):
            play_game(variant, [watching(b)() for b in bots], seed=3, deal=deal, labels=bots, buybacks=1)
        n = TALLY["with_loose"]
        print(f"{variant_name} ({', '.join(bots)}), {args.games} games: {TALLY['discards']} discards, {n} with a "
              f"loose card left; the old rule broke a meld in {TALLY['old_breaks']} "
              f"({100 * wilson(TALLY['old_breaks'], n).value:.1f}% [{100 * wilson(TALLY['old_breaks'], n).low:.1f}, "
              f"{100 * wilson(TALLY['old_breaks'], n).high:.1f}]), the shipped bots in {TALLY['new_breaks']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
