"""The points a gin hand is won by, for the win-chance model of ``rummycheck.analysis.match``.

Plays one-hand games of two shipped bots (by default ``knock`` against ``gin``: one knocks at
once, one plays for gin, so both kinds of hand are in the counts) on seeded deals, each deal
from both seats, under a preset's scoring, and counts the points the hand's winner
scores (knock, gin and undercut points with their bonuses; the game and box bonuses are not
part of a hand) and the hands nobody won.  Writes the counts, one TOML table per preset, to
``rummycheck/data/gin_hands.toml``: the shipped table is this script's output.

    python bench/gin_hand_points.py [--deals 5000] [--presets modern,classic]
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

SEED = 20261202
SCORING = ("gin_bonus", "undercut_bonus", "big_gin_bonus", "knock_limit")


def count(preset: str, deals: int, bots: list[str]) -> tuple[Counter[int], int, dict[str, object]]:
    variant = get_variant("gin", preset=preset, game_target="1")
    won: Counter[int] = Counter()
    dead = 0
    for deal in range(deals):
        for rotation in (0, 1):
            outcome = play_game(variant, [bot_class(b)() for b in bots], seed=SEED, deal=deal,
                                rotation=rotation, max_hands=1)
            points = [s.points[0] if s.points else 0 for s in outcome.seats]
            if max(points) <= 0:
                dead += 1
            else:
                won[max(points)] += 1
    rules = {name: variant.option(name) for name in SCORING}
    return won, dead, rules


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--presets", default="modern,classic")
    parser.add_argument("--bots", default="knock,gin")
    parser.add_argument("--out", default=str(ROOT / "rummycheck" / "data" / "gin_hands.toml"))
    args = parser.parse_args()
    lines = ["# Points a gin hand is won by, from one-hand games of two shipped bots, each deal from both",
             "# seats (bench/gin_hand_points.py; regenerate with it, do not edit by hand).", ""]
    for preset in args.presets.split(","):
        won, dead, rules = count(preset, args.deals, args.bots.split(","))
        lines.append(f"[{preset}]")
        lines.append(f"hands = {2 * args.deals}")
        lines.append(f"dead = {dead}")
        lines.append(f"seed = {SEED}")
        lines.append(f"bots = {args.bots.split(',')!r}".replace("'", '"'))
        for name, value in rules.items():
            lines.append(f"{name} = {value}")
        lines.append("won = { " + ", ".join(f'"{p}" = {n}' for p, n in sorted(won.items())) + " }")
        lines.append("")
        print(f"{preset}: {2 * args.deals} hands, {dead} dead, {len(won)} distinct winning scores", flush=True)
    Path(args.out).write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
