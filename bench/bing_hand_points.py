"""The points a Bing player adds in a hand, for the bust model of ``rummycheck.analysis.match``.

Plays seeded one-hand games of the shipped Bing bots for each number of players (the seats
take the strategies in turn: ``common``, ``early``, ``sandbag-ev``, ``common-ev``, ``sandbag``,
then again; every deal is played with the seats rotated once per player, so each strategy sits
in each seat), and counts, over every seat of every hand, the points the seat added to its
score (0 for the player who went out).  Writes the counts, one TOML table per number of
players, to ``rummycheck/data/bing_hands.toml``: the shipped table is this script's output.

    python bench/bing_hand_points.py [--deals 400] [--players 2,3,4,5,6]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rummycheck.sim.bots import bot_class  # noqa: E402
from rummycheck.sim.engine import play_game  # noqa: E402
from rummycheck.variants import get_variant  # noqa: E402

SEED = 20261203
STRATEGIES = ("common", "early", "sandbag-ev", "common-ev", "sandbag")


def count(players: int, deals: int) -> tuple[Counter[int], int, list[str]]:
    variant = get_variant("bing")
    bots = [STRATEGIES[i % len(STRATEGIES)] for i in range(players)]
    added: Counter[int] = Counter()
    nobody = 0  # hands nobody went out of (the bots found no end): left out of the counts
    for deal in range(deals):
        for rotation in range(players):
            outcome = play_game(variant, [bot_class(b)() for b in bots], seed=SEED, deal=deal,
                                rotation=rotation, max_hands=1)
            points = [s.points[0] for s in outcome.seats if s.points]
            if len(points) != players or 0 not in points:
                nobody += 1
                continue
            added.update(points)
    return added, nobody, bots


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--players", default="2,3,4,5,6")
    parser.add_argument("--out", default=str(ROOT / "rummycheck" / "data" / "bing_hands.toml"))
    args = parser.parse_args()
    lines = ["# Points a Bing player adds to his score in a hand (0 for the one who goes out), over every",
             "# seat of seeded one-hand games of the shipped bots (bench/bing_hand_points.py; regenerate",
             "# with it, do not edit by hand).", "",
             f"limit = {get_variant('bing').option('limit')}  # the points limit the bots played to", ""]
    for players in (int(p) for p in args.players.split(",")):
        added, nobody, bots = count(players, args.deals)
        lines.append(f'["{players}"]')
        lines.append(f"hands = {args.deals * players}")
        lines.append(f"unfinished = {nobody}")
        lines.append(f"seed = {SEED}")
        lines.append(f"bots = {bots!r}".replace("'", '"'))
        lines.append("added = { " + ", ".join(f'"{p}" = {n}' for p, n in sorted(added.items())) + " }")
        lines.append("")
        seats = sum(added.values())
        mean = sum(p * n for p, n in added.items()) / seats
        print(f"{players} players: {args.deals * players} hands, {nobody} unfinished, {seats} seat-hands, "
              f"mean {mean:.1f}", flush=True)
    Path(args.out).write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
