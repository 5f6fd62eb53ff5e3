"""How the hands of ``bench/openspiel_duel.py`` end: who knocked, and who won the hand.

Run:  python bench/openspiel_endings.py [--bot expert-race] [--hands 1000] [--seed 4]

The same hands as ``openspiel_duel.py --hands N --games 0 --seed S`` (deal ``h`` from
``random.Random(f"{S}:{h}")``, played with our bot in seat 0 and then in seat 1, OpenSpiel's
simple bot given the EAAI lay-off sweep), each counted once by its ending: our knock won the
hand (OpenSpiel's return above 0 for the knocker), our knock was undercut (the defender's
return above 0), the same for the simple bot's knocks, a knock that left both returns at 0, and
a hand nobody knocked in (two cards left in the stock).  It says whether a bot wins its hands by
winning the race to a knock or by undercuts (docs/bots.md).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from openspiel_duel import play  # noqa: E402

from rummycheck.sim.stats import wilson  # noqa: E402

KNOCK = 55  # OpenSpiel's gin action for a knock
ENDINGS = ("our knock won", "our knock undercut", "its knock won", "its knock undercut", "knock, both 0",
           "nobody knocked")


def ending(state: object, ours: int) -> str:
    """How one finished OpenSpiel hand ended, from our seat ``ours``."""
    knocker = next((p.player for p in state.full_history() if p.action == KNOCK and p.player in (0, 1)),  # type: ignore[attr-defined]
                   None)
    if knocker is None:
        return "nobody knocked"
    returns = state.returns()  # type: ignore[attr-defined]
    who = "our" if knocker == ours else "its"
    if returns[knocker] > 0:
        return f"{who} knock won"
    if returns[1 - knocker] > 0:
        return f"{who} knock undercut"
    return "knock, both 0"


def main(argv: list[str] | None = None) -> int:
    import pyspiel

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="expert-race")
    parser.add_argument("--hands", type=int, default=1000, help="deals, each played from both seats")
    parser.add_argument("--seed", type=int, default=4)
    args = parser.parse_args(argv)
    game = pyspiel.load_game("gin_rummy")
    counts: Counter[str] = Counter()
    for h in range(args.hands):
        for ours in (0, 1):
            counts[ending(play(game, random.Random(f"{args.seed}:{h}"), ours, args.bot, (0, 0)), ours)] += 1
    total = sum(counts.values())
    print(f"{args.bot} v OpenSpiel simple bot + lay-off sweep, seed {args.seed}, {total} hands:")
    for name in ENDINGS:
        share = wilson(counts[name], total)
        print(f"  {name:20s} {counts[name]:6d}  {100 * share.value:5.1f}% "
              f"[{100 * share.low:.1f}, {100 * share.high:.1f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
