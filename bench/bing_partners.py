"""What counting a second copy of a card as its partner changes in the Bing bots' play.

Run:  nice -n 10 python bench/bing_partners.py --deals 500 [--bots early,common,sandbag] [--seed 9]

Until 2026-12-06 ``sim.bots.partners`` skipped every card of the hand that *was* the card
asked about, and with two decks both copies of a card are the same ``Card`` value, so a loose
7h beside another loose 7h counted no partner for it although BING-SET allows ``7h 7h 7c``.
The Bing bots throw the loose card with the most points and the fewest partners, so they
threw half of such a pair as readily as a lone card.

Every deal is played once with every seat as before the fix (the baseline) and once per seat
with that seat's bot fixed and the others as before.  Printed per bot: the discards the fixed
seats made and how many of them differ from what the old count would have thrown, and the
fixed seat's games won against the same seat's in the baseline, paired by deal (won fixed
less won in the baseline; a normal 95% interval over the deals).  A second block plays every
deal with all seats fixed against the baseline, as the studies of docs/simulate.md would be
played again (the share of games with another winner or length, and each bot's paired
difference).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummycheck.cards import Card  # noqa: E402
from rummycheck.sim import bots  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.sim.stats import paired_interval, wilson  # noqa: E402
from rummycheck.variants import Variant, get_variant  # noqa: E402

FIXED = bots.partners
TALLY = {"discards": 0, "changed": 0}


def old_partners(card: Card, others: Sequence[Card], variant: Variant) -> float:
    """The count before the fix: a card of ``others`` that is ``card`` (a second copy) is skipped."""
    return FIXED(card, [other for other in others if other is not card], variant)


@contextmanager
def old_count() -> Iterator[None]:
    """The bots count partners as before the fix while inside."""
    bots.partners = old_partners  # type: ignore[assignment]
    try:
        yield
    finally:
        bots.partners = FIXED  # type: ignore[assignment]


def as_before(name: str) -> type[Any]:
    """The bot ``name`` with its discards chosen by the old count."""
    base = bots.bot_class(name)

    class Before(base):  # type: ignore[misc, valid-type]
        def discard(self, view: bots.View) -> Card:
            with old_count():
                return super().discard(view)  # type: ignore[no-any-return]

    return Before


def counting(name: str) -> type[Any]:
    """The shipped bot ``name``, counting its discards and those the old count would change."""
    base = bots.bot_class(name)

    class Counting(base):  # type: ignore[misc, valid-type]
        def discard(self, view: bots.View) -> Card:
            with old_count():
                old: Card = base.discard(self, view)
            card: Card = super().discard(view)
            TALLY["discards"] += 1
            TALLY["changed"] += old != card
            return card

    return Counting


Pairs = dict[str, list[tuple[int, int]]]


def compare(names: list[str], old: Callable[[str], type[Any]], new: Callable[[str], type[Any]], *, deals: int,
            seed: int, buybacks: int, everyone: bool, all_new: Callable[[str], type[Any]] | None = None
            ) -> tuple[Pairs, Pairs, int]:
    """Each deal played with every seat ``old`` (the baseline), once per seat with that seat ``new``
    and, with ``everyone``, once with every seat ``new``.  Returned: per bot, (won changed, won in the
    baseline) for each one-seat game, the same for the all-seats games (played by ``all_new``, when
    given, instead of ``new``), and how many of those had another winner or length than the baseline."""
    variant = get_variant("bing")
    alone: Pairs = {name: [] for name in names}
    together: Pairs = {name: [] for name in names}
    differ = 0

    def play(classes: list[type[Any]], deal: int) -> Any:
        return play_game(variant, [cls() for cls in classes], seed=seed, deal=deal, labels=names,
                         buybacks=buybacks)

    for deal in range(deals):
        baseline = play([old(n) for n in names], deal)
        for seat, name in enumerate(names):
            outcome = play([new(n) if s == seat else old(n) for s, n in enumerate(names)], deal)
            alone[name].append((int(outcome.winner == seat), int(baseline.winner == seat)))
        if everyone:
            outcome = play([(all_new or new)(n) for n in names], deal)
            differ += (outcome.winner, outcome.hands) != (baseline.winner, baseline.hands)
            for seat, name in enumerate(names):
                together[name].append((int(outcome.winner == seat), int(baseline.winner == seat)))
    return alone, together, differ


def report(title: str, won: dict[str, list[tuple[int, int]]]) -> None:
    print(title)
    for name, pairs in won.items():
        n = len(pairs)
        fixed = sum(a for a, _ in pairs)
        old = sum(b for _, b in pairs)
        gap = paired_interval([a for a, _ in pairs], [b for _, b in pairs])
        rate = wilson(fixed, n)
        print(f"  {name:10} seat-games {n}: won {fixed} changed ({100 * fixed / n:.1f}% [{100 * rate.low:.1f}, "
              f"{100 * rate.high:.1f}]), {old} before; paired difference {100 * gap.value:+.2f} "
              f"[{100 * gap.low:+.2f}, {100 * gap.high:+.2f}] points of %")


def bing_parser(description: str, *, deals: int, seed: int) -> argparse.ArgumentParser:
    """The arguments the Bing bot benches share: ``--deals``, ``--bots``, ``--seed`` and ``--buybacks``
    (one a player and game, the rules' default allowing them), with each bench's own defaults."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--deals", type=int, default=deals)
    parser.add_argument("--bots", default="early,common,sandbag")
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--buybacks", type=int, default=1)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = bing_parser(__doc__.splitlines()[0], deals=500, seed=9).parse_args(argv)
    names = args.bots.split(",")
    count = len(names)
    alone, everyone, differ = compare(names, as_before, counting, deals=args.deals, seed=args.seed,
                                      buybacks=args.buybacks, everyone=True, all_new=bots.bot_class)
    print(f"bing, {count} players ({', '.join(names)}), seed {args.seed}, buy-backs {args.buybacks}: "
          f"{args.deals} deals")
    print(f"the fixed seats' discards: {TALLY['discards']}; thrown otherwise than the old count would: "
          f"{TALLY['changed']} ({100 * TALLY['changed'] / max(1, TALLY['discards']):.2f}%)")
    report("one seat fixed, the others as before (against the same seat with nobody fixed):", alone)
    print(f"every seat fixed against nobody: {differ} of {args.deals} games with another winner or length")
    report("every seat fixed (against nobody fixed):", everyone)
    return 0


if __name__ == "__main__":
    sys.exit(main())
