"""What the exact lay-off search changes in the Bing bots' play (``sim.bots.bing_layoffs``).

Run:  nice -n 10 python bench/bing_layoffs.py --deals 300 [--bots early,common,sandbag] [--seed 9]

Every deal is played in every seat rotation twice: with the bots as shipped (greedy lay-offs,
mended by the exact search where greedy leaves cards it could lay off for fewer points) and
with greedy lay-offs alone.  Printed: how many lay-off questions the shipped bots asked, how
many the exact search mended and the points it saved them, how many games came out otherwise,
and per bot the games won each way with the paired difference (by game: won with the mend
less won without; a normal 95% interval over the games).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bing_partners import bing_parser  # noqa: E402

from rummycheck.cards import Card  # noqa: E402
from rummycheck.melds import TableMeld  # noqa: E402
from rummycheck.results import LayOff  # noqa: E402
from rummycheck.sim import bots  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.sim.stats import paired_interval, wilson  # noqa: E402
from rummycheck.variants import Variant, get_variant  # noqa: E402

SHIPPED = bots.bing_layoffs
TALLY = {"asked": 0, "mended": 0, "points": 0, "emptied": 0}


def counting(cards: Sequence[Card], table: Sequence[TableMeld], variant: Variant
             ) -> tuple[tuple[LayOff, ...], tuple[Card, ...]]:
    found = SHIPPED(cards, table, variant)
    greedy = bots.greedy_layoffs(cards, table, variant)
    TALLY["asked"] += 1
    if found != greedy:
        TALLY["mended"] += 1
        TALLY["points"] += variant.points(greedy[1]) - variant.points(found[1])
        TALLY["emptied"] += not found[1]
    return found


def main(argv: list[str] | None = None) -> int:
    args = bing_parser(__doc__.splitlines()[0], deals=300, seed=9).parse_args(argv)
    variant = get_variant("bing")
    names = args.bots.split(",")
    count = len(names)
    won: dict[str, list[tuple[int, int]]] = {name: [] for name in names}
    differ = 0
    games = 0
    for deal in range(args.deals):
        for rotation in range(count):
            seated = [names[(seat + rotation) % count] for seat in range(count)]
            results = []
            for mend in (True, False):
                bots.bing_layoffs = counting if mend else bots.greedy_layoffs  # type: ignore[assignment]
                outcome = play_game(variant, [bots.bot_class(n)() for n in seated], seed=args.seed, deal=deal,
                                    rotation=rotation, labels=seated, buybacks=args.buybacks)
                results.append(outcome)
            games += 1
            mended, greedy = results
            differ += (mended.winner, mended.hands) != (greedy.winner, greedy.hands)
            for seat, name in enumerate(seated):
                won[name].append((int(mended.winner == seat), int(greedy.winner == seat)))
    bots.bing_layoffs = SHIPPED
    print(f"bing, {count} players ({', '.join(names)}), seed {args.seed}, buy-backs {args.buybacks}: {games} games "
          f"({args.deals} deals x {count} rotations), each played with and without the mend")
    print(f"lay-off questions asked (with the mend): {TALLY['asked']}; mended: {TALLY['mended']} "
          f"({100 * TALLY['mended'] / max(1, TALLY['asked']):.2f}%), {TALLY['points']} points saved in all, "
          f"{TALLY['emptied']} of them laying off every card left")
    print(f"games with another winner or length: {differ} of {games}")
    for name, pairs in won.items():
        n = len(pairs)
        with_mend = sum(a for a, _ in pairs)
        without = sum(b for _, b in pairs)
        gap = paired_interval([a for a, _ in pairs], [b for _, b in pairs])
        rate = wilson(with_mend, n)
        print(f"  {name:8} seat-games {n}: won {with_mend} with the mend ({100 * with_mend / n:.1f}% "
              f"[{100 * rate.low:.1f}, {100 * rate.high:.1f}]), {without} without; paired difference "
              f"{100 * gap.value:+.2f} [{100 * gap.low:+.2f}, {100 * gap.high:+.2f}] points of %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
