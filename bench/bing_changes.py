"""The Bing bots of 2026-12-06 evening against those of that morning, every seat alike, paired by deal.

Run:  nice -n 10 python bench/bing_changes.py --deals 1500 [--bots early,common,sandbag] [--seed 51]

Three changes reached the Bing bots that day, each measured alone (docs/simulate.md): the exact
lay-off search mending greedy lay-offs (``sim.bots.bing_layoffs``), a second copy of a card
counted as its partner (``sim.bots.partners``) and a card that lays off on the table kept in the
discard (``BingBase.lay_off_weight`` 32, 8 before).  Each was shown not to move any bot's rate
of games won beyond its interval when every seat has it; this bench measures the three
together, as the study tables of docs/simulate.md (made before all three) would see them: every
deal played once with every seat as shipped and once with every seat as before the three, and
per bot the games won each way with the paired difference (a normal 95% interval over the deals).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bing_partners import FIXED, bing_parser, old_partners, report  # noqa: E402

from rummycheck.sim import bots  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

SHIPPED_LAYOFFS = bots.bing_layoffs


def before(name: str) -> type[Any]:
    """The shipped bot ``name`` with the lay-off weight of the morning (the other two changes are
    module functions, swapped for the whole game in ``main``)."""
    base = bots.bot_class(name)
    return type(f"Before{base.__name__}", (base,), {"lay_off_weight": 8.0})


def main(argv: list[str] | None = None) -> int:
    args = bing_parser(__doc__.splitlines()[0], deals=1500, seed=51).parse_args(argv)
    variant = get_variant("bing")
    names = args.bots.split(",")
    won: dict[str, list[tuple[int, int]]] = {name: [] for name in names}
    differ = 0
    for deal in range(args.deals):
        bots.partners, bots.bing_layoffs = old_partners, bots.greedy_layoffs  # type: ignore[assignment]
        try:
            old = play_game(variant, [before(n)() for n in names], seed=args.seed, deal=deal, labels=names,
                            buybacks=args.buybacks)
        finally:
            bots.partners, bots.bing_layoffs = FIXED, SHIPPED_LAYOFFS  # type: ignore[assignment]
        new = play_game(variant, [bots.bot_class(n)() for n in names], seed=args.seed, deal=deal, labels=names,
                        buybacks=args.buybacks)
        differ += (new.winner, new.hands) != (old.winner, old.hands)
        for seat, name in enumerate(names):
            won[name].append((int(new.winner == seat), int(old.winner == seat)))
    print(f"bing, {len(names)} players ({', '.join(names)}), seed {args.seed}, buy-backs {args.buybacks}: "
          f"{args.deals} deals; {differ} games with another winner or length")
    report("every seat as shipped against every seat as before the three changes:", won)
    return 0


if __name__ == "__main__":
    sys.exit(main())
